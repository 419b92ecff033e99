import Foundation
import Glint
import GlintTestSupport
import Testing
import struct GlintCore.Point
import struct GlintCore.PointerEvent
import enum GlintCore.PointerPhase
import struct GlintCore.Size
import enum GlintRender.PNG

/// The built-in demos as library views (`HarmonicView`, `WaveformView`, `DarkSideView`,
/// `.tearable()`), drawn headless and set beside what the release `glint` binary draws today
/// for the same effect, time and presses.
@Suite("Demo views", .serialized, .removesTemporaryFiles)
struct DemoViewTests {
    /// The frame both draw: `glint render --size 640x400` is 640x400 pixels at scale 1.
    static let size = CGSize(width: 640, height: 400)

    /// A picture's pixels, straight RGBA from the top-left (opaque here, so straight and
    /// premultiplied agree).
    struct Picture {
        var width: Int
        var height: Int
        var rgba: [UInt8]

        func pixel(_ x: Int, _ y: Int) -> [Int] {
            let i = (y * width + x) * 4
            return (0..<4).map { Int(rgba[i + $0]) }
        }

        /// The box (minX, minY, maxX, maxY) of the pixels where `test` holds, nil when none does.
        func box(where test: (Int, Int) -> Bool) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
            var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
            for y in 0..<height {
                for x in 0..<width where test(x, y) {
                    box = (min(box?.minX ?? x, x), min(box?.minY ?? y, y), max(box?.maxX ?? x, x), max(box?.maxY ?? y, y))
                }
            }
            return box
        }

