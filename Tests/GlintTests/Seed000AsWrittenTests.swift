import Foundation
import Testing

/// Seed 000's ContentView as written (the Examples package's `seed000`), measured against
/// Glint's `HarmonicView` by `seed000 --compare`: the tolerance docs/library.md states.
@Suite("Seed 000 as written")
struct Seed000AsWrittenTests {
    /// `seed000` beside card-demo (GLINT_EXAMPLES_BINARY, as scripts/test sets it), else in Examples/.build/debug.
    static func binary() throws -> String {
        let folder: String
        if let demo = ProcessInfo.processInfo.environment["GLINT_EXAMPLES_BINARY"], !demo.isEmpty {
            folder = (demo as NSString).deletingLastPathComponent
        } else {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            folder = root.appendingPathComponent("Examples/.build/debug").path
        }
        let path = folder + "/seed000"
        try #require(FileManager.default.isExecutableFile(atPath: path), "no seed000 at \(path): run scripts/test, or 'swift build --package-path Examples'")
        return path
    }

    /// The mean difference and the share of pixels over 8 levels of each line starting `prefix`.
    static func numbers(_ output: String, _ prefix: String) -> [(mean: Double, over8: Double)] {
        output.split(separator: "\n").filter { $0.hasPrefix(prefix) }.compactMap { line in
            let words = line.split(separator: " ")
            guard let m = words.firstIndex(of: "difference"), m + 1 < words.count, let mean = Double(words[m + 1]),
                  let p = words.firstIndex(of: "%"), p > 0, let over = Double(words[p - 1]) else { return nil }
            return (mean, over)
        }
    }

    @Test("its Metal harmonicColorEffect draws what Glint's built-in harmonic draws; before the press and after the release its frames are within a mean of 1.5 levels of HarmonicView's at the speeds it runs at (0.96 and 1.92 at 60 frames a second)",
          .timeLimit(.minutes(1)))
    func againstHarmonicView() throws {
        let result = try ShaderResourceTests.run(try Self.binary(), ["--compare"])
        try #require(result.status == 0, "seed000 --compare failed: \(result.stderr)")
        let shader = Self.numbers(result.stdout, "shader at")
        #expect(shader.count == 3 && shader.allSatisfy { $0.mean <= 0.05 && $0.over8 == 0 }, "\(result.stdout)")
        let frames = Self.numbers(result.stdout, "frame at").suffix(5)  // against HarmonicView at 0.96 and 1.92
        try #require(frames.count == 5, "\(result.stdout)")
        let rest = [frames[frames.startIndex], frames[frames.startIndex + 3], frames[frames.startIndex + 4]]  // 0.5 s, 2.15 s, 3 s
        #expect(rest.allSatisfy { $0.mean <= 1.5 && $0.over8 <= 4 }, "\(result.stdout)")
    }
}
