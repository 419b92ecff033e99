import Foundation
import GlintCore

/// A view stepping through phases, animating each change, as SwiftUI's `PhaseAnimator`:
///
/// ```swift
/// PhaseAnimator([0.0, 1.0, 0.5]) { level in
///     Color.white.opacity(level)
/// } animation: { _ in .easeInOut(duration: 0.5) }
/// ```
///
/// `animation` is given the phase being moved to and returns the animation of that change (nil
/// changes at once). The next change begins when that animation is logically complete (a
/// curve at its end, a spring after its duration). Without a trigger the phases cycle for as
/// long as the view is shown, starting when it appears; with one, each change of the trigger
/// runs through every phase once and back to the first, starting when it changed on the host's
/// clock (a change during a run starts a new run). Phases are on the host's clock, so a frame
/// drawn at a time shows them exactly there.
public struct PhaseAnimator<Phase: Equatable, Content: View>: View {
    let phases: [Phase]
    let trigger: (any Equatable)?
    let content: (Phase) -> Content
    let animation: (Phase) -> Animation?

    /// Phases cycling for as long as the view is shown.
    public init(_ phases: some Sequence<Phase>, @ViewBuilder content: @escaping (Phase) -> Content,
                animation: @escaping (Phase) -> Animation? = { _ in .default }) {
        self.phases = phases as? [Phase] ?? Array(phases)
        self.trigger = nil
        self.content = content
        self.animation = animation
    }

    /// Phases run through once each time `trigger` changes.
    public init(_ phases: some Sequence<Phase>, trigger: some Equatable, @ViewBuilder content: @escaping (Phase) -> Content,
                animation: @escaping (Phase) -> Animation? = { _ in .default }) {
        self.phases = phases as? [Phase] ?? Array(phases)
        self.trigger = trigger
        self.content = content
        self.animation = animation
    }

    public var body: Never { fatalError("PhaseAnimator has no body") }

    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        graph.phaseAnimate(phases: view.phases, trigger: view.trigger, animation: view.animation) { phase, graph in
            graph.makeChild(view.content(phase))
        }
    }
}

/// `.phaseAnimator(…)`: the view, changed by `content` for the phase shown.
public struct _PhaseAnimatorView<Base: View, Phase: Equatable, Content: View>: View {
    let base: Base
    let phases: [Phase]
    let trigger: (any Equatable)?
    let content: (PlaceholderContentView<Base>, Phase) -> Content
    let animation: (Phase) -> Animation?

    public var body: Never { fatalError("phaseAnimator has no body") }

    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        graph.phaseAnimate(phases: view.phases, trigger: view.trigger, animation: view.animation) { phase, graph in
            graph.makeChild(view.content(PlaceholderContentView(content: view.base), phase))
        }
    }
}

extension View {
    /// Changes this view by `content` for phases that cycle for as long as it is shown, each
    /// change animated by what `animation` returns for the phase moved to, as SwiftUI's
    /// `phaseAnimator(_:content:animation:)`.
    public func phaseAnimator<Phase: Equatable, C: View>(
        _ phases: some Sequence<Phase>, @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Phase) -> C,
        animation: @escaping (Phase) -> Animation? = { _ in .default }) -> _PhaseAnimatorView<Self, Phase, C> {
        _PhaseAnimatorView(base: self, phases: phases as? [Phase] ?? Array(phases), trigger: nil, content: content, animation: animation)
    }

    /// Changes this view by `content` for phases run through once each time `trigger` changes,
    /// as SwiftUI's `phaseAnimator(_:trigger:content:animation:)`.
    public func phaseAnimator<Phase: Equatable, C: View>(
        _ phases: some Sequence<Phase>, trigger: some Equatable,
        @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Phase) -> C,
        animation: @escaping (Phase) -> Animation? = { _ in .default }) -> _PhaseAnimatorView<Self, Phase, C> {
        _PhaseAnimatorView(base: self, phases: phases as? [Phase] ?? Array(phases), trigger: trigger, content: content, animation: animation)
    }
}

/// What a phase animator keeps between frames: when its run (or cycle) began and the seconds
/// of each step (step k moves to phase k + 1, wrapping round).
final class PhasePlayback {
    var trigger: (any Equatable)?
    var seen = false
    /// When the steps began on the host's clock; nil at rest on the first phase.
    var start: Double?
    var steps: [Double] = []
    /// The phase the last frame showed.
    var shown = 0

