@preconcurrency import CPNG
import Foundation
import GlintTestSupport
import Testing
@testable import GlintCore
@testable import GlintRender

/// PNG files made byte by byte: any colour type, bit depth and interlacing, and headers and
/// chunks that lie. Image data is a zlib stream of stored (uncompressed) blocks.
extension CraftedPNG {
    static func ihdr(width: UInt32, height: UInt32, bitDepth: UInt8 = 8, colorType: UInt8 = 6, interlaced: Bool = false) -> [UInt8] {
        chunk("IHDR", bigEndian(width) + bigEndian(height) + [bitDepth, colorType, 0, 0, interlaced ? 1 : 0])
    }

    /// `data` as a zlib stream of stored blocks.
    static func zlib(_ data: [UInt8]) -> [UInt8] {
        let blockBytes = 65535
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let n = min(blockBytes, data.count - start)
            let final: UInt8 = start + n == data.count ? 1 : 0
            out += [final, UInt8(n & 0xff), UInt8(n >> 8), UInt8(~n & 0xff), UInt8((~n >> 8) & 0xff)]
            out += data[start ..< start + n]
            start += n
        } while start < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return out + bigEndian(b << 16 | a)
    }

    /// Adam 7's passes: first column and row, column and row steps.
    static let adam7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]

    /// A whole PNG of `samples[y][x]` (each pixel's channels, at most 2^bitDepth − 1), with
    /// filter 0 on every row; `beforeData` chunks come after IHDR (and PLTE).
    static func image(_ samples: [[[UInt16]]], bitDepth: Int, colorType: UInt8, interlaced: Bool = false,
                      palette: [UInt8]? = nil, transparency: [UInt8]? = nil, beforeData: [UInt8] = []) -> [UInt8] {
        let height = samples.count, width = samples[0].count
        func row(_ pixels: [[UInt16]]) -> [UInt8] {
            var bytes: [UInt8] = [0]
            var bits = 0, acc = 0
            for value in pixels.joined() {
                switch bitDepth {
                case 16: bytes += [UInt8(value >> 8), UInt8(value & 0xff)]
                case 8: bytes.append(UInt8(value))
                default:
                    acc = acc << bitDepth | Int(value)
                    bits += bitDepth
                    if bits == 8 { bytes.append(UInt8(acc)); acc = 0; bits = 0 }
                }
            }
            if bits > 0 { bytes.append(UInt8(acc << (8 - bits))) }
            return bytes
        }
        var raw: [UInt8] = []
        if interlaced {
            for (x0, y0, dx, dy) in adam7 where x0 < width && y0 < height {
                for y in stride(from: y0, to: height, by: dy) {
                    raw += row(stride(from: x0, to: width, by: dx).map { samples[y][$0] })
                }
            }
        } else {
            for y in 0..<height { raw += row(samples[y]) }
        }
        var png = signature + ihdr(width: UInt32(width), height: UInt32(height), bitDepth: UInt8(bitDepth), colorType: colorType, interlaced: interlaced)
        if let palette { png += chunk("PLTE", palette) }
        if let transparency { png += chunk("tRNS", transparency) }
        png += beforeData
        return png + chunk("IDAT", zlib(raw)) + chunk("IEND", [])
    }

    /// Random samples for `width` × `height` pixels of `channels` channels below `limit`.
    static func samples(width: Int, height: Int, channels: Int, limit: Int, using generator: inout some RandomNumberGenerator) -> [[[UInt16]]] {
        (0..<height).map { _ in (0..<width).map { _ in (0..<channels).map { _ in UInt16(Int.random(in: 0..<limit, using: &generator)) } } }
    }

    /// A signature, a header declaring `width` × `height`, one byte of image data and the end:
    /// a decompression bomb of 69 bytes.
    static func bomb(width: UInt32, height: UInt32) -> [UInt8] {
        signature + ihdr(width: width, height: height) + chunk("IDAT", zlib([0])) + chunk("IEND", [])
    }
}

/// A generator that gives the same numbers every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state ^ (state >> 29)
    }
}

