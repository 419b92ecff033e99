// scripts/farm on a real Ray cluster of this machine: a head and two worker nodes, each `ray start`
// in a session of its own, on the loopback address only. The worker node that starts a chunk first
// is killed while it draws it; the driver submits that chunk again, it runs on the other node, and
// the joined clip is the one-machine record's.
import Foundation
import GlintTestSupport
import Testing

/// The Ray cluster a test starts, and the driver it runs.
final class RayCluster: @unchecked Sendable {
    /// Why the cluster could not start.
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// python3 with Ray importable, or why not (scripts/setup --test installs it: pip install ray).
    static let unavailableReason: String? = {
        let r = FarmTests.run(["python3", "-c", "import ray"])
        return r.status == 0 ? nil : "Ray is not installed for python3 (scripts/setup --test installs it: pip install ray): \(r.output.split(separator: "\n").last ?? "")"
    }()

    /// The repository's root (scripts/farm, Examples/).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// A short folder of the cluster's own (Ray's socket paths must stay under 108 bytes): its
    /// temporary files, logs and HOME (so no ~/.ray of the user's is read or written).
    let folder: String
    /// The head's address: 127.0.0.2, not 127.0.0.1, which Ray would swap for this machine's
    /// network address; any 127.x address stays on the loopback.
    let address: String
    /// The `ray start` process of each node, which is its process group (head first).
    private(set) var groups: [pid_t] = []

    var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        for key in ["RAY_ADDRESS", "RAY_AUTH_MODE", "DISPLAY", "WAYLAND_DISPLAY"] { env.removeValue(forKey: key) }
        env["HOME"] = folder + "/home"
        env["RAY_USAGE_STATS_ENABLED"] = "0"
        env["GLINT_BINARY"] = CLI.binary
        return env
    }

    /// Starts the head and `workers` worker nodes of one CPU each, one after another (nodes on one
    /// machine pick their socket names by looking; started at once they would take the same).
    init(workers: Int) throws {
        var template = Array((NSTemporaryDirectory() + "glray.XXXXXX").utf8CString)
        guard mkdtemp(&template) != nil else { throw Failure("cannot make a temporary folder") }
        folder = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        try FileManager.default.createDirectory(atPath: folder + "/home", withIntermediateDirectories: true)
        let port = try Self.freePort()
        address = "127.0.0.2:\(port)"
        let node = ["python3", "-m", "ray.scripts.scripts", "start", "--node-ip-address=127.0.0.2",
                    "--object-store-memory=80000000", "--disable-usage-stats"]
        do {
            // The head notices a dead node within about a second (Ray's default is about 15 s).
            var head = environment
            head["RAY_health_check_period_ms"] = "500"
            head["RAY_health_check_timeout_ms"] = "500"
            head["RAY_health_check_failure_threshold"] = "3"
            // The head runs no chunk (no CPU to offer), as on a farm: every chunk runs on a worker node.
            try start(node + ["--head", "--num-cpus=0", "--port=\(port)", "--include-dashboard=false", "--temp-dir=\(folder)/ray"],
                      environment: head, log: "head")
            for i in 1...workers {
                try start(node + ["--num-cpus=1", "--address=\(address)"], environment: environment, log: "worker\(i)")
            }
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// Runs `ray start` (which returns once its node is up) as the leader of a session of its own:
    /// every process it leaves running is in its process group.
    private func start(_ arguments: [String], environment: [String: String], log: String) throws {
        let logPath = "\(folder)/\(log).log"
        let pid = try Self.spawn(arguments, environment: environment, output: logPath)
        groups.append(pid)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        guard status == 0 else {
            let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            throw Failure("ray start (\(log)) failed: \(text.split(separator: "\n").suffix(3).joined(separator: " / "))")
        }
    }

    /// The node (its `ray start` group) whose raylet is the parent of Ray worker process `pid`.
    func node(ofWorker pid: pid_t) -> pid_t? {
        guard let parent = Self.parent(of: pid) else { return nil }
        let group = getpgid(parent)
        return groups.contains(group) ? group : nil
    }

    /// Kills a node at once, as a machine that goes down: its processes and its Ray workers.
    func kill(node group: pid_t) {
        for pid in Self.processes(under: [group]) { Glibc.kill(pid, SIGKILL) }
        Glibc.kill(-group, SIGKILL)
    }

    /// Kills every node and its workers, and removes the cluster's folder.
    func stop() {
        for pid in Self.processes(under: groups) { Glibc.kill(pid, SIGKILL) }
        for group in groups { Glibc.kill(-group, SIGKILL) }
        groups = []
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Processes in `groups`, and their descendants (Ray's workers lead sessions of their own).
    static func processes(under groups: [pid_t]) -> [pid_t] {
        var parents: [pid_t: pid_t] = [:]
        var members: Set<pid_t> = []
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry), let parent = parent(of: pid) else { continue }
            parents[pid] = parent
            if groups.contains(getpgid(pid)) { members.insert(pid) }
        }
        var grew = true
        while grew {
            grew = false
            for (pid, parent) in parents where members.contains(parent) && !members.contains(pid) {
                members.insert(pid)
                grew = true
            }
        }
        return Array(members)
    }

    /// The parent process of `pid`, from /proc/PID/stat (the field after the state, past the name's ')').
    static func parent(of pid: pid_t) -> pid_t? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? pid_t(fields[1]) : nil
    }

    /// A TCP port free on the loopback now.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else { throw Failure("no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Starts `arguments` (found on PATH) as the leader of a new session, its output into `output`.
    static func spawn(_ arguments: [String], environment: [String: String], output: String) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(0x80))  // POSIX_SPAWN_SETSID
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0)=\($1)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard result == 0 else { throw Failure("cannot start \(arguments[0]): \(String(cString: strerror(result)))") }
        return pid
    }
}

