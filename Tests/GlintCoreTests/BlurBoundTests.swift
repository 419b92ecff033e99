import Foundation
@testable import GlintCore
import Testing

/// The blur's radius bound is written once, in `EffectDeclaration.Blur.radius`: the shaders and
/// their markers take it from the pipeline's define, not a number of their own.
@Suite("The blur's bound, written once")
struct BlurBoundTests {
    static func shader(_ name: String) throws -> String {
        let folder = ((#filePath as NSString).deletingLastPathComponent as NSString).appendingPathComponent("../../Shaders")
        return try String(contentsOfFile: (folder as NSString).appendingPathComponent(name), encoding: .utf8)
    }

    @Test("blur.frag and blurOpaque.frag write no bound of their own: their σ marker's range and their clamp are the radius parameter's, through GLINT_BLUR_MAX_RADIUS",
          arguments: ["blur.frag", "blurOpaque.frag"])
    func shadersNameTheDeclaredBound(file: String) throws {
        let text = try Self.shader(file)
        let code = text.split(separator: "\n").filter { !$0.hasPrefix("//") }.joined(separator: "\n")
        #expect(!code.contains("64") && !code.contains("256"), "\(file) writes the bound as a number")
        #expect(code.contains("GLINT_BLUR_MAX_RADIUS"))
        let sigma = try #require(ShaderMarkers(parsing: text).sigma)
        #expect(sigma.range == EffectDeclaration.Blur.radius.range)
    }

    @Test("every effect program defines the bound as the radius parameter's upper end, before the prelude, its line numbers kept")
    func programsDefineIt() {
        let source = EffectSource.assemble(effect: "vec4 colorEffect(vec2 p, vec4 c) { return c; }", prelude: "// prelude", kind: .color)
        let upper = EffectDeclaration.Blur.radius.range.upperBound
        #expect(source.hasPrefix("#version 330 core\n#define GLINT_BLUR_MAX_RADIUS \(ShaderMarkers.literal(Float(upper)))\n#line 1 \(EffectSource.preludeString)\n"))
        #expect(PipelineDefines.value(named: "GLINT_BLUR_MAX_RADIUS") == upper)
        #expect(ShaderMarkers(parsing: "// glint: separable, sigma = 0.5 * radius (1…GLINT_BLUR_MAX_RADIUS)").sigma?.range == 1...upper)
    }
}
