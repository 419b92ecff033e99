import GlintTestSupport
import Testing
@testable import GlintCore

/// One timeline for the window, `render` and `bench`, and the pointer owned by one responder.
@Suite("Timeline and responders")
struct TimelineTests {
    /// A press at 0.101 s, read at 0.2 s: the case where bench's old loop (events applied at
    /// frame boundaries) gave amplitude 1.4284 and render's 1.4203.
    static let press = [PointerEvent(.down, Point(x: 160, y: 90), at: 0.101)]
    static let view = Size(width: 320, height: 180)

    @Test("render, bench and the window reach the same state for the same events")
    func sameStateEverywhere() {
        // render: one run to the time.
        let rendered = HarmonicEffect()
        Simulation.run(Scene(effect: rendered, viewSize: Self.view), events: Self.press, until: 0.2)

        // bench: one frame of 1/60 s at a time, the events handed over as their frames come.
        let benched = HarmonicEffect()
        let benchScene = Scene(effect: benched, viewSize: Self.view)
        var next = 0
        var frame = 0
        while Double(frame + 1) * Simulation.step <= 0.2 + 1e-12 {
            next += benchScene.advance(to: Double(frame + 1) * Simulation.step, applying: Self.press[next...])
            frame += 1
        }
        benchScene.advance(to: 0.2, applying: Self.press[next...])

        // the window: irregular frames, the press delivered with the frame after it happened.
        let windowed = HarmonicEffect()
        let windowScene = Scene(effect: windowed, viewSize: Self.view)
        for t in [0.013, 0.05, 0.099, 0.134, 0.171, 0.2] {
            // The press at 0.101 s reaches the frame loop with the frame at 0.134 s.
            windowScene.advance(to: t, applying: t == 0.134 ? Self.press : [])
        }

        let a = rendered.hold, b = benched.hold, c = windowed.hold
        note("amplitude: render \(a.amplitude.value), bench \(b.amplitude.value), window \(c.amplitude.value)")
        #expect(a.isInteracting && b.isInteracting && c.isInteracting)
        #expect(abs(a.amplitude.value - b.amplitude.value) < 1e-12, "bench differs from render")
        #expect(abs(a.amplitude.value - c.amplitude.value) < 1e-12, "the window differs from render")
        // The effect's own clock integrates its springing speed with the trapezoid rule over
        // whatever steps it is given, so different frame times differ in the last microsecond.
        #expect(abs(a.clock.elapsed - b.clock.elapsed) < 2e-6 && abs(a.clock.elapsed - c.clock.elapsed) < 2e-6, "clock: \(a.clock.elapsed) \(b.clock.elapsed) \(c.clock.elapsed)")
        #expect(a.amplitude.value > 0.5 && a.amplitude.value < 2, "mid-spring at 0.2 s: \(a.amplitude.value)")
    }

    @Test("events later than the time asked for wait; earlier ones apply at once")
    func eventsWait() {
        let effect = HarmonicEffect()
        let scene = Scene(effect: effect, viewSize: Self.view)
        let applied = scene.advance(to: 0.05, applying: Self.press)
        #expect(applied == 0 && !effect.isInteracting)
        #expect(scene.advance(to: 0.2, applying: Self.press) == 1 && effect.isInteracting)
        #expect(scene.timeline.now == 0.2)
    }

    @Test("switching effect in the middle of a tear cancels the tear: it closes, and the next press in the middle holds the new effect")
    func switchingCancelsTheTear() {
        let tear = TearController()
        let first = HarmonicEffect()
        let scene = Scene(effect: first, viewSize: Size(width: 400, height: 300), tear: tear)
        // Press at the left edge and drag a third of the way in: the tear owns the pointer and shows.
        scene.advance(to: 0.5, applying: [
            PointerEvent(.down, Point(x: 2, y: 150), at: 0.1),
            PointerEvent(.move, Point(x: 60, y: 150), at: 0.2),
            PointerEvent(.move, Point(x: 140, y: 150), at: 0.3),
        ])
        #expect(tear.isShowing && tear.state.ownsPointer)
        #expect(scene.responders.current === tear)

        let second = WaveformEffect()
        scene.switchEffect(to: second)
        #expect(!tear.state.ownsPointer, "the tear must let go of the pointer when the effect under it is switched")
        #expect(scene.responders.current == nil)
        #expect(tear.state.phase == .recovering, "an open cut closes; it never breaks on a cancel")

        // The finger lifts (the old press's release) and a new press lands in the middle.
        scene.advance(to: 1.5, applying: [
            PointerEvent(.up, Point(x: 140, y: 150), at: 0.6),
            PointerEvent(.down, Point(x: 200, y: 150), at: 1.0),
        ])
        #expect(second.isInteracting, "a press in the middle goes to the new effect")
        #expect(!tear.isBroken && !tear.isShowing, "the old cut has closed and nothing broke")
        scene.advance(to: 1.7, applying: [PointerEvent(.up, Point(x: 200, y: 150), at: 1.6)])
        #expect(!second.isInteracting && !tear.isBroken)
    }

    @Test("switching effect while one is held lets go of it")
    func switchingReleasesTheHold() {
        let first = HarmonicEffect()
        let scene = Scene(effect: first, viewSize: Self.view)
        scene.advance(to: 0.3, applying: Self.press)
        #expect(first.isInteracting)
        scene.switchEffect(to: WaveformEffect())
        #expect(!first.isInteracting)
        #expect(scene.responders.current == nil)
    }

    @Test("a cancelled press on an armed tear leaves nothing behind")
    func cancelArmed() {
        var state = TearState()
        let view = Size(width: 400, height: 300)
        let tookPress = state.handle(PointerEvent(.down, Point(x: 2, y: 150), at: 0), viewSize: view)
        #expect(tookPress && state.phase == .armed)
        let tookCancel = state.handle(PointerEvent(.cancel, Point(x: 2, y: 150), at: 0.1), viewSize: view)
        #expect(tookCancel)
        #expect(state.phase == .idle && !state.ownsPointer)
    }
}
