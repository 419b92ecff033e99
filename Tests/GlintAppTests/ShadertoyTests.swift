import Foundation
import GlintRender
import GlintTestSupport
import Testing

/// Shadertoy shaders run unchanged through the release binary: the uniforms read back through a
/// probe shader that writes them into its pixels, buffers that feed back and chain, channels
/// (an image, the keyboard), the three ways a shader is given (one file, a folder of tabs, the
/// site's JSON export), and compile errors at the user's own file and line.
@Suite("Shadertoy shaders", .serialized, .removesTemporaryFiles)
struct ShadertoyTests {
    /// Writes each uniform into one pixel column, as bytes (value / 255), so the PNG says what
    /// the shader received. Column: 0 iResolution, 1 iTime·60, 2 iTimeDelta·6000, 3 iFrame,
    /// 4 iMouse.xy, 5 |iMouse.z|, z > 0, w > 0, 6 iDate's year − 2000, month, day, 7 its hour,
    /// 8 the keyboard's three rows for A.
    static let probe = """
    #iChannel0 "keyboard"
    void mainImage(out vec4 fragColor, in vec2 fragCoord) {
        int column = int(fragCoord.x);
        vec3 v = vec3(0.0);
        if (column == 0) v = iResolution;
        else if (column == 1) v = vec3(iTime * 60.0, 0.0, 0.0);
        else if (column == 2) v = vec3(iTimeDelta * 6000.0, 0.0, 0.0);
        else if (column == 3) v = vec3(float(iFrame), 0.0, 0.0);
        else if (column == 4) v = vec3(iMouse.xy, 0.0);
        else if (column == 5) v = vec3(abs(iMouse.z), iMouse.z > 0.0 ? 255.0 : 0.0, iMouse.w > 0.0 ? 255.0 : 0.0);
        else if (column == 6) v = vec3(iDate.x - 2000.0, iDate.y, iDate.z);
        else if (column == 7) v = vec3(floor(iDate.w / 3600.0), 0.0, 0.0);
        else if (column == 8) v = 255.0 * vec3(texelFetch(iChannel0, ivec2(65, 0), 0).r,
                                               texelFetch(iChannel0, ivec2(65, 1), 0).r,
                                               texelFetch(iChannel0, ivec2(65, 2), 0).r);
        fragColor = vec4(v / 255.0, 0.0);  // the Image's alpha is forced to 1
    }
    """

    static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// The probe rendered with `arguments` (16x8 points unless they say otherwise): each
    /// column's first pixel (the row at the bottom of the picture), as RGBA bytes.
    static func probe(_ arguments: [String], environment: [String: String] = [:]) throws -> [[UInt8]] {
        let dir = try CLI.temporaryFolder()
        try write(probe, to: dir + "/probe.glsl")
        let size = arguments.contains("--size") ? [] : ["--size", "16x8"]
        let r = try CLI.run(["render", "--effect", "probe.glsl", "--output", "out.png"] + size + arguments, in: dir, environment: environment)
        #expect(r.status == 0, "render failed: \(r.stderr)")
        let png = try PNG.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/out.png"))))
        let bottom = (png.height - 1) * png.width * 4
        return (0..<9).map { Array(png.rgba[bottom + $0 * 4..<bottom + $0 * 4 + 4]) }
    }

    @Test("iResolution is the picture in pixels, z = 1, at scale 1 and 2; the Image's alpha is 1")
    func resolution() throws {
        #expect(try Self.probe([])[0] == [16, 8, 1, 255])
        #expect(try Self.probe(["--scale", "2"])[0] == [32, 16, 1, 255])
    }

    @Test("iTime, iFrame and iTimeDelta: frame 0 at time 0 with a step of 1/60 s, frame 30 at 0.5 s")
    func clock() throws {
        let first = try Self.probe([])
        #expect(first[1][0] == 0 && first[3][0] == 0)
        #expect(first[2][0] == 100, "iTimeDelta on the first frame is 1/60 s: \(first[2])")
        let later = try Self.probe(["--time", "0.5"])
        #expect(later[1][0] == 30 && later[3][0] == 30, "\(later[1]) \(later[3])")
        #expect(later[2][0] == 100)
    }

