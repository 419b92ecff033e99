import Foundation
import Testing
@testable import GlintCore

/// The message a throwing call gives, or nil if it did not throw.
private func message(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch let error as ShaderSignatureError {
        return error.message
    } catch {
        return "not a ShaderSignatureError: \(error)"
    }
}

private func parse(_ source: String, _ function: String, file: String? = nil) throws(ShaderSignatureError) -> ShaderSignature {
    try ShaderSignature.parse(source: source, function: function, file: file)
}

@Suite("Shader signatures: parsing")
struct SignatureParsingTests {
    @Test("a plain colour effect reads as its return type and parameters, with lines")
    func plain() throws {
        let source = """
        uniform float unrelated;
        vec4 dissolve(vec2 position, vec4 color, float t, sampler2D noise) {
            return color * t;
        }
        """
        let signature = try parse(source, "dissolve")
        #expect(signature.function == "dissolve")
        #expect(signature.file == "dissolve.frag", "a file named after the function, as Shaders/<function>.frag")
        #expect(signature.line == 2)
        #expect(signature.returnType == .vec4)
        #expect(signature.parameters == [
            .init(name: "position", type: .vec2, line: 2),
            .init(name: "color", type: .vec4, line: 2),
            .init(name: "t", type: .float, line: 2),
            .init(name: "noise", type: .sampler2D, line: 2),
        ])
    }

    @Test("comments, preprocessor lines, qualifiers and line breaks anywhere are skipped")
    func commentsAndQualifiers() throws {
        let source = """
        #define STEPS 8
        // vec2 wave(vec2 position, float fake) { }
        /* vec2 wave(vec2 position, int alsoFake) {
           } */
        #if 0
        vec2 wave(vec2 position, bool hidden) { return position; }
        #endif
        highp vec2 /* the effect */ wave(
            in vec2 position, // where
            const   highp float
                frequency,
            mediump float strength /* how far */, lowp
            int time
        )
        {
            return position;
        }
        """
        let signature = try parse(source, "wave")
        #expect(signature.returnType == .vec2)
        #expect(signature.line == 8)
        #expect(signature.parameters.map(\.name) == ["position", "frequency", "strength", "time"])
        #expect(signature.parameters.map(\.type) == [.vec2, .float, .float, .int])
        #expect(signature.parameters.map(\.line) == [9, 11, 12, 13], "each parameter's line is its name's")
        #expect(ShaderSignature.definedFunctions(in: source) == ["wave"], "the commented and #if'd copies are not definitions")
    }

    @Test("#if 0 hides its branch up to #else or the matching #endif; other conditionals keep their code")
    func disabledBlocks() throws {
        let source = """
        #if 0
        #ifdef NESTED
        vec2 wave(vec2 position, bool nested) { return position; }
        #endif
        vec2 wave(vec2 position, bool old) { return position; }
        #else
        vec2 wave(vec2 position, float t) { return position; }
        #endif
        #ifdef GL_ES
        float helper() { return 1.0; }
        #endif
        """
        let signature = try parse(source, "wave")
        #expect(signature.line == 7)
        #expect(signature.parameters.map(\.name) == ["position", "t"])
        #expect(ShaderSignature.definedFunctions(in: source) == ["wave", "helper"])
    }

    @Test("arrays in both syntaxes, with literal, hex, #define and const int lengths")
    func arrays() throws {
        let source = """
        #define TAPS 16
        const int COLORS = 4;
        vec4 blur(vec2 position, Layer layer, float weights[8], int count,
                  float[0x20] wide, int wideCount, vec4 palette[COLORS], int paletteCount,
                  uint[TAPS] bytes, int byteCount, mat2 m) {
            return layerSample(layer, position);
        }
        """
        let signature = try parse(source, "blur")
        #expect(signature.parameters.map(\.typeDescription) == [
            "vec2", "Layer", "float[8]", "int", "float[32]", "int", "vec4[4]", "int", "uint[16]", "int", "mat2",
        ])
        #expect(signature.parameters[1].type == .layer)
        #expect(signature.parameters[10].type == .other("mat2"))
        #expect(signature.parameters[2].arrayLength == 8 && signature.parameters[3].arrayLength == nil)
    }

    @Test("prototypes, calls and overloads of other functions do not confuse the search")
    func prototypesAndOverloads() throws {
        let source = """
        vec4 tint(vec2 position, vec4 color, float amount);
        float shade(float x) { return x; }
        float shade(vec2 x) { return x.x; }
        const vec3 base = vec3(1.0);
        struct Ripple { float phase; };
        vec4 tint(vec2 position, vec4 color, float amount) {
            return color * shade(amount);
        }
        """
        let signature = try parse(source, "tint")
        #expect(signature.line == 6, "the definition, not the prototype on line 1")
        #expect(signature.parameters.map(\.name) == ["position", "color", "amount"])
        #expect(ShaderSignature.definedFunctions(in: source) == ["shade", "tint"])
    }

    @Test("an empty or void parameter list has no parameters")
    func noParameters() throws {
        #expect(try parse("float f() { return 1.0; }", "f").parameters.isEmpty)
        #expect(try parse("float f(void) { return 1.0; }", "f").parameters.isEmpty)
    }

    @Test("a missing function names the function and the file, with what the file defines")
    func missing() {
        let source = "vec4 colorEffect(vec2 position, vec4 color) { return color; }\nfloat noise(vec2 p) { return 0.0; }"
        #expect(message { _ = try parse(source, "dissolve", file: "fx/dissolve.frag") }
            == "fx/dissolve.frag: no function 'dissolve' is defined; the file defines colorEffect, noise")
        #expect(message { _ = try parse(source, "noize") }
            == "noize.frag: no function 'noize' is defined; did you mean 'noise'? the file defines colorEffect, noise")
        #expect(message { _ = try parse("// nothing here", "wave") } == "wave.frag: no function 'wave' is defined; the file defines no functions")
        #expect(message { _ = try parse("vec2 wave(vec2 position);\n", "wave") } == "wave.frag:1: 'wave' is declared but never defined")
    }

    @Test("an overloaded effect function is an error naming both lines")
    func overloadedEffect() {
        let source = """
        vec2 wave(vec2 position) { return position; }

        vec2 wave(vec2 position, float t) { return position; }
        """
        #expect(message { _ = try parse(source, "wave") }
            == "wave.frag:3: 'wave' is defined 2 times (lines 1, 3); an effect function cannot be overloaded")
    }

    @Test("out and inout parameters are rejected")
    func outputs() {
        #expect(message { _ = try parse("vec2 wave(vec2 position,\n out float result) { return position; }", "wave") }
            == "wave.frag:2: parameter 2 'result' of 'wave' is 'out', but effect parameters can only be inputs")
        #expect(message { _ = try parse("vec2 wave(inout vec2 position) { return position; }", "wave") }
            == "wave.frag:1: parameter 1 'position' of 'wave' is 'inout', but effect parameters can only be inputs")
    }

    @Test("malformed array lengths are errors")
    func badArrays() {
        #expect(message { _ = try parse("vec2 wave(vec2 position, float w[N + 1]) { return position; }", "wave") }
            == "wave.frag:1: parameter 2 of 'wave' has array length 'N + 1'; it must be a positive integer or a const int")
        #expect(message { _ = try parse("vec2 wave(vec2 position, float[2] w[3]) { return position; }", "wave") }
            == "wave.frag:1: parameter 2 of 'wave' 'w' is an array of arrays, which GLSL 3.30 does not have")
    }

    @Test("declaring a glint_ name or a main is an error; using the prelude's names is fine")
    func reserved() throws {
        let uses = "vec4 tint(vec2 position, vec4 color) { return color * glint_scale + layerSample(glint_position()); }"
        _ = try parse(uses, "tint")
        #expect(message { _ = try parse("uniform float glint_arg0;\n" + uses, "tint") }
            == "tint.frag:1: 'glint_arg0' is declared here, but names starting with glint_ are reserved for Glint's pipeline")
        #expect(message { _ = try parse(uses + "\nvoid main() { }", "tint") }
            == "tint.frag:2: the file defines main, but Glint generates main to call the effect function; remove it")
    }
}

