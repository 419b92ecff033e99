import Foundation

/// A value that can be added, subtracted and scaled, so an animation can move between two of
/// them, as SwiftUI's `VectorArithmetic`.
public protocol VectorArithmetic: AdditiveArithmetic {
    /// Multiplies every component by `rhs`.
    mutating func scale(by rhs: Double)
    /// The dot product of the value with itself.
    var magnitudeSquared: Double { get }
}

extension VectorArithmetic {
    /// The value with every component multiplied by `rhs`.
    public func scaled(by rhs: Double) -> Self {
        var copy = self
        copy.scale(by: rhs)
        return copy
    }
}

extension Double: VectorArithmetic {
    public mutating func scale(by rhs: Double) { self *= rhs }
    public var magnitudeSquared: Double { self * self }
}

extension Float: VectorArithmetic {
    public mutating func scale(by rhs: Double) { self *= Float(rhs) }
    public var magnitudeSquared: Double { Double(self * self) }
}

extension CGFloat: VectorArithmetic {
    public mutating func scale(by rhs: Double) { self *= CGFloat(rhs) }
    public var magnitudeSquared: Double { Double(self * self) }
}

/// A pair of animatable values animated together, as SwiftUI's `AnimatablePair`: nest pairs
/// for more (`AnimatablePair<CGFloat, AnimatablePair<CGFloat, CGFloat>>`).
public struct AnimatablePair<First: VectorArithmetic, Second: VectorArithmetic>: VectorArithmetic {
    /// The first value.
    public var first: First
    /// The second value.
    public var second: Second

    /// The pair of `first` and `second`.
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    public static var zero: Self { Self(.zero, .zero) }
    public static func + (a: Self, b: Self) -> Self { Self(a.first + b.first, a.second + b.second) }
    public static func - (a: Self, b: Self) -> Self { Self(a.first - b.first, a.second - b.second) }
    public mutating func scale(by rhs: Double) {
        first.scale(by: rhs)
        second.scale(by: rhs)
    }
    public var magnitudeSquared: Double { first.magnitudeSquared + second.magnitudeSquared }
}

/// Nothing to animate, as SwiftUI's `EmptyAnimatableData`.
public struct EmptyAnimatableData: VectorArithmetic {
    /// Nothing.
    public init() {}
    public static var zero: Self { Self() }
    public static func + (a: Self, b: Self) -> Self { a }
    public static func - (a: Self, b: Self) -> Self { a }
    public mutating func scale(by rhs: Double) {}
    public var magnitudeSquared: Double { 0 }
}

/// A type whose values an animation can move between, as SwiftUI's `Animatable`: its
/// `animatableData` is what is interpolated.
public protocol Animatable {
    /// The animated part of the value.
    associatedtype AnimatableData: VectorArithmetic
    /// The value's animated part, read and written by animations.
    var animatableData: AnimatableData { get set }
}

extension Animatable where AnimatableData == EmptyAnimatableData {
    /// Nothing animates.
    public var animatableData: EmptyAnimatableData {
        get { EmptyAnimatableData() }
        set {}
    }
}

extension Double: Animatable {
    /// The number itself.
    public var animatableData: Double {
        get { self }
        set { self = newValue }
    }
}

extension Float: Animatable {
    /// The number itself.
    public var animatableData: Float {
        get { self }
        set { self = newValue }
    }
}

extension CGFloat: Animatable {
    /// The number itself.
    public var animatableData: CGFloat {
        get { self }
        set { self = newValue }
    }
}

extension CGPoint: Animatable {
    /// `x` and `y`.
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(x, y) }
        set { (x, y) = (newValue.first, newValue.second) }
    }
}

extension CGSize: Animatable {
    /// `width` and `height`.
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(width, height) }
        set { (width, height) = (newValue.first, newValue.second) }
    }
}

extension CGRect: Animatable {
    /// The origin's and the size's data.
    public var animatableData: AnimatablePair<CGPoint.AnimatableData, CGSize.AnimatableData> {
        get { AnimatablePair(origin.animatableData, size.animatableData) }
        set { (origin.animatableData, size.animatableData) = (newValue.first, newValue.second) }
    }
}

extension Angle: Animatable {
    /// The angle in radians.
    public var animatableData: Double {
        get { radians }
        set { radians = newValue }
    }
}

/// Four numbers animated together: what the library's animated attributes (an opacity, an
/// offset, a size, a colour, a shader's `float4`) are kept as, without allocating.
public struct AnimatableVector4: VectorArithmetic, Equatable, Sendable {
    public var x: Double, y: Double, z: Double, w: Double

    public init(_ x: Double, _ y: Double = 0, _ z: Double = 0, _ w: Double = 0) {
        (self.x, self.y, self.z, self.w) = (x, y, z, w)
    }

    public static var zero: Self { Self(0) }
    public static func + (a: Self, b: Self) -> Self { Self(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w) }
    public static func - (a: Self, b: Self) -> Self { Self(a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w) }
    public mutating func scale(by rhs: Double) {
        x *= rhs; y *= rhs; z *= rhs; w *= rhs
    }
    public var magnitudeSquared: Double { x * x + y * y + z * z + w * w }
}
