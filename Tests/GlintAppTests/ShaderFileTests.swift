import Foundation
import GlintRender
import GlintTestSupport
import Testing

/// Shader files read from a `--shaders` folder: all of them watched, the prelude included; none
/// larger than the cap; nothing that is there but cannot be used silently replaced by the
/// built-in copy; a uniform of the wrong type named with both types. The binary users run.
@Suite("Shader files from --shaders", .serialized, .removesTemporaryFiles)
struct ShaderFileTests {
    /// A folder holding the built-in prelude with a loop in `glint_position()` slow enough that a
    /// 320x180 frame takes about ten seconds on llvmpipe.
    static func slowPreludeFolder() throws -> String {
        let dir = try CLI.temporaryFolder()
        let prelude = try String(contentsOfFile: ReadmeWorkspace.repository + "/Shaders/glint.glsl", encoding: .utf8)
        // Only glint_position() changes: its first line computes `slow`, its pixel depends on it.
        let head = "vec2 glint_position() {\n    vec2 pixel = vec2(gl_FragCoord.x"
        let slow = prelude.replacingOccurrences(of: head, with: """
            vec2 glint_position() {
                float slow = gl_FragCoord.x;
                for (int i = 0; i < 60000; i++) { slow = sin(slow) * 1.0001 + cos(slow * 0.999); }
                vec2 pixel = vec2(slow * 1e-30) + vec2(gl_FragCoord.x
            """)
        #expect(slow != prelude && slow.contains("slow * 1e-30"), "the prelude's glint_position() changed: this test must follow it")
        try Data(slow.utf8).write(to: URL(fileURLWithPath: dir + "/glint.glsl"))
        return dir
    }

    @Test("a slow prelude (glint.glsl in --shaders) is stopped by the watchdog like a slow effect file")
    func slowPreludeIsWatched() throws {
        let dir = try Self.slowPreludeFolder()
        let started = Date()
        let r = try CLI.run(["render", "--shaders", dir, "--size", "320x180", "--frame-timeout", "1", "--output", dir + "/out.png"])
        let seconds = Date().timeIntervalSince(started)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderrLines.count == 1 && r.stderr.contains("(with the prelude \(dir)/glint.glsl): a frame took longer than 1 s to draw"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
        // Unwatched, the frame took about ten seconds (and succeeded).
        #expect(seconds < 6, "took \(seconds) s")
    }

    @Test("the window with a slow prelude stays responsive: --quit-after 3 ends it on time",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func slowPreludeInTheWindow() throws {
        let glint = try glintBinary()
        try requireTools()
        let dir = try Self.slowPreludeFolder()
        let x = try XServer.start()
        defer { x.stop() }
        let started = Date()
        let app = try Child.launch(glint, ["--shaders", dir, "--size", "400x300", "--quit-after", "3"], environment: x.environment)
        defer { app.stop() }
        let exit = app.waitForExit(seconds: 20)
        let seconds = Date().timeIntervalSince(started)
        let stderr = app.stderr(waitingUpTo: 2)
        #expect(exit == .exited(0), "\(exit): \(stderr)")
        // Unwatched, the window froze: --quit-after 3 took 18 s.
        #expect(seconds < 9, "--quit-after 3 took \(seconds) s")
        #expect(stderr.contains("with the prelude") && stderr.contains("took longer than 2 s"), "\(stderr)")
    }

    @Test("a file in --shaders that is there but unusable is refused with one line naming it", arguments: [
        ("fifo", "it is a FIFO (named pipe), not a shader file"),
        ("folder", "it is a folder, not a shader file"),
        ("loop", "it is a symbolic link loop"),
        ("zero", "it is a character device, not a shader file"),
        ("large", "it is 12 MiB, larger than the 1 MiB a shader file may be"),
    ])
    func unusableFileIsRefused(kind: String, expected: String) throws {
        let dir = try CLI.temporaryFolder()
        let path = dir + "/harmonic.frag"
        switch kind {
        case "fifo": #expect(mkfifo(path, 0o644) == 0)
        case "folder": try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        case "loop": try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "harmonic.frag")
        case "zero": try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
        default: try Data(repeating: 0x20, count: 12 << 20).write(to: URL(fileURLWithPath: path))
        }
        let started = Date()
        let r = try CLI.run(["render", "--shaders", dir, "--size", "64x36", "--output", dir + "/out.png"], timeout: 20)
        #expect(Date().timeIntervalSince(started) < 10, "it should not wait on the file")
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderrLines == ["glint: \(path): read error: \(expected)"], "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
    }

    @Test("a uniform the shader declares with another type than glint feeds is named with both types")
    func uniformOfTheWrongType() throws {
        let dir = try CLI.temporaryFolder()
        let harmonic = try String(contentsOfFile: ReadmeWorkspace.repository + "/Shaders/harmonic.frag", encoding: .utf8)
        let changed = harmonic.replacingOccurrences(of: "uniform float amplitude;", with: "uniform int amplitude;")
            .replacingOccurrences(of: "* amplitude *", with: "* float(amplitude) *")
        #expect(changed != harmonic, "harmonic.frag changed: this test must follow it")
        try Data(changed.utf8).write(to: URL(fileURLWithPath: dir + "/harmonic.frag"))
        let r = try CLI.run(["render", "--shaders", dir, "--size", "64x36", "--output", dir + "/out.png"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderrLines == ["glint: \(dir)/harmonic.frag: uniform 'amplitude' is declared int, but glint feeds it as float; declare it 'float amplitude'"], "\(r.stderr)")
    }
}
