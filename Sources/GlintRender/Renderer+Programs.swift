@preconcurrency import CEpoxy
import Foundation
import GlintCore

/// The program cache: each effect program compiled on first use under its key (function,
/// library, kind, argument kinds), specialised for its constants' values, reloaded when its files
/// change, retired when the watchdog stops it.
extension Renderer {
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
        let program = try program(for: pass)
        _ = program.slots(for: pass)
        // A pass reading a layer is drawn, where fusion is on, by its version without the bounds
        // check once its layer holds nothing near the edge (a tear from its first frame): made now too.
        if fuses && program.layer >= 0 { _ = variant(of: program, .samplesInside)?.slots(for: pass) }
        if let tool = pass.tool { _ = try toolTargets(for: tool) }
    }

    /// The program of `pass`, compiled on first use; `key` when the caller has it already.
    func program(for pass: EffectPass, key known: ProgramKey? = nil) throws(RenderError) -> Program {
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
    struct Recipe {
        var function: String
        var library: String?
        var kind: ShaderEffect.Kind
        /// The positional arguments' kinds; nil for named arguments, which set uniforms by name.
        var arguments: [ShaderArgumentKind]?
        /// The named arguments, whose declarations must have the types glint sets them as.
        var named: [(name: String, kind: ShaderArgumentKind)]
    }


    /// The path of the file that defines `function`, when it is the user's (a `--shaders`
    /// folder or a `ShaderLibrary(url:)`) and may change while Glint runs.
    func liveFile(_ function: String, library: String?) -> String? {
        guard let library else { return sources.liveBuiltInFile(function) }
        return ShaderSources.libraryFile(function, in: library)
    }

    /// Compiles `function` as `kind`. With `arguments` (positional), the file must define the
    /// function itself, SwiftUI-style: its parameters are read from the source and checked
    /// against the arguments' kinds, and the pipeline declares the uniforms and calls it.
    /// Without, the file defines SwiftUI's modifier name (`colorEffect`, …) and reads named uniforms.
    func compile(_ recipe: Recipe, specializedOn values: Program.ConstantValues? = nil) throws(RenderError) -> Program {
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
        let markers = ShaderMarkers(parsing: file.text)
        let constants = try Self.constants(in: file, markers: markers, positional: arguments != nil, parameterNames: parameterNames, bindings: bindings)
        var preludeText = prelude.text
        if let values {
            // A specialised version: each constant's declaration becomes a `const` of its value.
            Self.specialize(&file.text, &preludeText, constants, values)
            for (i, constant) in constants.enumerated() {
                if case let .argument(_, uniform) = constant {
                    main = main?.replacingOccurrences(of: "uniform float \(uniform);", with: "const float \(uniform) = \(ShaderMarkers.literal(values[i]));")
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
        program.isSeparable = markers.isSeparable
        program.isAffine = markers.isAffine
        if program.isSeparable, let sigma = markers.sigma,
           let argument = parameterNames.firstIndex(of: sigma.name) {
            program.sigma = (sigma.factor, argument, sigma.range)
        }
        program.bindings = bindings
        program.constants = constants
        // What it includes from the disk, watched with it.
        program.includedFiles = includes.keys.sorted().compactMap { includes[$0] }.filter { ShaderFile.modificationDate($0) != nil }
        // Sampler state a file declares for its image parameters (a Metal file's `constexpr sampler`).
        for marker in markers.samplers(for: function) {
            guard let index = parameterNames.firstIndex(of: marker.name), index < bindings.count, let unit = bindings[index].textureUnit else {
                throw .arguments("\(file.path): '// glint: sampler \(marker.name)' names no image parameter of '\(function)' (a sampler applies to an image argument of a function called by position)")
            }
            program.addSampler(unit: unit, wrap: (marker.wrap[0], marker.wrap[1]), filter: (marker.filter[0], marker.filter[1]), mip: marker.mip)
        }
        return program
    }

    /// Whether `path` (as `ShaderSources` names it) was read from the user's `--shaders` folder.
    func isUsers(_ path: String) -> Bool {
        guard let name = path.split(separator: "/").last.map(String.init) else { return false }
        return sources.liveFile(named: name) == path
    }

    /// An effect file of the user's (the `--shaders` folder, a `ShaderLibrary(url:)`), watched for
    /// changes with the files it includes.
    struct LiveFile {
        var path: String
        /// When each watched file (the effect's, then what it includes) last changed.
        var modified: [(path: String, date: Date?)]

        init(path: String, program: Program) {
            self.path = path
            modified = ([path] + program.includedFiles).map { ($0, ShaderFile.modificationDate($0)) }
        }

        /// Whether any watched file changed since it was read.
        var hasChanged: Bool {
            modified.contains { ShaderFile.modificationDate($0.path) != $0.date }
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
            let modified = ShaderFile.modificationDate(path)
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
                live[key]?.modified = file.modified.map { ($0.path, ShaderFile.modificationDate($0.path)) }
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
        let resampleChanged = resamplePath.map { ShaderFile.modificationDate($0) != resampleModified } ?? false
        if resample != nil && (resampleChanged || sharedChanged) {
            if let resamplePath { resampleModified = ShaderFile.modificationDate(resamplePath) }
            do {
                resample = try makeResample()
                if resampleChanged, let resamplePath { reloaded.append(resamplePath) }
            } catch {
                errors.append(error)
            }
        }
        return (reloaded.sorted(), errors)
    }

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
    func specialized(_ program: Program, key: ProgramKey, pass: EffectPass, scale: Float) -> Program {
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

    /// Takes a program the watchdog stopped out of use: its last good version comes back, or
    /// its pass draws nothing until the file changes. When the file to blame is the user's prelude
    /// or vertex shader, so is every program made from it (each would stop a frame in turn).
    func retire(_ specialized: Program) {
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
}
