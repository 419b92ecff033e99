import Foundation
import Glint
import Testing

/// `MeshGradient` with Bézier points: each cell the Coons patch of four cubic Béziers, its colour
/// blended over the patch's parameters. The surface is evaluated here, each pixel's (u, v) found
/// by Newton's method (with a numerical Jacobian), and the colour worked out from it.
@Suite("MeshGradient with Bézier points", .serialized)
struct MeshBezierTests {
    typealias P = SIMD2<Double>
    typealias RGB = GradientTests.RGB

    static let size = 160.0

    /// A patch's edges: top t0…t3 and bottom b0…b3 left to right, left l0…l3 and right r0…r3 top to bottom.
    struct Patch {
        var top: [P], bottom: [P], left: [P], right: [P]

        static func bezier(_ p: [P], _ t: Double) -> P {
            let s = 1 - t
            return s * s * s * p[0] + 3 * s * s * t * p[1] + 3 * s * t * t * p[2] + t * t * t * p[3]
        }

        /// The Coons surface: the blend of opposite edges, less the bilinear blend of the corners.
        func point(_ u: Double, _ v: Double) -> P {
            let corners = (1 - u) * (1 - v) * top[0] + u * (1 - v) * top[3] + (1 - u) * v * bottom[0] + u * v * bottom[3]
            return (1 - v) * Self.bezier(top, u) + v * Self.bezier(bottom, u)
                + (1 - u) * Self.bezier(left, v) + u * Self.bezier(right, v) - corners
        }

        /// (u, v) with point(u, v) = p, by Newton's method from `start`.
        func solve(_ p: P, from start: P) -> P {
            var uv = start
            let h = 1e-6
            for _ in 0..<40 {
                let f = point(uv.x, uv.y) - p
                let du = (point(uv.x + h, uv.y) - point(uv.x - h, uv.y)) / (2 * h)
                let dv = (point(uv.x, uv.y + h) - point(uv.x, uv.y - h)) / (2 * h)
                let det = du.x * dv.y - du.y * dv.x
                uv -= P((f.x * dv.y - f.y * dv.x) / det, (du.x * f.y - du.y * f.x) / det)
            }
            return uv
        }
    }

    /// The patch of cell (i, j) of a grid of Bézier points `width` across.
    static func patch(_ points: [MeshGradient.BezierPoint], width: Int, _ i: Int, _ j: Int) -> Patch {
        func d(_ s: SIMD2<Float>) -> P { P(Double(s.x), Double(s.y)) }
        let tl = points[j * width + i], tr = points[j * width + i + 1]
        let bl = points[(j + 1) * width + i], br = points[(j + 1) * width + i + 1]
        return Patch(top: [d(tl.position), d(tl.trailingControlPoint), d(tr.leadingControlPoint), d(tr.position)],
                     bottom: [d(bl.position), d(bl.trailingControlPoint), d(br.leadingControlPoint), d(br.position)],
                     left: [d(tl.position), d(tl.bottomControlPoint), d(bl.topControlPoint), d(bl.position)],
                     right: [d(tr.position), d(tr.bottomControlPoint), d(br.topControlPoint), d(br.position)])
    }

