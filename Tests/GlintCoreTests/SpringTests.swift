import Testing
@testable import GlintCore

@Suite("Spring and clock")
struct SpringTests {
    @Test("a critically damped spring gets there in about its duration without overshooting")
    func criticallyDampedReachesTarget() {
        var v = SpringValue(0.5, spring: Spring(duration: 0.3, bounce: 0))
        v.target = 2.0
        var maximum = v.value
        for _ in 0..<60 {  // one second at 60 fps
            v.advance(by: 1.0 / 60)
            maximum = max(maximum, v.value)
        }
        #expect(maximum <= 2.0, "no overshoot with bounce 0")
        #expect(v.isSettled)
        #expect(v.value == 2.0)

        var w = SpringValue(0.5, spring: Spring(duration: 0.3, bounce: 0))
        w.target = 2.0
        w.advance(by: 0.3)
        let progress = (w.value - 0.5) / 1.5
        #expect(progress > 0.9 && progress < 1.0, "most of the way after one duration, got \(progress)")
    }

    @Test("the same spring lands on the same curve at 30, 60 and 144 frames per second", arguments: [0.0, 0.4, -0.5])
    func frameRateIndependent(bounce: Double) {
        func run(fps: Double) -> Double {
            var v = SpringValue(0, spring: Spring(duration: 0.3, bounce: bounce))
            v.target = 1
            let frames = Int(0.2 * fps)
            for _ in 0..<frames { v.advance(by: 1 / fps) }
            v.advance(by: 0.2 - Double(frames) / fps)
            return v.value
        }
        let a = run(fps: 30), b = run(fps: 60), c = run(fps: 144)
        #expect(abs(a - b) < 1e-9 && abs(b - c) < 1e-9, "\(a) \(b) \(c)")
    }

    @Test("a bouncy spring overshoots, an overdamped one does not")
    func bounceMeaning() {
        var bouncy = SpringValue(0, spring: Spring(duration: 0.5, bounce: 0.5))
        bouncy.target = 1
        var peak = 0.0
        for _ in 0..<120 { bouncy.advance(by: 1.0 / 60); peak = max(peak, bouncy.value) }
        #expect(peak > 1.05)

        var slow = SpringValue(0, spring: Spring(duration: 0.5, bounce: -0.5))
        slow.target = 1
        var top = 0.0
        for _ in 0..<120 { slow.advance(by: 1.0 / 60); top = max(top, slow.value) }
        #expect(top <= 1.0)
    }

    @Test("a retargeted spring keeps its velocity")
    func retargetKeepsVelocity() {
        var v = SpringValue(0, spring: Spring(duration: 0.3))
        v.target = 1
        v.advance(by: 0.05)
        let velocity = v.velocity
        #expect(velocity > 0)
        v.target = 0
        #expect(v.velocity == velocity)
        v.advance(by: 0.001)
        #expect(v.value > 0, "still moving up for a moment after the target went back down")
    }

    @Test("the clock advances by dt times the speed, not its square")
    func clockIsLinearInSpeed() {
        var clock = AnimationClock()
        for _ in 0..<60 { clock.advance(by: 1.0 / 60, speedMultiplier: 2) }
        #expect(abs(clock.elapsed - 2.0) < 1e-12)
        clock.advance(by: .nan, speedMultiplier: 1)
        clock.advance(by: -1, speedMultiplier: 1)
        #expect(abs(clock.elapsed - 2.0) < 1e-12, "bad steps are ignored")
    }
}
