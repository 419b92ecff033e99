import Foundation
import Testing
@testable import GlintCore
@testable import GlintRender

/// The overlay (label, icon, HUD lines and their plates) over an effect: every quad of a frame
/// goes to the GPU in one buffer upload, and the picture is the recorded one (re-recorded when the
/// plates came in; before, the goldens were the pictures drawn when each text and image had its own).
@Suite("Overlay batching", .serialized)
struct OverlayBatchTests {
    static let size = Size(width: 320, height: 240)
    static let hud = "harmonic   60 fps"
    static let help = "1-3: effect   hold: animate   Esc: quit"
    static let error = "harmonic.frag:12: error: 'wave' : undeclared identifier"

    struct Frame {
        var width: Int, height: Int, rgba: [UInt8]
        var uploads: Int
    }

    /// Draws one window-like frame: the scene with its label and icon, then the HUD's lines.
    func render(tornAt x: Double?, scale: Double) throws -> Frame {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let scene = Scene(effect: HarmonicEffect(), viewSize: Self.size, tear: x == nil ? nil : TearController())
        let drawer = try SceneRenderer()
        let events = x.map { TearRenderTests.leftDrag(to: $0) } ?? []
        Simulation.run(scene, events: events, until: 0.5)
        scene.update()
        #expect(scene.tear?.isShowing ?? false == (x != nil))
        #expect(scene.effect.foreground?.label != nil && scene.effect.foreground?.imageName != nil)
        let pixels = SceneRenderer.pixelSize(of: Self.size, scale: scale)
        let target = try RenderTarget(pixelWidth: pixels.width, pixelHeight: pixels.height)
        try drawer.draw(scene, into: target.framebuffer, hud: OverlayRenderer.HUD(top: Self.hud, second: Self.error, help: Self.help))
        try GL.checkError("drawing the overlay")
        #expect(drawer.overlay.warnings.isEmpty, "\(drawer.overlay.warnings)")
        return Frame(width: pixels.width, height: pixels.height, rgba: target.readPixels(), uploads: drawer.overlay.bufferUploadsThisFrame)
    }

    /// Compares with the recorded golden, exactly.
    func checkExactly(_ frame: Frame, named name: String) throws {
        let path = Golden.folder + "/\(name).png"
        if ProcessInfo.processInfo.environment["GLINT_RECORD_GOLDENS"] == "1" {
            try PNG.write(path, width: frame.width, height: frame.height, rgba: frame.rgba)
            Issue.record("recorded golden \(path); run again without GLINT_RECORD_GOLDENS")
            return
        }
        let stored = try PNG.read(path)
        #expect(stored.width == frame.width && stored.height == frame.height)
        let differing = zip(stored.rgba, frame.rgba).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) bytes differ from \(name).png")
    }

    @Test("label, icon and the HUD's lines over the effect: the recorded pixels, in one upload")
    func straightToTarget() throws {
        let frame = try render(tornAt: nil, scale: 2)
        #expect(frame.uploads == 1, "the frame's quads went to the GPU in \(frame.uploads) uploads")
        try checkExactly(frame, named: "overlay-harmonic-320x240@2x")
    }

    @Test("torn, the label and icon tear with the content and the HUD stays whole: the recorded pixels")
    func throughLayer() throws {
        let frame = try render(tornAt: 160, scale: 1)
        #expect(frame.uploads == 1, "the frame's quads went to the GPU in \(frame.uploads) uploads")
        try checkExactly(frame, named: "overlay-torn-320x240")
    }
}
