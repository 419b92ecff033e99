@preconcurrency import CEpoxy
import Foundation
import GlintCore

/// A linked GL program with its uniforms looked up once.
final class Program {
    let id: GLuint
    /// The assembled sources it was compiled from (for `PassRecorder`).
    let sources: (vertex: String, fragment: String)
    let name: String
    /// The context it was linked in, kept alive until the program is deleted.
    private let context: GLContext

    /// Active uniforms by name (arrays under their base name), from the driver at link time: where,
    /// how many elements, and the GL type declared (`GL_FLOAT_VEC2`, …).
    private(set) var uniforms: [String: (location: GLint, count: GLint, type: GLenum)] = [:]

    /// The file it was compiled from, for messages.
    var file = ""
    /// The file's name without its folder, as `FrameStatistics` shows it (worked out once).
    lazy var fileName: String = file.isEmpty ? name : (file as NSString).lastPathComponent
    /// Whether the file asks to be drawn as two passes, along x then y (`// glint: separable`).
    var isSeparable = false
    /// Whether the file declares its function's colour affine in the position (`// glint: affine`):
    /// a distortion over it may call it where the layer would be read (`Renderer+Fusion`).
    var isAffine = false
    /// For a separable file whose kernel widens with an argument (`// glint: separable, sigma =
    /// 0.5 * radius (0…64)`): σ in points is `factor` times that argument (clamped to `range`),
    /// and a wide σ is drawn at reduced resolution (`Renderer.reduction`).
    var sigma: (factor: Double, argument: Int, range: ClosedRange<Double>)?
    /// For a program called with positional arguments: the uniforms each argument sets.
    var bindings: [ArgumentBinding] = []
    /// Whether any file it was made from is the user's (from a `--shaders` folder, a custom effect
    /// or a `ShaderLibrary(url:)`: the effect file, the prelude or the vertex shader): drawn in
    /// chunks under the watchdog.
    var isUserFile = false
    /// Whether `file` is a file other programs share (the user's prelude or vertex shader) rather
    /// than this program's own effect file: when the watchdog stops it, every program made from
    /// that file is stopped with it.
    var blamesSharedFile = false
    /// The files on the disk the effect's file includes (`#include "common.glsl"`), in order.
    var includedFiles: [String] = []

    /// Sampler objects for texture units whose sampler the file declares (`// glint: sampler`),
    /// bound while this program draws; deleted with it.
    var samplerObjects: [(unit: GLint, object: GLuint)] = []

    /// Makes a sampler object for `unit` from a marker's `wrap`, `filter` and `mip` (`none`,
    /// `nearest` or `linear`: how it reads between mipmap levels; see `MetalTranslator.samplerState`).
    func addSampler(unit: Int, wrap: (String, String), filter: (String, String), mip: String = "none") {
        var object: GLuint = 0
        epoxy_glGenSamplers(1, &object)
        func mode(_ name: String) -> GLint {
            switch name {
            case "repeat": return GL_REPEAT
            case "mirrored_repeat": return GL_MIRRORED_REPEAT
            case "clamp_to_zero": return GL_CLAMP_TO_BORDER
            default: return GL_CLAMP_TO_EDGE
            }
        }
        epoxy_glSamplerParameteri(object, GLenum(GL_TEXTURE_WRAP_S), mode(wrap.0))
        epoxy_glSamplerParameteri(object, GLenum(GL_TEXTURE_WRAP_T), mode(wrap.1))
        let minify: GLint
        switch (filter.0, mip) {
        case ("nearest", "nearest"): minify = GL_NEAREST_MIPMAP_NEAREST
        case ("nearest", "linear"): minify = GL_NEAREST_MIPMAP_LINEAR
        case (_, "nearest"): minify = GL_LINEAR_MIPMAP_NEAREST
        case (_, "linear"): minify = GL_LINEAR_MIPMAP_LINEAR
        case ("nearest", _): minify = GL_NEAREST
        default: minify = GL_LINEAR
        }
        epoxy_glSamplerParameteri(object, GLenum(GL_TEXTURE_MIN_FILTER), minify)
        epoxy_glSamplerParameteri(object, GLenum(GL_TEXTURE_MAG_FILTER), filter.1 == "nearest" ? GL_NEAREST : GL_LINEAR)
        var transparent: [GLfloat] = [0, 0, 0, 0]
        epoxy_glSamplerParameterfv(object, GLenum(GL_TEXTURE_BORDER_COLOR), &transparent)
        samplerObjects.append((GLint(unit), object))
    }

