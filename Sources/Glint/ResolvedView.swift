import Foundation
import GlintCore
import GlintRender

/// A view worked out for one frame: the `FrameGraph` the renderer draws, the stateful parts a
/// host must drive (effects to advance, pointer responders), and what could not be loaded.
///
/// A host keeps one and calls `update(_:in:scale:)` every frame with a freshly built view; the
/// graph is rewritten in place, reusing its arrays, so a frame of the same shape allocates
/// nothing beyond the arguments arrays the view's shaders carry. Per frame, a host:
/// 1. advances `effects` and `tears` by the frame's `dt`, and hands pointer events to
///    `responders` (positions in points relative to `graph.viewRect.origin`);
/// 2. calls `update` (which also writes each stateful effect's and tear's arguments);
/// 3. draws `graph`, and reports `errors`.
public struct ResolvedView {
    /// What to draw.
    public private(set) var graph: FrameGraph
    /// The tears over the view (`tearable`), in the order they were applied. Their passes
    /// are the last of `graph.effects`: a tear tears the view with every effect on it.
    public private(set) var tears: [TearController] = []
    /// The stateful effects drawn (`EffectView`): to advance every frame.
    public private(set) var effects: [any Effect] = []
    /// Who may take a press, in order: the tears, then the effects.
    public private(set) var responders: [any PointerResponder] = []
    /// Images that could not be read (each drawn as a magenta and black placeholder).
    public private(set) var errors: [RenderError] = []

    /// The rect the view being resolved occupies in the target, in points: the container, then
    /// each frame's rect within it.
    var rect: Rect = .zero
    /// How many of `graph.effects` this frame has written.
    private var passCount = 0
    /// Whether a primitive has set this frame's content (which is otherwise last frame's).
    private var hasContent = false
    /// The responders made for `effects`, kept so a frame with the same effects makes none.
    private var effectResponders: [EffectResponder] = []

    /// An empty view: a transparent content pass, no effects.
    public init() {
        graph = FrameGraph(viewRect: .zero, scale: 1, content: Self.emptyContent)
    }

    /// Resolves `view` in a container of `size` points drawn at `scale` pixels per point,
    /// with `backdrop` around it and through it where it is transparent.
    public mutating func update<V: View>(_ view: V, in size: CGSize, scale: CGFloat = 1, backdrop: Color = .clear) {
        let container = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        graph.viewRect = container
        graph.scale = Double(scale)
        graph.backdrop = backdrop.resolved
        rect = container
        passCount = 0
        tears.removeAll(keepingCapacity: true)
        effects.removeAll(keepingCapacity: true)
        errors.removeAll(keepingCapacity: true)
        hasContent = false

        V._resolve(view, into: &self)
        // A view whose primitive drew nothing shows nothing.
        if !hasContent { setContent(Self.emptyContent) }

        let viewSize = graph.viewRect.size
        var i = 0
        while i < tears.count {  // index loops: no iterator allocations in debug builds
            tears[i].updatePass(viewSize: viewSize)
            appendEffect(tears[i].pass.value)
            i += 1
        }
        if graph.effects.count > passCount {
            graph.effects.removeLast(graph.effects.count - passCount)
        }
        updateResponders()
    }

    // MARK: What primitives and modifiers call

    /// Places the view in `rect` (the innermost frame) and makes `pass` its content.
    mutating func setContent(_ pass: EffectPass) {
        graph.viewRect = rect
        hasContent = true
        Self.copy(pass, into: &graph.content)
    }

