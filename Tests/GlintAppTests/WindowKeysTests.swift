// The window's keys: capture, playback, a Shadertoy's keyboard channel, live sound.

import Foundation
import GlintControls
import GlintCore
import GlintRender
import GlintTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif


// MARK: - The capture and playback keys (S, V, Space, ., Backspace, [ ], F11)

@Suite("Window: keys, capture, a Shadertoy keyboard and live sound (Xvfb, real X input)", .serialized, .removesTemporaryFiles)
struct WindowKeysTests {
    @Test("HiDPI: S saves the frame as a PNG of the window's pixels (800x500 for 400x250 points), the view as on screen without the HUD; S again takes the next free name",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(3)))
    func saveKeyWritesThePixels() throws {
        let glint = try glintBinary()
        try requireTools()
        let folder = try TemporaryFiles.folder("glint-window-save")
        let x = try XServer.start()
        defer { x.stop() }
        try x.run("xrdb", ["-merge"], input: "Xft.dpi: 192\n")
        let app = try Child.launch(glint, ["--size", "400x250", "--quit-after", "170", "--state", folder + "/state.json"],
                                   environment: x.environment, in: folder)
        defer { app.stop() }
        let state = WindowState(path: folder + "/state.json", app: app)
        let window = try findWindow(x, app)
        try require(abs(window.width - 800) <= 2 && abs(window.height - 500) <= 2, "a 400x250-point window at scale 2: \(window)")
        try state.started()
        // Paused, the screen keeps showing the frame that was saved.
        try x.run("xdotool", ["key", "space"])
        try state.wait("time paused") { WindowState.flag($0, "window.paused") == true }
        try x.run("xdotool", ["key", "s"])
        let first = try savedFiles(app, count: 1)[0]
        try state.afterInput()
        let shot = try screenshot(x, to: folder + "/screen.png", app: app)
        #expect(first.hasPrefix("glint-harmonic-") && first.hasSuffix("s.png"), "named by effect and timeline time: \(first)")
        let png = try PNG.read(folder + "/" + first)
        #expect(png.width == window.width && png.height == window.height, "the PNG is \(png.width)x\(png.height), the window \(window)")

        // Between the HUD's lines at the top (the short help in this small window) and the
        // confirmation at the bottom: the same pixels.
        let view = differingShare(png, shot, at: window, rows: 270..<420)
        #expect(view < 0.001, "the saved frame should match the screen: \(view) of the pixels differ")
        // Over the HUD's lines (on screen, white text on a dark plate) the file shows the view alone.
        let hud = differingShare(png, shot, at: window, rows: 10..<150, columns: 10..<600)
        #expect(hud > 0.05, "the HUD should be left out of the saved frame: only \(hud) of its pixels differ")

        // The same paused frame again: a new name, the first file untouched.
        let before = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + first))
        try x.run("xdotool", ["key", "s"])
        let second = try savedFiles(app, count: 2)[1]
        #expect(second == first.replacingOccurrences(of: ".png", with: "-2.png"), "the next free name: \(second) after \(first)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + first)) == before, "the first file is never replaced")
        #expect(app.stderr(waitingUpTo: 0).contains("(800x500 pixels)"), "stderr says the pixel size: \(app.stderrSummary())")

        try x.run("xdotool", ["key", "Escape"])
        #expect(app.waitForExit(seconds: 5) == .exited(0), "stderr: \(app.stderrSummary())")
    }

    @Test("HiDPI: with the controls shown, S saves the effect's view alone (its pixels, none of the panel beside it) and V records a video of that size",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(3)))
    func capturesLeaveOutTheControls() throws {
        let glint = try glintBinary()
        try requireTools()
        let ffprobe = try tool("ffprobe")
        let folder = try TemporaryFiles.folder("glint-window-save-controls")
        let x = try XServer.start()
        defer { x.stop() }
        try x.run("xrdb", ["-merge"], input: "Xft.dpi: 192\n")
        let app = try Child.launch(glint, ["--size", "480x300", "--controls", "--quit-after", "170", "--state", folder + "/state.json"],
                                   environment: x.environment, in: folder)
        defer { app.stop() }
        let state = WindowState(path: folder + "/state.json", app: app)
        let window = try findWindow(x, app)
        try require(abs(window.width - 960) <= 2 && abs(window.height - 600) <= 2, "a 480x300-point window at scale 2: \(window)")
        // The effect's view: what the panel, docked at the right, leaves (the dock's public numbers), in pixels.
        let placement = ControlsPanel(effects: [HarmonicEffect()]).placement(in: Size(width: 480, height: 300))
        let view = (width: Int(placement.content.width) * 2, height: Int(placement.content.height) * 2)
        try require(placement.dock == .right && view.width < window.width - 100 && view.height == window.height, "the panel at the right: \(placement)")
        try state.started()
        // Paused, the screen keeps showing the frame that was saved.
        try x.run("xdotool", ["key", "space"])
        try state.wait("time paused") { WindowState.flag($0, "window.paused") == true }
        try x.run("xdotool", ["key", "s"])
        let name = try savedFiles(app, count: 1)[0]
        try state.afterInput()
        let shot = try screenshot(x, to: folder + "/screen.png", app: app)
        let png = try PNG.read(folder + "/" + name)
        #expect(png.width == view.width && png.height == view.height,
                "the PNG is the effect's view, \(view.width)x\(view.height) pixels, not the window's \(window): \(png.width)x\(png.height)")
        #expect(app.stderr(waitingUpTo: 0).contains("(\(view.width)x\(view.height) pixels)"), "stderr says its pixel size: \(app.stderrSummary())")
        // Below the HUD's lines (the short help: the view beside the panel is narrow), above the
        // confirmation at the bottom: the effect's pixels as on screen, up to its right edge,
        // where the panel's edge line and background begin.
        if png.width == view.width && png.height == view.height {
            let rows = 140..<440
            let body = differingShare(png, shot, at: window, rows: rows, columns: 0..<view.width)
            let edge = differingShare(png, shot, at: window, rows: rows, columns: (view.width - 6)..<view.width)
            #expect(body < 0.001 && edge < 0.001, "the saved view matches the screen left of the panel: \(body) of its pixels differ, \(edge) at its right edge")
        }

        // V, a step, V: two frames of the effect's view alone.
        for key in ["v", "period", "v"] {
            try x.run("xdotool", ["key", key])
            try state.afterInput()
        }
        let video = try savedFiles(app, count: 2)[1]
        let probe = try Child.run(ffprobe, ["-v", "error", "-count_frames", "-select_streams", "v:0",
                                            "-show_entries", "stream=width,height,nb_read_frames", "-of", "compact=p=0", video],
                                  environment: x.environment, in: folder, timeout: 30)
        try require(probe.state == .exited(0), "ffprobe \(video): \(probe.stderr)")
        #expect(probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "width=\(view.width)|height=\(view.height)|nb_read_frames=2",
                "the video is the effect's view: \(probe.stdout)")

        try x.run("xdotool", ["key", "Escape"])
        #expect(app.waitForExit(seconds: 10) == .exited(0), "stderr: \(app.stderrSummary())")
    }

    @Test("Space freezes the picture; . moves a paused one by exactly one frame (1/60 s of timeline) and no further",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(3)))
    func pauseAndStep() throws {
        let glint = try glintBinary()
        try requireTools()
        let folder = try TemporaryFiles.folder("glint-window-pause")
        let x = try XServer.start()
        defer { x.stop() }
        let app = try Child.launch(glint, ["--size", "800x500", "--quit-after", "170", "--state", folder + "/state.json"], environment: x.environment, in: folder)
        defer { app.stop() }
        let state = WindowState(path: folder + "/state.json", app: app)
        let window = try findWindow(x, app)
        try state.started()
        // Below the HUD's lines (the frame rate changes), above the confirmation at the bottom.
        let rows = 100..<440
        let running = try screenshot(x, to: folder + "/running.png", app: app)
        try x.run("xdotool", ["key", "space"])
        let pausedAt = WindowState.number(try state.wait("paused") { WindowState.flag($0, "window.paused") == true }, "window.time")
        try state.frames(1)
        let paused = try screenshot(x, to: folder + "/paused.png", app: app)
        #expect(differingShare(running, paused, at: window, rows: rows) > 0.01, "the waves move while running")
        // Thirty frames later, the timeline and the picture have not moved.
        let laterState = try state.frames(30)
        let later = try screenshot(x, to: folder + "/later.png", app: app)
        let still = differingShare(paused, later, at: window, rows: rows)
        #expect(still == 0, "paused, the picture stands still: \(still) of the pixels changed over thirty frames")
        #expect(WindowState.number(laterState, "window.time") == pausedAt, "paused, the timeline stands still: \(laterState)")

        try x.run("xdotool", ["key", "s"])
        let before = try savedFiles(app, count: 1)[0]
        try x.run("xdotool", ["key", "period"])
        try state.afterInput()
        try x.run("xdotool", ["key", "s"])
        let after = try savedFiles(app, count: 2)[1]
        let stepped = try screenshot(x, to: folder + "/stepped.png", app: app)
        let step = try timelineTime(after) - (try timelineTime(before))
        #expect(abs(step - 1.0 / 60) < 0.0011, "one step is 1/60 s of timeline: \(before) → \(after)")
        #expect(differingShare(later, stepped, at: window, rows: rows) > 0.01, "the step moves the picture")
        try state.frames(30)
        let afterStep = try screenshot(x, to: folder + "/after-step.png", app: app)
        #expect(differingShare(stepped, afterStep, at: window, rows: rows) == 0, "after the step it stays paused")

        try x.run("xdotool", ["key", "Escape"])
        #expect(app.waitForExit(seconds: 5) == .exited(0), "stderr: \(app.stderrSummary())")
    }

    @Test("Backspace during a hold cancels the press and restarts time: the frames at 0 and 1/60 s are render's at --time 0 and 1/60",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(3)))
    func restartKey() throws {
        let glint = try glintBinary()
        try requireTools()
        let folder = try TemporaryFiles.folder("glint-window-restart")
        let x = try XServer.start()
        defer { x.stop() }
        let app = try Child.launch(glint, ["--size", "800x500", "--quit-after", "170", "--state", folder + "/state.json"], environment: x.environment, in: folder)
        defer { app.stop() }
        let state = WindowState(path: folder + "/state.json", app: app)
        let window = try findWindow(x, app)
        try state.started()
        try x.run("xdotool", ["mousemove", "\(window.midX)", "\(window.midY)", "mousedown", "1"])
        try state.wait("the glow held") { WindowState.number($0, "mixCoeff") > 0.5 }
        // Paused first, so the restarted frames can be saved one by one.
        try x.run("xdotool", ["key", "space"])
        try state.wait("paused") { WindowState.flag($0, "window.paused") == true }
        try x.run("xdotool", ["key", "BackSpace"])
        try state.wait("time restarted") { WindowState.number($0, "window.time") == 0 }
        try x.run("xdotool", ["key", "s"])
        let zero = try savedFiles(app, count: 1)[0]
        try x.run("xdotool", ["key", "period"])
        try state.afterInput()
        try x.run("xdotool", ["key", "s"])
        let one = try savedFiles(app, count: 2)[1]
        try x.run("xdotool", ["mouseup", "1"])
        #expect(zero == "glint-harmonic-0000.000s.png" && one == "glint-harmonic-0000.017s.png", "\(zero), \(one)")

        for (name, time) in [(zero, "0"), (one, "\(1.0 / 60)")] {
            let rendered = "render-\(time).png"
            let run = try Child.run(glint, ["render", "--size", "800x500", "--time", time, "--output", rendered],
                                    environment: x.environment, in: folder, timeout: 30)
            try require(run.state == .exited(0), "glint render: \(run.stderr)")
            let a = try PNG.read(folder + "/" + name), b = try PNG.read(folder + "/" + rendered)
            let differing = differingShare(a, b)
            #expect(differing < 0.001, "\(name) should be render's frame at \(time) s, as at launch: \(differing) of the pixels differ")
        }
        try x.run("xdotool", ["key", "Escape"])
        #expect(app.waitForExit(seconds: 5) == .exited(0), "stderr: \(app.stderrSummary())")
    }

    @Test("] ] runs the timeline at 4 times the window's clock; [ [ [ at half",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(3)))
    func speedKeys() throws {
        let glint = try glintBinary()
        try requireTools()
        let folder = try TemporaryFiles.folder("glint-window-speed")
        let x = try XServer.start()
        defer { x.stop() }
        let app = try Child.launch(glint, ["--size", "400x250", "--quit-after", "170", "--state", folder + "/state.json"], environment: x.environment, in: folder)
        defer { app.stop() }
        let state = WindowState(path: folder + "/state.json", app: app)
        _ = try findWindow(x, app)
        try state.started()
        /// Timeline seconds per second of the window's clock over the next `frames` frames (both
        /// from --state, so how fast this machine draws does not matter).
        func rate(over frames: Int) throws -> Double {
            let first = try state.frames(1), last = try state.frames(frames)
            let time = WindowState.number(last, "window.time") - WindowState.number(first, "window.time")
            let clock = WindowState.number(last, "window.clock") - WindowState.number(first, "window.clock")
            return time / clock
        }
        try x.run("xdotool", ["key", "bracketright"])
        try x.run("xdotool", ["key", "bracketright"])
        try state.wait("speed 4") { WindowState.number($0, "window.speed") == 4 }
        let fast = try rate(over: 10)
        #expect((3.99...4.01).contains(fast), "after ] ] the timeline should run 4 times the window's clock: \(fast)")
        for _ in 0..<3 { try x.run("xdotool", ["key", "bracketleft"]) }
        try state.wait("speed 1/2") { WindowState.number($0, "window.speed") == 0.5 }
        let slow = try rate(over: 10)
        #expect((0.499...0.501).contains(slow), "after [ [ [ the timeline should run half the window's clock: \(slow)")
        try x.run("xdotool", ["key", "Escape"])
        #expect(app.waitForExit(seconds: 5) == .exited(0), "stderr: \(app.stderrSummary())")
    }

    @Test("F11 fills the screen (1280x800) and draws all of it; F11 again puts the window back where it was, at its size",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(3)))
    func fullscreenKey() throws {
        let glint = try glintBinary()
        try requireTools()
        let shots = try screenshotFolder("fullscreen")
        let x = try XServer.start()
        defer { x.stop() }
        let stateFile = try TemporaryFiles.folder("glint-window-fullscreen") + "/state.json"
        let app = try Child.launch(glint, ["--size", "800x500", "--quit-after", "170", "--state", stateFile], environment: x.environment)
        defer { app.stop() }
        let state = WindowState(path: stateFile, app: app)
        _ = try findWindow(x, app)
        try state.started()
        try x.run("xdotool", ["search", "--onlyvisible", "--name", "Glint", "windowmove", "--sync", "120", "80"])
        try state.afterInput()
        let windowed = try findWindow(x, app)
        try require(windowed.x == 120 && windowed.y == 80, "xdotool moved the window: \(windowed)")
        try x.run("xdotool", ["key", "F11"])
        try state.wait("a frame filling the screen") { ($0["viewSize"] as? [NSNumber])?.map(\.intValue) == [1280, 800] }
        let full = try findWindow(x, app)
        #expect(full.x == 0 && full.y == 0 && full.width == 1280 && full.height == 800, "fullscreen: \(full)")
        let shot = try screenshot(x, to: shots + "/fullscreen.png", app: app)
        // The bright band reaches the screen's right edge: the frame was drawn at the new size.
        let right = shot.brightShare(columns: 1240..<1280, rows: 300..<500)
        #expect(right > 0.1, "the view should fill the screen: \(right) bright at the right edge")
        try x.run("xdotool", ["key", "F11"])
        try state.wait("a frame at the window's size") { ($0["viewSize"] as? [NSNumber])?.map(\.intValue) == [800, 500] }
        try state.afterInput()
        let back = try findWindow(x, app)
        #expect(back.x == 120 && back.y == 80 && back.width == 800 && back.height == 500, "windowed again: \(back)")
        try x.run("xdotool", ["key", "Escape"])
        #expect(app.waitForExit(seconds: 5) == .exited(0))
        let errors = app.stderr(waitingUpTo: 1)
        #expect(errors.isEmpty, "no warnings or GL errors: \(errors)")
    }

    @Test("V records the view as an MP4 at the window's size, one 60 fps frame per frame of timeline: paused, V . . . V gives exactly 4 frames, the first the saved PNG's",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(3)))
    func recordKey() throws {
        let glint = try glintBinary()
        try requireTools()
        let ffprobe = try tool("ffprobe"), ffmpeg = try tool("ffmpeg")
        let folder = try TemporaryFiles.folder("glint-window-record")
        let x = try XServer.start()
        defer { x.stop() }
        let app = try Child.launch(glint, ["--size", "800x500", "--quit-after", "170", "--state", folder + "/state.json"], environment: x.environment, in: folder)
        defer { app.stop() }
        let state = WindowState(path: folder + "/state.json", app: app)
        _ = try findWindow(x, app)
        try state.started()
        // One key a frame: each step must be a frame of its own.
        func key(_ name: String) throws {
            try x.run("xdotool", ["key", name])
            try state.afterInput()
        }
        try key("space")
        try key("s")
        let png = try savedFiles(app, count: 1)[0]
        for name in ["v", "period", "period", "period", "v"] { try key(name) }
        let stepped = try savedFiles(app, count: 2)[1]
        #expect(stepped == png.replacingOccurrences(of: ".png", with: ".mp4"), "named as the PNG saved at that time: \(stepped)")

        func probe(_ name: String) throws -> String {
            let run = try Child.run(ffprobe, ["-v", "error", "-count_frames", "-select_streams", "v:0",
                                              "-show_entries", "stream=width,height,r_frame_rate,nb_read_frames", "-of", "compact=p=0", name],
                                    environment: x.environment, in: folder, timeout: 30)
            try require(run.state == .exited(0), "ffprobe \(name): \(run.stderr)")
            return run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let info = try probe(stepped)
        #expect(info == "width=800|height=500|r_frame_rate=60/1|nb_read_frames=4", "the frame at V and three steps: \(info)")
        let first = try Child.run(ffmpeg, ["-v", "error", "-i", stepped, "-frames:v", "1", "first.png"], environment: x.environment, in: folder, timeout: 30)
        try require(first.state == .exited(0), "ffmpeg: \(first.stderr)")
        let mean = meanDifference(try PNG.read(folder + "/" + png), try PNG.read(folder + "/first.png"))
        #expect(mean < 0.02, "the video's first frame should be the frame saved as PNG (H.264's loss aside): mean difference \(mean)")

        // Running: a frame per frame drawn, each 1/60 s of timeline.
        try key("space")
        try key("v")
        try state.frames(20)
        try key("v")
        let running = try savedFiles(app, count: 3)[2]
        let runningInfo = try probe(running)
        let frames = runningInfo.split(separator: "=").last.flatMap { Int($0) } ?? 0
        #expect(runningInfo.hasPrefix("width=800|height=500|r_frame_rate=60/1|") && frames > 5, "\(running): \(runningInfo)")
        try x.run("xdotool", ["key", "Escape"])
        #expect(app.waitForExit(seconds: 10) == .exited(0), "stderr: \(app.stderrSummary())")
    }
}

