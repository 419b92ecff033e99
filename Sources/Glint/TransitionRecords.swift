import Foundation
import GlintCore

// How transitions run. A view under `.transition(_:)` is made inside a node of its own, with the
// transition's body in the phase it is in; a record kept by the view's identity remembers it
// (its content, transition, environment and place among its siblings) from frame to frame.
//
// Inserted inside an animated change, the transition's body is first made in `.willAppear` with
// nothing inside ("priming"): the animated attributes it makes (opacity, offsets, scale, shader
// arguments) start from their values there. Its nodes are thrown away and the body is made again
// in `.identity`, so those attributes move from `.willAppear` to `.identity` by the change's
// animation, from the change's time.
//
// Removed inside an animated change, the record makes the view again after the frame's views are
// made, in `.didDisappear`, where it was among its parent's children, taking no presses, until a
// progress kept beside it (0 to 1 by the same animation) ends; then the record goes. As in SwiftUI
// it takes no room from the change on: it is out of its parent's children while layout runs (its
// siblings slide to their new places at once), then linked back in and drawn at its last place.

/// A view under `.transition(_:)`, as its record makes it.
protocol TransitionRecording: AnyObject {
    /// The identity of the view with the transition.
    var identity: UInt64 { get }
    /// The last frame the view was made in by its parent.
    var lastFrame: Int { get }
    /// Whether it is being removed.
    var isRemoving: Bool { get }
    /// The parent's node identity, how many of its ancestors share it, and the sibling node
    /// made before the view (nil: the first).
    var parent: UInt64 { get }
    var parentDepth: Int { get }
    var previous: UInt64? { get }
    /// Its node and its parent's in the frame it was last made in by its parent.
    var node: Int { get set }
    var parentNode: Int { get set }
    /// Where it was last drawn: its rect less its parent's origin (nil before it was laid out).
    var lastPlace: Rect? { get set }
    /// Makes the view inside its transition, as `.didDisappear`, taking no presses.
    func remake(into graph: inout ViewGraph)
    /// Makes the view itself (where the transition's placeholder stands).
    func makeContent(into graph: inout ViewGraph)
    /// Starts the removal by `transaction` at `time`; false when nothing animates it.
    func beginRemoval(_ transaction: Transaction, at time: Double) -> Bool
    /// Whether the removal still runs at `time` (holding back completions waiting for it).
    func removalRuns(at time: Double, animations: AnimationState) -> Bool
}

/// What the view graph keeps for transitions, from frame to frame and within one.
struct TransitionScope {
    /// The views with transitions, in the order first made.
    var records: [any TransitionRecording] = []
    /// What a placeholder makes: the content inside the transitions being made, innermost first.
    var levels: [TransitionLevel] = []
    /// Whether attributes made now only set where their animations start (`.willAppear`).
    var priming = false
    /// The frame whose transitions are settled (views made after, by layout, run none).
    var settledFrame = -1
    /// The parents of the views with transitions, and the transaction each was made in this
    /// frame (a removal animates by its parent's).
    var watched: Set<UInt64> = []
    var parentTransactions: [UInt64: Transaction] = [:]
    /// How many views being inserted with their transition enclose the views being made: a
    /// transition inside one does not run (only the outermost does, as in SwiftUI).
    var entering = 0
    /// The views being removed, made again this frame but kept out of their parents' children
    /// while layout runs (`placeTransitionedViews`).
    var departing: [DepartingView] = []
}

/// A view being removed, made this frame: its node, its parent's, the sibling it follows and its
/// last place in its parent.
struct DepartingView {
    var node: Int
    var parent: Int
    var previous: UInt64?
    var place: Rect
}

/// What a placeholder stands for.
enum TransitionLevel {
    /// The view itself (nil while priming: nothing).
    case content((any TransitionRecording)?)
    /// A transition in a phase over the level below.
    case transition(AnyTransition, TransitionPhase)
}

extension ViewGraph {
    /// Makes what the innermost placeholder stands for, the levels below it in place around it.
    mutating func makeTransitionContent() {
        guard let level = transitions.levels.popLast() else { return }
        switch level {
        case .content(let record):
            record?.makeContent(into: &self)
        case .transition(let transition, let phase):
            transition.make(phase: phase, into: &self)
        }
        transitions.levels.append(level)
    }

