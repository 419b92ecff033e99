import GlintCore

/// Draws a whole `Scene`: its passes through the `Renderer`, with the effect's foreground over
/// the content (so a tear tears the label too). The window and `glint render` both use it.
public final class SceneRenderer {
    public let renderer: Renderer
    public let overlay: OverlayRenderer
    /// Whether the effect's foreground (label, image) is drawn.
    public var showsForeground = true

    /// Needs a current OpenGL 3.3 core context.
    public init(sources: ShaderSources = ShaderSources()) throws(RenderError) {
        renderer = try Renderer(sources: sources)
        overlay = try OverlayRenderer(sources: sources)
    }

    /// Compiles every pass of `scene` now, so a broken shader is reported before the first frame.
    public func prepare(_ scene: Scene) throws(RenderError) {
        for pass in scene.passes { try renderer.prepare(pass) }
    }

    /// Draws the scene's current frame (call `scene.update()` first) into `target`, which shows
    /// the scene's whole frame (`canvasSize`): the effect in its view, the `hud` over the view, and
    /// the scene's controls (while shown) docked beside it. Every quad of the overlay goes to the
    /// GPU in one upload.
    public func draw(_ scene: Scene, into target: Framebuffer, hud: OverlayRenderer.HUD = OverlayRenderer.HUD()) throws(RenderError) {
        let foreground = showsForeground ? scene.effect.foreground : nil
        let overlay = self.overlay
        let viewRect = scene.viewRect
        let frame = try overlay.prepareFrame(foreground: foreground, hud: hud, controls: scene.controls, viewSize: scene.canvasSize,
                                             viewRect: viewRect, target: target)
        try renderer.render(scene.passes, viewRect: viewRect, frameSize: scene.canvasSize, into: target) { (fb: Framebuffer) throws(RenderError) in
            overlay.draw(frame.foreground, into: fb)
        }
        overlay.draw(frame.hud, into: target)
        overlay.draw(frame.controls, into: target)
    }

    /// Renders the scene's whole frame offscreen at `scale` pixels per point and reads the pixels back
    /// (RGBA8, rows from the top).
    public func snapshot(_ scene: Scene, scale: Double) throws(RenderError) -> (width: Int, height: Int, rgba: [UInt8]) {
        let target = try render(scene, scale: scale)
        return (target.framebuffer.pixelWidth, target.framebuffer.pixelHeight, target.readPixels())
    }

    /// Renders the scene offscreen at `scale` pixels per point and keeps the pixels on the GPU
    /// side, for `PNG.write(framebuffer:to:)` to stream out a strip at a time.
    public func render(_ scene: Scene, scale: Double) throws(RenderError) -> RenderTarget {
        let size = Self.pixelSize(of: scene.canvasSize, scale: scale)
        let target = try RenderTarget(pixelWidth: size.width, pixelHeight: size.height)
        try draw(scene, into: target.framebuffer)
        try GL.checkError("rendering \(scene.effect.descriptor.name)")
        return target
    }

    /// The framebuffer size for a view of `viewSize` points at `scale`.
    public static func pixelSize(of viewSize: Size, scale: Double) -> (width: Int, height: Int) {
        (max(1, Int((viewSize.width * scale).rounded())), max(1, Int((viewSize.height * scale).rounded())))
    }
}
