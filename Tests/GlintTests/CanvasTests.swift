import Foundation
import Glint
import Testing

/// `Canvas` and `GraphicsContext`: what a drawing shows, pixel by pixel, against the geometry
/// worked out here.
@Suite("Canvas and GraphicsContext", .serialized)
struct CanvasTests {
    /// The pixels of a `side`-point square canvas drawn by `draw`, at 1x on black.
    static func render(_ side: CGFloat = 100, _ draw: @escaping (inout GraphicsContext, CGSize) -> Void) throws -> RenderedImage {
        // White text (the foreground style) on black.
        let renderer = ImageRenderer(content: Canvas(renderer: draw).frame(width: side, height: side).foregroundStyle(Color.white))
        renderer.backdrop = .black
        return try renderer.render()
    }

    /// The red channel at (x, y), 0 … 255.
    static func red(_ image: RenderedImage, _ x: Int, _ y: Int) -> Int { Int(image.pixel(x: x, y: y).red) }

    @Test("A filled path covers exactly its pixels; a stroke is its width wide, centred on the line")
    func fillAndStroke() throws {
        let image = try Self.render { context, _ in
            context.fill(Path(CGRect(x: 10, y: 20, width: 30, height: 40)), with: .color(.white))
            context.stroke(Path { p in
                p.move(to: CGPoint(x: 50, y: 80))
                p.addLine(to: CGPoint(x: 95, y: 80))
            }, with: .color(.white), lineWidth: 4)
        }
        for y in 0..<100 {
            for x in 0..<50 {
                let inside = x >= 10 && x < 40 && y >= 20 && y < 60
                #expect(Self.red(image, x, y) == (inside ? 255 : 0), "(\(x), \(y))")
            }
        }
        for y in 70..<90 {
            let inside = y >= 78 && y < 82
            #expect(Self.red(image, 70, y) == (inside ? 255 : 0), "stroke at y \(y)")
        }
        #expect(Self.red(image, 49, 80) == 0 && Self.red(image, 50, 80) == 255)
    }

