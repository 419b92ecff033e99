import Foundation
import GlintCore

/// A stored property of a view that Glint connects to storage living between frames, as
/// SwiftUI's `DynamicProperty` (`@State` is one).
public protocol DynamicProperty {
    /// Points the property at `pointer` to its storage for `key`, made the first time.
    static func _bind(at pointer: UnsafeMutableRawPointer, store: ViewStore, key: StateKey)

    /// As `_bind(at:store:key:)`, with the environment where the view is made (`@Environment`
    /// reads it); false when the view cannot be made (a model no view above gave).
    static func _bind(at pointer: UnsafeMutableRawPointer, store: ViewStore, key: StateKey,
                      environment: EnvironmentValues) -> Bool
}

extension DynamicProperty {
    /// Binds nothing.
    public static func _bind(at pointer: UnsafeMutableRawPointer, store: ViewStore, key: StateKey) {}

    /// Binds as `_bind(at:store:key:)` does; the environment is not needed.
    public static func _bind(at pointer: UnsafeMutableRawPointer, store: ViewStore, key: StateKey,
                             environment: EnvironmentValues) -> Bool {
        _bind(at: pointer, store: store, key: key)
        return true
    }
}

/// Which storage a dynamic property has: its view's identity and its place in the view.
public struct StateKey: Hashable, Sendable {
    var view: UInt64
    var field: Int
}

/// A value that lives as long as its view, as SwiftUI's `@State`: a view is rebuilt every
/// frame, its `@State` properties keep their values by the view's identity (its place in the
/// tree, or `.id`). Set it from actions and gestures; `$value` is a `Binding` for controls.
///
/// ```swift
/// struct Dimmer: View {
///     @State private var level = 0.5
///     var body: some View {
///         Slider(value: $level, in: 0...1) { Text("Level") }
///     }
/// }
/// ```
///
/// A class instance kept in `@State` (an `@Observable` model, say) lives as long as the view;
/// Glint redraws every frame, so changes to it always show.
@propertyWrapper
public struct State<Value>: DynamicProperty {
    private let initial: Value
    private var box: StateBox<Value>?

    /// State starting at `wrappedValue`.
    public init(wrappedValue: Value) {
        initial = wrappedValue
    }

    /// State starting at `initialValue`.
    public init(initialValue: Value) {
        initial = initialValue
    }

    /// The value now. Set outside a view's evaluation (a property never bound to a view),
    /// the value is kept nowhere, as SwiftUI's.
    public var wrappedValue: Value {
        get { box?.value ?? initial }
        nonmutating set { box?.value = newValue }
    }

    /// A binding to the value, for controls: `$value`.
    public var projectedValue: Binding<Value> {
        if let box { return Binding(location: box) }
        return .constant(initial)
    }

    /// Connects the property to its view's storage.
    public static func _bind(at pointer: UnsafeMutableRawPointer, store: ViewStore, key: StateKey) {
        let state = pointer.assumingMemoryBound(to: State<Value>.self)
        state.pointee.box = store.box(for: key, initial: state.pointee.initial)
    }
}

extension State where Value: ExpressibleByNilLiteral {
    /// State starting at nil.
    public init() { self.init(wrappedValue: nil) }
}

/// Where a value is read and written: state storage, a model's property, or a pair of closures.
/// Subclass it to bind a control to storage of your own without a closure per binding
/// (`Binding(location:)`).
open class BindingLocation<Value> {
    public init() {}

    /// The value now.
    open var value: Value {
        get { fatalError("subclass") }
        set { fatalError("subclass") }
    }
}

/// A state's storage between frames.
final class StateBox<Value>: BindingLocation<Value>, AnyStateBox {
    private var stored: Value
    var lastUsed: Int
    /// The store of the view whose `@State` this is (nil for Glint's own storage): told of a
    /// change made inside `withAnimation`.
    weak var owner: ViewStore?

    init(_ value: Value, frame: Int) {
        stored = value
        lastUsed = frame
    }

    override var value: Value {
        get { stored }
        set {
            stored = newValue
            if let owner, let scope = TransactionScope.current { scope.noteChange(in: owner) }
        }
    }
}

/// A location read and written by closures.
final class ClosureLocation<Value>: BindingLocation<Value> {
    let get: () -> Value
    let set: (Value) -> Void

    init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }

    override var value: Value {
        get { get() }
        set { set(newValue) }
    }
}

/// A property of an object.
final class KeyPathLocation<Root: AnyObject, Value>: BindingLocation<Value> {
    let root: Root
    let keyPath: ReferenceWritableKeyPath<Root, Value>

    init(_ root: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>) {
        self.root = root
        self.keyPath = keyPath
    }

    override var value: Value {
        get { root[keyPath: keyPath] }
        set { root[keyPath: keyPath] = newValue }
    }
}

