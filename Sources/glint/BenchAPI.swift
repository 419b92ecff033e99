import CAllocCounter
@preconcurrency import CEpoxy
import Foundation
import Glint
import class GlintCore.HarmonicEffect
import class GlintRender.Renderer
import struct GlintRender.Framebuffer

/// `glint bench --api`: the chain `harmonic,wave,blur` written as a Glint view, as a user of the
/// library would, and rebuilt from scratch every frame (SwiftUI's `body` re-evaluated):
/// `EffectView(harmonic).distortionEffect(wave…).layerEffect(blur…)`, resolved into a frame graph
/// and drawn. Allocations are counted in two parts: building the view value (the argument
/// arrays a call like `ShaderLibrary.wave(…)` makes, in the caller's code, as in SwiftUI), and
/// everything Glint does with it (resolving, drawing).
final class APIBench {
    private let harmonic = HarmonicEffect()
    private let renderer: Renderer
    private var resolved = ResolvedView()
    private let size: CGSize
    private let scale: CGFloat

    /// The view's name in the bench's report.
    static let name = "harmonic,wave,blur as a Glint view rebuilt every frame (--api)"

    init(width: Double, height: Double, scale: Double) throws {
        renderer = try Renderer()
        size = CGSize(width: width, height: height)
        self.scale = CGFloat(scale)
    }

    /// The view at `time` seconds, built afresh.
    private func view(time: Double) -> some View {
        EffectView(harmonic)
            .distortionEffect(ShaderLibrary.wave(.boundingRect, .float(time), .float(12), .float(6)),
                              maxSampleOffset: CGSize(width: 6, height: 6))
            .layerEffect(ShaderLibrary.blur(.float(8)), maxSampleOffset: CGSize(width: 8, height: 8))
    }

    /// Advances the effect by `dt`, builds the view and draws it into `target`, finished. Counts
    /// allocations: returns those of building the view; the caller's count (begun here) holds
    /// Glint's.
    func frame(time: Double, dt: Double, into target: Framebuffer) throws -> UInt64 {
        glint_alloc_counting_begin()
        let view = view(time: time)
        let building = glint_alloc_counting_end()
        glint_alloc_counting_begin()
        harmonic.advance(by: dt)
        resolved.update(view, in: size, scale: scale)
        try renderer.render(resolved.graph, into: target)
        epoxy_glFinish()
        return building
    }
}
