// What the window tests share: child processes, a private X server, the window's --state, screenshots.

import Foundation
import GlintControls
import GlintCore
import GlintRender
import GlintTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif


// MARK: - Finding things

struct WindowTestFailure: Error, CustomStringConvertible {
    var description: String
}

func require(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw WindowTestFailure(description: message()) }
}

/// GLINT_BINARY, else the App/ package's release build in this clone (CLI.binary).
func glintBinary() throws -> String {
    if let path = ProcessInfo.processInfo.environment["GLINT_BINARY"], !path.isEmpty {
        try require(FileManager.default.isExecutableFile(atPath: path), "GLINT_BINARY='\(path)' is not an executable file")
        return path
    }
    let path = CLI.appBinary
    try require(FileManager.default.isExecutableFile(atPath: path), "no glint binary at \(path): \(CLI.howToBuild)")
    return path
}

/// The full path of `tool` on PATH, or nil.
func which(_ tool: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for dir in path.split(separator: ":") {
        let candidate = "\(dir)/\(tool)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}

func tool(_ name: String) throws -> String {
    guard let path = which(name) else {
        throw WindowTestFailure(description: "'\(name)' is not installed: run scripts/test (it installs Xvfb, xdotool, imagemagick and x11-xserver-utils), or set GLINT_SKIP_WINDOW_TESTS=1 to skip the window tests")
    }
    return path
}

func requireTools() throws {
    let missing = ["Xvfb", "xdotool", "import", "xrdb"].filter { which($0) == nil }
    try require(missing.isEmpty, "the window tests need \(missing.joined(separator: ", ")), which are not installed: run scripts/test (it installs them), or set GLINT_SKIP_WINDOW_TESTS=1 to skip these tests")
}

/// Whether the screenshots outlive the test, for a look at them or for the README's pictures
/// (`GLINT_KEEP_SCREENSHOTS=1`): then in /tmp/glint-window-tests/NAME, with the copies `copy` makes.
let keepScreenshots = ProcessInfo.processInfo.environment["GLINT_KEEP_SCREENSHOTS"] == "1"

/// A folder for one test's screenshots, removed when the test ends unless they are kept.
func screenshotFolder(_ name: String) throws -> String {
    guard keepScreenshots else { return try TemporaryFiles.folder("glint-window-\(name)") }
    let folder = "/tmp/glint-window-tests/\(name)"
    try? FileManager.default.removeItem(atPath: folder)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
}

/// Copies a screenshot to `to`, where the README's pictures are taken from, when screenshots are
/// kept (`GLINT_KEEP_SCREENSHOTS=1`); otherwise does nothing.
func copy(_ from: String, to: String) throws {
    guard keepScreenshots else { return }
    try? FileManager.default.removeItem(atPath: to)
    try FileManager.default.copyItem(atPath: from, toPath: to)
}

// MARK: - Child processes

/// How a child ended, or that it has not.
enum ExitState: Equatable, CustomStringConvertible {
    case running
    case exited(Int32)
    case signalled(Int32)

    var description: String {
        switch self {
        case .running: "still running"
        case let .exited(code): "exit status \(code)"
        case let .signalled(signal): "killed by signal \(signal)"
        }
    }
}

/// Reads a pipe to its end on a thread of its own, so a chatty child never blocks on a full pipe;
/// a reader waiting for some text wakes when it arrives, not on a timer.
final class PipeReader: @unchecked Sendable {
    let pipe = Pipe()
    private let condition = NSCondition()
    private var data = Data()
    private var ended = false

    init() {
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                condition.lock()
                if chunk.isEmpty { ended = true } else { data.append(chunk) }
                condition.broadcast()
                condition.unlock()
                if chunk.isEmpty { break }
            }
        }
    }

    /// What was read so far, after waiting at most `seconds` for the end of the stream.
    func text(waitingUpTo seconds: Double) -> String {
        wait(seconds: seconds) { _ in false }
    }

    /// Waits at most `seconds` for the text read so far to satisfy `condition` (or for the
    /// stream to end); returns the text then.
    @discardableResult
    func wait(seconds: Double, until test: (String) -> Bool) -> String {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while true {
            let text = String(decoding: data, as: UTF8.self)
            if ended || test(text) || !condition.wait(until: deadline) { return String(decoding: data, as: UTF8.self) }
        }
    }
}

/// A flag that a process's end sets, and that a test can wait on.
final class ExitSignal: @unchecked Sendable {
    private let condition = NSCondition()
    private var isSet = false

    func set() {
        condition.lock()
        isSet = true
        condition.broadcast()
        condition.unlock()
    }

    func wait(until deadline: Date) {
        condition.lock()
        while !isSet && condition.wait(until: deadline) {}
        condition.unlock()
    }
}

