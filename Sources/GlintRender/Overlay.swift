@preconcurrency import CEpoxy
import GlintCore

/// Draws what sits over an effect: the foreground (the seed's label and image, which let the
/// pointer through), the window's HUD lines and notice, and its controls panel. Texts over the
/// effect sit on translucent dark plates, so they read over a glow turned white. Fonts are
/// rasterised once per pixel size and images uploaded once, so a steady frame allocates nothing.
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
        /// Line spacing of the HUD, as a multiple of its font's height.
        public static let hudLineSpacing: Double = 1.3
        /// Size of the notice centred over the view (points).
        public static let noticeSize: Double = 18
        /// Space between a text and the edge of its plate, across and down (points).
        public static let platePadding = Size(width: 8, height: 5)
        public static let noticePadding = Size(width: 18, height: 12)
        /// Corner radius of the HUD's and the notice's plates (points); the label's is a pill.
        public static let plateRadius: Double = 6
        /// The plates: black, translucent enough to let the effect show, dark enough that white
        /// text over a white glow keeps a contrast of over 100 levels of 255.
        public static let plate = Color(red: 0, green: 0, blue: 0, alpha: 0.55)
        public static let noticePlate = Color(red: 0, green: 0, blue: 0, alpha: 0.65)
        /// The one-pixel shadow under every text.
        public static let shadow = Color(red: 0, green: 0, blue: 0, alpha: 0.6)
        public static let labelColor = Color(red: 1, green: 1, blue: 1, alpha: 0.92)
        public static let hudColor = Color(red: 1, green: 1, blue: 1, alpha: 0.88)
        public static let noticeColor = Color(red: 1, green: 1, blue: 1, alpha: 1)
    }

    let batch: SpriteBatch
    /// Runs a frame may have without growing the array: image, label and its plate, the HUD's
    /// plate and text, the notice's, the controls' shapes and texts, with room to spare.
    private static let maxRuns = 24
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
        context.perform {
            for var image in images.values { epoxy_glDeleteTextures(1, &image.texture) }
            if discTexture != 0 { epoxy_glDeleteTextures(1, &discTexture) }
        }
    }

    /// The window's HUD: small text at the top-left of the effect's view, on one translucent
    /// plate (the effect's name and frame rate, a shader error, the keys), and a notice centred
    /// over the view. Lines break only between items, which are separated by two or more spaces,
    /// to fit the view's width; a nil part takes no room.
    public struct HUD: Sendable {
        /// The top line.
        public var top: String?
        /// The line below it.
        public var second: String?
        /// The help below those: items like "C: controls" separated by two or more spaces.
        public var help: String?
        /// A larger line centred over the view, on its own plate ("Press R to bring the view back").
        public var notice: String?

        public init(top: String? = nil, second: String? = nil, help: String? = nil, notice: String? = nil) {
            self.top = top
            self.second = second
            self.help = help
            self.notice = notice
        }
    }

    /// A part of a prepared frame's quads (the foreground, or the HUD), drawn with `draw(_:into:)`.
    public struct Batch: Equatable, Sendable {
        fileprivate var firstRun = 0
        fileprivate var runCount = 0
        /// The pixels it is drawn within (the controls' panel, whose rows scroll), or nil for all.
        fileprivate var clip: PixelBox?
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

    /// A rectangle of pixels from the target's top-left.
    struct PixelBox: Equatable, Sendable {
        var x: Int, y: Int, width: Int, height: Int
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

    /// Lays out every quad of a frame in a frame of `viewSize` points that fills `target` (the
    /// window): the foreground over the effect's view at `viewRect` (nil: the whole frame), the
    /// HUD's lines at the view's top-left and its notice at the view's centre, and the controls
    /// (when given and visible); then uploads them to the GPU at once. Draw each part with
    /// `draw(_:into:)`: the foreground into the view's part of `target` or a layer of its size, the
    /// rest into `target`.
    public func prepareFrame(foreground: Foreground?, hud: HUD = HUD(), controls: ControlsPanel? = nil, viewSize: Size,
                             viewRect: Rect? = nil, target: Framebuffer) throws(RenderError) -> PreparedFrame {
        batch.begin()
        runs.removeAll(keepingCapacity: true)
        guard viewSize.width > 0 else { return PreparedFrame(foreground: .empty, hud: .empty) }
        let scale = Float(Double(target.pixelWidth) / viewSize.width)
        // The view in the target's pixels, its edges rounded as the renderer rounds them.
        var view = PixelBox(x: 0, y: 0, width: target.pixelWidth, height: target.pixelHeight)
        if let r = viewRect, r != Rect(size: viewSize) {
            let s = Double(scale)
            let x0 = Int((r.minX * s).rounded()), y0 = Int((r.minY * s).rounded())
            view = PixelBox(x: x0, y: y0, width: max(1, Int((r.maxX * s).rounded()) - x0), height: max(1, Int((r.maxY * s).rounded()) - y0))
        }
        var first = runs.count
        if let foreground { try layOut(foreground, scale: scale, width: Float(view.width), height: Float(view.height)) }
        let foregroundBatch = Batch(firstRun: first, runCount: runs.count - first)
        first = runs.count
        try layOutHUD(hud, scale: scale, view: view)
        if let notice = hud.notice { try layOutNotice(notice, scale: scale, view: view) }
        let hudBatch = Batch(firstRun: first, runCount: runs.count - first)
        first = runs.count
        var clip: PixelBox?
        if let controls, controls.isVisible { clip = try layOut(controls, scale: scale) }
        let controlsBatch = Batch(firstRun: first, runCount: runs.count - first, clip: clip)
        batch.upload()
        return PreparedFrame(foreground: foregroundBatch, hud: hudBatch, controls: controlsBatch)
    }

    /// Draws a part of the frame prepared last into `target`.
    public func draw(_ part: Batch, into target: Framebuffer) {
        guard part.runCount > 0 else { return }
        target.bind()
        batch.bindState(target: target)
        if let clip = part.clip {
            // Scissor boxes count from the bottom-left; the clip from the top-left.
            epoxy_glEnable(GLenum(GL_SCISSOR_TEST))
            epoxy_glScissor(GLint(target.originX + clip.x), GLint(target.originY + target.pixelHeight - clip.y - clip.height),
                            GLsizei(max(clip.width, 0)), GLsizei(max(clip.height, 0)))
        }
        var i = part.firstRun
        while i < part.firstRun + part.runCount {  // an index loop: no iterator allocations in debug builds
            let run = runs[i]
            batch.draw(first: run.first, count: run.count, texture: run.texture, tint: run.tint)
            i += 1
        }
        if part.clip != nil { epoxy_glDisable(GLenum(GL_SCISSOR_TEST)) }
        batch.unbindState()
    }

    /// The seed's label and image, centred at the bottom of a view of `width`x`height` pixels;
    /// the label on a translucent pill, so it reads over a white glow.
    private func layOut(_ foreground: Foreground, scale: Float, width: Float, height: Float) throws(RenderError) {
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
            let textWidth = atlas.measure(label)
            let x = (width - textWidth) / 2
            let baseline = bottom - atlas.descender
            let pad = Layout.platePadding
            let top = baseline - atlas.ascender - Float(pad.height) * scale
            let bottom = baseline + atlas.descender + Float(pad.height) * scale
            let first = batch.vertexCount
            roundedRect((x - Float(pad.width) * scale - (bottom - top) / 2).rounded(), top.rounded(),
                        (x + textWidth + Float(pad.width) * scale + (bottom - top) / 2).rounded(), bottom.rounded(),
                        radius: ((bottom - top) / 2).rounded(), color: Layout.plate)
            addRun(from: first, texture: disc(), tint: .white)
            layOutText(Substring(label), atlas: atlas, x: x, baseline: baseline, color: Layout.labelColor)
        }
    }

    /// The HUD's lines at the view's top-left, wrapped to its width, on one plate: the top line,
    /// the second, then the help.
    private func layOutHUD(_ hud: HUD, scale: Float, view: PixelBox) throws(RenderError) {
        guard hud.top != nil || hud.second != nil || hud.help != nil,
              let atlas = try atlas(points: Layout.hudSize, scale: scale) else { return }
        let padding = Float(Layout.hudPadding) * scale
        let x = Float(view.x) + padding
        let maxWidth = Float(view.width) - 2 * padding
        let lineHeight = ((atlas.ascender + atlas.descender) * Float(Layout.hudLineSpacing)).rounded()
        let firstBaseline = Float(view.y) + padding + atlas.ascender
        // The texts first, in one run; then the plate their extent asks for, drawn before them.
        let textFirst = batch.vertexCount
        var lines = 0
        var widest: Float = 0
        var part = 0
        while part < 3 {  // the parts in order, with no array of them to allocate
            defer { part += 1 }
            guard let text = part == 0 ? hud.top : part == 1 ? hud.second : hud.help else { continue }
            forEachLine(of: text, atlas: atlas, maxWidth: maxWidth) { line, width in
                layOutText(line, atlas: atlas, x: x, baseline: firstBaseline + Float(lines) * lineHeight, color: Layout.hudColor, run: false)
                widest = max(widest, width)
                lines += 1
            }
        }
        let textEnd = batch.vertexCount
        guard lines > 0 else { return }
        let pad = Layout.platePadding
        let plateFirst = batch.vertexCount
        roundedRect((x - Float(pad.width) * scale).rounded(), (firstBaseline - atlas.ascender - Float(pad.height) * scale).rounded(),
                    (x + widest + Float(pad.width) * scale).rounded(),
                    (firstBaseline + Float(lines - 1) * lineHeight + atlas.descender + Float(pad.height) * scale).rounded(),
                    radius: (Float(Layout.plateRadius) * scale).rounded(), color: Layout.plate)
        addRun(from: plateFirst, texture: disc(), tint: .white)
        runs.append(Run(first: textFirst, count: textEnd - textFirst, texture: atlas.texture, tint: .white))
    }

    /// A larger line centred over the view, on a darker plate: what to do now.
    private func layOutNotice(_ text: String, scale: Float, view: PixelBox) throws(RenderError) {
        guard let atlas = try atlas(points: Layout.noticeSize, scale: scale) else { return }
        let width = atlas.measure(Substring(text))
        let x = Float(view.x) + (Float(view.width) - width) / 2
        let baseline = (Float(view.y) + (Float(view.height) + atlas.ascender - atlas.descender) / 2).rounded()
        let pad = Layout.noticePadding
        let first = batch.vertexCount
        roundedRect((x - Float(pad.width) * scale).rounded(), (baseline - atlas.ascender - Float(pad.height) * scale).rounded(),
                    (x + width + Float(pad.width) * scale).rounded(), (baseline + atlas.descender + Float(pad.height) * scale).rounded(),
                    radius: (Float(Layout.plateRadius) * scale).rounded(), color: Layout.noticePlate)
        addRun(from: first, texture: disc(), tint: .white)
        layOutText(Substring(text), atlas: atlas, x: x, baseline: baseline, color: Layout.noticeColor)
    }

    /// Lays out `text` with a one-pixel shadow below it, the shadow's quads first; as a run of its
    /// own unless `run` is false (the caller records the run).
    private func layOutText(_ text: Substring, atlas: GlyphAtlas, x: Float, baseline: Float, color: Color, run: Bool = true) {
        let first = batch.vertexCount
        atlas.layout(text, x: x + 1, baseline: baseline + 1, color: Layout.shadow, into: batch)
        atlas.layout(text, x: x, baseline: baseline, color: color, into: batch)
        if run { addRun(from: first, texture: atlas.texture, tint: .white) }
    }

    /// Calls `body` with each line of `text` and its width in pixels, the lines at most
    /// `maxWidth` pixels wide: they break only between items, which are separated by two or more
    /// spaces, and an item too wide for any line has one of its own. Allocates nothing.
    func forEachLine(of text: String, atlas: GlyphAtlas, maxWidth: Float, _ body: (Substring, Float) -> Void) {
        let space = UInt8(ascii: " ")
        let bytes = text.utf8
        var lineStart = bytes.startIndex
        var lineEnd = lineStart
        var lineWidth: Float = 0
        var itemStart = lineStart
        while true {
            // The item runs to the next pair of spaces, or to the end.
            var end = itemStart
            while end < bytes.endIndex {
                let next = bytes.index(after: end)
                if bytes[end] == space && next < bytes.endIndex && bytes[next] == space { break }
                end = next
            }
            var nextItem = end
            while nextItem < bytes.endIndex && bytes[nextItem] == space { nextItem = bytes.index(after: nextItem) }
            let width = atlas.measure(text[lineStart..<end])
            if width <= maxWidth || lineEnd == lineStart {
                lineEnd = end
                lineWidth = width
            } else {
                body(text[lineStart..<lineEnd], lineWidth)
                lineStart = itemStart
                lineEnd = end
                lineWidth = atlas.measure(text[lineStart..<end])
            }
            if nextItem == bytes.endIndex {
                if lineEnd > lineStart { body(text[lineStart..<lineEnd], lineWidth) }
                return
            }
            itemStart = nextItem
        }
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
