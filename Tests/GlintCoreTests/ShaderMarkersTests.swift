@testable import GlintCore
import Testing

/// `ShaderMarkers`: every `// glint:` marker the renderer reads, parsed in one place into values.
@Suite("Shader markers")
struct ShaderMarkersTests {
    @Test("samplers, constants and a separable kernel's sigma are read into typed values; a sampler for another function is left to it")
    func everyMarker() {
        let text = """
            // glint: separable, sigma = 0.5 * radius (0…64)
            uniform float steps; // glint: constant steps, glint_scale
            // glint: sampler blur.source wrap=repeat,mirrored_repeat filter=nearest,linear mip=linear
            // glint: sampler other.mask
            // glint: sampler noise
            vec4 blur(vec2 p, float radius) { return vec4(0.0); }
            """
        let markers = ShaderMarkers(parsing: text)
        #expect(markers.isSeparable)
        #expect(markers.sigma == ShaderMarkers.Sigma(factor: 0.5, name: "radius", range: 0...64))
        #expect(markers.constants == [ShaderMarkers.Constants(line: 2, names: ["steps", "glint_scale"])])
        #expect(markers.samplers.count == 3)
        let forBlur = markers.samplers(for: "blur")
        #expect(forBlur.map(\.name) == ["source", "noise"])
        #expect(forBlur.first?.wrap == ["repeat", "mirrored_repeat"] && forBlur.first?.filter == ["nearest", "linear"] && forBlur.first?.mip == "linear")
        #expect(forBlur.last?.wrap == ["clamp_to_edge", "clamp_to_edge"] && forBlur.last?.mip == "none")
        #expect(ShaderMarkers(parsing: "vec4 f() { return vec4(1.0); }") == ShaderMarkers(parsing: ""))
    }

    @Test("a specialised version's declarations: uniform float NAME; becomes a constant of the exact value, comments kept")
    func constantDeclarations() {
        let text = "uniform float steps; // glint: constant steps\nuniform float other;"
        #expect(ShaderMarkers.declaresFloatUniform("steps", in: text))
        #expect(!ShaderMarkers.declaresFloatUniform("missing", in: text))
        #expect(ShaderMarkers.makeConstant("steps", 3, in: text) == "const float steps = 3.0; // glint: constant steps\nuniform float other;")
        #expect(ShaderMarkers.literal(0.1) == "0.1")
    }
}
