import Testing
import GlintCore
@testable import GlintRender

/// How a driver's compile log becomes the message a user reads: every error at its own file and
/// line, continued messages whole, consequences left out, hints on generated GLSL.
@Suite("Compile messages")
struct CompileMessageTests {
    /// A log as Mesa writes it for an effect (source string 2) and a file it includes (string 10,
    /// whose lines are numbered from `lineBase(10)`).
    static let log = """
    2:5(12): error: no matching function for call to `level(vec2)'; candidates are:
    2:5(12): error:    float level(int)
    0:5(8): error: cannot construct `vec4' from a non-numeric data type
    2:7(6): warning: `i' used uninitialized
    2:9(3): error: syntax error, unexpected NEW_IDENTIFIER, expecting ',' or ';'
    0:\(IncludeExpander.lineBase(10) + 3)(20): error: `undefinedScale' undeclared
    """

    @Test("every error is shown at its own file and line, a call's candidates with it; same-line consequences and warnings are left out")
    func wholeMessages() {
        let error = Program.compileError(Self.log, files: [2: "Effects.metal", 10: "Common.metal"], stage: "fragment shader")
        let lines = error.description.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(error)")
        #expect(lines[0].hasPrefix("Effects.metal:5: fragment shader error: no matching function for call to `level(vec2)'; candidates are: ("), "\(lines[0])")
        #expect(lines[1] == "    float level(int)")
        #expect(lines[2].hasPrefix("Effects.metal:9: fragment shader error: syntax error, unexpected NEW_IDENTIFIER, expecting ',' or ';' (the GLSL Glint made of this Metal line"), "\(lines[2])")
        #expect(lines[3] == "Common.metal:3: fragment shader error: `undefinedScale' undeclared", "no hint where the message is the user's own words")
    }

    @Test("GLSL files get the driver's words without a hint about Metal; a one-error log stays one line")
    func glslFilesAndSingleErrors() {
        let error = Program.compileError(Self.log, files: [2: "effect.frag", 10: "common.glsl"], stage: "fragment shader")
        #expect(!error.description.contains("Metal"), "\(error)")
        let single = Program.compileError("0:4(14): error: `missing' undeclared\n0:4(9): error: cannot construct `vec4' from a non-numeric data type\n0:4(2): error: `return' with wrong type error, in function `f' returning vec4\n",
                                          files: [2: "one.frag"], stage: "fragment shader")
        #expect(single == .shader(file: "one.frag", line: 4, stage: "fragment shader", log: "`missing' undeclared"))
    }

    @Test("NVIDIA's log format is understood error by error")
    func nvidiaFormat() {
        let errors = Program.errors("2(7) : error C1008: undefined variable \"x\"\n2(9) : error C1503: undefined variable \"y\"\n")
        #expect(errors.map(\.line) == [7, 9] && errors.map(\.string) == [2, 2])
        #expect(errors.last?.message == "C1503: undefined variable \"y\"")
    }
}
