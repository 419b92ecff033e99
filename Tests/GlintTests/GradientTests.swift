import Foundation
import Glint
import Testing

/// SwiftUI's gradients (`RadialGradient`, `AngularGradient`, `EllipticalGradient`, stops,
/// `MeshGradient`) checked pixel by pixel against their formulas, computed here.
@Suite("Gradients against their formulas", .serialized)
struct GradientTests {
    typealias RGB = (r: Double, g: Double, b: Double)

    static let red: RGB = (0.9, 0.1, 0.2)
    static let green: RGB = (0.1, 0.8, 0.3)
    static let blue: RGB = (0.2, 0.3, 0.9)
    static let white: RGB = (1, 1, 1)

    static func color(_ c: RGB) -> Glint.Color { Glint.Color(red: c.r, green: c.g, blue: c.b) }

    /// The pixels of `view` drawn at 1x on black in `size` points.
    static func render(_ view: some View, _ width: CGFloat, _ height: CGFloat) throws -> RenderedImage {
        let renderer = ImageRenderer(content: view.frame(width: width, height: height))
        renderer.backdrop = .black
        return try renderer.render()
    }

    /// The colour of opaque stops at `t`: the first before the first stop, the last past the last.
    static func colorAt(_ t: Double, _ stops: [(RGB, Double)]) -> RGB {
        if t <= stops[0].1 { return stops[0].0 }
        for k in 1..<stops.count where t < stops[k].1 {
            let (a, l0) = stops[k - 1], (b, l1) = stops[k]
            let f = (t - l0) / (l1 - l0)
            return (a.r + (b.r - a.r) * f, a.g + (b.g - a.g) * f, a.b + (b.b - a.b) * f)
        }
        return stops[stops.count - 1].0
    }

    /// Evenly spaced stops of `colors`.
    static func even(_ colors: [RGB]) -> [(RGB, Double)] {
        colors.enumerated().map { ($0.element, Double($0.offset) / Double(colors.count - 1)) }
    }

    /// Expects pixel (x, y) to show `expected`, to `tolerance` levels of 255.
    static func expectPixel(_ image: RenderedImage, _ x: Int, _ y: Int, _ expected: RGB, tolerance: Int = 3,
                            _ what: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
        let p = image.pixel(x: x, y: y)
        let want = [expected.r, expected.g, expected.b].map { Int(($0 * 255).rounded()) }
        let got = [Int(p.red), Int(p.green), Int(p.blue)]
        let close = zip(want, got).allSatisfy { abs($0 - $1) <= tolerance }
        #expect(close, "pixel (\(x), \(y)) \(what): \(got), expected \(want)", sourceLocation: sourceLocation)
    }

    @Test("RadialGradient: the first colour inside startRadius, the last past endRadius, blended by distance between")
    func radial() throws {
        let colors = [Self.red, Self.green, Self.blue]
        let view = RadialGradient(colors: colors.map(Self.color), center: UnitPoint(x: 0.4, y: 0.5), startRadius: 10, endRadius: 60)
        let image = try Self.render(view, 120, 80)
        let (cx, cy) = (0.4 * 120, 0.5 * 80)
        for (x, y) in [(48, 40), (50, 41), (60, 40), (70, 52), (20, 10), (100, 40), (80, 70), (119, 0), (5, 75)] {
            let r = hypot(Double(x) + 0.5 - cx, Double(y) + 0.5 - cy)
            Self.expectPixel(image, x, y, Self.colorAt((r - 10) / 50, Self.even(colors)), "r = \(r)")
        }
    }