    @Test("translateBy, rotate and scaleBy move what is drawn next: a square turned 45° about the centre, one stretched")
    func transforms() throws {
        let image = try Self.render { context, size in
            context.translateBy(x: size.width / 2, y: size.height / 2)
            context.rotate(by: .degrees(45))
            context.fill(Path(CGRect(x: -20, y: -20, width: 40, height: 40)), with: .color(.white))
        }
        // A pixel whose centre is over a pixel inside the turned square is white; over a pixel outside, black.
        let half = 20.0, c = cos(Double.pi / 4), s = sin(Double.pi / 4)
        for y in stride(from: 0, to: 100, by: 3) {
            for x in stride(from: 0, to: 100, by: 3) {
                let (dx, dy) = (Double(x) + 0.5 - 50, Double(y) + 0.5 - 50)
                // Back through the turn: the point in the square's own coordinates.
                let (u, v) = (c * dx + s * dy, -s * dx + c * dy)
                let margin = max(abs(u), abs(v)) - half
                if margin < -1 { #expect(Self.red(image, x, y) == 255, "(\(x), \(y)) inside") }
                if margin > 1 { #expect(Self.red(image, x, y) == 0, "(\(x), \(y)) outside") }
            }
        }
        let stretched = try Self.render { context, _ in
            context.scaleBy(x: 2, y: 0.5)
            context.fill(Path(CGRect(x: 10, y: 40, width: 20, height: 60)), with: .color(.white))
        }
        // x 20 ..< 60, y 20 ..< 50.
        #expect(Self.red(stretched, 19, 30) == 0 && Self.red(stretched, 20, 30) == 255 && Self.red(stretched, 59, 30) == 255)
        #expect(Self.red(stretched, 60, 30) == 0 && Self.red(stretched, 30, 19) == 0 && Self.red(stretched, 30, 49) == 255)
        #expect(Self.red(stretched, 30, 50) == 0)
    }

    @Test("clip(to:) keeps later drawing inside the path (within the clips before it); .inverse keeps it outside")
    func clips() throws {
        let image = try Self.render { context, _ in
            var clipped = context
            clipped.clip(to: Path(ellipseIn: CGRect(x: 10, y: 10, width: 80, height: 80)))
            clipped.clip(to: Path(CGRect(x: 0, y: 0, width: 50, height: 100)))
            clipped.fill(Path(CGRect(x: 0, y: 0, width: 100, height: 100)), with: .color(.white))
            // The context itself is not clipped.
            context.fill(Path(CGRect(x: 0, y: 95, width: 100, height: 5)), with: .color(.red))
        }
        for y in stride(from: 0, to: 94, by: 2) {
            for x in stride(from: 0, to: 100, by: 2) {
                let r = hypot(Double(x) + 0.5 - 50, Double(y) + 0.5 - 50)
                if r < 39 && x < 49 { #expect(Self.red(image, x, y) == 255, "(\(x), \(y)) in both clips") }
                if r > 41 || x >= 50 { #expect(Self.red(image, x, y) == 0, "(\(x), \(y)) outside a clip") }
            }
        }
        #expect(image.pixel(x: 80, y: 97).red > 200 && image.pixel(x: 80, y: 97).green < 100, "drawn outside the clip by the unclipped context")

        let outside = try Self.render { context, _ in
            context.clip(to: Path(CGRect(x: 20, y: 20, width: 60, height: 60)), options: .inverse)
            context.fill(Path(CGRect(x: 0, y: 0, width: 100, height: 100)), with: .color(.white))
        }
        #expect(Self.red(outside, 10, 50) == 255 && Self.red(outside, 50, 50) == 0 && Self.red(outside, 19, 19) == 255)
        #expect(Self.red(outside, 20, 20) == 0 && Self.red(outside, 79, 79) == 0 && Self.red(outside, 80, 80) == 255)
    }

    @Test("opacity fades each drawing; drawLayer fades overlapping drawings as one picture")
    func opacityAndLayers() throws {
        func squares(_ context: inout GraphicsContext) {
            context.fill(Path(CGRect(x: 10, y: 10, width: 50, height: 50)), with: .color(Color(red: 1, green: 0, blue: 0)))
            context.fill(Path(CGRect(x: 30, y: 30, width: 50, height: 50)), with: .color(Color(red: 0, green: 0, blue: 1)))
        }
        let each = try Self.render { context, _ in
            context.opacity = 0.5
            squares(&context)
        }
        let layered = try Self.render { context, _ in
            context.opacity = 0.5
            context.drawLayer { layer in squares(&layer) }
        }
        // Alone: half of each colour over black.
        for image in [each, layered] {
            #expect(abs(Int(image.pixel(x: 15, y: 15).red) - 128) <= 1 && image.pixel(x: 15, y: 15).blue == 0)
            #expect(abs(Int(image.pixel(x: 75, y: 75).blue) - 128) <= 1 && image.pixel(x: 75, y: 75).red == 0)
        }
        // Overlapping: each on its own lets the red show under the blue; the layer shows only blue, at half.
        let e = each.pixel(x: 45, y: 45), l = layered.pixel(x: 45, y: 45)
        #expect(abs(Int(e.red) - 64) <= 2 && abs(Int(e.blue) - 128) <= 1, "\(e)")
        #expect(l.red == 0 && abs(Int(l.blue) - 128) <= 1, "\(l)")
    }

    @Test("A gradient shading lies in the drawing's coordinates, through the transform; a shape style over the canvas")
    func gradientShading() throws {
        let ramp = Gradient(colors: [.black, .white])
        let image = try Self.render { context, _ in
            context.translateBy(x: 20, y: 0)
            context.fill(Path(CGRect(x: -20, y: 0, width: 100, height: 50)),
                         with: .linearGradient(ramp, startPoint: .zero, endPoint: CGPoint(x: 60, y: 0)))
            context.fill(Path(CGRect(x: -20, y: 50, width: 100, height: 50)),
                         with: .radialGradient(ramp, center: CGPoint(x: 30, y: 75), startRadius: 0, endRadius: 40))
        }
        for x in [0, 10, 19, 20, 21, 35, 50, 79, 80, 90, 99] {
            let t = min(max((Double(x) + 0.5 - 20) / 60, 0), 1)
            #expect(abs(Self.red(image, x, 25) - Int((t * 255).rounded())) <= 2, "linear at x \(x)")
        }
        for (x, y) in [(50, 75), (60, 80), (70, 90), (90, 60), (5, 99)] {
            let t = min(hypot(Double(x) + 0.5 - 50, Double(y) + 0.5 - 75) / 40, 1)
            #expect(abs(Self.red(image, x, y) - Int((t * 255).rounded())) <= 2, "radial at (\(x), \(y))")
        }
        let styled = try Self.render { context, size in
            context.fill(Path(CGRect(origin: .zero, size: size)),
                         with: .style(LinearGradient(colors: [.black, .white], startPoint: .leading, endPoint: .trailing)))
        }
        for x in [0, 25, 50, 99] {
            #expect(abs(Self.red(styled, x, 50) - Int(((Double(x) + 0.5) / 100 * 255).rounded())) <= 2, "style at x \(x)")
        }
        // A shader's positions are the canvas's points: a ramp over the canvas, shown inside the circle.
        let shaded = try Self.render { context, _ in
            context.fill(Path(ellipseIn: CGRect(x: 10, y: 10, width: 80, height: 80)),
                         with: .shader(ShaderLibrary.builtIn.linearGradient(.boundingRect, .float2(0, 0), .float2(1, 0), .colorArray([.black, .white]))))
        }
        for x in [12, 30, 50, 70, 87] {
            #expect(abs(Self.red(shaded, x, 50) - Int(((Double(x) + 0.5) / 100 * 255).rounded())) <= 2, "shader at x \(x)")
        }
        #expect(Self.red(shaded, 95, 50) == 0 && Self.red(shaded, 12, 12) == 0, "nothing outside the circle")
    }

    @Test("Text and images drawn at a point or in a rect show there and nowhere else")
    func textAndImages() throws {
        let image = try Self.render { context, _ in
            context.draw(Text("Hello"), at: CGPoint(x: 50, y: 25))
            let pixels: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]
            context.draw(Image(pixels: pixels, width: 2, height: 2).interpolation(.none), in: CGRect(x: 60, y: 60, width: 20, height: 20))
        }
        var ink = 0
        for y in 0..<100 {
            for x in 0..<100 where x < 60 || y < 60 {
                let p = image.pixel(x: x, y: y)
                if p.red > 0 || p.green > 0 || p.blue > 0 {
                    ink += 1
                    #expect(abs(x - 50) < 30 && abs(y - 25) < 15, "ink at (\(x), \(y)) away from the text")
                }
            }
        }
        #expect(ink > 20, "the text shows")
        // The image's four pixels, each a 10-point square.
        #expect(image.pixel(x: 65, y: 65) == (255, 0, 0, 255) && image.pixel(x: 75, y: 65) == (0, 255, 0, 255))
        #expect(image.pixel(x: 65, y: 75) == (0, 0, 255, 255) && image.pixel(x: 75, y: 75) == (255, 255, 255, 255))
        #expect(image.pixel(x: 85, y: 85) == (0, 0, 0, 255))
    }

    @Test("A symbol (a view of the canvas's symbols, by its tag) is drawn where the canvas draws it, at its size or stretched, and nowhere else")
    func symbols() throws {
        var missing = false
        let view = Canvas { context, _ in
            missing = context.resolveSymbol(id: "none") == nil
            guard let dot = context.resolveSymbol(id: "dot") else { return }
            context.draw(dot, at: CGPoint(x: 30, y: 30))
            context.draw(dot, in: CGRect(x: 60, y: 60, width: 40, height: 20))
        } symbols: {
            Color.white.frame(width: 20, height: 10).tag("dot")
        }
        let renderer = ImageRenderer(content: view.frame(width: 100, height: 100))
        renderer.backdrop = .black
        let image = try renderer.render()
        #expect(missing)
        for y in stride(from: 0, to: 100, by: 2) {
            for x in stride(from: 0, to: 100, by: 2) {
                let inside = (x >= 20 && x < 40 && y >= 25 && y < 35) || (x >= 60 && y >= 60 && y < 80)
                #expect(Self.red(image, x, y) == (inside ? 255 : 0), "(\(x), \(y))")
            }
        }
    }

    @Test("addFilter: colour filters by their formulas and a colour shader apply to the drawing after them; a blur softens an edge")
    func filters() throws {
        let image = try Self.render { context, _ in
            context.fill(Path(CGRect(x: 0, y: 0, width: 20, height: 20)), with: .color(.white))  // before any filter
            var multiplied = context
            multiplied.addFilter(.colorMultiply(Color(red: 1, green: 0.5, blue: 0.25)))
            multiplied.fill(Path(CGRect(x: 20, y: 0, width: 20, height: 20)), with: .color(.white))
            var grey = context
            grey.addFilter(.grayscale(1))
            grey.fill(Path(CGRect(x: 40, y: 0, width: 20, height: 20)), with: .color(Color(red: 1, green: 0, blue: 0)))
            var inverted = context
            inverted.addFilter(.colorInvert())
            inverted.addFilter(.brightness(0.1))
            inverted.fill(Path(CGRect(x: 60, y: 0, width: 20, height: 20)), with: .color(Color(red: 0.2, green: 0.6, blue: 1)))
            var shaded = context
            shaded.addFilter(.colorShader(ShaderLibrary.builtIn.fade(.float(0.5))))
            shaded.fill(Path(CGRect(x: 80, y: 0, width: 20, height: 20)), with: .color(.white))
            var blurred = context
            blurred.addFilter(.blur(radius: 6))
            blurred.fill(Path(CGRect(x: 0, y: 40, width: 50, height: 60)), with: .color(.white))
        }
        func rgb(_ x: Int, _ y: Int) -> [Int] { let p = image.pixel(x: x, y: y); return [Int(p.red), Int(p.green), Int(p.blue)] }
        func near(_ a: [Int], _ b: [Double], _ what: String) {
            let want = b.map { Int(($0 * 255).rounded()) }
            #expect(zip(a, want).allSatisfy { abs($0 - $1) <= 2 }, "\(what): \(a), expected \(want)")
        }
        near(rgb(10, 10), [1, 1, 1], "unfiltered")
        near(rgb(30, 10), [1, 0.5, 0.25], "colorMultiply")
        near(rgb(50, 10), [0.2126, 0.2126, 0.2126], "grayscale of red: its luminance")
        near(rgb(70, 10), [0.8 + 0.1, 0.4 + 0.1, 0 + 0.1], "inverted, then brightened")
        near(rgb(90, 10), [0.5, 0.5, 0.5], "a colour shader fading to half")
        // The blur: half way at the edge, whole well inside, a little light beyond the edge.
        let edge = rgb(50, 70)[0], inside = rgb(25, 70)[0], beyond = rgb(53, 70)[0], far = rgb(70, 70)[0]
        #expect(inside == 255 && abs(edge - 128) <= 40 && beyond > 0 && beyond < edge && far == 0, "\(inside) \(edge) \(beyond) \(far)")
    }

    @Test("A canvas redrawn each frame in a TimelineView shows each frame's drawing")
    func timeline() throws {
        let view = TimelineView(.animation) { timeline in
            let t = timeline.date.timeIntervalSinceReferenceDate
            Canvas { context, _ in
                context.fill(Path(CGRect(x: 10 * t, y: 0, width: 10, height: 10)), with: .color(.white))
            }
        }
        let renderer = ImageRenderer(content: view.frame(width: 100, height: 10))
        renderer.backdrop = .black
        for t in [0.0, 2, 5] {
            renderer.date = Date(timeIntervalSinceReferenceDate: t)
            let image = try renderer.render()
            let x = Int(10 * t)
            #expect(image.pixel(x: x + 5, y: 5).red == 255 && image.pixel(x: (x + 50) % 100, y: 5).red == 0, "at t \(t)")
        }
    }
}
