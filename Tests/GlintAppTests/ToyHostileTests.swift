import Foundation
import GlintCore
import GlintRender
import GlintTestSupport
import Testing

/// Shader-tool files (Shadertoy, glslViewer, ISF) written to break Glint, through the release
/// binary: numbers past what they become (a size, a GLSL int), expressions nested past any
/// stack, line endings of other systems. Each is one line naming the file (and line) and the
/// value, exit 1 (2 for an annotation, as with Glint's own files), or a picture, never a signal.
@Suite("Hostile shader-tool files", .serialized, .removesTemporaryFiles)
struct ToyHostileTests {
    static let readsBuffer = "void main() { gl_FragColor = IMG_NORM_PIXEL(b, isf_FragNormCoord); }\n"

    @Test("Numbers past a size or a GLSL int: ISF WIDTH/HEIGHT, long inputs, audio MAX; glslViewer buffer sizes; int annotations")
    func numbers() throws {
        let files: [(String, String, [String])] = [
            ("w.fs", #"/*{"PASSES": [{"TARGET": "b", "WIDTH": "1e19"}, {}]}*/"# + "\n" + Self.readsBuffer, ["w.fs", "WIDTH", "1e19"]),
            ("pow.fs", #"/*{"PASSES": [{"TARGET": "b", "HEIGHT": "pow(2,63)"}, {}]}*/"# + "\n" + Self.readsBuffer, ["pow.fs", "HEIGHT", "pow(2,63)"]),
            ("number.fs", #"/*{"PASSES": [{"TARGET": "b", "WIDTH": 1e19}, {}]}*/"# + "\n" + Self.readsBuffer, ["number.fs", "WIDTH", "pixels"]),
            ("old.fs", #"/*{"PERSISTENT_BUFFERS": {"b": {"WIDTH": "$WIDTH*1e300"}}}*/"# + "\n" + Self.readsBuffer, ["old.fs", "WIDTH", "1e300"]),
            ("long.fs", #"/*{"INPUTS": [{"NAME": "n", "TYPE": "long", "DEFAULT": 3e9}]}*/"# + "\nvoid main() { gl_FragColor = vec4(float(n)); }\n",
             ["long.fs", "'n'", "3000000000"]),
            ("values.fs", #"/*{"INPUTS": [{"NAME": "n", "TYPE": "long", "VALUES": [1, -1e10], "LABELS": ["a", "b"]}]}*/"# + "\nvoid main() { gl_FragColor = vec4(float(n)); }\n",
             ["values.fs", "'n'", "-10000000000"]),
            ("nan.fs", #"/*{"INPUTS": [{"NAME": "a", "TYPE": "audio", "MAX": "nan"}]}*/"# + "\nvoid main() { gl_FragColor = IMG_NORM_PIXEL(a, isf_FragNormCoord); }\n",
             ["nan.fs", "'a'", "MAX", "nan"]),
            ("fft.fs", #"/*{"INPUTS": [{"NAME": "f", "TYPE": "audioFFT", "MAX": -3}]}*/"# + "\nvoid main() { gl_FragColor = IMG_NORM_PIXEL(f, isf_FragNormCoord); }\n",
             ["fft.fs", "'f'", "MAX", "-3"]),
            ("scale.frag", "uniform sampler2D u_buffer0; // 1e300\nuniform vec2 u_resolution;\nvoid main() {\n#if defined(BUFFER_0)\n  gl_FragColor = vec4(1.0);\n#else\n  gl_FragColor = texture2D(u_buffer0, gl_FragCoord.xy / u_resolution);\n#endif\n}\n",
             ["scale.frag:1", "u_buffer0", "1e300"]),
            ("pixels.frag", "uniform vec2 u_resolution;\nuniform sampler2D u_doubleBuffer0; // 99999999999999999999x2\nvoid main() {\n#if defined(DOUBLE_BUFFER_0)\n  gl_FragColor = vec4(1.0);\n#else\n  gl_FragColor = texture2D(u_doubleBuffer0, gl_FragCoord.xy / u_resolution);\n#endif\n}\n",
             ["pixels.frag:2", "u_doubleBuffer0", "99999999999999999999x2"]),
            ("int.glsl", "uniform int n; // glint: 0 3e9 3e9\nvoid mainImage(out vec4 c, in vec2 p) { c = vec4(float(n)); }\n", ["int.glsl:1", "'n'", "3e9"]),
            ("int.frag", "uniform int n; // glint: -3e9 0 0\nvoid main() { gl_FragColor = vec4(float(n)); }\n", ["int.frag:1", "'n'", "-3e9"]),
        ]
        let dir = try CLI.temporaryFolder()
        for (name, text, words) in files {
            try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/" + name))
            // An annotation is refused as the annotations of Glint's own files are: exit 2.
            let status: Int32 = name.hasPrefix("int.") ? 2 : 1
            try ShaderFileTests.expectOneLine(["render", "--effect", name, "--size", "16x16", "-o", "x.png"], in: dir, status: status, mentioning: words)
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
    }

    @Test("An ISF size expression nested 100,000 deep is one line; 300,000 signs are counted, not recursed into")
    func expressions() throws {
        let dir = try CLI.temporaryFolder()
        func isf(width: String) -> String {
            #"/*{"PASSES": [{"TARGET": "b", "WIDTH": ""# + width + #"", "HEIGHT": "2"}, {}]}*/"# + "\n" +
                "void main() { gl_FragColor = PASSINDEX == 0 ? vec4(1.0) : vec4(IMG_SIZE(b) / 255.0, 0.0, 1.0); }\n"
        }
        let deep = String(repeating: "(", count: 100_000) + "4" + String(repeating: ")", count: 100_000)
        let calls = String(repeating: "max(1,", count: 100_000) + "4" + String(repeating: ")", count: 100_000)
        for (name, width) in [("deep.fs", deep), ("calls.fs", calls)] {
            try Data(isf(width: width).utf8).write(to: URL(fileURLWithPath: dir + "/" + name))
            try ShaderFileTests.expectOneLine(["render", "--effect", name, "--size", "8x8", "-o", "x.png"], in: dir,
                                              mentioning: [name, "WIDTH", "deeper than \(ToyExpression.maxDepth)"])
        }
        // An even number of minus signs: the width is 6.
        try Data(isf(width: String(repeating: "-", count: 300_000) + "6").utf8).write(to: URL(fileURLWithPath: dir + "/signs.fs"))
        let image = try ToyCLITests.render(["--effect", "signs.fs", "--size", "8x8"], in: dir)
        #expect(ToyCLITests.pixel(image, 4, 4) == [6, 2, 0, 255], "the buffer is 6x2: \(ToyCLITests.pixel(image, 4, 4))")
        // A few levels are fine.
        try Data(isf(width: "max(1, ((($WIDTH) / 2)) - -1)").utf8).write(to: URL(fileURLWithPath: dir + "/few.fs"))
        #expect(ToyCLITests.pixel(try ToyCLITests.render(["--effect", "few.fs", "--size", "8x8"], in: dir), 4, 4) == [5, 2, 0, 255])
    }

    @Test("Windows (CRLF) and old Mac (CR) line endings: channel lines, passes, buffer sizes and error lines as with LF")
    func lineEndings() throws {
        let dir = try CLI.temporaryFolder()
        for (ending, suffix) in [("\r\n", "crlf"), ("\r", "cr")] {
            func write(_ name: String, _ lines: [String]) throws {
                try Data(lines.joined(separator: ending).appending(ending).utf8).write(to: URL(fileURLWithPath: dir + "/" + name))
            }
            // Shadertoy: a buffer in a folder of tabs reading itself, its channel line first.
            try FileManager.default.createDirectory(atPath: dir + "/tabs-\(suffix)", withIntermediateDirectories: true)
            try write("tabs-\(suffix)/Buffer A.glsl", ["#iChannel0 \"self\" nearest", "void mainImage(out vec4 c, in vec2 p) {",
                                                      "  c = texelFetch(iChannel0, ivec2(p), 0) + vec4(1.0 / 256.0, 0.0, 0.0, 0.0);", "}"])
            try write("tabs-\(suffix)/Image.glsl", ["#iChannel0 \"Buffer A\" nearest", "void mainImage(out vec4 c, in vec2 p) {",
                                                   "  c = texelFetch(iChannel0, ivec2(p), 0);", "}"])
            let toy = try ToyCLITests.render(["--effect", "tabs-\(suffix)", "--size", "8x8", "--time", "0.5"], in: dir)
            #expect(ToyCLITests.pixel(toy, 4, 4) == [31, 0, 0, 255], "\(suffix): 31 frames fed back: \(ToyCLITests.pixel(toy, 4, 4))")
            // glslViewer: a BUFFER_0 pass at the size its comment gives, read by the main pass.
            try write("size-\(suffix).frag", ["uniform sampler2D u_buffer0; // 3x5", "uniform vec2 u_resolution;", "uniform vec2 u_buffer0Resolution;",
                                              "void main() {", "#if defined(BUFFER_0)", "  gl_FragColor = vec4(u_resolution / 255.0, 0.0, 1.0);", "#else",
                                              "  gl_FragColor = texture2D(u_buffer0, vec2(0.5));", "#endif", "}"])
            let viewer = try ToyCLITests.render(["--effect", "size-\(suffix).frag", "--size", "8x8"], in: dir)
            #expect(ToyCLITests.pixel(viewer, 4, 4) == [3, 5, 0, 255], "\(suffix): BUFFER_0 drawn at 3x5: \(ToyCLITests.pixel(viewer, 4, 4))")
            // ISF: a misspelt image on line 6 is named at line 6.
            try write("typo-\(suffix).fs", ["/*{", "  \"PASSES\": [{\"TARGET\": \"blurred\"}, {}]", "}*/", "void main() {", "  vec4 c = vec4(1.0);",
                                            "  gl_FragColor = IMG_NORM_PIXEL(blured, isf_FragNormCoord);", "}"])
            try ShaderFileTests.expectOneLine(["render", "--effect", "typo-\(suffix).fs", "-o", "x.png"], in: dir, mentioning: ["typo-\(suffix).fs:6:", "'blured'"])
            // A compile error in an ISF file: at its own line.
            try write("error-\(suffix).fs", ["/*{", "  \"INPUTS\": []", "}*/", "void main() {", "  gl_FragColor = vec4(nothing);", "}"])
            try ShaderFileTests.expectOneLine(["render", "--effect", "error-\(suffix).fs", "-o", "x.png"], in: dir, mentioning: ["error-\(suffix).fs:5:", "nothing"])
        }
        // A Shadertoy export whose code has CRLF line endings: its compile error is at the code's line.
        let export = #"{"Shader": {"renderpass": [{"inputs": [], "outputs": [], "type": "image", "name": "Image", "code": "void mainImage(out vec4 c, in vec2 p) {\r\n  c = vec4(1.0);\r\n  c.x = missing;\r\n}"}]}}"#
        try Data(export.utf8).write(to: URL(fileURLWithPath: dir + "/crlf.json"))
        try ShaderFileTests.expectOneLine(["render", "--effect", "crlf.json", "-o", "x.png"], in: dir, mentioning: ["crlf.json (Image):3:", "missing"])
    }
}
