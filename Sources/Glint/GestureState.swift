import Foundation
import GlintCore

/// A value a gesture sets while it is under way and that goes back to where it began when the
/// gesture ends, as SwiftUI's `@GestureState`: set it in `updating(_:body:)`, read it in `body`.
///
/// ```swift
/// @GestureState private var drag = CGSize.zero
/// Circle().offset(drag)
///     .gesture(DragGesture().updating($drag) { value, state, _ in state = value.translation })
/// ```
@propertyWrapper
public struct GestureState<Value>: DynamicProperty {
    private let initial: Value
    private let resetTransaction: Transaction
    private let reset: ((Value, inout Transaction) -> Void)?
    private var box: StateBox<Value>?

    /// A gesture state starting at, and going back to, `wrappedValue`.
    public init(wrappedValue: Value) {
        self.init(wrappedValue: wrappedValue, resetTransaction: Transaction())
    }

    /// A gesture state starting at `initialValue`.
    public init(initialValue: Value) {
        self.init(wrappedValue: initialValue)
    }

    /// A gesture state going back to `wrappedValue` in `resetTransaction` (with its animation).
    public init(wrappedValue: Value, resetTransaction: Transaction) {
        initial = wrappedValue
        self.resetTransaction = resetTransaction
        reset = nil
    }

    /// A gesture state going back to `wrappedValue`, `reset` called with the value it had and the
    /// transaction to go back in.
    public init(wrappedValue: Value, reset: @escaping (Value, inout Transaction) -> Void) {
        initial = wrappedValue
        resetTransaction = Transaction()
        self.reset = reset
    }

    /// The value now: what the gesture set, or the initial value when none is under way.
    public var wrappedValue: Value { box?.value ?? initial }

    /// The state itself, for `updating($state)`.
    public var projectedValue: GestureState<Value> { self }

    /// Connects the property to its view's storage.
    public static func _bind(at pointer: UnsafeMutableRawPointer, store: ViewStore, key: StateKey) {
        let state = pointer.assumingMemoryBound(to: GestureState<Value>.self)
        state.pointee.box = store.box(for: key, initial: state.pointee.initial)
    }

    /// Sets the value in `transaction` (a gesture's update).
    func set(_ value: Value, in transaction: Transaction) {
        guard let box else { return }
        withTransaction(transaction) { box.value = value }
    }

    /// Back to the initial value: the gesture ended or was taken away.
    func goBack() {
        guard let box else { return }
        var transaction = resetTransaction
        reset?(box.value, &transaction)
        withTransaction(transaction) { box.value = initial }
    }
}

extension GestureState {
    /// A gesture's `changed` and `finished` callbacks, wrapped so that `body` sets this state as
    /// the gesture changes and the state goes back when it finishes (`updating(_:body:)`).
    func updating<GestureValue>(_ changed: ((GestureValue) -> Void)?, _ finished: (() -> Void)?,
                                body: @escaping (GestureValue, inout Value, inout Transaction) -> Void)
        -> (changed: (GestureValue) -> Void, finished: () -> Void) {
        let state = self
        return ({ value in
            changed?(value)
            var current = state.wrappedValue
            var transaction = Transaction()
            body(value, &current, &transaction)
            state.set(current, in: transaction)
        }, {
            finished?()
            state.goBack()
        })
    }
}

extension DragGesture {
    /// Sets `state` with `body` as the drag moves; `state` goes back to its initial value when
    /// the drag ends or is taken away, as SwiftUI's `updating(_:body:)`.
    public func updating<State>(_ state: GestureState<State>,
                                body: @escaping (Value, inout State, inout Transaction) -> Void) -> DragGesture {
        var copy = self
        (copy.changed, copy.finished) = state.updating(changed, finished, body: body)
        return copy
    }
}

extension LongPressGesture {
    /// Sets `state` with `body` (given true) while the press is held; it goes back when the press
    /// ends, as SwiftUI's `updating(_:body:)`.
    public func updating<State>(_ state: GestureState<State>,
                                body: @escaping (Bool, inout State, inout Transaction) -> Void) -> LongPressGesture {
        var copy = self
        let pressing = self.pressing
        copy.pressing = { isPressing in
            pressing?(isPressing)
            if isPressing {
                var current = state.wrappedValue
                var transaction = Transaction()
                body(true, &current, &transaction)
                state.set(current, in: transaction)
            } else {
                state.goBack()
            }
        }
        return copy
    }
}
