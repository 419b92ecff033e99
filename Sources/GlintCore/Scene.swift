/// What is on screen: a chain of effects (the first draws the content, each later one changes
/// what is below it, in order, as SwiftUI's modifiers), the tear over them, the controls beside
/// them, the pointer routed between them, and the passes to draw this frame.
///
/// The scene fills a frame of `canvasSize` points (the window, or `render`'s `--size`). The
/// effect's view is all of it, or, while the controls show, what their docked panel leaves
/// (`viewRect`): the effects and the tear see that view's size, and since it starts at the
/// frame's top-left, pointer positions in the frame are positions in the view.
///
/// Data flows one way per frame: `advance(to:applying:)` moves the one timeline, handing each
/// pointer event to the responders (the controls, the tear, then the effect) at its exact time; `update()`
/// writes every pass's arguments; the renderer draws `passes` (skipping disabled ones). The
/// window, `glint render` and `glint bench` all drive a scene this way, so the same events give
/// the same state whichever shows it.
public final class Scene {
    /// The effects, in drawing order: the content, then each modifier over what is before it.
    public private(set) var effects: [any Effect]
    /// The content effect: the first, which draws the view and takes presses the tear does not.
    public var effect: any Effect { effects[0] }
    /// The tear over the view (seed 004), or nil when tearing is off.
    public let tear: TearController?
    /// The whole frame the scene fills, in points: the window's size, or `render`'s `--size`.
    public var canvasSize: Size
    /// Where the effect's view lies in the frame, in points: the whole frame, or what the
    /// controls' panel leaves beside it while shown. Its origin is the frame's top-left.
    public var viewRect: Rect {
        controls.isVisible ? controls.placement(in: canvasSize).content : Rect(size: canvasSize)
    }
    /// The effect's view size in points: what the effects and the tear are laid out for.
    public var viewSize: Size { viewRect.size }
    /// The passes in drawing order: the effect, then the tear's layer pass; disabled ones are skipped.
    public private(set) var passes: [ShaderEffect]
    /// The clock: seconds since the start, advanced only through `advance(to:applying:)`.
    public var timeline = Timeline()
    /// Who gets a press: the controls, the tear, then the effect; the first to take it owns it
    /// until it ends.
    public private(set) var responders: Responders
    /// The sliders of every effect in the chain, drawn over everything while visible; made
    /// afresh when the effects are switched.
    public private(set) var controls: ControlsPanel
    /// Whether the controls show: `true` or `false` as chosen, or nil to follow each effect's
    /// descriptor (`showsControls`), as the window starts. A choice holds across effect switches.
    public var showsControls: Bool? {
        didSet { controls.isVisible = Scene.controlsVisible(showsControls, for: effects) }
    }

    public convenience init(effect: any Effect, viewSize: Size, tear: TearController? = nil, showsControls: Bool? = false) {
        self.init(effects: [effect], viewSize: viewSize, tear: tear, showsControls: showsControls)
    }

    /// A scene of `effects` in order (at least one): the first is the content. `viewSize` is the
    /// frame it fills (`canvasSize`): the effect's view, unless the controls show beside it. The
    /// controls are hidden unless `showsControls` says otherwise (nil: as the effects' descriptors say).
    public init(effects: [any Effect], viewSize: Size, tear: TearController? = nil, showsControls: Bool? = false) {
        precondition(!effects.isEmpty, "a scene needs an effect")
        self.effects = effects
        canvasSize = viewSize
        self.tear = tear
        self.showsControls = showsControls
        passes = effects.map(\.pass)
        if let tear { passes.append(tear.pass) }
        controls = ControlsPanel(effects: effects, isVisible: Scene.controlsVisible(showsControls, for: effects))
        responders = Scene.responders(controls: controls, effects: effects, tear: tear)
    }

    private static func controlsVisible(_ choice: Bool?, for effects: [any Effect]) -> Bool {
        choice ?? effects.contains { $0.descriptor.showsControls }
    }

    /// Shows the controls if they are hidden, hides them if not (the window's C key); the choice
    /// then holds for every effect switched to.
    public func toggleControls() {
        showsControls = !controls.isVisible
    }

    /// The chain's names joined for titles: "harmonic", or "harmonic + wave + blur".
    public var title: String {
        effects.count == 1 ? effects[0].descriptor.title : effects.map(\.descriptor.name).joined(separator: " + ")
    }
    public var name: String { effects.map(\.descriptor.name).joined(separator: ",") }

    private static func responders(controls: ControlsPanel, effects: [any Effect], tear: TearController?) -> Responders {
        var list: [any PointerResponder] = [controls]
        if let tear { list.append(tear) }
        list.append(EffectResponder(effects))
        return Responders(list)
    }

    /// Replaces the effect (the window's number keys). Whatever owns the pointer is cancelled
    /// first: a held effect lets go, an open tear closes (it never breaks). A broken view stays
    /// broken over the new effect.
    public func switchEffect(to newEffect: any Effect) {
        switchEffects(to: [newEffect])
    }

