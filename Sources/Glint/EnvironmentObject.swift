import Foundation
import GlintCore

/// A model class of the older SwiftUI style, as Combine's `ObservableObject`: its `@Published`
/// properties are read by views holding it in `@StateObject`, `@ObservedObject` or
/// `@EnvironmentObject`. Glint draws every view every frame, so a change needs no announcing:
/// `objectWillChange.send()` is accepted and does nothing. (Prefer `@Observable` in new code.)
public protocol ObservableObject: AnyObject {
    /// What announces a change: a stand-in with `send()`, as Glint needs no announcing.
    var objectWillChange: ObservableObjectPublisher { get }
}

extension ObservableObject {
    /// A stand-in whose `send()` does nothing.
    public var objectWillChange: ObservableObjectPublisher { ObservableObjectPublisher() }
}

/// Combine's `ObservableObjectPublisher` as far as models call it: `send()`, which does nothing
/// in Glint (every frame is drawn anew).
public struct ObservableObjectPublisher: Sendable {
    /// A publisher.
    public init() {}

    /// Accepted; changes show on the next frame anyway.
    public func send() {}
}

/// A property of an `ObservableObject` that views read, as Combine's `@Published`: in Glint a
/// plain stored value (the next frame shows a change).
@propertyWrapper
public struct Published<Value> {
    /// The value.
    public var wrappedValue: Value

    /// A published property starting at `wrappedValue`.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    /// A published property starting at `initialValue`.
    public init(initialValue: Value) {
        wrappedValue = initialValue
    }
}

/// Bindings to the properties of an object (`$model.level`), for the object wrappers below.
@dynamicMemberLookup
public struct ObjectBindings<ObjectType: AnyObject> {
    let object: ObjectType

    /// A binding to a property of the object.
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
        Binding(location: KeyPathLocation(object, keyPath))
    }
}

/// An `ObservableObject` a view was given, as SwiftUI's `@ObservedObject`: `$model.level` is a
/// binding to its property. (It lives as long as whoever made it; `@StateObject` keeps one with
/// the view.)
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject> {
    /// The object.
    public var wrappedValue: ObjectType

    /// A view's reference to `wrappedValue`.
    public init(wrappedValue: ObjectType) {
        self.wrappedValue = wrappedValue
    }

    /// A view's reference to `initialValue`.
    public init(initialValue: ObjectType) {
        wrappedValue = initialValue
    }

    /// Bindings to the object's properties: `$model.level`.
    public var projectedValue: ObjectBindings<ObjectType> { ObjectBindings(object: wrappedValue) }
}

/// An `ObservableObject` made once and kept as long as the view, as SwiftUI's `@StateObject`:
/// `@StateObject private var model = Model()` makes the model the first time the view is made
/// and keeps it by the view's identity, as `@State` keeps a value.
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    private let make: () -> ObjectType
    private var box: StateBox<ObjectType?>?

    /// An object made by `thunk`, the first time the view is made.
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {
        make = thunk
    }

    /// The object. Read outside a view's evaluation (never bound), a new one each time, as the
    /// storage lives with the view.
    public var wrappedValue: ObjectType {
        if let object = box?.value { return object }
        return make()
    }

    /// Bindings to the object's properties: `$model.level`.
    public var projectedValue: ObjectBindings<ObjectType> { ObjectBindings(object: wrappedValue) }

    /// Connects the property to its view's storage, making the object the first time.
    public static func _bind(at pointer: UnsafeMutableRawPointer, store: ViewStore, key: StateKey) {
        let property = pointer.assumingMemoryBound(to: StateObject<ObjectType>.self)
        let box: StateBox<ObjectType?> = store.box(for: key, initial: nil)
        if box.value == nil { box.value = property.pointee.make() }
        property.pointee.box = box
    }
}

/// An `ObservableObject` given with `.environmentObject(model)` on a view around this one, as
/// SwiftUI's `@EnvironmentObject`. Where none was given, the view reading it is left out (drawn
/// as nothing), said once on standard error naming the type (SwiftUI stops the app).
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: DynamicProperty {
    private var object: ObjectType?

    /// The object of its type in the view's environment.
    public init() {}

    /// The object. Read outside a view's evaluation there is none, which stops the program, as
    /// SwiftUI's does.
    public var wrappedValue: ObjectType {
        guard let object else {
            fatalError("@EnvironmentObject \(ObjectType.self) read outside a view's body: there is no object to read")
        }
        return object
    }

    /// Bindings to the object's properties: `$model.level`.
    public var projectedValue: ObjectBindings<ObjectType> { ObjectBindings(object: wrappedValue) }

    /// Reads the object from `environment`; false when no view above gave one.
    public static func _bind(at pointer: UnsafeMutableRawPointer, store: ViewStore, key: StateKey,
                             environment: EnvironmentValues) -> Bool {
        let property = pointer.assumingMemoryBound(to: EnvironmentObject<ObjectType>.self)
        if let object = environment.object(of: ObjectType.self) as? ObjectType {
            property.pointee.object = object
            return true
        }
        MissingObjects.report(ObjectType.self, reader: "@EnvironmentObject var …: \(ObjectType.self)",
                              giver: ".environmentObject(model)", optional: nil)
        return false
    }
}

extension View {
    /// The view with `object` in its environment, as SwiftUI's `environmentObject(_:)`: the
    /// views inside read it with `@EnvironmentObject`.
    public func environmentObject<T: ObservableObject>(_ object: T) -> ModifiedContent<Self, _EnvironmentObjectModifier> {
        modifier(_EnvironmentObjectModifier(object: object, type: T.self))
    }
}
