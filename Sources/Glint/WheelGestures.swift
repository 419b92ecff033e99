import Foundation
import GlintCore

// A desktop mouse has no pinch and no two-finger twist. As desktop toolkits map them, the wheel
// turned with Control held magnifies, and with Control and Shift held rotates. A turn of the
// wheel starts the gesture at the pointer; it ends `GestureRouter.wheelGestureEnd` seconds after
// the last notch.

/// A pinch, as SwiftUI's `MagnifyGesture`: on the desktop, the mouse wheel turned with Control
/// held over the view. Each notch away from you magnifies by 1.1, each towards you by 1/1.1.
public struct MagnifyGesture: Gesture {
    /// A magnification's progress, as SwiftUI's `MagnifyGesture.Value`.
    public struct Value: Equatable, Sendable {
        /// When this event happened.
        public var time: Date
        /// The scale since the gesture began (1 at its start).
        public var magnification: CGFloat
        /// How fast the scale changes, per second.
        public var velocity: CGFloat
        /// Where in the view the gesture began, as a fraction of its size.
        public var startAnchor: UnitPoint
        /// Where the gesture began, in the view's points.
        public var startLocation: CGPoint
    }

    /// How much the scale must change before the gesture begins.
    public var minimumScaleDelta: CGFloat
    var callbacks = WheelGestureCallbacks<Value>()

    public init(minimumScaleDelta: CGFloat = 0.01) {
        self.minimumScaleDelta = minimumScaleDelta
    }

    /// Calls `action` as the magnification changes.
    public func onChanged(_ action: @escaping (Value) -> Void) -> MagnifyGesture {
        var copy = self
        copy.callbacks.changed = action
        return copy
    }

    /// Calls `action` when the gesture ends.
    public func onEnded(_ action: @escaping (Value) -> Void) -> MagnifyGesture {
        var copy = self
        copy.callbacks.ended = action
        return copy
    }

    /// Sets `state` with `body` as the magnification changes; it goes back when the gesture ends.
    public func updating<State>(_ state: GestureState<State>,
                                body: @escaping (Value, inout State, inout Transaction) -> Void) -> MagnifyGesture {
        var copy = self
        copy.callbacks = callbacks.updating(state, body: body)
        return copy
    }

    public var _recognizer: GestureRecognizerKind { .wheel(.magnify(self)) }
}

/// A two-finger twist, as SwiftUI's `RotateGesture`: on the desktop, the mouse wheel turned
/// with Control and Shift held over the view. Each notch away from you turns 15° clockwise.
public struct RotateGesture: Gesture {
    /// A rotation's progress, as SwiftUI's `RotateGesture.Value`.
    public struct Value: Equatable, Sendable {
        /// When this event happened.
        public var time: Date
        /// The angle turned since the gesture began (clockwise on screen is positive).
        public var rotation: Angle
        /// How fast it turns, per second.
        public var velocity: Angle
        /// Where in the view the gesture began, as a fraction of its size.
        public var startAnchor: UnitPoint
        /// Where the gesture began, in the view's points.
        public var startLocation: CGPoint
    }

    /// How far it must turn before the gesture begins.
    public var minimumAngleDelta: Angle
    var callbacks = WheelGestureCallbacks<Value>()

    public init(minimumAngleDelta: Angle = .degrees(1)) {
        self.minimumAngleDelta = minimumAngleDelta
    }

    /// Calls `action` as the rotation changes.
    public func onChanged(_ action: @escaping (Value) -> Void) -> RotateGesture {
        var copy = self
        copy.callbacks.changed = action
        return copy
    }

    /// Calls `action` when the gesture ends.
    public func onEnded(_ action: @escaping (Value) -> Void) -> RotateGesture {
        var copy = self
        copy.callbacks.ended = action
        return copy
    }

    /// Sets `state` with `body` as the rotation changes; it goes back when the gesture ends.
    public func updating<State>(_ state: GestureState<State>,
                                body: @escaping (Value, inout State, inout Transaction) -> Void) -> RotateGesture {
        var copy = self
        copy.callbacks = callbacks.updating(state, body: body)
        return copy
    }

    public var _recognizer: GestureRecognizerKind { .wheel(.rotate(self)) }
}

/// The older spelling, as SwiftUI's deprecated `MagnificationGesture`: its value is the scale.
public struct MagnificationGesture: Gesture {
    var gesture: MagnifyGesture