    /// Renders `mesh`, then for each cell and each (u, v) of a grid of parameters finds the pixel
    /// there, that pixel centre's own (u, v), and expects the colour `expected` gives at it.
    static func expectSurface(_ mesh: MeshGradient, _ points: [MeshGradient.BezierPoint], width: Int, height: Int,
                              _ expected: (Int, Int, P) -> RGB, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let image = try GradientTests.render(mesh, size, size)
        var checked = 0
        for j in 0..<(height - 1) {
            for i in 0..<(width - 1) {
                let cell = patch(points, width: width, i, j)
                for v in stride(from: 0.02, through: 0.98, by: 0.12) {
                    for u in stride(from: 0.02, through: 0.98, by: 0.12) {
                        let s = cell.point(u, v) * size
                        let (x, y) = (Int(s.x.rounded(.down)), Int(s.y.rounded(.down)))
                        guard x >= 0, y >= 0, x < Int(size), y < Int(size) else { continue }
                        let uv = cell.solve(P(Double(x) + 0.5, Double(y) + 0.5) / size, from: P(u, v))
                        guard uv.x > 1e-3, uv.x < 1 - 1e-3, uv.y > 1e-3, uv.y < 1 - 1e-3 else { continue }
                        GradientTests.expectPixel(image, x, y, expected(i, j, uv), tolerance: 3, "cell (\(i), \(j)) at \(uv)",
                                                  sourceLocation: sourceLocation)
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 40 * (width - 1) * (height - 1), "pixels checked: \(checked)", sourceLocation: sourceLocation)
    }

    static func point(_ p: SIMD2<Float>, leading: SIMD2<Float>, top: SIMD2<Float>, trailing: SIMD2<Float>,
                      bottom: SIMD2<Float>) -> MeshGradient.BezierPoint {
        MeshGradient.BezierPoint(position: p, leadingControlPoint: leading, topControlPoint: top,
                                 trailingControlPoint: trailing, bottomControlPoint: bottom)
    }

    /// One patch: the top edge bowed up, the left bowed in, the right bowed out, the bottom an S.
    static let onePatch: [MeshGradient.BezierPoint] = [
        point([0.1, 0.1], leading: [0, 0], top: [0, 0], trailing: [0.35, -0.03], bottom: [0.3, 0.35]),
        point([0.9, 0.1], leading: [0.65, -0.03], top: [0, 0], trailing: [0, 0], bottom: [1, 0.35]),
        point([0.1, 0.9], leading: [0, 0], top: [0.3, 0.65], trailing: [0.35, 1], bottom: [0, 0]),
        point([0.9, 0.9], leading: [0.65, 0.8], top: [1, 0.65], trailing: [0, 0], bottom: [0, 0]),
    ]
    static let cornerColors: [RGB] = [GradientTests.red, GradientTests.green, GradientTests.blue, GradientTests.white]

    @Test("one Bézier patch: curved edges, and inside, the bilinear blend of its corners over (u, v)")
    func onePatchBilinear() throws {
        let mesh = MeshGradient(width: 2, height: 2, bezierPoints: Self.onePatch, colors: Self.cornerColors.map(GradientTests.color),
                                background: .black, smoothsColors: false)
        try Self.expectSurface(mesh, Self.onePatch, width: 2, height: 2) { _, _, uv in
            let c = Self.cornerColors
            func mix(_ a: RGB, _ b: RGB, _ t: Double) -> RGB { (a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t) }
            return mix(mix(c[0], c[1], uv.x), mix(c[2], c[3], uv.x), uv.y)
        }
        let image = try GradientTests.render(mesh, Self.size, Self.size)
        let cell = Self.patch(Self.onePatch, width: 2, 0, 0)
        // The straight patch's edges would be at x 16 and y 16: the left edge bows in past x 16,
        // the top edge bulges up above y 16.
        let middleLeft = cell.point(0, 0.5) * Self.size, middleTop = cell.point(0.5, 0) * Self.size
        #expect(middleLeft.x > 35 && middleTop.y < 5)
        GradientTests.expectPixel(image, 25, 80, (0, 0, 0), tolerance: 1, "left of the bowed-in left edge: the background")
        #expect(image.pixel(x: 80, y: 4).red > 100, "inside the bulge of the top edge: the patch")
    }

    /// A 3 by 3 grid, its inner edges curved the same way on both sides of each vertex.
    static let grid: [MeshGradient.BezierPoint] = {
        let positions: [SIMD2<Float>] = [[0.05, 0.05], [0.5, 0.05], [0.95, 0.05], [0.05, 0.5], [0.56, 0.44], [0.95, 0.5],
                                         [0.05, 0.95], [0.5, 0.95], [0.95, 0.95]]
        let across: SIMD2<Float> = [0.14, 0.06], down: SIMD2<Float> = [-0.05, 0.14]
        return positions.map { point($0, leading: $0 - across, top: $0 - down, trailing: $0 + across, bottom: $0 + down) }
    }()
    static let gridColors: [RGB] = [GradientTests.red, GradientTests.green, GradientTests.blue, GradientTests.white, GradientTests.blue,
                                    GradientTests.red, GradientTests.green, GradientTests.red, GradientTests.white]

    @Test("a 3 by 3 grid of Bézier points with smoothsColors: the Catmull-Rom blend of the grid's colours over each patch's (u, v)")
    func gridSmooth() throws {
        let mesh = MeshGradient(width: 3, height: 3, locations: .bezierPoints(Self.grid), colors: .colors(Self.gridColors.map(GradientTests.color)))
        try Self.expectSurface(mesh, Self.grid, width: 3, height: 3) { i, j, uv in
            func weights(_ t: Double) -> [Double] {
                let t2 = t * t, t3 = t2 * t
                return [(-t3 + 2 * t2 - t) / 2, (3 * t3 - 5 * t2 + 2) / 2, (-3 * t3 + 4 * t2 + t) / 2, (t3 - t2) / 2]
            }
            let wu = weights(uv.x), wv = weights(uv.y)
            var out: RGB = (0, 0, 0)
            for b in 0..<4 {
                for a in 0..<4 {
                    let c = Self.gridColors[min(max(j - 1 + b, 0), 2) * 3 + min(max(i - 1 + a, 0), 2)], w = wu[a] * wv[b]
                    out = (out.r + w * c.r, out.g + w * c.g, out.b + w * c.b)
                }
            }
            return (min(max(out.r, 0), 1), min(max(out.g, 0), 1), min(max(out.b, 0), 1))
        }
        #expect(mesh.points == Self.grid.map(\.position))
    }

    @Test("a grid of Bézier points that does not add up shows the background")
    func wrongCount() throws {
        let mesh = MeshGradient(width: 2, height: 2, bezierPoints: Array(Self.onePatch.prefix(3)),
                                colors: Self.cornerColors.map(GradientTests.color), background: GradientTests.color(GradientTests.green))
        GradientTests.expectPixel(try GradientTests.render(mesh, 40, 40), 20, 20, GradientTests.green, tolerance: 1)
    }
}
