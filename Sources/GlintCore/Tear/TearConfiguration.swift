/// Which way a tear may run once its direction locks (the seed's `cutDirection`).
public enum CutDirection: String, CaseIterable, Equatable, Sendable {
    /// Follows the drag: the direction from the press to the finger when it locks.
    case any
    /// Straight up or down, whichever the drag leans to.
    case vertical
    /// Straight left or right, whichever the drag leans to.
    case horizontal
}

/// How a tear behaves; `TearConfiguration()` is the seed's behaviour (seed 004).
///
/// Distances are in points, times in seconds, angles in radians. Values out of range are
/// treated as their nearest sensible value (a negative width as 0), never as an error.
public struct TearConfiguration: Equatable, Sendable {
    /// How close to an edge of the view a press must start to arm a tear (points).
    /// A press further in belongs to whatever is below the tear.
    public var edgeZone: Double = 24
    /// How far the finger must travel from the press before the direction locks and the tear
    /// can show (points; the seed's "about 20 points").
    public var lockDistance: Double = 20
    /// Which way the tear may run.
    public var cutDirection: CutDirection = .any
    /// The progress (0…1) at or above which a release breaks the view; below it the cut heals.
    public var breakThreshold: Double = 0.9
    /// The opening at the torn edge when progress reaches 1 (points). Sent to the shader as
    /// `maxGap`, scaled by progress.
    public var maxGapWidth: Double = 60
    /// How far the rough fibres reach into the opening (points). Sent as `edgeRoughness`.
    public var edgeRoughness: Double = 6
    /// How long a released cut takes to close back to nothing (seconds).
    public var recoveryDuration: Double = 0.35
    /// How long a broken view takes to fall away and fade out (seconds).
    public var fallDuration: Double = 1.0
    /// How far a broken view has dropped when the fall ends (points).
    public var fallDistance: Double = 900
    /// How far a broken view has turned when the fall ends (radians, about 26°).
    public var fallRotation: Double = 0.45

    /// The seed's behaviour.
    public init() {}

    /// The seed's behaviour with a chosen cut direction, break threshold and widths.
    public init(
        cutDirection: CutDirection = .any,
        breakThreshold: Double = 0.9,
        maxGapWidth: Double = 60,
        edgeRoughness: Double = 6
    ) {
        self.cutDirection = cutDirection
        self.breakThreshold = breakThreshold
        self.maxGapWidth = maxGapWidth
        self.edgeRoughness = edgeRoughness
    }
}
