/// The effect's own time, which can run faster than the wall clock.
///
/// The clock is handed its `dt` from outside (the window's frame timer, or the fixed 1/60 s
/// steps of `glint render`), so tests step it by hand. It advances by `dt · speedMultiplier`,
/// never by a fixed step per frame: the harmonic seed's timer, which both shortened its interval
/// and multiplied its step by the speed, ran at the square of the multiplier; this one does not.
public struct AnimationClock: Equatable, Sendable {
    /// Seconds of effect time elapsed.
    public private(set) var elapsed: Double = 0

    public init(elapsed: Double = 0) { self.elapsed = elapsed }

    /// Advances by `dt` wall seconds at `speedMultiplier` times normal speed.
    public mutating func advance(by dt: Double, speedMultiplier: Double = 1) {
        guard dt > 0, dt.isFinite, speedMultiplier.isFinite else { return }
        elapsed += dt * speedMultiplier
    }
}
