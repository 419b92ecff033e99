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
            if let text = try ShaderFile.read(path) { return (text, path) }
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
        return ShaderFile.exists(path) ? path : nil
    }

    /// `file` in `dir`, named as the user would: `my.frag` rather than `./my.frag`.
    private static func join(_ dir: String, _ file: String) -> String {
        if dir == "." { return file }
        return dir.hasSuffix("/") ? dir + file : dir + "/" + file
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
        guard ShaderFile.exists(library) else { return [] }
        var status = stat()
        guard PathBytes.withCString(library, { stat($0, &status) }) == 0, status.st_mode & S_IFMT == S_IFDIR else { return [library] }
        let all = definers(of: function, in: library)
        for ext in [".frag", ".glsl", ".metal"] {
            let path = join(library, function + ext)
            if ShaderFile.exists(path) { return [path] + all.filter { $0 != path } }
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
        var expander = IncludeExpander(reader: reader, searchPaths: includePaths)
        let text = try expander.expand(path, stringNumber: EffectSource.effectString, depth: 0)
        let withHelpers = expander.helpers.isEmpty ? text : MetalTranslator.insertHelpers(expander.helpers, into: text)
        return (withHelpers, path, expander.files)
    }

    /// The disk, where an included `Shaders/…` file built into the binary counts as there.
    static let reader = SourceReader(read: { path throws(RenderError) in try ShaderFile.read(path) },
                                     exists: { ShaderFile.exists($0) || isBuiltIn($0) }, identity: { ShaderFile.identity($0) })

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
        // The override folder's files, then the built-in ones (an override file may include a
        // built-in one); `Shaders/…` is read from the disk only when it is the override folder.
        let overrideFolder = overrideDirectory.map { Self.join($0, "") }
        var reader = Self.reader
        reader.read = { path throws(RenderError) in
            if !path.hasPrefix(Self.builtInFolder) || overrideFolder.map({ path.hasPrefix($0) }) == true, let text = try ShaderFile.read(path) {
                return text
            }
            return path.hasPrefix(Self.builtInFolder) ? EmbeddedFiles.shaders[String(path.dropFirst(Self.builtInFolder.count))] : nil
        }
        var expander = IncludeExpander(reader: reader, searchPaths: includePaths)
        guard hasMetal && !hasFrag else {
            var file: (text: String, path: String)
            if let overriding {
                guard let text = try ShaderFile.read(overriding) else {
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

    /// The file names in `Assets/` built into this binary, sorted.
    public static var assetNames: [String] { EmbeddedFiles.assetsBase64.keys.sorted() }

    /// The bytes of a file in `Assets/`.
    public static func asset(named file: String) -> [UInt8]? {
        guard let b64 = EmbeddedFiles.assetsBase64[file], let data = Data(base64Encoded: b64) else { return nil }
        return [UInt8](data)
    }
}
