import Foundation
import GlintCore

// SwiftUI's keyframes: tracks of keyframes that move the properties of a value over time, each
// track on its own clock, evaluated in closed form (`KeyframeTimeline`) so a frame at any time
// shows the value it would have had had every frame been drawn.

/// A curve from 0 to 1 over progress 0 to 1, as SwiftUI's `UnitCurve`: how a `LinearKeyframe`
/// moves between its values.
public struct UnitCurve: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        case linear
        case bezier(TimingCurve)
        case circularEaseIn, circularEaseOut, circularEaseInOut
    }

    let kind: Kind

    /// Constant speed.
    public static let linear = UnitCurve(kind: .linear)
    /// The Bézier (0.42, 0, 1, 1).
    public static let easeIn = bezier(startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 1, y: 1))
    /// The Bézier (0, 0, 0.58, 1).
    public static let easeOut = bezier(startControlPoint: UnitPoint(x: 0, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1))
    /// The Bézier (0.42, 0, 0.58, 1).
    public static let easeInOut = bezier(startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1))
    /// 1 − √(1 − x²): a quarter circle, slow at first.
    public static let circularEaseIn = UnitCurve(kind: .circularEaseIn)
    /// √(1 − (1 − x)²): a quarter circle, slow at the end.
    public static let circularEaseOut = UnitCurve(kind: .circularEaseOut)
    /// The two quarter circles, each over half the progress.
    public static let circularEaseInOut = UnitCurve(kind: .circularEaseInOut)

    /// The cubic Bézier from (0, 0) to (1, 1) through two control points.
    public static func bezier(startControlPoint: UnitPoint, endControlPoint: UnitPoint) -> UnitCurve {
        UnitCurve(kind: .bezier(TimingCurve(Double(startControlPoint.x), Double(startControlPoint.y),
                                            Double(endControlPoint.x), Double(endControlPoint.y))))
    }

    /// The curve's value at `progress` (clamped to 0 … 1).
    public func value(at progress: Double) -> Double {
        let x = progress.isFinite ? min(max(progress, 0), 1) : 0
        switch kind {
        case .linear: return x
        case .bezier(let curve): return curve.progress(at: x).value
        case .circularEaseIn: return 1 - (1 - x * x).squareRoot()
        case .circularEaseOut: return (1 - (1 - x) * (1 - x)).squareRoot()
        case .circularEaseInOut:
            return x < 0.5 ? (1 - (1 - 4 * x * x).squareRoot()) / 2 : ((1 - (2 - 2 * x) * (2 - 2 * x)).squareRoot() + 1) / 2
        }
    }

    /// The curve's slope at `progress` (value per unit of progress).
    public func velocity(at progress: Double) -> Double {
        let x = progress.isFinite ? min(max(progress, 0), 1) : 0
        switch kind {
        case .linear: return 1
        case .bezier(let curve):
            if x >= 1 { return Self.bezierEndSlope(curve) }
            return curve.progress(at: x).rate
        case .circularEaseIn:
            let r = (1 - x * x).squareRoot()
            return r > 1e-9 ? x / r : 1e9
        case .circularEaseOut:
            let r = (1 - (1 - x) * (1 - x)).squareRoot()
            return r > 1e-9 ? (1 - x) / r : 1e9
        case .circularEaseInOut:
            if x < 0.5 {
                let r = (1 - 4 * x * x).squareRoot()
                return r > 1e-9 ? 4 * x / r : 1e9
            }
            let u = 2 - 2 * x
            let r = (1 - u * u).squareRoot()
            return r > 1e-9 ? 2 * u / r : 1e9
        }
    }

    /// A Bézier's slope at its end: (1 − c1y) / (1 − c1x).
    private static func bezierEndSlope(_ c: TimingCurve) -> Double {
        1 - c.c1x > 1e-9 ? (1 - c.c1y) / (1 - c.c1x) : 0
    }
}

