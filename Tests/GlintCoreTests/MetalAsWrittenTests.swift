import Foundation
import GlintCore
import GlintTestSupport
import Testing

/// Metal as SwiftUI projects write it: C++ initialisation, `sizeof`, the standard headers,
/// declarations over several lines, texture sampling with offsets and LOD options, any line
/// endings, and input nested too deep to translate.
@Suite("Metal to GLSL, as written")
struct MetalAsWrittenTests {
    /// The translation of `metal`, or what refused it.
    func translated(_ metal: String) -> Result<String, MetalTranslator.Failure> {
        Result { () throws(MetalTranslator.Failure) in try MetalTranslator.translate(metal) }
    }

    /// The lines of the translation of `metal`, each trimmed.
    func lines(_ metal: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let glsl = try MetalTranslator.translate(metal)
        let lines = glsl.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.count == metal.split(separator: "\n", omittingEmptySubsequences: false).count, "lines stay the Metal file's: \(glsl)", sourceLocation: sourceLocation)
        return lines
    }

    /// Whether glslang accepts `glsl` (a translation) as GLSL 3.30 with `main` added.
    func expectAccepted(_ glsl: String, main: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard Glslang.path != nil else { return }
        let prelude = "#version 330 core\nstruct Layer { int unit; };\nvec4 layerSample(Layer l, vec2 p) { return vec4(p, 0.0, 1.0); }\nout vec4 glint_fragColor;\n#line 1\n"
        let result = try Glslang.validate(prelude + glsl + "\nvoid main() { glint_fragColor = \(main); }\n", stage: "frag")
        #expect(result.status == 0, "\(result.output)\n\(glsl)", sourceLocation: sourceLocation)
    }

    // MARK: - Initialisation

    @Test("C++ direct and brace initialisation of vectors, matrices, scalars and structs become GLSL constructors: half4 res(0.0); → vec4 res = vec4(0.0);")
    func directAndBraceInitialisation() throws {
        let metal = """
        struct Ring { float radius; float2 center; };
        constant float2 shift(0.5, 0.25);
        half4 f(float2 p, half4 c) {
            half4 res(0.0);
            float2 q{1, 2};
            half3 col(0.0), tint{1, 0.5, 0};
            float2x2 m(1.0);
            float k(3);
            float2 r = float2{p.x, 1};
            Ring ring(5, float2(1, 2));
            Ring other{4, {1, 2}};
            half4 zero{};
            res.rgb = col + tint * k + half3(m * q * shift, other.radius + ring.radius);
            return res + zero + half4(r, 0, 1);
        }
        """
        let lines = try lines(metal)
        #expect(lines[1] == "const vec2 shift = vec2(0.5, 0.25);")
        #expect(lines[3] == "vec4 res = vec4(0.0);")
        #expect(lines[4] == "vec2 q = vec2(1.0, 2.0);")
        #expect(lines[5] == "vec3 col = vec3(0.0), tint = vec3(1.0, 0.5, 0.0);")
        #expect(lines[6] == "mat2 m = mat2(1.0);")
        #expect(lines[7] == "float k = float(3);")
        #expect(lines[8] == "vec2 r = vec2(p.x, 1.0);")
        #expect(lines[9] == "Ring ring = Ring(5.0, vec2(1, 2));")
        #expect(lines[10] == "Ring other = Ring(4.0, vec2(1.0, 2.0));")
        #expect(lines[11] == "vec4 zero = vec4(0);")
        try expectAccepted(MetalTranslator.translate(metal), main: "f(vec2(1.0), vec4(1.0))")
    }

    @Test("an empty brace initialiser of a struct is refused at its line: GLSL needs a value for each field")
    func emptyStructBracesRefused() {
        let metal = "struct Ring { float radius; };\nhalf4 f(float2 p) {\n    Ring r{};\n    return half4(r.radius);\n}\n"
        guard case .failure(let failure) = translated(metal) else {
            Issue.record("translated: \(metal)")
            return
        }
        #expect(failure.line == 3 && failure.message.contains("Ring") && failure.message.contains("each field"), "\(failure)")
    }

    @Test("a declaration over several lines (`half4 name` then `(` on the next) translates, and its stitchable function is found")
    func declarationOverLines() throws {
        let metal = "[[ stitchable ]] half4 sheen\n(\n    float2 position,\n    half4 color)\n{\n    return color;\n}\n"
        let lines = try lines(metal)
        #expect(lines[0] == "vec4 sheen" && lines[2] == "vec2 position," && lines[3] == "vec4 color)", "\(lines)")
        #expect(MetalTranslator.stitchableFunction(in: metal) == "sheen")
    }

    // MARK: - sizeof, headers, templates

    @Test("sizeof of a scalar, vector or matrix type is its byte size in Metal (a 3-vector as a 4-vector); of anything else it is refused at its line")
    func sizeofTypes() throws {
        let metal = """
        int f() {
            int a = sizeof(float4) / sizeof(float);
            int b = sizeof(half3) + sizeof(metal::half) + sizeof(uchar2);
            int c = sizeof(float3x3) + sizeof(bool) + sizeof(packed_float3);
            return a + b + c;
        }
        """
        let lines = try lines(metal)
        #expect(lines[1] == "int a = 16 / 4;")
        #expect(lines[2] == "int b = 8 + 2 + 2;")
        #expect(lines[3] == "int c = 48 + 1 + 12;")
        for (code, what) in [("sizeof(x)", "sizeof(x)"), ("sizeof x", "sizeof x"), ("sizeof(Ring)", "sizeof(Ring)")] {
            let metal = "struct Ring { float r; };\nint f(float x) {\n    return \(code);\n}\n"
            guard case .failure(let failure) = translated(metal) else {
                Issue.record("\(code) translated")
                continue
            }
            #expect(failure.line == 3 && failure.column == 12 && failure.message.hasPrefix("`\(what)` is not supported"), "\(failure)")
        }
    }

    @Test("Metal's standard headers are no-ops (<metal_texture>, <metal_math>, a comment after); a header that is not Metal's is refused naming it")
    func standardHeaders() throws {
        let metal = "#include <metal_stdlib>  // all of it\n#include <metal_texture>\n#include <metal_math>\n#include<metal_geometric>\n#  include <metal_common>\nhalf4 f(half4 c) { return c; }\n"
        let glsl = try MetalTranslator.translate(metal)
        #expect(!glsl.contains("#include") && glsl.contains("vec4 f(vec4 c) { return c; }"), "\(glsl)")
        #expect(glsl.split(separator: "\n", omittingEmptySubsequences: false).count == 7)
        guard case .failure(let failure) = translated("#include <metal_stdlib>\n#include <stdio.h>\n") else {
            Issue.record("<stdio.h> was accepted")
            return
        }
        #expect(failure == MetalTranslator.Failure(line: 2, column: 1, message: "#include <stdio.h> is not a header Glint knows (it knows Metal's own, as <metal_stdlib>, and SwiftUI's): include your own files as \"file.metal\""))
    }

    @Test("a template is refused at its line, saying what to write instead")
    func templateRefused() {
        guard case .failure(let failure) = translated("// helpers\ntemplate <typename T>\nT twice(T x) { return x * 2; }\n") else {
            Issue.record("a template translated")
            return
        }
        #expect(failure.line == 2 && failure.column == 1 && failure.message.contains("templates are not supported"), "\(failure)")
    }

    // MARK: - Sampling

    @Test("t.sample(s, uv, offset) is textureOffset (an int scalar offset broadcast to int2); bias(…) and level(…) are GLSL's bias and textureLod; gradient2d is textureGrad")
    func sampleOptions() throws {
        let metal = """
        half4 f(float2 uv, texture2d<half, access::sample> t, float b) {
            constexpr sampler s(filter::linear);
            half4 a = t.sample(s, uv, int2(1, -1));
            half4 d = t.sample(s, uv, 1);
            half4 e = t.sample(s, uv, bias(b));
            half4 g = t.sample(s, uv, level(2));
            half4 h = t.sample(s, uv, level(0), int2(1, 0));
            half4 k = t.sample(s, uv, bias(1), int2(-1, 0));
            half4 l = t.sample(s, uv, gradient2d(float2(0.1), float2(0, 0.1)), int2(2, 2));
            half4 m = t.sample(s, uv);
            return a + d + e + g + h + k + l + m;
        }
        """
        let lines = try lines(metal)
        #expect(lines[2] == "vec4 a = textureOffset(t, uv, ivec2(1, -1));")
        #expect(lines[3] == "vec4 d = textureOffset(t, uv, ivec2(1));")
        #expect(lines[4] == "vec4 e = texture(t, uv, b);")
        #expect(lines[5] == "vec4 g = textureLod(t, uv, 2.0);")
        #expect(lines[6] == "vec4 h = textureLodOffset(t, uv, 0.0, ivec2(1, 0));")
        #expect(lines[7] == "vec4 k = textureOffset(t, uv, ivec2(-1, 0), 1.0);")
        #expect(lines[8] == "vec4 l = textureGradOffset(t, uv, vec2(0.1), vec2(0, 0.1), ivec2(2, 2));")
        #expect(lines[9] == "vec4 m = texture(t, uv);")
        guard Glslang.path != nil else { return }
        let glsl = try MetalTranslator.translate(metal)
        let result = try Glslang.validate("#version 330 core\nuniform sampler2D image;\nout vec4 o;\n#line 1\n" + glsl + "\nvoid main() { o = f(vec2(0.5), image, 0.0); }\n", stage: "frag")
        #expect(result.status == 0, "\(result.output)\n\(glsl)")
    }

    @Test("sampling options GLSL 3.30 cannot express, or in an order Metal does not take, are refused at their line")
    func sampleOptionsRefused() {
        let cases: [(String, String)] = [
            ("t.sample(s, uv, min_lod_clamp(1.0))", "min_lod_clamp"),
            ("t.sample(s, uv, int2(1), bias(1.0))", "offset"),
            ("t.sample(s, uv, bias(1.0), level(1.0))", "one of"),
        ]
        for (call, word) in cases {
            let metal = "half4 f(float2 uv, texture2d<half> t) {\n    constexpr sampler s;\n    return \(call);\n}\n"
            guard case .failure(let failure) = translated(metal) else {
                Issue.record("\(call) translated")
                continue
            }
            #expect(failure.line == 3 && failure.message.contains(word), "\(call): \(failure)")
        }
    }

    // MARK: - Names

    @Test("names GLSL keeps for itself (input, out, smooth, a texture named texture, a helper named mod) are written with a _ after them, everywhere, sampler markers too")
    func reservedNamesRenamed() throws {
        let metal = """
        float remap(float input, float lo, float hi) { return lo + input * (hi - lo); }
        float mod(float x, float y) { return x - y * floor(x / y); }
        half4 f(float2 p, texture2d<half, access::sample> texture, device const float *out, int count) {
            constexpr sampler s(filter::linear);
            float smooth = mod(remap(p.x, 0, 1), 0.5);
            return texture.sample(s, p) * smooth * out[0] * texture.get_width();
        }
        """
        let lines = try lines(metal)
        #expect(lines[0] == "float remap(float input_, float lo, float hi) { return lo + input_ * (hi - lo); }")
        #expect(lines[1] == "float mod_(float x, float y) { return x - y * floor(x / y); }")
        #expect(lines[2] == "vec4 f(vec2 p, sampler2D texture_, const float out_[64], int count) {")
        #expect(lines[3] == "// glint: sampler f.texture_ wrap=clamp_to_edge,clamp_to_edge filter=linear,linear")
        #expect(lines[4] == "float smooth_ = mod_(remap(p.x, 0.0, 1.0), 0.5);")
        #expect(lines[5] == "return texture(texture_, p) * smooth_ * out_[0] * float(textureSize(texture_, 0).x);")
        guard Glslang.path != nil else { return }
        let glsl = try MetalTranslator.translate(metal)
        let result = try Glslang.validate("#version 330 core\nuniform sampler2D image;\nout vec4 o;\n#line 1\n" + glsl + "\nvoid main() { o = f(vec2(0.5), image, float[64](0.0" + String(repeating: ", 0.0", count: 63) + "), 1); }\n", stage: "frag")
        #expect(result.status == 0, "\(result.output)\n\(glsl)")
    }

    // MARK: - Line endings

    @Test("CRLF and CR-only line endings translate as LF does, errors at the same lines")
    func lineEndings() throws {
        let metal = "#include <metal_stdlib>\nusing namespace metal;\n\n[[ stitchable ]] half4 f(float2 p, half4 c) {\n    half4 res(0.0);\n    return res + c;\n}\n"
        let lf = try MetalTranslator.translate(metal)
        #expect(try MetalTranslator.translate(metal.replacingOccurrences(of: "\n", with: "\r\n")) == lf)
        #expect(try MetalTranslator.translate(metal.replacingOccurrences(of: "\n", with: "\r")) == lf)
        #expect(MetalTranslator.stitchableFunction(in: metal.replacingOccurrences(of: "\n", with: "\r")) == "f")
        let broken = "#include <metal_stdlib>\n\nhalf4 f(float2 p, device float *out) { return 0; }\n"
        for ending in ["\r\n", "\r"] {
            guard case .failure(let failure) = translated(broken.replacingOccurrences(of: "\n", with: ending)) else {
                Issue.record("an output buffer translated")
                continue
            }
            #expect(failure.line == 3 && failure.column == 19, "\(ending.debugDescription): \(failure)")
        }
    }

    // MARK: - Depth

    /// Nestings of every kind the typed pass recurses on, `n` deep, in a function body.
    static func nestings(_ n: Int) -> [(String, String)] {
        [
            ("parentheses", "float x = " + String(repeating: "(", count: n) + "1.0" + String(repeating: ")", count: n) + ";"),
            ("calls", "float x = " + String(repeating: "sin(", count: n) + "1.0" + String(repeating: ")", count: n) + ";"),
            ("unary minus", "float x = " + String(repeating: "- ", count: n) + "1.0;"),
            ("not", "bool x = " + String(repeating: "!", count: n) + "true;"),
            ("assignments", "float x, y; x = " + String(repeating: "y = ", count: n) + "1.0;"),
            ("conditionals", "float x = " + String(repeating: "true ? 1.0 : ", count: n) + "0.0;"),
            ("blocks", String(repeating: "{", count: n) + String(repeating: "}", count: n)),
            ("if", String(repeating: "if (true) ", count: n) + "return half4(1);"),
            ("braces", "float2 x[1] = " + String(repeating: "{", count: n) + "1" + String(repeating: "}", count: n) + ";"),
            ("subscripts", "float a[1]; float x = " + String(repeating: "a[", count: n) + "0" + String(repeating: "]", count: n) + ";"),
        ]
    }

    @Test("input nested deeper than the translator takes (7,000 parentheses, a 14 KB file) is refused at its line, not a stack overflow; every kind of nesting")
    func deepNestingRefused() {
        for (what, body) in Self.nestings(7_000) {
            let metal = "#include <metal_stdlib>\n\n[[ stitchable ]] half4 f(float2 p, half4 c) {\n    \(body)\n    return c;\n}\n"
            guard case .failure(let failure) = translated(metal) else {
                Issue.record("\(what): translated")
                continue
            }
            #expect(failure.line == 4 && failure.message.contains("nests deeper than \(MetalTranslator.maxNesting)"), "\(what): \(failure)")
        }
    }

    @Test("nesting up to the limit translates on a thread with a 512 KB stack, as a secondary thread has")
    func nestingAtTheLimitFitsASmallStack() async throws {
        let depth = MetalTranslator.maxNesting
        let bodies = Self.nestings(depth - 4)  // the statement, and the expressions round the innermost, take a few
        let results = await withCheckedContinuation { (done: CheckedContinuation<[(String, Bool)], Never>) in
            let thread = Thread {
                var results: [(String, Bool)] = []
                for (what, body) in bodies {
                    let metal = "half4 f(float2 p, half4 c) {\n    \(body)\n    return c;\n}\n"
                    let refused: Bool
                    do throws(MetalTranslator.Failure) {
                        _ = try MetalTranslator.translate(metal)
                        refused = false
                    } catch {
                        refused = error.message.contains("nests deeper")
                    }
                    results.append((what, refused))
                }
                done.resume(returning: results)
            }
            thread.stackSize = 512 * 1024
            thread.start()
        }
        for (what, refused) in results {
            #expect(!refused, "\(what), \(depth - 4) deep, should translate")
        }
    }
}
