import Foundation
import Glibc
import GlintCore

/// Where shader sources and assets come from: built into the binary from the top-level `Shaders/`
/// and `Assets/` folders, or, for shader work, read live from a folder given with `--shaders`
/// or `GLINT_SHADERS` (any file found there wins over the built-in one).
public struct ShaderSources: Sendable {
    /// A folder read before the built-in shaders, if any.
    public var overrideDirectory: String?

    /// Folders searched in order for a file an effect includes (`#include "common.glsl"`) that is
    /// not beside the file including it: the command line's `-I DIR`.
    public var includePaths: [String]

    /// Macros every effect's shader is compiled with, defined after its `#version` line: the
    /// command line's `-D NAME[=VALUE]`.
    public var defines: [Define]

    public init(overrideDirectory: String? = ProcessInfo.processInfo.environment["GLINT_SHADERS"],
                includePaths: [String] = [], defines: [Define] = []) {
        self.overrideDirectory = overrideDirectory
        self.includePaths = includePaths
        self.defines = defines
    }

    /// A macro the effects' shaders are compiled with, as a C compiler's `-D` defines one
    /// (`ShaderDefine`, in GlintCore: pure text).
    public typealias Define = ShaderDefine

    /// `text` with `defines` defined after its `#version` line (`ShaderDefine.inject`).
    public static func injectDefines(_ defines: [Define], into text: String) -> String {
        ShaderDefine.inject(defines, into: text)
    }

    /// The shader file names built into this binary.
    public static var builtInNames: [String] { EmbeddedFiles.shaders.keys.sorted() }

    /// The text of a shader file and the path to name in messages. A file in the override folder
    /// wins; when there is none there, the built-in one is used. One that is there but cannot be
    /// read as a shader source (a FIFO, a folder, a symbolic link loop, a device, an unreadable or
    /// oversized file) is refused, naming it: never silently replaced by the built-in one.
    public func source(named file: String) throws(RenderError) -> (text: String, path: String) {
        if let dir = overrideDirectory {
            let path = Self.join(dir, file)
            if let text = try Self.read(path) { return (text, path) }
        }
        if let text = EmbeddedFiles.shaders[file] { return (text, "Shaders/\(file)") }
        let searched = (overrideDirectory.map { "\($0) and " } ?? "") + "the built-in Shaders/"
        throw .missingShader(name: file, searched: searched)
    }

    /// The path of `file` in the override folder, if there is anything of that name there: a file
    /// that can change while glint runs (what is not a regular file is refused when read).
    public func liveFile(named file: String) -> String? {
        guard let dir = overrideDirectory else { return nil }
        let path = Self.join(dir, file)
        return Self.exists(path) ? path : nil
    }

    /// `file` in `dir`, named as the user would: `my.frag` rather than `./my.frag`.
    private static func join(_ dir: String, _ file: String) -> String {
        if dir == "." { return file }
        return dir.hasSuffix("/") ? dir + file : dir + "/" + file
    }

    /// When the file at `path` (links followed) last changed, or nil if it cannot be read.
    static func modificationDate(_ path: String) -> Date? {
        var status = stat()
        guard PathBytes.withCString(path, { stat($0, &status) }) == 0 else { return nil }
        return Date(timeIntervalSince1970: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9)
    }

    /// The file of a user's shader library (`ShaderLibrary(url:)`) that defines `function`: the
    /// library itself when it is not a folder, `<function>.frag` (or `.glsl`) in it when it is;
    /// nil when there is none. Anything of that name counts: reading it refuses what is not a
    /// regular file.
    public static func libraryFile(_ function: String, in library: String) -> String? {
        libraryFiles(function, in: library).first
    }

    /// The files of `library` that define `function`, the one it is read from first: the library
    /// itself when it is a file; in a folder, `<function>.frag`, `.glsl` or `.metal` if there is
    /// one, then every other shader file that defines it (`definers`). More than one is a clash.
    static func libraryFiles(_ function: String, in library: String) -> [String] {
        guard exists(library) else { return [] }
        var status = stat()
        guard PathBytes.withCString(library, { stat($0, &status) }) == 0, status.st_mode & S_IFMT == S_IFDIR else { return [library] }
        let all = definers(of: function, in: library)
        for ext in [".frag", ".glsl", ".metal"] {
            let path = join(library, function + ext)
            if exists(path) { return [path] + all.filter { $0 != path } }
        }
        return all
    }

