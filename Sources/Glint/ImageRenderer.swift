import Foundation
import GlintCore
import GlintRender

/// Draws a view into pixels with no window and no display, as SwiftUI's `ImageRenderer`:
///
/// ```swift
/// let renderer = ImageRenderer(content: Rectangle().colorEffect(ShaderLibrary.gradient(.boundingRect))
///     .frame(width: 300, height: 200))
/// renderer.scale = 2
/// try renderer.renderPNG().write(to: URL(fileURLWithPath: "gradient.png"))
/// ```
///
/// It makes its OpenGL context (EGL, headless) on the first render, on the calling thread, and
/// keeps it, its compiled programs and its target for the renders after: render one view many
/// times (a frame each time, with new shaders and images) with one renderer. Everything that can
/// go wrong (a shader that does not compile, a function missing from its library, arguments
/// that do not fit a function's parameters, an image that cannot be read, no OpenGL 3.3) is
/// thrown as a `RenderError` whose `description` is one line for the user.
public final class ImageRenderer<Content: View> {
    /// The view drawn.
    public var content: Content
    /// Pixels per point: 2 draws every point as 2 × 2 pixels.
    public var scale: CGFloat = 1
    /// The size offered to the view, in points; nil asks the view (`effectiveSize`).
    public var proposedSize: CGSize?
    /// What shows around the view and where it is transparent; transparent by default, as
    /// SwiftUI renders. (Glint's addition.)
    public var backdrop: Color = .clear

    /// The size drawn when neither `proposedSize` nor the view gives one: 256 × 256 points.
    public static var defaultSize: CGSize { CGSize(width: 256, height: 256) }

    /// The one frame driver, here for a single frame at `date`.
    private let driver = FrameDriver()
    private var pipeline: HeadlessPipeline?

    /// A renderer of `content`.
    public init(content: Content) {
        self.content = content
    }

    /// The size drawn, in points: `proposedSize`, else the size the view chooses when offered
    /// unlimited space (a frame's sides, an image's pixels, text's lines), else `defaultSize`
    /// when it would take all it is offered on a side (colours, shapes, shaders).
    public var effectiveSize: CGSize {
        if let proposedSize { return proposedSize }
        var measuring = ResolvedView()
        let size = measuring.sizeThatFits(content, .infinity, scale: scale)
        guard size.width.isFinite, size.height.isFinite else { return Self.defaultSize }
        return size
    }

    /// The date `TimelineView`s in the view show; the current date unless set.
    public var date: Date?

    /// The watchdog: seconds a frame of up to 1920x1080 pixels may take (larger ones
    /// proportionally longer) before a shader of your own (from a `ShaderLibrary(url:)`) is
    /// stopped and `render()` throws `RenderError.tooSlow`; nil turns it off. 5 s by default, as
    /// `glint render`. (Glint's addition.)
    public var frameTimeout: Double? = 5

    /// Draws the view now.
    public func render() throws(RenderError) -> RenderedImage {
        guard scale.isFinite, scale > 0, scale <= 1000 else {
            throw .image("cannot render at ImageRenderer.scale \(scale): it must be a finite number above 0 and at most 1000")
        }
        if let proposedSize {
            guard proposedSize.width.isFinite, proposedSize.height.isFinite, proposedSize.width > 0, proposedSize.height > 0 else {
                throw .image("cannot render ImageRenderer.proposedSize \(proposedSize.width)x\(proposedSize.height): each side must be a finite number of points above 0")
            }
        }
        if let frameTimeout, !(frameTimeout.isFinite && frameTimeout > 0) {
            throw .image("ImageRenderer.frameTimeout \(frameTimeout) is not a number of seconds above 0; nil turns the watchdog off")
        }
        let size = effectiveSize
        let pixelSize = (width: (size.width * scale).rounded(), height: (size.height * scale).rounded())
        guard pixelSize.width.isFinite, pixelSize.height.isFinite else {
            throw .image("cannot render the view: it measures \(size.width)x\(size.height) points; give it a finite frame or set ImageRenderer.proposedSize")
        }
        guard pixelSize.width <= Double(PNG.maxSide), pixelSize.height <= Double(PNG.maxSide) else {
            throw .image("cannot render \(size.width)x\(size.height) points at ImageRenderer.scale \(scale): at most \(PNG.maxSide) pixels a side")
        }
        guard pixelSize.width >= 1, pixelSize.height >= 1 else {  // false for NaN too
            throw .image("cannot render \(size.width)x\(size.height) points at ImageRenderer.scale \(scale): the image would have no pixels")
        }
        let width = Int(pixelSize.width), height = Int(pixelSize.height)
        let when = date ?? Date()
        driver.backdrop = backdrop
        driver.update(content, in: size, scale: scale, at: when)
        if let error = driver.resolved.errors.first { throw error }

        let pipeline: HeadlessPipeline
        if let existing = self.pipeline {
            pipeline = existing
        } else {
            pipeline = try HeadlessPipeline()
            self.pipeline = pipeline
        }
        pipeline.renderer.renderer.frameTimeout = frameTimeout
        let pixels = try pipeline.draw(driver.resolved, width: width, height: height)
        return RenderedImage(width: width, height: height, scale: Double(scale), pixels: pixels)
    }

