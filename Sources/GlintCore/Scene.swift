/// What is on screen: an effect, the tear over it, the pointer routed between them, and the
/// passes to draw this frame.
///
/// Data flows one way per frame: `handle` pointer events, `advance` by `dt`, then `update` writes
/// every pass's arguments and the renderer draws `passes` (skipping disabled ones). A press in
/// the tear's edge zone belongs to the tear; any other press goes to the effect (its hold).
public final class Scene {
    public private(set) var effect: any Effect
    /// The tear over the view (seed 004), or nil when tearing is off.
    public let tear: TearController?
    /// The view's size in points.
    public var viewSize: Size
    /// The passes in drawing order: the effect, then the tear's layer pass; disabled ones are skipped.
    public private(set) var passes: [ShaderEffect]

    public init(effect: any Effect, viewSize: Size, tear: TearController? = nil) {
        self.effect = effect
        self.viewSize = viewSize
        self.tear = tear
        passes = [effect.pass]
        if let tear { passes.append(tear.pass) }
    }

    /// Replaces the effect (the window's number keys). The pointer, if held, is let go of first.
    /// The tear, torn or broken, stays over the new effect.
    public func switchEffect(to newEffect: any Effect, at time: Double) {
        if effect.isInteracting {
            effect.handle(PointerEvent(.up, .zero, at: time))
        }
        effect = newEffect
        passes[0] = newEffect.pass
    }

    public func handle(_ event: PointerEvent) {
        if let tear, tear.handle(event, viewSize: viewSize) { return }
        effect.handle(event)
    }

    public func advance(by dt: Double) {
        effect.advance(by: dt)
        tear?.advance(by: dt)
    }

    /// Writes this frame's arguments into every pass.
    public func update() {
        effect.updatePass(viewSize: viewSize)
        tear?.updatePass(viewSize: viewSize)
    }

    /// Everything the shaders received in the last frame, for `--state`: the effect's values,
    /// then the tear's.
    public func stateSnapshot() -> [(String, StateValue)] {
        effect.stateSnapshot() + (tear?.stateSnapshot() ?? [])
    }
}

/// Runs a scene through time in fixed steps, applying pointer events at their exact times.
public enum Simulation {
    /// The step of `glint render`: 1/60 s.
    public static let step = 1.0 / 60.0

    /// Advances `scene` from t = 0 to `duration`, in steps of at most `step`, applying each event
    /// at its own time (events must be sorted by time; later ones than `duration` are ignored).
    public static func run(_ scene: Scene, events: [PointerEvent], until duration: Double, step: Double = Simulation.step) {
        var now = 0.0
        var next = 0
        func advance(to t: Double) {
            while now < t {
                let h = min(step, t - now)
                scene.advance(by: h)
                now += h
                if t - now < 1e-12 { now = t }
            }
        }
        while next < events.count, events[next].time <= duration {
            advance(to: events[next].time)
            scene.handle(events[next])
            next += 1
        }
        advance(to: duration)
        scene.update()
    }
}
