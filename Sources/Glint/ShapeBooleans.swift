import Foundation
import GlintRender

/// How a combined shape joins its two shapes' areas.
enum ShapeCombination: Sendable {
    case union, intersection, subtracting, symmetricDifference

    /// The coverage (0 … 255) of a pixel covered `a` by the first shape and `b` by the second.
    @inline(__always)
    func coverage(_ a: Int, _ b: Int) -> UInt8 {
        switch self {
        case .union: return UInt8(a + b - (a * b + 127) / 255)
        case .intersection: return UInt8((a * b + 127) / 255)
        case .subtracting: return UInt8((a * (255 - b) + 127) / 255)
        case .symmetricDifference: return UInt8(max(0, a + b - 2 * ((a * b + 127) / 255)))
        }
    }
}

/// A shape made of two, as SwiftUI's `Shape.union(_:eoFill:)` and its kin make (iOS 17): drawn
/// by covering each pixel as the two shapes' coverage combine, so its edges are as smooth as
/// theirs. Filled, it is exact; stroked, it strokes both outlines whole (Glint does not compute
/// the outline of the combined area).
public struct _CombinedShape<First: Shape, Second: Shape>: Shape {
    var first: First
    var second: Second
    let combination: ShapeCombination
    let eoFill: Bool

    /// Both outlines, one after the other (what a stroke draws).
    public func path(in rect: CGRect) -> Path {
        var path = first.path(in: rect)
        path.addPath(second.path(in: rect))
        return path
    }

    public var animatableData: AnimatablePair<First.AnimatableData, Second.AnimatableData> {
        get { AnimatablePair(first.animatableData, second.animatableData) }
        set {
            first.animatableData = newValue.first
            second.animatableData = newValue.second
        }
    }
}

/// A combined shape as the rasteriser sees it, whatever its two shapes' types.
protocol CombinedShapeParts {
    var parts: (ShapeSource, ShapeSource) { get }
    var combination: ShapeCombination { get }
    var eoFill: Bool { get }
}

extension _CombinedShape: CombinedShapeParts {
    var parts: (ShapeSource, ShapeSource) { (ShapeSource(first), ShapeSource(second)) }
}

extension Shape {
    /// The area inside this shape or `other`, as SwiftUI's `union(_:eoFill:)`.
    public func union<S: Shape>(_ other: S, eoFill: Bool = false) -> _CombinedShape<Self, S> {
        _CombinedShape(first: self, second: other, combination: .union, eoFill: eoFill)
    }

    /// The area inside both this shape and `other`, as SwiftUI's `intersection(_:eoFill:)`.
    public func intersection<S: Shape>(_ other: S, eoFill: Bool = false) -> _CombinedShape<Self, S> {
        _CombinedShape(first: self, second: other, combination: .intersection, eoFill: eoFill)
    }

    /// The area inside this shape and outside `other`, as SwiftUI's `subtracting(_:eoFill:)`.
    public func subtracting<S: Shape>(_ other: S, eoFill: Bool = false) -> _CombinedShape<Self, S> {
        _CombinedShape(first: self, second: other, combination: .subtracting, eoFill: eoFill)
    }

    /// The area inside exactly one of this shape and `other`, as SwiftUI's
    /// `symmetricDifference(_:eoFill:)`.
    public func symmetricDifference<S: Shape>(_ other: S, eoFill: Bool = false) -> _CombinedShape<Self, S> {
        _CombinedShape(first: self, second: other, combination: .symmetricDifference, eoFill: eoFill)
    }
}

extension CoverageMask {
    /// `a` and `b` combined pixel by pixel into this mask, over the rect the combination can cover.
    mutating func combine(_ a: CoverageMask, _ b: CoverageMask, _ combination: ShapeCombination) {
        func empty(_ m: CoverageMask) -> Bool { m.width <= 0 || m.height <= 0 }
        var x0: Int, y0: Int, x1: Int, y1: Int
        switch combination {
        case .union, .symmetricDifference:
            if empty(a) && empty(b) { x0 = 0; y0 = 0; x1 = 0; y1 = 0 }
            else if empty(a) { x0 = b.x; y0 = b.y; x1 = b.x + b.width; y1 = b.y + b.height }
            else if empty(b) { x0 = a.x; y0 = a.y; x1 = a.x + a.width; y1 = a.y + a.height }
            else {
                x0 = min(a.x, b.x); y0 = min(a.y, b.y)
                x1 = max(a.x + a.width, b.x + b.width); y1 = max(a.y + a.height, b.y + b.height)
            }
        case .intersection:
            x0 = max(a.x, b.x); y0 = max(a.y, b.y)
            x1 = min(a.x + a.width, b.x + b.width); y1 = min(a.y + a.height, b.y + b.height)
        case .subtracting:
            x0 = a.x; y0 = a.y; x1 = a.x + a.width; y1 = a.y + a.height
        }
        x = x0; y = y0
        width = max(0, x1 - x0); height = max(0, y1 - y0)
        alpha.removeAll(keepingCapacity: true)
        alpha.reserveCapacity(width * height)
        var py = y0
        while py < y0 + height {
            var px = x0
            while px < x0 + width {
                alpha.append(combination.coverage(Int(a.coverage(atX: px, y: py)), Int(b.coverage(atX: px, y: py))))
                px += 1
            }
            py += 1
        }
    }
}
