import GlintCore
import Testing

/// SwiftUI's Metal shader files translated to GLSL, token by token and line for line.
@Suite("Metal to GLSL")
struct MetalTranslatorTests {
    @Test("a stitchable colour effect: includes, namespaces and attributes go; types, half literals, constant globals and C's fmod translate; lines stay where they were")
    func colourEffect() throws {
        let metal = """
        #include <metal_stdlib>
        #include <SwiftUI/SwiftUI_Metal.h>
        using namespace metal;

        constant half3 warm = half3(1.0h, 0.5h, 0h);  // a half literal: 1.0h

        [[ stitchable ]] half4 stripes(float2 position, half4 color, float width) {
            const float phase = fmod(position.x, width) / width;
            return half4(warm * (phase < 0.5 ? 1.0h : 0.0h), 1.0h) * color.a;
        }
        """
        let glsl = try MetalTranslator.translate(metal)
        let lines = glsl.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == metal.split(separator: "\n", omittingEmptySubsequences: false).count)
        #expect(lines[4].hasSuffix("const vec3 warm = vec3(1.0, 0.5, 0.0);  // a half literal: 1.0h"), "\(lines[4])")
        #expect(lines[6].trimmingCharacters(in: .whitespaces) == "vec4 stripes(vec2 position, vec4 color, float width) {", "\(lines[6])")
        #expect(lines[7].trimmingCharacters(in: .whitespaces) == "float phase = metal_fmod(position.x, width) / width;", "\(lines[7])")
        #expect(lines[8].contains("vec4(warm * (phase < 0.5 ? 1.0 : 0.0), 1.0) * color.a"), "\(lines[8])")
        #expect(!glsl.contains("#include") && !glsl.contains("using") && !glsl.contains("[["))
        // The helper sits on the first line that is not a directive (the first, emptied of its
        // #include), so no line moves.
        #expect(lines[0].contains("float metal_fmod(float x, float y) { return x - y * trunc(x / y); }"), "\(lines[0])")
    }

    @Test("a layer effect's SwiftUI::Layer, a texture's sample, size and read, a pointer argument, metal:: functions and constants")
    func layersTexturesPointers() throws {
        let metal = """
        [[ stitchable ]] half4 blend(float2 p, SwiftUI::Layer layer, texture2d<half> image, device const float *weights, int count) {
            half4 a = layer.sample(p + float2(metal::atan2(1.0, 2.0), M_PI_F));
            half4 b = image.sample(s, p / float2(image.get_width(), image.get_height()));
            half4 c = image.read(uint2(p));
            return mix(a, b, saturate(weights[0] * rsqrt(4.0))) + c * select(0.0h, 1.0h, count > 1);
        }
        """
        let glsl = try MetalTranslator.translate(metal)
        #expect(glsl.contains("vec4 blend(vec2 p, Layer layer, sampler2D image, const float weights[64], int count)"), "\(glsl)")
        #expect(glsl.contains("layerSample(layer, p + vec2(atan(1.0, 2.0), 3.1415927))"), "\(glsl)")
        #expect(glsl.contains("texture(image, p / vec2(textureSize(image, 0).x, textureSize(image, 0).y))"), "\(glsl)")
        #expect(glsl.contains("metal_read(image, uvec2(p))"), "\(glsl)")
        #expect(glsl.contains("metal_saturate(weights[0] * inversesqrt(4.0))") && glsl.contains("mix(0.0, 1.0, count > 1)"), "\(glsl)")
    }

    @Test("what cannot be translated is refused at its line and column")
    func refusals() {
        #expect(throws: MetalTranslator.Failure(line: 2, column: 1, message: "#include <Common.h> is not a header Glint knows: include your own files as \"file.metal\"")) {
            try MetalTranslator.translate("// x\n#include <Common.h>\n")
        }
        #expect(throws: MetalTranslator.Failure(line: 1, column: 38, message: "a sampler cannot be an argument: declare it where it is used, as `constexpr sampler s(filter::linear);`")) {
            try MetalTranslator.translate("half4 f(float2 p, texture2d<half> t, sampler s) { return t.sample(s, p); }\n")
        }
        #expect(throws: MetalTranslator.Failure(line: 2, column: 25, message: "address::wrap is not an address mode Glint knows (repeat, mirrored_repeat, clamp_to_edge, clamp_to_zero)")) {
            try MetalTranslator.translate("half4 f(float2 p, texture2d<half> t) {\n    constexpr sampler s(address::wrap);\n    return t.sample(s, p);\n}\n")
        }
    }

    @Test("a constexpr sampler becomes a marker for the texture it reads, on its own line")
    func samplerMarker() throws {
        let metal = "half4 f(float2 p, half4 c, texture2d<half> noise) {\n    constexpr sampler s(address::repeat, mag_filter::nearest);\n    return noise.sample(s, p);\n}\n"
        let lines = try MetalTranslator.translate(metal).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1].trimmingCharacters(in: .whitespaces) == "// glint: sampler f.noise wrap=repeat,repeat filter=nearest,nearest", "\(lines[1])")
        #expect(lines[2].trimmingCharacters(in: .whitespaces) == "return texture(noise, p);", "\(lines[2])")
    }

    @Test("comments and names that merely contain a Metal word are left alone")
    func untouched() throws {
        let metal = "// half4 fmod M_PI_F [[ stitchable ]]\nfloat halfway(float half_width) { return half_width; }\n"
        #expect(try MetalTranslator.translate(metal) == metal)
    }
}