    /// Makes `outer` in `outerPhase` over `inner` in `innerPhase` over the content.
    mutating func makeTransition(_ outer: AnyTransition, phase outerPhase: TransitionPhase,
                                 over inner: AnyTransition, phase innerPhase: TransitionPhase) {
        transitions.levels.append(.transition(inner, innerPhase))
        outer.make(phase: outerPhase, into: &self)
        transitions.levels.removeLast()
    }

    /// Notes the transaction a watched parent is made in (called for every node added).
    mutating func noteTransitionParent(_ identity: UInt64) {
        guard animationScope.isActive, transitions.watched.contains(identity) else { return }
        transitions.parentTransactions[identity] = animationScope.transaction
    }

    /// After the frame's views are made: the views removed this frame begin their removal, those
    /// being removed are made again where they were, and those whose removal ended go.
    mutating func finishTransitions() {
        let frame = store.frame
        transitions.settledFrame = frame
        var i = 0
        while i < transitions.records.count {
            let record = transitions.records[i]
            var keep = record.lastFrame == frame
            if !keep {
                if !record.isRemoving, record.lastFrame == frame - 1 {
                    let transaction = transitions.parentTransactions[record.parent] ?? animationScope.transaction
                    _ = record.beginRemoval(transaction, at: animationScope.time)
                }
                if record.isRemoving, record.removalRuns(at: animationScope.time, animations: store.animations),
                   let parent = findNode(record.parent, depth: record.parentDepth) {
                    insert(record, under: parent)
                    keep = true
                }
            }
            if keep {
                i += 1
            } else {
                transitions.records.remove(at: i)
            }
        }
        transitions.parentTransactions.removeAll(keepingCapacity: true)
        transitions.watched.removeAll(keepingCapacity: true)
        for record in transitions.records where !record.isRemoving {
            transitions.watched.insert(record.parent)
        }
    }

    /// The node of `identity` with `depth` ancestors of the same identity.
    private func findNode(_ identity: UInt64, depth: Int) -> Int? {
        var i = 0
        while i < nodes.count {
            if nodes[i].identity == identity, sameIdentityDepth(of: i) == depth { return i }
            i += 1
        }
        return nil
    }

    /// How many of node `i`'s nearest ancestors share its identity.
    func sameIdentityDepth(of i: Int) -> Int {
        var depth = 0
        var p = nodes[i].parent
        while p >= 0, nodes[p].identity == nodes[i].identity {
            depth += 1
            p = nodes[p].parent
        }
        return depth
    }

    /// Makes `record`'s view again under `parent`, after the sibling it followed; one with a last
    /// place waits outside the children until layout is done (`placeTransitionedViews`).
    private mutating func insert(_ record: any TransitionRecording, under parent: Int) {
        let saved = current
        current = parent
        let before = nodes[parent].lastChild
        let first = nodes.count
        let layoutMoving = animationScope.layoutMoving
        record.remake(into: &self)
        current = saved
        guard first < nodes.count, nodes[first].parent == parent else { return }
        // `addNode` linked the new node last: unlinked, then linked where it was.
        if before >= 0 { nodes[before].next = -1 } else { nodes[parent].firstChild = -1 }
        nodes[parent].lastChild = before
        if let place = record.lastPlace {
            // Out of the layout, what moves inside it (a `.move` removal's offset) moves no sibling,
            // and its parts keep their places in it (they follow what moves them, sliding by nothing).
            animationScope.layoutMoving = layoutMoving
            while let last = animationScope.slides.last, last.node >= first { animationScope.slides.removeLast() }
            transitions.departing.append(DepartingView(node: first, parent: parent, previous: record.previous, place: place))
        } else {
            link(first, under: parent, after: record.previous)
        }
    }

