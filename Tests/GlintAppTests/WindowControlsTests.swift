// The controls panel in the real window: sliders, the wheel, HiDPI, and the press it takes before the tear.

import Foundation
import GlintControls
import GlintCore
import GlintRender
import GlintTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif


@Suite("Window: the controls panel (Xvfb, real X input)", .serialized, .removesTemporaryFiles)
struct WindowControlsTests {
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
        try state.drag(x, through: (1...10).map { step in
            let xx = thumb.0 + (target.0 - 30 - thumb.0) * step / 10
            return (xx, thumb.1 + step)
        })
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
            try state.drag(x, through: (1...steps).map { step in (start.0 - step * 20, start.1 + step) })
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
        try state.drag(x, through: (1...10).map { step in (start.0 + (end.0 - start.0) * step / 10, start.1 + step % 3) })
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
        try state.drag(x, through: (1...8).map { step in (from.0 + (to.0 + 40 - from.0) * step / 8, from.1) })
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
                    "the rows should be taller than the window: \(top.maxScrollOffset) more than \(top.frame)")
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
        try state.drag(x, through: (1...8).map { step in (from.0 + (to.0 + 30 - from.0) * step / 8, from.1) })
        try x.run("xdotool", ["mouseup", "1"])
        try state.afterInput()
        let dragged = try screenshot(x, to: shots + "/dragged.png", app: app)
        #expect(white(dragged, radius.location(of: 64)), "blur.radius's thumb followed the drag to its right end")

        try x.run("xdotool", ["key", "Escape"])
        #expect(app.waitForExit(seconds: 5) == .exited(0))
        let errors = app.stderr(waitingUpTo: 1)
        #expect(errors.isEmpty, "no warnings or GL errors: \(errors)")
    }

}
