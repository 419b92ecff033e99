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
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func holdColoursTheWaves() throws {
        let glint = try glintBinary()
        try requireTools()
        let shots = try screenshotFolder("basic")
        let x = try XServer.start()
        defer { x.stop() }

        let app = try Child.launch(glint, ["--size", "800x500", "--quit-after", "30"], environment: x.environment)
        defer { app.stop() }
        let window = try findWindow(x, app)
        note("window: \(window)")
        #expect(window.x == 0 && window.y == 0, "no window manager runs, so the window should sit at 0,0: \(window)")
        #expect(window.width == 800 && window.height == 500, "--size 800x500 at scale 1 should give an 800x500 window: \(window)")

        Thread.sleep(forTimeInterval: 2)
        let before = try screenshot(x, to: shots + "/before.png", app: app)
        try copy(shots + "/before.png", to: "/tmp/glint-window-before.png")

        try x.run("xdotool", ["mousemove", "\(window.midX)", "\(window.midY)", "mousedown", "1"])
        Thread.sleep(forTimeInterval: 1.5)
        let held = try screenshot(x, to: shots + "/held.png", app: app)
        try copy(shots + "/held.png", to: "/tmp/glint-window-held.png")

        try x.run("xdotool", ["mouseup", "1"])
        Thread.sleep(forTimeInterval: 2)
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
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
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

        let app = try Child.launch(glint, ["--size", "400x250", "--quit-after", "20"], environment: x.environment)
        defer { app.stop() }
        let window = try findWindow(x, app)
        note("window: \(window)")
        #expect(abs(window.width - 800) <= 2 && abs(window.height - 500) <= 2,
                "with GLFW_SCALE_TO_MONITOR and content scale 2 the window should be about 800x500 pixels: \(window)")

        Thread.sleep(forTimeInterval: 2)
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
        Thread.sleep(forTimeInterval: 1.5)
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
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func dragTearsTheView() throws {
        let glint = try glintBinary()
        try requireTools()
        let shots = try screenshotFolder("tear")
        let x = try XServer.start()
        defer { x.stop() }

        // A magenta backdrop: whatever shows through the torn view is unmistakable.
        let stateFile = try TemporaryFiles.folder("glint-window-tear") + "/state.json"
        let app = try Child.launch(glint, ["--size", "800x500", "--quit-after", "40", "--backdrop", "#ff00ff", "--state", stateFile],
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
        for step in 1...20 {
            try x.run("xdotool", ["mousemove", "\(window.x + 2 + step * 20)", "\(y)"])
            Thread.sleep(forTimeInterval: 0.03)
        }
        try state.afterInput()
        let torn = try screenshot(x, to: shots + "/torn.png", app: app)
        try copy(shots + "/torn.png", to: "/tmp/glint-window-torn.png")
        let inWedge = magentaShare(torn, columns: 0..<60, rows: 240..<260)
        let awayFromCut = magentaShare(torn, columns: 0..<800, rows: 0..<150)
        note("torn: wedge \(inWedge), away \(awayFromCut)")
        #expect(inWedge > 0.5, "the backdrop should show in the wedge at the left edge: \(inWedge)")
        #expect(awayFromCut < 0.01, "the view away from the cut should be whole: \(awayFromCut)")

        // Carry on to the right edge and let go: past 90 % the view breaks and falls away.
        for step in 21...40 {
            try x.run("xdotool", ["mousemove", "\(min(window.x + 2 + step * 20, window.x + 799))", "\(y)"])
            Thread.sleep(forTimeInterval: 0.03)
        }
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
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)), arguments: [false, true])
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
        let app = try Child.launch(glint, effect + ["--size", "800x500", "--quit-after", "50", "--backdrop", "#ff00ff", "--state", folder + "/state.json"],
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

    @Test("C shows the controls; dragging the wavesCount slider down leaves one wave, the effect never takes the press; Reset brings six back",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func controlsSliderChangesThePicture() throws {
        let glint = try glintBinary()
        try requireTools()
        let shots = try screenshotFolder("controls")
        let x = try XServer.start()
        defer { x.stop() }
        let stateFile = try TemporaryFiles.folder("glint-window-controls") + "/state.json"
        let app = try Child.launch(glint, ["--effect", "harmonic", "--size", "800x500", "--quit-after", "40", "--state", stateFile],
                                   environment: x.environment)
        defer { app.stop() }
        let state = WindowState(path: stateFile, app: app)
        let window = try findWindow(x, app)
        // Where the window lays its panel out: the public layout, at scale 1 from the window's corner.
        let panel = controlsPanel(for: window, scale: 1)
        let waves = panel.slider(named: "wavesCount")!
        let reset = panel.button(.reset)!.frame
        func screen(_ p: Point) -> (Int, Int) { (window.x + Int(p.x.rounded()), window.y + Int(p.y.rounded())) }
        /// The effect's part of the window: left of the panel, below the HUD's lines, above the label.
        func glow(_ shot: Screenshot) -> Look {
            Look(shot, window: WindowFrame(x: window.x, y: window.y + 100, width: Int(panel.frame.minX) - 10, height: 200), scale: 1)
        }
        try state.started()
        let hidden = try screenshot(x, to: shots + "/hidden.png", app: app)
        let thumb = screen(waves.thumbCenter)
        /// The mean level down the panel's left padding, where it has no text and no thumb.
        func panelEdgeLevel(_ shot: Screenshot) -> Double {
            let column = window.x + Int(panel.frame.minX) + 4
            let rows = (window.y + Int(panel.frame.minY) + 12)..<(window.y + Int(panel.frame.maxY) - 12)
            return rows.map { y in let p = shot.pixel(column, y); return max(p.r, p.g, p.b) }.reduce(0, +) / Double(rows.count)
        }

        try x.run("xdotool", ["key", "c"])
        try state.wait("the controls shown") { WindowState.flag($0, "window.controls") == true }
        let shown = try screenshot(x, to: shots + "/shown.png", app: app)
        try? copy(shots + "/shown.png", to: "/tmp/glint-window-controls.png")
        let p = shown.pixel(thumb.0, thumb.1)
        #expect(min(p.r, p.g, p.b) > 0.9, "C should show the panel with a white thumb at \(thumb): \(p)")
        for slider in panel.sliders {
            let t = screen(slider.thumbCenter)
            let q = shown.pixel(t.0, t.1)
            #expect(min(q.r, q.g, q.b) > 0.9, "\(slider.name)'s thumb at \(t): \(q)")
        }
        #expect(panelEdgeLevel(shown) < panelEdgeLevel(hidden) * 0.6,
                "C should darken the panel's area: \(panelEdgeLevel(hidden)) → \(panelEdgeLevel(shown))")

        // Drag the wavesCount thumb to the left end in real X motion events, and look while still held.
        let target = screen(waves.location(of: 1))
        try x.run("xdotool", ["mousemove", "\(thumb.0)", "\(thumb.1)", "mousedown", "1"])
        for step in 1...10 {
            let xx = thumb.0 + (target.0 - 30 - thumb.0) * step / 10
            try x.run("xdotool", ["mousemove", "\(xx)", "\(thumb.1 + step)"])
            Thread.sleep(forTimeInterval: 0.03)
        }
        let held = try state.afterInput()
        #expect(WindowState.number(held, "wavesCount") == 1, "the drag set wavesCount to 1: \(held)")
        let dragged = try screenshot(x, to: shots + "/dragged.png", app: app)
        try x.run("xdotool", ["mouseup", "1"])
        let moved = dragged.pixel(target.0, target.1)
        let before = glow(shown), after = glow(dragged)
        note("controls: six waves \(before)\none wave  \(after)\nthumb at the left end: \(moved)")
        // Held, the library slider's knob is drawn darkened (white 0.98 × 0.88); the track is 0.35 at most.
        #expect(min(moved.r, moved.g, moved.b) > 0.8, "the thumb should follow the drag to the track's left end \(target): \(moved)")
        #expect(after.meanLevel < before.meanLevel * 0.6, "one wave glows far less than six: \(before.meanLevel) → \(after.meanLevel)")
        #expect(after.colouredShare < 0.05, "the press was the panel's: the effect's hold never coloured the waves: \(after)")

        // Reset: a click on the button brings the six waves back.
        let button = screen(Point(x: reset.minX + reset.width / 2, y: reset.minY + reset.height / 2))
        try x.run("xdotool", ["mousemove", "\(button.0)", "\(button.1)", "click", "1"])
        try state.afterInput()
        let restored = try screenshot(x, to: shots + "/reset.png", app: app)
        let back = glow(restored)
        let r = restored.pixel(thumb.0, thumb.1)
        note("after Reset: \(back)")
        #expect(abs(back.meanLevel - before.meanLevel) < 0.1 * before.meanLevel, "Reset should bring the six waves back: \(before.meanLevel) → \(back.meanLevel)")
        #expect(min(r.r, r.g, r.b) > 0.9, "the wavesCount thumb is back at 6: \(r)")

        try x.run("xdotool", ["key", "Escape"])
        #expect(app.waitForExit(seconds: 5) == .exited(0))
        let errors = app.stderr(waitingUpTo: 1)
        #expect(errors.isEmpty, "no warnings or GL errors: \(errors)")
    }

    @Test("a press on a slider 20 points from the window's right edge drags the slider and never tears; with the panel hidden the same press tears",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func controlsTakeThePressBeforeTheTear() throws {
        let glint = try glintBinary()
        try requireTools()
        let shots = try screenshotFolder("controls-edge")
        let x = try XServer.start()
        defer { x.stop() }
        // --controls shows the panel from the start; a magenta backdrop shows through any tear.
        let stateFile = try TemporaryFiles.folder("glint-window-controls-edge") + "/state.json"
        let app = try Child.launch(glint, ["--size", "800x500", "--controls", "--quit-after", "40", "--backdrop", "#ff00ff", "--state", stateFile],
                                   environment: x.environment)
        defer { app.stop() }
        let state = WindowState(path: stateFile, app: app)
        let window = try findWindow(x, app)
        let panel = controlsPanel(for: window, scale: 1)
        // A row below the HUD's lines, so that the tear it opens with the panel hidden shows.
        let slider = panel.slider(named: "speed")!
        let start = (window.x + Int(slider.hitRect.maxX) - 2, window.y + Int(slider.thumbCenter.y))
        #expect(window.x + window.width - start.0 < 24, "the press lies in the tear's edge zone: \(start) in \(window)")
        try state.started()

        func magentaShare(_ shot: Screenshot) -> Double { shot.magentaShare(in: window) }
        /// Presses at `start` and drags `steps` times 20 pixels left (down a little) in real X
        /// motion events; returns the screenshot taken while still held.
        func pressAndDrag(_ name: String, steps: Int) throws -> Screenshot {
            try x.run("xdotool", ["mousemove", "\(start.0)", "\(start.1)", "mousedown", "1"])
            for step in 1...steps {
                try x.run("xdotool", ["mousemove", "\(start.0 - step * 20)", "\(start.1 + step)"])
                Thread.sleep(forTimeInterval: 0.03)
            }
            try state.afterInput()
            let shot = try screenshot(x, to: shots + "/\(name).png", app: app)
            try x.run("xdotool", ["mouseup", "1"])
            // A cut that did not break closes again: wait for it to have closed.
            try state.wait("the button up and the view whole") {
                WindowState.flag($0, "window.pressed") == false && WindowState.number($0, "tearProgress") == 0
            }
            return shot
        }

        let onPanel = try pressAndDrag("on-panel", steps: 8)
        let afterwards = try screenshot(x, to: shots + "/released.png", app: app)
        let thumb = slider.location(of: slider.value(at: slider.hitRect.maxX - 2 - 160))
        let t = onPanel.pixel(window.x + Int(thumb.x), window.y + Int(thumb.y))
        note("on the panel: magenta \(magentaShare(onPanel)), after \(magentaShare(afterwards)); thumb at \(thumb): \(t)")
        #expect(magentaShare(onPanel) == 0, "a press on the slider must not tear: \(magentaShare(onPanel))")
        #expect(magentaShare(afterwards) == 0)
        #expect(slider.track.minX + 40 < thumb.x && thumb.x < slider.track.maxX - 40, "the drag ends mid-track: \(thumb)")
        // Still held: the knob is drawn darkened (white 0.98 × 0.88), far above the track's 0.35.
        #expect(min(t.r, t.g, t.b) > 0.8, "the slider followed the drag: thumb at \(thumb): \(t)")

        // The same press with the panel hidden is the tear's.
        try x.run("xdotool", ["key", "c"])
        try state.wait("the controls hidden") { WindowState.flag($0, "window.controls") == false }
        let torn = try pressAndDrag("hidden-torn", steps: 16)
        note("hidden: magenta \(magentaShare(torn))")
        #expect(magentaShare(torn) > 0.003, "with the panel hidden the same press should tear the view: \(magentaShare(torn))")

        try x.run("xdotool", ["key", "Escape"])
        #expect(app.waitForExit(seconds: 5) == .exited(0))
    }

    @Test("the prism draws itself beside its panel, the whole rainbow uncovered; dragging its lightFraction slider from 20 points off the window's edge moves the rainbow where the seed's geometry puts it, and never tears",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func prismSliderMovesTheRainbow() throws {
        let glint = try glintBinary()
        try requireTools()
        let shots = try screenshotFolder("prism")
        let x = try XServer.start()
        defer { x.stop() }
        // The prism shows its controls without being asked; magenta shows through any tear.
        let stateFile = try TemporaryFiles.folder("glint-window-prism") + "/state.json"
        let app = try Child.launch(glint, ["--effect", "prism", "--size", "900x600", "--quit-after", "40", "--backdrop", "#ff00ff", "--state", stateFile],
                                   environment: x.environment)
        defer { app.stop() }
        let state = WindowState(path: stateFile, app: app)
        let window = try findWindow(x, app)
        let frame = Size(width: Double(window.width), height: Double(window.height))
        let panel = ControlsPanel(effects: [PrismEffect()]).layout(in: frame)
        // The cover is drawn in the view the panel leaves beside it.
        let size = panel.placement.content.size
        let light = panel.slider(named: "lightFraction")!
        // A column through the rainbow, left of the panel: where each slice lies there, in points.
        let column = Double(Int(panel.frame.minX) - 40)
        func sliceRows(_ geometry: PrismGeometry, _ i: Int) -> ClosedRange<Double> {
            let q = geometry.slice(i)
            func y(_ a: Point, _ b: Point) -> Double { a.y + (b.y - a.y) * (column - a.x) / (b.x - a.x) }
            return y(q.topLeft, q.topRight)...y(q.bottomLeft, q.bottomRight)
        }
        /// The mean row of the pixels down `column` that show the slice's colour.
        func centre(_ shot: Screenshot, colour: Color) -> Double? {
            let rows = (0..<window.height).filter { row in
                let p = shot.pixel(window.x + Int(column), window.y + row)
                return abs(p.r - Double(colour.red)) < 0.12 && abs(p.g - Double(colour.green)) < 0.12 && abs(p.b - Double(colour.blue)) < 0.12
            }
            return rows.isEmpty ? nil : Double(rows.reduce(0, +)) / Double(rows.count) + 0.5
        }
        func magentaShare(_ shot: Screenshot) -> Double { shot.magentaShare(in: window) }

        // The drawing takes 3 s; once it is done, the rainbow is where the defaults put it.
        try state.wait("the drawing done") { WindowState.number($0, "progress") >= 1 }
        let drawn = try screenshot(x, to: shots + "/drawn.png", app: app)
        let before = PrismGeometry(viewSize: size)
        for (i, colour) in [(0, PrismGeometry.sliceColors[0]), (4, PrismGeometry.sliceColors[4])] {
            let rows = sliceRows(before, i)
            let got = centre(drawn, colour: colour)
            note("prism slice \(i) at x = \(column): rows \(rows), drawn centre \(got.map { String($0) } ?? "none")")
            #expect(got.map { abs($0 - (rows.lowerBound + rows.upperBound) / 2) < 2 } == true, "slice \(i) should lie at rows \(rows): \(String(describing: got))")
        }
        // Every slice shows in its colour just inside the rainbow's right end: nothing covers it.
        for i in 0..<PrismGeometry.sliceCount {
            let q = before.slice(i)
            let end = Point(x: q.topRight.x - 3, y: (q.topRight.y + q.bottomRight.y) / 2)
            let p = drawn.pixel(window.x + Int(end.x), window.y + Int(end.y))
            let c = PrismGeometry.sliceColors[i]
            #expect(end.x < panel.frame.minX, "the rainbow ends left of the panel: \(end) and \(panel.frame)")
            #expect(abs(p.r - Double(c.red)) < 0.1 && abs(p.g - Double(c.green)) < 0.1 && abs(p.b - Double(c.blue)) < 0.1,
                    "slice \(i)'s end at \(end) shows its colour \(c): \(p)")
        }

        // Press on the track 20 points from the window's right edge (in the tear's edge zone), drag
        // to 0.3 in real motion events, release.
        let start = (window.x + Int(light.hitRect.maxX) - 2, window.y + Int(light.thumbCenter.y))
        #expect(window.x + window.width - start.0 < 24, "the press lies in the tear's edge zone: \(start) in \(window)")
        let target = light.location(of: 0.3)
        let end = (window.x + Int(target.x.rounded()), window.y + Int(target.y.rounded()))
        try x.run("xdotool", ["mousemove", "\(start.0)", "\(start.1)", "mousedown", "1"])
        for step in 1...10 {
            try x.run("xdotool", ["mousemove", "\(start.0 + (end.0 - start.0) * step / 10)", "\(start.1 + step % 3)"])
            Thread.sleep(forTimeInterval: 0.03)
        }
        try x.run("xdotool", ["mousemove", "\(end.0)", "\(end.1)"])
        try state.afterInput()
        let held = try screenshot(x, to: shots + "/held.png", app: app)
        try x.run("xdotool", ["mouseup", "1"])
        try state.afterInput()
        let moved = try screenshot(x, to: shots + "/moved.png", app: app)
        try? copy(shots + "/moved.png", to: "/tmp/glint-window-prism.png")
        #expect(magentaShare(held) == 0 && magentaShare(moved) == 0, "a press on the slider must not tear: \(magentaShare(held)), \(magentaShare(moved))")

        // Pixels of the drag end where the slider snaps: 0.3 within a step of 0.01.
        var near = PrismGeometry.Parameters()
        near.lightFraction = 0.3
        let after = PrismGeometry(viewSize: size, parameters: near)
        for (i, colour) in [(0, PrismGeometry.sliceColors[0]), (4, PrismGeometry.sliceColors[4])] {
            let rows = sliceRows(after, i)
            let got = centre(moved, colour: colour)
            note("prism slice \(i) with lightFraction 0.3: rows \(rows), drawn centre \(got.map { String($0) } ?? "none")")
            #expect(got.map { abs($0 - (rows.lowerBound + rows.upperBound) / 2) < 3 } == true, "slice \(i) should have moved to rows \(rows): \(String(describing: got))")
            #expect(got.map { $0 < (sliceRows(before, i).lowerBound) } == true, "the rainbow moved up")
        }

        try x.run("xdotool", ["key", "Escape"])
        #expect(app.waitForExit(seconds: 5) == .exited(0))
        let errors = app.stderr(waitingUpTo: 1)
        #expect(errors.isEmpty, "no warnings or GL errors: \(errors)")
    }

    @Test("HiDPI: with Xft.dpi 192 the panel is laid out in points and drawn at twice the pixels; a drag on it still sets the slider",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func controlsHiDPI() throws {
        let glint = try glintBinary()
        try requireTools()
        let shots = try screenshotFolder("controls-hidpi")
        let x = try XServer.start()
        defer { x.stop() }
        try x.run("xrdb", ["-merge"], input: "Xft.dpi: 192\n")
        let stateFile = try TemporaryFiles.folder("glint-window-controls-hidpi") + "/state.json"
        let app = try Child.launch(glint, ["--size", "480x390", "--controls", "--no-tear", "--quit-after", "30", "--state", stateFile],
                                   environment: x.environment)
        defer { app.stop() }
        let state = WindowState(path: stateFile, app: app)
        let window = try findWindow(x, app)
        try require(abs(window.width - 960) <= 2, "a 480-point window at scale 2 should be 960 pixels wide: \(window)")
        let panel = controlsPanel(for: window, scale: 2)
        func screen(_ p: Point) -> (Int, Int) { (window.x + Int((p.x * 2).rounded()), window.y + Int((p.y * 2).rounded())) }
        try state.started()
        let shot = try screenshot(x, to: shots + "/shown.png", app: app)
        try? copy(shots + "/shown.png", to: "/tmp/glint-window-controls-hidpi.png")
        for slider in panel.sliders {
            let t = screen(slider.thumbCenter)
            let q = shot.pixel(t.0, t.1)
            #expect(min(q.r, q.g, q.b) > 0.9, "\(slider.name)'s thumb at \(t) pixels: \(q)")
            // Just off the thumb's rim, 3 points past it along the track's right: the grey track, not the thumb.
            let off = screen(Point(x: slider.thumbCenter.x + ControlsPanel.Style.knobDiameter / 2 + 3, y: slider.thumbCenter.y))
            let o = shot.pixel(off.0, off.1)
            #expect(max(o.r, o.g, o.b) < 0.6, "\(slider.name): past the thumb's rim the track shows: \(o)")
        }
        let waves = panel.slider(named: "wavesCount")!
        let from = screen(waves.thumbCenter), to = screen(waves.location(of: 32))
        try x.run("xdotool", ["mousemove", "\(from.0)", "\(from.1)", "mousedown", "1"])
        for step in 1...8 {
            try x.run("xdotool", ["mousemove", "\(from.0 + (to.0 + 40 - from.0) * step / 8)", "\(from.1)"])
            Thread.sleep(forTimeInterval: 0.03)
        }
        try x.run("xdotool", ["mouseup", "1"])
        // The frame with the release drawn, on screen (however long a busy machine takes).
        let released = try state.afterInput()
        #expect(WindowState.number(released, "wavesCount") == 32 && WindowState.flag(released, "window.pressed") == false,
                "the drag set wavesCount to its right end and the button is up: \(released)")
        let dragged = try screenshot(x, to: shots + "/dragged.png", app: app)
        let end = dragged.pixel(to.0, to.1)
        #expect(min(end.r, end.g, end.b) > 0.9, "the thumb should be at the right end \(to): \(end)")
        try x.run("xdotool", ["key", "Escape"])
        #expect(app.waitForExit(seconds: 5) == .exited(0))
    }

    @Test("in a window shorter than the panel's rows the wheel scrolls them, with a scroll bar; a drag then lands on the slider scrolled into view",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func wheelScrollsThePanel() throws {
        let glint = try glintBinary()
        try requireTools()
        let shots = try screenshotFolder("controls-scroll")
        let x = try XServer.start()
        defer { x.stop() }
        let chain: () -> [any Effect] = { [HarmonicEffect(), DeclaredEffect(.wave), DeclaredEffect(.blur)] }
        let stateFile = try TemporaryFiles.folder("glint-window-controls-scroll") + "/state.json"
        let app = try Child.launch(glint, ["--effect", "harmonic,wave,blur", "--size", "700x320", "--controls", "--no-tear", "--quit-after", "40",
                                           "--state", stateFile],
                                   environment: x.environment)
        defer { app.stop() }
        let state = WindowState(path: stateFile, app: app)
        let window = try findWindow(x, app)
        let size = Size(width: Double(window.width), height: Double(window.height))
        // The window's layout, and the same panel scrolled as three notches of the wheel scroll it.
        let panel = ControlsPanel(effects: chain())
        let top = panel.layout(in: size)
        let scrolled = panel.layout(in: size, scrollOffset: 3 * ControlsPanel.Style.scrollStep)
        let over = Point(x: top.frame.midX, y: top.frame.midY)
        try require(top.maxScrollOffset > 0 && scrolled.scrollOffset == top.maxScrollOffset,
                    "the rows should be taller than the window: \(panel.height) in \(top.frame)")
        func screen(_ p: Point) -> (Int, Int) { (window.x + Int(p.x.rounded()), window.y + Int(p.y.rounded())) }
        func white(_ shot: Screenshot, _ p: Point) -> Bool { let q = screen(p); let c = shot.pixel(q.0, q.1); return min(c.r, c.g, c.b) > 0.9 }
        /// Whether every thumb the layout puts well inside the panel shows white there.
        func thumbsWhere(_ panel: ControlsPanel.Layout, in shot: Screenshot) -> Bool {
            panel.sliders.filter { panel.frame.minY + 10 < $0.thumbCenter.y && $0.thumbCenter.y < panel.frame.maxY - 10 }
                .allSatisfy { white(shot, $0.thumbCenter) }
        }
        let radiusBefore = top.slider(named: "blur.radius")!, radius = scrolled.slider(named: "blur.radius")!
        #expect(radiusBefore.thumbCenter.y > size.height && radius.thumbCenter.y < size.height - 10,
                "blur.radius starts below the window and scrolls into it: \(radiusBefore.thumbCenter) → \(radius.thumbCenter)")
        try state.started()

        let before = try screenshot(x, to: shots + "/top.png", app: app)
        #expect(thumbsWhere(top, in: before), "the unscrolled rows' thumbs where the layout puts them")
        // The scroll bar: its thumb at the top, the bar's bottom dim.
        let barBottom = screen(Point(x: top.scrollBar.midX, y: top.scrollBar.maxY - 4))
        let barTop = screen(Point(x: top.scrollBar.midX, y: top.scrollBar.minY + 4))
        let thumbFirst = before.pixel(barTop.0, barTop.1), dimFirst = before.pixel(barBottom.0, barBottom.1)
        #expect(thumbFirst.r > dimFirst.r + 0.15, "a scroll bar, its thumb at the top: \(thumbFirst) against \(dimFirst)")
        // Three notches towards the user (button 5), the pointer over the panel.
        let wheelAt = screen(over)
        try x.run("xdotool", ["mousemove", "\(wheelAt.0)", "\(wheelAt.1)", "click", "5", "click", "5", "click", "5"])
        try state.afterInput()
        let after = try screenshot(x, to: shots + "/scrolled.png", app: app)
        try? copy(shots + "/scrolled.png", to: "/tmp/glint-window-controls-scrolled.png")
        #expect(thumbsWhere(scrolled, in: after), "the scrolled rows' thumbs where the scrolled layout puts them")
        #expect(white(after, radius.thumbCenter), "blur.radius's thumb scrolled into view at \(radius.thumbCenter)")
        // The scroll bar's thumb sits at the bar's bottom now: lighter than the bar's top.
        let lit = after.pixel(barBottom.0, barBottom.1), unlit = after.pixel(barTop.0, barTop.1)
        #expect(lit.r > unlit.r + 0.15, "the scroll bar's thumb moved to the bottom: \(lit) against \(unlit)")
        #expect(!white(after, radius.location(of: 64)), "blur.radius's track end before the drag")

        // A drag on the scrolled-in slider sets it: the thumb follows to the track's right end.
        let from = screen(radius.thumbCenter), to = screen(radius.location(of: 64))
        try x.run("xdotool", ["mousemove", "\(from.0)", "\(from.1)", "mousedown", "1"])
        for step in 1...8 {
            try x.run("xdotool", ["mousemove", "\(from.0 + (to.0 + 30 - from.0) * step / 8)", "\(from.1)"])
            Thread.sleep(forTimeInterval: 0.03)
        }
        try x.run("xdotool", ["mouseup", "1"])
        try state.afterInput()
        let dragged = try screenshot(x, to: shots + "/dragged.png", app: app)
        #expect(white(dragged, radius.location(of: 64)), "blur.radius's thumb followed the drag to its right end")

        try x.run("xdotool", ["key", "Escape"])
        #expect(app.waitForExit(seconds: 5) == .exited(0))
        let errors = app.stderr(waitingUpTo: 1)
        #expect(errors.isEmpty, "no warnings or GL errors: \(errors)")
    }

    @Test("a broken view says on screen how to bring it back, even with the help hidden (H); R restores it and the line goes",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func brokenViewShowsTheRestoreHint() throws {
        let glint = try glintBinary()
        try requireTools()
        let shots = try screenshotFolder("restore-hint")
        let x = try XServer.start()
        defer { x.stop() }
        // The gradient has no white anywhere, so white pixels are text; magenta is the backdrop.
        let app = try Child.launch(glint, ["--effect", "gradient", "--size", "800x500", "--quit-after", "40", "--backdrop", "#ff00ff"],
                                   environment: x.environment)
        defer { app.stop() }
        let window = try findWindow(x, app)
        Thread.sleep(forTimeInterval: 1.5)
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
        for step in 1...40 {
            try x.run("xdotool", ["mousemove", "\(min(window.x + 2 + step * 20, window.x + 799))", "\(y)"])
            Thread.sleep(forTimeInterval: 0.03)
        }
        try x.run("xdotool", ["mouseup", "1"])
        Thread.sleep(forTimeInterval: 2)
        let broken = try screenshot(x, to: shots + "/broken.png", app: app)
        try? copy(shots + "/broken.png", to: "/tmp/glint-window-broken.png")
        let letters = whiteShare(broken, columns: notice.columns, rows: notice.rows)
        note("broken: notice letters \(letters)")
        #expect(letters > 0.03, "the notice's letters show over the fallen view: \(letters)")
        #expect(broken.magentaShare(in: WindowFrame(x: window.x, y: window.y + 300, width: 800, height: 200)) > 0.95, "the view fell away")

        // H hides the help but its own line, "H: show help", at the top-left; the notice stays: it is what to do now.
        try x.run("xdotool", ["key", "h"])
        Thread.sleep(forTimeInterval: 0.5)
        let hidden = try screenshot(x, to: shots + "/hidden-help.png", app: app)
        let below = (columns: help.columns, rows: 32..<help.rows.upperBound), right = (columns: 150..<help.columns.upperBound, rows: help.rows)
        #expect(whiteShare(hidden, columns: below.columns, rows: below.rows) == 0 && whiteShare(hidden, columns: right.columns, rows: right.rows) == 0,
                "H hides the help")
        #expect(whiteShare(hidden, columns: 0..<150, rows: 0..<32) > 0.01, "one short line says how to show it again")
        #expect(whiteShare(hidden, columns: notice.columns, rows: notice.rows) > 0.03, "the notice stays with the help hidden")

        // R brings the view back, and the notice goes.
        try x.run("xdotool", ["key", "r"])
        Thread.sleep(forTimeInterval: 0.7)
        let restored = try screenshot(x, to: shots + "/restored.png", app: app)
        #expect(restored.magentaShare(in: window) < 0.01, "R brings the view back whole")
        #expect(whiteShare(restored, columns: notice.columns, rows: notice.rows) == 0, "the notice goes once the view is back")

        try x.run("xdotool", ["key", "Escape"])
        #expect(app.waitForExit(seconds: 5) == .exited(0))
        let errors = app.stderr(waitingUpTo: 1)
        #expect(errors.isEmpty, "no warnings or GL errors: \(errors)")
    }

    @Test("in a 320x200 window the help leaves most of the view uncovered: the keys give way to a short line, all of it in the top third",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func smallWindowKeepsTheHelpShort() throws {
        let glint = try glintBinary()
        try requireTools()
        let shots = try screenshotFolder("small-help")
        let stateFile = try TemporaryFiles.folder("glint-window-small-help") + "/state.json"
        let x = try XServer.start()
        defer { x.stop() }
        // The gradient has no white anywhere, so white pixels are the HUD's text.
        let app = try Child.launch(glint, ["--effect", "gradient", "--size", "320x200", "--quit-after", "40", "--state", stateFile],
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
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func resize() throws {
        let glint = try glintBinary()
        try requireTools()
        let shots = try screenshotFolder("resize")
        let x = try XServer.start()
        defer { x.stop() }
        let app = try Child.launch(glint, ["--size", "800x500", "--quit-after", "30"], environment: x.environment)
        defer { app.stop() }
        _ = try findWindow(x, app)
        Thread.sleep(forTimeInterval: 1)
        for (w, h) in [(1100, 700), (300, 200), (1, 1), (640, 360)] {
            try x.run("xdotool", ["search", "--onlyvisible", "--name", "Glint", "windowsize", "\(w)", "\(h)"])
            Thread.sleep(forTimeInterval: 0.6)
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

    @Test("key 2 switches to the Siri waveform, which swells while held; Tab switches back",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func switchToWaveform() throws {
        let glint = try glintBinary()
        try requireTools()
        let shots = try screenshotFolder("waveform")
        let x = try XServer.start()
        defer { x.stop() }
        let app = try Child.launch(glint, ["--size", "800x500", "--quit-after", "40"], environment: x.environment)
        defer { app.stop() }
        let window = try findWindow(x, app)
        Thread.sleep(forTimeInterval: 1.2)

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
        Thread.sleep(forTimeInterval: 1)
        let restShot = try screenshot(x, to: shots + "/waveform-rest.png", app: app)
        let rest = Look(restShot, window: window, scale: 1)
        try x.run("xdotool", ["mousemove", "\(window.midX)", "\(window.midY)", "mousedown", "1"])
        Thread.sleep(forTimeInterval: 1.2)
        let heldShot = try screenshot(x, to: shots + "/waveform-held.png", app: app)
        try copy(shots + "/waveform-held.png", to: "/tmp/glint-window-waveform.png")
        try x.run("xdotool", ["mouseup", "1"])
        Thread.sleep(forTimeInterval: 1.2)
        let releasedShot = try screenshot(x, to: shots + "/waveform-released.png", app: app)
        try x.run("xdotool", ["key", "Tab"])
        Thread.sleep(forTimeInterval: 1)
        let back = Look(try screenshot(x, to: shots + "/back.png", app: app), window: window, scale: 1)

        let (restRows, heldRows, releasedRows) = (litRows(restShot), litRows(heldShot), litRows(releasedShot))
        note("harmonic: \(harmonic)\nwaveform at rest: \(rest), \(restRows) lit rows\nheld: \(heldRows) lit rows, released: \(releasedRows)\nback: \(back)")
        #expect(harmonic.meanLevel > 0.12, "the harmonic glow first: \(harmonic)")
        #expect(rest.meanLevel < 0.05, "the waveform is thin lines on black: \(rest)")
        #expect(restRows < 30, "at rest the waveform is almost flat: \(restRows) rows")
        #expect(heldRows > 200, "holding swells the waves: \(heldRows) rows")
        #expect(releasedRows < 40, "releasing calms them: \(releasedRows) rows")
        #expect(back.meanLevel > 0.12, "Tab goes back to the harmonic glow: \(back)")

        try x.run("xdotool", ["key", "Escape"])
        #expect(app.waitForExit(seconds: 5) == .exited(0))
    }

    @Test("glint --effect waveform starts on the waveform",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func startOnWaveform() throws {
        let glint = try glintBinary()
        try requireTools()
        let shots = try screenshotFolder("waveform-start")
        let x = try XServer.start()
        defer { x.stop() }
        let app = try Child.launch(glint, ["--effect", "waveform", "--size", "640x300", "--quit-after", "20"], environment: x.environment)
        defer { app.stop() }
        let window = try findWindow(x, app)
        Thread.sleep(forTimeInterval: 1)
        let look = Look(try screenshot(x, to: shots + "/start.png", app: app), window: window, scale: 1)
        #expect(look.meanLevel < 0.05 && look.brightShare > 0.001, "thin white lines on black: \(look)")
        try x.run("xdotool", ["key", "q"])
        #expect(app.waitForExit(seconds: 5) == .exited(0))
    }

    @Test("a too-slow edit during live reload never freezes the window: the last good version stays on screen with the message",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
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
        let app = try Child.launch(glint, ["--effect", file, "--size", "640x360", "--no-overlay", "--quit-after", "40"], environment: x.environment)
        defer { app.stop() }
        let window = try findWindow(x, app)
        Thread.sleep(forTimeInterval: 1.5)
        let before = try screenshot(x, to: shots + "/before.png", app: app)
        func greenShare(_ shot: Screenshot) -> Double {
            var green = 0
            var total = 0
            // Below the two HUD lines.
            for y in stride(from: window.y + 60, to: window.y + window.height, by: 4) {
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
        let deadline = Date().addingTimeInterval(15)
        var stderr = ""
        while Date() < deadline {
            stderr = app.stderr(waitingUpTo: 0)
            if stderr.contains("longer than") { break }
            Thread.sleep(forTimeInterval: 0.2)
        }
        #expect(stderr.contains("live.frag") && stderr.contains("longer than 2 s"),
                "the window should report the slow shader by file: \(app.stderrSummary())")
        Thread.sleep(forTimeInterval: 1)
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
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func largerThanTheScreen() throws {
        let glint = try glintBinary()
        try requireTools()
        let x = try XServer.start()
        defer { x.stop() }
        let started = Date()
        let app = try Child.launch(glint, ["--size", "16384x16384", "--quit-after", "2"], environment: x.environment)
        defer { app.stop() }
        let exit = app.waitForExit(seconds: 15)
        let seconds = Date().timeIntervalSince(started)
        let stderr = app.stderr(waitingUpTo: 2)
        #expect(exit == .exited(0), "\(exit): \(stderr)")
        // Drawn at full size, one frame took 24 s on llvmpipe; fitted to the 1280x800 screen it ends on time.
        #expect(seconds < 10, "--quit-after 2 took \(seconds) s")
        #expect(stderr.contains("the screen is smaller than 16384x16384 points: the window opens at 1280x800"), "\(stderr)")
    }

    @Test("a slow prelude (glint.glsl) in --shaders never freezes the window: it is stopped and named, and --quit-after 3 quits on time",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func slowPreludeKeepsTheWindowResponsive() throws {
        let glint = try glintBinary()
        try requireTools()
        let dir = try screenshotFolder("slow-prelude-files")
        try FileManager.default.createDirectory(atPath: dir + "/shaders", withIntermediateDirectories: true)
        try Data(try ShaderFileTests.slowPrelude().utf8).write(to: URL(fileURLWithPath: dir + "/shaders/glint.glsl"))
        let x = try XServer.start()
        defer { x.stop() }
        let start = Date()
        let app = try Child.launch(glint, ["--shaders", dir + "/shaders", "--size", "640x360", "--quit-after", "3"], environment: x.environment)
        defer { app.stop() }
        let exit = app.waitForExit(seconds: 20)
        let elapsed = Date().timeIntervalSince(start)
        let stderr = app.stderr(waitingUpTo: 1)
        note("exit \(exit) after \(elapsed) s; stderr: \(stderr)")
        #expect(exit == .exited(0), "the window should quit by itself: \(exit). stderr: \(app.stderrSummary())")
        // 3 s, one frame stopped at the window's 2 s limit, and starting up.
        #expect(elapsed < 9, "--quit-after 3 took \(elapsed) s")
        #expect(stderr.contains("shaders/glint.glsl") && stderr.contains("longer than 2 s"), "the prelude is named: \(app.stderrSummary())")
    }

    @Test("a prelude the watchdog stopped draws nothing until saved again; saved fast, every effect comes back",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
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
        let app = try Child.launch(glint, ["--shaders", dir + "/shaders", "--size", "640x360", "--no-overlay", "--backdrop", "black", "--quit-after", "40"],
                                   environment: x.environment)
        defer { app.stop() }
        let window = try findWindow(x, app)
        func waitFor(_ text: String) -> Bool {
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline {
                if app.stderr(waitingUpTo: 0).contains(text) { return true }
                Thread.sleep(forTimeInterval: 0.2)
            }
            return false
        }
        // The glow's bright lines, below the HUD's lines (five at 640 points, with their plate).
        let belowHUD = 130
        func glow(_ shot: Screenshot) -> Double {
            shot.brightShare(columns: window.x..<(window.x + window.width), rows: (window.y + belowHUD)..<(window.y + window.height))
        }
        #expect(waitFor("longer than 2 s"), "the slow prelude is stopped: \(app.stderrSummary())")
        Thread.sleep(forTimeInterval: 0.5)
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
        Thread.sleep(forTimeInterval: 0.5)
        let back = glow(try screenshot(x, to: shots + "/reloaded.png", app: app))
        #expect(back > 0.01, "the glow is back: \(back)")
        try x.run("xdotool", ["key", "q"])
        #expect(app.waitForExit(seconds: 5) == .exited(0), "\(app.stderrSummary())")
    }

    @Test("a live edit declaring a uniform with the wrong type is named with both types; the window keeps its last good version",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func wrongUniformTypeInTheWindow() throws {
        let glint = try glintBinary()
        try requireTools()
        let dir = try screenshotFolder("wrong-uniform-files")
        let file = dir + "/live.frag"
        try Data("uniform float time;\nvec4 colorEffect(vec2 position, vec4 color) { return vec4(0.0, 0.8, 0.0, 1.0) + 0.0 * time; }\n".utf8)
            .write(to: URL(fileURLWithPath: file))
        let x = try XServer.start()
        defer { x.stop() }
        let app = try Child.launch(glint, ["--effect", file, "--size", "320x200", "--quit-after", "30"], environment: x.environment)
        defer { app.stop() }
        _ = try findWindow(x, app)
        Thread.sleep(forTimeInterval: 1)
        try Data("// now an int\nuniform int time;\nvec4 colorEffect(vec2 position, vec4 color) { return vec4(float(time - 2 * (time / 2)), 0.8, 0.0, 1.0); }\n".utf8)
            .write(to: URL(fileURLWithPath: file))
        let deadline = Date().addingTimeInterval(10)
        var stderr = ""
        while Date() < deadline {
            stderr = app.stderr(waitingUpTo: 0)
            if stderr.contains("declared") { break }
            Thread.sleep(forTimeInterval: 0.2)
        }
        #expect(stderr.contains("uniform 'time' in \(file):2 is declared int but glint feeds it as float"), "\(app.stderrSummary())")
        Thread.sleep(forTimeInterval: 1)
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

// MARK: - Finding things

private struct WindowTestFailure: Error, CustomStringConvertible {
    var description: String
}

private func require(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw WindowTestFailure(description: message()) }
}

/// GLINT_BINARY, else the App/ package's release build in this clone (CLI.binary).
private func glintBinary() throws -> String {
    if let path = ProcessInfo.processInfo.environment["GLINT_BINARY"], !path.isEmpty {
        try require(FileManager.default.isExecutableFile(atPath: path), "GLINT_BINARY='\(path)' is not an executable file")
        return path
    }
    let path = CLI.appBinary
    try require(FileManager.default.isExecutableFile(atPath: path), "no glint binary at \(path): \(CLI.howToBuild)")
    return path
}

/// The full path of `tool` on PATH, or nil.
private func which(_ tool: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for dir in path.split(separator: ":") {
        let candidate = "\(dir)/\(tool)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}

private func tool(_ name: String) throws -> String {
    guard let path = which(name) else {
        throw WindowTestFailure(description: "'\(name)' is not installed: run scripts/test (it installs Xvfb, xdotool, imagemagick and x11-xserver-utils), or set GLINT_SKIP_WINDOW_TESTS=1 to skip the window tests")
    }
    return path
}

func requireTools() throws {
    let missing = ["Xvfb", "xdotool", "import", "xrdb"].filter { which($0) == nil }
    try require(missing.isEmpty, "the window tests need \(missing.joined(separator: ", ")), which are not installed: run scripts/test (it installs them), or set GLINT_SKIP_WINDOW_TESTS=1 to skip these tests")
}

/// Whether the screenshots outlive the test, for a look at them or for the README's pictures
/// (`GLINT_KEEP_SCREENSHOTS=1`): then in /tmp/glint-window-tests/NAME, with the copies `copy` makes.
private let keepScreenshots = ProcessInfo.processInfo.environment["GLINT_KEEP_SCREENSHOTS"] == "1"

/// A folder for one test's screenshots, removed when the test ends unless they are kept.
private func screenshotFolder(_ name: String) throws -> String {
    guard keepScreenshots else { return try TemporaryFiles.folder("glint-window-\(name)") }
    let folder = "/tmp/glint-window-tests/\(name)"
    try? FileManager.default.removeItem(atPath: folder)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
}

/// Copies a screenshot to `to`, where the README's pictures are taken from, when screenshots are
/// kept (`GLINT_KEEP_SCREENSHOTS=1`); otherwise does nothing.
private func copy(_ from: String, to: String) throws {
    guard keepScreenshots else { return }
    try? FileManager.default.removeItem(atPath: to)
    try FileManager.default.copyItem(atPath: from, toPath: to)
}

// MARK: - Child processes

/// How a child ended, or that it has not.
private enum ExitState: Equatable, CustomStringConvertible {
    case running
    case exited(Int32)
    case signalled(Int32)

    var description: String {
        switch self {
        case .running: "still running"
        case let .exited(code): "exit status \(code)"
        case let .signalled(signal): "killed by signal \(signal)"
        }
    }
}

/// Reads a pipe to its end on a thread of its own, so a chatty child never blocks on a full pipe.
private final class PipeReader: @unchecked Sendable {
    let pipe = Pipe()
    private let lock = NSLock()
    private var data = Data()
    private let finished = DispatchSemaphore(value: 0)

    init() {
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                lock.lock()
                data.append(chunk)
                lock.unlock()
            }
            finished.signal()
        }
    }

    /// What was read so far, after waiting at most `seconds` for the end of the stream.
    func text(waitingUpTo seconds: Double) -> String {
        if finished.wait(timeout: .now() + seconds) == .success { finished.signal() }
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }
}

/// A child process with captured output that is always killed on the way out.
private final class Child {
    let name: String
    private let process = Process()
    private let out = PipeReader()
    private let err = PipeReader()

    private init(_ path: String, _ arguments: [String], environment: [String: String]) {
        name = (path as NSString).lastPathComponent
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out.pipe
        process.standardError = err.pipe
    }

    /// Starts `path` (in `directory`, if given: where the window's S and V keys write).
    static func launch(_ path: String, _ arguments: [String], environment: [String: String], in directory: String? = nil) throws -> Child {
        let child = Child(path, arguments, environment: environment)
        if let directory { child.process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        try child.start()
        return child
    }

    /// Starts the process with no signals blocked. Test code runs on pool threads that block
    /// most signals, and a spawned child inherits that mask: SIGTERM would never reach it (an
    /// Xvfb killed with SIGKILL instead leaves its lock file and socket behind).
    private func start() throws {
        var none = sigset_t()
        var saved = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &saved)
        defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
        do {
            try process.run()
        } catch {
            throw WindowTestFailure(description: "cannot start \(process.executableURL?.path ?? name): \(error)")
        }
    }

    var pid: Int32 { process.processIdentifier }

    var state: ExitState {
        if process.isRunning { return .running }
        switch process.terminationReason {
        case .exit: return .exited(process.terminationStatus)
        case .uncaughtSignal: return .signalled(process.terminationStatus)
        @unknown default: return .exited(process.terminationStatus)
        }
    }

    /// Waits at most `seconds` for the child to end; `.running` when it has not.
    @discardableResult
    func waitForExit(seconds: Double) -> ExitState {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        return state
    }

    /// SIGTERM, then SIGKILL after a second; returns once the child is gone.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        if waitForExit(seconds: 1) == .running {
            kill(process.processIdentifier, SIGKILL)
            waitForExit(seconds: 3)
        }
    }

    func stdout(waitingUpTo seconds: Double) -> String { out.text(waitingUpTo: seconds) }
    func stderr(waitingUpTo seconds: Double) -> String { err.text(waitingUpTo: seconds) }

    /// The first lines of stderr, for failure messages.
    func stderrSummary() -> String {
        let text = err.text(waitingUpTo: process.isRunning ? 0 : 1)
        let lines = text.split(separator: "\n").prefix(6)
        return lines.isEmpty ? "(empty)" : lines.joined(separator: " | ")
    }

    /// Runs a short command to its end (in `directory`, if given), killing it after `timeout` seconds.
    static func run(_ path: String, _ arguments: [String], environment: [String: String], input: String? = nil,
                    in directory: String? = nil, timeout: Double) throws -> (state: ExitState, stdout: String, stderr: String) {
        let child = Child(path, arguments, environment: environment)
        if let directory { child.process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let stdin = Pipe()
        if input != nil { child.process.standardInput = stdin }
        try child.start()
        defer { child.stop() }
        if let input {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try? stdin.fileHandleForWriting.close()
        }
        let state = child.waitForExit(seconds: timeout)
        return (state, child.stdout(waitingUpTo: 1), child.stderr(waitingUpTo: 1))
    }
}

// MARK: - The X server

/// A private Xvfb on a free display number.
final class XServer {
    let display: String
    let environment: [String: String]
    private let server: Child

    private init(display: String, server: Child) {
        self.display = display
        self.server = server
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        // A crash should end at once with its signal, not spend seconds printing a backtrace.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        self.environment = environment
    }

    static func start() throws -> XServer {
        let xvfb = try tool("Xvfb")
        let xdotool = try tool("xdotool")
        var problems: [String] = []
        for n in 91...120 {
            let socket = "/tmp/.X11-unix/X\(n)"
            if displayIsTaken(n) { continue }
            // -noreset: otherwise the server resets when its last client disconnects, which
            // clears RESOURCE_MANAGER (the Xft.dpi that xrdb sets) before glint connects.
            let server = try Child.launch(xvfb, [":\(n)", "-nolisten", "tcp", "-noreset", "-screen", "0", "1280x800x24"],
                                          environment: ProcessInfo.processInfo.environment)
            let x = XServer(display: ":\(n)", server: server)
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline, server.state == .running {
                if FileManager.default.fileExists(atPath: socket),
                   let probe = try? Child.run(xdotool, ["getmouselocation"], environment: x.environment, timeout: 2),
                   probe.state == .exited(0) {
                    return x
                }
                Thread.sleep(forTimeInterval: 0.1)
            }
            problems.append(":\(n): \(server.state); \(server.stderrSummary())")
            server.stop()
            if problems.count >= 3 { break }
        }
        throw WindowTestFailure(description: "could not start Xvfb on a free display in :91…:120: \(problems.joined(separator: "; "))")
    }

    func stop() { server.stop() }

    /// A display is taken when its lock file names a live process. Xvfb itself replaces the
    /// lock file and socket that a killed server left behind.
    private static func displayIsTaken(_ n: Int) -> Bool {
        guard let text = try? String(contentsOfFile: "/tmp/.X\(n)-lock", encoding: .utf8) else {
            return FileManager.default.fileExists(atPath: "/tmp/.X\(n)-lock")  // unreadable: assume taken
        }
        guard let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0 else { return true }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// Runs an X tool against this server; fails with its stderr unless it exits 0 in time.
    @discardableResult
    func run(_ name: String, _ arguments: [String], input: String? = nil, timeout: Double = 10) throws -> String {
        let result = try Child.run(try tool(name), arguments, environment: environment, input: input, timeout: timeout)
        try require(result.state == .exited(0),
                    "\(name) \(arguments.joined(separator: " ")) failed (\(result.state)): \(result.stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
        return result.stdout
    }
}

/// `library-probe MODE` in its 240x160 window under a virtual X server of its own, and the
/// xdotool steps its tests drive it with.
private struct ProbeWindow {
    let x: XServer
    let app: Child
    let window: WindowFrame

    init(_ mode: String) throws {
        let tool = try ExamplesTests.libraryProbe()
        try requireTools()
        x = try XServer.start()
        do {
            app = try Child.launch(tool, [mode], environment: x.environment)
            window = try findWindow(x, app)
        } catch {
            x.stop()
            throw error
        }
        guard window.width == 240 && window.height == 160 else {
            stop()
            throw WindowTestFailure(description: "the probe's window is \(window), not 240x160")
        }
        Thread.sleep(forTimeInterval: 1)
    }

    func stop() {
        app.stop()
        x.stop()
    }

    /// One xdotool step, given time to reach a frame of its own.
    func step(_ arguments: [String]) throws {
        try x.run("xdotool", arguments)
        Thread.sleep(forTimeInterval: 0.4)
    }

    /// Moving the pointer to (`px`, `py`) in the window.
    func at(_ px: Int, _ py: Int) -> [String] { ["mousemove", "\(window.x + px)", "\(window.y + py)"] }
}

private struct WindowFrame: CustomStringConvertible {
    var x: Int, y: Int, width: Int, height: Int
    var midX: Int { x + width / 2 }
    var midY: Int { y + height / 2 }
    var description: String { "\(width)x\(height) at \(x),\(y)" }
}

/// Waits (bounded) for the Glint window to be mapped and returns its geometry in pixels.
private func findWindow(_ x: XServer, _ app: Child) throws -> WindowFrame {
    do {
        try x.run("xdotool", ["search", "--sync", "--onlyvisible", "--name", "Glint"], timeout: 10)
    } catch {
        throw WindowTestFailure(description: "no Glint window appeared within 10 s (glint \(app.state); stderr: \(app.stderrSummary())): \(error)")
    }
    let text = try x.run("xdotool", ["search", "--onlyvisible", "--name", "Glint", "getwindowgeometry"])
    // "Window 4194311\n  Position: 0,0 (screen: 0)\n  Geometry: 800x500\n"
    func numbers(after label: String, separator: Character) -> [Int]? {
        guard let line = text.split(separator: "\n").first(where: { $0.contains(label) }) else { return nil }
        let value = line.split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces) ?? ""
        let first = value.split(separator: " ").first ?? ""
        let parts = first.split(separator: separator).compactMap { Int($0) }
        return parts.count == 2 ? parts : nil
    }
    guard let position = numbers(after: "Position:", separator: ","), let size = numbers(after: "Geometry:", separator: "x") else {
        throw WindowTestFailure(description: "cannot read the window geometry from xdotool: \(text.debugDescription)")
    }
    return WindowFrame(x: position[0], y: position[1], width: size[0], height: size[1])
}

// MARK: - Waiting on the window

/// The window's `--state FILE`, which glint rewrites after every frame once that frame is on
/// screen: what a test waits on after its input, instead of a fixed time, so a busy machine only
/// makes it slower.
private struct WindowState {
    let path: String
    let app: Child

    /// The state of the last frame on screen; nil before the first.
    func read() -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// Frames drawn and on screen so far.
    var frame: Int { read().map { Int(Self.number($0, "window.frame")) } ?? 0 }

    /// Waits (at most `seconds`) for a frame on screen whose state satisfies `condition`; returns
    /// that state. Fails naming `what` with the last state seen.
    @discardableResult
    func wait(_ what: String, seconds: Double = 20, until condition: ([String: Any]) -> Bool) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(seconds)
        // The app writes a new file beside this one and renames it over it: inotify on the folder
        // wakes this loop at each frame's state instead of a polling interval.
        let watch = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        defer { if watch >= 0 { close(watch) } }
        if watch >= 0 { _ = inotify_add_watch(watch, (path as NSString).deletingLastPathComponent, UInt32(IN_MOVED_TO | IN_CLOSE_WRITE)) }
        var last: [String: Any]?
        var events = [UInt8](repeating: 0, count: 4096)
        while true {
            if let state = read() {
                last = state
                if condition(state) { return state }
            }
            try require(app.state == .running, "glint quit while waiting for \(what): \(app.state); stderr: \(app.stderrSummary())")
            try require(Date() < deadline, "no frame showed \(what) within \(seconds) s; the last state: \(last.map { "\($0)" } ?? "none")")
            // Until the next write, or at most 0.25 s so that a quit app is noticed.
            var wake = pollfd(fd: watch, events: Int16(POLLIN), revents: 0)
            _ = poll(&wake, 1, 250)
            while watch >= 0 && Glibc.read(watch, &events, events.count) > 0 {}
        }
    }

    /// Waits for the first `count` frames to be on screen.
    @discardableResult
    func started(frames count: Int = 2) throws -> [String: Any] {
        try wait("the first \(count) frames") { Self.number($0, "window.frame") >= Double(count) }
    }

    /// Waits for a frame drawn after all the input sent so far: the frame on screen now began
    /// before this call, the next one may have polled its events before the input arrived, the
    /// one after that polled them after. Returns its state.
    @discardableResult
    func afterInput(seconds: Double = 20) throws -> [String: Any] {
        let now = frame
        return try wait("a frame after the input (frame \(now + 2))", seconds: seconds) { Self.number($0, "window.frame") >= Double(now + 2) }
    }

    /// A number in a state; NaN when it is missing.
    static func number(_ state: [String: Any], _ key: String) -> Double {
        (state[key] as? NSNumber)?.doubleValue ?? .nan
    }

    /// A flag in a state; nil when it is missing.
    static func flag(_ state: [String: Any], _ key: String) -> Bool? {
        state[key] as? Bool
    }
}

// MARK: - The controls panel

/// The controls panel `glint` lays out for harmonic in `window`, in points from its top-left.
private func controlsPanel(for window: WindowFrame, scale: Int) -> ControlsPanel.Layout {
    ControlsPanel(effects: [HarmonicEffect()]).layout(in: Size(width: Double(window.width / scale), height: Double(window.height / scale)))
}

// MARK: - Screenshots

extension Screenshot {
    /// The share of `window`'s pixels (every second one each way) that show a magenta backdrop:
    /// what a tear opens onto in the tests that pass `--backdrop '#ff00ff'`.
    fileprivate func magentaShare(in window: WindowFrame) -> Double {
        var hits = 0, total = 0
        for yy in stride(from: 0, to: window.height, by: 2) { for xx in stride(from: 0, to: window.width, by: 2) {
            let p = pixel(window.x + xx, window.y + yy)
            total += 1
            if p.r > 0.9 && p.b > 0.9 && p.g < 0.1 { hits += 1 }
        } }
        return Double(hits) / Double(max(total, 1))
    }
}

private struct Screenshot {
    var width: Int
    var height: Int
    var rgba: [UInt8]

    /// Channel values 0…1 of the pixel at (x, y).
    func pixel(_ x: Int, _ y: Int) -> (r: Double, g: Double, b: Double) {
        let i = (y * width + x) * 4
        return (Double(rgba[i]) / 255, Double(rgba[i + 1]) / 255, Double(rgba[i + 2]) / 255)
    }

    /// The share of pixels in the block whose brightest channel is over one half.
    func brightShare(columns: Range<Int>, rows: Range<Int>) -> Double {
        let columns = columns.clamped(to: 0..<width)
        let rows = rows.clamped(to: 0..<height)
        var bright = 0
        for y in rows {
            for x in columns {
                let p = pixel(x, y)
                if max(p.r, p.g, p.b) > 0.5 { bright += 1 }
            }
        }
        let total = columns.count * rows.count
        return total > 0 ? Double(bright) / Double(total) : 0
    }
}

/// Takes a screenshot of the whole screen and decodes it; fails if glint has already quit.
private func screenshot(_ x: XServer, to path: String, app: Child) throws -> Screenshot {
    try require(app.state == .running, "glint quit before the screenshot \(path): \(app.state); stderr: \(app.stderrSummary())")
    try x.run("import", ["-window", "root", "PNG32:\(path)"], timeout: 15)
    let image = try PNG.read(path)
    try require(image.width == 1280 && image.height == 800, "the screenshot should be 1280x800, got \(image.width)x\(image.height)")
    return Screenshot(width: image.width, height: image.height, rgba: image.rgba)
}

/// What a user sees in the window: how much of it is bright, and how much of the bright part is
/// strongly coloured. The foreground icon (orange, at the bottom centre) is left out; the label
/// and the HUD line are white and count as uncoloured.
private struct Look: CustomStringConvertible {
    var pixels = 0
    var bright = 0
    var coloured = 0
    var levelSum = 0.0

    init(_ shot: Screenshot, window: WindowFrame, scale: Int) {
        // The icon: 72 points square, 36 points above the bottom, centred; with a margin.
        let iconTop = window.y + window.height - (36 + 72 + 12) * scale
        let iconColumns = (window.midX - 50 * scale)..<(window.midX + 50 * scale)
        for y in max(0, window.y)..<min(shot.height, window.y + window.height) {
            for x in max(0, window.x)..<min(shot.width, window.x + window.width) {
                if y >= iconTop && iconColumns.contains(x) { continue }
                let p = shot.pixel(x, y)
                let hi = max(p.r, p.g, p.b)
                let lo = min(p.r, p.g, p.b)
                pixels += 1
                levelSum += hi
                if hi > 0.5 {
                    bright += 1
                    if (hi - lo) / hi > 0.35 { coloured += 1 }
                }
            }
        }
    }

    var meanLevel: Double { pixels > 0 ? levelSum / Double(pixels) : 0 }
    var brightShare: Double { pixels > 0 ? Double(bright) / Double(pixels) : 0 }
    var colouredShare: Double { bright > 0 ? Double(coloured) / Double(bright) : 0 }

    var description: String {
        String(format: "mean level %.3f, bright %.1f%% of the window, coloured %.1f%% of the bright pixels (%d of %d)",
               meanLevel, brightShare * 100, colouredShare * 100, coloured, bright)
    }
}

/// A colour effect whose cost the test chooses: `loops` turns of sin and cos per pixel (150
/// give a few frames a second at 800x500 in software), over a blue that has no magenta.
private let costlyShader = """
    // A colour effect as costly as --param loops makes it.
    uniform int loops;   // glint: 0 100000 0
    uniform float time;

    vec4 colorEffect(vec2 position, vec4 color) {
        float v = 0.0;
        for (int i = 0; i < loops; i++) {
            v += sin(position.x * 0.01 + float(i)) * cos(position.y * 0.01 - float(i));
        }
        return vec4(0.1, 0.3 + 0.1 * sin(time), 0.6, 1.0) + 1e-30 * v;
    }

    """

/// A colour effect far too slow for the window's frames on a software renderer.
private let slowShaderForWindow = """
    // Deliberately slow: a long loop of sin and cos per pixel.
    vec4 colorEffect(vec2 position, vec4 color) {
        float v = 0.0;
        for (int i = 0; i < 60000; i++) {
            v += sin(position.x * 0.01 + float(i)) * cos(position.y * 0.01 - float(i));
        }
        return vec4(1.0, 0.0, 0.0, 1.0) + 1e-30 * v;
    }

    """

// MARK: - The Examples package

/// The Examples package's `card-demo`, built by scripts/test (or GLINT_EXAMPLES_BINARY): a
/// package outside Glint that depends on it by path, as a user's would.
func examplesBinary() throws -> String {
    if let path = ProcessInfo.processInfo.environment["GLINT_EXAMPLES_BINARY"], !path.isEmpty {
        try require(FileManager.default.isExecutableFile(atPath: path), "GLINT_EXAMPLES_BINARY='\(path)' is not an executable file")
        return path
    }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let path = root.appendingPathComponent("Examples/.build/debug/card-demo").path
    try require(FileManager.default.isExecutableFile(atPath: path),
                "no card-demo at \(path): run scripts/test, or 'swift build --package-path Examples'")
    return path
}

@Suite("Examples package (a client of the Glint library)", .serialized, .removesTemporaryFiles)
struct ExamplesTests {
    /// The share of `shot`'s pixels in the block whose channels are all under 0.05.
    fileprivate static func blackShare(_ shot: Screenshot, columns: Range<Int>, rows: Range<Int>) -> Double {
        var black = 0
        for y in rows { for x in columns { let p = shot.pixel(x, y); if max(p.r, p.g, p.b) < 0.05 { black += 1 } } }
        return Double(black) / Double(columns.count * rows.count)
    }

    /// Mean red minus blue over the block: how warm the tint is.
    fileprivate static func warmth(_ shot: Screenshot, columns: Range<Int>, rows: Range<Int>) -> Double {
        var sum = 0.0
        for y in rows { for x in columns { let p = shot.pixel(x, y); sum += p.r - p.b } }
        return sum / Double(columns.count * rows.count)
    }

    @Test("card-demo renders its chained view (image, wave, blur, its own GLSL tint) to a PNG at scale 2 with no display",
          .timeLimit(.minutes(1)))
    func rendersPNG() throws {
        let demo = try examplesBinary()
        let folder = try screenshotFolder("examples-png")
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "DISPLAY")
        let result = try Child.run(demo, ["--output", folder + "/card.png"], environment: environment, timeout: 30)
        #expect(result.state == .exited(0), "card-demo failed: \(result.stderr)")
        let image = try PNG.read(folder + "/card.png")
        #expect(image.width == 640 && image.height == 400, "a 320x200-point frame at scale 2: \(image.width)x\(image.height)")
        let shot = Screenshot(width: image.width, height: image.height, rgba: image.rgba)
        // The middle is the card: opaque, tinted towards orange (red well over blue).
        let i = (200 * 640 + 320) * 4
        #expect(image.rgba[i + 3] == 255, "the card's middle is not opaque")
        #expect(Self.warmth(shot, columns: 200..<440, rows: 140..<260) > 0.15, "the tint did not warm the card")
        // The wave (time 0.4, frequency 10, strength 8) shows at x = 1 point the source
        // 1 + sin(4.03)·8 ≈ −5.2, outside the image: transparent; at x = 20, 20 + sin(4.63)·8 ≈ 12: the card.
        let alpha = { (x: Int, y: Int) in image.rgba[(y * 640 + x) * 4 + 3] }
        #expect((100..<300).allSatisfy { alpha(2, $0) < 32 }, "the wave should pull transparency in at the left edge")
        #expect((100..<300).allSatisfy { alpha(40, $0) == 255 }, "20 points in, the card should be opaque")

        let bad = try Child.run(demo, ["--output", "/proc/nope/card.png"], environment: environment, timeout: 30)
        #expect(bad.state == .exited(1), "\(bad.state)")
        #expect(bad.stderr.split(separator: "\n").count == 1 && bad.stderr.hasPrefix("card-demo: "), "\(bad.stderr)")
    }

    @Test("card-demo with no --output writes card-demo.png to the temporary folder, never into the folder it runs in",
          .timeLimit(.minutes(1)))
    func writesToTemporaryFolder() throws {
        let demo = try examplesBinary()
        let runIn = try TemporaryFiles.folder("glint-examples-cwd")
        let temporary = try TemporaryFiles.folder("glint-examples-tmp")
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "DISPLAY")
        environment["TMPDIR"] = temporary
        let result = try Child.run(demo, [], environment: environment, in: runIn, timeout: 30)
        #expect(result.state == .exited(0), "card-demo failed: \(result.stderr)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: runIn)) ?? []
        #expect(left.isEmpty, "card-demo wrote into the folder it ran in: \(left)")
        let image = try PNG.read(temporary + "/card-demo.png")
        #expect(image.width == 640 && image.height == 400, "\(image.width)x\(image.height)")
        #expect(result.stdout.contains(temporary + "/card-demo.png"), "it says where the picture is: \(result.stdout)")
    }

    @Test("card-demo opens the same view in a window: centred on black, warmer while the button is held, Escape quits",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func opensWindow() throws {
        let demo = try examplesBinary()
        try requireTools()
        let shots = try screenshotFolder("examples-window")
        let x = try XServer.start()
        defer { x.stop() }
        let app = try Child.launch(demo, ["--window", "30"], environment: x.environment)
        defer { app.stop() }
        let window = try findWindow(x, app)
        #expect(window.width == 480 && window.height == 320, "\(window)")
        Thread.sleep(forTimeInterval: 1.5)
        let before = try screenshot(x, to: shots + "/before.png", app: app)
        try copy(shots + "/before.png", to: "/tmp/glint-examples-window.png")
        // The 320x200 card sits at (80, 60); the 60-point bands above and below it are the black backdrop
        // (the wave may move it up to 8 points out, so the test looks at the band's first 50 rows).
        let card = (columns: 120..<360, rows: 100..<220)
        #expect(Self.blackShare(before, columns: 0..<480, rows: 5..<50) > 0.95, "the band above the card is not black")
        #expect(Self.blackShare(before, columns: card.columns, rows: card.rows) < 0.05, "the card is not drawn in the middle")
        let cool = Self.warmth(before, columns: card.columns, rows: card.rows)

        try x.run("xdotool", ["mousemove", "\(window.midX)", "\(window.midY)", "mousedown", "1"])
        Thread.sleep(forTimeInterval: 1)
        let held = try screenshot(x, to: shots + "/held.png", app: app)
        let warm = Self.warmth(held, columns: card.columns, rows: card.rows)
        note("examples window: warmth \(cool) → \(warm) while held; screenshots in \(shots)")
        #expect(warm > cool + 0.05, "holding the button should warm the tint: \(cool) → \(warm)")
        try x.run("xdotool", ["mouseup", "1", "key", "Escape"])
        let exit = app.waitForExit(seconds: 5)
        #expect(exit == .exited(0), "Escape should quit card-demo cleanly; got \(exit). stderr: \(app.stderrSummary())")
    }

    /// `seed-views`, built beside card-demo.
    static func seedViews() throws -> String {
        let path = URL(fileURLWithPath: try examplesBinary()).deletingLastPathComponent().appendingPathComponent("seed-views").path
        try require(FileManager.default.isExecutableFile(atPath: path), "no seed-views at \(path): run scripts/test")
        return path
    }

    @Test("seed-views draws seeds 000, 001, 003 and 004 (Glint's demo views) to PNGs with no display",
          .timeLimit(.minutes(2)))
    func seedViewsRender() throws {
        let tool = try Self.seedViews()
        let folder = try screenshotFolder("seed-views")
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "DISPLAY")
        func render(_ name: String) throws -> Screenshot {
            let result = try Child.run(tool, [name, "--output", folder + "/\(name).png"], environment: environment, timeout: 60)
            try require(result.state == .exited(0), "seed-views \(name) failed: \(result.stderr)")
            let image = try PNG.read(folder + "/\(name).png")
            return Screenshot(width: image.width, height: image.height, rgba: image.rgba)
        }
        func count(_ shot: Screenshot, columns: Range<Int>, rows: Range<Int>, _ test: ((r: Double, g: Double, b: Double)) -> Bool) -> Int {
            var n = 0
            for y in rows { for x in columns where test(shot.pixel(x, y)) { n += 1 } }
            return n
        }
        let white = { (p: (r: Double, g: Double, b: Double)) in min(p.r, p.g, p.b) > 0.85 }

        // Seed 000, 640x400 points at scale 2: the waves glow across the middle; the caption is white text
        // on its pill above the microphone (the label's line 278 points down, 44 above the microphone's top).
        let harmonic = try render("harmonic")
        #expect(harmonic.width == 1280 && harmonic.height == 800)
        #expect(count(harmonic, columns: 0..<1280, rows: 300..<500, white) > 2000, "the waves should glow in the middle")
        let caption = count(harmonic, columns: 440..<840, rows: 490..<570, white)
        #expect(caption > 300 && caption < 20000, "the caption's white text over the microphone: \(caption) pixels")

        // Seed 001, 640x400 points: the waves, thin white strokes, across the middle on black.
        let waveform = try render("waveform")
        #expect(waveform.width == 1280 && waveform.height == 800)
        #expect(count(waveform, columns: 0..<1280, rows: 360..<440, white) > 1000, "the primary wave across the middle")
        #expect(count(waveform, columns: 0..<1280, rows: 0..<200) { max($0.r, $0.g, $0.b) > 0.05 } == 0, "black above the waves")

        // Seed 003, 860x520 points: the black square cover on the left, the prism outlined in white, the
        // six rainbow colours at its right edge, the sliders' blue on the right.
        let prism = try render("prism")
        #expect(prism.width == 1720 && prism.height == 1040)
        let square = (x: 52, y: 32, side: 976)  // (26, 16) and 488 points, at scale 2
        let black = count(prism, columns: square.x + 10..<square.x + 100, rows: square.y + 10..<square.y + 100) { max($0.r, $0.g, $0.b) < 0.05 }
        #expect(black > 8000, "the cover's corner is black: \(black)")
        let outline = count(prism, columns: square.x + 300..<square.x + 680, rows: square.y + 300..<square.y + 700, white)
        #expect(outline > 1000, "the prism's white outline: \(outline)")
        let edge = square.x + square.side - 4
        let rainbowRed = count(prism, columns: edge - 6..<edge, rows: square.y..<square.y + square.side) { $0.r > 0.8 && $0.g < 0.4 && $0.b < 0.4 }
        let rainbowBlue = count(prism, columns: edge - 6..<edge, rows: square.y..<square.y + square.side) { $0.b > 0.8 && $0.r < 0.2 && $0.g < 0.6 }
        #expect(rainbowRed > 50 && rainbowBlue > 50, "the rainbow reaches the right edge: red \(rainbowRed), blue \(rainbowBlue)")
        let sliderBlue = count(prism, columns: 1200..<1700, rows: 0..<400) { $0.b > 0.8 && $0.r < 0.2 }
        #expect(sliderBlue > 500, "the sliders' filled tracks: \(sliderBlue)")

        // Seed 004's card: the gradient, a white title, the button's blue plate.
        let tear = try render("tear")
        #expect(tear.width == 1280 && tear.height == 800)
        #expect(count(tear, columns: 300..<980, rows: 150..<650, white) > 2000, "the title and caption in white")
        #expect(count(tear, columns: 300..<980, rows: 150..<700) { $0.b > 0.85 && $0.r < 0.15 && $0.g > 0.35 && $0.g < 0.6 } > 2000,
                "the button's blue plate")

        let bad = try Child.run(tool, ["nope"], environment: environment, timeout: 30)
        #expect(bad.state == .exited(2) && bad.stderr.hasPrefix("seed-views: usage"), "\(bad.state) \(bad.stderr)")
    }

    static func libraryProbe() throws -> String {
        let path = URL(fileURLWithPath: try examplesBinary()).deletingLastPathComponent().appendingPathComponent("library-probe").path
        try require(FileManager.default.isExecutableFile(atPath: path), "no library-probe at \(path): run scripts/test")
        return path
    }

    @Test("the README's lower-level example runs as written: the frame driver, a press at 0.5 s, the glow held and coloured at 1.5 s")
    func frameDriverExample() throws {
        let tool = try Self.libraryProbe()
        let out = try TemporaryFiles.folder("frame-driver") + "/held.png"
        let r = try Child.run(tool, ["frame-driver", out], environment: [:], timeout: 60)
        #expect(r.state == .exited(0), "\(r.state): \(r.stderr)")
        let image = try PNG.read(out)
        #expect(image.width == 1280 && image.height == 720)
        // Held for a second, the waves take their palette: some pixels are far from grey.
        var coloured = 0
        for i in stride(from: 0, to: image.rgba.count, by: 4) {
            let r = Int(image.rgba[i]), g = Int(image.rgba[i + 1]), b = Int(image.rgba[i + 2])
            if max(r, g, b) - min(r, g, b) > 80 { coloured += 1 }
        }
        #expect(coloured > 1280 * 720 / 100, "the held glow shows its colours: \(coloured) coloured pixels")
    }

    @Test("a package's ImageRenderer alive while its Window opens, and one drawing inside the window's frame, both work (one current context a thread)",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func contextsShareAThread() throws {
        let tool = try Self.libraryProbe()
        try requireTools()
        let x = try XServer.start()
        defer { x.stop() }
        // Before: X ended the process with BadAccess (X_GLXMakeCurrent) as the window opened.
        let before = try Child.run(tool, ["image-then-window"], environment: x.environment, timeout: 30)
        #expect(before.state == .exited(0), "\(before.state): \(before.stderr)")
        #expect(before.stdout.hasPrefix("ok: 64x40 drawn before the window opened and the same after it closed"), "\(before.stdout)")
        // Before: the render inside the frame left the headless context current under the window's drawing.
        let inside = try Child.run(tool, ["image-in-window"], environment: x.environment, timeout: 30)
        #expect(inside.state == .exited(0), "\(inside.state): \(inside.stderr)")
        // The gradient's bottom-right corner is yellow: the image is the gradient, drawn whole.
        #expect(inside.stdout.hasPrefix("ok: 64x40 drawn in the window's frame, its bottom-right pixel 25"), "\(inside.stdout)")
    }

    @Test("a press in a package's Window whose view goes away mid-press is cancelled (no onEnded, nothing more to it or to the view shown instead), and the next press starts afresh",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func pressOwnerGoes() throws {
        // A's DragGesture fills the 240x160 window; S swaps it for B's, and back.
        let probe = try ProbeWindow("press-owner-goes")
        defer { probe.stop() }
        let (x, app, step, at) = (probe.x, probe.app, probe.step, probe.at)
        // Press on A and drag; S while held shows B (A is gone: its press is cancelled); the drag
        // goes on over B; S again brings A back, still held; more drag, then release.
        try step(at(60, 60) + ["mousedown", "1"])
        try step(at(80, 60))
        try step(at(100, 60))
        try step(["key", "s"])
        try step(at(140, 60))
        try step(["key", "s"])
        try step(at(180, 60))
        try step(["mouseup", "1"])
        // A fresh press on A: its drag starts where this press did.
        try step(at(40, 100) + ["mousedown", "1"])
        try step(at(80, 100))
        try step(at(120, 100))
        try step(["mouseup", "1"])
        // B takes a press of its own.
        try step(["key", "s"])
        try step(at(60, 60) + ["mousedown", "1"])
        try step(at(100, 60))
        try step(["mouseup", "1"])
        try x.run("xdotool", ["key", "Escape"])
        let exit = app.waitForExit(seconds: 10)
        let lines = app.stdout(waitingUpTo: 2).split(separator: "\n").map(String.init)
        #expect(exit == .exited(0), "\(exit): \(app.stderrSummary())")
        // The press ends with A: the router forgets its owner (GestureRouter.frameBuilt) and A's
        // progress goes with A (ViewStore). Were the press still A's, A, back under the held button,
        // would go on with it: "A changed from 60,60", then "A ended from 60,60 by 120,0" at the release.
        #expect(lines == [
            "A changed from 60,60",
            "showing B",
            "showing A",
            "A changed from 40,100",
            "A ended from 40,100 by 80,0",
            "showing B",
            "B changed from 60,60",
            "B ended from 60,60 by 40,0",
            "closed",
        ], "what the probe's gestures heard:\n\(lines.joined(separator: "\n"))")
    }

    @Test("a tear in a package's Window whose view goes away mid-drag is cancelled: it closes, never breaks, and the next tear starts afresh",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func tearOwnerGoes() throws {
        // A tearable 240x160 view, its TearController kept by the view around it; S swaps the
        // tearable view for a plain one, and back.
        let probe = try ProbeWindow("tear-owner-goes")
        defer { probe.stop() }
        let (x, app, step, at) = (probe.x, probe.app, probe.step, probe.at)
        /// Waits (bounded) for the probe to print `line`: a closing cut takes its own time.
        func waitFor(_ line: String) {
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline, !app.stdout(waitingUpTo: 0).contains(line + "\n") { Thread.sleep(forTimeInterval: 0.1) }
        }
        // From the left edge into the view; S while held takes the view away mid-tear; S brings
        // it back, the button still held; on to the far edge and release.
        try step(at(2, 80) + ["mousedown", "1"])
        try step(at(40, 80))
        try step(at(80, 80))
        try step(["key", "s"])
        try step(at(140, 80))
        try step(["key", "s"])
        try step(at(238, 80))
        try step(["mouseup", "1"])
        waitFor("tear closed (1)")
        // A fresh tear, let go short of the threshold: it closes.
        try step(at(2, 120) + ["mousedown", "1"])
        try step(at(40, 120))
        try step(at(80, 120))
        try step(["mouseup", "1"])
        waitFor("tear closed (2)")
        try x.run("xdotool", ["key", "Escape"])
        let exit = app.waitForExit(seconds: 10)
        let lines = app.stdout(waitingUpTo: 2).split(separator: "\n").map(String.init)
        #expect(exit == .exited(0), "\(exit): \(app.stderrSummary())")
        // The first switch is heard before the frame without the view: the tear is still held
        // then. The frame without it cancels the tear (GestureRouter.frameBuilt): back, it is
        // closing. Were it still held, the drag to the far edge would break the view ("tear broke (1)")
        // and the broken view would take no second tear.
        #expect(lines == [
            "showing the plain view: tear tearing, held",
            "showing the tearable view: tear recovering",
            "tear closed (1)",
            "tear closed (2)",
            "closed",
        ], "what the probe's tear did:\n\(lines.joined(separator: "\n"))")
    }

    @Test("a package's NaN or infinite sizes and scales are one-line RenderErrors, a huge maxSampleOffset is clamped, and a runaway shader is stopped by ImageRenderer's watchdog",
          .timeLimit(.minutes(1)))
    func libraryFaults() throws {
        let tool = try Self.libraryProbe()
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "DISPLAY")
        let probe = try Child.run(tool, ["not-a-number"], environment: environment, timeout: 30)
        #expect(probe.state == .exited(0), "\(probe.state): \(probe.stderr)")
        let lines = probe.stdout.split(separator: "\n").map(String.init)
        let expected = [
            "scale nan: cannot render at ImageRenderer.scale nan: it must be a finite number above 0 and at most 1000",
            "scale infinity: cannot render at ImageRenderer.scale inf: it must be a finite number above 0 and at most 1000",
            "proposedSize nan: cannot render ImageRenderer.proposedSize nanx10.0: each side must be a finite number of points above 0",
            "proposedSize infinity: cannot render ImageRenderer.proposedSize infx10.0: each side must be a finite number of points above 0",
            "frame width 1e300: cannot render 1e+300x10.0 points at ImageRenderer.scale 1.0: at most 16384 pixels a side",
            "frameTimeout nan: ImageRenderer.frameTimeout nan is not a number of seconds above 0; nil turns the watchdog off",
            "maxSampleOffset 100000: drawn",
            "maxSampleOffset infinity: drawn",
        ]
        for line in expected { #expect(lines.contains(line), "missing '\(line)' in:\n\(probe.stdout)") }
        #expect(lines.contains { $0.hasPrefix("frame width nan: cannot render") }, "\(probe.stdout)")
        // Before: 11 s for the offset of 100000 points (a 16384-pixel layer).
        let took = lines.first { $0.hasPrefix("maxSampleOffset renders took") }.flatMap { Double($0.split(separator: " ")[3]) }
        #expect((took ?? 99) < 3, "\(probe.stdout)")

        let folder = try TemporaryFiles.folder("glint-probe")
        try """
        // Test: a colour effect that loops far longer than any frame may take.
        vec4 forever(vec2 position, vec4 color, float k) {
            float v = 0.0;
            for (int i = 0; i < 100000000; i++) { v = fract(v * 1.0001 + k * 0.37 + position.x * 1e-6); }
            return vec4(v, 0.0, 0.0, 1.0);
        }
        """.write(toFile: folder + "/forever.glsl", atomically: true, encoding: .utf8)
        let runaway = try Child.run(tool, ["runaway", folder], environment: environment, timeout: 30)
        #expect(runaway.state == .exited(0), "\(runaway.state): \(runaway.stderr)")
        #expect(runaway.stdout.contains("forever.glsl: a frame took longer than 0.5 s to draw"), "\(runaway.stdout)")
        #expect(runaway.stdout.hasSuffix("allow more time with ImageRenderer.frameTimeout\n"), "\(runaway.stdout)")
        let seconds = runaway.stdout.split(separator: " ").dropFirst(2).first.flatMap { Double($0) }
        #expect((seconds ?? 99) < 5, "\(runaway.stdout)")
    }

    @Test("seed-views prism in a window: dragging the Light slider with the mouse moves the white beam",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func seedViewsSliderDrag() throws {
        let tool = try Self.seedViews()
        try requireTools()
        let shots = try screenshotFolder("seed-views-window")
        let x = try XServer.start()
        defer { x.stop() }
        let app = try Child.launch(tool, ["prism", "--window", "30"], environment: x.environment)
        defer { app.stop() }
        let window = try findWindow(x, app)
        #expect(window.width == 860 && window.height == 520, "\(window)")
        // The cover: a 488-point square at (26, 16). The beam enters at its left edge, lightFraction of the way
        // down (0.55 at first). The Light slider's track is 198 points wide at x = 636; its knob's centre
        // travels from 10 points in to 10 points from the end, over 0…1 (the prism effect's range).
        func beamRow(_ shot: Screenshot) -> Double? {
            let rows = (0..<488).filter { y in
                let p = shot.pixel(window.x + 26 + 4, window.y + 16 + y)
                return min(p.r, p.g, p.b) > 0.6
            }
            return rows.isEmpty ? nil : Double(rows.reduce(0, +)) / Double(rows.count)
        }
        let knobX = 636 + 10 + 0.55 * 178
        let targetX = 636 + 10 + Int(0.8 * 178)
        func knobRowsIn(_ shot: Screenshot) -> [Int] {
            (16..<200).filter { y in
                let p = shot.pixel(window.x + Int(knobX), window.y + y)
                return min(p.r, p.g, p.b) > 0.9
            }
        }
        // The first frames can take seconds on a loaded machine: look until the knob shows (10 s at most).
        var before = try screenshot(x, to: shots + "/before.png", app: app)
        var knobRows = knobRowsIn(before)
        let deadline = Date().addingTimeInterval(10)
        while knobRows.isEmpty && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.5)
            before = try screenshot(x, to: shots + "/before.png", app: app)
            knobRows = knobRowsIn(before)
        }
        try require(!knobRows.isEmpty, "no white knob of the Light slider at x = \(knobX) within 10 s; seed-views said: \(app.stderrSummary())")
        let knobY = knobRows.reduce(0, +) / knobRows.count
        // Where the beam crosses the column 4 points in: it starts at lightFraction of the height on the
        // left edge and climbs (or falls) towards the prism.
        func expectedRow(_ lightFraction: Double) -> Double {
            let g = PrismGeometry(viewSize: Size(width: 488, height: 488), parameters: PrismGeometry.Parameters(lightFraction: lightFraction))
            return g.beamStart.y + (g.beamEnd.y - g.beamStart.y) * 4.5 / g.beamEnd.x
        }
        let start = beamRow(before)
        #expect(start.map { abs($0 - expectedRow(0.55)) < 2 } == true, "the beam enters at 0.55 of the height: \(String(describing: start))")

        try x.run("xdotool", ["mousemove", "\(window.x + Int(knobX))", "\(window.y + knobY)", "mousedown", "1"])
        for step in 1...10 {
            try x.run("xdotool", ["mousemove", "\(window.x + Int(knobX) + (targetX - Int(knobX)) * step / 10)", "\(window.y + knobY)"])
            Thread.sleep(forTimeInterval: 0.03)
        }
        try x.run("xdotool", ["mouseup", "1"])
        Thread.sleep(forTimeInterval: 0.8)
        let after = try screenshot(x, to: shots + "/after.png", app: app)
        try? copy(shots + "/after.png", to: "/tmp/glint-seed-views-prism.png")
        let moved = beamRow(after)
        note("seed-views prism: beam at \(String(describing: start)) → \(String(describing: moved)); knob at y \(knobY)")
        #expect(moved.map { abs($0 - expectedRow(0.8)) < 2 } == true,
                "dragged to 0.8, the beam enters at 0.8: \(String(describing: moved)), not \(expectedRow(0.8))")
        try x.run("xdotool", ["key", "Escape"])
        #expect(app.waitForExit(seconds: 5) == .exited(0))
    }
}

// MARK: - The capture and playback keys (S, V, Space, ., Backspace, [ ], F11)

extension WindowTests {
    @Test("HiDPI: S saves the frame as a PNG of the window's pixels (800x500 for 400x250 points), the view as on screen without the HUD; S again takes the next free name",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func saveKeyWritesThePixels() throws {
        let glint = try glintBinary()
        try requireTools()
        let folder = try TemporaryFiles.folder("glint-window-save")
        let x = try XServer.start()
        defer { x.stop() }
        try x.run("xrdb", ["-merge"], input: "Xft.dpi: 192\n")
        let app = try Child.launch(glint, ["--size", "400x250", "--quit-after", "40", "--state", folder + "/state.json"],
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
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func capturesLeaveOutTheControls() throws {
        let glint = try glintBinary()
        try requireTools()
        let ffprobe = try tool("ffprobe")
        let folder = try TemporaryFiles.folder("glint-window-save-controls")
        let x = try XServer.start()
        defer { x.stop() }
        try x.run("xrdb", ["-merge"], input: "Xft.dpi: 192\n")
        let app = try Child.launch(glint, ["--size", "480x300", "--controls", "--quit-after", "40", "--state", folder + "/state.json"],
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
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func pauseAndStep() throws {
        let glint = try glintBinary()
        try requireTools()
        let folder = try TemporaryFiles.folder("glint-window-pause")
        let x = try XServer.start()
        defer { x.stop() }
        let app = try Child.launch(glint, ["--size", "800x500", "--quit-after", "40"], environment: x.environment, in: folder)
        defer { app.stop() }
        let window = try findWindow(x, app)
        Thread.sleep(forTimeInterval: 1.5)
        // Below the HUD's lines (the frame rate changes), above the confirmation at the bottom.
        let rows = 100..<440
        let running = try screenshot(x, to: folder + "/running.png", app: app)
        try x.run("xdotool", ["key", "space"])
        Thread.sleep(forTimeInterval: 0.3)
        let paused = try screenshot(x, to: folder + "/paused.png", app: app)
        #expect(differingShare(running, paused, at: window, rows: rows) > 0.01, "the waves move while running")
        Thread.sleep(forTimeInterval: 1)
        let later = try screenshot(x, to: folder + "/later.png", app: app)
        let still = differingShare(paused, later, at: window, rows: rows)
        #expect(still == 0, "paused, the picture stands still: \(still) of the pixels changed in a second")

        try x.run("xdotool", ["key", "s"])
        let before = try savedFiles(app, count: 1)[0]
        try x.run("xdotool", ["key", "period"])
        Thread.sleep(forTimeInterval: 0.3)
        try x.run("xdotool", ["key", "s"])
        let after = try savedFiles(app, count: 2)[1]
        let stepped = try screenshot(x, to: folder + "/stepped.png", app: app)
        let step = try timelineTime(after) - (try timelineTime(before))
        #expect(abs(step - 1.0 / 60) < 0.0011, "one step is 1/60 s of timeline: \(before) → \(after)")
        #expect(differingShare(later, stepped, at: window, rows: rows) > 0.01, "the step moves the picture")
        Thread.sleep(forTimeInterval: 0.7)
        let afterStep = try screenshot(x, to: folder + "/after-step.png", app: app)
        #expect(differingShare(stepped, afterStep, at: window, rows: rows) == 0, "after the step it stays paused")

        try x.run("xdotool", ["key", "Escape"])
        #expect(app.waitForExit(seconds: 5) == .exited(0), "stderr: \(app.stderrSummary())")
    }

    @Test("Backspace during a hold cancels the press and restarts time: the frames at 0 and 1/60 s are render's at --time 0 and 1/60",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func restartKey() throws {
        let glint = try glintBinary()
        try requireTools()
        let folder = try TemporaryFiles.folder("glint-window-restart")
        let x = try XServer.start()
        defer { x.stop() }
        let app = try Child.launch(glint, ["--size", "800x500", "--quit-after", "40"], environment: x.environment, in: folder)
        defer { app.stop() }
        let window = try findWindow(x, app)
        Thread.sleep(forTimeInterval: 1.5)
        try x.run("xdotool", ["mousemove", "\(window.midX)", "\(window.midY)", "mousedown", "1"])
        Thread.sleep(forTimeInterval: 0.8)
        // Paused first, so the restarted frames can be saved one by one.
        try x.run("xdotool", ["key", "space"])
        Thread.sleep(forTimeInterval: 0.2)
        try x.run("xdotool", ["key", "BackSpace"])
        Thread.sleep(forTimeInterval: 0.2)
        try x.run("xdotool", ["key", "s"])
        let zero = try savedFiles(app, count: 1)[0]
        try x.run("xdotool", ["key", "period"])
        Thread.sleep(forTimeInterval: 0.2)
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

    @Test("] ] runs the timeline at 4 times the wall clock; [ [ [ at half",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func speedKeys() throws {
        let glint = try glintBinary()
        try requireTools()
        let folder = try TemporaryFiles.folder("glint-window-speed")
        let x = try XServer.start()
        defer { x.stop() }
        let app = try Child.launch(glint, ["--size", "400x250", "--quit-after", "40"], environment: x.environment, in: folder)
        defer { app.stop() }
        _ = try findWindow(x, app)
        Thread.sleep(forTimeInterval: 1)
        var saved = 0
        /// Timeline seconds per wall second between two saves `wall` seconds apart.
        func rate(over wall: Double) throws -> Double {
            let start = Date()
            try x.run("xdotool", ["key", "s"])
            saved += 1
            let first = try savedFiles(app, count: saved)[saved - 1]
            Thread.sleep(until: start.addingTimeInterval(wall))
            let end = Date()
            try x.run("xdotool", ["key", "s"])
            saved += 1
            let second = try savedFiles(app, count: saved)[saved - 1]
            return (try timelineTime(second) - (try timelineTime(first))) / end.timeIntervalSince(start)
        }
        try x.run("xdotool", ["key", "bracketright"])
        try x.run("xdotool", ["key", "bracketright"])
        Thread.sleep(forTimeInterval: 0.3)
        // Each save lands on the first frame after its key: over 3 s a frame's lateness at either
        // end moves the rate by a few per cent at most.
        let fast = try rate(over: 3)
        #expect((3.5...4.5).contains(fast), "after ] ] the timeline should run 4 times the wall clock: \(fast)")
        for _ in 0..<3 { try x.run("xdotool", ["key", "bracketleft"]) }
        Thread.sleep(forTimeInterval: 0.3)
        let slow = try rate(over: 2)
        #expect((0.4...0.6).contains(slow), "after [ [ [ the timeline should run half the wall clock: \(slow)")
        try x.run("xdotool", ["key", "Escape"])
        #expect(app.waitForExit(seconds: 5) == .exited(0), "stderr: \(app.stderrSummary())")
    }

    @Test("F11 fills the screen (1280x800) and draws all of it; F11 again puts the window back where it was, at its size",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func fullscreenKey() throws {
        let glint = try glintBinary()
        try requireTools()
        let shots = try screenshotFolder("fullscreen")
        let x = try XServer.start()
        defer { x.stop() }
        let app = try Child.launch(glint, ["--size", "800x500", "--quit-after", "40"], environment: x.environment)
        defer { app.stop() }
        _ = try findWindow(x, app)
        try x.run("xdotool", ["search", "--onlyvisible", "--name", "Glint", "windowmove", "120", "80"])
        Thread.sleep(forTimeInterval: 0.8)
        let windowed = try findWindow(x, app)
        try require(windowed.x == 120 && windowed.y == 80, "xdotool moved the window: \(windowed)")
        try x.run("xdotool", ["key", "F11"])
        Thread.sleep(forTimeInterval: 1.2)
        let full = try findWindow(x, app)
        #expect(full.x == 0 && full.y == 0 && full.width == 1280 && full.height == 800, "fullscreen: \(full)")
        let shot = try screenshot(x, to: shots + "/fullscreen.png", app: app)
        // The bright band reaches the screen's right edge: the frame was drawn at the new size.
        let right = shot.brightShare(columns: 1240..<1280, rows: 300..<500)
        #expect(right > 0.1, "the view should fill the screen: \(right) bright at the right edge")
        try x.run("xdotool", ["key", "F11"])
        Thread.sleep(forTimeInterval: 1.2)
        let back = try findWindow(x, app)
        #expect(back.x == 120 && back.y == 80 && back.width == 800 && back.height == 500, "windowed again: \(back)")
        try x.run("xdotool", ["key", "Escape"])
        #expect(app.waitForExit(seconds: 5) == .exited(0))
        let errors = app.stderr(waitingUpTo: 1)
        #expect(errors.isEmpty, "no warnings or GL errors: \(errors)")
    }

    @Test("V records the view as an MP4 at the window's size, one 60 fps frame per frame of timeline: paused, V . . . V gives exactly 4 frames, the first the saved PNG's",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func recordKey() throws {
        let glint = try glintBinary()
        try requireTools()
        let ffprobe = try tool("ffprobe"), ffmpeg = try tool("ffmpeg")
        let folder = try TemporaryFiles.folder("glint-window-record")
        let x = try XServer.start()
        defer { x.stop() }
        let app = try Child.launch(glint, ["--size", "800x500", "--quit-after", "50"], environment: x.environment, in: folder)
        defer { app.stop() }
        _ = try findWindow(x, app)
        Thread.sleep(forTimeInterval: 1.5)
        // One key a frame: each step must be a frame of its own.
        func key(_ name: String) throws {
            try x.run("xdotool", ["key", name])
            Thread.sleep(forTimeInterval: 0.25)
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
        Thread.sleep(forTimeInterval: 1.5)
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
private func savedFiles(_ app: Child, count: Int) throws -> [String] {
    let deadline = Date().addingTimeInterval(10)
    while true {
        let names = app.stderr(waitingUpTo: 0).split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("glint: saved ") else { return nil }
            return line.dropFirst("glint: saved ".count).split(separator: " ").first.map(String.init)
        }
        if names.count >= count { return names }
        try require(Date() < deadline && app.state == .running,
                    "glint said it saved \(names.count) of \(count) files; stderr: \(app.stderrSummary())")
        Thread.sleep(forTimeInterval: 0.05)
    }
}

/// The timeline time in a saved file's name: 3.517 for `glint-harmonic-0003.517s.png`.
private func timelineTime(_ name: String) throws -> Double {
    let part = name.split(separator: "-").first { $0.count > 1 && $0.contains(".") && $0.split(separator: ".").first?.allSatisfy(\.isNumber) == true }
    guard let part, let seconds = Double(part.prefix { $0 != "s" }) else {
        throw WindowTestFailure(description: "no timeline time in the name '\(name)'")
    }
    return seconds
}

/// The share of pixels in `rows` (and `columns`) of the window whose colour differs by more than
/// 2 levels of 255 between a saved frame (the window's size) and a screenshot (the window at `window`).
private func differingShare(_ frame: (width: Int, height: Int, rgba: [UInt8]), _ shot: Screenshot, at window: WindowFrame,
                            rows: Range<Int>, columns: Range<Int>? = nil) -> Double {
    differing(frame.rgba, width: frame.width, origin: (0, 0), shot.rgba, width: shot.width, origin: (window.x, window.y),
              rows: rows, columns: columns ?? 0..<frame.width)
}

/// The same for two screenshots, over the window's `rows`.
private func differingShare(_ a: Screenshot, _ b: Screenshot, at window: WindowFrame, rows: Range<Int>) -> Double {
    differing(a.rgba, width: a.width, origin: (window.x, window.y), b.rgba, width: b.width, origin: (window.x, window.y),
              rows: rows, columns: 0..<window.width)
}

/// The same for two images of one size, over all of them.
private func differingShare(_ a: (width: Int, height: Int, rgba: [UInt8]), _ b: (width: Int, height: Int, rgba: [UInt8])) -> Double {
    guard a.width == b.width, a.height == b.height else { return 1 }
    return differing(a.rgba, width: a.width, origin: (0, 0), b.rgba, width: b.width, origin: (0, 0), rows: 0..<a.height, columns: 0..<a.width)
}

private func differing(_ a: [UInt8], width aWidth: Int, origin aOrigin: (Int, Int), _ b: [UInt8], width bWidth: Int, origin bOrigin: (Int, Int),
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
private func meanDifference(_ a: (width: Int, height: Int, rgba: [UInt8]), _ b: (width: Int, height: Int, rgba: [UInt8])) -> Double {
    guard a.width == b.width, a.height == b.height else { return 1 }
    var sum = 0
    for i in stride(from: 0, to: a.rgba.count, by: 4) {
        for c in 0..<3 { sum += abs(Int(a.rgba[i + c]) - Int(b.rgba[i + c])) }
    }
    return Double(sum) / Double(a.width * a.height * 3) / 255
}

/// A Shadertoy shader in the real window: keys reach its keyboard channel as they go down and
/// up (S among them), and Glint's own keys take Control then (Ctrl+S saves).
extension WindowTests {
    @Test("a Shadertoy shader's keyboard channel follows the keys held and toggled; Glint's keys take Ctrl",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
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
        let app = try Child.launch(glint, ["--effect", "keys.glsl", "--size", "400x300", "--quit-after", "40"], environment: x.environment, in: dir)
        defer { app.stop() }
        let window = try findWindow(x, app)
        Thread.sleep(forTimeInterval: 1.5)
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
        Thread.sleep(forTimeInterval: 0.6)
        let held = try look("held")
        #expect(held.left.r > 0.9 && held.right.g > 0.9, "A held: left red, right green (toggled on): \(held)")
        try x.run("xdotool", ["keyup", "a"])
        Thread.sleep(forTimeInterval: 0.6)
        let released = try look("released")
        #expect(released.left.r < 0.1 && released.right.g > 0.9, "A released: left dark, still toggled: \(released)")
        try x.run("xdotool", ["key", "a"])
        Thread.sleep(forTimeInterval: 0.6)
        let again = try look("again")
        #expect(again.right.g < 0.1, "a second press toggles it off: \(again)")

        // S is the shader's; Ctrl+S is Glint's save.
        try x.run("xdotool", ["key", "s"])
        Thread.sleep(forTimeInterval: 0.6)
        let pngs = { (try? FileManager.default.contentsOfDirectory(atPath: dir))?.filter { $0.hasSuffix(".png") } ?? [] }
        #expect(pngs().isEmpty, "S alone goes to the shader and saves nothing: \(pngs())")
        try x.run("xdotool", ["key", "ctrl+s"])
        Thread.sleep(forTimeInterval: 1.0)
        #expect(pngs().count == 1, "Ctrl+S saves the frame: \(pngs())")
        try x.run("xdotool", ["key", "Escape"])
        #expect(app.waitForExit(seconds: 5) == .exited(0), "Escape still quits: \(app.stderrSummary())")
    }
}

/// `--audio playing` in the real window, against a PulseAudio server of the test's own: the
/// waveform swells while a tone plays into the sink, and when the sink goes away the window keeps
/// running, says so, and listens again when it comes back.
extension WindowTests {
    @Test("the waveform follows what is playing; the source going away never stops the window, and it listens again when it is back",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"),
          .enabled(if: PulseServer.unavailableReason == nil, "\(PulseServer.unavailableReason ?? "")"), .timeLimit(.minutes(1)))
    func liveSound() throws {
        let glint = try glintBinary()
        try requireTools()
        let shots = try screenshotFolder("live-sound")
        let server = try PulseServer()
        defer { server.stop() }
        let x = try XServer.start()
        defer { x.stop() }
        let app = try Child.launch(glint, ["--effect", "waveform", "--audio", "playing", "--size", "480x240", "--quit-after", "40"],
                                   environment: x.environment.merging(server.environment) { $1 })
        defer { app.stop() }
        let window = try findWindow(x, app)
        Thread.sleep(forTimeInterval: 1.5)
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
        Thread.sleep(forTimeInterval: 1.5)
        let loud = try swell("loud")
        #expect(loud > quiet + 20, "the waves should swell with the tone: \(quiet) rows quiet, \(loud) playing")

        let module = try server.pactl(["list", "short", "modules"]).output.split(separator: "\n")
            .first { $0.contains("module-null-sink") }.map { String($0.split(separator: "\t")[0]) } ?? ""
        #expect(try server.pactl(["unload-module", module]).status == 0)
        Thread.sleep(forTimeInterval: 1.5)
        #expect(app.state == .running, "the window keeps running without its source: \(app.stderrSummary())")
        #expect(try swell("gone") < loud, "without the source the waves settle")
        #expect(app.stderr(waitingUpTo: 0).contains("went away"), "the window says the source went away: \(app.stderrSummary())")

        _ = try server.load("module-null-sink", "sink_name=glinttest")
        #expect(try server.pactl(["set-default-sink", "glinttest"]).status == 0)
        Thread.sleep(forTimeInterval: 2.5)
        #expect(app.stderr(waitingUpTo: 0).contains("listening again"), "and listens again when it is back: \(app.stderrSummary())")
        try x.run("xdotool", ["key", "Escape"])
        #expect(app.waitForExit(seconds: 5) == .exited(0))
    }
}
