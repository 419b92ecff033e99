import ArgumentParser
import Foundation
import enum Glint.EffectFile
import GlintCore
import GlintRender

struct GlintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "glint",
        abstract: "SwiftUI-style shader effects on the Linux desktop.",
        discussion: """
        With no subcommand, opens a window: click and hold to animate, \(effectKeys) or Tab to switch effects, \
        Esc or Q to quit.
        """,
        version: "0.1.0",
        subcommands: [WindowCommand.self, RenderCommand.self, RecordCommand.self, JoinCommand.self, PlanCommand.self, EffectsCommand.self, AudioCommand.self, BenchCommand.self],
        defaultSubcommand: WindowCommand.self
    )

    /// The number keys that pick an effect in the window, from how many effects there are: "1…2".
    static var effectKeys: String {
        let count = min(EffectRegistry.all.count, 9)
        return count > 1 ? "1…\(count)" : "1"
    }
}

/// Options every command that shows an effect takes.
struct EffectOptions: ParsableArguments {
    @Option(name: .customLong("effect"), help: ArgumentHelp("The effect to show (see 'glint effects'), a chain applied in order (harmonic,wave,blur), your own effect file (a colour effect path.frag, or a SwiftUI Metal file path.metal: colour, layer or distortion), or a shader of another tool run as it runs it (Shadertoy: a file defining mainImage, a folder of tabs or a JSON export; glslViewer; ISF .fs).", valueName: "name[,name…]"))
    var effectOption: String?

    /// The chain as given, harmonic by default.
    var effect: String { effectOption ?? "harmonic" }

    @Option(name: .long, help: ArgumentHelp("Show a PNG or JPEG as the content, under the effects (glint render --image card.png --effect dissolve,blur).", valueName: "file.png"))
    var image: String?

    /// The `--image` file, read; nil without one.
    func contentImage() throws -> Image? {
        try image.map { try Self.loadImage($0, for: "--image") }
    }

    @Option(name: .customLong("param"), help: ArgumentHelp("Set an effect parameter, e.g. --param amplitude=1, or blur.radius=8 in a chain; an image parameter takes a PNG path (repeatable).", valueName: "name=value"))
    var params: [String] = []

    @Option(name: .customLong("texture"), help: ArgumentHelp("A PNG or JPEG for a glslViewer or ISF shader: FILE is glslViewer's u_tex0, u_tex1 … in order, or the next ISF image input; NAME=FILE is u_NAME, or the ISF image input NAME (repeatable).", valueName: "[name=]file.png"))
    var textures: [String] = []

