/// A shader written for another tool — Shadertoy, glslViewer, or the Interactive Shader Format
/// (ISF) — as Glint runs it: a graph of full-screen passes, each a complete GLSL program drawing
/// into a buffer or into the picture, reading buffers, images and the keyboard through samplers.
/// A plain value made by a loader (`ToyLoader` in GlintRender) from the user's files; a
/// `ToyEffect` puts it in the frame graph (`ToolPasses`), and the renderer's pass executor draws it.
public struct ToyProgram: Sendable, Equatable {
    /// Which tool's conventions the files follow: the uniforms they read and how their passes are
    /// written.
    public enum Dialect: String, Sendable, CaseIterable {
        case shadertoy, glslViewer, isf

        /// How messages and titles name it.
        public var title: String {
            switch self {
            case .shadertoy: return "Shadertoy"
            case .glslViewer: return "glslViewer"
            case .isf: return "ISF"
            }
        }
    }

    public var dialect: Dialect
    /// What titles and `--param` call it: the file's (or folder's) name.
    public var name: String
    /// The render targets the passes draw into, by index.
    public var buffers: [ToyBuffer]
    /// The passes in drawing order; exactly one, the last, draws the picture (`target == nil`).
    public var passes: [ToyPass]
    /// Controls the files declare (ISF `INPUTS`, annotated uniforms), set by name as uniforms.
    public var inputs: [ToyInput]
    /// What it was loaded from (a file or a folder) and as which dialect: what a reload reads again.
    public var origin: String?
    /// Every file it was made from (the shader, its tabs, what they include, its images): a
    /// change to any of them reloads it in the window.
    public var files: [String] = []
    /// What it was loaded with besides its files (`-I`, `-D`, `--texture`): what a reload uses.
    public var options = ToyLoadOptions()

    public init(dialect: Dialect, name: String, buffers: [ToyBuffer], passes: [ToyPass], inputs: [ToyInput] = []) {
        self.dialect = dialect
        self.name = name
        self.buffers = buffers
        self.passes = passes
        self.inputs = inputs
    }

    /// Whether any pass reads the keyboard.
    public var readsKeyboard: Bool {
        passes.contains { $0.channels.contains { $0.source == .keyboard } }
    }

    /// Whether a frame depends on the frames before it (a buffer that is kept between frames):
    /// headless renders then draw every frame from time 0, so feedback is deterministic.
    public var hasFeedback: Bool { buffers.contains { $0.isPersistent } }
}

/// A render target of a `ToyProgram`: RGBA, half floats or bytes, the view's size or an
/// expression of it; double-buffered, so a pass reading the buffer it writes sees the last frame.
public struct ToyBuffer: Sendable, Equatable {
    /// How the files name it: "Buffer A", "BUFFER_0", an ISF pass's TARGET.
    public var name: String
    /// Half-float RGBA (Shadertoy's buffers, ISF `FLOAT`) rather than RGBA8.
    public var isFloat: Bool
    /// Whether it keeps its contents from frame to frame (Shadertoy's buffers, glslViewer's
    /// double buffers, ISF `PERSISTENT`); otherwise it is cleared before it is drawn.
    public var isPersistent: Bool
    /// Its size.
    public var size: ToySize

    public init(name: String, isFloat: Bool = true, isPersistent: Bool = true, size: ToySize = .view) {
        self.name = name
        self.isFloat = isFloat
        self.isPersistent = isPersistent
        self.size = size
    }
}

/// The size of a buffer: the view's, or ISF's `WIDTH`/`HEIGHT` expressions of `$WIDTH`,
/// `$HEIGHT` and the inputs.
public enum ToySize: Sendable, Equatable {
    case view
    case expressions(width: String?, height: String?)

    /// The most pixels a buffer has on a side (what OpenGL implementations commonly promise):
    /// a larger size is made this, a file asking for more even in a 1-pixel picture is refused.
    public static let maxSide = 16384

    /// A side of `value` pixels as a buffer has it: rounded, at least 1, at most `maxSide`; nil
    /// for a value that is not a number. Never traps, however large `value` is.
    public static func side(_ value: Double) -> Int? {
        guard value.isFinite else { return nil }
        return Int(min(max(value.rounded(), 1), Double(maxSide)))
    }
}

/// One full-screen pass: a complete GLSL 3.30 fragment shader writing `glint_toyColor`.
public struct ToyPass: Sendable, Equatable {
    /// How messages name it: "Image", "Buffer A", "BUFFER_0", "pass 2".
    public var name: String
    /// The fragment shader, whole (version line, the dialect's uniforms, the user's code with
    /// `#line` directives, a `main`).
    public var source: String
    /// The files behind the source strings `#line` names, for compile messages.
    public var files: [Int: String]
    /// The buffer it draws into, or nil for the picture.
    public var target: Int?
    /// The samplers it reads.
    public var channels: [ToyChannel]

