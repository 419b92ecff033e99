import Foundation
import GlintCore
import GlintRender
#if canImport(Glibc)
import Glibc
#endif

/// Reading a file the user named (an image, an `--input @FILE`, an effect `.frag`) through
/// `BoundedFile`, with the path as the bytes given (`RawPath`), and one line saying what is wrong.
enum InputFiles {
    /// The largest image file glint reads (`--image`, an image `--param`).
    static let imageLimit = 64 << 20  // bytes
    /// The largest event file (`--input @FILE`).
    static let eventsLimit = 1 << 20  // bytes
    /// The largest effect file (`--effect my.frag`): the renderer's cap on any shader source.
    static let shaderLimit = ShaderFile.maxSourceBytes

    /// The whole file at `path`, or an `InputError` "cannot read `subject`: why", where `subject`
    /// names it as the user knows it ("the image 'card.png' for --image").
    static func read(_ path: String, as subject: String, limit: Int) throws -> [UInt8] {
        func refuse(_ reason: String) -> InputError {
            InputError("cannot read \(subject): \(reason)")
        }
        guard !path.isEmpty else { throw refuse("the path is empty") }
        switch RawPath.withCString(path, { BoundedFile.read($0, limit: limit) }) {
        case .success(let bytes): return bytes
        case .failure(.unreachable(let number)), .failure(.cannotOpen(let number)), .failure(.readFailed(let number)):
            throw refuse(reason(number))
        case .failure(.notRegular(let kind)):
            throw refuse(kind == "a folder" ? "it is a folder" : "it is \(kind), not a file")
        case .failure(.tooLarge(let size)):
            throw refuse(tooLarge(size, limit: limit))
        }
    }

    /// Why a path could not be looked at or opened, in a user's words.
    private static func reason(_ number: Int32) -> String {
        switch number {
        case ENOENT: return "no such file"
        case ENOTDIR: return "a part of the path is not a folder"
        case EACCES, EPERM: return "not readable (permission denied)"
        case ENXIO: return "it is a socket or a device with nothing behind it, not a file"
        default: return BoundedFile.describe(number)
        }
    }

    /// "it is 64.1 MiB, larger than the 64 MiB glint reads".
    private static func tooLarge(_ size: Int?, limit: Int) -> String {
        let actual = size.map { "it is \(BoundedFile.mebibytes($0)), " } ?? "it is "
        return "\(actual)larger than the \(BoundedFile.mebibytes(limit)) glint reads"
    }
}
