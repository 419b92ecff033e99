import Foundation
import GlintCore
import GlintRender

/// Making an effect from a file of any kind Glint runs, for a package's views and for the `glint`
/// command alike:
///
/// ```swift
/// let effect = try EffectFile.load(contentsOf: "shaders/plasma.glsl")
/// try Window("Plasma") { EffectView(effect) }.run()
/// ```
///
/// The kind is told from the file itself: a GLSL colour effect (`path.frag` defining
/// `vec4 colorEffect(vec2 position, vec4 color)`), a SwiftUI Metal file (`path.metal`: its first
/// `[[ stitchable ]]` function, a colour, layer or distortion effect by its parameters), or a
/// shader of another tool run as that tool runs it: Shadertoy (a file defining `mainImage`, a
/// folder of tabs or a JSON export), glslViewer, ISF (`.fs`).
public enum EffectFile {
    /// What a file is loaded with besides its own text: the command line's `-I`, `-D`, `--texture`
    /// and `--date`, and resting values for the effect's parameters. The defaults load the file alone.
    public struct Options: Sendable {
        /// Where a file's includes are looked for after its own folder (`-I DIR`), in order.
        public var includePaths: [String]
        /// What a tool's passes are compiled with (`-D NAME=VALUE`), after their version line.
        public var defines: [ShaderDefine]
        /// Pictures for a glslViewer or ISF shader (`--texture [NAME=]FILE`), in order; a
        /// Shadertoy shader names its own in `#iChannel0 "file.png"` lines and takes none.
        public var textures: [ToyLoadOptions.Texture]
        /// The date and local time at time 0 for a tool's `iDate`, `u_date` or `DATE`; nil: now.
        public var startDate: Date?
        /// Values for the effect's parameters by name, each within the parameter's range.
        public var parameters: [String: Double]

        public init(includePaths: [String] = [], defines: [ShaderDefine] = [], textures: [ToyLoadOptions.Texture] = [],
                    startDate: Date? = nil, parameters: [String: Double] = [:]) {
            self.includePaths = includePaths
            self.defines = defines
            self.textures = textures
            self.startDate = startDate
            self.parameters = parameters
        }
    }

    /// The largest effect file read: the renderer's cap on any shader source.
    public static let sizeLimit = ShaderFile.maxSourceBytes

    /// The tool a shader at `path` is written for (a folder or `.json` is Shadertoy's; otherwise
    /// told from its text), or nil for a Glint effect file (`.frag`, `.metal`) or an unreadable one.
    public static func toolDialect(of path: String) -> ToyProgram.Dialect? {
        if path.hasSuffix(".metal") { return nil }
        if PathBytes.isFolder(path) || path.lowercased().hasSuffix(".json") { return ToyLoader.dialect(of: path, text: nil) }
        guard let data = try? UserFile.read(path, as: "the effect file '\(path)'", limit: sizeLimit),
              let text = String(validating: data, as: UTF8.self) else { return nil }
        return ToyLoader.dialect(of: path, text: text)
    }

    /// The effect the file at `path` describes (the path as the bytes given, `PathBytes`).
    ///
    /// - Throws: `InputError`, one line naming the file and what is wrong with it (unreadable, no
    ///   effect function, an option that does not fit it), or the renderer's one-line
    ///   `RenderError` for a tool's shader whose files do not load.
    public static func load(contentsOf path: String, options: Options = Options()) throws -> any Effect {
        let effect: any Effect
        if let dialect = toolDialect(of: path) {
            effect = try loadTool(path, dialect: dialect, options: options)
        } else {
            effect = try loadGlint(path)
        }
        try apply(options.parameters, to: effect, from: path)
        return effect
    }

    /// A Shadertoy, glslViewer or ISF shader: its passes compiled when first drawn, its images read now.
    private static func loadTool(_ path: String, dialect: ToyProgram.Dialect, options: Options) throws -> any Effect {
        if dialect == .shadertoy && !options.textures.isEmpty {
            throw InputError("--texture is for glslViewer and ISF shaders; a Shadertoy shader names its images in #iChannel0 \"file.png\" lines")
        }
        let toy = ToyLoadOptions(includePaths: options.includePaths, defines: options.defines, textures: options.textures)
        switch Result(catching: { () throws(RenderError) in try ToyLoader.load(path, dialect: dialect, options: toy) }) {
        case .success(let program): return ToyEffect(program: program, startDate: options.startDate ?? Date())
        case .failure(.arguments(let why)): throw InputError(why)  // what the options gave does not fit the shader
        case .failure(let error): throw error
        }
    }

