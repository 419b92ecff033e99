import Foundation
import Glint
import GlintRender
import Testing

/// The library's images go through the same bounded reader as the command line: a header that
/// declares more than 16384 pixels a side is refused before its pixels are allocated.
@Suite("Library images over the size limit")
struct ImageLimitLibraryTests {
    /// A 69-byte PNG declaring 65535 × 65535 pixels, written to a temporary file.
    static func bomb() throws -> String {
        func bigEndian(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)] }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let typeAndData = Array(type.utf8) + data
            var c: UInt32 = 0xffff_ffff
            for b in typeAndData {
                c ^= UInt32(b)
                for _ in 0..<8 { c = c & 1 != 0 ? 0xedb8_8320 ^ (c >> 1) : c >> 1 }
            }
            return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(c ^ 0xffff_ffff)
        }
        let png = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", bigEndian(65535) + bigEndian(65535) + [8, 6, 0, 0, 0])
            + chunk("IDAT", [0x78, 0x01, 0x01, 0x01, 0x00, 0xfe, 0xff, 0x00, 0x00, 0x01, 0x00, 0x01]) + chunk("IEND", [])
        let path = NSTemporaryDirectory() + "glint-bomb-\(UUID().uuidString).png"
        try Data(png).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("Image(contentsOf:) throws the size; Image(path) shows the placeholder and reports it")
    func refused() throws {
        let path = try Self.bomb()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let message = "cannot read image '\(path)': the image is 65535×65535; at most 16384 pixels a side"
        #expect(throws: RenderError.image(message)) { try Image(contentsOf: URL(fileURLWithPath: path)) }
        let named = Image(path)
        #expect(named.width == 16 && named.height == 16, "the placeholder")
        var resolved = ResolvedView()
        resolved.update(named, in: CGSize(width: 20, height: 20), scale: 1)
        #expect(resolved.errors.map(\.description) == [message])
    }
}