@Suite("Shader signatures: effect kinds")
struct SignatureKindTests {
    @Test("each kind accepts its own shape")
    func accepted() throws {
        try parse("vec4 c(vec2 position, vec4 color, float t) { return color; }", "c").validate(as: .color)
        try parse("vec2 d(vec2 position) { return position; }", "d").validate(as: .distortion)
        try parse("vec4 l(vec2 p, Layer layer) { return layerSample(layer, p); }", "l").validate(as: .layer)
    }

    @Test("wrong return types name the kind, what it must return and what it returns")
    func returnTypes() {
        let wave = "\n\nvec4 wave(vec2 position, float t) { return vec4(0.0); }"
        #expect(message { try parse(wave, "wave").validate(as: .distortion) }
            == "wave.frag:3: 'wave' is used as a distortion effect, so it must return vec2 (it returns vec4)")
        #expect(message { try parse("vec2 tint(vec2 position, vec4 color) { return position; }", "tint").validate(as: .color) }
            == "tint.frag:1: 'tint' is used as a color effect, so it must return vec4 (it returns vec2)")
        #expect(message { try parse("float ripple(vec2 position, Layer layer) { return 1.0; }", "ripple").validate(as: .layer) }
            == "ripple.frag:1: 'ripple' is used as a layer effect, so it must return vec4 (it returns float)")
    }

    @Test("wrong or missing leading parameters say which and what they are")
    func leading() {
        #expect(message { try parse("vec2 wave(\n  float t) { return vec2(t); }", "wave").validate(as: .distortion) }
            == "wave.frag:2: 'wave' is used as a distortion effect, so its first parameter must be 'vec2 position' (it is 'float t')")
        #expect(message { try parse("vec2 wave() { return vec2(0.0); }", "wave").validate(as: .distortion) }
            == "wave.frag:1: 'wave' is used as a distortion effect, so its first parameter must be 'vec2 position' (it has none)")
        #expect(message { try parse("vec4 tint(vec2 position) { return vec4(0.0); }", "tint").validate(as: .color) }
            == "tint.frag:1: 'tint' is used as a color effect, so its second parameter must be 'vec4 color' (it has only 1)")
        #expect(message { try parse("vec4 tint(vec2 position, vec3 color) { return vec4(0.0); }", "tint").validate(as: .color) }
            == "tint.frag:1: 'tint' is used as a color effect, so its second parameter must be 'vec4 color' (it is 'vec3 color')")
        #expect(message { try parse("vec4 glow(vec2 position, vec4 color) { return color; }", "glow").validate(as: .layer) }
            == "glow.frag:1: 'glow' is used as a layer effect, so its second parameter must be 'Layer layer' (it is 'vec4 color')")
        #expect(message { try parse("vec4 glow(vec2 position[2], Layer l) { return vec4(0.0); }", "glow").validate(as: .layer) }
            == "glow.frag:1: 'glow' is used as a layer effect, so its first parameter must be 'vec2 position' (it is 'vec2[2] position')")
    }
}

