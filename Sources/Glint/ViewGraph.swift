@_spi(Reflection) import Swift
import Foundation
import GlintCore
import GlintRender

/// One frame's view tree, flattened: the nodes a view's `body` made, linked parent to child, in
/// drawing order. Made afresh every frame into arrays that keep their capacity, laid out
/// (`ViewLayout`), then drawn. Views make it through `_makeView`; users never touch it.
public struct ViewGraph {
    /// The nodes, the root first; each node's children follow its `firstChild` and `next` links.
    var nodes: [ViewNode] = []
    /// Where the views being made attach: the node they become children of.
    var current = 0
    /// The identity of the view being made, and the next structural position in it.
    private var identity: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var position: UInt64 = 0
    /// What views inherit from those around them (font, foreground style, …).
    var environment = EnvironmentValues()
    /// The environment each frame starts from: the host's (colour scheme, display scale, actions).
    var rootEnvironment = EnvironmentValues()
    /// The colour scheme asked for by `.preferredColorScheme` this frame, for the host.
    var preferredColorScheme: ColorScheme?
    /// Where state lives between frames, with the gestures' and appearances' bookkeeping.
    let store: ViewStore
    /// The closures of `GeometryReader`s and `visualEffect`s, called once layout knows sizes.
    var deferred: [any DeferredContent] = []
    /// The identity and environment each of `deferred` was found in.
    var deferredScopes: [DeferredScope] = []
    /// The gestures and handlers of the frame, each on a node.
    var gestures: [GestureHandler] = []
    /// Keys bound by `.onKeyPress`, in the order met (the frontmost last).
    var keyHandlers: [KeyHandler] = []
    /// Errors found while making the views (images that cannot be read).
    var errors: [RenderError] = []
    /// `onAppear` and `onChange` actions, run once the frame is made.
    var pendingActions: [() -> Void] = []
    /// Layout's scratch numbers (see `ViewLayout`), kept for their storage.
    var scratch: [Double] = []
    /// The closures of `visualEffect`s, called once layout knows sizes.
    var visualEffects: [any VisualEffectContent] = []
    /// The `Canvas`es of the frame: their drawing code, called once layout knows their sizes.
    var canvases: [CanvasEntry] = []
    /// The views of the canvases' `symbols:`, each by its `.tag` and first node; and whether
    /// tagged views made now are such symbols.
    var canvasSymbols: [(tag: AnyHashable, node: Int)] = []
    var makingCanvasSymbols = false
    /// How the buttons being made look (`.buttonStyle`), and the label of the one whose style is
    /// being made (`ButtonStyleConfiguration.label`).
    var buttonStyle = ButtonStyleChoice.builtIn(.borderless)
    var buttonLabel: ((inout ViewGraph) -> Void)?
    /// The text fields of the frame, and the views Tab moves the focus between, in order.
    var textFields: [TextFieldHandler] = []
    var focusOrder: [UInt64] = []
    /// Whether text fields made now have a border (`.textFieldStyle`), and what Return in one runs.
    var textFieldBordered = true
    var submitAction: (() -> Void)?
    /// Closes the `Menu` whose items are being made (their buttons run it after their action).
    var menuDismiss: (() -> Void)?
    /// The size `.controlSize` set for the controls made now.
    var controlSize = ControlSize.regular
    /// How toggles made now look (`.toggleStyle`).
    var toggleStyle = _ToggleStyleKind.Kind.switch
    /// How pickers made now show their options (`.pickerStyle`), and the picker whose options are being made.
    var pickerStyle = PickerStyleKind.menu
    var pickerContext: PickerContext?
    /// The views that hear the pointer move over them (`.onHover`).
    var hoverHandlers: [HoverHandler] = []
    /// Whether progress views made now are rings (`.progressViewStyle(.circular)`).
    var progressCircular = false
    /// The host's clock: seconds since it started, and the date `TimelineView` shows.
    var time = 0.0
    var date = Date(timeIntervalSinceReferenceDate: 0)
    /// The transaction the views being made animate by (`AnimationAttributes.swift`).
    var animationScope = AnimationScope()
    /// The views with transitions and the content their placeholders stand for (`TransitionRecords.swift`).
    var transitions = TransitionScope()

