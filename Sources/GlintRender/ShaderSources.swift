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

    /// A macro the effects' shaders are compiled with, as a C compiler's `-D` defines one.
    public struct Define: Sendable, Equatable, CustomStringConvertible {
        /// The macro's name: a GLSL identifier.
        public var name: String
        /// The macro's text; nil defines it as 1, as `cc -D NAME` does, so `#if NAME` and
        /// `#ifdef NAME` both hold.
        public var value: String?

        public init(_ name: String, _ value: String? = nil) {
            self.name = name
            self.value = value
        }

        /// `NAME` or `NAME=VALUE`, as `-D` takes it; refused with one line saying why for a name
        /// that is not a GLSL identifier (or one GLSL reserves) and a value of several lines.
        public init(parsing text: String) throws(RenderError) {
            let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            self.init(String(parts[0]), parts.count > 1 ? String(parts[1]) : nil)
            if let problem { throw .arguments("bad define '\(text)': \(problem)") }
        }

        /// What is wrong with this define, or nil when the GLSL preprocessor takes it.
        public var problem: String? {
            let isIdentifier = name.first.map { $0.isASCII && ($0.isLetter || $0 == "_") } == true
                && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            guard isIdentifier else {
                return "'\(name)' is not a GLSL identifier (letters, digits and _, not starting with a digit), like -D QUALITY=2"
            }
            if name.hasPrefix("GL_") || name.contains("__") {
                return "GLSL reserves names starting with GL_ and names containing __ for itself"
            }
            if let value, value.contains(where: \.isNewline) || value.hasSuffix("\\") {
                return "the value spans lines (a new line, or a \\ at its end); a define's value is one line"
            }
            return nil
        }

        /// The line that defines it: `#define NAME VALUE`.
        public var description: String { "#define \(name) \(value ?? "1")" }
    }

    /// `text` with `defines` defined after its `#version` line, or at its top when it has none,
    /// followed by a `#line` directive: every line of `text` keeps its number (and source string)
    /// in the driver's messages.
    public static func injectDefines(_ defines: [Define], into text: String) -> String {
        guard !defines.isEmpty else { return text }
        let block = defines.map(\.description).joined(separator: "\n")
        var lineStart = text.startIndex
        var number = 1
        while lineStart < text.endIndex {
            let lineEnd = text[lineStart...].firstIndex(of: "\n") ?? text.endIndex
            let line = text[lineStart..<lineEnd].drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("#"), line.dropFirst().drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("version") {
                // The version line must come first: the defines go after it.
                guard lineEnd < text.endIndex else { return text + "\n" + block + "\n" }
                let next = text.index(after: lineEnd)
                return String(text[..<next]) + block + "\n#line \(number + 1)\n" + String(text[next...])
            }
            guard lineEnd < text.endIndex else { break }
            lineStart = text.index(after: lineEnd)
            number += 1
        }
        return block + "\n#line 1\n" + text
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

    /// Splices the files a shader includes into it (see `librarySource`): `#include "file"` or
    /// `#pragma include "file"`, found beside the file including it, then in `searchPaths` in
    /// order. A file that says `#pragma once` is spliced in once; a file including itself, however
    /// indirectly, is refused naming the chain. The files loaders of other formats read expand
    /// the same way:
    ///
    ///     var expander = IncludeExpander()
    ///     expander.searchPaths = sources.includePaths
    ///     let text = try expander.expand(path, stringNumber: EffectSource.effectString, depth: 0)
    ///     // expander.files: the included files by source-string number, for `Program`'s messages
    struct IncludeExpander {
        /// The included files by their source-string numbers.
        var files: [Int: String] = [:]
        /// The helpers the Metal files translated call.
        var helpers: Set<String> = []
        /// Folders searched in order for an included file not beside the file including it (`-I`).
        var searchPaths: [String] = []
        /// Files that say `#pragma once`, by `identity`.
        private var once: Set<String> = []
        /// The files being expanded, outermost first, to name a cycle.
        private var chain: [(path: String, identity: String)] = []
        private var nextNumber = IncludeExpander.firstNumber
        /// A source-string number of its own for a file spliced in by the caller (Shadertoy's
        /// Common tab), numbered as includes are.
        mutating func reserveNumber(for path: String) -> Int {
            let number = nextNumber
            nextNumber += 1
            files[number] = path
            return number
        }
        /// How deep includes may nest.
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

        /// What a line of a shader asks of the expander.
        enum Directive: Equatable {
            /// `#include "name"` or `#pragma include "name"`.
            case include(String)
            /// `#include` or `#pragma include` without a file in quotes.
            case malformed
            /// `#pragma once`.
            case once
        }

        /// The directive on `line`, nil for any other line. `#` may be followed by spaces, as
        /// the C preprocessor allows.
        static func directive(_ line: Substring) -> Directive? {
            func words(_ text: Substring) -> Substring { text.drop { $0 == " " || $0 == "\t" } }
            let trimmed = words(line)
            guard trimmed.hasPrefix("#") else { return nil }
            var rest = words(trimmed.dropFirst())
            if rest.hasPrefix("pragma") {
                rest = words(rest.dropFirst("pragma".count))
                if rest.hasPrefix("once") {
                    let after = words(rest.dropFirst("once".count))
                    if after.allSatisfy(\.isWhitespace) || after.hasPrefix("//") { return .once }
                }
                guard rest.hasPrefix("include") else { return nil }
            } else if !rest.hasPrefix("include") {
                return nil
            }
            rest = words(rest.dropFirst("include".count))
            guard rest.first == "\"", let close = rest.dropFirst().firstIndex(of: "\""), close > rest.index(after: rest.startIndex) else {
                return .malformed
            }
            return .include(String(rest[rest.index(after: rest.startIndex)..<close]))
        }

        /// One file however it is named (`common.glsl`, `./common.glsl`, through a link): its
        /// real path when it is on the disk.
        static func identity(_ path: String) -> String {
            guard let real = realpath(path, nil) else { return path }
            defer { free(real) }
            return String(cString: real)
        }

        /// Where the file `name`, included by the file at `path`, may be, in the order searched.
        func candidates(_ name: String, includedBy path: String) -> [String] {
            if name.hasPrefix("/") { return [name] }
            let folder = (path as NSString).deletingLastPathComponent
            let beside = folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
            return [beside] + searchPaths.map { $0 == "." ? name : ($0 as NSString).appendingPathComponent(name) }
        }

        /// The GLSL of the file at `path`: translated if it is Metal, its includes spliced in.
        mutating func expand(_ path: String, stringNumber: Int, depth: Int) throws(RenderError) -> String {
            guard let text = try reader(path) else {
                throw .shader(file: path, line: nil, stage: "read", log: "the file went away while it was being read")
            }
            return try expand(text: text, path: path, stringNumber: stringNumber, depth: depth)
        }

        /// `text`, the file at `path`, as GLSL: translated if it is Metal, its includes spliced in.
        mutating func expand(text source: String, path: String, stringNumber: Int, depth: Int) throws(RenderError) -> String {
            var text = source
            if MetalTranslator.isMetal(path) {
                // SwiftUI's Metal, translated line for line: messages keep the Metal file's lines.
                do throws(MetalTranslator.Failure) {
                    text = try MetalTranslator.translate(text, helpers: &helpers)
                } catch {
                    throw .shader(file: path, line: error.line, stage: "Metal", log: "column \(error.column): \(error.message)")
                }
            }
            guard text.contains("#") && (text.contains("include") || text.contains("once")) else { return text }
            let identity = Self.identity(path)
            chain.append((path, identity))
            defer { chain.removeLast() }
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for index in lines.indices {
                guard let directive = Self.directive(lines[index][...]) else { continue }
                func refuse(_ why: String) -> RenderError { .shader(file: path, line: index + 1, stage: "include", log: why) }
                let name: String
                switch directive {
                case .once:
                    once.insert(identity)
                    lines[index] = ""
                    continue
                case .malformed:
                    throw refuse("#include takes a file in quotes, found beside this one or in an -I folder: #include \"common.glsl\"")
                case .include(let named):
                    name = named
                }
                let searched = candidates(name, includedBy: path)
                guard let target = searched.first(where: { ShaderSources.exists($0) || ShaderSources.isBuiltIn($0) }) else {
                    let folders = searchPaths.isEmpty ? " (add its folder with -I DIR)" : ""
                    throw refuse("cannot find '\(name)': looked for \(searched.joined(separator: ", "))\(folders)")
                }
                let targetIdentity = Self.identity(target)
                if once.contains(targetIdentity) {
                    lines[index] = ""
                    continue
                }
                if chain.contains(where: { $0.identity == targetIdentity }) {
                    let names = chain.drop { $0.identity != targetIdentity }.map(\.path) + [target]
                    throw refuse("\(names.joined(separator: " includes ")): an include cycle; say #pragma once in the files included twice, or include one from the other only")
                }
                guard depth < Self.maxDepth else {
                    throw refuse("includes nest deeper than \(Self.maxDepth) files: '\(name)' would be the \(Self.maxDepth + 1)th")
                }
                let number = nextNumber
                nextNumber += 1
                files[number] = target
                let spliced: String
                do {
                    spliced = try expand(target, stringNumber: number, depth: depth + 1)
                } catch {
                    // What is at the path but cannot be read: named with the line including it.
                    if case let .shader(file, nil, "read", log) = error, file == target {
                        throw refuse("cannot include '\(name)'\(name == target ? "" : " (\(target))"): \(log)")
                    }
                    throw error
                }
                lines[index] = "#line \(Self.lineBase(number) + 1) \(number)\n" + spliced + "\n#line \(Self.lineBase(stringNumber) + index + 2) \(stringNumber)"
            }
            return lines.joined(separator: "\n")
        }
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