        /// Whether the pixels at (x, y) of `self` and `other` differ at all.
        func differs(from other: Picture, _ x: Int, _ y: Int) -> Bool {
            let i = (y * width + x) * 4
            return rgba[i] != other.rgba[i] || rgba[i + 1] != other.rgba[i + 1] || rgba[i + 2] != other.rgba[i + 2]
                || rgba[i + 3] != other.rgba[i + 3]
        }
    }

    // MARK: The app's pictures and the views'

    /// The release `glint` (GLINT_BINARY), else the one beside this test executable.
    static var binary: String {
        if let env = ProcessInfo.processInfo.environment["GLINT_BINARY"] { return env }
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var dir = (exe as NSString).deletingLastPathComponent
        while !dir.isEmpty, dir != "/", !FileManager.default.fileExists(atPath: dir + "/glint") {
            dir = (dir as NSString).deletingLastPathComponent
        }
        return dir + "/glint"
    }

    /// What `glint render ARGUMENTS --size 640x400 --output …` draws.
    func app(_ arguments: [String]) throws -> Picture {
        let output = TemporaryFiles.file("demo-app", extension: "png")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["render"] + arguments + ["--size", "640x400", "--output", output]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationReason == .exit && process.terminationStatus == 0,
                     "glint render \(arguments) failed: \(String(decoding: said, as: UTF8.self))")
        let png = try PNG.read(output)
        return Picture(width: png.width, height: png.height, rgba: png.rgba)
    }

    /// `view` drawn by `ImageRenderer` at 640x400 points, scale 1.
    func render<V: View>(_ view: V) throws -> Picture {
        let renderer = ImageRenderer(content: view)
        renderer.proposedSize = Self.size
        renderer.scale = 1
        let image = try renderer.render()
        return Picture(width: image.width, height: image.height, rgba: image.pixels)
    }

    /// A headless host, as a window drives its view: one `Timeline` in steps of 1/60 s that
    /// advances the last frame's effects and tears and hands each pointer event, at its time, to
    /// the view under it; the view rebuilt every frame.
    struct Host<V: View> {
        var resolved = ResolvedView()
        var timeline = Timeline()
        let view: () -> V

        init(_ view: @escaping () -> V) {
            self.view = view
            resolved.update(view(), in: DemoViewTests.size, time: 0)
        }

        /// Runs frames of 1/60 s up to `time`, applying `events` (sorted) at their times.
        mutating func run(until time: Double, events: [PointerEvent] = []) {
            var next = 0
            while timeline.now < time - 1e-9 {
                let frame = min(timeline.now + Timeline.maxStep, time)
                let resolved = self.resolved
                let pending = events[next...].prefix { $0.time <= frame }
                next += timeline.advance(to: frame, applying: ArraySlice(pending), advance: { dt in
                    for effect in resolved.effects { effect.advance(by: dt) }
                    for tear in resolved.tears { tear.advance(by: dt) }
                }, handle: { resolved.handle($0) })
                self.resolved.update(view(), in: DemoViewTests.size, time: timeline.now)
            }
        }
    }

    /// Parses `glint render --input` text ("TIME down|move|up X Y; …") into events.
    static func events(_ script: String) -> [PointerEvent] {
        script.split(separator: ";").map { part in
            let f = part.split(separator: " ")
            let phase: PointerPhase = f[1] == "down" ? .down : f[1] == "up" ? .up : .move
            return PointerEvent(phase, Point(x: Double(f[2])!, y: Double(f[3])!), at: Double(f[0])!)
        }
    }

    // MARK: Harmonic

    /// Checks a view's caption against the app's: the same background everywhere but the app's
    /// caption box (grown by `margin`), the label's bright pixels and the image's orange ones in
    /// the same boxes within `tolerance` pixels.
    func expectSameCaption(view: Picture, app: Picture, bare: Picture, margin: Int = 3, tolerance: Int = 3) throws {
        let appCaption = try #require(app.box { app.differs(from: bare, $0, $1) }, "the app draws a caption")
        let viewCaption = try #require(view.box { view.differs(from: bare, $0, $1) }, "the view draws a caption")
        note("caption box: app \(appCaption), view \(viewCaption)")
        var outside = 0
        var first: (Int, Int)?
        for y in 0..<view.height {
            for x in 0..<view.width where x < appCaption.minX - margin || x > appCaption.maxX + margin
                || y < appCaption.minY - margin || y > appCaption.maxY + margin {
                if view.differs(from: app, x, y) {
                    outside += 1
                    if first == nil { first = (x, y) }
                }
            }
        }
        #expect(outside == 0, "the glow differs from the app's outside its caption at \(outside) pixels, first \(String(describing: first))")

        // The microphone: orange.
        func microphone(_ p: Picture) -> (Int, Int) -> Bool {
            { x, y in
                let c = p.pixel(x, y)
                return p.differs(from: bare, x, y) && c[0] > 200 && c[1] > 80 && c[1] < 190 && c[2] < 90
            }
        }
        let appImage = try #require(app.box(where: microphone(app))), viewImage = try #require(view.box(where: microphone(view)), "the view's microphone shows")
        // The label: near-white pixels the caption put there, between the top of the caption (its
        // pill's edge left out) and the microphone (the pill under the text is dark).
        let rows = (appCaption.minY + 3)..<(appImage.minY - 3)
        func label(_ p: Picture) -> (Int, Int) -> Bool {
            { x, y in rows.contains(y) && p.differs(from: bare, x, y) && p.pixel(x, y)[0...2].allSatisfy { $0 > 200 } }
        }
        let appLabel = try #require(app.box(where: label(app))), viewLabel = try #require(view.box(where: label(view)), "the view's label shows")
        note("label: app \(appLabel), view \(viewLabel); microphone: app \(appImage), view \(viewImage)")
        for (a, v, what) in [(appLabel, viewLabel, "label"), (appImage, viewImage, "microphone")] {
            #expect(abs(a.minX - v.minX) <= tolerance && abs(a.maxX - v.maxX) <= tolerance
                    && abs(a.minY - v.minY) <= tolerance && abs(a.maxY - v.maxY) <= tolerance,
                    "the \(what) is at \(v), the app's at \(a)")
        }
    }

    @Test("HarmonicView at rest draws the app's glow, caption and microphone at t = 2")
    func harmonicAtRest() throws {
        let model = HarmonicEffect()
        var host = Host { HarmonicView(model) }
        host.run(until: 2)
        let view = try render(HarmonicView(model))
        try expectSameCaption(view: view, app: try app(["--effect", "harmonic", "--time", "2"]),
                              bare: try app(["--effect", "harmonic", "--time", "2", "--no-overlay"]))
    }

    @Test("HarmonicView takes a hold through its caption, as the app does: the same glow and 'Holding...'")
    func harmonicHeld() throws {
        // Pressed on the caption itself: it lets presses through to the glow.
        let script = "0.5 down 320 260;1.0 move 300 250"
        let model = HarmonicEffect()
        var host = Host { HarmonicView(model) }
        host.run(until: 2, events: Self.events(script))
        #expect(model.isInteracting, "the glow under the caption took the press")
        let view = try render(HarmonicView(model))
        try expectSameCaption(view: view, app: try app(["--effect", "harmonic", "--time", "2", "--input", script]),
                              bare: try app(["--effect", "harmonic", "--time", "2", "--input", script, "--no-overlay"]))
    }

    @Test("HarmonicView() keeps a model of its own across frames, which the host advances")
    func harmonicOwnModel() {
        var host = Host { HarmonicView() }
        let first = host.resolved.effects.first
        host.run(until: 0.5)
        #expect(host.resolved.effects.count == 1)
        #expect(host.resolved.effects.first === first, "the same model frame after frame")
        let model = host.resolved.effects.first as? HarmonicEffect
        #expect(model.map { abs($0.hold.clock.elapsed - 0.5) < 1e-9 } == true, "its clock is the host's")
    }

    // MARK: Waveform

    @Test("WaveformView draws the app's waveform pixel for pixel, at rest and held")
    func waveform() throws {
        for script in [nil, "0.4 down 100 100;1.2 up 120 90"] {
            let model = WaveformEffect()
            var host = Host { WaveformView(model) }
            host.run(until: 2, events: script.map(Self.events) ?? [])
            let view = try render(WaveformView(model))
            let app = try app(["--effect", "waveform", "--time", "2"] + (script.map { ["--input", $0] } ?? []))
            let differing = view.box { view.differs(from: app, $0, $1) }
            #expect(differing == nil, "\(script ?? "at rest"): the view differs from the app within \(String(describing: differing))")
        }
    }

    // MARK: Prism

    /// Compares the cover drawn as shapes with the prism effect's picture: where the geometry
    /// says the corners, the beam's start and the rainbow's slices are, both show the same colours.
    func expectSameCover(progress: Double, appTime: Double) throws {
        let view = try render(DarkSideView(progress: progress).frame(width: Self.size.width, height: Self.size.height)
            .background(Color.black))
        let app = try app(["--effect", "prism", "--time", "\(appTime)"])
        let g = PrismGeometry(viewSize: Size(width: 640, height: 400), parameters: DarkSideView.defaultParameters)
        func colour(_ p: Picture, _ point: Point) -> [Int] { p.pixel(Int(point.x.rounded(.down)), Int(point.y.rounded(.down))) }
        func expectNear(_ point: Point, _ what: String, tolerance: Int) {
            let a = colour(app, point), v = colour(view, point)
            #expect(zip(a, v).allSatisfy { abs($0 - $1) <= tolerance }, "\(what) at \(point): the view shows \(v), the app \(a)")
        }
        // The strokes: points along each side of the prism and along the beam (inset from the corners).
        let corners = g.outline
        for i in 0..<3 {
            for f in stride(from: 0.1, through: 0.9, by: 0.2) {
                expectNear(PrismGeometry.point(atFraction: f, start: corners[i], end: corners[(i + 1) % 3]), "prism side \(i) at \(f)", tolerance: 60)
            }
        }
        for f in stride(from: 0.05, through: 0.95, by: 0.15) {
            expectNear(PrismGeometry.point(atFraction: f, start: g.beamStart, end: g.beamEnd), "the beam at \(f)", tolerance: 60)
        }
        // The rainbow: the middle of each slice, and the dispersion's middle.
        for (i, q) in g.slices.enumerated() {
            let mid = Point(x: (q.topLeft.x + q.topRight.x + q.bottomRight.x + q.bottomLeft.x) / 4,
                            y: (q.topLeft.y + q.topRight.y + q.bottomRight.y + q.bottomLeft.y) / 4)
            expectNear(mid, "slice \(i)", tolerance: 3)
        }
        let t = g.dispersion
        expectNear(Point(x: (t.a.x + t.b.x + t.c.x) / 3, y: (t.a.y + t.b.y + t.c.y) / 3), "the dispersion", tolerance: 12)
        // Overall: pixels far apart only along anti-aliased edges.
        var far = 0
        for y in 0..<view.height {
            for x in 0..<view.width where zip(view.pixel(x, y), app.pixel(x, y)).contains(where: { abs($0 - $1) > 96 }) { far += 1 }
        }
        note("progress \(progress): \(far) pixels differ by more than 96 levels")
        #expect(far < 50, "\(far) pixels of the cover differ from the effect's by more than 96 levels")
    }

    @Test("DarkSideView draws the prism effect's cover: corners, beam and rainbow on the same pixels")
    func prismWhole() throws {
        try expectSameCover(progress: 1, appTime: 5)
    }

    @Test("DarkSideView's staged drawing is the effect's: outline traced, beam grown, dispersion and rainbow swept",
          arguments: [0.2, 0.45, 0.6, 0.9])
    func prismStaged(progress: Double) throws {
        // The effect draws itself over its default 3 s.
        try expectSameCover(progress: progress, appTime: progress * PrismEffect.drawDuration.defaultSetting)
    }

    @Test("PrismView starts from the prism effect's defaults and shows the cover beside its sliders")
    func prismView() throws {
        #expect(DarkSideView.defaultParameters == PrismGeometry.Parameters(), "the effect's defaults are the seed's")
        var resolved = ResolvedView()
        resolved.update(PrismView(), in: CGSize(width: 860, height: 520))
        #expect(resolved.sliderRects.count == 4)
        #expect(resolved.errors.isEmpty)
    }

    // MARK: Tear

    /// A red card over a clear backdrop, torn by the modifier's tear or `tear`.
    func card(_ tear: TearController? = nil) -> some View {
        Group {
            if let tear {
                Color.red.modifier(TearModifier(tear))
            } else {
                Color.red.tearable()
            }
        }
    }

    @Test(".tearable() keeps a tear of its own, which the host advances and a drag in from the edge breaks")
    func tearOwn() {
        var host = Host { card() }
        let tear = host.resolved.tears.first
        #expect(host.resolved.tears.count == 1)
        // In from the left edge, right across the card, released past 90 %.
        host.run(until: 1, events: Self.events("0.1 down 2 200;0.2 move 40 200;0.3 move 200 200;0.4 move 400 200;0.5 move 639 200;0.6 up 639 200"))
        #expect(host.resolved.tears.first === tear, "the same tear frame after frame")
        #expect(tear?.isBroken == true, "the card broke")
    }

    @Test(".tearable(_:) and TearModifier(_:) tear with the controller given: torn pixels show the backdrop")
    func tearGiven() throws {
        let tear = TearController()
        var host = Host { card(tear) }
        #expect(host.resolved.tears.first === tear)
        host.run(until: 0.5, events: Self.events("0.1 down 2 200;0.2 move 40 200;0.3 move 200 200;0.4 move 320 200"))
        #expect(!tear.isBroken && tear.state.tearProgress > 0.3, "half torn, still held")
        let picture = try render(card(tear))
        #expect(picture.pixel(600, 20) == [255, 59, 48, 255], "the card away from the tear is red")
        #expect(picture.pixel(20, 200)[3] == 0, "the opening at the edge shows the clear backdrop")
    }
}

