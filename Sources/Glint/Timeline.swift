import Foundation
import GlintCore

/// When a `TimelineView` is redrawn, as SwiftUI's `TimelineSchedule`. Glint draws every frame,
/// so a schedule only sets which date the content sees: the frame's (`.animation`) or the
/// start of the current period (`.periodic(from:by:)`, `.everyMinute`).
public protocol TimelineSchedule {
    /// The date the content sees at `date`.
    func _entryDate(at date: Date) -> Date
}

/// Every frame, as SwiftUI's `.animation` schedule.
public struct AnimationTimelineSchedule: TimelineSchedule {
    let minimumInterval: Double?
    let paused: Bool

    public init(minimumInterval: Double? = nil, paused: Bool = false) {
        self.minimumInterval = minimumInterval
        self.paused = paused
    }

    public func _entryDate(at date: Date) -> Date {
        guard let minimumInterval, minimumInterval > 0 else { return date }
        let t = date.timeIntervalSinceReferenceDate
        return Date(timeIntervalSinceReferenceDate: (t / minimumInterval).rounded(.down) * minimumInterval)
    }
}

/// Every `interval` seconds from `start`, as SwiftUI's `.periodic(from:by:)`.
public struct PeriodicTimelineSchedule: TimelineSchedule {
    let start: Date
    let interval: Double

    public init(from start: Date, by interval: Double) {
        self.start = start
        self.interval = interval
    }

    public func _entryDate(at date: Date) -> Date {
        guard interval > 0, date >= start else { return date }
        let n = (date.timeIntervalSince(start) / interval).rounded(.down)
        return start.addingTimeInterval(n * interval)
    }
}

extension TimelineSchedule where Self == AnimationTimelineSchedule {
    /// Every frame.
    public static var animation: AnimationTimelineSchedule { AnimationTimelineSchedule() }

    /// Every frame, at most once per `minimumInterval`; `paused` holds the date still.
    public static func animation(minimumInterval: Double? = nil, paused: Bool = false) -> AnimationTimelineSchedule {
        AnimationTimelineSchedule(minimumInterval: minimumInterval, paused: paused)
    }
}

extension TimelineSchedule where Self == PeriodicTimelineSchedule {
    /// Every `interval` seconds from `start`.
    public static func periodic(from start: Date, by interval: Double) -> PeriodicTimelineSchedule {
        PeriodicTimelineSchedule(from: start, by: interval)
    }

    /// At the start of every minute.
    public static var everyMinute: PeriodicTimelineSchedule {
        PeriodicTimelineSchedule(from: Date(timeIntervalSinceReferenceDate: 0), by: 60)
    }
}

/// What a `TimelineView`'s content is made from, as SwiftUI's `TimelineView.Context`.
public struct TimelineViewDefaultContext {
    /// The date of this entry.
    public let date: Date
    /// How often entries come: Glint draws every frame.
    public let cadence: Cadence

    /// How often entries come, as SwiftUI's `TimelineView.Context.Cadence`.
    public enum Cadence: Comparable, Sendable {
        case live, seconds, minutes
    }
}

/// A view made afresh for each date of a schedule, as SwiftUI's `TimelineView`:
///
/// ```swift
/// TimelineView(.animation) { context in
///     let time = context.date.timeIntervalSince(start)
///     Rectangle().colorEffect(ShaderLibrary.harmonic(.boundingRect, .float(time), …))
/// }
/// ```
///
/// Its date is the host's clock: in a `Window`, the time the window has been open (counted
/// from the date it opened; it stands still while minimised); in `ImageRenderer`, its `date`.
public struct TimelineView<Schedule: TimelineSchedule, Content: View>: View {
    /// What the content is made from (not generic, so closures infer their type, as SwiftUI's).
    public typealias Context = TimelineViewDefaultContext

    let schedule: Schedule
    let content: (Context) -> Content

    public init(_ schedule: Schedule, @ViewBuilder content: @escaping (Context) -> Content) {
        self.schedule = schedule
        self.content = content
    }

    public var body: Never { fatalError("TimelineView has no body") }

