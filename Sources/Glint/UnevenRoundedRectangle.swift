import Foundation
import GlintCore

/// The four corner radii of a rectangle, as SwiftUI's `RectangleCornerRadii`.
public struct RectangleCornerRadii: Equatable, Sendable {
    public var topLeading: CGFloat
    public var bottomLeading: CGFloat
    public var bottomTrailing: CGFloat
    public var topTrailing: CGFloat

    public init(topLeading: CGFloat = 0, bottomLeading: CGFloat = 0, bottomTrailing: CGFloat = 0, topTrailing: CGFloat = 0) {
        self.topLeading = topLeading
        self.bottomLeading = bottomLeading
        self.bottomTrailing = bottomTrailing
        self.topTrailing = topTrailing
    }
}

/// A rectangle whose corners each have a radius of their own, as SwiftUI's
/// `UnevenRoundedRectangle`. Radii are shrunk together where two would overlap along an edge;
/// a negative or non-finite radius is 0. Corners are circular (a `.continuous` style is drawn
/// circular too).
public struct UnevenRoundedRectangle: Shape {
    public var cornerRadii: RectangleCornerRadii
    public var style: RoundedCornerStyle

    public init(cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous) {
        self.cornerRadii = cornerRadii
        self.style = style
    }

    public init(topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0, bottomTrailingRadius: CGFloat = 0,
                topTrailingRadius: CGFloat = 0, style: RoundedCornerStyle = .continuous) {
        self.init(cornerRadii: RectangleCornerRadii(topLeading: topLeadingRadius, bottomLeading: bottomLeadingRadius,
                                                    bottomTrailing: bottomTrailingRadius, topTrailing: topTrailingRadius),
                  style: style)
    }

    public func path(in rect: CGRect) -> Path {
        func clean(_ r: CGFloat) -> CGFloat { r.isFinite ? max(0, r) : 0 }
        var tl = clean(cornerRadii.topLeading), bl = clean(cornerRadii.bottomLeading)
        var br = clean(cornerRadii.bottomTrailing), tr = clean(cornerRadii.topTrailing)
        // Where two corners of an edge would overlap, all shrink by the same factor.
        let w = rect.width, h = rect.height
        var scale: CGFloat = 1
        for (sum, side) in [(tl + tr, w), (bl + br, w), (tl + bl, h), (tr + br, h)] where sum > side && sum > 0 {
            scale = min(scale, side / sum)
        }
        (tl, bl, br, tr) = (tl * scale, bl * scale, br * scale, tr * scale)
        var path = Path()
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        path.move(to: CGPoint(x: x0 + tl, y: y0))
        path.addLine(to: CGPoint(x: x1 - tr, y: y0))
        if tr > 0 { path.addArc(center: CGPoint(x: x1 - tr, y: y0 + tr), radius: tr, startAngle: .degrees(-90), endAngle: .degrees(0), clockwise: false) }
        path.addLine(to: CGPoint(x: x1, y: y1 - br))
        if br > 0 { path.addArc(center: CGPoint(x: x1 - br, y: y1 - br), radius: br, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: false) }
        path.addLine(to: CGPoint(x: x0 + bl, y: y1))
        if bl > 0 { path.addArc(center: CGPoint(x: x0 + bl, y: y1 - bl), radius: bl, startAngle: .degrees(90), endAngle: .degrees(180), clockwise: false) }
        path.addLine(to: CGPoint(x: x0, y: y0 + tl))
        if tl > 0 { path.addArc(center: CGPoint(x: x0 + tl, y: y0 + tl), radius: tl, startAngle: .degrees(180), endAngle: .degrees(270), clockwise: false) }
        path.closeSubpath()
        return path
    }
}

extension Shape where Self == UnevenRoundedRectangle {
    /// A rectangle with each corner's radius, as SwiftUI's `.rect(cornerRadii:style:)`.
    public static func rect(cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous) -> UnevenRoundedRectangle {
        UnevenRoundedRectangle(cornerRadii: cornerRadii, style: style)
    }

    /// A rectangle with each corner's radius, as SwiftUI's `.rect(topLeadingRadius:…)`.
    public static func rect(topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0, bottomTrailingRadius: CGFloat = 0,
                            topTrailingRadius: CGFloat = 0, style: RoundedCornerStyle = .continuous) -> UnevenRoundedRectangle {
        UnevenRoundedRectangle(topLeadingRadius: topLeadingRadius, bottomLeadingRadius: bottomLeadingRadius,
                               bottomTrailingRadius: bottomTrailingRadius, topTrailingRadius: topTrailingRadius, style: style)
    }
}
