import Foundation
import GlintCore
import GlintRender
import Synchronization

/// One of Glint's modifiers that adds a node of `kind` over the content.
public struct _NodeModifier: ViewModifier {
    let kind: NodeKind

    public typealias Body = Never

    public static func _makeModifier<C: View>(_ modifier: Self, content: C, into graph: inout ViewGraph) {
        graph.node(modifier.kind, content: content)
    }
}

/// One of Glint's modifiers that changes what the content inherits.
/// (A value, not a closure: applying it allocates nothing.)
public struct _EnvironmentModifier: ViewModifier {
    enum Change {
        case font(Font?)
        case foregroundStyle(ShapeStyleValue?)
        case multilineTextAlignment(TextAlignment)
        case lineLimit(Int?)
        case lineSpacing(CGFloat)
        case tint(Color?)
        case disabled(Bool)
        case controlStyle(ControlStyle)
        case shadow(TextShadow?)
        case tracking(CGFloat)
        case monospacedDigits(Bool)
    }

    let change: Change
    /// What was wrong with the modifier's arguments, reported when the view is made.
    let error: RenderError?

    init(_ change: Change, error: RenderError? = nil) {
        self.change = change
        self.error = error
    }

    public typealias Body = Never

    public static func _makeModifier<C: View>(_ modifier: Self, content: C, into graph: inout ViewGraph) {
        let saved = graph.environment
        if let error = modifier.error { graph.report(error) }
        switch modifier.change {
        case .font(let font): graph.environment.font = font
        case .foregroundStyle(let style): graph.environment.foregroundStyle = style
        case .multilineTextAlignment(let alignment): graph.environment.multilineTextAlignment = alignment
        case .lineLimit(let limit): graph.environment.lineLimit = limit
        case .lineSpacing(let spacing): graph.environment.lineSpacing = spacing
        case .tint(let color): graph.environment.tint = color
        case .disabled(let disabled): graph.environment.isEnabled = graph.environment.isEnabled && !disabled
        case .controlStyle(let style): graph.environment.controlStyle = style
        case .shadow(let shadow): graph.environment.shadow = shadow
        case .tracking(let tracking): graph.environment.tracking = tracking
        case .monospacedDigits(let on): graph.environment.monospacedDigits = on
        }
        graph.makeChild(content)
        graph.environment = saved
    }
}

/// `.background` and `.overlay`: the content and a second view behind or over it.
public struct _LayeredModifier<Secondary: View>: ViewModifier {
    let secondary: Secondary
    let alignment: Alignment
    let isBehind: Bool

    public typealias Body = Never

    public static func _makeModifier<C: View>(_ modifier: Self, content: C, into graph: inout ViewGraph) {
        graph.withNode(modifier.isBehind ? .background(modifier.alignment) : .overlay(modifier.alignment)) { graph in
            graph.node(.group, content: content)
            graph.node(.group, content: modifier.secondary)
        }
    }
}

extension View {
    // MARK: Layout

    /// Space around the view, as SwiftUI's `padding`: `length` points (16 when nil) on `edges`.
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> ModifiedContent<Self, _NodeModifier> {
        let l = length ?? CGFloat(ViewLayout.defaultPadding)
        return modifier(_NodeModifier(kind: .padding(EdgeInsets(
            top: edges.contains(.top) ? l : 0, leading: edges.contains(.leading) ? l : 0,
            bottom: edges.contains(.bottom) ? l : 0, trailing: edges.contains(.trailing) ? l : 0))))
    }

    /// `length` points of space on every side.
    public func padding(_ length: CGFloat) -> ModifiedContent<Self, _NodeModifier> {
        padding(.all, length)
    }

    /// Space around the view, side by side.
    public func padding(_ insets: EdgeInsets) -> ModifiedContent<Self, _NodeModifier> {
        modifier(_NodeModifier(kind: .padding(insets)))
    }

