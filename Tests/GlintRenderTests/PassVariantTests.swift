import Foundation
import Glint
import Testing
@testable import GlintCore
@testable import GlintRender

/// The frame's last pass drawing the backdrop itself where it covers the target (no clear below
/// it), and `layerSample` without its bounds check where the layer holds nothing near the edge of
/// what may be sampled (`Renderer+Variants`): the pixels are those of the frame drawn with a clear
/// and the check, byte for byte. Each target is filled with magenta first, so a clear wrongly left
/// out shows.
@Suite("Pass variants", .serialized)
struct PassVariantTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var chain: [String]
        /// The view's rect in the 160x100 frame; nil: all of it.
        var viewRect: Rect?
        var backdrop = GlintCore.Color(red: 0.3, green: 0.55, blue: 0.8)
        /// Whether the last pass should draw the backdrop itself, and a pass read its layer unchecked.
        var overBackdrop = true
        var inside = false
        /// How far a byte may differ: 0 but for a distortion fused with affine content (the gradient's),
        /// which is within 1/255 of its layered picture (`FusionTests`).
        var tolerance = 0
        var testDescription: String {
            chain.joined(separator: ",") + (viewRect.map { " in \($0)" } ?? "") + " over \(backdrop)"
        }
    }

    static let size = Size(width: 160, height: 100)
    static let magenta = GlintCore.Color(red: 1, green: 0, blue: 1)

    static let cases: [Case] = [
        // Fused colour effects over the content: the backdrop shows nowhere, but nothing proves it.
        Case(chain: ["gradient", "checkerboard"]),
        // A distortion reading the content's layer: transparent at the edges, the backdrop shows there.
        // (Over the gradient, which is affine, the two are one pass reading no layer, within 1/255.)
        Case(chain: ["sinebow", "wave"], inside: true),
        Case(chain: ["sinebow", "wave"], backdrop: GlintCore.Color(red: 0.9, green: 0.2, blue: 0.4, alpha: 0.6), inside: true),
        Case(chain: ["gradient", "wave"], inside: true, tolerance: 1),
        Case(chain: ["gradient", "wave"], backdrop: GlintCore.Color(red: 0.9, green: 0.2, blue: 0.4, alpha: 0.6), inside: true, tolerance: 1),
        // Translucent everywhere the dissolve burns: the compositing's rounding matters.
        Case(chain: ["gradient", "dissolve"]),
        Case(chain: ["harmonic", "dissolve"], backdrop: GlintCore.Color(red: 0.07, green: 0.07, blue: 0.09)),
        // Over opaque black the last pass writes its colour with alpha 1, rounded by the target alone.
        Case(chain: ["gradient", "dissolve"], backdrop: GlintCore.Color(red: 0, green: 0, blue: 0)),
        Case(chain: ["harmonic", "dissolve"], backdrop: GlintCore.Color(red: 0, green: 0, blue: 0)),
        Case(chain: ["sinebow", "wave"], backdrop: GlintCore.Color(red: 0, green: 0, blue: 0), inside: true),
        Case(chain: ["gradient", "blur"], backdrop: GlintCore.Color(red: 0, green: 0, blue: 0)),
        // The blur's second pass into the target, fading at the edges.
        Case(chain: ["gradient", "blur"]),
        Case(chain: ["harmonic", "wave", "blur"], inside: true),
        // A distortion after another layer pass: its layer reaches the edge, so the check stays.
        Case(chain: ["gradient", "blur", "wave"]),
        // Content that does not cover the frame: the clear stays.
        Case(chain: ["sinebow", "wave"], viewRect: Rect(x: 12, y: 8, width: 120, height: 70), overBackdrop: false, inside: true),
        Case(chain: ["gradient", "wave"], viewRect: Rect(x: 12, y: 8, width: 120, height: 70), overBackdrop: false, inside: true,
             tolerance: 1),
        Case(chain: ["gradient", "checkerboard"], viewRect: Rect(x: 12, y: 8, width: 120, height: 70), overBackdrop: false),
    ]

    /// The frame of `c` at t = 0.75 s into a target filled with magenta, drawn with the variants
    /// (`fuses`) or without; and how many passes used each.
    func render(_ c: Case, fuses: Bool) throws -> (rgba: [UInt8], over: Int, inside: Int) {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let effects = c.chain.map { EffectRegistry.entry(named: $0)!.make() }
        let renderer = try Renderer()
        renderer.fuses = fuses
        renderer.backdrop = c.backdrop
        ChainFrames.run(effects, until: 0.75, size: c.viewRect?.size ?? Self.size)
        let target = try RenderTarget(pixelWidth: Int(Self.size.width), pixelHeight: Int(Self.size.height))
        target.framebuffer.bind()
        renderer.clear(to: Self.magenta)
        var graph = FrameGraph(viewRect: c.viewRect ?? Rect(size: Self.size), scale: 1, backdrop: c.backdrop,
                               baseColor: renderer.baseColor, content: effects[0].pass.value)
        graph.effects = effects.dropFirst().map(\.pass.value)
        try renderer.render(graph, into: target.framebuffer)
        try GL.checkError("rendering \(c.chain)")
        return (target.readPixels(), renderer.drawnOverBackdrop, renderer.drawnInside)
    }

    @Test("a last pass drawing the backdrop, and layerSample unchecked, draw the pixels of a clear and the check", arguments: cases)
    func samePixels(_ c: Case) throws {
        let with = try render(c, fuses: true)
        let without = try render(c, fuses: false)
        #expect(without.over == 0 && without.inside == 0)
        #expect((with.over > 0) == c.overBackdrop, "passes drawn over the backdrop: \(with.over)")
        #expect((with.inside > 0) == c.inside, "passes reading their layer unchecked: \(with.inside)")
        Self.expectSame(with.rgba, without.rgba, tolerance: c.tolerance)
        // No magenta left: the backdrop is everywhere below.
        var magenta = 0
        for i in stride(from: 0, to: with.rgba.count, by: 4)
        where with.rgba[i] == 255 && with.rgba[i + 1] == 0 && with.rgba[i + 2] == 255 { magenta += 1 }
        #expect(magenta == 0, "\(magenta) magenta pixels")
    }

    /// The app's view (the chain with its label and icon, or the controls docked beside it) drawn
    /// by a `ViewRenderer` into a target filled with magenta: the first graph draws the backdrop
    /// itself when it covers the frame.
    func appFrame(_ chain: [String], showsControls: Bool, fuses: Bool) throws -> [UInt8] {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let effects = chain.map { EffectRegistry.entry(named: $0)!.make() }
        let driver = FrameDriver(backdrop: Glint.Color(ChainFrames.defaultBackdrop))
        let view = ChainFrames.AppLike(effects: effects, tear: nil, showsForeground: true, showsControls: showsControls, hud: nil)
        let size = CGSize(width: showsControls ? 480 : 320, height: 200)
        driver.update(view, in: size)
        _ = driver.advance(to: 0.5)
        driver.update(view, in: size)
        let renderer = try ViewRenderer()
        renderer.renderer.fuses = fuses
        let target = try RenderTarget(pixelWidth: Int(size.width), pixelHeight: Int(size.height))
        target.framebuffer.bind()
        renderer.renderer.clear(to: Self.magenta)
        try renderer.draw(driver.resolved, into: target.framebuffer)
        if let error = driver.resolved.errors.first { throw error }
        return target.readPixels()
    }

    @Test("the app's frame draws the same pixels with its backdrop drawn by the chain's last pass",
          arguments: [(["gradient", "wave"], false), (["gradient", "dissolve"], false), (["gradient", "wave"], true)])
    func appPixels(_ chain: [String], _ showsControls: Bool) throws {
        let with = try appFrame(chain, showsControls: showsControls, fuses: true)
        let without = try appFrame(chain, showsControls: showsControls, fuses: false)
        // The gradient's wave is one pass reading no layer where fusion is on: within 1/255.
        Self.expectSame(with, without, tolerance: chain == ["gradient", "wave"] ? 1 : 0)
    }

    static func expectSame(_ a: [UInt8], _ b: [UInt8], tolerance: Int = 0, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(a.count == b.count, sourceLocation: sourceLocation)
        // Counted first: an expectation over two large arrays reports slowly.
        var differing = 0, worst = 0
        for i in 0..<min(a.count, b.count) where a[i] != b[i] {
            differing += 1
            worst = max(worst, abs(Int(a[i]) - Int(b[i])))
        }
        if tolerance == 0 {
            #expect(differing == 0, "\(differing) bytes differ, by up to \(worst)", sourceLocation: sourceLocation)
        } else {
            #expect(worst <= tolerance, "\(differing) bytes differ, by up to \(worst)", sourceLocation: sourceLocation)
        }
        #expect(Set(a).count > 2, "a blank frame", sourceLocation: sourceLocation)
    }
}
