import Foundation
import GlintRender
import GlintTestSupport
import Testing

/// `glint bench --dump-shader` records one frame's GL work for bench/bare.c: each draw's sources
/// as glint compiled them, which the reference compiler accepts, and a recording the bare program
/// replays.
@Suite("Frame recordings for the bare program", .serialized, .removesTemporaryFiles)
struct BareReplayTests {
    /// Every built-in effect, and the chain scripts/bench compares, with the draws a frame makes:
    /// one per pass, two for the blur (along x, then y); the dissolve over the glow is one, the two
    /// fused (the bench compiles its arguments at rest in, so harmonic's constants join the run).
    static let chains: [(chain: String, draws: Int)] = [
        ("harmonic", 1), ("waveform", 1), ("gradient", 1), ("dissolve", 1), ("blur", 3), ("wave", 2), ("prism", 1),
        ("harmonic,wave,blur", 4),
    ]

    /// The fragment sources of a recording, in order.
    static func fragments(of recording: Data) -> [String] {
        var found: [String] = []
        let bytes = [UInt8](recording)
        let tag = Array("\nfragment ".utf8)
        var i = 0
        while i + tag.count < bytes.count {
            guard Array(bytes[i..<i + tag.count]) == tag else { i += 1; continue }
            var j = i + tag.count
            var length = 0
            while j < bytes.count, bytes[j] != UInt8(ascii: "\n") {
                length = length * 10 + Int(bytes[j] - UInt8(ascii: "0"))
                j += 1
            }
            let start = j + 1
            found.append(String(decoding: bytes[start..<min(start + length, bytes.count)], as: UTF8.self))
            i = start + length
        }
        return found
    }

