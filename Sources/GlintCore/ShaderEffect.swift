/// One shader pass over a view, modelled on SwiftUI's three effect modifiers.
///
/// The GLSL program (`Shaders/<function>.frag`) defines the function of its kind:
/// - `.color`: `vec4 colorEffect(vec2 position, vec4 color)`: sees only its pixel's own colour.
/// - `.layer`: `vec4 layerEffect(vec2 position)`: may call `layerSample(p)` anywhere on the layer below.
/// - `.distortion`: `vec2 distortionEffect(vec2 position)`: returns where in the layer below to sample.
///
/// Positions are in points with the origin at the top-left, as in SwiftUI. Arguments are named:
/// each becomes the uniform of the same name, set every frame; a uniform the shader does not
/// declare is skipped, not an error.
public final class ShaderEffect {
    /// Which of SwiftUI's effect modifiers this pass is.
    public enum Kind: Equatable, Sendable {
        /// `colorEffect`: a function of the pixel's own colour.
        case color
        /// `layerEffect`: samples the rendered layer below. `maxSampleOffset` (points) says how far
        /// from its own position a pixel may sample; samples outside the view are transparent.
        case layer(maxSampleOffset: Size)
        /// `distortionEffect`: maps each position to the position of the layer below to show.
        case distortion(maxSampleOffset: Size)
        /// A shader as a fill (`Rectangle().fill(shader)`): `vec4 f(vec2 position, args…)`, the
        /// view's content.
        case fill

        /// Whether the pass reads the layer below it, and so needs it rendered offscreen first.
        public var readsLayer: Bool {
            switch self {
            case .color, .fill: return false
            case .layer, .distortion: return true
            }
        }

        /// How far outside the view the pass may sample (and so draws), in points.
        public var maxSampleOffset: Size {
            switch self {
            case .layer(let m), .distortion(let m): return m
            case .color, .fill: return .zero
            }
        }

        /// The kind of function a positional program calls.
        public var signatureKind: ShaderSignature.Kind {
            switch self {
            case .color: return .color
            case .layer: return .layer
            case .distortion: return .distortion
            case .fill: return .fill
            }
        }

        public var name: String {
            switch self {
            case .color: return "colorEffect"
            case .layer: return "layerEffect"
            case .distortion: return "distortionEffect"
            case .fill: return "fill"
            }
        }
    }

    /// The program's name: the file `Shaders/<function>.frag`, like `ShaderLibrary.default.<function>`.
    public let function: String
    /// The kind; its `maxSampleOffset` may change from frame to frame (a blur's radius), the
    /// kind itself may not.
    public var kind: Kind {
        willSet { precondition(newValue.name == kind.name, "a pass keeps its kind") }
    }
    /// Whether every pixel the pass draws has alpha 1, whatever its arguments: as the view's content
    /// it is then drawn with no clear and no blending. Declared by the effect that knows its shader
    /// (harmonic, waveform); a custom effect file is not assumed opaque.
    public let isOpaque: Bool
    /// SwiftUI's `isEnabled`: a disabled pass is skipped and costs nothing.
    public var isEnabled: Bool = true
    /// Where an opaque pass may draw anything but one colour (`PassExtent`); nil: anywhere.
    public var extent: PassExtent?
    /// Argument names, in order.
    public let argumentNames: [String]
    /// Argument values, in the order of `argumentNames`.
    public private(set) var argumentValues: [ShaderArgument]

    /// Incremented whenever an argument changes; renderers use it to skip unchanged uploads.
    public private(set) var revision: UInt64 = 0

    /// Whether the arguments are positional, as in SwiftUI: the file defines a function named
    /// `function` whose parameters after `position` (and `color` or `layer`) take the arguments in
    /// order. Otherwise each argument sets the uniform of its name.
    public let isPositional: Bool
    /// What a compiled program depends on besides the function and kind: the arguments' kinds,
    /// in order ("" for named arguments). Worked out once, when the pass is made.
    public let layout: String

    public init(function: String, kind: Kind, isOpaque: Bool = false, arguments: KeyValuePairs<String, ShaderArgument>) {
        self.function = function
        self.kind = kind
        self.isOpaque = isOpaque
        argumentNames = arguments.map(\.key)
        argumentValues = arguments.map(\.value)
        isPositional = false
        layout = ""
        precondition(Set(argumentNames).count == argumentNames.count, "argument names must be unique")
    }

    /// A pass setting each of `values` as the uniform `names` names (the arrays' orders agree).
    public init(function: String, kind: Kind, isOpaque: Bool = false, uniforms names: [String], values: [ShaderArgument]) {
        self.function = function
        self.kind = kind
        self.isOpaque = isOpaque
        argumentNames = names
        argumentValues = values
        isPositional = false
        layout = ""
        precondition(names.count == values.count && Set(names).count == names.count, "one unique name per argument")
    }

    /// A pass calling the GLSL function `function` with `arguments` in order, as SwiftUI's
    /// `ShaderLibrary.default.<function>(args…)`. `names` label the arguments for `--state` and
    /// for `index(of:)`; they do not reach the shader.
    public init(function: String, kind: Kind, isOpaque: Bool = false, positional arguments: [ShaderArgument], names: [String]? = nil) {
        self.function = function
        self.kind = kind
        self.isOpaque = isOpaque
        argumentValues = arguments
        argumentNames = names ?? arguments.indices.map { "argument\($0)" }
        isPositional = true
        layout = arguments.map { $0.kind.layoutTag }.joined(separator: ",")
        precondition(argumentNames.count == arguments.count, "one name per argument")
    }

    /// The shader library file or folder `function` is read from (as `ShaderLibrary(url:)`); nil
    /// for the renderer's own shader sources.
    public var library: String?

    /// The passes of a shader of another tool whose picture this pass shows (its image
    /// argument), drawn before it; nil for every other pass.
    public var tool: ToolPasses?

    /// The pass as a value for a `FrameGraph` (no allocation: the arrays are shared).
    public var value: EffectPass {
        EffectPass(function: function, library: library, kind: kind, arguments: argumentValues, names: argumentNames,
                   isPositional: isPositional, isOpaque: isOpaque, isEnabled: isEnabled, tool: tool, extent: extent)
    }

    /// The index of a named argument, to set it cheaply every frame.
    public func index(of name: String) -> Int? { argumentNames.firstIndex(of: name) }

    /// Sets the argument at `index`.
    public func set(_ index: Int, _ value: ShaderArgument) {
        argumentValues[index] = value
        revision &+= 1
    }

    /// The value of a named argument.
    public subscript(name: String) -> ShaderArgument? {
        index(of: name).map { argumentValues[$0] }
    }
}
