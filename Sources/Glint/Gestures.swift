import Foundation
import GlintCore

/// Something a press and drag can mean, as SwiftUI's `Gesture`: `DragGesture`, `TapGesture`,
/// `LongPressGesture`, each with its callbacks. Attach one with `.gesture(_:)`.
public protocol Gesture {
    /// The gesture as Glint recognises it.
    var _recognizer: GestureRecognizerKind { get }
    /// A second gesture recognised beside it (`SimultaneousGesture`); nil for most.
    var _companion: GestureRecognizerKind? { get }
}

/// What a gesture recognises and whom it tells.
public enum GestureRecognizerKind {
    case drag(DragGesture)
    case tap(count: Int, action: (() -> Void)?)
    /// A tap that tells where it was (in the space given).
    case spatialTap(count: Int, coordinateSpace: CoordinateSpace, action: ((SpatialTapGesture.Value) -> Void)?)
    case longPress(minimumDuration: Double, maximumDistance: Double, perform: (() -> Void)?, pressing: ((Bool) -> Void)?)
    /// A `Slider`'s track: the press sets the value where it is along the track.
    case slider(Binding<Double>, ClosedRange<Double>, step: Double?, onEditingChanged: ((Bool) -> Void)?)
    /// A `Button`: the action runs when a press ends inside.
    case button(() -> Void)
    /// A `Toggle`: a press released inside flips the value.
    case toggle(Binding<Bool>)
    /// An `XYPad`: the press sets both values where it is on the pad, and follows the drag.
    case pad(x: Binding<Double>, y: Binding<Double>, ClosedRange<Double>, ClosedRange<Double>)
    /// A `TextField` (its identity): a press focuses it and puts the caret there, a drag selects.
    case textField(UInt64)
    /// A magnification or rotation from the mouse wheel with modifiers held.
    case wheel(WheelGestureKind)
}

/// A press that moves, as SwiftUI's `DragGesture`: `onChanged` once the pointer has moved
/// `minimumDistance` points from where it went down (at once for 0) and at every move after,
/// `onEnded` when it is released. A press taken away (its view gone, a key switched the
/// screen) ends without `onEnded`.
public struct DragGesture: Gesture {
    /// A drag's progress, as SwiftUI's `DragGesture.Value`. Positions are in the gesture's
    /// coordinate space: its view's own (`.local`, the default) or the window's (`.global`).
    public struct Value: Equatable, Sendable {
        /// When this event happened.
        public var time: Date
        /// Where the pointer is.
        public var location: CGPoint
        /// Where the press went down.
        public var startLocation: CGPoint
        /// `location − startLocation`.
        public var translation: CGSize { CGSize(width: location.x - startLocation.x, height: location.y - startLocation.y) }
        /// How fast the pointer moves, in points a second (over the last event).
        public var velocity: CGSize
        /// Where the drag would end if it went on at `velocity` for a quarter second.
        public var predictedEndLocation: CGPoint {
            CGPoint(x: location.x + velocity.width / 4, y: location.y + velocity.height / 4)
        }
        /// The translation `predictedEndLocation` would make.
        public var predictedEndTranslation: CGSize {
            CGSize(width: predictedEndLocation.x - startLocation.x, height: predictedEndLocation.y - startLocation.y)
        }
    }

    /// How far the pointer must move before the drag begins.
    public var minimumDistance: CGFloat
    /// The space positions are measured in.
    public var coordinateSpace: CoordinateSpace
    var changed: ((Value) -> Void)?
    var ended: ((Value) -> Void)?
    /// When the press is released or taken away, active or not (`updating` resets its state).
    var finished: (() -> Void)?

    public init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local) {
        self.minimumDistance = minimumDistance
        self.coordinateSpace = coordinateSpace
    }

    /// Calls `action` as the drag moves.
    public func onChanged(_ action: @escaping (Value) -> Void) -> DragGesture {
        var copy = self
        copy.changed = action
        return copy
    }

    /// Calls `action` when the drag is released.
    public func onEnded(_ action: @escaping (Value) -> Void) -> DragGesture {
        var copy = self
        copy.ended = action
        return copy
    }

    public var _recognizer: GestureRecognizerKind { .drag(self) }
}

