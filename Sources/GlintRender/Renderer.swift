@preconcurrency import CEpoxy
import Foundation
import GlintCore

/// Draws a `FrameGraph` (a view's content and its chain of effect passes) with fullscreen triangles.
///
/// The content is drawn first; every enabled effect pass reads what was drawn before it. With no
/// pass enabled, the content goes straight to the target; otherwise it is drawn into an offscreen
/// target and each pass reads the previous one, the last drawing into the target over the backdrop.
/// Programs compile on first use and their uniform locations are looked up once.
public final class Renderer {
    public let sources: ShaderSources
    /// The view's own fill, which the first color effect receives as `color`.
    public var baseColor = Color.black
    /// The sound the effects hear (`glint --audio`), for effect files that declare
    /// `uniform float glint_audioLevel;` (0…1) or `uniform vec3 glint_audioBands;` (bass, mid,
    /// treble); all 0 without a source.
    public var audio: (level: Float, bass: Float, mid: Float, treble: Float) = (0, 0, 0, 0)
    /// What shows through where the view is transparent (a torn gap, a fallen view).
    public var backdrop = Color(red: 0.07, green: 0.07, blue: 0.09)

    /// The watchdog: seconds a frame of up to `Watchdog.referencePixels` may take to draw before
    /// it is stopped with `RenderError.tooSlow` (larger frames get proportionally longer); nil
    /// turns it off. Only passes drawn in chunks are watched (see `Watchdog`).
    public var frameTimeout: Double?
    /// What the watchdog's message tells the user to set for more time.
    public var frameTimeoutSetting = "--frame-timeout"
    /// Called between the chunks of a frame drawn in chunks, with the share of the frame done
    /// (0…1): a progress line for very large renders.
    public var onProgress: ((Double) -> Void)?
    /// The widest and tallest image this renderer uploads, in pixels: the context's
    /// GL_MAX_TEXTURE_SIZE (at least `PNG.maxSide` on OpenGL 4.5 and llvmpipe, as little as 1024
    /// on OpenGL 3.3). Lower it to see how a driver with a smaller limit behaves.
    public var maxImageSide: Int
    /// What happens to an image wider or taller than `maxImageSide`: with nil the frame fails
    /// with `RenderError.image`, naming who the image is for (`dissolve.noise`, `--image`); set,
    /// the image is drawn as `Image.placeholder` and this is called with that error, once per
    /// image (a window warns and goes on).
    public var onOversizedImage: ((RenderError) -> Void)?

    /// A program too slow to draw (the watchdog stopped it) and with no good version to go back
    /// to: its pass draws nothing until its file changes.
    private var retired: Set<ProgramKey> = []
    /// The version of each program before its last live reload, to go back to if the new one is
    /// too slow.
    private var lastGood: [ProgramKey: Program] = [:]
    /// When the frame being drawn started (monotonic seconds), and its limit for this target.
    private var frameStart = 0.0
    private var frameLimit: Double?
    /// Which enabled pass of how many is being drawn, for progress.
    private var progressPass = (index: 0, count: 1)

    /// Programs by function and kind (`Renderer.key(_:_:)`): the same file used as two kinds of
    /// effect is two programs.
    private var programs: [ProgramKey: Program] = [:]
    private var live: [ProgramKey: LiveFile] = [:]
    let vertexArray: GLuint
    /// The GL side of the tool passes drawn lately (`Renderer+Tools`), by their owners.
    var tools: [UInt64: ToolTargets] = [:]
    /// The watchdog's clock: monotonic seconds (a test may pass its own).
    public var clock: () -> Double = Watchdog.now
    /// The texture unit of `glint_layerBordered`: the layer below, read transparent past its
    /// texture's edges (see `draw`: a ring of transparent pixels round the layer).
    private let borderedUnit: GLint
    private var offscreen: [RenderTarget] = []
    /// Image textures by the image's identity (which no other image shares), with the frame
    /// they were last used in; unused ones are deleted after `textureLifetime` frames.
    private var imageTextures: [Image.Identity: (texture: GLuint, lastUsed: Int)] = [:]
    var frameNumber = 0
    /// Frames an unused image texture is kept.
    public static let textureLifetime = 120
    private var scratch: [Float] = []
    private var words: [UInt32] = []
    /// The prelude and the vertex shader every effect program is made from; the user's when a
    /// `--shaders` folder has them, reloaded when they change.
    private var prelude: (text: String, path: String)
    private var vertex: (text: String, path: String)
    /// The vertex shader every pass is drawn with.
    var vertexText: String { vertex.text }
    /// When the user's prelude and vertex shader were read, by file name (nil: built in).
    private var sharedModified: [String: Date?] = [:]
    /// The user's shared files (prelude, vertex shader) the watchdog stopped: every program made
    /// from one draws nothing until it changes.
    private var retiredFiles: Set<String> = []
    private let context: GLContext

    /// The files every effect program is made from besides its own.
    static let preludeName = "glint.glsl"
    static let vertexName = "fullscreen.vert"
    static let resampleName = "resample.frag"

    /// Needs a current OpenGL 3.3 core context.
    public init(sources: ShaderSources = ShaderSources()) throws(RenderError) {
        if let bad = sources.defines.first(where: { $0.problem != nil }), let problem = bad.problem {
            throw .arguments("bad define '\(bad.name)': \(problem)")
        }
        context = try GLContext.requireCurrent(for: "the renderer")
        try GL.requireVersion33()
        self.sources = sources
        prelude = try sources.source(named: Self.preludeName)
        vertex = try sources.source(named: Self.vertexName)
        for name in [Self.preludeName, Self.vertexName] {
            if let path = sources.liveFile(named: name) { sharedModified[name] = ShaderSources.modificationDate(path) }
        }
        var vao: GLuint = 0
        epoxy_glGenVertexArrays(1, &vao)
        vertexArray = vao
        borderedUnit = GLint(GL.maxTextureUnits - 1)
        scratch.reserveCapacity(4096)
        maxImageSide = GL.maxTextureSize
    }

    deinit {
        context.perform {
            var vao = vertexArray
            epoxy_glDeleteVertexArrays(1, &vao)
            for var t in imageTextures.values.map(\.texture) { epoxy_glDeleteTextures(1, &t) }
        }
    }

    /// The cache key of a program: which function, from which library, called as which of
    /// SwiftUI's effect kinds, with which kinds of positional arguments. Made from a pass every
    /// frame without allocating: strings are shared, and up to 16 argument kinds pack into a word.
    struct ProgramKey: Hashable {
        var function: String
        var library: String?
        var kind: String
        var layout: ArgumentLayout
    }

    /// The kinds of a pass's positional arguments, in order, without array sizes (the shader's
    /// declaration fixes those): what decides a program's generated uniforms and `main`.
    struct ArgumentLayout: Hashable {
        /// Whether the arguments are positional at all (named ones set uniforms by name).
        var isPositional = false
        var count = 0
        /// Four bits per argument kind, for the first 16.
        var packed: UInt64 = 0
        /// The kinds past the 16th (empty, and so not allocated, for nearly every shader).
        var rest: [UInt8] = []

        init(_ pass: EffectPass) {
            guard pass.isPositional else { return }
            isPositional = true
            let arguments = pass.arguments
            count = arguments.count
            var i = 0
            while i < arguments.count {  // an index loop: no iterator allocation in debug builds
                let tag = ArgumentLayout.tag(arguments[i])
                if i < 16 { packed |= UInt64(tag) << UInt64(4 * i) } else { rest.append(tag) }
                i += 1
            }
        }

        static func tag(_ argument: ShaderArgument) -> UInt8 {
            switch argument {
            case .float: return 1
            case .float2: return 2
            case .float3: return 3
            case .float4: return 4
            case .color: return 5
            case .image: return 6
            case .floatArray: return 7
            case .colorArray: return 8
            case .data: return 9
            case .boundingRect: return 10
            case .int: return 11
            }
        }
    }

    static func key(_ pass: EffectPass) -> ProgramKey {
        ProgramKey(function: pass.function, library: pass.library, kind: pass.kind.name, layout: ArgumentLayout(pass))
    }

