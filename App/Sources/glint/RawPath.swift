import Foundation
import GlintRender
#if canImport(Glibc)
import Glibc
#endif

/// Paths as the exact bytes the user gave.
///
/// Linux file names are bytes, not text: `o\xFFut.png` is a valid name. Swift's
/// `CommandLine.arguments` and Foundation's `FileManager` repair such bytes to U+FFFD, so a
/// program that trusts them writes and reads a different file than the one named. Here each
/// byte that is not part of valid UTF-8 is carried inside the `String` as one private-use scalar
/// (U+10FF80 … U+10FFFF for the bytes 0x80 … 0xFF, the way Python's surrogateescape carries
/// them), so parsing, joining and messages work on ordinary Strings, and `withCString` turns the
/// String back into the same bytes whenever it reaches the kernel. A real U+10FF80…U+10FFFF in
/// the input is carried as its four bytes, so the mapping is exact both ways.
enum RawPath {
    /// The scalar for byte `b` (0x80 … 0xFF) is `escapeBase + b` (`PathBytes`, which the
    /// renderer reads shader files through too).
    static let escapeBase = PathBytes.escapeBase
    /// The scalars that stand for single bytes.
    static let escapeRange = PathBytes.escapeRange

    /// The arguments this process was started with, from the raw `argv` (not
    /// `CommandLine.arguments`, which repairs bytes that are not UTF-8), each decoded by `decode`.
    static var arguments: [String] {
        (0..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return "" }
            return decode(UnsafeBufferPointer(start: UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self), count: strlen(argument)))
        }
    }

    /// Bytes as a String: valid UTF-8 as its characters, every other byte as its escape scalar.
    static func decode<Bytes: Collection>(_ input: Bytes) -> String where Bytes.Element == UInt8 {
        PathBytes.decode(input)
    }

    /// The bytes `text` stands for: each escape scalar as its byte, everything else as UTF-8.
    static func bytes(_ text: String) -> [UInt8] {
        PathBytes.bytes(text)
    }

    /// Whether `text` holds bytes that are not UTF-8 (which Foundation cannot name).
    static func hasRawBytes(_ text: String) -> Bool {
        PathBytes.hasRawBytes(text)
    }

    /// The one way a path reaches the kernel: calls `body` with `path` as a NUL-terminated C
    /// string of its exact bytes. The C library's errno from inside `body` survives the call.
    static func withCString<R>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        try PathBytes.withCString(path, body)
    }

    /// How messages show an escape scalar: `\xFF`.
    static func shown(_ scalar: Unicode.Scalar) -> String? {
        guard escapeRange.contains(scalar.value) else { return nil }
        return "\\x" + String(scalar.value - escapeBase, radix: 16, uppercase: true)
    }

    // MARK: The calls glint makes on user paths, each through `withCString`.

    /// stat(2): the file the path leads to (links followed), or nil with errno set.
    static func stat(_ path: String) -> Glibc.stat? {
        var info = Glibc.stat()
        return withCString(path) { systemStat($0, &info) } == 0 ? info : nil
    }

    /// lstat(2): the path itself (a link is not followed), or nil with errno set.
    static func lstat(_ path: String) -> Glibc.stat? {
        var info = Glibc.stat()
        return withCString(path) { systemLstat($0, &info) } == 0 ? info : nil
    }

    /// access(2).
    static func access(_ path: String, _ mode: Int32) -> Bool {
        withCString(path) { Glibc.access($0, mode) } == 0
    }

    /// open(2), retried when a signal interrupts it: the descriptor, or -1 with errno set.
    static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
        withCString(path) { cPath in
            var fd: Int32
            repeat { fd = Glibc.open(cPath, flags, mode) } while fd < 0 && errno == EINTR
            return fd
        }
    }

    /// unlink(2).
    @discardableResult
    static func unlink(_ path: String) -> Int32 {
        withCString(path) { Glibc.unlink($0) }
    }

    /// rename(2): replaces `to` at once.
    static func rename(_ from: String, _ to: String) -> Int32 {
        withCString(from) { cFrom in withCString(to) { Glibc.rename(cFrom, $0) } }
    }

    /// readlink(2): where a symbolic link points, its bytes decoded as paths are; nil with errno set.
    static func readlink(_ path: String) -> String? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = withCString(path) { cPath in
            buffer.withUnsafeMutableBufferPointer { Glibc.readlink(cPath, UnsafeMutableRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), $0.count - 1) }
        }
        return count >= 0 ? decode(buffer[0..<count]) : nil
    }

    /// realpath(3): the path with every link and `..` resolved, or nil.
    static func realpath(_ path: String) -> String? {
        guard let real = withCString(path, { Glibc.realpath($0, nil) }) else { return nil }
        defer { free(real) }
        return decode(UnsafeBufferPointer(start: UnsafeRawPointer(real).assumingMemoryBound(to: UInt8.self), count: strlen(real)))
    }

    // MARK: Folders Foundation reads

    /// A name under which Foundation (`FileManager`, which re-encodes names as UTF-8) reaches
    /// the folder `path`: the path itself when it is UTF-8, else `/proc/self/fd/N` for a
    /// descriptor of the folder held open for the life of the process. Messages show the
    /// user's path again (`restoringAliases`). Nil with errno set when the folder cannot be opened.
    static func foundationFolder(_ path: String) -> String? {
        guard hasRawBytes(path) else { return path }
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        let alias = "/proc/self/fd/\(fd)"
        aliases.add(alias, for: path)
        return alias
    }

    /// `text` with every `/proc/self/fd/N` that `foundationFolder` made written as the user's path.
    static func restoringAliases(_ text: String) -> String {
        aliases.restore(text)
    }

    private static let aliases = Aliases()

    /// The folder aliases made so far; read from any thread that prints a message.
    private final class Aliases: @unchecked Sendable {
        private let lock = NSLock()
        private var pairs: [(alias: String, path: String)] = []

        func add(_ alias: String, for path: String) {
            lock.withLock { pairs.append((alias, path)) }
        }

        func restore(_ text: String) -> String {
            lock.withLock {
                guard !pairs.isEmpty else { return text }
                // Longest first, so /proc/self/fd/12 is never taken for /proc/self/fd/1.
                return pairs.sorted { $0.alias.count > $1.alias.count }.reduce(text) { text, pair in
                    text.replacingOccurrences(of: pair.alias, with: pair.path)
                }
            }
        }
    }
}

/// The C library's stat(2) and lstat(2), which `RawPath`'s own `stat` and `lstat` hide by name.
private func systemStat(_ path: UnsafePointer<CChar>, _ info: inout stat) -> Int32 { stat(path, &info) }
private func systemLstat(_ path: UnsafePointer<CChar>, _ info: inout stat) -> Int32 { lstat(path, &info) }