    /// Links node `node` among `parent`'s children after the one of identity `previous` (first
    /// when nil; at the end when that one went too).
    private mutating func link(_ node: Int, under parent: Int, after previous: UInt64?) {
        var after = -1
        if let previous {
            after = nodes[parent].lastChild
            var child = nodes[parent].firstChild
            while child >= 0 {
                if nodes[child].identity == previous, child != node { after = child }
                child = nodes[child].next
            }
        }
        if after >= 0 {
            nodes[node].next = nodes[after].next
            nodes[after].next = node
            if nodes[parent].lastChild == after { nodes[parent].lastChild = node }
        } else {
            nodes[node].next = nodes[parent].firstChild
            nodes[parent].firstChild = node
            if nodes[parent].lastChild < 0 { nodes[parent].lastChild = node }
        }
    }

    /// After layout: each view with a transition made this frame remembers where it is in its
    /// parent, and the views being removed join their parents' children again, drawn at their
    /// last places (their siblings were laid out without them).
    mutating func placeTransitionedViews(_ layout: ViewLayout) {
        let frame = store.frame
        var i = 0
        while i < transitions.records.count {
            let record = transitions.records[i]
            i += 1
            guard record.lastFrame == frame, !record.isRemoving, record.node < nodes.count, record.parentNode < nodes.count,
                  nodes[record.node].identity == record.identity else { continue }
            let rect = nodes[record.node].frame, base = nodes[record.parentNode].frame.origin
            record.lastPlace = Rect(x: rect.minX - base.x, y: rect.minY - base.y, width: rect.width, height: rect.height)
        }
        i = 0
        while i < transitions.departing.count {
            let view = transitions.departing[i]
            i += 1
            link(view.node, under: view.parent, after: view.previous)
            let base = nodes[view.parent].frame.origin
            let origin = layout.rounded(Point(x: base.x + view.place.minX, y: base.y + view.place.minY))
            layout.place(&self, view.node, in: Rect(origin: origin, size: view.place.size))
        }
        transitions.departing.removeAll(keepingCapacity: true)
    }

    /// Makes a transition's body in `phase` with the content placeholder standing for `level`.
    mutating func makeTransitioned(_ transition: AnyTransition, phase: TransitionPhase, level: TransitionLevel) {
        transitions.levels.append(level)
        transition.make(phase: phase, into: &self)
        transitions.levels.removeLast()
    }

    /// Makes `transition`'s body in `.willAppear` under node `node` with nothing inside, so the
    /// attributes it animates start there; then takes away all it made.
    mutating func primeTransition(_ transition: AnyTransition, under node: Int) {
        let counts = (nodes.count, deferred.count, deferredScopes.count, visualEffects.count, gestures.count,
                      pendingActions.count, hoverHandlers.count, keyHandlers.count)
        let saved = (current, animationScope.transaction)
        current = node
        animationScope.transaction = Transaction()
        transitions.priming = true
        // At the identity and structural position the body is made at next (restored after).
        withScope(identity: currentIdentity) { g in g.makeTransitioned(transition, phase: .willAppear, level: .content(nil)) }
        transitions.priming = false
        (current, animationScope.transaction) = saved
        nodes.removeLast(nodes.count - counts.0)
        nodes[node].firstChild = -1
        nodes[node].lastChild = -1
        deferred.removeLast(deferred.count - counts.1)
        deferredScopes.removeLast(deferredScopes.count - counts.2)
        visualEffects.removeLast(visualEffects.count - counts.3)
        gestures.removeLast(gestures.count - counts.4)
        pendingActions.removeLast(pendingActions.count - counts.5)
        hoverHandlers.removeLast(hoverHandlers.count - counts.6)
        keyHandlers.removeLast(keyHandlers.count - counts.7)
    }
}

/// `.transition(_:)`: the content inside its transition, remembered by its identity.
public struct _TransitionModifier: ViewModifier {
    let transition: AnyTransition

    public typealias Body = Never

    /// Where the record is kept in the view's extra storage.
    static let slot = 70