    /// Compiles the program of `effect` now, so a broken shader is reported before the first frame.
    public func prepare(_ effect: ShaderEffect) throws(RenderError) {
        try prepare(effect.value)
    }

    /// Compiles the program of `pass` now, so a broken shader or a wrong argument is reported
    /// before the first frame.
    public func prepare(_ pass: EffectPass) throws(RenderError) {
        // Looks up the uniform slots too, so the first frame that draws the pass allocates nothing.
        _ = try program(for: pass).slots(for: pass)
        if let tool = pass.tool { _ = try toolTargets(for: tool) }
    }

    /// The program of `pass`, compiled on first use; `key` when the caller has it already.
    private func program(for pass: EffectPass, key known: ProgramKey? = nil) throws(RenderError) -> Program {
        let key = known ?? Self.key(pass)
        if let p = programs[key] { return p }
        let recipe = Recipe(
            function: pass.function, library: pass.library, kind: pass.kind,
            arguments: pass.isPositional ? pass.arguments.map(\.kind) : nil,
            named: pass.isPositional ? [] : zip(pass.names, pass.arguments).map { ($0, $1.kind) })
        let program = try compile(recipe)
        programs[key] = program
        recipes[key] = recipe
        if let path = liveFile(pass.function, library: pass.library) {
            live[key] = LiveFile(path: path, program: program)
        }
        // Made from a shared file the watchdog stopped: it draws nothing until that file changes.
        if program.blamesSharedFile && retiredFiles.contains(program.file) { retired.insert(key) }
        return program
    }

    /// What a program is compiled from: enough to compile it again when a file it reads changes.
    private struct Recipe {
        var function: String
        var library: String?
        var kind: ShaderEffect.Kind
        /// The positional arguments' kinds; nil for named arguments, which set uniforms by name.
        var arguments: [ShaderArgumentKind]?
        /// The named arguments, whose declarations must have the types glint sets them as.
        var named: [(name: String, kind: ShaderArgumentKind)]
    }
    private var recipes: [ProgramKey: Recipe] = [:]

    /// The path of the file that defines `function`, when it is the user's (a `--shaders`
    /// folder or a `ShaderLibrary(url:)`) and may change while Glint runs.
    private func liveFile(_ function: String, library: String?) -> String? {
        guard let library else { return sources.liveBuiltInFile(function) }
        return ShaderSources.libraryFile(function, in: library)
    }

    /// Compiles `function` as `kind`. With `arguments` (positional), the file must define the
    /// function itself, SwiftUI-style: its parameters are read from the source and checked
    /// against the arguments' kinds, and the pipeline declares the uniforms and calls it.
    /// Without, the file defines SwiftUI's modifier name (`colorEffect`, …) and reads named uniforms.
    private func compile(_ recipe: Recipe, specializedOn values: Program.ConstantValues? = nil) throws(RenderError) -> Program {
        let (function, library, kind, arguments) = (recipe.function, recipe.library, recipe.kind, recipe.arguments)
        var file: (text: String, path: String)
        var includes: [Int: String] = [:]
        if let library {
            let source = try ShaderSources.librarySource(function, in: library, includePaths: sources.includePaths)
            file = (source.text, source.path)
            includes = source.includes
        } else {
            let source = try sources.builtInSource(function)
            file = (source.text, source.path)
            includes = source.includes
        }
        var bindings: [ArgumentBinding] = []
        var parameterNames: [String] = []
        var main: String?
        if let arguments {
            do {
                let signature = try ShaderSignature.parse(source: file.text, function: function, file: file.path)
                // The last unit is the bordered layer's (`glint_layerBordered`).
                bindings = try signature.bind(arguments, kind: kind.signatureKind, maxTextureUnits: GL.maxTextureUnits - 1)
                // The arguments' parameters: the last ones, after those the pipeline supplies.
                parameterNames = signature.parameters.suffix(bindings.count).map(\.name)
                main = signature.mainSource(kind: kind.signatureKind, bindings: bindings)
            } catch {
                throw .arguments(error.description)
            }
        }
        let constants = try Self.constants(in: file, positional: arguments != nil, parameterNames: parameterNames, bindings: bindings)
        var preludeText = prelude.text
        if let values {
            // A specialised version: each constant's declaration becomes a `const` of its value.
            Self.specialize(&file.text, &preludeText, constants, values)
            for (i, constant) in constants.enumerated() {
                if case let .argument(_, uniform) = constant {
                    main = main?.replacingOccurrences(of: "uniform float \(uniform);", with: "const float \(uniform) = \(Self.literal(values[i]));")
                }
            }
        }
        let assembled = main.map { EffectSource.assemble(effect: file.text, prelude: preludeText, main: $0) }
            ?? EffectSource.assemble(effect: file.text, prelude: preludeText, kind: kind)
        // `-D`: after the version line, every file's lines numbered as before.
        let text = ShaderSources.injectDefines(sources.defines, into: assembled)
        let program = try Program(
            name: function,
            vertex: (vertex.text, [0: vertex.path]),
            fragment: (text, [EffectSource.preludeString: prelude.path, EffectSource.effectString: file.path, EffectSource.mainString: "\(file.path) (the pipeline's main)"]
                .merging(includes) { a, _ in a })
        )
        // A file read from the user's folder may be arbitrarily slow: it is drawn in chunks, watched,
        // whether it is the effect's own file or the prelude or vertex shader all effects share.
        let ownIsUsers = liveFile(function, library: library) != nil
        let shared = [prelude.path, vertex.path].first { isUsers($0) }
        program.file = ownIsUsers ? file.path : shared ?? file.path
        program.isUserFile = ownIsUsers || shared != nil
        program.blamesSharedFile = !ownIsUsers && shared != nil
        // A uniform glint sets, declared with another type, would fail every frame: refused once here.
        try program.checkUniformTypes(Program.pipelineUniforms + recipe.named.flatMap { Program.Fed.uniforms(of: $0.name, $0.kind) },
                                      sources: [file, prelude])
        program.isSeparable = file.text.contains("// glint: separable")
        if program.isSeparable, let sigma = Self.sigmaMarker(in: file.text),
           let argument = parameterNames.firstIndex(of: sigma.name) {
            program.sigma = (sigma.factor, argument, sigma.range)
        }
        program.bindings = bindings
        program.constants = constants
        // What it includes from the disk, watched with it.
        program.includedFiles = includes.keys.sorted().compactMap { includes[$0] }.filter { ShaderSources.modificationDate($0) != nil }
        // Sampler state a file declares for its image parameters (a Metal file's `constexpr sampler`).
        for marker in Self.samplerMarkers(in: file.text, function: function) {
            guard let index = parameterNames.firstIndex(of: marker.name), index < bindings.count, let unit = bindings[index].textureUnit else {
                throw .arguments("\(file.path): '// glint: sampler \(marker.name)' names no image parameter of '\(function)' (a sampler applies to an image argument of a function called by position)")
            }
            program.addSampler(unit: unit, wrap: marker.wrap, filter: marker.filter, mip: marker.mip)
        }
        return program
    }

    /// The `// glint: sampler FUNCTION.NAME wrap=S,T filter=MIN,MAG` markers of `text` for
    /// `function`'s parameters (a marker without `FUNCTION.` is for every function).
    static func samplerMarkers(in text: String, function: String) -> [(name: String, wrap: (String, String), filter: (String, String), mip: String)] {
        guard text.contains("// glint: sampler ") else { return [] }
        var found: [(name: String, wrap: (String, String), filter: (String, String), mip: String)] = []
        for piece in text.components(separatedBy: "// glint: sampler ").dropFirst() {
            let words = piece.prefix { $0 != "\n" }.split(separator: " ")
            guard let qualified = words.first else { continue }
            let parts = qualified.split(separator: ".", maxSplits: 1)
            if parts.count == 2 && parts[0] != Substring(function) { continue }
            let name = parts.last!
            var wrap = ("clamp_to_edge", "clamp_to_edge"), filter = ("linear", "linear"), mip = "none"
            for word in words.dropFirst() {
                let parts = word.split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else { continue }
                if parts[0] == "mip" { mip = String(parts[1]) }
                let values = parts[1].split(separator: ",").map(String.init)
                guard values.count == 2 else { continue }
                if parts[0] == "wrap" { wrap = (values[0], values[1]) }
                if parts[0] == "filter" { filter = (values[0], values[1]) }
            }
            found.append((String(name), wrap, filter, mip))
        }
        return found
    }

