import Foundation

/// A spring with SwiftUI's `Spring(duration:bounce:)` meaning.
///
/// Unit mass, stiffness (2π / duration)²; `bounce` 0 is critically damped (no overshoot),
/// positive values bounce (damping ratio 1 − bounce), negative values are overdamped
/// (damping ratio 1 / (1 + bounce)). Motion is solved in closed form, so a value stepped
/// at 30, 60 or 144 frames per second lands on the same curve.
public struct Spring: Equatable, Sendable {
    /// The perceptual duration, in seconds.
    public var duration: Double
    /// How much the spring overshoots, in −1 … 1; 0 means none.
    public var bounce: Double

    public init(duration: Double = 0.5, bounce: Double = 0) {
        precondition(duration > 0, "a spring needs a positive duration")
        self.duration = duration
        self.bounce = min(max(bounce, -0.99), 0.99)
    }

    /// Natural angular frequency ω₀ = 2π / duration.
    public var angularFrequency: Double { 2 * Double.pi / duration }

    /// ζ: 1 is critical damping.
    public var dampingRatio: Double { bounce >= 0 ? 1 - bounce : 1 / (1 + bounce) }

    /// Advances a displacement from the target `u` with velocity `v` by `dt` seconds.
    /// Returns the new displacement and velocity.
    public func step(displacement u: Double, velocity v: Double, by dt: Double) -> (displacement: Double, velocity: Double) {
        let w = angularFrequency
        let z = dampingRatio
        if abs(z - 1) < 1e-9 {
            let e = exp(-w * dt)
            let c = v + w * u
            return ((u + c * dt) * e, (v - w * c * dt) * e)
        } else if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            let e = exp(-z * w * dt)
            let (s, co) = (sin(wd * dt), cos(wd * dt))
            let nu = e * (u * co + (v + z * w * u) / wd * s)
            let nv = e * (v * co - (w * w * u + z * w * v) / wd * s)
            return (nu, nv)
        } else {
            let root = (z * z - 1).squareRoot()
            let r1 = -w * (z - root)
            let r2 = -w * (z + root)
            let a = (v - r2 * u) / (r1 - r2)
            let b = u - a
            let (e1, e2) = (exp(r1 * dt), exp(r2 * dt))
            return (a * e1 + b * e2, a * r1 * e1 + b * r2 * e2)
        }
    }
}

/// A value that follows its target along a spring, keeping its velocity when the target moves
/// (as SwiftUI does when an animation is interrupted).
public struct SpringValue: Equatable, Sendable {
    public private(set) var value: Double
    public private(set) var velocity: Double = 0
    public var target: Double
    public var spring: Spring
    /// Below this distance and speed the value snaps onto its target and counts as settled.
    public var tolerance: Double

    public init(_ value: Double, spring: Spring, tolerance: Double = 1e-5) {
        self.value = value
        self.target = value
        self.spring = spring
        self.tolerance = tolerance
    }

    /// Whether the value rests on its target.
    public var isSettled: Bool { value == target && velocity == 0 }

    /// Moves the value `dt` seconds along the spring toward its target.
    public mutating func advance(by dt: Double) {
        guard dt > 0, !isSettled else { return }
        let (u, v) = spring.step(displacement: value - target, velocity: velocity, by: dt)
        if abs(u) < tolerance && abs(v) < tolerance {
            value = target
            velocity = 0
        } else {
            value = target + u
            velocity = v
        }
    }

    /// Jumps to `newValue` with no animation.
    public mutating func set(_ newValue: Double) {
        value = newValue
        target = newValue
        velocity = 0
    }
}
