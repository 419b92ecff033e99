import GlintCore
import GlintTestSupport
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
        #expect(throws: MetalTranslator.Failure(line: 2, column: 1, message: "#include <Common.h> is not a header Glint knows (it knows Metal's own, as <metal_stdlib>, and SwiftUI's): include your own files as \"file.metal\"")) {
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

/// The typed part of the Metal translation: each conversion Metal makes implicitly and GLSL 3.30
/// does not, against the GLSL written by hand, and each construct GLSL cannot express, refused at
/// its line and column.
@Suite("Metal to GLSL, typed")
struct MetalTypedTranslationTests {
    /// The parameters every body below may use: one of each type.
    static let parameters = "float x, int i, uint u, float2 v, float3 w, half4 c, int2 n, bool b"

    /// Translates a function of `parameters` whose body is the Metal lines of `pairs`, and expects
    /// each line's GLSL (leading and trailing space aside).
    func expectBody(_ pairs: KeyValuePairs<String, String>, returns: String = "half4", parameters: String = Self.parameters,
                    sourceLocation: SourceLocation = #_sourceLocation) throws {
        let metal = "\(returns) f(\(parameters)) {\n" + pairs.map(\.key).joined(separator: "\n") + "\n}\n"
        let lines = try MetalTranslator.translate(metal).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == metal.split(separator: "\n", omittingEmptySubsequences: false).count, "lines stay the Metal file's", sourceLocation: sourceLocation)
        for (k, pair) in pairs.enumerated() where k + 1 < lines.count {
            #expect(lines[k + 1].trimmingCharacters(in: .whitespaces) == pair.value, "from: \(pair.key)", sourceLocation: sourceLocation)
        }
    }

    @Test("an int or uint with a float: literals rewritten (2 → 2.0), variables converted (float(i)), in arithmetic and comparisons")
    func numbersWithFloats() throws {
        try expectBody([
            "float a = x * 2;": "float a = x * 2.0;",
            "float d = x * i;": "float d = x * float(i);",
            "float e = u + x;": "float e = float(u) + x;",
            "float g = -1 + x;": "float g = -1.0 + x;",
            "float h = x / (3);": "float h = x / (3.0);",
            "bool k = x < 2;": "bool k = x < 2.0;",
            "bool l = i < 2.5;": "bool l = float(i) < 2.5;",
            "float m = x * (i / 2);": "float m = x * (float(i / 2));",
            "return 0;": "return vec4(0);",
        ])
    }

    @Test("an int with a uint: literals get their u (u % 2 → u % 2u), variables uint(i); bitwise operators too")
    func intsWithUints() throws {
        try expectBody([
            "uint a = u % 2;": "uint a = u % 2u;",
            "uint d = u + i;": "uint d = u + uint(i);",
            "uint e = 7;": "uint e = 7u;",
            "uint g = u & 0xFF;": "uint g = u & 0xFFu;",
            "bool h = u < 4;": "bool h = u < 4u;",
            "uint k = u << 2;": "uint k = u << 2;",
            "int l = u;": "int l = int(u);",
            "return c;": "return c;",
        ])
    }

    @Test("initialisers, assignments, compound assignments, returns and arguments convert to the type they go to")
    func assignmentsReturnsArguments() throws {
        try expectBody([
            "float a = 1;": "float a = 1.0;",
            "int k = x;": "int k = int(x);",
            "a = i;": "a = float(i);",
            "a += 1;": "a += 1.0;",
            "a *= i;": "a *= float(i);",
            "k *= 0.5;": "k = int(float(k) * (0.5));",
            "k += u;": "k += int(u);",
            "float2 g = 1;": "vec2 g = vec2(1);",
            "half4 h = x;": "vec4 h = vec4(x);",
            "g *= 2;": "g *= 2.0;",
            "return 1;": "return vec4(1);",
        ])
        // `shade` is declared before the function, as a user's helper is.
        let helper = "half4 shade(float a, float b) { return a * b; }\n"
        let glsl = try MetalTranslator.translate(helper + "half4 f(int i) { return shade(1, i); }\n")
        #expect(glsl.contains("vec4 shade(float a, float b) { return vec4(a * b); }"), "\(glsl)")
        #expect(glsl.contains("vec4 f(int i) { return shade(1.0, float(i)); }"), "\(glsl)")
        #expect(try MetalTranslator.translate("constexpr float sq(float x) { return x * x; }\n") == "float sq(float x) { return x * x; }\n", "GLSL's functions are not const")
        // A function returning float, returning an int.
        #expect(try MetalTranslator.translate("float half_(int i) { return i / 2; }\n") == "float half_(int i) { return float(i / 2); }\n")
    }

    @Test("float-only built-ins take floats (sin(1), pow(x, 2)) and broadcast scalars GLSL has no overload for (pow(v, 2.0))")
    func floatBuiltins() throws {
        try expectBody([
            "float a = sin(1);": "float a = sin(1.0);",
            "float d = pow(x, 2);": "float d = pow(x, 2.0);",
            "float2 e = pow(v, 2.0);": "vec2 e = pow(v, vec2(2.0));",
            "float g = sqrt(i);": "float g = sqrt(float(i));",
            "float h = atan2(i, 1);": "float h = atan(float(i), 1.0);",
            "float3 k = fmod(w, 2);": "vec3 k = metal_fmod(w, 2.0);",
            "float l = length(v) * 2;": "float l = length(v) * 2.0;",
            "return c;": "return c;",
        ])
    }

    @Test("scalar broadcasts GLSL lacks in mix, clamp, min, max, step and smoothstep become vecN(…); those it has stay scalar")
    func broadcasts() throws {
        try expectBody([
            "half4 a = mix(c, x, x);": "vec4 a = mix(c, vec4(x), x);",
            "float2 d = min(x, v);": "vec2 d = min(vec2(x), v);",
            "float2 e = max(v, 0);": "vec2 e = max(v, 0.0);",
            "float3 g = step(w, x);": "vec3 g = step(w, vec3(x));",
            "float3 h = step(0.5, w);": "vec3 h = step(0.5, w);",
            "float3 k = smoothstep(w, w, x);": "vec3 k = smoothstep(w, w, vec3(x));",
            "float3 l = smoothstep(0, 1, w);": "vec3 l = smoothstep(0.0, 1.0, w);",
            "float3 m = clamp(x, w, w);": "vec3 m = clamp(vec3(x), w, w);",
            "float3 o = clamp(w, 0, 1);": "vec3 o = clamp(w, 0.0, 1.0);",
            "float3 q = clamp(w, 0.0, w);": "vec3 q = clamp(w, vec3(0.0), w);",
            "int r = clamp(i, 0, 9);": "int r = clamp(i, 0, 9);",
            "float s = max(i, 0.5);": "float s = max(float(i), 0.5);",
            "return c;": "return c;",
        ])
    }

    @Test("a number as a condition: if, while, for, !, &&, ||, ?: compare it with 0 of its type")
    func conditions() throws {
        try expectBody([
            "if (i) { }": "if (i != 0) { }",
            "while (u) { u--; }": "while (u != 0u) { u--; }",
            "for (int k = 4; k; k--) { }": "for (int k = 4; k != 0; k--) { }",
            "if (x) { }": "if (x != 0.0) { }",
            "if (i & 1) { }": "if ((i & 1) != 0) { }",
            "bool a = !i;": "bool a = !(i != 0);",
            "bool d = b && i;": "bool d = b && (i != 0);",
            "bool e = u || x;": "bool e = (u != 0u) || (x != 0.0);",
            "float g = i ? x : 0;": "float g = (i != 0) ? x : 0.0;",
            "do { i--; } while (i);": "do { i--; } while (i != 0);",
            "return c;": "return c;",
        ])
    }

    @Test("vector comparisons are Metal's bool vectors: lessThan and friends, equal/notEqual where a bool vector is used, not() for !")
    func vectorComparisons() throws {
        try expectBody([
            "bool2 a = v < 0.5;": "bvec2 a = lessThan(v, vec2(0.5));",
            "bool3 d = w >= x;": "bvec3 d = greaterThanEqual(w, vec3(x));",
            "bool2 e = v == v.yx;": "bvec2 e = equal(v, v.yx);",
            "bool g = all(v != 0);": "bool g = all(notEqual(v, vec2(0)));",
            "bool h = any(!(v > 1.0));": "bool h = any(not((greaterThan(v, vec2(1.0)))));",
            "bool2 k = n == 1;": "bvec2 k = equal(n, ivec2(1));",
            "return c;": "return c;",
        ])
    }

    @Test("?: with a bool-vector condition selects per element: mix(no, yes, condition); arms converted to the vector")
    func vectorSelect() throws {
        try expectBody([
            "float2 a = v < 0.5 ? v : 1 - v;": "vec2 a = mix(1.0 - v, v, lessThan(v, vec2(0.5)));",
            "float2 d = (v == v.yx) ? 0.0 : v;": "vec2 d = mix(v, vec2(0.0), (equal(v, v.yx)));",
            "int2 e = v > 1.0 ? n : 0;": "ivec2 e = ivec2(mix(vec2(ivec2(0)), vec2(n), greaterThan(v, vec2(1.0))));",
            "float g = x > 0 ? 1 : 0.5;": "float g = x > 0.0 ? 1.0 : 0.5;",
            "int h = select(0, 1, x > 0);": "int h = (x > 0.0 ? 1 : 0);",
            "int2 k = select(n, int2(0), v > 1.0);": "ivec2 k = ivec2(mix(vec2(n), vec2(ivec2(0)), greaterThan(v, vec2(1.0))));",
            "float l = select(0, 1, b);": "float l = float((b ? 1 : 0));",
            "return c;": "return c;",
        ])
        // Spread over lines, the select is written where it began and the lines stay.
        let metal = "float2 f(float2 v) {\n    return v < 0.5\n        ? v\n        : -v;\n}\n"
        #expect(try MetalTranslator.translate(metal) == "vec2 f(vec2 v) {\n    return mix(-v, v, lessThan(v, vec2(0.5)))\n\n;\n}\n")
    }

    @Test("C casts, static_cast, auto, brace initialisers of arrays, vectors and structs, struct fields and switch labels")
    func declarationsAndCasts() throws {
        let metal = """
        struct Ring { float radius; float2 center; };
        constant float3 palette[] = { float3(1, 0, 0), {0, 1, 0}, };
        half4 f(float2 p, int i, uint u) {
            float a = (float)i * 2;
            half h = static_cast<half>(i) / 2;
            auto d = p * 2;
            Ring r = { 5, {1, 2} };
            float e = r.radius * 2 + r.center.x;
            switch (u) { case 1: return half4(1); default: break; }
            return half4(palette[i] * a, 1);
        }
        """
        let lines = try MetalTranslator.translate(metal).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines[0] == "struct Ring { float radius; vec2 center; };")
        #expect(lines[1] == "const vec3 palette[] = vec3[2]( vec3(1, 0, 0), vec3(0.0, 1.0, 0.0) );")
        #expect(lines[3] == "float a = float(i) * 2.0;")
        #expect(lines[4] == "float h = float(i) / 2.0;")
        #expect(lines[5] == "vec2 d = p * 2.0;")
        #expect(lines[6] == "Ring r = Ring( 5.0, vec2(1.0, 2.0) );")
        #expect(lines[7] == "float e = r.radius * 2.0 + r.center.x;")
        #expect(lines[8] == "switch (u) { case 1u: return vec4(1); default: break; }")
    }

    @Test("references become inout (const: in); as_type reads bits; Metal's own math functions become helpers")
    func referencesBitsHelpers() throws {
        let metal = "void swap(thread float &a, const thread float2 &b) { a = b.x; }\nfloat f(float x) { uint bits = as_type<uint>(x); return as_type<float>(bits) + fma(x, x, 1) + log10(x); }\n"
        let glsl = try MetalTranslator.translate(metal)
        #expect(glsl.contains("void swap(inout float a, const vec2 b) { a = b.x; }"), "\(glsl)")
        #expect(glsl.contains("uint bits = metal_as_uint(x); return metal_as_float(bits) + metal_fma(x, x, 1.0) + metal_log10(x);"), "\(glsl)")
        #expect(glsl.contains("uint metal_as_uint(float x) { return floatBitsToUint(x); }") && glsl.contains("float metal_fma(float a, float b, float c)"))
    }

    @Test("a .data argument is the words the renderer binds; casts of it to uchar, char, ushort, short, int, uint and float are read from them")
    func dataArguments() throws {
        let metal = """
        half4 f(float2 p, half4 c, device const void *data, int size) {
            device const float *values = (device const float *)data;
            float a = values[1] + ((device const float *)data)[0];
            uint d = ((device const uchar *)data)[size - 1];
            int e = ((constant char *)data)[3] + reinterpret_cast<device const short *>(data)[1];
            uint g = ((device const ushort *)data)[2] + ((device const uint *)data)[0];
            return half4(a, d, e, g);
        }
        """
        let lines = try MetalTranslator.translate(metal).split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines[0] == "vec4 f(vec2 p, vec4 c, const uint data[64], int size) {")
        #expect(lines[1] == "", "the view's declaration goes; its line stays")
        #expect(lines[2] == "float a = uintBitsToFloat(data[1]) + uintBitsToFloat(data[0]);")
        #expect(lines[3] == "uint d = ((data[int(size - 1) >> 2] >> (8 * (int(size - 1) & 3))) & 255u);")
        #expect(lines[4] == "int e = (int(data[int(3) >> 2] << (24 - 8 * (int(3) & 3))) >> 24) + (int(data[int(1) >> 1] << (16 - 16 * (int(1) & 1))) >> 16);")
        #expect(lines[5] == "uint g = ((data[int(2) >> 1] >> (16 * (int(2) & 1))) & 65535u) + data[0];")
    }

    @Test("what cannot be known is left as written: names from nowhere, calls of unknown functions")
    func unknownsLeftAlone() throws {
        let metal = "half4 f(float x) { float a = mystery * 2; return half4(other(1) * 2); }\n"
        #expect(try MetalTranslator.translate(metal) == "vec4 f(float x) { float a = mystery * 2; return vec4(other(1) * 2); }\n")
    }

    @Test("what an included file declares is known once it is spliced in: insertHelpers runs the typed pass over the whole")
    func includedDeclarations() throws {
        var helpers: Set<String> = []
        let common = try MetalTranslator.translate("#pragma once\nconstant float scale = 3;\nfloat twice(float x) { return x * 2; }\n", helpers: &helpers)
        let user = try MetalTranslator.translate("#include \"Common.metal\"\nhalf4 f(float2 p) { return half4(twice(1) * scale * 2); }\n", helpers: &helpers)
        #expect(user.contains("twice(1) * scale * 2"), "alone, the includer cannot know twice's types: \(user)")
        let spliced = user.replacingOccurrences(of: "#include \"Common.metal\"", with: "#line 1\n" + common.replacingOccurrences(of: "#pragma once", with: "") + "#line 2")
        let whole = MetalTranslator.insertHelpers(helpers, into: spliced)
        #expect(whole.contains("vec4 f(vec2 p) { return vec4(twice(1.0) * scale * 2.0); }"), "\(whole)")
        #expect(whole.contains("const float scale = 3.0;"), "\(whole)")
    }

    @Test("every construct above translates to GLSL that glslang accepts as GLSL 3.30")
    func acceptedByGlslang() throws {
        guard Glslang.path != nil else { return }
        let metal = """
        #include <metal_stdlib>
        using namespace metal;
        struct Ring { float radius; float2 center; };
        constant float3 palette[] = { float3(1, 0, 0), {0, 1, 0} };
        constant int count = 4;
        half shade(float a, float b) { return a * b; }
        void swap(thread float &a, const thread float2 &b) { a = b.x; }
        [[ stitchable ]] half4 f(float2 p, half4 c, float x, int i, uint u, device const void *data, int size) {
            float a = x * 2 + i;
            uint k = u % 2 + i;
            int m = x;
            m *= 0.5;
            if (i) { a += 1; }
            for (uint j = 0; j < count; j++) { a += j; }
            bool2 lt = p < 0.5;
            float2 s = lt ? p : 1 - p;
            float2 t = (p == s) ? p : 0.0;
            half4 mixed = mix(c, x, x) + half4(min(x, p), step(p, x));
            Ring r = { 5, {1, 2} };
            auto d = (float)i * r.radius;
            float bytes = ((device const uchar *)data)[i] + ((device const float *)data)[0];
            swap(a, p);
            return all(p == t) ? mixed : half4(palette[i] * shade(1, i), 1) + d + bytes + select(0, 1, k > 1);
        }
        """
        let glsl = try MetalTranslator.translate(metal)
        let prelude = "#version 330 core\nstruct Layer { int unit; };\nout vec4 glint_fragColor;\n#line 1\n"
        let result = try Glslang.validate(prelude + glsl + "\nvoid main() { glint_fragColor = f(vec2(0.0), vec4(1.0), 1.0, 1, 1u, uint[64](0u" + String(repeating: ", 0u", count: 63) + "), 4); }\n", stage: "frag")
        #expect(result.status == 0, "\(result.output)\n\(glsl)")
    }

    @Test("lines stay the Metal file's where a construct spans several (inline on its own line, a cast broken over lines, a far `;` after using), and malformed input ends")
    func linesKeptAndMalformedInputEnds() throws {
        let metal = "using namespace\n  metal;\nstatic inline\nhalf f(float x,\n  device const void *d, int n) {\n    return ((device\n const float *)d)[0] * x;\n}\n"
        let glsl = try MetalTranslator.translate(metal)
        #expect(glsl.split(separator: "\n", omittingEmptySubsequences: false).count == metal.split(separator: "\n", omittingEmptySubsequences: false).count, "\(glsl)")
        #expect(glsl.split(separator: "\n", omittingEmptySubsequences: false)[3] == "float f(float x,", "\(glsl)")
        #expect(glsl.contains("return uintBitsToFloat(d[0])\n * x;"), "the cast's newline follows it: \(glsl)")
        // A struct whose body holds a stray `)`: parsed to its end, not forever, the lines kept.
        let stray = "struct S { {\n    return d6h, 0.7h));\n};\nhalf g(int i) { return i * 2; }\n"
        #expect(try MetalTranslator.translate(stray) == "struct S { {\n    return d6h, 0.7));\n};\nfloat g(int i) { return float(i * 2); }\n")
    }

    // MARK: - Refusals

    @Test("what GLSL cannot express is refused at its line and column, naming the construct and what to do")
    func refusals() {
        func refused(_ metal: String) -> MetalTranslator.Failure? {
            do {
                _ = try MetalTranslator.translate(metal)
                return nil
            } catch {
                return error
            }
        }
        let cases: [(String, Int, Int, String)] = [
            ("[[ stitchable ]] half4 f(float2 p, half4 c,\n    device float *out) { return c; }\n", 2, 5,
             "`device float *` output buffers are not supported: Glint shaders are pure functions"),
            ("half4 f(float2 p, half4 c, device half4 &o) { return c; }\n", 1, 28,
             "`device half4 &` output references are not supported: Glint shaders are pure functions"),
            ("half4 f(float2 p, thread float *q) { return 0; }\n", 1, 19,
             "`thread float *` pointers are not supported: Glint shaders are pure functions; return the value, or take a `thread float &` reference"),
            ("kernel void k(uint2 gid [[ thread_position_in_grid ]]) {}\n", 1, 1,
             "`kernel` functions are not supported: Glint runs SwiftUI's [[ stitchable ]] functions (colorEffect, layerEffect, distortionEffect)"),
            ("fragment half4 shade(float4 p [[ position ]]) { return 0; }\n", 1, 1,
             "`fragment` functions are not supported: Glint runs SwiftUI's [[ stitchable ]] functions (colorEffect, layerEffect, distortionEffect)"),
            ("half4 f(float2 p, half4 c, constant float *v [[ buffer(0) ]]) { return c; }\n", 1, 46,
             "`[[ buffer(0) ]]` is not supported: bound resources belong to kernel, vertex and fragment functions; SwiftUI passes a [[ stitchable ]] function's arguments by position, so drop the attribute"),
            ("half4 f(float2 p [[ position ]]) { return 0; }\n", 1, 18,
             "`[[ position ]]` is not supported: Glint runs [[ stitchable ]] functions (and [[ visible ]] ones), whose parameters take no attributes"),
            ("half4 f(float2 p, half4 c) {\n    atomic_uint n;\n    return c;\n}\n", 2, 5,
             "atomics (`atomic_uint`) are not supported: Glint shaders are pure functions, with nothing shared between pixels"),
            ("half4 f(float2 p, half4 c) {\n  threadgroup float shared[8];\n  return c;\n}\n", 2, 3,
             "`threadgroup` memory is not supported: Glint shaders draw each pixel on its own, with nothing shared"),
            ("float f(float x) { return simd_sum(x); }\n", 1, 27,
             "`simd_sum` is not supported: SIMD-group and threadgroup functions need a compute kernel; Glint draws each pixel on its own"),
            ("half4 f(float2 p, device const float *v, int n) {\n    return half4(*(v + 1));\n}\n", 2, 20,
             "pointer arithmetic on `v` is not supported: index it, as v[i]"),
            ("half4 f(float2 p, device const float *v, int n) { return half4(*v); }\n", 1, 64,
             "dereferencing `v` (`*v`) is not supported: index it, as v[0]"),
            ("half4 f(float2 p, device const float *v, int n) {\n    device const float *w = v;\n    return half4(w[0]);\n}\n", 2, 5,
             "pointer variables (`device const float *w`) are not supported: index the array parameter itself"),
            ("struct S { float a; };\nhalf4 f(float2 p, S s) { return half4(s->a); }\n", 2, 40,
             "`->` is not supported: Glint has no pointers; pass the value and use `.`"),
            ("float f(float x) {\n    float c;\n    float s = sincos(x, &c);\n    return s;\n}\n", 3, 25,
             "taking an address (`&c`) is not supported: Glint has no pointers; pass the value, or take a `thread T &` reference parameter"),
            ("struct P { float2 at; };\nhalf4 f(float2 p, device const void *d, int n) {\n    P q = ((device const P *)d)[0];\n    return half4(q.at, 0, 1);\n}\n", 3, 12,
             "`(device const P *)d` cannot be translated: a .data argument cannot be read as a struct in GLSL; read its words as `device const float *` (or uint, uchar) and index them"),
            ("half4 f(float2 p, device const void *d, int n) { return half4(((device const half *)d)[0]); }\n", 1, 64,
             "`(device const half *)d` is not supported: a .data argument cannot be read as half; read it as `device const ushort *` or store floats"),
            ("half4 f(float2 p, device const void *d, int n) { return half4(((device const float4 *)d)[0]); }\n", 1, 64,
             "`(device const float4 *)d` is not supported: a .data argument is read one scalar at a time; read `device const float *` (or uint, uchar) and build the float4"),
            ("half4 f(float2 p, device const void *d, int n) {\n    auto v = (device const float *)d;\n    return half4(1);\n}\n", 2, 14,
             "a cast of the .data argument 'd' to `device const float *` can only be indexed, as ((device const float *)d)[i]"),
            ("half4 f(float2 p, device const float *v, int n) { return half4(((device const uint *)v)[0]); }\n", 1, 65,
             "the pointer cast `(device const uint *)v` is not supported: Glint has no pointers; only a `device const void *` (.data) argument may be read through a cast"),
            ("template <typename T>\nT twice(T x) { return x * 2; }\n", 1, 1,
             "templates are not supported: write the function once for each type"),
            ("float f(int i) { return reinterpret_cast<float>(i); }\n", 1, 25,
             "`reinterpret_cast` is not supported: use as_type<T>(x) for the bits of a value, or a constructor, as float(x)"),
            ("half f(ushort u) { return as_type<half>(u); }\n", 1, 27,
             "`as_type<half>` is not supported: Glint reinterprets bits as float, int and uint (and their vectors) only"),
        ]
        for (metal, line, column, message) in cases {
            let failure = refused(metal)
            #expect(failure == MetalTranslator.Failure(line: line, column: column, message: message), "\(metal)")
        }
    }
}
