import Foundation
import GlintCore
import GlintRender
#if canImport(Glibc)
import Glibc
#endif

/// A window's state file (`Window.stateFile`, `glint window --state`): the state of the last
/// frame on screen as one line of JSON (`StateJSON`), rewritten whole after every frame, for
/// scripts and tests that follow a running window (wait for a value, then look).
///
/// Each frame's JSON goes into one hidden temporary file beside the target, named for this
/// process, and is renamed over the target, so a reader always finds one whole frame's state.
/// Nothing is synced to disk: the file is for watching, not for keeping. A write that fails is
/// said once (`onFailure`) and the window goes on without it. Writing allocates nothing.
public final class StateFile {
    /// The file as the user named it, for messages.
    public let path: String
    /// The temporary written and renamed over the file each frame.
    public let temporary: String
    /// The file renamed over: `path`, or the regular file a symbolic link at `path` names.
    private let final: String
    private var failed = false
    /// Called before each write creates the temporary (the `glint` command registers it, to be
    /// removed should a signal end the process); an error number it returns ends the writing.
    public var willCreateTemporary: (() -> Int32)?
    /// Says why a write failed, once (default: a line on standard error).
    public var onFailure: (String) -> Void = { FileHandle.standardError.write(Data("glint: \($0)\n".utf8)) }

    /// A state file at `path`, renamed onto `final` (default `path`).
    public init(path: String, final: String? = nil) {
        self.path = path
        self.final = final ?? path
        let target = final ?? path
        let slash = target.lastIndex(of: "/")
        let folder = slash.map { String(target[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        temporary = "\(folder)/.\(name).glint-\(getpid()).tmp"
    }

    /// Writes one frame's state over the file.
    public func write(_ json: String) {
        guard !failed else { return }
        if let number = willCreateTemporary?(), number != 0 { return fail(number) }
        let fd = PathBytes.withCString(temporary) { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o666) }
        guard fd >= 0 else { return fail(errno) }
        var text = json
        let written = text.withUTF8 { bytes -> Int32 in
            var sent = 0
            while sent < bytes.count {
                let n = Glibc.write(fd, bytes.baseAddress! + sent, bytes.count - sent)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return n == 0 ? EIO : errno }
                sent += n
            }
            return 0
        }
        guard written == 0 else {
            close(fd)
            PathBytes.withCString(temporary) { _ = unlink($0) }
            return fail(written)
        }
        guard close(fd) == 0 else {
            let number = errno
            PathBytes.withCString(temporary) { _ = unlink($0) }
            return fail(number)
        }
        let renamed = PathBytes.withCString(temporary) { from in PathBytes.withCString(final) { rename(from, $0) } }
        guard renamed == 0 else {
            let number = errno
            PathBytes.withCString(temporary) { _ = unlink($0) }
            return fail(number)
        }
    }

    private func fail(_ number: Int32) {
        failed = true
        onFailure("cannot write the state '\(path)': \(BoundedFile.describe(number)); the window goes on without it")
    }
}
