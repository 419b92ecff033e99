import Foundation
import GlintCore
import GlintRender

/// A view worked out for one frame: its tree made and laid out, then turned into what the GPU
/// draws (frame graphs for what shaders draw, shapes, text, controls and the layers between
/// them, in painter's order), what takes presses, and what could not be loaded.
///
/// A host keeps one and, every frame:
/// 1. advances `effects` and `tears` by the frame's `dt`, and hands pointer events to
///    `handle(_:)` (positions in the container's points);
/// 2. calls `update(_:in:scale:backdrop:)` with a freshly built view (its `@State` kept by
///    identity in the resolved view's store);
/// 3. draws it (`ViewRenderer`), and reports `errors`.
/// The arrays are rewritten in place and keep their storage, so a frame of the same shape
/// allocates nothing beyond what the view's own code allocates.
public struct ResolvedView {
    /// Every view's state, gestures' progress and appearances, between frames.
    public let store: ViewStore
    /// The tree of this frame, laid out.
    var tree: ViewGraph
    /// The frame graphs drawn (each a shader content and its effects in a rect), in the order
    /// they were met. Only `draws` says where each goes among the rest.
    public private(set) var graphs: [FrameGraph] = []
    /// What to draw, in painter's order.
    var draws: [DrawItem] = []
    /// The offscreen layers `draws` opens and closes.
    var layers: [LayerSpec] = []
    /// What can take a press, in painter's order (the frontmost last).
    var hits: [HitEntry] = []
    /// The tears over views (`tearable`), in the order they were applied.
    public private(set) var tears: [TearController] = []
    /// The stateful effects drawn (`EffectView`): to advance every frame.
    public private(set) var effects: [any Effect] = []
    /// The stateful parts that take presses, tears first, then effects.
    public private(set) var responders: [any PointerResponder] = []
    /// Images that could not be read (each drawn as a magenta and black placeholder).
    public private(set) var errors: [RenderError] = []
    /// The container's size and scale of the last update.
    public private(set) var size = CGSize.zero
    public private(set) var scale: CGFloat = 1
    /// What shows behind everything.
    public private(set) var backdrop = Color.clear
    /// Measures text for layout.
    let text: TextEngine?
    /// Who owns the pointer.
    let router = GestureRouter()

    private var graphCount = 0
    private var effectResponders: [EffectResponder] = []

    /// An empty view, with a store of its own.
    public init() {
        store = ViewStore()
        tree = ViewGraph(store: store)
        text = SharedText.engine
        graphs = [FrameGraph(viewRect: .zero, scale: 1, content: Self.emptyContent)]
    }

    /// How many of `graphs` this frame wrote (the rest are spares from earlier frames).
    public var drawnGraphCount: Int { graphCount }

    /// The first frame graph: for a view that is one shader content and its effects (the
    /// common case, and what tests look at), the whole view.
    public var graph: FrameGraph { graphs[0] }

    /// The frame of each node laid out (for tests): the rect of the `n`th node made, in points.
    public var frames: [CGRect] {
        tree.nodes.map { CGRect(x: $0.frame.minX, y: $0.frame.minY, width: $0.frame.width, height: $0.frame.height) }
    }

