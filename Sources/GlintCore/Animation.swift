import Foundation

/// How a value moves from one state to another over time, as SwiftUI's `Animation`: a timing
/// curve, a spring, or either delayed, sped up or repeated.
///
/// An animation is a plain value (making one allocates nothing) evaluated as a function of the
/// time since it began, where it started, where it goes and how fast it was moving:
/// `sample(from:to:initialVelocity:elapsed:)`. Springs (`.spring`, `.smooth`, `.snappy`,
/// `.bouncy`, `.default`) retarget from where they are, keeping their velocity; timing curves and
/// interpolating springs add up, each moving its own change (see `AnimatedValue`).
public struct Animation: Equatable, Sendable {
    /// What moves within one iteration.
    enum Base: Equatable, Sendable {
        /// A unit cubic Bézier `(0,0) c0 c1 (1,1)` over `duration` seconds.
        case curve(TimingCurve, duration: Double)
        /// A spring that merges with the one it interrupts, keeping its velocity.
        case spring(Spring, blendDuration: Double)
        /// A spring that adds to what is running; `initialVelocity` is a fraction of the change per second.
        case interpolatingSpring(Spring, initialVelocity: Double)
    }

    var base: Base
    /// Seconds before it starts (real seconds, after `speed`).
    var delaySeconds = 0.0
    /// How many times faster than written it runs.
    var rate = 1.0
    /// How many iterations it plays; nil for one, `Int.max` for ever.
    var repeats: Int?
    /// Whether every other iteration plays backwards.
    var autoreverses = false

    init(_ base: Base) { self.base = base }

    // MARK: Timing curves

    /// The duration SwiftUI's curves take when none is given: 0.35 s.
    public static let defaultDuration = 0.35

    /// A Bézier timing curve through `(c0x, c0y)` and `(c1x, c1y)`, as SwiftUI's
    /// `timingCurve(_:_:_:_:duration:)`.
    public static func timingCurve(_ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double,
                                   duration: Double = defaultDuration) -> Animation {
        Animation(.curve(TimingCurve(c0x, c0y, c1x, c1y), duration: checked(duration)))
    }

    /// Constant speed over `duration`.
    public static func linear(duration: Double) -> Animation { timingCurve(0, 0, 1, 1, duration: duration) }
    /// Starts slowly: the Bézier (0.42, 0, 1, 1).
    public static func easeIn(duration: Double) -> Animation { timingCurve(0.42, 0, 1, 1, duration: duration) }
    /// Ends slowly: the Bézier (0, 0, 0.58, 1).
    public static func easeOut(duration: Double) -> Animation { timingCurve(0, 0, 0.58, 1, duration: duration) }
    /// Starts and ends slowly: the Bézier (0.42, 0, 0.58, 1).
    public static func easeInOut(duration: Double) -> Animation { timingCurve(0.42, 0, 0.58, 1, duration: duration) }
    /// `linear(duration: 0.35)`.
    public static let linear = linear(duration: defaultDuration)
    /// `easeIn(duration: 0.35)`.
    public static let easeIn = easeIn(duration: defaultDuration)
    /// `easeOut(duration: 0.35)`.
    public static let easeOut = easeOut(duration: defaultDuration)
    /// `easeInOut(duration: 0.35)`.
    public static let easeInOut = easeInOut(duration: defaultDuration)

    // MARK: Springs

    /// A spring that keeps its velocity when interrupted, as SwiftUI's `.spring(_:blendDuration:)`.
    public static func spring(_ spring: Spring, blendDuration: Double = 0) -> Animation {
        Animation(.spring(spring, blendDuration: blendDuration))
    }

    /// `.spring(Spring(duration:bounce:))`.
    public static func spring(duration: Double = 0.5, bounce: Double = 0, blendDuration: Double = 0) -> Animation {
        spring(Spring(duration: duration, bounce: bounce), blendDuration: blendDuration)
    }

    /// `.spring(Spring(response:dampingRatio:))` (SwiftUI's defaults: response 0.5, damping 0.825).
    @_disfavoredOverload
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Animation {
        spring(Spring(response: response, dampingRatio: dampingFraction), blendDuration: blendDuration)
    }

    /// `.spring(duration: 0.5, bounce: 0)`.
    public static let spring = spring(duration: 0.5, bounce: 0)

