import Glint
import Testing

/// SwiftUI's shape shorthands (`.rect(cornerRadius:)`, `.capsule`, `.circle`), continuous
/// corners, and `Text` joined with `+`, checked by their pixels.
@Suite("Shape shorthands, continuous corners, Text +", .serialized)
struct ShapeShorthandTests {
    /// The pixels of `view` drawn alone at 1x on black.
    static func pixels(_ view: some View) throws -> RenderedImage {
        let renderer = ImageRenderer(content: view)
        renderer.backdrop = .black
        return try renderer.render()
    }

    /// A white square `side` points wide clipped to `shape`.
    static func clipped(_ shape: some Shape, side: CGFloat = 64) throws -> RenderedImage {
        try pixels(Color.white.frame(width: side, height: side).clipShape(shape))
    }

    /// A shape drawn by its own `path(in:)`, so Glint cannot know it as one of its own.
    struct Outline: Shape {
        var radius: CGFloat
        var style: RoundedCornerStyle
        func path(in rect: CGRect) -> Path { Path(roundedRect: rect, cornerRadius: radius, style: style) }
    }

    @Test(".clipShape(.rect(cornerRadius:)) draws as .clipShape(RoundedRectangle(cornerRadius:)), the default style circular")
    func rectShorthand() throws {
        let shorthand = try Self.clipped(.rect(cornerRadius: 12))
        let spelled = try Self.clipped(RoundedRectangle(cornerRadius: 12))
        #expect(shorthand.pixels == spelled.pixels)
        #expect(shorthand.pixel(x: 0, y: 0).red < 40 && shorthand.pixel(x: 32, y: 32).red == 255)
        #expect(try Self.clipped(RoundedRectangle(cornerRadius: 12, style: .circular)).pixels == spelled.pixels)
        #expect(try Self.clipped(Outline(radius: 12, style: .circular)).pixels == spelled.pixels)
        #expect(try Self.clipped(.rect(cornerSize: CGSize(width: 12, height: 12))).pixels == spelled.pixels)
        #expect(try Self.clipped(.rect).pixels == Self.clipped(Rectangle()).pixels)
    }

    @Test(".capsule, .circle and .ellipse draw as Capsule(), Circle() and Ellipse()")
    func namedShorthands() throws {
        let capsule = try Self.pixels(Color.white.frame(width: 80, height: 30).clipShape(.capsule))
        #expect(capsule.pixels == (try Self.pixels(Color.white.frame(width: 80, height: 30).clipShape(Capsule()))).pixels)
        #expect(capsule.pixel(x: 1, y: 1).red < 40 && capsule.pixel(x: 40, y: 1).red == 255)
        let circle = try Self.clipped(.circle)
        #expect(circle.pixels == (try Self.clipped(Circle())).pixels)
        #expect(circle.pixel(x: 4, y: 4).red == 0 && circle.pixel(x: 32, y: 1).red > 200)
        let ellipse = try Self.pixels(Color.white.frame(width: 80, height: 30).clipShape(.ellipse))
        #expect(ellipse.pixels == (try Self.pixels(Color.white.frame(width: 80, height: 30).clipShape(Ellipse()))).pixels)
        let behind = try Self.pixels(Color.clear.frame(width: 80, height: 30).background(.white, in: .capsule))
        #expect(behind.pixels == capsule.pixels)
    }

    @Test(".continuous corners differ from .circular only near the corners, and cut a little more away there")
    func continuousCorners() throws {
        let r: CGFloat = 12, side = 64
        let circular = try Self.clipped(RoundedRectangle(cornerRadius: r, style: .circular))
        let continuous = try Self.clipped(RoundedRectangle(cornerRadius: r, style: .continuous))
        #expect(try Self.clipped(.rect(cornerRadius: r, style: .continuous)).pixels == continuous.pixels)
        #expect(try Self.clipped(Outline(radius: r, style: .continuous)).pixels == continuous.pixels)
        // Where a continuous corner reaches: 1.528 radii along each edge, and a pixel more.
        let reach = Int((1.528 * Double(r)).rounded(.up)) + 1
        func nearCorner(_ v: Int) -> Bool { v < reach || v >= side - reach }
        var differing = 0, circularInk = 0, continuousInk = 0
        for y in 0..<side {
            for x in 0..<side {
                let a = Int(circular.pixel(x: x, y: y).red), b = Int(continuous.pixel(x: x, y: y).red)
                if a != b {
                    differing += 1
                    #expect(nearCorner(x) && nearCorner(y), "pixel (\(x), \(y)) differs away from the corners")
                }
                if nearCorner(x) && nearCorner(y) { circularInk += a; continuousInk += b }
            }
        }
        #expect(differing > 0)
        #expect(continuousInk < circularInk)
        // Just past where a circular corner ends, the top edge is whole; the continuous one still bends.
        #expect(circular.pixel(x: Int(r), y: 0).red == 255)
        #expect(continuous.pixel(x: Int(r), y: 0).red < circular.pixel(x: Int(r), y: 0).red)
        #expect(continuous.pixel(x: 0, y: 0).red <= circular.pixel(x: 0, y: 0).red)
        // Opposite corners are the same corner turned (to the rasteriser's rounding: 2 levels).
        var unlike = 0
        for y in 0..<side {
            for x in 0..<side {
                let a = Int(continuous.pixel(x: x, y: y).red), b = Int(continuous.pixel(x: side - 1 - x, y: side - 1 - y).red)
                if abs(a - b) > 2 { unlike += 1 }
            }
        }
        #expect(unlike == 0)
    }

