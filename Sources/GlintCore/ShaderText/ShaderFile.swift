import Foundation
import Glibc

/// A shader's files on the disk: whether one is there, when it changed, what one file is however
/// it is named, and its text, read with bounds (`read`). No GL: the renderer, the include
/// expander and the other tools' loaders all read through here (or through a `SourceReader`).
public enum ShaderFile {
    /// The largest shader source read from disk, in bytes (1 MiB): Glint's own files are a few KiB,
    /// and a driver's compiler can spend minutes on megabytes of GLSL, with nothing to stop it.
    public static let maxSourceBytes = 1 << 20

    /// Whether anything (a file, a folder, a link, even a broken one) is at `path`.
    public static func exists(_ path: String) -> Bool {
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
    static func linkTarget(_ path: String) -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "its target"
    }

    /// When the file at `path` (links followed) last changed, or nil if it cannot be read.
    public static func modificationDate(_ path: String) -> Date? {
        var status = stat()
        guard PathBytes.withCString(path, { stat($0, &status) }) == 0 else { return nil }
        return Date(timeIntervalSince1970: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9)
    }

    /// One file however it is named (`common.glsl`, `./common.glsl`, through a link): its real
    /// path when it is on the disk, else `path` itself.
    public static func identity(_ path: String) -> String {
        guard let real = PathBytes.withCString(path, { realpath($0, nil) }) else { return path }
        defer { free(real) }
        return PathBytes.decode(UnsafeBufferPointer(start: UnsafeRawPointer(real).assumingMemoryBound(to: UInt8.self), count: strlen(real)))
    }
}

/// How the text work reads files: the disk by default (`disk`), the files built into a binary
/// beside it (the renderer's `ShaderSources`), or text held in memory, so that includes and the
/// other tools' loaders can be tested by feeding them text (`files(_:)`).
public struct SourceReader: Sendable {
    /// The text at a path (lines ending in LF), nil when nothing is there; refused with one line
    /// naming the path when something is there that cannot be read as a shader's text.
    public var read: @Sendable (String) throws(RenderError) -> String?
    /// Whether anything is at a path.
    public var exists: @Sendable (String) -> Bool
    /// What names one file however it is spelled (`ShaderFile.identity` on the disk).
    public var identity: @Sendable (String) -> String

    public init(read: @escaping @Sendable (String) throws(RenderError) -> String?, exists: @escaping @Sendable (String) -> Bool,
                identity: @escaping @Sendable (String) -> String = { $0 }) {
        self.read = read
        self.exists = exists
        self.identity = identity
    }

    /// The disk, through `ShaderFile`.
    public static let disk = SourceReader(read: { path throws(RenderError) in try ShaderFile.read(path) },
                                          exists: { ShaderFile.exists($0) }, identity: { ShaderFile.identity($0) })

    /// Text held in memory, by path; nothing else exists. A path is its own identity, `./`
    /// dropped from its start and `x/../` folded, as the disk would name it.
    public static func files(_ files: [String: String]) -> SourceReader {
        let normal: @Sendable (String) -> String = { path in
            var parts: [Substring] = []
            for part in path.split(separator: "/", omittingEmptySubsequences: false) {
                if part == "." { continue }
                if part == "..", let last = parts.last, last != "..", !last.isEmpty { parts.removeLast(); continue }
                parts.append(part)
            }
            return parts.joined(separator: "/")
        }
        let held = Dictionary(files.map { (normal($0.key), Parse.unixLineEndings($0.value)) }) { a, _ in a }
        return SourceReader(read: { held[normal($0)] }, exists: { held[normal($0)] != nil }, identity: normal)
    }
}
