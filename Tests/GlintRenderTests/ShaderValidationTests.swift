import Foundation
import GlintTestSupport
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

    /// The full program text glslang sees for one file, and its stage.
    static func program(for file: String) throws -> (text: String, stage: String)? {
        var text = try String(contentsOfFile: shaderFolder + "/" + file, encoding: .utf8)
        // A built-in shader may include another of the folder (`#include "meshGradient.frag"`): put in
        // its place, as the pipeline puts it.
        text = try text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.hasPrefix("#include \""), let name = line.split(separator: "\"").dropFirst().first else { return String(line) }
            return try String(contentsOfFile: shaderFolder + "/" + name, encoding: .utf8)
        }.joined(separator: "\n")
        switch (file as NSString).pathExtension {
        case "vert": return (text, "vert")
        case "frag":
            if text.contains("#version") { return (text, "frag") }
            let prelude = try String(contentsOfFile: shaderFolder + "/glint.glsl", encoding: .utf8)
            if let positional = try positional(file: file, text: text) {
                return (EffectSource.assemble(effect: text, prelude: prelude, main: positional.main), "frag")
            }
            guard let kind = EffectSource.kind(of: text) else { return nil }
            return (EffectSource.assemble(effect: text, prelude: prelude, kind: kind), "frag")
        default: return nil  // glint.glsl is checked inside every effect
        }
    }

    /// A file that defines a function named after itself takes positional arguments: its kind
    /// and arguments follow from its parameters, and the pipeline generates the `main`.
    static func positional(file: String, text: String) throws -> (kind: ShaderEffect.Kind, arguments: [ShaderArgument], main: String)? {
        let function = String(file.dropLast(5))
        guard ShaderSignature.definedFunctions(in: text).contains(function) else { return nil }
        let signature = try ShaderSignature.parse(source: text, function: function, file: file)
        let kind: ShaderEffect.Kind
        if signature.returnType == .vec2 {
            kind = .distortion(maxSampleOffset: .zero)
        } else if signature.parameters.count > 1 && signature.parameters[1].type == .layer {
            kind = .layer(maxSampleOffset: .zero)
        } else {
            kind = .color
        }
        var arguments: [ShaderArgument] = []
        var rest = Array(signature.parameters.dropFirst(kind == .color || kind.readsLayer && signature.returnType != .vec2 ? 2 : 1))
        while let p = rest.first {
            rest.removeFirst()
            switch (p.type, p.arrayLength) {
            case (.float, nil): arguments.append(.float(0))
            case (.vec2, nil): arguments.append(.float2(0, 0))
            case (.vec3, nil): arguments.append(.float3(0, 0, 0))
            case (.vec4, nil): arguments.append(.float4(0, 0, 0, 0))
            case (.sampler2D, nil): arguments.append(.image(Image(width: 1, height: 1, pixels: [0, 0, 0, 0])))
            case (.float, _): arguments.append(.floatArray([])); rest.removeFirst()
            case (.vec4, _): arguments.append(.colorArray([])); rest.removeFirst()
            case (.uint, _): arguments.append(.data([])); rest.removeFirst()
            default: Issue.record("Shaders/\(file): parameter '\(p.name)' of type \(p.typeDescription) takes no argument Glint has")
            }
        }
        let bindings = try signature.bind(arguments.map(\.kind), kind: kind.signatureKind, maxTextureUnits: 15)
        return (kind, arguments, signature.mainSource(kind: kind.signatureKind, bindings: bindings))
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
        guard Glslang.path != nil else {
            Issue.record("glslangValidator is not installed; scripts/test installs it (Debian: glslang-tools)")
            return
        }
        guard let (text, stage) = try Self.program(for: file) else { return }
        let result = try Glslang.validate(text, stage: stage)
        #expect(result.status == 0, "Shaders/\(file): \(result.output)")
    }

    @Test("the driver compiles and links it")
    func driver() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let sources = ShaderSources(overrideDirectory: Self.shaderFolder)
        let renderer = try Renderer(sources: sources)
        for file in Self.files where file.hasSuffix(".frag") {
            let text = try String(contentsOfFile: Self.shaderFolder + "/" + file, encoding: .utf8)
            guard !text.contains("#version") else { continue }
            if let positional = try Self.positional(file: file, text: text) {
                try renderer.prepare(ShaderEffect(function: String(file.dropLast(5)), kind: positional.kind, positional: positional.arguments))
                continue
            }
            guard let kind = EffectSource.kind(of: text) else { continue }
            try renderer.prepare(ShaderEffect(function: String(file.dropLast(5)), kind: kind, arguments: [:]))
        }
        // The sprite program, which draws the text and the shapes' coverage.
        _ = try SpriteBatch(sources: sources)
    }
}
