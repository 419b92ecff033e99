import Foundation
import GlintRender
import GlintTestSupport
import Testing

/// `--effect A,B,C`, `--image`, and parameters addressed to an effect in a chain, through the
/// binary users run.
@Suite("Effect chains on the command line", .serialized, .removesTemporaryFiles)
struct ChainTests {
    /// A 40x20 PNG, left half red, right half blue, opaque.
    static func card(in dir: String) throws -> String {
        var px: [UInt8] = []
        for _ in 0..<20 { for x in 0..<40 { px += x < 20 ? [255, 0, 0, 255] : [0, 0, 255, 255] } }
        let path = dir + "/card.png"
        try PNG.write(path, width: 40, height: 20, rgba: px)
        return path
    }

    @Test("a chain renders in order over the first effect, and --state names each effect's values")
    func chainRenders() throws {
        let dir = try CLI.temporaryFolder()
        let r = try CLI.run(["render", "--effect", "harmonic,wave,blur", "--param", "blur.radius=4", "--param", "strength=3",
                             "--size", "160x90", "--time", "1", "--output", "out.png", "--state", "s.json"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let state = String(decoding: FileManager.default.contents(atPath: dir + "/s.json") ?? Data(), as: UTF8.self)
        #expect(state.contains("\"wave.strength\": 3") && state.contains("\"blur.radius\": 4") && state.contains("\"harmonic.amplitude\""), "\(state)")
        let image = try PNG.read(dir + "/out.png")
        #expect(image.width == 160 && image.height == 90)
    }

    @Test("glint effects lists each image parameter, what it takes and its built-in default, beside the numbers")
    func effectsListsImages() throws {
        let r = try CLI.run(["effects"])
        #expect(r.status == 0, "\(r.stderr)")
        let dissolve = r.stdout.components(separatedBy: "\n\n").first { $0.hasPrefix("dissolve ") } ?? ""
        #expect(dissolve.contains("\n    noise               an image: a PNG path; default the built-in Assets/noise.png"), "\(dissolve)")
    }

    @Test("a lone effect that changes what is below is shown over the harmonic glow")
    func loneModifier() throws {
        let dir = try CLI.temporaryFolder()
        let r = try CLI.run(["render", "--effect", "blur", "--size", "80x45", "--output", "out.png", "--state", "s.json"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let state = String(decoding: FileManager.default.contents(atPath: dir + "/s.json") ?? Data(), as: UTF8.self)
        #expect(state.contains("\"harmonic.time\"") && state.contains("\"blur.radius\": 8"), "\(state)")
    }

    @Test("--image makes a PNG the content, at its own size; with no effect it shows as it is")
    func imageContent() throws {
        let dir = try CLI.temporaryFolder()
        _ = try Self.card(in: dir)
        let plain = try CLI.run(["render", "--image", "card.png", "--no-tear", "--output", "plain.png"], in: dir)
        #expect(plain.status == 0, "\(plain.stderr)")
        let p = try PNG.read(dir + "/plain.png")
        #expect(p.width == 40 && p.height == 20, "the image's own size: \(p.width)x\(p.height)")
        #expect(Array(p.rgba[(10 * 40 + 5) * 4..<(10 * 40 + 5) * 4 + 4]) == [255, 0, 0, 255], "left half red")
        #expect(Array(p.rgba[(10 * 40 + 35) * 4..<(10 * 40 + 35) * 4 + 4]) == [0, 0, 255, 255], "right half blue")

        // Blurred, the border between the halves turns purple; the far sides stay as they were.
        let blurred = try CLI.run(["render", "--image", "card.png", "--effect", "blur", "--param", "radius=4", "--no-tear", "--output", "b.png"], in: dir)
        #expect(blurred.status == 0, "\(blurred.stderr)")
        let b = try PNG.read(dir + "/b.png")
        let mid = Array(b.rgba[(10 * 40 + 20) * 4..<(10 * 40 + 20) * 4 + 3])
        #expect(mid[0] > 60 && mid[2] > 60, "the red/blue border is mixed by the blur: \(mid)")
        #expect(Array(b.rgba[(10 * 40 + 8) * 4..<(10 * 40 + 8) * 4 + 3]) == [255, 0, 0], "far from the border it stays red")

        // An image parameter takes a path.
        let dissolved = try CLI.run(["render", "--image", "card.png", "--effect", "dissolve", "--param", "dissolve.noise=card.png",
                                     "--time", "2", "--no-tear", "--output", "d.png"], in: dir)
        #expect(dissolved.status == 0, "\(dissolved.stderr)")
    }

    @Test("bad chains, unknown effects, ambiguous and misaddressed parameters, unreadable images: one line each", arguments: [
        (["--effect", "harmonic,,blur"], "effect 2 has no name"),
        (["--effect", "wave,harmonic"], "harmonic draws content of its own, so it can only come first"),
        (["--effect", "harmonic,sparkle"], "unknown effect 'sparkle' in the chain 'harmonic,sparkle'"),
        (["--effect", "waveform,wave", "--param", "frequency=3"], "waveform and wave both take 'frequency'; say which"),
        (["--effect", "harmonic,blur", "--param", "wave.strength=3"], "there is no wave in the effects shown (harmonic, blur)"),
        (["--effect", "harmonic,blur", "--param", "blur.radius=99"], "value 99 for radius is out of range 0…64"),
        (["--image", "nope.png", "--effect", "blur"], "cannot read the image 'nope.png' for --image"),
        (["--image", "card.png", "--effect", "harmonic"], "harmonic draws content of its own and would hide the image"),
        (["--effect", "dissolve", "--param", "dissolve.noise=nope.png"], "cannot read the image 'nope.png' for dissolve.noise"),
        (["--image", "not-a-png.png"], "cannot read the image 'not-a-png.png' for --image: "),
    ])
    func badInput(arguments: [String], expected: String) throws {
        let dir = try CLI.temporaryFolder()
        _ = try Self.card(in: dir)
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: dir + "/not-a-png.png"))
        let r = try CLI.run(["render"] + arguments + ["--size", "64x36", "--output", "x.png"], in: dir)
        #expect(r.status == 2, "\(arguments): exit \(r.status): \(r.stderr)")
        #expect(r.stderrLines.count == 1 && r.stderr.contains(expected), "\(arguments): \(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
    }
}