/// A child process with captured output that is always killed on the way out.
final class Child {
    let name: String
    private let process = Process()
    private let out = PipeReader()
    private let err = PipeReader()
    /// Set once, and waiters woken, when the process ends.
    private let exited = ExitSignal()

    private init(_ path: String, _ arguments: [String], environment: [String: String]) {
        name = (path as NSString).lastPathComponent
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out.pipe
        process.standardError = err.pipe
        process.terminationHandler = { [exited] _ in exited.set() }
    }

    /// Starts `path` (in `directory`, if given: where the window's S and V keys write).
    static func launch(_ path: String, _ arguments: [String], environment: [String: String], in directory: String? = nil) throws -> Child {
        let child = Child(path, arguments, environment: environment)
        if let directory { child.process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        try child.start()
        return child
    }

    /// Starts the process with no signals blocked. Test code runs on pool threads that block
    /// most signals, and a spawned child inherits that mask: SIGTERM would never reach it (an
    /// Xvfb killed with SIGKILL instead leaves its lock file and socket behind).
    private func start() throws {
        var none = sigset_t()
        var saved = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &saved)
        defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
        do {
            try process.run()
        } catch {
            throw WindowTestFailure(description: "cannot start \(process.executableURL?.path ?? name): \(error)")
        }
    }

    var pid: Int32 { process.processIdentifier }

    var state: ExitState {
        if process.isRunning { return .running }
        switch process.terminationReason {
        case .exit: return .exited(process.terminationStatus)
        case .uncaughtSignal: return .signalled(process.terminationStatus)
        @unknown default: return .exited(process.terminationStatus)
        }
    }

    /// Waits at most `seconds` for the child to end; `.running` when it has not.
    @discardableResult
    func waitForExit(seconds: Double) -> ExitState {
        exited.wait(until: Date().addingTimeInterval(seconds))
        return state
    }

    /// SIGTERM, then SIGKILL after a second; returns once the child is gone.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        if waitForExit(seconds: 1) == .running {
            kill(process.processIdentifier, SIGKILL)
            waitForExit(seconds: 3)
        }
    }

    func stdout(waitingUpTo seconds: Double) -> String { out.text(waitingUpTo: seconds) }
    func stderr(waitingUpTo seconds: Double) -> String { err.text(waitingUpTo: seconds) }

    /// Waits at most `seconds` for standard error to contain `text` (or the child to end);
    /// returns whether it does.
    @discardableResult
    func waitForStderr(containing text: String, seconds: Double = 20) -> Bool {
        err.wait(seconds: seconds) { $0.contains(text) }.contains(text)
    }

    /// Standard error once it satisfies `test`, the child ends, or `seconds` pass.
    func stderr(until test: (String) -> Bool, seconds: Double) -> String { err.wait(seconds: seconds, until: test) }

    /// Standard output once it satisfies `test`, the child ends, or `seconds` pass.
    func stdout(until test: (String) -> Bool, seconds: Double) -> String { out.wait(seconds: seconds, until: test) }

    /// Waits at most `seconds` for standard output to contain `text`; returns whether it does.
    @discardableResult
    func waitForStdout(containing text: String, seconds: Double = 20) -> Bool {
        out.wait(seconds: seconds) { $0.contains(text) }.contains(text)
    }

    /// The first lines of stderr, for failure messages.
    func stderrSummary() -> String {
        let text = err.text(waitingUpTo: process.isRunning ? 0 : 1)
        let lines = text.split(separator: "\n").prefix(6)
        return lines.isEmpty ? "(empty)" : lines.joined(separator: " | ")
    }

    /// Runs a short command to its end (in `directory`, if given), killing it after `timeout` seconds.
    static func run(_ path: String, _ arguments: [String], environment: [String: String], input: String? = nil,
                    in directory: String? = nil, timeout: Double) throws -> (state: ExitState, stdout: String, stderr: String) {
        let child = Child(path, arguments, environment: environment)
        if let directory { child.process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let stdin = Pipe()
        if input != nil { child.process.standardInput = stdin }
        try child.start()
        defer { child.stop() }
        if let input {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try? stdin.fileHandleForWriting.close()
        }
        let state = child.waitForExit(seconds: timeout)
        return (state, child.stdout(waitingUpTo: 1), child.stderr(waitingUpTo: 1))
    }
}

// MARK: - The X server

/// A private Xvfb on a free display number.
final class XServer {
    let display: String
    let environment: [String: String]
    private let server: Child

    private init(display: String, server: Child) {
        self.display = display
        self.server = server
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        // A crash should end at once with its signal, not spend seconds printing a backtrace.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        self.environment = environment
    }

