/// A rectangle in points, SwiftUI's user space: origin at the top-left, y down.
public struct Rect: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The rect from the origin to `size`.
    public init(size: Size) { self.init(origin: .zero, size: size) }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    /// The centre's coordinates.
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }

    /// The rect grown by `margin` on every side.
    public func outset(by margin: Size) -> Rect {
        Rect(x: minX - margin.width, y: minY - margin.height,
             width: size.width + 2 * margin.width, height: size.height + 2 * margin.height)
    }

    /// Whether `p` lies inside, edges included.
    public func contains(_ p: Point) -> Bool { p.x >= minX && p.y >= minY && p.x <= maxX && p.y <= maxY }

    public var description: String { "\(formatNumber(minX)),\(formatNumber(minY)) \(size)" }
}

/// One shader pass of a frame, as a plain value: SwiftUI's `Shader` applied as one of its effect
/// modifiers (or as the view's content). Made afresh every frame costs nothing but the arrays
/// the caller already holds: the renderer caches its programs by the function, the kind, the
/// library and the arguments' kinds, never by the identity of a pass.
public struct EffectPass: Sendable, Equatable, CustomStringConvertible {
    /// The GLSL function (and file, `<function>.frag`) the pass calls.
    public var function: String
    /// Where the function's file is: nil for Glint's own shaders (and a `--shaders` folder),
    /// otherwise a GLSL file defining it or a folder holding `<function>.frag`
    /// (`ShaderLibrary(url:)`).
    public var library: String?
    public var kind: ShaderEffect.Kind
    /// The arguments: in order of the function's parameters after its leading ones when
    /// `isPositional`, otherwise each sets the uniform named in `names`.
    public var arguments: [ShaderArgument]
    /// The uniform names of named arguments; labels for `--state` of positional ones.
    public var names: [String]
    public var isPositional: Bool
    /// Whether every pixel it draws is opaque whatever its arguments: as content it is then
    /// drawn with no clear and no blending.
    public var isOpaque: Bool
    /// SwiftUI's `isEnabled`: a disabled pass is skipped and costs nothing.
    public var isEnabled: Bool
    /// The passes of a shader of another tool (Shadertoy, ISF, glslViewer) drawn before this
    /// one, into targets of the graph kept from frame to frame; this pass's image argument shows
    /// their picture. Nil for every other pass.
    public var tool: ToolPasses?
    /// For an opaque pass, where it may draw anything but one colour: outside it the pass returns
    /// that colour alone, so the renderer clears to it there and runs the program only inside.
    public var extent: PassExtent?

    public init(function: String, library: String? = nil, kind: ShaderEffect.Kind, arguments: [ShaderArgument],
                names: [String] = [], isPositional: Bool = true, isOpaque: Bool = false, isEnabled: Bool = true,
                tool: ToolPasses? = nil, extent: PassExtent? = nil) {
        self.tool = tool
        self.extent = extent
        self.function = function
        self.library = library
        self.kind = kind
        self.arguments = arguments
        self.names = names
        self.isPositional = isPositional
        self.isOpaque = isOpaque
        self.isEnabled = isEnabled
    }

    /// The pass as a line: kind, function (and library), arguments; then its tool's passes.
    public var description: String {
        var text = "\(kind.name) \(function)\(library.map { " from \($0)" } ?? "")"
        if !isEnabled { text += " (disabled)" }
        if isOpaque { text += " opaque" }
        let labelled = arguments.indices.map { i in
            (i < names.count && !(isPositional && names[i].hasPrefix("argument")) ? names[i] + "=" : "") + "\(arguments[i])"
        }
        text += "(" + labelled.joined(separator: ", ") + ")"
        if let tool { text += "\n" + tool.description }
        return text
    }
}

/// Where an opaque pass draws anything but one colour, the effect's own knowledge of its picture:
/// the waveform's strokes lie in a band about the centre line, and every pixel outside it is the
/// background colour. The renderer clears the view to `outside` there and runs the pass's program
/// only over the pixels that touch `rect`, which draws the same pixels where a clear stores
/// `outside` exactly (each premultiplied channel a whole number of 255ths; otherwise the program
/// runs everywhere). So the program must return `outside` at every pixel that does not touch it,
/// whose centre lies half a pixel or more outside: an anti-aliased edge on `rect` (the prism's
/// square) fades out within that half pixel.
public struct PassExtent: Sendable, Equatable {
    /// In the view's points, from its top-left; every pixel that does not touch it is `outside`.
    public var rect: Rect
    /// What the pass returns outside `rect`: opaque.
    public var outside: Color

    public init(rect: Rect, outside: Color) {
        self.rect = rect
        self.outside = outside
    }
}

/// What the renderer draws in one frame, as a value: a view's content and its effect passes in
/// declaration order, placed in a rect of the target.
///
/// The content draws inside `viewRect` only. Each enabled layer or distortion pass reads what
/// was drawn before it as a layer covering the view's rect grown by its `maxSampleOffset` (and
/// every earlier pass's): samples beyond that are transparent, and the pass draws over that
/// grown rect, so a distortion can move content out past the view's edges. Positions every pass
/// sees are in the view's own user space: points, origin at its top-left.
public struct FrameGraph: Sendable, Equatable, CustomStringConvertible {
    /// Where the view sits in the target, in points.
    public var viewRect: Rect
    /// Pixels per point.
    public var scale: Double
    /// What shows around the view and through it where it is transparent.
    public var backdrop: Color
    /// The colour a first colour effect receives when there is no layer below it.
    public var baseColor: Color
    /// What the view draws before its effects.
    public var content: EffectPass
    /// The view's effects, applied in order to the content.
    public var effects: [EffectPass]

    public init(viewRect: Rect, scale: Double, backdrop: Color = .clear, baseColor: Color = .black,
                content: EffectPass, effects: [EffectPass] = []) {
        self.viewRect = viewRect
        self.scale = scale
        self.backdrop = backdrop
        self.baseColor = baseColor
        self.content = content
        self.effects = effects
    }

    /// The whole frame as text, one pass a line in drawing order (a tool's passes under the pass
    /// that shows their picture): what a test compares and a person reads.
    public var description: String {
        var lines = ["graph \(viewRect) at \(formatNumber(scale))x backdrop \(backdrop) base \(baseColor)"]
        lines.append("content " + content.description)
        for effect in effects { lines.append("effect " + effect.description) }
        return lines.joined(separator: "\n")
    }
}
