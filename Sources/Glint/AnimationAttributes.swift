import Foundation
import GlintCore

/// What a store keeps of animation between frames: the transaction the next frame's changes
/// belong to, the completions waiting, and the host's clock as last seen (the last frame's time,
/// or the time of the event being handled), which is when a change made now begins.
final class AnimationState {
    /// The host's clock now.
    var now = 0.0
    /// The host's clock as last seen before this frame (the last event's time, or the last
    /// frame's): when a change noticed in this frame was made (keyframe and phase animators'
    /// triggers start then).
    private(set) var changeTime = 0.0
    /// The transaction of the changes made since the last frame.
    private var pending: Transaction?
    private var completions: [PendingCompletion] = []
    /// Completions due after this frame, taken out of `completions`.
    private var due: [() -> Void] = []
    /// Tags seen moving this frame.
    private var running: [Int] = []

    /// A `withTransaction` body changed this store's state under `transaction`.
    func receive(_ transaction: Transaction, completion: PendingCompletion?) {
        var t = transaction
        t.start = now
        pending = t
        if let completion { completions.append(completion) }
    }

    /// Starts a frame at `time`: the transaction its changes belong to.
    func beginFrame(at time: Double) -> Transaction {
        changeTime = now
        now = time
        running.removeAll(keepingCapacity: true)
        if pending == nil, TransactionScope.hasUnclaimed, let (transaction, completion) = TransactionScope.takeUnclaimed() {
            pending = transaction
            if let completion { completions.append(completion) }
        }
        guard let transaction = pending else { return Transaction() }
        pending = nil
        var i = 0
        while i < completions.count {
            completions[i].shown = true
            i += 1
        }
        return transaction
    }

    /// Notes which completions `track` still holds back at `time`.
    func noteRunning<V>(_ track: AnimatedValue<V>, at time: Double) {
        var i = 0
        while i < completions.count {
            let tag = completions[i].tag
            if !running.contains(tag), track.isRunning(tag: tag, at: time, untilRemoved: completions[i].criteria.untilRemoved) {
                running.append(tag)
            }
            i += 1
        }
    }

    /// Ends a frame: the completions shown and no longer held back run (once), after the frame.
    func endFrame(into actions: inout [() -> Void]) {
        var i = completions.count - 1
        while i >= 0 {
            if completions[i].shown && !running.contains(completions[i].tag) {
                actions.append(completions[i].action)
                completions.remove(at: i)
            }
            i -= 1
        }
    }
}

/// One animated value of one view (an attribute, or a custom `Shape`'s `animatableData`): the
/// value it shows on its way to the last one set.
final class AnimationTrack<V: VectorArithmetic> {
    var value: AnimatedValue<V>
    /// The last frame this track was used in (two alike attributes of one view take two tracks).
    var frame = -1
    /// Whether the last `present` set a new value to move to by an animation.
    private(set) var retargeted = false

    init(_ value: V) {
        self.value = AnimatedValue(value)
    }

    /// Rests the track on `model`, marked as primed in `frame` (by a transition's `.willAppear`):
    /// the next time it is presented, it moves from `model` to what it is asked for.
    func prime(_ model: V, frame: Int) {
        value = AnimatedValue(model)
        self.frame = Self.primedMark(frame)
    }

    /// The mark of a track primed in `frame`: below −1 (−1 is a new track's).
    static func primedMark(_ frame: Int) -> Int { -2 - frame }

    /// What the value shows in `frame` at `time` when the view asks for `model`: retargeted by
    /// `transaction`'s animation (at once without one) when `model` changed; nil while it rests
    /// on `model`, and on the track's first frame.
    func present(_ model: V, frame: Int, time: Double, transaction: Transaction, animations: AnimationState) -> V? {
        defer { self.frame = frame }
        retargeted = false
        guard self.frame != -1 else { return nil }  // new (a primed track, below −1, moves)
        if model != value.target {
            retargeted = transaction.animation != nil
            value.set(model, animation: transaction.animation, at: min(transaction.start ?? time, time), tag: transaction.completionTag)
        }
        guard value.isAnimating else { return nil }
        value.removeFinished(at: time)
        animations.noteRunning(value, at: time)
        return value.isAnimating ? value.sample(at: time).value : nil
    }
}

