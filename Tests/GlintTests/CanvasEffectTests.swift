import Foundation
import Glint
import Testing

/// A `Canvas`'s shadow filters and blend modes: what the drawing shows, pixel by pixel, against
/// the Gaussian and the blend formulas worked out here.
@Suite("Canvas shadows and blend modes", .serialized)
struct CanvasEffectTests {
    /// The pixel at (x, y) as 0 … 255 red, green, blue, alpha.
    static func rgba(_ image: RenderedImage, _ x: Int, _ y: Int) -> [Int] {
        let p = image.pixel(x: x, y: y)
        return [Int(p.red), Int(p.green), Int(p.blue), Int(p.alpha)]
    }

    @Test("Filter.shadow: the drawing's alpha in the shadow's colour, blurred as the Gaussian, moved by its offset, under the drawing")
    func shadowFalloff() throws {
        let image = try CanvasTests.render { context, _ in
            context.addFilter(.shadow(color: Color(red: 1, green: 0, blue: 0), radius: 6, x: 5, y: 4))
            context.fill(Path(CGRect(x: 30, y: 30, width: 20, height: 20)), with: .color(Color(red: 0, green: 0, blue: 1)))
        }
        var worst = 0.0
        for (x, y) in (0..<100).flatMap({ x in [(x, 42), (x, 55), (x, 60)] }) where !(x >= 30 && x < 50 && y >= 30 && y < 50) {
            // The shadow is the square at (35, 34)…(55, 54) blurred; red over the black backdrop.
            let expected = 255 * VisualEffectTests.gaussian(x, y, square: 35, 34, 55, 54, radius: 6)
            let p = Self.rgba(image, x, y)
            worst = max(worst, abs(Double(p[0]) - expected))
            #expect(p[1] == 0 && p[2] == 0, "red alone at (\(x), \(y)): \(p)")
        }
        #expect(worst <= 3, "the largest difference from the Gaussian, in 1/255: \(worst)")
        let square = Self.rgba(image, 45, 45)
        #expect(square[2] > 240 && square[0] < 10, "the drawing over its shadow: \(square)")
    }

