import Foundation
import GlintCore
import GlintRender

/// A GLSL function called with arguments: what `colorEffect`, `layerEffect`, `distortionEffect`
/// and `Rectangle().fill(_:)` draw with, as SwiftUI's `Shader`.
///
/// Make one by calling a function of a library, which takes the arguments after the ones the
/// pipeline supplies (`position`, and `color` for a colour effect), in order:
///
/// ```swift
/// Rectangle()
///     .colorEffect(ShaderLibrary.gradient(.boundingRect))
///     .distortionEffect(ShaderLibrary.wave(.boundingRect, .float(time), .float(12), .float(6)),
///                       maxSampleOffset: CGSize(width: 6, height: 6))
/// ```
///
/// A shader is a plain value: make a new one every frame with new arguments. The renderer
/// compiles a function once per effect kind and argument types, and keeps its image textures
/// by the images' identities.
public struct Shader: Sendable {
    /// The function called.
    public var function: ShaderFunction
    /// The values of the function's parameters after the ones the pipeline supplies, in order.
    public var arguments: [Shader.Argument]

    /// A shader calling `function` with `arguments`.
    public init(function: ShaderFunction, arguments: [Shader.Argument]) {
        self.function = function
        self.arguments = arguments
    }
}

extension Shader {
    /// A value for one parameter of a shader function, as SwiftUI's `Shader.Argument`.
    ///
    /// | argument | GLSL parameter |
    /// | --- | --- |
    /// | `.float(x)` | `float` |
    /// | `.float2(x, y)`, `.float2(point)`, `.float2(size)` | `vec2` |
    /// | `.float3(x, y, z)` | `vec3` |
    /// | `.float4(x, y, z, w)` | `vec4` |
    /// | `.color(color)` | `vec4`, premultiplied |
    /// | `.image(image)` | `sampler2D` (premultiplied, the top row at v = 0) |
    /// | `.floatArray(values)` | `float NAME[N], int NAME_count` |
    /// | `.colorArray(colors)` | `vec4 NAME[N], int NAME_count` |
    /// | `.data(bytes)` | `uint NAME[N], int NAME_count`: four bytes a word, little-endian |
    /// | `.boundingRect` | `vec4`: the view's rect in its own space, `(0, 0, width, height)` |
    ///
    /// A function whose parameters do not take these types is reported by the renderer (an
    /// error naming the function, the parameter and both types), never drawn wrong.
    public struct Argument: Sendable, Equatable {
        /// The value as the renderer takes it.
        public var value: ShaderArgument
        /// Why an image argument shows a placeholder (its file could not be read), reported
        /// when the shader is drawn.
        var imageError: RenderError?

        /// Wraps a value the renderer takes.
        public init(_ value: ShaderArgument) {
            self.value = value
        }

        /// A `float`.
        public static func float<T: BinaryFloatingPoint>(_ x: T) -> Argument {
            Argument(.float(Float(x)))
        }

        /// A `vec2`.
        public static func float2<T: BinaryFloatingPoint>(_ x: T, _ y: T) -> Argument {
            Argument(.float2(Float(x), Float(y)))
        }

        /// A `vec2` of a point's `x` and `y`.
        public static func float2(_ point: CGPoint) -> Argument {
            Argument(.float2(Float(point.x), Float(point.y)))
        }

        /// A `vec2` of a size's `width` and `height`.
        public static func float2(_ size: CGSize) -> Argument {
            Argument(.float2(Float(size.width), Float(size.height)))
        }

        /// A `vec3`.
        public static func float3<T: BinaryFloatingPoint>(_ x: T, _ y: T, _ z: T) -> Argument {
            Argument(.float3(Float(x), Float(y), Float(z)))
        }

        /// A `vec4`.
        public static func float4<T: BinaryFloatingPoint>(_ x: T, _ y: T, _ z: T, _ w: T) -> Argument {
            Argument(.float4(Float(x), Float(y), Float(z), Float(w)))
        }

        /// A colour: a `vec4` with premultiplied alpha, as SwiftUI hands a `half4`.
        public static func color(_ color: Color) -> Argument {
            Argument(.color(color.resolved))
        }

        /// An image: a `sampler2D`. An image whose file could not be read is sent as its
        /// placeholder, and drawing reports why.
        public static func image(_ image: Image) -> Argument {
            var argument = Argument(.image(image.pixels))
            argument.imageError = image.loadError
            return argument
        }

        /// An array of floats: `float NAME[N]` and its count, `int NAME_count`.
        public static func floatArray(_ values: [Float]) -> Argument {
            Argument(.floatArray(values))
        }

        /// An array of colours, premultiplied: `vec4 NAME[N]` and its count, `int NAME_count`.
        public static func colorArray(_ colors: [Color]) -> Argument {
            Argument(.colorArray(colors.map(\.resolved)))
        }

        /// Raw bytes: `uint NAME[N]` (four bytes a word, little-endian) and the byte count,
        /// `int NAME_count`.
        public static func data(_ data: Data) -> Argument {
            Argument(.data([UInt8](data)))
        }

        /// The view's rect in its own user space, `(0, 0, width, height)` in points: a `vec4`.
        public static var boundingRect: Argument { Argument(.boundingRect) }
    }
}

/// A function in a shader library, ready to be called with arguments, as SwiftUI's
/// `ShaderFunction`: `ShaderLibrary.default.wave` is the function `wave`.
public struct ShaderFunction: Sendable, Equatable {
    /// The library holding the function.
    public var library: ShaderLibrary
    /// The GLSL function's name.
    public var name: String

