import Foundation
import GlintRender
import GlintTestSupport
import Testing

/// Runs `glint` with arguments given as bytes, not Strings: Foundation's `Process` takes Strings
/// and cannot pass a path that is not UTF-8, so this starts the child with posix_spawn.
enum RawCLI {
    /// A started glint: its pid, and the files its stdout and stderr go to.
    struct Running {
        let pid: pid_t
        let stdoutPath: String?
        let stderrPath: String
    }

    /// `text` as bytes, with `0xFF` where the text has `\u{FFFD}`: "o\u{FFFD}ut.png" is the name
    /// `o\xFFut.png`, which Swift's own arguments would repair to the former.
    static func raw(_ text: String) -> [UInt8] {
        text.unicodeScalars.flatMap { $0 == "\u{FFFD}" ? [0xFF] : Array(String($0).utf8) }
    }

    /// Starts glint in `directory` with `arguments`. Its stdout goes to `stdout` when given (a
    /// pipe's end, a terminal), else to a file; SIGINT and SIGTERM are at their defaults.
    static func start(_ arguments: [[UInt8]], in directory: String, environment: [String: String] = [:], stdout: Int32? = nil) throws -> Running {
        let base = NSTemporaryDirectory() + "glint-raw-\(UUID().uuidString)"
        let outPath = stdout == nil ? base + ".out" : nil
        let errPath = base + ".err"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let stdout {
            posix_spawn_file_actions_adddup2(&actions, stdout, STDOUT_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, outPath!, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(Libc.addChdir(&actions, directory) == 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, signal) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "DISPLAY")
        env.removeValue(forKey: "WAYLAND_DISPLAY")
        env["SWIFT_BACKTRACE"] = "enable=no"
        for (k, v) in environment { env[k] = v }
        let argv = ([Array(CLI.binary.utf8)] + arguments).map(copy)
        let envp = env.map { copy(Array("\($0.key)=\($0.value)".utf8)) }
        defer { (argv + envp).forEach { $0.deallocate() } }
        var pid: pid_t = 0
        let result = (argv.map { Optional($0) } + [nil]).withUnsafeBufferPointer { args in
            (envp.map { Optional($0) } + [nil]).withUnsafeBufferPointer { envs in
                posix_spawn(&pid, CLI.binary, &actions, &attributes, UnsafeMutablePointer(mutating: args.baseAddress!), UnsafeMutablePointer(mutating: envs.baseAddress!))
            }
        }
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO) }
        return Running(pid: pid, stdoutPath: outPath, stderrPath: errPath)
    }

    /// A NUL-terminated copy of `bytes` on the heap, for argv.
    private static func copy(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar> {
        let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        for (i, byte) in bytes.enumerated() { pointer[i] = CChar(bitPattern: byte) }
        pointer[bytes.count] = 0
        return pointer
    }

    /// Waits at most `timeout` seconds for `running` to end (then kills it and records an issue).
    static func wait(_ running: Running, timeout: Double = 60) -> CLI.Result {
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(timeout)
        while waitpid(running.pid, &status, WNOHANG) == 0 {
            if Date() > deadline {
                kill(running.pid, SIGKILL)
                waitpid(running.pid, &status, 0)
                Issue.record("glint did not finish within \(timeout) s")
                break
            }
            usleep(10_000)
        }
        defer {
            unlink(running.stderrPath)
            if let out = running.stdoutPath { unlink(out) }
        }
        let signal = status & 0x7F
        let out = running.stdoutPath.flatMap { FileManager.default.contents(atPath: $0) } ?? Data()
        let err = FileManager.default.contents(atPath: running.stderrPath) ?? Data()
        return CLI.Result(status: signal == 0 ? (status >> 8) & 0xFF : signal, reason: signal == 0 ? .exit : .uncaughtSignal,
                          stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    /// Runs glint to the end; a death by a signal is an issue.
    static func run(_ arguments: [[UInt8]], in directory: String, environment: [String: String] = [:]) throws -> CLI.Result {
        let r = wait(try start(arguments, in: directory, environment: environment))
        #expect(r.reason == .exit, "glint was killed by signal \(r.status)")
        return r
    }
}

/// C library calls that Swift's Glibc module leaves out (they need _GNU_SOURCE or _XOPEN_SOURCE),
/// found by name.
enum Libc {
    private static func function<F>(_ name: String, as type: F.Type) -> F {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { fatalError("no \(name) in the C library") }
        return unsafeBitCast(symbol, to: type)
    }

    static let addChdir = function("posix_spawn_file_actions_addchdir_np",
                                   as: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32).self)
    static let openPseudoTerminal = function("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
    static let grantPseudoTerminal = function("grantpt", as: (@convention(c) (Int32) -> Int32).self)
    static let unlockPseudoTerminal = function("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
    static let pseudoTerminalName = function("ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>).self)
}

/// Files named by bytes, as the tests make and look for them.
enum RawFiles {
    static func path(_ dir: String, _ name: [UInt8]) -> [UInt8] { Array(dir.utf8) + [UInt8(ascii: "/")] + name }

    static func withPath<R>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
        (path.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    static func write(_ data: Data, to path: [UInt8]) throws {
        let fd = withPath(path) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        guard fd >= 0 else { throw POSIXError(.init(rawValue: errno)!) }
        defer { close(fd) }
        try FileHandle(fileDescriptor: fd).write(contentsOf: data)
    }

    static func read(_ path: [UInt8]) -> Data? {
        let fd = withPath(path) { open($0, O_RDONLY) }
        guard fd >= 0 else { return nil }
        return try? FileHandle(fileDescriptor: fd, closeOnDealloc: true).readToEnd() ?? Data()
    }

    static func mkdir(_ path: [UInt8]) {
        #expect(withPath(path) { Glibc.mkdir($0, 0o755) } == 0)
    }

    /// The names in `dir`, as bytes.
    static func names(in dir: String) -> Set<[UInt8]> {
        guard let stream = opendir(dir) else { return [] }
        defer { closedir(stream) }
        var names: Set<[UInt8]> = []
        while let entry = readdir(stream) {
            var name = entry.pointee.d_name
            let bytes = withUnsafeBytes(of: &name) { Array($0.prefix { $0 != 0 }) }
            if bytes != Array(".".utf8) && bytes != Array("..".utf8) { names.insert(bytes) }
        }
        return names
    }
}

/// Paths as the bytes given, input files that are not files, temporary files on Ctrl-C, and
/// what `--output` takes.
@Suite("Paths, input files, temporary files and standard output", .serialized, .removesTemporaryFiles)
struct PathTests {
    static let render = ["render", "--size", "64x36", "--time", "0.5"]
    static func args(_ strings: [String]) -> [[UInt8]] { strings.map(RawCLI.raw) }

    static func isPNG(_ data: Data?, width: Int = 64) -> Bool {
        guard let data else { return false }
        return (try? PNG.decode([UInt8](data)))?.width == width
    }

    // MARK: Non-UTF-8 paths

    @Test("--output and --state named with a byte that is not UTF-8 write exactly that name; a file with the U+FFFD name is untouched")
    func rawOutputNames() throws {
        let dir = try CLI.temporaryFolder()
        // What Swift's repaired arguments would have named: must survive.
        try "keep me".write(toFile: dir + "/o\u{FFFD}ut.png", atomically: false, encoding: .utf8)
        try "keep me too".write(toFile: dir + "/s\u{FFFD}.json", atomically: false, encoding: .utf8)
        let r = try RawCLI.run(Self.args(Self.render + ["--output", "o\u{FFFD}ut.png", "--state", "s\u{FFFD}.json"]), in: dir)
        OutputTests.expectSuccess(r)
        let image = RawCLI.raw("o\u{FFFD}ut.png"), state = RawCLI.raw("s\u{FFFD}.json")
        #expect(Self.isPNG(RawFiles.read(RawFiles.path(dir, image))), "the PNG is at the byte-named path")
        let json = RawFiles.read(RawFiles.path(dir, state)).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        #expect(json?["amplitude"] as? Double == 0.5, "the state is at the byte-named path")
        #expect(try String(contentsOfFile: dir + "/o\u{FFFD}ut.png", encoding: .utf8) == "keep me")
        #expect(try String(contentsOfFile: dir + "/s\u{FFFD}.json", encoding: .utf8) == "keep me too")
        #expect(RawFiles.names(in: dir) == [image, state, Array("o\u{FFFD}ut.png".utf8), Array("s\u{FFFD}.json".utf8)])
    }

    @Test("every kind of byte sequence that is not UTF-8, and a real U+10FFFF, names exactly those bytes (output, state, bench's shader dump)", arguments: [
        [0xC0, 0xAF],              // an overlong '/'
        [0xED, 0xA0, 0x80],        // a surrogate
        [0xE2, 0x82],              // a sequence cut short
        [0x80, 0xBF],              // lone continuation bytes
        [0xF4, 0x8F, 0xBF, 0xBF],  // U+10FFFF itself, valid UTF-8 in the range glint carries bytes in
        [0xF5, 0xFF, 0xFE],        // bytes UTF-8 never uses
    ] as [[UInt8]])
    func rawByteSequences(bytes: [UInt8]) throws {
        let dir = try CLI.temporaryFolder()
        let image = Array("a".utf8) + bytes + Array(".png".utf8), state = bytes + Array(".json".utf8), dump = bytes + Array(".txt".utf8)
        OutputTests.expectSuccess(try RawCLI.run(Self.args(Self.render + ["-o"]) + [image, Array("--state".utf8), state], in: dir))
        OutputTests.expectSuccess(try RawCLI.run(Self.args(["bench", "--size", "32x18", "--frames", "2", "--dump-shader"]) + [dump], in: dir))
        #expect(RawFiles.names(in: dir) == [image, state, dump], "\(RawFiles.names(in: dir))")
        #expect(Self.isPNG(RawFiles.read(RawFiles.path(dir, image))))
    }

    @Test("an image, an event file, a shader folder and an effect's folder named with bytes that are not UTF-8 are read")
    func rawInputNames() throws {
        let dir = try CLI.temporaryFolder()
        OutputTests.expectSuccess(try CLI.run(Self.render + ["-o", "card.png"], in: dir))
        try RawFiles.write(try Data(contentsOf: URL(fileURLWithPath: dir + "/card.png")), to: RawFiles.path(dir, RawCLI.raw("c\u{FFFD}rd.png")))
        try RawFiles.write(Data("0.1 down 32 18\n".utf8), to: RawFiles.path(dir, RawCLI.raw("ev\u{FFFD}nts.txt")))
        RawFiles.mkdir(RawFiles.path(dir, RawCLI.raw("fx\u{FFFD}")))
        try RawFiles.write(Data("// Test: red.\n// Test.\nvec4 colorEffect(vec2 p, vec4 c) { return vec4(1.0, 0.0, 0.0, 1.0); }\n".utf8),
                           to: RawFiles.path(dir, RawCLI.raw("fx\u{FFFD}/red.frag")))
        // An image of that name: the same picture as the same image under a UTF-8 name.
        var r = try RawCLI.run(Self.args(["render", "--image", "c\u{FFFD}rd.png", "--effect", "blur", "-o", "a.png"]), in: dir)
        OutputTests.expectSuccess(r)
        OutputTests.expectSuccess(try CLI.run(["render", "--image", "card.png", "--effect", "blur", "-o", "b.png"], in: dir))
        #expect(Self.isPNG(FileManager.default.contents(atPath: dir + "/a.png")))
        #expect(FileManager.default.contents(atPath: dir + "/a.png") == FileManager.default.contents(atPath: dir + "/b.png"))
        // A held press from an event file of that name.
        r = try RawCLI.run(Self.args(Self.render + ["--no-tear", "--input", "@ev\u{FFFD}nts.txt", "-o", "a.png", "--state", "a.json"]), in: dir)
        OutputTests.expectSuccess(r)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/a.json"))) as? [String: Any]
        #expect(json?["isInteracting"] as? Bool == true, "the events were read: \(String(describing: json))")
        // Your own effect in a folder of that name, and the same folder as --shaders.
        r = try RawCLI.run(Self.args(Self.render + ["--effect", "fx\u{FFFD}/red.frag", "-o", "red.png"]), in: dir)
        OutputTests.expectSuccess(r)
        let red = try PNG.read(dir + "/red.png")
        #expect(Array(red.rgba[0..<4]) == [255, 0, 0, 255])
        try RawFiles.write(Data("// t\n// t\nvec4 harmonic(vec2 p, vec4 c, vec4 bounds, float n, float t, float a, float m) { return nothing; }\n".utf8), to: RawFiles.path(dir, RawCLI.raw("fx\u{FFFD}/harmonic.frag")))
        r = try RawCLI.run(Self.args(Self.render + ["--shaders", "fx\u{FFFD}", "-o", "broken.png"]), in: dir)
        OutputTests.expectOneLine(r, "fx\\xFF/harmonic.frag:3: fragment shader error", status: 1)
    }

    @Test("an effect file named with a byte that is not UTF-8 runs: a .frag, a .metal with a parameter of its own, a Shadertoy file")
    func rawEffectNames() throws {
        let dir = try CLI.temporaryFolder()
        let files = [
            ("r\u{FFFD}d.frag", "vec4 colorEffect(vec2 p, vec4 c) { return vec4(1.0, 0.0, 0.0, 1.0); }\n"),
            ("gr\u{FFFD}en.metal", "[[ stitchable ]] half4 green(float2 position, half4 color, float level) { return half4(0.0h, half(level), 0.0h, 1.0h); }\n"),
            ("bl\u{FFFD}e.glsl", "void mainImage(out vec4 c, in vec2 p) { c = vec4(0.0, 0.0, 1.0, 1.0); }\n"),
        ]
        for (name, text) in files { try RawFiles.write(Data(text.utf8), to: RawFiles.path(dir, RawCLI.raw(name))) }
        for ((name, _), (colour, extra)) in zip(files, [([255, 0, 0, 255] as [UInt8], [String]()), ([0, 255, 0, 255], ["--param", "level=1"]), ([0, 0, 255, 255], [])]) {
            let r = try RawCLI.run(Self.args(Self.render + ["--no-tear", "--effect", name, "-o", "out.png"] + extra), in: dir)
            OutputTests.expectSuccess(r)
            let image = try PNG.read(dir + "/out.png")
            #expect(Array(image.rgba[0..<4]) == colour, "\(name): \(Array(image.rgba[0..<4]))")
            try FileManager.default.removeItem(atPath: dir + "/out.png")
        }
        // An error in such a file names it as given.
        try RawFiles.write(Data("vec4 colorEffect(vec2 p, vec4 c) {\n  return nothing;\n}\n".utf8), to: RawFiles.path(dir, RawCLI.raw("br\u{FFFD}ken.frag")))
        let r = try RawCLI.run(Self.args(Self.render + ["--effect", "br\u{FFFD}ken.frag", "-o", "out.png"]), in: dir)
        OutputTests.expectOneLine(r, "br\\xFFken.frag:2: fragment shader error", status: 1)
    }

    @Test("a Shadertoy folder named with a byte that is not UTF-8 runs, its tabs and its image channel read from inside it")
    func rawShadertoyFolder() throws {
        let dir = try CLI.temporaryFolder()
        let folder = RawFiles.path(dir, RawCLI.raw("t\u{FFFD}bs"))
        RawFiles.mkdir(folder)
        // A 1x1 picture: the Image tab shows its colour, so the channel was read from the folder.
        let picture = try CLI.temporaryFolder() + "/red.png"
        try PNG.write(picture, width: 1, height: 1, rgba: [200, 40, 10, 255])
        try RawFiles.write(Data(contentsOf: URL(fileURLWithPath: picture)), to: folder + Array("/picture.png".utf8))
        let tab = "#iChannel0 \"picture.png\"\nvoid mainImage(out vec4 c, in vec2 p) { c = texture(iChannel0, vec2(0.5)); }\n"
        try RawFiles.write(Data(tab.utf8), to: folder + Array("/Image.glsl".utf8))
        let r = try RawCLI.run(Self.args(Self.render + ["--effect", "t\u{FFFD}bs", "-o", "out.png"]), in: dir)
        OutputTests.expectSuccess(r)
        let image = try PNG.read(dir + "/out.png")
        #expect(Array(image.rgba[0..<4]) == [200, 40, 10, 255], "\(Array(image.rgba[0..<4]))")
    }

    @Test("messages show a byte that is not UTF-8 as \\xFF, and a missing byte-named image is named as given", arguments: [
        (["--image", "n\u{FFFD}pe.png"], "glint: cannot read the image 'n\\xFFpe.png' for --image: no such file\n", Int32(2)),
        (["-o", "d\u{FFFD}r/x.png"], "glint: cannot write the image 'd\\xFFr/x.png': the folder 'd\\xFFr' does not exist\n", 1),
        (["--input", "@\u{FFFD}"], "glint: cannot read the input file '\\xFF': no such file\n", 2),
    ] as [([String], String, Int32)])
    func rawMessages(arguments: [String], expected: String, status: Int32) throws {
        let dir = try CLI.temporaryFolder()
        // The repaired names exist: a program reading those would not fail.
        try "x".write(toFile: dir + "/n\u{FFFD}pe.png", atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: dir + "/d\u{FFFD}r", withIntermediateDirectories: true)
        let r = try RawCLI.run(Self.args(Self.render + ["-o", "x.png"] + arguments), in: dir)
        OutputTests.expectOneLine(r, expected, status: status)
        #expect(r.stderr == expected)
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
        try OutputTests.expectOnly(["n\u{FFFD}pe.png", "d\u{FFFD}r"], in: dir)
    }

    // MARK: Input files that are not files

    /// A folder holding a FIFO, a socket and a folder, the names `what` refers to.
    static func folderOfNonFiles() throws -> String {
        let dir = try CLI.temporaryFolder()
        #expect(mkfifo(dir + "/fifo", 0o644) == 0)
        try FileManager.default.createDirectory(atPath: dir + "/folder", withIntermediateDirectories: true)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array((dir + "/socket").utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (i, byte) in path.prefix(buffer.count - 1).enumerated() { buffer[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0, "a socket in \(dir)")
        close(fd)
        // Larger than the limits, without the bytes (sparse).
        #expect(FileManager.default.createFile(atPath: dir + "/huge.png", contents: nil))
        #expect(truncate(dir + "/huge.png", off_t(64 << 20) + 1) == 0)
        #expect(FileManager.default.createFile(atPath: dir + "/huge.txt", contents: nil))
        #expect(truncate(dir + "/huge.txt", off_t(1 << 20) + 1) == 0)
        return dir
    }

    @Test("a FIFO, /dev/zero, a folder, a socket or a file too large as an image, an --input @file or an effect file: one line saying what it is, never a hang", arguments: [
        (["--image", "fifo"], "cannot read the image 'fifo' for --image: it is a FIFO (a named pipe), not a file"),
        (["--image", "/dev/zero"], "cannot read the image '/dev/zero' for --image: it is a character device, not a file"),
        (["--image", "folder"], "cannot read the image 'folder' for --image: it is a folder"),
        (["--image", "socket"], "cannot read the image 'socket' for --image: it is a socket, not a file"),
        (["--image", "huge.png"], "cannot read the image 'huge.png' for --image: it is 64.1 MiB, larger than the 64 MiB glint reads"),
        (["--effect", "dissolve", "--param", "dissolve.noise=fifo"], "cannot read the image 'fifo' for dissolve.noise: it is a FIFO"),
        (["--input", "@fifo"], "cannot read the input file 'fifo': it is a FIFO (a named pipe), not a file"),
        (["--input", "@/dev/zero"], "cannot read the input file '/dev/zero': it is a character device, not a file"),
        (["--input", "@folder"], "cannot read the input file 'folder': it is a folder"),
        (["--input", "@socket"], "cannot read the input file 'socket': it is a socket, not a file"),
        (["--input", "@huge.txt"], "cannot read the input file 'huge.txt': it is 1.1 MiB, larger than the 1 MiB glint reads"),
        (["--input", "@"], "cannot read the input file '': the path is empty"),
        (["--effect", "fifo/x.frag"], "cannot read the effect file 'fifo/x.frag': a part of the path is not a folder"),
        (["--effect", "folder/"], "cannot read the effect file 'folder/': it is a folder"),
    ] as [([String], String)])
    func inputsThatAreNotFiles(arguments: [String], expected: String) throws {
        let dir = try Self.folderOfNonFiles()
        let r = try CLI.run(Self.render + arguments + ["-o", "x.png"], in: dir, timeout: 20)
        OutputTests.expectOneLine(r, expected, status: 2)
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
    }

    // MARK: Temporary files on SIGINT and SIGTERM

    /// The paths `pid` has open inside `dir`.
    static func openFiles(of pid: pid_t, in dir: String) -> [String] {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        return fds.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)") }
            .filter { $0.hasPrefix(dir + "/") }
    }

    @Test("SIGINT or SIGTERM during a large PNG write leaves only the user's files, the old output untouched; unnamed temporaries, and named ones where forced", arguments: [
        (SIGINT, false), (SIGTERM, false), (SIGINT, true), (SIGTERM, true),
    ])
    func signalDuringWrite(signal: Int32, named: Bool) throws {
        let dir = try CLI.temporaryFolder()
        let real = URL(fileURLWithPath: dir).resolvingSymlinksInPath().path
        try "keep me".write(toFile: dir + "/out.png", atomically: false, encoding: .utf8)
        let running = try RawCLI.start(Self.args(["render", "--size", "4000x4000", "--scale", "2", "-o", "out.png", "--state", "s.json"]), in: dir,
                                       environment: named ? ["GLINT_NAMED_TEMPORARY": "1"] : [:])
        // Wait for the PNG write: the moment glint holds a file open in the folder.
        let deadline = Date().addingTimeInterval(120)
        var open: [String] = []
        while open.isEmpty && Date() < deadline && kill(running.pid, 0) == 0 {
            open = Self.openFiles(of: running.pid, in: real)
            if open.isEmpty { usleep(5_000) }
        }
        let during = RawFiles.names(in: dir)
        kill(running.pid, signal)
        let r = RawCLI.wait(running)
        #expect(open.count == 1, "glint was writing a file in the folder: \(open)")
        if named {
            #expect(open.first?.contains("/.out.png.glint-") == true && during.count == 2, "a named temporary file was being written: \(open)")
        } else {
            // O_TMPFILE: the file being written has no name in the folder.
            #expect(open.first?.hasSuffix("(deleted)") == true, "\(open)")
            #expect(during == [Array("out.png".utf8)], "no name exists while the PNG is written")
        }
        #expect(r.reason == .uncaughtSignal && r.status == signal, "ended by the signal, as before: \(r.reason) \(r.status) \(r.stderr)")
        try OutputTests.expectOnly(["out.png"], in: dir)
        #expect(try String(contentsOfFile: dir + "/out.png", encoding: .utf8) == "keep me")
    }

    @Test("with named temporaries forced, a render still writes its files and leaves no temporary")
    func namedTemporaryWrites() throws {
        let dir = try CLI.temporaryFolder()
        try "old".write(toFile: dir + "/x.png", atomically: true, encoding: .utf8)
        chmod(dir + "/x.png", 0o640)
        OutputTests.expectSuccess(try CLI.run(Self.render + ["-o", "x.png", "--state", "x.json"], in: dir, environment: ["GLINT_NAMED_TEMPORARY": "1"]))
        #expect(Self.isPNG(FileManager.default.contents(atPath: dir + "/x.png")))
        #expect((try FileManager.default.attributesOfItem(atPath: dir + "/x.png")[.posixPermissions] as? Int) == 0o640)
        try OutputTests.expectOnly(["x.png", "x.json"], in: dir)
    }

    // MARK: What --output takes

    @Test("--output with an extension glint cannot write is refused in one line; .PNG and no extension are written", arguments: [
        ("x.gif", "cannot write the image 'x.gif': render draws one frame as a PNG; to record a .gif clip use glint record --output x.gif --duration SECONDS"),
        ("x.jpg", "cannot write the image 'x.jpg': glint writes PNG only, not .jpg; name it x.png"),
        ("sub/frame.JPEG", "cannot write the image 'sub/frame.JPEG': glint writes PNG only, not .JPEG; name it frame.png"),
        ("x.png.tmp", "glint writes PNG only, not .tmp; name it x.png"),
    ])
    func unwritableExtensions(name: String, expected: String) throws {
        let dir = try CLI.temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        OutputTests.expectOneLine(try CLI.run(Self.render + ["-o", name], in: dir), expected, status: 2)
        try OutputTests.expectOnly(["sub"], in: dir)
    }

    @Test("--output X.PNG, a name with no extension, and a hidden .name are PNGs")
    func writableNames() throws {
        let dir = try CLI.temporaryFolder()
        for name in ["X.PNG", "frame", ".hidden", "v1.2/frame"] {
            try FileManager.default.createDirectory(atPath: dir + "/v1.2", withIntermediateDirectories: true)
            OutputTests.expectSuccess(try CLI.run(Self.render + ["-o", name], in: dir))
            #expect(Self.isPNG(FileManager.default.contents(atPath: dir + "/" + name)), "\(name)")
        }
    }

    /// Runs glint with its stdout into a pipe and returns what came through, with the result.
    static func runPiped(_ arguments: [String], in dir: String) throws -> (CLI.Result, Data) {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let running = try RawCLI.start(Self.args(arguments), in: dir, stdout: ends[1])
        close(ends[1])
        let data = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true).readDataToEndOfFile()
        return (RawCLI.wait(running), data)
    }

    @Test("--output - writes through a pipe the PNG --output FILE writes, and --state - the same JSON")
    func standardOutput() throws {
        let dir = try CLI.temporaryFolder()
        let args = ["render", "--size", "96x54", "--time", "1", "--input", "0.5 down 48 27"]
        OutputTests.expectSuccess(try CLI.run(args + ["-o", "file.png", "--state", "file.json"], in: dir))
        let (r, piped) = try Self.runPiped(args + ["-o", "-"], in: dir)
        OutputTests.expectSuccess(r)
        #expect(piped == FileManager.default.contents(atPath: dir + "/file.png"), "\(piped.count) bytes through the pipe")
        let (s, json) = try Self.runPiped(args + ["-o", "other.png", "--state", "-"], in: dir)
        OutputTests.expectSuccess(s)
        #expect(json == FileManager.default.contents(atPath: dir + "/file.json"))
        #expect(FileManager.default.contents(atPath: dir + "/other.png") == FileManager.default.contents(atPath: dir + "/file.png"))
        try OutputTests.expectOnly(["file.png", "file.json", "other.png"], in: dir)
    }

    @Test("--output - and --state - together, or --output - to a terminal, are refused in one line and nothing is written")
    func standardOutputRefused() throws {
        let dir = try CLI.temporaryFolder()
        let (both, data) = try Self.runPiped(Self.render + ["-o", "-", "--state", "-"], in: dir)
        OutputTests.expectOneLine(both, "--output - and --state - cannot both go to standard output; send one of them to a file", status: 2)
        #expect(data.isEmpty)
        // A terminal: a pseudo-terminal's other end as stdout.
        let master = Libc.openPseudoTerminal(O_RDWR | O_NOCTTY)
        #expect(master >= 0 && Libc.grantPseudoTerminal(master) == 0 && Libc.unlockPseudoTerminal(master) == 0)
        defer { close(master) }
        let terminal = open(String(cString: Libc.pseudoTerminalName(master)), O_RDWR | O_NOCTTY)
        #expect(terminal >= 0)
        defer { close(terminal) }
        for extra in [["-o", "-"], ["-o", "x.png", "--state", "-"]] {
            let r = RawCLI.wait(try RawCLI.start(Self.args(Self.render + extra), in: dir, stdout: terminal))
            OutputTests.expectOneLine(r, "to standard output: it is a terminal; redirect it to a file (> name) or pipe it into a program", status: 2)
        }
        try OutputTests.expectOnly([], in: dir)
    }
}
