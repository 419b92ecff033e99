import Foundation
import Glint
import GlintControls
import GlintCore
import GlintTestSupport
import Testing

/// The one frame driver with the app's view (`EffectChainView` with its tear, the controls docked
/// beside it): the same events give the same state whoever shows them, and switching what shows
/// cancels the press (a held effect lets go, an open tear closes without breaking).
@Suite("Frame driver with the app's view")
struct FrameDriverTests {
    /// A press at 0.101 s, read at 0.2 s: the case where bench's old loop (events applied at
    /// frame boundaries) gave amplitude 1.4284 and render's 1.4203.
    static let press = [PointerEvent(.down, Point(x: 160, y: 90), at: 0.101)]
    static let view = CGSize(width: 320, height: 180)

    /// What the `glint` app shows: the chain, the tear over it, the controls (hidden) beside it.
    final class Shown {
        var effects: [any Effect]
        let tear: TearController?
        init(_ effects: [any Effect], tear: TearController? = nil) {
            self.effects = effects
            self.tear = tear
        }
        var view: some View {
            ControlsDock(effects: effects, isPresented: false) { EffectChainView(effects, tear: tear) }
        }
    }

    /// One frame: time and events to the views of the last frame, then the view for the new time.
    func frame(_ driver: FrameDriver, _ shown: Shown, to time: Double, _ events: ArraySlice<PointerEvent> = [], size: CGSize = view) -> Int {
        let applied = driver.advance(to: time, applying: events)
        driver.update(shown.view, in: size)
        return applied
    }

    @Test("what the host hears reaches the context and the voice effects drawn: the waveform follows the level")
    func hearing() {
        let driver = FrameDriver()
        let waveform = WaveformEffect()
        let shown = Shown([waveform])
        _ = frame(driver, shown, to: 0)
        driver.hearing = Hearing(level: 0.6)
        _ = frame(driver, shown, to: 1.0 / 60)
        #expect(driver.context.hearing?.level == 0.6)
        #expect(waveform.hearing?.level == 0.6)
        #expect(waveform.amplitude.value == 0.6, "the waveform's amplitude is the level (heldAmplitude 1): \(waveform.amplitude.value)")
        driver.hearing = nil
        #expect(waveform.hearing == nil && driver.context.hearing == nil)
    }

    @Test("render, bench and the window reach the same state for the same events")
    func sameStateEverywhere() {
        // render: one run to the time.
        let rendered = HarmonicEffect()
        let renderDriver = FrameDriver()
        let renderShown = Shown([rendered])
        renderDriver.update(renderShown.view, in: Self.view)
        _ = frame(renderDriver, renderShown, to: 0.2, Self.press[...])

        // bench: one frame of 1/60 s at a time, the events handed over as their frames come.
        let benched = HarmonicEffect()
        let benchDriver = FrameDriver()
        let benchShown = Shown([benched])
        benchDriver.update(benchShown.view, in: Self.view)
        var next = 0
        var n = 0
        while Double(n + 1) * Timeline.maxStep <= 0.2 + 1e-12 {
            next += frame(benchDriver, benchShown, to: Double(n + 1) * Timeline.maxStep, Self.press[next...])
            n += 1
        }
        _ = frame(benchDriver, benchShown, to: 0.2, Self.press[next...])

        // the window: irregular frames, the press delivered with the frame after it happened.
        let windowed = HarmonicEffect()
        let windowDriver = FrameDriver()
        let windowShown = Shown([windowed])
        windowDriver.update(windowShown.view, in: Self.view)
        for t in [0.013, 0.05, 0.099, 0.134, 0.171, 0.2] {
            // The press at 0.101 s reaches the frame loop with the frame at 0.134 s.
            _ = frame(windowDriver, windowShown, to: t, t == 0.134 ? Self.press[...] : [])
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
        let driver = FrameDriver()
        let shown = Shown([effect])
        driver.update(shown.view, in: Self.view)
        #expect(frame(driver, shown, to: 0.05, Self.press[...]) == 0 && !effect.isInteracting)
        #expect(frame(driver, shown, to: 0.2, Self.press[...]) == 1 && effect.isInteracting)
        #expect(driver.time == 0.2)
    }

    @Test("switching effect in the middle of a tear cancels the tear: it closes, and the next press in the middle holds the new effect")
    func switchingCancelsTheTear() {
        let tear = TearController()
        let size = CGSize(width: 400, height: 300)
        let driver = FrameDriver()
        let shown = Shown([HarmonicEffect()], tear: tear)
        driver.update(shown.view, in: size)
        // Press at the left edge and drag a third of the way in: the tear owns the pointer and shows.
        _ = frame(driver, shown, to: 0.5, [
            PointerEvent(.down, Point(x: 2, y: 150), at: 0.1),
            PointerEvent(.move, Point(x: 60, y: 150), at: 0.2),
            PointerEvent(.move, Point(x: 140, y: 150), at: 0.3),
        ], size: size)
        #expect(tear.isShowing && tear.state.ownsPointer)

        // The switch: the press is cancelled, then the new chain shows.
        let second = WaveformEffect()
        driver.cancelPointer()
        shown.effects = [second]
        driver.update(shown.view, in: size)
        #expect(!tear.state.ownsPointer, "the tear must let go of the pointer when the effect under it is switched")
        #expect(tear.state.phase == .recovering, "an open cut closes; it never breaks on a cancel")

        // The finger lifts (the old press's release) and a new press lands in the middle.
        _ = frame(driver, shown, to: 1.5, [
            PointerEvent(.up, Point(x: 140, y: 150), at: 0.6),
            PointerEvent(.down, Point(x: 200, y: 150), at: 1.0),
        ], size: size)
        #expect(second.isInteracting, "a press in the middle goes to the new effect")
        #expect(!tear.isBroken && !tear.isShowing, "the old cut has closed and nothing broke")
        _ = frame(driver, shown, to: 1.7, [PointerEvent(.up, Point(x: 200, y: 150), at: 1.6)], size: size)
        #expect(!second.isInteracting && !tear.isBroken)
    }

    @Test("switching effect while one is held lets go of it")
    func switchingReleasesTheHold() {
        let first = HarmonicEffect()
        let driver = FrameDriver()
        let shown = Shown([first])
        driver.update(shown.view, in: Self.view)
        _ = frame(driver, shown, to: 0.3, Self.press[...])
        #expect(first.isInteracting)
        driver.cancelPointer()
        shown.effects = [WaveformEffect()]
        driver.update(shown.view, in: Self.view)
        #expect(!first.isInteracting)
        // Nothing owns the pointer: a move reaches neither effect.
        _ = frame(driver, shown, to: 0.4, [PointerEvent(.move, Point(x: 10, y: 10), at: 0.35)])
        #expect(!first.isInteracting && !shown.effects[0].isInteracting)
    }

    @Test("switched to 10 s in (the window's key 7), the prism draws itself from the beginning")
    func switchedToStartsTheDrawing() {
        let size = CGSize(width: 400, height: 400)
        let driver = FrameDriver()
        let shown = Shown([HarmonicEffect()])
        driver.update(shown.view, in: size)
        _ = frame(driver, shown, to: 10, size: size)
        let prism = PrismEffect()
        driver.cancelPointer()
        shown.effects = [prism]
        driver.update(shown.view, in: size)
        #expect(prism.drawingProgress == 0)
        _ = frame(driver, shown, to: 11.5, size: size)
        #expect(abs((prism.drawingProgress ?? 0) - 0.5) < 1e-9)
    }
}
