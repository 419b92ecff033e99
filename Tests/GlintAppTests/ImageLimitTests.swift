import Foundation
import GlintRender
import GlintTestSupport
import Testing

/// PNGs that lie about their size or end early, given to `glint render` as the content and as
/// the dissolve's noise: one line naming the size or the fault, exit 2, no file, little memory.
@Suite("Image limits", .serialized, .removesTemporaryFiles)
struct ImageLimitTests {
    /// How much memory a refusal may take at its peak (the process itself takes about 35 MB).
    static let maxResidentBytes = 300_000_000
    /// The address space the binary runs in: a refusal that allocated an image's pixels first
    /// would fail here rather than take the machine's memory.
    static let addressSpaceKiB = 1_000_000
    /// How long a refusal may take.
    static let maxSeconds = 5.0

    /// What a measured run gave.
    struct Measured {
        var result: CLI.Result
        /// The child's peak resident memory, in bytes (getrusage's ru_maxrss).
        var maxResidentBytes: Int
        var seconds: Double
        /// The signal that ended it, if one did.
        var signal: Int32?
    }

    /// Runs glint as `CLI.run` does, in at most `addressSpaceKiB` of address space, and
    /// measures its peak memory and time with wait4.
    static func runMeasured(_ arguments: [String], timeout: Double = 30) throws -> Measured {
        let base = NSTemporaryDirectory() + "glint-limit-\(UUID().uuidString)"
        defer {
            try? FileManager.default.removeItem(atPath: base + ".out")
            try? FileManager.default.removeItem(atPath: base + ".err")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, base + ".out", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, base + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // The shell sets the limit and becomes glint (same process), so wait4 measures glint.
        let argv = ["/bin/sh", "-c", "ulimit -v \(addressSpaceKiB) && exec \"$0\" \"$@\"", CLI.binary] + arguments
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
        var usage = rusage()
        while wait4(pid, &status, WNOHANG, &usage) == 0 {
            if Date().timeIntervalSince(start) > timeout {
                kill(pid, SIGKILL)
                _ = wait4(pid, &status, 0, &usage)
                Issue.record("glint \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
                break
            }
            usleep(10_000)
        }
        let seconds = Date().timeIntervalSince(start)
        // The wait status: the low 7 bits are the signal (0 for an exit), the next 8 the exit code.
        let signal = status & 0x7f
        let out = FileManager.default.contents(atPath: base + ".out") ?? Data()
        let err = FileManager.default.contents(atPath: base + ".err") ?? Data()
        let result = CLI.Result(status: signal == 0 ? (status >> 8) & 0xff : signal, reason: signal == 0 ? .exit : .uncaughtSignal,
                                stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
        return Measured(result: result, maxResidentBytes: usage.ru_maxrss * 1024, seconds: seconds, signal: signal == 0 ? nil : signal)
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

    @Test("a PNG or JPEG that lies about its size, ends early or holds thousands of scans is refused with one line, exit 2, no file, in little memory and at once, as --image and as dissolve.noise")
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
                #expect(run.seconds < Self.maxSeconds, "\(what): took \(run.seconds) s")
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
