import CFiles
import Foundation
import GlintRender
import class Glint.StateFile
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
    /// The library's writer (`StateFile`), which the library's `Window` writes through too.
    let file: StateFile
    private var slot: Int32 = -1

    /// Checks `path` before the window opens: one line, and no window, when it cannot be written
    /// or is not a regular file (a FIFO or device would hold up every frame).
    init(path: String) throws {
        self.path = path
        let output = OutputFile(path, what: "the state", allowingStandardOutput: true) { _ in }
        guard !output.isStandardOutput, case .replace(let final) = try OutputFiles.check(path, what: "the state") else {
            throw AppError("cannot write the state '\(path)': the window rewrites it after every frame, so it must be a regular file (or a new one), not a device, FIFO or standard output",
                           exitCode: 2)
        }
        file = StateFile(path: path, final: final)
        file.onFailure = { Console.warn($0) }
        // The temporary is removed should a signal end glint.
        file.willCreateTemporary = { [unowned self] in
            if slot < 0 {
                glint_cleanup_install()
                slot = RawPath.withCString(file.temporary) { glint_cleanup_register($0) }
                guard slot >= 0 else { return ENAMETOOLONG }
            }
            glint_cleanup_created(slot)
            return 0
        }
    }

    /// Writes one frame's state over the file.
    func write(_ json: String) {
        file.write(json)
    }

    /// Forgets the temporary's name: after the last write.
    func finish() {
        if slot >= 0 { glint_cleanup_unregister(slot) }
        slot = -1
    }

    deinit { finish() }
}