    public init(minimumScaleDelta: CGFloat = 0.01) {
        gesture = MagnifyGesture(minimumScaleDelta: minimumScaleDelta)
    }

    /// Calls `action` with the scale as it changes.
    public func onChanged(_ action: @escaping (CGFloat) -> Void) -> MagnificationGesture {
        var copy = self
        copy.gesture = gesture.onChanged { action($0.magnification) }
        return copy
    }

    /// Calls `action` with the final scale.
    public func onEnded(_ action: @escaping (CGFloat) -> Void) -> MagnificationGesture {
        var copy = self
        copy.gesture = gesture.onEnded { action($0.magnification) }
        return copy
    }

    /// Sets `state` with `body` (given the scale) as it changes; it goes back when the gesture ends.
    public func updating<State>(_ state: GestureState<State>,
                                body: @escaping (CGFloat, inout State, inout Transaction) -> Void) -> MagnificationGesture {
        var copy = self
        copy.gesture = gesture.updating(state) { value, s, t in body(value.magnification, &s, &t) }
        return copy
    }

    public var _recognizer: GestureRecognizerKind { gesture._recognizer }
}

/// The older spelling, as SwiftUI's deprecated `RotationGesture`: its value is the angle.
public struct RotationGesture: Gesture {
    var gesture: RotateGesture

    public init(minimumAngleDelta: Angle = .degrees(1)) {
        gesture = RotateGesture(minimumAngleDelta: minimumAngleDelta)
    }

    /// Calls `action` with the angle as it changes.
    public func onChanged(_ action: @escaping (Angle) -> Void) -> RotationGesture {
        var copy = self
        copy.gesture = gesture.onChanged { action($0.rotation) }
        return copy
    }

    /// Calls `action` with the final angle.
    public func onEnded(_ action: @escaping (Angle) -> Void) -> RotationGesture {
        var copy = self
        copy.gesture = gesture.onEnded { action($0.rotation) }
        return copy
    }

    /// Sets `state` with `body` (given the angle) as it changes; it goes back when the gesture ends.
    public func updating<State>(_ state: GestureState<State>,
                                body: @escaping (Angle, inout State, inout Transaction) -> Void) -> RotationGesture {
        var copy = self
        copy.gesture = gesture.updating(state) { value, s, t in body(value.rotation, &s, &t) }
        return copy
    }

    public var _recognizer: GestureRecognizerKind { gesture._recognizer }
}

/// Two gestures recognised together, as SwiftUI's `SimultaneousGesture`: a magnification and a
/// rotation on one view, or a drag and a tap; each runs its own callbacks.
public struct SimultaneousGesture<First: Gesture, Second: Gesture>: Gesture {
    public var first: First
    public var second: Second

    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    public var _recognizer: GestureRecognizerKind { first._recognizer }
    public var _companion: GestureRecognizerKind? { second._recognizer }
}

extension Gesture {
    /// This gesture and `other` recognised together, as SwiftUI's `simultaneously(with:)`.
    public func simultaneously<Other: Gesture>(with other: Other) -> SimultaneousGesture<Self, Other> {
        SimultaneousGesture(self, other)
    }

    public var _companion: GestureRecognizerKind? { nil }
}

/// A wheel gesture's callbacks: as it changes, when it ends, and when it finishes (ended or not).
struct WheelGestureCallbacks<Value> {
    var changed: ((Value) -> Void)?
    var ended: ((Value) -> Void)?
    var finished: (() -> Void)?

    /// These callbacks with `state` set by `body` as the gesture changes, and put back when it finishes.
    func updating<State>(_ state: GestureState<State>,
                         body: @escaping (Value, inout State, inout Transaction) -> Void) -> WheelGestureCallbacks {
        var copy = self
        (copy.changed, copy.finished) = state.updating(changed, finished, body: body)
        return copy
    }
}

/// What the wheel does with a modifier held.
public enum WheelGestureKind {
    case magnify(MagnifyGesture)
    case rotate(RotateGesture)

    /// Whether a turn of the wheel with these keys held is this gesture's.
    func takes(_ event: ScrollEvent) -> Bool {
        switch self {
        case .magnify: return event.control && !event.shift
        case .rotate: return event.control && event.shift
        }
    }

    /// How much a turn of `notches` changes the gesture's amount: the log of the scale, or degrees.
    static func amount(ofNotches notches: Double, _ kind: WheelGestureKind) -> Double {
        switch kind {
        case .magnify: return notches * log(1.1)
        case .rotate: return notches * 15
        }
    }
}
