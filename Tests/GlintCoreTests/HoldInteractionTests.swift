import Testing
@testable import GlintCore

@Suite("Hold interaction")
struct HoldInteractionTests {
    let center = Point(x: 100, y: 100)

    @Test("pressing swells, speeds up and colours the waves; releasing calms them")
    func pressAndRelease() {
        var hold = HoldInteraction()
        #expect(!hold.isInteracting)
        #expect(hold.amplitude.value == 0.5 && hold.speedMultiplier.value == 1 && hold.mixCoeff.value == 0)

        hold.handle(PointerEvent(.down, center, at: 0))
        #expect(hold.isInteracting)
        for _ in 0..<60 { hold.advance(by: 1.0 / 60) }
        #expect(hold.amplitude.value == 2.0)
        #expect(hold.speedMultiplier.value == 2.0)
        #expect(hold.mixCoeff.value == 1.0)

        hold.handle(PointerEvent(.up, center, at: 1))
        #expect(!hold.isInteracting)
        hold.advance(by: 0.1)
        #expect(hold.amplitude.value > 0.5 && hold.amplitude.value < 2.0, "on its way back, not jumping")
        for _ in 0..<60 { hold.advance(by: 1.0 / 60) }
        #expect(hold.amplitude.value == 0.5 && hold.speedMultiplier.value == 1 && hold.mixCoeff.value == 0)
        #expect(hold.isSettled)
    }

    @Test("moves and repeated presses change nothing")
    func movesIgnored() {
        var hold = HoldInteraction()
        hold.handle(PointerEvent(.move, center, at: 0))
        #expect(hold == HoldInteraction())
        hold.handle(PointerEvent(.up, center, at: 0))
        #expect(hold == HoldInteraction(), "a release with no press is ignored")
        hold.handle(PointerEvent(.down, center, at: 0))
        let pressed = hold
        hold.handle(PointerEvent(.down, Point(x: 5, y: 5), at: 0))
        hold.handle(PointerEvent(.move, Point(x: 7, y: 9), at: 0))
        #expect(hold == pressed)
    }

    @Test("time runs at the hold's speed: twice as fast while held")
    func timeFollowsSpeed() {
        var idle = HoldInteraction()
        for _ in 0..<120 { idle.advance(by: 1.0 / 60) }
        #expect(abs(idle.clock.elapsed - 2.0) < 1e-9)

        var held = HoldInteraction()
        held.handle(PointerEvent(.down, center, at: 0))
        for _ in 0..<120 { held.advance(by: 1.0 / 60) }
        // Speed springs from 1 to 2 over ~0.3 s, then stays at 2: a bit under 4 s of effect time.
        #expect(held.clock.elapsed > 3.6 && held.clock.elapsed < 4.0, "\(held.clock.elapsed)")
    }

    @Test("effect time does not depend on the frame rate")
    func timeFrameRateIndependent() {
        func run(fps: Double) -> Double {
            var hold = HoldInteraction()
            hold.handle(PointerEvent(.down, center, at: 0))
            let frames = Int(1.5 * fps)
            for _ in 0..<frames { hold.advance(by: 1 / fps) }
            hold.advance(by: 1.5 - Double(frames) / fps)
            return hold.clock.elapsed
        }
        let a = run(fps: 30), b = run(fps: 60), c = run(fps: 144)
        #expect(abs(a - c) < 1e-6 && abs(b - c) < 1e-6, "\(a) \(b) \(c)")
    }
}
