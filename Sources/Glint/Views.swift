import Foundation
import GlintCore
import GlintRender

/// A colour, and a view that fills its space with it, as SwiftUI's `Color`. Channels are sRGB,
/// 0…1, with straight (not premultiplied) opacity.
public struct Color: View, Hashable, Sendable {
    /// The colour as the renderer takes it.
    let resolved: GlintCore.Color

    /// A colour of sRGB channels and an opacity, each 0…1.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        resolved = GlintCore.Color(red: Float(red), green: Float(green), blue: Float(blue), alpha: Float(opacity))
    }

    /// A grey of `white` (0 black … 1 white).
    public init(white: Double, opacity: Double = 1) {
        self.init(red: white, green: white, blue: white, opacity: opacity)
    }

    /// The same colour with its opacity multiplied by `opacity`.
    public func opacity(_ opacity: Double) -> Color {
        Color(red: Double(resolved.red), green: Double(resolved.green), blue: Double(resolved.blue),
              opacity: Double(resolved.alpha) * opacity)
    }

    // SwiftUI's system colours in light mode.
    /// Red, SwiftUI's light-mode `.red` (255, 59, 48).
    public static let red = Color(red: 255 / 255, green: 59 / 255, blue: 48 / 255)
    /// Orange, SwiftUI's light-mode `.orange` (255, 149, 0).
    public static let orange = Color(red: 255 / 255, green: 149 / 255, blue: 0 / 255)
    /// Yellow, SwiftUI's light-mode `.yellow` (255, 204, 0).
    public static let yellow = Color(red: 255 / 255, green: 204 / 255, blue: 0 / 255)
    /// Green, SwiftUI's light-mode `.green` (52, 199, 89).
    public static let green = Color(red: 52 / 255, green: 199 / 255, blue: 89 / 255)
    /// Blue, SwiftUI's light-mode `.blue` (0, 122, 255).
    public static let blue = Color(red: 0 / 255, green: 122 / 255, blue: 255 / 255)
    /// Purple, SwiftUI's light-mode `.purple` (175, 82, 222).
    public static let purple = Color(red: 175 / 255, green: 82 / 255, blue: 222 / 255)
    /// White.
    public static let white = Color(white: 1)
    /// Black.
    public static let black = Color(white: 0)
    /// Fully transparent.
    public static let clear = Color(white: 0, opacity: 0)

    /// A primitive view has no body.
    public var body: Never { fatalError("Color has no body") }

    /// Fills the view with the colour; an opaque colour is drawn with no blending.
    public static func _resolve(_ view: Self, into resolved: inout ResolvedView) {
        resolved.setContent(builtIn: "solid", kind: .fill, isOpaque: view.resolved.alpha >= 1, .color(view.resolved))
    }

    /// A colour takes whatever space it is offered.
    public static func _idealSize(_ view: Self) -> CGSize? { nil }
}

/// An image, and a view that shows it stretched over its space, as SwiftUI's `Image` made
/// `resizable()`: its size when nothing proposes one (`ImageRenderer`) is its size in pixels,
/// as points.
///
/// An image that cannot be read does not stop the program: it shows a magenta and black
/// checkerboard, and drawing it reports why (`ImageRenderer` throws the error; a window shows
/// it). Images read by name are read once per process and kept, as SwiftUI keeps named images,
/// so `Image("card.png")` in a view rebuilt every frame reads the file once.
public struct Image: View, Sendable {
    /// The pixels, premultiplied, or the placeholder.
    let pixels: GlintCore.Image
    /// Why the placeholder shows instead, if it does.
    let loadError: RenderError?

    /// The PNG file at `name`: a path, relative to the current directory unless it starts
    /// with `/`. A file that cannot be read shows a placeholder (see `Image`).
    public init(_ name: String) {
        switch ImageCache.image(named: name) {
        case .success(let image):
            pixels = image
            loadError = nil
        case .failure(let error):
            pixels = ImageCache.placeholder
            loadError = error
        }
    }

    /// The PNG file at `url`, read now; throws when it cannot be read or decoded.
    public init(contentsOf url: URL) throws(RenderError) {
        pixels = try ImageCache.read(url.path)
        loadError = nil
    }

    /// An image of `width` × `height` pixels, RGBA8 with straight alpha, rows from the top
    /// (`width · height · 4` bytes). Pixels of the wrong count show a placeholder (see `Image`).
    public init(pixels: [UInt8], width: Int, height: Int) {
        guard width > 0, height > 0, pixels.count == width * height * 4 else {
            self.pixels = ImageCache.placeholder
            loadError = .image("an image of \(width)x\(height) pixels needs \(max(width * height * 4, 0)) bytes of RGBA, not \(pixels.count)")
            return
        }
        var premultiplied = pixels
        var i = 3
        while i < premultiplied.count {
            let a = UInt16(premultiplied[i])
            if a < 255 {
                for c in 1...3 { premultiplied[i - c] = UInt8((UInt16(premultiplied[i - c]) * a + 127) / 255) }
            }
            i += 4
        }
        self.pixels = GlintCore.Image(width: width, height: height, pixels: premultiplied)
        loadError = nil
    }