    /// `--texture` as names (nil when not given) and paths, each file checked readable.
    func textureList() throws -> [(name: String?, path: String)] {
        try textures.map { text in
            var name: String?
            var path = text
            if let equals = text.firstIndex(of: "="), let first = text.first, first == "_" || (first.isASCII && first.isLetter),
               text[..<equals].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) {
                name = String(text[..<equals])
                path = String(text[text.index(after: equals)...])
                if path.isEmpty { throw InputError("bad --texture '\(text)': no file after '='; expected NAME=FILE.png or FILE.png") }
            }
            _ = try InputFiles.read(path, as: "the texture '\(path)'", limit: InputFiles.imageLimit)
            return (name, path)
        }
    }

    @Option(name: .long, help: ArgumentHelp("Read shaders from this folder before the built-in ones (also GLINT_SHADERS).", valueName: "dir"))
    var shaders: String?

    @Option(name: .long, help: ArgumentHelp("What the voice effects and shaders listen to: mic (the default microphone), playing (what the speakers play), mic:NAME or playing:NAME (see glint audio), through PulseAudio or PipeWire; or a sound file (WAV, FLAC, Ogg), read at the timeline's time.", valueName: "source"))
    var audio: String?

    @Flag(name: .customLong("audio-while-held"), help: "Listen only while the pointer is held (push to talk), through the hold's springs.")
    var audioWhileHeld = false

    /// The sound source `--audio` names, opened; nil without one.
    func makeAudio() throws -> AudioFeed? {
        guard let audio else {
            if audioWhileHeld { throw InputError("--audio-while-held needs --audio: a sound file, mic or playing") }
            return nil
        }
        return try AudioFeed.open(audio, onlyWhileHeld: audioWhileHeld)
    }

    @Option(name: .long, help: ArgumentHelp("The date and local time at time 0 for a Shadertoy, glslViewer or ISF shader's iDate, u_date or DATE (default: now).", valueName: "YYYY-MM-DD[THH:MM:SS]"))
    var date: String?

    /// `--date`, parsed: local time.
    func startDate() throws -> Date? {
        guard let date else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .current
        for format in ["yyyy-MM-dd'T'HH:mm:ss.SSS", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd"] {
            formatter.dateFormat = format
            if let parsed = formatter.date(from: date) { return parsed }
        }
        throw InputError("bad date '\(Console.escaped(date))': expected YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS, in local time")
    }

    @Option(name: [.customShort("I"), .customLong("include-dir")], help: ArgumentHelp("Look in this folder for a file an effect includes (#include \"file\" or #pragma include \"file\") that is not beside the file including it; folders are searched in the order given (repeatable).", valueName: "dir"))
    var includeDirs: [String] = []

    @Option(name: [.customShort("D"), .customLong("define")], help: ArgumentHelp("Compile the effects' shaders with #define NAME VALUE after their #version line; NAME alone defines it as 1, as cc -D does (repeatable).", valueName: "name[=value]"),
            transform: TypedOption.define)
    var defines: [ShaderSources.Define] = []

    @Flag(name: .customLong("no-overlay"), help: "Hide the effect's foreground (label and image).")
    var noOverlay = false

    @Flag(inversion: .prefixedNo, help: "Show the controls panel, a slider per parameter (the window's C key); render and bench draw it into the frame. The window shows it by default only for effects that ask for it.")
    var controls: Bool?

    @Option(name: .long, help: ArgumentHelp("Stop a frame of your own shader that takes longer than this (seconds; 0: never). Default 5 headless, 2 in the window; larger frames than 1920x1080 get proportionally longer.", valueName: "seconds"),
            transform: TypedOption.number("frame timeout", in: 0...86_400, unit: "seconds"))
    var frameTimeout: Double?

    /// The watchdog's limit for a 1920x1080 frame: `--frame-timeout`, or `standard`; nil when off.
    func frameTimeout(standard: Double) -> Double? {
        guard let frameTimeout else { return standard }
        return frameTimeout > 0 ? frameTimeout : nil
    }

    /// The chain's names: `--effect harmonic,wave,blur`.
    var chainNames: [String] {
        effect.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// A `--effect` that names a file (`my.frag`, `shaders/x.frag`) rather than a built-in effect.
    var customFile: String? {
        chainNames.first { Self.isFile($0) && !Self.isToy($0) }
    }

    /// Whether a name in the chain is a file of your own: `my.frag`, `ripple.metal`,
    /// `shaders/x.frag`, a Shadertoy, glslViewer or ISF file (`.glsl`, `.fs`, `.json`), or a folder.
    static func isFile(_ name: String) -> Bool {
        let lower = name.lowercased()
        return [".frag", ".metal", ".glsl", ".fs", ".json"].contains { lower.hasSuffix($0) } || name.contains("/") || isFolder(name)
    }

    private static func isFolder(_ name: String) -> Bool {
        guard let info = RawPath.stat(name) else { return false }
        return info.st_mode & S_IFMT == S_IFDIR
    }

    /// Whether a file of your own is a shader of another tool (Shadertoy, glslViewer, ISF),
    /// run as that tool runs it, rather than a Glint effect file (`EffectFile.toolDialect(of:)`).
    static func isToy(_ path: String) -> Bool {
        EffectFile.toolDialect(of: path) != nil
    }

    /// The effect chain, with its parameters and images applied; every bad name or value is one
    /// clear error. A chain that starts with an effect that changes what is below (wave, blur,
    /// dissolve) is shown over the harmonic glow, or over `image` (`--image`).
    func makeEffects(image: Image? = nil) throws -> [any Effect] {
        let names = chainNames
        if let empty = names.firstIndex(of: "") {
            throw InputError("bad effect chain '\(effect)': effect \(empty + 1) has no name; expected names separated by commas, like harmonic,wave,blur")
        }
        var chain: [any Effect] = []
        for (index, name) in names.enumerated() {
            if Self.isFile(name) {
                let custom = try makeCustom(name)
                guard index == 0 || custom.descriptor.isModifier else {
                    throw InputError("bad effect chain '\(effect)': your own file '\(name)' is a colour effect that draws the content, so it must come first")
                }
                chain.append(custom)
                continue
            }
            guard let type = EffectRegistry.entry(named: name) else {
                let closest = EffectRegistry.names.map { (name: $0, distance: editDistance(name, $0)) }.min { $0.distance < $1.distance }
                let suggestion = closest.flatMap { $0.distance <= 2 ? "did you mean '\($0.name)'? " : nil } ?? ""
                throw InputError("unknown effect '\(name)'\(names.count > 1 ? " in the chain '\(effect)'" : ""); \(suggestion)valid effects: \(EffectRegistry.names.joined(separator: ", "))")
            }
            if index > 0 && !type.descriptor.isModifier {
                throw InputError("bad effect chain '\(effect)': \(name) draws content of its own, so it can only come first; after the first come effects that change what is below (\(EffectRegistry.all.filter { $0.descriptor.isModifier }.map { $0.descriptor.name }.joined(separator: ", ")))")
            }
            chain.append(type.make())
        }
        if let image {
            if effectGiven && !chain[0].descriptor.isModifier {
                throw InputError("\(chain[0].descriptor.name) draws content of its own and would hide the image; with --image use effects that change what is below (\(EffectRegistry.all.filter { $0.descriptor.isModifier }.map { $0.descriptor.name }.joined(separator: ", ")))")
            }
            let content = ImageEffect(image: image)
            chain = effectGiven ? [content] + chain : [content]
        } else if chain[0].descriptor.isModifier {
            chain.insert(HarmonicEffect(), at: 0)
        }
        if !textures.isEmpty && !chain.contains(where: { $0.toolProgram != nil }) {
            throw InputError("--texture is for glslViewer and ISF shaders (--effect file.frag or file.fs); the effects shown take no textures")
        }
        try applyParameters(to: chain)
        return chain
    }

    /// Whether `--effect` was given (with `--image`, no `--effect` shows the image alone).
    var effectGiven: Bool { effectOption != nil }

    /// Your own file (`EffectFile`): a Glint effect file, whose folder is read as the shader
    /// folder, or a shader of another tool, with `-I`, `-D`, `--texture` and `--date`.
    private func makeCustom(_ path: String) throws -> any Effect {
        var options = EffectFile.Options(includePaths: includeDirs, defines: defines)
        let toy = Self.isToy(path)
        if toy {
            if shaders != nil { throw InputError("use either --shaders or a shader file, not both") }
            options.textures = try textureList().map { ToyLoadOptions.Texture(name: $0.name, path: $0.path) }
            options.startDate = try startDate()
        }
        let effect = try EffectFile.load(contentsOf: path, options: options)
        if !toy, shaders != nil {
            // The renderer reads the file through its folder (`makeShaderFolder`), which --shaders would hide.
            throw InputError("use either --shaders or an effect file, not both: the file's folder is read as --shaders")
        }
        return effect
    }

    /// `--param name=value`, or `effect.name=value` in a chain, where a second instance of the same
    /// effect is `effect#2` (`--effect blur,blur --param blur#2.radius=3`); an image parameter takes
    /// a PNG path (`--param dissolve.noise=my.png`). Effects' images not given come from `Assets/`.
    private func applyParameters(to chain: [any Effect]) throws {
        let instances = EffectInstanceNames.names(of: chain)
        var imagesGiven: Set<String> = []
        for text in params {
            let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = String(parts[0])
            var target: Int?
            var name = key
            if let dot = key.firstIndex(of: "."), !key.hasPrefix(".") {
                let instance = String(key[..<dot])
                name = String(key[key.index(after: dot)...])
                target = instances.firstIndex(of: instance)
                if target == nil {
                    throw InputError("bad parameter '\(text)': there is no \(instance) in the effects shown (\(instances.joined(separator: ", ")))")
                }
            } else {
                let having = chain.indices.filter { i in
                    chain[i].descriptor.parameters.contains { $0.name == name } || chain[i].descriptor.images.contains { $0.name == name }
                }
                if having.count > 1 {
                    let named = having.map { instances[$0] }
                    let quantifier = named.count == 2 ? "both" : "all"
                    throw InputError("bad parameter '\(text)': \(named.joined(separator: " and ")) \(quantifier) take '\(name)'; say which, like \(named[named.count - 1]).\(name)=…")
                }
                // A name no effect takes is refused by the effect whose parameters it is closest to
                // (the last, the one asked for, when none is close), naming what that one takes.
                target = having.first ?? chain.indices.min { a, b in
                    func nearest(_ i: Int) -> Int {
                        chain[i].descriptor.parameters.map { editDistance(name, $0.name) }.min() ?? Int.max
                    }
                    return (nearest(a), -a) < (nearest(b), -b)
                }
            }
            guard let index = target else { continue }
            let effect = chain[index]
            if parts.count == 2, effect.descriptor.images.contains(where: { $0.name == name }) {
                effect.setImage(name, to: try Self.loadImage(String(parts[1]), for: "\(instances[index]).\(name)"))
                imagesGiven.insert("\(instances[index]).\(name)")
                continue
            }
            let (parameter, values) = try Parse.parameterValues(parts.count == 2 ? "\(name)=\(parts[1])" : name, for: effect.descriptor)
            for (component, value) in values.enumerated() { effect.setParameter(parameter, component: component, to: value) }
        }
        for (effect, instance) in zip(chain, instances) {
            try Self.loadDefaultImages(effect, except: Set(imagesGiven.compactMap { key in
                key.hasPrefix(instance + ".") ? String(key.dropFirst(instance.count + 1)) : nil
            }))
        }
    }

    /// Gives `effect` its image parameters' default images from the built-in `Assets/`, except
    /// those named in `given` (image parameter names the user set).
    static func loadDefaultImages(_ effect: any Effect, except given: Set<String> = []) throws {
        for image in effect.descriptor.images where !given.contains(image.name) {
            guard let bytes = ShaderSources.asset(named: image.asset) else {
                throw AppError("the image '\(image.asset)' is missing from the built-in Assets/")
            }
            effect.setImage(image.name, to: try PNG.image(from: bytes))
        }
    }

    /// A PNG or JPEG file (told by its content) as an image (premultiplied), or one clear line:
    /// what is wrong with the file (`InputFiles`), or the decoder's own words.
    static func loadImage(_ path: String, for what: String) throws -> Image {
        let subject = "the image '\(path)' for \(what)"
        let bytes = try InputFiles.read(path, as: subject, limit: InputFiles.imageLimit)
        do {
            return try ImageDecoder.image(from: bytes).labelled(what)
        } catch {
            throw InputError("cannot read \(subject): \(error)")
        }
    }

    func makeSources() throws -> ShaderSources {
        var sources = try makeShaderFolder()
        sources.includePaths = try includeDirs.map { dir in
            try Self.folder(dir, what: "include folder", for: "the include folder '\(dir)' (-I)")
        }
        sources.defines = defines
        return sources
    }

    /// Where the shaders are read from: the effect file's folder, `--shaders` or `GLINT_SHADERS`.
    private func makeShaderFolder() throws -> ShaderSources {
        if let path = customFile {
            // The file's folder, read live: the window reloads the file as it changes.
            return ShaderSources(overrideDirectory: try Self.shaderFolder(Console.parentFolder(of: path), for: "the effect file '\(path)'"))
        }
        if let dir = shaders {
            return ShaderSources(overrideDirectory: try Self.folder(dir, what: "shader folder", for: "the shader folder '\(dir)'"))
        }
        // GLINT_SHADERS, as the bytes given.
        return ShaderSources(overrideDirectory: getenv(Self.shadersVariable).map {
            let dir = RawPath.decode(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0)))
            return RawPath.foundationFolder(dir) ?? dir
        })
    }

    /// The folder `dir` a user named (`--shaders`, `-I`) as the renderer can reach it; refused in
    /// one line when it is not there or not a folder.
    private static func folder(_ dir: String, what: String, for subject: String) throws -> String {
        guard let info = RawPath.stat(dir) else { throw InputError("bad \(what) '\(dir)': no such folder") }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw InputError("bad \(what) '\(dir)': it is not a folder") }
        return try shaderFolder(dir, for: subject)
    }

    /// The environment variable that names a shader folder, as --shaders does.
    static let shadersVariable = "GLINT_SHADERS"

    /// A shader folder as the renderer (which reads through Foundation) can reach it.
    private static func shaderFolder(_ dir: String, for subject: String) throws -> String {
        guard let reachable = RawPath.foundationFolder(dir) else {
            throw InputError("cannot read \(subject): \(BoundedFile.describe(errno))")
        }
        return reachable
    }
}