    /// Makes, lays out and resolves `view` in a container of `size` points drawn at `scale`
    /// pixels per point, over `backdrop`. `time` and `date` are what `TimelineView` shows.
    public mutating func update<V: View>(_ view: V, in size: CGSize, scale: CGFloat = 1, backdrop: Color = .clear,
                                         time: Double = 0, date: Date? = nil) {
        self.size = size
        self.scale = scale
        self.backdrop = backdrop
        store.beginFrame()
        tree.reset()
        tree.time = time
        tree.date = date ?? Date(timeIntervalSinceReferenceDate: time)
        tree.makeChild(view)

        let container = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        let layout = ViewLayout(scale: Double(scale), text: text)
        layout.place(&tree, 0, in: container)

        graphCount = 0
        draws.removeAll(keepingCapacity: true)
        layers.removeAll(keepingCapacity: true)
        hits.removeAll(keepingCapacity: true)
        tears.removeAll(keepingCapacity: true)
        effects.removeAll(keepingCapacity: true)
        errors.removeAll(keepingCapacity: true)
        usedChainResponders = 0
        var context = DrawContext()
        emitChildren(of: 0, context: &context)
        if chainResponders.count > usedChainResponders { chainResponders.removeLast(chainResponders.count - usedChainResponders) }
        if graphCount == 0 {
            // Nothing drawn by a shader: the first graph is empty (tests and benches read it).
            Self.copy(Self.emptyContent, into: &graphs[0].content)
            graphs[0].effects.removeAll(keepingCapacity: true)
            graphs[0].viewRect = container
        }
        var i = 0
        while i < tree.errors.count {
            if !errors.contains(tree.errors[i]) { errors.append(tree.errors[i]) }
            i += 1
        }
        updateResponders()
        store.endFrame()
        router.frameBuilt(self)
        // `onAppear` and `onChange` run once the frame is made, as SwiftUI runs them.
        i = 0
        while i < tree.pendingActions.count {
            tree.pendingActions[i]()
            i += 1
        }
    }

    /// Where the sliders of this frame are, in the container's points, in the order made (for
    /// tests and tools that drive controls).
    public var sliderRects: [CGRect] {
        tree.nodes.compactMap { node -> CGRect? in
            guard case .control(let leaf) = node.kind, case .slider = leaf.kind else { return nil }
            return CGRect(x: node.frame.minX, y: node.frame.minY, width: node.frame.width, height: node.frame.height)
        }
    }

    /// Where the buttons of this frame are (each `Button`'s frame: its plate, where a press takes
    /// it), in the container's points, in the order made (for tests and tools that drive controls).
    public var buttonRects: [CGRect] {
        tree.nodes.compactMap { node -> CGRect? in
            guard case .gesture(let index) = node.kind, case .button = tree.gestures[index].recognizer else { return nil }
            return CGRect(x: node.frame.minX, y: node.frame.minY, width: node.frame.width, height: node.frame.height)
        }
    }

    /// The size `view` chooses when offered `proposal` (made with this store's state, without
    /// drawing anything or running its actions).
    public mutating func sizeThatFits<V: View>(_ view: V, _ proposal: ProposedViewSize, scale: CGFloat = 1) -> CGSize {
        tree.reset()
        tree.makeChild(view)
        let layout = ViewLayout(scale: Double(scale), text: text)
        let size = layout.size(&tree, 0, proposal)
        tree.pendingActions.removeAll()
        return CGSize(width: size.width, height: size.height)
    }

    /// The pointer event `event` (in the container's points): to the view that owns the press,
    /// or for a `.down`, the frontmost that takes it.
    public func handle(_ event: PointerEvent) {
        router.handle(event, in: self)
    }

    /// Gives keys to the views that bound them (`onKeyPress`), the frontmost first; returns
    /// whether one handled it.
    public func handleKey(_ key: KeyEquivalent) -> Bool {
        var i = tree.keyHandlers.count - 1
        while i >= 0 {
            if tree.keyHandlers[i].key == key, tree.keyHandlers[i].action() == .handled { return true }
            i -= 1
        }
        return false
    }

    /// Advances time-driven gestures (long presses) to `time`.
    public func advanceGestures(to time: Double) {
        router.advance(to: time, in: self)
    }

    // MARK: Turning nodes into draws

    /// What a node's descendants inherit while being drawn.
    struct DrawContext {
        var opacity = 1.0
        var hitTesting = true
    }

    private mutating func emitChildren(of i: Int, context: inout DrawContext) {
        var child = tree.nodes[i].firstChild
        while child >= 0 {
            emit(child, context: &context)
            child = tree.nodes[child].next
        }
    }

