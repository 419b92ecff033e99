import Foundation
import GlintCore

/// A view made afresh each frame from a value that keyframes move, as SwiftUI's
/// `KeyframeAnimator`:
///
/// ```swift
/// KeyframeAnimator(initialValue: 1.0, trigger: taps) { scale in
///     Circle().frame(width: 40 * scale, height: 40 * scale)
/// } keyframes: { _ in
///     SpringKeyframe(1.5, duration: 0.2, spring: .snappy)
///     CubicKeyframe(1.0, duration: 0.4)
/// }
/// ```
///
/// With a trigger, the keyframes play once each time it changes, starting when it changed on
/// the host's clock (the tap's time), from the value shown then (moving as it moved); after
/// they end the value stays at their end. Without one, they loop while `repeating` is true.
public struct KeyframeAnimator<Value, KeyframePath: Keyframes, Content: View>: View where KeyframePath.Root == Value {
    let initialValue: Value
    let trigger: (any Equatable)?
    let repeating: Bool
    let content: (Value) -> Content
    let keyframes: (Value) -> KeyframePath

    /// Keyframes looping from the time the view appears while `repeating` is true; while false,
    /// the view shows `initialValue`.
    public init(initialValue: Value, repeating: Bool = true, @ViewBuilder content: @escaping (Value) -> Content,
                @KeyframesBuilder<Value> keyframes: @escaping (Value) -> KeyframePath) {
        self.initialValue = initialValue
        self.trigger = nil
        self.repeating = repeating
        self.content = content
        self.keyframes = keyframes
    }

    /// Keyframes playing once each time `trigger` changes.
    public init(initialValue: Value, trigger: some Equatable, @ViewBuilder content: @escaping (Value) -> Content,
                @KeyframesBuilder<Value> keyframes: @escaping (Value) -> KeyframePath) {
        self.initialValue = initialValue
        self.trigger = trigger
        self.repeating = false
        self.content = content
        self.keyframes = keyframes
    }

    public var body: Never { fatalError("KeyframeAnimator has no body") }

    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        let value = graph.keyframeValue(initialValue: view.initialValue, trigger: view.trigger, repeating: view.repeating,
                                        keyframes: view.keyframes)
        graph.makeChild(view.content(value))
    }
}

/// `.keyframeAnimator(…)`: the view, changed by `content` for the value keyframes move.
public struct _KeyframeAnimatorView<Base: View, Value, KeyframePath: Keyframes, Content: View>: View where KeyframePath.Root == Value {
    let base: Base
    let initialValue: Value
    let trigger: (any Equatable)?
    let repeating: Bool
    let content: (PlaceholderContentView<Base>, Value) -> Content
    let keyframes: (Value) -> KeyframePath

    public var body: Never { fatalError("keyframeAnimator has no body") }

    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        let value = graph.keyframeValue(initialValue: view.initialValue, trigger: view.trigger, repeating: view.repeating,
                                        keyframes: view.keyframes)
        graph.makeChild(view.content(PlaceholderContentView(content: view.base), value))
    }
}

extension View {
    /// Changes this view by `content` for a value `keyframes` move, looping while `repeating`
    /// is true, as SwiftUI's `keyframeAnimator(initialValue:repeating:content:keyframes:)`.
    public func keyframeAnimator<Value, K: Keyframes, C: View>(
        initialValue: Value, repeating: Bool = true,
        @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Value) -> C,
        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> K) -> _KeyframeAnimatorView<Self, Value, K, C> where K.Root == Value {
        _KeyframeAnimatorView(base: self, initialValue: initialValue, trigger: nil, repeating: repeating, content: content, keyframes: keyframes)
    }

    /// Changes this view by `content` for a value `keyframes` move, playing them once each time
    /// `trigger` changes, as SwiftUI's `keyframeAnimator(initialValue:trigger:content:keyframes:)`.
    /// They start when the trigger changed on the host's clock, so a frame drawn at a time
    /// (`ImageRenderer`, `glint render --time`) shows them exactly there.
    public func keyframeAnimator<Value, K: Keyframes, C: View>(
        initialValue: Value, trigger: some Equatable,
        @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Value) -> C,
        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> K) -> _KeyframeAnimatorView<Self, Value, K, C> where K.Root == Value {
        _KeyframeAnimatorView(base: self, initialValue: initialValue, trigger: trigger, repeating: false, content: content, keyframes: keyframes)
    }
}

/// Whether `a` and `b` are equal values of one type.
func triggersEqual(_ a: any Equatable, _ b: any Equatable) -> Bool {
    func open<T: Equatable>(_ a: T) -> Bool { (b as? T) == a }
    return open(a)
}

/// What a keyframe animator keeps between frames.
final class KeyframePlayback<Value> {
    /// What it shows when nothing plays.
    var rest: Value
    var timeline: KeyframeTimeline<Value>?
    /// When the timeline started, on the host's clock.
    var start = 0.0
    var trigger: (any Equatable)?
    /// Whether the view has been made before (a trigger's first value starts nothing).
    var seen = false

    init(_ value: Value) { rest = value }

    /// The slot it is kept in, in the view's extra storage.
    static var slot: Int { 72 }

    /// The value shown at `time`, the timeline ending there if it has.
    func value(at time: Double, repeating: Bool) -> Value {
        guard let timeline else { return rest }
        var t = time - start
        if repeating {
            if timeline.duration > 0 { t = t.truncatingRemainder(dividingBy: timeline.duration) }
            return timeline.value(time: max(t, 0))
        }
        if t >= timeline.duration {
            rest = timeline.value(time: timeline.duration)
            self.timeline = nil
            return rest
        }
        return timeline.value(time: t)
    }
}

extension ViewGraph {
    /// The value a keyframe animator shows this frame: its keyframes (re)started when `trigger`
    /// changed (at the time it changed) or, with no trigger, looping from when the view appeared
    /// or `repeating` turned true.
    mutating func keyframeValue<Value, K: Keyframes>(initialValue: Value, trigger: (any Equatable)?, repeating: Bool,
                                                     keyframes: (Value) -> K) -> Value where K.Root == Value {
        let playback = store.extra(currentIdentity, slot: KeyframePlayback<Value>.slot, initial: KeyframePlayback(initialValue)).value
        let now = time
        let firstFrame = !playback.seen
        playback.seen = true
        // A change noticed now was made when the host's clock was last seen (the tap's time).
        let changedAt = firstFrame ? now : min(store.animations.changeTime, now)
        if let trigger {
            if firstFrame {
                playback.trigger = trigger
            } else if let last = playback.trigger, !triggersEqual(trigger, last) {
                playback.trigger = trigger
                let current = playback.value(at: changedAt, repeating: false)
                playback.timeline = KeyframeTimeline(initialValue: current, tracks: keyframes(current)._tracks,
                                                     continuing: playback.timeline, at: changedAt - playback.start)
                playback.start = changedAt
            }
            return playback.value(at: now, repeating: false)
        }
        if !repeating {
            playback.timeline = nil
            playback.rest = initialValue
            return initialValue
        }
        if playback.timeline == nil {
            playback.timeline = KeyframeTimeline(initialValue: initialValue, tracks: keyframes(initialValue)._tracks, continuing: nil, at: 0)
            playback.start = changedAt
        }
        return playback.value(at: now, repeating: true)
    }
}