/// The bounded PNG reader: what it decodes equals libpng's simplified API, and what lies about
/// its size, or ends early, is refused with one clause and no large allocation.
@Suite("PNG decoding")
struct PNGDecodeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// libpng's simplified API's RGBA8 (what `PNG.decode` used to call), or nil when it refuses.
    static func simplified(_ bytes: [UInt8]) -> [UInt8]? {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        guard bytes.withUnsafeBytes({ png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }) != 0 else { return nil }
        image.format = glint_png_format_rgba
        var out = [UInt8](repeating: 0, count: Int(image.width) * Int(image.height) * 4)
        let done = out.withUnsafeMutableBytes { px in
            bytes.withUnsafeBytes { _ in png_image_finish_read(&image, nil, px.baseAddress, 0, nil) }
        }
        return done != 0 ? out : nil
    }

    /// The reason `decode` gives for refusing `bytes`.
    static func refusal(_ bytes: [UInt8]) -> String? {
        do {
            _ = try PNG.decode(bytes)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("the goldens and the built-in assets decode to the very pixels libpng's simplified API gives")
    func sameAsSimplifiedForFiles() throws {
        let folders = ["Tests/GlintRenderTests/Goldens", "Assets", "docs/images"]
        var compared = 0
        for folder in folders {
            let names = try FileManager.default.contentsOfDirectory(atPath: Self.root + "/" + folder).filter { $0.hasSuffix(".png") }
            for name in names {
                let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.root + "/\(folder)/\(name)")))
                let decoded = try PNG.decode(bytes)
                #expect(decoded.rgba == Self.simplified(bytes), "\(folder)/\(name)")
                compared += 1
            }
        }
        #expect(compared >= 4, "found only \(compared) PNGs")
    }

    @Test("palette, grey, grey and alpha, RGB and RGBA at every bit depth, with tRNS and gAMA, decode as the simplified API does")
    func sameAsSimplifiedForEveryKind() throws {
        var generator = SeededGenerator(state: 14)
        let (width, height) = (13, 11) // odd sizes: partial bytes at low depths, short interlace passes
        var cases: [(String, [UInt8])] = []
        for interlaced in [false, true] {
            // 16-bit interlaced images are compared below: the simplified API misreads them.
            for depth in [1, 2, 4, 8, 16] where !(interlaced && depth == 16) {
                let s = CraftedPNG.samples(width: width, height: height, channels: 1, limit: 1 << depth, using: &generator)
                cases.append(("grey \(depth)", CraftedPNG.image(s, bitDepth: depth, colorType: 0, interlaced: interlaced)))
                if depth >= 8 {
                    let grey = UInt16(s[0][0][0])
                    let key = depth == 16 ? [UInt8(grey >> 8), UInt8(grey & 0xff)] : [0, UInt8(grey)]
                    cases.append(("grey \(depth) tRNS", CraftedPNG.image(s, bitDepth: depth, colorType: 0, interlaced: interlaced, transparency: key)))
                    for (type, channels) in [(UInt8(2), 3), (4, 2), (6, 4)] {
                        let c = CraftedPNG.samples(width: width, height: height, channels: channels, limit: 1 << depth, using: &generator)
                        cases.append(("type \(type) \(depth)", CraftedPNG.image(c, bitDepth: depth, colorType: type, interlaced: interlaced)))
                    }
                    let rgb = CraftedPNG.samples(width: width, height: height, channels: 3, limit: 1 << depth, using: &generator)
                    let first = rgb[0][0].flatMap { depth == 16 ? [UInt8($0 >> 8), UInt8($0 & 0xff)] : [0, UInt8($0)] }
                    cases.append(("RGB \(depth) tRNS", CraftedPNG.image(rgb, bitDepth: depth, colorType: 2, interlaced: interlaced, transparency: first)))
                    let rgba = CraftedPNG.samples(width: width, height: height, channels: 4, limit: 1 << depth, using: &generator)
                    for gamma: UInt32 in [100_000, 45455, 70000] {
                        cases.append(("RGBA \(depth) gAMA \(gamma)", CraftedPNG.image(rgba, bitDepth: depth, colorType: 6, interlaced: interlaced,
                                                                                      beforeData: CraftedPNG.chunk("gAMA", CraftedPNG.bigEndian(gamma)))))
                    }
                    cases.append(("RGBA \(depth) sRGB and text", CraftedPNG.image(rgba, bitDepth: depth, colorType: 6, interlaced: interlaced,
                                                                                 beforeData: CraftedPNG.chunk("sRGB", [0]) + CraftedPNG.chunk("tEXt", Array("Comment\0hello".utf8)))))
                }
            }
            for depth in [1, 2, 4, 8] {
                let entries = 1 << depth
                let s = CraftedPNG.samples(width: width, height: height, channels: 1, limit: entries, using: &generator)
                let palette = (0..<entries * 3).map { _ in UInt8.random(in: 0...255, using: &generator) }
                let alphas = (0..<max(1, entries / 2)).map { _ in UInt8.random(in: 0...255, using: &generator) }
                cases.append(("palette \(depth)", CraftedPNG.image(s, bitDepth: depth, colorType: 3, interlaced: interlaced, palette: palette)))
                cases.append(("palette \(depth) tRNS", CraftedPNG.image(s, bitDepth: depth, colorType: 3, interlaced: interlaced, palette: palette, transparency: alphas)))
            }
        }
        for (name, bytes) in cases {
            let decoded = try PNG.decode(bytes)
            #expect(decoded.width == width && decoded.height == height, "\(name)")
            let reference = try #require(Self.simplified(bytes), "\(name): the simplified API reads it")
            #expect(decoded.rgba == reference, "\(name)")
        }
        #expect(cases.count == 52, "every kind above was made")
    }

    @Test("a 16-bit interlaced PNG decodes to the same pixels as the same image not interlaced (libpng 1.6.39's simplified API shuffles them)")
    func sixteenBitInterlaced() throws {
        var generator = SeededGenerator(state: 16)
        for (type, channels) in [(UInt8(0), 1), (2, 3), (4, 2), (6, 4)] {
            let s = CraftedPNG.samples(width: 13, height: 11, channels: channels, limit: 1 << 16, using: &generator)
            let plain = try PNG.decode(CraftedPNG.image(s, bitDepth: 16, colorType: type))
            let interlaced = try PNG.decode(CraftedPNG.image(s, bitDepth: 16, colorType: type, interlaced: true))
            #expect(interlaced.rgba == plain.rgba, "colour type \(type)")
        }
    }

    @Test("headers declaring more than 16384 pixels a side are refused with their size before any pixels are allocated",
          arguments: [(16385, 1), (1, 16385), (30000, 30000), (65535, 65535), (100_000, 100_000), (1_000_000, 1_000_000), (2_147_483_647, 2_147_483_647)])
    func bombs(width: UInt32, height: UInt32) throws {
        let bytes = CraftedPNG.bomb(width: width, height: height)
        #expect(bytes.count == 69)
        let declared = try PNG.size(of: bytes)
        #expect(declared.width == Int(width) && declared.height == Int(height))
        #expect(Self.refusal(bytes) == "the image is \(width)×\(height); at most 16384 pixels a side")
    }

    @Test("an image within the side limit but over the memory budget is refused too; one at the budget is read")
    func budget() throws {
        #expect(PNG.maxSide == 16384 && PNG.maxPixels == 16384 * 8192)
        #expect(Self.refusal(CraftedPNG.bomb(width: 16384, height: 16384))
                == "the image is 16384×16384, 268435456 pixels; at most 134217728 pixels (512 MiB of RGBA)")
        // At the budget the header passes; its one byte of image data is then too little.
        #expect(Self.refusal(CraftedPNG.bomb(width: 16384, height: 8192)) == "a damaged PNG: Not enough image data")
        let wide = try PNG.encode(width: PNG.maxSide, height: 1, rgba: [UInt8](repeating: 7, count: PNG.maxSide * 4))
        #expect(try PNG.decode(wide).rgba.allSatisfy { $0 == 7 })
    }

    @Test("a text chunk claiming 2³¹−1 bytes in a file of 105 is truncated, not 2 GB of memory; a real long text chunk is skipped")
    func lyingTextChunk() throws {
        let header = CraftedPNG.signature + CraftedPNG.ihdr(width: 1, height: 1)
        let lying = header + CraftedPNG.bigEndian(0x7fff_ffff) + Array("tEXtComment\0".utf8) + [UInt8](repeating: 120, count: 56)
        #expect(lying.count == 105)
        #expect(Self.refusal(lying) == "the PNG is truncated: it ends inside its tEXt chunk")
        let pixel = CraftedPNG.zlib([0, 1, 2, 3, 4])
        let long = header + CraftedPNG.chunk("tEXt", Array("Comment\0".utf8) + [UInt8](repeating: 121, count: 9_000_000))
            + CraftedPNG.chunk("IDAT", pixel) + CraftedPNG.chunk("IEND", [])
        #expect(try PNG.decode(long).rgba == [1, 2, 3, 4])
        // After the image data a lying chunk is never read at all.
        let after = header + CraftedPNG.chunk("IDAT", pixel) + CraftedPNG.bigEndian(0x7fff_ffff) + Array("zTXtC\0\0".utf8)
        #expect(try PNG.decode(after).rgba == [1, 2, 3, 4])
    }

    @Test("a PNG that ends early is called truncated wherever it ends; 'not a PNG file' only for a wrong signature")
    func truncatedAndNotPNG() throws {
        let bytes = try PNG.encode(width: 40, height: 30, rgba: (0..<40 * 30 * 4).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let idat = 8 + 25 + 13 // the signature, IHDR and the encoder's sRGB chunk come first
        let cuts: [(Int, String)] = [
            (1, "it ends in its signature"), (7, "it ends in its signature"), (8, "it ends after its signature"),
            (20, "it ends inside its IHDR chunk"), (33, "it ends after its IHDR chunk"), (idat + 4, "it ends after its sRGB chunk"),
            (idat + 20, "it ends inside its IDAT chunk"), (bytes.count - 30, "it ends inside its IDAT chunk"),
        ]
        for (count, place) in cuts {
            #expect(Self.refusal(Array(bytes.prefix(count))) == "the PNG is truncated: \(place)", "cut to \(count) of \(bytes.count) bytes")
        }
        #expect(Self.refusal([]) == "the file is empty")
        #expect(Self.refusal(Array("not a png at all".utf8)) == "not a PNG file")
        #expect(Self.refusal([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0B] + bytes.dropFirst(8)) == "not a PNG file")
        var damaged = bytes
        damaged[20] ^= 1 // inside IHDR: its CRC no longer matches
        #expect(Self.refusal(damaged) == "a damaged PNG: IHDR: CRC error")
    }
}