    /// A quick spring for following a finger (response 0.15, damping 0.86, blend 0.25), as SwiftUI's.
    @_disfavoredOverload
    public static func interactiveSpring(response: Double = 0.15, dampingFraction: Double = 0.86,
                                         blendDuration: Double = 0.25) -> Animation {
        spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration)
    }

    /// `interactiveSpring()`.
    public static let interactiveSpring = interactiveSpring()

    /// A spring whose changes add up instead of merging, as SwiftUI's
    /// `interpolatingSpring(mass:stiffness:damping:initialVelocity:)`.
    public static func interpolatingSpring(mass: Double = 1, stiffness: Double, damping: Double,
                                           initialVelocity: Double = 0) -> Animation {
        Animation(.interpolatingSpring(Spring(mass: mass, stiffness: stiffness, damping: damping, allowOverDamping: true),
                                       initialVelocity: initialVelocity))
    }

    /// `interpolatingSpring` of `Spring(duration:bounce:)`.
    public static func interpolatingSpring(duration: Double = 0.5, bounce: Double = 0, initialVelocity: Double = 0) -> Animation {
        Animation(.interpolatingSpring(Spring(duration: duration, bounce: bounce), initialVelocity: initialVelocity))
    }

    /// `interpolatingSpring(duration: 0.5, bounce: 0)`.
    public static let interpolatingSpring = interpolatingSpring(duration: 0.5, bounce: 0)

    /// A spring with no bounce: `.spring(duration: 0.5, bounce: 0)`.
    public static let smooth = spring(Spring.smooth)
    /// A spring with a little bounce: `.spring(duration: 0.5, bounce: 0.15)`.
    public static let snappy = spring(Spring.snappy)
    /// A bouncy spring: `.spring(duration: 0.5, bounce: 0.3)`.
    public static let bouncy = spring(Spring.bouncy)
    /// `.smooth` of `duration`, `extraBounce` added.
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        spring(Spring.smooth(duration: duration, extraBounce: extraBounce))
    }
    /// `.snappy` of `duration`, `extraBounce` added.
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        spring(Spring.snappy(duration: duration, extraBounce: extraBounce))
    }
    /// `.bouncy` of `duration`, `extraBounce` added.
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        spring(Spring.bouncy(duration: duration, extraBounce: extraBounce))
    }

    /// The animation used where none is named, as Apple documents SwiftUI's `.default`:
    /// `spring(response: 0.55, dampingFraction: 1.0, blendDuration: 0)`.
    public static let `default` = spring(response: 0.55, dampingFraction: 1.0, blendDuration: 0)

    // MARK: Changing an animation

    /// The animation starting `delay` seconds later.
    public func delay(_ delay: Double) -> Animation {
        var copy = self
        if delay.isFinite && delay > 0 { copy.delaySeconds += delay }
        return copy
    }

    /// The animation running `speed` times as fast (its delay too); a speed that is not a
    /// positive number leaves it as it is.
    public func speed(_ speed: Double) -> Animation {
        guard speed.isFinite, speed > 0 else { return self }
        var copy = self
        copy.rate *= speed
        copy.delaySeconds /= speed
        return copy
    }

    /// The animation played `repeatCount` times, every other one backwards if `autoreverses`.
    /// At the end the value is where the change put it.
    public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation {
        var copy = self
        copy.repeats = max(1, repeatCount)
        copy.autoreverses = autoreverses
        return copy
    }

    /// The animation played for ever, every other time backwards if `autoreverses`.
    public func repeatForever(autoreverses: Bool = true) -> Animation {
        var copy = self
        copy.repeats = Int.max
        copy.autoreverses = autoreverses
        return copy
    }

    // MARK: Evaluating

    /// Whether a change under this animation replaces the motion running (keeping its velocity)
    /// instead of adding to it: springs made by `.spring`, as SwiftUI merges them.
    public var mergesWithRunning: Bool {
        if case .spring = base, repeats == nil { return true }
        return false
    }

    /// The seconds of one iteration, at the written speed: a curve's duration, a spring's
    /// settling duration.
    var iterationDuration: Double {
        switch base {
        case .curve(_, let duration): return duration
        case .spring(let spring, _), .interpolatingSpring(let spring, _): return spring.settlingDuration
        }
    }

    /// Where a change from `from` to `to`, begun `elapsed` seconds ago moving at `initialVelocity`
    /// (units per second), is now, how fast it moves, and whether it is done.
    public func sample<V: VectorArithmetic>(from: V, to: V, initialVelocity: V = .zero, elapsed: Double) -> AnimationSample<V> {
        let c = coefficients(at: elapsed)
        let delta = from - to
        return AnimationSample(value: to + delta.scaled(by: c.a) + initialVelocity.scaled(by: c.b),
                               velocity: delta.scaled(by: c.da) + initialVelocity.scaled(by: c.db),
                               isLogicallyComplete: c.logicallyComplete, isComplete: c.complete)
    }

    /// The motion is linear in where it starts: value = to + (from − to) · a + v₀ · b.
    struct Coefficients {
        var a = 1.0, da = 0.0, b = 0.0, db = 0.0
        var logicallyComplete = false, complete = false
    }

    func coefficients(at elapsed: Double) -> Coefficients {
        var c = Coefficients()
        let t = elapsed.isFinite ? elapsed : 0
        guard t >= delaySeconds else { return c }
        var u = (t - delaySeconds) * rate  // seconds of the written animation
        var reversed = false
        var firstIteration = true
        if let count = repeats {
            let length = max(iterationDuration, Spring.minimumDuration)
            let k = (u / length).rounded(.down)
            if count != Int.max && k >= Double(count) {
                c.a = 0
                c.logicallyComplete = true
                c.complete = true
                return c
            }
            u -= k * length
            firstIteration = k == 0
            reversed = autoreverses && Int(k.truncatingRemainder(dividingBy: 2)) == 1
        }
        switch base {
        case .curve(let curve, let duration):
            if u >= duration {
                c.a = 0
                c.logicallyComplete = true
                c.complete = true
            } else {
                let (p, dp) = curve.progress(at: u / duration)
                c.a = 1 - p
                c.da = -dp / duration * rate
            }
        case .spring(let spring, _), .interpolatingSpring(let spring, _):
            let settling = spring.settlingDuration
            if u >= settling && repeats == nil {
                c.a = 0
                c.logicallyComplete = true
                c.complete = true
            } else {
                let k = spring.coefficients(at: u)
                c.a = k.a
                c.da = k.da * rate
                if firstIteration {
                    c.b = k.b / rate
                    c.db = k.db
                }
                c.logicallyComplete = repeats == nil && u >= spring.duration
            }
        }
        if reversed {
            c.a = 1 - c.a
            c.da = -c.da
        }
        return c
    }

    /// The seconds before `elapsed` could be done; nil for ever.
    public var duration: Double? {
        if repeats == Int.max { return nil }
        return delaySeconds + iterationDuration * Double(repeats ?? 1) / rate
    }

    private static func checked(_ duration: Double) -> Double {
        duration.isFinite && duration > 0 ? duration : 1e-9
    }
}