    private mutating func emit(_ i: Int, context: inout DrawContext) {
        let frame = tree.nodes[i].frame
        switch tree.nodes[i].kind {
        case .root, .group, .zstack, .stack, .padding, .frame, .offset, .position, .aspectRatio, .fixedSize, .geometry, .dock:
            emitChildren(of: i, context: &context)
        case .background:
            // What is behind first, then the content.
            let content = tree.nodes[i].firstChild
            if content >= 0 {
                let behind = tree.nodes[content].next
                if behind >= 0 { emit(behind, context: &context) }
                emit(content, context: &context)
            }
        case .overlay:
            emitChildren(of: i, context: &context)
        case .spacer:
            break
        case .hidden:
            break
        case .scroll(let position):
            emitScroll(i, position: position, context: &context)
        case .opacity(let amount):
            let saved = context
            context.opacity *= amount
            // A view drawn fully transparent is not drawn, and takes no presses (as SwiftUI).
            if context.opacity > 0 { emitChildren(of: i, context: &context) }
            context = saved
        case .hitTesting(let enabled):
            let saved = context
            context.hitTesting = context.hitTesting && enabled
            emitChildren(of: i, context: &context)
            context = saved
        case .gesture(let index):
            if context.hitTesting && tree.gestures[index].isEnabled {
                hits.append(HitEntry(rect: frame, target: .gesture(index), clip: hitClip))
            }
            emitChildren(of: i, context: &context)
        case .content(let leaf):
            emitContent(leaf, rect: frame, effects: false, context: context)
            if case .effect(let effect) = leaf.source, context.hitTesting {
                hits.append(HitEntry(rect: frame, target: .effect(effect), clip: hitClip))
            }
        case .shape(let leaf):
            emitShape(leaf, frame: frame, context: context)
        case .text(let leaf):
            var color = Color.primary
            if case .color(let c) = leaf.style { color = c }
            if let shadow = leaf.shadow {
                let offset = Rect(x: frame.minX + shadow.x, y: frame.minY + shadow.y, width: frame.width, height: frame.height)
                draws.append(.text(TextDraw(leaf: leaf, rect: offset, color: shadow.color.opacity(context.opacity))))
            }
            draws.append(.text(TextDraw(leaf: leaf, rect: frame, color: color.opacity(context.opacity))))
        case .control(let leaf):
            draws.append(.control(ControlDraw(leaf: leaf, rect: frame, opacity: context.opacity)))
        case .effect, .statefulEffects, .tear, .visualEffect:
            emitEffectChain(from: i, context: &context)
        case .clip(let shape):
            let layer = openLayer(rect: frame, opacity: 1, clip: ShapeDraw(leaf: shape, rect: frame, color: .white))
            var inner = context
            emitChildren(of: i, context: &inner)
            draws.append(.endLayer(layer))
        case .compositingGroup:
            // The layer holds everything the group draws, moved (`offset`) or overflowing included.
            let layer = openLayer(rect: bounds(of: i), opacity: context.opacity, clip: nil)
            var inner = context
            inner.opacity = 1
            emitChildren(of: i, context: &inner)
            draws.append(.endLayer(layer))
        }
    }

    /// A shape: a plain rectangle filled is a content pass; anything else a coverage mask (a
    /// colour) or a shader drawn in a layer masked by the shape.
    private mutating func emitShape(_ leaf: ShapeLeaf, frame: Rect, context: DrawContext) {
        if leaf.shape.isRectangle && leaf.stroke == nil {
            switch leaf.fill {
            case .color(let color):
                emitContent(ContentLeaf(source: .color(color.resolved)), rect: frame, effects: false, context: context)
            case .shader(let shader):
                emitContent(ContentLeaf(source: .shader(shader)), rect: frame, effects: false, context: context)
            }
            return
        }
        switch leaf.fill {
        case .color(let color):
            draws.append(.shape(ShapeDraw(leaf: leaf, rect: frame, color: color.opacity(context.opacity))))
        case .shader(let shader):
            let layer = openLayer(rect: frame, opacity: context.opacity, clip: ShapeDraw(leaf: leaf, rect: frame, color: .white))
            emitContent(ContentLeaf(source: .shader(shader)), rect: frame, effects: false, context: DrawContext())
            draws.append(.endLayer(layer))
        }
    }