    public init(name: String, source: String, files: [Int: String], target: Int?, channels: [ToyChannel]) {
        self.name = name
        self.source = source
        self.files = files
        self.target = target
        self.channels = channels
    }
}

/// A sampler a pass reads, and what feeds it.
public struct ToyChannel: Sendable, Equatable {
    public enum Source: Sendable, Equatable {
        /// One of the program's buffers: as last drawn (this frame if its pass came before,
        /// else the last frame).
        case buffer(Int)
        /// A picture from a file.
        case image(Image)
        /// Shadertoy's keyboard: 256×3 R8, row 0 keys held, row 1 pressed this frame, row 2
        /// toggled, by the browser's key codes.
        case keyboard
        /// Shadertoy's sound input: 512×2 R8, row 0 the spectrum, row 1 the waveform (`--audio`).
        case sound
        /// An ISF `audio` or `audioFFT` input (`--audio`): one row of `width` texels (one a
        /// sample or a band: the sound texture's row of 512 averaged down to `width` columns),
        /// the value in red, green and blue, alpha 1, as VVISF hands them to a shader.
        case soundRow(SoundRow, width: Int)
    }

    /// Which row of the sound an ISF audio input shows.
    public enum SoundRow: Sendable, Equatable {
        /// `audio`: the waveform, each texel a sample centred on 0.5 (silence is 0.5).
        case waveform
        /// `audioFFT`: the spectrum, each texel a band's magnitude, 0 to 1 (silence is 0).
        case spectrum
    }

    public enum Filter: String, Sendable { case nearest, linear, mipmap }
    public enum Wrap: String, Sendable { case clamp, `repeat` }

    /// The sampler uniform: `iChannel0`, `u_buffer0`, `u_tex0`, an ISF image input's name.
    public var uniform: String
    public var source: Source
    public var filter: Filter
    public var wrap: Wrap
    /// Whether an image is shown upside down (Shadertoy's `vflip`, on by default for images).
    public var flipsY: Bool
    /// Shadertoy's channel number, for `iChannelResolution[n]`; nil for other dialects.
    public var index: Int?
    /// A `vec2` uniform given the source's size in pixels (glslViewer's `u_tex0Resolution`), or nil.
    public var resolutionUniform: String?

    public init(uniform: String, source: Source, filter: Filter = .linear, wrap: Wrap = .clamp, flipsY: Bool = false,
                index: Int? = nil, resolutionUniform: String? = nil) {
        self.uniform = uniform
        self.source = source
        self.filter = filter
        self.wrap = wrap
        self.flipsY = flipsY
        self.index = index
        self.resolutionUniform = resolutionUniform
    }
}

/// A value the files let the user set (an ISF input, an annotated uniform): a uniform of that
/// name, shown as a control and named by `--param`.
public struct ToyInput: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case float, int, bool, point, color
        /// Two to four numbers, each over `range` (an annotated `vec3` that is not a colour).
        case vector
    }
    public var name: String
    public var kind: Kind
    /// The components' defaults (1 for float/int/bool, 2 for a point, 4 for a colour).
    public var defaults: [Double]
    /// Each component's range.
    public var range: ClosedRange<Double>
    public var label: String?

    public init(name: String, kind: Kind, defaults: [Double], range: ClosedRange<Double>, label: String? = nil) {
        self.name = name
        self.kind = kind
        self.defaults = defaults
        self.range = range
        self.label = label
    }

    /// An annotated uniform's parameter (`uniform float speed; // glint: 0 4 1`) as an input.
    public init(_ parameter: EffectParameter) {
        let kind: Kind
        switch parameter.kind {
        case .number: kind = .float
        case .wholeNumber: kind = .int
        case .toggle: kind = .bool
        case .point: kind = .point
        case .color: kind = .color
        case .vector: kind = .vector
        }
        self.init(name: parameter.name, kind: kind, defaults: parameter.defaults, range: parameter.range,
                  label: parameter.summary == parameter.name ? nil : parameter.summary)
    }

    /// The input as the effect's parameter: a control, a `--param` name and a `--state` value.
    public var parameter: EffectParameter {
        let summary = label ?? name
        switch kind {
        case .float: return EffectParameter(name, summary, kind: .number, defaults: defaults, range: range)
        case .int: return EffectParameter(name, summary, kind: .wholeNumber, defaults: defaults, range: range)
        case .bool: return .toggle(name, summary, default: defaults.first.map { $0 != 0 } ?? false)
        case .point: return EffectParameter(name, summary, kind: .point, defaults: defaults, range: range)
        case .color: return EffectParameter(name, summary, kind: .color, defaults: defaults, range: range)
        case .vector: return EffectParameter(name, summary, kind: .vector, defaults: defaults, range: range)
        }
    }
}
