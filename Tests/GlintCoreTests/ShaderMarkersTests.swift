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

    @Test("a separable file's sigma marker names the factor, the parameter and its range; anything else is no marker")
    func sigmaMarker() {
        func sigma(_ text: String) -> ShaderMarkers.Sigma? { ShaderMarkers(parsing: text).sigma }
        let blur = sigma("// a blur\n// glint: separable, sigma = 0.5 * radius (0…64)\nvec4 blur() {}")
        #expect(blur?.factor == 0.5 && blur?.name == "radius" && blur?.range == 0...64)
        let open = sigma("// glint: separable, sigma = 2 * width")
        #expect(open?.factor == 2 && open?.name == "width" && open?.range.upperBound == .greatestFiniteMagnitude)
        #expect(sigma("// glint: separable") == nil)
        #expect(sigma("// glint: separable, sigma = -1 * radius") == nil)
        #expect(sigma("// glint: separable, sigma = radius") == nil)
        #expect(sigma("// sigma = 0.5 * radius") == nil, "only on the separable marker's line")
    }

    @Test("one reading gives every kind of marker as values: controls with their line and declaration, several samplers on one line, a constant after a declaration, CRLF lines counted")
    func oneReading() throws {
        let text = "uniform float speed; // glint: 0 4 1\r\n"
            + "uniform float steps; // glint: constant steps\r\n"
            + "// glint: sampler f.a wrap=repeat,repeat // glint: sampler f.b filter=nearest,nearest \r\n"
            + "//glint: separable\r\n"
            + "uniform vec3 tint; // a colour, not a marker: glint: 0 1\r\n"
            + "// glint: something else, on a line of its own\r\n"
            + "uniform float a[2]; // not mine // glint: 0 1\r\n"
        let markers = ShaderMarkers(parsing: text)
        #expect(markers.annotations == [ShaderMarkers.Annotation(line: 1, code: "uniform float speed;", text: "0 4 1")])
        #expect(markers.constants == [ShaderMarkers.Constants(line: 2, names: ["steps"])])
        #expect(markers.samplers.map(\.name) == ["a", "b"] && markers.samplers[0].wrap == ["repeat", "repeat"] && markers.samplers[1].filter == ["nearest", "nearest"])
        #expect(markers.isSeparable && markers.sigma == nil)
        // The constant's line is no control: only `speed` is a parameter.
        #expect(try markers.uniforms(file: "f.frag").map(\.parameter.name) == ["speed"])
        #expect(try markers.uniforms(file: "f.frag").map(\.line) == [1])
    }
}
