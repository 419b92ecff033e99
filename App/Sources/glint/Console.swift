import Foundation
import GlintCore

/// A failure the app reports itself, with its exit status.
struct AppError: Error, CustomStringConvertible {
    var description: String
    var exitCode: Int32 = 1
    init(_ description: String, exitCode: Int32 = 1) {
        self.description = description
        self.exitCode = exitCode
    }
}

/// Output conventions: results on stdout, one-line problems on stderr prefixed with `glint:`.
enum Console {
    static func warn(_ message: String) {
        FileHandle.standardError.write(Data("glint: warning: \(escaped(message))\n".utf8))
    }

    /// A line of information on stderr (a reloaded shader), not a problem.
    static func note(_ message: String) {
        FileHandle.standardError.write(Data("glint: \(escaped(message))\n".utf8))
    }

    static func fail(_ message: String, code: Int32) -> Never {
        var text = message
        if text.hasPrefix("Error: ") { text.removeFirst(7) }
        FileHandle.standardError.write(Data("glint: \(escaped(text))\n".utf8))
        exit(code)
    }

    /// `raw` with words of over `MessageText.maxEchoedWord` characters cut, and control characters
    /// written as escapes (`\n`, `\r`, `\t`, `\u{1B}`), so a message that echoes what the user typed
    /// or a file held always stays one line; a byte of a path that is not UTF-8 shows as `\xFF`
    /// (see `RawPath`), and a folder glint reads through /proc/self/fd under the user's own name.
    static func escaped(_ raw: String) -> String {
        let text = MessageText.clipped(RawPath.restoringAliases(raw))
        guard text.unicodeScalars.contains(where: { isControl($0) || RawPath.shown($0) != nil }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where isControl(scalar): out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default:
                if let byte = RawPath.shown(scalar) { out += byte } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    /// C0 and C1 controls, and the Unicode line and paragraph separators a terminal may break at.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    /// Writes `data` to `path` safely (see `OutputFiles`): atomically for a regular file, in
    /// place for a device or FIFO, never over a folder or into /proc.
    static func write(_ data: Data, to path: String, what: String) throws {
        try OutputFiles.commit([OutputFile(path, what: what, data: data)])
    }

    /// The folder a file path lies in: "." for a bare name. (NSString's deletingLastPathComponent
    /// traps on "." in this Foundation, so paths are split by hand.)
    static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// Fails early, before any rendering, when `path` clearly cannot be written.
    static func checkWritable(_ path: String, what: String) throws {
        try OutputFiles.check(path, what: what)
    }
}

/// A progress line on stderr for long work, redrawn in place; only when stderr is a terminal,
/// so logs and pipes never see it.
final class ProgressLine {
    private let label: String
    private var lastShown = -1.0
    private var started = Date()
    private var visible = false

    /// Nil when stderr is not a terminal.
    init?(_ label: String) {
        guard isatty(STDERR_FILENO) == 1 else { return nil }
        self.label = label
    }

    /// Shows `fraction` (0…1) done, at most four times a second and only after the first second.
    func show(_ fraction: Double) {
        let elapsed = Date().timeIntervalSince(started)
        guard elapsed > 1, elapsed - lastShown >= 0.25 else { return }
        lastShown = elapsed
        visible = true
        let percent = Int((min(max(fraction, 0), 1) * 100).rounded(.down))
        FileHandle.standardError.write(Data("\rglint: \(label): \(percent) %, \(Int(elapsed)) s\u{1B}[K".utf8))
    }

    /// Clears the line.
    func finish() {
        if visible { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        visible = false
    }
}
