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

    @Test("a shader fast at first and slow later is still stopped: fast passes drawn without a finish between them are timed at the frame's end")
    func shaderSlowLater() throws {
        let (dir, original) = try Self.folderWithExistingOutput()
        // Fast for the first 0.4 s (24 frames at 1/60 s), then a long loop per pixel.
        let later = slowShader.replacingOccurrences(of: "float v = 0.0;", with: "float v = 0.0;\n    if (time < 0.4) return color;")
        try Self.write(later, to: dir + "/later.frag")
        try Self.write("void mainImage(out vec4 c, in vec2 p) {\n  c = vec4(0.0);\n  if (iTime < 0.4) return;\n"
                       + "  for (int i = 0; i < 60000; i++) c.x += sin(p.x * 0.01 + float(i)) * cos(p.y * 0.01 - float(i));\n}\n",
                       to: dir + "/later.glsl")
        for file in ["later.frag", "later.glsl"] {
            try Self.expectOneLineFailure(["bench", "--effect", file, "--size", "64x64", "--frame-timeout", "0.3", "--frames", "30"],
                                          mentioning: [file, "longer than 0.3 s"], in: dir, original: original)
        }
    }

    @Test("an expression deep enough to crash the driver's compiler (a 20,000-term sum, in a .frag or a Shadertoy file, or hidden in macros) is refused in one line at its line")
    func compilerCrashingExpressions() throws {
        let (dir, original) = try Self.folderWithExistingOutput()
        let sum = (0..<20_000).map { "p.x * \($0 % 7 + 1).0" }.joined(separator: " + ")
        try Self.write("// a long sum\nvec4 colorEffect(vec2 p, vec4 c) {\n  float s = \(sum);\n  return vec4(fract(s), 0.0, 0.0, 1.0);\n}\n", to: dir + "/sum.frag")
        try Self.write("void mainImage(out vec4 c, in vec2 p) {\n  float s = \(sum);\n  c = vec4(fract(s));\n}\n", to: dir + "/sum.glsl")
        let terms = "(x+x+x+x+x+x+x+x+x+x)"
        try Self.write("#define A \(terms)\n#define B A+A+A+A+A+A+A+A+A+A\n#define C B+B+B+B+B+B+B+B+B+B\n#define D C+C+C+C+C+C+C+C+C+C\n"
                       + "vec4 colorEffect(vec2 p, vec4 c) { float x = p.x;\n  float s = D+D+D;\n  return vec4(s); }\n", to: dir + "/macros.frag")
        for (file, line) in [("sum.frag", 3), ("sum.glsl", 2), ("macros.frag", 6)] {
            try Self.expectOneLineFailure(["render", "--effect", file, "--size", "8x8", "--output", "out.png"],
                                          mentioning: ["\(file):\(line):", "operations deep, more than the 4000", "split it"], in: dir, original: original)
        }
        // A long sum the compiler takes draws.
        let fine = (0..<1000).map { "p.x * \($0 % 7 + 1).0" }.joined(separator: " + ")
        try Self.write("vec4 colorEffect(vec2 p, vec4 c) { float s = \(fine); return vec4(fract(s), 0.0, 0.0, 1.0); }\n", to: dir + "/fine.frag")
        let r = try CLI.run(["render", "--effect", "fine.frag", "--size", "8x8", "--output", "fine.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test("a number past what its uniform holds, in an annotation or on the command line, is one line naming the file, line and value",
          arguments: [("a.glsl", "uniform int n; // glint: 0 3e9 3e9\nvoid mainImage(out vec4 c, in vec2 p) { c = vec4(float(n)); }\n", [String](),
                       "a.glsl:1: bad annotation '// glint: 0 3e9 3e9' of uniform 'n': 3e9 is beyond what an int holds"),
                      ("b.frag", "uniform int n; // glint: 0 1e19 1e19\nvec4 colorEffect(vec2 p, vec4 c) { return vec4(float(n)); }\n", [],
                       "b.frag:1: bad annotation '// glint: 0 1e19 1e19' of uniform 'n': 1e19 is beyond what an int holds"),
                      ("c.frag", "uniform int n; // glint: 0 2147483647 1\nvec4 colorEffect(vec2 p, vec4 c) { return vec4(float(n)); }\n", ["--param", "n=1e19"],
                       "value 1e19 for n is out of range 0…2147483647"),
                      ("d.frag", "uniform float a; // glint: 0 1e300 1e300\nvec4 colorEffect(vec2 p, vec4 c) { return vec4(a); }\n", [],
                       "d.frag:1: bad annotation '// glint: 0 1e300 1e300' of uniform 'a': 1e300 is beyond what a float holds")])
    func numbersPastTheirType(file: String, text: String, extra: [String], expected: String) throws {
        let (dir, original) = try Self.folderWithExistingOutput()
        try Self.write(text, to: dir + "/" + file)
        try Self.expectOneLineFailure(["render", "--effect", file, "--size", "8x8", "--output", "out.png", "--state", "s.json"] + extra, status: 2,
                                      mentioning: [expected], in: dir, original: original)
        #expect(!FileManager.default.fileExists(atPath: dir + "/s.json"))
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
