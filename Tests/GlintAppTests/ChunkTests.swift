import Foundation
import GlintTestSupport
import Testing

/// `record --frames A..B`, `--chunk-of I/M` and `render --frame N`: exactly the frames of the
/// one-machine record, whatever came before them.
@Suite("Recording chunks", .serialized, .removesTemporaryFiles)
struct ChunkTests {
    /// 20 frames at 24 fps from 0.05 s, a drag through them.
    static let clip = ["--size", "64x36", "--duration", "0.8333", "--fps", "24", "--from", "0.05", "--date", "2024-01-02T03:04:05",
                       "--input", "0.02 down 40 4; 0.1 move 44 30; 0.5 move 10 20; 0.7 up 10 20"]

    /// A Shadertoy shader whose frames depend only on time and the frame number: no buffers.
    static let timeOnly = """
        void mainImage(out vec4 color, in vec2 position) {
            color = vec4(fract(iTime * 3.0), position.x / iResolution.x, float(iFrame % 7) / 7.0, 1.0);
        }
        """

    static func png(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// Records the clip whole and as chunk `chunk` into PNG sequences; the chunk's frames and what record said.
    static func chunkAgainstSingle(_ effect: [String], chunk: [String], in dir: String) throws -> (frames: ClosedRange<Int>, said: String) {
        try FileManager.default.createDirectory(atPath: dir + "/single", withIntermediateDirectories: true)
        OutputTests.expectSuccess(try CLI.run(["record"] + clip + effect + ["-o", "single/%03d.png"], in: dir))
        let r = try CLI.run(["record"] + clip + effect + chunk + ["-o", "chunk/%03d.png"], in: dir)
        OutputTests.expectSuccess(r)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir + "/chunk").filter { $0.hasSuffix(".png") }.sorted()
        let numbers = names.compactMap { Int($0.dropLast(4)) }
        let frames = (numbers.first ?? 0)...(numbers.last ?? 0)
        #expect(numbers == Array(frames), "the chunk's frames, numbered by their frame of the clip: \(names)")
        for i in frames {
            let name = String(format: "%03d.png", i)
            #expect(try png(dir + "/chunk/" + name) == png(dir + "/single/" + name), "frame \(i) is the one-machine record's")
        }
        return (frames, r.stderr)
    }

    @Test("--chunk-of 2/3 of 20 frames is frames 7..13 (the first chunks one longer), the one-machine record's frames byte for byte, the drag included")
    func chunkOf() throws {
        let dir = try CLI.temporaryFolder()
        let (frames, said) = try Self.chunkAgainstSingle([], chunk: ["--chunk-of", "2/3"], in: dir)
        #expect(frames == 7...13)
        #expect(said.contains("recorded frames 7..13 (7 frames) of a 20-frame clip") && said.contains("stepping through frames 0..6"), "\(said)")
        #expect(!said.contains("warming up"), "no feedback: the frames before are stepped through, not drawn")
        let record = try JSONSerialization.jsonObject(with: Self.png(dir + "/chunk/%03d.png.glint-chunk.json")) as? [String: Any]
        #expect(record?["first"] as? Int == 7 && record?["last"] as? Int == 13 && record?["clip_frames"] as? Int == 20, "\(String(describing: record))")
    }

    @Test("a shader whose buffers feed back draws the frames before the chunk, says so, and its frames are the one-machine record's")
    func feedbackWarmsUp() throws {
        let dir = try CLI.temporaryFolder()
        let (frames, said) = try Self.chunkAgainstSingle(["--effect", Clips.isf], chunk: ["--frames", "12..15"], in: dir)
        #expect(frames == 12...15)
        #expect(said.contains("warming up: drawing frames 0..11 unrecorded before frame 12") && said.contains("after drawing frames 0..11"), "\(said)")
    }

    @Test("a shader of time and frame number alone skips to the chunk, frame numbers counted")
    func timeOnlyShaderSkips() throws {
        let dir = try CLI.temporaryFolder()
        try Self.timeOnly.write(toFile: dir + "/time.glsl", atomically: true, encoding: .utf8)
        let (frames, said) = try Self.chunkAgainstSingle(["--effect", "time.glsl"], chunk: ["--frames", "5..9"], in: dir)
        #expect(frames == 5...9)
        #expect(!said.contains("warming up") && said.contains("stepping through frames 0..4"), "\(said)")
    }

    @Test("render --frame N --fps --from is record's frame N, feedback shaders included")
    func renderFrame() throws {
        let dir = try CLI.temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/single", withIntermediateDirectories: true)
        for effect in [[], ["--effect", Clips.shadertoy]] {
            OutputTests.expectSuccess(try CLI.run(["record"] + Self.clip + effect + ["-o", "single/%03d.png"], in: dir))
            let still = Self.clip.filter { $0 != "--duration" && $0 != "0.8333" }
            for n in [0, 11] {
                OutputTests.expectSuccess(try CLI.run(["render"] + still + effect + ["--frame", "\(n)", "-o", "still.png"], in: dir))
                #expect(try Self.png(dir + "/still.png") == Self.png(dir + String(format: "/single/%03d.png", n)), "frame \(n) of \(effect)")
            }
        }
    }

    @Test("bad --frames, --chunk-of and --frame are one line each, and nothing is written")
    func badSelections() throws {
        let dir = try CLI.temporaryFolder()
        let record = ["record", "--size", "64x36", "--duration", "0.5", "--fps", "40"]
        let cases: [([String], String)] = [
            (["--frames", "5..2"], "bad --frames '5..2': the first frame 5 comes after the last 2"),
            (["--frames", "0..20"], "bad --frames '0..20': the clip has 20 frames (0..19)"),
            (["--frames", "-1..3"], "bad --frames '-1..3': expected FIRST..LAST"),
            (["--frames", "99999999999999999999..3"], "expected FIRST..LAST"),
            (["--chunk-of", "0/3"], "bad --chunk-of '0/3': I must be from 1 to M (3)"),
            (["--chunk-of", "4/3"], "bad --chunk-of '4/3': I must be from 1 to M (3)"),
            (["--chunk-of", "3"], "bad --chunk-of '3': expected I/M"),
            (["--chunk-of", "1/21"], "the clip has 20 frames, too few for 21 chunks"),
            (["--frames", "0..3", "--chunk-of", "1/2"], "use either --frames or --chunk-of, not both"),
        ]
        for (words, message) in cases {
            let r = try CLI.run(record + words + ["-o", "out/x.mp4"], in: dir)
            #expect(r.status == 2 && r.stderrLines.count == 1 && r.stderr.contains(message), "\(words): \(r.stderr)")
        }
        for (words, message) in [(["--frame", "x"], "bad --frame 'x'"), (["--frame", "3", "--time", "1"], "use either --time or --frame"),
                                  (["--fps", "30"], "--fps and --from go with --frame N")] {
            let r = try CLI.run(["render"] + words + ["-o", "x.png"], in: dir)
            #expect(r.status == 2 && r.stderrLines.count == 1 && r.stderr.contains(message), "\(words): \(r.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "nothing written")
    }
}