/// A press released where it went down, as SwiftUI's `TapGesture`.
public struct TapGesture: Gesture {
    /// How many taps in a row.
    public var count: Int
    var action: (() -> Void)?

    public init(count: Int = 1) { self.count = max(1, count) }

    /// Calls `action` on the tap.
    public func onEnded(_ action: @escaping () -> Void) -> TapGesture {
        var copy = self
        copy.action = action
        return copy
    }

    public var _recognizer: GestureRecognizerKind { .tap(count: count, action: action) }
}

/// A press released where it went down, telling where, as SwiftUI's `SpatialTapGesture`.
public struct SpatialTapGesture: Gesture {
    /// Where the tap was.
    public struct Value: Equatable, Sendable {
        public var location: CGPoint
    }

    public var count: Int
    public var coordinateSpace: CoordinateSpace
    var action: ((Value) -> Void)?

    public init(count: Int = 1, coordinateSpace: CoordinateSpace = .local) {
        self.count = max(1, count)
        self.coordinateSpace = coordinateSpace
    }

    /// Calls `action` with where the tap was.
    public func onEnded(_ action: @escaping (Value) -> Void) -> SpatialTapGesture {
        var copy = self
        copy.action = action
        return copy
    }

    public var _recognizer: GestureRecognizerKind {
        .spatialTap(count: count, coordinateSpace: coordinateSpace, action: action)
    }
}

/// A press held still, as SwiftUI's `LongPressGesture`.
public struct LongPressGesture: Gesture {
    public var minimumDuration: Double
    public var maximumDistance: CGFloat
    var action: (() -> Void)?
    /// Hears the press start and end (`updating`).
    var pressing: ((Bool) -> Void)?

    public init(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10) {
        self.minimumDuration = minimumDuration
        self.maximumDistance = maximumDistance
    }

    /// Calls `action` once the press has been held `minimumDuration`.
    public func onEnded(_ action: @escaping (Bool) -> Void) -> LongPressGesture {
        var copy = self
        copy.action = { action(true) }
        return copy
    }

    public var _recognizer: GestureRecognizerKind {
        .longPress(minimumDuration: minimumDuration, maximumDistance: Double(maximumDistance), perform: action, pressing: pressing)
    }
}

extension View {
    /// `gesture` recognised on the view: it takes a press on the view before anything behind
    /// it, and before the views it holds only where they have none of their own.
    public func gesture<G: Gesture>(_ gesture: G) -> ModifiedContent<Self, _GestureModifier> {
        modifier(_GestureModifier(recognizer: gesture._recognizer, companion: gesture._companion))
    }

    /// `gesture` recognised before the gestures of the views inside, as SwiftUI's
    /// `highPriorityGesture`: a press anywhere on the view is its.
    public func highPriorityGesture<G: Gesture>(_ gesture: G) -> ModifiedContent<Self, _GestureModifier> {
        modifier(_GestureModifier(recognizer: gesture._recognizer, companion: gesture._companion, priority: .high))
    }

    /// `gesture` recognised beside whichever gesture takes the press, as SwiftUI's
    /// `simultaneousGesture`: both hear it.
    public func simultaneousGesture<G: Gesture>(_ gesture: G) -> ModifiedContent<Self, _GestureModifier> {
        modifier(_GestureModifier(recognizer: gesture._recognizer, companion: gesture._companion, priority: .simultaneous))
    }

    /// Calls `action` with where the view was tapped `count` times, in `coordinateSpace`, as
    /// SwiftUI's `onTapGesture(count:coordinateSpace:perform:)`.
    public func onTapGesture(count: Int = 1, coordinateSpace: CoordinateSpace = .local,
                             perform action: @escaping (CGPoint) -> Void) -> ModifiedContent<Self, _GestureModifier> {
        modifier(_GestureModifier(recognizer: SpatialTapGesture(count: count, coordinateSpace: coordinateSpace).onEnded { action($0.location) }._recognizer))
    }