@Suite("Shader signatures: arguments")
struct SignatureBindingTests {
    static let everything = """
    vec4 everything(vec2 position, vec4 color, float f, vec2 f2, vec3 f3, vec4 f4, vec4 tint, sampler2D noise,
                    float weights[8], int weightCount, vec4[3] palette, int paletteCount,
                    uint bytes[4], int byteCount, vec4 rect, sampler2D mask) {
        return color;
    }
    """

    @Test("every argument kind binds to its parameters, arrays with their counts, images on units from 1")
    func everyKind() throws {
        let signature = try parse(Self.everything, "everything")
        let bindings = try signature.bind(
            [.float, .float2, .float3, .float4, .color, .image, .floatArray(count: 8), .colorArray(count: 2),
             .data(byteCount: 13), .boundingRect, .image],
            kind: .color, maxTextureUnits: 16)
        #expect(bindings == [
            ArgumentBinding(kind: .float, uniform: "glint_arg0", type: .float),
            ArgumentBinding(kind: .float2, uniform: "glint_arg1", type: .vec2),
            ArgumentBinding(kind: .float3, uniform: "glint_arg2", type: .vec3),
            ArgumentBinding(kind: .float4, uniform: "glint_arg3", type: .vec4),
            ArgumentBinding(kind: .color, uniform: "glint_arg4", type: .vec4),
            ArgumentBinding(kind: .image, uniform: "glint_arg5", type: .sampler2D, textureUnit: 1),
            ArgumentBinding(kind: .floatArray(count: 8), uniform: "glint_arg6", type: .float, arrayLength: 8, countUniform: "glint_arg6_count"),
            ArgumentBinding(kind: .colorArray(count: 2), uniform: "glint_arg7", type: .vec4, arrayLength: 3, countUniform: "glint_arg7_count"),
            ArgumentBinding(kind: .data(byteCount: 13), uniform: "glint_arg8", type: .uint, arrayLength: 4, countUniform: "glint_arg8_count"),
            ArgumentBinding(kind: .boundingRect, uniform: "glint_arg9", type: .vec4),
            ArgumentBinding(kind: .image, uniform: "glint_arg10", type: .sampler2D, textureUnit: 2),
        ])
    }

    @Test("a mismatch names the function, argument, parameter and both types", arguments: [
        ("vec4 dissolve(vec2 position, vec4 color, float t, float amount, sampler2D noise) { return color; }",
         [ShaderArgumentKind.float, .float, .float], ShaderSignature.Kind.color,
         "dissolve: argument 3 is .float (float), but parameter 5 'noise' is sampler2D"),
        ("vec2 d(vec2 position, vec3 v) { return position; }", [.float2], .distortion,
         "d: argument 1 is .float2 (vec2), but parameter 2 'v' is vec3"),
        ("vec2 d(vec2 position, vec4 v) { return position; }", [.float3], .distortion,
         "d: argument 1 is .float3 (vec3), but parameter 2 'v' is vec4"),
        ("vec2 d(vec2 position, vec3 v) { return position; }", [.float4], .distortion,
         "d: argument 1 is .float4 (vec4), but parameter 2 'v' is vec3"),
        ("vec2 d(vec2 position, vec3 tint) { return position; }", [.color], .distortion,
         "d: argument 1 is .color (vec4), but parameter 2 'tint' is vec3"),
        ("vec2 d(vec2 position, vec4 noise) { return position; }", [.image], .distortion,
         "d: argument 1 is .image (sampler2D), but parameter 2 'noise' is vec4"),
        ("vec2 d(vec2 position, vec2 rect) { return position; }", [.boundingRect], .distortion,
         "d: argument 1 is .boundingRect (vec4), but parameter 2 'rect' is vec2"),
        ("vec4 blur(vec2 p, Layer l, float w, int n) { return vec4(0.0); }", [.floatArray(count: 2)], .layer,
         "blur: argument 1 is .floatArray (float[] then int), but parameter 3 'w' is float"),
        ("vec4 blur(vec2 p, Layer l, float w[4], float n) { return vec4(0.0); }", [.floatArray(count: 2)], .layer,
         "blur: argument 1 is .floatArray (float[] then int), but parameter 4 'n' is float"),
        ("vec4 blur(vec2 p, Layer l, float w[4]) { return vec4(0.0); }", [.floatArray(count: 2)], .layer,
         "blur: argument 1 is .floatArray (float[] then int), but parameter 3 'w' is not followed by an int for its count"),
        ("vec4 pal(vec2 p, vec4 c, vec3 colors[4], int n) { return c; }", [.colorArray(count: 2)], .color,
         "pal: argument 1 is .colorArray (vec4[] then int), but parameter 3 'colors' is vec3[4]"),
        ("vec4 dec(vec2 p, vec4 c, int bytes[4], int n) { return c; }", [.data(byteCount: 4)], .color,
         "dec: argument 1 is .data (uint[] then int), but parameter 3 'bytes' is int[4]"),
        ("vec4 one(vec2 p, vec4 c, float w[4], int n) { return c; }", [.float], .color,
         "one: argument 1 is .float (float), but parameter 3 'w' is float[4]"),
    ])
    func mismatches(source: String, arguments: [ShaderArgumentKind], kind: ShaderSignature.Kind, expected: String) throws {
        let signature = try ShaderSignature.parse(source: source, function: String(source.split(separator: " ")[1].prefix { $0 != "(" }))
        #expect(message { _ = try signature.bind(arguments, kind: kind, maxTextureUnits: 16) } == expected)
    }

    @Test("too few or too many arguments list what the function takes")
    func counts() throws {
        let wave = try parse("vec2 wave(vec2 position, float frequency, float strength, float time) { return position; }", "wave")
        #expect(message { _ = try wave.bind([.float, .float], kind: .distortion, maxTextureUnits: 16) }
            == "wave: 2 arguments given, but 'wave' takes 3 after position (frequency, strength, time)")
        #expect(message { _ = try wave.bind([.float, .float, .float, .float], kind: .distortion, maxTextureUnits: 16) }
            == "wave: 4 arguments given, but 'wave' takes 3 after position (frequency, strength, time)")
        let tint = try parse("vec4 tint(vec2 position, vec4 color) { return color; }", "tint")
        #expect(message { _ = try tint.bind([.float], kind: .color, maxTextureUnits: 16) }
            == "tint: 1 argument given, but 'tint' takes none after position and color")
        let blur = try parse("vec4 blur(vec2 p, Layer layer, float weights[32], int count, float radius) { return vec4(0.0); }", "blur")
        #expect(message { _ = try blur.bind([.floatArray(count: 3)], kind: .layer, maxTextureUnits: 16) }
            == "blur: 1 argument given, but 'blur' takes 2 after position and layer (weights+count, radius)")
        #expect(try blur.bind([.floatArray(count: 3), .float], kind: .layer, maxTextureUnits: 16).count == 2)
    }

    @Test("the kind is checked before the arguments")
    func kindFirst() throws {
        let wave = try parse("vec4 wave(vec2 position, float t) { return vec4(0.0); }", "wave")
        #expect(message { _ = try wave.bind([.float], kind: .distortion, maxTextureUnits: 16) }
            == "wave.frag:1: 'wave' is used as a distortion effect, so it must return vec2 (it returns vec4)")
    }

    @Test("arrays may be shorter than their parameter, never longer")
    func arrayLengths() throws {
        let blur = try parse("vec4 blur(vec2 p, Layer layer, float weights[32], int count) { return vec4(0.0); }", "blur")
        for fits in [0, 1, 32] { _ = try blur.bind([.floatArray(count: fits)], kind: .layer, maxTextureUnits: 16) }
        #expect(message { _ = try blur.bind([.floatArray(count: 40)], kind: .layer, maxTextureUnits: 16) }
            == "blur: .floatArray of 40 values is longer than parameter 'weights' (float[32])")
        #expect(message { _ = try blur.bind([.floatArray(count: -1)], kind: .layer, maxTextureUnits: 16) }
            == "blur: argument 1 is .floatArray of -1 values; a count cannot be negative")

        let palette = try parse("vec4 pal(vec2 p, vec4 c, vec4[3] colors, int n) { return c; }", "pal")
        _ = try palette.bind([.colorArray(count: 3)], kind: .color, maxTextureUnits: 16)
        #expect(message { _ = try palette.bind([.colorArray(count: 4)], kind: .color, maxTextureUnits: 16) }
            == "pal: .colorArray of 4 values is longer than parameter 'colors' (vec4[3])")
    }

    @Test(".data needs enough 32-bit words for its bytes")
    func dataLengths() throws {
        let decode = try parse("vec4 dec(vec2 p, vec4 c, uint bytes[8], int byteCount) { return c; }", "dec")
        _ = try decode.bind([.data(byteCount: 32)], kind: .color, maxTextureUnits: 16)
        #expect(message { _ = try decode.bind([.data(byteCount: 33)], kind: .color, maxTextureUnits: 16) }
            == "dec: .data of 33 bytes needs 9 words, more than parameter 'bytes' (uint[8]) holds")
        #expect(ArgumentBinding.wordCount(byteCount: 0) == 0)
        #expect(ArgumentBinding.wordCount(byteCount: 1) == 1)
        #expect(ArgumentBinding.wordCount(byteCount: 4) == 1)
        #expect(ArgumentBinding.wordCount(byteCount: 5) == 2)
    }

    @Test(".data bytes pack little-endian into words, the last padded with zeros")
    func dataPacking() {
        #expect(ArgumentBinding.packedWords([]) == [])
        #expect(ArgumentBinding.packedWords([0x01, 0x02, 0x03, 0x04]) == [0x0403_0201])
        #expect(ArgumentBinding.packedWords([0xFF, 0x00, 0x00, 0x80, 0xAB]) == [0x8000_00FF, 0x0000_00AB])
        #expect(ArgumentBinding.packedWords([0x10, 0x20, 0x30, 0x40, 0x50, 0x60]) == [0x4030_2010, 0x0000_6050])
    }

    @Test("more images than free texture units is an error; unit 0 is the layer's")
    func textureUnits() throws {
        let dissolve = try parse("vec4 dissolve(vec2 p, vec4 c, sampler2D a, sampler2D b, sampler2D d) { return c; }", "dissolve")
        let bindings = try dissolve.bind([.image, .image, .image], kind: .color, maxTextureUnits: 4)
        #expect(bindings.map(\.textureUnit) == [1, 2, 3])
        #expect(message { _ = try dissolve.bind([.image, .image, .image], kind: .color, maxTextureUnits: 3) }
            == "dissolve: 3 images, but only 2 texture units are free")
        let one = try parse("vec4 one(vec2 p, vec4 c, sampler2D a) { return c; }", "one")
        #expect(message { _ = try one.bind([.image], kind: .color, maxTextureUnits: 1) }
            == "one: 1 image, but only 0 texture units are free")
    }
}

