import Foundation
import GlintRender
import GlintTestSupport
import Testing

/// Pictures that lie about themselves: a few bytes declaring a gigapixel image, a chunk claiming
/// 2 GiB, a file cut short. Each is refused by the release binary in one line, quickly, in little
/// memory, before anything is allocated for what the file claims.
@Suite("Image limits", .serialized, .removesTemporaryFiles)
struct ImageLimitTests {
    /// A PNG chunk: length, type, data, CRC.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc32(typeBytes + data))
    }

    static func bigEndian(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// About 70 bytes: a header declaring `width` x `height` RGBA pixels, one tiny IDAT, the end.
    static func bomb(width: UInt32, height: UInt32) -> [UInt8] {
        let header = bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0]
        // A stored (uncompressed) zlib stream of five zero bytes.
        let idat: [UInt8] = [0x78, 0x01, 0x01, 0x05, 0x00, 0xFA, 0xFF, 0, 0, 0, 0, 0, 0x00, 0x05, 0x00, 0x01]
        return signature + chunk("IHDR", header) + chunk("IDAT", idat) + chunk("IEND", [])
    }

    /// The bad files, by name, with what glint must say of each.
    static func files(in dir: String) throws -> [(name: String, expected: String)] {
        var made: [(String, [UInt8], String)] = []
        for (w, h) in [(65535, 65535), (100_000, 100_000), (1_000_000, 1_000_000), (30000, 30000), (16385, 1), (1, 16385)] as [(UInt32, UInt32)] {
            made.append(("bomb-\(w)x\(h).png", bomb(width: w, height: h), "the image is \(w)×\(h); at most 16384 pixels a side"))
        }
        made.append(("pixels.png", bomb(width: 16384, height: 16384), "the image is 16384×16384, 268435456 pixels; at most 134217728"))
        // A text chunk that claims 2^31 - 1 bytes, in a 54-byte file.
        let header = bigEndian(1) + bigEndian(1) + [8, 6, 0, 0, 0]
        made.append(("text.png", signature + chunk("IHDR", header) + bigEndian(UInt32(Int32.max)) + Array("tEXtComment\u{0}hi".utf8),
                     "the PNG is truncated: its tEXt chunk says 2147483647 bytes, and only 10 follow"))
        // A real picture cut in the middle of its pixels.
        var rgba: [UInt8] = []
        for i in 0..<(64 * 64) { rgba += [UInt8(i % 251), UInt8(i % 13 * 19), UInt8(i % 7 * 36), 255] }
        let whole = try PNG.encode(width: 64, height: 64, rgba: rgba)
        made.append(("cut.png", Array(whole.prefix(whole.count / 2)), "the PNG is truncated: its IDAT chunk says"))
        made.append(("empty.png", [], "not a PNG file"))
        made.append(("signature.png", Array(signature.prefix(5)), "the PNG is truncated: it ends inside its signature"))
        made.append(("text.txt.png", Array("not a png at all".utf8), "not a PNG file"))
        for (name, bytes, _) in made {
            try Data(bytes).write(to: URL(fileURLWithPath: dir + "/" + name))
        }
        return made.map { ($0.0, $0.2) }
    }

    @Test("a lying or cut-short PNG as --image or as dissolve's noise: one line, exit 2, no output, in little memory")
    func lyingImages() throws {
        let dir = try CLI.temporaryFolder()
        for (name, expected) in try Self.files(in: dir) {
            for (option, owner) in [(["--image", name], "--image"), (["--effect", "dissolve", "--param", "dissolve.noise=" + name], "dissolve.noise")] {
                // Under a 1 GB address-space limit: the old decoder aborted here, asking for 3.6 GB
                // for a 30000x30000 header, or 2 GiB for the text chunk.
                let r = try CLI.run(["prlimit", "--as=1000000000", CLI.binary, "render"] + option + ["--size", "64x36", "--output", "out.png"],
                                    in: dir, executable: "/usr/bin/env", timeout: 20)
                #expect(r.status == 2, "\(name) as \(owner): exit \(r.status): \(r.stderr)")
                #expect(r.stderrLines.count == 1 && r.stderr.contains("cannot read the image '\(name)' for \(owner): \(expected)"),
                        "\(name) as \(owner): \(r.stderr)")
                #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
            }
        }
    }

    @Test("the largest allowed side decodes: a 16384x1 picture renders as the content")
    func largestSide() throws {
        let dir = try CLI.temporaryFolder()
        let width = 16384
        var rgba = [UInt8](repeating: 0, count: width * 4)
        for x in 0..<width { rgba[x * 4] = 200; rgba[x * 4 + 3] = 255 }
        try Data(try PNG.encode(width: width, height: 1, rgba: rgba)).write(to: URL(fileURLWithPath: dir + "/line.png"))
        let r = try CLI.run(["render", "--image", "line.png", "--size", "64x36", "--no-tear", "--output", "out.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let out = try PNG.read(dir + "/out.png")
        let centre = (18 * 64 + 32) * 4
        #expect(Array(out.rgba[centre..<centre + 4]) == [200, 0, 0, 255], "the picture stretched over the view")
    }
}
