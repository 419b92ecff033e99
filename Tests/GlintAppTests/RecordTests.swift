import Foundation
import GlintRender
import GlintTestSupport
import Testing

/// `glint record` as a user runs it: clips that ffprobe reads as asked, frames that are the
/// frames `glint render` draws, and failures that leave nothing behind.
@Suite("Recording clips", .serialized, .removesTemporaryFiles)
struct RecordTests {
    /// A tiny clip: 64x48 points, 5 frames at 25 fps.
    static let clip = ["record", "--size", "64x48", "--duration", "0.2", "--fps", "25"]
    /// A press dragged down through the view: the tear opens part way through the clip.
    static let drag = "0.02 down 40 4; 0.1 move 44 30; 0.18 move 46 44"

    /// ffprobe's answer for the first video stream: `key=value` for each entry asked for.
    static func probe(_ path: String, _ entries: String, countFrames: Bool = false) throws -> [String: String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffprobe", "-v", "error", "-select_streams", "v:0"] + (countFrames ? ["-count_frames"] : [])
            + ["-show_entries", entries, "-of", "default=noprint_wrappers=1", path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "ffprobe reads \(path) (ffprobe comes with ffmpeg: scripts/setup)")
        var values: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            guard let eq = line.firstIndex(of: "=") else { continue }
            values[String(line[..<eq])] = String(line[line.index(after: eq)...])
        }
        return values
    }

    static func names(in dir: String) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: dir))
    }

    static func pixels(_ path: String) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        try PNG.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
    }

    @Test("a PNG sequence holds, byte for byte, the frames glint render draws at the same times, the drag included")
    func pngSequenceMatchesRender() throws {
        let dir = try CLI.temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/frames", withIntermediateDirectories: true)
        // 24 fps: frame times off render's 1/60 s steps.
        let r = try CLI.run(["record", "--size", "64x48", "--duration", "0.25", "--fps", "24", "--from", "0.05",
                             "--input", Self.drag, "-o", "frames/f%03d.png"], in: dir)
        OutputTests.expectSuccess(r)
        #expect(try Self.names(in: dir + "/frames") == Set((0..<6).map { String(format: "f%03d.png", $0) }))
        var distinct = Set<Data>()
        for i in 0..<6 {
            let time = 0.05 + Double(i) / 24
            OutputTests.expectSuccess(try CLI.run(["render", "--size", "64x48", "--time", "\(time)", "--input", Self.drag, "-o", "r.png"], in: dir))
            let rendered = try Data(contentsOf: URL(fileURLWithPath: dir + "/r.png"))
            let recorded = try Data(contentsOf: URL(fileURLWithPath: dir + String(format: "/frames/f%03d.png", i)))
            #expect(recorded == rendered, "frame \(i) at \(time) s is render's frame at that time")
            distinct.insert(recorded)
        }
        #expect(distinct.count == 6, "the clip moves: every frame differs")
    }

    @Test("an .mp4 is H.264 yuv420p at the size and rate asked, every frame there, its index at the front")
    func mp4() throws {
        let dir = try CLI.temporaryFolder()
        let r = try CLI.run(Self.clip + ["-o", "clip.mp4"], in: dir)
        OutputTests.expectSuccess(r)
        #expect(r.stderrLines.count == 1 && r.stderr.contains("recorded 5 frames of 64x48") && r.stderr.contains("clip.mp4"), "the summary line: \(r.stderr)")
        let v = try Self.probe(dir + "/clip.mp4", "stream=codec_name,width,height,pix_fmt,r_frame_rate,nb_read_frames", countFrames: true)
        #expect(v["codec_name"] == "h264" && v["pix_fmt"] == "yuv420p", "\(v)")
        #expect(v["width"] == "64" && v["height"] == "48" && v["r_frame_rate"] == "25/1" && v["nb_read_frames"] == "5", "\(v)")
        // +faststart: the index (moov) comes before the frames (mdat), so a player starts at once.
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/clip.mp4")))
        let moov = bytes.indices.first { bytes[$0...].starts(with: Array("moov".utf8)) }
        let mdat = bytes.indices.first { bytes[$0...].starts(with: Array("mdat".utf8)) }
        #expect(moov != nil && mdat != nil && moov! < mdat!)
        #expect(try Self.names(in: dir) == ["clip.mp4"], "no temporary file left")
    }

    @Test("an odd size is padded to even for H.264, and says so")
    func oddSizePadded() throws {
        let dir = try CLI.temporaryFolder()
        let r = try CLI.run(["record", "--size", "65x49", "--duration", "0.2", "--fps", "25", "-o", "odd.mp4"], in: dir)
        OutputTests.expectSuccess(r)
        #expect(r.stderr.contains("padding 65x49 to 66x50"), "\(r.stderr)")
        let v = try Self.probe(dir + "/odd.mp4", "stream=width,height,pix_fmt")
        #expect(v["width"] == "66" && v["height"] == "50" && v["pix_fmt"] == "yuv420p", "\(v)")
    }

    @Test("a .webm is VP9 with alpha")
    func webm() throws {
        let dir = try CLI.temporaryFolder()
        OutputTests.expectSuccess(try CLI.run(Self.clip + ["-o", "clip.webm"], in: dir))
        let v = try Self.probe(dir + "/clip.webm", "stream=codec_name,width,height:stream_tags=alpha_mode")
        #expect(v["codec_name"] == "vp9" && v["width"] == "64" && v["height"] == "48", "\(v)")
        #expect(v["TAG:alpha_mode"] == "1", "the alpha plane is kept: \(v)")
    }

    @Test("a .mov is ProRes 4444 with alpha")
    func mov() throws {
        let dir = try CLI.temporaryFolder()
        OutputTests.expectSuccess(try CLI.run(Self.clip + ["-o", "clip.mov"], in: dir))
        let v = try Self.probe(dir + "/clip.mov", "stream=codec_name,profile,pix_fmt,nb_frames")
        #expect(v["codec_name"] == "prores" && v["profile"] == "4444" && v["nb_frames"] == "5", "\(v)")
        #expect(v["pix_fmt"]?.hasPrefix("yuva444p") == true, "with alpha: \(v)")
    }

    @Test("a .gif has every frame")
    func gif() throws {
        let dir = try CLI.temporaryFolder()
        OutputTests.expectSuccess(try CLI.run(Self.clip + ["-o", "clip.gif"], in: dir))
        let v = try Self.probe(dir + "/clip.gif", "stream=codec_name,width,height,nb_read_frames", countFrames: true)
        #expect(v["codec_name"] == "gif" && v["width"] == "64" && v["height"] == "48" && v["nb_read_frames"] == "5", "\(v)")
    }

    @Test("--supersample 2 is render's frame at twice the scale, each 2x2 box averaged")
    func supersample() throws {
        let dir = try CLI.temporaryFolder()
        let size = ["--size", "32x24", "--input", Self.drag]
        OutputTests.expectSuccess(try CLI.run(["record"] + size + ["--duration", "0.1", "--fps", "20", "--from", "0.15",
                                                                   "--supersample", "2", "-o", "s%d.png"], in: dir))
        OutputTests.expectSuccess(try CLI.run(["render"] + size + ["--time", "0.2", "--scale", "2", "-o", "big.png"], in: dir))
        let small = try Self.pixels(dir + "/s1.png"), big = try Self.pixels(dir + "/big.png")
        #expect(small.width == 32 && small.height == 24 && big.width == 64)
        var expected = [UInt8](repeating: 0, count: 32 * 24 * 4)
        for y in 0..<24 { for x in 0..<32 { for c in 0..<4 {
            var sum = 0
            for dy in 0..<2 { for dx in 0..<2 { sum += Int(big.rgba[((2 * y + dy) * 64 + 2 * x + dx) * 4 + c]) } }
            expected[(y * 32 + x) * 4 + c] = UInt8((sum + 2) / 4)
        } } }
        #expect(small.rgba == expected)
    }

    @Test("--subframes 2 --shutter 1 averages the frames at the frame's time and half an interval later")
    func motionBlur() throws {
        let dir = try CLI.temporaryFolder()
        let size = ["--size", "32x24", "--input", Self.drag]
        OutputTests.expectSuccess(try CLI.run(["record"] + size + ["--duration", "0.1", "--fps", "20", "--from", "0.1",
                                                                   "--subframes", "2", "--shutter", "1", "-o", "m%d.png"], in: dir))
        // Frame 1 is at 0.15 s; its subframes at 0.15 and 0.175.
        OutputTests.expectSuccess(try CLI.run(["render"] + size + ["--time", "0.15", "-o", "a.png"], in: dir))
        OutputTests.expectSuccess(try CLI.run(["render"] + size + ["--time", "0.175", "-o", "b.png"], in: dir))
        let blurred = try Self.pixels(dir + "/m1.png"), a = try Self.pixels(dir + "/a.png"), b = try Self.pixels(dir + "/b.png")
        #expect(a.rgba != b.rgba, "the two subframes differ, so the average is a real blend")
        let average: [UInt8] = zip(a.rgba, b.rgba).map { (x: UInt8, y: UInt8) -> UInt8 in UInt8((Int(x) + Int(y) + 1) / 2) }
        #expect(blurred.rgba == average)
    }

    @Test("without ffmpeg on PATH, a video is refused in one line that says how to install it")
    func ffmpegMissing() throws {
        let dir = try CLI.temporaryFolder()
        let r = try CLI.run(Self.clip + ["-o", "clip.mp4"], in: dir, environment: ["PATH": dir])
        OutputTests.expectOneLine(r, "recording to .mp4 needs ffmpeg on PATH: apt-get install ffmpeg", status: 1)
        #expect(try Self.names(in: dir).isEmpty)
        // A PNG sequence needs no ffmpeg.
        OutputTests.expectSuccess(try CLI.run(Self.clip + ["-o", "f%d.png"], in: dir, environment: ["PATH": dir]))
        #expect(try Self.names(in: dir).count == 5)
    }

    @Test("ffmpeg failing is reported by its last line, and its half-written file is removed")
    func ffmpegFails() throws {
        let dir = try CLI.temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/out", withIntermediateDirectories: true)
        // An ffmpeg that writes part of its output file (its last argument), then fails.
        let fake = "#!/bin/sh\nfor a; do last=$a; done\necho partial > \"$last\"\necho 'some noise' >&2\necho 'Conversion failed: disk on fire' >&2\nexit 1\n"
        try fake.write(toFile: dir + "/bin/ffmpeg", atomically: true, encoding: .utf8)
        chmod(dir + "/bin/ffmpeg", 0o755)
        try "the old clip".write(toFile: dir + "/out/clip.mp4", atomically: true, encoding: .utf8)
        let r = try CLI.run(Self.clip + ["-o", "out/clip.mp4"], in: dir, environment: ["PATH": dir + "/bin:/usr/bin:/bin"])
        OutputTests.expectOneLine(r, "ffmpeg failed writing the video 'out/clip.mp4': Conversion failed: disk on fire", status: 1)
        #expect(try Self.names(in: dir + "/out") == ["clip.mp4"], "no partial file, no temporary file")
        #expect(try String(contentsOfFile: dir + "/out/clip.mp4", encoding: .utf8) == "the old clip", "the old file is kept")
    }

    @Test("a full disk fails in one line and leaves no file", .enabled(if: geteuid() == 0, "mounting a small tmpfs needs root"))
    func fullDisk() throws {
        let dir = try CLI.temporaryFolder()
        let small = dir + "/small"
        try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: true)
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        mount.arguments = ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", small]
        try mount.run()
        mount.waitUntilExit()
        try #require(mount.terminationStatus == 0, "mounted a 64 kB tmpfs")
        defer {
            let umount = Process()
            umount.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            umount.arguments = ["umount", small]
            try? umount.run()
            umount.waitUntilExit()
        }
        let r = try CLI.run(["record", "--size", "320x240", "--duration", "1", "-o", "small/clip.mov"], in: dir)
        OutputTests.expectOneLine(r, "No space left on device", status: 1)
        #expect(r.stderr.contains("small/clip.mov") && !r.stderr.contains(".tmp"), "names the user's file: \(r.stderr)")
        #expect(try Self.names(in: small).isEmpty, "no partial file, no temporary file")
    }

    /// Waits (at most `seconds`) for `condition`, looking again every 10 ms: for what no event
    /// announces, another process's files and life. Returns whether it held.
    @discardableResult
    static func wait(seconds: Double, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            if Date() > deadline { return false }
            usleep(10_000)
        }
        return true
    }

    /// Whether process `pid` has ended (gone, or a zombie no one has reaped yet).
    static func ended(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return true }
        return stat[stat.index(after: close)...].split(separator: " ").first == "Z"
    }

    /// The bytes in the files `pid` holds open in `dir` (named or not).
    static func bytesWritten(by pid: pid_t, in dir: String) -> Int {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        return fds.reduce(0) { sum, fd in
            let link = "/proc/\(pid)/fd/\(fd)"
            guard (try? FileManager.default.destinationOfSymbolicLink(atPath: link))?.hasPrefix(dir + "/") == true else { return sum }
            var info = stat()
            return sum + (stat(link, &info) == 0 ? Int(info.st_size) : 0)
        }
    }

    /// The children of `pid`, from /proc.
    static func children(of pid: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let child = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == pid ? child : nil
        }
    }

    @Test("SIGINT, SIGTERM or even SIGKILL while recording leaves no file: ffmpeg writes one with no name; where it must have one, the signal removes it",
          arguments: [(SIGINT, false), (SIGTERM, false), (SIGKILL, false), (SIGINT, true), (SIGTERM, true)])
    func interrupted(signal: Int32, named: Bool) throws {
        let dir = try CLI.temporaryFolder()
        let real = URL(fileURLWithPath: dir).resolvingSymlinksInPath().path
        let running = try RawCLI.start(["record", "--size", "320x240", "--duration", "60", "-o", "long.mp4"].map { Array($0.utf8) }, in: dir,
                                       environment: named ? ["GLINT_NAMED_TEMPORARY": "1"] : [:])
        // Wait until ffmpeg writes its file, so the signal lands mid-recording.
        var writing: [String] = []
        var encoders: [pid_t] = []
        // ffmpeg has its file, and frames in it: the signal lands mid-recording.
        Self.wait(seconds: 30) {
            encoders = Self.children(of: running.pid)
            // One file however many descriptors ffmpeg holds on it.
            writing = Array(Set(encoders.flatMap { PathTests.openFiles(of: $0, in: real) })).sorted()
            return (!writing.isEmpty && encoders.contains { Self.bytesWritten(by: $0, in: real) > 0 }) || kill(running.pid, 0) != 0
        }
        let during = try Self.names(in: dir)
        kill(running.pid, signal)
        let r = RawCLI.wait(running)
        #expect(writing.count == 1, "ffmpeg was writing a file in the folder: \(writing)")
        if named {
            #expect(writing.first?.contains("/.long.mp4.glint-") == true && during.count == 1, "under a hidden temporary name: \(writing)")
        } else {
            #expect(writing.first?.hasSuffix("(deleted)") == true && during.isEmpty, "with no name: \(writing), \(during)")
        }
        #expect(r.reason == .uncaughtSignal && r.status == signal, "ended by the signal: \(r.reason) \(r.status) \(r.stderr)")
        // An ffmpeg left running (after SIGKILL) finishes with its input: wait for it to end.
        #expect(Self.wait(seconds: 30) { encoders.allSatisfy(Self.ended) }, "ffmpeg ended after glint: \(encoders)")
        #expect(try Self.names(in: dir).isEmpty, "no partial file, no temporary file")
    }

    @Test("a signal stops ffmpeg before removing its file: an ffmpeg that writes late writes nothing")
    func signalStopsFFmpeg() throws {
        let dir = try CLI.temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/out", withIntermediateDirectories: true)
        // An ffmpeg that reads every frame and makes its file only once its input ends, as glint dies.
        let late = "#!/bin/sh\nfor a; do last=$a; done\ncat > /dev/null\nsleep 0.3\necho late > \"$last\"\n"
        try late.write(toFile: dir + "/bin/ffmpeg", atomically: true, encoding: .utf8)
        chmod(dir + "/bin/ffmpeg", 0o755)
        let running = try RawCLI.start(["record", "--size", "64x48", "--duration", "600", "-o", "out/clip.mp4"].map { Array($0.utf8) }, in: dir,
                                       environment: ["PATH": dir + "/bin:/usr/bin:/bin", "GLINT_NAMED_TEMPORARY": "1"])
        // The stand-in ffmpeg runs and reads frames: then the signal.
        var encoders: [pid_t] = []
        Self.wait(seconds: 30) {
            encoders = Self.children(of: running.pid)
            return !encoders.isEmpty || kill(running.pid, 0) != 0
        }
        kill(running.pid, SIGTERM)
        let r = RawCLI.wait(running)
        #expect(r.reason == .uncaughtSignal && r.status == SIGTERM, "ended by the signal: \(r.reason) \(r.status) \(r.stderr)")
        // Past the stand-in's own end (it would write 0.3 s after its input ends).
        #expect(Self.wait(seconds: 30) { encoders.allSatisfy(Self.ended) }, "the stand-in ffmpeg ended: \(encoders)")
        #expect(try Self.names(in: dir + "/out").isEmpty, "ffmpeg was stopped: it wrote no file after glint ended")
    }

    @Test("names glint cannot record, rates out of range and a missing --output are one line each")
    func refusals() throws {
        let dir = try CLI.temporaryFolder()
        OutputTests.expectOneLine(try CLI.run(Self.clip + ["-o", "clip.avi"], in: dir), "glint records .mp4 (H.264), .webm", status: 2)
        OutputTests.expectOneLine(try CLI.run(Self.clip + ["-o", "clip.png"], in: dir), "put the frame number in the name, like frames/%05d.png", status: 2)
        OutputTests.expectOneLine(try CLI.run(Self.clip + ["-o", "f%d%d.png"], in: dir), "bad PNG sequence name", status: 2)
        OutputTests.expectOneLine(try CLI.run(["record", "--duration", "1", "--fps", "0", "-o", "c.mp4"], in: dir), "bad frame rate '0'", status: 2)
        OutputTests.expectOneLine(try CLI.run(["record", "--duration", "0", "-o", "c.mp4"], in: dir), "bad duration '0'", status: 2)
        OutputTests.expectOneLine(try CLI.run(["record", "--duration", "1"], in: dir), "--output", status: 2)
        OutputTests.expectOneLine(try CLI.run(["render", "--size", "64x48", "-o", "x.mp4"], in: dir), "use glint record --output x.mp4", status: 2)
        OutputTests.expectOneLine(try CLI.run(["render", "--size", "64x48", "-o", "x.gif"], in: dir), "use glint record --output x.gif", status: 2)
        #expect(try Self.names(in: dir).isEmpty)
    }
}
