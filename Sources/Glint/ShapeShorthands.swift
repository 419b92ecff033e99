import Foundation
import GlintCore

/// How a `RoundedRectangle` turns its corners, as SwiftUI's `RoundedCornerStyle`.
public enum RoundedCornerStyle: Equatable, Hashable, Sendable {
    /// A quarter ellipse at each corner (a quarter circle when the corner size is square).
    case circular
    /// A smoother corner, as Apple's "continuous" corners: it leaves the straight edge with no
    /// jump in curvature and bends most at its middle, reaching about 1.528 times the radius
    /// along each edge (less where the sides are short: it then eases back towards `.circular`).
    case continuous
}

extension Shape where Self == Rectangle {
    /// A `Rectangle`, as SwiftUI's `.rect`: `.clipShape(.rect)`.
    public static var rect: Rectangle { Rectangle() }
}

extension Shape where Self == RoundedRectangle {
    /// A `RoundedRectangle`, as SwiftUI's `.rect(cornerRadius:style:)`:
    /// `.clipShape(.rect(cornerRadius: 12))`.
    public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .circular) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: cornerRadius, style: style)
    }

    /// A `RoundedRectangle` with elliptical corners, as SwiftUI's `.rect(cornerSize:style:)`.
    public static func rect(cornerSize: CGSize, style: RoundedCornerStyle = .circular) -> RoundedRectangle {
        RoundedRectangle(cornerSize: cornerSize, style: style)
    }
}

extension Shape where Self == Capsule {
    /// A `Capsule`, as SwiftUI's `.capsule`: `.background(.capsule)`.
    public static var capsule: Capsule { Capsule() }
}

extension Shape where Self == Circle {
    /// A `Circle`, as SwiftUI's `.circle`.
    public static var circle: Circle { Circle() }
}

extension Shape where Self == Ellipse {
    /// An `Ellipse`, as SwiftUI's `.ellipse`.
    public static var ellipse: Ellipse { Ellipse() }
}

extension Path {
    /// A rounded rectangle with corners in `style`, as SwiftUI's `Path(roundedRect:cornerRadius:style:)`.
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle) {
        self.init(roundedRect: rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }

    /// A rounded rectangle with corners in `style`, as SwiftUI's `Path(roundedRect:cornerSize:style:)`.
    public init(roundedRect rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle) {
        self.init()
        if style == .continuous {
            addContinuousRoundedRect(in: rect, cornerSize: cornerSize)
        } else {
            addRoundedRect(in: rect, cornerSize: cornerSize)
        }
    }

    /// How far along each edge a `.continuous` corner reaches, in corner radii.
    static let continuousCornerExtent = 1.528

    /// A rectangle with `.continuous` corners of `cornerSize`, clockwise on screen from the top
    /// edge, as `addRoundedRect(in:cornerSize:)` draws `.circular` ones.
    ///
    /// Each corner is two cubic Béziers, mirror images across the corner's diagonal. Take a
    /// corner at the origin with unit radius and its edges along the axes. The first curve runs
    /// from `(e, 0)` on the edge (`e` = 1.528) to the diagonal point `(d, d)`, `d` = 1 − 1/√2,
    /// where a quarter circle of the same radius passes. Its first three control points lie on
    /// the edge, so its curvature starts at 0 (no kink in curvature where the edge ends, which
    /// is what makes the corner "continuous"); the third sits at `(2d, 0)` so that the curve
    /// crosses the diagonal at right angles and meets its mirror image smoothly. The second,
    /// `(2d + 3√2·d²·κ, 0)`, sets the curvature where the curve crosses the diagonal to κ; with
    /// κ = √2 it is `(2d + 6d², 0)`, and the curvature rises steadily from the edge to there.
    ///
    /// Where a side is too short for the corner to reach 1.528 radii along it, the control
    /// points ease linearly to those of a quarter circle (two 45° arcs), reached when the corner
    /// spans half the side: a continuous capsule is a capsule.
    mutating func addContinuousRoundedRect(in rect: CGRect, cornerSize: CGSize) {
        let r = rect.standardized
        let rx = min(max(Double(cornerSize.width), 0), Double(r.width) / 2)
        let ry = min(max(Double(cornerSize.height), 0), Double(r.height) / 2)
        guard rx > 0, ry > 0 else { addRect(r); return }
        let e = Self.continuousCornerExtent
        let reach = min(e, Double(r.width) / 2 / rx, Double(r.height) / 2 / ry)
        let t = (reach - 1) / (e - 1)  // 0: circular, 1: fully continuous
        let d = 1 - 1 / 2.0.squareRoot()
        // The continuous corner's control points and a 45° circular arc's (k: the arc's handle).
        let k = 4.0 / 3.0 * tan(Double.pi / 16)
        // (Tuples, not arrays: a built-in shape's outline is written each frame and allocates nothing.)
        func mix(_ round: (Double, Double), _ smooth: (Double, Double)) -> (Double, Double) {
            (round.0 + (smooth.0 - round.0) * t, round.1 + (smooth.1 - round.1) * t)
        }
        let p0 = mix((1, 0), (e, 0))
        let p1 = mix((1 - k, 0), (2 * d + 6 * d * d, 0))
        let p2 = mix((d + k / 2.0.squareRoot(), d - k / 2.0.squareRoot()), (2 * d, 0))
        // One corner at (cx, cy): `from` is one radius from the corner back along the edge the
        // outline arrives on, `to` one radius along the edge it leaves by; `at(a, b)` is the
        // point `a` radii along the first and `b` along the second.
        func corner(_ cx: Double, _ cy: Double, from: (Double, Double), to: (Double, Double)) {
            func at(_ a: Double, _ b: Double) -> CGPoint {
                CGPoint(x: cx + from.0 * a + to.0 * b, y: cy + from.1 * a + to.1 * b)
            }
            addLine(to: at(p0.0, p0.1))
            addCurve(to: at(d, d), control1: at(p1.0, p1.1), control2: at(p2.0, p2.1))
            addCurve(to: at(p0.1, p0.0), control1: at(p2.1, p2.0), control2: at(p1.1, p1.0))
        }
        let minX = Double(r.minX), maxX = Double(r.maxX), minY = Double(r.minY), maxY = Double(r.maxY)
        move(to: CGPoint(x: minX + reach * rx, y: minY))
        corner(maxX, minY, from: (-rx, 0), to: (0, ry))
        corner(maxX, maxY, from: (0, -ry), to: (-rx, 0))
        corner(minX, maxY, from: (rx, 0), to: (0, -ry))
        corner(minX, minY, from: (0, ry), to: (rx, 0))
        closeSubpath()
    }
}


extension View {
    /// `style` filling `shape` behind the view, as SwiftUI's `.background(_:in:fillStyle:)`:
    /// `.background(.blue, in: .capsule)`.
    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle())
        -> ModifiedContent<Self, _LayeredModifier<_ShapeView<T>>> {
        background(shape.fill(style, style: fillStyle))
    }
}