    /// The function `name` of `library`. For the default library, the app's own function of that
    /// name when the app ships one (then its file is the library), else Glint's, as
    /// `ShaderLibrary.default.name` finds it.
    public init(library: ShaderLibrary, name: String) {
        if library.searchesMainBundle, let own = MainBundleShaders.library(defining: name) {
            self.library = own
        } else {
            self.library = library
        }
        self.name = name
    }

    /// A shader calling this function with `arguments`, in order.
    public func callAsFunction(_ arguments: Shader.Argument...) -> Shader {
        Shader(function: self, arguments: arguments)
    }
}

/// Where shader functions come from, as SwiftUI's `ShaderLibrary`: each function is looked up
/// by name as a member, `ShaderLibrary.default.gradient` or just `ShaderLibrary.gradient`.
///
/// `ShaderLibrary.default` is, as SwiftUI's, the app's own shaders first, then Glint's built-in
/// `Shaders/` (built into the binary). On Linux "the app's own" is the resource bundle of the
/// executable's own target: the `<Package>_<executable>.resources` folder SwiftPM puts beside the
/// binary, which that target reaches as `Bundle.module`; every `.metal`, `.glsl` and `.frag` file
/// in it. Other bundles beside the binary (other targets', other packages') are never searched:
/// reach them with `ShaderLibrary.bundle(_:)`. The bundle is searched once per process, the first
/// time the default library is asked for a function, and each function found is kept. An app
/// function with the name of a built-in one takes its place in the default library, and the
/// first use of that name says so on stderr, once; `ShaderLibrary.builtIn` is Glint's own
/// whatever the app ships. A folder named by the `GLINT_SHADERS` environment variable
/// overrides both: a `<function>.frag` or `.metal` there is used instead.
///
/// `ShaderLibrary(url:)` reads functions from a GLSL or Metal file that defines them, or from a
/// folder holding one `<function>.frag`, `.glsl` or `.metal` per function; Metal is translated
/// to GLSL when loaded (`MetalTranslator`). A function is a GLSL function whose first parameter
/// is `vec2 position` (then `vec4 color` for a colour effect) and whose others take the shader's
/// arguments in order. A name no file of the library defines is reported when the shader is
/// drawn or compiled, with the closest name it does define ("did you mean").
@dynamicMemberLookup
public struct ShaderLibrary: Sendable, Equatable {
    /// The file or folder, or nil for the default library and Glint's built-in shaders.
    public let url: URL?
    /// The path a frame graph names the library by (nil for the built-in shaders), worked out
    /// once so that naming it every frame costs nothing.
    let path: String?
    /// Whether the app's own shaders come before the built-in ones (`default`).
    let searchesMainBundle: Bool

    private init(builtIn searchesMainBundle: Bool) {
        url = nil
        path = nil
        self.searchesMainBundle = searchesMainBundle
    }

    /// The functions of a GLSL or Metal file, or of a folder of `<function>.frag`, `.glsl` or
    /// `.metal` files.
    public init(url: URL) {
        self.url = url
        path = url.path
        searchesMainBundle = false
    }

    /// The app's shaders, then Glint's built-in ones, as SwiftUI's default library is the app's
    /// (see `ShaderLibrary` for what the app's shaders are on Linux).
    public static let `default` = ShaderLibrary(builtIn: true)

    /// Glint's built-in shaders only, whatever the app ships: `ShaderLibrary.builtIn.wave` is
    /// Glint's `wave` even where the app defines one. (Glint's addition.)
    public static let builtIn = ShaderLibrary(builtIn: false)

    /// The shaders a bundle's resources hold (every `.metal`, `.glsl` and `.frag` file in them,
    /// subfolders too), as SwiftUI's `ShaderLibrary.bundle(.module)` is the bundle's compiled
    /// Metal library: ship a target's shader files as resources and call
    /// `ShaderLibrary.bundle(.module).myEffect(…)`.
    ///
    /// The library of a bundle is worked out once and kept, so `.bundle(.module)` in a view's
    /// body costs a lookup per frame.
    public static func bundle(_ bundle: Bundle) -> ShaderLibrary {
        BundleLibraries.library(of: bundle)
    }

    /// The functions of shader source held in memory: Metal (SwiftUI's `.metal` text; told apart
    /// by `#include <metal_stdlib>`, `[[ stitchable ]]` or `using namespace metal`) or GLSL. Where
    /// SwiftUI's takes a compiled Metal library, Glint takes the source. It is written once, by its
    /// content, under the temporary folder, and read from there like a file.
    public init(data: Data) {
        let text = String(decoding: data, as: UTF8.self)
        let isMetal = text.contains("metal_stdlib") || text.contains("stitchable") || text.contains("using namespace metal")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a: the same source, the same file
        for byte in data {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let folder = (ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp") + "/glint-shader-data-\(getuid())"
        let file = folder + "/\(String(hash, radix: 16)).\(isMetal ? "metal" : "glsl")"
        if !FileManager.default.fileExists(atPath: file) {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            // Written whole under a temporary name, then renamed: a reader never sees half a file.
            let partial = file + ".\(getpid()).partial"
            if FileManager.default.createFile(atPath: partial, contents: data, attributes: [.posixPermissions: 0o600]) {
                _ = rename(partial, file)
            }
        }
        self.init(url: URL(fileURLWithPath: file))
    }

    /// The function `name` of this library. For the default library, the app's own function of
    /// that name when the app ships one (then its file is the library), else Glint's.
    public subscript(dynamicMember name: String) -> ShaderFunction {
        ShaderFunction(library: self, name: name)
    }

    /// The function `name` of the default library.
    public static subscript(dynamicMember name: String) -> ShaderFunction {
        ShaderLibrary.default[dynamicMember: name]
    }
}