    /// What `file` declares compile-time constant (`// glint: constant NAME, NAME…`, on one or more
    /// lines): float parameters of its function (positional arguments), float uniforms it declares
    /// (named arguments), or `glint_scale`. A name that is none of these is refused.
    static func constants(in file: (text: String, path: String), positional: Bool, parameterNames: [String],
                          bindings: [ArgumentBinding]) throws(RenderError) -> [Program.Constant] {
        guard file.text.contains(constantMarker) else { return [] }
        var found: [Program.Constant] = []
        var lineNumber = 0
        for line in file.text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            guard let marker = line.range(of: constantMarker) else { continue }
            let names = line[marker.upperBound...].split { $0 == "," || $0 == " " || $0 == "\t" }.map(String.init)
            for name in names {
                let constant: Program.Constant
                if name == "glint_scale" {
                    constant = .scale
                } else if positional {
                    guard let i = parameterNames.firstIndex(of: name), i < bindings.count, bindings[i].kind == .float else {
                        throw .arguments("\(file.path):\(lineNumber): '\(constantMarker) \(name)' names no float parameter of the effect function; a constant must be a float parameter, a float uniform or glint_scale")
                    }
                    constant = .argument(i, uniform: bindings[i].uniform)
                } else {
                    guard declaresFloatUniform(name, in: file.text) else {
                        throw .arguments("\(file.path):\(lineNumber): '\(constantMarker) \(name)' names no 'uniform float \(name);' of the file; a constant must be a float parameter, a float uniform or glint_scale")
                    }
                    constant = .named(name)
                }
                if !found.contains(constant) { found.append(constant) }
            }
        }
        guard found.count <= Program.maxConstants else {
            throw .arguments("\(file.path): \(found.count) compile-time constants declared; at most \(Program.maxConstants)")
        }
        return found
    }

    /// The marker of a file's compile-time constants.
    static let constantMarker = "// glint: constant"

    /// Whether `text` has a line declaring `uniform float NAME;`.
    static func declaresFloatUniform(_ name: String, in text: String) -> Bool {
        text.split(separator: "\n").contains { uniformDeclaration(name, in: $0) != nil }
    }

    /// The range of `uniform float NAME;` in `line`, if the line declares it (outside a comment).
    static func uniformDeclaration(_ name: String, in line: Substring) -> Range<Substring.Index>? {
        let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line
        let words = code.split { $0 == " " || $0 == "\t" }
        guard words.count >= 3, words[0] == "uniform", words[1] == "float",
              words[2] == "\(name);" || (words[2] == Substring(name) && words.count >= 4 && words[3].hasPrefix(";")) else { return nil }
        guard let start = code.range(of: "uniform"), let end = code.range(of: ";", range: start.upperBound..<code.endIndex) else { return nil }
        return start.lowerBound..<end.upperBound
    }

    /// Rewrites the declarations of `constants` in the effect file and the prelude as constants of `values`.
    static func specialize(_ effect: inout String, _ prelude: inout String, _ constants: [Program.Constant], _ values: Program.ConstantValues) {
        func rewrite(_ text: inout String, _ name: String, _ value: Float) {
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for i in lines.indices {
                let line = Substring(lines[i])
                guard let range = uniformDeclaration(name, in: line) else { continue }
                lines[i] = String(line[..<range.lowerBound]) + "const float \(name) = \(literal(value));" + String(line[range.upperBound...])
            }
            text = lines.joined(separator: "\n")
        }
        for (i, constant) in constants.enumerated() {
            switch constant {
            case .argument: continue  // in the generated main
            case .named(let name): rewrite(&effect, name, values[i])
            case .scale: rewrite(&prelude, "glint_scale", values[i])
            }
        }
    }

    /// A GLSL float literal that reads back as exactly `value` (Swift prints the shortest such).
    static func literal(_ value: Float) -> String {
        let text = value.description
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }

    /// Reads `// glint: separable, sigma = F * NAME (LO…HI)` (the range optional): a separable
    /// kernel whose σ in points is F times the argument NAME clamped to LO…HI.
    static func sigmaMarker(in source: String) -> (factor: Double, name: String, range: ClosedRange<Double>)? {
        guard let line = source.split(separator: "\n").first(where: { $0.contains("// glint: separable") }),
              let equals = line.range(of: "sigma") else { return nil }
        let rest = line[equals.upperBound...].drop { $0 == " " || $0 == "=" }
        let parts = rest.split(separator: "*", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let factor = Double(parts[0]), factor > 0 else { return nil }
        let nameAndRange = parts[1].split(separator: " ", maxSplits: 1)
        let name = String(nameAndRange[0])
        guard !name.isEmpty else { return nil }
        var range = 0.0...Double.greatestFiniteMagnitude
        if nameAndRange.count == 2 {
            let bounds = nameAndRange[1].trimmingCharacters(in: CharacterSet(charactersIn: "() ")).components(separatedBy: "…")
            if bounds.count == 2, let lo = Double(bounds[0]), let hi = Double(bounds[1]), lo <= hi { range = lo...hi }
        }
        return (factor, name, range)
    }

    /// Whether `path` (as `ShaderSources` names it) was read from the user's `--shaders` folder.
    private func isUsers(_ path: String) -> Bool {
        guard let name = path.split(separator: "/").last.map(String.init) else { return false }
        return sources.liveFile(named: name) == path
    }

    /// An effect file of the user's (the `--shaders` folder, a `ShaderLibrary(url:)`), watched for
    /// changes with the files it includes.
    private struct LiveFile {
        var path: String
        /// When each watched file (the effect's, then what it includes) last changed.
        var modified: [(path: String, date: Date?)]

        init(path: String, program: Program) {
            self.path = path
            modified = ([path] + program.includedFiles).map { ($0, ShaderSources.modificationDate($0)) }
        }

        /// Whether any watched file changed since it was read.
        var hasChanged: Bool {
            modified.contains { ShaderSources.modificationDate($0.path) != $0.date }
        }
    }

    /// Recompiles every effect program whose file in the `--shaders` folder changed since it was
    /// compiled, as glslViewer does, and every program when the folder's prelude or vertex shader
    /// changed. A program that no longer compiles keeps running in its last good version; its
    /// error is returned. Returns the names of the files reloaded, too.
    public func reloadChangedShaders() -> (reloaded: [String], errors: [RenderError]) {
        var reloaded: [String] = []
        var errors: [RenderError] = []
        var sharedChanged = false
        for name in [Self.preludeName, Self.vertexName] {
            guard let path = sources.liveFile(named: name) else { continue }
            let modified = ShaderSources.modificationDate(path)
            guard sharedModified[name] != .some(modified) else { continue }
            sharedModified[name] = modified
            do {
                let fresh = try sources.source(named: name)
                if name == Self.preludeName { prelude = fresh } else { vertex = fresh }
                retiredFiles.remove(path)
                sharedChanged = true
                reloaded.append(path)
            } catch {
                errors.append(error)
            }
        }
        for (key, recipe) in recipes {
            var fileChanged = false
            if let file = live[key], file.hasChanged {
                fileChanged = true
                // Read again on the next change only: what it includes now, when they changed.
                live[key]?.modified = file.modified.map { ($0.path, ShaderSources.modificationDate($0.path)) }
            }
            guard fileChanged || sharedChanged else { continue }
            do {
                let fresh = try compile(recipe)
                if !retired.contains(key) { lastGood[key] = programs[key] }
                retired.remove(key)
                programs[key] = fresh
                if let path = live[key]?.path { live[key] = LiveFile(path: path, program: fresh) }
                if fileChanged, let path = live[key]?.path { reloaded.append(path) }
            } catch {
                errors.append(error)
            }
        }
        // The resampling pass, made on first use: again when its file or the vertex shader changed.
        let resamplePath = sources.liveFile(named: Self.resampleName)
        let resampleChanged = resamplePath.map { ShaderSources.modificationDate($0) != resampleModified } ?? false
        if resample != nil && (resampleChanged || sharedChanged) {
            if let resamplePath { resampleModified = ShaderSources.modificationDate(resamplePath) }
            do {
                resample = try makeResample()
                if resampleChanged, let resamplePath { reloaded.append(resamplePath) }
            } catch {
                errors.append(error)
            }
        }
        return (reloaded.sorted(), errors)
    }

    /// Renders one frame of `graph` into `target`: the content in the view's rect (rounded to
    /// whole pixels), then each enabled effect in order, over the backdrop.
    public func render(_ graph: FrameGraph, into target: Framebuffer) throws(RenderError) {
        try Self.requireFinite(graph.viewRect, graph.scale)
        let s = graph.scale
        let view = PixelRect(
            x: Int((graph.viewRect.minX * s).rounded()), y: Int((graph.viewRect.minY * s).rounded()),
            width: max(1, Int((graph.viewRect.width * s).rounded())), height: max(1, Int((graph.viewRect.height * s).rounded())))
        try draw(graph, view: view, into: target)
    }

    /// Renders `graph` over what `target` holds already, as one view among others in a view
    /// tree: as `render(_:into:)`, but nothing clears the target (the backdrop is the tree's
    /// to draw), and the last pass blends over it.
    public func compose(_ graph: FrameGraph, into target: Framebuffer) throws(RenderError) {
        composeTarget = target.id
        defer { composeTarget = nil }
        try render(graph, into: target)
    }
    private var composeTarget: GLuint?

    /// A `maxSampleOffset` side in whole pixels: 0 for a negative or NaN one, at most 2²⁴ (an
    /// infinite one too); the caller clamps it further to what a layer may hold.
    static func offsetPixels(_ points: Double, _ scale: Double) -> Int {
        guard points > 0 else { return 0 }  // false for NaN too
        return Int(min((points * scale).rounded(.up), 16_777_216))
    }

    /// Refuses a view rect or scale that is not finite (a NaN size would trap converting to pixels).
    static func requireFinite(_ rect: Rect, _ scale: Double) throws(RenderError) {
        guard rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite, scale.isFinite, scale > 0,
              (rect.maxX * scale).magnitude < 1e9, (rect.maxY * scale).magnitude < 1e9 else {
            throw .gl("cannot draw a view at (\(rect.minX), \(rect.minY)) of \(rect.width)x\(rect.height) points at scale \(scale): the rect and the scale must be finite, the scale above 0")
        }
    }

    /// Shows `texture` (owned by the caller, who keeps it alive while it is used) wherever
    /// `image` is an argument: how a view drawn into an offscreen layer of the view tree becomes
    /// another pass's content. Nil forgets it.
    public func setExternalTexture(_ texture: GLuint?, for image: Image) {
        externalTextures[image.identity] = texture
    }
    private var externalTextures: [Image.Identity: GLuint] = [:]

    /// A rectangle of pixels, from the top-left.
    struct PixelRect: Equatable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int

        func outset(_ m: (x: Int, y: Int)) -> PixelRect {
            PixelRect(x: x - m.x, y: y - m.y, width: width + 2 * m.x, height: height + 2 * m.y)
        }

        /// The part inside a target of `w`x`h` pixels.
        func clipped(toWidth w: Int, height h: Int) -> PixelRect {
            let x0 = max(x, 0), y0 = max(y, 0)
            let x1 = min(x + width, w), y1 = min(y + height, h)
            return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
        }
    }

    /// What one pass draws into: the target, the view's rect in it, the part it may draw, and
    /// where the view lies in the layer it reads.
    private struct PassPlace {
        var target: Framebuffer
        var view: PixelRect
        var region: PixelRect
        var layerView: PixelRect
        /// What may be sampled, in the view's points.
        var sampleOrigin: (x: Float, y: Float)
        var sampleSize: (width: Float, height: Float)
        /// For a pass drawn at reduced resolution (`drawReduced`): the factor, and which axes of
        /// the target and of the layer hold only every `factor`-th pixel (pixel i of such an axis
        /// is full-resolution pixel factor·i). `view` and `layerView` are at full resolution;
        /// `region` is in the target's own pixels.
        var factor = 1
        var targetReduced = (x: false, y: false)
        var layerReduced = (x: false, y: false)

        /// A full-resolution rect along the axes given, as the reduced pixels of one `factor` apart.
        func reduce(_ r: PixelRect, _ axes: (x: Bool, y: Bool)) -> (x: Float, y: Float, width: Float, height: Float) {
            let k = Float(factor)
            // Reduced pixel centre i + ½ is full pixel centre k·i + ½: full = k·reduced − (k − 1)/2.
            func along(_ origin: Int, _ size: Int, _ reduced: Bool) -> (Float, Float) {
                reduced ? ((Float(origin) + (k - 1) / 2) / k, Float(size) / k) : (Float(origin), Float(size))
            }
            let (x, w) = along(r.x, r.width, axes.x)
            let (y, h) = along(r.y, r.height, axes.y)
            return (x, y, w, h)
        }
    }

    private func draw(_ graph: FrameGraph, view: PixelRect, into target: Framebuffer) throws(RenderError) {
        guard target.pixelWidth > 0, target.pixelHeight > 0, graph.viewRect.width > 0, graph.viewRect.height > 0 else { return }
        frameNumber += 1
        defer { evictTextures() }
        try drawTools(of: graph)
        frameStart = clock()
        frameLimit = frameTimeout.map { Watchdog.limit($0, pixels: target.pixelWidth * target.pixelHeight) }
        viewSize = graph.viewRect.size
        baseColorNow = graph.baseColor
        let effects = graph.effects
        // Pixels per point on each axis, and the margin each enabled effect may sample beyond
        // the view (the largest of it and every earlier one's), in whole pixels.
        let sx = Double(view.width) / graph.viewRect.width
        let sy = Double(view.height) / graph.viewRect.height
        var last = -1
        var enabled = 1
        var margin = (x: 0, y: 0)
        var readsPastEdges = false
        var i = 0
        while i < effects.count {  // index loops: no iterator allocations in unoptimised builds
            if effects[i].isEnabled {
                last = i
                enabled += 1
                let m = effects[i].kind.maxSampleOffset
                margin.x = max(margin.x, Self.offsetPixels(m.width, sx))
                margin.y = max(margin.y, Self.offsetPixels(m.height, sy))
                if !readsPastEdges, try program(for: effects[i]).layerBordered >= 0 { readsPastEdges = true }
            }
            i += 1
        }
        // A margin is bounded by what a texture can hold, and by the larger of the view and the
        // target: content moved farther than that beyond the view cannot be seen (a
        // maxSampleOffset of 100000 points would otherwise ask for a 16384-pixel layer).
        margin.x = min(margin.x, max(0, (GL.maxTextureSize - view.width) / 2), max(view.width, target.pixelWidth))
        margin.y = min(margin.y, max(0, (GL.maxTextureSize - view.height) / 2), max(view.height, target.pixelHeight))
        // A pass that reads the layer's texture past its edges (`glint_layerBordered`) gets one more
        // pixel of layer all round that nothing draws into: clamped to its edge, the texture then
        // reads transparent beyond it, which a transparent-bordered sampler gives only at about 15 %
        // more per fetch on llvmpipe.
        let ring = readsPastEdges ? 1 : 0
        let layerMargin = (x: margin.x + ring, y: margin.y + ring)
        progressPass = (0, enabled)

        epoxy_glDisable(GLenum(GL_DEPTH_TEST))
        epoxy_glEnable(GLenum(GL_BLEND))
        epoxy_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))  // premultiplied alpha
        epoxy_glBindVertexArray(vertexArray)

        // A chain that can ever read a layer gets its offscreen targets now, while they are
        // not needed yet, at 1x1 pixel: the frame a layer pass first turns on then allocates
        // nothing but their storage, which only enabled passes hold.
        if !effects.isEmpty && offscreen.isEmpty {
            offscreen = [try RenderTarget(pixelWidth: 1, pixelHeight: 1), try RenderTarget(pixelWidth: 1, pixelHeight: 1)]
        }
        let whole = PixelRect(x: 0, y: 0, width: target.pixelWidth, height: target.pixelHeight)
        if last < 0 {
            target.bind()
            let place = PassPlace(target: target, view: view, region: view, layerView: view, sampleOrigin: (0, 0),
                                  sampleSize: (Float(graph.viewRect.width), Float(graph.viewRect.height)))
            try drawContent(graph.content, at: place, covers: view == whole, background: graph.backdrop)
            return
        }

        // The layers: the view's rect grown by the largest margin, the view at (margin) in them.
        let layerWidth = view.width + 2 * layerMargin.x
        let layerHeight = view.height + 2 * layerMargin.y
        try prepareOffscreen(width: layerWidth, height: layerHeight)
        let inLayer = PixelRect(x: layerMargin.x, y: layerMargin.y, width: view.width, height: view.height)
        var source = 0
        let first = offscreen[source].framebuffer
        first.bind()
        let contentPlace = PassPlace(target: first, view: inLayer, region: inLayer, layerView: inLayer, sampleOrigin: (0, 0),
                                     sampleSize: (Float(graph.viewRect.width), Float(graph.viewRect.height)))
        try drawContent(graph.content, at: contentPlace, covers: layerMargin == (0, 0), background: .clear)

        var grown = (x: 0, y: 0)
        i = 0
        while i <= last {
            defer { i += 1 }
            let pass = effects[i]
            guard pass.isEnabled else { continue }
            progressPass.index += 1
            let m = pass.kind.maxSampleOffset
            grown.x = max(grown.x, min(margin.x, Self.offsetPixels(m.width, sx)))
            grown.y = max(grown.y, min(margin.y, Self.offsetPixels(m.height, sy)))
            let sampleOrigin = (x: Float(-Double(grown.x) / sx), y: Float(-Double(grown.y) / sy))
            let sampleSize = (width: Float(graph.viewRect.width + 2 * Double(grown.x) / sx),
                              height: Float(graph.viewRect.height + 2 * Double(grown.y) / sy))
            let isLast = i == last
            var layer = offscreen[source].texture
            let passProgram = try program(for: pass)
            let destination = isLast ? target : offscreen[1 - source].framebuffer
            let destinationView = isLast ? view : inLayer
            let factor = passProgram.isSeparable ? Self.reduction(passProgram, pass, scale: min(sx, sy)) : 1
            if factor > 1 {
                try drawReduced(pass, factor: factor, layer: layer, layerSize: (layerWidth, layerHeight), inLayer: inLayer,
                                sampleOrigin: sampleOrigin, sampleSize: sampleSize, scale: (sx, sy), into: destination, view: destinationView, region: destinationView.outset(grown),
                                background: isLast ? graph.backdrop : .clear)
                source = 1 - source
                continue
            }
            if passProgram.isSeparable {
                // Along x into a third layer, then along y from it to where the pass goes.
                if offscreen.count < 3 { offscreen.append(try RenderTarget(pixelWidth: layerWidth, pixelHeight: layerHeight)) }
                try offscreen[2].resize(pixelWidth: layerWidth, pixelHeight: layerHeight)
                let middle = offscreen[2].framebuffer
                middle.bind()
                clear(to: .clear)
                let place = PassPlace(target: middle, view: inLayer, region: inLayer.outset(grown), layerView: inLayer,
                                      sampleOrigin: sampleOrigin, sampleSize: sampleSize)
                try draw(pass, layer: layer, at: place, direction: (1, 0))
                layer = offscreen[2].texture
            }
            destination.bind()
            clear(to: isLast ? graph.backdrop : .clear)
            let place = PassPlace(target: destination, view: destinationView, region: destinationView.outset(grown), layerView: inLayer,
                                  sampleOrigin: sampleOrigin, sampleSize: sampleSize)
            try draw(pass, layer: layer, at: place, direction: (0, 1))
            source = 1 - source
        }
    }

    /// Below this σ, in pixels, a separable pass is drawn at full resolution; at or above it, at
    /// a resolution reduced by the whole factor that keeps σ at least this many reduced pixels.
    static let reducedSigma = 4.0

    /// The factor a separable pass with a `sigma` marker is drawn reduced by: 1 (full
    /// resolution) while its σ is under `reducedSigma` pixels.
    static func reduction(_ program: Program, _ pass: EffectPass, scale: Double) -> Int {
        guard let sigma = program.sigma, sigma.argument < pass.arguments.count,
              case let .float(value) = pass.arguments[sigma.argument], value.isFinite else { return 1 }
        let pixels = sigma.factor * min(max(Double(value), sigma.range.lowerBound), sigma.range.upperBound) * scale
        return max(1, Int(pixels / reducedSigma))
    }

    /// A separable pass whose kernel is wide (a blur of large radius), computed exactly at every
    /// `factor`-th pixel and interpolated between. The first pass (along x) runs only at every
    /// `factor`-th column of the layer, the second (along y) only at every `factor`-th row of
    /// those; each still takes every full-resolution tap, so each result is the pass's exact
    /// output at its pixel. The expansion then interpolates them (Catmull-Rom, whose error on a
    /// wide kernel's smooth result stays well under 1/255) into `region` of `destination`. The
    /// taps a pixel takes grow with the kernel, but the pixels computed shrink as 1/`factor` and
    /// 1/`factor`²: the cost stays about that of a narrow kernel.
    private func drawReduced(
        _ pass: EffectPass, factor: Int, layer: GLuint, layerSize: (width: Int, height: Int), inLayer: PixelRect,
        sampleOrigin: (x: Float, y: Float), sampleSize: (width: Float, height: Float), scale: (x: Double, y: Double),
        into destination: Framebuffer, view: PixelRect, region: PixelRect, background: Color
    ) throws(RenderError) {
        // Two reduced pixels past the last full one on each axis, for the cubic's reach.
        let width = (layerSize.width - 1) / factor + 3
        let height = (layerSize.height - 1) / factor + 3
        // Half floats: the second pass and the expansion read what the one before wrote, and
        // 8 bits would round each time.
        while reduced.count < 2 { reduced.append(try RenderTarget(pixelWidth: 1, pixelHeight: 1, halfFloat: true)) }
        try reduced[0].resize(pixelWidth: width, pixelHeight: layerSize.height)
        try reduced[1].resize(pixelWidth: width, pixelHeight: height)

        // Along x, at every factor-th column, from the layer.
        reduced[0].framebuffer.bind()
        clear(to: .clear)
        var place = PassPlace(target: reduced[0].framebuffer, view: inLayer,
                              region: PixelRect(x: 0, y: 0, width: width, height: layerSize.height), layerView: inLayer,
                              sampleOrigin: sampleOrigin, sampleSize: sampleSize, factor: factor,
                              targetReduced: (true, false), layerReduced: (false, false))
        try draw(pass, layer: layer, at: place, direction: (1, 0))

        // Along y, at every factor-th row, from those columns. Along x it reads exactly at them, so
        // what may be sampled spans every column computed.
        reduced[1].framebuffer.bind()
        clear(to: .clear)
        place.target = reduced[1].framebuffer
        place.region = PixelRect(x: 0, y: 0, width: width, height: height)
        place.targetReduced = (true, true)
        place.layerReduced = (true, false)
        place.sampleOrigin.x = Float(-Double(inLayer.x + factor) / scale.x)
        place.sampleSize.width = Float(Double(width * factor + factor) / scale.x)
        try draw(pass, layer: reduced[0].texture, at: place, direction: (0, 1))

        // Interpolated into the destination's region, over the background.
        destination.bind()
        clear(to: background)
        let clipped = region.clipped(toWidth: destination.pixelWidth, height: destination.pixelHeight)
        guard clipped.width > 0, clipped.height > 0 else { return }
        // The user's resampling pass the watchdog stopped: the background shows until it changes.
        guard !resampleRetired else { return }
        let resample = try resampleProgram()
        epoxy_glUseProgram(resample.program.id)
        epoxy_glUniform1i(resample.factor, GLint(factor))
        epoxy_glUniform2f(resample.targetSize, Float(destination.pixelWidth), Float(destination.pixelHeight))
        epoxy_glUniform2f(resample.offset, Float(inLayer.x - view.x), Float(inLayer.y - view.y))
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), reduced[1].texture)
        epoxy_glUniform1i(resample.source, 0)
        if resample.program.isUserFile {
            try drawInChunks(resample.program, region: clipped, target: destination)
            return
        }
        epoxy_glEnable(GLenum(GL_SCISSOR_TEST))
        epoxy_glScissor(GLint(destination.originX + clipped.x),
                        GLint(destination.originY + destination.pixelHeight - clipped.y - clipped.height),
                        GLsizei(clipped.width), GLsizei(clipped.height))
        recorder?.recordDraw(resample.program, scissor: [GLint(destination.originX + clipped.x),
                                                         GLint(destination.originY + destination.pixelHeight - clipped.y - clipped.height),
                                                         GLint(clipped.width), GLint(clipped.height)])
        epoxy_glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
        epoxy_glDisable(GLenum(GL_SCISSOR_TEST))
    }

    /// The reduced layers of `drawReduced`, made on first use and shrunk with the others.
    private var reduced: [RenderTarget] = []
    private var resample: (program: Program, factor: GLint, source: GLint, offset: GLint, targetSize: GLint)?
    /// When the user's `resample.frag` was read, and whether the watchdog stopped it.
    private var resampleModified: Date?
    private var resampleRetired = false

    private func resampleProgram() throws(RenderError) -> (program: Program, factor: GLint, source: GLint, offset: GLint, targetSize: GLint) {
        if let resample { return resample }
        let made = try makeResample()
        resample = made
        return made
    }

    /// Compiles the resampling pass; the user's (from `--shaders`, or with the user's vertex
    /// shader) is drawn in chunks under the watchdog, as effects are.
    private func makeResample() throws(RenderError) -> (program: Program, factor: GLint, source: GLint, offset: GLint, targetSize: GLint) {
        let fs = try sources.source(named: Self.resampleName)
        let program = try Program(name: "resample", vertex: (vertex.text, [0: vertex.path]), fragment: (fs.text, [0: fs.path]))
        try program.checkUniformTypes(Program.pipelineUniforms, sources: [fs])
        program.file = [fs.path, vertex.path].first { isUsers($0) } ?? fs.path
        program.isUserFile = isUsers(fs.path) || isUsers(vertex.path)
        if isUsers(fs.path) { resampleModified = ShaderSources.modificationDate(fs.path) }
        resampleRetired = false
        return (program, program.location("glint_factor"), program.location("glint_source"),
                program.location("glint_offset"), program.location("glint_targetSize"))
    }

    /// Draws the view's content into the bound target over `background`. An opaque pass covering
    /// the whole target is drawn with neither a clear below it nor blending, which would only
    /// cost a write and a read per pixel; what is drawn after it blends again.
    private func drawContent(_ content: EffectPass, at place: PassPlace, covers: Bool, background: Color) throws(RenderError) {
        // Content the watchdog stopped draws nothing: what was there before must not show through.
        let stopped = !retired.isEmpty && retired.contains(Self.key(content))
        if !(content.isOpaque && covers) || stopped { clear(to: background) }
        guard content.isOpaque else {
            try draw(content, layer: nil, at: place)
            return
        }
        epoxy_glDisable(GLenum(GL_BLEND))
        defer { epoxy_glEnable(GLenum(GL_BLEND)) }
        try draw(content, layer: nil, at: place)
    }

    /// The offscreen layers, sized on the first frame that has a layer or distortion pass
    /// enabled and reused (resized when the view is) by every later one; shrunk back to one
    /// pixel when no frame has needed them for `textureLifetime` frames.
    private func prepareOffscreen(width: Int, height: Int) throws(RenderError) {
        offscreenLastUsed = frameNumber
        if offscreen.isEmpty {
            offscreen = [
                try RenderTarget(pixelWidth: width, pixelHeight: height),
                try RenderTarget(pixelWidth: width, pixelHeight: height),
            ]
        }
        try offscreen[0].resize(pixelWidth: width, pixelHeight: height)
        try offscreen[1].resize(pixelWidth: width, pixelHeight: height)
    }
    private var offscreenLastUsed = 0

    /// The pixels of offscreen storage held now (for tests: one a target until a layer or
    /// distortion pass is enabled).
    public var offscreenPixels: Int { Self.pixels(of: offscreen) + Self.pixels(of: reduced) }

    /// (Not over `offscreen + reduced`: the eviction check runs every frame, and joining the arrays
    /// would allocate.)
    private static func pixels(of targets: [RenderTarget]) -> Int {
        targets.reduce(0) { $0 + $1.framebuffer.pixelWidth * $1.framebuffer.pixelHeight }
    }

    private func clear(to color: Color) {
        if let composeTarget {
            // Composing over what a view tree drew before: the target keeps it.
            var bound: GLint = 0
            epoxy_glGetIntegerv(GLenum(GL_DRAW_FRAMEBUFFER_BINDING), &bound)
            if GLuint(bound) == composeTarget { return }
        }
        let (r, g, b, a) = color.premultiplied
        recorder?.recordClear((r, g, b, a))
        epoxy_glClearColor(r, g, b, a)
        epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    }

    /// The view being drawn: its size in points, and the colour a first colour effect gets.
    private var viewSize = Size.zero
    private var baseColorNow = Color.black

    private func draw(_ pass: EffectPass, layer: GLuint?, at place: PassPlace,
                      direction: (x: Float, y: Float) = (1, 0)) throws(RenderError) {
        let region = place.region.clipped(toWidth: place.target.pixelWidth, height: place.target.pixelHeight)
        guard region.width > 0, region.height > 0 else { return }
        let key = Self.key(pass)
        guard retired.isEmpty || !retired.contains(key) else { return }
        var program = try program(for: pass, key: key)
        // Compiled just now from a shared file the watchdog stopped.
        guard retired.isEmpty || !retired.contains(key) else { return }
        if specializes && !program.constants.isEmpty {
            program = specialized(program, key: key, pass: pass, scale: Float(Double(place.view.width) / viewSize.width))
        }
        let target = place.target
        epoxy_glUseProgram(program.id)
        if program.viewSize >= 0 { epoxy_glUniform2f(program.viewSize, Float(viewSize.width), Float(viewSize.height)) }
        if program.targetSize >= 0 { epoxy_glUniform2f(program.targetSize, Float(target.pixelWidth), Float(target.pixelHeight)) }
        if program.scale >= 0 { epoxy_glUniform1f(program.scale, Float(Double(place.view.width) / viewSize.width)) }
        if program.audioLevel >= 0 { epoxy_glUniform1f(program.audioLevel, audio.level) }
        if program.audioBands >= 0 { epoxy_glUniform3f(program.audioBands, audio.bass, audio.mid, audio.treble) }
        if program.viewPixels >= 0 {
            let v = place.reduce(place.view, place.targetReduced)
            epoxy_glUniform4f(program.viewPixels, v.x, v.y, v.width, v.height)
        }
        if program.layerPixels >= 0 {
            let l = place.reduce(place.layerView, place.layerReduced)
            epoxy_glUniform4f(program.layerPixels, l.x, l.y, l.width, l.height)
        }
        if program.baseColor >= 0 {
            let (r, g, b, a) = baseColorNow.premultiplied
            epoxy_glUniform4f(program.baseColor, r, g, b, a)
        }
        if program.hasLayer >= 0 { epoxy_glUniform1i(program.hasLayer, layer == nil ? 0 : 1) }
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), layer ?? 0)
        if program.layer >= 0 { epoxy_glUniform1i(program.layer, 0) }
        if program.layerBordered >= 0 {
            epoxy_glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(borderedUnit))
            epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), layer ?? 0)
            epoxy_glUniform1i(program.layerBordered, borderedUnit)
            epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
        }
        if program.passDirection >= 0 { epoxy_glUniform2f(program.passDirection, direction.x, direction.y) }
        // A layer effect's `Layer`: what may be sampled (samples outside it are transparent).
        if program.layerInfoOrigin >= 0 { epoxy_glUniform2f(program.layerInfoOrigin, place.sampleOrigin.x, place.sampleOrigin.y) }
        if program.layerInfoSize >= 0 { epoxy_glUniform2f(program.layerInfoSize, place.sampleSize.width, place.sampleSize.height) }

        try upload(pass, program.slots(for: pass))
        var k = 0
        while k < program.samplerObjects.count {  // index loops: no iterator allocations in debug builds
            epoxy_glBindSampler(GLuint(program.samplerObjects[k].unit), program.samplerObjects[k].object)
            k += 1
        }
        defer {
            var k = 0
            while k < program.samplerObjects.count {
                epoxy_glBindSampler(GLuint(program.samplerObjects[k].unit), 0)
                k += 1
            }
        }
        let whole = region.width == target.pixelWidth && region.height == target.pixelHeight
        if let recorder {
            recorder.recordDraw(program, scissor: whole ? nil : [GLint(target.originX + region.x), GLint(target.originY + target.pixelHeight - region.y - region.height),
                                                                 GLint(region.width), GLint(region.height)])
        }
        if program.isUserFile || target.pixelWidth * target.pixelHeight > Watchdog.largeFramePixels {
            try drawInChunks(program, region: region, target: target)
        } else if whole {
            epoxy_glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
        } else {
            epoxy_glEnable(GLenum(GL_SCISSOR_TEST))
            epoxy_glScissor(GLint(target.originX + region.x), GLint(target.originY + target.pixelHeight - region.y - region.height),
                            GLsizei(region.width), GLsizei(region.height))
            epoxy_glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
            epoxy_glDisable(GLenum(GL_SCISSOR_TEST))
        }
    }

    /// Whether programs that declare compile-time constants (`// glint: constant`) are drawn in
    /// versions compiled for their values (the default), or with those values as uniforms like
    /// any other: both draw the same pixels; the constant version is faster where a constant
    /// bounds a loop or decides a branch.
    public var specializes = true

    /// While set, every clear and draw is recorded into it (slowly: GL state is read back).
    public var recorder: PassRecorder?

    /// The values of the constants of each specialised version of `function` held now, sorted
    /// (for tests of the cache).
    public func specializedVersions(of function: String) -> [[Float]] {
        programs.filter { $0.key.function == function }.flatMap { $0.value.variants.keys }
            .map { values in (0..<values.count).map { values[$0] } }
            .sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// The version of `program` compiled for its constants' values in `pass` (`scale` is the pass's
    /// `glint_scale`): compiled on first use, kept while drawn, the least recently drawn evicted past
    /// `Program.maxVariants`. A value that is not a finite float, or a version that fails to compile,
    /// draws with the general program; so does a value that changes every frame (see below).
    private func specialized(_ program: Program, key: ProgramKey, pass: EffectPass, scale: Float) -> Program {
        var values = Program.ConstantValues()
        let constants = program.constants
        var i = 0
        while i < constants.count {  // index loops: no iterator allocations in unoptimised builds
            let value: Float
            switch constants[i] {
            case .scale:
                value = scale
            case .argument(let index, _):
                guard index < pass.arguments.count, case let .float(x) = pass.arguments[index] else { return program }
                value = x
            case .named(let name):
                guard let index = pass.names.firstIndex(of: name), index < pass.arguments.count,
                      case let .float(x) = pass.arguments[index] else { return program }
                value = x
            }
            guard value.isFinite else { return program }
            values.append(value)
            i += 1
        }
        if let version = program.variants[values] {
            version.lastDrawn = frameNumber
            return version
        }
        // A value new in each of two frames running is one being dragged: drawn with the general
        // program until it rests, so a slider compiles once when it stops, not every frame.
        let recent = program.lastMiss
        program.lastMiss = (frameNumber, values)
        if let recent, recent.frame == frameNumber || (recent.frame == frameNumber - 1 && recent.values != values) {
            return program
        }
        guard let recipe = recipes[key], let version = try? compile(recipe, specializedOn: values) else {
            // Not specialised again: the general program draws it from now on.
            program.constants = []
            return program
        }
        version.general = program
        version.lastDrawn = frameNumber
        if program.variants.count >= Program.maxVariants,
           let oldest = program.variants.min(by: { $0.value.lastDrawn < $1.value.lastDrawn })?.key {
            program.variants[oldest] = nil
        }
        program.variants[values] = version
        return version
    }

    /// Draws the bound program over `target` in scissored chunks, each finished before the next,
    /// so the watchdog gets control between them and a large frame can report progress.
    ///
    /// A draw on a software rasteriser cannot be interrupted once issued, so the chunks start
    /// small (`Watchdog.firstChunkPixels`) and grow at most fourfold each, towards what the
    /// program draws in `Watchdog.chunkSeconds`; the size learnt is kept for the next frame, so a
    /// cheap shader soon draws its frame in one or two chunks. A frame past its limit stops after
    /// the chunk in flight: the program goes back to its last good version (or draws nothing)
    /// and `RenderError.tooSlow` names its file.
    private func drawInChunks(_ program: Program, region: PixelRect, target: Framebuffer) throws(RenderError) {
        let total = Double(region.width * region.height)
        // Scissor rectangles count from the bottom-left; `region` from the top-left.
        let overrun = PassExecutor.drawInChunks(
            program, left: target.originX + region.x, bottom: target.originY + target.pixelHeight - region.y - region.height,
            width: region.width, height: region.height, frameStart: frameStart, limit: frameLimit, clock: clock
        ) { done in
            if let onProgress {
                onProgress((Double(progressPass.index) + Double(done) / total) / Double(progressPass.count))
            }
        }
        if let seconds = overrun, let frameLimit {
            retire(program)
            throw .tooSlow(file: program.file, seconds: seconds, limit: frameLimit, setting: frameTimeoutSetting)
        }
    }

    /// Takes a program the watchdog stopped out of use: its last good version comes back, or
    /// its pass draws nothing until the file changes. When the file to blame is the user's prelude
    /// or vertex shader, so is every program made from it (each would stop a frame in turn).
    private func retire(_ specialized: Program) {
        // A specialised version stands for its general program: both go.
        let program = specialized.general ?? specialized
        if let resample, program === resample.program {
            resampleRetired = true
            return
        }
        let keys = program.blamesSharedFile
            ? programs.filter { $0.value.blamesSharedFile && $0.value.file == program.file }.map(\.key)
            : programs.first { $0.value === program }.map { [$0.key] } ?? []
        if program.blamesSharedFile { retiredFiles.insert(program.file) }
        for key in keys {
            if let previous = lastGood.removeValue(forKey: key) {
                programs[key] = previous
            } else {
                // Kept, but not drawn: what a frame looks up is there, and nothing is compiled again.
                retired.insert(key)
            }
        }
    }

    /// Whether the effect program named `function` (or every program made from the shared file
    /// named so, `glint.glsl`) was taken out of use by the watchdog and has no good version to
    /// draw: its pass shows nothing (the window says so).
    public func isRetired(_ function: String) -> Bool {
        retired.contains { $0.function == function }
            || retiredFiles.contains { $0.split(separator: "/").last.map(String.init) == function }
            || (resampleRetired && function + ".frag" == Self.resampleName)
    }

    /// Sets every argument whose uniform the program declares; skips the others.
    private func upload(_ pass: EffectPass, _ slots: [Program.UniformSlot]) throws(RenderError) {
        var unit: GLint = 1
        // Plain index loops: iterators over enum payloads can allocate in unoptimised builds.
        let values = pass.arguments
        for i in 0..<values.count {
            let value = values[i]
            let slot = slots[i]
            guard slot.location >= 0 || slot.countLocation >= 0 || slot.sizeLocation >= 0 else { continue }
            let l = slot.location
            switch value {
            case .float(let x): epoxy_glUniform1f(l, x)
            case let .float2(x, y): epoxy_glUniform2f(l, x, y)
            case let .float3(x, y, z): epoxy_glUniform3f(l, x, y, z)
            case let .float4(x, y, z, w): epoxy_glUniform4f(l, x, y, z, w)
            case .int(let n): epoxy_glUniform1i(l, n)
            case .color(let c):
                let (r, g, b, a) = c.premultiplied
                epoxy_glUniform4f(l, r, g, b, a)
            case .image(let image):
                let u = slot.unit > 0 ? slot.unit : unit
                epoxy_glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(u))
                epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), try texture(for: image, argument: i, of: pass))
                epoxy_glUniform1i(l, u)
                if slot.sizeLocation >= 0 { epoxy_glUniform2f(slot.sizeLocation, Float(image.width), Float(image.height)) }
                epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
                unit += 1
            case .boundingRect:
                epoxy_glUniform4f(l, 0, 0, Float(viewSize.width), Float(viewSize.height))
            case .data(let bytes):
                words.removeAll(keepingCapacity: true)
                var k = 0
                while k < bytes.count {
                    var w: UInt32 = 0
                    var j = 0
                    while j < 4 && k + j < bytes.count {
                        w |= UInt32(bytes[k + j]) << (8 * UInt32(j))
                        j += 1
                    }
                    words.append(w)
                    k += 4
                }
                let n = min(words.count, Int(slot.count))
                if n > 0 { words.withUnsafeBufferPointer { epoxy_glUniform1uiv(l, GLsizei(n), $0.baseAddress) } }
                if slot.countLocation >= 0 { epoxy_glUniform1i(slot.countLocation, GLint(bytes.count)) }
            case .floatArray(let a):
                let n = min(a.count, Int(slot.count))
                if n > 0 { a.withUnsafeBufferPointer { epoxy_glUniform1fv(l, GLsizei(n), $0.baseAddress) } }
                if slot.countLocation >= 0 { epoxy_glUniform1i(slot.countLocation, GLint(n)) }
            case .colorArray(let a):
                let n = min(a.count, Int(slot.count))
                scratch.removeAll(keepingCapacity: true)
                for k in 0..<n {
                    let (r, g, b, al) = a[k].premultiplied
                    scratch.append(r); scratch.append(g); scratch.append(b); scratch.append(al)
                }
                if n > 0 { scratch.withUnsafeBufferPointer { epoxy_glUniform4fv(l, GLsizei(n), $0.baseAddress) } }
                if slot.countLocation >= 0 { epoxy_glUniform1i(slot.countLocation, GLint(n)) }
            }
        }
    }

    /// The texture holding `image`, uploaded on first use; `argument` of `pass` takes it (for
    /// the message when the image is too large to upload, see `onOversizedImage`).
    func texture(for image: Image, argument: Int, of pass: EffectPass) throws(RenderError) -> GLuint {
        if pass.tool != nil, let picture = toolPicture(pass, image) { return picture }
        if !externalTextures.isEmpty, let external = externalTextures[image.identity] { return external }
        if let entry = imageTextures[image.identity] {
            if entry.lastUsed != frameNumber { imageTextures[image.identity] = (entry.texture, frameNumber) }
            return entry.texture
        }
        var uploaded = image
        if image.width > maxImageSide || image.height > maxImageSide {
            let owner = image.label ?? (argument < pass.names.count ? "\(pass.function).\(pass.names[argument])" : pass.function)
            let error = RenderError.image("cannot draw the image for \(owner): the image is \(image.width)×\(image.height); at most \(maxImageSide) pixels a side in this OpenGL (its GL_MAX_TEXTURE_SIZE)")
            guard let onOversizedImage else { throw error }
            onOversizedImage(error)
            uploaded = .placeholder
        }
        // With every mipmap level, so that a sampler the file declares with `mip=` finds them.
        let t = Textures.upload(uploaded, levels: true)
        imageTextures[image.identity] = (t, frameNumber)
        return t
    }

    /// Deletes the image textures no frame used for `textureLifetime` frames: images made afresh
    /// every frame (new identities) do not pile up.
    private func evictTextures() {
        evictTools()
        let now = frameNumber
        if now - offscreenLastUsed > Self.textureLifetime && offscreenPixels > offscreen.count + reduced.count {
            for target in offscreen { try? target.resize(pixelWidth: 1, pixelHeight: 1) }
            for target in reduced { try? target.resize(pixelWidth: 1, pixelHeight: 1) }
        }
        guard imageTextures.contains(where: { now - $0.value.lastUsed > Self.textureLifetime }) else { return }
        // One at a time, never while iterating: removing during a loop over the dictionary would
        // copy its storage (an allocation in a frame).
        while let stale = imageTextures.first(where: { now - $0.value.lastUsed > Self.textureLifetime }) {
            var t = stale.value.texture
            epoxy_glDeleteTextures(1, &t)
            imageTextures.removeValue(forKey: stale.key)
        }
    }

    /// How many image textures are held now (for tests of eviction).
    public var imageTextureCount: Int { imageTextures.count }
}

