import Foundation
import Testing

@Suite("glint bench --passes: every pass of the frame with its GPU time")
struct BenchPassesCLITests {
    /// The table's rows: the lines after the header row, up to the `passes` and `frame` lines.
    func rows(_ stdout: String) -> [[Substring]] {
        let lines = stdout.split(separator: "\n")
        guard let header = lines.firstIndex(where: { $0.hasPrefix("  pass ") }) else { return [] }
        return lines[(header + 1)...].prefix { $0.hasPrefix("  ") }.map { $0.split(separator: " ", omittingEmptySubsequences: true) }
    }

    @Test("a two-buffer Shadertoy: Buffer A, Buffer B and Image by name, size, target and file, then the frame; the passes within 10 % of it")
    func shadertoyTable() throws {
        let ink = ExampleShaders.folder + "/shadertoy/ink"
        let bench = ["bench", "--effect", ink, "--size", "160x100", "--frames", "40", "--passes"]
        let r = try CLI.run(bench)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("passes      mean of "), "\(r.stdout)")
        #expect(r.stdout.contains("times by GPU timer queries"), "\(r.stdout)")
        #expect(r.stdout.contains("heap while measuring: "), "\(r.stdout)")
        let table = rows(r.stdout)
        // "tool Buffer A 160x100 buffer 0 Buffer A.glsl 1.234 12.3 %": names hold spaces, so rows are read by their words.
        let tools = table.filter { $0.first == "tool" }.map { $0.joined(separator: " ") }
        #expect(tools.count == 3, "\(r.stdout)")
        for (i, (name, target)) in [("Buffer A", "buffer 0"), ("Buffer B", "buffer 1"), ("Image", "picture")].enumerated() where i < tools.count {
            #expect(tools[i].hasPrefix("tool \(name) 160x100 \(target) \(name).glsl "), "\(tools[i])")
            #expect(tools[i].hasSuffix(" %"), "\(tools[i])")
        }
        // The passes' sum against the frame: a pass left out of the table leaves a gap in every run, while the
        // machine's load (this suite's other tests on two cores) can stretch one run's frame past its passes'
        // timestamps. So a run that misses by more than 10 % is measured again, up to three runs in all, and
        // the closest is the one judged.
        var closest: (gap: Double, stdout: String)?
        var run = r
        for attempt in 1...3 {
            if attempt > 1 { run = try CLI.run(bench) }
            let rows = rows(run.stdout)
            guard let passes = rows.first(where: { $0.first == "passes" }).flatMap({ Double($0[1]) }),
                  let frame = rows.first(where: { $0.first == "frame" }).flatMap({ Double($0[1]) }), frame > 0 else {
                Issue.record("no passes or frame line: \(run.stdout)")
                return
            }
            let gap = abs(passes - frame) / frame
            if gap < closest?.gap ?? .infinity { closest = (gap, run.stdout) }
            if gap <= 0.1 { break }
        }
        if let closest { #expect(closest.gap <= 0.1, "the closest of three runs: \(closest.stdout)") }
    }

    @Test("--pass-clock finish says the times are glFinish brackets; --pass-clock without --passes is one clear line")
    func finishClock() throws {
        let r = try CLI.run(["bench", "--effect", "harmonic", "--size", "64x40", "--frames", "10", "--passes", "--pass-clock", "finish"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("times by CPU-side glFinish brackets"), "\(r.stdout)")
        #expect(rows(r.stdout).contains { $0.starts(with: ["content", "harmonic", "64x40", "frame"]) }, "\(r.stdout)")
        let bad = try CLI.run(["bench", "--pass-clock", "finish", "--frames", "2"])
        #expect(bad.status != 0 && bad.stderr.contains("--pass-clock is for --passes"), "\(bad.stderr)")
    }
}
