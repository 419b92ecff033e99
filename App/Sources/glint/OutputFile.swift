import CFiles
import Foundation
import GlintRender
#if canImport(Glibc)
import Glibc
#endif

/// One file a command writes: its path as the user gave it, what messages call it ("the image"),
/// and how its bytes are made into an open file descriptor.
struct OutputFile {
    var path: String
    var what: String
    /// Whether this goes to standard output (`--output -`) rather than to `path`.
    var isStandardOutput = false
    /// Writes the whole content into the descriptor; a failed write throws `POSIXError`.
    var write: (Int32) throws -> Void

    init(_ path: String, what: String, write: @escaping (Int32) throws -> Void) {
        self.path = path
        self.what = what
        self.write = write
    }

    init(_ path: String, what: String, data: Data) {
        self.init(path, what: what) { fd in try OutputFiles.writeAll(data, to: fd) }
    }

    /// The path a user names standard output with (`--output -`).
    static let standardOutputName = "-"

    /// `path`, or standard output when `path` is `-` and the option takes it that way.
    init(_ path: String, what: String, allowingStandardOutput: Bool, write: @escaping (Int32) throws -> Void) {
        self.init(path, what: what, write: write)
        isStandardOutput = allowingStandardOutput && path == Self.standardOutputName
    }

    /// How messages name where this goes: 'out.png', or standard output.
    var place: String { isStandardOutput ? "to standard output" : "'\(path)'" }
}

/// Writing outputs without clobbering what isn't ours.
///
/// A regular file (or a new one) is replaced atomically: its content is written into a new file
/// beside it that has no name yet (O_TMPFILE), fsynced, then linked to a temporary name and
/// renamed over the old file at once, so a failure or a Ctrl-C never leaves half a file or a
/// stray temporary, and the user's old file survives until everything succeeded. Where the file
/// system cannot make unnamed files, a named temporary file is written instead, and a handler for
/// SIGINT, SIGTERM and SIGHUP removes it should one arrive (`CFiles`). A symbolic link is followed
/// to its final target and that is written, the link kept. A character device, FIFO or socket
/// (/dev/null, a pipe) is opened and written as it is, never replaced or removed; so is standard
/// output, for an option that takes `-`. Folders, block devices, /proc and /sys, and an empty
/// path are refused. Paths are used as the bytes given (`RawPath`).
enum OutputFiles {
    /// Where a path leads, decided before anything is written.
    enum Destination: Equatable {
        /// A regular file, existing or new, at this path (symbolic links resolved): replaced by rename.
        case replace(String)
        /// A device, FIFO or socket: written in place through the path as given.
        case direct
        /// Standard output (`-`), written as it is.
        case standardOutput
    }

    /// Symbolic links followed before giving up, as the kernel's own limit.
    static let maxLinkHops = 40

    /// Set (to anything) in the environment, glint writes through named temporary files as it
    /// does where O_TMPFILE is not supported: for the tests of that path and its signal handler.
    static let namedTemporaryVariable = "GLINT_NAMED_TEMPORARY"

    /// Fails early, before any rendering, with one line when `path` cannot be written.
    @discardableResult
    static func check(_ path: String, what: String) throws -> Destination {
        try destination(of: path, what: what)
    }

    /// Fails early when `file` cannot be written.
    @discardableResult
    static func check(_ file: OutputFile) throws -> Destination {
        try destination(of: file)
    }

