import Foundation
import GlintRender
import GlintTestSupport
import Testing

/// What `glint` does with the shader files a user hands it (through `--shaders` or `--effect
/// FILE`): everything read from there is watched, however it is used; what is there but cannot be
/// a shader source is refused in one line naming it, never replaced by the built-in file; and a
/// uniform declared with another type than glint feeds it is named with both types.
@Suite("Shader files from the user", .serialized, .removesTemporaryFiles)
struct ShaderFileTests {
    /// The repository's `Shaders/` folder.
    static let shadersFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Shaders").path

    /// A fresh folder with a `shaders/` folder in it, for `--shaders shaders`.
    static func folder() throws -> String {
        let dir = try CLI.temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/shaders", withIntermediateDirectories: true)
        return dir
    }

    static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// The built-in prelude with `glint_position()` made far too slow for a large frame on a
    /// software renderer (the same loop as `slowShader`): every effect calls it.
    static func slowPrelude() throws -> String {
        let prelude = try String(contentsOfFile: shadersFolder + "/glint.glsl", encoding: .utf8)
        let opening = "vec2 glint_position() {\n"
        #expect(prelude.contains(opening), "the prelude defines glint_position()")
        return prelude.replacingOccurrences(of: opening, with: opening + """
                float slow = 0.0;
                for (int i = 0; i < 60000; i++) {
                    slow += sin(gl_FragCoord.x * 0.01 + float(i)) * cos(gl_FragCoord.y * 0.01 - float(i));
                }
                if (slow > 1e30) return vec2(0.0);

            """)
    }

    /// Runs a command that must fail in one `glint:` line with `status`, mentioning `words`.
    @discardableResult
    static func expectOneLine(_ arguments: [String], in dir: String, status: Int32 = 1, mentioning words: [String],
                              within seconds: Double = 20) throws -> String {
        // A run that outlasts `seconds` is killed, and fails the status expectation below.
        let r = try CLI.run(arguments, in: dir, timeout: seconds)
        #expect(r.reason == .exit && r.status == status, "\(arguments): exit \(r.status), expected \(status): \(r.stderr.prefix(300))")
        #expect(r.stderrLines.count == 1 && r.stderr.hasPrefix("glint: "), "\(arguments): one line expected: \(r.stderr.prefix(600))")
        for word in words {
            #expect(r.stderr.contains(word), "\(arguments): the line should mention '\(word)': \(r.stderr)")
        }
        return r.stderr
    }

    // MARK: The watchdog

    @Test("a slow prelude (glint.glsl) in --shaders is stopped by the watchdog, named, and leaves no picture")
    func slowPreludeHeadless() throws {
        let dir = try Self.folder()
        try Self.write(try Self.slowPrelude(), to: dir + "/shaders/glint.glsl")
        let start = Date()
        let line = try Self.expectOneLine(
            ["render", "--shaders", "shaders", "--size", "1280x720", "--frame-timeout", "1", "--output", "out.png"],
            in: dir, mentioning: ["shaders/glint.glsl", "longer than 1 s", "--frame-timeout"])
        note("\(line) after \(Date().timeIntervalSince(start)) s")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"), "no picture written")
        try Self.expectOneLine(["bench", "--shaders", "shaders", "--size", "640x360", "--frame-timeout", "1", "--frames", "3"],
                               in: dir, mentioning: ["glint.glsl", "longer than 1 s"])
        // The same prelude draws when allowed the time it needs, on a frame small enough.
        let small = try CLI.run(["render", "--shaders", "shaders", "--size", "8x4", "--frame-timeout", "0", "--no-tear", "--output", "small.png"], in: dir)
        #expect(small.status == 0, "\(small.stderr)")
    }

    // MARK: What is read

