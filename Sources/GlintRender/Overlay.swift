@preconcurrency import CEpoxy
import GlintCore

/// Draws what sits over an effect: the foreground (the seed's label and image, which let the
/// pointer through) and the window's HUD line. Fonts are rasterised once per pixel size and
/// images uploaded once, so a steady frame allocates nothing.
public final class OverlayRenderer {
    /// Layout of the seed's VStack { Spacer(); Text; Image }.padding(), in points.
    public enum Layout {
        public static let labelSize: Double = 26
        public static let imageSize: Double = 72
        public static let bottomPadding: Double = 36
        public static let spacing: Double = 14
        public static let hudSize: Double = 13
        public static let hudPadding: Double = 10
    }

    private let batch: SpriteBatch
    private let fontPath: String?
    private let context: GLContext
    private var atlases: [Int: GlyphAtlas] = [:]
    private var images: [String: (texture: GLuint, width: Int, height: Int)] = [:]
    private var missingImages: Set<String> = []
    /// Warnings to show the user once (a missing font or image); the app prints them.
    public private(set) var warnings: [String] = []

    public init(sources: ShaderSources = ShaderSources(), fontPath: String? = SystemFont.path()) throws(RenderError) {
        context = try GLContext.requireCurrent(for: "the overlay")
        batch = try SpriteBatch(sources: sources)
        self.fontPath = fontPath
        if fontPath == nil {
            warnings.append("no font found (install fonts-dejavu-core or set GLINT_FONT to a .ttf file); labels are not drawn")
        }
    }

    deinit {
        guard context.makeCurrent() else { return }
        for var image in images.values { epoxy_glDeleteTextures(1, &image.texture) }
    }

    /// Draws `foreground` over a view of `viewSize` points that fills `target`.
    public func draw(_ foreground: Foreground?, viewSize: Size, into target: Framebuffer) throws(RenderError) {
        guard let foreground, viewSize.width > 0 else { return }
        let scale = Float(Double(target.pixelWidth) / viewSize.width)
        let width = Float(target.pixelWidth)
        let height = Float(target.pixelHeight)
        var bottom = height - Float(Layout.bottomPadding) * scale
        target.bind()

        if let name = foreground.imageName, let image = image(named: name) {
            let side = Float(Layout.imageSize) * scale
            let aspect = Float(image.width) / Float(max(image.height, 1))
            let w = side * aspect
            let x0 = ((width - w) / 2).rounded()
            let y0 = (bottom - side).rounded()
            batch.begin()
            batch.quad(x0: x0, y0: y0, x1: x0 + w, y1: y0 + side, u0: 0, v0: 0, u1: 1, v1: 1)
            batch.end(texture: image.texture, tint: .white, target: target)
            bottom = y0 - Float(Layout.spacing) * scale
        }
        if let label = foreground.label, let atlas = try atlas(points: Layout.labelSize, scale: scale) {
            let x = (width - atlas.measure(label)) / 2
            let baseline = bottom - atlas.descender
            drawText(label, atlas: atlas, x: x, baseline: baseline, target: target, color: Color(red: 1, green: 1, blue: 1, alpha: 0.92))
        }
    }

    /// Draws one line of small text at the top-left (the window's effect name and frame rate).
    /// `line` 0 is the top line, 1 the one below it.
    public func drawHUD(_ text: String, line: Int = 0, viewSize: Size, into target: Framebuffer) throws(RenderError) {
        guard viewSize.width > 0 else { return }
        let scale = Float(Double(target.pixelWidth) / viewSize.width)
        guard let atlas = try atlas(points: Layout.hudSize, scale: scale) else { return }
        target.bind()
        let x = Float(Layout.hudPadding) * scale
        let lineHeight = (atlas.ascender + atlas.descender) * 1.3
        let baseline = Float(Layout.hudPadding) * scale + atlas.ascender + Float(line) * lineHeight
        drawText(text, atlas: atlas, x: x, baseline: baseline, target: target, color: Color(red: 1, green: 1, blue: 1, alpha: 0.85))
    }

    private func drawText(_ text: String, atlas: GlyphAtlas, x: Float, baseline: Float, target: Framebuffer, color: Color) {
        // A soft shadow one pixel down keeps the text readable over bright waves.
        batch.begin()
        atlas.layout(text, x: x + 1, baseline: baseline + 1, into: batch)
        batch.end(texture: atlas.texture, tint: Color(red: 0, green: 0, blue: 0, alpha: 0.6), target: target)
        batch.begin()
        atlas.layout(text, x: x, baseline: baseline, into: batch)
        batch.end(texture: atlas.texture, tint: color, target: target)
    }

    private func atlas(points: Double, scale: Float) throws(RenderError) -> GlyphAtlas? {
        guard let fontPath else { return nil }
        let pixels = max(6, Int((Float(points) * scale).rounded()))
        if let a = atlases[pixels] { return a }
        let a = try GlyphAtlas(fontPath: fontPath, pixelSize: pixels)
        atlases[pixels] = a
        return a
    }

    private func image(named name: String) -> (texture: GLuint, width: Int, height: Int)? {
        if let i = images[name] { return i }
        if missingImages.contains(name) { return nil }
        guard let bytes = ShaderSources.asset(named: name + ".png"), let image = try? PNG.image(from: bytes) else {
            missingImages.insert(name)
            warnings.append("the image '\(name).png' is missing from Assets/ or unreadable; it is not drawn")
            return nil
        }
        let entry = (Textures.upload(image, mipmaps: true), image.width, image.height)
        images[name] = entry
        return entry
    }
}
