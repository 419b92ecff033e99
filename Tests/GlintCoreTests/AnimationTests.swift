import Foundation
import Testing
@testable import GlintCore

/// SwiftUI's animation model: springs against the closed form of a damped oscillator for their
/// mass, stiffness and damping, the conversions Apple's documentation publishes, Bézier timing
/// curves, interrupted changes and repeats, all with numbers worked out here.
@Suite("Animation and Spring")
struct AnimationTests {
    /// Displacement of a damped mass on a spring (m x″ + c x′ + k x = 0) released from `x0`
    /// moving at `v0`, solved here independently of `Spring`.
    static func oscillator(mass m: Double, stiffness k: Double, damping c: Double, x0: Double, v0: Double, t: Double) -> Double {
        let disc = c * c - 4 * m * k
        if abs(disc) < 1e-9 {
            let r = -c / (2 * m)
            return (x0 + (v0 - r * x0) * t) * exp(r * t)
        } else if disc < 0 {
            let gamma = c / (2 * m)
            let wd = (-disc).squareRoot() / (2 * m)
            return exp(-gamma * t) * (x0 * cos(wd * t) + (v0 + gamma * x0) / wd * sin(wd * t))
        } else {
            let r1 = (-c + disc.squareRoot()) / (2 * m), r2 = (-c - disc.squareRoot()) / (2 * m)
            let a = (v0 - r2 * x0) / (r1 - r2)
            return a * exp(r1 * t) + (x0 - a) * exp(r2 * t)
        }
    }

    /// The oscillator's velocity by a central difference of its position.
    static func oscillatorVelocity(mass m: Double, stiffness k: Double, damping c: Double, x0: Double, v0: Double, t: Double) -> Double {
        let h = 1e-6
        return (oscillator(mass: m, stiffness: k, damping: c, x0: x0, v0: v0, t: t + h)
            - oscillator(mass: m, stiffness: k, damping: c, x0: x0, v0: v0, t: t - h)) / (2 * h)
    }

