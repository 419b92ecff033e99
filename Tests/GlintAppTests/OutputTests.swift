import Foundation
import GlintCore
import GlintRender
import GlintTestSupport
import Testing

/// What `glint render` does to the places it writes, and the one-line answers to small mistakes:
/// it never replaces what isn't a plain file, never leaves half an output, and never crashes.
@Suite("Output files and command-line faults", .serialized, .removesTemporaryFiles)
struct OutputTests {
    static let render = ["render", "--size", "64x36", "--time", "0.5"]

    /// A failure as a user sees it: one line starting `glint: ` that says `expected`, the exit
    /// status, and a normal exit, not a signal.
    static func expectOneLine(_ r: CLI.Result, _ expected: String, status: Int32, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(r.reason == .exit, "exited, not killed by a signal", sourceLocation: sourceLocation)
        #expect(r.status == status, "exit status: \(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderrLines.count == 1 && r.stderr.hasSuffix("\n"), "one line: \(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.hasPrefix("glint: ") && r.stderr.contains(expected), "\(r.stderr)", sourceLocation: sourceLocation)
    }

    static func expectSuccess(_ r: CLI.Result, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(r.reason == .exit && r.status == 0, "\(r.stderr)", sourceLocation: sourceLocation)
    }

    static func fileType(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    static func isPNG(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        return (try? PNG.decode([UInt8](data)))?.width == 64
    }

    /// Files a failed write might have left: temporary files, or anything not in `expected`.
    static func expectOnly(_ expected: Set<String>, in dir: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: dir))
        #expect(names == expected, "left behind: \(names.subtracting(expected).sorted())", sourceLocation: sourceLocation)
    }

    @Test("an output that is a chain of symbolic links writes the PNG to the final file and keeps the links")
    func symlinkChain() throws {
        let dir = try CLI.temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/out", withIntermediateDirectories: true)
        try "old".write(toFile: dir + "/out/target.png", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/b.png", withDestinationPath: "out/target.png")
        try FileManager.default.createSymbolicLink(atPath: dir + "/a.png", withDestinationPath: dir + "/b.png")
        // A link to a file that does not exist yet creates that file.
        try FileManager.default.createSymbolicLink(atPath: dir + "/new.png", withDestinationPath: "out/fresh.png")
        Self.expectSuccess(try CLI.run(Self.render + ["-o", "a.png"], in: dir))
        Self.expectSuccess(try CLI.run(Self.render + ["-o", "new.png"], in: dir))
        #expect(Self.fileType(dir + "/a.png") == S_IFLNK && Self.fileType(dir + "/b.png") == S_IFLNK && Self.fileType(dir + "/new.png") == S_IFLNK)
        #expect(Self.isPNG(dir + "/out/target.png") && Self.isPNG(dir + "/out/fresh.png"))
        try Self.expectOnly(["a.png", "b.png", "new.png", "out"], in: dir)
        try Self.expectOnly(["target.png", "fresh.png"], in: dir + "/out")
    }

    @Test("--output /dev/null succeeds and /dev/null stays a character device")
    func devNull() throws {
        var before = stat()
        stat("/dev/null", &before)
        Self.expectSuccess(try CLI.run(Self.render + ["-o", "/dev/null", "--state", "/dev/null"], in: try CLI.temporaryFolder()))
        var after = stat()
        #expect(stat("/dev/null", &after) == 0)
        #expect(after.st_mode & S_IFMT == S_IFCHR && after.st_rdev == before.st_rdev && after.st_ino == before.st_ino)
    }

    @Test("a FIFO gets the PNG streamed into it and stays a FIFO")
    func fifo() throws {
        let dir = try CLI.temporaryFolder()
        let fifo = dir + "/frames"
        #expect(mkfifo(fifo, 0o644) == 0)
        nonisolated(unsafe) var received = Data()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            received = FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile() ?? Data()
            done.signal()
        }
        let r = try CLI.run(Self.render + ["-o", fifo], in: dir)
        if done.wait(timeout: .now() + 10) == .timedOut {
            // glint never opened it: open the writing end so the reader sees end-of-file.
            close(open(fifo, O_WRONLY | O_NONBLOCK))
            done.wait()
        }
        Self.expectSuccess(r)
        #expect((try? PNG.decode([UInt8](received)))?.width == 64, "the reader got a whole PNG: \(received.count) bytes")
        #expect(Self.fileType(fifo) == S_IFIFO)
        try Self.expectOnly(["frames"], in: dir)
    }

    @Test("a FIFO whose reader goes away is one line, 'broken pipe', not a death by SIGPIPE")
    func fifoReaderGone() throws {
        let dir = try CLI.temporaryFolder()
        let fifo = dir + "/frames"
        #expect(mkfifo(fifo, 0o644) == 0)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            // Opening blocks until glint opens the other end; then take 8 bytes and leave.
            let fd = open(fifo, O_RDONLY)
            var header = [UInt8](repeating: 0, count: 8)
            _ = read(fd, &header, header.count)
            close(fd)
            done.signal()
        }
        // Big enough that the PNG overflows the pipe's buffer after the reader has gone.
        let r = try CLI.run(["render", "--size", "1024x1024", "--scale", "2", "-o", fifo], in: dir)
        if done.wait(timeout: .now() + 10) == .timedOut {
            close(open(fifo, O_WRONLY | O_NONBLOCK))
            done.wait()
        }
        Self.expectOneLine(r, "cannot write the image '\(fifo)': broken pipe", status: 1)
        #expect(Self.fileType(fifo) == S_IFIFO)
        try Self.expectOnly(["frames"], in: dir)
    }

    @Test("a full device is one line saying so, exit 1")
    func devFull() throws {
        let r = try CLI.run(Self.render + ["-o", "/dev/full"], in: try CLI.temporaryFolder())
        Self.expectOneLine(r, "cannot write the image '/dev/full': no space left on device", status: 1)
        #expect(r.stderr.hasSuffix("no space left on device\n"))
        #expect(Self.fileType("/dev/full") == S_IFCHR)
    }

    @Test("places that take no file are refused before rendering, in one line", arguments: [
        (["-o", "folder"], "cannot write the image 'folder': it is a folder", Int32(1)),
        (["-o", "folder/"], "it is a folder", 1),
        (["-o", "/proc/glint-test.png"], "cannot write the image '/proc/glint-test.png': it is inside /proc", 1),
        (["-o", "/proc/self/comm"], "it is inside /proc", 1),
        (["-o", "into-proc.png"], "cannot write the image 'into-proc.png': it is inside /proc", 1),
        (["-o", "/sys/kernel/glint.png"], "it is inside /sys", 1),
        (["-o", ""], "cannot write the image '': the path is empty", 2),
        (["-o", "x.png", "--state", ""], "cannot write the state '': the path is empty", 2),
        (["-o", "keep.txt/x.png"], "'keep.txt' is not a folder", 1),
    ] as [([String], String, Int32)])
    func refused(arguments: [String], expected: String, status: Int32) throws {
        let dir = try CLI.temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/folder", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir + "/into-proc.png", withDestinationPath: "/proc/self/glint.png")
        try "keep me".write(toFile: dir + "/keep.txt", atomically: true, encoding: .utf8)
        let r = try CLI.run(Self.render + arguments, in: dir)
        Self.expectOneLine(r, expected, status: status)
        try Self.expectOnly(["folder", "into-proc.png", "keep.txt"], in: dir)
        try Self.expectOnly([], in: dir + "/folder")
        #expect(try String(contentsOfFile: dir + "/keep.txt", encoding: .utf8) == "keep me")
    }

    @Test("when --state cannot be written, no PNG is left behind and an existing one is untouched")
    func stateFailsImageFine() throws {
        let dir = try CLI.temporaryFolder()
        try "keep me".write(toFile: dir + "/old.png", atomically: true, encoding: .utf8)
        // Refused up front: the folder does not exist.
        var r = try CLI.run(Self.render + ["-o", "new.png", "--state", "nowhere/s.json"], in: dir)
        Self.expectOneLine(r, "cannot write the state 'nowhere/s.json': the folder 'nowhere' does not exist", status: 1)
        // Fails while writing, after the image was staged.
        r = try CLI.run(Self.render + ["-o", "new.png", "--state", "/dev/full"], in: dir)
        Self.expectOneLine(r, "cannot write the state '/dev/full': no space left on device", status: 1)
        r = try CLI.run(Self.render + ["-o", "old.png", "--state", "/dev/full"], in: dir)
        Self.expectOneLine(r, "cannot write the state '/dev/full': no space left on device", status: 1)
        try Self.expectOnly(["old.png"], in: dir)
        #expect(try String(contentsOfFile: dir + "/old.png", encoding: .utf8) == "keep me")
    }

    @Test("replacing a file keeps its permissions and leaves no temporary file")
    func replaceKeepsMode() throws {
        let dir = try CLI.temporaryFolder()
        try "old".write(toFile: dir + "/x.png", atomically: true, encoding: .utf8)
        chmod(dir + "/x.png", 0o640)
        Self.expectSuccess(try CLI.run(Self.render + ["-o", "x.png", "--state", "x.json"], in: dir))
        let attributes = try FileManager.default.attributesOfItem(atPath: dir + "/x.png")
        #expect((attributes[.posixPermissions] as? Int) == 0o640)
        #expect(Self.isPNG(dir + "/x.png"))
        try Self.expectOnly(["x.png", "x.json"], in: dir)
    }

    @Test("an --input file with CRLF (or CR) line ends reads like one with LF")
    func crlfInput() throws {
        let dir = try CLI.temporaryFolder()
        let lines = ["# press and hold", "0.5 down 64 36", "1.0 move 65 36", ""]
        for (name, end) in [("lf", "\n"), ("crlf", "\r\n"), ("cr", "\r")] {
            try lines.joined(separator: end).write(toFile: "\(dir)/\(name).txt", atomically: true, encoding: .utf8)
            Self.expectSuccess(try CLI.run(["render", "--size", "128x72", "--time", "1.5", "--input", "@\(name).txt", "-o", "\(name).png", "--state", "\(name).json"], in: dir))
        }
        let lf = try Data(contentsOf: URL(fileURLWithPath: dir + "/lf.json"))
        let state = try JSONSerialization.jsonObject(with: lf) as? [String: Any]
        #expect(state?["isInteracting"] as? Bool == true, "the events were read: the press is held")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/crlf.json")) == lf)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/cr.json")) == lf)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/crlf.png")) == Data(contentsOf: URL(fileURLWithPath: dir + "/lf.png")))
        // A bad event in a CRLF file is still one line, naming the line.
        try "0 down 1 1\r\n0.5 up 1 zz\r\n".write(toFile: dir + "/bad.txt", atomically: true, encoding: .utf8)
        Self.expectOneLine(try CLI.run(Self.render + ["--input", "@bad.txt", "-o", "bad.png"], in: dir), "bad y 'zz' in event '0.5 up 1 zz' on line 2", status: 2)
        #expect(!FileManager.default.fileExists(atPath: dir + "/bad.png"))
    }

    @Test("what the user typed is echoed with its control characters escaped, so an error stays one line", arguments: [
        (["render", "--effect", "bad\nname\r\u{1B}[31m", "-o", "x.png"], "unknown effect 'bad\\nname\\r\\u{1B}[31m'"),
        (["render", "--input", "0.5 down 1 2\n1 up x\u{7F} 3", "-o", "x.png"], "bad x 'x\\u{7F}'"),
        (["render", "-o", "no\nsuch/x.png"], "the folder 'no\\nsuch' does not exist"),
    ] as [([String], String)])
    func controlCharacters(arguments: [String], expected: String) throws {
        let dir = try CLI.temporaryFolder()
        let r = try CLI.run(arguments, in: dir)
        #expect(r.reason == .exit && r.status != 0)
        #expect(r.stderrLines.count == 1 && r.stderr.contains(expected), "\(r.stderr)")
        try Self.expectOnly([], in: dir)
    }

    @Test("a negative number after a numeric option is a bad value, not a missing one", arguments: [
        (["render", "--time", "-1", "-o", "x.png"], "bad time '-1': must be between 0 and 86400 seconds"),
        (["render", "--scale", "-2", "-o", "x.png"], "bad scale '-2'"),
        (["render", "--size", "-64x36", "-o", "x.png"], "bad size '-64x36'"),
        (["render", "--max-gap", "-5", "-o", "x.png"], "bad max gap '-5': must be in 0…2000 points"),
        (["render", "--break-threshold", "-0.5", "-o", "x.png"], "bad break threshold '-0.5'"),
        (["render", "--edge-roughness", "-1", "-o", "x.png"], "bad edge roughness '-1'"),
        (["bench", "--frames", "-1"], "bad frame count '-1'"),
        (["window", "--quit-after", "-1"], "bad time '-1'"),
    ] as [([String], String)])
    func negativeNumbers(arguments: [String], expected: String) throws {
        let dir = try CLI.temporaryFolder()
        Self.expectOneLine(try CLI.run(arguments, in: dir), expected, status: 2)
        try Self.expectOnly([], in: dir)
    }

    @Test("a mistyped command is named, with the nearest one and the list", arguments: [
        (["rendr", "-o", "x.png"], "glint: unknown command 'rendr'; did you mean 'render'? (commands: window, render, record, join, plan, effects, audio, bench)"),
        (["efects"], "glint: unknown command 'efects'; did you mean 'effects'? (commands: window, render, record, join, plan, effects, audio, bench)"),
        (["paint"], "glint: unknown command 'paint' (commands: window, render, record, join, plan, effects, audio, bench)"),
    ] as [([String], String)])
    func mistypedCommand(arguments: [String], expected: String) throws {
        let dir = try CLI.temporaryFolder()
        let r = try CLI.run(arguments, in: dir)
        Self.expectOneLine(r, expected, status: 2)
        #expect(r.stderr == expected + "\n")
        try Self.expectOnly([], in: dir)
    }

    @Test("the help names the number keys there are effects for")
    func helpKeys() throws {
        let r = try CLI.run(["--help"])
        #expect(r.status == 0 && r.reason == .exit)
        // As many keys as there are effects (six now), never a promise of nine.
        let keys = "1…\(min(EffectRegistry.all.count, 9)) or Tab"
        #expect(r.stdout.contains(keys) && (EffectRegistry.all.count >= 9 || !r.stdout.contains("1…9")), "\(r.stdout)")
    }
}