/// What the views being made animate by: the frame's transaction, changed for parts of the view
/// by `.animation(_:value:)` and `.transaction(_:)`.
struct AnimationScope {
    /// The transaction of the view being made.
    var transaction = Transaction()
    /// The frame's time on the host's clock.
    var time = 0.0
    /// Whether a frame is being made (a measurement, `sizeThatFits`, animates nothing).
    var isActive = false
    /// The transaction around the `animation(_:body:)` being made: its placeholder's.
    var outerTransaction: Transaction? = nil
    /// The nodes made this frame under a transaction with an animation, in the order made, with
    /// it: where layout moves them, they slide by it (see `slid(_:to:)`).
    var slides: [(node: Int, transaction: Transaction)] = []
    /// Whether an attribute layout reads (an offset, a fixed frame, padding, a stack's spacing or
    /// alignment, an `Animatable` modifier's data) was set moving this frame: the places it moves
    /// views to are followed, not slid to (they would move twice).
    var layoutMoving = false
    /// Whether the attribute just presented was set moving this frame.
    var retargeted = false
    /// Whether the `Animatable` view or modifier whose data was just animated (`animateData`)
    /// shows a value on its way: its body is then made without the animation, as SwiftUI makes an
    /// `Animatable`'s body from the moving data (what the body makes of it moves with the data;
    /// animated again, a padding inside would lag behind it).
    var dataMoving = false

    /// The first of the slots animated attributes keep their tracks in.
    static let firstSlot = 100
    /// How far apart the slots of two alike attributes of one view are.
    static let repeatStride = 1000
    /// The attribute a node's place in its parent is kept as.
    static let slideAttribute = 12
}

extension ViewGraph {
    /// Starts animating a frame made at the store's time `time`.
    mutating func beginAnimationFrame(at time: Double) {
        animationScope.transaction = store.animations.beginFrame(at: time)
        animationScope.time = time
        animationScope.isActive = true
        animationScope.slides.removeAll(keepingCapacity: true)
        animationScope.layoutMoving = false
    }

    /// Where node `i`, placed by layout with its top-left at `origin`, is drawn this frame (and
    /// hit): its place in its parent (the offset from the parent's top-left) is an animated value
    /// kept by the view's identity, so when a change made inside `withAnimation` (or under an
    /// `.animation(_:value:)` whose value changed) moves it, by a sibling inserted, removed or
    /// resized or by its own size, it slides from where it was by that animation, as SwiftUI's
    /// views do; without one it jumps. Its children are placed in the rect drawn, so they move
    /// with it.
    mutating func slid(_ i: Int, to origin: Point) -> Point {
        let parent = nodes[i].parent
        guard parent >= 0 else { return origin }
        let base = nodes[parent].frame.origin
        let size = nodes[i].frame.size
        let model = AnimatableVector4(origin.x - base.x, origin.y - base.y, size.width, size.height)
        let identity = nodes[i].identity
        let frame = store.frame
        var slot = AnimationScope.firstSlot + AnimationScope.slideAttribute
        var box = store.extra(identity, slot: slot, initial: AnimationTrack(model))
        while box.value.frame == frame {  // another node of the same view (its modifiers')
            slot += AnimationScope.repeatStride
            box = store.extra(identity, slot: slot, initial: AnimationTrack(model))
        }
        // A view that had no size (an empty stack) had no place to slide from: it is where it is.
        let was = box.value.value.target
        let transaction = animationScope.layoutMoving || was.z <= 0 || was.w <= 0 ? Transaction() : slideTransaction(of: i)
        guard let v = box.value.present(model, frame: frame, time: animationScope.time, transaction: transaction,
                                        animations: store.animations) else { return origin }
        return Point(x: base.x + v.x, y: base.y + v.y)  // (its size, kept beside, is laid out as asked)
    }