/// One keyframe of a track, as written (a keyframe type's `_keyframes` lists these).
public struct _Keyframe<Value: Animatable> {
    enum Kind {
        case linear(UnitCurve)
        case cubic(start: Value.AnimatableData?, end: Value.AnimatableData?)
        case spring(Spring, start: Value.AnimatableData?)
        case move
    }

    var target: Value.AnimatableData
    /// Seconds; nil for a spring's settling duration.
    var duration: Double?
    var kind: Kind

    init(_ target: Value, duration: Double?, kind: Kind) {
        self.target = target.animatableData
        self.duration = duration.map(Keyframing.checked)
        self.kind = kind
    }
}

/// Keyframes in the order they play: what a `KeyframeTrackContentBuilder` makes.
public struct _KeyframeList<Value: Animatable>: KeyframeTrackContent {
    var keyframes: [_Keyframe<Value>]
    /// The list itself.
    public var body: Self { self }
    public var _keyframes: _KeyframeList<Value> { self }
}

/// Keyframes of one property, as SwiftUI's `KeyframeTrackContent`: a keyframe, or keyframes one
/// after another made by a `KeyframeTrackContentBuilder`.
public protocol KeyframeTrackContent<Value> {
    /// The type of the property the keyframes move.
    associatedtype Value: Animatable = Body.Value
    /// The keyframes this content is made of.
    associatedtype Body: KeyframeTrackContent where Body.Value == Value
    /// The keyframes this content is made of.
    @KeyframeTrackContentBuilder<Value> var body: Body { get }
    /// The keyframes in order (made from `body` unless the content is a keyframe itself).
    var _keyframes: _KeyframeList<Value> { get }
}

extension KeyframeTrackContent {
    public var _keyframes: _KeyframeList<Value> { body._keyframes }
}

/// A keyframe moving in a straight line to its value over `duration`, paced by a `UnitCurve`, as
/// SwiftUI's `LinearKeyframe`.
public struct LinearKeyframe<Value: Animatable>: KeyframeTrackContent {
    let keyframe: _Keyframe<Value>
    /// A keyframe reaching `to` after `duration` seconds along `timingCurve`.
    public init(_ to: Value, duration: TimeInterval, timingCurve: UnitCurve = .linear) {
        keyframe = _Keyframe(to, duration: duration, kind: .linear(timingCurve))
    }
    /// The keyframe, as a list of one.
    public var body: _KeyframeList<Value> { _keyframes }
    public var _keyframes: _KeyframeList<Value> { _KeyframeList(keyframes: [keyframe]) }
}

/// A keyframe moving along a cubic curve, as SwiftUI's `CubicKeyframe`: with no velocities given,
/// cubic keyframes next to each other make a Catmull-Rom spline through their values (the
/// velocity at each value is the change from the value before it to the one after it, over the
/// time between them); next to another kind of keyframe, the velocity where they meet is that
/// keyframe's.
public struct CubicKeyframe<Value: Animatable>: KeyframeTrackContent {
    let keyframe: _Keyframe<Value>
    /// A keyframe reaching `to` after `duration` seconds, leaving at `startVelocity` and arriving
    /// at `endVelocity` (units per second) where given.
    public init(_ to: Value, duration: TimeInterval, startVelocity: Value? = nil, endVelocity: Value? = nil) {
        keyframe = _Keyframe(to, duration: duration, kind: .cubic(start: startVelocity?.animatableData, end: endVelocity?.animatableData))
    }
    /// The keyframe, as a list of one.
    public var body: _KeyframeList<Value> { _keyframes }
    public var _keyframes: _KeyframeList<Value> { _KeyframeList(keyframes: [keyframe]) }
}

