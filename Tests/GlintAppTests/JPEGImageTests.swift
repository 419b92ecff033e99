import Foundation
import GlintRender
import GlintTestSupport
import Testing

/// JPEGs, and images named for another format, through the `glint` users run: a Shadertoy export
/// whose texture channel is the site's `.jpg` (or the `.png` a user converted it to), `--image`,
/// an effect's image parameter and glslViewer's `--texture`, every one read by its content.
@Suite("JPEG images from the command line", .serialized, .removesTemporaryFiles)
struct JPEGImageTests {
    /// 64 × 64 pixels in four flat quarters, which JPEG keeps nearly exactly away from their
    /// edges: red at the top left, green at the top right, blue at the bottom left, white at the
    /// bottom right.
    static let side = 64
    static let quarters: [UInt8] = {
        var rgba: [UInt8] = []
        for y in 0..<side {
            for x in 0..<side {
                switch (x < side / 2, y < side / 2) {
                case (true, true): rgba += [255, 0, 0, 255]
                case (false, true): rgba += [0, 255, 0, 255]
                case (true, false): rgba += [0, 0, 255, 255]
                case (false, false): rgba += [255, 255, 255, 255]
                }
            }
        }
        return rgba
    }()
    static let red: [UInt8] = [255, 0, 0], green: [UInt8] = [0, 255, 0], blue: [UInt8] = [0, 0, 255], white: [UInt8] = [255, 255, 255]

    /// How far a flat quarter's middle may be from its colour after JPEG and a render.
    static let tolerance = 24

    /// The pixel at (`x`, `y`) (from the top left) of the PNG at `path`, as RGB.
    static func pixel(_ path: String, _ x: Int, _ y: Int) throws -> [UInt8] {
        let png = try PNG.read(path)
        let i = (y * png.width + x) * 4
        return Array(png.rgba[i..<i + 3])
    }

    /// Whether `rgb` is within `tolerance` of `colour` in every channel.
    static func near(_ rgb: [UInt8], _ colour: [UInt8]) -> Bool {
        zip(rgb, colour).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    }

    /// A Shadertoy JSON export in the site's spelling (string ids) whose Image shows a texture
    /// from the site's media on iChannel0, stretched over the view, the right way up (`vflip`).
    static let export = """
    {"Shader": {"ver": "0.1", "info": {"id": "jpegtx", "name": "photo"}, "renderpass": [
      {"inputs": [{"id": "XdX3Rn", "src": "/media/a/photo.jpg", "ctype": "texture", "channel": 0,
                   "sampler": {"filter": "linear", "wrap": "clamp", "vflip": "true", "srgb": "false", "internal": "byte"}}],
       "outputs": [{"id": "4dfGRr", "channel": 0}], "type": "image", "name": "Image",
       "code": "void mainImage(out vec4 c, in vec2 p) { c = texture(iChannel0, p / iResolution.xy); }"}
    ]}}
    """

    /// Checks that the 16 × 16 picture at `path` shows the four quarters where they are in the source.
    static func expectQuarters(_ path: String, _ what: String) throws {
        let corners = [(try pixel(path, 3, 3), red, "top left red"), (try pixel(path, 12, 3), green, "top right green"),
                       (try pixel(path, 3, 12), blue, "bottom left blue"), (try pixel(path, 12, 12), white, "bottom right white")]
        for (got, want, where_) in corners {
            #expect(near(got, want), "\(what): \(where_), got \(got)")
        }
    }

