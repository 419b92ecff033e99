import Foundation

/// An angle, as SwiftUI's `Angle`.
public struct Angle: Hashable, Sendable, Comparable {
    /// The angle in radians.
    public var radians: Double
    /// The angle in degrees.
    public var degrees: Double {
        get { radians * 180 / .pi }
        set { radians = newValue * .pi / 180 }
    }

    public init() { radians = 0 }
    public init(radians: Double) { self.radians = radians }
    public init(degrees: Double) { radians = degrees * .pi / 180 }

    public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
    public static let zero = Angle()

    public static func < (a: Angle, b: Angle) -> Bool { a.radians < b.radians }
}

/// How the ends of an open line are drawn, as Core Graphics' `CGLineCap` (Linux lacks Core
/// Graphics, so Glint defines it under the same name).
public enum CGLineCap: Int32, Sendable, Hashable {
    /// Square, at the end.
    case butt
    /// A half circle past the end.
    case round
    /// Square, half the line's width past the end.
    case square
}

/// How the segments of a line meet, as Core Graphics' `CGLineJoin`.
public enum CGLineJoin: Int32, Sendable, Hashable {
    /// A sharp corner, cut to a bevel past the miter limit.
    case miter
    /// A rounded corner.
    case round
    /// A corner cut square.
    case bevel
}

/// How an outline is stroked, as SwiftUI's `StrokeStyle`: widths in points.
public struct StrokeStyle: Equatable, Sendable {
    public var lineWidth: CGFloat
    public var lineCap: CGLineCap
    public var lineJoin: CGLineJoin
    /// The longest a miter may be, as a multiple of the line's width, before the join is beveled.
    public var miterLimit: CGFloat
    /// Lengths of dashes and gaps, in turn, in points; empty for a solid line.
    public var dash: [CGFloat]
    /// How far into the dash pattern the line starts.
    public var dashPhase: CGFloat

    public init(lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter,
                miterLimit: CGFloat = 10, dash: [CGFloat] = [], dashPhase: CGFloat = 0) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}

/// How a shape's inside is found, as SwiftUI's `FillStyle`.
public struct FillStyle: Equatable, Sendable {
    /// Even-odd (a region inside an odd number of times) rather than non-zero winding.
    public var isEOFilled: Bool
    /// Whether edges are anti-aliased (always, in Glint: coverage is exact).
    public var isAntialiased: Bool

    public init(eoFill: Bool = false, antialiased: Bool = true) {
        isEOFilled = eoFill
        isAntialiased = antialiased
    }
}

/// An outline of lines and curves, as SwiftUI's `Path`: in points, y down. Subpaths start with
/// `move(to:)`; `closeSubpath()` joins one back to its start.
public struct Path: Equatable, Sendable, CustomStringConvertible {
    /// One step of an outline, as SwiftUI's `Path.Element`.
    public enum Element: Equatable, Sendable {
        case move(to: CGPoint)
        case line(to: CGPoint)
        case quadCurve(to: CGPoint, control: CGPoint)
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        case closeSubpath
    }

    /// The steps, in order.
    public private(set) var elements: [Element] = []
    /// Where the current subpath started.
    private var subpathStart: CGPoint?

    public init() {}

    /// A rectangle, clockwise from its top-left.
    public init(_ rect: CGRect) { addRect(rect) }

