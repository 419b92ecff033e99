import Foundation
import GlintCore
import GlintRender

/// A view you draw into with code, as SwiftUI's `Canvas`: `renderer` is called every frame with
/// a `GraphicsContext` and the canvas's size, and what it fills, strokes and draws is shown. It
/// fills the space offered, as a shape does.
///
/// ```swift
/// Canvas { context, size in
///     context.fill(Path(ellipseIn: CGRect(origin: .zero, size: size)), with: .color(.blue))
///     context.translateBy(x: size.width / 2, y: size.height / 2)
///     context.rotate(by: .degrees(45))
///     context.stroke(Path(CGRect(x: -20, y: -20, width: 40, height: 40)), with: .color(.white), lineWidth: 4)
/// }
/// ```
///
/// Paths are drawn as shapes are (exact-coverage anti-aliasing), through the context's transform;
/// a stroke under a scale is as wide as the scale's mean (the square root of its determinant).
/// What the drawing asks for is recorded into storage the resolved view keeps, so a canvas in a
/// `TimelineView` redrawn every frame allocates nothing for its own bookkeeping once warm (the
/// paths and shaders your code makes are its own). `rendersAsynchronously`, `colorMode` and
/// `opaque` are accepted; Glint draws every canvas on its frame.
public struct Canvas<Symbols: View>: View {
    let renderer: (inout GraphicsContext, CGSize) -> Void
    let symbols: Symbols?

    /// A canvas drawn by `renderer`.
    public init(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
                renderer: @escaping (inout GraphicsContext, CGSize) -> Void) where Symbols == EmptyView {
        self.renderer = renderer
        symbols = nil
    }

    /// A canvas drawn by `renderer`, which may draw the views of `symbols` by their `.tag`
    /// (`context.resolveSymbol(id:)`). The symbols are laid out as views in the canvas's space
    /// (each as it sizes itself there) and shown only where the canvas draws them.
    public init(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
                renderer: @escaping (inout GraphicsContext, CGSize) -> Void, @ViewBuilder symbols: () -> Symbols) {
        self.renderer = renderer
        self.symbols = symbols()
    }

    public var body: Never { fatalError("a Canvas has no body") }

    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        graph.canvases.append(CanvasEntry(renderer: view.renderer, environment: graph.environment))
        let index = graph.canvases.count - 1
        let canvas = ShapeLeaf(shape: ShapeSource(kind: .canvas(index)), fill: .color(.clear), fillStyle: FillStyle())
        guard let symbols = view.symbols else {
            graph.addNode(.shape(canvas))
            return
        }
        graph.withNode(.zstack(.topLeading)) { graph in
            graph.addNode(.shape(canvas))
            let start = graph.canvasSymbols.count
            let saved = graph.makingCanvasSymbols
            graph.makingCanvasSymbols = true
            graph.withNode(.hidden) { $0.makeChild(symbols) }
            graph.makingCanvasSymbols = saved
            graph.canvases[index].symbols = start..<graph.canvasSymbols.count
        }
    }
}

/// How colours are blended while a canvas draws, as SwiftUI's `ColorRenderingMode` (accepted:
/// Glint blends in the colours as given).
public enum ColorRenderingMode: Hashable, Sendable {
    case nonLinear, linear, extendedLinear
}

/// A canvas's drawing code and the environment it was made in, for the frame.
struct CanvasEntry {
    var renderer: (inout GraphicsContext, CGSize) -> Void
    var environment: EnvironmentValues
    /// Its symbols, in `ViewGraph.canvasSymbols`.
    var symbols = 0..<0
}

/// What a `Canvas` draws into, as SwiftUI's `GraphicsContext`: fill and stroke paths, draw text
/// and images, through a transform, clip, opacity and layers. A value: a copy made before a
/// `clip(to:)` or `translateBy` keeps its own state, and draws into the same canvas.
public struct GraphicsContext {
    let recorder: CanvasRecorder
    /// The clip in force (an index into the recorder's clips; -1 for none).
    var clipIndex = -1
    /// The last filter added (an index into the recorder's filters; -1 for none).
    var filterIndex = -1