    /// The union of the frames of node `i` and everything under it.
    private func bounds(of i: Int) -> Rect {
        var r = tree.nodes[i].frame
        var child = tree.nodes[i].firstChild
        while child >= 0 {
            let b = bounds(of: child)
            let x0 = min(r.minX, b.minX), y0 = min(r.minY, b.minY)
            r = Rect(x: x0, y: y0, width: max(r.maxX, b.maxX) - x0, height: max(r.maxY, b.maxY) - y0)
            child = tree.nodes[child].next
        }
        return r
    }

    /// Opens an offscreen layer over `rect` (the draws until its end go into it).
    /// Its graph shows the layer (`layerContent`) at `opacity`; effects over it add passes.
    private mutating func openLayer(rect: Rect, opacity: Double, clip: ShapeDraw?) -> Int {
        let layer = layers.count
        let graph = nextGraph(rect: rect)
        if layer == layerImages.count { layerImages.append(GlintCore.Image(externalWidth: 1, height: 1)) }
        setBuiltIn(graph, "layerContent", kind: .color, isOpaque: false, .boundingRect, .image(layerImages[layer]))
        graphs[graph].content.arguments.append(.float(Float(opacity)))
        layers.append(LayerSpec(rect: rect, opacity: opacity, clip: clip, graph: graph))
        draws.append(.beginLayer(layer))
        return layer
    }
    /// The stand-in image of each layer, whose texture the renderer supplies.
    private(set) var layerImages: [GlintCore.Image] = []

    /// Effects over a subtree (`colorEffect`, …, `tearable`, `visualEffect`): merged into the
    /// content's own frame graph when the subtree is one shader content in the same rect, else
    /// the subtree is drawn into a layer that becomes the content of the effects' graph.
    private mutating func emitEffectChain(from top: Int, context: inout DrawContext) {
        let frame = tree.nodes[top].frame
        // Down the single children in the same rect that are effects or change nothing drawn.
        chain.removeAll(keepingCapacity: true)
        chain.append(top)
        var last = top
        var leaf = -1
        while true {
            let child = tree.nodes[last].firstChild
            guard child >= 0, tree.nodes[child].next < 0, tree.nodes[child].frame == frame else { break }
            switch tree.nodes[child].kind {
            case .effect, .statefulEffects, .tear, .visualEffect, .frame, .gesture, .hitTesting, .group:
                chain.append(child)
                last = child
                continue
            default:
                leaf = child
            }
            break
        }
        var inner = context
        var n = 0
        while n < chain.count {
            let node = chain[n]
            if case .hitTesting(let enabled) = tree.nodes[node].kind { inner.hitTesting = inner.hitTesting && enabled }
            if case .gesture(let index) = tree.nodes[node].kind, inner.hitTesting, tree.gestures[index].isEnabled {
                hits.append(HitEntry(rect: frame, target: .gesture(index), clip: hitClip))
            }
            n += 1
        }
        let firstEffect = effects.count
        var content: ContentLeaf?
        if leaf >= 0 {
            switch tree.nodes[leaf].kind {
            case .content(let c): content = c
            case .shape(let shape) where shape.shape.isRectangle && shape.stroke == nil:
                switch shape.fill {
                case .color(let color): content = ContentLeaf(source: .color(color.resolved))
                case .shader(let shader): content = ContentLeaf(source: .shader(shader))
                }
            default: break
            }
        }
        if let content {
            emitContent(content, rect: frame, effects: true, context: context)
            if case .effect(let effect) = content.source, inner.hitTesting {
                hits.append(HitEntry(rect: frame, target: .effect(effect), clip: hitClip))
            }
        } else if context.opacity >= 1, !drawsIdleChainsInLayers, chainIsIdle {
            // Nothing over the subtree draws this frame (a tear not open, effects disabled): the
            // subtree goes straight into the target, with no layer to copy. Its tears still run.
            var direct = context
            direct.hitTesting = inner.hitTesting
            let saved = chain
            emitChildren(of: last, context: &direct)
            chain = saved
            var n = chain.count - 1
            while n >= 0 {
                if case .tear(let tear) = tree.nodes[chain[n]].kind {
                    tear.updatePass(viewSize: frame.size)
                    tears.append(tear)
                }
                n -= 1
            }
        } else {
            // A layer of the subtree, the effects over it.
            let layer = openLayer(rect: frame, opacity: 1, clip: nil)
            var layerContext = DrawContext()
            layerContext.hitTesting = inner.hitTesting
            let saved = chain
            emitChildren(of: last, context: &layerContext)
            chain = saved
            appendChainPasses(to: layers[layer].graph, viewSize: frame.size, opacity: context.opacity)
            draws.append(.endLayer(layer))
        }
        // A chain with stateful effects over it (`effects(_:)`) takes a press as one: every
        // effect in it, the content's and those over it, sees the press (a glow's hold and a
        // loupe over it follow one press).
        if inner.hitTesting, chainHasStatefulEffects, effects.count > firstEffect {
            hits.append(HitEntry(rect: frame, target: .responder(chainResponder(effects[firstEffect...])), clip: hitClip))
        }
        // Tears take presses before everything under them.
        if inner.hitTesting {
            n = 0
            while n < chain.count {
                if case .tear(let tear) = tree.nodes[chain[n]].kind {
                    hits.append(HitEntry(rect: frame, target: .responder(tear), clip: hitClip))
                }
                n += 1
            }
        }
    }
    private var chain: [Int] = []

