import Foundation
import GlintRender
import GlintTestSupport
import Testing

/// glslViewer and ISF files through the `glint` users run: `render --effect FILE` draws every
/// frame up to `--time` as the tool would have, `--texture` gives them pictures, `--param` and
/// `--state` reach ISF's inputs, and a file or option that does not fit is one line.
@Suite("glslViewer and ISF files from the command line", .serialized, .removesTemporaryFiles)
struct ToyCLITests {
    /// Writes `files` (name: text) into a fresh folder.
    static func folder(_ files: [String: String]) throws -> String {
        let dir = try CLI.temporaryFolder()
        for (name, text) in files {
            try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/" + name))
        }
        return dir
    }

    /// Runs `render` in `dir` and returns the picture; the run must succeed.
    static func render(_ arguments: [String], in dir: String) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        let r = try CLI.run(["render"] + arguments + ["-o", "out.png"], in: dir)
        #expect(r.reason == .exit && r.status == 0, "\(arguments): \(r.stderr)")
        return try PNG.read(dir + "/out.png")
    }

    static func pixel(_ image: (width: Int, height: Int, rgba: [UInt8]), _ x: Int, _ y: Int) -> [Int] {
        let i = (y * image.width + x) * 4
        return image.rgba[i..<i + 4].map { Int($0) }
    }

    static let probe = """
        uniform vec2 u_resolution;
        uniform vec2 u_mouse;
        uniform float u_time;
        uniform int u_frame;
        void main() {
            if (gl_FragCoord.x < u_resolution.x * 0.5) gl_FragColor = vec4(u_resolution, float(u_frame), 255.0) / 255.0;
            else gl_FragColor = vec4(u_mouse, u_time * 60.0, 255.0) / 255.0;
        }
        """

    @Test("glslViewer: u_resolution at --scale 1 and 2, u_frame and u_time at --time, u_mouse after a scripted press and move")
    func glslViewerUniforms() throws {
        let dir = try Self.folder(["probe.frag": Self.probe])
        for scale in [1, 2] {
            let image = try Self.render(["--effect", "probe.frag", "--size", "40x30", "--scale", "\(scale)", "--time", "0.5",
                                         "--input", "0.1 down 10 5; 0.2 move 20 8; 0.3 up 20 8", "--no-tear", "--state", "s.json"], in: dir)
            // The frame at 0.5 s is the 31st: frame 30, t = 30/60 s.
            #expect(Self.pixel(image, 2 * scale, 2 * scale) == [40 * scale, 30 * scale, 30, 255], "scale \(scale)")
            #expect(Self.pixel(image, 30 * scale, 2 * scale) == [20 * scale, 22 * scale, 30, 255], "scale \(scale)")
            let state = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/s.json"))) as? [String: Any]
            #expect(state?["u_frame"] as? Double == 30)
            #expect(state?["u_resolution"] as? [Double] == [Double(40 * scale), Double(30 * scale)])
        }
    }

    @Test("glslViewer: a DOUBLE_BUFFER_0 holds exactly one more for every frame up to --time; a BUFFER_0 is read by the main pass")
    func glslViewerBuffers() throws {
        let dir = try Self.folder(["count.frag": """
            uniform sampler2D u_buffer0;
            uniform sampler2D u_doubleBuffer0;
            uniform vec2 u_resolution;
            void main() {
                vec2 st = gl_FragCoord.xy / u_resolution;
            #if defined(BUFFER_0)
                gl_FragColor = vec4(0.2, 0.4, 0.6, 1.0);
            #elif defined(DOUBLE_BUFFER_0)
                gl_FragColor = texture2D(u_doubleBuffer0, st) + vec4(1.0);
            #else
                gl_FragColor = vec4(texture2D(u_doubleBuffer0, st).r / 255.0, texture2D(u_buffer0, st).gb, 1.0);
            #endif
            }
            """])
        let image = try Self.render(["--effect", "count.frag", "--size", "16x8", "--time", "0.5"], in: dir)
        // Frames at 0, 1/60, … 30/60 s: 31 of them, each adding 1.
        #expect(Self.pixel(image, 8, 4) == [31, 102, 153, 255])
    }

    @Test("glslViewer: --texture gives u_tex0 and u_NAME with their Resolution")
    func glslViewerTextures() throws {
        let dir = try Self.folder(["tex.frag": """
            uniform sampler2D u_tex0;
            uniform vec2 u_tex0Resolution;
            uniform vec2 u_dotsResolution;
            void main() {
                gl_FragColor = vec4(texture2D(u_tex0, vec2(0.5)).r, u_tex0Resolution.x / 255.0, u_dotsResolution.y / 255.0, 1.0);
            }
            """])
        try PNG.write(dir + "/red.png", width: 3, height: 2, rgba: [UInt8](repeating: 200, count: 24))
        try PNG.write(dir + "/dots.png", width: 1, height: 5, rgba: [UInt8](repeating: 255, count: 20))
        let image = try Self.render(["--effect", "tex.frag", "--size", "8x8", "--texture", "red.png", "--texture", "dots=dots.png"], in: dir)
        #expect(Self.pixel(image, 4, 4) == [200, 3, 5, 255])
    }

    static let isf = """
        /*{
            "INPUTS": [
                {"NAME": "level", "TYPE": "float", "DEFAULT": 0.6},
                {"NAME": "steps", "TYPE": "long", "DEFAULT": 2, "VALUES": [1, 2, 3], "LABELS": ["a", "b", "c"]},
                {"NAME": "lit", "TYPE": "bool", "DEFAULT": false}
            ],
            "PASSES": [ {"TARGET": "sum", "PERSISTENT": true, "FLOAT": true}, {} ]
        }*/
        void main() {
            if (PASSINDEX == 0) gl_FragColor = IMG_THIS_PIXEL(sum) + vec4(float(steps));
            else gl_FragColor = vec4(level, IMG_THIS_PIXEL(sum).r / 255.0, lit ? 1.0 : 0.0, 1.0);
        }
        """

    @Test("ISF: --param changes what the inputs give, --state lists them, a PERSISTENT pass sums every frame")
    func isfInputs() throws {
        let dir = try Self.folder(["sum.fs": Self.isf])
        let plain = try Self.render(["--effect", "sum.fs", "--size", "8x8", "--time", "0.5", "--state", "s.json"], in: dir)
        #expect(Self.pixel(plain, 4, 4) == [153, 62, 0, 255], "31 frames adding 2")
        let state = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/s.json"))) as? [String: Any]
        #expect(state?["level"] as? Double == 0.6)
        #expect(state?["steps"] as? Double == 2)
        #expect(state?["lit"] as? Bool == false)
        #expect(state?["FRAMEINDEX"] as? Double == 30)
        let set = try Self.render(["--effect", "sum.fs", "--size", "8x8", "--time", "0.5", "--param", "level=0.2", "--param", "steps=3",
                                   "--param", "lit=1", "--state", "t.json"], in: dir)
        #expect(Self.pixel(set, 4, 4) == [51, 93, 255, 255], "31 frames adding 3")
        let after = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/t.json"))) as? [String: Any]
        #expect(after?["level"] as? Double == 0.2)
        #expect(after?["lit"] as? Bool == true)
        let out = try CLI.run(["render", "--effect", "sum.fs", "--param", "steps=9", "-o", "x.png"], in: dir)
        #expect(out.status == 2 && out.stderr.contains("steps"), "a value out of VALUES' range: \(out.stderr)")
    }

    @Test("ISF image inputs take --texture NAME=FILE; an ISF file whose header or image names are wrong is one line, exit 1")
    func isfErrors() throws {
        let dir = try Self.folder([
            "filter.fs": """
                /*{ "INPUTS": [ {"NAME": "inputImage", "TYPE": "image"} ] }*/
                void main() { gl_FragColor = IMG_THIS_PIXEL(inputImage); }
                """,
            "bad.fs": "/*{\n  \"INPUTS\": [\n    {\"NAME\": \"a\", \"TYPE\": \"float\",}\n    {\"NAME\": \"b\"}\n  ]\n}*/\nvoid main() { gl_FragColor = vec4(1.0); }\n",
            "target.fs": """
                /*{ "PASSES": [ {"TARGET": "blurred"}, {} ] }*/
                void main() {
                    gl_FragColor = IMG_NORM_PIXEL(blured, isf_FragNormCoord);
                }
                """,
            "plain.frag": "void main() { gl_FragColor = vec4(1.0); }\n",
        ])
        try PNG.write(dir + "/grey.png", width: 2, height: 2, rgba: [UInt8](repeating: 90, count: 16).enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element })
        let image = try Self.render(["--effect", "filter.fs", "--size", "4x4", "--texture", "inputImage=grey.png"], in: dir)
        #expect(Self.pixel(image, 1, 1) == [90, 90, 90, 255])
        try ShaderFileTests.expectOneLine(["render", "--effect", "bad.fs", "-o", "x.png"], in: dir, status: 1, mentioning: ["bad.fs:4:", "not valid JSON"])
        try ShaderFileTests.expectOneLine(["render", "--effect", "target.fs", "-o", "x.png"], in: dir, status: 1, mentioning: ["target.fs:3:", "'blured'", "blurred"])
        try ShaderFileTests.expectOneLine(["render", "--effect", "filter.fs", "-o", "x.png"], in: dir, status: 2, mentioning: ["inputImage", "--texture inputImage="])
        try ShaderFileTests.expectOneLine(["render", "--effect", "filter.fs", "--texture", "other=grey.png", "-o", "x.png"], in: dir, status: 2, mentioning: ["no image input 'other'"])
        try ShaderFileTests.expectOneLine(["render", "--effect", "filter.fs", "--texture", "inputImage=none.png", "-o", "x.png"], in: dir, status: 2, mentioning: ["none.png"])
        try ShaderFileTests.expectOneLine(["render", "--effect", "harmonic", "--texture", "grey.png", "-o", "x.png"], in: dir, status: 2, mentioning: ["--texture"])
        try ShaderFileTests.expectOneLine(["render", "--effect", "plain.frag", "--texture", "=grey.png", "-o", "x.png"], in: dir, status: 2, mentioning: ["=grey.png"])
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"), "no picture written")
    }
}
