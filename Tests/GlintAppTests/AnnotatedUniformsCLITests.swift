import Foundation
import GlintControls
import GlintCore
import GlintRender
import GlintTestSupport
import Testing

/// `glint --effect my.frag` with `// glint:` annotations after its uniforms, through the release
/// binary: `--param` sets them (the picture changes), `--state` shows them, a bad value or a
/// malformed annotation is one line, and scripted presses on the panel's switch, pad and colour
/// sliders set them.
@Suite("Annotated uniforms on the command line", .removesTemporaryFiles)
struct AnnotatedUniformsCLITests {
    /// Left of `split.x` the tint, right of it (level, count / 4, 0); all inverted by `invert`.
    static let shader = """
        // Split: an annotated uniform of each kind the picture shows.
        uniform float level;   // glint: 0 1 0.5
        uniform int   count;   // glint: 1 4 2
        uniform bool  invert;  // glint: toggle
        uniform vec2  split;   // glint: 0 1 0.5,0.5
        uniform vec3  tint;    // glint: color #ff8000
        uniform vec4 bounds;

        vec4 colorEffect(vec2 position, vec4 color) {
            vec2 uv = position / bounds.zw;
            vec3 c = uv.x < split.x ? tint : vec3(level, float(count) / 4.0, 0.0);
            if (invert) c = 1.0 - c;
            return vec4(c, 1.0);
        }
        """
    /// A frame tall enough for every row of the panel.
    static let size = Size(width: 500, height: 480)

    static func folder(_ text: String = shader) throws -> String {
        let dir = try CLI.temporaryFolder()
        try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/split.frag"))
        return dir
    }

    @Test("--param sets each kind of annotated uniform: the picture shows the new values, --state lists them")
    func paramsChangeThePicture() throws {
        let dir = try Self.folder()
        let common = ["render", "--effect", "split.frag", "--size", "400x300", "--no-tear"]
        let plain = try CLI.run(common + ["-o", "a.png", "--state", "a.json"], in: dir)
        #expect(plain.status == 0, "\(plain.stderr)")
        let a2 = try PNG.read(dir + "/a.png")
        #expect(CLI.near(CLI.pixel(a2, 100, 150), [255, 128, 0]), "the default tint left of the split: \(CLI.pixel(a2, 100, 150))")
        #expect(CLI.near(CLI.pixel(a2, 300, 150), [128, 128, 0]), "level 0.5, count 2 of 4 right of it: \(CLI.pixel(a2, 300, 150))")
        let s = try CLI.state(dir + "/a.json")
        #expect(s["level"] as? Double == 0.5 && s["count"] as? Double == 2 && s["invert"] as? Bool == false)
        #expect(s["split"] as? [Double] == [0.5, 0.5] && (s["tint"] as? [Double])?.count == 3, "\(s)")

        let set = try CLI.run(common + ["--param", "tint=#0000ff", "--param", "split=0.9,0.5", "--param", "level=1", "--param", "count=4",
                                        "--param", "invert=true", "-o", "b.png", "--state", "b.json"], in: dir)
        #expect(set.status == 0, "\(set.stderr)")
        let b2 = try PNG.read(dir + "/b.png")
        #expect(CLI.near(CLI.pixel(b2, 300, 150), [255, 255, 0]), "left of the split at 0.9 now: the blue tint inverted: \(CLI.pixel(b2, 300, 150))")
        #expect(CLI.near(CLI.pixel(b2, 390, 150), [0, 0, 255]), "right of it (1, 1, 0) inverted: \(CLI.pixel(b2, 390, 150))")
        let t = try CLI.state(dir + "/b.json")
        #expect(t["level"] as? Double == 1 && t["count"] as? Double == 4 && t["invert"] as? Bool == true, "\(t)")
        #expect(t["tint"] as? [Double] == [0, 0, 1], "\(t)")
        #expect((t["split"] as? [Double]).map { abs($0[0] - 0.9) < 1e-6 && $0[1] == 0.5 } == true, "\(t)")
    }