/// The files the window's S and V keys saved, in order, from its stderr ("glint: saved NAME (…)"),
/// once there are `count` of them (waiting at most 10 s).
func savedFiles(_ app: Child, count: Int) throws -> [String] {
    func names(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("glint: saved ") else { return nil }
            return line.dropFirst("glint: saved ".count).split(separator: " ").first.map(String.init)
        }
    }
    let saved = names(app.stderr(until: { names($0).count >= count }, seconds: 10))
    try require(saved.count >= count, "glint said it saved \(saved.count) of \(count) files; stderr: \(app.stderrSummary())")
    return saved
}

/// The timeline time in a saved file's name: 3.517 for `glint-harmonic-0003.517s.png`.
func timelineTime(_ name: String) throws -> Double {
    let part = name.split(separator: "-").first { $0.count > 1 && $0.contains(".") && $0.split(separator: ".").first?.allSatisfy(\.isNumber) == true }
    guard let part, let seconds = Double(part.prefix { $0 != "s" }) else {
        throw WindowTestFailure(description: "no timeline time in the name '\(name)'")
    }
    return seconds
}

/// The share of pixels in `rows` (and `columns`) of the window whose colour differs by more than
/// 2 levels of 255 between a saved frame (the window's size) and a screenshot (the window at `window`).
func differingShare(_ frame: (width: Int, height: Int, rgba: [UInt8]), _ shot: Screenshot, at window: WindowFrame,
                            rows: Range<Int>, columns: Range<Int>? = nil) -> Double {
    differing(frame.rgba, width: frame.width, origin: (0, 0), shot.rgba, width: shot.width, origin: (window.x, window.y),
              rows: rows, columns: columns ?? 0..<frame.width)
}