    func record(_ chain: String, in dir: String) throws -> Data {
        let r = try CLI.run(["bench", "--effect", chain, "--no-overlay", "--size", "64x40", "--frames", "2", "--dump-shader", "frame.txt"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        return FileManager.default.contents(atPath: dir + "/frame.txt") ?? Data()
    }

    @Test("each draw of every built-in effect and of the chain is recorded with sources the reference compiler accepts",
          .enabled(if: Glslang.path != nil, "glslangValidator is not installed"),
          arguments: chains.map(\.chain))
    func recordedSourcesCompile(_ chain: String) throws {
        let dir = try CLI.temporaryFolder()
        let recording = try record(chain, in: dir)
        #expect(recording.starts(with: Data("# glint bench --dump-shader: the frame graphs".utf8)) && String(decoding: recording, as: UTF8.self).contains("\nglint-passes 3\n"))
        let fragments = Self.fragments(of: recording)
        #expect(fragments.count == Self.chains.first { $0.chain == chain }!.draws, "\(fragments.count) draws recorded")
        for (i, source) in fragments.enumerated() {
            let result = try Glslang.validate(source, stage: "frag")
            #expect(result.status == 0, "draw \(i + 1) of \(chain): \(result.output.prefix(600))")
        }
    }

    @Test("bench/bare.c builds and replays the recorded chain harmonic,wave,blur without a GL error")
    func bareReplays() throws {
        let dir = try CLI.temporaryFolder()
        _ = try record("harmonic,wave,blur", in: dir)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let bare = dir + "/bare"
        let build = try Shell.run("cc -O1 -o '\(bare)' '\(root)/bench/bare.c' $(pkg-config --cflags --libs epoxy)")
        #expect(build.status == 0, "\(build.output)")
        let replay = try Shell.run("'\(bare)' '\(dir)/frame.txt' --frames 3")
        #expect(replay.status == 0, "\(replay.output)")
        #expect(replay.output.contains("4 draws"), "\(replay.output)")
        #expect(replay.output.contains("\ntime "), "\(replay.output)")
    }

    @Test("a Shadertoy export with two buffers is recorded whole: Buffer A, Buffer B and the Image as the frame graph's passes, then the pass showing the picture; bench/bare.c replays all four")
    func shadertoyPassesAreRecorded() throws {
        let dir = try CLI.temporaryFolder()
        try Data(ShadertoyTests.export.utf8).write(to: URL(fileURLWithPath: dir + "/chain.json"))
        try Data(try PNG.encode(width: 2, height: 2, rgba: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]))
            .write(to: URL(fileURLWithPath: dir + "/quad.png"))
        let r = try CLI.run(["bench", "--effect", "chain.json", "--no-overlay", "--size", "64x40", "--frames", "2", "--dump-shader", "frame.txt"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let recording = FileManager.default.contents(atPath: dir + "/frame.txt") ?? Data()
        let fragments = Self.fragments(of: recording)
        #expect(fragments.count == 4, "\(fragments.count) draws recorded")
        // Buffer A's tint from Common, Buffer B's sum, the Image's two channels, then glint's own pass.
        #expect(fragments.count == 4 && fragments[0].contains("vec3 tint()") && fragments[1].contains("vec4(0.0, 0.5, 0.0, 0.0)")
                && fragments[2].contains("texture(iChannel1, uv)") && fragments[3].contains("toyImage"), "\(fragments.map { $0.suffix(300) })")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let bare = dir + "/bare"
        let build = try Shell.run("cc -O1 -o '\(bare)' '\(root)/bench/bare.c' $(pkg-config --cflags --libs epoxy)")
        #expect(build.status == 0, "\(build.output)")
        let replay = try Shell.run("'\(bare)' '\(dir)/frame.txt' --frames 3")
        #expect(replay.status == 0 && replay.output.contains("4 draws"), "\(replay.output)")
        // The channels are read through sampler objects (the export's nearest filtering: GL_NEAREST, 9728), named in
        // the recording so the replay samples as glint does.
        let samplers = String(decoding: recording, as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("sampler ") }
        #expect(samplers.contains { $0.split(separator: " ").count == 6 && $0.split(separator: " ")[2] == "9728" },
                "the nearest filtering is recorded: \(samplers)")

        // A buffer read with mipmaps: glint makes them after its pass each frame, and so does the replay.
        try FileManager.default.createDirectory(atPath: dir + "/mip", withIntermediateDirectories: true)
        try Data("void mainImage(out vec4 c, in vec2 p) { c = vec4(fract(p.x / 7.0), 0.5, 0.0, 1.0); }\n".utf8)
            .write(to: URL(fileURLWithPath: dir + "/mip/Buffer A.glsl"))
        try Data("#iChannel0 \"Buffer A\" mipmap\nvoid mainImage(out vec4 c, in vec2 p) { c = textureLod(iChannel0, p / iResolution.xy, 2.0); }\n".utf8)
            .write(to: URL(fileURLWithPath: dir + "/mip/Image.glsl"))
        let m = try CLI.run(["bench", "--effect", "mip", "--no-overlay", "--size", "64x40", "--frames", "2", "--dump-shader", "mip.txt"], in: dir)
        #expect(m.status == 0, "\(m.stderr)")
        let mip = String(decoding: FileManager.default.contents(atPath: dir + "/mip.txt") ?? Data(), as: UTF8.self)
        #expect(mip.split(separator: "\n").contains { $0.hasPrefix("mipmap ") }, "the buffer's mipmaps are a step of the recording")
        let mipReplay = try Shell.run("'\(bare)' '\(dir)/mip.txt' --frames 3")
        #expect(mipReplay.status == 0 && mipReplay.output.contains("1 mipmaps"), "\(mipReplay.output)")
    }

    @Test("bench/gauss.c, the hand-written Gaussian the blur is measured against, builds and blurs without a GL error; bad arguments are one line")
    func handWrittenGaussianRuns() throws {
        let dir = try CLI.temporaryFolder()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let gauss = dir + "/gauss"
        // As scripts/bench builds it: libpng for its --check against glint's picture (bench/hand.h).
        let build = try Shell.run("cc -O1 -o '\(gauss)' '\(root)/bench/gauss.c' $(pkg-config --cflags --libs epoxy libpng) -lm")
        #expect(build.status == 0, "\(build.output)")
        for paired in ["", " --paired"] {
            let run = try Shell.run("'\(gauss)' 96x60 8\(paired) --frames 3")
            #expect(run.status == 0 && run.output.contains("\ntime "), "\(run.output)")
            #expect(run.output.contains(paired.isEmpty ? "single taps" : "paired taps"), "\(run.output)")
        }
        let bad = try Shell.run("'\(gauss)' 96x60 0")
        #expect(bad.status != 0 && bad.output.split(separator: "\n").count == 1 && bad.output.hasPrefix("gauss: "), "\(bad.output)")
    }
    @Test("a hand-written program drawn against glint's recorded frame alternates with it in one process: both timed, their pairs' ratio printed, and its own picture unchanged after replayed frames")
    func handAgainstRecording() throws {
        let dir = try CLI.temporaryFolder()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let prism = dir + "/prism"
        let build = try Shell.run("cc -O1 -o '\(prism)' '\(root)/bench/prism.c' $(pkg-config --cflags --libs epoxy libpng) -lm")
        #expect(build.status == 0, "\(build.output)")
        let common = ["--effect", "prism", "--no-tear", "--time", "4", "--no-overlay", "--backdrop", "black", "--size", "240x160"]
        let render = try CLI.run(["render"] + common + ["-o", "prism.png"], in: dir)
        #expect(render.status == 0, "\(render.stderr)")
        let bench = try CLI.run(["bench"] + common + ["--frames", "2", "--dump-shader", "prism.txt"], in: dir)
        #expect(bench.status == 0, "\(bench.stderr)")
        let run = try Shell.run("'\(prism)' 240x160 --frames 6 --check '\(dir)/prism.png' --against '\(dir)/prism.txt'")
        #expect(run.status == 0, "\(run.output)")
        let lines = run.output.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("check ") }.count == 2, "checked before the pairs and after them: \(run.output)")
        for tag in ["time ", "replay ", "paired "] {
            #expect(lines.contains { $0.hasPrefix(tag) }, "\(tag)in \(run.output)")
        }
        let paired = lines.first { $0.hasPrefix("paired ") }.flatMap { Double($0.split(separator: " ")[1]) }
        #expect(paired.map { $0 > 0 && $0.isFinite } == true, "\(run.output)")
        let missing = try Shell.run("'\(prism)' 240x160 --frames 2 --against '\(dir)/none.txt'")
        #expect(missing.status != 0 && missing.output.hasPrefix("prism: "), "\(missing.output)")
    }
}

/// A shell command's status and output (stdout and stderr together).
enum Shell {
    static func run(_ command: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command + " 2>&1"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
