import Foundation
import GlintTestSupport
import Testing

/// What ffmpeg and ffprobe say of a clip: the tests compare clips as a viewer sees them.
enum Clips {
    /// Runs a tool (ffmpeg, ffprobe) and returns its standard output.
    static func tool(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(arguments.joined(separator: " ")) succeeds")
        return String(decoding: data, as: UTF8.self)
    }

    /// Each video frame decoded to RGBA (VP9 through libvpx, which keeps its alpha), as an MD5.
    static func frames(_ path: String) throws -> [String] {
        let decoder = path.hasSuffix(".webm") ? ["-c:v", "libvpx-vp9"] : []
        return try tool(["ffmpeg", "-loglevel", "error"] + decoder + ["-i", path, "-map", "0:v", "-pix_fmt", "rgba", "-f", "framemd5", "-"])
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map { String($0.split(separator: ",").last ?? "") }
    }

    /// The sound decoded, as MD5s of its packets' samples; empty without sound.
    static func sound(_ path: String) throws -> [String] {
        let streams = try tool(["ffprobe", "-v", "error", "-select_streams", "a", "-show_entries", "stream=index", "-of", "csv=p=0", path])
        guard !streams.isEmpty else { return [] }
        return try tool(["ffmpeg", "-loglevel", "error", "-i", path, "-map", "0:a", "-f", "framemd5", "-"])
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map { String($0.split(separator: ",").last ?? "") }
    }

    /// What ffprobe counts and times: every video packet's times, the stream's frame
    /// count (counted by decoding), rate and duration.
    static func timing(_ path: String) throws -> String {
        try tool(["ffprobe", "-v", "error", "-select_streams", "v:0", "-count_frames", "-show_entries",
                  "packet=pts,dts,duration:stream=nb_read_frames,r_frame_rate,avg_frame_rate,time_base,duration", "-of", "csv", path])
    }