/// A keyframe moving along a spring from the value before it toward its own, as SwiftUI's
/// `SpringKeyframe`: for `duration` seconds (the spring's settling duration when nil); cut short,
/// the next keyframe starts from where the spring is, moving as it moves.
public struct SpringKeyframe<Value: Animatable>: KeyframeTrackContent {
    let keyframe: _Keyframe<Value>
    /// A keyframe springing toward `to` along `spring`, starting at `startVelocity` (units per
    /// second; the velocity the value has when nil).
    public init(_ to: Value, duration: TimeInterval? = nil, spring: Spring = Spring(), startVelocity: Value? = nil) {
        keyframe = _Keyframe(to, duration: duration, kind: .spring(spring, start: startVelocity?.animatableData))
    }
    /// The keyframe, as a list of one.
    public var body: _KeyframeList<Value> { _keyframes }
    public var _keyframes: _KeyframeList<Value> { _KeyframeList(keyframes: [keyframe]) }
}

/// A keyframe that jumps to its value at once, as SwiftUI's `MoveKeyframe`.
public struct MoveKeyframe<Value: Animatable>: KeyframeTrackContent {
    let keyframe: _Keyframe<Value>
    /// A keyframe jumping to `to`.
    public init(_ to: Value) {
        keyframe = _Keyframe(to, duration: 0, kind: .move)
    }
    /// The keyframe, as a list of one.
    public var body: _KeyframeList<Value> { _keyframes }
    public var _keyframes: _KeyframeList<Value> { _KeyframeList(keyframes: [keyframe]) }
}

/// Tracks that play at the same time, each moving a property of a `Root` value, as SwiftUI's
/// `Keyframes`: a `KeyframeTrack`, or tracks made by a `KeyframesBuilder`. (The primary type is
/// the value the tracks move, named `Root` here so that `KeyframeTrack` can name its property's
/// type `Value` as SwiftUI does.)
public protocol Keyframes<Root> {
    /// The type of the value the tracks move.
    associatedtype Root = Body.Root
    /// The tracks these keyframes are made of.
    associatedtype Body: Keyframes where Body.Root == Root
    /// The tracks these keyframes are made of.
    @KeyframesBuilder<Root> var body: Body { get }
    /// The tracks (made from `body` unless these are tracks themselves).
    var _tracks: _KeyframeTracks<Root> { get }
}

extension Keyframes {
    public var _tracks: _KeyframeTracks<Root> { body._tracks }
}

/// Tracks playing at the same time: what a `KeyframesBuilder` makes.
public struct _KeyframeTracks<Root>: Keyframes {
    var tracks: [any KeyframeTrackSource<Root>]
    /// The tracks themselves.
    public var body: Self { self }
    public var _tracks: _KeyframeTracks<Root> { self }

    /// These tracks, then `next`'s: keyframes of the whole value written one after another
    /// (`MoveKeyframe(0)` then `LinearKeyframe(1, duration: 1)`) stay one track.
    func followed(by next: _KeyframeTracks<Root>) -> _KeyframeTracks<Root> {
        var tracks = self.tracks
        var rest = next.tracks[...]
        if let last = tracks.last, let first = rest.first, let joined = last.joined(with: first) {
            tracks[tracks.count - 1] = joined
            rest = rest.dropFirst()
        }
        return _KeyframeTracks(tracks: tracks + rest)
    }
}

/// The keyframes of one property of a `Root` value, as SwiftUI's `KeyframeTrack`:
///
/// ```swift
/// KeyframeTrack(\.scale) {
///     LinearKeyframe(1.0, duration: 0.25)
///     SpringKeyframe(1.5, duration: 0.5, spring: .bouncy)
///     CubicKeyframe(1.0, duration: 0.5)
/// }
/// ```
///
/// Its keyframes start from the property's value when the timeline starts.
public struct KeyframeTrack<Root, Value: Animatable, Content: KeyframeTrackContent>: Keyframes where Content.Value == Value {
    let keyPath: WritableKeyPath<Root, Value>
    let content: _KeyframeList<Value>

    /// A track moving the property at `keyPath`.
    public init(_ keyPath: WritableKeyPath<Root, Value>, @KeyframeTrackContentBuilder<Value> content: () -> Content) {
        self.keyPath = keyPath
        self.content = content()._keyframes
    }

