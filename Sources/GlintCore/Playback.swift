/// How a window's wall clock becomes its timeline's time: paused or running, at a speed, stepped a
/// frame at a time, restarted. A plain value fed the wall time of each frame (nothing here reads a
/// clock), so the `glint` window's Space, `.`, Backspace and `[` `]` keys are testable without one.
///
/// ```swift
/// var playback = Playback()
/// let t = playback.frame(at: frame.time, events: &frame.pointerEvents)  // the frame's timeline time
/// driver.advance(to: t, applying: frame.pointerEvents[...])
/// ```
///
/// Changes apply from the next frame on: the wall time between two frames runs at the speed and
/// pause state in force when the later frame is drawn.
public struct Playback: Equatable, Sendable {
    /// One frame of timeline time: what a step moves a paused timeline by, and what each frame
    /// moves it by while frames are fixed (`fixedFrames`, for recording).
    public static let frameStep = 1.0 / 60.0 // seconds
    /// The slowest and fastest speeds, as multiples of the wall clock.
    public static let speeds: ClosedRange<Double> = (1.0 / 16)...16

    /// The timeline's time at the last frame, in seconds.
    public private(set) var time = 0.0
    /// Whether the timeline stands still.
    public private(set) var isPaused = false
    /// Timeline seconds per wall second, within `speeds`.
    public private(set) var speed = 1.0
    /// Whether each frame moves the timeline by exactly `frameStep` (times the speed) whatever the
    /// wall clock did: a recording's frames, one per `frameStep`, however long each took to draw.
    public var fixedFrames = false
    /// The wall time of the last frame; nil before the first.
    private var lastWall: Double?

    /// A running timeline at 0, at normal speed.
    public init() {}

    /// The timeline time of a frame drawn at `wall` seconds; `events` (stamped with wall times
    /// since the last frame) are restamped with timeline times, in order, none before the last
    /// frame's time or after this one's. While paused every event lands at the paused time.
    public mutating func frame(at wall: Double, events: inout [PointerEvent]) -> Double {
        let previous = time
        if !isPaused, let lastWall, wall > lastWall {
            time += fixedFrames ? Self.frameStep * speed : (wall - lastWall) * speed
        }
        let start = lastWall ?? wall
        var i = 0
        while i < events.count {  // index loops: no iterator allocation in debug builds
            let mapped = previous + (events[i].time - start) * (isPaused ? 0 : speed)
            events[i].time = min(max(mapped, previous), time)
            i += 1
        }
        lastWall = wall
        return time
    }

    /// `frame(at:events:)` with no events.
    public mutating func frame(at wall: Double) -> Double {
        var none: [PointerEvent] = []
        return frame(at: wall, events: &none)
    }

    /// Pauses a running timeline, runs a paused one (Space).
    public mutating func togglePause() {
        isPaused.toggle()
    }

    /// Moves a paused timeline on by exactly one frame (`frameStep`) at the next frame (`.`);
    /// returns false, changing nothing, while it runs.
    @discardableResult
    public mutating func step() -> Bool {
        guard isPaused else { return false }
        time += Self.frameStep
        return true
    }

    /// Back to time 0 (Backspace), paused or running and at the speed it was.
    public mutating func restart() {
        time = 0
    }

    /// Sets the speed, clamped to `speeds`; returns the speed set.
    @discardableResult
    public mutating func setSpeed(_ newSpeed: Double) -> Double {
        guard newSpeed.isFinite else { return speed }
        speed = min(max(newSpeed, Self.speeds.lowerBound), Self.speeds.upperBound)
        return speed
    }

    /// The speed as a user reads it: "1×", "2×", "16×", "1/2×", "1/16×".
    public var speedText: String {
        speed >= 1 ? "\(Int(speed.rounded()))×" : "1/\(Int((1 / speed).rounded()))×"
    }
}