    /// The view in a frame of `width` × `height` points, as SwiftUI's `frame(width:height:alignment:)`:
    /// a nil side is the view's own. The view is placed in the frame by `alignment`.
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center)
        -> ModifiedContent<Self, _NodeModifier> {
        modifier(_NodeModifier(kind: .frame(FrameSpec(
            minWidth: nil, idealWidth: FrameSpec.valid(width, "width"), maxWidth: nil,
            minHeight: nil, idealHeight: FrameSpec.valid(height, "height"), maxHeight: nil, alignment: alignment, isFixed: true))))
    }

    /// The view in a frame whose sides lie between the bounds given, as SwiftUI's
    /// `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`:
    /// `maxWidth: .infinity` takes all the width offered.
    public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                      minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
                      alignment: Alignment = .center) -> ModifiedContent<Self, _NodeModifier> {
        modifier(_NodeModifier(kind: .frame(FrameSpec(
            minWidth: FrameSpec.valid(minWidth, "minWidth"), idealWidth: FrameSpec.valid(idealWidth, "idealWidth"),
            maxWidth: FrameSpec.valid(maxWidth, "maxWidth", infinityAllowed: true),
            minHeight: FrameSpec.valid(minHeight, "minHeight"), idealHeight: FrameSpec.valid(idealHeight, "idealHeight"),
            maxHeight: FrameSpec.valid(maxHeight, "maxHeight", infinityAllowed: true),
            alignment: alignment, isFixed: false))))
    }

    /// The view drawn `x`, `y` points away from where it is laid out, as SwiftUI's `offset`.
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> ModifiedContent<Self, _NodeModifier> {
        modifier(_NodeModifier(kind: .offset(x: Double(x), y: Double(y))))
    }

    /// The view drawn `offset` away from where it is laid out.
    public func offset(_ offset: CGSize) -> ModifiedContent<Self, _NodeModifier> {
        self.offset(x: offset.width, y: offset.height)
    }

    /// The view centred at (`x`, `y`) of the space offered, which it takes whole, as SwiftUI's `position`.
    public func position(x: CGFloat = 0, y: CGFloat = 0) -> ModifiedContent<Self, _NodeModifier> {
        modifier(_NodeModifier(kind: .position(x: Double(x), y: Double(y))))
    }

    /// The view centred at `position`.
    public func position(_ position: CGPoint) -> ModifiedContent<Self, _NodeModifier> {
        self.position(x: position.x, y: position.y)
    }

    /// The view at `aspectRatio` (width / height; nil keeps its own), fitting or filling the
    /// space offered, as SwiftUI's `aspectRatio(_:contentMode:)`.
    public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> ModifiedContent<Self, _NodeModifier> {
        modifier(_NodeModifier(kind: .aspectRatio(aspectRatio.map(Double.init), contentMode)))
    }

    /// The view at the aspect ratio of `size`.
    public func aspectRatio(_ size: CGSize, contentMode: ContentMode) -> ModifiedContent<Self, _NodeModifier> {
        aspectRatio(size.height > 0 ? size.width / size.height : nil, contentMode: contentMode)
    }

    /// The view fitting the space at its own aspect ratio.
    public func scaledToFit() -> ModifiedContent<Self, _NodeModifier> { aspectRatio(contentMode: .fit) }

    /// The view filling the space at its own aspect ratio.
    public func scaledToFill() -> ModifiedContent<Self, _NodeModifier> { aspectRatio(contentMode: .fill) }

    /// The view at its ideal size on the axes given, whatever is offered, as SwiftUI's `fixedSize`.
    public func fixedSize(horizontal: Bool = true, vertical: Bool = true) -> ModifiedContent<Self, _NodeModifier> {
        modifier(_NodeModifier(kind: .fixedSize(horizontal: horizontal, vertical: vertical)))
    }

    /// Accepted for SwiftUI code: the desktop has no safe areas, so it changes nothing.
    public func ignoresSafeArea() -> Self { self }

    /// Accepted for SwiftUI code: the desktop has no safe areas, so it changes nothing.
    public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> Self { self }

    // MARK: Compositing

    /// `background` behind the view, sized to it and aligned, as SwiftUI's `background(_:alignment:)`.
    public func background<B: View>(_ background: B, alignment: Alignment = .center) -> ModifiedContent<Self, _LayeredModifier<B>> {
        modifier(_LayeredModifier(secondary: background, alignment: alignment, isBehind: true))
    }

    /// The views `content` builds behind the view.
    public func background<B: View>(alignment: Alignment = .center, @ViewBuilder content: () -> B) -> ModifiedContent<Self, _LayeredModifier<B>> {
        background(content(), alignment: alignment)
    }

    /// `overlay` over the view, sized to it and aligned, as SwiftUI's `overlay(_:alignment:)`.
    public func overlay<O: View>(_ overlay: O, alignment: Alignment = .center) -> ModifiedContent<Self, _LayeredModifier<O>> {
        modifier(_LayeredModifier(secondary: overlay, alignment: alignment, isBehind: false))
    }

    /// The views `content` builds over the view.
    public func overlay<O: View>(alignment: Alignment = .center, @ViewBuilder content: () -> O) -> ModifiedContent<Self, _LayeredModifier<O>> {
        overlay(content(), alignment: alignment)
    }

    /// The view drawn `opacity` (0 … 1) opaque, as SwiftUI's `opacity`: each of its parts
    /// separately (`compositingGroup()` first to fade them as one picture).
    public func opacity(_ opacity: Double) -> ModifiedContent<Self, _NodeModifier> {
        modifier(_NodeModifier(kind: .opacity(opacity.isFinite ? min(max(opacity, 0), 1) : 1)))
    }

    /// The view drawn only inside `shape` (in the view's rect), anti-aliased, as SwiftUI's `clipShape`.
    public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> ModifiedContent<Self, _NodeModifier> {
        modifier(_NodeModifier(kind: .clip(ShapeLeaf(shape: ShapeSource(shape), fill: .color(.white), fillStyle: style))))
    }

    /// The view drawn only inside its own rect, as SwiftUI's `clipped`.
    public func clipped() -> ModifiedContent<Self, _NodeModifier> {
        clipShape(Rectangle())
    }

    /// The view's parts drawn together into one picture before effects that apply to the
    /// whole (opacity, blending), as SwiftUI's `compositingGroup`.
    public func compositingGroup() -> ModifiedContent<Self, _NodeModifier> {
        modifier(_NodeModifier(kind: .compositingGroup))
    }

    /// The view drawn into one picture, as SwiftUI's `drawingGroup` (in Glint the same as
    /// `compositingGroup`: everything is drawn by the GPU already).
    public func drawingGroup() -> ModifiedContent<Self, _NodeModifier> {
        compositingGroup()
    }

    /// Whether the view (and what it holds) can take presses, as SwiftUI's `allowsHitTesting`:
    /// false lets them through to what lies behind.
    public func allowsHitTesting(_ enabled: Bool) -> ModifiedContent<Self, _NodeModifier> {
        modifier(_NodeModifier(kind: .hitTesting(enabled)))
    }

    /// The view laid out but not drawn, as SwiftUI's `hidden`.
    public func hidden() -> ModifiedContent<Self, _NodeModifier> {
        modifier(_NodeModifier(kind: .hidden))
    }

    // MARK: Environment

    /// The font of the text in the view, as SwiftUI's `font`.
    public func font(_ font: Font?) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier(.font(font)))
    }

    /// How text and unfilled shapes in the view are painted, as SwiftUI's `foregroundStyle`.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier(.foregroundStyle(style._shapeStyleValue)))
    }

    /// The colour of text and unfilled shapes in the view, as SwiftUI's `foregroundColor`.
    public func foregroundColor(_ color: Color?) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier(.foregroundStyle(color.map { ShapeStyleValue.color($0) })))
    }

    /// How the lines of multi-line text line up, as SwiftUI's `multilineTextAlignment`.
    public func multilineTextAlignment(_ alignment: TextAlignment) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier(.multilineTextAlignment(alignment)))
    }

    /// The most lines text shows, as SwiftUI's `lineLimit`.
    public func lineLimit(_ limit: Int?) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier(.lineLimit(limit)))
    }

    /// Extra space between lines of text, as SwiftUI's `lineSpacing`.
    public func lineSpacing(_ spacing: CGFloat) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier(.lineSpacing(spacing)))
    }

    /// The accent colour of the controls in the view, as SwiftUI's `tint`.
    public func tint(_ color: Color?) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier(.tint(color)))
    }

    /// A name that finds the view in the laid-out tree (`ResolvedView.frame(identifiedBy:)`,
    /// `controls(identifiedBy:)`): how a test or a script learns where a control is, as SwiftUI's
    /// `accessibilityIdentifier` lets UI tests find it. Changes nothing on screen.
    public func accessibilityIdentifier(_ identifier: String) -> ModifiedContent<Self, _NodeModifier> {
        modifier(_NodeModifier(kind: .identifier(identifier)))
    }

    /// Whether the controls in the view respond, as SwiftUI's `disabled`.
    public func disabled(_ disabled: Bool) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier(.disabled(disabled)))
    }

    // MARK: Shader effects

    /// Applies `shader` to every pixel of the view, as SwiftUI's `colorEffect`: the function
    /// `vec4 f(vec2 position, vec4 color, ARGS…)` gets each pixel's position (points, in the
    /// view's own space) and its premultiplied colour, and returns the new colour. A disabled
    /// effect is skipped and costs nothing.
    public func colorEffect(_ shader: Shader, isEnabled: Bool = true) -> ModifiedContent<Self, _NodeModifier> {
        modifier(_NodeModifier(kind: .effect(EffectSpec(shader: shader, kind: .color, isEnabled: isEnabled))))
    }

    /// Applies `shader` to the view drawn as a layer, as SwiftUI's `layerEffect`: the function
    /// `vec4 f(vec2 position, Layer layer, ARGS…)` may sample the layer (`layerSample(layer, p)`)
    /// up to `maxSampleOffset` points from `position`; beyond the view the layer is
    /// transparent. A disabled effect is skipped and costs nothing.
    public func layerEffect(_ shader: Shader, maxSampleOffset: CGSize, isEnabled: Bool = true) -> ModifiedContent<Self, _NodeModifier> {
        modifier(_NodeModifier(kind: .effect(EffectSpec(shader: shader, kind: .layer(maxSampleOffset: Size(maxSampleOffset)), isEnabled: isEnabled))))
    }

    /// Moves the view's pixels, as SwiftUI's `distortionEffect`: the function
    /// `vec2 f(vec2 position, ARGS…)` returns where in the view each position shows, at most
    /// `maxSampleOffset` points away; the view may so move up to that far past its edges. A
    /// disabled effect is skipped and costs nothing.
    public func distortionEffect(_ shader: Shader, maxSampleOffset: CGSize, isEnabled: Bool = true) -> ModifiedContent<Self, _NodeModifier> {
        modifier(_NodeModifier(kind: .effect(EffectSpec(shader: shader, kind: .distortion(maxSampleOffset: Size(maxSampleOffset)), isEnabled: isEnabled))))
    }

    /// Applies Glint's stateful effects (`EffectRegistry`'s harmonic, wave, blur, …, or a
    /// `DeclaredEffect` of your own) over this view, in order, as `EffectView` shows one as a
    /// view: each draws its pass over what is below it, and the host advances their clocks.
    /// A press on the view goes to all of them and to the effects of the view itself (the glow's
    /// hold and a loupe over it follow one press). (Glint's addition.)
    public func effects(_ effects: [any Effect]) -> ModifiedContent<Self, _NodeModifier> {
        modifier(_NodeModifier(kind: .statefulEffects(effects[...])))
    }

    /// `effects(_:)` for part of an array (`chain[1...]`): no array is made, so a view built
    /// every frame allocates nothing for it.
    public func effects(_ effects: ArraySlice<any Effect>) -> ModifiedContent<Self, _NodeModifier> {
        modifier(_NodeModifier(kind: .statefulEffects(effects)))
    }

    /// Lets `tear` tear this view (seed 004): a drag from its edge opens a cut, and past a
    /// threshold the view breaks and falls. The tear is drawn over the view and every effect on
    /// it, whatever the order of the modifiers, and takes a press before anything below it.
    /// The host that shows the view advances the tear and routes the pointer to it.
    public func tearable(_ tear: TearController) -> ModifiedContent<Self, _NodeModifier> {
        modifier(_NodeModifier(kind: .tear(tear)))
    }
}

extension Size {
    init(_ size: CGSize) {
        self.init(width: Double(size.width), height: Double(size.height))
    }
}

extension FrameSpec {
    private static let reported = Mutex<Set<String>>([])

    /// A frame side as given, or nil where SwiftUI would refuse it: a negative or non-finite size
    /// (`.frame(width: .infinity)`), which SwiftUI logs and ignores; a `maxWidth`/`maxHeight` may
    /// be `.infinity`. Said once a process on standard error, naming the side.
    static func valid(_ side: CGFloat?, _ name: String, infinityAllowed: Bool = false) -> Double? {
        guard let side else { return nil }
        let x = Double(side)
        if x >= 0 && (x.isFinite || (infinityAllowed && x == .infinity)) { return x }
        if reported.withLock({ $0.insert(name).inserted }) {
            FileHandle.standardError.write(Data("glint: invalid frame dimension \(name): \(x) (negative or non-finite); the view keeps its own size, as SwiftUI does\n".utf8))
        }
        return nil
    }
}