    /// The text of the file of a user's shader library that defines `function`, as GLSL: a Metal
    /// file translated, and the files it includes (`#include "common.glsl"`, beside the file
    /// including it or in `includePaths`) spliced in, each under a `#line` directive with a
    /// source-string number of its own; `includes` names the files by those numbers, for the
    /// driver's messages.
    public static func librarySource(_ function: String, in library: String, includePaths: [String] = []) throws(RenderError) -> (text: String, path: String, includes: [Int: String]) {
        let files = libraryFiles(function, in: library)
        guard let path = files.first else {
            throw .missingShader(name: function + ".frag", searched: library)
        }
        if files.count > 1 {
            // A folder's functions are found whatever file defines them: two files defining one is an error naming both.
            throw .arguments("the shader library \(library) defines '\(function)' in both \(min(path, files[1])) and \(max(path, files[1])): rename one")
        }
        var expander = IncludeExpander()
        expander.searchPaths = includePaths
        let text = try expander.expand(path, stringNumber: EffectSource.effectString, depth: 0)
        let withHelpers = expander.helpers.isEmpty ? text : MetalTranslator.insertHelpers(expander.helpers, into: text)
        return (withHelpers, path, expander.files)
    }

    /// How messages name the folder of the shaders built into the binary.
    static let builtInFolder = "Shaders/"

    /// The source of the function `function` of Glint's own library, as GLSL: `<function>.frag`,
    /// or `<function>.metal` translated with what it includes; first the override folder's file
    /// that defines it (`overrideFile(defining:)`: its `<function>.frag` or `.metal`, or any of its
    /// shader files, as a folder library finds it).
    public func builtInSource(_ function: String) throws(RenderError) -> (text: String, path: String, includes: [Int: String]) {
        let metal = function + ".metal"
        let overriding = try overrideFile(defining: function)
        let hasMetal = overriding?.hasSuffix(".metal") ?? (EmbeddedFiles.shaders[metal] != nil)
        let hasFrag = overriding.map { !$0.hasSuffix(".metal") } ?? (EmbeddedFiles.shaders[function + ".frag"] != nil)
        var expander = IncludeExpander()
        expander.searchPaths = includePaths
        // The override folder's files, then the built-in ones (an override file may include a
        // built-in one); `Shaders/…` is read from the disk only when it is the override folder.
        let overrideFolder = overrideDirectory.map { Self.join($0, "") }
        expander.reader = { path throws(RenderError) in
            if !path.hasPrefix(Self.builtInFolder) || overrideFolder.map({ path.hasPrefix($0) }) == true, let text = try Self.read(path) {
                return text
            }
            return path.hasPrefix(Self.builtInFolder) ? EmbeddedFiles.shaders[String(path.dropFirst(Self.builtInFolder.count))] : nil
        }
        guard hasMetal && !hasFrag else {
            var file: (text: String, path: String)
            if let overriding {
                guard let text = try Self.read(overriding) else {
                    throw .shader(file: overriding, line: nil, stage: "read", log: "the file went away while it was being read")
                }
                file = (text, overriding)
            } else {
                file = try source(named: function + ".frag")
            }
            let text = try expander.expand(text: file.text, path: file.path, stringNumber: EffectSource.effectString, depth: 0)
            return (text, file.path, expander.files)
        }
        let path = overriding ?? Self.builtInFolder + metal
        let text = try expander.expand(path, stringNumber: EffectSource.effectString, depth: 0)
        let withHelpers = expander.helpers.isEmpty ? text : MetalTranslator.insertHelpers(expander.helpers, into: text)
        return (withHelpers, path, expander.files)
    }

    /// Whether `path` names a file built into the binary (`Shaders/name`).
    static func isBuiltIn(_ path: String) -> Bool {
        path.hasPrefix(builtInFolder) && EmbeddedFiles.shaders[String(path.dropFirst(builtInFolder.count))] != nil
    }

    /// The file of Glint's own library that defines `function`, when the override folder holds it.
    public func liveBuiltInFile(_ function: String) -> String? {
        (try? overrideFile(defining: function)) ?? nil
    }

    // MARK: - Reading a user's file

    /// The largest shader source read from disk, in bytes (1 MiB): Glint's own files are a few KiB,
    /// and a driver's compiler can spend minutes on megabytes of GLSL, with nothing to stop it.
    public static let maxSourceBytes = 1 << 20

