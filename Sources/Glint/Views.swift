import Foundation
import GlintCore
import GlintRender

/// A colour, and a view that fills its space with it, as SwiftUI's `Color`. Channels are sRGB,
/// 0…1, with straight (not premultiplied) opacity.
public struct Color: View, Hashable, Sendable {
    /// The colour as the renderer takes it.
    let resolved: GlintCore.Color
    /// Which of SwiftUI's semantic colours it is (`.primary`, …), resolved by the colour scheme
    /// where it is drawn (`resolved` then holds its light value); nil for a fixed colour.
    var semantic: SemanticColor? = nil

    /// A colour of sRGB channels and an opacity, each 0…1.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        resolved = GlintCore.Color(red: Float(red), green: Float(green), blue: Float(blue), alpha: Float(opacity))
    }

    /// The colour the renderer takes, as a view's colour.
    public init(_ color: GlintCore.Color) {
        resolved = color
    }

    /// A grey of `white` (0 black … 1 white).
    public init(white: Double, opacity: Double = 1) {
        self.init(red: white, green: white, blue: white, opacity: opacity)
    }

    /// The same colour with its opacity multiplied by `opacity`.
    public func opacity(_ opacity: Double) -> Color {
        var faded = Color(red: Double(resolved.red), green: Double(resolved.green), blue: Double(resolved.blue),
                          opacity: Double(resolved.alpha) * opacity)
        faded.semantic = semantic
        return faded
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

    /// SwiftUI's `.primary`: black in the light colour scheme, white in the dark one (resolved
    /// where it is drawn; in a shader's arguments, its light value).
    public static let primary = Color(semantic: .primary)
    /// SwiftUI's `.secondary`: grey at 60 % in the light colour scheme, a light grey at 60 % in
    /// the dark one (Apple's secondary label colours).
    public static let secondary = Color(semantic: .secondary)
    /// Grey, SwiftUI's light-mode `.gray` (142, 142, 147).
    public static let gray = Color(red: 142 / 255, green: 142 / 255, blue: 147 / 255)
    /// Pink, SwiftUI's light-mode `.pink` (255, 45, 85).
    public static let pink = Color(red: 255 / 255, green: 45 / 255, blue: 85 / 255)
    /// Mint, SwiftUI's light-mode `.mint` (0, 199, 190).
    public static let mint = Color(red: 0 / 255, green: 199 / 255, blue: 190 / 255)
    /// Teal, SwiftUI's light-mode `.teal` (48, 176, 199).
    public static let teal = Color(red: 48 / 255, green: 176 / 255, blue: 199 / 255)
    /// Cyan, SwiftUI's light-mode `.cyan` (50, 173, 230).
    public static let cyan = Color(red: 50 / 255, green: 173 / 255, blue: 230 / 255)
    /// Indigo, SwiftUI's light-mode `.indigo` (88, 86, 214).
    public static let indigo = Color(red: 88 / 255, green: 86 / 255, blue: 214 / 255)
    /// Brown, SwiftUI's light-mode `.brown` (162, 132, 94).
    public static let brown = Color(red: 162 / 255, green: 132 / 255, blue: 94 / 255)
    /// The accent colour of controls: blue.
    public static let accentColor = Color.blue

    /// Fills the space offered with the colour.
    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        graph.addNode(.content(ContentLeaf(source: .color(view.resolved(in: graph.environment.colorScheme).resolved))))
    }
}

