import Foundation
import Testing
@testable import GlintCore
@testable import GlintRender

/// Frame graphs drawn headless: a view in its own rect of a larger target, positions in the
/// view's user space, `maxSampleOffset` letting a distortion draw past the view's edges, and
/// offscreen layers only while a layer or distortion pass is enabled.
@Suite("Frame graphs", .serialized)
struct FrameGraphTests {
    typealias R = Seed002Reference

    static let backdrop = Color(red: 0, green: 0, blue: 1)

    /// Draws `graph` into a fresh target of `width`x`height` pixels and reads it back.
    func draw(_ graph: FrameGraph, width: Int, height: Int, renderer: Renderer? = nil) throws -> Seed002RenderTests.Frame {
        let target = try RenderTarget(pixelWidth: width, pixelHeight: height)
        let renderer = try renderer ?? Renderer()
        try renderer.render(graph, into: target.framebuffer)
        return Seed002RenderTests.Frame(width: width, height: height, rgba: target.readPixels())
    }

    static func gradient() -> EffectPass {
        EffectPass(function: "gradient", kind: .color, arguments: [.boundingRect], isOpaque: true)
    }

    /// A user library (a file) with a distortion that moves the content right by `dx` points
    /// and a layer effect that shows the layer `dx` points to its right.
    static func library() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("glint-framegraph-\(getpid()).glsl").path
        try """
        // Test effects.
        vec2 shift(vec2 position, float dx) { return position - vec2(dx, 0.0); }
        vec4 peek(vec2 position, Layer layer, float dx) { return layerSample(layer, position + vec2(dx, 0.0)); }
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("a view smaller than the target is drawn in its rect, in its own user space, with the backdrop around it",
          arguments: [1.0, 2.0])
    func viewInRect(scale: Double) throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let view = Rect(x: 40, y: 25, width: 100, height: 60)
        let graph = FrameGraph(viewRect: view, scale: scale, backdrop: Self.backdrop, content: Self.gradient())
        let (w, h) = (Int(200 * scale), Int(120 * scale))
        let frame = try draw(graph, width: w, height: h)
        var worst = 0.0
        var outsideWrong = 0
        for y in 0..<h {
            for x in 0..<w {
                let p = Seed002RenderTests.centre(x, y, scale: scale)
                let got = frame.color(x, y)
                if view.contains(p) {
                    let local = Point(x: p.x - view.minX, y: p.y - view.minY)
                    worst = max(worst, got.distance(to: R.gradientColor(at: local, viewSize: view.size)))
                } else if got.distance(to: R.RGBA(r: 0, g: 0, b: 1, a: 1)) > 0 {
                    outsideWrong += 1
                }
            }
        }
        #expect(worst <= 0.5 / 255 + 1e-6, "worst gradient error \(worst * 255)/255")
        #expect(outsideWrong == 0, "\(outsideWrong) pixels outside the view are not the backdrop")
        // The view's top-left pixel is black (the gradient's origin), not the target's.
        #expect(frame.color(Int(40 * scale), Int(25 * scale)).distance(to: R.RGBA(r: 0, g: 0, b: 0, a: 1)) < 3.0 / 255)
    }

    @Test("maxSampleOffset: a distortion moving the content right shows it past the view's edge only as far as its offset")
    func distortionPastTheEdge() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let library = try Self.library()
        defer { try? FileManager.default.removeItem(atPath: library) }
        let view = Rect(x: 50, y: 20, width: 100, height: 60)
        func frame(offset: Double) throws -> Seed002RenderTests.Frame {
            let shift = EffectPass(function: "shift", library: library, kind: .distortion(maxSampleOffset: Size(width: offset, height: 0)),
                                   arguments: [.float(20)])
            let graph = FrameGraph(viewRect: view, scale: 1, backdrop: Self.backdrop, content: Self.gradient(), effects: [shift])
            return try draw(graph, width: 220, height: 100)
        }
        let blue = R.RGBA(r: 0, g: 0, b: 1, a: 1)
        let row = 50
        // Within the offset the content's right part shows beyond the view (x 150…170); it is
        // cut at the offset's edge, and nothing shows without an offset.
        let wide = try frame(offset: 20)
        let expectedRed = (160.5 - 20 - view.minX) / view.width
        #expect(abs(wide.color(160, row).r - expectedRed) < 2.0 / 255, "\(wide.color(160, row))")
        #expect(wide.color(175, row).distance(to: blue) == 0, "past the offset: \(wide.color(175, row))")
        let narrow = try frame(offset: 10)
        #expect(abs(narrow.color(155, row).r - (155.5 - 20 - view.minX) / view.width) < 2.0 / 255)
        #expect(narrow.color(165, row).distance(to: blue) == 0, "\(narrow.color(165, row))")
        let none = try frame(offset: 0)
        #expect(none.color(151, row).distance(to: blue) == 0, "\(none.color(151, row))")
        // Inside, every offset gives the same picture; the left 20 points are uncovered.
        #expect(none.color(100, row) == wide.color(100, row))
        #expect(wide.color(60, row).distance(to: blue) == 0)
    }

    @Test("maxSampleOffset: a layer effect reads the content up to its offset beyond the view, transparent past it")
    func layerSamplesAtTheEdge() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let library = try Self.library()
        defer { try? FileManager.default.removeItem(atPath: library) }
        let view = Rect(x: 0, y: 0, width: 100, height: 40)
        // The content is a distortion-free gradient; peeking 30 points right with offset 10
        // reads transparency for the rightmost 30 points of the view.
        let peek = EffectPass(function: "peek", library: library, kind: .layer(maxSampleOffset: Size(width: 10, height: 10)), arguments: [.float(30)])
        let graph = FrameGraph(viewRect: view, scale: 1, backdrop: .clear, content: Self.gradient(), effects: [peek])
        let frame = try draw(graph, width: 100, height: 40)
        #expect(abs(frame.color(40, 20).r - 70.5 / 100) < 2.0 / 255)
        #expect(frame.color(75, 20).a == 0, "reads beyond the view: \(frame.color(75, 20))")
        #expect(frame.color(65, 20).a == 1)
    }

    @Test("offscreen layers hold storage only once a layer or distortion pass is enabled, and are reused")
    func offscreenOnlyWhileEnabled() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let renderer = try Renderer()
        var blur = EffectPass(function: "blur", kind: .layer(maxSampleOffset: Size(width: 4, height: 4)), arguments: [.float(4)])
        blur.isEnabled = false
        var graph = FrameGraph(viewRect: Rect(size: Size(width: 64, height: 64)), scale: 1, content: Self.gradient(), effects: [blur])
        _ = try draw(graph, width: 64, height: 64, renderer: renderer)
        #expect(renderer.offscreenPixels <= 2, "a disabled blur holds layer storage: \(renderer.offscreenPixels) pixels")
        graph.effects[0].isEnabled = true
        _ = try draw(graph, width: 64, height: 64, renderer: renderer)
        // Two layers and the separable pass's middle one, each the view grown by 4 points a side and
        // by the ring of one transparent pixel the blur's reads past the edges need.
        #expect(renderer.offscreenPixels == 3 * 74 * 74, "\(renderer.offscreenPixels)")
        _ = try draw(graph, width: 64, height: 64, renderer: renderer)
        #expect(renderer.offscreenPixels == 3 * 74 * 74)
    }
}
