import Foundation
import GlintCore
import GlintRender

/// A view worked out for one frame: its tree made and laid out, then turned into what the GPU
/// draws (frame graphs for what shaders draw, shapes (controls are shapes too), text and the layers between
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
    public internal(set) var graphs: [FrameGraph] = []
    /// What to draw, in painter's order.
    var draws: [DrawItem] = []
    /// The offscreen layers `draws` opens and closes.
    var layers: [LayerSpec] = []
    /// What can take a press, in painter's order (the frontmost last).
    var hits: [HitEntry] = []
    /// The tears over views (`tearable`), in the order they were applied.
    public internal(set) var tears: [TearController] = []
    /// The stateful effects drawn (`EffectView`): to advance every frame.
    public internal(set) var effects: [any Effect] = []
    /// The stateful parts that take presses, tears first, then effects.
    public internal(set) var responders: [any PointerResponder] = []
    /// Images that could not be read (each drawn as a magenta and black placeholder).
    public internal(set) var errors: [RenderError] = []
    /// The container's size and scale of the last update.
    public internal(set) var size = CGSize.zero
    public internal(set) var scale: CGFloat = 1
    /// What shows behind everything.
    public internal(set) var backdrop = Color.clear
    /// The environment the view is made in (a window's colour scheme, the actions its host
    /// offers); `update` sets its `displayScale` to the scale it draws at.
    public var environment: EnvironmentValues {
        get { tree.rootEnvironment }
        set { tree.rootEnvironment = newValue }
    }
    /// The scheme the view asked for (`.preferredColorScheme`) in the last update: a backdrop
    /// that is the background colour (`.background`, a `Window`'s default) follows it.
    public internal(set) var preferredColorScheme: ColorScheme?
    /// Measures text for layout.
    let text: TextEngine?
    /// Who owns the pointer.
    let router = GestureRouter()
    /// What the frame's canvases drew (`CanvasRecorder.swift`).
    let canvasRecorder = CanvasRecorder()

    var graphCount = 0
    var effectResponders: [EffectResponder] = []

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
        tree.rootEnvironment.displayScale = scale
        store.beginFrame()
        tree.reset()
        tree.time = time
        tree.date = date ?? Date(timeIntervalSinceReferenceDate: time)
        tree.beginAnimationFrame(at: time)
        tree.makeChild(view)
        tree.finishTransitions()
        preferredColorScheme = tree.preferredColorScheme
        // The background colour as a backdrop follows the scheme the view asked for.
        self.backdrop = backdrop.resolved(in: preferredColorScheme ?? tree.rootEnvironment.colorScheme)

        let container = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        let layout = ViewLayout(scale: Double(scale), text: text)
        layout.place(&tree, 0, in: container)
        tree.placeTransitionedViews(layout)

        graphCount = 0
        draws.removeAll(keepingCapacity: true)
        layers.removeAll(keepingCapacity: true)
        hits.removeAll(keepingCapacity: true)
        tears.removeAll(keepingCapacity: true)
        effects.removeAll(keepingCapacity: true)
        errors.removeAll(keepingCapacity: true)
        usedChainResponders = 0
        canvasRecorder.reset()
        var context = DrawContext()
        emitChildren(of: 0, context: &context)
        // Popovers last, over everything and outside every clip; one may hold another.
        var f = 0
        while f < floating.count {
            var inner = floating[f].context
            hitClip = nil
            emitChildren(of: floating[f].node, context: &inner)
            f += 1
        }
        floating.removeAll(keepingCapacity: true)
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
        tree.endAnimationFrame()
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
            guard case .gesture(let index) = node.kind, case .slider = tree.gestures[index].recognizer else { return nil }
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
        tree.rootEnvironment.displayScale = scale
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
        store.animations.now = event.time  // a change the event makes begins at its time
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
        /// A sharp shadow under the text drawn (`.shadow` with radius 0 over text alone).
        var textShadow: TextShadow? = nil
        /// A `.shadow` over a container without `compositingGroup`: each part drawn under it
        /// casts it, one by one (`emitShadowPart`).
        var partShadow: ShadowSpec? = nil
    }

    mutating func emitChildren(of i: Int, context: inout DrawContext) {
        if emitChildrenByZIndex(of: i, context: &context) { return }
        var child = tree.nodes[i].firstChild
        while child >= 0 {
            emit(child, context: &context)
            child = tree.nodes[child].next
        }
    }

    mutating func emit(_ i: Int, context: inout DrawContext) {
        if let shadow = context.partShadow, isShadowPart(i) { return emitShadowPart(i, shadow, context: &context) }
        let frame = tree.nodes[i].frame
        switch tree.nodes[i].kind {
        case .root, .group, .zstack, .stack, .padding, .frame, .offset, .sizedOffset, .position, .aspectRatio, .fixedSize, .geometry, .dock, .idealSize, .identifier, .zIndex:
            emitChildren(of: i, context: &context)
        case .floating:
            // Drawn after everything else (see `update`).
            floating.append(FloatingEntry(node: i, context: context))
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
        case .transform(let spec):
            emitTransform(i, spec, context: &context)
        case .scroll(let position):
            emitScroll(i, position: position, context: &context)
        case .container(let kind):
            emitContainer(i, kind, context: &context)
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
        case .text(var leaf):
            var frame = frame
            if leaf.fitsFrame { SystemSymbol.fit(&leaf, in: &frame) }
            var color = Color.primary
            if case .color(let c) = leaf.style { color = c }
            if let shadow = leaf.shadow ?? context.textShadow {
                let offset = Rect(x: frame.minX + shadow.x, y: frame.minY + shadow.y, width: frame.width, height: frame.height)
                draws.append(.text(TextDraw(leaf: leaf, rect: offset, color: shadow.color.opacity(context.opacity))))
            }
            draws.append(.text(TextDraw(leaf: leaf, rect: frame, color: color.opacity(context.opacity), opacity: context.opacity)))
        case .effect, .statefulEffects, .tear, .visualEffect:
            emitEffectChain(from: i, context: &context)
        case .filter(let spec):
            emitFilter(i, spec, context: &context)
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
    mutating func emitShape(_ leaf: ShapeLeaf, frame: Rect, context: DrawContext) {
        if case .canvas(let index) = leaf.shape.kind { return emitCanvas(index, frame: frame, context: context) }
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
    func bounds(of i: Int) -> Rect {
        let inner = subtreeBounds(of: i)
        // A transformed subtree covers where it is drawn.
        if case .transform(let spec) = tree.nodes[i].kind, !spec.isIdentity,
           let map = spec.drawnMap(in: tree.nodes[i].frame), let drawn = map.bounds(of: inner) {
            return drawn
        }
        return inner
    }

    /// The union of node `i`'s frame and its descendants' bounds, as laid out (before its own transform).
    func subtreeBounds(of i: Int) -> Rect {
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
    mutating func openLayer(rect: Rect, opacity: Double, clip: ShapeDraw?) -> Int {
        let layer = layers.count
        let graph = nextGraph(rect: rect)
        if layer == layerImages.count { layerImages.append(GlintCore.Image(externalWidth: 1, height: 1)) }
        setBuiltIn(graph, "layerContent", kind: .color, isOpaque: false, .boundingRect, .image(layerImages[layer]))
        graphs[graph].content.arguments.append(.float(Float(opacity)))
        layers.append(LayerSpec(rect: rect, opacity: opacity, clip: clip, graph: graph))
        draws.append(.beginLayer(layer))
        return layer
    }
    /// Popovers met while emitting, drawn after the rest of the frame.
    var floating: [FloatingEntry] = []

    /// A popover node and what it inherited where it was met.
    struct FloatingEntry {
        var node: Int
        var context: DrawContext
    }

    /// The stand-in image of each layer, whose texture the renderer supplies.
    var layerImages: [GlintCore.Image] = []
    /// The stand-in image of a copy of what is below each layer that blends (`.blendMode`).
    var backdropImages: [GlintCore.Image] = []

    var chain: [Int] = []

    /// Draws a chain over a subtree through its layer even when nothing in it draws this frame (a
    /// tear not open): for a host's warm-up frame, so the frame a tear first opens compiles and
    /// allocates nothing. Off, such a subtree goes straight into the target.
    public var drawsIdleChainsInLayers = false

    /// Responders of chains of stateful effects: the first `usedChainResponders` were met this frame.
    var chainResponders: [EffectResponder] = []

    var usedChainResponders = 0

    /// Where presses may land while the content of a `ScrollView` is emitted: its visible rect
    /// (nested ones intersected); nil outside any.
    var hitClip: Rect?

    /// Passes of graphs no longer drawn, kept for their storage.
    var spareEffects: [EffectPass] = []

    /// Tears first, then the effects; a responder already made for an effect is kept.
    mutating func updateResponders() {
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
    /// The opacity of the views around it, for the parts in colours of their own.
    var opacity = 1.0
}

/// An offscreen layer: what is drawn in it is masked by `clip`, then composited at `opacity`,
/// or (when `graph` ≥ 0) becomes that graph's content.
struct LayerSpec {
    var rect: Rect
    var opacity: Double
    var clip: ShapeDraw?
    var graph: Int
    /// A graph composited before `graph`, reading the same layer (a shadow); −1 for none.
    var under = -1
    /// Whether what is below the layer is copied first, for its graph to blend with (`.blendMode`).
    var readsBackdrop = false
    /// Whether the layer is kept, not composited: another layer's pass reads it (a mask).
    var isKept = false
    /// Whether the layer's content is a copy of what is below it, not what was drawn in it (a material).
    var copiesBackdrop = false
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
    /// From the container's points to those of `rect` and `clip`, under a `.rotationEffect` or
    /// `.scaleEffect`; nil where nothing is transformed.
    var toLocal: ProjectiveMap? = nil

    /// Whether a press at `p` lands on it.
    func takes(_ p: Point) -> Bool {
        let q = toLocal?.apply(p) ?? p
        return rect.contains(q) && (clip?.contains(q) ?? true)
    }
}

/// The process's text engine for layout (FreeType, no GL), made on first use.
package enum SharedText {
    package static let engine: TextEngine? = try? TextEngine()
}