    @Test("a value out of its range, or of the wrong shape, is refused in one line listing what the file takes",
          arguments: [("level=2", "value 2 for level is out of range 0…1"), ("count=2.5", "must be a whole number"),
                      ("split=0.5", "expected 2 numbers"), ("split=0.5,3", "each must be in 0…1"),
                      ("invert=maybe", "expected true or false"), ("tint=#12", "bad value '#12' for tint")])
    func refusals(param: String, expected: String) throws {
        let dir = try Self.folder()
        let r = try CLI.run(["render", "--effect", "split.frag", "--size", "64x48", "--param", param, "-o", "x.png"], in: dir)
        #expect(r.reason == .exit && r.status == 2, "\(param): exit \(r.status): \(r.stderr)")
        #expect(r.stderrLines.count == 1 && r.stderr.hasPrefix("glint: ") && r.stderr.contains(expected), "\(r.stderr)")
        #expect(r.stderr.contains("split (x,y each 0…1, default 0.5,0.5)") && r.stderr.contains("tint (colour, default #ff8000)"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"), "no picture written")
    }

    @Test("a malformed annotation is refused in one line naming the file and line")
    func malformed() throws {
        let dir = try Self.folder(Self.shader.replacingOccurrences(of: "// glint: 1 4 2", with: "// glint: 1 four 2"))
        let r = try CLI.run(["render", "--effect", "split.frag", "--size", "64x48", "-o", "x.png"], in: dir)
        #expect(r.reason == .exit && r.status == 2, "exit \(r.status): \(r.stderr)")
        #expect(r.stderr == "glint: split.frag:3: bad annotation '// glint: 1 four 2' of uniform 'count': expected MIN MAX [DEFAULT] for an int, like 1 12 6\n",
                "\(r.stderr)")
    }

    @Test("scripted presses on the panel set the uniforms where ControlsPanel.layout says: the switch, the pad, a colour's channel, a whole number")
    func pressesOnTheControls() throws {
        let dir = try Self.folder()
        let effect = try CustomEffect.fragment(function: "split", fileName: "split.frag", source: Self.shader)
        let layout = ControlsPanel(effects: [effect]).layout(in: Self.size)
        let toggle = try #require(layout.slider(named: "invert")), pad = try #require(layout.slider(named: "split"))
        let blue = try #require(layout.slider(named: "tint.b")), count = try #require(layout.slider(named: "count"))
        #expect(toggle.control == .toggle && pad.control == .pad && blue.control == .slider && layout.slider(named: "tint")?.control == .swatch)
        let onPad = pad.location(x: 0.25, y: 0.75), onBlue = blue.location(of: 0.6), onCount = count.location(of: 3)
        #expect(layout.maxScrollOffset == 0 && layout.frame.contains(onBlue), "every row in sight: \(onBlue) in \(layout.frame)")
        let t = Point(x: toggle.hitRect.midX, y: toggle.hitRect.midY)
        let input = """
            0.1 down \(t.x) \(t.y); 0.15 up \(t.x) \(t.y)
            0.2 down \(onPad.x) \(onPad.y); 0.25 up \(onPad.x) \(onPad.y)
            0.3 down \(onBlue.x) \(onBlue.y); 0.35 up \(onBlue.x) \(onBlue.y)
            0.4 down \(onCount.x) \(onCount.y); 0.45 up \(onCount.x) \(onCount.y)
            """
        let r = try CLI.run(["render", "--effect", "split.frag", "--size", "500x480", "--controls", "--time", "0.5", "--input", input,
                             "-o", "p.png", "--state", "p.json"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let s = try CLI.state(dir + "/p.json")
        #expect(s["invert"] as? Bool == true, "the switch flipped: \(s)")
        #expect(s["split"] as? [Double] == [0.25, 0.75], "the pad set x across, y down: \(String(describing: s["split"]))")
        #expect((s["tint"] as? [Double]).map { abs($0[2] - 0.6) < 1e-6 && $0[0] == 1 } == true, "the blue channel: \(String(describing: s["tint"]))")
        #expect(s["count"] as? Double == 3, "\(s)")
    }

    @Test("glint bench --controls with a switch, a pad and a colour on the panel: no heap allocation by Glint in steady state")
    func benchAllocatesNothing() throws {
        let dir = try Self.folder()
        let r = try CLI.run(["bench", "--effect", "split.frag", "--controls", "--size", "500x480", "--frames", "80"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("0.00 allocations/frame by Glint"), "\(r.stdout)")
    }
}
