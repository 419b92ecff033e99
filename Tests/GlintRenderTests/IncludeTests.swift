import Foundation
import GlintTestSupport
import Testing
@testable import GlintCore
@testable import GlintRender

/// What an effect includes and the macros it is compiled with: `#include "file"` and
/// `#pragma include "file"` found beside the including file, then in the `-I` folders in order;
/// `#pragma once`; cycles, runaway nesting and missing files refused at the including line; `-D`
/// defined after the `#version` line with every line of the user's file keeping its number.
@Suite("Includes and defines", .serialized, .removesTemporaryFiles)
struct IncludeTests {
    typealias Expander = IncludeExpander

    /// A fresh folder holding `files` (names may have subfolders).
    static func folder(_ files: [String: String]) throws -> String {
        let dir = try TemporaryFiles.folder("glint-include")
        for (name, text) in files {
            let path = dir + "/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return dir
    }

    /// The file at `path` expanded with `searchPaths`, and the expander (for its file map).
    static func expand(_ path: String, searchPaths: [String] = []) throws(RenderError) -> (text: String, expander: Expander) {
        var expander = Expander()
        expander.searchPaths = searchPaths
        let text = try expander.expand(path, stringNumber: EffectSource.effectString, depth: 0)
        return (text, expander)
    }

    /// The error expanding `path` throws; a failed expectation when it expands.
    static func refusal(_ path: String, searchPaths: [String] = []) -> (file: String, line: Int?, log: String)? {
        do {
            let text = try expand(path, searchPaths: searchPaths).text
            Issue.record("\(path) expanded: \(text.prefix(200))")
        } catch {
            if case let .shader(file, line, "include", log) = error { return (file, line, log) }
            Issue.record("not an include error: \(error)")
        }
        return nil
    }

    // MARK: Finding files

    @Test("an include is found beside the including file first, then in the -I folders in the order given")
    func searchOrder() throws {
        let dir = try Self.folder([
            "effects/my.frag": "// mine\n#include \"common.glsl\"\n#include \"only-in-second.glsl\"\nvec4 colorEffect(vec2 p, vec4 c) { return c; }\n",
            "first/common.glsl": "float fromFirst;\n",
            "second/common.glsl": "float fromSecond;\n",
            "second/only-in-second.glsl": "float onlyInSecond;\n",
        ])
        let viaFolders = try Self.expand(dir + "/effects/my.frag", searchPaths: [dir + "/first", dir + "/second"])
        #expect(viaFolders.text.contains("float fromFirst;") && !viaFolders.text.contains("fromSecond"), "the first -I folder wins: \(viaFolders.text)")
        #expect(viaFolders.text.contains("float onlyInSecond;"))
        #expect(Set(viaFolders.expander.files.values) == [dir + "/first/common.glsl", dir + "/second/only-in-second.glsl"])
        // A file beside the effect wins over every folder.
        try "float beside;\n".write(toFile: dir + "/effects/common.glsl", atomically: true, encoding: .utf8)
        let beside = try Self.expand(dir + "/effects/my.frag", searchPaths: [dir + "/first", dir + "/second"])
        #expect(beside.text.contains("float beside;") && !beside.text.contains("fromFirst"), "\(beside.text)")
    }

    @Test("#pragma include and '# include' are includes too; a #pragma once file is spliced once however it is named")
    func spellingsAndOnce() throws {
        let dir = try Self.folder([
            "main.frag": "#pragma include \"lib/once.glsl\"\n  #  include \"lib/once.glsl\"\n#include \"lib/../lib/once.glsl\"\n#pragma include \"lib/twice.glsl\"\n#include \"lib/twice.glsl\"\n",
            "lib/once.glsl": "#pragma once // a guard\nfloat onceOnly;\n",
            "lib/twice.glsl": "float twice;\n",
        ])
        let text = try Self.expand(dir + "/main.frag").text
        #expect(text.components(separatedBy: "float onceOnly;").count - 1 == 1, "\(text)")
        #expect(text.components(separatedBy: "float twice;").count - 1 == 2, "a file without #pragma once is spliced each time")
        #expect(!text.contains("#include") && !text.contains("#pragma include") && !text.contains("#pragma once"), "\(text)")
    }

    @Test("a missing include names the including file and line, and where it looked")
    func missing() throws {
        let dir = try Self.folder(["a.frag": "// a\n\n#include \"nowhere.glsl\"\n", "inc/x.glsl": ""])
        let refusal = try #require(Self.refusal(dir + "/a.frag", searchPaths: [dir + "/inc"]))
        #expect(refusal.file == dir + "/a.frag" && refusal.line == 3, "\(refusal)")
        #expect(refusal.log.contains("cannot find 'nowhere.glsl': looked for \(dir)/nowhere.glsl, \(dir)/inc/nowhere.glsl"), "\(refusal.log)")
        // #include <…> is not a file Glint can find.
        try "#include <common.glsl>\n".write(toFile: dir + "/angle.frag", atomically: true, encoding: .utf8)
        let angle = try #require(Self.refusal(dir + "/angle.frag"))
        #expect(angle.line == 1 && angle.log.contains("in quotes"), "\(angle)")
    }

    @Test("an include cycle is refused in one line naming the chain, at the line that closes it")
    func cycle() throws {
        let dir = try Self.folder([
            "effect.frag": "#include \"a.glsl\"\n",
            "a.glsl": "// a\n#include \"b.glsl\"\n",
            "b.glsl": "// b\n\n#pragma include \"a.glsl\"\n",
            "self.glsl": "#include \"self.glsl\"\n",
        ])
        let refusal = try #require(Self.refusal(dir + "/effect.frag"))
        #expect(refusal.file == dir + "/b.glsl" && refusal.line == 3, "\(refusal)")
        #expect(refusal.log.hasPrefix("\(dir)/a.glsl includes \(dir)/b.glsl includes \(dir)/a.glsl: an include cycle"), "\(refusal.log)")
        #expect(!refusal.log.contains("\n"))
        let itself = try #require(Self.refusal(dir + "/self.glsl"))
        #expect(itself.line == 1 && itself.log.hasPrefix("\(dir)/self.glsl includes \(dir)/self.glsl:"), "\(itself)")
        // With #pragma once in the file included again, the same chain is fine, as in C.
        try "#pragma once\n// a\n#include \"b.glsl\"\n".write(toFile: dir + "/a.glsl", atomically: true, encoding: .utf8)
        #expect(try Self.expand(dir + "/effect.frag").text.contains("// b"))
    }

    @Test("includes nesting deeper than the limit are refused at the include past it")
    func runawayDepth() throws {
        var files: [String: String] = [:]
        let count = Expander.maxDepth + 2
        for i in 0..<count { files["f\(i).glsl"] = i + 1 < count ? "#include \"f\(i + 1).glsl\"\n" : "float deepest;\n" }
        let dir = try Self.folder(files)
        let refusal = try #require(Self.refusal(dir + "/f0.glsl"))
        #expect(refusal.file == dir + "/f\(Expander.maxDepth).glsl" && refusal.line == 1, "\(refusal)")
        #expect(refusal.log.contains("nest deeper than \(Expander.maxDepth) files"), "\(refusal.log)")
        // Exactly at the limit is fine.
        #expect(try Self.expand(dir + "/f1.glsl").text.contains("float deepest;"))
    }

    @Test("an include bomb (8 files, each including the next 10 times) is refused at the include past the budget, naming the chain")
    func includeBomb() throws {
        var files: [String: String] = [:]
        for i in 0..<7 { files["f\(i).glsl"] = String(repeating: "#include \"f\(i + 1).glsl\"\n", count: 10) }
        files["f7.glsl"] = "float g;\n"
        files["main.frag"] = "#include \"f0.glsl\"\nvec4 colorEffect(vec2 position, vec4 color) { return color; }\n"
        let dir = try Self.folder(files)
        let refusal = try #require(Self.refusal(dir + "/main.frag"))
        let chain = ["main.frag", "f0.glsl", "f1.glsl", "f2.glsl"].map { dir + "/" + $0 }.joined(separator: " includes ")
        #expect(refusal.log.hasPrefix(chain) && refusal.log.contains("more than \(Expander.maxIncludes) files included in all"), "\(refusal)")
        #expect(!refusal.log.contains("\n"))
    }

    @Test("a large file included many times is refused once the whole passes the size budget")
    func includeSizeBudget() throws {
        let big = String(repeating: "// " + String(repeating: "x", count: 1000) + "\n", count: 700)  // 0.7 MB
        let dir = try Self.folder(["big.glsl": big, "main.frag": String(repeating: "#include \"big.glsl\"\n", count: 4)])
        let refusal = try #require(Self.refusal(dir + "/main.frag"))
        #expect(refusal.line == 3 && refusal.log.contains("is over 2 MiB"), "\(refusal)")
    }

    @Test("files with CR LF or CR line ends include, say #pragma once and keep their line numbers")
    func lineEnds() throws {
        let dir = try Self.folder(["a.frag": "// a\r\n#include \"b.glsl\"\r\n#include \"b.glsl\"\r\nfloat after;\r\n",
                                   "b.glsl": "#pragma once\rfloat fromB;\r"])
        let text = try Self.expand(dir + "/a.frag").text
        #expect(text.components(separatedBy: "float fromB;").count == 2 && !text.contains("\r") && !text.contains("#include"), "\(text)")
        #expect(text.hasSuffix("#line 3 2\n\nfloat after;\n"), "line 3 is the second include, spliced once, and line 4 follows: \(text)")
    }

    @Test("an included file that is not a regular file is refused at the including line, naming it")
    func notAFile() throws {
        let dir = try Self.folder(["a.frag": "// a\n#include \"pipe.glsl\"\n", "b.frag": "#include \"folder\"\n", "folder/x": ""])
        #expect(mkfifo(dir + "/pipe.glsl", 0o644) == 0)
        let pipe = try #require(Self.refusal(dir + "/a.frag"))
        #expect(pipe.line == 2 && pipe.log.contains("cannot include 'pipe.glsl'") && pipe.log.contains("FIFO"), "\(pipe)")
        let folder = try #require(Self.refusal(dir + "/b.frag"))
        #expect(folder.line == 1 && folder.log.contains("it is a folder, not a regular file"), "\(folder)")
    }

    // MARK: Defines

    @Test("-D NAME[=VALUE]: a GLSL identifier, NAME alone meaning 1; anything else refused saying why")
    func parsingDefines() throws {
        #expect(try ShaderSources.Define(parsing: "QUALITY=2") == ShaderSources.Define("QUALITY", "2"))
        #expect(try ShaderSources.Define(parsing: "_fast").description == "#define _fast 1")
        #expect(try ShaderSources.Define(parsing: "EMPTY=").description == "#define EMPTY ")
        #expect(try ShaderSources.Define(parsing: "F=a=b").value == "a=b")
        for bad in ["2X", "", "A-B", "=1", "é", "GL_SEEN", "A__B", "X=1\n#version 100", "X=1 \\"] {
            #expect(throws: RenderError.self, "\(bad)") { try ShaderSources.Define(parsing: bad) }
        }
    }

    @Test("a name given twice takes its last value, as cc does, written once however often it is given")
    func lastDefineWins() {
        let defines = [ShaderSources.Define("V", "1"), ShaderSources.Define("W"), ShaderSources.Define("V", "2")]
        #expect(ShaderSources.injectDefines(defines, into: "x\n") == "#define V 2\n#define W 1\n#line 1\nx\n")
        let many = (1...5000).map { ShaderSources.Define("V", "\($0)") }
        #expect(ShaderSources.injectDefines(many, into: "x\n") == "#define V 5000\n#line 1\nx\n")
    }

    @Test("defines go after the #version line (or at the top without one) and every later line keeps its number")
    func injectedPlace() {
        let defines = [ShaderSources.Define("A"), ShaderSources.Define("B", "0.5")]
        let versioned = "// comment\n#version 330 core\nline3\n"
        #expect(ShaderSources.injectDefines(defines, into: versioned) == "// comment\n#version 330 core\n#define A 1\n#define B 0.5\n#line 3\nline3\n")
        #expect(ShaderSources.injectDefines(defines, into: "line1\nline2") == "#define A 1\n#define B 0.5\n#line 1\nline1\nline2")
        #expect(ShaderSources.injectDefines([], into: versioned) == versioned)
    }

    // MARK: Drawn

    /// A user library (`ShaderLibrary(url:)`'s folder) whose effect includes a file from another
    /// folder and reads a macro from `-D`.
    static let library = [
        "effects/tinted.frag": """
        // Test: a colour effect whose red comes from a macro, through an included file.
        #include "tint.glsl"
        vec4 tinted(vec2 position, vec4 color) {
            return vec4(tintRed(), 0.0, 1.0, 1.0);
        }
        """,
        "shared/tint.glsl": """
        #pragma once
        // The red of TINT, 1 when it is defined alone.
        float tintRed() { return float(TINT); }
        """,
    ]

    /// The red of the middle pixel `function` of `library` draws with `sources`.
    func red(_ function: String, in library: String, sources: ShaderSources) throws -> UInt8 {
        let renderer = try Renderer(sources: sources)
        let target = try RenderTarget(pixelWidth: 8, pixelHeight: 8)
        let pass = EffectPass(function: function, library: library, kind: .color, arguments: [], isOpaque: true)
        try renderer.render(FrameGraph(viewRect: Rect(x: 0, y: 0, width: 8, height: 8), scale: 1, backdrop: Color(red: 0, green: 0, blue: 0),
                                       content: pass), into: target.framebuffer)
        return target.readPixels()[(4 * 8 + 4) * 4]
    }

    @Test("a library's effect includes through includePaths and draws with the defines' values")
    func libraryDraws() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let dir = try Self.folder(Self.library)
        let library = dir + "/effects"
        let half = try red("tinted", in: library, sources: ShaderSources(overrideDirectory: nil, includePaths: [dir + "/shared"], defines: [.init("TINT", "0.5")]))
        #expect(abs(Int(half) - 128) <= 1, "TINT=0.5 draws half red: \(half)")
        let whole = try red("tinted", in: library, sources: ShaderSources(overrideDirectory: nil, includePaths: [dir + "/shared"], defines: [.init("TINT")]))
        #expect(whole == 255, "TINT alone is 1: \(whole)")
        // Without the folder the include is not found, named at its line.
        #expect {
            _ = try red("tinted", in: library, sources: ShaderSources(overrideDirectory: nil, defines: [.init("TINT")]))
        } throws: { error in
            "\(error)".hasPrefix("\(library)/tinted.frag:2: include error: cannot find 'tint.glsl'")
        }
        // A bad define a package sets is refused before anything compiles.
        #expect {
            _ = try red("tinted", in: library, sources: ShaderSources(overrideDirectory: nil, defines: [.init("9LIVES")]))
        } throws: { error in
            "\(error)".contains("bad define '9LIVES'")
        }
    }

    @Test("with defines, the driver's errors name the included file and the effect file at their own lines")
    func errorLinesWithDefines() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        var files = Self.library
        files["shared/tint.glsl"] = "#pragma once\n// The red of TINT.\n\nfloat tintRed() { return float(TINT) * missingScale; }\n"
        let dir = try Self.folder(files)
        let sources = ShaderSources(overrideDirectory: nil, includePaths: [dir + "/shared"], defines: [.init("TINT", "0.5"), .init("OTHER")])
        #expect {
            _ = try red("tinted", in: dir + "/effects", sources: sources)
        } throws: { error in
            "\(error)".hasPrefix("\(dir)/shared/tint.glsl:4: fragment shader error: `missingScale' undeclared")
        }
        // An error in the effect's own file, before the include (after it, the line is set again).
        files["shared/tint.glsl"] = Self.library["shared/tint.glsl"]
        files["effects/tinted.frag"] = Self.library["effects/tinted.frag"]!
            .replacingOccurrences(of: "#include", with: "float early() { return undefinedEarly; }\n#include")
        let again = try Self.folder(files)
        #expect {
            _ = try red("tinted", in: again + "/effects", sources: ShaderSources(overrideDirectory: nil, includePaths: [again + "/shared"], defines: [.init("TINT", "0.5")]))
        } throws: { error in
            "\(error)".hasPrefix("\(again)/effects/tinted.frag:2: fragment shader error: `undefinedEarly' undeclared")
        }
    }

    @Test("a whole shader of the user's with its own #version keeps its lines with defines injected")
    func versionedShaderLines() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let fragment = "// A user's shader.\n#version 330 core\nout vec4 colour;\n\nvoid main() { colour = vec4(float(LEVEL) * notDeclared); }\n"
        let vertex = "#version 330 core\nvoid main() { gl_Position = vec4(0.0); }\n"
        let text = ShaderSources.injectDefines([.init("LEVEL", "2")], into: fragment)
        #expect {
            _ = try Program(name: "versioned", vertex: (vertex, [0: "v.vert"]), fragment: (text, [0: "user.frag"]))
        } throws: { error in
            "\(error)".hasPrefix("user.frag:5: fragment shader error: `notDeclared' undeclared")
        }
    }
}