    /// Writes every file or none: regular targets are written into new unnamed (or temporary)
    /// files first, devices and standard output next, and only then are the new files named and
    /// renamed into place. On any failure, or a SIGINT or SIGTERM, the new files are removed and
    /// every existing file is left as it was.
    static func commit(_ files: [OutputFile]) throws {
        let plans = try files.map { ($0, try destination(of: $0)) }
        if plans.filter({ $0.1 == .standardOutput }).count > 1 {
            throw AppError("\(plans.filter { $0.1 == .standardOutput }.map(\.0.what).joined(separator: " and ")) cannot both go to standard output", exitCode: 2)
        }
        glint_cleanup_install()
        var staged: [Staged] = []
        defer { for file in staged { file.discard() } }
        for (file, destination) in plans {
            guard case .replace(let final) = destination else { continue }
            staged.append(try stage(file, replacing: final))
        }
        for (file, destination) in plans where destination == .direct {
            try writeDirectly(file)
        }
        for (file, destination) in plans where destination == .standardOutput {
            try writeStandardOutput(file)
        }
        // Names only now that everything is written (a FIFO may wait long for its reader): an
        // interrupted write leaves none.
        for index in staged.indices {
            try name(&staged[index])
        }
        while let file = staged.first {
            guard RawPath.rename(file.temporary, file.final) == 0 else {
                throw AppError("cannot write \(file.file.what) '\(file.file.path)': \(BoundedFile.describe(errno))")
            }
            glint_cleanup_unregister(file.slot)
            staged.removeFirst()
            syncFolder(Console.parentFolder(of: file.final))
        }
    }

    /// Where `file` goes, or one line saying why it cannot be written.
    static func destination(of file: OutputFile) throws -> Destination {
        guard file.isStandardOutput else { return try destination(of: file.path, what: file.what) }
        // Anything open for writing will do (a pipe, a file, /dev/null), except a terminal.
        let flags = fcntl(STDOUT_FILENO, F_GETFL)
        guard flags >= 0 else { throw AppError("cannot write \(file.what) to standard output: it is closed") }
        guard flags & O_ACCMODE != O_RDONLY else {
            throw AppError("cannot write \(file.what) to standard output: it is not open for writing")
        }
        guard isatty(STDOUT_FILENO) == 0 else {
            throw AppError("cannot write \(file.what) to standard output: it is a terminal; redirect it to a file (> name) or pipe it into a program", exitCode: 2)
        }
        return .standardOutput
    }

    /// Where `path` leads, or one line saying why it cannot be written.
    static func destination(of path: String, what: String) throws -> Destination {
        func refuse(_ reason: String, exitCode: Int32 = 1) -> AppError {
            AppError("cannot write \(what) '\(path)': \(reason)", exitCode: exitCode)
        }
        guard !path.isEmpty else { throw refuse("the path is empty", exitCode: 2) }
        if let info = RawPath.stat(path) {
            switch info.st_mode & S_IFMT {
            case S_IFDIR: throw refuse("it is a folder")
            case S_IFBLK: throw refuse("it is a block device, which glint never writes to")
            case S_IFCHR, S_IFIFO, S_IFSOCK:
                guard RawPath.access(path, W_OK) else { throw refuse(BoundedFile.describe(errno)) }
                return .direct
            default: break
            }
        }
        // A regular file, or none yet: find the file the links end at, and check its folder.
        let final = try resolveLinks(path, refuse: refuse)
        let folder = Console.parentFolder(of: final)
        guard let folderInfo = RawPath.stat(folder) else {
            throw errno == ENOENT ? refuse("the folder '\(folder)' does not exist") : refuse(BoundedFile.describe(errno))
        }
        guard folderInfo.st_mode & S_IFMT == S_IFDIR else { throw refuse("'\(folder)' is not a folder") }
        if let real = RawPath.realpath(folder), isKernelFileSystem(real) {
            throw refuse("it is inside \(real.hasPrefix("/proc") ? "/proc" : "/sys"), which holds the kernel's own files")
        }
        if let finalInfo = RawPath.lstat(final) {
            guard finalInfo.st_mode & S_IFMT == S_IFREG else { throw refuse("it is not a regular file") }
            guard RawPath.access(final, W_OK) else { throw refuse("the file is not writable") }
        }
        guard RawPath.access(folder, W_OK) else { throw refuse("the folder '\(folder)' is not writable") }
        return .replace(final)
    }