    @Test("a shader source over the size cap is refused before compiling, with its size and the cap")
    func sizeCap() throws {
        let dir = try Self.folder()
        // 2 MiB of comment lines before a working effect: valid GLSL a driver would take its time over.
        let padding = String(repeating: "// " + String(repeating: "x", count: 60) + "\n", count: 2 * 16384)
        let effect = padding + "vec4 colorEffect(vec2 position, vec4 color) { return vec4(1.0); }\n"
        try Self.write(effect, to: dir + "/big.frag")
        // An effect file named on the command line is the user's input: refused as it is read (exit 2).
        try Self.expectOneLine(["render", "--effect", "big.frag", "--size", "64x64", "--output", "out.png"], in: dir, status: 2,
                               mentioning: ["big.frag", "it is 2.1 MiB", "1 MiB"], within: 10)
        // Through --shaders, the prelude too.
        try Self.write(padding + (try String(contentsOfFile: Self.shadersFolder + "/glint.glsl", encoding: .utf8)), to: dir + "/shaders/glint.glsl")
        try Self.expectOneLine(["render", "--shaders", "shaders", "--size", "64x64", "--output", "out.png"], in: dir,
                               mentioning: ["shaders/glint.glsl", "MiB", "1 MiB"], within: 10)
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
        // Just under the cap is read.
        let under = String(repeating: "// " + String(repeating: "x", count: 60) + "\n", count: 16000)
        try Self.write(under + "vec4 colorEffect(vec2 position, vec4 color) { return vec4(1.0); }\n", to: dir + "/under.frag")
        let r = try CLI.run(["render", "--effect", "under.frag", "--size", "16x16", "--output", "under.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test("what is in --shaders but is not a regular file is refused in one line naming it, never replaced by the built-in file")
    func notRegularFiles() throws {
        let dir = try Self.folder()
        let file = dir + "/shaders/harmonic.frag"
        let cases: [(what: String, make: () throws -> Void)] = [
            ("a FIFO", { #expect(mkfifo(file, 0o644) == 0) }),
            ("a folder", { try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false) }),
            ("a symbolic link loop", { try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: "harmonic.frag") }),
            ("a character device", { try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: "/dev/zero") }),
            ("a symbolic link to nothing", { try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: "gone.frag") }),
        ]
        for (what, make) in cases {
            try make()
            defer { try? FileManager.default.removeItem(atPath: file) }
            // A FIFO with no writer would block a plain open for ever; /dev/zero would never end.
            try Self.expectOneLine(["render", "--shaders", "shaders", "--size", "64x64", "--output", "out.png"], in: dir,
                                   mentioning: ["shaders/harmonic.frag", what], within: 10)
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))

        // Unreadable (only for a user permissions apply to).
        if geteuid() != 0 {
            try Self.write("vec4 colorEffect(vec2 p, vec4 c) { return c; }\n", to: file)
            #expect(chmod(file, 0) == 0)
            try Self.expectOneLine(["render", "--shaders", "shaders", "--size", "64x64", "--output", "out.png"], in: dir,
                                   mentioning: ["shaders/harmonic.frag", "permission denied"], within: 10)
            try? FileManager.default.removeItem(atPath: file)
        }

        // The prelude the same way, and nothing there at all is the documented fallback.
        #expect(mkfifo(dir + "/shaders/glint.glsl", 0o644) == 0)
        try Self.expectOneLine(["render", "--shaders", "shaders", "--size", "64x64", "--output", "out.png"], in: dir,
                               mentioning: ["shaders/glint.glsl", "a FIFO"], within: 10)
        try FileManager.default.removeItem(atPath: dir + "/shaders/glint.glsl")
        let fallback = try CLI.run(["render", "--shaders", "shaders", "--size", "64x64", "--output", "out.png"], in: dir)
        #expect(fallback.status == 0 && fallback.stderr.isEmpty, "an empty --shaders folder uses the built-in files: \(fallback.stderr)")
    }

    // MARK: Uniform types

