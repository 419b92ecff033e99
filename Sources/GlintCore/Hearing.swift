/// What an effect hears of a sound source (`glint --audio mic`): the meter's level this frame,
/// handed in by the host before the frame's `advance`. The voice seeds' waves follow it.
public struct Hearing: Equatable, Sendable {
    /// The meter's level, 0…1 (0 below −60 dBFS; see `AudioMeter` in GlintAudio).
    public var level: Double
    /// The level in dBFS (−∞ for silence), for `--state`.
    public var decibels: Double
    /// Whether the level counts only while the pointer is held (`--audio-while-held`: push to talk).
    public var onlyWhileHeld: Bool
    /// Why the source gives nothing now ("the microphone went away"), nil while it runs.
    public var unavailable: String?
    /// The level of the bass, the middle and the treble, each 0…1 as `level`.
    public var bass = 0.0, mid = 0.0, treble = 0.0

    public init(level: Double = 0, decibels: Double = -.infinity, onlyWhileHeld: Bool = false, unavailable: String? = nil) {
        self.level = level
        self.decibels = decibels
        self.onlyWhileHeld = onlyWhileHeld
        self.unavailable = unavailable
    }

    /// Whether there is sound above the meter's floor.
    public var isAudible: Bool { level > 0 }

    /// How strongly the effect should respond, 0…1, given whether the pointer is held: the level
    /// (at least 1 while held, as a hold without sound); with `onlyWhileHeld`, the level while held
    /// and nothing otherwise.
    public func intensity(isHeld: Bool) -> Double {
        let level = min(max(self.level, 0), 1)
        if onlyWhileHeld { return isHeld ? level : 0 }
        return isHeld ? 1 : level
    }
}

/// An effect that listens (`--audio`): the host sets `hearing` every frame, or nil for none.
public protocol HearingEffect: Effect {
    var hearing: Hearing? { get set }
}
