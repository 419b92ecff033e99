import Foundation
import GlintCore
#if canImport(Glibc)
import Glibc
#endif

/// Reading a file the user named (an image, an `--input @FILE`, an effect `.frag`): only a
/// regular file, only up to a size, and one line saying what is wrong otherwise. A FIFO is never
/// waited on (it is opened without blocking and refused), a device like /dev/zero is never read
/// forever, and the path is used as the bytes given (`RawPath`).
enum InputFiles {
    /// The largest image file glint reads (`--image`, an image `--param`).
    static let imageLimit = 64 << 20  // bytes
    /// The largest event file (`--input @FILE`).
    static let eventsLimit = 1 << 20  // bytes
    /// The largest effect file (`--effect my.frag`).
    static let shaderLimit = 1 << 20  // bytes
    /// How much is read at a time.
    private static let chunk = 1 << 16  // bytes

    /// The whole file at `path`, or an `InputError` "cannot read `subject`: why", where `subject`
    /// names it as the user knows it ("the image 'card.png' for --image").
    static func read(_ path: String, as subject: String, limit: Int) throws -> [UInt8] {
        func refuse(_ reason: String) -> InputError {
            InputError("cannot read \(subject): \(reason)")
        }
        guard !path.isEmpty else { throw refuse("the path is empty") }
        guard let info = RawPath.stat(path) else { throw refuse(reason(errno)) }
        if let kind = notAFile(info.st_mode) { throw refuse(kind) }
        // Not blocking: a FIFO swapped in since the stat must not wait for a writer.
        let fd = RawPath.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw refuse(reason(errno)) }
        defer { close(fd) }
        var opened = stat()
        guard fstat(fd, &opened) == 0 else { throw refuse(reason(errno)) }
        if let kind = notAFile(opened.st_mode) { throw refuse(kind) }
        if Int(opened.st_size) > limit { throw refuse(tooLarge(Int(opened.st_size), limit: limit)) }
        // Read to the end, never past the limit: a file that grows, or one whose size the
        // kernel does not report (/proc), is stopped there.
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard n >= 0 else { throw refuse(reason(errno)) }
            if n == 0 { return bytes }
            bytes.append(contentsOf: buffer[0..<n])
            if bytes.count > limit { throw refuse(tooLarge(nil, limit: limit)) }
        }
    }

    /// What a file of this mode is, when it is not a regular file.
    private static func notAFile(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "it is a folder"
        case S_IFIFO: return "it is a FIFO (a named pipe), not a file"
        case S_IFCHR: return "it is a character device, not a file"
        case S_IFBLK: return "it is a block device, not a file"
        case S_IFSOCK: return "it is a socket, not a file"
        default: return "it is not a regular file"
        }
    }

    /// Why a path could not be looked at or opened, in a user's words.
    private static func reason(_ number: Int32) -> String {
        switch number {
        case ENOENT: return "no such file"
        case ENOTDIR: return "a part of the path is not a folder"
        case EACCES, EPERM: return "not readable (permission denied)"
        case ENXIO: return "it is a socket or a device with nothing behind it, not a file"
        default: return OutputFiles.describe(number)
        }
    }

    /// "it is 64.1 MiB, larger than the 64 MiB glint reads": sizes rounded up to a tenth, so a
    /// file one byte over never reads as the limit itself.
    private static func tooLarge(_ size: Int?, limit: Int) -> String {
        let mib = { (bytes: Int) in fmt((Double(bytes) / Double(1 << 20) * 10).rounded(.up) / 10) }
        let actual = size.map { "it is \(mib($0)) MiB, " } ?? "it is "
        return "\(actual)larger than the \(mib(limit)) MiB glint reads"
    }
}