    @Test("a uniform glint feeds, declared with another type, is named with both types instead of a bare GL error")
    func wrongUniformType() throws {
        let dir = try Self.folder()
        try Self.write("""
            // Declares time, which glint feeds as a float, as an int.
            uniform int time;
            vec4 colorEffect(vec2 position, vec4 color) { return vec4(vec3(float(time - 2 * (time / 2))), 1.0); }

            """, to: dir + "/wrong.frag")
        try Self.expectOneLine(["render", "--effect", "wrong.frag", "--size", "64x64", "--output", "out.png"], in: dir,
                               mentioning: ["uniform 'time' in wrong.frag:2 is declared int but glint feeds it as float"])
        try Self.expectOneLine(["bench", "--effect", "wrong.frag", "--size", "64x64", "--frames", "2"], in: dir,
                               mentioning: ["uniform 'time' in wrong.frag:2 is declared int but glint feeds it as float"])

        // One of the pipeline's own uniforms, declared otherwise by a prelude in --shaders.
        var prelude = try String(contentsOfFile: Self.shadersFolder + "/glint.glsl", encoding: .utf8)
        #expect(prelude.contains("uniform float glint_scale;") && prelude.contains("glint_positionMap.zw;"))
        prelude = prelude.replacingOccurrences(of: "uniform float glint_scale;", with: "uniform int glint_scale;")
            .replacingOccurrences(of: "    return gl_FragCoord.xy * glint_positionMap.xy + glint_positionMap.zw;",
                                  with: "    return (gl_FragCoord.xy * glint_positionMap.xy + glint_positionMap.zw) * float(glint_scale > -1 ? 1 : 0);")
        try Self.write(prelude, to: dir + "/shaders/glint.glsl")
        try Self.expectOneLine(["render", "--shaders", "shaders", "--no-tear", "--size", "64x64", "--output", "out.png"], in: dir,
                               mentioning: ["uniform 'glint_scale' in shaders/glint.glsl:", "is declared int but glint feeds it as float"])
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))

        // The overlay's own shader, which draws the label, the same way.
        try FileManager.default.removeItem(atPath: dir + "/shaders/glint.glsl")
        var sprite = try String(contentsOfFile: Self.shadersFolder + "/sprite.frag", encoding: .utf8)
        #expect(sprite.contains("uniform vec4 tint;") && sprite.contains("(tint * vColor)"))
        sprite = sprite.replacingOccurrences(of: "uniform vec4 tint;", with: "uniform ivec4 tint;")
            .replacingOccurrences(of: "(tint * vColor)", with: "(vec4(tint) * vColor)")
        try Self.write(sprite, to: dir + "/shaders/sprite.frag")
        try Self.expectOneLine(["render", "--shaders", "shaders", "--size", "64x64", "--output", "out.png"], in: dir,
                               mentioning: ["uniform 'tint' in shaders/sprite.frag:8 is declared ivec4 but glint feeds it as vec4"])
    }

    @Test("a .frag and what it includes, saved with CR LF or CR line ends, draw as with LF: includes found, annotations read, errors at their lines",
          arguments: ["\r\n", "\r"])
    func lineEnds(ending: String) throws {
        let dir = try CLI.temporaryFolder()
        func write(_ lines: [String], _ name: String) throws {
            try Data(lines.joined(separator: ending).appending(ending).utf8).write(to: URL(fileURLWithPath: dir + "/" + name))
        }
        try write(["// Test: red from a uniform, green from an include.", "uniform float red; // glint: 0 1 0.5", "#include \"green.glsl\"",
                   "vec4 colorEffect(vec2 position, vec4 color) {", "    return vec4(red, green(), 0.0, 1.0);", "}"], "lines.frag")
        try write(["#pragma once", "float green() {", "    return 1.0;", "}"], "green.glsl")
        let r = try CLI.run(["render", "--no-tear", "--size", "8x8", "--effect", "lines.frag", "--param", "red=1", "-o", "out.png", "--state", "s.json"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let image = try PNG.read(dir + "/out.png")
        #expect(Array(image.rgba[0..<4]) == [255, 255, 0, 255])
        try write(["// Test: an error on line 3.", "vec4 colorEffect(vec2 position, vec4 color) {", "    return nothing;", "}"], "broken.frag")
        try Self.expectOneLine(["render", "--size", "8x8", "--effect", "broken.frag", "-o", "b.png"], in: dir, mentioning: ["glint: broken.frag:3: fragment shader error"])
    }
}