/// The same for two screenshots, over the window's `rows`.
func differingShare(_ a: Screenshot, _ b: Screenshot, at window: WindowFrame, rows: Range<Int>) -> Double {
    differing(a.rgba, width: a.width, origin: (window.x, window.y), b.rgba, width: b.width, origin: (window.x, window.y),
              rows: rows, columns: 0..<window.width)
}

/// The same for two images of one size, over all of them.
func differingShare(_ a: (width: Int, height: Int, rgba: [UInt8]), _ b: (width: Int, height: Int, rgba: [UInt8])) -> Double {
    guard a.width == b.width, a.height == b.height else { return 1 }
    return differing(a.rgba, width: a.width, origin: (0, 0), b.rgba, width: b.width, origin: (0, 0), rows: 0..<a.height, columns: 0..<a.width)
}

func differing(_ a: [UInt8], width aWidth: Int, origin aOrigin: (Int, Int), _ b: [UInt8], width bWidth: Int, origin bOrigin: (Int, Int),
                       rows: Range<Int>, columns: Range<Int>) -> Double {
    var differing = 0
    for y in rows {
        for x in columns {
            let i = ((aOrigin.1 + y) * aWidth + aOrigin.0 + x) * 4, j = ((bOrigin.1 + y) * bWidth + bOrigin.0 + x) * 4
            if (0..<3).contains(where: { abs(Int(a[i + $0]) - Int(b[j + $0])) > 2 }) { differing += 1 }
        }
    }
    return Double(differing) / Double(max(rows.count * columns.count, 1))
}

