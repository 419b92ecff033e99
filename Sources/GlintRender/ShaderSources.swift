import Foundation
import Glibc
import GlintCore

/// Where shader sources and assets come from: built into the binary from the top-level `Shaders/`
/// and `Assets/` folders, or, for shader work, read live from a folder given with `--shaders`
/// or `GLINT_SHADERS` (any file found there wins over the built-in one).
public struct ShaderSources: Sendable {
    /// A folder read before the built-in shaders, if any.
    public var overrideDirectory: String?

    public init(overrideDirectory: String? = ProcessInfo.processInfo.environment["GLINT_SHADERS"]) {
        self.overrideDirectory = overrideDirectory
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

    /// When the file at `path` last changed, or nil if it cannot be read.
    static func modificationDate(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
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
        guard stat(library, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return [library] }
        let all = definers(of: function, in: library)
        for ext in [".frag", ".glsl", ".metal"] {
            let path = join(library, function + ext)
            if exists(path) { return [path] + all.filter { $0 != path } }
        }
        return all
    }

    /// The shader files (`.metal`, `.glsl`, `.frag`) under the folder `library`, subfolders too,
    /// sorted, that define `function`: as SwiftUI's library holds every function of the app's
    /// shaders, whatever file defines it.
    static func definers(of function: String, in library: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: library) else { return [] }
        var found: [String] = []
        var seen = 0
        while let relative = walker.nextObject() as? String, seen < maxLibraryFiles {
            guard relative.hasSuffix(".metal") || relative.hasSuffix(".glsl") || relative.hasSuffix(".frag") else { continue }
            seen += 1
            let path = join(library, relative)
            guard let text = try? read(path), defines(function, in: text) else { continue }
            found.append(path)
        }
        return found.sorted()
    }

    /// The most shader files a folder library's search reads.
    static let maxLibraryFiles = 1000

    /// Whether `text` (GLSL or Metal) defines a function `name` returning a vector or scalar:
    /// `vec4 name(`, `half4 name(`, `float2 name(`.
    static func defines(_ name: String, in text: String) -> Bool {
        guard text.contains(name) else { return false }
        let types: Set<String> = ["vec4", "vec3", "vec2", "float", "half", "half4", "half3", "half2", "float4", "float3", "float2"]
        func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
        for line in text.split(separator: "\n") where line.contains(name) {
            let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
            var search = code.startIndex
            while let found = code.range(of: name, range: search..<code.endIndex) {
                search = found.upperBound
                // A whole word, followed by "(".
                if found.lowerBound > code.startIndex, isWord(code[code.index(before: found.lowerBound)]) { continue }
                let after = code[found.upperBound...].drop { $0 == " " || $0 == "\t" }
                guard after.first == "(" else { continue }
                // Preceded by a return type.
                let before = code[..<found.lowerBound].reversed().drop { $0 == " " || $0 == "\t" }
                let type = String(before.prefix(while: isWord).reversed())
                if types.contains(type) { return true }
            }
        }
        return false
    }

    /// The text of the file of a user's shader library that defines `function`, as GLSL: a Metal
    /// file translated, and the files it includes (`#include "common.glsl"`, relative to the file
    /// including it) spliced in, each under a `#line` directive with a source-string number of its
    /// own; `includes` names the files by those numbers, for the driver's messages.
    public static func librarySource(_ function: String, in library: String) throws(RenderError) -> (text: String, path: String, includes: [Int: String]) {
        let files = libraryFiles(function, in: library)
        guard let path = files.first else {
            throw .missingShader(name: function + ".frag", searched: library)
        }
        if files.count > 1 {
            // A folder's functions are found whatever file defines them: two files defining one is an error naming both.
            throw .arguments("the shader library \(library) defines '\(function)' in both \(min(path, files[1])) and \(max(path, files[1])): rename one")
        }
        var expander = IncludeExpander()
        let text = try expander.expand(path, stringNumber: EffectSource.effectString, depth: 0)
        let withHelpers = expander.helpers.isEmpty ? text : MetalTranslator.insertHelpers(expander.helpers, into: text)
        return (withHelpers, path, expander.files)
    }

    /// Splices the files a shader includes into it (see `librarySource`).
    struct IncludeExpander {
        /// The included files by their source-string numbers.
        var files: [Int: String] = [:]
        /// The helpers the Metal files translated call.
        var helpers: Set<String> = []
        /// Files that say `#pragma once`, and the files spliced in so far.
        private var once: Set<String> = []
        private var included: Set<String> = []
        private var nextNumber = IncludeExpander.firstNumber
        /// Folders searched for an included file after the including file's own (`-I DIR`).
        var searchPaths: [String] = []

        /// A source-string number of its own for a file spliced in by the caller (Shadertoy's
        /// Common tab), numbered as includes are.
        mutating func reserveNumber(for path: String) -> Int {
            let number = nextNumber
            nextNumber += 1
            files[number] = path
            return number
        }
        /// How deep includes may nest (a file including itself is stopped here).
        static let maxDepth = 16
        /// Reads the file at a path, nil when there is none: the disk, or for `Shaders/…` the
        /// files built into the binary.
        var reader: (String) throws(RenderError) -> String? = { path throws(RenderError) in try ShaderSources.read(path) }

        /// An included file's lines are numbered from `lineBase(number)` + 1: Mesa names some
        /// errors' source string 0 whatever `#line` set, but keeps the line, so the line alone
        /// says which file (`Program` reads it back with `included(line:)`).
        static func lineBase(_ number: Int) -> Int { number >= firstNumber ? number * linesPerFile : 0 }
        static let firstNumber = 10
        static let linesPerFile = 1_000_000