    init(store: ViewStore) {
        self.store = store
    }

    /// Starts a frame: empties the arrays, keeping their storage, and adds the root.
    mutating func reset() {
        nodes.removeAll(keepingCapacity: true)
        deferred.removeAll(keepingCapacity: true)
        deferredScopes.removeAll(keepingCapacity: true)
        gestures.removeAll(keepingCapacity: true)
        keyHandlers.removeAll(keepingCapacity: true)
        errors.removeAll(keepingCapacity: true)
        pendingActions.removeAll(keepingCapacity: true)
        visualEffects.removeAll(keepingCapacity: true)
        canvases.removeAll(keepingCapacity: true)
        canvasSymbols.removeAll(keepingCapacity: true)
        makingCanvasSymbols = false
        environment = rootEnvironment
        preferredColorScheme = nil
        buttonStyle = .builtIn(.borderless)
        buttonLabel = nil
        textFields.removeAll(keepingCapacity: true)
        focusOrder.removeAll(keepingCapacity: true)
        textFieldBordered = true
        submitAction = nil
        menuDismiss = nil
        controlSize = .regular
        toggleStyle = .switch
        pickerStyle = .menu
        pickerContext = nil
        progressCircular = false
        hoverHandlers.removeAll(keepingCapacity: true)
        identity = 0x9E37_79B9_7F4A_7C15
        position = 0
        nodes.append(ViewNode(kind: .root, parent: -1, identity: identity))
        current = 0
    }

    // MARK: Making views

    /// Makes `view` as the next child of the view being made.
    public mutating func makeChild<V: View>(_ view: V) {
        let ordinal = position
        position &+= 1
        makeChild(view, discriminator: ordinal)
    }

    /// Makes `view` at a structural position of its own (a branch of `if`/`else`).
    mutating func makeChild<V: View>(_ view: V, position branch: UInt64) {
        let ordinal = position
        position &+= 1
        makeChild(view, discriminator: Self.mix(ordinal, branch &+ 0x51))
    }

    /// Makes `view` identified by `id` (`ForEach`, `.id`), not by its position.
    package mutating func makeChild<V: View, ID: Hashable>(_ view: V, identifiedBy id: ID) {
        let first = nodes.count
        position &+= 1
        makeChild(view, discriminator: Self.mix(0xF0E1_D2C3, UInt64(UInt(bitPattern: id.hashValue))))
        // A row of a `List` is tagged with its id, for selection; a `ScrollViewReader` may look for it.
        noteListRow(from: first, tag: id)
        if first < nodes.count { noteScrollTarget(from: first, id: id) }
    }

    /// Runs `body` in an identity scope of its own, told apart by `discriminator`.
    mutating func withIdentity(discriminator: UInt64, _ body: (inout ViewGraph) -> Void) {
        let (savedIdentity, savedPosition) = (identity, position)
        identity = Self.mix(identity, discriminator)
        position = 0
        body(&self)
        identity = savedIdentity
        position = savedPosition &+ 1
    }

    private mutating func makeChild<V: View>(_ view: V, discriminator: UInt64) {
        let (savedIdentity, savedPosition) = (identity, position)
        let type = UInt64(UInt(bitPattern: ObjectIdentifier(V.self).hashValue))
        identity = Self.mix(Self.mix(identity, discriminator), type)
        position = 0
        V._makeView(view, into: &self)
        identity = savedIdentity
        position = savedPosition
    }

    /// Runs `body` as if making views at `identity` (content made after the fact, by layout).
    mutating func withScope(identity scope: UInt64, _ body: (inout ViewGraph) -> Void) {
        let (savedIdentity, savedPosition) = (identity, position)
        identity = scope
        position = 0
        body(&self)
        identity = savedIdentity
        position = savedPosition
    }

    /// The identity of the view being made.
    var currentIdentity: UInt64 { identity }

    /// Adds a node as the next child of the current one and returns its index.
    @discardableResult
    mutating func addNode(_ kind: NodeKind) -> Int {
        let index = nodes.count
        let kind = animated(kind)
        if !transitions.watched.isEmpty { noteTransitionParent(identity) }
        nodes.append(ViewNode(kind: kind, parent: current, identity: identity))
        if nodes[current].lastChild >= 0 {
            nodes[nodes[current].lastChild].next = index
        } else {
            nodes[current].firstChild = index
        }
        nodes[current].lastChild = index
        return index
    }