    @Test("Apple's published conversions: duration 0.5 bounce 0.3 is mass 1, stiffness 157.9, damping 17.6; mass 1 stiffness 100 damping 10 is duration 0.63, bounce 0.5")
    func publishedConversions() {
        let a = Spring(duration: 0.5, bounce: 0.3)
        #expect(a.mass == 1)
        #expect(abs(a.stiffness - 157.9) < 0.05, "\(a.stiffness)")
        #expect(abs(a.damping - 17.6) < 0.05, "\(a.damping)")
        let b = Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(b.duration - 0.63) < 0.005, "\(b.duration)")
        #expect(abs(b.bounce - 0.5) < 1e-12, "\(b.bounce)")
        #expect(abs(b.stiffness - 100) < 1e-9 && abs(b.damping - 10) < 1e-9, "the physical terms read back")
        let c = Spring(response: 0.4, dampingRatio: 0.6)
        #expect(c.response == 0.4 && abs(c.dampingRatio - 0.6) < 1e-12 && abs(c.bounce - 0.4) < 1e-12)
        let over = Spring(mass: 1, stiffness: 100, damping: 40)
        #expect(over.bounce == 0, "damping past critical is critical unless over-damping is allowed")
        let allowed = Spring(mass: 1, stiffness: 100, damping: 40, allowOverDamping: true)
        #expect(abs(allowed.dampingRatio - 2) < 1e-9 && abs(allowed.bounce - -0.5) < 1e-12)
    }

    @Test("a spring's position and velocity follow the closed form for its mass, stiffness and damping", arguments: [
        (1.0, 100.0, 10.0), (1.0, 157.91367, 17.59), (2.0, 300.0, 49.0), (1.0, 100.0, 20.0), (1.0, 100.0, 30.0),
    ])
    func springClosedForm(mass: Double, stiffness: Double, damping: Double) {
        let spring = Spring(mass: mass, stiffness: stiffness, damping: damping, allowOverDamping: true)
        for t in [0.0, 0.05, 0.1, 0.23, 0.4, 0.9] {
            // From 0 toward 2 while moving at 3 units a second: displacement −2, velocity 3.
            let expected = 2 + Self.oscillator(mass: mass, stiffness: stiffness, damping: damping, x0: -2, v0: 3, t: t)
            let got = spring.value(target: 2.0, initialVelocity: 3.0, time: t)
            #expect(abs(got - expected) < 1e-9, "t \(t): \(got) against \(expected)")
            let expectedVelocity = Self.oscillatorVelocity(mass: mass, stiffness: stiffness, damping: damping, x0: -2, v0: 3, t: t)
            let velocity = spring.velocity(target: 2.0, initialVelocity: 3.0, time: t)
            #expect(abs(velocity - expectedVelocity) < 1e-4, "t \(t): velocity \(velocity) against \(expectedVelocity)")
        }
    }

    @Test("a spring's duration that is not a positive number is replaced, not trapped on")
    func badDuration() {
        #expect(Spring(duration: 0).duration == Spring.fallbackDuration)
        #expect(Spring(duration: -1).duration == Spring.fallbackDuration)
        #expect(Spring(duration: .nan).duration == Spring.fallbackDuration)
        #expect(Spring(duration: 1e-9).duration == Spring.minimumDuration)
        #expect(Spring(duration: 0.3, bounce: .nan).bounce == 0)
    }

    @Test("smooth, snappy and bouncy are bounce 0, 0.15 and 0.3 at duration 0.5; the curves' default duration is 0.35; .default is the documented spring")
    func namedAnimations() {
        #expect(Animation.smooth == .spring(duration: 0.5, bounce: 0))
        #expect(Animation.snappy == .spring(duration: 0.5, bounce: 0.15))
        #expect(Animation.bouncy == .spring(duration: 0.5, bounce: 0.3))
        #expect(Animation.bouncy(duration: 0.4, extraBounce: 0.1) == .spring(duration: 0.4, bounce: 0.4))
        #expect(Animation.easeInOut == .timingCurve(0.42, 0, 0.58, 1, duration: 0.35))
        #expect(Animation.easeIn == .timingCurve(0.42, 0, 1, 1, duration: 0.35))
        #expect(Animation.easeOut == .timingCurve(0, 0, 0.58, 1, duration: 0.35))
        #expect(Animation.linear.duration == 0.35)
        // Documented: spring(response: 0.55, dampingFraction: 1.0): critically damped, ω = 2π / 0.55.
        let w = 2 * Double.pi / 0.55
        for t in [0.05, 0.2, 0.5] {
            let expected = 10 + Self.oscillator(mass: 1, stiffness: w * w, damping: 2 * w, x0: -10, v0: 0, t: t)
            let got = Animation.default.sample(from: 0.0, to: 10.0, elapsed: t).value
            #expect(abs(got - expected) < 1e-9, "t \(t): \(got) against \(expected)")
        }
    }

    /// The y of a unit Bézier at the x given, by bisection on its parameter (worked out here).
    static func bezierY(_ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double, x: Double) -> Double {
        func b(_ s: Double, _ p1: Double, _ p2: Double) -> Double { 3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s }
        var (lo, hi) = (0.0, 1.0)
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if b(mid, c0x, c1x) < x { lo = mid } else { hi = mid }
        }
        return b((lo + hi) / 2, c0y, c1y)
    }

    @Test("a Bézier timing curve maps time to progress through its control points", arguments: [0.1, 0.25, 0.5, 0.8])
    func bezier(fraction: Double) {
        let ease = Animation.timingCurve(0.25, 0.1, 0.25, 1, duration: 2)
        let got = ease.sample(from: 100.0, to: 200.0, elapsed: 2 * fraction).value
        let expected = 100 + 100 * Self.bezierY(0.25, 0.1, 0.25, 1, x: fraction)
        #expect(abs(got - expected) < 1e-7, "\(got) against \(expected)")
        let inOut = Animation.easeInOut.sample(from: 0.0, to: 1.0, elapsed: 0.35 * fraction).value
        #expect(abs(inOut - Self.bezierY(0.42, 0, 0.58, 1, x: fraction)) < 1e-7)
        #expect(Animation.easeInOut.sample(from: 0.0, to: 1.0, elapsed: 0.35).isComplete)
    }

    @Test("an interrupted spring keeps its position and velocity, then follows the closed form from there")
    func interruptedSpring() {
        let spring = Spring(duration: 0.5, bounce: 0.2)
        var value = AnimatedValue(0.0)
        value.set(1, animation: .spring(spring), at: 10)
        let before = value.sample(at: 10.1)
        #expect(before.velocity > 0)
        value.set(0, animation: .spring(spring), at: 10.1)
        let after = value.sample(at: 10.1)
        #expect(abs(after.value - before.value) < 1e-12 && abs(after.velocity - before.velocity) < 1e-12)
        let (m, k, c) = (spring.mass, spring.stiffness, spring.damping)
        for dt in [0.01, 0.1, 0.3] {
            let expected = Self.oscillator(mass: m, stiffness: k, damping: c, x0: before.value, v0: before.velocity, t: dt)
            #expect(abs(value.sample(at: 10.1 + dt).value - expected) < 1e-9)
        }
        #expect(value.sample(at: 10.11).value > before.value, "still moving up a moment after the target went down")
    }

    @Test("interrupted timing curves add up: each moves its own change")
    func curvesAdd() {
        var value = AnimatedValue(0.0)
        value.set(1, animation: .linear(duration: 1), at: 0)
        value.set(2, animation: .linear(duration: 1), at: 0.5)
        // At 1.0 the first change is done; the second (1 → 2) is half way: 2 − 1 · 0.5.
        #expect(abs(value.sample(at: 1.0).value - 1.5) < 1e-12)
        #expect(abs(value.sample(at: 0.75).value - (2 - 0.25 - 0.75)) < 1e-12)
        value.removeFinished(at: 1.6)
        #expect(!value.isAnimating && value.sample(at: 1.6).value == 2)
    }

    @Test("repeatForever(autoreverses:) goes there and back; repeatCount ends on the target; delay and speed")
    func repeats() {
        let back = Animation.linear(duration: 1).repeatForever(autoreverses: true)
        for (t, expected) in [(0.25, 0.25), (1.25, 0.75), (2.5, 0.5), (3.9, 0.1), (100.2, 0.2)] {
            #expect(abs(back.sample(from: 0.0, to: 1.0, elapsed: t).value - expected) < 1e-9, "t \(t)")
        }
        #expect(!back.sample(from: 0.0, to: 1.0, elapsed: 1e6).isComplete)
        let again = Animation.linear(duration: 1).repeatForever(autoreverses: false)
        #expect(abs(again.sample(from: 0.0, to: 1.0, elapsed: 1.25).value - 0.25) < 1e-9)
        let twice = Animation.linear(duration: 1).repeatCount(2, autoreverses: true)
        #expect(abs(twice.sample(from: 0.0, to: 1.0, elapsed: 1.5).value - 0.5) < 1e-9)
        #expect(twice.sample(from: 0.0, to: 1.0, elapsed: 2.5).value == 1)
        #expect(twice.sample(from: 0.0, to: 1.0, elapsed: 2.5).isComplete)
        let late = Animation.linear(duration: 1).delay(0.5).speed(2)  // delay 0.25 s, then twice as fast
        #expect(late.sample(from: 0.0, to: 1.0, elapsed: 0.2).value == 0)
        #expect(abs(late.sample(from: 0.0, to: 1.0, elapsed: 0.5).value - 0.5) < 1e-9)
        #expect(late.duration == 0.75)
    }

    @Test("VectorArithmetic: pairs, points, sizes, rects and angles interpolate component by component")
    func vectors() {
        let rect = CGRect(x: 0, y: 10, width: 100, height: 50)
        var moved = rect
        moved.animatableData = rect.animatableData + (CGRect(x: 20, y: 30, width: 200, height: 150).animatableData - rect.animatableData).scaled(by: 0.25)
        #expect(moved == CGRect(x: 5, y: 15, width: 125, height: 75))
        let half = Animation.linear(duration: 1).sample(from: CGSize(width: 0, height: 10).animatableData,
                                                          to: CGSize(width: 10, height: 30).animatableData, elapsed: 0.5).value
        #expect(half.first == 5 && half.second == 20)
        var angle = Angle.degrees(90)
        angle.animatableData.scale(by: 0.5)
        #expect(abs(angle.degrees - 45) < 1e-12)
        #expect(AnimatablePair(3.0, Float(4)).magnitudeSquared == 25)
    }
}
