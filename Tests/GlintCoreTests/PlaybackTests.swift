import Testing
@testable import GlintCore

/// The window's wall clock to timeline time: pause, step, restart, speed, fixed frames.
@Suite("Playback")
struct PlaybackTests {
    @Test("running, the timeline follows the wall clock from the first frame")
    func running() {
        var playback = Playback()
        #expect(playback.frame(at: 5) == 0)
        #expect(abs(playback.frame(at: 5.5) - 0.5) < 1e-12)
        #expect(abs(playback.frame(at: 6.25) - 1.25) < 1e-12)
    }

    @Test("paused, the time stands still and a press lands at the paused time; running again it goes on from there")
    func paused() {
        var playback = Playback()
        _ = playback.frame(at: 0)
        _ = playback.frame(at: 1)
        playback.togglePause()
        var events = [PointerEvent(.down, Point(x: 3, y: 4), at: 1.7)]
        #expect(playback.frame(at: 2, events: &events) == 1)
        #expect(events[0].time == 1 && events[0].location == Point(x: 3, y: 4))
        #expect(playback.frame(at: 10) == 1)
        playback.togglePause()
        #expect(abs(playback.frame(at: 10.5) - 1.5) < 1e-12)
    }

    @Test("a step moves a paused timeline by exactly 1/60 s; running, a step does nothing")
    func step() {
        var playback = Playback()
        _ = playback.frame(at: 0)
        let stepped = playback.step()
        #expect(!stepped)
        _ = playback.frame(at: 1)
        playback.togglePause()
        let steppedPaused = playback.step()
        #expect(steppedPaused)
        #expect(playback.frame(at: 4) == 1 + Playback.frameStep)
        #expect(playback.frame(at: 5) == 1 + Playback.frameStep)
    }

    @Test("restart goes back to 0, keeping pause and speed")
    func restart() {
        var playback = Playback()
        _ = playback.frame(at: 0)
        playback.setSpeed(2)
        _ = playback.frame(at: 3)
        playback.restart()
        #expect(abs(playback.frame(at: 3.5) - 1) < 1e-12)
        playback.togglePause()
        playback.restart()
        #expect(playback.frame(at: 9) == 0 && playback.isPaused && playback.speed == 2)
    }

    @Test("speed scales wall time and event times, clamped to 1/16…16")
    func speed() {
        var playback = Playback()
        _ = playback.frame(at: 0)
        playback.setSpeed(2)
        #expect(playback.speed == 2 && playback.speedText == "2×")
        var events = [PointerEvent(.down, Point(x: 0, y: 0), at: 0.25), PointerEvent(.up, Point(x: 0, y: 0), at: 0.5)]
        #expect(playback.frame(at: 0.5, events: &events) == 1)
        #expect(events.map(\.time) == [0.5, 1])
        playback.setSpeed(100)
        #expect(playback.speed == 16 && playback.speedText == "16×")
        playback.setSpeed(1.0 / 1000)
        #expect(playback.speed == 1.0 / 16 && playback.speedText == "1/16×")
        playback.setSpeed(.nan)
        #expect(playback.speed == 1.0 / 16)
        playback.setSpeed(0.5)
        #expect(playback.speed == 0.5 && playback.speedText == "1/2×")
    }

    @Test("fixed frames move the timeline one frame per frame, however long the frame took")
    func fixedFrames() {
        var playback = Playback()
        _ = playback.frame(at: 0)
        playback.fixedFrames = true
        #expect(playback.frame(at: 0.5) == Playback.frameStep)
        #expect(playback.frame(at: 0.501) == 2 * Playback.frameStep)
        playback.setSpeed(2)
        var events = [PointerEvent(.down, Point(x: 0, y: 0), at: 9)]
        #expect(playback.frame(at: 0.6, events: &events) == 4 * Playback.frameStep)
        #expect(events[0].time == 4 * Playback.frameStep, "an event between frames lands no later than its frame")
    }
}
