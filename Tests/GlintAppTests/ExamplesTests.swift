// The Examples package, a client of the Glint library: headless and in the window.

import Foundation
import GlintCore
import GlintRender
import GlintTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif


@Suite("Examples package (a client of the Glint library)", .serialized, .removesTemporaryFiles)
struct ExamplesTests {
    /// The share of `shot`'s pixels in the block whose channels are all under 0.05.
    static func blackShare(_ shot: Screenshot, columns: Range<Int>, rows: Range<Int>) -> Double {
        var black = 0
        for y in rows { for x in columns { let p = shot.pixel(x, y); if max(p.r, p.g, p.b) < 0.05 { black += 1 } } }
        return Double(black) / Double(columns.count * rows.count)
    }

    /// Mean red minus blue over the block: how warm the tint is.
    static func warmth(_ shot: Screenshot, columns: Range<Int>, rows: Range<Int>) -> Double {
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
        let stateFile = try TemporaryFiles.folder("glint-examples-window") + "/state.json"
        let app = try Child.launch(demo, ["--window", "30"], environment: x.environment.merging(["GLINT_WINDOW_STATE": stateFile]) { $1 })
        defer { app.stop() }
        let state = WindowState(path: stateFile, app: app)
        let window = try findWindow(x, app)
        #expect(window.width == 480 && window.height == 320, "\(window)")
        try state.started()
        let before = try screenshot(x, to: shots + "/before.png", app: app)
        try copy(shots + "/before.png", to: "/tmp/glint-examples-window.png")
        // The 320x200 card sits at (80, 60); the 60-point bands above and below it are the black backdrop
        // (the wave may move it up to 8 points out, so the test looks at the band's first 50 rows).
        let card = (columns: 120..<360, rows: 100..<220)
        #expect(Self.blackShare(before, columns: 0..<480, rows: 5..<50) > 0.95, "the band above the card is not black")
        #expect(Self.blackShare(before, columns: card.columns, rows: card.rows) < 0.05, "the card is not drawn in the middle")
        let cool = Self.warmth(before, columns: card.columns, rows: card.rows)

        try x.run("xdotool", ["mousemove", "\(window.midX)", "\(window.midY)", "mousedown", "1"])
        // The tint warms over the hold's first half second, by the window's clock.
        let pressed = try state.wait("the button held") { WindowState.flag($0, "window.pressed") == true }
        try state.wait("a second of the hold") { WindowState.number($0, "window.time") >= WindowState.number(pressed, "window.time") + 1 }
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

    @Test("docs/library.md's lower-level example runs as written: the frame driver, a press at 0.5 s, the glow held and coloured at 1.5 s")
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
        func waitFor(_ line: String) { app.waitForStdout(containing: line + "\n", seconds: 10) }
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

    @Test("a package's NaN or infinite sizes and scales are one-line RenderErrors (a NaN frame side is ignored, as SwiftUI ignores it), a huge maxSampleOffset is clamped, and a runaway shader is stopped by ImageRenderer's watchdog",
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
        // A NaN frame side is ignored and said once on stderr, as SwiftUI logs and ignores it.
        #expect(lines.contains("frame width nan: drawn"), "\(probe.stdout)")
        #expect(probe.stderr.contains("invalid frame dimension width: nan"), "\(probe.stderr)")
        // A symbol name with no glyph draws a placeholder and is said on stderr once, however often drawn.
        #expect(lines.contains("unknown symbol, twice: drawn"), "\(probe.stdout)")
        let symbolLine = "glint: no symbol for 'no.such.symbol'; drawing a placeholder\n"
        #expect(probe.stderr.components(separatedBy: symbolLine).count == 2, "\(probe.stderr)")
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
        let stateFile = try TemporaryFiles.folder("glint-seed-views-window") + "/state.json"
        let app = try Child.launch(tool, ["prism", "--window", "30"], environment: x.environment.merging(["GLINT_WINDOW_STATE": stateFile]) { $1 })
        defer { app.stop() }
        let state = WindowState(path: stateFile, app: app)
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
        try state.started()
        let before = try screenshot(x, to: shots + "/before.png", app: app)
        let knobRows = knobRowsIn(before)
        try require(!knobRows.isEmpty, "no white knob of the Light slider at x = \(knobX); seed-views said: \(app.stderrSummary())")
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
        try state.drag(x, through: (1...10).map { step in (window.x + Int(knobX) + (targetX - Int(knobX)) * step / 10, window.y + knobY) })
        try x.run("xdotool", ["mouseup", "1"])
        try state.afterInput()
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

/// The acceptance of one host (issue 29): a package's `Window` (Examples' `toy-window`) shows a
/// Shadertoy file made by `EffectFile`, reloads it as it is saved, keeps the last good picture
/// over a broken save, hands keys to its keyboard channel, and saves a PNG (S) and a video (V).
extension ExamplesTests {
    static func toyWindow() throws -> String {
        let path = URL(fileURLWithPath: try examplesBinary()).deletingLastPathComponent().appendingPathComponent("toy-window").path
        try require(FileManager.default.isExecutableFile(atPath: path), "no toy-window at \(path): run scripts/test")
        return path
    }

    @Test("a package's Window shows a Shadertoy file: a saved edit shows, a broken save keeps the last good picture, A held reaches its keyboard channel, Ctrl+Space, Ctrl+] and Ctrl+Backspace pause, speed and restart it, Ctrl+S saves a PNG and Ctrl+V a video",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(2)))
    func toyWindowShadertoy() throws {
        let tool = try Self.toyWindow()
        try requireTools()
        let dir = try TemporaryFiles.folder("glint-toy-window")
        let file = dir + "/toy.glsl"
        // Red while A is held (the keyboard channel's row 0), else `colour`.
        func save(_ body: String) throws { try Data(body.utf8).write(to: URL(fileURLWithPath: file)) }
        func shader(_ colour: String) -> String {
            """
            #iChannel0 "keyboard"
            void mainImage(out vec4 c, in vec2 p) {
                float held = texelFetch(iChannel0, ivec2(65, 0), 0).r;
                c = mix(vec4(\(colour), 1.0), vec4(1.0, 0.0, 0.0, 1.0), held);
            }
            """
        }
        try save(shader("0.0, 0.0, 1.0"))
        let x = try XServer.start()
        defer { x.stop() }
        let app = try Child.launch(tool, [file, "--quit-after", "90"],
                                   environment: x.environment.merging(["GLINT_WINDOW_STATE": dir + "/state.json"]) { $1 }, in: dir)
        defer { app.stop() }
        let state = WindowState(path: dir + "/state.json", app: app)
        let window = try findWindow(x, app)
        try state.started()
        func look(_ name: String) throws -> (r: Double, g: Double, b: Double) {
            try screenshot(x, to: dir + "/\(name).png", app: app).pixel(window.midX, window.midY)
        }
        let first = try look("first")
        #expect(first.b > 0.9 && first.r < 0.1 && first.g < 0.1, "the file's blue: \(first)")

        try save(shader("0.0, 1.0, 0.0"))
        try require(app.waitForStderr(containing: "glint: reloaded"), "no reload said; stderr: \(app.stderrSummary())")
        try state.afterInput()
        let edited = try look("edited")
        #expect(edited.g > 0.9 && edited.b < 0.1, "the saved edit's green: \(edited)")

        try save("void mainImage(out vec4 c, in vec2 p) { c = vec4(1.0; }\n")
        try require(app.waitForStderr(containing: "showing the last good version"), "no error said; stderr: \(app.stderrSummary())")
        try state.afterInput()
        let broken = try look("broken")
        #expect(broken.g > 0.9 && broken.b < 0.1, "a broken save keeps the last good green: \(broken)")
        try save(shader("0.0, 1.0, 0.0"))
        let reloads = { (text: String) in text.components(separatedBy: "glint: reloaded").count - 1 }
        try require(reloads(app.stderr(until: { reloads($0) >= 2 }, seconds: 20)) >= 2, "the mended file is not reloaded; stderr: \(app.stderrSummary())")

        try x.run("xdotool", ["keydown", "a"])
        try state.afterInput()
        let held = try look("held")
        #expect(held.r > 0.9 && held.g < 0.1, "A held reaches the keyboard channel: red, \(held)")
        try x.run("xdotool", ["keyup", "a"])
        try state.afterInput()
        let released = try look("released")
        #expect(released.g > 0.9 && released.r < 0.1, "A released: green again, \(released)")

        // The playback keys, with Control as the shader reads the keyboard: pause, double speed, restart at 0.
        try x.run("xdotool", ["key", "ctrl+space"])
        let paused = try state.wait("time paused") { WindowState.flag($0, "window.paused") == true }
        try state.frames(3)
        #expect(WindowState.number(try state.frames(1), "window.time") == WindowState.number(paused, "window.time"), "paused time stands still")
        try x.run("xdotool", ["key", "ctrl+space", "ctrl+bracketright"])
        try state.wait("playing at double speed") { WindowState.flag($0, "window.paused") == false && WindowState.number($0, "window.speed") == 2 }
        let before = WindowState.number(try state.frames(1), "window.time")
        try x.run("xdotool", ["key", "ctrl+BackSpace"])
        try state.wait("time back to 0") { WindowState.number($0, "window.time") < before }

        // S and V go to the shader's keyboard; with Control they are the window's.
        try x.run("xdotool", ["key", "ctrl+s"])
        let png = try savedFiles(app, count: 1)[0]
        #expect(png.hasPrefix("toy-") && png.hasSuffix("s.png"), "named by captureName and the timeline's time: \(png)")
        let picture = try PNG.read(dir + "/" + png)
        #expect(picture.width == window.width && picture.height == window.height, "the PNG is \(picture.width)x\(picture.height), the window \(window)")
        let middle = (picture.height / 2 * picture.width + picture.width / 2) * 4
        #expect(picture.rgba[middle + 1] > 230 && picture.rgba[middle] < 25, "the PNG shows the green: \(picture.rgba[middle..<middle + 4])")

        try x.run("xdotool", ["key", "ctrl+v"])
        try state.wait("recording") { WindowState.flag($0, "window.recording") == true }
        try state.frames(10)
        try x.run("xdotool", ["key", "ctrl+v"])
        let video = try savedFiles(app, count: 2)[1]
        #expect(video.hasPrefix("toy-") && video.hasSuffix(".mp4"), "the video: \(video)")
        let size = (try? FileManager.default.attributesOfItem(atPath: dir + "/" + video)[.size] as? Int) ?? 0
        #expect(size > 0, "the video has frames: \(size) bytes; stderr: \(app.stderrSummary())")
        #expect(!app.stderr(waitingUpTo: 0).contains("warning"), "no warning: \(app.stderr(waitingUpTo: 0))")
        try x.run("xdotool", ["key", "Escape"])
        #expect(app.waitForExit(seconds: 10) == .exited(0), "Escape quits: \(app.stderrSummary())")
    }

    @Test("a package's Window plays a sound file to a Shadertoy's sound channel: the tone's spectrum lights the picture, silence leaves it dark",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func toyWindowSound() throws {
        let tool = try Self.toyWindow()
        try requireTools()
        let dir = try TemporaryFiles.folder("glint-toy-sound")
        // The loudest bin of the spectrum (the sound texture's row 0), as grey.
        try Data("""
        #iChannel0 "audio"
        void mainImage(out vec4 c, in vec2 p) {
            float s = 0.0;
            for (int i = 0; i < 512; i += 2) s = max(s, texelFetch(iChannel0, ivec2(i, 0), 0).r);
            c = vec4(s, s, s, 1.0);
        }
        """.utf8).write(to: URL(fileURLWithPath: dir + "/sound.glsl"))
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let tone = root.appendingPathComponent("Examples/audio/tone-sweep.wav").path
        let x = try XServer.start()
        defer { x.stop() }
        func brightness(_ arguments: [String], _ name: String) throws -> Double {
            let app = try Child.launch(tool, [dir + "/sound.glsl", "--quit-after", "60"] + arguments,
                                       environment: x.environment.merging(["GLINT_WINDOW_STATE": dir + "/\(name).json"]) { $1 }, in: dir)
            defer { app.stop() }
            let state = WindowState(path: dir + "/\(name).json", app: app)
            let window = try findWindow(x, app)
            try state.wait("half a second of sound") { WindowState.number($0, "window.time") >= 0.5 }
            let shot = try screenshot(x, to: dir + "/\(name).png", app: app)
            try x.run("xdotool", ["key", "Escape"])
            #expect(app.waitForExit(seconds: 10) == .exited(0), "Escape quits: \(app.stderrSummary())")
            return shot.pixel(window.midX, window.midY).r
        }
        let playing = try brightness(["--sound", tone], "playing")
        let silent = try brightness([], "silent")
        #expect(playing > 0.5, "the tone lights the spectrum: \(playing)")
        #expect(silent < 0.05, "no sound, a dark spectrum: \(silent)")
    }
}