/// Images too large for the context's textures: refused at upload naming who they are for, or
/// (in a window) drawn as a placeholder with one warning.
@Suite("Image upload limits", .serialized)
struct ImageUploadLimitTests {
    static let viewSize = Size(width: 64, height: 48)
    /// A texture limit lower than llvmpipe's, as a smaller driver has.
    static let lowLimit = 64 // pixels

    static func noise(width: Int, height: Int) -> Image {
        Image(width: width, height: height, pixels: [UInt8](repeating: 128, count: width * height * 4))
    }

    @Test("the renderer's limit is the context's GL_MAX_TEXTURE_SIZE, which on llvmpipe is PNG.maxSide")
    func limitIsTheContexts() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let renderer = try Renderer()
        #expect(renderer.maxImageSide == GL.maxTextureSize)
        #expect(renderer.maxImageSide >= PNG.maxSide, "llvmpipe allows \(renderer.maxImageSide) pixels a side")
    }

    @Test("a dissolve noise wider than the limit fails the frame naming dissolve.noise, not the effect drawn first, and leaves no GL error")
    func refusedNamingTheOwner() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let renderer = try Renderer()
        renderer.maxImageSide = Self.lowLimit
        let dissolve = DeclaredEffect(.dissolve)
        dissolve.setImage("noise", to: Self.noise(width: Self.lowLimit + 1, height: 1))
        let scene: [any Effect] = [HarmonicEffect(), dissolve]
        ChainFrames.run(scene, until: 0, size: Self.viewSize)
        #expect(throws: RenderError.image("cannot draw the image for dissolve.noise: the image is 65×1; at most 64 pixels a side in this OpenGL (its GL_MAX_TEXTURE_SIZE)")) {
            _ = try ChainFrames.draw(scene, with: renderer, size: Self.viewSize, scale: 1)
        }
        try GL.checkError("refusing the image")
        // An image labelled by who gave it is named so; one at the limit draws.
        let content: [any Effect] = [ImageEffect(image: Self.noise(width: 1, height: Self.lowLimit + 1).labelled("--image"))]
        ChainFrames.run(content, until: 0, size: Self.viewSize)
        #expect(throws: RenderError.image("cannot draw the image for --image: the image is 1×65; at most 64 pixels a side in this OpenGL (its GL_MAX_TEXTURE_SIZE)")) {
            _ = try ChainFrames.draw(content, with: renderer, size: Self.viewSize, scale: 1)
        }
        let fits: [any Effect] = [ImageEffect(image: Self.noise(width: Self.lowLimit, height: Self.lowLimit))]
        ChainFrames.run(fits, until: 0, size: Self.viewSize)
        _ = try ChainFrames.draw(fits, with: renderer, size: Self.viewSize, scale: 1)
    }

    @Test("with onOversizedImage set (the window), the image shows as the magenta and black placeholder and is reported once over many frames")
    func placeholderReportedOnce() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let renderer = try Renderer()
        renderer.maxImageSide = Self.lowLimit
        var reports: [String] = []
        renderer.onOversizedImage = { reports.append($0.description) }
        let scene: [any Effect] = [ImageEffect(image: Self.noise(width: 100, height: 1).labelled("--image"))]
        var frame: (width: Int, height: Int, rgba: [UInt8]) = (0, 0, [])
        for _ in 0..<5 {
            ChainFrames.run(scene, until: 0, size: Self.viewSize)
            let target = try ChainFrames.draw(scene, with: renderer, size: Self.viewSize, scale: 1)
            frame = (target.framebuffer.pixelWidth, target.framebuffer.pixelHeight, target.readPixels())
        }
        #expect(reports == ["cannot draw the image for --image: the image is 100×1; at most 64 pixels a side in this OpenGL (its GL_MAX_TEXTURE_SIZE)"])
        // The placeholder's 2 × 2 squares stretched over the view: magenta at the top-left, black beside it.
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(frame.rgba[(y * frame.width + x) * 4 ..< (y * frame.width + x) * 4 + 4]) }
        #expect(pixel(5, 5) == [255, 0, 255, 255], "\(pixel(5, 5))")
        #expect(pixel(frame.width - 5, 5) == [0, 0, 0, 255], "\(pixel(frame.width - 5, 5))")
        #expect(pixel(frame.width - 5, frame.height - 5) == [255, 0, 255, 255])
    }
}
