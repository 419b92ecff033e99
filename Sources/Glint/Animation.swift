import Foundation
import GlintCore

// SwiftUI's animation types, from the pure core.
@_exported import struct GlintCore.Animation
@_exported import struct GlintCore.Spring
@_exported import protocol GlintCore.VectorArithmetic
@_exported import protocol GlintCore.Animatable
@_exported import struct GlintCore.AnimatablePair
@_exported import struct GlintCore.EmptyAnimatableData

/// The context of a state change, as SwiftUI's `Transaction`: chiefly the animation the change's
/// effects on views move by. `withAnimation` and `withTransaction` make one for the changes in
/// their body; `.animation(_:value:)` and `.transaction(_:)` change it for a part of the view.
public struct Transaction: Sendable {
    /// How the changes animate; nil shows them at once.
    public var animation: Animation?
    /// Whether `.animation(_:value:)`s inside leave the changes unanimated, as SwiftUI's.
    public var disablesAnimations = false
    /// Whether the change is one of a continuous series (a drag), as SwiftUI's (kept, not read).
    public var isContinuous = false

    /// When the change was made, on the host's clock (the frame's time when not known).
    var start: Double?
    /// Which `withAnimation` completion waits for the change's animations (0: none).
    var completionTag = 0

    /// A transaction with no animation.
    public init() {}

    /// A transaction animating by `animation`.
    public init(animation: Animation?) {
        self.animation = animation
    }
}

/// When `withAnimation(_:completionCriteria:_:completion:)` calls its completion, as SwiftUI's
/// `AnimationCompletionCriteria`.
public struct AnimationCompletionCriteria: Hashable, Sendable {
    let untilRemoved: Bool
    /// Once every animation of the change has reached its target as far as anyone can see (a
    /// spring after its duration, a curve at its end).
    public static let logicallyComplete = AnimationCompletionCriteria(untilRemoved: false)
    /// Once every animation of the change has ended (a spring once settled).
    public static let removed = AnimationCompletionCriteria(untilRemoved: true)
}

/// Runs `body`, animating the changes it makes to views' state by `animation`, and returns what
/// `body` returns, as SwiftUI's `withAnimation`. The changes begin to move at the time on the
/// host's clock when they were made (the event's time, or the last frame's), so a render at a
/// given time shows them at a known point.
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try withTransaction(Transaction(animation: animation), body)
}

/// `withAnimation`, calling `completion` once the animations of the changes are done (by
/// `completionCriteria`), once; when nothing animates, after the next frame.
public func withAnimation<Result>(_ animation: Animation? = .default,
                                  completionCriteria: AnimationCompletionCriteria = .logicallyComplete,
                                  _ body: () throws -> Result, completion: @escaping () -> Void) rethrows -> Result {
    var transaction = Transaction(animation: animation)
    transaction.completionTag = TransactionScope.nextTag()
    let pending = PendingCompletion(tag: transaction.completionTag, criteria: completionCriteria, action: completion)
    return try TransactionScope.run(transaction, completion: pending, body)
}

/// Runs `body` with the changes it makes to views' state belonging to `transaction`, as
/// SwiftUI's `withTransaction`.
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    try TransactionScope.run(transaction, completion: nil, body)
}

/// `withTransaction` of a transaction whose `keyPath` is `value`.
public func withTransaction<Result, Value>(_ keyPath: WritableKeyPath<Transaction, Value>, _ value: Value,
                                           _ body: () throws -> Result) rethrows -> Result {
    var transaction = Transaction()
    transaction[keyPath: keyPath] = value
    return try withTransaction(transaction, body)
}

/// A completion of `withAnimation` waiting for the animations tagged `tag`.
struct PendingCompletion {
    var tag: Int
    var criteria: AnimationCompletionCriteria
    var action: () -> Void
    /// Whether a frame has shown the change (from then on it runs when nothing tagged moves).
    var shown = false
}

/// The transaction of the `withTransaction` body running on this task, and the stores whose
/// state it changed: each is given the transaction for its next frame.
final class TransactionScope: @unchecked Sendable {
    @TaskLocal static var current: TransactionScope?

    let transaction: Transaction
    private(set) var stores: [ViewStore] = []

    init(_ transaction: Transaction) { self.transaction = transaction }

    /// Notes that state of `store` changed in the body.
    func noteChange(in store: ViewStore) {
        if !stores.contains(where: { $0 === store }) { stores.append(store) }
    }

    nonisolated(unsafe) private static var lastTag = 0
    private static let lock = NSLock()
    /// Changes made outside views' state (a model's property): for the next frame of any view.
    nonisolated(unsafe) private static var unclaimed: (Transaction, PendingCompletion?)?

    static func nextTag() -> Int {
        lock.lock()
        defer { lock.unlock() }
        lastTag += 1
        return lastTag
    }