    /// The view drawn as PNG bytes, or nil when it cannot be drawn (`renderPNG()` says why).
    public var pngData: Data? { try? renderPNG() }

    /// How `pngData` and `renderPNG()` compress: `.fast` (the default) or `.small`. (Glint's
    /// addition.)
    public var pngCompression: PNGCompression = .fast

    /// The view drawn as PNG bytes; throws why it cannot be drawn. (`pngData` with the error:
    /// Swift cannot name a property and a method alike.)
    public func renderPNG() throws(RenderError) -> Data {
        try render().pngData(compression: pngCompression)
    }
}

/// What `ImageRenderer` drew.
public struct RenderedImage: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Pixels per point it was drawn at.
    public let scale: Double
    /// RGBA8 with premultiplied alpha, rows from the top: `width · height · 4` bytes.
    public let pixels: [UInt8]

    /// The pixel at (`x`, `y`) from the top-left, premultiplied RGBA.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        precondition(x >= 0 && y >= 0 && x < width && y < height, "pixel (\(x), \(y)) is outside \(width)x\(height)")
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// The drawing as an `Image`, to show or hand to a shader.
    public var image: Image { Image(GlintCore.Image(width: width, height: height, pixels: pixels)) }

    /// PNG bytes (straight alpha, as PNG stores it), compressed `fast` (the default) or `small`.
    public func pngData(compression: PNGCompression = .fast) throws(RenderError) -> Data {
        var straight = pixels
        straight.withUnsafeMutableBufferPointer { px in
            var i = 3
            while i < px.count {
                let a = UInt16(px[i])
                if a > 0 && a < 255 {
                    px[i - 3] = UInt8(min(255, (UInt16(px[i - 3]) * 255 + a / 2) / a))
                    px[i - 2] = UInt8(min(255, (UInt16(px[i - 2]) * 255 + a / 2) / a))
                    px[i - 1] = UInt8(min(255, (UInt16(px[i - 1]) * 255 + a / 2) / a))
                }
                i += 4
            }
        }
        return Data(try PNG.encode(width: width, height: height, rgba: straight, compression: compression))
    }
}

/// A headless context and what draws in it, made together and torn down together: the
/// target and the renderer go before the context they were made in (each keeps it alive).
/// The context current before (a window's, when a frame renders an image) is current again
/// after each use.
private final class HeadlessPipeline {
    private let context: HeadlessContext
    let renderer: ViewRenderer
    private var target: RenderTarget?

    init() throws(RenderError) {
        let previous = GLContext.current
        defer { previous?.makeCurrent() }
        context = try HeadlessContext()
        renderer = try ViewRenderer()
        renderer.renderer.frameTimeoutSetting = "ImageRenderer.frameTimeout"
    }

    func draw(_ view: ResolvedView, width: Int, height: Int) throws(RenderError) -> [UInt8] {
        let previous = GLContext.current
        defer { if let previous, previous !== context { previous.makeCurrent() } }
        guard context.makeCurrent() else { throw .headless("cannot make the headless context current on this thread") }
        let target: RenderTarget
        if let existing = self.target {
            target = existing
        } else {
            target = try RenderTarget(pixelWidth: width, pixelHeight: height)
            self.target = target
        }
        try target.resize(pixelWidth: width, pixelHeight: height)
        try renderer.draw(view, into: target.framebuffer)
        return target.readPixels()
    }
}
