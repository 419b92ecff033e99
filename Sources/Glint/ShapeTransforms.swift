import Foundation
import GlintCore

/// A shape moved, as SwiftUI's `OffsetShape` (`shape.offset(x:y:)`).
public struct OffsetShape<Content: Shape>: Shape {
    public var shape: Content
    public var offset: CGSize

    public func path(in rect: CGRect) -> Path {
        shape.path(in: rect).offsetBy(dx: offset.width, dy: offset.height)
    }
}

/// A shape turned about an anchor of its rect, as SwiftUI's `RotatedShape` (`shape.rotation(_:anchor:)`).
public struct RotatedShape<Content: Shape>: Shape {
    public var shape: Content
    public var angle: Angle
    public var anchor: UnitPoint

    public func path(in rect: CGRect) -> Path {
        let cx = rect.minX + rect.width * anchor.x, cy = rect.minY + rect.height * anchor.y
        let (c, s) = (cos(angle.radians), sin(angle.radians))
        return shape.path(in: rect).mapped { p in
            let (x, y) = (p.x - cx, p.y - cy)
            return CGPoint(x: cx + x * c - y * s, y: cy + x * s + y * c)
        }
    }
}

/// A shape scaled about an anchor of its rect, as SwiftUI's `ScaledShape` (`shape.scale(x:y:anchor:)`).
public struct ScaledShape<Content: Shape>: Shape {
    public var shape: Content
    public var scale: CGSize
    public var anchor: UnitPoint

    public func path(in rect: CGRect) -> Path {
        let cx = rect.minX + rect.width * anchor.x, cy = rect.minY + rect.height * anchor.y
        return shape.path(in: rect).mapped { p in CGPoint(x: cx + (p.x - cx) * scale.width, y: cy + (p.y - cy) * scale.height) }
    }
}

extension Shape {
    /// The shape moved by (`x`, `y`).
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> OffsetShape<Self> { OffsetShape(shape: self, offset: CGSize(width: x, height: y)) }
    /// The shape moved by `offset`.
    public func offset(_ offset: CGSize) -> OffsetShape<Self> { OffsetShape(shape: self, offset: offset) }
    /// The shape moved by `offset`.
    public func offset(_ offset: CGPoint) -> OffsetShape<Self> { OffsetShape(shape: self, offset: CGSize(width: offset.x, height: offset.y)) }
    /// The shape turned by `angle` about `anchor` (clockwise on screen for a positive angle).
    public func rotation(_ angle: Angle, anchor: UnitPoint = .center) -> RotatedShape<Self> { RotatedShape(shape: self, angle: angle, anchor: anchor) }
    /// The shape scaled by `x` and `y` about `anchor`.
    public func scale(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> ScaledShape<Self> {
        ScaledShape(shape: self, scale: CGSize(width: x, height: y), anchor: anchor)
    }
    /// The shape scaled by `scale` about `anchor`.
    public func scale(_ scale: CGFloat, anchor: UnitPoint = .center) -> ScaledShape<Self> {
        ScaledShape(shape: self, scale: CGSize(width: scale, height: scale), anchor: anchor)
    }
}

/// A shape that can be drawn inset within its rect, as SwiftUI's `InsettableShape`: the
/// built-in rect-based shapes are.
public protocol InsettableShape: Shape {
    associatedtype InsetShape: InsettableShape
    /// The shape drawn `amount` points in from each side of its rect.
    func inset(by amount: CGFloat) -> InsetShape
}

/// A rect-based shape drawn in its rect shrunk on every side.
public struct _InsetShape<Content: Shape>: InsettableShape {
    let shape: Content
    let amount: CGFloat

    public func path(in rect: CGRect) -> Path {
        let a = amount.isFinite ? min(amount, min(rect.width, rect.height) / 2) : 0
        return shape.path(in: rect.insetBy(dx: a, dy: a))
    }

    public func inset(by amount: CGFloat) -> _InsetShape<Content> { _InsetShape(shape: shape, amount: self.amount + amount) }
}

extension Rectangle: InsettableShape {
    public func inset(by amount: CGFloat) -> _InsetShape<Rectangle> { _InsetShape(shape: self, amount: amount) }
}
extension RoundedRectangle: InsettableShape {
    public func inset(by amount: CGFloat) -> _InsetShape<RoundedRectangle> { _InsetShape(shape: self, amount: amount) }
}
extension Circle: InsettableShape {
    public func inset(by amount: CGFloat) -> _InsetShape<Circle> { _InsetShape(shape: self, amount: amount) }
}
extension Ellipse: InsettableShape {
    public func inset(by amount: CGFloat) -> _InsetShape<Ellipse> { _InsetShape(shape: self, amount: amount) }
}
extension Capsule: InsettableShape {
    public func inset(by amount: CGFloat) -> _InsetShape<Capsule> { _InsetShape(shape: self, amount: amount) }
}
extension UnevenRoundedRectangle: InsettableShape {
    public func inset(by amount: CGFloat) -> _InsetShape<UnevenRoundedRectangle> { _InsetShape(shape: self, amount: amount) }
}