/// The tear over the view (seed 004) and what shows behind it.
struct TearOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Which way a tear runs: any, vertical or horizontal.", valueName: "direction"))
    var cutDirection: String = "any"

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Progress (0…1) past which a released tear breaks the view (default: \(Parse.text(TearOptions.standard.breakThreshold))).", valueName: "fraction"),
            transform: TypedOption.number("break threshold", in: 0...1))
    var breakThreshold: Double = TearOptions.standard.breakThreshold

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The widest opening of a tear, in points (default: \(Parse.text(TearOptions.standard.maxGapWidth))).", valueName: "points"),
            transform: TypedOption.number("max gap", in: 0...2000, unit: "points"))
    var maxGap: Double = TearOptions.standard.maxGapWidth

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("How far the torn fibres reach, in points (default: \(Parse.text(TearOptions.standard.edgeRoughness))).", valueName: "points"),
            transform: TypedOption.number("edge roughness", in: 0...500, unit: "points"))
    var edgeRoughness: Double = TearOptions.standard.edgeRoughness

    /// Mid-grey by default: the effects draw on black, so a tear or a fallen view shows plainly.
    @Option(name: .long, help: ArgumentHelp("The colour behind the view, shown through a tear: #RRGGBB, a CSS colour name (gray, magenta, …), a SwiftUI colour (.indigo) or dark.", valueName: "colour"))
    var backdrop: String = "gray"

    @Flag(name: .customLong("no-tear"), help: "Turn tearing off: every press goes to the effect.")
    var noTear = false

    /// The seed's tear as `TearConfiguration` declares it: the options' defaults are read from it.
    static let standard = TearConfiguration()

    /// The tear over `effects`, configured; nil with --no-tear, and for a Shadertoy, glslViewer
    /// or ISF shader, which gets every press, as in its own tool.
    func makeTear(over effects: [any Effect]) throws -> TearController? {
        if effects.contains(where: { $0.toolProgram != nil }) { return nil }
        var c = TearConfiguration()
        c.cutDirection = try Parse.cutDirection(cutDirection)
        c.breakThreshold = breakThreshold
        c.maxGapWidth = maxGap
        c.edgeRoughness = edgeRoughness
        return noTear ? nil : TearController(configuration: c)
    }

    func backdropColor() throws -> Color {
        try Parse.color(backdrop)
    }
}