    @Test("Filter.shadow's options: .shadowAbove draws it over the drawing, .shadowOnly without it; a later filter applies to both")
    func shadowOptions() throws {
        let blue = GraphicsContext.Shading.color(Color(red: 0, green: 0, blue: 1))
        let square = Path(CGRect(x: 30, y: 30, width: 20, height: 20))
        let above = try CanvasTests.render { context, _ in
            context.addFilter(.shadow(color: Color(red: 1, green: 0, blue: 0), radius: 6, x: 5, y: 4, options: .shadowAbove))
            context.fill(square, with: blue)
        }
        let only = try CanvasTests.render { context, _ in
            context.addFilter(.shadow(color: Color(red: 1, green: 0, blue: 0), radius: 6, x: 5, y: 4, options: .shadowOnly))
            context.fill(square, with: blue)
        }
        let core = 255 * VisualEffectTests.gaussian(45, 45, square: 35, 34, 55, 54, radius: 6)
        let edge = 255 * VisualEffectTests.gaussian(32, 32, square: 35, 34, 55, 54, radius: 6)
        let a = Self.rgba(above, 45, 45)
        #expect(abs(Double(a[0]) - core) <= 3 && Double(a[2]) <= 255 - core + 3, "the shadow over the square: \(a)")
        let o = Self.rgba(only, 32, 32)
        #expect(abs(Double(o[0]) - edge) <= 3 && o[2] == 0, "the shadow alone, no square: \(o), expected red \(edge)")

        let tinted = try CanvasTests.render { context, _ in
            context.addFilter(.shadow(color: .white, radius: 0, x: 30, y: 0))
            context.addFilter(.colorMultiply(Color(red: 0, green: 1, blue: 0)))
            context.fill(Path(CGRect(x: 10, y: 10, width: 20, height: 20)), with: .color(.white))
        }
        #expect(Self.rgba(tinted, 20, 20) == [0, 255, 0, 255] && Self.rgba(tinted, 50, 20) == [0, 255, 0, 255],
                "the drawing and its shadow both green: \(Self.rgba(tinted, 20, 20)) \(Self.rgba(tinted, 50, 20))")
        #expect(Self.rgba(tinted, 70, 20) == [0, 0, 0, 255], "nothing past the shadow")
    }

    @Test("A shadow filter in drawLayer shadows the layer's drawings as one picture")
    func shadowOfLayer() throws {
        let image = try CanvasTests.render { context, _ in
            context.addFilter(.shadow(color: Color(red: 1, green: 0, blue: 0), radius: 0, x: 0, y: 20))
            context.opacity = 0.5
            context.drawLayer { layer in
                layer.fill(Path(CGRect(x: 10, y: 10, width: 20, height: 20)), with: .color(Color(red: 0, green: 0, blue: 1)))
                layer.fill(Path(CGRect(x: 20, y: 10, width: 20, height: 20)), with: .color(Color(red: 0, green: 0, blue: 1)))
            }
        }
        // The two squares overlap in x 20 ..< 30: one picture, so no darker overlap in the shadow either.
        let shade = Self.rgba(image, 25, 35), lone = Self.rgba(image, 12, 35)
        #expect(abs(shade[0] - 128) <= 2 && shade == lone, "half red, the same across the overlap: \(shade) \(lone)")
        let blue = Self.rgba(image, 25, 20)
        #expect(abs(blue[2] - 128) <= 2 && blue[0] == 0, "the layer at half opacity over the shadow (none there): \(blue)")
    }

    /// A canvas over a view backdrop: the canvas's drawing blends with its own drawing only.
    static func renderOverBlue(_ draw: @escaping (inout GraphicsContext, CGSize) -> Void) throws -> RenderedImage {
        let view = ZStack {
            Color(red: 0, green: 0, blue: 1)
            Canvas(renderer: draw)
        }.frame(width: 40, height: 40)
        return try ImageRenderer(content: view).render()
    }

    @Test("context.blendMode blends a drawing with what the canvas drew under it by the W3C's formula",
          arguments: zip([GraphicsContext.BlendMode.multiply, .screen, .overlay, .darken, .lighten, .difference, .exclusion, .hardLight,
                          .plusDarker, .plusLighter],
                         [BlendMode.multiply, .screen, .overlay, .darken, .lighten, .difference, .exclusion, .hardLight, .plusDarker, .plusLighter]))
    func separableModes(mode: GraphicsContext.BlendMode, viewMode: BlendMode) throws {
        let modes = (mode, viewMode)
        let below = [0.8, 0.4, 0.2], above = [0.3, 0.6, 0.9]
        let image = try Self.renderOverBlue { context, size in
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(Color(red: below[0], green: below[1], blue: below[2])))
            context.blendMode = modes.0
            context.fill(Path(CGRect(x: 10, y: 10, width: 20, height: 20)), with: .color(Color(red: above[0], green: above[1], blue: above[2])))
        }
        func q(_ x: Double) -> Double { (x * 255).rounded() / 255 }
        let want = (0..<3).map { VisualEffectTests.blend(modes.1, q(below[$0]), q(above[$0])) }
        let got = Self.rgba(image, 20, 20)[0..<3].map { Double($0) / 255 }
        #expect(zip(got, want).allSatisfy { abs($0 - $1) <= 2.0 / 255 }, "\(modes.1): \(got) against \(want)")
        #expect(Self.rgba(image, 5, 5) == [204, 102, 51, 255], "the canvas's drawing untouched outside the blended one")
    }

    @Test("The Porter-Duff modes cut and replace the canvas's own drawing; what is behind the canvas shows through the holes")
    func porterDuffModes() throws {
        func draw(_ mode: GraphicsContext.BlendMode, _ color: Color = Color(red: 0, green: 1, blue: 0)) throws -> RenderedImage {
            try Self.renderOverBlue { context, _ in
                // Red over the canvas's left half; the drawing under test over x 10 ..< 30.
                context.fill(Path(CGRect(x: 0, y: 0, width: 20, height: 40)), with: .color(Color(red: 1, green: 0, blue: 0)))
                context.blendMode = mode
                context.fill(Path(CGRect(x: 10, y: 10, width: 20, height: 20)), with: .color(color))
            }
        }
        let red = [255, 0, 0, 255], green = [0, 255, 0, 255], blue = [0, 0, 255, 255]
        // Pixels: (5, 20) red alone; (15, 20) red under the drawing; (25, 20) the drawing alone; (35, 20) neither.
        func expect(_ mode: GraphicsContext.BlendMode, _ name: String, _ want: [[Int]], color: Color = Color(red: 0, green: 1, blue: 0)) throws {
            let image = try draw(mode, color)
            let got = [5, 15, 25, 35].map { Self.rgba(image, $0, 20) }
            #expect(got == want, "\(name): \(got) against \(want)")
        }
        try expect(.destinationOut, "destinationOut: a hole in the red", [red, blue, blue, blue])
        try expect(.clear, "clear: a hole where the drawing is", [red, blue, blue, blue])
        try expect(.sourceAtop, "sourceAtop: green only over the red", [red, green, blue, blue])
        try expect(.sourceIn, "sourceIn: green where the red was, nothing elsewhere in the drawing", [red, green, blue, blue])
        try expect(.sourceOut, "sourceOut: green where nothing was", [red, blue, green, blue])
        try expect(.destinationOver, "destinationOver: green under the red", [red, red, green, blue])
        try expect(.destinationIn, "destinationIn: the red kept only under the drawing", [red, red, blue, blue])
        try expect(.destinationAtop, "destinationAtop: red over green, inside the drawing", [red, red, green, blue])
        try expect(.xor, "xor: each where the other is not", [red, blue, green, blue])
        try expect(.copy, "copy: the drawing replaces the red", [red, green, green, blue])
        // copy with a half-clear colour: the colour itself, not laid over the red.
        let half = try draw(.copy, Color(red: 0, green: 1, blue: 0, opacity: 0.5))
        let p = Self.rgba(half, 15, 20)
        #expect(p[0] == 0 && abs(p[1] - 128) <= 1 && abs(p[2] - 127) <= 2, "half green over the blue behind the canvas: \(p)")
    }

    @Test("drawLayer with a blend mode blends the layer as one picture; inside it, drawings blend with the layer's own")
    func blendedLayer() throws {
        let image = try Self.renderOverBlue { context, size in
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.white))
            context.blendMode = .multiply
            context.drawLayer { layer in
                layer.fill(Path(CGRect(x: 0, y: 0, width: 30, height: 40)), with: .color(Color(red: 1, green: 0, blue: 0)))
                // Inside the layer: multiplied by the layer's red, not the white below it.
                layer.blendMode = .multiply
                layer.fill(Path(CGRect(x: 20, y: 0, width: 20, height: 40)), with: .color(Color(red: 0, green: 1, blue: 1)))
            }
        }
        #expect(Self.rgba(image, 10, 20) == [255, 0, 0, 255], "red times white")
        #expect(Self.rgba(image, 25, 20) == [0, 0, 0, 255], "cyan times red (inside the layer) is black")
        #expect(Self.rgba(image, 35, 20) == [0, 255, 255, 255], "cyan alone in the layer, times white")
    }
}