    /// Starts Xvfb on a display it picks itself (`-displayfd`): it writes the number on standard
    /// output once it accepts clients, which is when this returns.
    static func start() throws -> XServer {
        let xvfb = try tool("Xvfb")
        // -noreset: otherwise the server resets when its last client disconnects, which
        // clears RESOURCE_MANAGER (the Xft.dpi that xrdb sets) before glint connects.
        let server = try Child.launch(xvfb, ["-displayfd", "1", "-nolisten", "tcp", "-noreset", "-screen", "0", "1280x800x24"],
                                      environment: ProcessInfo.processInfo.environment)
        let said = server.stdout(until: { $0.hasSuffix("\n") }, seconds: 20).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let n = Int(said), server.state == .running else {
            server.stop()
            throw WindowTestFailure(description: "Xvfb did not start (\(server.state)): \(server.stderrSummary())")
        }
        return XServer(display: ":\(n)", server: server)
    }

    func stop() { server.stop() }

    /// Runs an X tool against this server; fails with its stderr unless it exits 0 in time. The
    /// time is generous: on a loaded machine one `xdotool mousemove` once took over 10 s (the
    /// window suites run beside a build at a lower priority); a tool that does finish costs
    /// only the time it took.
    @discardableResult
    func run(_ name: String, _ arguments: [String], input: String? = nil, timeout: Double = 30) throws -> String {
        let result = try Child.run(try tool(name), arguments, environment: environment, input: input, timeout: timeout)
        try require(result.state == .exited(0),
                    "\(name) \(arguments.joined(separator: " ")) failed (\(result.state)): \(result.stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
        return result.stdout
    }
}

/// `library-probe MODE` in its 240x160 window under a virtual X server of its own, and the
/// xdotool steps its tests drive it with.
struct ProbeWindow {
    let x: XServer
    let app: Child
    let window: WindowFrame
    /// The frames the probe has shown (`Window.stateFile`, through GLINT_WINDOW_STATE).
    let state: WindowState

    init(_ mode: String) throws {
        let tool = try ExamplesTests.libraryProbe()
        try requireTools()
        x = try XServer.start()
        let folder = try TemporaryFiles.folder("glint-probe-state")
        do {
            app = try Child.launch(tool, [mode], environment: x.environment.merging(["GLINT_WINDOW_STATE": folder + "/state.json"]) { $1 })
            state = WindowState(path: folder + "/state.json", app: app)
            window = try findWindow(x, app)
        } catch {
            x.stop()
            throw error
        }
        guard window.width == 240 && window.height == 160 else {
            stop()
            throw WindowTestFailure(description: "the probe's window is \(window), not 240x160")
        }
        try state.started()
    }

    func stop() {
        app.stop()
        x.stop()
    }

    /// One xdotool step, and a frame built after it: each step reaches a frame of its own.
    func step(_ arguments: [String]) throws {
        try x.run("xdotool", arguments)
        try state.afterInput()
    }

    /// Moving the pointer to (`px`, `py`) in the window.
    func at(_ px: Int, _ py: Int) -> [String] { ["mousemove", "\(window.x + px)", "\(window.y + py)"] }
}

struct WindowFrame: CustomStringConvertible {
    var x: Int, y: Int, width: Int, height: Int
    var midX: Int { x + width / 2 }
    var midY: Int { y + height / 2 }
    var description: String { "\(width)x\(height) at \(x),\(y)" }
}

/// Waits (bounded) for the Glint window to be mapped and returns its geometry in pixels.
/// `name` is a pattern for the window's title.
func findWindow(_ x: XServer, _ app: Child, name: String = "Glint") throws -> WindowFrame {
    do {
        try x.run("xdotool", ["search", "--sync", "--onlyvisible", "--name", name], timeout: 10)
    } catch {
        throw WindowTestFailure(description: "no window titled '\(name)' appeared within 10 s (\(app.state); stderr: \(app.stderrSummary())): \(error)")
    }
    let text = try x.run("xdotool", ["search", "--onlyvisible", "--name", name, "getwindowgeometry"])
    // "Window 4194311\n  Position: 0,0 (screen: 0)\n  Geometry: 800x500\n"
    func numbers(after label: String, separator: Character) -> [Int]? {
        guard let line = text.split(separator: "\n").first(where: { $0.contains(label) }) else { return nil }
        let value = line.split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces) ?? ""
        let first = value.split(separator: " ").first ?? ""
        let parts = first.split(separator: separator).compactMap { Int($0) }
        return parts.count == 2 ? parts : nil
    }
    guard let position = numbers(after: "Position:", separator: ","), let size = numbers(after: "Geometry:", separator: "x") else {
        throw WindowTestFailure(description: "cannot read the window geometry from xdotool: \(text.debugDescription)")
    }
    return WindowFrame(x: position[0], y: position[1], width: size[0], height: size[1])
}

// MARK: - Waiting on the window

