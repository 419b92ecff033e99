import Foundation
import GlintTestSupport
import Testing
@testable import GlintCore
@testable import GlintRender

/// JPEGs made by ImageMagick from pixels chosen here, decoded by libjpeg-turbo: the pixels come
/// back within JPEG's error, the right way up, from baseline, progressive, greyscale and CMYK
/// files; files that end early, lie about their size or hold thousands of scans are refused
/// with one clause before their pixels are allocated; PNG and JPEG are told apart by content.
@Suite("JPEG decoding", .removesTemporaryFiles)
struct JPEGDecodeTests {
    static let width = 96, height = 64

    /// A picture JPEG keeps well (smooth), that shows which way up it is: a red band along the
    /// top 16 rows, a blue band along the bottom 16, smooth gradients between. `grey` makes R = G = B.
    static func source(grey: Bool = false) -> [UInt8] {
        var rgba: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                var pixel: [UInt8]
                if y < 16 {
                    pixel = [230, 30, 30]
                } else if y >= height - 16 {
                    pixel = [30, 30, 230]
                } else {
                    pixel = [UInt8(40 + x * 2), UInt8(60 + y * 2), UInt8(200 - x)]
                }
                if grey {
                    let level = UInt8((Int(pixel[0]) + Int(pixel[1]) + Int(pixel[2])) / 3)
                    pixel = [level, level, level]
                }
                rgba += pixel + [255]
            }
        }
        return rgba
    }

    /// The mean and largest difference of the colour channels of two RGBA images (alpha must be 255 in `decoded`).
    static func difference(_ decoded: [UInt8], _ source: [UInt8]) -> (mean: Double, max: Int, opaque: Bool) {
        var sum = 0, largest = 0, opaque = true
        for i in 0..<decoded.count {
            if i % 4 == 3 {
                opaque = opaque && decoded[i] == 255
                continue
            }
            let d = abs(Int(decoded[i]) - Int(source[i]))
            sum += d
            largest = max(largest, d)
        }
        return (Double(sum) / Double(decoded.count / 4 * 3), largest, opaque)
    }

    /// `rgba` turned upside down.
    static func flipped(_ rgba: [UInt8]) -> [UInt8] {
        let row = width * 4
        return (0..<height).reversed().flatMap { rgba[$0 * row ..< ($0 + 1) * row] }
    }

    /// JPEG's error at quality 95 on this picture: about 1 on average; edges of the bands reach further.
    static let meanTolerance = 3.0
    static let maxTolerance = 60

    @Test("baseline 4:2:0, 4:4:4 and progressive JPEGs decode to the source's pixels within JPEG's error, rows from the top, opaque",
          arguments: [["-quality", "95"], ["-quality", "95", "-sampling-factor", "1x1"], ["-quality", "95", "-interlace", "Plane"]])
    func colour(options: [String]) throws {
        let source = Self.source()
        let jpeg = try MadeJPEG.encode(width: Self.width, height: Self.height, rgba: source, options: options)
        #expect(ImageFormat(of: jpeg) == .jpeg)
        let decoded = try ImageDecoder.decode(jpeg)
        #expect(decoded.width == Self.width && decoded.height == Self.height)
        let d = Self.difference(decoded.rgba, source)
        #expect(d.mean < Self.meanTolerance && d.max < Self.maxTolerance && d.opaque, "\(options): mean \(d.mean), max \(d.max)")
        // The top row is the red band, as PNG's decoder gives it (rows from the top).
        #expect(decoded.rgba[0] > 200 && decoded.rgba[2] < 60, "the first row is the top's red: \(decoded.rgba[0..<4])")
        #expect(Self.difference(decoded.rgba, Self.flipped(source)).mean > 20, "not upside down")
        let png = try PNG.encode(width: Self.width, height: Self.height, rgba: source)
        #expect(Self.difference(decoded.rgba, try ImageDecoder.decode(png).rgba).mean < Self.meanTolerance, "the same way up as the PNG")
    }

    @Test("a greyscale JPEG (one component) decodes to RGBA with R = G = B equal to the source")
    func greyscale() throws {
        let source = Self.source(grey: true)
        let jpeg = try MadeJPEG.encode(width: Self.width, height: Self.height, rgba: source, options: ["-quality", "95", "-colorspace", "Gray"])
        #expect(jpeg[try #require(MadeJPEG.marker(0xC0, in: jpeg)) + 9] == 1, "ImageMagick wrote one component")
        let decoded = try ImageDecoder.decode(jpeg)
        let d = Self.difference(decoded.rgba, source)
        #expect(d.mean < Self.meanTolerance && d.max < Self.maxTolerance && d.opaque, "mean \(d.mean), max \(d.max)")
        let rgba = decoded.rgba
        let neutral = stride(from: 0, to: rgba.count, by: 4).allSatisfy { (i: Int) -> Bool in rgba[i] == rgba[i + 1] && rgba[i] == rgba[i + 2] }
        #expect(neutral, "every pixel grey")
    }

    @Test("a CMYK JPEG (Adobe's inverted, as ImageMagick writes it) decodes to the source's RGB within JPEG's error")
    func cmyk() throws {
        let source = Self.source()
        let jpeg = try MadeJPEG.encode(width: Self.width, height: Self.height, rgba: source, options: ["-quality", "95", "-colorspace", "CMYK"])
        #expect(jpeg[try #require(MadeJPEG.marker(0xC0, in: jpeg)) + 9] == 4, "ImageMagick wrote four components")
        let decoded = try ImageDecoder.decode(jpeg)
        let d = Self.difference(decoded.rgba, source)
        #expect(d.mean < Self.meanTolerance && d.max < Self.maxTolerance && d.opaque, "mean \(d.mean), max \(d.max)")
    }

    /// What decoding `bytes` throws, as its one line; nil when it decodes.
    static func refusal(_ bytes: [UInt8]) -> String? {
        do {
            _ = try ImageDecoder.decode(bytes)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("a JPEG that ends early is called truncated wherever it ends: in its first marker, before its image data, inside it")
    func truncated() throws {
        let jpeg = try MadeJPEG.encode(width: Self.width, height: Self.height, rgba: Self.source())
        let scan = try #require((0 ..< jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA })
        for length in [1, 2] {
            #expect(Self.refusal(Array(jpeg.prefix(length))) == "the JPEG is truncated: it ends in its first marker", "\(length) bytes")
        }
        for length in [3, 4, 20, scan / 2, scan, scan + 4] {
            #expect(Self.refusal(Array(jpeg.prefix(length))) == "the JPEG is truncated: it ends before its image data", "\(length) bytes")
        }
        for length in [scan + 40, (scan + jpeg.count) / 2, jpeg.count - 10, jpeg.count - 2] {
            #expect(Self.refusal(Array(jpeg.prefix(length))) == "the JPEG is truncated: it ends inside its image data", "\(length) of \(jpeg.count) bytes")
        }
        #expect(Self.refusal(jpeg) == nil)
    }

    @Test("a header declaring more than the limits is refused with the size before any pixels are allocated; a damaged one with libjpeg's reason")
    func lies() throws {
        let jpeg = try MadeJPEG.encode(width: Self.width, height: Self.height, rgba: Self.source())
        for (w, h) in [(65535, 65535), (16385, 1), (1, 20000)] as [(UInt16, UInt16)] {
            let bomb = try MadeJPEG.declaring(width: w, height: h, jpeg)
            #expect(Self.refusal(bomb) == "the image is \(w)×\(h); at most 16384 pixels a side")
            #expect(try JPEG.size(of: bomb) == (Int(w), Int(h)), "the header alone is read")
        }
        let square = try MadeJPEG.declaring(width: 16384, height: 16384, jpeg)
        #expect(Self.refusal(square) == "the image is 16384×16384, 268435456 pixels; at most 134217728 pixels (512 MiB of RGBA)")
        // No frame size at all: libjpeg's own words.
        let empty = try MadeJPEG.declaring(width: 0, height: 0, jpeg)
        #expect(Self.refusal(empty)?.hasPrefix("a damaged JPEG: ") == true, "\(Self.refusal(empty) ?? "decoded")")
        var badLength = jpeg
        let dqt = try #require(MadeJPEG.marker(0xDB, in: jpeg))
        badLength[dqt + 2] = 0; badLength[dqt + 3] = 1  // a segment length of 1: shorter than the length itself
        #expect(Self.refusal(badLength)?.hasPrefix("a damaged JPEG: ") == true, "\(Self.refusal(badLength) ?? "decoded")")
    }

    @Test("a progressive JPEG within the pixel limits whose coefficients would take over 512 MiB is refused; so is one of thousands of scans")
    func progressiveBombs() throws {
        let progressive = try MadeJPEG.encode(width: Self.width, height: Self.height, rgba: Self.source(),
                                              options: ["-quality", "95", "-interlace", "Plane", "-sampling-factor", "1x1"])
        // 16384 × 8192 at 4:4:4: 3 components of 2-byte coefficients, 805 MB kept while reading.
        let big = try MadeJPEG.declaring(width: 16384, height: 8192, progressive)
        #expect(Self.refusal(big) == "out of memory reading the JPEG: decoding it would take more than 512 MiB", "\(Self.refusal(big) ?? "decoded")")
        let manyScans = try MadeJPEG.repeatingLastScan(progressive, times: 5000)
        #expect(Self.refusal(manyScans) == "a damaged JPEG: it has more than \(JPEG.maxScans) scans", "\(Self.refusal(manyScans) ?? "decoded")")
        // Refused as it reads, not after every scan: cut a third of the way in (over a thousand
        // scans, no end), it is refused for its scans, not as truncated.
        let cut = Array(manyScans.prefix(manyScans.count / 3))
        #expect(Self.refusal(cut) == "a damaged JPEG: it has more than \(JPEG.maxScans) scans", "\(Self.refusal(cut) ?? "decoded")")
        // As ImageMagick writes it, well under the limit.
        #expect(Self.refusal(progressive) == nil)
    }

    @Test("PNG and JPEG are told by their content: a PNG's bytes decode as PNG, a JPEG's as JPEG; other images are named, not read")
    func detection() throws {
        let source = Self.source()
        let png = try PNG.encode(width: Self.width, height: Self.height, rgba: source)
        let jpeg = try MadeJPEG.encode(width: Self.width, height: Self.height, rgba: source)
        #expect(ImageFormat(of: png) == .png && ImageFormat(of: jpeg) == .jpeg)
        #expect(try ImageDecoder.decode(png).rgba == source, "a PNG exactly")
        #expect(Self.refusal([]) == "the file is empty")
        #expect(Self.refusal(Array("GIF89a and more".utf8)) == "it is a GIF image, not a PNG or JPEG file; Glint reads PNG and JPEG images: convert it to PNG")
        #expect(Self.refusal(Array("RIFF\u{10}\0\0\0WEBPVP8 ".utf8)) == "it is a WebP image, not a PNG or JPEG file; Glint reads PNG and JPEG images: convert it to PNG")
        #expect(Self.refusal(Array("plain text".utf8)) == "not a PNG or JPEG file")
        // An image: premultiplied, from either.
        let image = try ImageDecoder.image(from: jpeg)
        #expect(image.width == Self.width && image.height == Self.height && image.pixels.count == source.count)
    }

    @Test("a channel's image is read by its content whatever its name: a PNG named .jpg, a JPEG named .png")
    func channelsByContent() throws {
        let folder = try TemporaryFiles.folder("glint-jpeg-channel")
        let source = Self.source()
        let png = try PNG.encode(width: Self.width, height: Self.height, rgba: source)
        let jpeg = try MadeJPEG.encode(width: Self.width, height: Self.height, rgba: source)
        try Data(png).write(to: URL(fileURLWithPath: folder + "/png.jpg"))
        try Data(jpeg).write(to: URL(fileURLWithPath: folder + "/jpeg.png"))
        try Data(jpeg).write(to: URL(fileURLWithPath: folder + "/photo.JPEG"))
        for name in ["png.jpg", "jpeg.png", "photo.JPEG"] {
            let image = try ToyLoader.loadImage(folder + "/" + name, for: "iChannel0", flipsY: false)
            let d = Self.difference(image.pixels, source)
            #expect(image.width == Self.width && d.mean < Self.meanTolerance, "\(name): mean \(d.mean)")
        }
        // Flipped for a shader's v = 0 at the bottom: the first row is the bottom's blue.
        let flipped = try ToyLoader.loadImage(folder + "/jpeg.png", for: "iChannel0", flipsY: true)
        #expect(flipped.pixels[2] > 200 && flipped.pixels[0] < 60, "\(flipped.pixels[0..<4])")
        // A text file named .jpg is refused by what it is, naming the file.
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: folder + "/text.jpg"))
        #expect(throws: RenderError.image("iChannel0: '\(folder)/text.jpg': not a PNG or JPEG file")) {
            try ToyLoader.loadImage(folder + "/text.jpg", for: "iChannel0", flipsY: false)
        }
        #expect(throws: RenderError.image("iChannel0: no file '\(folder)/none.jpg' (nor a converted '\(folder)/none.png' beside it)")) {
            try ToyLoader.loadImage(folder + "/none.jpg", for: "iChannel0", flipsY: false)
        }
    }
}