    /// The track itself.
    public var body: _KeyframeTracks<Root> { _tracks }
    public var _tracks: _KeyframeTracks<Root> {
        _KeyframeTracks(tracks: [PropertyTrackSource(keyPath: keyPath, keyframes: content.keyframes, isWholeValue: false)])
    }
}

extension KeyframeTrack where Root == Value {
    /// A track moving the whole value.
    public init(@KeyframeTrackContentBuilder<Root> content: () -> Content) {
        self.init(\Root.self, content: content)
    }
}

/// The values of keyframes over time, as SwiftUI's `KeyframeTimeline`: made once, read at any
/// time in closed form (nothing is stepped, nothing allocated when read).
///
/// ```swift
/// let timeline = KeyframeTimeline(initialValue: 0.0) {
///     LinearKeyframe(10.0, duration: 1)
///     SpringKeyframe(0.0, duration: 1, spring: .bouncy)
/// }
/// timeline.value(time: 0.5)  // 5
/// ```
public struct KeyframeTimeline<Value> {
    let initialValue: Value
    let tracks: [any ResolvedKeyframeTrack<Value>]
    /// The seconds until the longest track ends.
    public let duration: TimeInterval

    /// The timeline of `content`'s tracks, starting from `initialValue`.
    public init<Content: Keyframes>(initialValue: Value, @KeyframesBuilder<Value> content: () -> Content) where Content.Root == Value {
        self.init(initialValue: initialValue, tracks: content()._tracks, continuing: nil, at: 0)
    }

    /// The timeline of `tracks` from `initialValue`, each track starting at the velocity its
    /// property had in `previous` at `time` (an animation interrupted keeps its motion).
    init(initialValue: Value, tracks: _KeyframeTracks<Value>, continuing previous: KeyframeTimeline<Value>?, at time: Double) {
        self.initialValue = initialValue
        var resolved: [any ResolvedKeyframeTrack<Value>] = []
        var longest = 0.0
        for source in tracks.tracks {
            let track = source.resolve(from: initialValue, continuing: previous?.tracks ?? [], at: time)
            longest = max(longest, track.duration)
            resolved.append(track)
        }
        self.tracks = resolved
        duration = longest
    }

    /// The value `time` seconds after the start (the initial value before it, the end value
    /// after the end).
    public func value(time: Double) -> Value {
        var value = initialValue
        var i = 0
        while i < tracks.count {
            tracks[i].apply(to: &value, at: time)
            i += 1
        }
        return value
    }

    /// The value at `progress` of the duration (0 the start, 1 the end).
    public func value(progress: Double) -> Value {
        value(time: progress * duration)
    }
}

/// A track as written, before its keyframes are laid out in time.
protocol KeyframeTrackSource<Root> {
    associatedtype Root
    /// The track laid out from the property's value in `initial`.
    func resolve(from initial: Root, continuing previous: [any ResolvedKeyframeTrack<Root>], at time: Double) -> any ResolvedKeyframeTrack<Root>
    /// This track and `next` as one, when both move the whole value.
    func joined(with next: any KeyframeTrackSource<Root>) -> (any KeyframeTrackSource<Root>)?
}

/// A track laid out in time.
protocol ResolvedKeyframeTrack<Root> {
    associatedtype Root
    var duration: Double { get }
    /// Writes the track's value at `time` into its property of `root`.
    func apply(to root: inout Root, at time: Double)
}

struct PropertyTrackSource<Root, Value: Animatable>: KeyframeTrackSource {
    let keyPath: WritableKeyPath<Root, Value>
    let keyframes: [_Keyframe<Value>]
    let isWholeValue: Bool

