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
            /// A shadow cast by the drawing.
            case shadow(ShadowSpec, ShadowOptions)
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

        /// A shadow of the drawing, as SwiftUI's `Filter.shadow(color:radius:x:y:blendMode:options:)`:
        /// the drawing's alpha in `color`, blurred by `radius` points (the built-in blur, as
        /// `View.shadow`), moved `x`, `y` points, drawn under the drawing (`.shadowAbove`: over it;
        /// `.shadowOnly`: the shadow alone; `.invertsAlpha`: cast by where the drawing is not,
        /// within the canvas). Its `blendMode` other than `.normal` is drawn as `.normal` (said once).
        public static func shadow(color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0,
                                  blendMode: BlendMode = .normal, options: ShadowOptions = ShadowOptions()) -> Filter {
            if blendMode != .normal {
                ArgumentWarnings.once("canvas shadow blend", "glint: a GraphicsContext shadow's blendMode other than .normal is drawn as .normal\n")
            }
            return Filter(kind: .shadow(ShadowSpec(color: color, radius: FilterSpec.points(radius, "shadow radius"),
                                                   x: FilterSpec.offset(x, "shadow x"), y: FilterSpec.offset(y, "shadow y")), options))
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

    /// How a shadow filter is drawn, as SwiftUI's `GraphicsContext.ShadowOptions`
    /// (`disablesGroup` is accepted: Glint always shadows each drawing as one picture).
    public struct ShadowOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// The shadow drawn over the drawing, not under it.
        public static let shadowAbove = ShadowOptions(rawValue: 1)
        /// Only the shadow drawn, not the drawing.
        public static let shadowOnly = ShadowOptions(rawValue: 2)
        /// The shadow cast by the drawing's alpha inverted (an inner shadow, with `.shadowOnly` and a clip).
        public static let invertsAlpha = ShadowOptions(rawValue: 4)
        public static let disablesGroup = ShadowOptions(rawValue: 8)
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
    /// For a drawing under filters: the layers over the canvas that draw it through them (the
    /// first added first), opened outermost first; the depth of `canvasRecorder.filterLayers`
    /// to close back to (`closeCanvasFilters`), nil where there are none. Colour and shader
    /// filters are passes of one layer; a shadow is a layer of its own, composited twice (its
    /// shadow, then itself), inside the layer of the filters after it.
    mutating func openCanvasFilters(_ filter: Int, blend: GraphicsContext.BlendMode = .normal, frame: Rect, opacity: Double) -> Int? {
        guard filter >= 0 || blend != .normal else { return nil }
        let depth = canvasRecorder.filterLayers.count
        guard blend != .normal else {
            openFilterLayers(filter, frame: frame, opacity: opacity)
            return depth
        }
        // Blended: the outermost layer ends with the blend, after the filters' passes where no
        // shadow needs layers of its own.
        let layer = openLayer(rect: frame, opacity: opacity, clip: nil)
        canvasRecorder.filterLayers.append(layer)
        let shadowed = canvasFiltersHaveShadow(filter)
        if !shadowed { appendCanvasFilter(filter, to: layers[layer].graph) }
        appendCanvasBlend(blend, layer: layer)
        if shadowed { openFilterLayers(filter, frame: frame, opacity: 1) }
        return depth
    }

    /// Ends `layer`'s graph with a `blendMode` pass reading a copy of what is below it (as
    /// `.blendMode` on a view does): the composite replaces what is below.
    private mutating func appendCanvasBlend(_ mode: GraphicsContext.BlendMode, layer: Int) {
        while backdropImages.count <= layer { backdropImages.append(GlintCore.Image(externalWidth: 1, height: 1)) }
        let below = backdropImages[layer]
        let code = Float(mode.shaderCode)
        appendPass(to: layers[layer].graph) { pass, _ in
            Self.writeBuiltIn(&pass, "blendMode", kind: .color)
            pass.isOpaque = true
            pass.extent = nil
            pass.arguments.append(.image(below))
            pass.arguments.append(.float(code))
        }
        layers[layer].readsBackdrop = true
    }

    /// Closes the filter layers opened since `depth`, innermost first.
    mutating func closeCanvasFilters(_ depth: Int?) {
        guard let depth else { return }
        let recorder = canvasRecorder
        while recorder.filterLayers.count > depth, let layer = recorder.filterLayers.popLast() {
            draws.append(.endLayer(layer))
        }
    }

    private mutating func openFilterLayers(_ filter: Int, frame: Rect, opacity: Double) {
        let recorder = canvasRecorder
        guard filter >= 0, filter < recorder.filters.count else { return }
        let layer = openLayer(rect: frame, opacity: opacity, clip: nil)
        recorder.filterLayers.append(layer)
        if case .shadow(let shadow, let options) = recorder.filters[filter].filter.kind {
            castCanvasShadow(shadow, options, layer: layer, frame: frame, opacity: opacity)
            openFilterLayers(recorder.filters[filter].parent, frame: frame, opacity: 1)
            return
        }
        let shadow = appendCanvasFilter(filter, to: layers[layer].graph)
        if shadow >= 0 { openFilterLayers(shadow, frame: frame, opacity: 1) }
    }

    /// Whether filter `filter` or one before it is a shadow.
    func canvasFiltersHaveShadow(_ filter: Int) -> Bool {
        let recorder = canvasRecorder
        var f = filter
        while f >= 0 && f < recorder.filters.count {
            if case .shadow = recorder.filters[f].filter.kind { return true }
            f = recorder.filters[f].parent
        }
        return false
    }

    /// The shadow of `layer`'s drawing: a graph reading the layer, moved by the offset, its alpha
    /// (inverted, with `.invertsAlpha`) tinted and blurred; composited under the layer's own graph,
    /// or as that graph over a plain copy (`.shadowAbove`), or alone (`.shadowOnly`).
    private mutating func castCanvasShadow(_ shadow: ShadowSpec, _ options: GraphicsContext.ShadowOptions, layer: Int, frame: Rect,
                                           opacity: Double) {
        let moved = Rect(x: frame.minX + shadow.x, y: frame.minY + shadow.y, width: frame.width, height: frame.height)
        let graph: Int
        if options.contains(.shadowOnly) {
            graph = layers[layer].graph
            graphs[graph].viewRect = moved
        } else if options.contains(.shadowAbove) {
            let plain = nextGraph(rect: frame)
            setBuiltIn(plain, "layerContent", kind: .color, isOpaque: false, .boundingRect, .image(layerImages[layer]))
            graphs[plain].content.arguments.append(.float(Float(opacity)))
            layers[layer].under = plain
            graph = layers[layer].graph
            graphs[graph].viewRect = moved
        } else {
            graph = nextGraph(rect: moved)
            setBuiltIn(graph, "layerContent", kind: .color, isOpaque: false, .boundingRect, .image(layerImages[layer]))
            graphs[graph].content.arguments.append(.float(Float(opacity)))
            layers[layer].under = graph
        }
        if options.contains(.invertsAlpha) {
            appendColorMatrixPass(to: graph, .zero, .zero, .zero, [0, 0, 0, -1], offset: [0, 0, 0, 1])
        }
        let tint = shadow.color.resolved
        appendPass(to: graph) { pass, _ in
            Self.writeBuiltIn(&pass, "shadowTint", kind: .color)
            pass.arguments.append(.color(tint))
        }
        if shadow.radius > 0 { appendFilterPass(.blur(radius: shadow.radius, opaque: false), to: graph) }
    }

    /// Appends the passes of filter `filter` and those before it, back to a shadow, to `graph`
    /// (the first added first); returns that shadow's index, or −1 where none is met.
    @discardableResult
    mutating func appendCanvasFilter(_ filter: Int, to graph: Int) -> Int {
        let recorder = canvasRecorder
        guard filter >= 0, filter < recorder.filters.count else { return -1 }
        if case .shadow = recorder.filters[filter].filter.kind { return filter }
        let shadow = appendCanvasFilter(recorder.filters[filter].parent, to: graph)
        switch recorder.filters[filter].filter.kind {
        case .shader(let shader, let kind):
            appendPass(to: graph) { pass, errors in
                Self.write(shader, kind: kind, isOpaque: false, isEnabled: true, into: &pass, errors: &errors)
            }
        case .matrix(let r, let g, let b, let a, let offset):
            appendColorMatrixPass(to: graph, r, g, b, a, offset: offset)
        case .shadow:
            break
        }
        return shadow
    }

    /// A `colorMatrixFilter` pass: straight colour times the rows, plus `offset`.
    private mutating func appendColorMatrixPass(to graph: Int, _ r: SIMD4<Double>, _ g: SIMD4<Double>, _ b: SIMD4<Double>,
                                                _ a: SIMD4<Double>, offset: SIMD4<Double>) {
        appendPass(to: graph) { pass, _ in
            Self.writeBuiltIn(&pass, "colorMatrixFilter", kind: .color)
            pass.arguments.append(.float4(Float(r.x), Float(r.y), Float(r.z), Float(r.w)))
            pass.arguments.append(.float4(Float(g.x), Float(g.y), Float(g.z), Float(g.w)))
            pass.arguments.append(.float4(Float(b.x), Float(b.y), Float(b.z), Float(b.w)))
            pass.arguments.append(.float4(Float(a.x), Float(a.y), Float(a.z), Float(a.w)))
            pass.arguments.append(.float4(Float(offset.x), Float(offset.y), Float(offset.z), Float(offset.w)))
        }
    }
}