    @Test("AngularGradient: colours swept clockwise from the start angle; the gap of a part turn is the last colour, then the first")
    func angular() throws {
        let colors = [Self.red, Self.green, Self.blue]
        let half = AngularGradient(colors: colors.map(Self.color), center: .center, startAngle: .degrees(0), endAngle: .degrees(180))
        let image = try Self.render(half, 100, 100)
        func angle(_ x: Int, _ y: Int) -> Double {
            let a = atan2(Double(y) + 0.5 - 50, Double(x) + 0.5 - 50) * 180 / .pi
            return a < 0 ? a + 360 : a
        }
        // Clockwise on screen from the right: below the centre is 90°, left 180°, above 270°.
        for (x, y) in [(90, 52), (80, 80), (52, 90), (20, 80), (12, 55)] {
            let a = angle(x, y)
            Self.expectPixel(image, x, y, Self.colorAt(a / 180, Self.even(colors)), "at \(a)°")
        }
        // Past the end, the last colour until half way across the gap (270°), then the first.
        Self.expectPixel(image, 15, 30, Self.blue, "at \(angle(15, 30))°")
        Self.expectPixel(image, 40, 10, Self.blue, "at \(angle(40, 10))°")
        Self.expectPixel(image, 60, 10, Self.red, "at \(angle(60, 10))°")
        Self.expectPixel(image, 90, 40, Self.red, "at \(angle(90, 40))°")

        // A whole turn from 90° (init(gradient:center:angle:)).
        let turn = AngularGradient(gradient: Gradient(colors: colors.map(Self.color)), center: .center, angle: .degrees(90))
        let whole = try Self.render(turn, 100, 100)
        for (x, y) in [(52, 90), (10, 60), (10, 40), (40, 8), (70, 10), (90, 45), (90, 60), (70, 90)] {
            let a = angle(x, y), t = (a - 90 + 360).truncatingRemainder(dividingBy: 360) / 360
            Self.expectPixel(whole, x, y, Self.colorAt(t, Self.even(colors)), "at \(a)°")
        }
        #expect(try Self.render(Rectangle().fill(.conicGradient(colors: colors.map(Self.color), center: .center, angle: .degrees(90))), 100, 100).pixels
                == whole.pixels)
    }

    @Test("EllipticalGradient: a radial gradient in the unit square stretched over the rect")
    func elliptical() throws {
        let colors = [Self.white, Self.blue]
        let view = EllipticalGradient(colors: colors.map(Self.color), center: UnitPoint(x: 0.5, y: 0.4), startRadiusFraction: 0.1, endRadiusFraction: 0.5)
        let image = try Self.render(view, 200, 100)
        for (x, y) in [(100, 40), (120, 40), (150, 40), (100, 60), (100, 80), (170, 70), (10, 5), (199, 99), (60, 20)] {
            let u = (Double(x) + 0.5) / 200 - 0.5, v = (Double(y) + 0.5) / 100 - 0.4
            let r = hypot(u, v)
            Self.expectPixel(image, x, y, Self.colorAt((r - 0.1) / 0.4, Self.even(colors)), "r = \(r)")
        }
    }

    @Test("Gradient stops: the first colour before the first stop, blends between stops, the last after; unordered stops are sorted")
    func stops() throws {
        let stops = [(Self.red, 0.2), (Self.green, 0.3), (Self.blue, 0.9)]
        let gradient = Gradient(stops: stops.map { Gradient.Stop(color: Self.color($0.0), location: $0.1) })
        let image = try Self.render(LinearGradient(gradient: gradient, startPoint: .leading, endPoint: .trailing), 100, 20)
        for x in [0, 10, 19, 20, 22, 25, 29, 30, 31, 50, 75, 89, 90, 99] {
            Self.expectPixel(image, x, 10, Self.colorAt((Double(x) + 0.5) / 100, stops), "x = \(x)")
        }
        let reversed = Gradient(stops: gradient.stops.reversed())
        #expect(try Self.render(Rectangle().fill(.linearGradient(reversed, startPoint: .leading, endPoint: .trailing)), 100, 20).pixels == image.pixels)
        let shorthand = try Self.render(Rectangle().fill(.linearGradient(stops: gradient.stops, startPoint: .leading, endPoint: .trailing)), 100, 20)
        #expect(shorthand.pixels == image.pixels)
        // A radial gradient takes the same stops.
        let rings = try Self.render(RadialGradient(gradient: gradient, center: .center, startRadius: 0, endRadius: 50), 100, 100)
        for x in [50, 60, 66, 70, 75, 90, 99] {
            let r = hypot(Double(x) + 0.5 - 50, 0.5)
            Self.expectPixel(rings, x, 50, Self.colorAt(r / 50, stops), "r = \(r)")
        }
    }

    @Test("A gradient is the same as a fill, a foreground style, a background, a background view and a view; Color.gradient runs light to the colour")
    func usableAsStyles() throws {
        let gradient = RadialGradient(colors: [Self.color(Self.red), Self.color(Self.blue)], center: .center, startRadius: 5, endRadius: 40)
        let view = try Self.render(gradient, 80, 80)
        #expect(try Self.render(Rectangle().fill(gradient), 80, 80).pixels == view.pixels)
        #expect(try Self.render(Rectangle().foregroundStyle(gradient), 80, 80).pixels == view.pixels)
        #expect(try Self.render(Color.clear.background(gradient), 80, 80).pixels == view.pixels)
        let shorthand = RadialGradient.radialGradient(colors: [Self.color(Self.red), Self.color(Self.blue)], center: .center, startRadius: 5, endRadius: 40)
        #expect(try Self.render(Color.clear.background(.radialGradient(colors: [Self.color(Self.red), Self.color(Self.blue)],
                                                                          center: .center, startRadius: 5, endRadius: 40)), 80, 80).pixels == view.pixels)
        #expect(try Self.render(Rectangle().fill(shorthand), 80, 80).pixels == view.pixels)
        // In a circle: the gradient inside, nothing outside the circle.
        let circle = try Self.render(Circle().fill(gradient), 80, 80)
        #expect(circle.pixel(x: 40, y: 40) == view.pixel(x: 40, y: 40) && circle.pixel(x: 1, y: 1).red == 0)
        let elliptic = try Self.render(Ellipse().fill(.ellipticalGradient(colors: [.white, .black])), 80, 80)
        #expect(elliptic.pixel(x: 40, y: 40).red > 245 && elliptic.pixel(x: 40, y: 78).red < 40)

        let tint = Self.color(Self.blue)
        let lit = try Self.render(Rectangle().fill(tint.gradient), 20, 100)
        let top = (Self.blue.r + (1 - Self.blue.r) * 0.2, Self.blue.g + (1 - Self.blue.g) * 0.2, Self.blue.b + (1 - Self.blue.b) * 0.2)
        Self.expectPixel(lit, 10, 0, Self.colorAt(0.005, [(top, 0), (Self.blue, 1)]), "top")
        Self.expectPixel(lit, 10, 99, Self.colorAt(0.995, [(top, 0), (Self.blue, 1)]), "bottom")
        #expect(try Self.render(Rectangle().fill(.linearGradient(tint.gradient, startPoint: .top, endPoint: .bottom)), 20, 100).pixels == lit.pixels)
    }

    // MARK: MeshGradient

    /// A 3 by 3 grid with its middle point moved, so the patches are not rectangles.
    static let meshPoints: [SIMD2<Float>] = [[0, 0], [0.5, 0], [1, 0], [0, 0.5], [0.62, 0.38], [1, 0.5], [0, 1], [0.5, 1], [1, 1]]
    static let meshColors: [RGB] = [Self.red, Self.green, Self.blue, Self.white, Self.blue, Self.red, Self.green, Self.red, Self.white]

    /// (u, v) in the patch with corners a, b (top) and d, c (bottom) of the point p, by Newton's
    /// method on the bilinear map.
    static func inverse(_ p: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>, _ d: SIMD2<Double>) -> SIMD2<Double> {
        var uv = SIMD2<Double>(0.5, 0.5)
        for _ in 0..<30 {
            let (u, v) = (uv.x, uv.y)
            let f = a * (1 - u) * (1 - v) + b * u * (1 - v) + c * u * v + d * (1 - u) * v - p
            let du = (b - a) * (1 - v) + (c - d) * v, dv = (d - a) * (1 - u) + (c - b) * u
            let det = du.x * dv.y - du.y * dv.x
            uv -= SIMD2((f.x * dv.y - f.y * dv.x) / det, (du.x * f.y - du.y * f.x) / det)
        }
        return uv
    }

    /// The mesh's colour at pixel (x, y) of a `size`-point square, bilinear or Catmull-Rom.
    static func meshColor(_ x: Int, _ y: Int, size: Double, smooth: Bool) -> RGB? {
        let p = SIMD2(Double(x) + 0.5, Double(y) + 0.5) / size
        func point(_ i: Int, _ j: Int) -> SIMD2<Double> { SIMD2(Double(meshPoints[j * 3 + i].x), Double(meshPoints[j * 3 + i].y)) }
        func color(_ i: Int, _ j: Int) -> RGB { meshColors[min(max(j, 0), 2) * 3 + min(max(i, 0), 2)] }
        for j in 0..<2 {
            for i in 0..<2 {
                let uv = inverse(p, point(i, j), point(i + 1, j), point(i + 1, j + 1), point(i, j + 1))
                guard uv.x >= -1e-6, uv.x <= 1 + 1e-6, uv.y >= -1e-6, uv.y <= 1 + 1e-6 else { continue }
                func weights(_ t: Double) -> [Double] {
                    let t2 = t * t, t3 = t2 * t
                    return smooth ? [(-t3 + 2 * t2 - t) / 2, (3 * t3 - 5 * t2 + 2) / 2, (-3 * t3 + 4 * t2 + t) / 2, (t3 - t2) / 2]
                        : [0, 1 - t, t, 0]
                }
                let wu = weights(uv.x), wv = weights(uv.y)
                var out: RGB = (0, 0, 0)
                for b in 0..<4 {
                    for a in 0..<4 {
                        let c = color(i - 1 + a, j - 1 + b), w = wu[a] * wv[b]
                        out = (out.r + w * c.r, out.g + w * c.g, out.b + w * c.b)
                    }
                }
                return (min(max(out.r, 0), 1), min(max(out.g, 0), 1), min(max(out.b, 0), 1))
            }
        }
        return nil
    }

    @Test("MeshGradient: each point shows its colour; inside a patch, bilinear without smoothsColors, Catmull-Rom with it")
    func mesh() throws {
        let size = 160.0
        for smooth in [false, true] {
            let mesh = MeshGradient(width: 3, height: 3, points: Self.meshPoints, colors: Self.meshColors.map(Self.color), smoothsColors: smooth)
            let image = try Self.render(mesh, size, size)
            // The points (the pixel holding each), the patches' middles, and a few between.
            var samples: [(Int, Int)] = Self.meshPoints.map { (min(Int(Double($0.x) * size), 159), min(Int(Double($0.y) * size), 159)) }
            samples += [(35, 32), (110, 30), (30, 115), (120, 120), (70, 70), (90, 50), (150, 80), (5, 150)]
            for (x, y) in samples {
                guard let want = Self.meshColor(x, y, size: size, smooth: smooth) else {
                    Issue.record("pixel (\(x), \(y)) is in no patch")
                    continue
                }
                Self.expectPixel(image, x, y, want, tolerance: 3, "smoothsColors \(smooth)")
            }
        }
        // The smooth blend differs from the bilinear one inside a patch, not at its points.
        let flat = try Self.render(MeshGradient(width: 3, height: 3, points: Self.meshPoints, colors: Self.meshColors.map(Self.color), smoothsColors: false), size, size)
        let smooth = try Self.render(MeshGradient(width: 3, height: 3, points: Self.meshPoints, colors: Self.meshColors.map(Self.color)), size, size)
        #expect(flat.pixel(x: 35, y: 32) != smooth.pixel(x: 35, y: 32))
    }

    @Test("MeshGradient: where no patch covers, the background; a grid that does not add up shows the background")
    func meshBackground() throws {
        var points = Self.meshPoints
        points[2] = [0.8, 0.2]  // the top-right corner pulled in
        let mesh = MeshGradient(width: 3, height: 3, points: points, colors: Self.meshColors.map(Self.color), background: Self.color(Self.green))
        let image = try Self.render(mesh, 100, 100)
        Self.expectPixel(image, 99, 0, Self.green, tolerance: 1, "outside every patch")
        Self.expectPixel(image, 0, 0, Self.red, tolerance: 3, "the top-left point")
        let broken = MeshGradient(width: 3, height: 3, points: Array(points.prefix(4)), colors: Self.meshColors.map(Self.color), background: Self.color(Self.blue))
        let shown = try Self.render(broken, 40, 40)
        Self.expectPixel(shown, 20, 20, Self.blue, tolerance: 1, "a grid of 4 points for 3 by 3")
    }
}
