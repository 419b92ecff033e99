import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reading a file a user named (an image, an event file, an effect file, a shader in a
/// `--shaders` folder or a `ShaderLibrary`): only a regular file, only up to a limit, never
/// waiting on a FIFO (opened without blocking, then refused) and never reading a device such as
/// /dev/zero for ever. What was opened is checked again, since the path may have changed since
/// it was looked at. Callers word the failure for their own messages.
public enum BoundedFile {
    /// Why a file was not read.
    public enum Failure: Error, Equatable {
        /// Looking at the path failed with this errno (ENOENT, ENOTDIR, ELOOP, EACCES, …).
        case unreachable(Int32)
        /// Opening it failed with this errno.
        case cannotOpen(Int32)
        /// It is there but is not a regular file: what it is, in words (`kind(of:)`).
        case notRegular(String)
        /// It is larger than the limit: its size when the kernel reported one over the limit, nil
        /// when it grew past the limit while being read (or /proc reported no size).
        case tooLarge(Int?)
        /// Reading failed with this errno.
        case readFailed(Int32)
    }

    /// How much is read at a time.
    private static let chunk = 1 << 16 // bytes

    /// The whole file at `path` (a C string, the bytes the user gave), at most `limit` bytes.
    public static func read(_ path: UnsafePointer<CChar>, limit: Int) -> Result<[UInt8], Failure> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(.unreachable(errno)) }
        if let kind = kind(of: info.st_mode) { return .failure(.notRegular(kind)) }
        if Int(info.st_size) > limit { return .failure(.tooLarge(Int(info.st_size))) }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(.cannotOpen(errno)) }
        defer { close(fd) }
        // What was opened may not be what was looked at a moment ago.
        guard fstat(fd, &info) == 0 else { return .failure(.unreachable(errno)) }
        if let kind = kind(of: info.st_mode) { return .failure(.notRegular(kind)) }
        if Int(info.st_size) > limit { return .failure(.tooLarge(Int(info.st_size))) }
        // Read to the end, never past the limit: a file that grows is stopped there.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard n >= 0 else { return .failure(.readFailed(errno)) }
            if n == 0 { return .success(bytes) }
            bytes.append(contentsOf: buffer[0..<n])
            if bytes.count > limit { return .failure(.tooLarge(nil)) }
        }
    }

    /// What a file of this mode is, in words, when it is not a regular file; nil when it is.
    public static func kind(of mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO (a named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    /// "64 MiB", "2.1 MiB": a size in MiB rounded up to a tenth, so a file one byte over a limit
    /// never reads as the limit itself.
    public static func mebibytes(_ bytes: Int) -> String {
        let tenths = (Double(bytes) / Double(1 << 20) * 10).rounded(.up) / 10
        return tenths == tenths.rounded() ? "\(Int(tenths)) MiB" : "\(tenths) MiB"
    }

    /// The C library's words for an errno, in a message's lower case: "no space left on device".
    public static func describe(_ number: Int32) -> String {
        let text = String(cString: strerror(number))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