    public static func _makeModifier<C: View>(_ modifier: Self, content: C, into graph: inout ViewGraph) {
        let identity = graph.currentIdentity
        let frame = graph.store.frame
        let record = graph.store.extra(identity, slot: slot, initial: TransitionRecord(content: content, transition: modifier.transition,
                                                                                       identity: identity)).value
        record.content = content
        record.transition = modifier.transition
        // Measuring, or made by layout after the frame's transitions were settled: no transition.
        guard graph.animationScope.isActive, graph.transitions.settledFrame != frame else {
            graph.withNode(.hitTesting(true)) { g in g.makeTransitioned(record.transition, phase: .identity, level: .content(record)) }
            return
        }
        let isNew = record.lastFrame < 0
        let wasRemoving = record.removal != nil
        let parent = graph.current
        record.environment = graph.environment
        record.parent = graph.nodes[parent].identity
        record.parentDepth = graph.sameIdentityDepth(of: parent)
        let previous = graph.nodes[parent].lastChild
        record.previous = previous >= 0 ? graph.nodes[previous].identity : nil
        record.removal = nil
        if isNew { graph.transitions.records.append(record) }
        // A view coming back while it is removed moves back from where it is: nothing to prime.
        let own = record.transition.animation
        // (A view there from the first frame on appears without its own animation, as SwiftUI's do.)
        // (Inside a view being inserted with its transition, it comes in with that view.)
        let inserting = isNew && !wasRemoving && graph.transitions.entering == 0
            && (graph.animationScope.transaction.animation != nil || (own != nil && frame > 1))
        record.lastFrame = frame
        record.node = graph.nodes.count  // the node `withNode` adds below
        record.parentNode = parent
        let saved = graph.animationScope.transaction
        // The transition's own animation runs its insertion, whatever the change's was.
        if inserting, let own, !saved.disablesAnimations { graph.animationScope.transaction.animation = own }
        graph.withNode(.hitTesting(true)) { g in
            if inserting { g.primeTransition(record.transition, under: g.current) }
            if inserting { g.transitions.entering += 1 }
            g.makeTransitioned(record.transition, phase: .identity, level: .content(record))
            if inserting { g.transitions.entering -= 1 }
        }
        graph.animationScope.transaction = saved
    }
}

/// The record of a view under `.transition(_:)` whose content is a `C`.
final class TransitionRecord<C: View>: TransitionRecording {
    /// The removal under way: its progress (0 to 1) and the transaction that began it (given to
    /// the first frame of it only).
    struct Removal {
        var progress: AnimatedValue<Double>
        var transaction: Transaction?
    }

    var content: C
    var transition: AnyTransition
    let identity: UInt64
    var environment = EnvironmentValues()
    var lastFrame = -1
    var parent: UInt64 = 0
    var parentDepth = 0
    var previous: UInt64?
    var removal: Removal?
    var node = -1
    var parentNode = -1
    var lastPlace: Rect?

    init(content: C, transition: AnyTransition, identity: UInt64) {
        self.content = content
        self.transition = transition
        self.identity = identity
    }

    var isRemoving: Bool { removal != nil }

    func makeContent(into graph: inout ViewGraph) {
        graph.makeChild(content)
    }

    func beginRemoval(_ transaction: Transaction, at time: Double) -> Bool {
        var transaction = transaction
        // The transition's own animation runs its removal, whatever the change's was.
        if let own = transition.animation, !transaction.disablesAnimations { transaction.animation = own }
        guard let animation = transaction.animation else { return false }
        var progress = AnimatedValue(0.0)
        progress.set(1, animation: animation, at: min(transaction.start ?? time, time), tag: transaction.completionTag)
        removal = Removal(progress: progress, transaction: transaction)
        return true
    }

    func removalRuns(at time: Double, animations: AnimationState) -> Bool {
        guard removal != nil else { return false }
        removal?.progress.removeFinished(at: time)  // in place: its storage is not copied
        guard let progress = removal?.progress, progress.isAnimating else {
            removal = nil
            return false
        }
        animations.noteRunning(progress, at: time)
        return true
    }

    func remake(into graph: inout ViewGraph) {
        let transaction = removal?.transaction ?? Transaction()
        removal?.transaction = nil
        // Kept by its identity, as when its parent made it.
        _ = graph.store.extra(identity, slot: _TransitionModifier.slot, initial: self)
        let saved = (graph.environment, graph.animationScope.transaction)
        graph.environment = environment
        graph.animationScope.transaction = transaction
        graph.withScope(identity: identity) { g in
            g.withNode(.hitTesting(false)) { g in
                g.makeTransitioned(self.transition, phase: .didDisappear, level: .content(self))
            }
        }
        (graph.environment, graph.animationScope.transaction) = saved
    }
}