    /// Whether anything (a file, a folder, a link, even a broken one) is at `path`.
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return PathBytes.withCString(path) { lstat($0, &status) } == 0
    }

    /// The text of the shader file at `path`, or nil when nothing is there (the caller falls back
    /// to the built-in file). Refused with one line naming it: anything there that is not a
    /// regular, readable file of UTF-8 text of at most `maxSourceBytes`. Its lines come back
    /// ending in LF however they ended (`Parse.unixLineEndings`). It never blocks on a
    /// FIFO (it is recognised before opening, and opened without blocking in case it was swapped
    /// in since) and never reads a device.
    public static func read(_ path: String) throws(RenderError) -> String? {
        func refuse(_ why: String) -> RenderError { .shader(file: path, line: nil, stage: "read", log: why) }
        var link = stat()
        guard PathBytes.withCString(path, { lstat($0, &link) }) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return nil }
            throw refuse("cannot look at it: \(BoundedFile.describe(code))")
        }
        switch PathBytes.withCString(path, { BoundedFile.read($0, limit: maxSourceBytes) }) {
        case .success(let bytes):
            guard let text = String(validating: bytes, as: UTF8.self) else { throw refuse("not UTF-8 text") }
            return Parse.unixLineEndings(text)
        case .failure(.unreachable(ELOOP)):
            throw refuse("it is a symbolic link loop, not a file")
        case .failure(.unreachable(ENOENT)):
            throw refuse("it is a symbolic link to nothing ('\(linkTarget(path))' does not exist)")
        case .failure(.unreachable(let code)):
            throw refuse("cannot follow it: \(BoundedFile.describe(code))")
        case .failure(.cannotOpen(EACCES)):
            throw refuse("it cannot be read (permission denied)")
        case .failure(.cannotOpen(let code)):
            throw refuse("cannot open it: \(BoundedFile.describe(code))")
        case .failure(.readFailed(let code)):
            throw refuse("cannot read it: \(BoundedFile.describe(code))")
        case .failure(.notRegular(let kind)):
            throw refuse("it is \(kind), not a regular file")
        case .failure(.tooLarge(let size)):
            let actual = size.map { "it is \(BoundedFile.mebibytes($0)) (\($0) bytes), over" } ?? "it grew while being read to over"
            throw refuse("\(actual) the \(BoundedFile.mebibytes(maxSourceBytes)) a shader source may have")
        }
    }

    /// Where the symbolic link at `path` points, for messages.
    private static func linkTarget(_ path: String) -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "its target"
    }

    /// The file names in `Assets/` built into this binary, sorted.
    public static var assetNames: [String] { EmbeddedFiles.assetsBase64.keys.sorted() }

    /// The bytes of a file in `Assets/`.
    public static func asset(named file: String) -> [UInt8]? {
        guard let b64 = EmbeddedFiles.assetsBase64[file], let data = Data(base64Encoded: b64) else { return nil }
        return [UInt8](data)
    }
}

/// Turns an effect file (a SwiftUI-style function, no `#version`, no `main`) into a full fragment
/// shader: the version line, the pipeline's prelude (`Shaders/glint.glsl`), the file, and a `main`
/// for its kind. `#line` directives keep the driver's line numbers those of each file.
enum EffectSource {
    /// Source-string numbers used in `#line` so driver messages can be traced back to a file.
    static let preludeString = 1
    static let effectString = 2
    static let mainString = 3

    static func assemble(effect: String, prelude: String, kind: ShaderEffect.Kind) -> String {
        let main: String
        switch kind {
        case .color:
            main = """
            void main() {
                vec2 position = glint_position();
                vec4 color = glint_hasLayer != 0 ? glint_layerColor() : glint_baseColor;
                glint_fragColor = colorEffect(position, color);
            }
            """
        case .layer:
            main = """
            void main() {
                glint_fragColor = layerEffect(glint_position());
            }
            """
        case .distortion:
            main = """
            void main() {
                glint_fragColor = layerSample(distortionEffect(glint_position()));
            }
            """
        case .fill:
            main = """
            void main() {
                glint_fragColor = fillEffect(glint_position());
            }
            """
        }
        return "#version 330 core\n#line 1 \(preludeString)\n\(prelude)\n#line 1 \(effectString)\n\(effect)\n#line 1 \(mainString)\n\(main)\n"
    }

    /// The whole fragment shader with a given `main` (generated for positional arguments).
    static func assemble(effect: String, prelude: String, main: String) -> String {
        "#version 330 core\n#line 1 \(preludeString)\n\(prelude)\n#line 1 \(effectString)\n\(effect)\n#line 1 \(mainString)\n\(main)\n"
    }

    /// Finds the kind of effect a file defines from the function it declares.
    static func kind(of source: String) -> ShaderEffect.Kind? {
        if source.contains("layerEffect(") { return .layer(maxSampleOffset: .zero) }
        if source.contains("distortionEffect(") { return .distortion(maxSampleOffset: .zero) }
        if source.contains("colorEffect(") { return .color }
        return nil
    }
}

extension ShaderDefine {
    /// `NAME` or `NAME=VALUE`, as `-D` takes it; refused with one line saying why for a name
    /// that is not a GLSL identifier (or one GLSL reserves) and a value of several lines.
    public init(parsing text: String) throws(RenderError) {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        self.init(String(parts[0]), parts.count > 1 ? String(parts[1]) : nil)
        if let problem { throw .arguments("bad define '\(text)': \(problem)") }
    }
}
