// EffectFile: an effect from any file Glint runs, as a package makes one (no GL, no display).

import Foundation
import Glint
import GlintCore
import GlintTestSupport
import Testing

@Suite("EffectFile: an effect from a shader file of any kind", .removesTemporaryFiles)
struct EffectFileTests {
    func write(_ text: String, _ name: String, in folder: String) throws -> String {
        let path = folder + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a Shadertoy file, an ISF file and a glslViewer file load as shaders of their tools; a SwiftUI Metal layer function as a layer effect over what is below")
    func kindsFromTheFile() throws {
        let folder = try TemporaryFiles.folder("glint-effect-file")
        let toy = try EffectFile.load(contentsOf: try write("void mainImage(out vec4 c, in vec2 p) { c = vec4(1.0); }\n", "toy.glsl", in: folder))
        #expect(toy.toolProgram?.dialect == .shadertoy)
        let isf = try EffectFile.load(contentsOf: try write("/*{ \"INPUTS\": [] }*/\nvoid main() { gl_FragColor = vec4(1.0); }\n", "flat.fs", in: folder))
        #expect(isf.toolProgram?.dialect == .isf)
        let viewer = try EffectFile.load(contentsOf: try write("void main() { gl_FragColor = vec4(1.0); }\n", "viewer.frag", in: folder))
        #expect(viewer.toolProgram?.dialect == .glslViewer)
        let metal = try EffectFile.load(contentsOf: try write("""
            #include <metal_stdlib>
            #include <SwiftUI/SwiftUI_Metal.h>
            using namespace metal;
            [[ stitchable ]] half4 shade(float2 position, SwiftUI::Layer layer, float amount) {
                return layer.sample(position) * half(amount);
            }
            """, "shade.metal", in: folder), options: EffectFile.Options(parameters: ["amount": 0.25]))
        #expect(metal.toolProgram == nil && metal.descriptor.isModifier, "a layer effect changes what is below: \(metal.descriptor)")
        #expect(metal.setting("amount") == 0.25, "the option's value is the parameter's")
    }

    @Test("what is wrong with a file or an option is one line naming it")
    func errorsAreOneLine() throws {
        let folder = try TemporaryFiles.folder("glint-effect-file-bad")
        let cases: [(String, EffectFile.Options, String)] = [
            (folder + "/missing.frag", .init(), "cannot read the effect file '\(folder)/missing.frag': no such file"),
            (try write("void f() {}\n", "plain.frag", in: folder), .init(), "defines no 'vec4 colorEffect(vec2 position, vec4 color)'"),
            (try write("void mainImage(out vec4 c, in vec2 p) { c = vec4(1.0); }\n", "t.glsl", in: folder),
             .init(textures: [.init(name: nil, path: "x.png")]), "--texture is for glslViewer and ISF shaders"),
            (try write("void mainImage(out vec4 c, in vec2 p) { c = vec4(1.0); }\n", "u.glsl", in: folder),
             .init(parameters: ["nope": 1]), "has no parameter 'nope'; it takes none"),
        ]
        for (path, options, message) in cases {
            do {
                _ = try EffectFile.load(contentsOf: path, options: options)
                Issue.record("\(path) loaded; expected: \(message)")
            } catch {
                let text = "\(error)"
                #expect(text.contains(message) && !text.contains("\n"), "\(text)")
            }
        }
    }
}
