import Foundation

/// A spring with SwiftUI's `Spring` meaning: made from a perceptual duration and a bounce
/// (`Spring(duration:bounce:)`), from physical mass, stiffness and damping
/// (`Spring(mass:stiffness:damping:)`), or from a response and damping ratio
/// (`Spring(response:dampingRatio:)`), and read back in any of those terms.
///
/// Stiffness is mass · (2π / duration)²; `bounce` 0 is critically damped (no overshoot),
/// positive values bounce (damping ratio 1 − bounce), negative values are overdamped
/// (damping ratio 1 / (1 + bounce)). Motion is solved in closed form, so a value stepped
/// at 30, 60 or 144 frames per second lands on the same curve.
public struct Spring: Equatable, Sendable {
    /// The perceptual duration, in seconds: the period of the undamped spring.
    public var duration: Double
    /// How much the spring overshoots, in −1 … 1; 0 means none.
    public var bounce: Double
    /// The mass on the spring (1 unless made from `init(mass:stiffness:damping:)`). Motion
    /// depends only on `duration` and `bounce`; mass scales `stiffness` and `damping`.
    public var mass: Double = 1

    /// The duration used when one is not a positive finite number of seconds.
    public static let fallbackDuration = 0.5
    /// The shortest duration kept (a shorter one is lengthened to it).
    public static let minimumDuration = 1e-3  // seconds

    /// A spring of SwiftUI's `duration` (seconds) and `bounce` (−1 … 1). A duration that is not a
    /// positive number is said once on stderr and replaced (no trap on a user's number).
    public init(duration: Double = 0.5, bounce: Double = 0) {
        self.duration = Self.checkedDuration(duration)
        self.bounce = bounce.isNaN ? 0 : min(max(bounce, -0.99), 0.99)
    }

    /// A spring of a mass on a spring of `stiffness` with `damping`, as SwiftUI's
    /// `Spring(mass:stiffness:damping:allowOverDamping:)`: unless `allowOverDamping`, damping
    /// above critical is taken as critical.
    public init(mass: Double = 1, stiffness: Double, damping: Double, allowOverDamping: Bool = false) {
        let m = mass.isFinite && mass > 0 ? mass : 1
        let k = stiffness.isFinite && stiffness > 0 ? stiffness : 1
        let c = damping.isFinite && damping >= 0 ? damping : 0
        var ratio = c / (2 * (k * m).squareRoot())
        if !allowOverDamping { ratio = min(ratio, 1) }
        self.init(duration: 2 * Double.pi / (k / m).squareRoot(), bounce: Self.bounce(dampingRatio: ratio))
        self.mass = m
    }

    /// A spring of SwiftUI's `response` (its duration) and `dampingRatio` (1 critical, less
    /// bounces), as `Spring(response:dampingRatio:)`.
    public init(response: Double, dampingRatio: Double) {
        self.init(duration: response, bounce: Self.bounce(dampingRatio: dampingRatio.isFinite ? max(dampingRatio, 0) : 1))
    }

    /// The bounce of a damping ratio: 1 − ζ below critical, 1 / ζ − 1 above.
    static func bounce(dampingRatio z: Double) -> Double {
        z <= 1 ? 1 - z : 1 / z - 1
    }

    nonisolated(unsafe) private static var saidDuration = false
    private static let sayLock = NSLock()

    private static func checkedDuration(_ duration: Double) -> Double {
        if duration.isFinite && duration >= minimumDuration { return duration }
        let kept = duration.isFinite && duration > 0 ? minimumDuration : fallbackDuration
        sayLock.lock()
        defer { sayLock.unlock() }
        if !saidDuration {
            saidDuration = true
            FileHandle.standardError.write(Data("glint: a Spring's duration \(duration) is not a positive number of seconds; \(kept) s is used\n".utf8))
        }
        return kept
    }

    /// SwiftUI's response: the same as `duration`.
    public var response: Double { duration }

    /// The stiffness: mass · (2π / duration)².
    public var stiffness: Double { mass * angularFrequency * angularFrequency }

    /// The damping: 2 · dampingRatio · √(stiffness · mass).
    public var damping: Double { 2 * dampingRatio * (stiffness * mass).squareRoot() }

    /// A smooth spring with no bounce (SwiftUI's `.smooth`: duration 0.5, bounce 0).
    public static let smooth = Spring(duration: 0.5, bounce: 0)
    /// A snappy spring with a little bounce (SwiftUI's `.snappy`: duration 0.5, bounce 0.15).
    public static let snappy = Spring(duration: 0.5, bounce: 0.15)
    /// A bouncy spring (SwiftUI's `.bouncy`: duration 0.5, bounce 0.3).
    public static let bouncy = Spring(duration: 0.5, bounce: 0.3)
    /// `.smooth` of `duration`, `extraBounce` added to its bounce.
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Spring { Spring(duration: duration, bounce: extraBounce) }
    /// `.snappy` of `duration`, `extraBounce` added to its bounce.
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Spring { Spring(duration: duration, bounce: 0.15 + extraBounce) }
    /// `.bouncy` of `duration`, `extraBounce` added to its bounce.
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Spring { Spring(duration: duration, bounce: 0.3 + extraBounce) }

    /// How far from its target, as a fraction of where it started, a spring counts as settled
    /// (`settlingDuration`).
    public static let settlingFraction = 1e-3

    /// The time after which a spring released at rest one unit from its target stays within
    /// `settlingFraction` of it, in seconds.
    public var settlingDuration: Double {
        let w = angularFrequency, z = dampingRatio, eps = Self.settlingFraction
        if z < 1 {
            // The envelope e^(−ζωt) / √(1 − ζ²) bounds the displacement.
            return max(0, -log(eps * (1 - z * z).squareRoot()) / (z * w))
        }
        // Critically and overdamped springs fall monotonically from rest: bisect.
        var (lo, hi) = (0.0, 1.0 / w)
        while abs(step(displacement: 1, velocity: 0, by: hi).displacement) > eps && hi < 1e6 { hi *= 2 }
        for _ in 0..<48 {
            let mid = (lo + hi) / 2
            if abs(step(displacement: 1, velocity: 0, by: mid).displacement) > eps { lo = mid } else { hi = mid }
        }
        return hi
    }

    /// Where a spring started at zero, moving at `initialVelocity`, is `time` seconds after
    /// being pulled toward `target` (SwiftUI's `value(target:initialVelocity:time:)`).
    public func value<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: Double) -> V {
        let (a, _, b, _) = coefficients(at: time)
        return target - target.scaled(by: a) + initialVelocity.scaled(by: b)
    }

    /// How fast that spring moves at `time` (SwiftUI's `velocity(target:initialVelocity:time:)`).
    public func velocity<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: Double) -> V {
        let (_, da, _, db) = coefficients(at: time)
        return initialVelocity.scaled(by: db) - target.scaled(by: da)
    }

    /// Where a spring from `fromValue` to `toValue` is at `time`.
    public func value<V: VectorArithmetic>(fromValue: V, toValue: V, initialVelocity: V = .zero, time: Double) -> V {
        fromValue + value(target: toValue - fromValue, initialVelocity: initialVelocity, time: time)
    }

    /// The motion is linear in where it starts: displacement(t) = u₀ · a(t) + v₀ · b(t). Returns
    /// a, a′, b, b′ at `time`.
    func coefficients(at time: Double) -> (a: Double, da: Double, b: Double, db: Double) {
        let t = max(0, time)
        let p = step(displacement: 1, velocity: 0, by: t)
        let q = step(displacement: 0, velocity: 1, by: t)
        return (p.displacement, p.velocity, q.displacement, q.velocity)
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