    /// The transaction node `i` was made under, where it had an animation (none otherwise).
    private func slideTransaction(of node: Int) -> Transaction {
        let slides = animationScope.slides
        var lo = 0, hi = slides.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if slides[mid].node < node { lo = mid + 1 } else { hi = mid }
        }
        return lo < slides.count && slides[lo].node == node ? slides[lo].transaction : Transaction()
    }

    /// Notes the transaction of the node about to be made (at `nodes.count`) when it animates.
    private mutating func noteSlideTransaction() {
        guard animationScope.transaction.animation != nil else { return }
        let node = nodes.count
        // Nodes made and taken back (a transition's first making) leave their notes: dropped.
        while let last = animationScope.slides.last, last.node >= node { animationScope.slides.removeLast() }
        animationScope.slides.append((node, animationScope.transaction))
    }

    /// Ends the frame: completions due join the actions run after it.
    mutating func endAnimationFrame() {
        animationScope.isActive = false
        store.animations.endFrame(into: &pendingActions)
    }

    /// The kind a node shows this frame: its animatable attributes (opacity, offset, a fixed
    /// frame's size, padding, a stack's spacing and alignment, colours, shader arguments) as their animations have them now. A node whose
    /// attributes rest is returned as it came (nothing copied).
    mutating func animated(_ kind: NodeKind) -> NodeKind {
        guard animationScope.isActive else { return kind }
        noteSlideTransaction()
        switch kind {
        case .opacity(let amount):
            guard let v = moving(AnimatableVector4(amount), attribute: 0) else { return kind }
            return .opacity(min(max(v.x, 0), 1))
        case .offset(let x, let y):
            guard let v = moving(AnimatableVector4(x, y), attribute: 1) else { return kind }
            if animationScope.retargeted { animationScope.layoutMoving = true }
            return .offset(x: v.x, y: v.y)
        case .sizedOffset(let x, let y):
            guard let v = moving(AnimatableVector4(x, y), attribute: 8) else { return kind }
            if animationScope.retargeted { animationScope.layoutMoving = true }
            return .sizedOffset(x: v.x, y: v.y)
        case .frame(var spec) where spec.isFixed:
            guard let v = moving(AnimatableVector4(spec.idealWidth ?? 0, spec.idealHeight ?? 0, spec.idealWidth == nil ? 0 : 1,
                                                   spec.idealHeight == nil ? 0 : 1), attribute: 2) else { return kind }
            if animationScope.retargeted { animationScope.layoutMoving = true }
            if spec.idealWidth != nil { spec.idealWidth = max(0, v.x) }
            if spec.idealHeight != nil { spec.idealHeight = max(0, v.y) }
            return .frame(spec)
        case .padding(let insets):
            guard let v = moving(AnimatableVector4(Double(insets.top), Double(insets.leading), Double(insets.bottom),
                                                   Double(insets.trailing)), attribute: 9) else { return kind }
            if animationScope.retargeted { animationScope.layoutMoving = true }
            return .padding(EdgeInsets(top: max(0, v.x), leading: max(0, v.y), bottom: max(0, v.z), trailing: max(0, v.w)))
        case .stack(let axis, let alignment, let spacing):
            // The alignment (a fraction across) and a given spacing move; a default spacing stays.
            guard let v = moving(AnimatableVector4(alignment, spacing ?? 0), attribute: 11) else { return kind }
            if animationScope.retargeted { animationScope.layoutMoving = true }
            return .stack(axis: axis, alignment: v.x, spacing: spacing.map { _ in max(0, v.y) })
        case .content(var leaf):
            switch leaf.source {
            case .color(let color):
                guard let shown = moving(color, attribute: 3) else { return kind }
                leaf.source = .color(shown)
            case .shader(var shader):
                guard presentArguments(&shader, attribute: 10) else { return kind }
                leaf.source = .shader(shader)
            default:
                return kind
            }
            return .content(leaf)
        case .shape(var leaf):
            switch leaf.fill {
            case .color(let color):
                guard let shown = moving(color.resolved, attribute: 4) else { return kind }
                leaf.fill = .color(Color(shown))
            case .shader(var shader):
                guard presentArguments(&shader, attribute: 10) else { return kind }
                leaf.fill = .shader(shader)
            }
            return .shape(leaf)
        case .text(var leaf):
            guard case .color(let color) = leaf.style, let shown = moving(color.resolved, attribute: 5) else { return kind }
            leaf.style = .color(Color(shown))
            return .text(leaf)
        case .transform(var spec):
            guard let v = moving(AnimatableVector4(spec.angle, spec.scaleX, spec.scaleY, spec.rotation3D?.angle ?? 0), attribute: 6) else { return kind }
            (spec.angle, spec.scaleX, spec.scaleY) = (v.x, v.y, v.z)
            spec.rotation3D?.angle = v.w
            return .transform(spec)
        case .effect(var spec):
            guard presentArguments(&spec.shader, attribute: 10) else { return kind }
            return .effect(spec)
        case .filter(let spec):
            guard let model = spec.animatable, let v = moving(model, attribute: 8) else { return kind }
            return .filter(spec.with(v))
        default:
            return kind
        }
    }

    /// `value` as shown this frame: its `animatableData` (a custom `Shape`'s, as SwiftUI's
    /// `Animatable`) moved by the transaction's animation when it changed. Values with no data
    /// (`EmptyAnimatableData`) are returned as they came.
    mutating func animatedData<A: Animatable>(_ value: A) -> A {
        guard animationScope.isActive, A.AnimatableData.self != EmptyAnimatableData.self else { return value }
        let model = value.animatableData
        let track = store.extra(currentIdentity, slot: AnimationScope.firstSlot + 7, initial: AnimationTrack(model)).value
        if transitions.priming {
            track.prime(model, frame: store.frame)
            return value
        }
        guard let moving = track.present(model, frame: store.frame, time: animationScope.time, transaction: animationScope.transaction,
                                         animations: store.animations) else { return value }
        if track.retargeted { animationScope.layoutMoving = true }
        animationScope.dataMoving = true
        var shown = value
        shown.animatableData = moving
        return shown
    }

    /// Moves the `animatableData` of a view or modifier of your own that is `Animatable` (as
    /// SwiftUI animates an `Animatable` view or an `AnimatableModifier`); others are untouched.
    /// (Opened by its type, not boxed: nothing is allocated.)
    mutating func animateData<V>(of value: inout V) {
        animationScope.dataMoving = false
        guard animationScope.isActive, let type = V.self as? any Animatable.Type else { return }
        func open<A: Animatable>(_: A.Type) {
            withUnsafeMutablePointer(to: &value) { pointer in
                pointer.withMemoryRebound(to: A.self, capacity: 1) { a in a.pointee = animatedData(a.pointee) }
            }
        }
        open(type)
    }

    /// A colour as shown while it moves (its channels animated in linear light); nil at rest.
    private mutating func moving(_ color: GlintCore.Color, attribute: Int) -> GlintCore.Color? {
        guard let v = moving(AnimatableVector4(Double(Color.linear(color.red)), Double(Color.linear(color.green)),
                                               Double(Color.linear(color.blue)), Double(color.alpha)), attribute: attribute)
        else { return nil }
        return GlintCore.Color(red: Color.encoded(Float(v.x)), green: Color.encoded(Float(v.y)), blue: Color.encoded(Float(v.z)),
                               alpha: Float(min(max(v.w, 0), 1)))
    }

    /// A shader's number and colour arguments as shown; whether one moves (the arguments are
    /// copied only then).
    private mutating func presentArguments(_ shader: inout Shader, attribute: Int) -> Bool {
        var moved: [(Int, ShaderArgument)]?
        var i = 0
        while i < shader.arguments.count {
            let slot = attribute + 16 * i
            var shown: ShaderArgument?
            switch shader.arguments[i].value {
            case .float(let x):
                if let v = moving(AnimatableVector4(Double(x)), attribute: slot) { shown = .float(Float(v.x)) }
            case .float2(let x, let y):
                if let v = moving(AnimatableVector4(Double(x), Double(y)), attribute: slot) { shown = .float2(Float(v.x), Float(v.y)) }
            case .float3(let x, let y, let z):
                if let v = moving(AnimatableVector4(Double(x), Double(y), Double(z)), attribute: slot) {
                    shown = .float3(Float(v.x), Float(v.y), Float(v.z))
                }
            case .float4(let x, let y, let z, let w):
                if let v = moving(AnimatableVector4(Double(x), Double(y), Double(z), Double(w)), attribute: slot) {
                    shown = .float4(Float(v.x), Float(v.y), Float(v.z), Float(v.w))
                }
            case .color(let color):
                if let c = moving(color, attribute: slot) { shown = .color(c) }
            default:
                break
            }
            if let shown {
                if moved == nil { moved = [] }
                moved?.append((i, shown))
            }
            i += 1
        }
        // Written only when one moves: the arguments array is the view's, and writing to it
        // copies it (an allocation every frame, were it touched while nothing moves).
        guard let moved else { return false }
        for (index, value) in moved { shader.arguments[index].value = value }
        return true
    }

    /// The value an attribute shows this frame while it moves, nil when it rests on what the
    /// view asks for. The attribute's track (kept by the view's identity) is retargeted when the
    /// value asked for changed: by the transaction's animation, or at once without one.
    private mutating func moving(_ model: AnimatableVector4, attribute: Int) -> AnimatableVector4? {
        let frame = store.frame
        var slot = AnimationScope.firstSlot + attribute
        var box = store.extra(currentIdentity, slot: slot, initial: AnimationTrack(model))
        let mark = transitions.priming ? AnimationTrack<AnimatableVector4>.primedMark(frame) : frame
        while box.value.frame == mark {  // the view's second attribute of this kind
            slot += AnimationScope.repeatStride
            box = store.extra(currentIdentity, slot: slot, initial: AnimationTrack(model))
        }
        if transitions.priming {
            box.value.prime(model, frame: frame)
            return nil
        }
        let shown = box.value.present(model, frame: frame, time: animationScope.time, transaction: animationScope.transaction,
                                      animations: store.animations)
        animationScope.retargeted = box.value.retargeted
        return shown
    }
}
