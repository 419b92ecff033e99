import Foundation
import Glint
import GlintTestSupport
import Testing

/// Sampler state an effect file declares for its image arguments: how a GLSL file writes it
/// (`// glint: sampler FUNCTION.IMAGE wrap=S,T filter=MIN,MAG mip=…`), and Metal's `mip_filter`.
@Suite("Sampler state for images", .removesTemporaryFiles)
struct SamplerStateTests {
    /// Draws `function` of the GLSL `source` over a `width`×`height` rectangle with `image`.
    func draw(_ source: String, _ function: String, image: Image, width: Double = 40, height: Double = 20) throws -> RenderedImage {
        let folder = try TemporaryFiles.folder("glint-sampler")
        let path = folder + "/\(function).glsl"
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        let renderer = ImageRenderer(content: Rectangle().colorEffect(ShaderLibrary(url: URL(fileURLWithPath: path))[dynamicMember: function](.image(image))))
        renderer.proposedSize = CGSize(width: width, height: height)
        return try renderer.render()
    }

    /// 64 × 64 texels of alternating black and white.
    static let checker: Image = {
        var pixels: [UInt8] = []
        for y in 0..<64 {
            for x in 0..<64 {
                let v: UInt8 = (x + y) % 2 == 0 ? 255 : 0
                pixels += [v, v, v, 255]
            }
        }
        return Image(pixels: pixels, width: 64, height: 64)
    }()

    /// 2 × 2 texels: red, green on top; blue, white below.
    static let quad = Image(pixels: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255], width: 2, height: 2)

    @Test("a GLSL file's sampler marker: mirrored repeat reflects the image at each edge, nearest keeps texels whole, the default is linear and clamped")
    func glslMarkers() throws {
        let mirrored = try draw("""
        // glint: sampler mirrored.image wrap=mirrored_repeat,mirrored_repeat filter=nearest,nearest
        vec4 mirrored(vec2 position, vec4 color, sampler2D image) { return texture(image, position / 10.0); }
        """, "mirrored", image: Self.quad)
        // Texel columns across x = 0…40 points, 5 points a texel: red green | green red | red green | green red.
        let expected: [(Int, (UInt8, UInt8, UInt8, UInt8))] = [(2, (255, 0, 0, 255)), (7, (0, 255, 0, 255)), (12, (0, 255, 0, 255)),
                                                               (17, (255, 0, 0, 255)), (22, (255, 0, 0, 255)), (37, (255, 0, 0, 255))]
        for (x, colour) in expected {
            #expect(mirrored.pixel(x: x, y: 2) == colour, "mirrored, x = \(x)")
        }
        #expect(mirrored.pixel(x: 2, y: 12) == (0, 0, 255, 255) && mirrored.pixel(x: 2, y: 17) == (255, 0, 0, 255), "mirrored vertically too")

        let plain = try draw("vec4 plain(vec2 position, vec4 color, sampler2D image) { return texture(image, position / 10.0); }\n", "plain", image: Self.quad)
        let between = plain.pixel(x: 5, y: 2)
        #expect(between.red > 40 && between.green > 40, "no marker: linear, red and green blend: \(between)")
        #expect(plain.pixel(x: 30, y: 2) == (0, 255, 0, 255), "no marker: clamped to the edge")
    }

    @Test("mip=linear reads a shrunk image through its mipmaps: a fine checkerboard becomes its average grey, without them it aliases")
    func mipmaps() throws {
        // 64 × 64 texels of alternating black and white, drawn 8 × 8 points: 8 texels to a pixel, each
        // pixel's centre on a texel's (so linear filtering alone still aliases).
        let checker = Self.checker
        let shader = "vec4 NAME(vec2 position, vec4 color, sampler2D image) { return texture(image, (position + 0.0625) / 8.0); }\n"
        let filtered = try draw("// glint: sampler filtered.image filter=linear,linear mip=linear\n" + shader.replacingOccurrences(of: "NAME", with: "filtered"),
                                "filtered", image: checker, width: 8, height: 8)
        let aliased = try draw("// glint: sampler aliased.image filter=nearest,nearest\n" + shader.replacingOccurrences(of: "NAME", with: "aliased"),
                               "aliased", image: checker, width: 8, height: 8)
        var far = 0
        var extreme = 0
        for y in 0..<8 {
            for x in 0..<8 {
                let f = Int(filtered.pixel(x: x, y: y).red), a = Int(aliased.pixel(x: x, y: y).red)
                if abs(f - 128) > 24 { far += 1 }
                if a == 0 || a == 255 { extreme += 1 }
            }
        }
        #expect(far == 0, "mipmapped: every pixel near the average grey (\(far) of 64 are not)")
        #expect(extreme == 64, "nearest without mipmaps: every pixel a single texel, black or white (\(extreme) of 64)")
    }

    @Test("Metal's mip_filter becomes the marker's mip; an unknown one is refused at its line")
    func metalMipFilter() throws {
        let folder = try TemporaryFiles.folder("glint-sampler")
        try """
        #include <metal_stdlib>
        using namespace metal;
        [[ stitchable ]] half4 shrunk(float2 position, half4 color, texture2d<half> image) {
            constexpr sampler s(filter::linear, mip_filter::linear);
            return image.sample(s, (position + 0.0625) / 8.0);
        }
        """.write(toFile: folder + "/Mips.metal", atomically: true, encoding: .utf8)
        try """
        #include <metal_stdlib>
        using namespace metal;
        [[ stitchable ]] half4 wrong(float2 position, half4 color, texture2d<half> image) {
            constexpr sampler s(mip_filter::cubic);
            return image.sample(s, (position + 0.0625) / 8.0);
        }
        """.write(toFile: folder + "/Wrong.metal", atomically: true, encoding: .utf8)
        let library = ShaderLibrary(url: URL(fileURLWithPath: folder + "/Mips.metal"))
        let renderer = ImageRenderer(content: Rectangle().colorEffect(library.shrunk(.image(Self.checker))))
        renderer.proposedSize = CGSize(width: 8, height: 8)
        let grey = try renderer.render().pixel(x: 4, y: 4).red
        #expect(abs(Int(grey) - 128) <= 24, "mipmapped grey: \(grey)")
        let wrong = ImageRenderer(content: Rectangle().colorEffect(ShaderLibrary(url: URL(fileURLWithPath: folder + "/Wrong.metal")).wrong(.image(Self.checker))))
        #expect {
            _ = try wrong.render()
        } throws: { error in
            "\(error)".contains("Wrong.metal:4") && "\(error)".contains("mip_filter::cubic is not a mipmap filter")
        }
    }
}