struct EffectsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "effects", abstract: "List the effects and their parameters.")

    @Flag(name: .long, help: "Print the list as JSON, for scripts.")
    var json = false

    func run() throws {
        if json {
            print(try EffectsJSON.encode(), terminator: "")
            return
        }
        let width = EffectRegistry.all.flatMap { $0.descriptor.parameters.map(\.name.count) + $0.descriptor.images.map(\.name.count) }.max() ?? 0
        for (index, type) in EffectRegistry.all.enumerated() {
            let d = type.descriptor
            if index > 0 { print() }
            print("\(d.name) (\(type.make().pass.kind.name)\(index < 9 ? ", key \(index + 1)" : "")): \(d.summary)")
            for p in d.parameters {
                let pad = String(repeating: " ", count: width - p.name.count + 2)
                print("    \(p.name)\(pad)\(p.summary); default \(fmt(p.defaultValue)), range \(fmt(p.range.lowerBound))…\(fmt(p.range.upperBound))\(p.isInteger ? ", whole numbers" : "")")
            }
            // Image parameters take a PNG path (--param dissolve.noise=my.png) in place of their built-in picture.
            for image in d.images {
                let pad = String(repeating: " ", count: width - image.name.count + 2)
                print("    \(image.name)\(pad)an image: a PNG path; default the built-in Assets/\(image.asset)")
            }
        }
    }
}

/// Formats a number without a trailing .0.
func fmt(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e12 ? String(Int64(v)) : String(v)
}