/// Where an animation has a value at one moment.
public struct AnimationSample<V: VectorArithmetic> {
    /// The value shown.
    public var value: V
    /// Its rate of change, in units per second.
    public var velocity: V
    /// Whether it has reached its target as far as anyone can see (a spring may still be in its
    /// long tail): when `withAnimation`'s `.logicallyComplete` completions run.
    public var isLogicallyComplete: Bool
    /// Whether it has ended: when `.removed` completions run.
    public var isComplete: Bool
}

/// A unit cubic Bézier timing curve from (0, 0) to (1, 1) through two control points.
public struct TimingCurve: Equatable, Sendable {
    public var c0x: Double, c0y: Double, c1x: Double, c1y: Double

    /// The curve through `(c0x, c0y)` and `(c1x, c1y)`; the x's are kept in 0…1 so that time
    /// maps to one progress.
    public init(_ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double) {
        func unit(_ x: Double) -> Double { x.isFinite ? min(max(x, 0), 1) : 0 }
        func finite(_ y: Double) -> Double { y.isFinite ? y : 0 }
        (self.c0x, self.c0y, self.c1x, self.c1y) = (unit(c0x), finite(c0y), unit(c1x), finite(c1y))
    }

    /// The Bézier's coordinate at parameter s: 3(1−s)²s·p1 + 3(1−s)s²·p2 + s³.
    private static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let r = 1 - s
        return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
    }

    private static func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let r = 1 - s
        return 3 * r * r * p1 + 6 * r * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    /// The parameter s where the curve's x is `x` (Newton's method, bisection where it stalls).
    func parameter(forX x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let error = Self.bezier(s, c0x, c1x) - x
            if abs(error) < 1e-12 { return s }
            let d = Self.slope(s, c0x, c1x)
            if abs(d) < 1e-9 { break }
            s -= error / d
        }
        var (lo, hi) = (0.0, 1.0)
        s = x
        for _ in 0..<60 {
            let value = Self.bezier(s, c0x, c1x)
            if abs(value - x) < 1e-12 { break }
            if value < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }

    /// The progress (the curve's y) at time fraction `x`, and its rate dy/dx.
    public func progress(at x: Double) -> (value: Double, rate: Double) {
        if x <= 0 { return (0, Self.slope(0, c0y, c1y) / max(Self.slope(0, c0x, c1x), 1e-9)) }
        if x >= 1 { return (1, 0) }
        let s = parameter(forX: x)
        let dx = Self.slope(s, c0x, c1x)
        let dy = Self.slope(s, c0y, c1y)
        return (Self.bezier(s, c0y, c1y), dx > 1e-12 ? dy / dx : 0)
    }
}