    /// Draws a chain over a subtree through its layer even when nothing in it draws this frame (a
    /// tear not open): for a host's warm-up frame, so the frame a tear first opens compiles and
    /// allocates nothing. Off, such a subtree goes straight into the target.
    public var drawsIdleChainsInLayers = false

    /// Whether nothing in the chain being emitted draws this frame: its tears are closed and its
    /// shader effects disabled (stateful effects and visual effects always draw).
    private var chainIsIdle: Bool {
        var n = 0
        while n < chain.count {
            switch tree.nodes[chain[n]].kind {
            case .effect(let spec): if spec.isEnabled { return false }
            case .tear(let tear): if tear.isShowing { return false }
            case .statefulEffects(let list): if !list.isEmpty { return false }
            case .visualEffect: return false
            default: break
            }
            n += 1
        }
        return true
    }

    /// Whether the chain being emitted has `effects(_:)` in it.
    private var chainHasStatefulEffects: Bool {
        var n = 0
        while n < chain.count {
            if case .statefulEffects = tree.nodes[chain[n]].kind { return true }
            n += 1
        }
        return false
    }

    /// The responder of a chain of stateful effects: the one made for the same effects in an
    /// earlier frame (so a press keeps its owner, and a steady frame allocates nothing), else a new one.
    private mutating func chainResponder(_ list: ArraySlice<any Effect>) -> EffectResponder {
        var i = 0
        while i < chainResponders.count {
            let candidate = chainResponders[i]
            if candidate.effects.count == list.count {
                var same = true
                var k = 0
                while k < list.count && same {
                    same = candidate.effects[k] === list[list.startIndex + k]
                    k += 1
                }
                if same {
                    // Met earlier this frame (the same effects twice), or kept from the last one.
                    if i >= usedChainResponders {
                        chainResponders.swapAt(i, usedChainResponders)
                        usedChainResponders += 1
                    }
                    return candidate
                }
            }
            i += 1
        }
        let made = EffectResponder(Array(list))
        chainResponders.append(made)
        usedChainResponders += 1
        chainResponders.swapAt(chainResponders.count - 1, usedChainResponders - 1)
        return made
    }
    /// Responders of chains of stateful effects: the first `usedChainResponders` were met this frame.
    private var chainResponders: [EffectResponder] = []
    private var usedChainResponders = 0

    /// Where presses may land while the content of a `ScrollView` is emitted: its visible rect
    /// (nested ones intersected); nil outside any.
    private var hitClip: Rect?