    static func run<Result>(_ transaction: Transaction, completion: PendingCompletion?, _ body: () throws -> Result) rethrows -> Result {
        let scope = TransactionScope(transaction)
        let result = try $current.withValue(scope) { try body() }
        if scope.stores.isEmpty {
            lock.lock()
            unclaimed = (transaction, completion)
            lock.unlock()
        }
        for store in scope.stores {
            store.animations.receive(transaction, completion: completion)
        }
        return result
    }

    /// The transaction made with no view's state changed, if any, taken once.
    static func takeUnclaimed() -> (Transaction, PendingCompletion?)? {
        lock.lock()
        defer { lock.unlock() }
        guard let taken = unclaimed else { return nil }
        unclaimed = nil
        return taken
    }

    /// Whether an unclaimed transaction waits (read without taking it, for the cheap check).
    static var hasUnclaimed: Bool { unclaimed != nil }
}

extension Color: Animatable {
    /// The colour's channels in linear light (sRGB decoded) and its opacity, as SwiftUI's
    /// `Color.Resolved` animates them: a change of colour passes through the lighter midpoints
    /// of light, not of the encoded numbers.
    public var animatableData: AnimatablePair<Float, AnimatablePair<Float, AnimatablePair<Float, Float>>> {
        get {
            AnimatablePair(Self.linear(resolved.red),
                           AnimatablePair(Self.linear(resolved.green), AnimatablePair(Self.linear(resolved.blue), resolved.alpha)))
        }
        set {
            self = Color(GlintCore.Color(red: Self.encoded(newValue.first), green: Self.encoded(newValue.second.first),
                                         blue: Self.encoded(newValue.second.second.first), alpha: newValue.second.second.second))
        }
    }

    /// sRGB's decoding of an encoded channel to linear light.
    static func linear(_ c: Float) -> Float {
        c <= 0.04045 ? c / 12.92 : powf((c + 0.055) / 1.055, 2.4)
    }

    /// sRGB's encoding of a linear channel.
    static func encoded(_ c: Float) -> Float {
        let x = min(max(c, 0), 1)
        return x <= 0.0031308 ? x * 12.92 : 1.055 * powf(x, 1 / 2.4) - 0.055
    }
}

extension EdgeInsets: Animatable {
    /// The four insets: top, leading, bottom, trailing.
    public var animatableData: AnimatablePair<CGFloat, AnimatablePair<CGFloat, AnimatablePair<CGFloat, CGFloat>>> {
        get { AnimatablePair(top, AnimatablePair(leading, AnimatablePair(bottom, trailing))) }
        set {
            top = newValue.first
            leading = newValue.second.first
            bottom = newValue.second.second.first
            trailing = newValue.second.second.second
        }
    }
}

extension View {
    /// Animates the changes inside this view by `animation` in frames where `value` changed, as
    /// SwiftUI's `animation(_:value:)`.
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> ModifiedContent<Self, _AnimationModifier<V>> {
        modifier(_AnimationModifier(animation: animation, value: value, always: false))
    }

    /// Animates every change inside this view by `animation` (SwiftUI's deprecated `animation(_:)`).
    public func animation(_ animation: Animation?) -> ModifiedContent<Self, _AnimationModifier<Bool>> {
        modifier(_AnimationModifier(animation: animation, value: false, always: true))
    }

    /// Changes the transaction of the changes inside this view, as SwiftUI's `transaction(_:)`.
    public func transaction(_ transform: @escaping (inout Transaction) -> Void) -> ModifiedContent<Self, _TransactionModifier> {
        modifier(_TransactionModifier(transform: transform))
    }
}

/// `.animation(_:value:)`: the animation for the content's changes in frames where `value` changed.
public struct _AnimationModifier<Value: Equatable>: ViewModifier {
    let animation: Animation?
    let value: Value
    let always: Bool

    public typealias Body = Never

    /// The slot of the value last seen, in the view's extra storage.
    static var slot: Int { 64 }

    public static func _makeModifier<C: View>(_ modifier: Self, content: C, into graph: inout ViewGraph) {
        let box = graph.store.extra(graph.currentIdentity, slot: slot, initial: modifier.value)
        let changed = box.value != modifier.value
        if changed { box.value = modifier.value }
        let saved = graph.animationScope.transaction
        if (changed || modifier.always) && !saved.disablesAnimations {
            graph.animationScope.transaction.animation = modifier.animation
            graph.animationScope.transaction.start = nil
        }
        graph.makeChild(content)
        graph.animationScope.transaction = saved
    }
}

/// `.transaction(_:)`: the content's changes in a transaction changed by `transform`.
public struct _TransactionModifier: ViewModifier {
    let transform: (inout Transaction) -> Void

    public typealias Body = Never

    public static func _makeModifier<C: View>(_ modifier: Self, content: C, into graph: inout ViewGraph) {
        let saved = graph.animationScope.transaction
        modifier.transform(&graph.animationScope.transaction)
        graph.makeChild(content)
        graph.animationScope.transaction = saved
    }
}