    /// What the file declares compile-time constant (`// glint: constant NAME, …`): the
    /// renderer draws with a version of this program compiled for their values (`variants`).
    var constants: [Constant] = []
    /// The versions of this program specialised on `constants`' values; at most `Program.maxVariants`, the least recently drawn evicted.
    var variants: [ConstantValues: Program] = [:]
    /// The frame and values of the last time no version was held for the values drawn.
    var lastMiss: (frame: Int, values: ConstantValues)?
    /// The frame this version was last drawn in (for a specialised version: which to evict).
    var lastDrawn = 0
    /// Its arguments' rest and its versions with them as constants (`Renderer+ArgumentsAtRest`).
    var atRest: Renderer.ArgumentsAtRest<Program>?
    /// For a specialised version, the program it specialises (what the watchdog retires).
    weak var general: Program?
    /// How many specialised versions a program keeps.
    static let maxVariants = 8
    /// Versions of this program compiled with a pipeline define (`Renderer.VariantFlags`), by the
    /// flags' raw value; nil for one that did not compile (`Renderer+Variants`).
    var flagVariants: [UInt8: Program?] = [:]
    /// Where a version drawn over the backdrop takes it (`glint_backdrop`), -1 elsewhere.
    var backdropColor: GLint = -1
    /// The names of the source strings of each stage, for a version compiled from the same text.
    private(set) var files: (vertex: [Int: String], fragment: [Int: String]) = ([:], [:])

    /// A value compiled into a specialised program.
    enum Constant: Equatable {
        /// The pass's positional argument at this index (a `.float`), held by the uniform named.
        case argument(Int, uniform: String)
        /// The named argument (a `.float`) of this name, declared `uniform float NAME;` by the file.
        case named(String)
        /// The pipeline's `glint_scale`.
        case scale
    }

    /// The values of a program's constants: up to four floats' bit patterns, hashed without
    /// allocating.
    struct ConstantValues: Hashable {
        var count = 0
        var values: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)

        static func == (a: ConstantValues, b: ConstantValues) -> Bool {
            a.count == b.count && a.values == b.values
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(count)
            hasher.combine(values.0)
            hasher.combine(values.1)
            hasher.combine(values.2)
            hasher.combine(values.3)
        }

        mutating func append(_ value: Float) {
            switch count {
            case 0: values.0 = value.bitPattern
            case 1: values.1 = value.bitPattern
            case 2: values.2 = value.bitPattern
            default: values.3 = value.bitPattern
            }
            count += 1
        }