/// An image, as SwiftUI's `Image`: at its size in pixels (as points) unless `resizable()`,
/// which stretches it over the space offered (`aspectRatio`, `scaledToFit` and `scaledToFill`
/// keep its shape).
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
    /// Whether it stretches over the space offered.
    var isResizable = false
    /// How it is sampled when stretched.
    var interpolationQuality = Interpolation.medium
    /// The icon it draws instead of pixels, for `Image(systemName:)` (Symbols.swift).
    var symbol: SystemSymbol? = nil

    /// How an image is sampled between its pixels, as SwiftUI's `Image.Interpolation`.
    public enum Interpolation: Hashable, Sendable {
        /// The nearest pixel: hard edges, for pixel art.
        case none
        /// Bilinear, for every other quality.
        case low, medium, high
    }

    /// The PNG or JPEG file at `name` (told by its content, not its name): a path, relative to the
    /// current directory unless it starts with `/`; where there is no such file, `name.png`,
    /// `name.jpg` or `name.jpeg` (or `name`, when it ends in one of those) among the app's own
    /// resources, as SwiftUI's `Image("name")` is the main bundle's (see `ShaderLibrary` for what
    /// the app's resources are on Linux). A file that cannot be read shows a placeholder (see
    /// `Image`), reported with the path as given.
    public init(_ name: String) {
        switch ImageCache.image(named: name) {
        case .success(let image):
            pixels = image
            loadError = nil
        case .failure(let error):
            // Nothing at the path: the app's resources, as SwiftUI's main bundle.
            if !FileManager.default.fileExists(atPath: name), let found = ImageCache.appImage(named: name) {
                pixels = found
                loadError = nil
            } else {
                pixels = ImageCache.placeholder
                loadError = error
            }
        }
    }

    /// The PNG or JPEG image `name` among `bundle`'s resources (`Bundle.module` for a package's
    /// own), as SwiftUI's `Image(_:bundle:)`: `name.png`, `name.jpg` or `name.jpeg` (the first
    /// there), or `name` when it ends in one of those; subfolders of
    /// the resources are searched too when it is not at their top. Without a bundle, as
    /// `Image(name)`. An image missing from the bundle shows a placeholder and is reported as a
    /// missing file is, naming where it was looked for. A bundle's images are looked up and read
    /// once per process: in a view's body it costs a lookup per frame.
    public init(_ name: String, bundle: Bundle? = nil) {
        guard let bundle else {
            self.init(name)
            return
        }
        switch ImageCache.image(named: name, in: bundle) {
        case .success(let image): self.init(image)
        case .failure(let error): self.init(placeholderFor: error)
        }
    }

    /// One of Glint's own images, built into the library from its top-level `Assets/` folder (as
    /// SwiftUI's `Image(systemName:)` is one of the system's): `name`, with or without `.png`.
    /// `Image.builtInNames` lists them; `"microphone"` is seed 000's, which `HarmonicView` shows.
    /// A name not among them shows a placeholder, reported with the names there are. Each is
    /// decoded once per process: in a view's body it costs a lookup per frame.
    public init(builtIn name: String) {
        switch ImageCache.builtIn(named: name) {
        case .success(let image): self.init(image)
        case .failure(let error): self.init(placeholderFor: error)
        }
    }

    /// The names `Image(builtIn:)` takes, sorted, without `.png`.
    public static var builtInNames: [String] {
        ShaderSources.assetNames.filter { $0.hasSuffix(".png") }.map { String($0.dropLast(4)) }
    }

    /// The placeholder, showing for `error`.
    init(placeholderFor error: RenderError) {
        pixels = ImageCache.placeholder
        loadError = error
    }

    /// The PNG or JPEG file at `url`, read now; throws when it cannot be read or decoded.
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

    /// The image stretched over the space offered, as SwiftUI's `resizable()`.
    public func resizable() -> Image {
        var copy = self
        copy.isResizable = true
        return copy
    }

    /// The image sampled with `interpolation` when stretched.
    public func interpolation(_ interpolation: Interpolation) -> Image {
        var copy = self
        copy.interpolationQuality = interpolation
        return copy
    }

    /// A primitive view has no body.
    public var body: Never { fatalError("Image has no body") }

    /// Shows the image: the built-in `image` colour function over the view's rect.
    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        if let symbol = view.symbol {
            symbol.make(resizable: view.isResizable, into: &graph)
            return
        }
        graph.addNode(.content(ContentLeaf(source: .image(view.pixels, resizable: view.isResizable,
                                                          interpolation: view.interpolationQuality))))
        if let error = view.loadError { graph.report(error) }
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

    /// The library's own images (`Image(builtIn:)`) by file name: what decoding each gave.
    nonisolated(unsafe) private static var builtIns: [String: Result<GlintCore.Image, RenderError>] = [:]

    /// The built-in image `name` (`name.png` among the embedded assets), decoded the first time.
    static func builtIn(named name: String) -> Result<GlintCore.Image, RenderError> {
        lock.lock()
        let cached = builtIns[name]
        lock.unlock()
        if let cached { return cached }
        let result: Result<GlintCore.Image, RenderError>
        if let bytes = ShaderSources.asset(named: name.hasSuffix(".png") ? name : name + ".png") {
            do {
                result = .success(try PNG.image(from: bytes).labelled("the built-in image '\(name)'"))
            } catch {
                result = .failure(.image("cannot read the built-in image '\(name)': \(error)"))
            }
        } else {
            result = .failure(.image("no built-in image '\(name)': Image(builtIn:) takes "
                + Image.builtInNames.map { "'\($0)'" }.joined(separator: ", ")))
        }
        lock.lock()
        builtIns[name] = result
        lock.unlock()
        return result
    }

    /// A bundle's images by the bundle's identity (the bundle kept, so that identity is never
    /// reused) and name: what reading each gave, missing ones too (a bundle's files are shipped,
    /// not edited while the app runs).
    nonisolated(unsafe) private static var bundleImages: [BundleImageKey: (bundle: Bundle, image: Result<GlintCore.Image, RenderError>)] = [:]
    private struct BundleImageKey: Hashable {
        let bundle: ObjectIdentifier
        let name: String
    }

    /// The image `name` among `bundle`'s resources, looked up and read the first time.
    static func image(named name: String, in bundle: Bundle) -> Result<GlintCore.Image, RenderError> {
        let key = BundleImageKey(bundle: ObjectIdentifier(bundle), name: name)
        lock.lock()
        let cached = bundleImages[key]
        lock.unlock()
        if let cached { return cached.image }
        let folder = (bundle.resourceURL ?? bundle.bundleURL).path
        let path = resourcePath(name, in: folder) ?? (folder as NSString).appendingPathComponent(fileNames(name)[0])
        let result: Result<GlintCore.Image, RenderError>
        do {
            result = .success(try read(path))
        } catch {
            result = .failure(error)
        }
        lock.lock()
        bundleImages[key] = (bundle, result)
        lock.unlock()
        return result
    }

    /// The image `name` among the app's own resources (`MainBundle`), nil when it is not there;
    /// read once, kept by `name` as a path's image is.
    static func appImage(named name: String) -> GlintCore.Image? {
        guard !appImageFiles.isEmpty, let path = path(ofImage: name, among: appImageFiles), let image = try? read(path) else { return nil }
        lock.lock()
        images[name] = image
        lock.unlock()
        return image
    }

    /// The image files of the app's own resources (`imageFiles(in:)`), listed once.
    static let appImageFiles = imageFiles(in: MainBundle.resourceFolders)

    /// The PNG and JPEG files (by extension) of resource folders by file name: each at the top of
    /// a folder, else the first of its name in the subfolders (sorted).
    static func imageFiles(in folders: [String]) -> [String: String] {
        var files: [String: String] = [:]
        for folder in folders {
            guard let walker = FileManager.default.enumerator(atPath: folder) else { continue }
            var found: [String] = []
            var walked = 0
            while let relative = walker.nextObject() as? String, walked < LibraryNames.maxEntriesWalked {
                walked += 1
                if hasImageExtension(relative) { found.append(relative) }
            }
            // The top first (no slash sorts before a subfolder's), then by path.
            for relative in found.sorted(by: { ($0.contains("/") ? 1 : 0, $0) < ($1.contains("/") ? 1 : 0, $1) }) {
                let file = (relative as NSString).lastPathComponent
                if files[file] == nil { files[file] = (folder as NSString).appendingPathComponent(relative) }
            }
        }
        return files
    }

    /// The file of the image `name` among `files` (`imageFiles(in:)`): the first of its
    /// `fileNames` there.
    static func path(ofImage name: String, among files: [String: String]) -> String? {
        fileNames(name).lazy.compactMap { files[$0] }.first
    }

    /// The extensions of the images an image's name may leave out, in the order they are tried.
    static let imageExtensions = ["png", "jpg", "jpeg"]

    /// Whether `name` ends in `.png`, `.jpg` or `.jpeg`, in any case.
    static func hasImageExtension(_ name: String) -> Bool {
        imageExtensions.contains((name as NSString).pathExtension.lowercased())
    }

    /// The files an image named `name` may be, in order: `name` itself when it ends in an image
    /// extension, else `name.png`, `name.jpg`, `name.jpeg` (SwiftUI's asset names carry none).
    private static func fileNames(_ name: String) -> [String] {
        hasImageExtension(name) ? [name] : imageExtensions.map { name + "." + $0 }
    }

    /// The path of the image `name` in the resource folder `folder`: at its top, else the first
    /// in its subfolders (sorted); nil when there is none.
    private static func resourcePath(_ name: String, in folder: String) -> String? {
        let files = fileNames(name)
        for file in files {
            let top = (folder as NSString).appendingPathComponent(file)
            if FileManager.default.fileExists(atPath: top) { return top }
        }
        guard !name.contains("/"), let walker = FileManager.default.enumerator(atPath: folder) else { return nil }
        var found: [[String]] = files.map { _ in [] }
        var walked = 0
        while let relative = walker.nextObject() as? String, walked < LibraryNames.maxEntriesWalked {
            walked += 1
            if let which = files.firstIndex(of: (relative as NSString).lastPathComponent) { found[which].append(relative) }
        }
        // The first extension found anywhere, then the first path of it.
        return found.lazy.compactMap { $0.min() }.first.map { (folder as NSString).appendingPathComponent($0) }
    }

    /// Reads and decodes the PNG or JPEG file at `path` (at most `ImageDecoder.maxFileBytes`,
    /// never a FIFO or a device); the message names the file.
    static func read(_ path: String) throws(RenderError) -> GlintCore.Image {
        let bytes: [UInt8]
        switch path.withCString({ BoundedFile.read($0, limit: ImageDecoder.maxFileBytes) }) {
        case .success(let read): bytes = read
        case .failure(.unreachable(ENOENT)), .failure(.cannotOpen(ENOENT)):
            throw .image("cannot read image '\(path)': no such file or not readable")
        case .failure(let failure):
            throw .image("cannot read image '\(path)': \(describe(failure))")
        }
        do {
            return try ImageDecoder.image(from: bytes).labelled("'\(path)'")
        } catch {
            throw .image("cannot read image '\(path)': \(error)")
        }
    }

    /// Why a file was not read, in words.
    private static func describe(_ failure: BoundedFile.Failure) -> String {
        switch failure {
        case .unreachable(let code), .cannotOpen(let code), .readFailed(let code): return BoundedFile.describe(code)
        case .notRegular(let kind): return "it is \(kind), not a regular file"
        case .tooLarge(let size):
            let actual = size.map { "it is \(BoundedFile.mebibytes($0)), " } ?? "it is "
            return "\(actual)larger than the \(BoundedFile.mebibytes(ImageDecoder.maxFileBytes)) Glint reads"
        }
    }
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

    /// Draws the effect's pass over the space offered (its arguments written for the size laid out).
    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        graph.addNode(.content(ContentLeaf(source: .effect(view.effect))))
    }
}