    /// A rectangle with corners rounded by `cornerRadius`.
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        addRoundedRect(in: rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius))
    }

    /// A rectangle with elliptical corners of `cornerSize`.
    public init(roundedRect rect: CGRect, cornerSize: CGSize) {
        addRoundedRect(in: rect, cornerSize: cornerSize)
    }

    /// The ellipse inside `rect`.
    public init(ellipseIn rect: CGRect) { addEllipse(in: rect) }

    /// The path `build` makes.
    public init(_ build: (inout Path) -> Void) { build(&self) }

    /// Whether it has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// Where the last element ended, if any.
    public var currentPoint: CGPoint? {
        guard let last = elements.last else { return nil }
        switch last {
        case .move(let p), .line(let p), .quadCurve(let p, _), .curve(let p, _, _): return p
        case .closeSubpath: return subpathStart
        }
    }

    /// Makes room for `count` elements.
    public mutating func reserveCapacity(_ count: Int) {
        elements.reserveCapacity(count)
    }

    /// Empties the path, keeping its storage (for paths rebuilt every frame).
    public mutating func removeAll() {
        elements.removeAll(keepingCapacity: true)
        subpathStart = nil
    }

    // MARK: Building

    public mutating func move(to p: CGPoint) {
        elements.append(.move(to: p))
        subpathStart = p
    }

    public mutating func addLine(to p: CGPoint) {
        if elements.isEmpty { move(to: p); return }
        elements.append(.line(to: p))
    }

    public mutating func addLines(_ points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { addLine(to: p) }
    }

    public mutating func addQuadCurve(to p: CGPoint, control: CGPoint) {
        if elements.isEmpty { move(to: control) }
        elements.append(.quadCurve(to: p, control: control))
    }

    public mutating func addCurve(to p: CGPoint, control1: CGPoint, control2: CGPoint) {
        if elements.isEmpty { move(to: control1) }
        elements.append(.curve(to: p, control1: control1, control2: control2))
    }

    public mutating func closeSubpath() {
        guard !elements.isEmpty else { return }
        if case .closeSubpath? = elements.last { return }
        elements.append(.closeSubpath)
    }

    public mutating func addRect(_ rect: CGRect) {
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY))
        addLine(to: CGPoint(x: r.maxX, y: r.minY))
        addLine(to: CGPoint(x: r.maxX, y: r.maxY))
        addLine(to: CGPoint(x: r.minX, y: r.maxY))
        closeSubpath()
    }

    public mutating func addRects(_ rects: [CGRect]) {
        for r in rects { addRect(r) }
    }

    /// A rectangle with elliptical corners, clockwise from the top edge.
    public mutating func addRoundedRect(in rect: CGRect, cornerSize: CGSize) {
        let r = rect.standardized
        let rx = min(max(cornerSize.width, 0), r.width / 2), ry = min(max(cornerSize.height, 0), r.height / 2)
        guard rx > 0, ry > 0 else { addRect(r); return }
        let k = Self.kappa
        move(to: CGPoint(x: r.minX + rx, y: r.minY))
        addLine(to: CGPoint(x: r.maxX - rx, y: r.minY))
        addCurve(to: CGPoint(x: r.maxX, y: r.minY + ry), control1: CGPoint(x: r.maxX - rx + rx * k, y: r.minY),
                 control2: CGPoint(x: r.maxX, y: r.minY + ry - ry * k))
        addLine(to: CGPoint(x: r.maxX, y: r.maxY - ry))
        addCurve(to: CGPoint(x: r.maxX - rx, y: r.maxY), control1: CGPoint(x: r.maxX, y: r.maxY - ry + ry * k),
                 control2: CGPoint(x: r.maxX - rx + rx * k, y: r.maxY))
        addLine(to: CGPoint(x: r.minX + rx, y: r.maxY))
        addCurve(to: CGPoint(x: r.minX, y: r.maxY - ry), control1: CGPoint(x: r.minX + rx - rx * k, y: r.maxY),
                 control2: CGPoint(x: r.minX, y: r.maxY - ry + ry * k))
        addLine(to: CGPoint(x: r.minX, y: r.minY + ry))
        addCurve(to: CGPoint(x: r.minX + rx, y: r.minY), control1: CGPoint(x: r.minX, y: r.minY + ry - ry * k),
                 control2: CGPoint(x: r.minX + rx - rx * k, y: r.minY))
        closeSubpath()
    }

    /// The ellipse inside `rect`, clockwise on screen from its rightmost point.
    public mutating func addEllipse(in rect: CGRect) {
        let r = rect.standardized
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        let k = Self.kappa
        move(to: CGPoint(x: cx + rx, y: cy))
        addCurve(to: CGPoint(x: cx, y: cy + ry), control1: CGPoint(x: cx + rx, y: cy + ry * k), control2: CGPoint(x: cx + rx * k, y: cy + ry))
        addCurve(to: CGPoint(x: cx - rx, y: cy), control1: CGPoint(x: cx - rx * k, y: cy + ry), control2: CGPoint(x: cx - rx, y: cy + ry * k))
        addCurve(to: CGPoint(x: cx, y: cy - ry), control1: CGPoint(x: cx - rx, y: cy - ry * k), control2: CGPoint(x: cx - rx * k, y: cy - ry))
        addCurve(to: CGPoint(x: cx + rx, y: cy), control1: CGPoint(x: cx + rx * k, y: cy - ry), control2: CGPoint(x: cx + rx, y: cy - ry * k))
        closeSubpath()
    }

    /// An arc of the circle at `center` from `startAngle` to `endAngle`, as SwiftUI's
    /// `addArc(center:radius:startAngle:endAngle:clockwise:)`. Angles are measured from the
    /// positive x axis towards positive y — downwards on screen, as in SwiftUI's flipped space.
    /// Like SwiftUI, `clockwise` is meant in a y-up space: on screen, `clockwise: true` runs
    /// counter-clockwise (decreasing angles) and `false` clockwise (increasing angles). A line
    /// joins the current point to the arc's start.
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool) {
        let start = startAngle.radians
        var end = endAngle.radians
        guard radius.isFinite, start.isFinite, end.isFinite, radius >= 0 else { return }
        let twoPi = 2 * Double.pi
        if clockwise {
            // Decreasing angle on screen.
            while end > start { end -= twoPi }
            if start - end > twoPi { end = start - twoPi }
        } else {
            while end < start { end += twoPi }
            if end - start > twoPi { end = start + twoPi }
        }
        let first = CGPoint(x: center.x + radius * cos(start), y: center.y + radius * sin(start))
        if elements.isEmpty || { if case .closeSubpath? = elements.last { return true } else { return false } }() {
            move(to: first)
        } else {
            addLine(to: first)
        }
        let sweep = end - start
        let pieces = max(1, Int((abs(sweep) / (Double.pi / 2)).rounded(.up)))
        let step = sweep / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        for i in 0..<pieces {
            let a0 = start + Double(i) * step, a1 = a0 + step
            let p0 = (cos(a0), sin(a0)), p1 = (cos(a1), sin(a1))
            elements.append(.curve(
                to: CGPoint(x: center.x + radius * p1.0, y: center.y + radius * p1.1),
                control1: CGPoint(x: center.x + radius * (p0.0 - k * p0.1), y: center.y + radius * (p0.1 + k * p0.0)),
                control2: CGPoint(x: center.x + radius * (p1.0 + k * p1.1), y: center.y + radius * (p1.1 - k * p1.0))))
        }
    }

    /// An arc of `radius` tangent to the lines from the current point to `tangent1End` and from
    /// there to `tangent2End`, as SwiftUI's `addArc(tangent1End:tangent2End:radius:)`.
    public mutating func addArc(tangent1End p1: CGPoint, tangent2End p2: CGPoint, radius: CGFloat) {
        guard let p0 = currentPoint else { move(to: p1); return }
        let v1 = (x: p0.x - p1.x, y: p0.y - p1.y), v2 = (x: p2.x - p1.x, y: p2.y - p1.y)
        let l1 = (v1.x * v1.x + v1.y * v1.y).squareRoot(), l2 = (v2.x * v2.x + v2.y * v2.y).squareRoot()
        guard l1 > 0, l2 > 0, radius > 0 else { addLine(to: p1); return }
        let u1 = (x: v1.x / l1, y: v1.y / l1), u2 = (x: v2.x / l2, y: v2.y / l2)
        let cosTheta = max(-1, min(1, u1.x * u2.x + u1.y * u2.y))
        let theta = acos(cosTheta)
        guard theta > 1e-9, theta < Double.pi - 1e-9 else { addLine(to: p1); return }
        let d = radius / tan(theta / 2)
        let t1 = CGPoint(x: p1.x + u1.x * d, y: p1.y + u1.y * d)
        let t2 = CGPoint(x: p1.x + u2.x * d, y: p1.y + u2.y * d)
        let bis = (x: u1.x + u2.x, y: u1.y + u2.y)
        let bl = (bis.x * bis.x + bis.y * bis.y).squareRoot()
        let c = CGPoint(x: p1.x + bis.x / bl * radius / sin(theta / 2), y: p1.y + bis.y / bl * radius / sin(theta / 2))
        let a0 = atan2(t1.y - c.y, t1.x - c.x), a1 = atan2(t2.y - c.y, t2.x - c.x)
        var delta = a1 - a0
        while delta > Double.pi { delta -= 2 * Double.pi }
        while delta < -Double.pi { delta += 2 * Double.pi }
        addArc(center: c, radius: radius, startAngle: .radians(a0), endAngle: .radians(a0 + delta), clockwise: delta < 0)
    }

    /// Every element of `path`, appended.
    public mutating func addPath(_ path: Path) {
        elements.append(contentsOf: path.elements)
        if let start = path.subpathStart { subpathStart = start }
    }

    /// The magic number that makes four cubic curves a circle (error under 0.03 %).
    static let kappa = 0.5522847498307936

    // MARK: Reading

    /// Calls `body` with each element.
    public func forEach(_ body: (Element) -> Void) {
        for e in elements { body(e) }
    }

    /// Whether every point and control point is a finite number.
    public var isFinite: Bool {
        func ok(_ p: CGPoint) -> Bool { p.x.isFinite && p.y.isFinite }
        for e in elements {
            switch e {
            case .move(let p), .line(let p): if !ok(p) { return false }
            case .quadCurve(let p, let c): if !ok(p) || !ok(c) { return false }
            case .curve(let p, let c1, let c2): if !ok(p) || !ok(c1) || !ok(c2) { return false }
            case .closeSubpath: break
            }
        }
        return true
    }

    /// The smallest rect holding every point and control point.
    public var boundingRect: CGRect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ p: CGPoint) {
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        for e in elements {
            switch e {
            case .move(let p), .line(let p): add(p)
            case .quadCurve(let p, let c): add(p); add(c)
            case .curve(let p, let c1, let c2): add(p); add(c1); add(c2)
            case .closeSubpath: break
            }
        }
        guard minX <= maxX else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The path with every point and control point moved by `transform` (an affine map keeps
    /// curves exact).
    public func mapped(_ transform: (CGPoint) -> CGPoint) -> Path {
        var out = Path()
        out.reserveCapacity(elements.count)
        for e in elements {
            switch e {
            case .move(let p): out.move(to: transform(p))
            case .line(let p): out.addLine(to: transform(p))
            case .quadCurve(let p, let c): out.addQuadCurve(to: transform(p), control: transform(c))
            case .curve(let p, let c1, let c2): out.addCurve(to: transform(p), control1: transform(c1), control2: transform(c2))
            case .closeSubpath: out.closeSubpath()
            }
        }
        return out
    }

    /// The path moved by (`dx`, `dy`).
    public func offsetBy(dx: CGFloat, dy: CGFloat) -> Path {
        var out = Path()
        func m(_ p: CGPoint) -> CGPoint { CGPoint(x: p.x + dx, y: p.y + dy) }
        for e in elements {
            switch e {
            case .move(let p): out.move(to: m(p))
            case .line(let p): out.addLine(to: m(p))
            case .quadCurve(let p, let c): out.addQuadCurve(to: m(p), control: m(c))
            case .curve(let p, let c1, let c2): out.addCurve(to: m(p), control1: m(c1), control2: m(c2))
            case .closeSubpath: out.closeSubpath()
            }
        }
        return out
    }

    /// The part of the outline from `from` to `to`, fractions of its whole length (all subpaths
    /// in turn), as SwiftUI's `trimmedPath(from:to:)`. Curves are followed as fine polylines.
    public func trimmedPath(from: CGFloat, to: CGFloat) -> Path {
        var out = Path()
        trimmed(from: from, to: to, into: &out)
        return out
    }

    /// `trimmedPath(from:to:)` written into `out` (emptied first, its storage kept).
    public func trimmed(from: CGFloat, to: CGFloat, into out: inout Path) {
        out.removeAll()
        let a = min(max(from.isFinite ? from : 0, 0), 1), b = min(max(to.isFinite ? to : 0, 0), 1)
        guard b > a else { return }
        if a <= 0 && b >= 1 { out.elements.append(contentsOf: elements); out.subpathStart = subpathStart; return }
        let total = length
        guard total > 0 else { return }
        let lo = a * total, hi = b * total
        var walked = 0.0
        var drawing = false
        forEachSegment { p, q, startsSubpath in
            if startsSubpath { drawing = false }
            let l = ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()
            let s0 = walked, s1 = walked + l
            walked = s1
            guard s1 > lo, s0 < hi, l > 0 else { return }
            let t0 = max(0, (lo - s0) / l), t1 = min(1, (hi - s0) / l)
            let start = CGPoint(x: p.x + (q.x - p.x) * t0, y: p.y + (q.y - p.y) * t0)
            let end = CGPoint(x: p.x + (q.x - p.x) * t1, y: p.y + (q.y - p.y) * t1)
            if !drawing || t0 > 0 { out.move(to: start); drawing = true }
            out.addLine(to: end)
        }
    }

    /// The outline's length in points (curves measured as fine polylines).
    public var length: Double {
        var total = 0.0
        forEachSegment { p, q, _ in total += ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot() }
        return total
    }

    /// Calls `body` with each straight piece of the outline: lines as they are, curves split
    /// into pieces (more for longer curves), a closed subpath's closing line included.
    /// `startsSubpath` is true for the first piece after a move.
    public func forEachSegment(_ body: (CGPoint, CGPoint, _ startsSubpath: Bool) -> Void) {
        forEachSegment(density: 1, body)
    }

    /// The outline with its curves as straight pieces, `density` times as many as
    /// `forEachSegment` makes (pass the pixels per point a path is drawn at), written into `out`
    /// (emptied first, its storage kept). Moves and closes stay where they were.
    public func flattened(density: Double, into out: inout Path) {
        out.removeAll()
        var current = CGPoint.zero, start = CGPoint.zero
        for e in elements {
            switch e {
            case .move(let p):
                out.move(to: p); current = p; start = p
            case .line(let p):
                out.addLine(to: p); current = p
            case .quadCurve(let p, let c):
                let n = Self.pieces(current, c, c, p, density)
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    out.addLine(to: CGPoint(x: u * u * current.x + 2 * u * t * c.x + t * t * p.x,
                                            y: u * u * current.y + 2 * u * t * c.y + t * t * p.y))
                }
                current = p
            case .curve(let p, let c1, let c2):
                let n = Self.pieces(current, c1, c2, p, density)
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    out.addLine(to: CGPoint(x: u * u * u * current.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p.x,
                                            y: u * u * u * current.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * p.y))
                }
                current = p
            case .closeSubpath:
                out.closeSubpath(); current = start
            }
        }
    }

    private func forEachSegment(density: Double, _ body: (CGPoint, CGPoint, _ startsSubpath: Bool) -> Void) {
        var current = CGPoint.zero, start = CGPoint.zero
        var fresh = true
        for e in elements {
            switch e {
            case .move(let p):
                current = p; start = p; fresh = true
            case .line(let p):
                body(current, p, fresh); fresh = false; current = p
            case .quadCurve(let p, let c):
                let n = Self.pieces(current, c, c, p, density)
                var prev = current
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let q = CGPoint(x: u * u * current.x + 2 * u * t * c.x + t * t * p.x, y: u * u * current.y + 2 * u * t * c.y + t * t * p.y)
                    body(prev, q, fresh); fresh = false; prev = q
                }
                current = p
            case .curve(let p, let c1, let c2):
                let n = Self.pieces(current, c1, c2, p, density)
                var prev = current
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let q = CGPoint(x: u * u * u * current.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p.x,
                                    y: u * u * u * current.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * p.y)
                    body(prev, q, fresh); fresh = false; prev = q
                }
                current = p
            case .closeSubpath:
                if current != start { body(current, start, fresh) }
                fresh = true
                current = start
            }
        }
    }

    /// How many straight pieces follow a curve: about one per 2 points (times `density`) of its
    /// control polygon, which keeps a circle's pieces within 0.02 of a pixel of it.
    private static func pieces(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint, _ d: CGPoint, _ density: Double) -> Int {
        func dist(_ p: CGPoint, _ q: CGPoint) -> Double { ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot() }
        let polygon = dist(a, b) + dist(b, c) + dist(c, d)
        let d = density.isFinite ? max(density, 0.01) : 1
        guard polygon.isFinite else { return 1 }
        return min(max(Int(polygon * d / 2), 8), 1024)
    }

    public var description: String { "Path(\(elements.count) elements)" }
}