    /// Adds a node and makes what `children` makes its children.
    mutating func withNode(_ kind: NodeKind, _ children: (inout ViewGraph) -> Void) {
        let node = addNode(kind)
        let saved = current
        current = node
        children(&self)
        current = saved
    }

    /// Makes `content` as the children of a new node of `kind`.
    mutating func node<C: View>(_ kind: NodeKind, content: C) {
        let node = addNode(kind)
        let saved = current
        current = node
        makeChild(content)
        current = saved
    }

    /// Runs `body` with the environment changed by `change`, restored after.
    mutating func withEnvironment(_ change: (inout EnvironmentValues) -> Void, _ body: (inout ViewGraph) -> Void) {
        let saved = environment
        change(&environment)
        body(&self)
        environment = saved
    }

    /// Adds a gesture for the view being made; its progress is kept while the view is shown.
    mutating func addGesture(_ handler: GestureHandler) -> Int {
        _ = store.extra(handler.identity, slot: GestureRouter.progressSlot, initial: GestureProgress())
        gestures.append(handler)
        return gestures.count - 1
    }

    /// Notes an error (once).
    mutating func report(_ error: RenderError) {
        if !errors.contains(error) { errors.append(error) }
    }

    /// Points every `@State` (and other dynamic property) of `value` at its storage for the
    /// view being made: the storage of the view at this identity, made the first time; an
    /// `@Environment` gets the environment here. False when the view cannot be made (it reads a
    /// model no view above gave): the caller leaves it out.
    @discardableResult
    mutating func bindDynamicProperties<V>(of value: inout V) -> Bool {
        let fields = DynamicFields.of(V.self)
        guard !fields.isEmpty else { return true }
        let identity = self.identity
        let store = self.store
        let environment = self.environment
        var bound = true
        withUnsafeMutableBytes(of: &value) { bytes in
            for field in fields {
                bound = field.type._bind(at: bytes.baseAddress! + field.offset, store: store,
                                         key: StateKey(view: identity, field: field.offset),
                                         environment: environment) && bound
            }
        }
        return bound
    }

    /// A 64-bit mix of two values (splitmix64's finaliser): identities that differ anywhere
    /// differ everywhere.
    static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var z = a &+ 0x9E37_79B9_7F4A_7C15 &+ (b &* 0xBF58_476D_1CE4_E5B9)
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Which stored properties of a view type are dynamic (`@State`, …), found once per type from
/// the type's metadata.
enum DynamicFields {
    struct Field {
        var offset: Int
        var type: any DynamicProperty.Type
    }

    nonisolated(unsafe) private static var cache: [ObjectIdentifier: [Field]] = [:]
    private static let lock = NSLock()

    static func of(_ type: Any.Type) -> [Field] {
        let key = ObjectIdentifier(type)
        lock.lock()
        defer { lock.unlock() }
        if let known = cache[key] { return known }
        var fields: [Field] = []
        _ = _forEachField(of: type, options: []) { _, offset, fieldType, _ in
            if let dynamic = fieldType as? any DynamicProperty.Type {
                fields.append(Field(offset: offset, type: dynamic))
            }
            return true
        }
        cache[key] = fields
        return fields
    }
}

/// Closures that make views once their size is known (`GeometryReader`, `visualEffect`).
protocol DeferredContent {
    /// Makes the content for `proxy` into `graph`, under its current node.
    func make(_ proxy: GeometryProxy, into graph: inout ViewGraph)
}

/// A node of the frame's view tree.
struct ViewNode {
    var kind: NodeKind
    var parent: Int
    var firstChild = -1
    var lastChild = -1
    var next = -1
    /// The identity of the view that made it.
    var identity: UInt64
    /// Where layout placed it, in the container's points.
    var frame: Rect = .zero
    /// The last sizes layout worked out for it (a stack asks each child up to three times).
    var cache = SizeCache()

