import Foundation
import GlintControls
import GlintCore
import GlintRender
import GlintTestSupport
import Testing

/// `glint --effect mine.metal` with parameters of its own (a `half4` colour, `float`s, a
/// `float2`), through the release binary: each is a `--param`, a slider on the controls panel and
/// a `--state` entry, with a default range, or the range and default of a `// glint:` comment on
/// its line.
@Suite("Metal parameters as controls", .removesTemporaryFiles)
struct MetalControlsCLITests {
    /// Left of `centre.x` the tint times the level, right of it the amount / 2 as grey.
    static let shader = """
        #include <metal_stdlib>
        #include <SwiftUI/SwiftUI_Metal.h>
        using namespace metal;

        // Tinted: the tint times the level left of the centre, the amount as grey right of it.
        [[ stitchable ]] half4 tinted(float2 position, half4 color, float2 size,
                                      half4 tint,
                                      float level,
                                      float amount,   // glint: 0 2 1.5
                                      float2 centre) {
            if (position.x < size.x * centre.x) return half4(tint.rgb * half(level), 1.0h);
            return half4(half3(half(amount / 2.0)), 1.0h);
        }
        """

    static func folder(_ text: String = shader, name: String = "tinted.metal") throws -> String {
        let dir = try CLI.temporaryFolder()
        try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/" + name))
        return dir
    }

    @Test("each float, float2 and half4 parameter starts at its default (0.5, 0.5,0.5, white; or its annotation's) and --param changes the picture")
    func paramsChangeThePicture() throws {
        let dir = try Self.folder()
        let common = ["render", "--effect", "tinted.metal", "--size", "400x300", "--no-tear"]
        let plain = try CLI.run(common + ["-o", "a.png", "--state", "a.json"], in: dir)
        #expect(plain.status == 0, "\(plain.stderr)")
        let a = try PNG.read(dir + "/a.png")
        #expect(CLI.near(CLI.pixel(a, 100, 150), [128, 128, 128]), "white times level 0.5 left of the centre: \(CLI.pixel(a, 100, 150))")
        #expect(CLI.near(CLI.pixel(a, 300, 150), [191, 191, 191]), "the annotated amount's default 1.5 of 2 right of it: \(CLI.pixel(a, 300, 150))")
        let s = try CLI.state(dir + "/a.json")
        #expect(s["tint"] as? [Double] == [1, 1, 1, 1] && s["level"] as? Double == 0.5 && s["amount"] as? Double == 1.5, "\(s)")
        #expect(s["centre"] as? [Double] == [0.5, 0.5], "\(s)")

        let set = try CLI.run(common + ["--param", "tint=#ff0000", "--param", "level=1", "--param", "amount=1.8",
                                        "--param", "centre=0.9,0.5", "-o", "b.png", "--state", "b.json"], in: dir)
        #expect(set.status == 0, "\(set.stderr)")
        let b = try PNG.read(dir + "/b.png")
        #expect(CLI.near(CLI.pixel(b, 300, 150), [255, 0, 0]), "the red tint at level 1, left of the centre now at 0.9: \(CLI.pixel(b, 300, 150))")
        #expect(CLI.near(CLI.pixel(b, 390, 150), [230, 230, 230]), "amount 1.8 (past the default range's 1, inside the annotation's 2): \(CLI.pixel(b, 390, 150))")
        let t = try CLI.state(dir + "/b.json")
        #expect(t["tint"] as? [Double] == [1, 0, 0, 1] && t["level"] as? Double == 1, "\(t)")
    }

    @Test("a value outside the default range, or the annotation's, is refused in one line naming the range",
          arguments: [("level=2", "value 2 for level is out of range 0…1"), ("amount=3", "value 3 for amount is out of range 0…2"),
                      ("centre=0.5", "expected 2 numbers"), ("tint=#12", "bad value '#12' for tint")])
    func refusals(param: String, expected: String) throws {
        let dir = try Self.folder()
        let r = try CLI.run(["render", "--effect", "tinted.metal", "--param", param, "-o", "x.png"], in: dir)
        #expect(r.status == 2 && r.stderrLines.count == 1 && r.stderr.contains(expected), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
    }

    @Test("a bad annotation, an annotated frame parameter or a parameter of a type glint cannot tune is one line at its file and line",
          arguments: [("float level, // glint: 0 four", "glint: odd.metal:2: bad annotation '// glint: 0 four' of parameter 'level' (float): expected MIN MAX [DEFAULT]"),
                      ("float time, // glint: 0 1", "glint: odd.metal:2: parameter 'time' is given by glint every frame and cannot be annotated"),
                      ("float level, // glint: 0 1e300", "glint: odd.metal:2: bad annotation '// glint: 0 1e300' of parameter 'level' (float):"),
                      ("int count,", "glint: odd.metal:2: parameter 'count' (int) of 'odd' has no value on the command line")])
    func badDeclarations(line: String, expected: String) throws {
        let text = "[[ stitchable ]] half4 odd(float2 p, half4 c,\n    \(line)\n    float other) { return c; }\n"
        let dir = try Self.folder(text, name: "odd.metal")
        let r = try CLI.run(["render", "--effect", "odd.metal", "-o", "x.png"], in: dir)
        #expect(r.status == 2 && r.stderrLines.count == 1 && r.stderr.hasPrefix(expected), "\(r.stderr)")
    }

    @Test("--controls gives each parameter a control: scripted presses on the level slider and the tint's green channel set them")
    func controlsSetThem() throws {
        let dir = try Self.folder()
        let effect = try CustomEffect.metal(source: Self.shader, path: "tinted.metal")
        let size = Size(width: 500, height: 480)
        let layout = ControlsPanel(effects: [effect]).layout(in: size)
        let level = try #require(layout.slider(named: "level")), green = try #require(layout.slider(named: "tint.g"))
        let amount = try #require(layout.slider(named: "amount"))
        #expect(layout.slider(named: "tint")?.control == .swatch && layout.slider(named: "centre")?.control == .pad)
        #expect(amount.parameter.range == 0...2, "the annotation's range on the panel")
        let onLevel = level.location(of: 0.25), onGreen = green.location(of: 0.4)
        let input = "0.1 down \(onLevel.x) \(onLevel.y); 0.15 up \(onLevel.x) \(onLevel.y); 0.2 down \(onGreen.x) \(onGreen.y); 0.25 up \(onGreen.x) \(onGreen.y)"
        let r = try CLI.run(["render", "--effect", "tinted.metal", "--size", "500x480", "--controls", "--time", "0.5", "--input", input,
                             "-o", "p.png", "--state", "p.json"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let s = try CLI.state(dir + "/p.json")
        #expect((s["level"] as? Double).map { abs($0 - 0.25) < 1e-6 } == true, "the level slider: \(s)")
        #expect((s["tint"] as? [Double]).map { abs($0[1] - 0.4) < 1e-6 && $0[0] == 1 } == true, "the green channel: \(String(describing: s["tint"]))")
    }
}