/// The mean absolute difference of the colour channels of two images of one size, 0…1 (1 when the sizes differ).
func meanDifference(_ a: (width: Int, height: Int, rgba: [UInt8]), _ b: (width: Int, height: Int, rgba: [UInt8])) -> Double {
    guard a.width == b.width, a.height == b.height else { return 1 }
    var sum = 0
    for i in stride(from: 0, to: a.rgba.count, by: 4) {
        for c in 0..<3 { sum += abs(Int(a.rgba[i + c]) - Int(b.rgba[i + c])) }
    }
    return Double(sum) / Double(a.width * a.height * 3) / 255
}

/// A Shadertoy shader in the real window: keys reach its keyboard channel as they go down and
/// up (S among them), and Glint's own keys take Control then (Ctrl+S saves).
extension WindowKeysTests {
    @Test("a Shadertoy shader's keyboard channel follows the keys held and toggled; Glint's keys take Ctrl",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(3)))
    func shadertoyKeyboard() throws {
        let glint = try glintBinary()
        try requireTools()
        let shots = try screenshotFolder("shadertoy-keys")
        let dir = try CLI.temporaryFolder()
        // Left half red while A is held, right half green while A is toggled on.
        try Data("""
        #iChannel0 "keyboard"
        void mainImage(out vec4 c, in vec2 p) {
            float held = texelFetch(iChannel0, ivec2(65, 0), 0).r;
            float toggled = texelFetch(iChannel0, ivec2(65, 2), 0).r;
            c = vec4(p.x < 0.5 * iResolution.x ? held : 0.0, p.x >= 0.5 * iResolution.x ? toggled : 0.0, 0.0, 1.0);
        }
        """.utf8).write(to: URL(fileURLWithPath: dir + "/keys.glsl"))
        let x = try XServer.start()
        defer { x.stop() }
        let app = try Child.launch(glint, ["--effect", "keys.glsl", "--size", "400x300", "--quit-after", "170", "--state", dir + "/state.json"],
                                   environment: x.environment, in: dir)
        defer { app.stop() }
        let state = WindowState(path: dir + "/state.json", app: app)
        let window = try findWindow(x, app)
        try state.started()
        // Below the HUD: rows at 70 % of the height, a quarter in from each side.
        let row = window.y + window.height * 7 / 10
        let left = window.x + window.width / 4
        let right = window.x + window.width * 3 / 4
        func look(_ name: String) throws -> (left: (r: Double, g: Double, b: Double), right: (r: Double, g: Double, b: Double)) {
            let shot = try screenshot(x, to: shots + "/\(name).png", app: app)
            return (shot.pixel(left, row), shot.pixel(right, row))
        }
        let idle = try look("idle")
        #expect(idle.left.r < 0.1 && idle.right.g < 0.1, "nothing held or toggled yet: \(idle)")
        try x.run("xdotool", ["keydown", "a"])
        try state.afterInput()
        let held = try look("held")
        #expect(held.left.r > 0.9 && held.right.g > 0.9, "A held: left red, right green (toggled on): \(held)")
        try x.run("xdotool", ["keyup", "a"])
        try state.afterInput()
        let released = try look("released")
        #expect(released.left.r < 0.1 && released.right.g > 0.9, "A released: left dark, still toggled: \(released)")
        try x.run("xdotool", ["key", "a"])
        try state.afterInput()
        let again = try look("again")
        #expect(again.right.g < 0.1, "a second press toggles it off: \(again)")

        // S is the shader's; Ctrl+S is Glint's save.
        try x.run("xdotool", ["key", "s"])
        try state.afterInput()
        let pngs = { (try? FileManager.default.contentsOfDirectory(atPath: dir))?.filter { $0.hasSuffix(".png") } ?? [] }
        #expect(pngs().isEmpty, "S alone goes to the shader and saves nothing: \(pngs())")
        try x.run("xdotool", ["key", "ctrl+s"])
        _ = try? savedFiles(app, count: 1)
        #expect(pngs().count == 1, "Ctrl+S saves the frame: \(pngs())")
        try x.run("xdotool", ["key", "Escape"])
        #expect(app.waitForExit(seconds: 5) == .exited(0), "Escape still quits: \(app.stderrSummary())")
    }
}

