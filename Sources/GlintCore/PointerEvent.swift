/// What happened to the pointer.
public enum PointerPhase: String, Equatable, Sendable, CaseIterable {
    /// A button went down.
    case down
    /// The pointer moved, with or without a button held.
    case move
    /// The button came back up.
    case up
    /// The press was taken away before it ended (the effect under it was switched): whoever
    /// owned it ends it without acting on it, as UIKit's touchesCancelled.
    case cancel
}

/// One pointer event as the core sees it: a value, in points, stamped with the time it happened.
///
/// Platform code (GLFW callbacks, the `--input` script of `glint render`) only builds these;
/// everything after that is plain Swift and is tested by feeding events.
public struct PointerEvent: Equatable, Sendable, CustomStringConvertible {
    public var phase: PointerPhase
    /// Position in points from the view's top-left corner.
    public var location: Point
    /// Seconds since the simulation started.
    public var time: Double

    public init(_ phase: PointerPhase, _ location: Point, at time: Double) {
        self.phase = phase
        self.location = location
        self.time = time
    }

    public var description: String { "\(time) \(phase.rawValue) \(location.x) \(location.y)" }
}

/// Whether the pointer is held down: the press-and-hold both the harmonic and the waveform seed
/// react to. A press anywhere starts it, the release ends it; moves, a second press and a stray
/// release change nothing.
public struct Press: Equatable, Sendable {
    public private(set) var isPressed = false

    public init() {}

    /// Applies `event`; returns whether it started or ended the press.
    public mutating func handle(_ event: PointerEvent) -> Bool {
        switch event.phase {
        case .down where !isPressed:
            isPressed = true
            return true
        case .up where isPressed, .cancel where isPressed:
            isPressed = false
            return true
        default:
            return false
        }
    }
}
