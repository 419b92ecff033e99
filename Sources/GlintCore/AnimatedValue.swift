/// A value shown on its way to a target, moved by the animations of the changes made to it, as
/// SwiftUI animates an attribute: a spring change (`Animation.mergesWithRunning`) takes over from
/// where the value is, keeping its velocity; a timing curve or an interpolating spring adds its
/// own change to what is running, so an interrupted curve blends into the next.
///
/// Time is passed in (the host's clock), never read. Its storage is kept: once the first
/// change has run, later changes and samples allocate nothing.
public struct AnimatedValue<V: VectorArithmetic> {
    /// One change still moving: the value is `target` plus each one's offset.
    struct Change {
        var animation: Animation
        /// When it began, on the host's clock.
        var start: Double
        /// Where the value was relative to the new target when it began.
        var offset: V
        var velocity: V
        /// Who waits for it (a `withAnimation` completion), 0 for nobody.
        var tag: Int
    }

    /// Where the value is going: the last value set.
    public private(set) var target: V
    private var changes: [Change] = []

    /// The most changes kept moving at once; an older one ends at once when a newer one comes.
    public static var maximumChanges: Int { 8 }

    /// A value resting at `value`.
    public init(_ value: V) {
        target = value
    }

    /// Whether anything is still moving.
    public var isAnimating: Bool { !changes.isEmpty }

    /// The value and velocity shown at `time`.
    public func sample(at time: Double) -> (value: V, velocity: V) {
        var value = target
        var velocity = V.zero
        var i = 0
        while i < changes.count {
            let s = changes[i].animation.sample(from: changes[i].offset, to: .zero, initialVelocity: changes[i].velocity,
                                                elapsed: time - changes[i].start)
            value += s.value
            velocity += s.velocity
            i += 1
        }
        return (value, velocity)
    }

    /// Sets the target to `newTarget` at `time`, moving there by `animation` (at once when nil).
    /// `tag` marks the change for `isRunning(tag:at:)`.
    public mutating func set(_ newTarget: V, animation: Animation?, at time: Double, tag: Int = 0) {
        guard let animation else {
            changes.removeAll(keepingCapacity: true)
            target = newTarget
            return
        }
        if animation.mergesWithRunning {
            let (value, velocity) = sample(at: time)
            changes.removeAll(keepingCapacity: true)
            changes.append(Change(animation: animation, start: time, offset: value - newTarget, velocity: velocity, tag: tag))
        } else {
            if changes.count >= Self.maximumChanges { changes.remove(at: 0) }
            var velocity = V.zero
            if case .interpolatingSpring(_, let fraction) = animation.base {
                velocity = (newTarget - target).scaled(by: fraction)
            }
            changes.append(Change(animation: animation, start: time, offset: target - newTarget, velocity: velocity, tag: tag))
        }
        target = newTarget
    }

    /// Drops the changes that have ended by `time`.
    public mutating func removeFinished(at time: Double) {
        var i = changes.count - 1
        while i >= 0 {
            if changes[i].animation.coefficients(at: time - changes[i].start).complete {
                changes.remove(at: i)
            }
            i -= 1
        }
    }

    /// Whether a change tagged `tag` is still moving at `time`: not yet logically complete, or
    /// with `removal`, not yet ended.
    public func isRunning(tag: Int, at time: Double, untilRemoved removal: Bool = false) -> Bool {
        var i = 0
        while i < changes.count {
            if changes[i].tag == tag {
                let c = changes[i].animation.coefficients(at: time - changes[i].start)
                if !(removal ? c.complete : c.logicallyComplete) { return true }
            }
            i += 1
        }
        return false
    }
}