    /// The path a chain of symbolic links ends at (which may not exist yet).
    private static func resolveLinks(_ path: String, refuse: (String, Int32) -> AppError) throws -> String {
        var current = path
        for _ in 0..<maxLinkHops {
            guard let info = RawPath.lstat(current), info.st_mode & S_IFMT == S_IFLNK else { return current }
            guard let target = RawPath.readlink(current), !target.isEmpty else { throw refuse(BoundedFile.describe(errno), 1) }
            current = target.hasPrefix("/") ? target : Console.parentFolder(of: current) + "/" + target
        }
        throw refuse(BoundedFile.describe(ELOOP), 1)
    }

    private static func isKernelFileSystem(_ real: String) -> Bool {
        ["/proc", "/sys"].contains { real == $0 || real.hasPrefix($0 + "/") }
    }

    /// A file written and synced beside the one it replaces, not yet renamed into place: unnamed
    /// (`fd` open, `temporary` empty) until `name` links it to `temporary`, or written under
    /// `temporary` from the start where the file system makes no unnamed files.
    private struct Staged {
        let file: OutputFile
        let final: String
        /// The unnamed file, still open; -1 once named.
        var fd: Int32
        /// Its temporary name, registered for removal on a signal; empty while unnamed.
        var temporary = ""
        /// The `glint_cleanup_register` slot of `temporary`; -1 when none.
        var slot: Int32 = -1

        /// Removes what was staged: the unnamed file vanishes when closed, a named one is unlinked.
        func discard() {
            if fd >= 0 { close(fd) }
            if !temporary.isEmpty { RawPath.unlink(temporary) }
            glint_cleanup_unregister(slot)
        }
    }

    /// Tries for a temporary name that is not taken before giving up.
    private static let temporaryNameAttempts = 16

    /// A name beside `final` for its temporary file: hidden, and unlikely ever to be another's.
    private static func temporaryName(for final: String) -> String {
        let name = String(final.split(separator: "/").last ?? "output")
        return "\(Console.parentFolder(of: final))/.\(name).glint-\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 16)).tmp"
    }

