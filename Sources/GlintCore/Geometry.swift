/// A position in points, SwiftUI's user space: origin at the top-left, y pointing down.
public struct Point: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    public var description: String { "(\(x), \(y))" }

    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }

    /// Dot product, treating both points as vectors.
    public func dot(_ other: Point) -> Double { x * other.x + y * other.y }
    /// Length, treating the point as a vector.
    public var length: Double { (x * x + y * y).squareRoot() }
}

/// A size in points.
public struct Size: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    public var description: String { "\(formatNumber(width))x\(formatNumber(height))" }

    /// The size scaled by `factor` (points to pixels, for instance).
    public func scaled(by factor: Double) -> Size { Size(width: width * factor, height: height * factor) }

    /// The rectangle's centre.
    public var center: Point { Point(x: width / 2, y: height / 2) }

    /// Whether `p` lies inside the rectangle from the origin to this size, edges included.
    public func contains(_ p: Point) -> Bool { p.x >= 0 && p.y >= 0 && p.x <= width && p.y <= height }
}

/// Formats a number without a trailing ".0" for whole values (1280, not 1280.0).
func formatNumber(_ v: Double) -> String {
    if v.isFinite, v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
    return String(v)
}