    func resolve(from initial: Root, continuing previous: [any ResolvedKeyframeTrack<Root>], at time: Double) -> any ResolvedKeyframeTrack<Root> {
        var velocity = Value.AnimatableData.zero
        for track in previous {
            if let same = track as? ResolvedPropertyTrack<Root, Value>, same.keyPath == keyPath {
                velocity = same.sample(at: time)?.velocity ?? .zero
            }
        }
        return ResolvedPropertyTrack(keyPath: keyPath,
                                     segments: Keyframing.segments(keyframes, from: initial[keyPath: keyPath].animatableData, velocity: velocity))
    }

    func joined(with next: any KeyframeTrackSource<Root>) -> (any KeyframeTrackSource<Root>)? {
        guard isWholeValue, let other = next as? Self, other.isWholeValue else { return nil }
        return PropertyTrackSource(keyPath: keyPath, keyframes: keyframes + other.keyframes, isWholeValue: true)
    }
}

struct ResolvedPropertyTrack<Root, Value: Animatable>: ResolvedKeyframeTrack {
    typealias Data = Value.AnimatableData
    let keyPath: WritableKeyPath<Root, Value>
    let segments: [KeyframeSegment<Data>]

    var duration: Double { segments.last.map { $0.start + $0.duration } ?? 0 }

    /// The value and velocity at `time`.
    func sample(at time: Double) -> (value: Data, velocity: Data)? {
        guard !segments.isEmpty else { return nil }
        var i = segments.count - 1
        while i > 0 && segments[i].start > time { i -= 1 }
        return segments[i].sample(at: time - segments[i].start)
    }

    func apply(to root: inout Root, at time: Double) {
        guard let (value, _) = sample(at: time) else { return }
        root[keyPath: keyPath].animatableData = value
    }
}

/// One keyframe laid out: from where the value was, over `duration` from `start`.
struct KeyframeSegment<Data: VectorArithmetic> {
    enum Motion {
        case curve(UnitCurve)
        /// A cubic Hermite curve leaving at `v0` and arriving at `v1` (units per second).
        case hermite(v0: Data, v1: Data)
        case spring(Spring, v0: Data)
        case jump
    }

    var start: Double
    var duration: Double
    var from: Data
    var to: Data
    var motion: Motion

    /// The value and velocity `local` seconds into the segment (held after its end).
    func sample(at local: Double) -> (value: Data, velocity: Data) {
        let t = min(max(local.isNaN ? 0 : local, 0), duration)
        switch motion {
        case .jump:
            return (to, .zero)
        case .curve(let curve):
            guard duration > 0 else { return (to, .zero) }
            let s = t / duration
            let delta = to - from
            return (from + delta.scaled(by: curve.value(at: s)), delta.scaled(by: curve.velocity(at: s) / duration))
        case .hermite(let v0, let v1):
            guard duration > 0 else { return (to, v1) }
            let d = duration, s = t / duration
            let s2 = s * s, s3 = s2 * s
            let value = from.scaled(by: 2 * s3 - 3 * s2 + 1) + v0.scaled(by: d * (s3 - 2 * s2 + s))
                + to.scaled(by: -2 * s3 + 3 * s2) + v1.scaled(by: d * (s3 - s2))
            let velocity = (from - to).scaled(by: (6 * s2 - 6 * s) / d) + v0.scaled(by: 3 * s2 - 4 * s + 1)
                + v1.scaled(by: 3 * s2 - 2 * s)
            return (value, velocity)
        case .spring(let spring, let v0):
            return (spring.value(fromValue: from, toValue: to, initialVelocity: v0, time: t),
                    spring.velocity(target: to - from, initialVelocity: v0, time: t))
        }
    }
}

/// Laying keyframes out in time.
enum Keyframing {
    nonisolated(unsafe) private static var saidDuration = false
    private static let lock = NSLock()

    /// A keyframe's duration: a number of seconds 0 or more (anything else is said once and taken as 0).
    static func checked(_ duration: Double) -> Double {
        if duration.isFinite && duration >= 0 { return duration }
        lock.lock()
        defer { lock.unlock() }
        if !saidDuration {
            saidDuration = true
            FileHandle.standardError.write(Data("glint: a keyframe's duration \(duration) is not a number of seconds 0 or more; 0 is used\n".utf8))
        }
        return 0
    }

