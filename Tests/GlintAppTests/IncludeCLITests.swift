import Foundation
import GlintRender
import GlintTestSupport
import Testing

/// `-I DIR` and `-D NAME[=VALUE]` on render, bench and the window, through the binary users run:
/// what an effect file includes is found beside it, then in the `-I` folders; defines change what
/// is drawn while every message keeps the file and line it belongs to; a cycle, a missing include,
/// a missing folder and a bad define are refused in one line.
@Suite("Includes and defines on the command line", .serialized, .removesTemporaryFiles)
struct IncludeCLITests {
    /// A fresh folder holding `files` (names may have subfolders).
    static func folder(_ files: [String: String]) throws -> String {
        let dir = try CLI.temporaryFolder()
        for (name, text) in files {
            let path = dir + "/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
        return dir
    }

    /// A colour effect whose red is the macro TINT, read through a file it includes from `lib/`.
    static let tinted = [
        "my.frag": "// Test: red from TINT, through an included file.\n#pragma include \"tint.glsl\"\nvec4 colorEffect(vec2 position, vec4 color) { return vec4(tintRed(), 0.0, 1.0, 1.0); }\n",
        "lib/tint.glsl": "#pragma once\nfloat tintRed() { return float(TINT); }\n",
    ]

    /// The red of the middle pixel of an 8x8 render with `arguments`, in `dir`.
    static func renderedRed(_ arguments: [String], in dir: String) throws -> Int? {
        try? FileManager.default.removeItem(atPath: dir + "/out.png")
        let r = try CLI.run(["render", "--no-overlay", "--no-tear", "--size", "8x8", "--output", "out.png"] + arguments, in: dir)
        #expect(r.reason == .exit && r.status == 0, "\(arguments): \(r.stderr)")
        guard r.status == 0 else { return nil }
        let image = try PNG.read(dir + "/out.png")
        return Int(image.rgba[(4 * image.width + 4) * 4])
    }

    @Test("-I finds what an effect file includes, and -D changes what render, bench and a --shaders folder's effect draw")
    func includesAndDefinesDraw() throws {
        let dir = try Self.folder(Self.tinted)
        let quarter = try #require(try Self.renderedRed(["--effect", "my.frag", "-I", "lib", "-D", "TINT=0.25"], in: dir))
        #expect(abs(quarter - 64) <= 1, "TINT=0.25 draws a quarter red: \(quarter)")
        let whole = try Self.renderedRed(["--effect", "my.frag", "--include-dir", "lib", "--define", "TINT"], in: dir)
        #expect(whole == 255, "TINT alone is 1")
        let oneWord = try #require(try Self.renderedRed(["--effect", "my.frag", "-Ilib", "-DTINT=0.5"], in: dir))
        #expect(abs(oneWord - 128) <= 1, "-Ilib -DTINT=0.5, as cc writes them: \(oneWord)")
        // Without the define the driver's message names the included file and its line.
        try ShaderFileTests.expectOneLine(["render", "--effect", "my.frag", "-I", "lib", "--size", "8x8", "--output", "out.png"], in: dir,
                                          mentioning: ["lib/tint.glsl:2: fragment shader error: `TINT' undeclared"])
        let bench = try CLI.run(["bench", "--effect", "my.frag", "-I", "lib", "-D", "TINT=0.5", "--size", "8x8", "--frames", "2"], in: dir)
        #expect(bench.status == 0 && bench.stdout.contains("my.frag"), "\(bench.stderr)")
        // A --shaders folder's effect (the built-in gradient replaced) the same way.
        try FileManager.default.createDirectory(atPath: dir + "/shaders", withIntermediateDirectories: true)
        try Data("#include \"tint.glsl\"\nvec4 gradient(vec2 position, vec4 color, vec4 bounds) { return vec4(tintRed(), 0.0, 1.0, 1.0); }\n".utf8)
            .write(to: URL(fileURLWithPath: dir + "/shaders/gradient.frag"))
        let half = try #require(try Self.renderedRed(["--shaders", "shaders", "--effect", "gradient", "-I", "lib", "-D", "TINT=0.5"], in: dir))
        #expect(abs(half - 128) <= 1, "\(half)")
    }

    @Test("an error in a nested include names that file and its line; -D keeps every file's line numbers")
    func nestedErrorLines() throws {
        let dir = try Self.folder([
            "my.frag": "// Test: includes a.glsl, which includes deep/b.glsl from -I inc.\n#include \"a.glsl\"\nvec4 colorEffect(vec2 position, vec4 color) { return vec4(fromB(), 0.0, 0.0, 1.0); }\n",
            "a.glsl": "// a\n#include \"deep/b.glsl\"\n",
            "inc/clean.glsl": "// Nothing wrong here.\nfloat clean() { return 1.0; }\n",
            "inc/deep/b.glsl": "// b: an error on line 3.\nfloat ok() { return 1.0; }\nfloat fromB() { return undefinedInB; }\n",
            "early.frag": "// Test: an error before anything is included.\nfloat early() { return undefinedEarly; }\n#include \"clean.glsl\"\nvec4 colorEffect(vec2 position, vec4 color) { return color; }\n",
        ])
        for defines in [[], ["-D", "A=1", "-D", "B", "--define", "C=x y"]] {
            for command in [["render", "--output", "out.png"], ["bench", "--frames", "1"]] {
                try ShaderFileTests.expectOneLine(command + ["--effect", "my.frag", "-I", "inc", "--size", "8x8"] + defines, in: dir,
                                                  mentioning: ["glint: inc/deep/b.glsl:3: fragment shader error: `undefinedInB' undeclared"])
            }
            try ShaderFileTests.expectOneLine(["render", "--effect", "early.frag", "-I", "inc", "--size", "8x8", "--output", "out.png"] + defines, in: dir,
                                              mentioning: ["glint: early.frag:2: fragment shader error: `undefinedEarly' undeclared"])
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
    }

    @Test("a Metal effect file includes a Metal file from an -I folder")
    func metalThroughFolders() throws {
        let dir = try Self.folder([
            "glow.metal": """
            // Test: a Metal colour effect using a constant from an included file.
            #include <metal_stdlib>
            #include <SwiftUI/SwiftUI_Metal.h>
            #include "Shared.metal"
            using namespace metal;
            [[ stitchable ]] half4 glow(float2 position, half4 color) { return half4(sharedRed, 0, 1, 1); }
            """,
            "metal/Shared.metal": "#pragma once\n#include <metal_stdlib>\nusing namespace metal;\nconstant half sharedRed = 0.5h;\n",
        ])
        let red = try #require(try Self.renderedRed(["--effect", "glow.metal", "-I", "metal"], in: dir))
        #expect(abs(red - 128) <= 1, "\(red)")
    }

    @Test("a cycle, a missing or unreadable include, a missing -I folder and a bad define: one line each, exit 2")
    func refusals() throws {
        let dir = try Self.folder([
            "cycle.frag": "#include \"a.glsl\"\nvec4 colorEffect(vec2 position, vec4 color) { return color; }\n",
            "a.glsl": "// a\n#include \"b.glsl\"\n",
            "b.glsl": "// b\n#pragma include \"a.glsl\"\n",
            "missing.frag": "// Test: includes what is nowhere.\n#include \"gone.glsl\"\nvec4 colorEffect(vec2 position, vec4 color) { return color; }\n",
            "pipe.frag": "#include \"lib/pipe.glsl\"\nvec4 colorEffect(vec2 position, vec4 color) { return color; }\n",
            "lib/x.glsl": "",
        ])
        #expect(mkfifo(dir + "/lib/pipe.glsl", 0o644) == 0)
        let render = ["render", "--size", "8x8", "--output", "out.png"]
        try ShaderFileTests.expectOneLine(render + ["--effect", "cycle.frag"], in: dir, status: 2,
                                          mentioning: ["glint: b.glsl:2: include error: a.glsl includes b.glsl includes a.glsl: an include cycle"])
        try ShaderFileTests.expectOneLine(render + ["--effect", "missing.frag", "-I", "lib"], in: dir, status: 2,
                                          mentioning: ["glint: missing.frag:2: include error: cannot find 'gone.glsl': looked for gone.glsl, lib/gone.glsl"])
        try ShaderFileTests.expectOneLine(render + ["--effect", "pipe.frag"], in: dir, status: 2,
                                          mentioning: ["glint: pipe.frag:1: include error: cannot include 'lib/pipe.glsl'", "FIFO"], within: 10)
        for command in [render, ["bench", "--frames", "1"], ["window"], []] {
            try ShaderFileTests.expectOneLine(command + ["--effect", "cycle.frag", "-I", "nowhere"], in: dir, status: 2,
                                              mentioning: ["bad include folder 'nowhere': no such folder"])
            try ShaderFileTests.expectOneLine(command + ["-D", "3D=1"], in: dir, status: 2,
                                              mentioning: ["bad define '3D=1': '3D' is not a GLSL identifier"])
        }
        try ShaderFileTests.expectOneLine(render + ["-I", "a.glsl"], in: dir, status: 2, mentioning: ["bad include folder 'a.glsl': it is not a folder"])
        try ShaderFileTests.expectOneLine(render + ["--define", "GL_MINE"], in: dir, status: 2, mentioning: ["bad define 'GL_MINE'", "reserves"])
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
    }

    @Test("-D given twice takes the last value, as cc does; 5,000 of them draw the last with nothing on stderr")
    func lastDefineWins() throws {
        let dir = try Self.folder(Self.tinted)
        #expect(try Self.renderedRed(["--effect", "my.frag", "-I", "lib", "-D", "TINT=0", "-D", "TINT=1"], in: dir) == 255)
        #expect(try Self.renderedRed(["--effect", "my.frag", "-I", "lib", "-D", "TINT=1", "-D", "TINT=0"], in: dir) == 0)
        let many = (0..<5000).flatMap { ["-D", "TINT=\($0 == 4999 ? 1 : 0)"] }
        let r = try CLI.run(["render", "--no-tear", "--size", "8x8", "--output", "out.png", "--effect", "my.frag", "-I", "lib"] + many, in: dir)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr.prefix(300))")
        #expect(try Int(PNG.read(dir + "/out.png").rgba[(4 * 8 + 4) * 4]) == 255)
    }

    @Test("an include bomb (8 files, each including the next 10 times, 7 levels) is refused in one line naming the chain, without a wait")
    func includeBomb() throws {
        var files: [String: String] = ["f7.glsl": "float deepest() { return 1.0; }\n",
                                       "bomb.frag": "#include \"f0.glsl\"\nvec4 colorEffect(vec2 position, vec4 color) { return color; }\n"]
        for i in 0..<7 { files["f\(i).glsl"] = String(repeating: "#include \"f\(i + 1).glsl\"\n", count: 10) }
        let dir = try Self.folder(files)
        try ShaderFileTests.expectOneLine(["render", "--size", "8x8", "--output", "out.png", "--effect", "bomb.frag"], in: dir, status: 2,
                                          mentioning: ["include error: bomb.frag includes f0.glsl includes f1.glsl", "more than 1000 files included in all"], within: 15)
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
    }
}
