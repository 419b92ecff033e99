import Foundation
import GlintCore
import GlintRender

/// The one frame driver: what turns time and input into a view's next frame, for every host
/// that shows views — the library's `Window` and `ImageRenderer`, and the `glint` command's
/// window, `render` and `bench`.
///
/// Each frame a host
/// 1. `advance(to:applying:)`: moves the one `Timeline` to the frame's time, handing each pointer
///    event (positions in the container's points) to the views of the last frame at its own time,
///    and letting the stateful parts of those views (`EffectView`s' effects, `effects(_:)`,
///    `tearable` tears) run through every step between;
/// 2. `update(_:in:scale:)`: builds the view for the new time (its `@State` kept by identity),
///    lays it out and resolves it;
/// 3. draws `resolved` with a `ViewRenderer`.
///
/// Nothing here reads a clock: the window hands in its frame clock, headless hosts fixed steps of
/// `Timeline.maxStep` (1/60 s), so the same events give the same frames whoever shows them.
/// Steady frames allocate nothing here.
public final class FrameDriver {
    /// The view as resolved by the last `update`: what `advance` routes events to, and what a
    /// `ViewRenderer` draws.
    public private(set) var resolved = ResolvedView()
    /// The clock: seconds since the start, moved only by `advance`.
    public private(set) var timeline: Timeline
    /// The frame's clock, size and pointer, as `Window`'s content closure sees them.
    public private(set) var context = TimelineContext()
    /// What shows behind the view.
    public var backdrop: Color
    /// The environment the view is made in: its colour scheme, the actions its host offers
    /// (`dismiss`, `openWindow`); the display scale is the one each update draws at.
    public var environment: EnvironmentValues {
        get { resolved.environment }
        set { resolved.environment = newValue }
    }
    /// The date at time 0: `TimelineView`s see it plus the timeline's time.
    public let startDate: Date

    /// A driver at time 0. `step` is the longest step the timeline takes between frames.
    public init(backdrop: Color = .clear, startDate: Date = Date(), step: Double = Timeline.maxStep) {
        self.backdrop = backdrop
        self.startDate = startDate
        timeline = Timeline(maxStep: step)
    }

    /// The timeline's time, in seconds.
    public var time: Double { timeline.now }

    /// What the host hears this frame (set before `advance`): views built from `context` read it,
    /// and the voice effects drawn (`HearingEffect`s: the waveform, the harmonic glow) listen to it.
    public var hearing: Hearing? {
        get { context.hearing }
        set {
            context.hearing = newValue
            var k = 0
            while k < resolved.effects.count {  // index loops: no iterator allocation in debug builds
                if let listener = resolved.effects[k] as? any HearingEffect { listener.hearing = newValue }
                k += 1
            }
        }
    }

    /// Moves the timeline to `time`, applying `events` (sorted by time) whose time has come, each
    /// at its own time; returns how many were applied. Later events are left for a later call.
    @discardableResult
    public func advance(to time: Double, applying events: ArraySlice<PointerEvent> = ArraySlice()) -> Int {
        var i = events.startIndex
        while i != events.endIndex, events[i].time <= time {  // index loops: no iterator allocation in debug builds
            let location = events[i].location
            context.pointer = CGPoint(x: location.x, y: location.y)
            switch events[i].phase {
            case .down: context.isPressed = true
            case .up, .cancel: context.isPressed = false
            case .move: break
            }
            i = events.index(after: i)
        }
        let resolved = self.resolved
        let applied = timeline.advance(to: time, applying: events, advance: { dt in
            var k = 0
            while k < resolved.effects.count {
                resolved.effects[k].advance(by: dt)
                k += 1
            }
            k = 0
            while k < resolved.tears.count {
                resolved.tears[k].advance(by: dt)
                k += 1
            }
        }, handle: { event in
            resolved.handle(event)
        })
        resolved.advanceGestures(to: timeline.now)
        context.time = timeline.now
        if applied > 0 {
            // A shader of another tool learns where the pointer is, pressed or not (glslViewer's
            // `u_mouse` follows the cursor whatever the buttons; a move with no press has no owner).
            let last = events[events.startIndex + applied - 1].location
            var k = 0
            while k < resolved.effects.count {
                resolved.effects[k].hover(at: last)
                k += 1
            }
        }
        return applied
    }

    /// Ends the press in progress, if any, at the timeline's time (a window losing the pointer,
    /// an app switching what it shows): its owner sees `.cancel`, as SwiftUI cancels a gesture.
    public func cancelPointer() {
        guard context.isPressed else { return }
        context.isPressed = false
        resolved.handle(PointerEvent(.cancel, Point(x: Double(context.pointer?.x ?? 0), y: Double(context.pointer?.y ?? 0)),
                                     at: timeline.now))
    }

    /// A turn of the mouse wheel (where the pointer is, in the container's points): to the
    /// frontmost `ScrollView` under it. Returns whether one took it.
    @discardableResult
    public func scroll(_ event: ScrollEvent) -> Bool {
        resolved.handleScroll(event)
    }

    /// Builds, lays out and resolves `view` for the timeline's time in a container of `size`
    /// points drawn at `scale` pixels per point.
    public func update<V: View>(_ view: V, in size: CGSize, scale: CGFloat = 1) {
        context.size = size
        resolved.update(view, in: size, scale: scale, backdrop: backdrop, time: timeline.now,
                        date: startDate.addingTimeInterval(timeline.now))
    }

    /// Builds and resolves `view` as it looks at `date` (`ImageRenderer`'s one frame): its
    /// `TimelineView`s see that date and time its seconds since 2001, whatever the timeline says.
    public func update<V: View>(_ view: V, in size: CGSize, scale: CGFloat = 1, at date: Date) {
        context.size = size
        resolved.update(view, in: size, scale: scale, backdrop: backdrop, time: date.timeIntervalSinceReferenceDate, date: date)
    }

    /// Builds the window-style content for this frame (`content` gets the frame's context) and resolves it.
    public func update<V: View>(in size: CGSize, scale: CGFloat = 1, content: (TimelineContext) -> V) {
        context.size = size
        update(content(context), in: size, scale: scale)
    }

    /// Whether the next updates draw idle effect chains through their layers anyway
    /// (`ResolvedView.drawsIdleChainsInLayers`): for one warm-up frame before the first real one.
    public var drawsIdleChainsInLayers: Bool {
        get { resolved.drawsIdleChainsInLayers }
        set { resolved.drawsIdleChainsInLayers = newValue }
    }

    /// Gives a key to the views that bound it (`onKeyPress`), the frontmost first; returns
    /// whether one handled it.
    public func handleKey(_ key: KeyEquivalent) -> Bool {
        resolved.handleKey(key)
    }
}
