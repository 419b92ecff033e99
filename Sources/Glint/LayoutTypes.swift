import Foundation
import GlintCore
import GlintRender

/// The size a parent offers a child, as SwiftUI's `ProposedViewSize`: nil on a side asks for
/// the child's ideal size on it, `.infinity` for its largest.
public struct ProposedViewSize: Hashable, Sendable {
    /// The width offered, in points, or nil.
    public var width: CGFloat?
    /// The height offered, in points, or nil.
    public var height: CGFloat?

    public init(width: CGFloat?, height: CGFloat?) {
        self.width = width
        self.height = height
    }

    public init(_ size: CGSize) {
        self.init(width: size.width, height: size.height)
    }

    /// Nothing offered: ideal sizes.
    public static let unspecified = ProposedViewSize(width: nil, height: nil)
    /// No space at all: smallest sizes.
    public static let zero = ProposedViewSize(width: 0, height: 0)
    /// All the space there is: largest sizes.
    public static let infinity = ProposedViewSize(width: .infinity, height: .infinity)

    /// The size with nil sides taken from `size` (SwiftUI's default: 10 points).
    public func replacingUnspecifiedDimensions(by size: CGSize = CGSize(width: 10, height: 10)) -> CGSize {
        CGSize(width: width ?? size.width, height: height ?? size.height)
    }

    var w: Double? { width.map(Double.init) }
    var h: Double? { height.map(Double.init) }

    init(w: Double?, h: Double?) {
        self.init(width: w.map { CGFloat($0) }, height: h.map { CGFloat($0) })
    }
}

/// Where a child sits across a `VStack`, as SwiftUI's `HorizontalAlignment`.
public struct HorizontalAlignment: Hashable, Sendable {
    /// Where along the width: 0 leading, ½ centre, 1 trailing.
    let fraction: Double
    public static let leading = HorizontalAlignment(fraction: 0)
    public static let center = HorizontalAlignment(fraction: 0.5)
    public static let trailing = HorizontalAlignment(fraction: 1)
}

/// Where a child sits across an `HStack`, as SwiftUI's `VerticalAlignment`.
public struct VerticalAlignment: Hashable, Sendable {
    /// Where along the height: 0 top, ½ centre, 1 bottom.
    let fraction: Double
    public static let top = VerticalAlignment(fraction: 0)
    public static let center = VerticalAlignment(fraction: 0.5)
    public static let bottom = VerticalAlignment(fraction: 1)
}

/// Where a child sits in a `ZStack`, a frame or behind a view, as SwiftUI's `Alignment`.
public struct Alignment: Hashable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment

    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}

/// A point in a view's rect as fractions of its size, as SwiftUI's `UnitPoint`.
public struct UnitPoint: Hashable, Sendable {
    public var x: CGFloat
    public var y: CGFloat

    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }

    public static let zero = UnitPoint(x: 0, y: 0)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

/// The sides of a rect, as SwiftUI's `Edge`.
public enum Edge: Int8, Hashable, Sendable, CaseIterable {
    case top, leading, bottom, trailing

    /// A set of sides, for `.padding(_:_:)`.
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public init(_ edge: Edge) { rawValue = 1 << edge.rawValue }

        public static let top = Set(.top)
        public static let leading = Set(.leading)
        public static let bottom = Set(.bottom)
        public static let trailing = Set(.trailing)
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
        public static let all: Set = [.top, .leading, .bottom, .trailing]
    }
}

/// Space inside a view's edges, as SwiftUI's `EdgeInsets`.
public struct EdgeInsets: Hashable, Sendable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat

    public init(top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
}

/// How a view with an aspect ratio meets the space offered, as SwiftUI's `ContentMode`.
public enum ContentMode: Hashable, Sendable {
    /// The largest size inside the space.
    case fit
    /// The smallest size covering the space.
    case fill
}

/// Where positions are measured from, as SwiftUI's `CoordinateSpace`.
public enum CoordinateSpace: Hashable, Sendable {
    /// The view's own rect: (0, 0) at its top-left.
    case local
    /// The window's (or rendered image's) rect.
    case global
}

/// A view's size and place, as `GeometryReader` and `visualEffect` see them (SwiftUI's
/// `GeometryProxy`).
public struct GeometryProxy: Sendable {
    /// The view's size, in points.
    public var size: CGSize
    /// The view's rect in the window (or rendered image), in points.
    let globalFrame: CGRect

    /// The view's rect in `space`: at (0, 0) in `.local`, where it is in the window in `.global`.
    public func frame(in space: CoordinateSpace) -> CGRect {
        switch space {
        case .local: return CGRect(origin: .zero, size: size)
        case .global: return globalFrame
        }
    }

    /// No safe areas on the desktop.
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }
}