    /// A PNG sequence's files, name → bytes.
    static func files(in folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".png") {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
        }
        return files
    }

    static let isf = ExampleShaders.folder + "/isf/echo.fs"
    static let shadertoy = ExampleShaders.folder + "/shadertoy/ink"

    /// A tone for --audio.
    static func tone(in dir: String) throws -> String {
        _ = try tool(["ffmpeg", "-loglevel", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=2", "-ac", "1", dir + "/tone.wav"])
        return "tone.wav"
    }
}

/// The Examples/shaders folder.
enum ExampleShaders {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/shaders").path
}

@Suite("Joining chunks", .serialized, .removesTemporaryFiles)
struct JoinTests {
    /// 18 frames of 64x36 at 30 fps, a drag through them, a fixed date.
    static let clip = ["--size", "64x36", "--duration", "0.6", "--fps", "30", "--date", "2024-01-02T03:04:05",
                       "--input", "0.05 down 10 10; 0.3 move 50 30; 0.5 up 50 30"]

    struct Case: CustomTestStringConvertible, Sendable {
        var ext: String
        var effect: [String]
        var sound: Bool
        var testDescription: String { "\(ext) \(effect.last ?? "harmonic")\(sound ? " with sound" : "")" }
    }

    static let cases = [
        Case(ext: "mp4", effect: [], sound: true),
        Case(ext: "mp4", effect: ["--effect", Clips.isf], sound: false),
        Case(ext: "webm", effect: [], sound: true),
        Case(ext: "webm", effect: ["--effect", Clips.shadertoy, "--keys", "0.2 down space; 0.3 up space"], sound: false),
        Case(ext: "mov", effect: ["--effect", Clips.isf], sound: true),
    ]

    @Test("three chunks recorded apart and joined in any order are the one-machine record: decoded pixels, ffprobe's frames and times, the sound",
          arguments: cases)
    func joinedIsSingle(_ c: Case) throws {
        let dir = try CLI.temporaryFolder()
        let sound = c.sound ? ["--audio", try Clips.tone(in: dir)] : []
        let record = ["record"] + Self.clip + c.effect + sound
        OutputTests.expectSuccess(try CLI.run(record + ["--joinable", "-o", "single.\(c.ext)"], in: dir))
        var chunks: [String] = []
        for i in 1...3 {
            let r = try CLI.run(record + ["--chunk-of", "\(i)/3", "-o", "parts/\(i).\(c.ext)"], in: dir)
            OutputTests.expectSuccess(r)
            if i > 1 && !c.effect.isEmpty { #expect(r.stderr.contains("warming up: drawing frames 0..\(i == 2 ? 5 : 11)"), "\(r.stderr)") }
            chunks.append("parts/\(i).\(c.ext)")
        }
        #expect(try Clips.sound(dir + "/parts/2.\(c.ext)").isEmpty, "a chunk is silent: the join adds the sound")
        let joined = try CLI.run(["join", "joined.\(c.ext)"] + chunks.reversed(), in: dir)
        OutputTests.expectSuccess(joined)
        #expect(joined.stderr.contains("joined 3 chunks into 18 frames of 64x36"), "\(joined.stderr)")
        let single = try Clips.frames(dir + "/single.\(c.ext)")
        #expect(single.count == 18 && Set(single).count > 9, "the clip moves: \(single)")
        #expect(try Clips.frames(dir + "/joined.\(c.ext)") == single)
        #expect(try Clips.timing(dir + "/joined.\(c.ext)") == Clips.timing(dir + "/single.\(c.ext)"))
        let heard = try Clips.sound(dir + "/single.\(c.ext)")
        let heardJoined = try Clips.sound(dir + "/joined.\(c.ext)")
        #expect(heard.isEmpty == !c.sound && heardJoined == heard)
    }

    @Test("a plain record refers frames to earlier ones and is the smaller file; --joinable, as every chunk, encodes each frame on its own",
          arguments: ["mp4", "webm"])
    func joinableEncoding(ext: String) throws {
        let dir = try CLI.temporaryFolder()
        let record = ["record", "--size", "160x90", "--duration", "1", "--fps", "30"]
        OutputTests.expectSuccess(try CLI.run(record + ["-o", "plain.\(ext)"], in: dir))
        OutputTests.expectSuccess(try CLI.run(record + ["--joinable", "-o", "joinable.\(ext)"], in: dir))
        OutputTests.expectSuccess(try CLI.run(record + ["--chunk-of", "1/1", "-o", "chunk.\(ext)"], in: dir))
        func size(_ name: String) throws -> Int { (try FileManager.default.attributesOfItem(atPath: dir + "/" + name)[.size] as? Int) ?? 0 }
        let plain = try size("plain.\(ext)"), joinable = try size("joinable.\(ext)")
        #expect(plain * 4 < joinable, "a plain record is far smaller: \(plain) bytes against \(joinable)")
        #expect(try Clips.frames(dir + "/chunk.\(ext)") == Clips.frames(dir + "/joinable.\(ext)"), "a chunk is encoded as --joinable encodes")
        if ext == "mp4" {
            let types = { (name: String) throws -> Set<String> in
                let run = try Clips.tool(["ffprobe", "-v", "error", "-show_entries", "frame=pict_type", "-of", "default=nw=1:nk=1", dir + "/" + name])
                return Set(run.split(separator: "\n").map(String.init))
            }
            #expect(try types("joinable.mp4") == ["I"], "every frame a key frame")
            #expect(try types("plain.mp4").contains("P"), "a plain record has predicted frames")
        }
    }

    @Test("a PNG sequence's chunks are numbered by their frame of the clip and copied into the output's names, the same bytes as one record")
    func pngSequence() throws {
        let dir = try CLI.temporaryFolder()
        for folder in ["single", "joined"] { try FileManager.default.createDirectory(atPath: dir + "/" + folder, withIntermediateDirectories: true) }
        let record = ["record"] + Self.clip + ["--effect", Clips.isf]
        OutputTests.expectSuccess(try CLI.run(record + ["-o", "single/%03d.png"], in: dir))
        OutputTests.expectSuccess(try CLI.run(record + ["--frames", "0..6", "-o", "a/f%02d.png"], in: dir))
        OutputTests.expectSuccess(try CLI.run(record + ["--frames", "7..17", "-o", "b/f%02d.png"], in: dir))
        #expect(try Set(Clips.files(in: dir + "/b").keys) == Set((7...17).map { String(format: "f%02d.png", $0) }))
        OutputTests.expectSuccess(try CLI.run(["join", "joined/%03d.png", "b/f%02d.png", "a/f%02d.png"], in: dir))
        let single = try Clips.files(in: dir + "/single")
        #expect(single.count == 18 && Set(single.values).count > 9)
        #expect(try Clips.files(in: dir + "/joined") == single)
    }

    @Test("a GIF's chunks are encoded again, with one palette, into every frame of the clip")
    func gif() throws {
        let dir = try CLI.temporaryFolder()
        let record = ["record"] + Self.clip
        OutputTests.expectSuccess(try CLI.run(record + ["--chunk-of", "1/2", "-o", "a.gif"], in: dir))
        OutputTests.expectSuccess(try CLI.run(record + ["--chunk-of", "2/2", "-o", "b.gif"], in: dir))
        OutputTests.expectSuccess(try CLI.run(["join", "all.gif", "a.gif", "b.gif"], in: dir))
        #expect(try Clips.frames(dir + "/all.gif").count == 18)
    }

    @Test("overlapping, missing, mismatched, absent and foreign chunks are one line each naming the file; nothing is written, an old output stays")
    func badChunks() throws {
        let dir = try CLI.temporaryFolder()
        let record = ["record", "--size", "64x36", "--duration", "0.4", "--fps", "30"]
        for (frames, name) in [("0..5", "a"), ("6..11", "b"), ("4..8", "over"), ("8..11", "late")] {
            OutputTests.expectSuccess(try CLI.run(record + ["--frames", frames, "-o", "\(name).mp4"], in: dir))
        }
        OutputTests.expectSuccess(try CLI.run(["record", "--size", "32x18", "--duration", "0.4", "--fps", "30", "--frames", "6..11", "-o", "small.mp4"], in: dir))
        OutputTests.expectSuccess(try CLI.run(["record", "--size", "64x36", "--duration", "0.4", "--fps", "30", "--frames", "6..11", "-o", "webm.webm"], in: dir))
        OutputTests.expectSuccess(try CLI.run(["record", "--size", "64x36", "--duration", "0.2", "--fps", "60", "--frames", "6..11", "-o", "rate.mp4"], in: dir))
        OutputTests.expectSuccess(try CLI.run(record + ["-o", "plain.mp4"], in: dir))
        try Data("mine".utf8).write(to: URL(fileURLWithPath: dir + "/mine.mp4"))
        let cases: [([String], String)] = [
            (["a.mp4", "over.mp4", "b.mp4"], "'over.mp4': its frames 4..8 overlap those of 'a.mp4' (0..5)"),
            (["late.mp4", "a.mp4"], "frames 6..7 of the 12-frame clip are missing after 'a.mp4', before 'late.mp4'"),
            (["a.mp4"], "frames 6..11 of the 12-frame clip are missing, after 'a.mp4'"),
            (["a.mp4", "small.mp4"], "'small.mp4': it is 32x18, but 'a.mp4' is 64x36"),
            (["a.mp4", "rate.mp4"], "'rate.mp4': it is at 60 fps, but 'a.mp4' is at 30 fps"),
            (["a.mp4", "webm.webm"], "'webm.webm' into 'mine.mp4': it is .webm, not .mp4"),
            (["a.mp4", "gone.mp4"], "no chunk 'gone.mp4'"),
            (["a.mp4", "plain.mp4"], "'plain.mp4': it is not a chunk made by glint record --frames or --chunk-of"),
        ]
        for (chunks, message) in cases {
            let r = try CLI.run(["join", "mine.mp4"] + chunks, in: dir)
            #expect(r.status == 2 && r.stderrLines.count == 1 && r.stderr.contains(message), "join \(chunks): \(r.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/mine.mp4")) == Data("mine".utf8), "the old output stays")
            let r2 = try CLI.run(["join", "new.mp4"] + chunks, in: dir)
            #expect(r2.status == 2 && r2.stderrLines.count == 1, "\(r2.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/new.mp4"), "nothing written")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).allSatisfy { !$0.hasPrefix(".") }, "no temporary file left")
    }
}