    init(kind: NodeKind, parent: Int, identity: UInt64) {
        self.kind = kind
        self.parent = parent
        self.identity = identity
    }
}

/// The sizes a node chose for its last three proposals.
struct SizeCache {
    private var proposals: (ProposedViewSize?, ProposedViewSize?, ProposedViewSize?) = (nil, nil, nil)
    private var sizes: (Size, Size, Size) = (.zero, .zero, .zero)
    private var next = 0

    func lookup(_ p: ProposedViewSize) -> Size? {
        if proposals.0 == p { return sizes.0 }
        if proposals.1 == p { return sizes.1 }
        if proposals.2 == p { return sizes.2 }
        return nil
    }

    /// Of the proposals remembered that gave `size`, the one offering the most along `axis` (nil,
    /// the ideal, counts as the most), keeping the size across it; nil when none gave it.
    func roomiestProposal(giving size: Size, axis: Axis) -> ProposedViewSize? {
        var best: ProposedViewSize?
        func room(_ p: ProposedViewSize) -> Double { (axis == .vertical ? p.h : p.w) ?? .infinity }
        func consider(_ p: ProposedViewSize?, _ s: Size) {
            guard let p, abs(s.width - size.width) < 0.01, abs(s.height - size.height) < 0.01 else { return }
            if best == nil || room(p) > room(best!) { best = p }
        }
        consider(proposals.0, sizes.0)
        consider(proposals.1, sizes.1)
        consider(proposals.2, sizes.2)
        guard let found = best else { return nil }
        // Across the axis, the size placed in.
        return axis == .vertical ? ProposedViewSize(width: CGFloat(size.width), height: found.height)
                                 : ProposedViewSize(width: found.width, height: CGFloat(size.height))
    }