    /// How opaque what is drawn next is (0 … 1).
    public var opacity: Double = 1
    /// How what is drawn next blends with what the canvas has drawn under it (the canvas is then
    /// drawn as one layer, so nothing behind the canvas takes part; inside `drawLayer`, with what
    /// the layer has drawn; under a clip, with what was drawn under the same clip). The W3C's
    /// formulas, as `View.blendMode`; the Porter-Duff `clear`, `copy`, `sourceIn`, `sourceOut`,
    /// `destinationIn`, `destinationAtop` act only where the drawing reaches (alpha above 0), as
    /// Core Graphics bounds them by the drawn shape; `sourceAtop`, `destinationOver`,
    /// `destinationOut`, `xor` and `plusLighter` are Porter-Duff's on premultiplied colour.
    public var blendMode: BlendMode = .normal
    /// From the drawing's coordinates to the canvas's points.
    public var transform: CGAffineTransform = .identity
    /// The environment of the canvas (its font, foreground style and colour scheme).
    public var environment: EnvironmentValues

    init(recorder: CanvasRecorder, environment: EnvironmentValues) {
        self.recorder = recorder
        self.environment = environment
    }

    /// How drawing blends, as SwiftUI's `GraphicsContext.BlendMode`.
    public struct BlendMode: RawRepresentable, Hashable, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }
        public static let normal = BlendMode(rawValue: 0)
        public static let multiply = BlendMode(rawValue: 1)
        public static let screen = BlendMode(rawValue: 2)
        public static let overlay = BlendMode(rawValue: 3)
        public static let darken = BlendMode(rawValue: 4)
        public static let lighten = BlendMode(rawValue: 5)
        public static let colorDodge = BlendMode(rawValue: 6)
        public static let colorBurn = BlendMode(rawValue: 7)
        public static let softLight = BlendMode(rawValue: 8)
        public static let hardLight = BlendMode(rawValue: 9)
        public static let difference = BlendMode(rawValue: 10)
        public static let exclusion = BlendMode(rawValue: 11)
        public static let hue = BlendMode(rawValue: 12)
        public static let saturation = BlendMode(rawValue: 13)
        public static let color = BlendMode(rawValue: 14)
        public static let luminosity = BlendMode(rawValue: 15)
        public static let clear = BlendMode(rawValue: 16)
        public static let copy = BlendMode(rawValue: 17)
        public static let sourceIn = BlendMode(rawValue: 18)
        public static let sourceOut = BlendMode(rawValue: 19)
        public static let sourceAtop = BlendMode(rawValue: 20)
        public static let destinationOver = BlendMode(rawValue: 21)
        public static let destinationIn = BlendMode(rawValue: 22)
        public static let destinationOut = BlendMode(rawValue: 23)
        public static let destinationAtop = BlendMode(rawValue: 24)
        public static let xor = BlendMode(rawValue: 25)
        public static let plusDarker = BlendMode(rawValue: 26)
        public static let plusLighter = BlendMode(rawValue: 27)

        /// The `mode` of `Shaders/blendMode.frag`: `View.blendMode`'s raw value where the two
        /// share a mode, 21 … 27 for the Porter-Duff modes only a canvas has; an unknown raw
        /// value is said once and drawn as `.normal`.
        var shaderCode: Int {
            switch rawValue {
            case 0...15: return Int(rawValue)
            case 16: return 21  // clear
            case 17: return 22  // copy
            case 18: return 23  // sourceIn
            case 19: return 24  // sourceOut
            case 20: return Glint.BlendMode.sourceAtop.rawValue
            case 21: return Glint.BlendMode.destinationOver.rawValue
            case 22: return 25  // destinationIn
            case 23: return Glint.BlendMode.destinationOut.rawValue
            case 24: return 26  // destinationAtop
            case 25: return 27  // xor
            case 26: return Glint.BlendMode.plusDarker.rawValue
            case 27: return Glint.BlendMode.plusLighter.rawValue
            default:
                ArgumentWarnings.once("canvas blend \(rawValue)",
                                      "glint: GraphicsContext.BlendMode(rawValue: \(rawValue)) is not a blend mode (0 … 27); it is drawn as .normal\n")
                return 0
            }
        }
    }

    /// How a clip treats its path, as SwiftUI's `GraphicsContext.ClipOptions`.
    public struct ClipOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Keep what lies outside the path instead of inside it.
        public static let inverse = ClipOptions(rawValue: 1)
    }

    /// What fills and strokes paint with, as SwiftUI's `GraphicsContext.Shading`: a colour, a
    /// gradient (its points in the drawing's coordinates, through the transform), a `Shader`
    /// (its `position` in the canvas's points), any `ShapeStyle` (laid over the canvas's rect),
    /// or the foreground style.
    public struct Shading {
        enum Kind {
            case color(Color)
            case gradient(Gradient, GradientShading)
            case style(ShapeStyleValue)
            case foreground
        }
        let kind: Kind

        /// A colour.
        public static func color(_ color: Color) -> Shading { Shading(kind: .color(color)) }

        /// A colour of red, green and blue (0 … 1) and opacity.
        public static func color(red: Double, green: Double, blue: Double, opacity: Double = 1) -> Shading {
            color(Color(red: red, green: green, blue: blue, opacity: opacity))
        }

        /// Any shape style (a colour, a view's gradient over the canvas's rect, a shader).
        public static func style<S: ShapeStyle>(_ style: S) -> Shading { Shading(kind: .style(style._shapeStyleValue)) }

        /// A shader, its `position` in the canvas's points.
        public static func shader(_ shader: Shader) -> Shading { Shading(kind: .style(.shader(shader))) }

        /// The canvas's foreground style.
        public static var foreground: Shading { Shading(kind: .foreground) }

        /// `gradient` along the line from `startPoint` to `endPoint`.
        public static func linearGradient(_ gradient: Gradient, startPoint: CGPoint, endPoint: CGPoint, options: GradientOptions = GradientOptions()) -> Shading {
            Shading(kind: .gradient(gradient, GradientShading(kind: .linear, geometry: (Double(startPoint.x), Double(startPoint.y), Double(endPoint.x), Double(endPoint.y)),
                                                             unitSpace: false)))
        }

        /// `gradient` in rings from `startRadius` to `endRadius` around `center`.
        public static func radialGradient(_ gradient: Gradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat,
                                          options: GradientOptions = GradientOptions()) -> Shading {
            Shading(kind: .gradient(gradient, GradientShading(kind: .radial, geometry: (Double(center.x), Double(center.y), 0, 0),
                                                             radii: (Double(startRadius), Double(endRadius)), unitSpace: false)))
        }

        /// `gradient` swept one whole turn clockwise from `angle` around `center`.
        public static func conicGradient(_ gradient: Gradient, center: CGPoint, angle: Angle = .zero, options: GradientOptions = GradientOptions()) -> Shading {
            Shading(kind: .gradient(gradient, GradientShading(kind: .angular, geometry: (Double(center.x), Double(center.y), 0, 0),
                                                             radii: (angle.radians, angle.radians + 2 * .pi), unitSpace: false)))
        }
    }

    /// How a gradient shading repeats, as SwiftUI's `GraphicsContext.GradientOptions` (accepted:
    /// Glint's gradients hold their end colours).
    public struct GradientOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let `repeat` = GradientOptions(rawValue: 1)
        public static let mirror = GradientOptions(rawValue: 2)
        public static let linearColor = GradientOptions(rawValue: 4)
    }

    // MARK: Transform

    /// Moves the origin of what is drawn next by (`x`, `y`).
    public mutating func translateBy(x: CGFloat, y: CGFloat) {
        transform = transform.translatedBy(x: x, y: y)
    }

    /// Scales what is drawn next by `x` and `y` about the origin.
    public mutating func scaleBy(x: CGFloat, y: CGFloat) {
        transform = transform.scaledBy(x: x, y: y)
    }

    /// Turns what is drawn next by `angle` (clockwise on screen) about the origin.
    public mutating func rotate(by angle: Angle) {
        transform = transform.rotated(by: angle.radians)
    }

    /// Applies `matrix` before the current transform.
    public mutating func concatenate(_ matrix: CGAffineTransform) {
        transform = matrix.concatenating(transform)
    }

    // MARK: Clip

    /// Draws what comes next only inside `path` (or outside it, with `.inverse`), within any clip
    /// already in force.
    public mutating func clip(to path: Path, style: FillStyle = FillStyle(), options: ClipOptions = ClipOptions()) {
        clipIndex = recorder.addClip(path, transform: transform, style: style, inverse: options.contains(.inverse), parent: clipIndex)
    }

    /// The bounds of the clip in force, in the drawing's coordinates (the canvas where there is none).
    public var clipBoundingRect: CGRect {
        var rect = CGRect(origin: .zero, size: recorder.size)
        var c = clipIndex
        while c >= 0 {
            if !recorder.clips[c].inverse { rect = rect.intersection(recorder.paths[recorder.clips[c].path].boundingRect) }
            c = recorder.clips[c].parent
        }
        return rect.applying(transform.inverted())
    }

    // MARK: Drawing

    /// Fills `path` with `shading`.
    public func fill(_ path: Path, with shading: Shading, style: FillStyle = FillStyle()) {
        recorder.addShape(path, context: self, shading: shading, fill: style, stroke: nil)
    }

    /// Strokes `path` with `shading` in `style`.
    public func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {
        recorder.addShape(path, context: self, shading: shading, fill: FillStyle(), stroke: style)
    }

    /// Strokes `path` with `shading`, `lineWidth` points wide.
    public func stroke(_ path: Path, with shading: Shading, lineWidth: CGFloat = 1) {
        stroke(path, with: shading, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// Draws what `content` draws into a layer of its own, then lays the layer over the canvas at
    /// this context's opacity, through its filters (so overlapping parts fade as one picture). `content`'s context
    /// starts with this one's transform and clip, at full opacity.
    public func drawLayer(content: (inout GraphicsContext) throws -> Void) rethrows {
        recorder.beginLayer(opacity: opacity, clip: clipIndex, filter: filterIndex, blendMode: blendMode)
        var inner = self
        inner.opacity = 1
        inner.blendMode = .normal
        inner.filterIndex = -1
        defer { recorder.endLayer() }
        try content(&inner)
    }

    /// Text laid out and ready to draw, as SwiftUI's `GraphicsContext.ResolvedText`.
    public struct ResolvedText {
        let string: String
        let font: FontSpec
        let color: Color
        /// The pixels per point it is measured at.
        let scale: Double

        /// The size the text takes when offered `size` (wrapping at spaces to its width).
        public func measure(in size: CGSize) -> CGSize {
            guard let engine = SharedText.engine else { return .zero }
            let m = engine.measure(string, font: font, maxWidth: size.width.isFinite ? Double(size.width) : nil,
                                   options: TextLayoutOptions(), scale: scale)
            return CGSize(width: m.width, height: m.height)
        }
    }

    /// `text` in the canvas's font and foreground style, ready to measure and draw.
    public func resolve(_ text: Text) -> ResolvedText {
        var color = Color.primary.resolved(in: environment.colorScheme)
        if case .color(let c)? = environment.foregroundStyle?.resolved(in: environment) { color = c }
        return ResolvedText(string: text.string, font: (environment.font ?? .body).spec, color: color, scale: recorder.scale)
    }

    /// Draws `text` with its `anchor` (a fraction of its size) at `point`.
    public func draw(_ text: ResolvedText, at point: CGPoint, anchor: UnitPoint = .center) {
        let size = text.measure(in: CGSize(width: CGFloat.infinity, height: .infinity))
        let origin = CGPoint(x: point.x - anchor.x * size.width, y: point.y - anchor.y * size.height)
        recorder.addText(text, in: CGRect(origin: origin, size: size), context: self)
    }

    /// Draws `text` laid out in `rect` (wrapping at spaces to its width).
    public func draw(_ text: ResolvedText, in rect: CGRect) {
        recorder.addText(text, in: rect, context: self)
    }

    /// Draws `text` with its `anchor` at `point`.
    public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) {
        draw(resolve(text), at: point, anchor: anchor)
    }

    /// Draws `text` laid out in `rect`.
    public func draw(_ text: Text, in rect: CGRect) {
        draw(resolve(text), in: rect)
    }

    /// An image ready to draw, as SwiftUI's `GraphicsContext.ResolvedImage`.
    public struct ResolvedImage {
        let image: Image
        /// Its size in points.
        public var size: CGSize { CGSize(width: image.width, height: image.height) }
    }

    /// `image`, ready to draw.
    public func resolve(_ image: Image) -> ResolvedImage { ResolvedImage(image: image) }

    /// Draws `image` at its size with its `anchor` at `point`.
    public func draw(_ image: ResolvedImage, at point: CGPoint, anchor: UnitPoint = .center) {
        let size = image.size
        draw(image, in: CGRect(x: point.x - anchor.x * size.width, y: point.y - anchor.y * size.height, width: size.width, height: size.height))
    }

    /// Draws `image` stretched over `rect`.
    public func draw(_ image: ResolvedImage, in rect: CGRect, style: FillStyle = FillStyle()) {
        recorder.addImage(image.image, in: rect, context: self)
    }

    /// Draws `image` at its size with its `anchor` at `point`.
    public func draw(_ image: Image, at point: CGPoint, anchor: UnitPoint = .center) {
        draw(resolve(image), at: point, anchor: anchor)
    }

    /// Draws `image` stretched over `rect`.
    public func draw(_ image: Image, in rect: CGRect, style: FillStyle = FillStyle()) {
        draw(resolve(image), in: rect, style: style)
    }

    /// A view of the canvas's `symbols:`, ready to draw, as SwiftUI's `GraphicsContext.ResolvedSymbol`.
    public struct ResolvedSymbol {
        /// Its first node in the frame's tree.
        let node: Int
        /// Its size as laid out, in points.
        public let size: CGSize
    }

    /// The symbol tagged `id` (`.tag(id)` on a view in the canvas's `symbols:`), or nil.
    public func resolveSymbol<ID: Hashable>(id: ID) -> ResolvedSymbol? {
        let key = AnyHashable(id)
        var k = 0
        while k < recorder.symbols.count {
            if recorder.symbols[k].tag == key { return ResolvedSymbol(node: recorder.symbols[k].node, size: recorder.symbols[k].size) }
            k += 1
        }
        return nil
    }

    /// Draws `symbol` at its size with its `anchor` at `point`.
    public func draw(_ symbol: ResolvedSymbol, at point: CGPoint, anchor: UnitPoint = .center) {
        draw(symbol, in: CGRect(x: point.x - anchor.x * symbol.size.width, y: point.y - anchor.y * symbol.size.height,
                                width: symbol.size.width, height: symbol.size.height))
    }

    /// Draws `symbol` stretched over `rect`.
    public func draw(_ symbol: ResolvedSymbol, in rect: CGRect) {
        recorder.addSymbol(symbol.node, in: rect, context: self)
    }
}