    /// Writes `file` into a new file beside `final` (its mode copied from an existing file),
    /// synced: unnamed where the file system allows, else under a temporary name registered for
    /// removal on a signal. Nothing is left behind when that fails.
    private static func stage(_ file: OutputFile, replacing final: String) throws -> Staged {
        var staged = Staged(file: file, final: final, fd: -1)
        if ProcessInfo.processInfo.environment[namedTemporaryVariable] == nil {
            staged.fd = RawPath.withCString(Console.parentFolder(of: final)) { glint_open_unnamed($0, 0o666) }
        }
        if staged.fd < 0 {
            // No O_TMPFILE here (EOPNOTSUPP, EISDIR, EINVAL, …): a named temporary file, which
            // reports the folder's real problem if there is one.
            for _ in 0..<temporaryNameAttempts where staged.fd < 0 {
                staged.temporary = temporaryName(for: final)
                staged.slot = try register(staged.temporary, for: file)
                staged.fd = RawPath.open(staged.temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
                if staged.fd >= 0 {
                    glint_cleanup_created(staged.slot)
                } else {
                    let number = errno
                    glint_cleanup_unregister(staged.slot)
                    staged.temporary = ""
                    guard number == EEXIST else { throw writeError(file, number) }
                }
            }
            guard staged.fd >= 0 else { throw writeError(file, EEXIST) }
        }
        if let existing = RawPath.stat(final) { _ = fchmod(staged.fd, existing.st_mode & 0o7777) }
        do {
            try file.write(staged.fd)
            guard fsync(staged.fd) == 0 else { throw POSIXError(code(errno)) }
            if !staged.temporary.isEmpty {
                let closed = close(staged.fd)
                staged.fd = -1
                guard closed == 0 else { throw POSIXError(code(errno)) }
            }
            return staged
        } catch {
            staged.discard()
            throw wrapped(error, file)
        }
    }

    /// Gives an unnamed staged file its temporary name (link(2) cannot replace the old file;
    /// the rename that follows does, at once) and closes it.
    private static func name(_ staged: inout Staged) throws {
        guard staged.fd >= 0, staged.temporary.isEmpty else { return }
        for _ in 0..<temporaryNameAttempts {
            let temporary = temporaryName(for: staged.final)
            // Registered before the name exists, so that a signal from here on removes it.
            let slot = try register(temporary, for: staged.file)
            if RawPath.withCString(temporary, { glint_link_unnamed(staged.fd, $0) }) == 0 {
                (staged.temporary, staged.slot) = (temporary, slot)
                glint_cleanup_created(slot)
                let closed = close(staged.fd)
                staged.fd = -1
                guard closed == 0 else { throw writeError(staged.file, errno) }
                return
            }
            let number = errno
            glint_cleanup_unregister(slot)
            guard number == EEXIST else { throw writeError(staged.file, number) }
        }
        throw writeError(staged.file, EEXIST)
    }

    /// Registers `temporary` for removal on a signal, or says why it cannot be.
    private static func register(_ temporary: String, for file: OutputFile) throws -> Int32 {
        let slot = RawPath.withCString(temporary) { glint_cleanup_register($0) }
        guard slot >= 0 else { throw writeError(file, ENAMETOOLONG) }
        return slot
    }

    /// Opens a device, FIFO or socket for writing (never creating or truncating it) and writes.
    /// A FIFO waits for its reader to open it, as any writer does.
    private static func writeDirectly(_ file: OutputFile) throws {
        // A reader that goes away must be an error (EPIPE), not a signal that kills glint.
        signal(SIGPIPE, SIG_IGN)
        let fd = RawPath.open(file.path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw writeError(file, errno) }
        do {
            try file.write(fd)
        } catch {
            close(fd)
            throw wrapped(error, file)
        }
        guard close(fd) == 0 else { throw writeError(file, errno) }
    }

    /// Writes to standard output, which stays open (`--output -`).
    private static func writeStandardOutput(_ file: OutputFile) throws {
        signal(SIGPIPE, SIG_IGN)
        do {
            try file.write(STDOUT_FILENO)
        } catch {
            throw wrapped(error, file)
        }
    }

    /// Writes all of `data`, retrying short writes; a failed write throws its errno.
    static func writeAll(_ data: Data, to fd: Int32) throws {
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var done = 0
            while done < bytes.count {
                let n = Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { throw POSIXError(code(n < 0 ? errno : EIO)) }
                done += n
            }
        }
    }

    /// Makes a rename durable; a folder that cannot be synced changes nothing about the result.
    private static func syncFolder(_ folder: String) {
        let fd = RawPath.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    private static func wrapped(_ error: any Error, _ file: OutputFile) -> any Error {
        if let posix = error as? POSIXError { return writeError(file, posix.code.rawValue) }
        return error
    }

    private static func writeError(_ file: OutputFile, _ number: Int32) -> AppError {
        AppError("cannot write \(file.what) \(file.place): \(BoundedFile.describe(number))")
    }

    private static func code(_ number: Int32) -> POSIXErrorCode {
        POSIXErrorCode(rawValue: number) ?? .EIO
    }

}

extension OutputFiles {
    /// Writes `file` as a new file at its path, never replacing one (the window's S key): written
    /// and synced beside it first, then linked to the path only if no file has that name (link(2)
    /// fails rather than replace), so the file appears whole or not at all. Returns false, with
    /// nothing written, when the name is taken; throws one line when it cannot be written.
    static func create(_ file: OutputFile) throws -> Bool {
        guard RawPath.lstat(file.path) == nil else { return false }
        guard case .replace(let final) = try destination(of: file) else { return false }
        glint_cleanup_install()
        var staged = try stage(file, replacing: final)
        defer { staged.discard() }
        try name(&staged)
        let linked = RawPath.withCString(staged.temporary) { from in RawPath.withCString(final) { Glibc.link(from, $0) } }
        guard linked == 0 else {
            if errno == EEXIST { return false }
            throw writeError(file, errno)
        }
        syncFolder(Console.parentFolder(of: final))
        return true
    }
}