    static var slot: Int { 73 }

    /// How many steps have begun by `time` (each step's begin included), and when the last began;
    /// for a run (not cycling), at most `steps.count`.
    func begun(at time: Double, cycling: Bool) -> (count: Int, at: Double) {
        guard let start, time >= start, !steps.isEmpty else { return (0, 0) }
        var t = start
        var count = 0
        if cycling {
            var total = 0.0
            var i = 0
            while i < steps.count {
                total += steps[i]
                i += 1
            }
            guard total > 0 else { return (0, 0) }  // every change instant: rest on the first phase
            if total.isFinite {
                let cycles = ((time - start) / total).rounded(.down)
                t += cycles * total
                count = Int(cycles) * steps.count
            }
        }
        var lastBegin = t
        var i = 0
        while true {
            if !cycling && i == steps.count { break }
            let k = i % steps.count
            guard t <= time else { break }
            lastBegin = t
            count += 1
            t += steps[k]
            if !t.isFinite { break }
            i += 1
        }
        return (count, lastBegin)
    }
}

extension ViewGraph {
    /// Makes a phase animator's content for the phase of this frame, in a transaction of the
    /// step's animation (begun when the step began) in the frame where the phase changes.
    mutating func phaseAnimate<Phase>(phases: [Phase], trigger: (any Equatable)?, animation: (Phase) -> Animation?,
                                      make: (Phase, inout ViewGraph) -> Void) {
        guard !phases.isEmpty else {
            PhaseAnimatorWarning.sayOnce()
            return
        }
        let playback = store.extra(currentIdentity, slot: PhasePlayback.slot, initial: PhasePlayback()).value
        let now = time
        let firstFrame = !playback.seen
        playback.seen = true
        let changedAt = min(store.animations.changeTime, now)
        func schedule() {
            playback.steps.removeAll(keepingCapacity: true)
            var k = 0
            while k < phases.count {
                playback.steps.append(Self.logicalDuration(animation(phases[(k + 1) % phases.count])))
                k += 1
            }
        }
        if let trigger {
            if firstFrame {
                playback.trigger = trigger
            } else if let last = playback.trigger, !triggersEqual(trigger, last) {
                playback.trigger = trigger
                playback.start = changedAt
                schedule()
            }
        } else if firstFrame {
            playback.start = now
            schedule()
        }
        var index = 0
        var stepBegan = now
        if !firstFrame {
            let (count, began) = playback.begun(at: now, cycling: trigger == nil)
            index = count % phases.count
            stepBegan = began
            if trigger != nil && count == phases.count {
                playback.start = nil  // the run is over: back on the first phase (its animation runs on)
            }
        }
        let changed = index != playback.shown
        playback.shown = index
        guard changed else {
            make(phases[index], &self)
            return
        }
        let saved = animationScope.transaction
        if !saved.disablesAnimations {
            var transaction = Transaction(animation: animation(phases[index]))
            transaction.start = stepBegan
            animationScope.transaction = transaction
        }
        make(phases[index], &self)
        animationScope.transaction = saved
    }

    /// The seconds until `animation` is logically complete (0 for none, infinity for one that
    /// repeats for ever), found by bisection on its samples.
    static func logicalDuration(_ animation: Animation?) -> Double {
        guard let animation else { return 0 }
        guard let total = animation.duration else { return .infinity }
        guard total > 0, animation.sample(from: 0.0, to: 1.0, elapsed: total).isLogicallyComplete else { return max(total, 0) }
        var (lo, hi) = (0.0, total)
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if animation.sample(from: 0.0, to: 1.0, elapsed: mid).isLogicallyComplete { hi = mid } else { lo = mid }
        }
        return hi
    }
}

/// Says once that a phase animator was given no phases (it then shows nothing).
enum PhaseAnimatorWarning {
    nonisolated(unsafe) private static var said = false
    private static let lock = NSLock()

    static func sayOnce() {
        lock.lock()
        defer { lock.unlock() }
        guard !said else { return }
        said = true
        FileHandle.standardError.write(Data("glint: a PhaseAnimator was given no phases; it shows nothing\n".utf8))
    }
}
