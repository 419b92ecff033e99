import Foundation
import Glint
import GlintRender
import GlintTestSupport
import Testing

/// The library's images go through the same bounded reader as the command line: a header that
/// declares more than 16384 pixels a side is refused before its pixels are allocated.
@Suite("Library images over the size limit")
struct ImageLimitLibraryTests {
    /// A 69-byte PNG declaring 65535 × 65535 pixels, written to a temporary file.
    static func bomb() throws -> String {
        let png = CraftedPNG.bomb(width: 65535, height: 65535)
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