    /// Calls `action` when the view is tapped `count` times, as SwiftUI's `onTapGesture`.
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> ModifiedContent<Self, _GestureModifier> {
        modifier(_GestureModifier(recognizer: .tap(count: max(1, count), action: action)))
    }

    /// Calls `action` when a press on the view is held `minimumDuration` seconds without moving
    /// more than `maximumDistance` points; `onPressingChanged` hears when the press starts and
    /// ends, as SwiftUI's `onLongPressGesture`.
    public func onLongPressGesture(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10,
                                   perform action: @escaping () -> Void,
                                   onPressingChanged: ((Bool) -> Void)? = nil) -> ModifiedContent<Self, _GestureModifier> {
        modifier(_GestureModifier(recognizer: .longPress(minimumDuration: minimumDuration, maximumDistance: Double(maximumDistance),
                                                         perform: action, pressing: onPressingChanged)))
    }
}

/// `.gesture(_:)` and its kin.
public struct _GestureModifier: ViewModifier {
    let recognizer: GestureRecognizerKind
    /// A second gesture recognised beside the first (`SimultaneousGesture`).
    var companion: GestureRecognizerKind? = nil
    var priority = GesturePriority.normal
    public typealias Body = Never

    public static func _makeModifier<C: View>(_ modifier: Self, content: C, into graph: inout ViewGraph) {
        if let companion = modifier.companion {
            // The second hears every press beside the first, on a node of its own around it.
            let identity = ViewGraph.mix(graph.currentIdentity, 0x5134)
            let index = graph.addGesture(GestureHandler(recognizer: companion, identity: identity,
                                                        isEnabled: graph.environment.isEnabled, priority: .simultaneous))
            var first = modifier
            first.companion = nil
            graph.node(.gesture(index), content: content.modifier(first))
            return
        }
        // A second gesture on the same view keeps progress of its own.
        let identity = modifier.priority == .normal ? graph.currentIdentity : ViewGraph.mix(graph.currentIdentity, modifier.priority == .high ? 0x4191 : 0x5133)
        let index = graph.addGesture(GestureHandler(recognizer: modifier.recognizer, identity: identity,
                                             isEnabled: graph.environment.isEnabled, priority: modifier.priority))
        graph.node(.gesture(index), content: content)
    }
}

/// A gesture on a node for one frame: what it recognises and the view it belongs to.
struct GestureHandler {
    var recognizer: GestureRecognizerKind
    var identity: UInt64
    var isEnabled: Bool
    /// A slider's or pad's knob diameter (`ControlStyle.knobDiameter`): its centre stays half a
    /// knob in from the control's edges.
    var knob = ControlStyle.standard.knobDiameter
    var node = -1
    /// How it competes for a press (`.gesture`, `.highPriorityGesture`, `.simultaneousGesture`).
    var priority = GesturePriority.normal
}

/// How a gesture competes for a press with the others under it.
enum GesturePriority {
    /// The frontmost takes the press.
    case normal
    /// Before the gestures of the views it holds (`.highPriorityGesture`).
    case high
    /// Beside whichever takes the press (`.simultaneousGesture`): it hears the press too.
    case simultaneous
}

/// A press's progress, kept by the gesture's view identity between frames.
struct GestureProgress {
    var isTracking = false
    /// A wheel gesture's amount so far: the log of its scale, or its degrees.
    var wheelAmount = 0.0
    /// How fast the amount changes, per second.
    var wheelRate = 0.0
    var isActive = false
    var start = Point.zero
    var last = Point.zero
    var lastTime = 0.0
    var startTime = 0.0
    var velocity = CGSize.zero
    var hasFired = false
    var lastTapTime = -Double.infinity
    var taps = 0
    /// A slider grabbed on its knob: from the knob's centre to the press (x, points).
    var grabOffset = 0.0
}

/// Keys a view handles (`onKeyPress`).
struct KeyHandler {
    var key: KeyEquivalent
    var action: () -> KeyPress.Result
}

/// A key, as SwiftUI's `KeyEquivalent` names it: Glint's `Key`.
public typealias KeyEquivalent = Key