    /// A `ScrollView`: its drag (behind its content), its content (clipped to it while it
    /// overflows, and taking presses only where it shows), then its scroll bar while there is
    /// something to scroll.
    private mutating func emitScroll(_ i: Int, position: StateBox<ScrollPosition>, context: inout DrawContext) {
        let frame = tree.nodes[i].frame
        let visible = hitClip.map { $0.intersection(frame) } ?? frame
        if context.hitTesting { hits.append(HitEntry(rect: frame, target: .scroll(position), clip: hitClip)) }
        let content = tree.nodes[i].firstChild
        guard content >= 0 else { return }
        let c = tree.nodes[content].frame
        let spills = c.minX < frame.minX || c.minY < frame.minY || c.maxX > frame.maxX || c.maxY > frame.maxY
        let savedClip = hitClip
        hitClip = visible
        if spills {
            let layer = openLayer(rect: frame, opacity: 1, clip: ShapeDraw(leaf: ScrollStyle.clipLeaf, rect: frame, color: .white))
            var inner = context
            emit(content, context: &inner)
            draws.append(.endLayer(layer))
        } else {
            emit(content, context: &context)
        }
        hitClip = savedClip
        if let bar = position.value.scrollBar(in: frame) {
            // The bar takes presses in front of the content: a strip from just left of it to the
            // scroll view's right edge, its height (`ScrollStyle.barHitMargin`).
            if context.hitTesting {
                let strip = Rect(x: bar.track.minX - ScrollStyle.barHitMargin, y: bar.track.minY,
                                 width: frame.maxX - bar.track.minX + ScrollStyle.barHitMargin, height: bar.track.height)
                hits.append(HitEntry(rect: strip, target: .scrollBar(position, frame), clip: hitClip))
            }
            draws.append(.shape(ShapeDraw(leaf: ScrollStyle.barLeaf, rect: bar.track, color: ScrollStyle.track.opacity(context.opacity))))
            draws.append(.shape(ShapeDraw(leaf: ScrollStyle.barLeaf, rect: bar.thumb, color: ScrollStyle.thumb.opacity(context.opacity))))
        }
    }

    /// A shader content leaf: its own graph (with the current chain's passes when `effects`).
    private mutating func emitContent(_ leaf: ContentLeaf, rect: Rect, effects withChain: Bool, context: DrawContext) {
        let index = nextGraph(rect: rect)
        switch leaf.source {
        case .color(let color):
            setBuiltIn(index, "solid", kind: .fill, isOpaque: color.alpha >= 1, .color(color))
        case .image(let image, _, let interpolation):
            setBuiltIn(index, interpolation == .none ? "imageNearest" : "image", kind: .color, isOpaque: false,
                       .boundingRect, .image(image))
        case .shader(let shader):
            Self.write(shader, kind: .fill, isOpaque: false, isEnabled: true, into: &graphs[index].content, errors: &errors)
        case .effect(let effect):
            effect.updatePass(viewSize: rect.size)
            Self.copy(effect.pass.value, into: &graphs[index].content)
            effects.append(effect)
        }
        if withChain {
            appendChainPasses(to: index, viewSize: rect.size, opacity: context.opacity)
        } else if context.opacity < 1 {
            appendFade(to: index, context.opacity)
        }
        draws.append(.graph(index))
    }

    /// The next frame graph, over `rect`, its effects emptied.
    private mutating func nextGraph(rect: Rect) -> Int {
        if graphCount == graphs.count {
            graphs.append(FrameGraph(viewRect: rect, scale: Double(scale), content: Self.emptyContent))
        }
        let index = graphCount
        graphCount += 1
        graphs[index].viewRect = rect
        graphs[index].scale = Double(scale)
        graphs[index].backdrop = backdrop.resolved
        while let spare = graphs[index].effects.popLast() { spareEffects.append(spare) }
        return index
    }