        /// The included file's number and its own line, for a line numbered by `lineBase`.
        static func included(line: Int) -> (number: Int, line: Int)? {
            line > firstNumber * linesPerFile ? (line / linesPerFile, line % linesPerFile) : nil
        }

        /// The GLSL of the file at `path`: translated if it is Metal, its includes spliced in.
        mutating func expand(_ path: String, stringNumber: Int, depth: Int) throws(RenderError) -> String {
            guard var text = try reader(path) else {
                throw .shader(file: path, line: nil, stage: "read", log: "the file went away while it was being read")
            }
            if MetalTranslator.isMetal(path) {
                // SwiftUI's Metal, translated line for line: messages keep the Metal file's lines.
                do throws(MetalTranslator.Failure) {
                    text = try MetalTranslator.translate(text, helpers: &helpers)
                } catch {
                    throw .shader(file: path, line: error.line, stage: "Metal", log: "column \(error.column): \(error.message)")
                }
            }
            included.insert(path)
            guard text.contains("#include") || text.contains("#pragma") else { return text }
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for index in lines.indices {
                let line = lines[index].trimmingCharacters(in: .whitespaces)
                if line == "#pragma once" {
                    once.insert(path)
                    lines[index] = ""
                    continue
                }
                guard line.hasPrefix("#include") else { continue }
                let rest = line.dropFirst("#include".count).trimmingCharacters(in: .whitespaces)
                guard rest.hasPrefix("\""), rest.dropFirst().contains("\""), let name = rest.dropFirst().split(separator: "\"").first else {
                    throw .shader(file: path, line: index + 1, stage: "include", log: "#include takes a file in quotes, relative to this one: #include \"common.glsl\"")
                }
                let target = name.hasPrefix("/") ? String(name) : (path as NSString).deletingLastPathComponent.isEmpty
                    ? String(name) : ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(String(name))
                if once.contains(target) {
                    lines[index] = ""
                    continue
                }
                guard depth < Self.maxDepth else {
                    throw .shader(file: path, line: index + 1, stage: "include", log: "includes nest deeper than \(Self.maxDepth) files: does '\(name)' include itself? Guard it with #pragma once")
                }
                guard ShaderSources.exists(target) || ShaderSources.isBuiltIn(target) else {
                    throw .shader(file: path, line: index + 1, stage: "include", log: "no file '\(name)' beside this one (looked for \(target))")
                }
                let number = nextNumber
                nextNumber += 1
                files[number] = target
                let spliced = try expand(target, stringNumber: number, depth: depth + 1)
                lines[index] = "#line \(Self.lineBase(number) + 1) \(number)\n" + spliced + "\n#line \(Self.lineBase(stringNumber) + index + 2) \(stringNumber)"
            }
            return lines.joined(separator: "\n")
        }
    }

    /// How messages name the folder of the shaders built into the binary.
    static let builtInFolder = "Shaders/"

    /// The source of the function `function` of Glint's own library, as GLSL: `<function>.frag`,
    /// or `<function>.metal` translated with what it includes; the override folder's file first.
    public func builtInSource(_ function: String) throws(RenderError) -> (text: String, path: String, includes: [Int: String]) {
        let metal = function + ".metal"
        let hasMetal = (overrideDirectory.map { Self.exists(Self.join($0, metal)) } ?? false) || EmbeddedFiles.shaders[metal] != nil
        let hasFrag = (overrideDirectory.map { Self.exists(Self.join($0, function + ".frag")) } ?? false) || EmbeddedFiles.shaders[function + ".frag"] != nil
        guard hasMetal && !hasFrag else {
            let file = try source(named: function + ".frag")
            return (file.text, file.path, [:])
        }
        let path = overrideDirectory.map { Self.join($0, metal) }.flatMap { Self.exists($0) ? $0 : nil } ?? Self.builtInFolder + metal
        var expander = IncludeExpander()
        // The override folder's files, then the built-in ones (an override file may include a
        // built-in one); `Shaders/…` is read from the disk only when it is the override folder.
        let overrideFolder = overrideDirectory.map { Self.join($0, "") }
        expander.reader = { path throws(RenderError) in
            if !path.hasPrefix(Self.builtInFolder) || overrideFolder.map({ path.hasPrefix($0) }) == true, let text = try Self.read(path) {
                return text
            }
            return path.hasPrefix(Self.builtInFolder) ? EmbeddedFiles.shaders[String(path.dropFirst(Self.builtInFolder.count))] : nil
        }
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
        liveFile(named: function + ".frag") ?? liveFile(named: function + ".metal")
    }

    // MARK: - Reading a user's file

    /// The largest shader source read from disk, in bytes (1 MiB): Glint's own files are a few KiB,
    /// and a driver's compiler can spend minutes on megabytes of GLSL, with nothing to stop it.
    public static let maxSourceBytes = 1 << 20

    /// Whether anything (a file, a folder, a link, even a broken one) is at `path`.
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// The text of the shader file at `path`, or nil when nothing is there (the caller falls back
    /// to the built-in file). Refused with one line naming it: anything there that is not a
    /// regular, readable file of UTF-8 text of at most `maxSourceBytes`. It never blocks on a
    /// FIFO (it is recognised before opening, and opened without blocking in case it was swapped
    /// in since) and never reads a device.
    public static func read(_ path: String) throws(RenderError) -> String? {
        func refuse(_ why: String) -> RenderError { .shader(file: path, line: nil, stage: "read", log: why) }
        var link = stat()
        guard lstat(path, &link) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return nil }
            throw refuse("cannot look at it: \(BoundedFile.describe(code))")
        }
        switch path.withCString({ BoundedFile.read($0, limit: maxSourceBytes) }) {
        case .success(let bytes):
            guard let text = String(validating: bytes, as: UTF8.self) else { throw refuse("not UTF-8 text") }
            return text
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