extension Image {
    /// What shows for an image that cannot be read or drawn: 2 × 2 squares of magenta and
    /// black, 8 pixels each, so it reads as a placeholder at any size.
    public static let placeholder: Image = {
        let side = 16 // pixels
        let square = 8 // pixels
        let magenta: [UInt8] = [255, 0, 255, 255], black: [UInt8] = [0, 0, 0, 255]
        var px: [UInt8] = []
        px.reserveCapacity(side * side * 4)
        for y in 0..<side {
            for x in 0..<side { px += (x / square + y / square) % 2 == 0 ? magenta : black }
        }
        return Image(width: side, height: side, pixels: px)
    }()
}

/// Uploading images as textures.
enum Textures {
    /// Makes the bound single-channel texture read as (c, c, c, c): coverage as premultiplied white.
    static func coverageSwizzle() {
        for parameter in [GL_TEXTURE_SWIZZLE_R, GL_TEXTURE_SWIZZLE_G, GL_TEXTURE_SWIZZLE_B, GL_TEXTURE_SWIZZLE_A] {
            epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(parameter), GL_RED)
        }
    }

    /// An RGBA8 texture with linear filtering, rows from the top stored top-first
    /// (sample with v = 0 at the top). `mipmaps` filters through them; `levels` only makes them,
    /// for a sampler object that may choose to.
    static func upload(_ image: Image, mipmaps: Bool = false, levels: Bool = false) -> GLuint {
        var t: GLuint = 0
        epoxy_glGenTextures(1, &t)
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), t)
        epoxy_glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        image.pixels.withUnsafeBufferPointer {
            epoxy_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(image.width), GLsizei(image.height), 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
        if mipmaps || levels { epoxy_glGenerateMipmap(GLenum(GL_TEXTURE_2D)) }
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), mipmaps ? GL_LINEAR_MIPMAP_LINEAR : GL_LINEAR)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        return t
    }
}

/// The watchdog's numbers: how long a frame may take, and how frames are cut into chunks.
public enum Watchdog {
    /// The frame size a `frameTimeout` is for; a larger frame is allowed proportionally longer.
    public static let referencePixels = 1920 * 1080
    /// Frames larger than this are drawn in chunks whatever their program, to show progress.
    public static let largeFramePixels = 4096 * 4096
    /// The first chunk of a program not yet measured: small enough that even a shader at
    /// llvmpipe's loop limit finishes it in well under a second.
    static let firstChunkPixels = 32 * 32
    /// The largest chunk.
    static let maxChunkPixels = 4096 * 1024
    /// What a chunk should take once the program's speed is known, in seconds.
    static let chunkSeconds = 0.05

    /// The limit for a frame of `pixels` pixels when a reference frame may take `seconds`.
    public static func limit(_ seconds: Double, pixels: Int) -> Double {
        seconds * max(1, Double(pixels) / Double(referencePixels))
    }

    /// Monotonic seconds.
    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }
}
