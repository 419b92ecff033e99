import Foundation
import GlintRender
import GlintTestSupport
import Testing

/// `render --sweep` and `record --sweep`: every combination, named by its values, and a contact sheet.
@Suite("Parameter sweeps", .serialized, .removesTemporaryFiles)
struct SweepTests {
    static let frame = ["--size", "64x36", "--time", "1"]

    @Test("render --sweep draws every combination as render --param does, names each by its values, and lays them out on a labelled contact sheet")
    func renderSweep() throws {
        let dir = try CLI.temporaryFolder()
        let r = try CLI.run(["render", "--sweep", "harmonic.amplitude=0.2..0.8:0.3,harmonic.speed=1,2"] + Self.frame + ["-o", "out/"], in: dir)
        OutputTests.expectSuccess(r)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: dir + "/out"))
        let expected = ["0.2", "0.5", "0.8"].flatMap { a in ["1", "2"].map { "harmonic.amplitude=\(a)_harmonic.speed=\($0).png" } }
        #expect(names == Set(expected + ["contact-sheet.png"]), "\(names)")
        var pictures = Set<Data>()
        for name in expected {
            let parts = name.dropLast(4).split(separator: "_").map(String.init)
            OutputTests.expectSuccess(try CLI.run(["render"] + Self.frame + parts.flatMap { ["--param", $0] } + ["-o", "one.png"], in: dir))
            let swept = try Data(contentsOf: URL(fileURLWithPath: dir + "/out/" + name))
            #expect(swept == (try Data(contentsOf: URL(fileURLWithPath: dir + "/one.png"))), "\(name) is render --param's frame")
            pictures.insert(swept)
        }
        #expect(pictures.count == 6, "every combination draws its own picture")
        // Three columns of two rows of 240-point cells, each with its label under it: wider than tall.
        let sheet = try PNG.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/out/contact-sheet.png"))))
        #expect(sheet.width > 3 * 240 && sheet.height > 2 * 135 && sheet.height < sheet.width, "\(sheet.width)x\(sheet.height)")
        // A label's text is drawn: light pixels in the strip under the first picture.
        let strip = (8 + 135 + 4)..<(8 + 135 + 16)
        let light = strip.flatMap { y in (8..<200).map { x in Int(sheet.rgba[(y * sheet.width + x) * 4]) } }.filter { $0 > 160 }
        #expect(light.count > 30, "the label under the first picture is drawn")
        #expect(r.stderr.contains("swept 6 combinations; contact sheet: out/contact-sheet.png"), "\(r.stderr)")
    }

    @Test("a sweep file: an item a line, # comments, ; or , between items")
    func sweepFile() throws {
        let dir = try CLI.temporaryFolder()
        try "# the glow's height\nharmonic.amplitude=0.5,1\nharmonic.speed=2 # faster\n".write(toFile: dir + "/sweep.txt", atomically: true, encoding: .utf8)
        OutputTests.expectSuccess(try CLI.run(["render", "--sweep", "@sweep.txt"] + Self.frame + ["-o", "glow.png"], in: dir))
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: dir))
        #expect(names == ["sweep.txt", "glow.harmonic.amplitude=0.5_harmonic.speed=2.png", "glow.harmonic.amplitude=1_harmonic.speed=2.png", "glow.contact-sheet.png"], "\(names)")
    }

    @Test("record --sweep records a clip a combination, and a contact sheet of their first frames")
    func recordSweep() throws {
        let dir = try CLI.temporaryFolder()
        let r = try CLI.run(["record", "--sweep", "wave.strength=2;wave.frequency=4,16", "--effect", "wave", "--size", "64x36", "--duration", "0.1", "--fps", "20", "-o", "clips/"], in: dir)
        OutputTests.expectSuccess(r)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: dir + "/clips"))
        #expect(names == ["wave.strength=2_wave.frequency=4.mp4", "wave.strength=2_wave.frequency=16.mp4", "contact-sheet.png"], "\(names)")
        #expect(try Clips.frames(dir + "/clips/wave.strength=2_wave.frequency=16.mp4").count == 2)
    }

    @Test("more than 10000 combinations without --yes, a bad name or a bad range: one line, nothing written")
    func badSweeps() throws {
        let dir = try CLI.temporaryFolder()
        let cases: [(String, String)] = [
            ("harmonic.amplitude=0..4:0.0004", "the sweep makes 10001 combinations, more than 10000: add --yes"),
            ("harmonic.amplitude=0..1:0.01,harmonic.speed=0..10:0.1", "the sweep makes 10201 combinations"),
            ("harmonic.amplitde=1,2", "unknown parameter 'amplitde' for harmonic"),
            ("harmonic.amplitude=0..9", "amplitude"),
            ("harmonic.amplitude=1..0:0.5", "bad --sweep range '1..0:0.5': expected FIRST at most LAST and a STEP above 0"),
            ("1,2", "bad --sweep '1,2': expected NAME=VALUES first"),
            ("harmonic.amplitude=0..1:x", "bad --sweep range '0..1:x'"),
        ]
        for (spec, message) in cases {
            let r = try CLI.run(["render", "--sweep", spec, "-o", "out/"], in: dir)
            #expect(r.status == 2 && r.stderrLines.count == 1 && r.stderr.contains(message), "\(spec): \(r.stderr)")
        }
        let r = try CLI.run(["render", "--sweep", "@missing.txt", "-o", "out/"], in: dir)
        #expect(r.status != 0 && r.stderrLines.count == 1 && r.stderr.contains("missing.txt"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "nothing written")
    }
}
