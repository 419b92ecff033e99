import Foundation
import Glint
import Testing
import struct GlintCore.Point
import struct GlintCore.PointerEvent

/// SwiftUI's keyframes: `KeyframeTimeline`'s values between keyframes against the formulas
/// worked out here (straight lines and unit curves, Catmull-Rom's Hermite cubics, a spring's
/// closed form), and `keyframeAnimator` on the host's clock.
@Suite("Keyframes")
struct KeyframeTests {
    static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    /// The Bézier (0,0) (x1,y1) (x2,y2) (1,1)'s y where its x is `x` (bisection on its parameter).
    static func bezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func b(_ s: Double, _ p1: Double, _ p2: Double) -> Double { 3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s }
        var (lo, hi) = (0.0, 1.0)
        for _ in 0..<100 { let mid = (lo + hi) / 2; if b(mid, x1, x2) < x { lo = mid } else { hi = mid } }
        return b(lo, y1, y2)
    }

    /// The cubic Hermite curve from `p0` (leaving at `m0` per second) to `p1` (arriving at `m1`)
    /// over `d` seconds, `t` seconds in.
    static func hermite(_ p0: Double, _ m0: Double, _ p1: Double, _ m1: Double, d: Double, t: Double) -> Double {
        let s = t / d
        return (2 * s * s * s - 3 * s * s + 1) * p0 + (s * s * s - 2 * s * s + s) * d * m0
            + (-2 * s * s * s + 3 * s * s) * p1 + (s * s * s - s * s) * d * m1
    }

    @Test("linear keyframes: straight lines between values, a unit curve's pacing, held before and after; the duration is their sum")
    func linear() {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(10.0, duration: 2)
            LinearKeyframe(4.0, duration: 1, timingCurve: .easeIn)
        }
        #expect(timeline.duration == 3)
        #expect(Self.close(timeline.value(time: 0.5), 2.5))
        #expect(Self.close(timeline.value(time: 1.5), 7.5))
        let eased = 10 + (4 - 10) * Self.bezier(0.5, 0.42, 0, 1, 1)
        #expect(Self.close(timeline.value(time: 2.5), eased, 1e-6), "\(timeline.value(time: 2.5)) against \(eased)")
        #expect(timeline.value(time: -1) == 0)
        #expect(timeline.value(time: 5) == 4)
        #expect(Self.close(timeline.value(progress: 0.5), 7.5))
    }

    @Test("cubic keyframes side by side are a Catmull-Rom spline: each value's velocity the change across its neighbours over their time apart")
    func catmullRom() {
        // Points 0 at 0 s, 10 at 1 s, 0 at 2 s, 5 at 4 s; it starts and ends at rest.
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            CubicKeyframe(10.0, duration: 1)
            CubicKeyframe(0.0, duration: 1)
            CubicKeyframe(5.0, duration: 2)
        }
        let m1 = (0.0 - 0.0) / (2 - 0), m2 = (5.0 - 10.0) / (4 - 1)
        #expect(timeline.duration == 4)
        for (t, expected) in [(0.5, Self.hermite(0, 0, 10, m1, d: 1, t: 0.5)), (1.5, Self.hermite(10, m1, 0, m2, d: 1, t: 0.5)),
                              (2.5, Self.hermite(0, m2, 5, 0, d: 2, t: 0.5)), (3.2, Self.hermite(0, m2, 5, 0, d: 2, t: 1.2))] {
            #expect(Self.close(timeline.value(time: t), expected), "at \(t): \(timeline.value(time: t)) against \(expected)")
        }
        #expect(timeline.value(time: 2) == 0 && timeline.value(time: 1) == 10, "passes through its values")
        // Given velocities are kept.
        let given = KeyframeTimeline(initialValue: 0.0) { CubicKeyframe(10.0, duration: 2, startVelocity: 4, endVelocity: -3) }
        #expect(Self.close(given.value(time: 0.7), Self.hermite(0, 4, 10, -3, d: 2, t: 0.7)))
        // After a linear keyframe, a cubic one leaves at its end velocity (10 per second here).
        let after = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(10.0, duration: 1)
            CubicKeyframe(12.0, duration: 1)
        }
        #expect(Self.close(after.value(time: 1.5), Self.hermite(10, 10, 12, 0, d: 1, t: 0.5)))
    }

    @Test("a spring keyframe follows the spring's closed form from the value before it; cut short, the next starts where it is; unsized, it lasts until settled")
    func spring() {
        // Spring(duration: 0.5, bounce: 0.3): ω = 2π / 0.5, ζ = 0.7, from 0 toward 1 at rest.
        let w = 2 * Double.pi / 0.5, z = 0.7, wd = w * (1 - z * z).squareRoot()
        func x(_ t: Double) -> Double { 1 - exp(-z * w * t) * (cos(wd * t) + z * w / wd * sin(wd * t)) }
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            SpringKeyframe(1.0, duration: 0.2, spring: Spring(duration: 0.5, bounce: 0.3))
            LinearKeyframe(0.0, duration: 1)
        }
        #expect(Self.close(timeline.duration, 1.2))
        for t in [0.05, 0.1, 0.15] {
            #expect(Self.close(timeline.value(time: t), x(t), 1e-9), "at \(t): \(timeline.value(time: t)) against \(x(t))")
        }
        #expect(x(0.2) < 0.9, "cut before it arrives")
        #expect(Self.close(timeline.value(time: 0.7), x(0.2) / 2, 1e-9), "half way from where the spring was to 0")

        // Critically damped (.smooth, bounce 0): (1 + ωt)·e^(−ωt) of the way left; it lasts until
        // within 1/1000 of the change.
        let smooth = KeyframeTimeline(initialValue: 2.0) { SpringKeyframe(4.0, spring: .smooth) }
        func left(_ t: Double) -> Double { (1 + w * t) * exp(-w * t) }
        var (lo, hi) = (0.0, 10.0)
        for _ in 0..<100 { let mid = (lo + hi) / 2; if left(mid) > 1e-3 { lo = mid } else { hi = mid } }
        #expect(Self.close(smooth.duration, hi, 1e-6), "\(smooth.duration) against \(hi)")
        #expect(Self.close(smooth.value(time: 0.3), 4 - 2 * left(0.3), 1e-9))
    }

    struct Pose {
        var scale = 1.0
        var angle = Angle.zero
        var offset = CGPoint.zero
    }

    @Test("tracks on a struct's properties play side by side, each on its own keyframes; the timeline lasts as long as the longest")
    func severalTracks() {
        let timeline = KeyframeTimeline(initialValue: Pose()) {
            KeyframeTrack(\.scale) {
                LinearKeyframe(2.0, duration: 1)
            }
            KeyframeTrack(\.angle) {
                MoveKeyframe(Angle.degrees(90))
                LinearKeyframe(Angle.degrees(180), duration: 3)
            }
            KeyframeTrack(\.offset) {
                CubicKeyframe(CGPoint(x: 10, y: -20), duration: 2)
            }
        }
        #expect(timeline.duration == 3)
        let p = timeline.value(time: 0.5)
        #expect(Self.close(p.scale, 1.5))
        #expect(Self.close(p.angle.degrees, 90 + 90 * 0.5 / 3, 1e-9), "moved to 90° at once, then on: \(p.angle.degrees)")
        #expect(Self.close(Double(p.offset.x), Self.hermite(0, 0, 10, 0, d: 2, t: 0.5)))
        #expect(Self.close(Double(p.offset.y), Self.hermite(0, 0, -20, 0, d: 2, t: 0.5)))
        let end = timeline.value(time: 2.5)
        #expect(end.scale == 2 && end.offset == CGPoint(x: 10, y: -20), "the shorter tracks hold their last values")
    }

    @Test("keyframes written straight in the builder move the whole value, one after another")
    func wholeValue() {
        let timeline = KeyframeTimeline(initialValue: 7.0) {
            MoveKeyframe(0.0)
            LinearKeyframe(3.0, duration: 3)
        }
        #expect(timeline.duration == 3)
        #expect(Self.close(timeline.value(time: 1.5), 1.5))
        #expect(timeline.value(time: 0) == 0)
    }

    /// A square whose left edge is at `x` in a 100-point row.
    static func square(at x: Double) -> some View {
        Color.red.frame(width: 10, height: 10).offset(x: x).frame(width: 100, height: 10, alignment: .leading)
    }

    struct Tapped: View {
        @State private var taps = 0
        var body: some View {
            KeyframeTests.square(at: 0)
                .keyframeAnimator(initialValue: 0.0, trigger: taps) { content, x in
                    content.offset(x: x)
                } keyframes: { _ in
                    LinearKeyframe(40.0, duration: 1)
                    LinearKeyframe(0.0, duration: 1)
                }
                .onTapGesture { taps += 1 }
        }
    }

    @Test("a trigger changed by a tap starts the keyframes at the tap's time; another tap restarts them from where they are")
    func trigger() {
        var resolved = ResolvedView()
        let size = CGSize(width: 100, height: 10)
        func x(at t: Double) -> Double {
            resolved.update(Tapped(), in: size, time: t)
            return resolved.graph.viewRect.minX
        }
        #expect(x(at: 0) == 0)
        #expect(x(at: 0.5) == 0, "at rest until the trigger changes")
        resolved.handle(PointerEvent(.down, Point(x: 5, y: 5), at: 0.6))
        resolved.handle(PointerEvent(.up, Point(x: 5, y: 5), at: 0.6))
        #expect(Self.close(x(at: 0.85), 40 * 0.25, 1e-6), "a quarter of a second after the tap")
        #expect(Self.close(x(at: 2.1), 40 * 0.5, 1e-6), "on the way back")
        #expect(x(at: 3) == 0, "rests at the end value")
        resolved.handle(PointerEvent(.down, Point(x: 5, y: 5), at: 3.5))
        resolved.handle(PointerEvent(.up, Point(x: 5, y: 5), at: 3.5))
        #expect(Self.close(x(at: 4.0), 20, 1e-6))
    }

    @Test("without a trigger the keyframes loop from when the view appears")
    func repeating() {
        let view = KeyframeAnimator(initialValue: 0.0) { x in
            Self.square(at: x)
        } keyframes: { _ in
            LinearKeyframe(40.0, duration: 1)
        }
        var resolved = ResolvedView()
        var shown: [Double] = []
        for t in [10.0, 10.25, 10.5, 11.25, 12.75] {
            resolved.update(view, in: CGSize(width: 100, height: 10), time: t)
            shown.append(resolved.graph.viewRect.minX)
        }
        #expect(shown == [0, 10, 20, 10, 30], "\(shown)")
    }

    struct Fading: View {
        @State private var taps = 0
        var body: some View {
            Color.white
                .keyframeAnimator(initialValue: 0.0, trigger: taps) { content, level in
                    content.opacity(level)
                } keyframes: { _ in
                    CubicKeyframe(1.0, duration: 1, startVelocity: 1, endVelocity: 1)
                }
                .frame(width: 8, height: 8)
                .onAppear { taps += 1 }
        }
    }

    @Test("ImageRenderer at a date shows the keyframes exactly there: a trigger changed in onAppear starts them at that frame's time")
    func imageRendererAtTimes() throws {
        let renderer = ImageRenderer(content: Fading())
        renderer.backdrop = .black
        var grey: [Double] = []
        for t in [300.0, 300.25, 300.5, 300.9, 302] {
            renderer.date = Date(timeIntervalSinceReferenceDate: t)
            grey.append(Double(try renderer.render().pixel(x: 4, y: 4).red))
        }
        // A straight line from 0 to 1 over 1 s (leaving and arriving at 1 per second), then held.
        let expected = [0, 0.25, 0.5, 0.9, 1].map { $0 * 255 }
        #expect(zip(grey, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(grey) against \(expected)")
    }

    struct Pushed: View {
        @State private var taps = 0
        var body: some View {
            KeyframeTests.square(at: 0)
                .keyframeAnimator(initialValue: 0.0, trigger: taps) { content, x in
                    content.offset(x: x)
                } keyframes: { _ in
                    CubicKeyframe(60.0, duration: 1)
                }
                .onTapGesture { taps += 1 }
        }
    }

    @Test("a trigger changed while its keyframes play starts them again from where the value is, moving as it moved")
    func interruptionKeepsVelocity() {
        var resolved = ResolvedView()
        let size = CGSize(width: 100, height: 10)
        func tap(at t: Double) {
            resolved.handle(PointerEvent(.down, Point(x: 50, y: 5), at: t))
            resolved.handle(PointerEvent(.up, Point(x: 50, y: 5), at: t))
        }
        resolved.update(Pushed(), in: size, time: 0)
        tap(at: 0)
        resolved.update(Pushed(), in: size, time: 0.25)
        tap(at: 0.5)
        resolved.update(Pushed(), in: size, time: 0.75)
        // The first run, from rest: half way (30) at 0.5 s, moving at 60 · 6s(1 − s) = 90 per second.
        let expected = Self.hermite(30, 90, 60, 0, d: 1, t: 0.25)
        let shown = resolved.graph.viewRect.minX
        #expect(abs(shown - expected) <= 0.5, "\(shown) against \(expected) (whole pixels)")
        #expect(abs(shown - Self.hermite(30, 0, 60, 0, d: 1, t: 0.25)) > 5, "not from rest")
    }

    struct Bounce {
        var stretch: CGFloat = 1
        var rotation = Angle.zero
    }

    @Test("keyframes as SwiftUI samples write them: literals of a CGFloat property, Angle shorthands, if and for in the builders")
    func asSamplesWriteThem() {
        let wobble = true
        let timeline = KeyframeTimeline(initialValue: Bounce()) {
            KeyframeTrack(\.stretch) {
                LinearKeyframe(2, duration: 0.5)
                SpringKeyframe(1, duration: 0.5, spring: .bouncy)
            }
            KeyframeTrack(\.rotation) {
                if wobble {
                    for angle in [10.0, -10.0] {
                        CubicKeyframe(.degrees(angle), duration: 0.25)
                    }
                }
                CubicKeyframe(.zero, duration: 0.25)
            }
        }
        #expect(timeline.duration == 1)
        #expect(abs(Double(timeline.value(time: 0.25).stretch) - 1.5) < 1e-9)
        #expect(abs(timeline.value(time: 0.25).rotation.degrees - 10) < 1e-9)
        #expect(abs(timeline.value(time: 0.5).rotation.degrees + 10) < 1e-9)
        #expect(timeline.value(time: 2).rotation.degrees == 0)
    }
}