    @Test("a Shadertoy export whose texture channel is the site's .jpg renders the JPEG the right way up; with the .jpg converted to a .png beside it, the .png, saying so in one line")
    func exportWithJPEGChannel() throws {
        let dir = try CLI.temporaryFolder()
        try Data(Self.export.utf8).write(to: URL(fileURLWithPath: dir + "/photo.json"))
        let jpeg = try MadeJPEG.encode(width: Self.side, height: Self.side, rgba: Self.quarters)
        try Data(jpeg).write(to: URL(fileURLWithPath: dir + "/photo.jpg"))
        let r = try CLI.run(["render", "--effect", "photo.json", "--size", "16x16", "--output", "j.png"], in: dir)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        try Self.expectQuarters(dir + "/j.png", "the .jpg")

        // The user converted it, as the site's media often must be for other tools, and kept the export as it was.
        try FileManager.default.removeItem(atPath: dir + "/photo.jpg")
        try PNG.write(dir + "/photo.png", width: Self.side, height: Self.side, rgba: Self.quarters)
        let p = try CLI.run(["render", "--effect", "photo.json", "--size", "16x16", "--output", "p.png"], in: dir)
        #expect(p.status == 0, "\(p.stderr)")
        #expect(p.stderrLines == ["glint: Image's iChannel0: no 'photo.jpg'; using 'photo.png' beside it"], "\(p.stderr)")
        try Self.expectQuarters(dir + "/p.png", "the converted .png")

        // Neither: one line naming both, exit 2.
        try FileManager.default.removeItem(atPath: dir + "/photo.png")
        let none = try CLI.run(["render", "--effect", "photo.json", "--size", "16x16", "--output", "n.png"], in: dir)
        #expect(none.status != 0 && none.stderrLines.count == 1, "\(none.stderr)")
        #expect(none.stderr.contains("no file 'photo.jpg' (nor a converted 'photo.png' beside it)"), "\(none.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/n.png"))
    }

    @Test("--image reads a JPEG, a PNG named .jpg and a JPEG named .png by their content; the dissolve's noise takes a JPEG")
    func imageByContent() throws {
        let dir = try CLI.temporaryFolder()
        let jpeg = try MadeJPEG.encode(width: Self.side, height: Self.side, rgba: Self.quarters)
        let png = try PNG.encode(width: Self.side, height: Self.side, rgba: Self.quarters)
        try Data(jpeg).write(to: URL(fileURLWithPath: dir + "/photo.jpg"))
        try Data(jpeg).write(to: URL(fileURLWithPath: dir + "/jpeg-named.png"))
        try Data(png).write(to: URL(fileURLWithPath: dir + "/png-named.jpg"))
        for name in ["photo.jpg", "jpeg-named.png", "png-named.jpg"] {
            let r = try CLI.run(["render", "--image", name, "--size", "16x16", "--output", "out.png"], in: dir)
            #expect(r.status == 0 && r.stderr.isEmpty, "\(name): \(r.stderr)")
            try Self.expectQuarters(dir + "/out.png", name)
        }
        // The same noise as a PNG and as a JPEG: the same kind of picture, no refusal.
        let n = try CLI.run(["render", "--effect", "dissolve", "--param", "dissolve.noise=photo.jpg", "--size", "16x16", "--output", "d.png"], in: dir)
        #expect(n.status == 0 && n.stderr.isEmpty, "\(n.stderr)")
    }

    @Test("glslViewer's --texture takes a JPEG: u_tex0 holds its pixels and u_tex0Resolution its size")
    func glslViewerTexture() throws {
        let dir = try CLI.temporaryFolder()
        try Data("""
            uniform sampler2D u_tex0;
            uniform vec2 u_tex0Resolution;
            uniform vec2 u_resolution;
            void main() {
                vec2 uv = gl_FragCoord.xy / u_resolution;
                gl_FragColor = uv.x < 0.125 && uv.y < 0.125 ? vec4(u_tex0Resolution / 255.0, 0.0, 1.0) : texture2D(u_tex0, uv);
            }
            """.utf8).write(to: URL(fileURLWithPath: dir + "/tex.frag"))
        try Data(try MadeJPEG.encode(width: Self.side, height: Self.side, rgba: Self.quarters)).write(to: URL(fileURLWithPath: dir + "/photo.jpg"))
        let r = try CLI.run(["render", "--effect", "tex.frag", "--size", "16x16", "--texture", "photo.jpg", "--output", "t.png"], in: dir)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        let size = try Self.pixel(dir + "/t.png", 0, 15), topRight = try Self.pixel(dir + "/t.png", 12, 3)
        let bottomRight = try Self.pixel(dir + "/t.png", 12, 12)
        #expect(size == [64, 64, 0], "u_tex0Resolution is 64x64: \(size)")
        #expect(Self.near(topRight, Self.green) && Self.near(bottomRight, Self.white), "top right green, bottom right white: \(topRight) \(bottomRight)")
    }
}