    /// The segments of `keyframes` starting from `initial`, moving at `velocity`.
    static func segments<D: VectorArithmetic, V: Animatable>(_ keyframes: [_Keyframe<V>], from initial: D,
                                                           velocity initialVelocity: D) -> [KeyframeSegment<D>] where V.AnimatableData == D {
        var segments: [KeyframeSegment<D>] = []
        segments.reserveCapacity(keyframes.count + 1)
        // The point each keyframe starts from, and when: the Catmull-Rom tangents use the one before.
        var time = 0.0
        var value = initial
        var velocity = initialVelocity
        var before: (value: D, time: Double)?
        segments.append(KeyframeSegment(start: 0, duration: 0, from: initial, to: initial, motion: .jump))
        for (i, keyframe) in keyframes.enumerated() {
            let start = (value: value, time: time)
            switch keyframe.kind {
            case .move:
                segments.append(KeyframeSegment(start: time, duration: 0, from: value, to: keyframe.target, motion: .jump))
                value = keyframe.target
                velocity = .zero
            case .linear(let curve):
                let d = keyframe.duration ?? 0
                segments.append(KeyframeSegment(start: time, duration: d, from: value, to: keyframe.target, motion: .curve(curve)))
                velocity = d > 0 ? (keyframe.target - value).scaled(by: curve.velocity(at: 1) / d) : .zero
                value = keyframe.target
                time += d
            case .spring(let spring, let start):
                let d = keyframe.duration ?? spring.settlingDuration
                let segment = KeyframeSegment(start: time, duration: d, from: value, to: keyframe.target,
                                              motion: .spring(spring, v0: start ?? velocity))
                (value, velocity) = segment.sample(at: d)
                segments.append(segment)
                time += d
            case .cubic(let startVelocity, let endVelocity):
                let d = keyframe.duration ?? 0
                var v0 = velocity
                if let startVelocity {
                    v0 = startVelocity
                } else if i > 0, case .cubic = keyframes[i - 1].kind, let before {
                    v0 = tangent(before.value, before.time, keyframe.target, time + d)
                }
                let v1 = endVelocity ?? arrival(keyframes, after: i, at: keyframe.target, time: time + d, from: value, since: time)
                segments.append(KeyframeSegment(start: time, duration: d, from: value, to: keyframe.target, motion: .hermite(v0: v0, v1: v1)))
                value = keyframe.target
                velocity = v1
                time += d
            }
            before = start
        }
        return segments
    }

    /// The Catmull-Rom velocity at a point between `a` (at `ta`) and `b` (at `tb`).
    private static func tangent<D: VectorArithmetic>(_ a: D, _ ta: Double, _ b: D, _ tb: Double) -> D {
        tb - ta > 0 ? (b - a).scaled(by: 1 / (tb - ta)) : .zero
    }

    /// The velocity a cubic keyframe ending at `target` (at `time`, having started from `from` at
    /// `since`) arrives with when none is given: the next keyframe's start velocity.
    private static func arrival<D: VectorArithmetic, V: Animatable>(_ keyframes: [_Keyframe<V>], after i: Int, at target: D, time: Double,
                                                                    from: D, since: Double) -> D where V.AnimatableData == D {
        guard i + 1 < keyframes.count else { return .zero }  // the last keyframe comes to rest
        let next = keyframes[i + 1]
        let nextEnd = time + (next.duration ?? 0)
        switch next.kind {
        case .move:
            return .zero
        case .linear(let curve):
            let d = next.duration ?? 0
            return d > 0 ? (next.target - target).scaled(by: curve.velocity(at: 0) / d) : .zero
        case .cubic(let start, _):
            return start ?? tangent(from, since, next.target, nextEnd)
        case .spring(let spring, let start):
            if let start { return start }
            return tangent(from, since, next.target, time + (next.duration ?? spring.settlingDuration))
        }
    }
}