    /// A Glint effect file: a SwiftUI Metal file's first `[[ stitchable ]]` function, or a GLSL
    /// colour effect (`.frag`), which the renderer finds by its name in its folder.
    private static func loadGlint(_ path: String) throws -> any Effect {
        let data = try UserFile.read(path, as: "the effect file '\(path)'", limit: sizeLimit)
        guard let written = String(validating: data, as: UTF8.self) else {
            throw InputError("cannot read the effect file '\(path)': not UTF-8 text")
        }
        let text = Parse.unixLineEndings(written)
        if path.hasSuffix(".metal") { return try CustomEffect.metal(source: text, path: path) }
        guard text.contains("colorEffect(") else {
            throw InputError("the effect file '\(path)' defines no 'vec4 colorEffect(vec2 position, vec4 color)'; a custom file must be a colour effect")
        }
        guard path.hasSuffix(".frag") else {
            throw InputError("the effect file '\(path)' must end in .frag (or be a SwiftUI .metal file)")
        }
        let name = String(path.split(separator: "/").last ?? Substring(path))
        return try CustomEffect.fragment(function: String(name.dropLast(5)), fileName: name, source: text, path: path)
    }

    /// Sets each named parameter; a name the effect does not take is refused, naming those it does.
    private static func apply(_ parameters: [String: Double], to effect: any Effect, from path: String) throws {
        for (name, value) in parameters.sorted(by: { $0.key < $1.key }) {
            guard let parameter = effect.descriptor.parameters.first(where: { $0.name == name }) else {
                let taken = effect.descriptor.parameters.map(\.name)
                throw InputError("the effect file '\(path)' has no parameter '\(name)'; "
                                 + (taken.isEmpty ? "it takes none" : "it takes \(taken.joined(separator: ", "))"))
            }
            guard parameter.range.contains(value) else {
                throw InputError("bad value \(value) for '\(name)' of '\(path)': expected \(parameter.range.lowerBound)…\(parameter.range.upperBound)")
            }
            effect.setParameter(name, to: value)
        }
    }
}

/// Reading a file a user named, bounded in size, with one line saying what is wrong: what
/// `EffectFile` reads effects through, and the `glint` command its images and event files.
public enum UserFile {
    /// The whole file at `path` (as the bytes given, `PathBytes`), or an `InputError` "cannot read
    /// `subject`: why", where `subject` names it as the user knows it ("the image 'card.png' for --image").
    public static func read(_ path: String, as subject: String, limit: Int) throws(InputError) -> [UInt8] {
        func refuse(_ reason: String) -> InputError {
            InputError("cannot read \(subject): \(reason)")
        }
        guard !path.isEmpty else { throw refuse("the path is empty") }
        switch PathBytes.withCString(path, { BoundedFile.read($0, limit: limit) }) {
        case .success(let bytes): return bytes
        case .failure(.unreachable(let number)), .failure(.cannotOpen(let number)), .failure(.readFailed(let number)):
            throw refuse(reason(number))
        case .failure(.notRegular(let kind)):
            throw refuse(kind == "a folder" ? "it is a folder" : "it is \(kind), not a file")
        case .failure(.tooLarge(let size)):
            let actual = size.map { "it is \(BoundedFile.mebibytes($0)), " } ?? "it is "
            throw refuse("\(actual)larger than the \(BoundedFile.mebibytes(limit)) glint reads")
        }
    }

    /// Why a path could not be looked at or opened, in a user's words.
    private static func reason(_ number: Int32) -> String {
        switch number {
        case ENOENT: return "no such file"
        case ENOTDIR: return "a part of the path is not a folder"
        case EACCES, EPERM: return "not readable (permission denied)"
        case ENXIO: return "it is a socket or a device with nothing behind it, not a file"
        default: return BoundedFile.describe(number)
        }
    }
}