    @Test("iMouse: zero before a press; while held xy follows, zw the press (w positive on the press frame only); after release z < 0, xy kept")
    func mouse() throws {
        // 16x8 points: a press at (5, 2) is pixel (5, 8 − 2 = 6) from the bottom-left.
        let input = ["--input", "0.25 down 5 2; 0.3 move 7 3; 0.4 up 9 1"]
        #expect(try Self.probe(input + ["--time", "0.2"])[4] == [0, 0, 0, 255])
        #expect(try Self.probe(input + ["--time", "0.2"])[5] == [0, 0, 0, 255])
        let press = try Self.probe(input + ["--time", "0.25"])
        #expect(press[4] == [5, 6, 0, 255] && press[5] == [5, 255, 255, 255], "on the press frame: \(press[4]) \(press[5])")
        let held = try Self.probe(input + ["--time", "0.35"])
        #expect(held[4] == [7, 5, 0, 255] && held[5] == [5, 255, 0, 255], "held: \(held[4]) \(held[5])")
        let after = try Self.probe(input + ["--time", "0.5"])
        #expect(after[4] == [7, 5, 0, 255] && after[5] == [5, 0, 0, 255], "released: \(after[4]) \(after[5])")
    }

    @Test("iDate at a date given with --date: year, month 0–11, day, seconds since midnight")
    func date() throws {
        let columns = try Self.probe(["--date", "2024-03-05T10:30:00", "--time", "1"], environment: ["TZ": "UTC"])
        #expect(columns[6] == [24, 2, 5, 255], "\(columns[6])")
        #expect(columns[7][0] == 10)
    }

    @Test("The keyboard texture: row 0 held, row 1 pressed this frame, row 2 toggled by each press")
    func keyboard() throws {
        let keys = ["--keys", "0.1 down a; 0.3 up a"]
        #expect(try Self.probe(keys + ["--time", "0.05"])[8] == [0, 0, 0, 255])
        #expect(try Self.probe(keys + ["--time", "0.1"])[8] == [255, 255, 255, 255])
        #expect(try Self.probe(keys + ["--time", "0.2"])[8] == [255, 0, 255, 255])
        #expect(try Self.probe(keys + ["--time", "0.5"])[8] == [0, 0, 255, 255])
        let twice = try Self.probe(["--keys", "0.1 down a; 0.2 up a; 0.3 down a; 0.4 up a", "--time", "0.5"])
        #expect(twice[8] == [0, 0, 0, 255], "two presses toggle it back: \(twice[8])")
    }

    /// A folder of tabs: Buffer A adds 1/256 to itself every frame; the Image shows it.
    static func feedbackFolder() throws -> String {
        let dir = try CLI.temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/fb", withIntermediateDirectories: true)
        try write("""
        #iChannel0 "self" nearest
        void mainImage(out vec4 fragColor, in vec2 fragCoord) {
            fragColor = texelFetch(iChannel0, ivec2(fragCoord), 0) + vec4(1.0 / 256.0, 0.0, 0.0, 0.0);
        }
        """, to: dir + "/fb/Buffer A.glsl")
        try write("vec3 shade(vec4 b) { return vec3(b.r, 0.0, 0.5); }\n", to: dir + "/fb/Common.glsl")
        try write("""
        #iChannel0 "Buffer A"
        void mainImage(out vec4 fragColor, in vec2 fragCoord) {
            fragColor = vec4(shade(texture(iChannel0, fragCoord / iResolution.xy)), 1.0);
        }
        """, to: dir + "/fb/Image.glsl")
        return dir
    }