    /// The passes of the current chain, innermost first, tears last; then
    /// the fade of an opacity around them.
    private mutating func appendChainPasses(to index: Int, viewSize: Size, opacity: Double) {
        var n = chain.count - 1
        while n >= 0 {
            let node = chain[n]
            n -= 1
            switch tree.nodes[node].kind {
            case .effect(let spec):
                appendPass(to: index) { pass, errors in
                    Self.write(spec.shader, kind: spec.kind, isOpaque: false, isEnabled: spec.isEnabled, into: &pass, errors: &errors)
                }
            case .statefulEffects(let list):
                var e = list.startIndex
                while e < list.endIndex {
                    let effect = list[e]
                    e += 1
                    effect.updatePass(viewSize: viewSize)
                    effects.append(effect)
                    appendPass(to: index) { pass, _ in Self.copy(effect.pass.value, into: &pass) }
                }
            case .visualEffect(let deferredIndex):
                let frame = tree.nodes[node].frame
                let proxy = GeometryProxy(size: CGSize(width: frame.width, height: frame.height),
                                          globalFrame: CGRect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height))
                let effect = tree.visualEffect(deferredIndex, proxy: proxy)
                var e = 0
                while e < effect.effects.count {
                    let spec = effect.effects[e]
                    appendPass(to: index) { pass, errors in
                        Self.write(spec.shader, kind: spec.kind, isOpaque: false, isEnabled: spec.isEnabled, into: &pass, errors: &errors)
                    }
                    e += 1
                }
            default:
                break
            }
        }
        n = chain.count - 1
        while n >= 0 {
            if case .tear(let tear) = tree.nodes[chain[n]].kind {
                tear.updatePass(viewSize: viewSize)
                tears.append(tear)
                appendPass(to: index) { pass, _ in Self.copy(tear.pass.value, into: &pass) }
            }
            n -= 1
        }
        if opacity < 1 { appendFade(to: index, opacity) }
    }

    private mutating func appendFade(to index: Int, _ opacity: Double) {
        appendPass(to: index) { pass, _ in
            pass.function = "fade"
            pass.library = nil
            pass.tool = nil
            pass.kind = .color
            pass.isPositional = true
            pass.isOpaque = false
            pass.isEnabled = true
            pass.names.removeAll(keepingCapacity: true)
            pass.arguments.removeAll(keepingCapacity: true)
            pass.arguments.append(.float(Float(opacity)))
        }
    }

    /// Adds a pass to graph `index`, reusing a pass's storage left from an earlier frame.
    private mutating func appendPass(to index: Int, _ write: (inout EffectPass, inout [RenderError]) -> Void) {
        var pass = spareEffects.popLast() ?? EffectPass(function: "", kind: .color, arguments: [])
        write(&pass, &errors)
        graphs[index].effects.append(pass)
    }
    /// Passes of graphs no longer drawn, kept for their storage.
    private var spareEffects: [EffectPass] = []

    private mutating func setBuiltIn(_ index: Int, _ function: String, kind: ShaderEffect.Kind, isOpaque: Bool,
                                     _ first: ShaderArgument, _ second: ShaderArgument? = nil) {
        graphs[index].content.function = function
        graphs[index].content.library = nil
        graphs[index].content.tool = nil
        graphs[index].content.kind = kind
        graphs[index].content.isPositional = true
        graphs[index].content.isOpaque = isOpaque
        graphs[index].content.isEnabled = true
        graphs[index].content.names.removeAll(keepingCapacity: true)
        graphs[index].content.arguments.removeAll(keepingCapacity: true)
        graphs[index].content.arguments.append(first)
        if let second { graphs[index].content.arguments.append(second) }
    }

    // MARK: Copying passes

    private static let emptyContent = EffectPass(function: "solid", kind: .fill, arguments: [.color(.clear)])

    /// Copies `pass` into `target`'s own arrays, element by element: sharing a stateful
    /// effect's argument array until the next frame would make its next write copy the array.
    static func copy(_ pass: EffectPass, into target: inout EffectPass) {
        target.function = pass.function
        target.library = pass.library
        target.kind = pass.kind
        target.isPositional = pass.isPositional
        target.isOpaque = pass.isOpaque
        target.isEnabled = pass.isEnabled
        target.tool = pass.tool
        target.arguments.removeAll(keepingCapacity: true)
        var i = 0
        while i < pass.arguments.count {  // index loops: no iterator allocation in debug builds
            target.arguments.append(pass.arguments[i])
            i += 1
        }
        target.names.removeAll(keepingCapacity: true)
        i = 0
        while i < pass.names.count {
            target.names.append(pass.names[i])
            i += 1
        }
    }

    /// Overwrites `pass` with `shader`, keeping the capacity of its arrays.
    static func write(_ shader: Shader, kind: ShaderEffect.Kind, isOpaque: Bool, isEnabled: Bool,
                      into pass: inout EffectPass, errors: inout [RenderError]) {
        pass.function = shader.function.name
        pass.library = shader.function.library.path
        pass.tool = nil
        pass.kind = kind
        pass.isPositional = true
        pass.isOpaque = isOpaque
        pass.isEnabled = isEnabled
        pass.names.removeAll(keepingCapacity: true)
        pass.arguments.removeAll(keepingCapacity: true)
        var i = 0
        while i < shader.arguments.count {
            pass.arguments.append(shader.arguments[i].value)
            if let error = shader.arguments[i].imageError, !errors.contains(error) { errors.append(error) }
            i += 1
        }
    }

    /// Tears first, then the effects; a responder already made for an effect is kept.
    private mutating func updateResponders() {
        var i = 0
        while i < effects.count {
            if i == effectResponders.count {
                effectResponders.append(EffectResponder([effects[i]]))
            } else if effectResponders[i].effects[0] !== effects[i] {
                effectResponders[i] = EffectResponder([effects[i]])
            }
            i += 1
        }
        if effectResponders.count > effects.count {
            effectResponders.removeLast(effectResponders.count - effects.count)
        }
        responders.removeAll(keepingCapacity: true)
        i = 0
        while i < tears.count {
            responders.append(tears[i])
            i += 1
        }
        i = 0
        while i < effectResponders.count {
            responders.append(effectResponders[i])
            i += 1
        }
    }

    /// The responder made for `effect` this frame.
    func responder(for effect: any Effect) -> EffectResponder? {
        var i = 0
        while i < effectResponders.count {
            if effectResponders[i].effects[0] === effect { return effectResponders[i] }
            i += 1
        }
        return nil
    }
}

