import Foundation
import GlintRender
import GlintTestSupport
import Testing

/// PNGs that lie about their size or end early, given to `glint render` as the content and as
/// the dissolve's noise: one line naming the size or the fault, exit 2, no file, little memory.
@Suite("Image limits", .serialized, .removesTemporaryFiles)
struct ImageLimitTests {
    /// How much memory a refusal may take at its peak (the process itself takes about 30 MB).
    static let maxResidentBytes = 100_000_000
    /// The address space the binary runs in: a refusal that allocated an image's pixels first
    /// would fail here rather than take the machine's memory.
    static let addressSpaceKiB = 1_000_000

    /// What a measured run gave.
    struct Measured {
        var result: CLI.Result
        /// glint's peak resident memory, in bytes, as GNU time reports it.
        var maxResidentBytes: Int
        var seconds: Double
        /// The signal that ended it, if one did.
        var signal: Int32?
    }

    /// Runs glint as `CLI.run` does, in at most `addressSpaceKiB` of address space, and
    /// measures its peak memory with GNU time and its wall time here.
    ///
    /// The peak comes from GNU time, not from this process's own wait4: posix_spawn starts its
    /// child in this process's memory (a vfork), and Linux carries the peak of the memory a process
    /// leaves at exec into the child's `ru_maxrss`, so wait4 would report this test process's
    /// peak (311 MB once, in a run of the whole suite) for every case. GNU time forks from its
    /// own small process and waits for glint, so what it reports is glint's.
    static func runMeasured(_ arguments: [String], timeout: Double = 30) throws -> Measured {
        let base = NSTemporaryDirectory() + "glint-limit-\(UUID().uuidString)"
        defer {
            for suffix in [".out", ".err", ".time"] { try? FileManager.default.removeItem(atPath: base + suffix) }
        }
        let time = "/usr/bin/time"
        try #require(FileManager.default.isExecutableFile(atPath: time), "GNU time is missing: scripts/setup --test installs it (Debian package time)")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, base + ".out", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, base + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // The shell sets the limit and becomes GNU time, which runs glint and writes its peak
        // resident set (KiB) to the .time file, after a line naming the signal if one ended it.
        let argv = ["/bin/sh", "-c", "ulimit -v \(addressSpaceKiB) && exec \(time) -o \"\(base).time\" -f %M \"$0\" \"$@\"", CLI.binary] + arguments
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "DISPLAY")
        env.removeValue(forKey: "WAYLAND_DISPLAY")
        env["SWIFT_BACKTRACE"] = "enable=no"
        let cArgs = argv.map { strdup($0) } + [nil]
        let cEnv = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cArgs + cEnv).forEach { free($0) } }
        var pid: pid_t = 0
        let start = Date()
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, cArgs, cEnv)
        try #require(spawned == 0, "posix_spawn failed: \(spawned)")
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date().timeIntervalSince(start) > timeout {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                Issue.record("glint \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
                break
            }
            usleep(10_000)
        }
        let seconds = Date().timeIntervalSince(start)
        let out = FileManager.default.contents(atPath: base + ".out") ?? Data()
        let err = FileManager.default.contents(atPath: base + ".err") ?? Data()
        let report = String(decoding: FileManager.default.contents(atPath: base + ".time") ?? Data(), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        // GNU time exits with glint's status, or 128 + the signal, and names the signal first.
        let signalLine = report.first { $0.hasPrefix("Command terminated by signal ") }
        let signal = signalLine.flatMap { Int32($0.dropFirst("Command terminated by signal ".count)) }
        let peakKiB = report.last.flatMap { Int($0) }
        try #require(peakKiB != nil, "GNU time wrote no peak memory for glint \(arguments.joined(separator: " ")): \(report)")
        let exit = (status >> 8) & 0xff
        let result = CLI.Result(status: signal ?? exit, reason: signal == nil ? .exit : .uncaughtSignal,
                                stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
        return Measured(result: result, maxResidentBytes: (peakKiB ?? 0) * 1024, seconds: seconds, signal: signal)
    }

    /// The files and what glint must say of each.
    static func cases() throws -> [(name: String, bytes: [UInt8], says: String)] {
        var cases: [(String, [UInt8], String)] = []
        for (w, h) in [(65535, 65535), (100_000, 100_000), (1_000_000, 1_000_000), (30000, 30000), (20000, 20000)] as [(UInt32, UInt32)] {
            cases.append(("bomb-\(w).png", CraftedPNG.bomb(width: w, height: h), "the image is \(w)×\(h); at most 16384 pixels a side"))
        }
        // A header, then a text chunk that claims 2³¹−1 bytes and ends 56 bytes in.
        let lying = CraftedPNG.signature + CraftedPNG.chunk("IHDR", CraftedPNG.bigEndian(1) + CraftedPNG.bigEndian(1) + [8, 6, 0, 0, 0])
            + CraftedPNG.bigEndian(0x7fff_ffff) + Array("tEXtComment\0".utf8) + [UInt8](repeating: 120, count: 56)
        cases.append(("text.png", lying, "the PNG is truncated: it ends inside its tEXt chunk"))
        // A real PNG one pixel too wide: decoded in full, it would be refused only at upload.
        let wide = try PNG.encode(width: 16385, height: 1, rgba: [UInt8](repeating: 200, count: 16385 * 4))
        cases.append(("wide.png", wide, "the image is 16385×1; at most 16384 pixels a side"))
        let card = try PNG.encode(width: 64, height: 36, rgba: (0..<64 * 36 * 4).map { UInt8(truncatingIfNeeded: $0 &* 13) })
        cases.append(("truncated.png", Array(card.prefix(card.count - 40)), "the PNG is truncated: it ends inside its IDAT chunk"))
        // JPEGs made by ImageMagick, then made to lie: the same limits, the header read first.
        let photo = try MadeJPEG.encode(width: 64, height: 36, rgba: (0..<64 * 36 * 4).map { UInt8(truncatingIfNeeded: $0 / 37) })
        for (w, h) in [(65535, 65535), (20000, 100)] as [(UInt16, UInt16)] {
            cases.append(("bomb-\(w).jpg", try MadeJPEG.declaring(width: w, height: h, photo), "the image is \(w)×\(h); at most 16384 pixels a side"))
        }
        cases.append(("square.jpg", try MadeJPEG.declaring(width: 16384, height: 16384, photo),
                      "the image is 16384×16384, 268435456 pixels; at most 134217728 pixels (512 MiB of RGBA)"))
        cases.append(("truncated.jpg", Array(photo.prefix(photo.count - 40)), "the JPEG is truncated: it ends inside its image data"))
        // A JPEG's header as a PNG's name: refused as the JPEG it is.
        cases.append(("header.png", Array(photo.prefix(30)), "the JPEG is truncated: it ends before its image data"))
        let progressive = try MadeJPEG.encode(width: 64, height: 36, rgba: [UInt8](repeating: 90, count: 64 * 36 * 4), options: ["-interlace", "Plane"])
        cases.append(("scans.jpg", try MadeJPEG.repeatingLastScan(progressive, times: 20000), "a damaged JPEG: it has more than \(JPEG.maxScans) scans"))
        return cases
    }

    @Test("a PNG or JPEG that lies about its size, ends early or holds thousands of scans is refused with one line, exit 2, no file and in little memory, as --image and as dissolve.noise")
    func refusals() throws {
        let dir = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (name, bytes, says) in try Self.cases() {
            let path = dir + "/" + name
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            for (option, owner) in [(["--image", path], "--image"), (["--effect", "dissolve", "--param", "dissolve.noise=" + path], "dissolve.noise")] {
                let output = dir + "/out.png"
                let run = try Self.runMeasured(["render"] + option + ["--size", "64x36", "--output", output])
                let r = run.result
                let what = "\(name) as \(owner)"
                #expect(run.signal == nil, "\(what): killed by signal \(run.signal ?? 0): \(r.stderr.prefix(300))")
                #expect(r.status == 2, "\(what): exit \(r.status): \(r.stderr.prefix(300))")
                #expect(r.stderrLines == ["glint: cannot read the image '\(path)' for \(owner): \(says)"], "\(what): \(r.stderr.prefix(300))")
                #expect(!FileManager.default.fileExists(atPath: output), "\(what): no output")
                #expect(run.maxResidentBytes < Self.maxResidentBytes, "\(what): peak memory \(run.maxResidentBytes / 1_000_000) MB")
                note("\(what): \(run.maxResidentBytes / 1_000_000) MB, \(run.seconds) s")
            }
        }
    }

    @Test("a PNG 16384 pixels wide, the limit, renders; a GIF named .png is refused as the GIF it is")
    func atTheLimit() throws {
        let dir = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let strip = (0..<PNG.maxSide * 4).map { $0 % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: $0 / 256) }
        try Data(try PNG.encode(width: PNG.maxSide, height: 1, rgba: strip)).write(to: URL(fileURLWithPath: dir + "/strip.png"))
        let r = try CLI.run(["render", "--image", "strip.png", "--size", "64x36", "--output", "out.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let out = try PNG.read(dir + "/out.png")
        #expect(out.width == 64 && out.height == 36)
        try Data("GIF89a, not a PNG".utf8).write(to: URL(fileURLWithPath: dir + "/gif.png"))
        let gif = try CLI.run(["render", "--image", "gif.png", "--output", "g.png"], in: dir)
        #expect(gif.status == 2 && gif.stderrLines == ["glint: cannot read the image 'gif.png' for --image: it is a GIF image, not a PNG or JPEG file; Glint reads PNG and JPEG images: convert it to PNG"], "\(gif.stderr)")
    }
}
