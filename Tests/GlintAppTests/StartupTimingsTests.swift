import Foundation
import GlintTestSupport
import Testing

/// `glint render --timings`: where the time to the PNG goes, one stderr line per phase.
@Suite("Time to the first frame (--timings)", .serialized, .removesTemporaryFiles)
struct StartupTimingsTests {
    static let render = ["render", "--effect", "harmonic", "--size", "96x54", "--time", "0.25"]
    static let phases = ["process start", "arguments", "context", "shader compile", "first draw", "encode", "total"]
    static let prefix = "glint: time to the first frame: "

    /// The phases printed, in order, with their milliseconds.
    static func timings(_ stderr: String) -> [(phase: String, ms: Double)] {
        stderr.split(separator: "\n").compactMap { line in
            guard line.hasPrefix(prefix), line.hasSuffix(" ms") else { return nil }
            let words = line.dropFirst(prefix.count).dropLast(3)
            guard let space = words.lastIndex(of: " "), let ms = Double(words[words.index(after: space)...]) else { return nil }
            return (String(words[..<space]), ms)
        }
    }

    @Test("--timings prints each phase once, in order, adding up to the total, and the PNG is the one drawn without it")
    func phasesAddUp() throws {
        let dir = try TemporaryFiles.folder("timings")
        let timed = try CLI.run(Self.render + ["--timings", "-o", "timed.png"], in: dir)
        #expect(timed.reason == .exit && timed.status == 0, "\(timed.stderr)")
        let lines = Self.timings(timed.stderr)
        #expect(lines.map(\.phase) == Self.phases, "\(timed.stderr)")
        #expect(timed.stderrLines.count == Self.phases.count, "nothing else is printed: \(timed.stderr)")
        guard lines.count == Self.phases.count else { return }
        #expect(lines.allSatisfy { $0.ms >= 0 }, "\(timed.stderr)")
        // Each line is rounded to 0.1 ms: the six phases make the total within their rounding.
        let sum = lines.dropLast().reduce(0) { $0 + $1.ms }
        #expect(abs(sum - lines.last!.ms) <= 0.35, "phases \(sum) ms, total \(lines.last!.ms) ms")
        // Drawing and compiling take time on any driver; the first draw is where the frame is finished.
        #expect(lines[3].ms > 0 && lines[4].ms > 0, "\(timed.stderr)")

        let plain = try CLI.run(Self.render + ["-o", "plain.png"], in: dir)
        #expect(plain.status == 0 && plain.stderr.isEmpty, "no timings without the flag: \(plain.stderr)")
        let a = FileManager.default.contents(atPath: dir + "/timed.png"), b = FileManager.default.contents(atPath: dir + "/plain.png")
        #expect(a != nil && a == b, "the same PNG with and without --timings")
    }

    @Test("a shader that fails to compile under --timings is its one error line, no timings")
    func failurePrintsOnlyItsLine() throws {
        let dir = try TemporaryFiles.folder("timings")
        try "#version 330\nout vec4 c;\nvoid main() { c = vec4(undefinedName, 1.0); }\n".write(toFile: dir + "/bad.frag", atomically: true, encoding: .utf8)
        let r = try CLI.run(["render", "--effect", "bad.frag", "--size", "32x18", "--timings", "-o", "x.png"], in: dir)
        #expect(r.reason == .exit && r.status != 0, "\(r.stderr)")
        #expect(r.stderr.contains("undefinedName") && !r.stderr.contains(Self.prefix), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
    }

    @Test("glint --timings prints the window's phases once, to its first frame, and the window carries on",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(2)))
    func windowFirstFrame() throws {
        let glint = try glintBinary()
        let x = try XServer.start()
        defer { x.stop() }
        let app = try Child.launch(glint, ["--size", "320x200", "--timings", "--quit-after", "1"], environment: x.environment)
        defer { app.stop() }
        #expect(app.waitForExit(seconds: 60) == .exited(0), "quits on its own after a second")
        let lines = Self.timings(app.stderr(waitingUpTo: 5))
        #expect(lines.map(\.phase) == ["process start", "arguments", "context", "shader compile", "first frame", "total"], "\(lines)")
        guard lines.count == 6 else { return }
        #expect(abs(lines.dropLast().reduce(0) { $0 + $1.ms } - lines[5].ms) <= 0.3, "\(lines)")
        #expect(lines[4].ms > 0, "the first frame takes time")
    }

    @Test("--timings with --frame or --sweep is one line and exit 2, before any drawing", arguments: [["--frame", "3"], ["--sweep", "harmonic.amplitude=0.2,0.4"]])
    func refusedWithClips(extra: [String]) throws {
        let dir = try TemporaryFiles.folder("timings")
        let r = try CLI.run(["render", "--effect", "harmonic", "--size", "32x18", "--timings", "-o", "x.png"] + extra, in: dir)
        #expect(r.reason == .exit && r.status == 2, "\(r.stderr)")
        #expect(r.stderrLines.count == 1 && r.stderr.contains("--timings"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "nothing written")
    }
}