    mutating func store(_ p: ProposedViewSize, _ s: Size) {
        switch next {
        case 0: proposals.0 = p; sizes.0 = s
        case 1: proposals.1 = p; sizes.1 = s
        default: proposals.2 = p; sizes.2 = s
        }
        next = (next + 1) % 3
    }
}

/// What a node is.
enum NodeKind {
    /// The root: a container of the whole view.
    case root
    /// A container laying its children over each other (a modifier's several views).
    case group
    /// Something drawn by a shader pass: a colour, an image, a shader fill, a stateful effect.
    case content(ContentLeaf)
    /// Text.
    case text(TextLeaf)
    /// A control's frame (a slider's, a switch's, a pad's): the space proposed where it is
    /// finite along a flexible side, else the ideal size; its children (the control's shapes)
    /// each get the whole of it.
    case idealSize(width: Double, height: Double, flexibleWidth: Bool, flexibleHeight: Bool)
    /// A shape, filled or stroked.
    case shape(ShapeLeaf)
    /// Space that grows along its stack's axis.
    case spacer(minLength: Double?)
    /// `VStack`/`HStack`: children along `axis`, aligned across it.
    case stack(axis: Axis, alignment: Double, spacing: Double?)
    /// `ZStack`: children over each other, aligned.
    case zstack(Alignment)
    /// `.padding`.
    case padding(EdgeInsets)
    /// `.frame(width:height:alignment:)` and `.frame(minWidth:…)`.
    case frame(FrameSpec)
    /// `.offset`: drawn moved, laid out where it was.
    case offset(x: Double, y: Double)
    /// `.move(edge:)`'s offset: drawn moved by these fractions of its own size, laid out where it was.
    case sizedOffset(x: Double, y: Double)
    /// `.position`: the child's centre at a point of the space offered.
    case position(x: Double, y: Double)
    /// `.aspectRatio`.
    case aspectRatio(Double?, ContentMode)
    /// `.fixedSize`.
    case fixedSize(horizontal: Bool, vertical: Bool)
    /// `.background`: the first child is the content, the second what is behind it.
    case background(Alignment)
    /// `.overlay`: the first child is the content, the second what is over it.
    case overlay(Alignment)
    /// `.opacity`.
    case opacity(Double)
    /// `.clipShape`, `.clipped`: the children drawn in a layer masked by the shape.
    case clip(ShapeLeaf)
    /// `.compositingGroup`, `.drawingGroup`: the children drawn in a layer, then composited.
    case compositingGroup
    /// A shader effect over the children.
    case effect(EffectSpec)
    /// `.effects(_:)`: stateful effects (harmonic, wave, …) over the children, in order.
    case statefulEffects(ArraySlice<any Effect>)
    /// `.tearable`.
    case tear(TearController)
    /// `GeometryReader`: its content made once its size is known (`deferred[index]`).
    case geometry(Int)
    /// `.visualEffect`: its effects made once its size is known (`visualEffects[index]`).
    case visualEffect(Int)
    /// A gesture over the children (`gestures[index]`).
    case gesture(Int)
    /// `.allowsHitTesting`.
    case hitTesting(Bool)
    /// `.accessibilityIdentifier`: its one child, found by the identifier in the laid-out tree.
    case identifier(String)
    /// `.rotationEffect`, `.scaleEffect`: drawn and hit transformed, laid out as before (`Transforms.swift`).
    case transform(TransformSpec)
    /// `.blur`, `.shadow`, the colour adjustments, `.blendMode` and `.mask` (`VisualEffects.swift`).
    case filter(FilterSpec)
    /// `.zIndex`: its place among its siblings' drawing.
    case zIndex(Double)
    /// A popover (an open menu's or picker's options): laid out where it is made, drawn and hit
    /// after everything else in the window, over it and outside any scroll view's clip.
    case floating
    /// `.hidden()`: laid out, not drawn, not hit.
    case hidden
    /// `ScrollView`: its one child moved up by the position's offset, clipped.
    case scroll(StateBox<ScrollPosition>)
    /// A dock (`GlintControls`' `ControlsDock`): its content, panel and their edge line placed
    /// as `DockLayout.placement(in:)` says.
    case dock(DockLayout)
    /// Grids, lists and navigation: laid out and drawn by their own files (`Containers.swift`).
    case container(ContainerKind)
}

/// How a content leaf is drawn and sized.
struct ContentLeaf {
    enum Source {
        case color(GlintCore.Color)
        case image(GlintCore.Image, resizable: Bool, interpolation: Image.Interpolation)
        case shader(Shader)
        case effect(any Effect)
    }
    var source: Source
}

/// A shader effect on a node's children.
struct EffectSpec {
    var shader: Shader
    var kind: ShaderEffect.Kind
    var isEnabled: Bool
}

/// A `.frame` modifier's sides; nil takes the child's.
struct FrameSpec {
    var minWidth: Double?
    var idealWidth: Double?
    var maxWidth: Double?
    var minHeight: Double?
    var idealHeight: Double?
    var maxHeight: Double?
    var alignment: Alignment
    /// Whether it is `frame(width:height:)`: the fixed sides in `idealWidth`/`idealHeight`.
    var isFixed: Bool
}

/// Text to draw, with what it inherited.
struct TextLeaf {
    var string: String
    var font: FontSpec
    var style: ShapeStyleValue
    var alignment: GlintRender.TextAlignment
    var lineLimit: Int?
    var lineSpacing: Double
    /// Where its lines may break (`Text` breaks at spaces; the HUD's help only between items).
    var lineBreaks: TextLayoutOptions.LineBreaks = .atSpaces
    /// Drawn first, offset, in its own colour.
    var shadow: TextShadow? = nil
    /// A resizable symbol's: sized to the frame offered, drawn to fit it (`SystemSymbol.fit`).
    var fitsFrame = false
    /// Points after each character (`.kerning`, `.tracking`).
    var tracking: Double = 0
    /// Whether the digits share one width (`.monospacedDigit`).
    var monospacedDigits = false
    /// Parts drawn in colours of their own (an `AttributedString`'s, or joined texts'), sorted.
    var colorRuns: [TextColorRun] = []

    /// How the text engine lays it out.
    var layoutOptions: TextLayoutOptions {
        TextLayoutOptions(alignment: alignment, lineLimit: lineLimit, lineSpacing: lineSpacing, lineBreaks: lineBreaks,
                          tracking: tracking, monospacedDigits: monospacedDigits)
    }
}

/// A sharp shadow under text: the text again, `x`, `y` points away, in `color`.
struct TextShadow {
    var color: Color
    var x: Double
    var y: Double
}

/// The axes of a stack.
public enum Axis: Sendable, Hashable {
    case horizontal, vertical
}
