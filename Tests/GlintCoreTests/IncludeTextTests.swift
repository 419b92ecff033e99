import Testing
@testable import GlintCore

/// Includes as pure text work: an `IncludeExpander` fed files held in memory through a
/// `SourceReader`, no disk and no GL context; what the driver would be given, line map and all.
@Suite("Includes from text")
struct IncludeTextTests {
    static let files = SourceReader.files([
        "effects/my.frag": "// mine\r\n#include \"../lib/common.glsl\"\r\n#pragma include \"../lib/common.glsl\"\r\nvec4 colorEffect(vec2 p, vec4 c) { return c * k; }\r\n",
        "lib/common.glsl": "#pragma once\nconst float k = 0.5;\n",
        "loop/a.glsl": "#include \"b.glsl\"\n",
        "loop/b.glsl": "// b\n#include \"a.glsl\"\n",
    ])

    @Test("an included file is spliced in under a #line of its own number, the including file's lines numbered as before; #pragma once splices it once; CRLF read as LF")
    func spliced() throws {
        var expander = IncludeExpander(reader: Self.files)
        let text = try expander.expand("effects/my.frag", stringNumber: EffectSource.effectString, depth: 0)
        let base = IncludeExpander.lineBase(IncludeExpander.firstNumber)
        #expect(text == """
            // mine
            #line \(base + 1) 10

            const float k = 0.5;

            #line 3 2

            vec4 colorEffect(vec2 p, vec4 c) { return c * k; }

            """)
        #expect(expander.files == [10: "effects/../lib/common.glsl"])
        #expect(IncludeExpander.included(line: base + 2)! == (10, 2), "a driver's line in the included file reads back as its own line 2")
    }

    @Test("a missing file and a cycle are refused at the including line, naming what was looked for and the chain")
    func refused() {
        var expander = IncludeExpander(reader: SourceReader.files(["a.frag": "\n#include \"gone.glsl\"\n"]), searchPaths: ["inc"])
        #expect(throws: RenderError.shader(file: "a.frag", line: 2, stage: "include", log: "cannot find 'gone.glsl': looked for gone.glsl, inc/gone.glsl")) {
            try expander.expand("a.frag", stringNumber: 2, depth: 0)
        }
        var looping = IncludeExpander(reader: Self.files)
        #expect(throws: RenderError.shader(file: "loop/b.glsl", line: 2, stage: "include",
                                           log: "loop/a.glsl includes loop/b.glsl includes loop/a.glsl: an include cycle; say #pragma once in the files included twice, or include one from the other only")) {
            try looping.expand("loop/a.glsl", stringNumber: 2, depth: 0)
        }
    }
}
