import Foundation
import GlintTestSupport
import Testing

/// The Dark Side of the Moon cover (seed 003) on the command line, run as a user would: render
/// at a time part way through the drawing, --state, its parameters' ranges, and bench.
@Suite("Prism on the command line", .serialized, .removesTemporaryFiles)
struct PrismCLITests {
    func json(_ path: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
    }

    @Test("render --effect prism --time 1.5 draws half the drawing, and --state reports the four fractions and the progress")
    func renderAndState() throws {
        let dir = try CLI.temporaryFolder()
        let r = try CLI.run(["render", "--effect", "prism", "--size", "200x120", "--time", "1.5",
                             "--param", "prism.lightFraction=0.6", "--param", "rainbowSize=0.3", "-o", "p.png", "--state", "p.json"], in: dir)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        let state = try json(dir + "/p.json")
        #expect(state["lightFraction"] as? Double == 0.6 && state["rainbowSize"] as? Double == 0.3)
        #expect(state["prismFraction"] as? Double == 0.4 && state["dispersionSize"] as? Double == 0.2)
        #expect(state["progress"] as? Double == 0.5 && state["drawDuration"] as? Double == 3)
        let png = try Data(contentsOf: URL(fileURLWithPath: dir + "/p.png"))
        #expect(png[16..<20].reduce(0) { $0 << 8 | Int($1) } == 200 && png[20..<24].reduce(0) { $0 << 8 | Int($1) } == 120)

        let done = try CLI.run(["render", "--effect", "prism", "--size", "64x64", "--time", "5", "-o", "d.png", "--state", "d.json"], in: dir)
        #expect(done.status == 0, "\(done.stderr)")
        #expect(try json(dir + "/d.json")["progress"] as? Double == 1)
    }

    @Test("a fraction out of 0…1 is refused with its range, prefixed or not; so is a bad duration", arguments: [
        (["--param", "prism.lightFraction=1.5"], "value 1.5 for lightFraction is out of range 0…1"),
        (["--param", "lightFraction=1.5"], "value 1.5 for lightFraction is out of range 0…1"),
        (["--param", "prismFraction=-0.1"], "value -0.1 for prismFraction is out of range 0…1"),
        (["--param", "dispersionSize=2"], "value 2 for dispersionSize is out of range 0…1"),
        (["--param", "prism.rainbowSize=nan"], "bad value 'nan' for rainbowSize: expected a number"),
        (["--param", "drawDuration=31"], "value 31 for drawDuration is out of range 0…30"),
        (["--param", "prism.size=1"], "unknown parameter 'size' for prism"),
    ] as [([String], String)])
    func outOfRange(arguments: [String], expected: String) throws {
        let dir = try CLI.temporaryFolder()
        let r = try CLI.run(["render", "--effect", "prism", "-o", "x.png"] + arguments, in: dir)
        #expect(r.status == 2)
        #expect(r.stderrLines.count == 1, "one line: \(r.stderr)")
        #expect(r.stderr.hasPrefix("glint: ") && r.stderr.contains(expected), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"), "no picture written on error")
    }

    @Test("fractions at the ends of their ranges render", arguments: [
        ["dispersionSize=0", "rainbowSize=0"], ["lightFraction=0", "prismFraction=0", "dispersionSize=1", "rainbowSize=1"],
        ["lightFraction=1", "prismFraction=1", "dispersionSize=1", "rainbowSize=1", "drawDuration=0"],
    ])
    func extremes(params: [String]) throws {
        let dir = try CLI.temporaryFolder()
        let r = try CLI.run(["render", "--effect", "prism", "--size", "96x96", "--scale", "2", "--time", "4", "-o", "x.png"]
                            + params.flatMap { ["--param", $0] }, in: dir)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
    }

    @Test("glint effects lists the prism last, on key 7")
    func effects() throws {
        let r = try CLI.run(["effects"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("prism (colorEffect, key 7)"), "\(r.stdout)")
        #expect(r.stdout.contains("drawDuration") && r.stdout.contains("default 3, range 0…30"))
    }

    @Test("glint bench --effect prism measures the finished cover, --time a moment of the drawing; neither allocates in Glint")
    func bench() throws {
        let finished = try CLI.run(["bench", "--effect", "prism", "--size", "96x54", "--frames", "40"])
        #expect(finished.status == 0, "\(finished.stderr)")
        #expect(finished.stdout.contains("after the staged drawing"), "\(finished.stdout)")
        #expect(finished.stdout.contains("0.00 allocations/frame by Glint"), "\(finished.stdout)")
        let mid = try CLI.run(["bench", "--effect", "prism", "--size", "96x54", "--frames", "40", "--time", "2.625"])
        #expect(mid.status == 0, "\(mid.stderr)")
        #expect(mid.stdout.contains("stands still at 2.625 s, the drawing at 87.5 %"), "\(mid.stdout)")
        #expect(mid.stdout.contains("0.00 allocations/frame by Glint"), "\(mid.stdout)")
    }
}