/// What the demos needed from the library, in general form: built-in images and text shadows.
@Suite("Built-in images and text shadows", .serialized)
struct DemoSupportTests {
    @Test("Image(builtIn:) shows Glint's own microphone; an unknown name is one error naming those there are")
    func builtInImages() throws {
        #expect(Image.builtInNames.contains("microphone"))
        let microphone = Image(builtIn: "microphone")
        #expect((microphone.width, microphone.height) == (256, 256))
        #expect(Image(builtIn: "microphone.png").width == 256)
        let renderer = ImageRenderer(content: Image(builtIn: "microphone").resizable().frame(width: 64, height: 64))
        let picture = try renderer.render()
        let centre = picture.pixel(x: 32, y: 20)
        #expect(centre.red > 200 && centre.blue < 90, "the microphone's orange body: \(centre)")

        let missing = ImageRenderer(content: Image(builtIn: "trumpet").frame(width: 16, height: 16))
        #expect {
            _ = try missing.render()
        } throws: { error in
            "\(error)" == "no built-in image 'trumpet': Image(builtIn:) takes " + Image.builtInNames.map { "'\($0)'" }.joined(separator: ", ")
        }
    }

    /// Black text on white, with a red shadow `offset` points down and right.
    func shadowed(radius: CGFloat = 0, offset: CGFloat) -> some View {
        Text("I").font(.system(size: 40, weight: .bold)).foregroundStyle(Color.black)
            .shadow(color: .red, radius: radius, x: offset, y: offset)
            .frame(width: 60, height: 60)
            .background(Color.white)
    }

    /// The box of the pixels where `test` holds.
    func box(_ image: RenderedImage, _ test: (UInt8, UInt8, UInt8) -> Bool) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                if test(p.red, p.green, p.blue) {
                    box = (min(box?.minX ?? x, x), min(box?.minY ?? y, y), max(box?.maxX ?? x, x), max(box?.maxY ?? y, y))
                }
            }
        }
        return box
    }

    @Test(".shadow(color:radius: 0, x:y:) draws the text again under it, offset, in the shadow's colour")
    func textShadow() throws {
        let image = try ImageRenderer(content: shadowed(offset: 3)).render()
        let text = try #require(box(image) { r, g, b in r < 40 && g < 40 && b < 40 })
        let shadow = try #require(box(image) { r, g, b in r > 200 && g < 60 && b < 60 }, "a red shadow shows")
        #expect(shadow.maxX == text.maxX + 3 && shadow.maxY == text.maxY + 3, "the shadow's edge is 3 points past the text's: \(shadow), \(text)")
        let plain = try ImageRenderer(content: shadowed(offset: 0)).render()
        #expect(box(plain) { r, g, b in r > 200 && g < 60 && b < 60 } == nil, "under the text, no shadow shows")
    }

    @Test("a blurred shadow under text is the text's red, soft: pink on white fading from the text outward")
    func blurredShadow() throws {
        let image = try ImageRenderer(content: shadowed(radius: 4, offset: 1)).render()
        let text = try #require(box(image) { r, g, b in r < 40 && g < 40 && b < 40 })
        let pink = try #require(box(image) { r, g, b in r > 200 && g < 235 && g > 40 && b > 40 && abs(Int(g) - Int(b)) < 30 },
                                "a soft red shadow shows")
        #expect(pink.maxX > text.maxX + 1 && pink.maxY > text.maxY + 1, "it spreads past the text: \(pink), \(text)")
        #expect(box(image) { r, g, b in r > 200 && g < 60 && b < 60 } == nil, "it is nowhere the full red of a sharp shadow")
    }
}
