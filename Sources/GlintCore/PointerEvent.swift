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

/// A turn of the mouse wheel (or a touchpad's two-finger scroll) as the core sees it: a value,
/// in points and wheel notches. The window's scroll callback only builds these.
public struct ScrollEvent: Equatable, Sendable, CustomStringConvertible {
    /// Where the pointer was, in points from the frame's top-left corner.
    public var location: Point
    /// How far the wheel turned, in notches (fractions from a touchpad): `dy` > 0 when turned
    /// away from the user, which scrolls towards the top; `dx` > 0 towards the left.
    public var dx: Double
    public var dy: Double
    /// Seconds since the start, as a `PointerEvent`'s.
    public var time: Double
    /// Whether Control was held: the wheel then magnifies (`MagnifyGesture`), as desktop
    /// toolkits zoom with Control and the wheel.
    public var control: Bool
    /// Whether Shift was held: with Control the wheel then rotates (`RotateGesture`).
    public var shift: Bool

    public init(_ location: Point, dx: Double = 0, dy: Double, at time: Double, control: Bool = false, shift: Bool = false) {
        self.location = location
        self.dx = dx
        self.dy = dy
        self.time = time
        self.control = control
        self.shift = shift
    }

    public var description: String {
        "\(time) scroll \(location.x) \(location.y) \(dx) \(dy)" + (control ? " control" : "") + (shift ? " shift" : "")
    }
}
