import Foundation
import Testing
@testable import GlintCore
@testable import GlintRender

/// The streaming PNG writer `glint render` uses: the same bytes as the in-memory encoder, from a
/// framebuffer read back a strip at a time, and write failures reported with their errno.
@Suite("Streaming PNG", .serialized)
struct PNGStreamTests {
    /// Writes through `body` into a temporary file and returns its bytes.
    static func streamed(_ body: (Int32) throws -> Void) throws -> [UInt8] {
        let path = NSTemporaryDirectory() + "glint-stream-\(UUID().uuidString).png"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(fd >= 0)
        defer { unlink(path) }
        try body(fd)
        close(fd)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test("streamed rows give the very bytes PNG.encode gives for the same pixels")
    func sameBytesAsEncode() throws {
        var generator = SystemRandomNumberGenerator()
        for (width, height) in [(1, 1), (3, 2), (97, 61), (640, 360)] {
            // Smooth gradients compress like renders do; noise exercises the filters.
            var rgba = [UInt8](repeating: 0, count: width * height * 4)
            for i in stride(from: 0, to: rgba.count, by: 4) {
                let x = (i / 4) % width, y = (i / 4) / width
                rgba[i] = UInt8(x * 255 / max(width - 1, 1)); rgba[i + 1] = UInt8(y * 255 / max(height - 1, 1))
                rgba[i + 2] = UInt8.random(in: 0...255, using: &generator); rgba[i + 3] = UInt8((x + y) % 256)
            }
            let encoded = try PNG.encode(width: width, height: height, rgba: rgba)
            let streamed = try Self.streamed { try PNG.write(width: width, height: height, rgba: rgba, to: $0) }
            #expect(streamed == encoded, "\(width)x\(height): \(streamed.count) bytes streamed, \(encoded.count) encoded")
        }
    }

    @Test("a frame streamed strip by strip from the GPU equals the whole frame read back and encoded")
    func framebufferInStrips() throws {
        let context = try HeadlessContext()
        // Tall enough at scale 3 (900x510, 1.8 MB) for several strips when strips are small.
        let target = try ChainFrames.render([WaveformEffect()], size: Size(width: 300, height: 170), scale: 3, time: 1,
                                            events: [PointerEvent(.down, Point(x: 150, y: 85), at: 0.2)])
        let fb = target.framebuffer
        let whole = try PNG.encode(width: fb.pixelWidth, height: fb.pixelHeight, rgba: target.readPixels())
        for stripBytes in [PNG.stripBytes, 100_000] { // one strip; 27 rows a strip, the last one short
            let streamed = try Self.streamed { try PNG.write(framebuffer: fb, to: $0, stripBytes: stripBytes) }
            #expect(streamed == whole, "strips of \(stripBytes) bytes")
        }
        // Odd strip sizes: every top-down row lands where readPixels puts it.
        var strip = [UInt8](repeating: 0, count: 7 * fb.pixelWidth * 4)
        let all = target.readPixels()
        for top in [0, 7, 250, fb.pixelHeight - 7] {
            strip.withUnsafeMutableBytes { RenderTarget.readRows(fb, from: top, count: 7, into: $0) }
            #expect(Array(all[top * fb.pixelWidth * 4 ..< (top + 7) * fb.pixelWidth * 4]) == strip, "rows \(top)…")
        }
        withExtendedLifetime(context) {}
    }

    @Test("a write that fails reports its errno: /dev/full is out of space")
    func writeFailure() throws {
        let fd = open("/dev/full", O_WRONLY)
        #expect(fd >= 0)
        defer { close(fd) }
        let rgba = [UInt8](repeating: 200, count: 64 * 64 * 4)
        #expect(throws: POSIXError(.ENOSPC)) { try PNG.write(width: 64, height: 64, rgba: rgba, to: fd) }
    }
}
