import GlintTestSupport
import Testing
@testable import GlintCore

/// The one timeline: events applied at their own times; a cancelled tear.
@Suite("Timeline")
struct TimelineTests {
    /// A press at 0.101 s, read at 0.2 s: the case where bench's old loop (events applied at
    /// frame boundaries) gave amplitude 1.4284 and render's 1.4203.
    static let press = [PointerEvent(.down, Point(x: 160, y: 90), at: 0.101)]
    static let view = Size(width: 320, height: 180)

    @Test("events later than the time asked for wait; earlier ones apply at once, each after time has reached it")
    func eventsWait() {
        var timeline = Timeline()
        var handled: [(Double, Double)] = []  // (event time, timeline time when handled)
        var elapsed = 0.0
        let advance: (Double) -> Void = { elapsed += $0 }
        let applied = timeline.advance(to: 0.05, applying: Self.press[...], advance: advance, handle: { handled.append(($0.time, elapsed)) })
        #expect(applied == 0 && handled.isEmpty)
        #expect(timeline.advance(to: 0.2, applying: Self.press[...], advance: advance, handle: { handled.append(($0.time, elapsed)) }) == 1)
        #expect(handled.count == 1 && abs(handled[0].1 - 0.101) < 1e-12, "applied at its own time: \(handled)")
        #expect(timeline.now == 0.2 && abs(elapsed - 0.2) < 1e-12)
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