/// A key press's outcome, as SwiftUI's `KeyPress.Result`.
public enum KeyPress {
    public enum Result: Sendable {
        /// The key was used: views behind do not hear it.
        case handled
        /// The key goes on to the views behind, then the window.
        case ignored
    }
}

extension View {
    /// Calls `action` when `key` is pressed while the view is shown, as SwiftUI's `onKeyPress`
    /// (in Glint every view shown hears keys: there is no focus). The frontmost view's handler
    /// runs first; `.ignored` passes the key on.
    public func onKeyPress(_ key: KeyEquivalent, action: @escaping () -> KeyPress.Result) -> ModifiedContent<Self, _KeyModifier> {
        modifier(_KeyModifier(handler: KeyHandler(key: key, action: action)))
    }
}

/// `.onKeyPress`.
public struct _KeyModifier: ViewModifier {
    let handler: KeyHandler
    public typealias Body = Never

    public static func _makeModifier<C: View>(_ modifier: Self, content: C, into graph: inout ViewGraph) {
        graph.keyHandlers.append(modifier.handler)
        graph.makeChild(content)
    }
}

// MARK: - Appearing and changing

extension View {
    /// Calls `action` the first frame the view is shown (again after it was gone), as SwiftUI's `onAppear`.
    public func onAppear(perform action: (() -> Void)? = nil) -> ModifiedContent<Self, _AppearModifier> {
        modifier(_AppearModifier(action: action))
    }

    /// Calls `action` with the old and new values when `value` differs from the last frame's,
    /// as SwiftUI's `onChange(of:initial:_:)`.
    public func onChange<V: Equatable>(of value: V, initial: Bool = false,
                                       _ action: @escaping (V, V) -> Void) -> ModifiedContent<Self, _ChangeModifier<V>> {
        modifier(_ChangeModifier(value: value, initial: initial, action: action))
    }

    /// Calls `action` when `value` differs from the last frame's, as SwiftUI's
    /// `onChange(of:initial:_:)` with no arguments.
    public func onChange<V: Equatable>(of value: V, initial: Bool = false,
                                       _ action: @escaping () -> Void) -> ModifiedContent<Self, _ChangeModifier<V>> {
        modifier(_ChangeModifier(value: value, initial: initial, action: { _, _ in action() }))
    }

    /// Calls `action` with the new value when `value` differs from the last frame's.
    public func onChange<V: Equatable>(of value: V, perform action: @escaping (V) -> Void) -> ModifiedContent<Self, _ChangeModifier<V>> {
        modifier(_ChangeModifier(value: value, initial: false, action: { _, new in action(new) }))
    }
}

/// `.onAppear`.
public struct _AppearModifier: ViewModifier {
    let action: (() -> Void)?
    public typealias Body = Never

    /// Slot of the store's extras that says the view has appeared.
    static let slot = 1

    public static func _makeModifier<C: View>(_ modifier: Self, content: C, into graph: inout ViewGraph) {
        let appeared = graph.store.hasExtra(graph.currentIdentity, slot: slot)
        _ = graph.store.extra(graph.currentIdentity, slot: slot, initial: true)
        if !appeared, let action = modifier.action { graph.pendingActions.append(action) }
        graph.makeChild(content)
    }
}

/// `.onChange(of:)`.
public struct _ChangeModifier<V: Equatable>: ViewModifier {
    let value: V
    let initial: Bool
    let action: (V, V) -> Void
    public typealias Body = Never

    static var slot: Int { 2 }

    public static func _makeModifier<C: View>(_ modifier: Self, content: C, into graph: inout ViewGraph) {
        let seen = graph.store.hasExtra(graph.currentIdentity, slot: slot)
        let box: StateBox<V> = graph.store.extra(graph.currentIdentity, slot: slot, initial: modifier.value)
        if !seen {
            if modifier.initial {
                let value = modifier.value, action = modifier.action
                graph.pendingActions.append { action(value, value) }
            }
        } else if box.value != modifier.value {
            let old = box.value, new = modifier.value, action = modifier.action
            box.value = new
            graph.pendingActions.append { action(old, new) }
        }
        graph.makeChild(content)
    }
}
