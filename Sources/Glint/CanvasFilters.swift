import Foundation
import GlintCore

extension GraphicsContext {
    /// What `addFilter(_:options:)` applies to the drawing after it, as SwiftUI's
    /// `GraphicsContext.Filter`: each later drawing is drawn into a layer of its own and the
    /// filter applied to that layer. The colour filters are one colour matrix on un-premultiplied
    /// colour, with the formulas of CSS's filter effects (luminance weights 0.2126, 0.7152, 0.0722).
    public struct Filter {
        enum Kind {
            case shader(Shader, ShaderEffect.Kind)
            /// Rows of a colour matrix (on r, g, b, a) and an offset.
            case matrix(SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>)
        }
        let kind: Kind

        /// A shader applied to each pixel's colour (`vec4 f(vec2 position, vec4 color, args…)`).
        public static func colorShader(_ shader: Shader) -> Filter { Filter(kind: .shader(shader, .color)) }

        /// A shader mapping each position to the position of the drawing to show.
        public static func distortionShader(_ shader: Shader, maxSampleOffset: CGSize) -> Filter {
            Filter(kind: .shader(shader, .distortion(maxSampleOffset: Size(maxSampleOffset))))
        }

        /// A shader sampling the drawing (`vec4 f(vec2 position, Layer layer, args…)`).
        public static func layerShader(_ shader: Shader, maxSampleOffset: CGSize) -> Filter {
            Filter(kind: .shader(shader, .layer(maxSampleOffset: Size(maxSampleOffset))))
        }

        /// A Gaussian blur, `radius` points each side (the built-in `blur`, σ = radius / 2).
        public static func blur(radius: CGFloat, options: BlurOptions = BlurOptions()) -> Filter {
            let r = radius.isFinite ? max(0, Double(radius)) : 0
            return Filter(kind: .shader(ShaderLibrary.builtIn.blur(.float(r)), .layer(maxSampleOffset: Size(width: r, height: r))))
        }

        /// Each colour multiplied by `color`.
        public static func colorMultiply(_ color: Color) -> Filter {
            let c = color.resolved
            return matrix([Double(c.red), 0, 0, 0], [0, Double(c.green), 0, 0], [0, 0, Double(c.blue), 0], [0, 0, 0, Double(c.alpha)])
        }

        /// `amount` added to each colour channel.
        public static func brightness(_ amount: Double) -> Filter {
            matrix([1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1], offset: [amount, amount, amount, 0])
        }

        /// Each channel's distance from the middle grey scaled by `amount`.
        public static func contrast(_ amount: Double) -> Filter {
            let o = 0.5 - 0.5 * amount
            return matrix([amount, 0, 0, 0], [0, amount, 0, 0], [0, 0, amount, 0], [0, 0, 0, 1], offset: [o, o, o, 0])
        }

        /// The colours' saturation scaled by `amount` (0 grey, 1 as drawn).
        public static func saturation(_ amount: Double) -> Filter {
            let (lr, lg, lb) = (0.2126, 0.7152, 0.0722), s = amount
            return matrix([lr + (1 - lr) * s, lg - lg * s, lb - lb * s, 0],
                          [lr - lr * s, lg + (1 - lg) * s, lb - lb * s, 0],
                          [lr - lr * s, lg - lg * s, lb + (1 - lb) * s, 0], [0, 0, 0, 1])
        }

        /// The colours `amount` of the way to grey.
        public static func grayscale(_ amount: Double) -> Filter { saturation(1 - min(max(amount, 0), 1)) }

        /// The colours' hue turned by `angle`.
        public static func hueRotation(_ angle: Angle) -> Filter {
            let (c, s) = (cos(angle.radians), sin(angle.radians))
            return matrix([0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928, 0],
                          [0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283, 0],
                          [0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072, 0], [0, 0, 0, 1])
        }

        /// The colours `amount` of the way to their inverse.
        public static func colorInvert(_ amount: Double = 1) -> Filter {
            let k = 1 - 2 * amount
            return matrix([k, 0, 0, 0], [0, k, 0, 0], [0, 0, k, 0], [0, 0, 0, 1], offset: [amount, amount, amount, 0])
        }

        static func matrix(_ r: SIMD4<Double>, _ g: SIMD4<Double>, _ b: SIMD4<Double>, _ a: SIMD4<Double>,
                           offset: SIMD4<Double> = .zero) -> Filter {
            Filter(kind: .matrix(r, g, b, a, offset))
        }
    }

    /// How a blur filter treats the edges, as SwiftUI's `GraphicsContext.BlurOptions` (accepted).
    public struct BlurOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let opaque = BlurOptions(rawValue: 1)
        public static let dithersResult = BlurOptions(rawValue: 2)
    }

    /// How a filter is applied, as SwiftUI's `GraphicsContext.FilterOptions` (accepted).
    public struct FilterOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let linearColor = FilterOptions(rawValue: 1)
    }

    /// Applies `filter` to each drawing after this, after the filters added before it.
    public mutating func addFilter(_ filter: Filter, options: FilterOptions = FilterOptions()) {
        recorder.filters.append((filter, filterIndex))
        filterIndex = recorder.filters.count - 1
    }
}

extension ResolvedView {
    /// For a drawing under filters: a layer over the canvas holding it, its passes the filters
    /// (the first added first); nil where there are none.
    mutating func openCanvasFilters(_ filter: Int, frame: Rect, opacity: Double) -> Int? {
        guard filter >= 0 else { return nil }
        let layer = openLayer(rect: frame, opacity: opacity, clip: nil)
        appendCanvasFilter(filter, to: layers[layer].graph)
        return layer
    }

    mutating func appendCanvasFilter(_ filter: Int, to graph: Int) {
        let recorder = canvasRecorder
        guard filter >= 0, filter < recorder.filters.count else { return }
        appendCanvasFilter(recorder.filters[filter].parent, to: graph)
        switch recorder.filters[filter].filter.kind {
        case .shader(let shader, let kind):
            appendPass(to: graph) { pass, errors in
                Self.write(shader, kind: kind, isOpaque: false, isEnabled: true, into: &pass, errors: &errors)
            }
        case .matrix(let r, let g, let b, let a, let offset):
            appendPass(to: graph) { pass, _ in
                pass.function = "colorMatrixFilter"
                pass.library = nil
                pass.tool = nil
                pass.kind = .color
                pass.isPositional = true
                pass.isOpaque = false
                pass.isEnabled = true
                pass.names.removeAll(keepingCapacity: true)
                pass.arguments.removeAll(keepingCapacity: true)
                pass.arguments.append(.float4(Float(r.x), Float(r.y), Float(r.z), Float(r.w)))
                pass.arguments.append(.float4(Float(g.x), Float(g.y), Float(g.z), Float(g.w)))
                pass.arguments.append(.float4(Float(b.x), Float(b.y), Float(b.z), Float(b.w)))
                pass.arguments.append(.float4(Float(a.x), Float(a.y), Float(a.z), Float(a.w)))
                pass.arguments.append(.float4(Float(offset.x), Float(offset.y), Float(offset.z), Float(offset.w)))
            }
        }
    }
}