    /// Wraps pixels the renderer already holds.
    init(_ image: GlintCore.Image) {
        pixels = image
        loadError = nil
    }

    /// The image's width in pixels (the placeholder's when it could not be read).
    public var width: Int { pixels.width }
    /// The image's height in pixels.
    public var height: Int { pixels.height }

    /// A primitive view has no body.
    public var body: Never { fatalError("Image has no body") }

    /// Shows the image stretched over the view: the built-in `image` colour function with the
    /// view's bounding rect and the image.
    public static func _resolve(_ view: Self, into resolved: inout ResolvedView) {
        resolved.setContent(builtIn: "image", kind: .color, isOpaque: false, .boundingRect, .image(view.pixels))
        if let error = view.loadError { resolved.report(error) }
    }

    /// Its size in pixels, as points.
    public static func _idealSize(_ view: Self) -> CGSize? {
        CGSize(width: view.pixels.width, height: view.pixels.height)
    }
}

/// Images read by name, once per process.
enum ImageCache {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var images: [String: GlintCore.Image] = [:]

    /// The image shown for one that cannot be read: 2 × 2 squares of magenta and black,
    /// 8 pixels each, so it reads as a placeholder at any size.
    static let placeholder = GlintCore.Image.placeholder

    /// The image of the file `name`, read the first time it is asked for.
    static func image(named name: String) -> Result<GlintCore.Image, RenderError> {
        lock.lock()
        let cached = images[name]
        lock.unlock()
        if let cached { return .success(cached) }
        do {
            let image = try read(name)
            lock.lock()
            images[name] = image
            lock.unlock()
            return .success(image)
        } catch {
            return .failure(error)
        }
    }

    /// Reads and decodes the PNG file at `path`; the message names the file.
    static func read(_ path: String) throws(RenderError) -> GlintCore.Image {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .image("cannot read image '\(path)': no such file or not readable")
        }
        do {
            return try PNG.image(from: [UInt8](data)).labelled("'\(path)'")
        } catch {
            throw .image("cannot read image '\(path)': \(error)")
        }
    }
}

/// A rectangle filling its space, as SwiftUI's `Rectangle`: black unless filled.
public struct Rectangle: View, Sendable {
    /// A rectangle.
    public init() {}

    /// The rectangle filled by `shader`: a function `vec4 f(vec2 position, ARGS…)` returning
    /// the premultiplied colour at `position`, in points from the top-left.
    public func fill(_ shader: Shader) -> some View {
        FilledRectangle(fill: .shader(shader))
    }

    /// The rectangle filled with `color`.
    public func fill(_ color: Color) -> some View {
        FilledRectangle(fill: .color(color))
    }

    /// A primitive view has no body.
    public var body: Never { fatalError("Rectangle has no body") }

    /// A rectangle on its own is black, as SwiftUI's default foreground.
    public static func _resolve(_ view: Self, into resolved: inout ResolvedView) {
        Color._resolve(.black, into: &resolved)
    }

    /// A rectangle takes whatever space it is offered.
    public static func _idealSize(_ view: Self) -> CGSize? { nil }
}

/// A rectangle filled with a colour or a shader.
struct FilledRectangle: View {
    enum Fill {
        case color(Color)
        case shader(Shader)
    }

    var fill: Fill

    var body: Never { fatalError("a filled rectangle has no body") }

    static func _resolve(_ view: Self, into resolved: inout ResolvedView) {
        switch view.fill {
        case .color(let color): Color._resolve(color, into: &resolved)
        case .shader(let shader): resolved.setContent(shader, kind: .fill)
        }
    }

    static func _idealSize(_ view: Self) -> CGSize? { nil }
}

/// One of Glint's stateful effects (harmonic, waveform, …, `EffectRegistry.all`) as a view: it
/// draws the effect's pass for its current state.
///
/// The effect is an object that lives across frames; the host that shows the view (a window)
/// advances its clock and routes the pointer to it (after any tear over it). Every frame the
/// view is resolved, the effect's arguments are written for the view's size.
public struct EffectView: View {
    /// The effect drawn.
    public let effect: any Effect

    /// A view drawing `effect`.
    public init(_ effect: any Effect) {
        self.effect = effect
    }

    /// A primitive view has no body.
    public var body: Never { fatalError("EffectView has no body") }

    /// Writes the effect's arguments for the view's size and draws its pass as the content.
    public static func _resolve(_ view: Self, into resolved: inout ResolvedView) {
        view.effect.updatePass(viewSize: resolved.rect.size)
        resolved.setContent(view.effect.pass.value)
        resolved.addEffect(view.effect)
    }

    /// An effect takes whatever space it is offered.
    public static func _idealSize(_ view: Self) -> CGSize? { nil }
}
