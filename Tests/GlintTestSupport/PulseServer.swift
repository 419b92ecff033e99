// A PulseAudio server of a test's own: a null sink named `glinttest` (what is played into it comes
// out of its monitor, `glinttest.monitor`) and a socket in a temporary folder. Nothing touches a
// user's session: the server's and its clients' HOME, runtime and state folders are in that folder.
import Foundation
import Testing

/// A PulseAudio server started for one test and stopped when it ends.
public final class PulseServer: @unchecked Sendable {
    /// Where pulseaudio is, or nil (scripts/setup --test installs it: pulseaudio, pulseaudio-utils).
    public static let executable = ["/usr/bin/pulseaudio", "/usr/local/bin/pulseaudio"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Why no server can start here, or nil when one can.
    public static var unavailableReason: String? {
        executable == nil ? "pulseaudio is not installed (scripts/setup --test installs it)" : nil
    }

    /// The temporary folder holding the socket and everything the server writes.
    public let folder: String
    /// The server's address, for PULSE_SERVER or libpulse's connect: `unix:<folder>/native`.
    public let address: String
    /// The server's process, 0 once it has ended.
    private var pid: pid_t = 0

    /// The environment a client process needs to reach this server and nothing else.
    public var environment: [String: String] {
        ["PULSE_SERVER": address, "HOME": folder, "PULSE_RUNTIME_PATH": folder + "/runtime",
         "PULSE_STATE_PATH": folder + "/state", "XDG_RUNTIME_DIR": folder + "/xdg", "PULSE_COOKIE": folder + "/cookie"]
    }

    /// Starts a server with the null sink `glinttest` and `script`'s further commands (pactl's
    /// syntax: `load-module …`, `set-default-source …`), waiting until it answers.
    public init(script: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard let executable = Self.executable else { throw Failure("pulseaudio is not installed") }
        folder = try TemporaryFiles.folder("glint-pulse", sourceLocation: sourceLocation)
        address = "unix:\(folder)/native"
        for sub in ["runtime", "state", "xdg"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true)
        }
        let lines = ["load-module module-null-sink sink_name=glinttest",
                     "load-module module-native-protocol-unix socket=\(folder)/native auth-anonymous=1"] + script
        try (lines.joined(separator: "\n") + "\n").write(toFile: folder + "/glint.pa", atomically: true, encoding: .utf8)
        // -n: no default.pa (no hardware, no user modules); as root it still runs per-user with --system=false.
        let arguments = [executable, "-n", "--daemonize=no", "--exit-idle-time=-1", "--use-pid-file=no", "--system=false",
                         "--disallow-exit", "--log-target=file:\(folder)/log", "-F", folder + "/glint.pa"]
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        env.removeValue(forKey: "PULSE_SERVER")
        env.removeValue(forKey: "DISPLAY")
        // Not Foundation's Process: pulseaudio closes the descriptors it inherits, and Foundation takes
        // its own descriptor closing for the child's exit and then blocks in waitpid, for every process.
        pid = try Self.spawn(arguments, environment: env.map { "\($0)=\($1)" })
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if waitpid(pid, nil, WNOHANG) == pid { pid = 0; break }
            if (try? pactl(["info"]))?.status == 0 { return }
            usleep(50_000)
        }
        let log = (try? String(contentsOfFile: folder + "/log", encoding: .utf8)) ?? ""
        stop()
        throw Failure("pulseaudio did not start: \(log.split(separator: "\n").suffix(3).joined(separator: " / "))")
    }

    deinit { stop() }

    /// Stops the server (as if it crashed), and waits until it has.
    public func stop() {
        guard pid > 0 else { return }
        kill(pid, SIGKILL)
        waitpid(pid, nil, 0)
        pid = 0
    }

    /// Starts `arguments[0]` with `arguments` and `environment`, standard input and output on /dev/null.
    private static func spawn(_ arguments: [String], environment: [String]) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0) }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
        guard status == 0 else { throw Failure("cannot start \(arguments[0]): \(String(cString: strerror(status)))") }
        return pid
    }

    /// Runs pactl against this server: its status and what it printed.
    @discardableResult
    public func pactl(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try run("/usr/bin/pactl", arguments)
        return result
    }

    /// `pactl load-module …`: the module's index, for `unload`.
    public func load(_ module: String, _ arguments: String...) throws -> String {
        let result = try pactl(["load-module", module] + arguments)
        guard result.status == 0 else { throw Failure("pactl load-module \(module) failed: \(result.output)") }
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Plays `wav` into the sink `sink` with paplay until the returned process is terminated (or the file ends).
    public func play(_ wav: String, into sink: String = "glinttest") throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/paplay")
        process.arguments = ["--device=\(sink)", wav]
        process.environment = clientEnvironment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    private var clientEnvironment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        return env
    }

    /// Runs `executable` as this server's client, at most 10 s; its status and what it printed.
    /// Output goes to a file, not a pipe, so a server that inherited a pipe's end cannot hold the read open.
    private func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let outputPath = folder + "/client-\(UUID().uuidString).out"
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        defer { try? output.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = clientEnvironment
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        return (process.terminationStatus, text)
    }

    /// Writes a 16-bit stereo WAV of a sine of `frequency` Hz whose RMS is `dBFS` (both channels
    /// the same), `seconds` long, at 44.1 kHz; returns its path (removed when the test ends).
    public static func toneWAV(frequency: Double, dBFS: Double, seconds: Double, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let rate = 44_100
        let frames = Int(seconds * Double(rate))
        let peak = pow(10, dBFS / 20) * 2.squareRoot() // a sine's RMS is its peak / √2
        var data = Data(capacity: 44 + frames * 4)
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
        func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8)); u32(UInt32(36 + frames * 4)); data.append(contentsOf: Array("WAVE".utf8))
        data.append(contentsOf: Array("fmt ".utf8)); u32(16); u16(1); u16(2); u32(UInt32(rate)); u32(UInt32(rate * 4)); u16(4); u16(16)
        data.append(contentsOf: Array("data".utf8)); u32(UInt32(frames * 4))
        for i in 0..<frames {
            let v = Int16((peak * sin(2 * Double.pi * frequency * Double(i) / Double(rate)) * 32767).rounded())
            u16(UInt16(bitPattern: v)); u16(UInt16(bitPattern: v))
        }
        let path = TemporaryFiles.file("glint-tone", extension: "wav", sourceLocation: sourceLocation)
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A failure to set up a server, with what went wrong.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }
}
