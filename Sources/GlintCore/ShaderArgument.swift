import Foundation

/// An RGBA colour with straight (not premultiplied) alpha, each channel in 0 … 1.
public struct Color: Equatable, Hashable, Sendable {
    public var red: Float
    public var green: Float
    public var blue: Float
    public var alpha: Float

    public init(red: Float, green: Float, blue: Float, alpha: Float = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// The colour with its channels multiplied by alpha, as shaders receive colours.
    public var premultiplied: (Float, Float, Float, Float) { (red * alpha, green * alpha, blue * alpha, alpha) }
}

/// RGBA8 pixels, premultiplied alpha, rows from the top.
///
/// Each image has an `identity` that never aliases another image's: a generation number drawn
/// from a process-wide counter, or, for an image read from a file, the file's path, size and
/// modification time. Renderers key their textures by it, so an image made afresh every frame
/// from the same file reuses one texture, and a new image never inherits a dead one's texture.
public final class Image: Sendable {
    public let width: Int
    public let height: Int
    /// `width · height · 4` bytes.
    public let pixels: [UInt8]
    /// What the image's texture is cached by.
    public let identity: Identity
    /// Who the image is for, as messages name it (`--image`, `dissolve.noise`, a file's path);
    /// nil names it by the shader argument that takes it.
    public let label: String?

    /// How an image is told apart from every other for caching.
    public enum Identity: Hashable, Sendable {
        /// Pixels made in memory: a number no other image in this process gets.
        case generation(UInt64)
        /// Pixels read from a file, as it was at that time.
        case file(path: String, size: Int, modified: Double)
    }

    public init(width: Int, height: Int, pixels: [UInt8], identity: Identity? = nil, label: String? = nil) {
        precondition(pixels.count == width * height * 4, "an RGBA8 image needs width·height·4 bytes")
        self.width = width
        self.height = height
        self.pixels = pixels
        self.identity = identity ?? .generation(ImageGenerations.next())
        self.label = label
    }

    /// An image of `width` × `height` pixels whose pixels live on the GPU only (a renderer is
    /// told its texture): no bytes are held.
    public init(externalWidth width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = []
        identity = .generation(ImageGenerations.next())
        label = nil
    }

    /// The same image (its pixels shared, not copied, and its identity kept) named `label`.
    public func labelled(_ label: String) -> Image {
        Image(width: width, height: height, pixels: pixels, identity: identity, label: label)
    }
}

extension Image: Equatable {
    /// Two images are the same when their identities are: the same pixels from the same source.
    public static func == (a: Image, b: Image) -> Bool { a === b || a.identity == b.identity }
}

/// The process-wide source of image generation numbers.
enum ImageGenerations {
    nonisolated(unsafe) private static var counter: UInt64 = 0
    private static let lock = NSLock()

    static func next() -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        counter += 1
        return counter
    }
}

/// A typed value handed to a shader, after SwiftUI's `Shader.Argument`.
///
/// | case | GLSL declaration |
/// | --- | --- |
/// | `float` … `float4` | `uniform float` … `uniform vec4` |
/// | `int` | `uniform int` (or `bool`) |
/// | `color` | `uniform vec4` (premultiplied, as SwiftUI hands `half4`) |
/// | `image` | `uniform sampler2D`, plus `uniform vec2 NAME_size` in pixels if declared |
/// | `floatArray` | `uniform float NAME[N]`, plus `uniform int NAME_count` if declared |
/// | `colorArray` | `uniform vec4 NAME[N]`, plus `uniform int NAME_count` if declared |
///
/// Arrays longer than the shader's `N` are cut to `N`.
public enum ShaderArgument: Equatable, Sendable {
    case float(Float)
    case float2(Float, Float)
    case float3(Float, Float, Float)
    case float4(Float, Float, Float, Float)
    /// A whole number, for a uniform declared `int` (a whole-number parameter of a user's file).
    case int(Int32)
    case color(Color)
    case image(Image)
    case floatArray([Float])
    case colorArray([Color])
    /// Raw bytes: `uint NAME[N]` (packed little-endian, four to a word) and an `int` byte count.
    case data([UInt8])
    /// The view's rect in its own user space, `(0, 0, width, height)` points: a `vec4`.
    case boundingRect

    public static func == (a: ShaderArgument, b: ShaderArgument) -> Bool {
        switch (a, b) {
        case let (.float(x), .float(y)): return x == y
        case let (.float2(x0, x1), .float2(y0, y1)): return x0 == y0 && x1 == y1
        case let (.float3(x0, x1, x2), .float3(y0, y1, y2)): return x0 == y0 && x1 == y1 && x2 == y2
        case let (.float4(x0, x1, x2, x3), .float4(y0, y1, y2, y3)):
            return x0 == y0 && x1 == y1 && x2 == y2 && x3 == y3
        case let (.int(x), .int(y)): return x == y
        case let (.color(x), .color(y)): return x == y
        case let (.image(x), .image(y)): return x == y
        case let (.floatArray(x), .floatArray(y)): return x == y
        case let (.colorArray(x), .colorArray(y)): return x == y
        case let (.data(x), .data(y)): return x == y
        case (.boundingRect, .boundingRect): return true
        default: return false
        }
    }

    /// The numbers a `--state` dump shows for this argument.
    public var stateValue: StateValue {
        switch self {
        case .float(let x): return .number(Double(x))
        case let .float2(x, y): return .vector([Double(x), Double(y)])
        case let .float3(x, y, z): return .vector([Double(x), Double(y), Double(z)])
        case let .float4(x, y, z, w): return .vector([Double(x), Double(y), Double(z), Double(w)])
        case .int(let n): return .number(Double(n))
        case .color(let c): return .vector([Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha)])
        case .image(let i): return .vector([Double(i.width), Double(i.height)])
        case .floatArray(let a): return .vector(a.map(Double.init))
        case .colorArray(let a): return .vector(a.flatMap { [Double($0.red), Double($0.green), Double($0.blue), Double($0.alpha)] })
        case .data(let d): return .vector(d.map(Double.init))
        case .boundingRect: return .vector([])
        }
    }

    /// What GLSL parameter(s) this argument fills, for positional arguments.
    public var kind: ShaderArgumentKind {
        switch self {
        case .float: return .float
        case .float2: return .float2
        case .float3: return .float3
        case .float4: return .float4
        case .int: return .int
        case .color: return .color
        case .image: return .image
        case .floatArray(let a): return .floatArray(count: a.count)
        case .colorArray(let a): return .colorArray(count: a.count)
        case .data(let d): return .data(byteCount: d.count)
        case .boundingRect: return .boundingRect
        }
    }
}

extension Image: CustomStringConvertible {
    /// The image as the frame graph's text shows it: its size, and its file or label where it has one.
    public var description: String {
        var text = "image \(width)x\(height)"
        if case .file(let path, _, _) = identity {
            text += " from \(path)"
        } else if let label {
            text += " for \(label)"
        } else if pixels.isEmpty {
            text += " (a layer)"
        }
        return text
    }
}
