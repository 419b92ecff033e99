import Foundation
import GlintTestSupport
import Testing

/// `glint plan`: the jobs a scheduler runs, which together make what one command makes.
@Suite("Planning jobs", .serialized, .removesTemporaryFiles)
struct PlanTests {
    /// Runs a plan's line through the shell, with `glint` the binary under test.
    static func shell(_ line: String, in dir: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", line]
        process.currentDirectoryURL = URL(fileURLWithPath: dir)
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    static let record = ["--size", "64x36", "--duration", "0.5", "--fps", "30", "--effect", Clips.isf, "--input", "0.1 down 10 10; 0.3 up 50 30"]

    @Test("plan record prints a shell line a chunk, then the join; run by the shell they make the one-machine record")
    func planRecord() throws {
        let dir = try CLI.temporaryFolder()
        let r = try CLI.run(["plan", "record"] + Self.record + ["--chunks", "4", "--date", "2024-05-06T07:08:09", "-o", "out/clip.mp4", "--glint", CLI.binary], in: dir)
        OutputTests.expectSuccess(r)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "\(r.stdout)")
        for (i, line) in lines.prefix(4).enumerated() {
            #expect(line.contains("--chunk-of \(i + 1)/4 -o out/clip.chunks/clip.000\(i + 1)-of-0004.mp4") && line.contains("'0.1 down 10 10; 0.3 up 50 30'"), "\(line)")
        }
        #expect(lines[4].hasSuffix("join out/clip.mp4 out/clip.chunks/clip.0001-of-0004.mp4 out/clip.chunks/clip.0002-of-0004.mp4 out/clip.chunks/clip.0003-of-0004.mp4 out/clip.chunks/clip.0004-of-0004.mp4"), "\(lines[4])")
        try FileManager.default.createDirectory(atPath: dir + "/out", withIntermediateDirectories: true)
        for line in lines.prefix(4).reversed() { #expect(try Self.shell(line, in: dir) == 0, "\(line)") }
        #expect(try Self.shell(lines[4], in: dir) == 0)
        OutputTests.expectSuccess(try CLI.run(["record"] + Self.record + ["--date", "2024-05-06T07:08:09", "--joinable", "-o", "single.mp4"], in: dir))
        let single = try Clips.frames(dir + "/single.mp4")
        let joined = try Clips.frames(dir + "/out/clip.mp4")
        #expect(single.count == 15 && joined == single)
    }

    @Test("plan record --json: the jobs' argv and outputs, the join's argv; without --date the jobs share the date now; a PNG sequence's chunks are folders")
    func planJSON() throws {
        let dir = try CLI.temporaryFolder()
        let r = try CLI.run(["plan", "record", "--size", "64x36", "--duration", "0.5", "--chunks", "2", "-o", "frames/f%05d.png", "--json"], in: dir)
        OutputTests.expectSuccess(r)
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let jobs = object?["jobs"] as? [[String: Any]] ?? []
        #expect(jobs.count == 2)
        #expect(jobs.map { $0["output"] as? String } == ["frames/f.chunks/f.0001-of-0002/f%05d.png", "frames/f.chunks/f.0002-of-0002/f%05d.png"])
        let argv = jobs.first?["argv"] as? [String] ?? []
        let date = argv.firstIndex(of: "--date").map { argv[$0 + 1] }
        #expect(argv.prefix(2) == ["glint", "record"] && date != nil && (jobs.last?["argv"] as? [String])?.contains(date ?? "-") == true, "\(argv)")
        #expect((object?["join"] as? [String: Any])?["argv"] as? [String] == ["glint", "join", "frames/f%05d.png"] + jobs.compactMap { $0["output"] as? String })
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "planning writes nothing")
    }

    @Test("plan render --sweep prints a render a combination; plan gallery a render a shader file of the folder")
    func planSweepAndGallery() throws {
        let dir = try CLI.temporaryFolder()
        let r = try CLI.run(["plan", "render", "--sweep", "harmonic.speed=1..3", "--size", "64x36", "-o", "out/"], in: dir)
        OutputTests.expectSuccess(r)
        #expect(r.stdout == (1...3).map { "glint render --size 64x36 --param harmonic.speed=\($0) -o out/harmonic.speed=\($0).png\n" }.joined(), "\(r.stdout)")
        let g = try CLI.run(["plan", "gallery", ExampleShaders.folder + "/glslviewer", "--size", "64x36", "--time", "1"], in: dir)
        OutputTests.expectSuccess(g)
        // comet.frag is a shader; palette.glsl is a file it includes, not one.
        #expect(g.stdout == "glint render --effect \(ExampleShaders.folder)/glslviewer/comet.frag --size 64x36 --time 1 -o gallery/comet.png\n", "\(g.stdout)")
    }

    @Test("a plan with too many chunks, no --chunks, no output, a bad record option or an unknown kind is one line")
    func badPlans() throws {
        let dir = try CLI.temporaryFolder()
        let cases: [([String], String)] = [
            (["record", "--duration", "0.1", "--fps", "30", "--chunks", "4", "-o", "x.mp4"], "bad --chunks '4': the clip has 3 frames, too few for 4 chunks"),
            (["record", "--duration", "1", "-o", "x.mp4"], "glint plan record needs --chunks M"),
            (["record", "--duration", "1", "--chunks", "2"], "glint plan record needs -o OUTPUT"),
            (["record", "--duration", "1", "--chunks", "2", "--frames", "0..3", "-o", "x.mp4"], "leave out --frames, --chunk-of and --sweep"),
            (["record", "--duration", "1", "--chunks", "2", "-o", "x.avi"], "cannot record to 'x.avi'"),
            (["record", "--duration", "1", "--chunks", "2", "--bogus", "-o", "x.mp4"], "--bogus"),
            (["bake"], "glint plan plans record, render or gallery, not 'bake'"),
            (["gallery", "nowhere"], "bad gallery folder 'nowhere': no such folder"),
        ]
        for (words, message) in cases {
            let r = try CLI.run(["plan"] + words, in: dir)
            #expect(r.status == 2 && r.stderrLines.count == 1 && r.stderr.contains(message) && r.stdout.isEmpty, "\(words): \(r.stderr)")
        }
    }
}
