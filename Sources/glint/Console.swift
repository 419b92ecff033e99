import Foundation

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
        FileHandle.standardError.write(Data("glint: warning: \(message)\n".utf8))
    }

    /// A line of information on stderr (a reloaded shader), not a problem.
    static func note(_ message: String) {
        FileHandle.standardError.write(Data("glint: \(message)\n".utf8))
    }

    static func fail(_ message: String, code: Int32) -> Never {
        var text = message
        if text.hasPrefix("Error: ") { text.removeFirst(7) }
        FileHandle.standardError.write(Data("glint: \(text)\n".utf8))
        exit(code)
    }

    /// Writes `data` to `path` atomically (a temporary file renamed into place), so a failed
    /// write never leaves half a file where the user's file was.
    static func write(_ data: Data, to path: String, what: String) throws {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
            throw AppError("cannot write \(what) '\(path)': it is a folder")
        }
        let dir = parentFolder(of: path)
        if !FileManager.default.fileExists(atPath: dir, isDirectory: &isDir) {
            throw AppError("cannot write \(what) '\(path)': the folder '\(dir)' does not exist")
        }
        if !isDir.boolValue { throw AppError("cannot write \(what) '\(path)': '\(dir)' is not a folder") }
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            let reason = FileManager.default.isWritableFile(atPath: dir) ? "the file could not be created" : "the folder '\(dir)' is not writable"
            throw AppError("cannot write \(what) '\(path)': \(reason)")
        }
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
        let dir = parentFolder(of: path)
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
            throw AppError("cannot write \(what) '\(path)': it is a folder")
        }
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir) else {
            throw AppError("cannot write \(what) '\(path)': the folder '\(dir)' does not exist")
        }
        guard isDir.boolValue else { throw AppError("cannot write \(what) '\(path)': '\(dir)' is not a folder") }
        guard FileManager.default.isWritableFile(atPath: dir) else {
            throw AppError("cannot write \(what) '\(path)': the folder '\(dir)' is not writable")
        }
        if FileManager.default.fileExists(atPath: path), !FileManager.default.isWritableFile(atPath: path) {
            throw AppError("cannot write \(what) '\(path)': the file is not writable")
        }
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
