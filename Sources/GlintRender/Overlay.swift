@preconcurrency import CEpoxy
import GlintCore

/// Draws what sits over an effect: the foreground (the seed's label and image, which let the
/// pointer through), the window's HUD lines and its controls panel. Fonts are rasterised once per
/// pixel size and images uploaded once, so a steady frame allocates nothing.
///
/// A frame's quads are laid out and uploaded together (`prepareFrame`), then drawn part by part
/// (`draw(_:into:)`): the foreground into the content's target, the HUD and the controls later
/// over the whole window. Writing one buffer between draws that read it would make a GPU driver wait or copy.
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

    let batch: SpriteBatch
    /// Runs a frame may have without growing the array: image, label and its shadow, two HUD lines
    /// and their shadows, the controls' shapes and texts, with room to spare.
    private static let maxRuns = 16
    private let fontPath: String?
    private let context: GLContext
    private var atlases: [Int: GlyphAtlas] = [:]
    /// The anti-aliased disc the controls' rounded shapes are cut from; made on first use.
    var discTexture: GLuint = 0
    private var images: [String: (texture: GLuint, width: Int, height: Int)] = [:]
    private var missingImages: Set<String> = []
    /// Warnings to show the user once (a missing font or image); the app prints them.
    public private(set) var warnings: [String] = []

    public init(sources: ShaderSources = ShaderSources(), fontPath: String? = SystemFont.path()) throws(RenderError) {
        context = try GLContext.requireCurrent(for: "the overlay")
        batch = try SpriteBatch(sources: sources)
        self.fontPath = fontPath
        runs.reserveCapacity(Self.maxRuns)
        if fontPath == nil {
            warnings.append("no font found (install fonts-dejavu-core or set GLINT_FONT to a .ttf file); labels are not drawn")
        }
    }

    deinit {
        guard context.makeCurrent() else { return }
        for var image in images.values { epoxy_glDeleteTextures(1, &image.texture) }
        if discTexture != 0 { epoxy_glDeleteTextures(1, &discTexture) }
    }

    /// The window's HUD: up to two lines of small text at the top-left (the effect's name and frame
    /// rate, a shader error). A nil line is not drawn but keeps its place.
    public struct HUD: Sendable {
        /// The top line.
        public var top: String?
        /// The line below it.
        public var second: String?

        public init(top: String? = nil, second: String? = nil) {
            self.top = top
            self.second = second
        }
    }

    /// A part of a prepared frame's quads (the foreground, or the HUD), drawn with `draw(_:into:)`.
    public struct Batch: Equatable, Sendable {
        fileprivate var firstRun = 0
        fileprivate var runCount = 0
        /// Nothing to draw.
        public static let empty = Batch()
        /// Whether it draws nothing (no quad, no draw call).
        public var isEmpty: Bool { runCount == 0 }
    }

    /// What `prepareFrame` laid out: the foreground, drawn with the content (so a tear tears it too),
    /// and the HUD and the controls, drawn over everything.
    public struct PreparedFrame: Equatable, Sendable {
        public var foreground: Batch
        public var hud: Batch
        /// Empty while the controls are hidden: they cost no quad and no draw.
        public var controls: Batch = .empty
    }

    /// Quads drawn with one texture and tint.
    struct Run {
        var first: Int
        var count: Int
        var texture: GLuint
        var tint: Color
    }

    var runs: [Run] = []

    /// Vertex-buffer uploads since the last `prepareFrame`: one for a frame with anything to draw.
    public var bufferUploadsThisFrame: Int { batch.uploads }

    /// Lays out every quad of a frame, the foreground over a view of `viewSize` points that fills
    /// `target`, the HUD's lines and the controls (when given and visible), and uploads them to the
    /// GPU at once. Then draw each part with `draw(_:into:)`, into `target` or a target of its size
    /// (an offscreen layer).
    public func prepareFrame(foreground: Foreground?, hud: HUD = HUD(), controls: ControlsPanel? = nil, viewSize: Size,
                             target: Framebuffer) throws(RenderError) -> PreparedFrame {
        batch.begin()
        runs.removeAll(keepingCapacity: true)
        guard viewSize.width > 0 else { return PreparedFrame(foreground: .empty, hud: .empty) }
        let scale = Float(Double(target.pixelWidth) / viewSize.width)
        var first = runs.count
        if let foreground { try layOut(foreground, scale: scale, target: target) }
        let foregroundBatch = Batch(firstRun: first, runCount: runs.count - first)
        first = runs.count
        if let line = hud.top { try layOutHUD(line, line: 0, scale: scale) }
        if let line = hud.second { try layOutHUD(line, line: 1, scale: scale) }
        let hudBatch = Batch(firstRun: first, runCount: runs.count - first)
        first = runs.count
        if let controls, controls.isVisible { try layOut(controls, scale: scale) }
        let controlsBatch = Batch(firstRun: first, runCount: runs.count - first)
        batch.upload()
        return PreparedFrame(foreground: foregroundBatch, hud: hudBatch, controls: controlsBatch)
    }

    /// Draws a part of the frame prepared last into `target`.
    public func draw(_ part: Batch, into target: Framebuffer) {
        guard part.runCount > 0 else { return }
        target.bind()
        batch.bindState(target: target)
        var i = part.firstRun
        while i < part.firstRun + part.runCount {  // an index loop: no iterator allocations in debug builds
            let run = runs[i]
            batch.draw(first: run.first, count: run.count, texture: run.texture, tint: run.tint)
            i += 1
        }
        batch.unbindState()
    }

    /// The seed's label and image, centred at the bottom.
    private func layOut(_ foreground: Foreground, scale: Float, target: Framebuffer) throws(RenderError) {
        let width = Float(target.pixelWidth)
        let height = Float(target.pixelHeight)
        var bottom = height - Float(Layout.bottomPadding) * scale

        if let name = foreground.imageName, let image = image(named: name) {
            let side = Float(Layout.imageSize) * scale
            let aspect = Float(image.width) / Float(max(image.height, 1))
            let w = side * aspect
            let x0 = ((width - w) / 2).rounded()
            let y0 = (bottom - side).rounded()
            let first = batch.vertexCount
            batch.quad(x0: x0, y0: y0, x1: x0 + w, y1: y0 + side, u0: 0, v0: 0, u1: 1, v1: 1)
            addRun(from: first, texture: image.texture, tint: .white)
            bottom = y0 - Float(Layout.spacing) * scale
        }
        if let label = foreground.label, let atlas = try atlas(points: Layout.labelSize, scale: scale) {
            let x = (width - atlas.measure(label)) / 2
            let baseline = bottom - atlas.descender
            layOutText(label, atlas: atlas, x: x, baseline: baseline, color: Color(red: 1, green: 1, blue: 1, alpha: 0.92))
        }
    }

    /// One line of small text at the top-left; `line` 0 is the top line, 1 the one below it.
    private func layOutHUD(_ text: String, line: Int, scale: Float) throws(RenderError) {
        guard let atlas = try atlas(points: Layout.hudSize, scale: scale) else { return }
        let x = Float(Layout.hudPadding) * scale
        let lineHeight = (atlas.ascender + atlas.descender) * 1.3
        let baseline = Float(Layout.hudPadding) * scale + atlas.ascender + Float(line) * lineHeight
        layOutText(text, atlas: atlas, x: x, baseline: baseline, color: Color(red: 1, green: 1, blue: 1, alpha: 0.85))
    }

    private func layOutText(_ text: String, atlas: GlyphAtlas, x: Float, baseline: Float, color: Color) {
        // A soft shadow one pixel down keeps the text readable over bright waves.
        var first = batch.vertexCount
        atlas.layout(text, x: x + 1, baseline: baseline + 1, into: batch)
        addRun(from: first, texture: atlas.texture, tint: Color(red: 0, green: 0, blue: 0, alpha: 0.6))
        first = batch.vertexCount
        atlas.layout(text, x: x, baseline: baseline, into: batch)
        addRun(from: first, texture: atlas.texture, tint: color)
    }

    /// Records the quads laid out since vertex `first` as one run.
    func addRun(from first: Int, texture: GLuint, tint: Color) {
        let count = batch.vertexCount - first
        guard count > 0 else { return }
        runs.append(Run(first: first, count: count, texture: texture, tint: tint))
    }

    func atlas(points: Double, scale: Float) throws(RenderError) -> GlyphAtlas? {
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