/// `--audio playing` in the real window, against a PulseAudio server of the test's own: the
/// waveform swells while a tone plays into the sink, and when the sink goes away the window keeps
/// running, says so, and listens again when it comes back.
extension WindowKeysTests {
    @Test("the waveform follows what is playing; the source going away never stops the window, and it listens again when it is back",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"),
          .enabled(if: PulseServer.unavailableReason == nil, "\(PulseServer.unavailableReason ?? "")"), .timeLimit(.minutes(3)))
    func liveSound() throws {
        let glint = try glintBinary()
        try requireTools()
        let shots = try screenshotFolder("live-sound")
        let server = try PulseServer()
        defer { server.stop() }
        let x = try XServer.start()
        defer { x.stop() }
        let stateFile = try TemporaryFiles.folder("glint-window-live-sound") + "/state.json"
        let app = try Child.launch(glint, ["--effect", "waveform", "--audio", "playing", "--size", "480x240", "--quit-after", "170", "--state", stateFile],
                                   environment: x.environment.merging(server.environment) { $1 })
        defer { app.stop() }
        let state = WindowState(path: stateFile, app: app)
        let window = try findWindow(x, app)
        try state.started()
        // The waves' height: how many rows of the view's lower half hold a bright pixel.
        func swell(_ name: String) throws -> Int {
            let shot = try screenshot(x, to: shots + "/\(name).png", app: app)
            var rows = 0
            for y in (window.y + window.height / 2)..<(window.y + window.height) {
                if shot.brightShare(columns: window.x..<(window.x + window.width), rows: y..<(y + 1)) > 0 { rows += 1 }
            }
            return rows
        }
        let quiet = try swell("quiet")
        let player = try server.play(try PulseServer.toneWAV(frequency: 330, dBFS: -6, seconds: 30))
        defer { player.terminate() }
        var level = WindowState.number(try state.wait("the waves swollen by the tone") { WindowState.number($0, "amplitude") > 0.1 }, "amplitude")
        // The level rises through the effect's smoothing: wait until it has settled (within 5 %
        // over ten frames), so the picture is of the tone, not of the rise.
        for _ in 0..<30 {
            let next = WindowState.number(try state.frames(10), "amplitude")
            if abs(next - level) <= 0.05 * level { break }
            level = next
        }
        let loud = try swell("loud")
        #expect(loud > quiet + 20, "the waves should swell with the tone: \(quiet) rows quiet, \(loud) playing")

        let module = try server.pactl(["list", "short", "modules"]).output.split(separator: "\n")
            .first { $0.contains("module-null-sink") }.map { String($0.split(separator: "\t")[0]) } ?? ""
        #expect(try server.pactl(["unload-module", module]).status == 0)
        app.waitForStderr(containing: "went away")
        try state.wait("the waves settled") { WindowState.number($0, "amplitude") < 0.05 }
        #expect(app.state == .running, "the window keeps running without its source: \(app.stderrSummary())")
        #expect(try swell("gone") < loud, "without the source the waves settle")
        #expect(app.stderr(waitingUpTo: 0).contains("went away"), "the window says the source went away: \(app.stderrSummary())")

        _ = try server.load("module-null-sink", "sink_name=glinttest")
        #expect(try server.pactl(["set-default-sink", "glinttest"]).status == 0)
        app.waitForStderr(containing: "listening again")
        #expect(app.stderr(waitingUpTo: 0).contains("listening again"), "and listens again when it is back: \(app.stderrSummary())")
        try x.run("xdotool", ["key", "Escape"])
        #expect(app.waitForExit(seconds: 5) == .exited(0))
    }
}