/// One thing to draw.
enum DrawItem {
    /// `graphs[i]`.
    case graph(Int)
    /// A shape's coverage in a colour.
    case shape(ShapeDraw)
    /// Text.
    case text(TextDraw)
    /// A slider or toggle.
    case control(ControlDraw)
    /// Draws go into `layers[i]` until its end.
    case beginLayer(Int)
    /// `layers[i]` is composited into what was drawn before it began.
    case endLayer(Int)
}

/// A shape to rasterise, in the container's points.
struct ShapeDraw {
    var leaf: ShapeLeaf
    var rect: Rect
    var color: Color
}

/// Text to lay out and draw in `rect`.
struct TextDraw {
    var leaf: TextLeaf
    var rect: Rect
    var color: Color
}

/// A control to draw in `rect`.
struct ControlDraw {
    var leaf: ControlLeaf
    var rect: Rect
    var opacity: Double
}

/// An offscreen layer: what is drawn in it is masked by `clip`, then composited at `opacity`,
/// or (when `graph` ≥ 0) becomes that graph's content.
struct LayerSpec {
    var rect: Rect
    var opacity: Double
    var clip: ShapeDraw?
    var graph: Int
}

/// Something that can take a press, and where.
struct HitEntry {
    enum Target {
        case gesture(Int)
        case responder(any PointerResponder)
        case effect(any Effect)
        /// A `ScrollView`'s background: a drag scrolls it.
        case scroll(StateBox<ScrollPosition>)
        /// A `ScrollView`'s scroll bar (the scroll view's frame): dragging its thumb scrolls it.
        case scrollBar(StateBox<ScrollPosition>, Rect)
    }
    var rect: Rect
    var target: Target
    /// Where in `rect` a press may land (a `ScrollView`'s visible part); nil for all of it.
    var clip: Rect? = nil

    /// Whether a press at `p` lands on it.
    func takes(_ p: Point) -> Bool {
        rect.contains(p) && (clip?.contains(p) ?? true)
    }
}

/// The process's text engine for layout (FreeType, no GL), made on first use.
enum SharedText {
    static let engine: TextEngine? = try? TextEngine()
}
