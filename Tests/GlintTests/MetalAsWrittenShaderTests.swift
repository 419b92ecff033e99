import Foundation
import Glint
import GlintTestSupport
import Testing

/// Metal files written as SwiftUI sample projects write them (seed 002's sample repository uses
/// each construct here: C++ direct initialisation, `texture2d<half, access::sample>`, an include
/// guard in a shared file, layer reads summed over lines, declarations over several lines, names
/// GLSL keeps for itself: `input`, a texture named `texture`), drawn through `ShaderLibrary(url:)`
/// and compared with the same maths on the CPU.
@Suite("Metal shaders as SwiftUI projects write them", .removesTemporaryFiles)
struct MetalAsWrittenShaderTests {
    static let common = """
        #include <metal_stdlib>
        #include <SwiftUI/SwiftUI_Metal.h>

        #ifndef GLINT_TEST_COMMON
        #define GLINT_TEST_COMMON
        using namespace metal;

        // The part of a view's width `input` is at, 0 to 1 (`input` is a word GLSL keeps for itself).
        inline float across(float2 input, float2 size) {
            return input.x / size.x;
        }
        #endif
        """

    static let colors = """
        #include "Common.metal"
        #include <metal_texture>

        // The colour where its alpha reaches `threshold`, else `edge`: C++ direct initialisation.
        [[ stitchable ]] half4 cutout(float2 position, half4 color, float threshold, half4 edge) {
            float keep = step(threshold, (float)color.a);
            half4 res(0.0);
            res.rgb = keep * color.rgb + (1.0 - keep) * edge.rgb;
            res.a = 1.0;
            return res;
        }

        // Three ramps across the view, one a channel, filled in a loop; declared over several lines.
        [[ stitchable ]] half4 ramps
        (
            float2 position,
            half4 color,
            float2 size)
        {
            float3 c(0.0);
            float l, z = 0.25;
            for (int i = 0; i < 3; i++) {
                float2 uv, p = float2(across(position, size), 0);
                uv = p;
                c[i] = uv.x * (i + 1) * z;
            }
            half3 tint{0.5, 1, 1};
            l = 1.0;
            return half4(half3(c) * tint * l, 1.0h);
        }

        // The view's colour where x is under half its width, clear past it.
        [[ stitchable ]] half4 leftHalf(float2 position, half4 color, float2 size) {
            return across(position, size) < 0.5 ? color : half4(0.0);
        }

        // An image stretched over the view, read one texel to the right and one down (a texel offset).
        [[ stitchable ]] half4 shifted(float2 position, half4 color, float2 size, texture2d<half, access::sample> texture) {
            constexpr sampler s(address::repeat, filter::nearest);
            return texture.sample(s, position / size, 1);
        }

        // An image read at its second mipmap level: its average.
        [[ stitchable ]] half4 averaged(float2 position, half4 color, float2 size, texture2d<half, access::sample> image) {
            constexpr sampler s(filter::nearest, mip_filter::nearest);
            return image.sample(s, position / size, level(1));
        }
        """

    static let layers = """
        #include "Common.metal"

        // An outline `width` points wide where the layer is clear beside what is not.
        [[ stitchable ]] half4 halo(float2 position, SwiftUI::Layer layer, float width, half4 ring) {
            half4 here = layer.sample(position);
            half4 res(0.0);
            half around = 0.0;
            for (float i = 1.0; i <= width; i += 1.0) {
                around += layer.sample(position + float2(i, 0)).a
                        + layer.sample(position - float2(i, 0)).a;
            }
            res = here.a > 0.5 ? here : (around > 0.0 ? ring : half4(0.0));
            return res;
        }
        """

    func library() throws -> ShaderLibrary {
        let folder = try TemporaryFiles.folder("glint-metal-written")
        for (name, text) in [("Common.metal", Self.common), ("ColorEffects.metal", Self.colors), ("LayerEffects.metal", Self.layers)] {
            try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        }
        return ShaderLibrary(url: URL(fileURLWithPath: folder))
    }

