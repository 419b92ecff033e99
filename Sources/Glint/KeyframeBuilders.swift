import Foundation
import GlintCore

// The result builders of SwiftUI's keyframes (Keyframes.swift): keyframes one after another in a
// track, tracks side by side.

/// Puts keyframes one after another, as SwiftUI's `KeyframeTrackContentBuilder`.
@resultBuilder
public enum KeyframeTrackContentBuilder<Value: Animatable> {
    /// A keyframe, or keyframes: in order.
    public static func buildExpression<K: KeyframeTrackContent>(_ expression: K) -> _KeyframeList<Value> where K.Value == Value {
        expression._keyframes
    }
    /// No statements: nothing.
    public static func buildBlock() -> _KeyframeList<Value> { _KeyframeList(keyframes: []) }
    /// The first statement: itself.
    public static func buildPartialBlock(first: _KeyframeList<Value>) -> _KeyframeList<Value> { first }
    /// The statements so far, then the next.
    public static func buildPartialBlock(accumulated: _KeyframeList<Value>, next: _KeyframeList<Value>) -> _KeyframeList<Value> {
        _KeyframeList(keyframes: accumulated.keyframes + next.keyframes)
    }
    /// A `for` loop's statements, one after another.
    public static func buildArray(_ components: [_KeyframeList<Value>]) -> _KeyframeList<Value> {
        _KeyframeList(keyframes: components.flatMap(\.keyframes))
    }
    /// The `if` branch taken.
    public static func buildEither(first: _KeyframeList<Value>) -> _KeyframeList<Value> { first }
    /// The `else` branch taken.
    public static func buildEither(second: _KeyframeList<Value>) -> _KeyframeList<Value> { second }
    /// An `if` with no `else`: its statements, or nothing.
    public static func buildOptional(_ component: _KeyframeList<Value>?) -> _KeyframeList<Value> {
        component ?? _KeyframeList(keyframes: [])
    }
    /// An `if #available` branch: its statements.
    public static func buildLimitedAvailability(_ component: _KeyframeList<Value>) -> _KeyframeList<Value> { component }
}

/// Puts tracks side by side, as SwiftUI's `KeyframesBuilder`; keyframes written straight in it
/// move the whole value, one after another.
@resultBuilder
public enum KeyframesBuilder<Root> {
    /// Tracks: as they are.
    public static func buildExpression<K: Keyframes>(_ expression: K) -> _KeyframeTracks<Root> where K.Root == Root {
        expression._tracks
    }
    /// Keyframes written straight in: a track of the whole value.
    public static func buildExpression<K: KeyframeTrackContent>(_ expression: K) -> _KeyframeTracks<Root> where K.Value == Root {
        _KeyframeTracks(tracks: [PropertyTrackSource(keyPath: \Root.self, keyframes: expression._keyframes.keyframes, isWholeValue: true)])
    }
    /// No statements: nothing.
    public static func buildBlock() -> _KeyframeTracks<Root> { _KeyframeTracks(tracks: []) }
    /// The first statement: itself.
    public static func buildPartialBlock(first: _KeyframeTracks<Root>) -> _KeyframeTracks<Root> { first }
    /// The tracks so far and the next, side by side.
    public static func buildPartialBlock(accumulated: _KeyframeTracks<Root>, next: _KeyframeTracks<Root>) -> _KeyframeTracks<Root> {
        accumulated.followed(by: next)
    }
    /// A `for` loop's tracks, side by side.
    public static func buildArray(_ components: [_KeyframeTracks<Root>]) -> _KeyframeTracks<Root> {
        components.reduce(_KeyframeTracks(tracks: [])) { $0.followed(by: $1) }
    }
    /// The `if` branch taken.
    public static func buildEither(first: _KeyframeTracks<Root>) -> _KeyframeTracks<Root> { first }
    /// The `else` branch taken.
    public static func buildEither(second: _KeyframeTracks<Root>) -> _KeyframeTracks<Root> { second }
    /// An `if` with no `else`: its statements, or nothing.
    public static func buildOptional(_ component: _KeyframeTracks<Root>?) -> _KeyframeTracks<Root> {
        component ?? _KeyframeTracks(tracks: [])
    }
    /// An `if #available` branch: its statements.
    public static func buildLimitedAvailability(_ component: _KeyframeTracks<Root>) -> _KeyframeTracks<Root> { component }
}
