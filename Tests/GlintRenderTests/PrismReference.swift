import Foundation
import GlintCore

/// What the Dark Side of the Moon cover (seed 003) shows at a point, worked out on the CPU from
/// `PrismGeometry`'s corners with plain polygon geometry (point in polygon, distance to segments),
/// not by translating `prism.frag`: SwiftUI's shapes, filled and stroked, painted in the seed's
/// order (beam, dispersion, slices, prism) on black, in the square.
///
/// A point is only judged where every shape's edge is at least `margin` away; nearer an edge the
/// answer depends on how edges are anti-aliased, and `colour(at:)` says nil.
struct PrismReference {
    typealias RGBA = Seed002Reference.RGBA

    /// Where a point is with respect to a shape.
    enum Place: Equatable { case inside, outside, edge }

    let geometry: PrismGeometry
    /// Points: how far an edge must be for a point to be judged.
    let margin: Double
    /// Which shapes are drawn (all of them once the drawing is done).
    var showsOutline = true, showsBeam = true, showsDispersion = true, showsRainbow = true

    /// The shapes, worked out once: the beam's stroke, the dispersion, the slices, the prism's
    /// stroke as the outline moved a point out and a point in (mitred corners), and the square.
    let beam: [Point]
    let dispersion: [Point]
    let slices: [[Point]]
    let strokeOuter: [Point]
    let strokeInner: [Point]
    let square: [Point]

    init(_ geometry: PrismGeometry, margin: Double) {
        self.geometry = geometry
        self.margin = margin
        let a = geometry.beamStart, b = geometry.beamEnd
        let d = b - a, len = d.length
        let n = Point(x: -d.y / len, y: d.x / len) * (PrismGeometry.lineWidth / 2)
        beam = [a + n, b + n, b - n, a - n]
        let t = geometry.dispersion
        dispersion = [t.a, t.b, t.c]
        slices = geometry.slices.map(\.corners)
        strokeOuter = Self.offset(geometry.outline, by: PrismGeometry.lineWidth / 2)
        strokeInner = Self.offset(geometry.outline, by: -PrismGeometry.lineWidth / 2)
        let o = geometry.squareOrigin, s = geometry.size
        square = [o, o + Point(x: s, y: 0), o + Point(x: s, y: s), o + Point(x: 0, y: s)]
    }

    /// The shapes drawn at one of the stage boundaries (0, 0.25, 0.5, 0.75, 1), where each is whole or absent.
    init(_ geometry: PrismGeometry, margin: Double, progress: Double) {
        self.init(geometry, margin: margin)
        showsOutline = progress >= 0.25
        showsBeam = progress >= 0.5
        showsDispersion = progress >= 0.75
        showsRainbow = progress >= 1
    }

    // MARK: Plain geometry

    static func cross(_ a: Point, _ b: Point) -> Double { a.x * b.y - a.y * b.x }

    /// The distance from p to the segment ab.
    static func distance(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let ab = b - a, ap = p - a
        let len2 = ab.dot(ab)
        let t = len2 > 0 ? min(max(ap.dot(ab) / len2, 0), 1) : 0
        return (p - (a + ab * t)).length
    }

    /// Whether p is inside the polygon (crossing number; a polygon of no area contains nothing).
    static func contains(_ polygon: [Point], _ p: Point) -> Bool {
        var inside = false
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            if (a.y > p.y) != (b.y > p.y) {
                let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x)
                if p.x < x { inside.toggle() }
            }
        }
        return inside
    }

    /// Inside, outside, or within `margin` of the polygon's boundary.
    func place(_ p: Point, in polygon: [Point]) -> Place {
        var i = 0
        while i < polygon.count {  // a loop, not a map: millions of calls in a debug build
            if Self.distance(p, polygon[i], polygon[(i + 1) % polygon.count]) < margin { return .edge }
            i += 1
        }
        return Self.contains(polygon, p) ? .inside : .outside
    }

    /// The polygon whose sides are `polygon`'s moved `offset` points outwards (negative: inwards),
    /// each corner where the moved sides meet: the outline of a mitred stroke (convex, either winding).
    static func offset(_ polygon: [Point], by offset: Double) -> [Point] {
        let n = polygon.count
        var area = 0.0
        for i in 0..<n { area += cross(polygon[i], polygon[(i + 1) % n]) }
        // y down: a positive sum winds clockwise on screen, and then (d.y, −d.x) points out.
        let outward = area > 0 ? 1.0 : -1.0
        func line(_ i: Int) -> (Point, Point) {
            let a = polygon[i], b = polygon[(i + 1) % n]
            let d = b - a, len = d.length
            let normal = Point(x: d.y / len, y: -d.x / len) * (outward * offset)
            return (a + normal, d)
        }
        return (0..<n).map { i in
            let (p, d) = line((i + n - 1) % n), (q, e) = line(i)
            let t = cross(q - p, e) / cross(d, e)
            return p + d * t
        }
    }

    // MARK: The shapes

    /// Where p is with respect to the prism's stroke: 2 points wide about the outline, mitred.
    func prismStroke(_ p: Point) -> Place {
        let outer = place(p, in: strokeOuter), inner = place(p, in: strokeInner)
        if outer == .edge || inner == .edge { return .edge }
        return outer == .inside && inner == .outside ? .inside : .outside
    }

    static func rgba(_ c: Color) -> RGBA { RGBA(r: Double(c.red), g: Double(c.green), b: Double(c.blue), a: 1) }
    static let black = RGBA(r: 0, g: 0, b: 0, a: 1)
    static let white = RGBA(r: 1, g: 1, b: 1, a: 1)

    /// What the cover shows at p (points), or nil within `margin` of an edge.
    func colour(at p: Point) -> RGBA? {
        switch place(p, in: square) {
        case .edge: return nil
        case .outside: return Self.black
        case .inside: break
        }
        var colour = Self.black
        if showsBeam {
            switch place(p, in: beam) {
            case .edge: return nil
            case .inside: colour = Self.white
            case .outside: break
            }
        }
        if showsDispersion {
            switch place(p, in: dispersion) {
            case .edge: return nil
            case .inside:
                let g = geometry.dispersionGray(atX: p.x)
                colour = RGBA(r: g, g: g, b: g, a: 1)
            case .outside: break
            }
        }
        if showsRainbow {
            for i in 0..<PrismGeometry.sliceCount {
                switch place(p, in: slices[i]) {
                case .edge: return nil
                case .inside: colour = Self.rgba(PrismGeometry.sliceColors[i])
                case .outside: break
                }
            }
        }
        if showsOutline {
            switch prismStroke(p) {
            case .edge: return nil
            case .inside: colour = Self.white
            case .outside: break
            }
        }
        return colour
    }
}