        subscript(i: Int) -> Float {
            switch i {
            case 0: return Float(bitPattern: values.0)
            case 1: return Float(bitPattern: values.1)
            case 2: return Float(bitPattern: values.2)
            default: return Float(bitPattern: values.3)
            }
        }
    }

    /// At most this many constants a program.
    static let maxConstants = 4

    /// How many pixels a chunk of this program should cover (see `Renderer.drawInChunks`).
    private(set) var chunkPixels = Watchdog.firstChunkPixels
    /// The speed the last finished chunk showed; nil before the first.
    private(set) var pixelsPerSecond: Double?
    /// Draws issued without a finish since the last measured chunk (`PassExecutor.drawInChunks`).
    var unmeasuredDraws = 0

    /// Adjusts the chunk size from one chunk's time: towards `Watchdog.chunkSeconds`, growing at
    /// most fourfold at a time.
    func learnChunk(pixels: Int, seconds: Double) {
        let rate = Double(pixels) / max(seconds, 1e-5)
        pixelsPerSecond = rate
        unmeasuredDraws = 0
        let wanted = Int(min(rate * Watchdog.chunkSeconds, Double(Watchdog.maxChunkPixels)))
        chunkPixels = max(Watchdog.firstChunkPixels, min(wanted, chunkPixels * 4))
    }

    /// Locations of the pipeline's own uniforms (-1 where the program does not declare them).
    let viewSize: GLint
    let targetSize: GLint
    let scale: GLint
    /// The sound's level and bands (`Renderer.audio`), for effects that declare them.
    let audioLevel: GLint
    let audioBands: GLint
    let layer: GLint
    let layerBordered: GLint
    let hasLayer: GLint
    /// A separable pass's direction (`glint_passDirection`), and a layer effect's `Layer` argument.
    let passDirection: GLint
    let layerInfoOrigin: GLint
    let layerInfoSize: GLint
    let baseColor: GLint
    /// The view's rect in the pass's target and in the layer it reads, in pixels from the top-left.
    let viewPixels: GLint
    let positionMap: GLint
    /// The rect, in the view's points, that holds every pixel the pass runs over (`glint_passBounds`).
    let passBounds: GLint
    let layerMap: GLint
    let layerPixels: GLint
    /// The layer texture's size in pixels (`glint_layerSize`).
    let layerSize: GLint

    /// For each set of named arguments drawn with this program, where each goes.
    private var slots: [[String]: [UniformSlot]] = [:]

    /// What a frame uploads for one argument.
    struct UniformSlot {
        var location: GLint
        var count: GLint
        var countLocation: GLint
        var sizeLocation: GLint
        /// The texture unit of an image argument (0: the next free one).
        var unit: GLint = 0
    }

    /// Compiles and links. `sources` are (stage, text, names of source strings for messages).
    /// `stages` name the stages in compile messages, `output` is the fragment output bound to
    /// draw buffer 0 (nil: the only one), `linkFile` the file a link error names.
    init(name: String, vertex: (text: String, files: [Int: String]), fragment: (text: String, files: [Int: String]),
         stages: (vertex: String, fragment: String) = ("vertex shader", "fragment shader"), output: String? = nil,
         linkFile: String? = nil) throws(RenderError) {
        self.name = name
        sources = (vertex.text, fragment.text)
        files = (vertex.files, fragment.files)
        context = try GLContext.requireCurrent(for: "the program '\(name)'")
        let vs = try Program.compile(GLenum(GL_VERTEX_SHADER), vertex.text, files: vertex.files, stage: stages.vertex)
        defer { epoxy_glDeleteShader(vs) }
        let fs = try Program.compile(GLenum(GL_FRAGMENT_SHADER), fragment.text, files: fragment.files, stage: stages.fragment)
        defer { epoxy_glDeleteShader(fs) }
        let program = try Program.link(vs, fs, output: output,
                                       file: linkFile ?? fragment.files[EffectSource.effectString] ?? fragment.files[0] ?? name)
        id = program
        let found = Program.activeUniforms(of: program)
        uniforms = found
        func loc(_ n: String) -> GLint { found[n]?.location ?? -1 }
        viewSize = loc("glint_viewSize")
        targetSize = loc("glint_targetSize")
        scale = loc("glint_scale")
        audioLevel = loc("glint_audioLevel")
        audioBands = loc("glint_audioBands")
        layer = loc("glint_layer")
        layerBordered = loc("glint_layerBordered")
        passDirection = loc("glint_passDirection")
        layerInfoOrigin = loc("glint_layerInfo.origin")
        layerInfoSize = loc("glint_layerInfo.size")
        hasLayer = loc("glint_hasLayer")
        baseColor = loc("glint_baseColor")
        viewPixels = loc("glint_viewPixels")
        positionMap = loc("glint_positionMap")
        passBounds = loc("glint_passBounds")
        layerMap = loc("glint_layerMap")
        layerPixels = loc("glint_layerPixels")
        layerSize = loc("glint_layerSize")
    }

    deinit {
        context.perform {
            epoxy_glDeleteProgram(id)
            for (_, object) in samplerObjects {
                var o = object
                epoxy_glDeleteSamplers(1, &o)
            }
        }
    }

    /// The location of a uniform, or -1 when the program does not declare it (or the driver
    /// optimised it away): setting it is then skipped.
    func location(_ name: String) -> GLint { uniforms[name]?.location ?? -1 }

    /// Where the arguments of a pass go in this program, looked up on first use only. Positional
    /// arguments go where the pipeline's generated uniforms are; named ones are keyed by their
    /// names, so a pass made afresh every frame with the same names finds its slots, and one
    /// with other names never gets these.
    func slots(for pass: EffectPass) -> [UniformSlot] {
        if pass.isPositional {
            if let positionalSlots { return positionalSlots }
            let made = bindings.map { b in
                UniformSlot(location: location(b.uniform), count: GLint(b.arrayLength ?? 1),
                            countLocation: b.countUniform.map(location) ?? -1, sizeLocation: -1, unit: GLint(b.textureUnit ?? 0))
            }
            positionalSlots = made
            return made
        }
        if let cached = slots[pass.names] { return cached }
        let made = pass.names.map { name in
            UniformSlot(
                location: location(name),
                count: uniforms[name]?.count ?? 0,
                countLocation: location(name + "_count"),
                sizeLocation: location(name + "_size")
            )
        }
        slots[pass.names] = made
        return made
    }
    private var positionalSlots: [UniformSlot]?

    // MARK: - Uniform types

    /// The GL types a value glint sets with `glUniform*f` (or `1i`) may be declared as: `bool`
    /// takes either, as OpenGL allows.
    enum Fed: String {
        case float, vec2, vec3, vec4, int, uint, sampler2D

        /// What the README and messages call it: the GLSL type's name.
        var glsl: String { rawValue }

        /// Whether a uniform declared as `type` takes this value without a GL error.
        func accepts(_ type: GLenum) -> Bool {
            switch self {
            case .float: return type == GLenum(GL_FLOAT) || type == GLenum(GL_BOOL)
            case .vec2: return type == GLenum(GL_FLOAT_VEC2) || type == GLenum(GL_BOOL_VEC2)
            case .vec3: return type == GLenum(GL_FLOAT_VEC3) || type == GLenum(GL_BOOL_VEC3)
            case .vec4: return type == GLenum(GL_FLOAT_VEC4) || type == GLenum(GL_BOOL_VEC4)
            case .int: return type == GLenum(GL_INT) || type == GLenum(GL_BOOL)
            case .uint: return type == GLenum(GL_UNSIGNED_INT) || type == GLenum(GL_BOOL)
            case .sampler2D: return type == GLenum(GL_SAMPLER_2D)
            }
        }

        /// The uniforms an argument of `kind` named `name` sets: itself, and the `_count` or
        /// `_size` companions it sets when they are declared.
        static func uniforms(of name: String, _ kind: ShaderArgumentKind) -> [(name: String, fed: Fed)] {
            switch kind {
            case .float: return [(name, .float)]
            case .float2: return [(name, .vec2)]
            case .float3: return [(name, .vec3)]
            case .float4, .color, .boundingRect: return [(name, .vec4)]
            case .int: return [(name, .int)]
            case .image: return [(name, .sampler2D), (name + "_size", .vec2)]
            case .floatArray: return [(name, .float), (name + "_count", .int)]
            case .colorArray: return [(name, .vec4), (name + "_count", .int)]
            case .data: return [(name, .uint), (name + "_count", .int)]
            }
        }
    }

    /// The uniforms the pipeline sets in every program that declares them (the prelude's, and the
    /// resampling pass's own), and the types it sets them as.
    static let pipelineUniforms: [(name: String, fed: Fed)] = [
        ("glint_viewSize", .vec2), ("glint_targetSize", .vec2), ("glint_scale", .float),
        ("glint_audioLevel", .float), ("glint_audioBands", .vec3),
        ("glint_viewPixels", .vec4), ("glint_positionMap", .vec4), ("glint_passBounds", .vec4), ("glint_layerPixels", .vec4), ("glint_layerSize", .vec2), ("glint_layerMap", .vec4), ("glint_baseColor", .vec4),
        ("glint_hasLayer", .int), ("glint_layer", .sampler2D), ("glint_layerBordered", .sampler2D), ("glint_passDirection", .vec2),
        ("glint_layerInfo.origin", .vec2), ("glint_layerInfo.size", .vec2),
        ("glint_factor", .int), ("glint_source", .sampler2D), ("glint_offset", .vec2),
    ]

    /// Refuses a program that declares one of the uniforms glint sets (`fed`) with a type it does
    /// not set it as, which would fail every frame with only `GL_INVALID_OPERATION`. `sources` are
    /// the texts the program was made from with the paths to name, the first that declares the
    /// uniform being named. Checked once, after linking, from the driver's own types.
    func checkUniformTypes(_ fed: [(name: String, fed: Fed)], sources: [(text: String, path: String)]) throws(RenderError) {
        for (name, expected) in fed {
            guard let declared = uniforms[name], !expected.accepts(declared.type) else { continue }
            // `glint_layerInfo.origin` is declared as the struct `glint_layerInfo`.
            let variable = String(name.prefix { $0 != "." })
            let place = sources.lazy.compactMap { source in
                Self.declarationLine(of: variable, in: source.text).map { "\(source.path):\($0)" }
            }.first ?? sources.last?.path ?? self.name
            let member = variable == name ? "" : " (member '\(name.dropFirst(variable.count + 1))')"
            throw .arguments("uniform '\(variable)'\(member) in \(place) is declared \(Self.glslName(declared.type)) but glint feeds it as \(expected.glsl)")
        }
    }

    /// The line (from 1) of the first `uniform` declaration of `name` in `text`, if any.
    static func declarationLine(of name: String, in text: String) -> Int? {
        var line = 1
        for row in text.split(separator: "\n", omittingEmptySubsequences: false) {
            defer { line += 1 }
            let words = row.split { !($0.isLetter || $0.isNumber || $0 == "_") }
            if let u = words.firstIndex(of: "uniform"), words[(u + 1)...].contains(Substring(name)) { return line }
        }
        return nil
    }

    /// The GLSL name of a uniform's GL type, for messages.
    static func glslName(_ type: GLenum) -> String {
        let names: [Int32: String] = [
            GL_FLOAT: "float", GL_FLOAT_VEC2: "vec2", GL_FLOAT_VEC3: "vec3", GL_FLOAT_VEC4: "vec4",
            GL_INT: "int", GL_INT_VEC2: "ivec2", GL_INT_VEC3: "ivec3", GL_INT_VEC4: "ivec4",
            GL_UNSIGNED_INT: "uint", GL_UNSIGNED_INT_VEC2: "uvec2", GL_UNSIGNED_INT_VEC3: "uvec3", GL_UNSIGNED_INT_VEC4: "uvec4",
            GL_BOOL: "bool", GL_BOOL_VEC2: "bvec2", GL_BOOL_VEC3: "bvec3", GL_BOOL_VEC4: "bvec4",
            GL_FLOAT_MAT2: "mat2", GL_FLOAT_MAT3: "mat3", GL_FLOAT_MAT4: "mat4",
            GL_FLOAT_MAT2x3: "mat2x3", GL_FLOAT_MAT2x4: "mat2x4", GL_FLOAT_MAT3x2: "mat3x2",
            GL_FLOAT_MAT3x4: "mat3x4", GL_FLOAT_MAT4x2: "mat4x2", GL_FLOAT_MAT4x3: "mat4x3",
            GL_SAMPLER_1D: "sampler1D", GL_SAMPLER_2D: "sampler2D", GL_SAMPLER_3D: "sampler3D", GL_SAMPLER_CUBE: "samplerCube",
            GL_SAMPLER_2D_SHADOW: "sampler2DShadow", GL_SAMPLER_2D_ARRAY: "sampler2DArray", GL_SAMPLER_2D_RECT: "sampler2DRect",
            GL_SAMPLER_BUFFER: "samplerBuffer", GL_SAMPLER_2D_MULTISAMPLE: "sampler2DMS",
            GL_INT_SAMPLER_2D: "isampler2D", GL_UNSIGNED_INT_SAMPLER_2D: "usampler2D",
        ]
        return names[Int32(bitPattern: type)] ?? "of GL type 0x\(String(type, radix: 16))"
    }

    // MARK: - Compiling

    static func compile(_ type: GLenum, _ text: String, files: [Int: String], stage: String) throws(RenderError) -> GLuint {
        // The driver's compiler walks an expression recursively: one deep enough overflows its
        // stack and ends the process, so it never gets one (`ExpressionDepth`).
        let deepest = ExpressionDepth.deepest(in: text)
        let limit = expressionDepthLimit()
        if deepest.depth > limit {
            let why = "an expression \(deepest.depth) operations deep, more than the \(limit) glint lets the driver's compiler take (Mesa's overflows its stack near \(measuredCrashDepth) on an 8 MiB stack); split it into several statements"
            throw compileError("\(deepest.string):\(deepest.line)(0): error: \(why)", files: files, stage: stage)
        }
        let shader = epoxy_glCreateShader(type)
        text.withCString { cText in
            var pointer: UnsafePointer<GLchar>? = cText
            epoxy_glShaderSource(shader, 1, &pointer, nil)
        }
        epoxy_glCompileShader(shader)
        var ok: GLint = 0
        epoxy_glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &ok)
        if ok == 0 {
            let log = infoLog(shader, isProgram: false)
            epoxy_glDeleteShader(shader)
            throw compileError(log, files: files, stage: stage)
        }
        return shader
    }

    /// The error of a driver's compile log, every error in it mapped to the file and line it
    /// belongs to: the first as the error's place, each further one on a line of its own
    /// (`FILE:LINE: STAGE error: …`), an error the driver continues over several lines (a call's
    /// candidates) whole. An error the driver reports after another on the same line, as a
    /// consequence of it, is left out. A message about generated GLSL in a Metal file gets a hint.
    static func compileError(_ log: String, files: [Int: String], stage: String) -> RenderError {
        var groups: [(file: String, line: Int?, text: [String])] = []
        for error in errors(log) {
            var file = error.string.flatMap { files[$0] } ?? files[EffectSource.effectString] ?? files[0] ?? "shader"
            var line = error.line
            // A line of an included file says which file it is (see IncludeExpander.lineBase).
            if let numbered = line, let included = IncludeExpander.included(line: numbered), let path = files[included.number] {
                file = path
                line = included.line
            }
            if let last = groups.last, (last.file == file && last.line == line && line != nil) || error.continues {
                if error.continues { groups[groups.count - 1].text.append("    " + error.message) }
                continue  // a continuation, or a consequence of the error before on its line
            }
            var text = error.message
            if MetalTranslator.isMetal(file), let hint = metalHint(text) { text += " (\(hint))" }
            groups.append((file, line, [text]))
        }
        guard let first = groups.first else {
            return .shader(file: files[EffectSource.effectString] ?? files[0] ?? "shader", line: nil, stage: stage, log: log)
        }
        var message = first.text.joined(separator: "\n")
        for group in groups.dropFirst() {
            let place = group.line.map { "\(group.file):\($0)" } ?? group.file
            message += "\n\(place): \(stage) error: " + group.text.joined(separator: "\n")
        }
        return .shader(file: first.file, line: first.line, stage: stage, log: message)
    }

    /// What a porter should know of a GLSL compiler's message about the GLSL Glint made of a
    /// Metal file, where the message alone speaks of code they never wrote; nil where it is clear.
    static func metalHint(_ message: String) -> String? {
        if message.contains("syntax error") {
            return "the GLSL Glint made of this Metal line does not parse: it likely uses a Metal or C++ construct Glint does not translate (see the README's Metal section)"
        }
        if message.hasPrefix("no function with name") {
            return "not a GLSL function: a Metal function Glint does not translate, or a name not declared"
        }
        let conversions = ["could not implicitly convert", "cannot be assigned to variable of type", "wrong type", "must be scalar boolean",
                           "no matching function for call", "wrong operand types", "operands to arithmetic", "type mismatch",
                           "must be a boolean", "must be of type bool"]
        if conversions.contains(where: { message.contains($0) }) {
            return "Metal converts between number types and to bool implicitly; where Glint cannot tell a type it leaves the conversion out: write it, as float(i) or (i != 0)"
        }
        return nil
    }

    /// Every error of a driver log, in order: source string, line, message, and whether the
    /// driver continues the error before with it (an indented line at the same place: a call's
    /// candidates). Warnings are left out. Understands Mesa's `1:12(5): error: …` and NVIDIA's
    /// `1(12) : error C0000: …`; a log in neither form is one message.
    static func errors(_ log: String) -> [(string: Int?, line: Int?, message: String, continues: Bool)] {
        var found: [(string: Int?, line: Int?, message: String, continues: Bool)] = []
        for row in log.split(separator: "\n") {
            let text = String(row)
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty, text.contains("error") || !text.contains("warning") else { continue }
            let (string, line, message) = locate(text)
            // What follows `error: ` starts with a space where the driver continues a message.
            let continues = text.range(of: "error: ").map { text[$0.upperBound...].hasPrefix(" ") } ?? false
            found.append((string, line, message, continues && !found.isEmpty))
        }
        return found.isEmpty ? [(nil, nil, locate(log).message, false)] : found
    }

    /// Links `vertex` and `fragment` into a program (its colour output named `output`, if given);
    /// a link error is one `RenderError` at `file`, the driver's errors a line each.
    static func link(_ vertex: GLuint, _ fragment: GLuint, output: String? = nil, file: String) throws(RenderError) -> GLuint {
        let program = epoxy_glCreateProgram()
        epoxy_glAttachShader(program, vertex)
        epoxy_glAttachShader(program, fragment)
        if let output { epoxy_glBindFragDataLocation(program, 0, output) }
        epoxy_glLinkProgram(program)
        var ok: GLint = 0
        epoxy_glGetProgramiv(program, GLenum(GL_LINK_STATUS), &ok)
        if ok == 0 {
            let log = infoLog(program, isProgram: true)
            epoxy_glDeleteProgram(program)
            throw .shader(file: file, line: nil, stage: "link", log: errors(log).map(\.message).joined(separator: "\n"))
        }
        return program
    }

    /// A linked program's active uniforms by name (an array under its base name): where, how
    /// many elements, and the GL type declared.
    static func activeUniforms(of program: GLuint) -> [String: (location: GLint, count: GLint, type: GLenum)] {
        var count: GLint = 0
        epoxy_glGetProgramiv(program, GLenum(GL_ACTIVE_UNIFORMS), &count)
        var found: [String: (location: GLint, count: GLint, type: GLenum)] = [:]
        var nameBuffer = [CChar](repeating: 0, count: 256)
        for i in 0..<GLuint(max(count, 0)) {
            var length: GLsizei = 0
            var size: GLint = 0
            var type: GLenum = 0
            epoxy_glGetActiveUniform(program, i, GLsizei(nameBuffer.count), &length, &size, &type, &nameBuffer)
            let full = String(decoding: nameBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let base = full.hasSuffix("[0]") ? String(full.dropLast(3)) : full
            found[base] = (epoxy_glGetUniformLocation(program, full), size, type)
        }
        return found
    }

    static func infoLog(_ object: GLuint, isProgram: Bool) -> String {
        var length: GLint = 0
        if isProgram {
            epoxy_glGetProgramiv(object, GLenum(GL_INFO_LOG_LENGTH), &length)
        } else {
            epoxy_glGetShaderiv(object, GLenum(GL_INFO_LOG_LENGTH), &length)
        }
        guard length > 1 else { return "(the driver gave no message)" }
        var buffer = [CChar](repeating: 0, count: Int(length))
        if isProgram {
            epoxy_glGetProgramInfoLog(object, length, nil, &buffer)
        } else {
            epoxy_glGetShaderInfoLog(object, length, nil, &buffer)
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The first error line of a driver log, without its location prefix.
    static func firstMessage(_ log: String) -> String {
        locate(log).message
    }

    /// Splits the first error of a driver log into source string, line and message.
    /// Understands Mesa's `1:12(5): error: …` and NVIDIA's `1(12) : error C0000: …`.
    static func locate(_ log: String) -> (string: Int?, line: Int?, message: String) {
        let lines = log.split(separator: "\n").map(String.init)
        let chosen = lines.first { $0.contains("error") } ?? lines.first ?? log
        var rest = Substring(chosen)
        func number() -> Int? {
            let digits = rest.prefix { $0.isNumber }
            guard !digits.isEmpty else { return nil }
            rest = rest.dropFirst(digits.count)
            return Int(digits)
        }
        guard let first = number() else { return (nil, nil, chosen.trimmingCharacters(in: .whitespaces)) }
        var string: Int? = nil
        var line: Int? = nil
        if rest.first == ":" {  // Mesa: string:line(column)
            rest = rest.dropFirst()
            string = first
            line = number()
            if rest.first == "(" { rest = rest.drop { $0 != ")" }.dropFirst() }
        } else if rest.first == "(" {  // NVIDIA: string(line)
            rest = rest.dropFirst()
            string = first
            line = number()
            rest = rest.drop { $0 != ")" }.dropFirst()
        }
        var message = rest.drop { $0 == ":" || $0 == " " }
        if message.hasPrefix("error") {
            message = message.dropFirst(5).drop { $0 == ":" || $0 == " " }
        }
        return (string, line, String(message).trimmingCharacters(in: .whitespaces))
    }
}