@Suite("Rendering on a Ray cluster", .serialized, .removesTemporaryFiles)
struct FarmTests {
    /// A feedback shader (ISF PERSISTENT buffers): a chunk warms up from frame 0, so a chunk drawn
    /// from its own first frame would differ. 48 frames of 64x36 at 24 fps, in 6 chunks.
    static let clip = ["--effect", RayCluster.root + "/Examples/shaders/isf/echo.fs", "--size", "64x36",
                       "--duration", "2", "--fps", "24"]

    /// Runs a command to its end: status and output (standard error with it).
    static func run(_ arguments: [String], in folder: String? = nil, environment: [String: String]? = nil) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        if let environment { process.environment = environment }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return (-1, "\(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Every decoded frame's MD5 (ffmpeg's framemd5: timestamps and pixel hashes), the header aside.
    static func frames(_ path: String) -> [String] {
        let r = run(["ffmpeg", "-v", "error", "-i", path, "-f", "framemd5", "-"])
        #expect(r.status == 0, "ffmpeg decodes \(path): \(r.output)")
        return r.output.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
    }

    @Test("a worker node killed while it draws a chunk: the chunk runs again elsewhere and the joined clip is the one-machine record's, frame for frame",
          .enabled(if: RayCluster.unavailableReason == nil, "\(RayCluster.unavailableReason ?? "")"))
    func killedWorker() throws {
        let dir = try CLI.temporaryFolder()
        let single = try CLI.run(["record"] + Self.clip + ["--joinable", "-o", "single.mp4"], in: dir)
        OutputTests.expectSuccess(single)

        let cluster = try RayCluster(workers: 2)
        defer { cluster.stop() }
        let farm = Process()
        farm.executableURL = URL(fileURLWithPath: RayCluster.root + "/scripts/farm")
        farm.arguments = ["--address", cluster.address, "--glint", CLI.binary, "--chunks", "6"] + Self.clip + ["-o", "farm.mp4"]
        farm.currentDirectoryURL = URL(fileURLWithPath: dir)
        farm.environment = cluster.environment
        let pipe = Pipe()
        farm.standardError = pipe
        farm.standardOutput = FileHandle.nullDevice
        try farm.run()
        // A driver that hangs is ended, so the test fails instead of waiting forever.
        let watchdog = DispatchWorkItem { if farm.isRunning { farm.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 240, execute: watchdog)
        defer { watchdog.cancel() }

        // Each line as it comes: the first chunk that starts on a worker node has that node killed.
        var lines: [String] = []
        var pending = Data()
        var killed: (chunk: String, node: pid_t)?
        while true {
            let data = pipe.fileHandleForReading.availableData
            if data.isEmpty { break }
            pending.append(data)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...newline)
                lines.append(line)
                guard killed == nil, let match = line.firstMatch(of: /farm: (chunk \d+\/6) running on .*pid (\d+)\)/),
                      let worker = pid_t(match.2), let node = cluster.node(ofWorker: worker) else { continue }
                cluster.kill(node: node)
                killed = (String(match.1), node)
            }
        }
        farm.waitUntilExit()
        let log = lines.joined(separator: "\n")
        #expect(farm.terminationReason == .exit && farm.terminationStatus == 0, "scripts/farm succeeds:\n\(log)")
        let chunk = try #require(killed, "a chunk ran on a worker node, which was killed:\n\(log)").chunk
        #expect(lines.contains { $0.hasPrefix("farm: \(chunk) failed (") && $0.hasSuffix("submitting it again (1 of 2)") },
                "the killed node's chunk is submitted again:\n\(log)")
        #expect(lines.contains { $0.hasPrefix("farm: \(chunk) done in ") }, "and done:\n\(log)")
        #expect(lines.contains("farm: 6/6 chunks done") || lines.contains { $0.hasSuffix("(6/6 chunks done)") }, "progress counts to 6/6:\n\(log)")
        #expect(lines.contains { $0.hasPrefix("glint: joined 6 chunks into 48 frames") }, "glint join joined them:\n\(log)")

        let expected = Self.frames(dir + "/single.mp4")
        #expect(expected.count == 48)
        #expect(Self.frames(dir + "/farm.mp4") == expected, "the farm's clip decodes to the one-machine record's frames")
    }
}

