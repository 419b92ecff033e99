// End-to-end tests of the real window: the built `glint` binary under a private Xvfb server,
// driven with real X input (xdotool) and checked through screenshots of the root window
// (ImageMagick's `import`). Every wait is bounded and every child is killed on the way out.
//
// Needs Xvfb, xdotool, import and xrdb (scripts/test installs them); set
// GLINT_SKIP_WINDOW_TESTS=1 to skip the tests that need them.

import Foundation
import GlintCore
import GlintRender
import GlintTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

let skipWindowTests = ProcessInfo.processInfo.environment["GLINT_SKIP_WINDOW_TESTS"] == "1"

@Suite("Window (Xvfb, real X input)", .serialized, .removesTemporaryFiles)
struct WindowTests {
    @Test("press and hold turns the white waves into palette colours; release turns them white again",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(3)))
    func holdColoursTheWaves() throws {
        let glint = try glintBinary()
        try requireTools()
        let shots = try screenshotFolder("basic")
        let x = try XServer.start()
        defer { x.stop() }

        let stateFile = try TemporaryFiles.folder("glint-window-hold") + "/state.json"
        let app = try Child.launch(glint, ["--size", "800x500", "--quit-after", "170", "--state", stateFile], environment: x.environment)
        defer { app.stop() }
        let state = WindowState(path: stateFile, app: app)
        let window = try findWindow(x, app)
        note("window: \(window)")
        #expect(window.x == 0 && window.y == 0, "no window manager runs, so the window should sit at 0,0: \(window)")
        #expect(window.width == 800 && window.height == 500, "--size 800x500 at scale 1 should give an 800x500 window: \(window)")

        try state.started()
        let before = try screenshot(x, to: shots + "/before.png", app: app)
        try copy(shots + "/before.png", to: "/tmp/glint-window-before.png")

        // Held, the palette springs in (mixCoeff to 1); released, it springs out again.
        try x.run("xdotool", ["mousemove", "\(window.midX)", "\(window.midY)", "mousedown", "1"])
        try state.wait("the palette in") { WindowState.number($0, "mixCoeff") >= 0.999 }
        let held = try screenshot(x, to: shots + "/held.png", app: app)
        try copy(shots + "/held.png", to: "/tmp/glint-window-held.png")

        try x.run("xdotool", ["mouseup", "1"])
        try state.wait("the palette out") { WindowState.number($0, "mixCoeff") <= 0.001 && WindowState.flag($0, "window.pressed") == false }
        let released = try screenshot(x, to: shots + "/released.png", app: app)

        try x.run("xdotool", ["key", "Escape"])
        let exit = app.waitForExit(seconds: 5)

        let a = Look(before, window: window, scale: 1)
        let b = Look(held, window: window, scale: 1)
        let c = Look(released, window: window, scale: 1)
        note("before:   \(a)\nheld:     \(b)\nreleased: \(c)\nscreenshots in \(shots)")

        // The window shows something: a grey backdrop with a bright white band.
        #expect(a.meanLevel > 0.12, "the window looks black before the hold: \(a)")
        #expect(a.brightShare > 0.05, "no bright waves before the hold: \(a)")
        // White waves at rest, palette colours while held, white again after the release.
        #expect(a.colouredShare < 0.05, "the waves should be white before the hold: \(a)")
        #expect(b.colouredShare > 0.25, "holding the button should colour the waves: \(b)")
        #expect(b.brightShare > 0.03, "the waves should still be visible while held: \(b)")
        #expect(c.colouredShare < 0.05, "the waves should be white again after the release: \(c)")
        #expect(c.meanLevel > 0.12, "the window looks black after the release: \(c)")

        #expect(exit == .exited(0), "Escape should quit glint cleanly; got \(exit). stderr: \(app.stderrSummary())")
    }

    @Test("HiDPI: with Xft.dpi 192 a 400x250-point window is 800x500 pixels, fully drawn, and reacts to the pointer",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(3)))
    func hiDPI() throws {
        let glint = try glintBinary()
        try requireTools()
        let shots = try screenshotFolder("hidpi")
        let x = try XServer.start()
        defer { x.stop() }

        // GLFW on X11 reads the content scale from Xft.dpi in RESOURCE_MANAGER (96 dpi = scale 1).
        try x.run("xrdb", ["-merge"], input: "Xft.dpi: 192\n")
        let resources = try x.run("xrdb", ["-query"])
        try require(resources.contains("Xft.dpi:\t192"), "xrdb did not set Xft.dpi: 192 (got '\(resources)')")

        let stateFile = try TemporaryFiles.folder("glint-window-hidpi") + "/state.json"
        let app = try Child.launch(glint, ["--size", "400x250", "--quit-after", "170", "--state", stateFile], environment: x.environment)
        defer { app.stop() }
        let state = WindowState(path: stateFile, app: app)
        let window = try findWindow(x, app)
        note("window: \(window)")
        #expect(abs(window.width - 800) <= 2 && abs(window.height - 500) <= 2,
                "with GLFW_SCALE_TO_MONITOR and content scale 2 the window should be about 800x500 pixels: \(window)")

        try state.started()
        let before = try screenshot(x, to: shots + "/before.png", app: app)

        // The waves fill the whole window: the bright band reaches both side edges near the
        // vertical middle (a frame drawn at point size would leave the right half black).
        let band = (window.y + window.height * 35 / 100)..<(window.y + window.height * 65 / 100)
        let edge = max(1, window.width * 5 / 100)
        let left = before.brightShare(columns: window.x..<(window.x + edge), rows: band)
        let right = before.brightShare(columns: (window.x + window.width - edge)..<(window.x + window.width), rows: band)
        note(String(format: "bright share near the middle: left 5%% %.3f, right 5%% %.3f", left, right))
        #expect(left > 0.2, "the bright band should reach the window's left edge: \(left)")
        #expect(right > 0.2, "the bright band should reach the window's right edge (the frame covers only part of the window?): \(right)")

        try x.run("xdotool", ["mousemove", "\(window.midX)", "\(window.midY)", "mousedown", "1"])
        try state.wait("the palette in") { WindowState.number($0, "mixCoeff") >= 0.999 }
        let held = try screenshot(x, to: shots + "/held.png", app: app)
        try? copy(shots + "/held.png", to: "/tmp/glint-window-hidpi-held.png")
        try x.run("xdotool", ["mouseup", "1"])
        try x.run("xdotool", ["key", "Escape"])
        let exit = app.waitForExit(seconds: 5)

        let a = Look(before, window: window, scale: 2)
        let b = Look(held, window: window, scale: 2)
        note("hidpi before: \(a)\nhidpi held:   \(b)\nscreenshots in \(shots)")
        #expect(a.meanLevel > 0.12, "the window looks black before the hold: \(a)")
        #expect(a.colouredShare < 0.05, "the waves should be white before the hold: \(a)")
        #expect(b.colouredShare > 0.25, "holding at the window centre should colour the waves: \(b)")
        #expect(exit == .exited(0), "Escape should quit glint cleanly; got \(exit). stderr: \(app.stderrSummary())")
    }

    @Test("dragging in from the left edge tears the view open; past 90 % it breaks and falls; R brings it back",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(3)))
    func dragTearsTheView() throws {
        let glint = try glintBinary()
        try requireTools()
        let shots = try screenshotFolder("tear")
        let x = try XServer.start()
        defer { x.stop() }

        // A magenta backdrop: whatever shows through the torn view is unmistakable.
        let stateFile = try TemporaryFiles.folder("glint-window-tear") + "/state.json"
        let app = try Child.launch(glint, ["--size", "800x500", "--quit-after", "170", "--backdrop", "#ff00ff", "--state", stateFile],
                                   environment: x.environment)
        defer { app.stop() }
        let state = WindowState(path: stateFile, app: app)
        let window = try findWindow(x, app)
        try state.started()

        func magentaShare(_ shot: Screenshot, columns: Range<Int>, rows: Range<Int>) -> Double {
            var hits = 0, total = 0
            for yy in rows { for xx in columns {
                let p = shot.pixel(window.x + xx, window.y + yy)
                total += 1
                if p.r > 0.9 && p.b > 0.9 && p.g < 0.1 { hits += 1 }
            } }
            return Double(hits) / Double(max(total, 1))
        }

        // Press 2 px inside the left edge, then drag right along the middle in real X motion events.
        let y = window.y + 250
        try x.run("xdotool", ["mousemove", "\(window.x + 2)", "\(y)", "mousedown", "1"])
        try state.drag(x, through: (1...20).map { (window.x + 2 + $0 * 20, y) })
        try state.afterInput()
        let torn = try screenshot(x, to: shots + "/torn.png", app: app)
        try copy(shots + "/torn.png", to: "/tmp/glint-window-torn.png")
        let inWedge = magentaShare(torn, columns: 0..<60, rows: 240..<260)
        let awayFromCut = magentaShare(torn, columns: 0..<800, rows: 0..<150)
        note("torn: wedge \(inWedge), away \(awayFromCut)")
        #expect(inWedge > 0.5, "the backdrop should show in the wedge at the left edge: \(inWedge)")
        #expect(awayFromCut < 0.01, "the view away from the cut should be whole: \(awayFromCut)")

        // Carry on to the right edge and let go: past 90 % the view breaks and falls away.
        try state.drag(x, through: (21...40).map { (min(window.x + 2 + $0 * 20, window.x + 799), y) })
        try x.run("xdotool", ["mouseup", "1"])
        try state.wait("the broken view fallen away") { WindowState.flag($0, "broken") == true && WindowState.number($0, "fallOpacity") == 0 }
        let broken = try screenshot(x, to: shots + "/broken.png", app: app)
        // Below the HUD's lines, above and below the notice centred over the fallen view.
        let fallen = min(magentaShare(broken, columns: 0..<800, rows: 90..<215), magentaShare(broken, columns: 0..<800, rows: 285..<500))
        note("broken: \(fallen)")
        #expect(fallen > 0.95, "a broken view falls away to the backdrop: \(fallen)")

        // R restores the view.
        try x.run("xdotool", ["key", "r"])
        try state.afterInput()
        let restored = try screenshot(x, to: shots + "/restored.png", app: app)
        let back = magentaShare(restored, columns: 0..<800, rows: 0..<500)
        #expect(back < 0.01, "R should bring the view back whole: \(back)")

        try x.run("xdotool", ["key", "Escape"])
        #expect(app.waitForExit(seconds: 5) == .exited(0))
    }

    @Test("a quick drag in from the left edge (the press and the moves in one go, within a frame) tears the view, at the usual frame rate and at a few frames a second",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(3)), arguments: [false, true])
    func quickEdgeDragTears(slow: Bool) throws {
        let glint = try glintBinary()
        try requireTools()
        let folder = try TemporaryFiles.folder("glint-window-quick-tear")
        let shots = try screenshotFolder(slow ? "quick-tear-slow" : "quick-tear")
        let x = try XServer.start()
        defer { x.stop() }
        // Slow: a colour effect of its own whose every pixel costs `loops` turns of sin and cos
        // (a few frames a second in software); its parameter leaves the frame rate to the test.
        try Data(costlyShader.utf8).write(to: URL(fileURLWithPath: folder + "/costly.frag"))
        let effect = slow ? ["--effect", folder + "/costly.frag", "--param", "loops=150", "--frame-timeout", "20"] : []
        let app = try Child.launch(glint, effect + ["--size", "800x500", "--quit-after", "170", "--backdrop", "#ff00ff", "--state", folder + "/state.json"],
                                   environment: x.environment)
        defer { app.stop() }
        let state = WindowState(path: folder + "/state.json", app: app)
        let window = try findWindow(x, app)
        try state.started(frames: 3)
        // The frame rate, over a second or at least three frames.
        let start = (frame: state.frame, time: Date())
        try state.wait("three more frames and a second") { WindowState.number($0, "window.frame") >= Double(start.frame + 3) && Date().timeIntervalSince(start.time) >= 1 }
        let fps = Double(state.frame - start.frame) / Date().timeIntervalSince(start.time)
        note(String(format: "%@: %.1f frames a second", slow ? "slow" : "usual", fps))
        if slow { #expect(fps < 12, "the costly shader should slow the window to a few frames a second: \(fps)") }

        // The pointer rests in the middle first: the server's pointer is far from the press.
        let y = window.y + 250
        try x.run("xdotool", ["mousemove", "\(window.midX)", "\(window.midY + 100)"])
        try state.afterInput()
        // One xdotool run: press 2 px inside the left edge and drag 400 px right at once, all of
        // it reaching glint within one frame.
        try x.run("xdotool", ["mousemove", "\(window.x + 2)", "\(y)", "mousedown", "1"]
                  + (1...4).flatMap { ["mousemove", "\(window.x + 2 + $0 * 100)", "\(y)"] })
        let dragged = try state.afterInput()
        let torn = try screenshot(x, to: shots + "/torn.png", app: app)
        try x.run("xdotool", ["mouseup", "1"])
        func magentaShare(columns: Range<Int>, rows: Range<Int>) -> Double {
            var hits = 0, total = 0
            for yy in rows { for xx in columns {
                let p = torn.pixel(window.x + xx, window.y + yy)
                total += 1
                if p.r > 0.9 && p.b > 0.9 && p.g < 0.1 { hits += 1 }
            } }
            return Double(hits) / Double(max(total, 1))
        }
        let wedge = magentaShare(columns: 0..<60, rows: 240..<260)
        note("quick drag: wedge \(wedge); state \(dragged)")
        #expect(WindowState.flag(dragged, "window.pressed") == true, "the button is held: \(dragged)")
        #expect(WindowState.number(dragged, "tearProgress") > 0.1, "the press at the edge started a tear that the drag opened: \(dragged)")
        #expect((dragged["tearStart"] as? [NSNumber]).map { $0[0].doubleValue < 24 } == true, "the tear starts at the left edge: \(dragged)")
        #expect(wedge > 0.5, "the backdrop shows in the wedge at the left edge: \(wedge)")
        if !slow { #expect(WindowState.flag(dragged, "isInteracting") == false, "the glow is not held: the press is the tear's") }

        try x.run("xdotool", ["key", "Escape"])
        #expect(app.waitForExit(seconds: 10) == .exited(0), "stderr: \(app.stderrSummary())")
    }

    @Test("a broken view says on screen how to bring it back, even with the help hidden (H); R restores it and the line goes",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(3)))
    func brokenViewShowsTheRestoreHint() throws {
        let glint = try glintBinary()
        try requireTools()
        let shots = try screenshotFolder("restore-hint")
        let x = try XServer.start()
        defer { x.stop() }
        // The gradient has no white anywhere, so white pixels are text; magenta is the backdrop.
        let stateFile = try TemporaryFiles.folder("glint-window-restore-hint") + "/state.json"
        let app = try Child.launch(glint, ["--effect", "gradient", "--size", "800x500", "--quit-after", "170", "--backdrop", "#ff00ff", "--state", stateFile],
                                   environment: x.environment)
        defer { app.stop() }
        let state = WindowState(path: stateFile, app: app)
        let window = try findWindow(x, app)
        try state.started()
        /// The share of white pixels (text) in a block of the window.
        func whiteShare(_ shot: Screenshot, columns: Range<Int>, rows: Range<Int>) -> Double {
            var hits = 0
            for yy in rows { for xx in columns {
                let p = shot.pixel(window.x + xx, window.y + yy)
                if min(p.r, p.g, p.b) > 0.85 { hits += 1 }
            } }
            return Double(hits) / Double(max(columns.count * rows.count, 1))
        }
        // The notice's place, centred over the view, and the HUD's, at the top-left.
        let notice = (columns: 200..<600, rows: 225..<275), help = (columns: 0..<700, rows: 0..<80)
        let whole = try screenshot(x, to: shots + "/whole.png", app: app)
        #expect(whiteShare(whole, columns: notice.columns, rows: notice.rows) == 0, "no notice over a whole view")
        #expect(whiteShare(whole, columns: help.columns, rows: help.rows) > 0.01, "the help shows at the top-left")

        // Tear in from the left edge across the whole view and let go: it breaks and falls.
        let y = window.y + 250
        try x.run("xdotool", ["mousemove", "\(window.x + 2)", "\(y)", "mousedown", "1"])
        try state.drag(x, through: (1...40).map { (min(window.x + 2 + $0 * 20, window.x + 799), y) })
        try x.run("xdotool", ["mouseup", "1"])
        try state.wait("the broken view fallen away") { WindowState.flag($0, "broken") == true && WindowState.number($0, "fallOpacity") == 0 }
        let broken = try screenshot(x, to: shots + "/broken.png", app: app)
        try? copy(shots + "/broken.png", to: "/tmp/glint-window-broken.png")
        let letters = whiteShare(broken, columns: notice.columns, rows: notice.rows)
        note("broken: notice letters \(letters)")
        #expect(letters > 0.03, "the notice's letters show over the fallen view: \(letters)")
        #expect(broken.magentaShare(in: WindowFrame(x: window.x, y: window.y + 300, width: 800, height: 200)) > 0.95, "the view fell away")

        // H hides the help but its own line, "H: show help", at the top-left; the notice stays: it is what to do now.
        try x.run("xdotool", ["key", "h"])
        try state.wait("the help hidden") { WindowState.flag($0, "window.help") == false }
        let hidden = try screenshot(x, to: shots + "/hidden-help.png", app: app)
        let below = (columns: help.columns, rows: 32..<help.rows.upperBound), right = (columns: 150..<help.columns.upperBound, rows: help.rows)
        #expect(whiteShare(hidden, columns: below.columns, rows: below.rows) == 0 && whiteShare(hidden, columns: right.columns, rows: right.rows) == 0,
                "H hides the help")
        #expect(whiteShare(hidden, columns: 0..<150, rows: 0..<32) > 0.01, "one short line says how to show it again")
        #expect(whiteShare(hidden, columns: notice.columns, rows: notice.rows) > 0.03, "the notice stays with the help hidden")

        // R brings the view back, and the notice goes.
        try x.run("xdotool", ["key", "r"])
        try state.wait("the view whole again") { WindowState.flag($0, "broken") == false && WindowState.number($0, "fallOpacity") == 1 }
        let restored = try screenshot(x, to: shots + "/restored.png", app: app)
        #expect(restored.magentaShare(in: window) < 0.01, "R brings the view back whole")
        #expect(whiteShare(restored, columns: notice.columns, rows: notice.rows) == 0, "the notice goes once the view is back")

        try x.run("xdotool", ["key", "Escape"])
        #expect(app.waitForExit(seconds: 5) == .exited(0))
        let errors = app.stderr(waitingUpTo: 1)
        #expect(errors.isEmpty, "no warnings or GL errors: \(errors)")
    }

    @Test("in a 320x200 window the help leaves most of the view uncovered: the keys give way to a short line, all of it in the top third",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(3)))
    func smallWindowKeepsTheHelpShort() throws {
        let glint = try glintBinary()
        try requireTools()
        let shots = try screenshotFolder("small-help")
        let stateFile = try TemporaryFiles.folder("glint-window-small-help") + "/state.json"
        let x = try XServer.start()
        defer { x.stop() }
        // The gradient has no white anywhere, so white pixels are the HUD's text.
        let app = try Child.launch(glint, ["--effect", "gradient", "--size", "320x200", "--quit-after", "170", "--state", stateFile],
                                   environment: x.environment)
        defer { app.stop() }
        let state = WindowState(path: stateFile, app: app)
        let window = try findWindow(x, app)
        try require(window.width == 320 && window.height == 200, "a 320x200 window: \(window)")
        try state.started()
        let shot = try screenshot(x, to: shots + "/small.png", app: app)
        try? copy(shots + "/small.png", to: "/tmp/glint-window-small-help.png")
        let textRows = (0..<window.height).filter { row in
            (0..<window.width).contains { column in
                let p = shot.pixel(window.x + column, window.y + row)
                return min(p.r, p.g, p.b) > 0.85
            }
        }
        note("rows with text: \(textRows.first.map(String.init) ?? "none")…\(textRows.last.map(String.init) ?? "none") of \(window.height)")
        #expect(textRows.first.map { $0 < 30 } == true, "the HUD shows at the top: \(textRows)")
        #expect(textRows.last.map { $0 < window.height / 3 } == true, "the HUD's text ends in the top third of the view: \(textRows.last ?? -1)")
        try x.run("xdotool", ["key", "Escape"])
        #expect(app.waitForExit(seconds: 5) == .exited(0), "stderr: \(app.stderrSummary())")
    }

    @Test("resizing the window redraws the effect to fill it, with no GL error",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(3)))
    func resize() throws {
        let glint = try glintBinary()
        try requireTools()
        let shots = try screenshotFolder("resize")
        let x = try XServer.start()
        defer { x.stop() }
        let stateFile = try TemporaryFiles.folder("glint-window-resize") + "/state.json"
        let app = try Child.launch(glint, ["--size", "800x500", "--quit-after", "170", "--state", stateFile], environment: x.environment)
        defer { app.stop() }
        let state = WindowState(path: stateFile, app: app)
        _ = try findWindow(x, app)
        try state.started()
        // Each size drawn before the next: the view's size in the frame on screen is the window's.
        for (w, h) in [(1100, 700), (300, 200), (1, 1), (640, 360)] {
            try x.run("xdotool", ["search", "--onlyvisible", "--name", "Glint", "windowsize", "\(w)", "\(h)"])
            try state.wait("a frame at \(w)x\(h)") { ($0["viewSize"] as? [NSNumber])?.map(\.intValue) == [w, h] }
        }
        let window = try findWindow(x, app)
        #expect(window.width == 640 && window.height == 360, "\(window)")
        let shot = try screenshot(x, to: shots + "/resized.png", app: app)
        // The bright band spans the whole new width: the picture was redrawn at the new size.
        let left = shot.brightShare(columns: 0..<32, rows: 120..<240)
        let right = shot.brightShare(columns: 608..<640, rows: 120..<240)
        let outside = shot.brightShare(columns: 660..<1280, rows: 0..<800)
        #expect(left > 0.1 && right > 0.1, "left \(left), right \(right)")
        #expect(outside == 0, "nothing drawn outside the window")
        try x.run("xdotool", ["key", "q"])
        #expect(app.waitForExit(seconds: 5) == .exited(0))
        let errors = app.stderr(waitingUpTo: 1)
        #expect(errors.isEmpty, "no warnings or GL errors: \(errors)")
    }

    @Test("key 2 switches to the Siri waveform, which swells while held; Tab goes on to the next effect",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(3)))
    func switchToWaveform() throws {
        let glint = try glintBinary()
        try requireTools()
        let shots = try screenshotFolder("waveform")
        let x = try XServer.start()
        defer { x.stop() }
        let stateFile = try TemporaryFiles.folder("glint-window-waveform") + "/state.json"
        let app = try Child.launch(glint, ["--size", "800x500", "--quit-after", "170", "--state", stateFile], environment: x.environment)
        defer { app.stop() }
        let state = WindowState(path: stateFile, app: app)
        let window = try findWindow(x, app)
        try state.started()

        /// Rows (below the HUD's lines) that hold a lit pixel: how tall the drawing stands.
        func litRows(_ shot: Screenshot) -> Int {
            var rows = 0
            for yy in 90..<window.height {
                var lit = false
                for xx in stride(from: 0, to: window.width, by: 2) where !lit {
                    let p = shot.pixel(window.x + xx, window.y + yy)
                    lit = max(p.r, p.g, p.b) > 0.25
                }
                if lit { rows += 1 }
            }
            return rows
        }

        let harmonic = Look(try screenshot(x, to: shots + "/harmonic.png", app: app), window: window, scale: 1)
        try x.run("xdotool", ["key", "2"])
        try state.wait("the waveform at rest") { $0["numberOfWaves"] != nil && WindowState.number($0, "amplitude") < 0.011 }
        let restShot = try screenshot(x, to: shots + "/waveform-rest.png", app: app)
        let rest = Look(restShot, window: window, scale: 1)
        try x.run("xdotool", ["mousemove", "\(window.midX)", "\(window.midY)", "mousedown", "1"])
        try state.wait("the waves swollen") { WindowState.number($0, "amplitude") >= 0.999 }
        let heldShot = try screenshot(x, to: shots + "/waveform-held.png", app: app)
        try copy(shots + "/waveform-held.png", to: "/tmp/glint-window-waveform.png")
        try x.run("xdotool", ["mouseup", "1"])
        try state.wait("the waves calm") { WindowState.number($0, "amplitude") < 0.011 }
        let releasedShot = try screenshot(x, to: shots + "/waveform-released.png", app: app)
        try x.run("xdotool", ["key", "Tab"])
        try state.wait("the next effect, the gradient") { $0["bounds"] != nil }
        let back = Look(try screenshot(x, to: shots + "/back.png", app: app), window: window, scale: 1)

        let (restRows, heldRows, releasedRows) = (litRows(restShot), litRows(heldShot), litRows(releasedShot))
        note("harmonic: \(harmonic)\nwaveform at rest: \(rest), \(restRows) lit rows\nheld: \(heldRows) lit rows, released: \(releasedRows)\nback: \(back)")
        #expect(harmonic.meanLevel > 0.12, "the harmonic glow first: \(harmonic)")
        #expect(rest.meanLevel < 0.05, "the waveform is thin lines on black: \(rest)")
        #expect(restRows < 30, "at rest the waveform is almost flat: \(restRows) rows")
        #expect(heldRows > 200, "holding swells the waves: \(heldRows) rows")
        #expect(releasedRows < 40, "releasing calms them: \(releasedRows) rows")
        #expect(back.meanLevel > 0.12, "Tab goes on to the next effect, the gradient, which fills the window: \(back)")

        try x.run("xdotool", ["key", "Escape"])
        #expect(app.waitForExit(seconds: 5) == .exited(0))
    }

    @Test("glint --effect waveform starts on the waveform",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(3)))
    func startOnWaveform() throws {
        let glint = try glintBinary()
        try requireTools()
        let shots = try screenshotFolder("waveform-start")
        let x = try XServer.start()
        defer { x.stop() }
        let stateFile = try TemporaryFiles.folder("glint-window-waveform-start") + "/state.json"
        let app = try Child.launch(glint, ["--effect", "waveform", "--size", "640x300", "--quit-after", "170", "--state", stateFile], environment: x.environment)
        defer { app.stop() }
        let window = try findWindow(x, app)
        try WindowState(path: stateFile, app: app).started()
        let look = Look(try screenshot(x, to: shots + "/start.png", app: app), window: window, scale: 1)
        #expect(look.meanLevel < 0.05 && look.brightShare > 0.001, "thin white lines on black: \(look)")
        try x.run("xdotool", ["key", "q"])
        #expect(app.waitForExit(seconds: 5) == .exited(0))
    }

    @Test("steady frames allocate nothing, the frame rate's refresh of the title and the HUD included; the title shows the frame rate",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func steadyFramesAllocateNothing() throws {
        let glint = try glintBinary()
        try requireTools()
        let x = try XServer.start()
        defer { x.stop() }
        let stateFile = try TemporaryFiles.folder("glint-window-allocations") + "/state.json"
        var environment = x.environment
        environment["GLINT_COUNT_ALLOCATIONS"] = "1"
        let app = try Child.launch(glint, ["--size", "640x400", "--quit-after", "30", "--state", stateFile], environment: environment)
        defer { app.stop() }
        _ = try findWindow(x, app)
        let state = WindowState(path: stateFile, app: app)
        try state.started()
        // Past the 30 frames of warm-up, with the frame rate counted (and the title and the HUD's
        // top line remade) every half second at least four times since.
        try state.wait("steady frames over 2.5 s") { WindowState.number($0, "window.frame") > 60 && WindowState.number($0, "window.clock") > 2.5 }
        let title = try x.run("xdotool", ["search", "--name", "^Glint — Harmonic", "getwindowname"])
        #expect(title.range(of: #" — [0-9]+ fps"#, options: .regularExpression) != nil, "the title shows the frame rate: \(title)")
        try x.run("xdotool", ["key", "q"])
        #expect(app.waitForExit(seconds: 5) == .exited(0))
        let report = app.stderr(waitingUpTo: 1)
        // "glint: window: 0.00 allocations/frame by Glint over 123 steady frames (worst frame 0)"
        func number(after label: String) -> Int? {
            guard let start = report.range(of: label)?.upperBound else { return nil }
            return Int(report[start...].prefix { $0.isNumber })
        }
        let frames = number(after: "allocations/frame by Glint over ") ?? 0
        let worst = number(after: "(worst frame ")
        #expect(frames > 30, "the count covers the steady frames: \(report)")
        #expect(worst == 0, "no steady frame allocates: \(report)")
    }
}
