import Foundation
import GlintCore
import GlintRender
import enum Glint.UserFile
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
    /// names it as the user knows it ("the image 'card.png' for --image"): the library's `UserFile`.
    static func read(_ path: String, as subject: String, limit: Int) throws -> [UInt8] {
        try UserFile.read(path, as: subject, limit: limit)
    }
}
