import CFiles
import Foundation
import GlintRender
#if canImport(Glibc)
import Glibc
#endif

/// ffmpeg running for one recording: reading raw RGBA from a pipe on its standard input, writing
/// a file beside the output with no name yet (or a hidden temporary one), its standard error kept
/// (the last lines) for messages.
final class FFmpegProcess: @unchecked Sendable {
    let final: String
    let temporary: String
    let pid: pid_t
    /// The write end of ffmpeg's standard input.
    let input: Int32
    private let errorOutput: Int32
    private var slot: Int32 = -1
    /// The file ffmpeg writes when it has no name yet (O_TMPFILE), open here; -1 when ffmpeg writes
    /// `temporary` by name instead (no O_TMPFILE on this file system, or GLINT_NAMED_TEMPORARY).
    private var unnamed: Int32 = -1
    private var childSlot: Int32 = -1
    private var status: Int32?
    private var stderrTail = [UInt8]()
    private let stderrDone = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private(set) var cpuSeconds = 0.0

    /// Keep this much of ffmpeg's standard error, for its last line.
    static let stderrKept = 8192 // bytes

    /// ffmpeg's descriptor for the file it writes when that has no name.
    static let unnamedDescriptor: Int32 = 3

    /// The installation hint in the "needs ffmpeg" line.
    static let installHint = "apt-get install ffmpeg"

    /// ffmpeg's path and the file the video replaces, or one line saying why there are none.
    @discardableResult
    static func check(path: String, format: VideoFormat) throws -> (executable: String, final: String) {
        guard let executable = find("ffmpeg") else {
            throw AppError("recording to .\(VideoFormat.fileExtension(of: path) ?? format.muxer) needs ffmpeg on PATH: \(installHint)")
        }
        guard case .replace(let final) = try OutputFiles.check(path, what: "the video") else {
            throw AppError("cannot write the video '\(path)': it is not a regular file; ffmpeg writes a file beside it and renames it into place", exitCode: 2)
        }
        return (executable, final)
    }

    init(path: String, format: VideoFormat, pixelWidth: Int, pixelHeight: Int, fps: Double, soundtrack: VideoEncoder.Soundtrack? = nil,
         joinable: Bool = false) throws {
        let (executable, final) = try Self.check(path: path, format: format)
        self.final = final
        let name = String(final.split(separator: "/").last ?? "video")
        temporary = "\(Console.parentFolder(of: final))/.\(name).glint-\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 16)).tmp"
        var arguments = ["ffmpeg", "-hide_banner", "-nostdin", "-loglevel", "error",
                         "-f", "rawvideo", "-pix_fmt", "rgba", "-video_size", "\(pixelWidth)x\(pixelHeight)",
                         "-framerate", fmt(fps), "-i", "pipe:0"]
        if let soundtrack {
            // The sound from the clip's start on the timeline, as long as the clip; silence after its end.
            arguments += ["-ss", fmt(soundtrack.from), "-t", fmt(soundtrack.duration), "-i", soundtrack.path]
        }
        arguments += format.ffmpegOutputArguments(pixelWidth: pixelWidth, pixelHeight: pixelHeight, joinable: joinable)
        if soundtrack != nil {
            arguments += ["-map", "0:v", "-map", "1:a"] + format.audioCodecArguments
        }
        glint_cleanup_install()
        // Where the file system allows, ffmpeg writes a file with no name, which nothing can leave
        // behind (not even a SIGKILL of glint): glint's descriptor for it becomes ffmpeg's
        // descriptor 3, which ffmpeg opens by /proc (twice for +faststart, to move the index);
        // it is named only once ffmpeg has succeeded. Elsewhere it writes `temporary` by name.
        if ProcessInfo.processInfo.environment[OutputFiles.namedTemporaryVariable] == nil {
            unnamed = RawPath.withCString(Console.parentFolder(of: final)) { glint_open_unnamed($0, 0o666) }
            if unnamed == Self.unnamedDescriptor {
                // dup2 onto itself would keep close-on-exec: move it out of the way first.
                let moved = fcntl(unnamed, F_DUPFD_CLOEXEC, Self.unnamedDescriptor + 1)
                close(unnamed)
                unnamed = moved
            }
        }
        arguments += ["-f", format.muxer, "-y", unnamed >= 0 ? "/proc/self/fd/\(Self.unnamedDescriptor)" : temporary]
        if unnamed < 0 {
            slot = RawPath.withCString(temporary) { glint_cleanup_register($0) }
            guard slot >= 0 else { throw AppError("cannot write the video '\(path)': \(BoundedFile.describe(ENAMETOOLONG))") }
        }
        var inPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        guard Self.makePipe(&inPipe) else { glint_cleanup_unregister(slot); throw AppError("cannot start ffmpeg: \(BoundedFile.describe(errno))") }
        guard Self.makePipe(&errPipe) else {
            close(inPipe[0]); close(inPipe[1]); glint_cleanup_unregister(slot)
            throw AppError("cannot start ffmpeg: \(BoundedFile.describe(errno))")
        }
        // A signal between the start and the registration of the child would leave ffmpeg to
        // make its file after the handler looked: the handled signals wait until it is registered.
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        for s in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&blocked, s) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        if unnamed >= 0 { posix_spawn_file_actions_adddup2(&actions, unnamed, Self.unnamedDescriptor) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        var empty = sigset_t(), defaults = sigset_t()
        sigemptyset(&empty)
        sigemptyset(&defaults)
        for s in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        // Its own process group: Ctrl-C reaches glint, which stops it, rather than ffmpeg, which
        // would finish a file of its own.
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        var child: pid_t = 0
        // Paths as the bytes given (`RawPath`).
        let cArguments = arguments.map { argument in RawPath.withCString(argument) { strdup($0) } } + [nil]
        let spawned = posix_spawn(&child, executable, &actions, &attributes, cArguments, environ)
        for a in cArguments { free(a) }
        posix_spawn_file_actions_destroy(&actions)
        posix_spawnattr_destroy(&attributes)
        if spawned == 0 { childSlot = glint_cleanup_child(child) }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        close(inPipe[0])
        close(errPipe[1])
        guard spawned == 0 else {
            close(inPipe[1]); close(errPipe[0]); glint_cleanup_unregister(slot)
            if unnamed >= 0 { close(unnamed) }
            throw AppError("cannot start ffmpeg (\(executable)): \(BoundedFile.describe(spawned))")
        }
        pid = child
        input = inPipe[1]
        errorOutput = errPipe[0]
        let thread = Thread { [self] in drainErrors() }
        thread.name = "glint record ffmpeg stderr"
        thread.start()
    }

