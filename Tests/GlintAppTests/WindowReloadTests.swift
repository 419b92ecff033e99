// Live reload, the watchdog and refusals in the real window.

import Foundation
import GlintCore
import GlintRender
import GlintTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif


@Suite("Window: live reload, the watchdog and refusals (Xvfb)", .serialized, .removesTemporaryFiles)
struct WindowReloadTests {
    @Test("a too-slow edit during live reload never freezes the window: the last good version stays on screen with the message",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(3)))
    func slowEditKeepsTheWindowResponsive() throws {
        let glint = try glintBinary()
        try requireTools()
        let shots = try screenshotFolder("slow-shader")
        let dir = try screenshotFolder("slow-shader-files")
        let file = dir + "/live.frag"
        // A fast, solid green effect to start with.
        try Data("vec4 colorEffect(vec2 position, vec4 color) { return vec4(0.0, 0.8, 0.0, 1.0); }\n".utf8)
            .write(to: URL(fileURLWithPath: file))
        let x = try XServer.start()
        defer { x.stop() }
        let app = try Child.launch(glint, ["--effect", file, "--size", "640x360", "--no-overlay", "--quit-after", "170", "--state", dir + "/state.json"],
                                   environment: x.environment)
        defer { app.stop() }
        let state = WindowState(path: dir + "/state.json", app: app)
        let window = try findWindow(x, app)
        try state.started()
        let before = try screenshot(x, to: shots + "/before.png", app: app)
        func greenShare(_ shot: Screenshot) -> Double {
            var green = 0
            var total = 0
            // Below the HUD, which covers at most a third of the view (the help wraps to fit).
            for y in stride(from: window.y + window.height / 3 + 2, to: window.y + window.height, by: 4) {
                for x in stride(from: window.x, to: window.x + window.width, by: 4) {
                    let p = shot.pixel(x, y)
                    total += 1
                    if p.g > 0.6 && p.r < 0.2 && p.b < 0.2 { green += 1 }
                }
            }
            return Double(green) / Double(max(total, 1))
        }
        #expect(greenShare(before) > 0.9, "the first version should fill the window with green: \(greenShare(before))")

        // Save a version far too slow to draw; the window checks its files twice a second.
        try Data(slowShaderForWindow.utf8).write(to: URL(fileURLWithPath: file))
        app.waitForStderr(containing: "longer than", seconds: 15)
        let stderr = app.stderr(waitingUpTo: 0)
        #expect(stderr.contains("live.frag") && stderr.contains("longer than 2 s"),
                "the window should report the slow shader by file: \(app.stderrSummary())")
        // Frames drawn after the message: the window goes on with the last good version.
        try state.frames(2)
        let after = try screenshot(x, to: shots + "/after.png", app: app)
        #expect(greenShare(after) > 0.85, "the last good (green) version should stay on screen: \(greenShare(after))")
        let message = after.brightShare(columns: window.x..<(window.x + window.width), rows: (window.y + 22)..<(window.y + 42))
        #expect(message > 0.01, "the message should show on the second HUD line: \(message)")

        // Still responsive: Q quits at once.
        try x.run("xdotool", ["key", "q"])
        let exit = app.waitForExit(seconds: 5)
        #expect(exit == .exited(0), "Q should quit promptly after a slow edit; got \(exit). stderr: \(app.stderrSummary())")
    }

    @Test("a window larger than the screen opens fitted to it, says so, and --quit-after still ends it on time",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(3)))
    func largerThanTheScreen() throws {
        let glint = try glintBinary()
        try requireTools()
        let x = try XServer.start()
        defer { x.stop() }
        let folder = try TemporaryFiles.folder("glint-window-too-large")
        let app = try Child.launch(glint, ["--size", "16384x16384", "--quit-after", "2", "--state", folder + "/state.json"], environment: x.environment)
        defer { app.stop() }
        let exit = app.waitForExit(seconds: 30)
        let stderr = app.stderr(waitingUpTo: 2)
        #expect(exit == .exited(0), "\(exit): \(stderr)")
        // Drawn at full size, one frame took 24 s on llvmpipe: the window's clock would pass 2 s
        // within its first frame or two. Fitted to the 1280x800 screen, its last frame is that
        // size and the 2 s of its clock hold many frames.
        let last = WindowState(path: folder + "/state.json", app: app).read() ?? [:]
        #expect((last["viewSize"] as? [NSNumber])?.map(\.intValue) == [1280, 800], "the frames are the screen's size: \(last)")
        // It went on drawing after its first frame, and --quit-after ended it by its own clock.
        #expect(WindowState.number(last, "window.frame") >= 2 && WindowState.number(last, "window.clock") >= 2,
                "--quit-after 2 ended a window that went on drawing: \(last)")
        #expect(stderr.contains("the screen is smaller than 16384x16384 points: the window opens at 1280x800"), "\(stderr)")
    }

    @Test("a slow prelude (glint.glsl) in --shaders never freezes the window: it is stopped and named, and --quit-after 3 quits on time",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(3)))
    func slowPreludeKeepsTheWindowResponsive() throws {
        let glint = try glintBinary()
        try requireTools()
        let dir = try screenshotFolder("slow-prelude-files")
        try FileManager.default.createDirectory(atPath: dir + "/shaders", withIntermediateDirectories: true)
        try Data(try ShaderFileTests.slowPrelude().utf8).write(to: URL(fileURLWithPath: dir + "/shaders/glint.glsl"))
        let x = try XServer.start()
        defer { x.stop() }
        let app = try Child.launch(glint, ["--shaders", dir + "/shaders", "--size", "640x360", "--quit-after", "3", "--state", dir + "/state.json"],
                                   environment: x.environment)
        defer { app.stop() }
        let exit = app.waitForExit(seconds: 30)
        let stderr = app.stderr(waitingUpTo: 1)
        let last = WindowState(path: dir + "/state.json", app: app).read() ?? [:]
        note("exit \(exit); last frame \(last); stderr: \(stderr)")
        #expect(exit == .exited(0), "the window should quit by itself: \(exit). stderr: \(app.stderrSummary())")
        // The last frame drawn: past the frame the watchdog stopped at its 2 s limit (the window
        // went on drawing after the stop), and the first at 3 s of the window's clock or later,
        // where --quit-after ended it. (Its timeline starts at the first frame, so under load the
        // last frame's timeline can pass 3 s: the clock is what --quit-after reads.)
        let time = WindowState.number(last, "window.time")
        let clock = WindowState.number(last, "window.clock")
        #expect(time >= 2 && clock >= 3, "the last frame before --quit-after 3 ended the window was at \(time) s of its timeline, \(clock) s of its clock")
        #expect(stderr.contains("shaders/glint.glsl") && stderr.contains("longer than 2 s"), "the prelude is named: \(app.stderrSummary())")
    }

    @Test("a prelude the watchdog stopped draws nothing until saved again; saved fast, every effect comes back",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(3)))
    func slowPreludeReloads() throws {
        let glint = try glintBinary()
        try requireTools()
        let shots = try screenshotFolder("slow-prelude")
        let dir = try screenshotFolder("slow-prelude-reload-files")
        let prelude = dir + "/shaders/glint.glsl"
        try FileManager.default.createDirectory(atPath: dir + "/shaders", withIntermediateDirectories: true)
        try Data(try ShaderFileTests.slowPrelude().utf8).write(to: URL(fileURLWithPath: prelude))
        let x = try XServer.start()
        defer { x.stop() }
        // A black backdrop, so "nothing drawn" is black, unlike the glow.
        let app = try Child.launch(glint, ["--shaders", dir + "/shaders", "--size", "640x360", "--no-overlay", "--backdrop", "black", "--quit-after", "170",
                                           "--state", dir + "/state.json"],
                                   environment: x.environment)
        defer { app.stop() }
        let state = WindowState(path: dir + "/state.json", app: app)
        let window = try findWindow(x, app)
        func waitFor(_ text: String) -> Bool { app.waitForStderr(containing: text, seconds: 15) }
        // The glow's bright lines, below the HUD's lines (five at 640 points, with their plate).
        let belowHUD = 130
        func glow(_ shot: Screenshot) -> Double {
            shot.brightShare(columns: window.x..<(window.x + window.width), rows: (window.y + belowHUD)..<(window.y + window.height))
        }
        #expect(waitFor("longer than 2 s"), "the slow prelude is stopped: \(app.stderrSummary())")
        try state.frames(2)
        let stoppedShot = try screenshot(x, to: shots + "/stopped.png", app: app)
        let stopped = glow(stoppedShot)
        #expect(stopped < 0.001, "nothing drawn with the stopped prelude: \(stopped)")
        // Only the backdrop below the HUD: nothing left over from the frame the watchdog stopped.
        let corner = stoppedShot.pixel(window.x + window.width - 2, window.y + window.height - 2)
        var leftovers = 0
        for y in stride(from: window.y + belowHUD, to: window.y + window.height, by: 3) {
            for x in stride(from: window.x, to: window.x + window.width, by: 3) {
                let p = stoppedShot.pixel(x, y)
                if max(abs(p.r - corner.r), abs(p.g - corner.g), abs(p.b - corner.b)) > 0.05 { leftovers += 1 }
            }
        }
        #expect(leftovers == 0, "\(leftovers) sampled pixels differ from the backdrop")

        try Data(try String(contentsOfFile: ShaderFileTests.shadersFolder + "/glint.glsl", encoding: .utf8).utf8)
            .write(to: URL(fileURLWithPath: prelude))
        #expect(waitFor("reloaded \(prelude)"), "the saved prelude is reloaded: \(app.stderrSummary())")
        try state.frames(2)
        let back = glow(try screenshot(x, to: shots + "/reloaded.png", app: app))
        #expect(back > 0.01, "the glow is back: \(back)")
        try x.run("xdotool", ["key", "q"])
        #expect(app.waitForExit(seconds: 5) == .exited(0), "\(app.stderrSummary())")
    }

    @Test("a live edit declaring a uniform with the wrong type is named with both types; the window keeps its last good version",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(3)))
    func wrongUniformTypeInTheWindow() throws {
        let glint = try glintBinary()
        try requireTools()
        let dir = try screenshotFolder("wrong-uniform-files")
        let file = dir + "/live.frag"
        try Data("uniform float time;\nvec4 colorEffect(vec2 position, vec4 color) { return vec4(0.0, 0.8, 0.0, 1.0) + 0.0 * time; }\n".utf8)
            .write(to: URL(fileURLWithPath: file))
        let x = try XServer.start()
        defer { x.stop() }
        let app = try Child.launch(glint, ["--effect", file, "--size", "320x200", "--quit-after", "170", "--state", dir + "/state.json"],
                                   environment: x.environment)
        defer { app.stop() }
        let state = WindowState(path: dir + "/state.json", app: app)
        _ = try findWindow(x, app)
        try state.started()
        try Data("// now an int\nuniform int time;\nvec4 colorEffect(vec2 position, vec4 color) { return vec4(float(time - 2 * (time / 2)), 0.8, 0.0, 1.0); }\n".utf8)
            .write(to: URL(fileURLWithPath: file))
        app.waitForStderr(containing: "declared", seconds: 15)
        let stderr = app.stderr(waitingUpTo: 0)
        #expect(stderr.contains("uniform 'time' in \(file):2 is declared int but glint feeds it as float"), "\(app.stderrSummary())")
        // Frames drawn after the message, with the last good version.
        try state.frames(3)
        #expect(!app.stderr(waitingUpTo: 0).contains("OpenGL error"), "no bare GL error: \(app.stderrSummary())")
        try x.run("xdotool", ["key", "q"])
        #expect(app.waitForExit(seconds: 5) == .exited(0), "still running and responsive: \(app.stderrSummary())")
    }

    @Test("a --state the window cannot rewrite after every frame is refused with one line naming it, before any window opens",
          arguments: [("/nonexistent-glint-folder/state.json", "does not exist"), ("-", "regular file"), ("/tmp", "folder")])
    func windowStateRefused(path: String, reason: String) throws {
        let glint = try glintBinary()
        var environment = ProcessInfo.processInfo.environment
        // No display: the line must come before glint would look for one.
        environment.removeValue(forKey: "DISPLAY")
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        let run = try Child.run(glint, ["--state", path, "--quit-after", "2"], environment: environment, timeout: 10)
        let lines = run.stderr.split(separator: "\n")
        #expect(run.state != .exited(0) && run.state != .running, "refused: \(run.state)")
        if case .signalled = run.state { Issue.record("glint crashed: \(run.state)") }
        #expect(lines.count == 1 && run.stderr.contains("'\(path)'") && run.stderr.contains(reason) && !run.stderr.contains("display"),
                "one line naming \(path) and why: \(run.stderr.debugDescription)")
    }

    @Test("without a display glint fails fast with one line that points to 'glint render'")
    func noDisplay() throws {
        let glint = try glintBinary()
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "DISPLAY")
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        environment["SWIFT_BACKTRACE"] = "enable=no"
        // --quit-after keeps the test bounded even if a window did open somehow.
        let app = try Child.launch(glint, ["--quit-after", "2"], environment: environment)
        defer { app.stop() }
        let exit = app.waitForExit(seconds: 5)
        let stderr = app.stderr(waitingUpTo: 2)
        let lines = stderr.split(separator: "\n", omittingEmptySubsequences: true)
        note("exit: \(exit); stderr: \(stderr.debugDescription)")

        #expect(exit != .running, "glint should give up at once without a display")
        #expect(exit != .exited(0), "glint should fail without a display: \(exit)")
        if case .signalled = exit { Issue.record("glint crashed instead of failing cleanly: \(exit)") }
        #expect(lines.count == 1, "exactly one line on stderr, got \(lines.count): \(stderr.debugDescription)")
        #expect(stderr.hasSuffix("\n"), "the line should end with a newline: \(stderr.debugDescription)")
        #expect(stderr.lowercased().contains("display"), "the line should say the display is missing: \(stderr)")
        #expect(stderr.contains("glint render"), "the line should point to 'glint render': \(stderr)")
    }
}
