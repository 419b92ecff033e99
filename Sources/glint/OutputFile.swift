import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One file a command writes: its path as the user gave it, what messages call it ("the image"),
/// and how its bytes are made into an open file descriptor.
struct OutputFile {
    var path: String
    var what: String
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
}

/// Writing outputs without clobbering what isn't ours.
///
/// A regular file (or a new one) is replaced atomically: a temporary file beside it, fsync, rename,
/// so a failure never leaves half a file and the user's old file survives until everything
/// succeeded. A symbolic link is followed to its final target and that is written, the link kept.
/// A character device, FIFO or socket (/dev/null, a pipe) is opened and written as it is, never
/// replaced or removed. Folders, block devices, /proc and /sys, and an empty path are refused.
enum OutputFiles {
    /// Where a path leads, decided before anything is written.
    enum Destination: Equatable {
        /// A regular file, existing or new, at this path (symbolic links resolved): replaced by rename.
        case replace(String)
        /// A device, FIFO or socket: written in place through the path as given.
        case direct
    }

    /// Symbolic links followed before giving up, as the kernel's own limit.
    static let maxLinkHops = 40

    /// Fails early, before any rendering, with one line when `path` cannot be written.
    static func check(_ path: String, what: String) throws {
        _ = try destination(of: path, what: what)
    }

    /// Writes every file or none: regular targets are staged as temporary files first, devices
    /// are written next, and only then are the temporary files renamed into place. On any failure
    /// the temporary files are removed and every existing file is left as it was.
    static func commit(_ files: [OutputFile]) throws {
        let plans = try files.map { ($0, try destination(of: $0.path, what: $0.what)) }
        var staged: [(temporary: String, final: String)] = []
        defer { for file in staged { unlink(file.temporary) } }
        for (file, destination) in plans {
            guard case .replace(let final) = destination else { continue }
            staged.append((try stage(file, replacing: final), final))
        }
        for (file, destination) in plans where destination == .direct {
            try writeDirectly(file)
        }
        while let file = staged.first {
            guard rename(file.temporary, file.final) == 0 else {
                let reason = describe(errno)
                let original = plans.first { $0.1 == .replace(file.final) }?.0
                throw AppError("cannot write \(original?.what ?? "the file") '\(original?.path ?? file.final)': \(reason)")
            }
            staged.removeFirst()
            syncFolder(Console.parentFolder(of: file.final))
        }
    }

    /// Where `path` leads, or one line saying why it cannot be written.
    static func destination(of path: String, what: String) throws -> Destination {
        func refuse(_ reason: String, exitCode: Int32 = 1) -> AppError {
            AppError("cannot write \(what) '\(path)': \(reason)", exitCode: exitCode)
        }
        guard !path.isEmpty else { throw refuse("the path is empty", exitCode: 2) }
        var info = stat()
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR: throw refuse("it is a folder")
            case S_IFBLK: throw refuse("it is a block device, which glint never writes to")
            case S_IFCHR, S_IFIFO, S_IFSOCK:
                guard access(path, W_OK) == 0 else { throw refuse(describe(errno)) }
                return .direct
            default: break
            }
        }
        // A regular file, or none yet: find the file the links end at, and check its folder.
        let final = try resolveLinks(path, refuse: refuse)
        let folder = Console.parentFolder(of: final)
        var folderInfo = stat()
        guard stat(folder, &folderInfo) == 0 else {
            throw errno == ENOENT ? refuse("the folder '\(folder)' does not exist") : refuse(describe(errno))
        }
        guard folderInfo.st_mode & S_IFMT == S_IFDIR else { throw refuse("'\(folder)' is not a folder") }
        if let real = realFolder(folder), isKernelFileSystem(real) {
            throw refuse("it is inside \(real.hasPrefix("/proc") ? "/proc" : "/sys"), which holds the kernel's own files")
        }
        var finalInfo = stat()
        if lstat(final, &finalInfo) == 0 {
            guard finalInfo.st_mode & S_IFMT == S_IFREG else { throw refuse("it is not a regular file") }
            guard access(final, W_OK) == 0 else { throw refuse("the file is not writable") }
        }
        guard access(folder, W_OK) == 0 else { throw refuse("the folder '\(folder)' is not writable") }
        return .replace(final)
    }

    /// The path a chain of symbolic links ends at (which may not exist yet).
    private static func resolveLinks(_ path: String, refuse: (String, Int32) -> AppError) throws -> String {
        var current = path
        for _ in 0..<maxLinkHops {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { throw refuse(describe(errno), 1) }
            let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : Console.parentFolder(of: current) + "/" + target
        }
        throw refuse(describe(ELOOP), 1)
    }

    /// The folder with every link and `..` resolved, or nil when it cannot be.
    private static func realFolder(_ folder: String) -> String? {
        guard let real = realpath(folder, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    private static func isKernelFileSystem(_ real: String) -> Bool {
        ["/proc", "/sys"].contains { real == $0 || real.hasPrefix($0 + "/") }
    }

    /// Writes `file` to a new temporary file beside `final` (its mode copied from an existing
    /// file) and returns the temporary path; nothing is left behind when that fails.
    private static func stage(_ file: OutputFile, replacing final: String) throws -> String {
        let folder = Console.parentFolder(of: final)
        let name = String(final.split(separator: "/").last ?? "output")
        var temporary = ""
        var fd: Int32 = -1
        for _ in 0..<16 where fd < 0 {
            temporary = "\(folder)/.\(name).glint-\(UInt32.random(in: 0...UInt32.max)).tmp"
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd < 0 && errno != EEXIST { break }
        }
        guard fd >= 0 else { throw writeError(file, errno) }
        var existing = stat()
        if stat(final, &existing) == 0 { _ = fchmod(fd, existing.st_mode & 0o7777) }
        do {
            try file.write(fd)
            guard fsync(fd) == 0 else { throw POSIXError(code(errno)) }
            let closed = close(fd)
            fd = -1
            guard closed == 0 else { throw POSIXError(code(errno)) }
            return temporary
        } catch {
            if fd >= 0 { close(fd) }
            unlink(temporary)
            throw wrapped(error, file)
        }
    }

    /// Opens a device, FIFO or socket for writing (never creating or truncating it) and writes.
    /// A FIFO waits for its reader to open it, as any writer does.
    private static func writeDirectly(_ file: OutputFile) throws {
        // A reader that goes away must be an error (EPIPE), not a signal that kills glint.
        signal(SIGPIPE, SIG_IGN)
        var fd: Int32
        repeat { fd = open(file.path, O_WRONLY | O_CLOEXEC | O_NOCTTY) } while fd < 0 && errno == EINTR
        guard fd >= 0 else { throw writeError(file, errno) }
        do {
            try file.write(fd)
        } catch {
            close(fd)
            throw wrapped(error, file)
        }
        guard close(fd) == 0 else { throw writeError(file, errno) }
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
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    private static func wrapped(_ error: any Error, _ file: OutputFile) -> any Error {
        if let posix = error as? POSIXError { return writeError(file, posix.code.rawValue) }
        return error
    }

    private static func writeError(_ file: OutputFile, _ number: Int32) -> AppError {
        AppError("cannot write \(file.what) '\(file.path)': \(describe(number))")
    }

    private static func code(_ number: Int32) -> POSIXErrorCode {
        POSIXErrorCode(rawValue: number) ?? .EIO
    }

    /// The C library's words for an errno, in a message's lower case: "no space left on device".
    static func describe(_ number: Int32) -> String {
        let text = String(cString: strerror(number))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
