import Foundation
import GlintTestSupport
import Testing

/// Every way a command can fail ends in one line and a status, never a signal, and leaves the
/// user's existing files as they were. These run the binary `scripts/test` names in
/// GLINT_BINARY: the release build users get, where the optimiser once reordered GL teardown
/// and every shader error aborted in the GL loader.
@Suite("Failures end in one line, never a crash", .serialized, .removesTemporaryFiles)
struct FailureTests {
    /// A folder with an existing `out.png` the failing command must not touch.
    private static func folderWithExistingOutput() throws -> (dir: String, original: Data) {
        let dir = try CLI.temporaryFolder()
        let original = Data("not really a PNG, but the user's file".utf8)
        try original.write(to: URL(fileURLWithPath: dir + "/out.png"))
        return (dir, original)
    }

    private static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// Runs a command that must fail: one `glint:` line, the given status, no signal, and
    /// `out.png` untouched.
    @discardableResult
    private static func expectOneLineFailure(_ arguments: [String], status: Int32 = 1, environment: [String: String] = [:],
                                             mentioning words: [String], in dir: String, original: Data) throws -> String {
        let r = try CLI.run(arguments, in: dir, environment: environment)
        let lines = r.stderrLines
        #expect(r.reason == .exit, "\(arguments) ended by a signal (\(r.status)): \(r.stderr.prefix(300))")
        #expect(r.status == status, "\(arguments): exit \(r.status), expected \(status): \(r.stderr.prefix(300))")
        #expect(lines.count == 1, "\(arguments): expected one line on stderr, got \(lines.count): \(r.stderr.prefix(600))")
        #expect(lines.first?.hasPrefix("glint: ") == true, "\(arguments): \(r.stderr.prefix(300))")
        for word in words {
            #expect(r.stderr.contains(word), "\(arguments): the line should mention '\(word)': \(r.stderr)")
        }
        #expect(FileManager.default.contents(atPath: dir + "/out.png") == original, "\(arguments) changed the existing out.png")
        return r.stderr
    }

    @Test("a shader that does not compile: render and bench print file:line and the driver's message")
    func brokenShader() throws {
        let (dir, original) = try Self.folderWithExistingOutput()
        try Self.write("vec4 colorEffect(vec2 p, vec4 c) {\n    return vec4(notDeclared);\n}\n", to: dir + "/broken.frag")
        for command in [["render", "--output", "out.png"], ["bench", "--frames", "2"]] {
            try Self.expectOneLineFailure(command + ["--effect", "broken.frag", "--size", "64x64"],
                                          mentioning: ["broken.frag:2", "notDeclared"], in: dir, original: original)
        }
        // The same through --shaders: a broken copy of a built-in effect.
        try FileManager.default.createDirectory(atPath: dir + "/shaders", withIntermediateDirectories: true)
        try Self.write("vec4 harmonic(vec2 p, vec4 c, vec4 bounds, float n, float t, float a, float m) { return missing; }\n", to: dir + "/shaders/harmonic.frag")
        for command in [["render", "--output", "out.png"], ["bench", "--frames", "2"]] {
            try Self.expectOneLineFailure(command + ["--shaders", "shaders", "--size", "64x64"],
                                          mentioning: ["harmonic.frag:1"], in: dir, original: original)
        }
    }

    @Test("a custom file with control characters or without its function is refused in one line")
    func badCustomFiles() throws {
        let (dir, original) = try Self.folderWithExistingOutput()
        try Self.write("vec4 colorEffect(vec2 p, vec4 c) { return vec4(1.0);\u{1} \u{7}}\n", to: dir + "/control.frag")
        try Self.write("// no function here\nuniform float time;\n", to: dir + "/empty.frag")
        try Self.expectOneLineFailure(["render", "--effect", "control.frag", "--size", "64x64", "--output", "out.png"],
                                      mentioning: ["control.frag"], in: dir, original: original)
        try Self.expectOneLineFailure(["render", "--effect", "empty.frag", "--size", "64x64", "--output", "out.png"], status: 2,
                                      mentioning: ["empty.frag", "colorEffect"], in: dir, original: original)
    }

    @Test("a font that is not a font, and a frame larger than OpenGL allows")
    func badFontAndHugeFrame() throws {
        let (dir, original) = try Self.folderWithExistingOutput()
        try Self.write("this is not a font\n", to: dir + "/font.ttf")
        try Self.expectOneLineFailure(["render", "--size", "64x64", "--output", "out.png"], environment: ["GLINT_FONT": dir + "/font.ttf"],
                                      mentioning: ["font"], in: dir, original: original)
        try Self.expectOneLineFailure(["render", "--size", "16384x1", "--scale", "8", "--output", "out.png"],
                                      mentioning: ["larger than"], in: dir, original: original)
        try Self.expectOneLineFailure(["bench", "--size", "16384x1", "--scale", "8", "--frames", "2"],
                                      mentioning: ["larger than"], in: dir, original: original)
    }

    @Test("the watchdog stops a shader too slow to draw and names its file, instead of hanging")
    func slowShaderHeadless() throws {
        let (dir, original) = try Self.folderWithExistingOutput()
        try Self.write(slowShader, to: dir + "/slow.frag")
        let line = try Self.expectOneLineFailure(
            ["render", "--effect", "slow.frag", "--size", "1280x720", "--frame-timeout", "1", "--output", "out.png"],
            mentioning: ["slow.frag", "longer than 1 s", "--frame-timeout"], in: dir, original: original)
        note(line)
        try Self.expectOneLineFailure(["bench", "--effect", "slow.frag", "--size", "640x360", "--frame-timeout", "1", "--frames", "3"],
                                      mentioning: ["slow.frag", "longer than 1 s"], in: dir, original: original)
        // The same shader is drawn when allowed the time it needs, on a frame small enough.
        let small = try CLI.run(["render", "--effect", "slow.frag", "--size", "8x4", "--frame-timeout", "0", "--output", "small.png"], in: dir)
        #expect(small.status == 0, "\(small.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/small.png"))
    }
}

/// A colour effect far too slow for a 1280x720 frame on a software renderer: 60 000 rounds of
/// sin and cos per pixel (it ends white once drawn).
let slowShader = """
    // Deliberately slow: a long loop of sin and cos per pixel.
    uniform float time;
    vec4 colorEffect(vec2 position, vec4 color) {
        float v = 0.0;
        for (int i = 0; i < 60000; i++) {
            v += sin(position.x * 0.01 + float(i)) * cos(position.y * 0.01 - float(i));
        }
        return vec4(vec3(1.0), 1.0) + 1e-30 * v;
    }

    """