    /// A pipe whose ends close on exec (the child gets its own copies through dup2).
    private static func makePipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// The first executable `name` on PATH.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + name
            if let info = RawPath.stat(candidate), info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }

    private func drainErrors() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(errorOutput, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            lock.lock()
            stderrTail += buffer[0..<n]
            if stderrTail.count > Self.stderrKept { stderrTail.removeFirst(stderrTail.count - Self.stderrKept) }
            lock.unlock()
        }
        close(errorOutput)
        stderrDone.signal()
    }

    /// ffmpeg's last non-empty line on standard error.
    var lastErrorLine: String? {
        lock.lock(); defer { lock.unlock() }
        let text = String(decoding: stderrTail, as: UTF8.self)
        return text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map { $0.trimmingCharacters(in: .whitespaces) }
            .last { !$0.isEmpty }
    }

    /// Writes all of `bytes` into `fd`, retrying short writes; a failed write throws its errno.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) throws {
        var done = 0
        while done < bytes.count {
            let n = write(fd, bytes.baseAddress! + done, bytes.count - done)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw POSIXError(POSIXErrorCode(rawValue: n < 0 ? errno : EIO) ?? .EIO) }
            done += n
        }
    }

    /// Closes ffmpeg's input and waits for it to end; its exit status.
    private func wait() -> Int32 {
        if let status { return status }
        close(input)
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        glint_cleanup_forget_child(childSlot)
        stderrDone.wait()
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        cpuSeconds = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        status = raw
        return raw
    }

    /// Lets ffmpeg finish the file, syncs it and renames it into place; or removes it and throws
    /// ffmpeg's last line.
    func finish(what: String) throws {
        let raw = wait()
        guard raw & 0x7f == 0, (raw >> 8) & 0xff == 0 else {
            discard()
            throw failure(raw, what: what)
        }
        let fd = unnamed >= 0 ? unnamed : RawPath.open(temporary, O_RDONLY | O_CLOEXEC)
        let synced = fd >= 0 && fsync(fd) == 0
        let number = errno
        if fd >= 0 && unnamed < 0 { close(fd) }
        guard synced else {
            discard()
            throw AppError("cannot write \(what): \(BoundedFile.describe(number))")
        }
        if unnamed >= 0 {
            // Named now, registered first so that a signal from here on removes it; link(2)
            // cannot replace the old file, the rename that follows does, at once.
            slot = RawPath.withCString(temporary) { glint_cleanup_register($0) }
            let linked = slot >= 0 && RawPath.withCString(temporary, { glint_link_unnamed(unnamed, $0) }) == 0
            let number = slot >= 0 ? errno : ENAMETOOLONG
            if linked { glint_cleanup_created(slot) } else { glint_cleanup_unregister(slot); slot = -1 }
            close(unnamed)
            unnamed = -1
            guard linked else { throw AppError("cannot write \(what): \(BoundedFile.describe(number))") }
        }
        guard RawPath.rename(temporary, final) == 0 else {
            let number = errno
            discard()
            throw AppError("cannot write \(what): \(BoundedFile.describe(number))")
        }
        glint_cleanup_unregister(slot)
        slot = -1
        let folder = RawPath.open(Console.parentFolder(of: final), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 { _ = fsync(folder); close(folder) }
    }

    /// After the writer met an error: waits for ffmpeg, removes its file, and says what it said.
    func failureAfterStop(what: String) -> AppError? {
        let raw = wait()
        discard()
        return raw == 0 ? nil : failure(raw, what: what)
    }

    private func failure(_ raw: Int32, what: String) -> AppError {
        let signal = raw & 0x7f
        // ffmpeg names the temporary file; the user knows the file by its own name.
        let reason = lastErrorLine.map {
            $0.replacingOccurrences(of: temporary, with: final).replacingOccurrences(of: "/proc/self/fd/\(Self.unnamedDescriptor)", with: final)
        } ?? (signal != 0 ? "it ended by signal \(signal)" : "it exited with status \((raw >> 8) & 0xff)")
        return AppError("ffmpeg failed writing \(what): \(reason)")
    }

    /// Stops ffmpeg at once.
    func kill() {
        if status == nil { Glibc.kill(pid, SIGKILL) }
    }

    /// Waits for ffmpeg and removes its temporary file.
    func discard() {
        _ = wait()
        if unnamed >= 0 {
            close(unnamed)  // the file had no name: it is gone
            unnamed = -1
        }
        if slot >= 0 {
            RawPath.unlink(temporary)
            glint_cleanup_unregister(slot)
            slot = -1
        }
    }
}
