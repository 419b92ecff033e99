import Foundation
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

    /// The largest shader file read from disk, in bytes: far above any real shader (the largest
    /// built-in one is a few KiB), far below what would keep the driver's compiler busy for
    /// seconds with no watchdog to stop it.
    public static let maxSourceBytes = 1 << 20

    /// The text of a shader file and the path to name in messages. A file in the override folder
    /// wins; one that is there but cannot be used (a folder, FIFO, device, link loop, unreadable,
    /// too large, not UTF-8) is an error naming it, never a silent fall back to the built-in one.
    public func source(named file: String) throws(RenderError) -> (text: String, path: String) {
        if let dir = overrideDirectory {
            let path = Self.join(dir, file)
            if let text = try Self.readUserFile(path) { return (text, path) }
        }
        if let text = EmbeddedFiles.shaders[file] { return (text, "Shaders/\(file)") }
        let searched = (overrideDirectory.map { "\($0) and " } ?? "") + "the built-in Shaders/"
        throw .missingShader(name: file, searched: searched)
    }

    /// The path of `file` in the override folder, if it is there: a file that can change while
    /// glint runs.
    public func liveFile(named file: String) -> String? {
        guard let dir = overrideDirectory else { return nil }
        let path = Self.join(dir, file)
        return FileManager.default.fileExists(atPath: path) ? path : nil
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
    /// library itself when it is a file, `<function>.frag` (or `.glsl`) in it when it is a
    /// folder; nil when there is none.
    public static func libraryFile(_ function: String, in library: String) -> String? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: library, isDirectory: &isFolder) else { return nil }
        guard isFolder.boolValue else { return library }
        for ext in [".frag", ".glsl"] {
            let path = join(library, function + ext)
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        return nil
    }

    /// The text of the file of a user's shader library that defines `function`.
    public static func librarySource(_ function: String, in library: String) throws(RenderError) -> (text: String, path: String) {
        guard let path = libraryFile(function, in: library) else {
            throw .missingShader(name: function + ".frag", searched: library)
        }
        guard let text = try readUserFile(path) else {
            throw .shader(file: path, line: nil, stage: "read", log: "cannot read the file: it no longer exists")
        }
        return (text, path)
    }

    /// The text of a shader file of the user's, or nil when there is no such file. Only a regular
    /// file (or a link to one) of at most `maxSourceBytes` in UTF-8 is read; anything else is one
    /// error naming the file and what it is. Never blocks on a FIFO, never reads a device.
    static func readUserFile(_ path: String) throws(RenderError) -> String? {
        func refuse(_ why: String) -> RenderError { .shader(file: path, line: nil, stage: "read", log: why) }
        var info = stat()
        guard stat(path, &info) == 0 else {
            let number = errno
            if number == ENOENT || number == ENOTDIR { return nil }
            throw refuse(number == ELOOP ? "it is a symbolic link loop" : "cannot read it: \(describe(number))")
        }
        if let kind = describeNonRegular(info.st_mode) { throw refuse("it is \(kind), not a shader file") }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw refuse("cannot read it: \(describe(errno))") }
        defer { close(fd) }
        // The file that was opened, which a rename may have put in place since the stat.
        guard fstat(fd, &info) == 0 else { throw refuse("cannot read it: \(describe(errno))") }
        if let kind = describeNonRegular(info.st_mode) { throw refuse("it is \(kind), not a shader file") }
        guard Int(info.st_size) <= maxSourceBytes else {
            throw refuse("it is \(mebibytes(Int(info.st_size))), larger than the \(mebibytes(maxSourceBytes)) a shader file may be")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw refuse("cannot read it: \(describe(errno))") }
            if n == 0 { break }
            count += n
        }
        // A file that grew after the fstat is read only up to the cap, plus one byte to tell.
        guard count <= maxSourceBytes else {
            throw refuse("it is larger than the \(mebibytes(maxSourceBytes)) a shader file may be")
        }
        guard let text = String(validating: bytes[..<count], as: UTF8.self) else { throw refuse("not UTF-8 text") }
        return text
    }

    /// What a file that is not a regular file is, in words; nil for a regular file.
    private static func describeNonRegular(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    /// "1 MiB", "12.3 MiB": a size for messages.
    private static func mebibytes(_ bytes: Int) -> String {
        let mib = Double(bytes) / Double(1 << 20)
        return mib == mib.rounded() ? "\(Int(mib)) MiB" : String(format: "%.1f MiB", mib)
    }

    /// The C library's words for an errno, lower-cased: "permission denied".
    private static func describe(_ number: Int32) -> String {
        let text = String(cString: strerror(number))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

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
