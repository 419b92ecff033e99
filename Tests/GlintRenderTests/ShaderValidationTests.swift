import Foundation
import Testing
@testable import GlintCore
@testable import GlintRender

/// Every file in Shaders/ compiles with glslangValidator (the Khronos reference compiler) as
/// well as with the driver. Effect files are checked as the pipeline assembles them.
@Suite("Shaders compile", .serialized)
struct ShaderValidationTests {
    static var shaderFolder: String {
        (((#filePath as NSString).deletingLastPathComponent as NSString).appendingPathComponent("../../Shaders") as NSString).standardizingPath
    }

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: shaderFolder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    static let validator = ["/usr/bin/glslangValidator", "/usr/local/bin/glslangValidator"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The full program text glslang sees for one file, and its stage.
    static func program(for file: String) throws -> (text: String, stage: String)? {
        let text = try String(contentsOfFile: shaderFolder + "/" + file, encoding: .utf8)
        switch (file as NSString).pathExtension {
        case "vert": return (text, "vert")
        case "frag":
            if text.contains("#version") { return (text, "frag") }
            guard let kind = EffectSource.kind(of: text) else { return nil }
            let prelude = try String(contentsOfFile: shaderFolder + "/glint.glsl", encoding: .utf8)
            return (EffectSource.assemble(effect: text, prelude: prelude, kind: kind), "frag")
        default: return nil  // glint.glsl is checked inside every effect
        }
    }

    @Test("the folder holds the pipeline's programs and the effects")
    func inventory() {
        for needed in ["glint.glsl", "fullscreen.vert", "sprite.vert", "sprite.frag", "harmonic.frag"] {
            #expect(Self.files.contains(needed), "Shaders/\(needed)")
        }
        #expect(Set(Self.files) == Set(ShaderSources.builtInNames), "the binary embeds exactly the files in Shaders/")
    }

    @Test("each file opens with two comment lines: what it draws and where it comes from", arguments: files)
    func header(file: String) throws {
        let lines = try String(contentsOfFile: Self.shaderFolder + "/" + file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count > 2 && lines[0].hasPrefix("// ") && lines[1].hasPrefix("// "))
    }

    @Test("glslangValidator accepts it", arguments: files)
    func glslang(file: String) throws {
        guard let validator = Self.validator else {
            Issue.record("glslangValidator is not installed; scripts/test installs it (Debian: glslang-tools)")
            return
        }
        guard let (text, stage) = try Self.program(for: file) else { return }
        let path = NSTemporaryDirectory() + "glint-validate-\(UUID().uuidString).\(stage)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: validator)
        process.arguments = [path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "Shaders/\(file): \(output)")
    }

    @Test("the driver compiles and links it")
    func driver() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let sources = ShaderSources(overrideDirectory: Self.shaderFolder)
        let renderer = try Renderer(sources: sources)
        for file in Self.files where file.hasSuffix(".frag") {
            let text = try String(contentsOfFile: Self.shaderFolder + "/" + file, encoding: .utf8)
            guard !text.contains("#version"), let kind = EffectSource.kind(of: text) else { continue }
            try renderer.prepare(ShaderEffect(function: String(file.dropLast(5)), kind: kind, arguments: [:]))
        }
        _ = try OverlayRenderer(sources: sources)
    }
}