    /// Copies `pass` into `target`'s own arrays, element by element: sharing a stateful
    /// effect's argument array until the next frame would make its next write copy the array.
    static func copy(_ pass: EffectPass, into target: inout EffectPass) {
        target.function = pass.function
        target.library = pass.library
        target.kind = pass.kind
        target.isPositional = pass.isPositional
        target.isOpaque = pass.isOpaque
        target.isEnabled = pass.isEnabled
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

    /// Places the view in `rect` and makes `shader`, drawn as `kind`, its content.
    mutating func setContent(_ shader: Shader, kind: ShaderEffect.Kind, isOpaque: Bool = false) {
        graph.viewRect = rect
        hasContent = true
        Self.write(shader, kind: kind, isOpaque: isOpaque, isEnabled: true, into: &graph.content, errors: &errors)
    }

    /// Makes the positional function `function` of the built-in shaders, with `arguments`,
    /// the content. Writes in place, as `setContent(_:kind:isOpaque:)`.
    mutating func setContent(builtIn function: String, kind: ShaderEffect.Kind, isOpaque: Bool,
                             _ first: ShaderArgument, _ second: ShaderArgument? = nil) {
        graph.viewRect = rect
        hasContent = true
        graph.content.function = function
        graph.content.library = nil
        graph.content.kind = kind
        graph.content.isPositional = true
        graph.content.isOpaque = isOpaque
        graph.content.isEnabled = true
        graph.content.names.removeAll(keepingCapacity: true)
        graph.content.arguments.removeAll(keepingCapacity: true)
        graph.content.arguments.append(first)
        if let second { graph.content.arguments.append(second) }
    }

    /// Adds `shader` as the next effect pass.
    mutating func appendEffect(_ shader: Shader, kind: ShaderEffect.Kind, isEnabled: Bool) {
        if passCount < graph.effects.count {
            Self.write(shader, kind: kind, isOpaque: false, isEnabled: isEnabled, into: &graph.effects[passCount], errors: &errors)
        } else {
            var pass = EffectPass(function: "", kind: kind, arguments: [])
            Self.write(shader, kind: kind, isOpaque: false, isEnabled: isEnabled, into: &pass, errors: &errors)
            graph.effects.append(pass)
        }
        passCount += 1
    }

    /// Adds a stateful effect's or a tear's pass as the next effect pass.
    mutating func appendEffect(_ pass: EffectPass) {
        if passCount < graph.effects.count {
            Self.copy(pass, into: &graph.effects[passCount])
        } else {
            var own = EffectPass(function: "", kind: pass.kind, arguments: [])
            Self.copy(pass, into: &own)
            graph.effects.append(own)
        }
        passCount += 1
    }

    /// Notes a stateful effect to advance and to take presses.
    mutating func addEffect(_ effect: any Effect) {
        effects.append(effect)
    }

    /// Notes a tear to drive; its pass goes on top of the others.
    mutating func addTear(_ tear: TearController) {
        tears.append(tear)
    }

    /// Notes an image that could not be read, once.
    mutating func report(_ error: RenderError) {
        Self.report(error, in: &errors)
    }

    private static func report(_ error: RenderError, in errors: inout [RenderError]) {
        if !errors.contains(error) { errors.append(error) }
    }

    /// The rect `size` points (a nil side takes the container's) centred in the current rect,
    /// its origin on a whole pixel so the view's pixels line up with the target's.
    func centred(width: Double?, height: Double?) -> Rect {
        let w = width ?? rect.width
        let h = height ?? rect.height
        let scale = graph.scale > 0 ? graph.scale : 1
        let x = rect.minX + ((rect.width - w) / 2 * scale).rounded() / scale
        let y = rect.minY + ((rect.height - h) / 2 * scale).rounded() / scale
        return Rect(x: x, y: y, width: w, height: h)
    }

    // MARK: Private

    private static let emptyContent = EffectPass(function: "solid", kind: .fill, arguments: [.color(.clear)])

    /// Overwrites `pass` with `shader`, keeping the capacity of its arrays.
    private static func write(_ shader: Shader, kind: ShaderEffect.Kind, isOpaque: Bool, isEnabled: Bool,
                              into pass: inout EffectPass, errors: inout [RenderError]) {
        pass.function = shader.function.name
        pass.library = shader.function.library.path
        pass.kind = kind
        pass.isPositional = true
        pass.isOpaque = isOpaque
        pass.isEnabled = isEnabled
        pass.names.removeAll(keepingCapacity: true)
        pass.arguments.removeAll(keepingCapacity: true)
        var i = 0
        while i < shader.arguments.count {
            pass.arguments.append(shader.arguments[i].value)
            if let error = shader.arguments[i].imageError { report(error, in: &errors) }
            i += 1
        }
    }

    /// Tears first, then the effects; a responder already made for an effect is kept.
    private mutating func updateResponders() {
        var i = 0
        while i < effects.count {
            if i == effectResponders.count {
                effectResponders.append(EffectResponder(effects[i]))
            } else if effectResponders[i].effect !== effects[i] {
                effectResponders[i] = EffectResponder(effects[i])
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
}