    func render<V: View>(_ view: V) throws -> RenderedImage {
        let renderer = ImageRenderer(content: view)
        renderer.proposedSize = CGSize(width: 40, height: 20)
        return try renderer.render()
    }

    /// Expects the pixel at (`x`, `y`) to be `rgba` (0…255), within `tolerance`.
    func expectPixel(_ image: RenderedImage, _ x: Int, _ y: Int, _ rgba: [Double], tolerance: Double = 2, _ what: String,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        let p = image.pixel(x: x, y: y)
        let got = [Double(p.red), Double(p.green), Double(p.blue), Double(p.alpha)]
        #expect(zip(got, rgba).allSatisfy { abs($0 - $1) <= tolerance }, "\(what) at (\(x), \(y)): \(got), expected \(rgba)", sourceLocation: sourceLocation)
    }

    @Test("colour effects with `half4 res(0.0);`, `float3 c(0.0);`, brace initialisers, a shared file behind an include guard and a declaration over several lines draw what the CPU computes")
    func colourEffects() throws {
        let library = try library()
        let red = Color(red: 1, green: 0, blue: 0)
        let kept = try render(red.colorEffect(library.cutout(.float(0.5), .color(Color(red: 0, green: 0, blue: 1)))))
        expectPixel(kept, 10, 10, [255, 0, 0, 255], "alpha 1 reaches 0.5: the colour")
        let edged = try render(red.colorEffect(library.cutout(.float(2), .color(Color(red: 0, green: 0, blue: 1)))))
        expectPixel(edged, 10, 10, [0, 0, 255, 255], "alpha 1 is under 2: the edge colour")

        let ramps = try render(Rectangle().colorEffect(library.ramps(.float2(40, 20))))
        for x in [1, 13, 27, 38] {
            let u = (Double(x) + 0.5) / 40
            expectPixel(ramps, x, 10, [u * 0.25 * 0.5 * 255, u * 0.5 * 255, u * 0.75 * 255, 255], "ramps")
        }
    }

    @Test("a layer effect summing layer reads over several lines outlines what a colour effect left clear")
    func layerEffect() throws {
        let library = try library()
        let blue = Color(red: 0, green: 0, blue: 1).colorEffect(library.leftHalf(.float2(40, 20)))
        let outlined = try render(blue.layerEffect(library.halo(.float(3), .color(Color(red: 1, green: 1, blue: 0))), maxSampleOffset: CGSize(width: 3, height: 0)))
        expectPixel(outlined, 5, 10, [0, 0, 255, 255], "the layer itself")
        expectPixel(outlined, 21, 10, [255, 255, 0, 255], "the outline, within 3 points of the blue")
        expectPixel(outlined, 30, 10, [0, 0, 0, 0], "clear, beyond the outline")
    }

    @Test("image.sample(s, uv, 1) reads the texel one right and one down (an offset, never a LOD bias); level(1) reads the image's first mipmap")
    func textureOffsetAndLevel() throws {
        let library = try library()
        // 2 x 2: red, green on top; blue, white below.
        let image = Image(pixels: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255], width: 2, height: 2)
        let shifted = try render(Rectangle().colorEffect(library.shifted(.float2(40, 20), .image(image))))
        // The offset 1 is int2(1, 1), as Metal broadcasts it: one texel right and one down, repeating.
        expectPixel(shifted, 5, 5, [255, 255, 255, 255], "red's texel, one right and down: white")
        expectPixel(shifted, 25, 5, [0, 0, 255, 255], "green's texel, one right and down, repeated: blue")
        expectPixel(shifted, 5, 15, [0, 255, 0, 255], "blue's texel, one right and down, repeated: green")
        let averaged = try render(Rectangle().colorEffect(library.averaged(.float2(40, 20), .image(image))))
        for (x, y) in [(5, 5), (25, 15)] {
            expectPixel(averaged, x, y, [127.5, 127.5, 127.5, 255], tolerance: 3, "the 1 x 1 level: the average of the four")
        }
    }
}