/// farm/glint-record.yaml run by openjd-cli as a farm's worker runs it: every chunk task, then the join.
@Suite("Open Job Description template", .serialized, .removesTemporaryFiles)
struct OpenJDTests {
    /// python3 with openjd-cli, or why not (scripts/setup --test installs it: pip install openjd-cli).
    static let unavailableReason: String? = {
        let r = FarmTests.run(["python3", "-m", "openjd", "--help"])
        return r.status == 0 ? nil : "openjd-cli is not installed for python3 (scripts/setup --test installs it: pip install openjd-cli)"
    }()

    static let template = RayCluster.root + "/farm/glint-record.yaml"

    @Test("openjd check accepts the template", .enabled(if: unavailableReason == nil, "\(unavailableReason ?? "")"))
    func check() {
        let r = FarmTests.run(["python3", "-m", "openjd", "check", Self.template])
        #expect(r.status == 0 && r.output.contains("passes validation checks"), "\(r.output)")
    }

    @Test("openjd run draws the chunks (a feedback shader, one task each) and joins them into the clip glint record makes",
          .enabled(if: unavailableReason == nil, "\(unavailableReason ?? "")"))
    func runLocally() throws {
        let dir = try CLI.temporaryFolder()
        let arguments = FarmTests.clip + ["--date", "2026-01-01T00:00:00"]
        OutputTests.expectSuccess(try CLI.run(["record"] + arguments + ["--joinable", "-o", "single.mp4"], in: dir))
        var env = ProcessInfo.processInfo.environment
        env["HOME"] = dir
        env["TMPDIR"] = dir  // openjd's session folders (OpenJD/…) go here, removed with it
        let r = FarmTests.run(["python3", "-m", "openjd", "run", Self.template, "--step", "Join", "--run-dependencies",
                               "-p", "Output=\(dir)/openjd.mp4", "-p", "Chunks=4",
                               "-p", "Arguments=\(FarmTests.clip.joined(separator: " "))", "-p", "Glint=\(CLI.binary)"],
                              in: dir, environment: env)
        #expect(r.status == 0 && r.output.contains("Session ended successfully"), "\(r.output)")
        for i in 1...4 {
            #expect(r.output.contains("glint: recorded frames") && r.output.contains("chunk-0000\(i).mp4"), "chunk \(i) recorded:\n\(r.output)")
        }
        #expect(r.output.contains("glint: joined 4 chunks into 48 frames"), "\(r.output)")
        let expected = FarmTests.frames(dir + "/single.mp4")
        #expect(expected.count == 48)
        #expect(FarmTests.frames(dir + "/openjd.mp4") == expected, "the template's clip decodes to the one-machine record's frames")
    }
}