    @Test("A buffer reading itself sees the last frame: after N frames it holds N steps (render draws every frame from 0)")
    func feedback() throws {
        let dir = try Self.feedbackFolder()
        for (time, frames) in [(0.0, 1), (0.5, 31), (1.0, 61)] {
            let r = try CLI.run(["render", "--effect", "fb", "--size", "8x8", "--time", "\(time)", "--output", "f.png"], in: dir)
            #expect(r.status == 0, "\(r.stderr)")
            let png = try PNG.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/f.png"))))
            let expected = UInt8((Double(frames) / 256 * 255).rounded())
            #expect(png.rgba[0] == expected && png.rgba[2] == 128, "after \(frames) frames red should be \(expected): \(png.rgba[0..<4])")
        }
    }

    @Test("record draws a feedback shader frame by frame: each frame of a PNG sequence is render's at its time, from --from on too")
    func recordFeedback() throws {
        let dir = try Self.feedbackFolder()
        try FileManager.default.createDirectory(atPath: dir + "/seq", withIntermediateDirectories: true)
        let r = try CLI.run(["record", "--effect", "fb", "--size", "8x8", "--from", "0.1", "--duration", "0.1", "--fps", "60",
                             "--output", "seq/%02d.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        for (frame, time) in [(0, "0.1"), (5, "0.18333333333333335")] {
            let rendered = try CLI.run(["render", "--effect", "fb", "--size", "8x8", "--time", time, "--output", "r.png"], in: dir)
            #expect(rendered.status == 0, "\(rendered.stderr)")
            let a = try Data(contentsOf: URL(fileURLWithPath: dir + "/r.png"))
            let b = try Data(contentsOf: URL(fileURLWithPath: dir + String(format: "/seq/%02d.png", frame)))
            #expect(a == b, "frame \(frame) of the clip should be render --time \(time)")
        }
    }

    /// A Shadertoy JSON export: Buffer A writes red 0.25, Buffer B adds green 0.5 to what A
    /// holds, the Image shows B and a 2x2 PNG on iChannel1.
    static let export = """
    {"Shader": {"ver": "0.1", "info": {"id": "test", "name": "chain"}, "renderpass": [
      {"inputs": [{"id": "XsXGR8", "src": "/media/previz/buffer01.png", "ctype": "buffer", "channel": 0,
                   "sampler": {"filter": "nearest", "wrap": "clamp", "vflip": "true", "srgb": "false", "internal": "byte"}},
                  {"id": "tex1", "src": "/media/a/quad.png", "ctype": "texture", "channel": 1,
                   "sampler": {"filter": "nearest", "wrap": "clamp", "vflip": "true", "srgb": "false", "internal": "byte"}}],
       "outputs": [{"id": "4dfGRr", "channel": 0}], "type": "image", "name": "Image",
       "code": "void mainImage(out vec4 c, in vec2 p) {\\n  vec2 uv = p / iResolution.xy;\\n  c = uv.x < 0.5 ? texture(iChannel0, uv) : texture(iChannel1, uv);\\n}"},
      {"inputs": [{"id": "4dXGR8", "src": "/media/previz/buffer00.png", "ctype": "buffer", "channel": 0}],
       "outputs": [{"id": "XsXGR8", "channel": 0}], "type": "buffer", "name": "Buffer B",
       "code": "void mainImage(out vec4 c, in vec2 p) { c = texelFetch(iChannel0, ivec2(p), 0) + vec4(0.0, 0.5, 0.0, 0.0); }"},
      {"inputs": [], "outputs": [{"id": "4dXGR8", "channel": 0}], "type": "buffer", "name": "Buffer A",
       "code": "void mainImage(out vec4 c, in vec2 p) { c = vec4(tint(), 1.0); }"},
      {"inputs": [], "outputs": [], "type": "common", "name": "Common", "code": "vec3 tint() { return vec3(0.25, 0.0, 0.0); }"}
    ]}}
    """

    @Test("A JSON export: buffers run A then B before the Image, Common reaches every tab, an image channel shows the right way up")
    func jsonExport() throws {
        let dir = try CLI.temporaryFolder()
        try Self.write(Self.export, to: dir + "/chain.json")
        // The image: top row red, green; bottom row blue, white.
        try Data(try PNG.encode(width: 2, height: 2, rgba: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]))
            .write(to: URL(fileURLWithPath: dir + "/quad.png"))
        let r = try CLI.run(["render", "--effect", "chain.json", "--size", "8x8", "--output", "c.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let png = try PNG.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/c.png"))))
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(png.rgba[(y * 8 + x) * 4..<(y * 8 + x) * 4 + 4]) }
        #expect(pixel(1, 4) == [64, 128, 0, 255], "A → B → Image: \(pixel(1, 4))")
        #expect(pixel(7, 0) == [0, 255, 0, 255], "the image's top-right shows at the top-right: \(pixel(7, 0))")
        #expect(pixel(7, 7) == [255, 255, 255, 255], "and its bottom-right at the bottom-right: \(pixel(7, 7))")
    }

    /// An export in the API's JSON spelling (ids as numbers: 257 is Buffer A, 258 Buffer B; the
    /// Image's output 37): Buffer A adds 1/256 to its own red every frame (feedback), Buffer B is
    /// A plus green 0.5, the Image shows B on its left half and A on its right. `a` and `b` are
    /// how the export spells the two buffers' ids (`257` as a number, `"4dXGR8"` as the site's).
    static func apiExport(a: String, b: String) -> String {
        """
        {"Shader": {"ver": "0.1", "info": {"id": "api", "name": "feedback chain", "username": "test"}, "renderpass": [
          {"inputs": [{"id": \(b), "filepath": "/media/previz/buffer01.png", "previewfilepath": "/media/previz/buffer01.png", "type": "buffer",
                       "channel": 0, "sampler": {"filter": "nearest", "wrap": "clamp", "vflip": "true", "srgb": "false", "internal": "byte"}, "published": 1},
                      {"id": \(a), "filepath": "/media/previz/buffer00.png", "previewfilepath": "/media/previz/buffer00.png", "type": "buffer",
                       "channel": 1, "sampler": {"filter": "nearest", "wrap": "clamp", "vflip": "true", "srgb": "false", "internal": "byte"}, "published": 1}],
           "outputs": [{"id": 37, "channel": 0}], "name": "Image", "description": "", "type": "image",
           "code": "void mainImage(out vec4 c, in vec2 p) {\\n  c = p.x < iResolution.x * 0.5 ? texelFetch(iChannel0, ivec2(p), 0) : texelFetch(iChannel1, ivec2(p), 0);\\n}"},
          {"inputs": [{"id": \(a), "filepath": "/media/previz/buffer00.png", "previewfilepath": "/media/previz/buffer00.png", "type": "buffer",
                       "channel": 0, "sampler": {"filter": "nearest", "wrap": "clamp", "vflip": "true", "srgb": "false", "internal": "byte"}, "published": 1}],
           "outputs": [{"id": \(a), "channel": 0}], "name": "Buffer A", "description": "", "type": "buffer",
           "code": "void mainImage(out vec4 c, in vec2 p) { c = texelFetch(iChannel0, ivec2(p), 0) + vec4(1.0 / 256.0, 0.0, 0.0, 0.0); }"},
          {"inputs": [{"id": \(a), "filepath": "/media/previz/buffer00.png", "previewfilepath": "/media/previz/buffer00.png", "type": "buffer",
                       "channel": 0, "sampler": {"filter": "nearest", "wrap": "clamp", "vflip": "true", "srgb": "false", "internal": "byte"}, "published": 1}],
           "outputs": [{"id": \(b), "channel": 0}], "name": "Buffer B", "description": "", "type": "buffer",
           "code": "void mainImage(out vec4 c, in vec2 p) { c = texelFetch(iChannel0, ivec2(p), 0) + vec4(0.0, 0.5, 0.0, 0.0); }"}
        ]}}
        """
    }

    @Test("An export in the API's spelling (numeric ids 257, 258) runs its buffers: A feeds back, B reads A, the Image reads both; the site's string ids give the same picture")
    func apiExport() throws {
        let dir = try CLI.temporaryFolder()
        var pictures: [[UInt8]] = []
        for (name, a, b) in [("api.json", "257", "258"), ("site.json", "\"4dXGR8\"", "\"XsXGR8\""), ("strings.json", "\"257\"", "\"258\"")] {
            try Self.write(Self.apiExport(a: a, b: b), to: dir + "/" + name)
            let r = try CLI.run(["render", "--effect", name, "--size", "8x8", "--time", "0.5", "--output", "c.png"], in: dir)
            #expect(r.reason == .exit && r.status == 0, "\(name): \(r.stderr)")
            let png = try PNG.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/c.png"))))
            func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(png.rgba[(y * 8 + x) * 4..<(y * 8 + x) * 4 + 4]) }
            // 31 frames (0 … 30/60 s), each adding 1/256 to A: red 31/256 of 255.
            #expect(pixel(1, 4) == [31, 128, 0, 255], "\(name): Buffer B (A fed back 31 times, plus green): \(pixel(1, 4))")
            #expect(pixel(6, 4) == [31, 0, 0, 255], "\(name): Buffer A itself: \(pixel(6, 4))")
            pictures.append(png.rgba)
        }
        #expect(pictures[0] == pictures[1] && pictures[1] == pictures[2], "both spellings draw the same picture")
    }

    @Test("Export fields of the wrong shape are refused with one line naming the file and the field, not ignored")
    func malformedExports() throws {
        let dir = try CLI.temporaryFolder()
        func export(image inputs: String, outputs: String = "[]", extra: String = "") -> String {
            """
            {"Shader": {"renderpass": [\(extra)
              {"inputs": \(inputs), "outputs": \(outputs), "type": "image", "name": "Image",
               "code": "void mainImage(out vec4 c, in vec2 p) { c = texture(iChannel0, p / iResolution.xy); }"}]}}
            """
        }
        let buffer = #"{"inputs": [], "outputs": [{"id": 257, "channel": 0}], "type": "buffer", "name": "Buffer A", "code": "void mainImage(out vec4 c, in vec2 p) { c = vec4(1.0); }"},"#
        let cases: [(String, String, [String])] = [
            ("string.json", export(image: #""iChannel0""#), ["string.json", "Image", "\"inputs\"", "iChannel0"]),
            ("numbers.json", export(image: "[1, 2]"), ["numbers.json", "Image", "\"inputs\"", "1"]),
            ("channel.json", export(image: #"[{"id": 257, "type": "buffer", "channel": "zero"}]"#, extra: buffer), ["channel.json", "\"channel\"", "zero"]),
            ("fraction.json", export(image: #"[{"id": 257, "type": "buffer", "channel": 1.5}]"#, extra: buffer), ["fraction.json", "\"channel\"", "1.5"]),
            ("kind.json", export(image: #"[{"id": 257, "type": 7, "channel": 0}]"#, extra: buffer), ["kind.json", "iChannel0", "\"type\"", "7"]),
            ("filter.json", export(image: #"[{"id": 257, "type": "buffer", "channel": 0, "sampler": {"filter": "blurry"}}]"#, extra: buffer), ["filter.json", "iChannel0", "blurry"]),
            ("wrap.json", export(image: #"[{"id": 257, "type": "buffer", "channel": 0, "sampler": {"wrap": 3}}]"#, extra: buffer), ["wrap.json", "iChannel0", "wrap"]),
            ("sampler.json", export(image: #"[{"id": 257, "type": "buffer", "channel": 0, "sampler": "nearest"}]"#, extra: buffer), ["sampler.json", "iChannel0", "\"sampler\""]),
            ("id.json", export(image: #"[{"id": [257], "type": "buffer", "channel": 0}]"#, extra: buffer), ["id.json", "iChannel0", "\"id\""]),
            ("outputs.json", export(image: "[]", extra: #"{"inputs": [], "outputs": 257, "type": "buffer", "name": "Buffer A", "code": "void mainImage(out vec4 c, in vec2 p) { c = vec4(1.0); }"},"#),
             ["outputs.json", "Buffer A", "\"outputs\""]),
            ("pass.json", #"{"Shader": {"renderpass": ["image"]}}"#, ["pass.json", "renderpass 1"]),
        ]
        for (name, text, words) in cases {
            try Self.write(text, to: dir + "/" + name)
            try ShaderFileTests.expectOneLine(["render", "--effect", name, "--size", "8x8", "--output", "x.png"], in: dir, mentioning: words)
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
    }

    @Test("Compile errors name the user's file and line, the header subtracted, through Common too")
    func compileErrors() throws {
        let dir = try CLI.temporaryFolder()
        try Self.write("void mainImage(out vec4 c, in vec2 p) {\n  c = vec4(1.0);\n  c.x = undefinedThing;\n}\n", to: dir + "/bad.glsl")
        let r = try CLI.run(["render", "--effect", "bad.glsl", "--output", "x.png"], in: dir)
        #expect(r.status != 0 && r.stderrLines.count == 1, "\(r.stderr)")
        #expect(r.stderr.contains("bad.glsl:3:") && r.stderr.contains("undefinedThing"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))

        let folder = try Self.feedbackFolder()
        try Self.write("vec3 shade(vec4 b) {\n  return vec3(b.r, nothing, 0.5);\n}\n", to: folder + "/fb/Common.glsl")
        let c = try CLI.run(["render", "--effect", "fb", "--output", "x.png"], in: folder)
        #expect(c.status != 0 && c.stderr.contains("Common.glsl:2:") && c.stderr.contains("nothing"), "\(c.stderr)")
    }

    @Test("Bad shaders are one line: a missing image, an unknown buffer, a JSON that is not an export, a bad key or date")
    func refusals() throws {
        let dir = try CLI.temporaryFolder()
        try Self.write("#iChannel0 \"missing.png\"\nvoid mainImage(out vec4 c, in vec2 p) { c = texture(iChannel0, p); }\n", to: dir + "/a.glsl")
        try ShaderFileTests.expectOneLine(["render", "--effect", "a.glsl", "--output", "x.png"], in: dir, mentioning: ["missing.png", "iChannel0"])
        try Self.write("#iChannel0 \"Buffer E\"\nvoid mainImage(out vec4 c, in vec2 p) { c = vec4(1.0); }\n", to: dir + "/b.glsl")
        try ShaderFileTests.expectOneLine(["render", "--effect", "b.glsl", "--output", "x.png"], in: dir, mentioning: ["b.glsl:1", "Buffer E"])
        try Self.write("#iChannel0 \"Buffer B\"\nvoid mainImage(out vec4 c, in vec2 p) { c = vec4(1.0); }\n", to: dir + "/c.glsl")
        try ShaderFileTests.expectOneLine(["render", "--effect", "c.glsl", "--output", "x.png"], in: dir, mentioning: ["Buffer B", "no Buffer B tab"])
        try Self.write("{\"name\": \"not a shader\"}", to: dir + "/d.json")
        try ShaderFileTests.expectOneLine(["render", "--effect", "d.json", "--output", "x.png"], in: dir, mentioning: ["d.json", "not a Shadertoy export"])
        try Self.write("{\"Shader\": ", to: dir + "/e.json")
        try ShaderFileTests.expectOneLine(["render", "--effect", "e.json", "--output", "x.png"], in: dir, mentioning: ["e.json", "not JSON"])
        try Self.write(Self.probe, to: dir + "/p.glsl")
        try ShaderFileTests.expectOneLine(["render", "--effect", "p.glsl", "--keys", "0.1 down nokey", "--output", "x.png"], in: dir, status: 2, mentioning: ["nokey"])
        try ShaderFileTests.expectOneLine(["render", "--effect", "p.glsl", "--date", "yesterday", "--output", "x.png"], in: dir, status: 2, mentioning: ["yesterday"])
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
    }
}
