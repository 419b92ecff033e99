import Foundation
import GlintTestSupport
import Testing
@testable import GlintCore
@testable import GlintRender

/// An opaque content pass is drawn with no clear below it and no blending: right only if every
/// pixel it draws has alpha 1, and it leaves nothing of what the target held before.
@Suite("Opaque content", .serialized, .removesTemporaryFiles)
struct OpaqueContentTests {
    static let size = Size(width: 160, height: 90)

    func draw(_ passes: [ShaderEffect], over previous: [ShaderEffect]? = nil, renderer: Renderer, target: RenderTarget) throws -> [UInt8] {
        if let previous { try renderer.render(previous, size: Self.size, into: target.framebuffer) }
        try renderer.render(passes, size: Self.size, into: target.framebuffer)
        try GL.checkError("test render")
        return target.readPixels()
    }

    @Test("the effects that declare themselves opaque draw alpha 1 at every pixel, at rest and held")
    func declaredOpaqueIsOpaque() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let renderer = try Renderer()
        let target = try RenderTarget(pixelWidth: 160, pixelHeight: 90)
        for held in [false, true] {
            for effect in [HarmonicEffect(), WaveformEffect(), PrismEffect()] as [any Effect] {
                #expect(effect.pass.isOpaque)
                let events = held ? [PointerEvent(.down, Point(x: 80, y: 45), at: 0.1)] : []
                ChainFrames.run([effect], until: 0.6, events: events, size: Self.size)
                let rgba = try draw([effect.pass], renderer: renderer, target: target)
                let transparent = stride(from: 3, to: rgba.count, by: 4).filter { rgba[$0] != 255 }.count
                #expect(transparent == 0, "\(effect.descriptor.name)\(held ? " held" : ""): \(transparent) pixels not opaque")
            }
        }
    }

    @Test("drawn over an earlier frame, opaque content shows nothing of it, as if cleared first")
    func noClearNeeded() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let folder = try PipelineTests.shaderFolder(["red.frag": """
            // Test colour effect: paints the view red.
            vec4 colorEffect(vec2 position, vec4 color) { return vec4(1.0, 0.0, 0.0, 1.0); }
            """])
        let renderer = try Renderer(sources: ShaderSources(overrideDirectory: folder))
        for effect in [HarmonicEffect(), WaveformEffect(), PrismEffect()] as [any Effect] {
            ChainFrames.run([effect], until: 0.5, size: Self.size)
            let fresh = try draw([effect.pass], renderer: renderer, target: try RenderTarget(pixelWidth: 160, pixelHeight: 90))
            let red = ShaderEffect(function: "red", kind: .color, arguments: [:])
            let over = try draw([effect.pass], over: [red], renderer: renderer, target: try RenderTarget(pixelWidth: 160, pixelHeight: 90))
            #expect(over == fresh, "\(effect.descriptor.name) over a red frame differs from one over nothing")
        }
    }

    @Test("a custom effect file is not assumed opaque")
    func customIsNotOpaque() throws {
        #expect(try !CustomEffect.fragment(function: "custom", fileName: "custom.frag").pass.isOpaque)
    }
}
