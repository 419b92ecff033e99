import CFiles
import Foundation
import GlintRender
#if canImport(Glibc)
import Glibc
#endif

/// The window's `--state FILE`: the state of the last frame on screen, rewritten whole after
/// every frame, for scripts and tests that follow a running window (wait for a value, then look).
///
/// Each frame's JSON goes into one temporary file beside the target (hidden, named for this
/// process, removed should a signal end glint) and is renamed over the target, so a reader
/// always finds one whole frame's state. Nothing is synced to disk: the file is for watching,
/// not for keeping. A write that fails is said once on stderr and the window goes on without it.
final class WindowStateFile {
    /// The file as the user named it, for messages.
    let path: String
    /// The regular file written (symbolic links followed), and its temporary beside it.
    private let final: String
    private let temporary: String
    private var slot: Int32 = -1
    private var failed = false

    /// Checks `path` before the window opens: one line, and no window, when it cannot be written
    /// or is not a regular file (a FIFO or device would hold up every frame).
    init(path: String) throws {
        self.path = path
        let file = OutputFile(path, what: "the state", allowingStandardOutput: true) { _ in }
        guard !file.isStandardOutput, case .replace(let final) = try OutputFiles.check(path, what: "the state") else {
            throw AppError("cannot write the state '\(path)': the window rewrites it after every frame, so it must be a regular file (or a new one), not a device, FIFO or standard output",
                           exitCode: 2)
        }
        self.final = final
        let name = String(final.split(separator: "/").last ?? "state")
        temporary = "\(Console.parentFolder(of: final))/.\(name).glint-\(getpid()).tmp"
    }

    /// Writes one frame's state over the file.
    func write(_ json: String) {
        guard !failed else { return }
        if slot < 0 {
            glint_cleanup_install()
            slot = RawPath.withCString(temporary) { glint_cleanup_register($0) }
            guard slot >= 0 else { return fail(ENAMETOOLONG) }
        }
        let fd = RawPath.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o666)
        guard fd >= 0 else { return fail(errno) }
        glint_cleanup_created(slot)
        do {
            try OutputFiles.writeAll(Data(json.utf8), to: fd)
        } catch {
            close(fd)
            RawPath.unlink(temporary)
            return fail((error as? POSIXError)?.code.rawValue ?? EIO)
        }
        guard close(fd) == 0 else {
            let number = errno
            RawPath.unlink(temporary)
            return fail(number)
        }
        guard RawPath.rename(temporary, final) == 0 else {
            let number = errno
            RawPath.unlink(temporary)
            return fail(number)
        }
    }

    /// Forgets the temporary's name: after the last write.
    func finish() {
        if slot >= 0 { glint_cleanup_unregister(slot) }
        slot = -1
    }

    private func fail(_ number: Int32) {
        failed = true
        Console.warn("cannot write the state '\(path)': \(BoundedFile.describe(number)); the window goes on without it")
    }

    deinit { finish() }
}