    /// Makes the content for the host's date now.
    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        let context = Context(date: view.schedule._entryDate(at: graph.date), cadence: .live)
        graph.makeChild(view.content(context))
    }
}

// MARK: - visualEffect

/// Effects that depend on a view's size and place, as SwiftUI's `VisualEffect`: what the
/// closure of `.visualEffect { content, proxy in … }` returns.
public protocol VisualEffect {
    /// The passes, in order.
    var _chain: VisualEffectChain { get }
}

/// The effects a `visualEffect` closure applies, in order.
public struct VisualEffectChain: VisualEffect {
    var effects: [EffectSpec] = []
    public var _chain: VisualEffectChain { self }
}

/// The view inside a `visualEffect` closure, with no effects yet, as SwiftUI's `EmptyVisualEffect`.
public struct EmptyVisualEffect: VisualEffect {
    public init() {}
    public var _chain: VisualEffectChain { VisualEffectChain() }
}

extension VisualEffect {
    /// `colorEffect` (see `View.colorEffect`).
    public func colorEffect(_ shader: Shader, isEnabled: Bool = true) -> VisualEffectChain {
        var chain = _chain
        chain.effects.append(EffectSpec(shader: shader, kind: .color, isEnabled: isEnabled))
        return chain
    }

    /// `layerEffect` (see `View.layerEffect`).
    public func layerEffect(_ shader: Shader, maxSampleOffset: CGSize, isEnabled: Bool = true) -> VisualEffectChain {
        var chain = _chain
        chain.effects.append(EffectSpec(shader: shader, kind: .layer(maxSampleOffset: Size(maxSampleOffset)), isEnabled: isEnabled))
        return chain
    }

    /// `distortionEffect` (see `View.distortionEffect`).
    public func distortionEffect(_ shader: Shader, maxSampleOffset: CGSize, isEnabled: Bool = true) -> VisualEffectChain {
        var chain = _chain
        chain.effects.append(EffectSpec(shader: shader, kind: .distortion(maxSampleOffset: Size(maxSampleOffset)), isEnabled: isEnabled))
        return chain
    }

    /// The view at `opacity`.
    public func opacity(_ opacity: Double) -> VisualEffectChain {
        colorEffect(ShaderLibrary.default.fade(.float(opacity.isFinite ? min(max(opacity, 0), 1) : 1)))
    }
}

/// A `visualEffect` closure, kept until layout knows the size.
protocol VisualEffectContent {
    func effects(_ proxy: GeometryProxy) -> VisualEffectChain
}

struct VisualEffectThunk<E: VisualEffect>: VisualEffectContent {
    let make: (EmptyVisualEffect, GeometryProxy) -> E
    func effects(_ proxy: GeometryProxy) -> VisualEffectChain { make(EmptyVisualEffect(), proxy)._chain }
}

extension View {
    /// Effects made from the view's size and place, as SwiftUI's `visualEffect`:
    ///
    /// ```swift
    /// Image("card.png").resizable()
    ///     .visualEffect { content, proxy in
    ///         content.distortionEffect(ShaderLibrary.wave(.float2(proxy.size), .float(time)),
    ///                                  maxSampleOffset: CGSize(width: 8, height: 8))
    ///     }
    /// ```
    public func visualEffect<E: VisualEffect>(_ effect: @escaping (EmptyVisualEffect, GeometryProxy) -> E)
        -> ModifiedContent<Self, _VisualEffectModifier> {
        modifier(_VisualEffectModifier(content: VisualEffectThunk(make: effect)))
    }
}

/// `.visualEffect`.
public struct _VisualEffectModifier: ViewModifier {
    let content: any VisualEffectContent
    public typealias Body = Never

    public static func _makeModifier<C: View>(_ modifier: Self, content: C, into graph: inout ViewGraph) {
        graph.visualEffects.append(modifier.content)
        graph.node(.visualEffect(graph.visualEffects.count - 1), content: content)
    }
}

extension ViewGraph {
    /// The effects of `visualEffect` `index` for `proxy`.
    func visualEffect(_ index: Int, proxy: GeometryProxy) -> VisualEffectChain {
        visualEffects[index].effects(proxy)
    }
}