    @Test("Text(\"a\") + Text(\"b\") draws as Text(\"ab\")")
    func textConcatenation() throws {
        let joined = try Self.pixels((Text("a") + Text("b")).foregroundStyle(.white))
        let whole = try Self.pixels(Text("ab").foregroundStyle(.white))
        #expect(joined.width == whole.width && joined.pixels == whole.pixels)
        let three = try Self.pixels((Text("Hold ") + Text(verbatim: "any") + Text("where")).foregroundStyle(.white))
        #expect(three.pixels == (try Self.pixels(Text("Hold anywhere").foregroundStyle(.white))).pixels)
    }
}

/// `UnevenRoundedRectangle` and `.rect(cornerRadii:)`: each corner its own radius.
@Suite("Uneven rounded rectangles")
struct UnevenRoundedRectangleTests {
    @Test("each corner is cut by its own radius: a 30-point top-leading corner leaves its corner pixel empty, a square bottom-trailing one fills it; overlapping radii shrink together")
    func corners() throws {
        func draw(_ shape: some Shape) throws -> RenderedImage {
            let renderer = ImageRenderer(content: shape.fill(Color.white).frame(width: 100, height: 60))
            renderer.backdrop = .black
            return try renderer.render()
        }
        let image = try draw(UnevenRoundedRectangle(topLeadingRadius: 30, bottomTrailingRadius: 0))
        #expect(image.pixel(x: 2, y: 2).red < 20, "the rounded corner's tip is outside")
        #expect(image.pixel(x: 97, y: 57).red > 240, "the square corner is filled")
        #expect(image.pixel(x: 97, y: 2).red > 240 && image.pixel(x: 2, y: 57).red > 240)
        // A point 30 - 30/√2 ≈ 8.8 points in along the diagonal is on the arc: just inside at 11.
        #expect(image.pixel(x: 11, y: 11).red > 200 && image.pixel(x: 6, y: 6).red < 60)
        let shorthand = try draw(.rect(cornerRadii: RectangleCornerRadii(topLeading: 30)))
        #expect(shorthand.pixels == image.pixels, ".rect(cornerRadii:) is the same shape")
        // 50 + 50 on a 60-point side: both shrink to 30, so the side's middle is still filled.
        let big = try draw(UnevenRoundedRectangle(topLeadingRadius: 50, bottomLeadingRadius: 50))
        #expect(big.pixel(x: 1, y: 30).red > 200 && big.pixel(x: 1, y: 3).red < 20)
    }
}

/// A shape's own transforms: `offset`, `rotation`, `scale`, `inset(by:)`.
@Suite("Shape transforms")
struct ShapeTransformTests {
    func draw(_ shape: some Shape) throws -> RenderedImage {
        let renderer = ImageRenderer(content: shape.fill(Color.white).frame(width: 100, height: 100))
        renderer.backdrop = .black
        return try renderer.render()
    }

    @Test("a square inset by 20 and moved 10 right covers 30…90 across; scaled by 0.5 about its top-leading corner 0…50; a thin bar turned 90° stands upright")
    func transforms() throws {
        let moved = try draw(Rectangle().inset(by: 20).offset(x: 10))
        #expect(moved.pixel(x: 29, y: 50).red < 20 && moved.pixel(x: 31, y: 50).red > 240 && moved.pixel(x: 89, y: 50).red > 240 && moved.pixel(x: 91, y: 50).red < 20)
        let scaled = try draw(Rectangle().scale(0.5, anchor: .topLeading))
        #expect(scaled.pixel(x: 48, y: 48).red > 240 && scaled.pixel(x: 52, y: 52).red < 20)
        let bar = try draw(Rectangle().scale(x: 1, y: 0.1).rotation(.degrees(90)))
        #expect(bar.pixel(x: 50, y: 5).red > 240 && bar.pixel(x: 10, y: 50).red < 20, "upright: tall and thin")
        let ring = try draw(Circle().inset(by: 30))
        #expect(ring.pixel(x: 50, y: 50).red > 240 && ring.pixel(x: 25, y: 50).red < 20, "a circle 40 across in the middle")
    }
}