/// A value that never changes.
final class ConstantLocation<Value>: BindingLocation<Value> {
    private let constant: Value
    init(_ value: Value) { constant = value }
    override var value: Value {
        get { constant }
        set {}
    }
}

/// A reference to a value someone else owns, as SwiftUI's `Binding`: controls read and write
/// their value through one (`Slider(value: $level)`).
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
    let location: BindingLocation<Value>

    /// A binding reading and writing `location`.
    public init(location: BindingLocation<Value>) {
        self.location = location
    }

    /// A binding that reads with `get` and writes with `set`.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        location = ClosureLocation(get: get, set: set)
    }

    /// A binding to a value that never changes (writes are dropped).
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(location: ConstantLocation(value))
    }

    /// The value now.
    public var wrappedValue: Value {
        get { location.value }
        nonmutating set { location.value = newValue }
    }

    /// The binding itself.
    public var projectedValue: Binding<Value> { self }

    /// A binding from a binding.
    public init(projectedValue: Binding<Value>) { self = projectedValue }

    /// A binding to a property of the value.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let location = self.location
        return Binding<Subject>(get: { location.value[keyPath: keyPath] },
                                set: { location.value[keyPath: keyPath] = $0 })
    }
}

/// Bindings to the properties of an object (an `@Observable` model), as SwiftUI's `@Bindable`:
/// `@Bindable var model` then `Slider(value: $model.level)`.
@propertyWrapper
@dynamicMemberLookup
public struct Bindable<Value: AnyObject> {
    /// The object.
    public var wrappedValue: Value

    /// Bindings to `wrappedValue`'s properties.
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }

    /// Bindings to `object`'s properties.
    public init(_ object: Value) { wrappedValue = object }

    /// The wrapper itself, for `$model.property`.
    public var projectedValue: Bindable<Value> { self }

    /// A binding to a property of the object.
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding(location: KeyPathLocation(wrappedValue, keyPath))
    }
}

/// Storage of any type, for the store's bookkeeping.
protocol AnyStateBox: AnyObject {
    var lastUsed: Int { get set }
}

/// What outlives a frame in a host: every view's `@State`, its gestures' progress, which views
/// have appeared and what `.onChange` last saw, by view identity. Storage of a view that was not
/// in a frame is dropped after that frame (its state starts afresh when it comes back).
public final class ViewStore {
    private var boxes: [StateKey: any AnyStateBox] = [:]
    /// Values other parts keep per view (gesture progress, appearance, last seen values).
    private var extras: [StateKey: any AnyStateBox] = [:]
    private(set) var frame = 0
    /// The text field with the keyboard focus (its identity), if any.
    var focusedField: UInt64?
    /// The `Menu` open now (its identity), and the one open when the press now held began.
    var openMenu: UInt64?
    var menuOpenAtPress: UInt64?
    /// Where text fields copy to and paste from: the window's clipboard, or one in memory.
    public var clipboard = Clipboard()
    /// The transaction and completions of `withAnimation` changes (`AnimationAttributes.swift`).
    let animations = AnimationState()

    public init() {}

    /// How many views' states are kept now (for tests).
    public var stateCount: Int { boxes.count }

    func box<Value>(for key: StateKey, initial: Value) -> StateBox<Value> {
        if let existing = boxes[key] as? StateBox<Value> {
            existing.lastUsed = frame
            return existing
        }
        let made = StateBox(initial, frame: frame)
        made.owner = self
        boxes[key] = made
        return made
    }

    /// Storage kept for the view `identity` by one of Glint's parts (`slot` tells parts apart).
    func extra<Value>(_ identity: UInt64, slot: Int, initial: @autoclosure () -> Value) -> StateBox<Value> {
        let key = StateKey(view: identity, field: -1 - slot)
        if let existing = extras[key] as? StateBox<Value> {
            existing.lastUsed = frame
            return existing
        }
        let made = StateBox(initial(), frame: frame)
        extras[key] = made
        return made
    }

    /// Whether `identity`'s extra storage in `slot` exists (without making it).
    func hasExtra(_ identity: UInt64, slot: Int) -> Bool {
        extras[StateKey(view: identity, field: -1 - slot)] != nil
    }

    /// Starts a frame.
    func beginFrame() {
        frame += 1
    }

    /// Ends a frame: storage no view used this frame goes. (Scanned only when something went
    /// stale is possible: a frame that used everything allocates nothing.)
    func endFrame() {
        let now = frame
        if boxes.contains(where: { $0.value.lastUsed != now }) {
            boxes = boxes.filter { $0.value.lastUsed == now }
        }
        if extras.contains(where: { $0.value.lastUsed != now }) {
            extras = extras.filter { $0.value.lastUsed == now }
        }
    }
}