@Suite("Shader signatures: generated main")
struct SignatureMainTests {
    @Test("a colour effect gets the layer's or the view's colour and its arguments' uniforms")
    func colorMain() throws {
        let signature = try parse("vec4 dissolve(vec2 position, vec4 color, float t, sampler2D noise, float w[8], int n) { return color; }", "dissolve")
        let bindings = try signature.bind([.float, .image, .floatArray(count: 5)], kind: .color, maxTextureUnits: 16)
        #expect(signature.mainSource(kind: .color, bindings: bindings) == """
        // Generated by Glint: the arguments of 'dissolve' and the main that calls it as a color effect.
        uniform float glint_arg0;
        uniform sampler2D glint_arg1;
        uniform float glint_arg2[8];
        uniform int glint_arg2_count;
        void main() {
            vec4 glint_color = glint_hasLayer != 0 ? glint_layerColor() : glint_baseColor;
            glint_fragColor = dissolve(glint_position(), glint_color, glint_arg0, glint_arg1, glint_arg2, glint_arg2_count);
        }

        """)
    }

    @Test("a layer effect is passed the prelude's Layer")
    func layerMain() throws {
        let signature = try parse("vec4 blur(vec2 position, Layer layer, vec4[3] tints, int n, uint bytes[2], int count) { return vec4(0.0); }", "blur")
        let bindings = try signature.bind([.colorArray(count: 3), .data(byteCount: 5)], kind: .layer, maxTextureUnits: 16)
        #expect(signature.mainSource(kind: .layer, bindings: bindings) == """
        // Generated by Glint: the arguments of 'blur' and the main that calls it as a layer effect.
        uniform vec4 glint_arg0[3];
        uniform int glint_arg0_count;
        uniform uint glint_arg1[2];
        uniform int glint_arg1_count;
        void main() {
            glint_fragColor = blur(glint_position(), glint_layerInfo, glint_arg0, glint_arg0_count, glint_arg1, glint_arg1_count);
        }

        """)
    }

    @Test("a distortion effect's result is where the layer below is sampled")
    func distortionMain() throws {
        let signature = try parse("vec2 wave(vec2 position) { return position; }", "wave")
        #expect(signature.mainSource(kind: .distortion, bindings: try signature.bind([], kind: .distortion, maxTextureUnits: 16)) == """
        // Generated by Glint: the arguments of 'wave' and the main that calls it as a distortion effect.
        void main() {
            glint_fragColor = layerSample(wave(glint_position()));
        }

        """)
    }
}

@Suite("Shader signatures: generated sources compile")
struct SignatureCompileTests {
    static let validator = "/usr/bin/glslangValidator"
    static let prelude = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Shaders/glint.glsl")

    static let samples: [(ShaderSignature.Kind, String, String, [ShaderArgumentKind])] = [
        (.color, "dissolve", """
         vec4 dissolve(vec2 position, vec4 color, float t, sampler2D noise, vec4 rect,
                       float weights[4], int count, uint bytes[2], int byteCount) {
             float n = texture(noise, position / rect.zw).r;
             float w = count > 0 ? weights[0] : 1.0;
             uint b = byteCount > 0 ? (bytes[0] & 0xFFu) : 0u;
             return n * w < t + float(b) ? vec4(0.0) : color;
         }
         """, [.float, .image, .boundingRect, .floatArray(count: 3), .data(byteCount: 5)]),
        (.layer, "glow", """
         vec4 glow(vec2 position, Layer layer, float radius, vec4[3] palette, int paletteCount, vec4 tint) {
             vec4 sum = layerSample(layer, position + vec2(radius, 0.0)) + layerSample(layer, position);
             for (int i = 0; i < paletteCount; i++) { sum += palette[i] * 0.1; }
             return sum * 0.5 * tint + vec4(layer.size / max(layer.size, vec2(1.0)), 0.0, 0.0) * 0.0;
         }
         """, [.float, .colorArray(count: 2), .color]),
        (.distortion, "wave", """
         vec2 wave(vec2 position, float frequency, vec2 strength, vec3 phase) {
             return position + strength * sin(position.yx * frequency + phase.xy);
         }
         """, [.float, .float2, .float3]),
    ]

    @Test("version, prelude, a sample effect of each kind and its generated main pass glslangValidator",
          .enabled(if: FileManager.default.isExecutableFile(atPath: validator), "glslangValidator is not installed"))
    func compiles() throws {
        let prelude = try String(contentsOf: Self.prelude, encoding: .utf8)
        for (kind, function, effect, arguments) in Self.samples {
            let signature = try ShaderSignature.parse(source: effect, function: function)
            let bindings = try signature.bind(arguments, kind: kind, maxTextureUnits: 16)
            let full = "#version 330 core\n" + prelude + "\n" + effect + "\n" + signature.mainSource(kind: kind, bindings: bindings)
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("glint-signature-\(function)-\(UUID().uuidString).frag")
            try full.write(to: file, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: file) }

            let process = Process()
            let output = Pipe()
            process.executableURL = URL(fileURLWithPath: Self.validator)
            process.arguments = ["-S", "frag", file.path]
            process.standardOutput = output
            process.standardError = output
            try process.run()
            let log = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(function) as a \(kind) effect does not compile:\n\(log)")
        }
    }
}