/// The window's `--state FILE`, which glint rewrites after every frame once that frame is on
/// screen: what a test waits on after its input, instead of a fixed time, so a busy machine only
/// makes it slower.
struct WindowState {
    let path: String
    let app: Child

    /// The state of the last frame on screen; nil before the first.
    func read() -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// Frames drawn and on screen so far.
    var frame: Int { read().map { Int(Self.number($0, "window.frame")) } ?? 0 }

    /// Waits (at most `seconds`) for a frame on screen whose state satisfies `condition`; returns
    /// that state. Fails naming `what` with the last state seen.
    @discardableResult
    func wait(_ what: String, seconds: Double = 20, until condition: ([String: Any]) -> Bool) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(seconds)
        // The app writes a new file beside this one and renames it over it: inotify on the folder
        // wakes this loop at each frame's state instead of a polling interval.
        let watch = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        defer { if watch >= 0 { close(watch) } }
        if watch >= 0 { _ = inotify_add_watch(watch, (path as NSString).deletingLastPathComponent, UInt32(IN_MOVED_TO | IN_CLOSE_WRITE)) }
        var last: [String: Any]?
        var events = [UInt8](repeating: 0, count: 4096)
        while true {
            if let state = read() {
                last = state
                if condition(state) { return state }
            }
            try require(app.state == .running, "glint quit while waiting for \(what): \(app.state); stderr: \(app.stderrSummary())")
            try require(Date() < deadline, "no frame showed \(what) within \(seconds) s; the last state: \(last.map { "\($0)" } ?? "none")")
            // Until the next write, or at most 0.25 s so that a quit app is noticed.
            var wake = pollfd(fd: watch, events: Int16(POLLIN), revents: 0)
            _ = poll(&wake, 1, 250)
            while watch >= 0 && Glibc.read(watch, &events, events.count) > 0 {}
        }
    }

    /// Waits for the first `count` frames to be on screen.
    @discardableResult
    func started(frames count: Int = 2) throws -> [String: Any] {
        try wait("the first \(count) frames") { Self.number($0, "window.frame") >= Double(count) }
    }

    /// Waits for a frame drawn after all the input sent so far: the frame on screen now began
    /// before this call, the next one may have polled its events before the input arrived, the
    /// one after that polled them after. Returns its state.
    @discardableResult
    func afterInput(seconds: Double = 20) throws -> [String: Any] {
        let now = frame
        return try wait("a frame after the input (frame \(now + 2))", seconds: seconds) { Self.number($0, "window.frame") >= Double(now + 2) }
    }

    /// Waits for the next `count` frames to be on screen (after this call), and returns the
    /// last one's state: what a drag waits on between its moves, so that each reaches a frame
    /// of its own however fast or slow the machine draws.
    @discardableResult
    func frames(_ count: Int = 1, seconds: Double = 20) throws -> [String: Any] {
        let now = frame
        return try wait("frame \(now + count)", seconds: seconds) { Self.number($0, "window.frame") >= Double(now + count) }
    }

    /// Drags with the button already down: each move in `moves` (screen pixels) sent on its
    /// own and followed by a frame, as a hand's drag reaches the window over several frames.
    func drag(_ x: XServer, through moves: [(Int, Int)]) throws {
        for (mx, my) in moves {
            try x.run("xdotool", ["mousemove", "\(mx)", "\(my)"])
            try frames(1)
        }
    }

    /// A number in a state; NaN when it is missing.
    static func number(_ state: [String: Any], _ key: String) -> Double {
        (state[key] as? NSNumber)?.doubleValue ?? .nan
    }

    /// A flag in a state; nil when it is missing.
    static func flag(_ state: [String: Any], _ key: String) -> Bool? {
        state[key] as? Bool
    }
}

// MARK: - The controls panel

/// The controls panel `glint` lays out for harmonic in `window`, in points from its top-left.
func controlsPanel(for window: WindowFrame, scale: Int) -> ControlsPanel.Layout {
    ControlsPanel(effects: [HarmonicEffect()]).layout(in: Size(width: Double(window.width / scale), height: Double(window.height / scale)))
}

// MARK: - The Examples package

/// The Examples package's `card-demo`, built by scripts/test (or GLINT_EXAMPLES_BINARY): a
/// package outside Glint that depends on it by path, as a user's would.
func examplesBinary() throws -> String {
    if let path = ProcessInfo.processInfo.environment["GLINT_EXAMPLES_BINARY"], !path.isEmpty {
        try require(FileManager.default.isExecutableFile(atPath: path), "GLINT_EXAMPLES_BINARY='\(path)' is not an executable file")
        return path
    }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let path = root.appendingPathComponent("Examples/.build/debug/card-demo").path
    try require(FileManager.default.isExecutableFile(atPath: path),
                "no card-demo at \(path): run scripts/test, or 'swift build --package-path Examples'")
    return path
}
