import Foundation
import GlintTestSupport
import Testing

/// `glint bench --dump-shader` begins with the frame's frame graphs as text, so a person sees
/// every pass, a Shadertoy's buffers included; the bare replay skips those lines.
@Suite("The dump's frame graph", .serialized, .removesTemporaryFiles)
struct DumpGraphTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    @Test("the dump of the ink example (a Shadertoy with Buffer A and Buffer B) lists every pass before the GL work: both buffers, the Image and the pass showing it; Buffer A's own last frame keeps its half-float format; bare replays it")
    func inkListsEveryPass() throws {
        let dir = try CLI.temporaryFolder()
        let ink = Self.root + "/Examples/shaders/shadertoy/ink"
        let r = try CLI.run(["bench", "--effect", ink, "--no-overlay", "--size", "64x40", "--frames", "2", "--dump-shader", "ink.txt"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let recording = FileManager.default.contents(atPath: dir + "/ink.txt") ?? Data()
        // The text before the GL work: every line a comment the replay skips.
        let head = String(decoding: recording.prefix(8192), as: UTF8.self)
        let graph = head.split(separator: "\n").prefix { !$0.hasPrefix("glint-passes") }
        #expect(!graph.isEmpty && graph.allSatisfy { $0.hasPrefix("#") }, "\(graph)")
        #expect(head.contains("\nglint-passes 3\n"))
        let text = graph.joined(separator: "\n")
        #expect(graph.contains { $0.hasPrefix("# graph ") } && graph.contains { $0.hasPrefix("# content ") }, "\(text)")
        #expect(graph.contains { $0.hasPrefix("# tool shadertoy ") }, "\(text)")
        for pass in ["'Buffer A' -> 'Buffer A'", "'Buffer B' -> 'Buffer B'", "'Image' -> picture"] {
            #expect(graph.contains { $0.hasPrefix("#   pass ") && $0.contains(pass) }, "no pass \(pass) in:\n\(text)")
        }
        #expect(graph.contains { $0.contains("reads iChannel0='Buffer A'") }, "Buffer B reads Buffer A:\n\(text)")

        // Buffer A reads itself: last frame's half, a half-float texture this frame has not drawn yet, is
        // recorded with its own format, so the replay samples half floats as glint does.
        let lines = String(decoding: recording, as: UTF8.self).split(separator: "\n")
        let firstDraw = try #require(lines.firstIndex { $0.hasPrefix("draw ") })
        let selfRead = try #require(lines[firstDraw...].first { $0.hasPrefix("bind 0 ") }?.split(separator: " ").last)
        let texture = lines.first { $0.hasPrefix("texture \(selfRead) ") }
        #expect(texture?.hasSuffix(" rgba16f") == true, "Buffer A's last frame is recorded as \(texture ?? "nothing")")

        let bare = dir + "/bare"
        let build = try Shell.run("cc -O1 -o '\(bare)' '\(Self.root)/bench/bare.c' $(pkg-config --cflags --libs epoxy)")
        #expect(build.status == 0, "\(build.output)")
        let replay = try Shell.run("'\(bare)' '\(dir)/ink.txt' --frames 2")
        #expect(replay.status == 0 && replay.output.contains("4 draws"), "\(replay.output)")
    }
}