    /// Replaces the whole chain. The new effects' clocks are brought to the scene's time, so
    /// `time` stays seconds since the start; a staged drawing (the prism) starts over from its
    /// beginning as it appears. The controls are made for the new chain: shown as
    /// the user last chose, or, before any choice, when a new effect's descriptor asks for them.
    public func switchEffects(to newEffects: [any Effect]) {
        precondition(!newEffects.isEmpty, "a scene needs an effect")
        responders.cancel(at: timeline.now, viewSize: viewSize)
        for e in newEffects {
            e.advance(by: timeline.now)
            // A staged drawing starts when its effect appears, not at the scene's t = 0.
            e.replay()
        }
        effects = newEffects
        passes = newEffects.map(\.pass)
        if let tear { passes.append(tear.pass) }
        controls = ControlsPanel(effects: newEffects, isVisible: Scene.controlsVisible(showsControls, for: newEffects))
        responders = Scene.responders(controls: controls, effects: newEffects, tear: tear)
    }

    /// Advances the timeline to `time`, applying `events` (sorted by time) whose time has come,
    /// each at its own time; returns how many were applied.
    @discardableResult
    /// (Not generic: a frame's call must not allocate, and an unspecialised generic may.)
    public func advance(to time: Double, applying events: ArraySlice<PointerEvent>) -> Int {
        timeline.advance(to: time, applying: events, advance: { dt in
            var i = 0
            while i < effects.count {  // an index loop: no iterator allocation in debug builds
                effects[i].advance(by: dt)
                i += 1
            }
            tear?.advance(by: dt)
        }, handle: { event in
            handle(event)
        })
    }

    /// Advances the timeline to `time`, applying `events` (sorted by time) whose time has come.
    @discardableResult
    public func advance(to time: Double, applying events: [PointerEvent]) -> Int {
        advance(to: time, applying: events[...])
    }

    /// Advances the timeline to `time` with no events.
    public func advance(to time: Double) {
        advance(to: time, applying: ArraySlice<PointerEvent>())
    }

    /// Lets `dt` seconds pass with no events.
    public func advance(by dt: Double) {
        advance(to: timeline.now + dt)
    }

    /// Applies one event at the timeline's current time. The controls are laid out in the frame
    /// first, so a press meets the panel where it is drawn; the tear and the effect get the
    /// view's size.
    public func handle(_ event: PointerEvent) {
        controls.layOut(in: canvasSize)
        responders.handle(event, viewSize: viewSize)
    }

    /// Applies a turn of the mouse wheel: over the shown controls it scrolls their rows.
    /// Returns whether anything took it.
    @discardableResult
    public func scroll(_ event: ScrollEvent) -> Bool {
        controls.layOut(in: canvasSize)
        return controls.scroll(event)
    }

    /// Writes this frame's arguments into every pass, and brings the controls (if shown) up to
    /// date with the effects' values and the frame's size.
    public func update() {
        controls.update(viewSize: canvasSize)
        let size = viewSize
        var i = 0
        while i < effects.count {
            effects[i].updatePass(viewSize: size)
            i += 1
        }
        tear?.updatePass(viewSize: size)
    }

    /// Everything the shaders received in the last frame, for `--state`: the effect's values,
    /// then the tear's.
    public func stateSnapshot() -> [(String, StateValue)] {
        // One effect keeps the seed's names; in a chain each is prefixed with its instance's name
        // (`blur.radius`, and `blur#2.radius` for a second blur).
        guard effects.count > 1 else { return effects[0].stateSnapshot() + (tear?.stateSnapshot() ?? []) }
        let names = EffectInstanceNames.names(of: effects)
        let own = zip(names, effects).flatMap { name, e in e.stateSnapshot().map { ("\(name).\($0.0)", $0.1) } }
        return own + (tear?.stateSnapshot() ?? [])
    }
}

/// The chain's effects as one responder: it takes any press the ones before it did not, and
/// every effect of the chain sees it (the glow's hold and a loupe over it follow one press).
public final class EffectResponder: PointerResponder {
    public let effects: [any Effect]
    public init(_ effects: [any Effect]) { self.effects = effects }
    public func begin(_ press: PointerEvent, viewSize: Size) -> Bool {
        track(press, viewSize: viewSize)
        return true
    }
    public func track(_ event: PointerEvent, viewSize: Size) {
        var i = 0
        while i < effects.count {  // an index loop: no iterator allocation in debug builds
            effects[i].handle(event)
            i += 1
        }
    }
}

extension TearController: PointerResponder {
    /// Takes a press in the edge zone (unless the view is broken).
    public func begin(_ press: PointerEvent, viewSize: Size) -> Bool {
        handle(press, viewSize: viewSize)
    }

    public func track(_ event: PointerEvent, viewSize: Size) {
        handle(event, viewSize: viewSize)
    }
}

/// Runs a scene from t = 0 to a time, applying pointer events at their exact times, and
/// updates its passes: what `glint render` draws.
public enum Simulation {
    /// The step of `glint render` and `glint bench`: 1/60 s.
    public static let step = Timeline.maxStep

    /// Advances `scene` through its timeline to `duration` (later events are ignored), then
    /// writes its passes.
    public static func run(_ scene: Scene, events: [PointerEvent], until duration: Double, step: Double = Simulation.step) {
        scene.timeline.maxStep = step
        scene.advance(to: duration, applying: events)
        scene.update()
    }
}
