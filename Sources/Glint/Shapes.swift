import Foundation
import GlintCore
import GlintRender

/// A 2-D shape, as SwiftUI's `Shape`: write `path(in:)` for the rect it is laid out in. On its
/// own a shape fills the space offered with the foreground style; `.fill`, `.stroke`,
/// `.strokeBorder` and `.trim(from:to:)` say how it is drawn. Edges are anti-aliased by exact
/// coverage.
///
/// ```swift
/// struct Triangle: Shape {
///     func path(in rect: CGRect) -> Path {
///         Path { path in
///             path.move(to: CGPoint(x: rect.midX, y: rect.minY))
///             path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
///             path.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
///             path.closeSubpath()
///         }
///     }
/// }
/// ```
public protocol Shape: View, Animatable {
    /// The outline of the shape laid out in `rect` (in the shape's own space: (0, 0) at its top-left).
    func path(in rect: CGRect) -> Path
}

extension Shape {
    /// A shape is drawn, not made of a body.
    public var body: Never { fatalError("a Shape has no body") }

    /// Fills the space offered with the foreground style.
    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        let style = (graph.environment.foregroundStyle ?? .color(.primary)).resolved(in: graph.environment)
        graph.addNode(.shape(ShapeLeaf(shape: ShapeSource(graph.animatedData(view)), fill: style, fillStyle: FillStyle())))
    }

    /// The shape filled with `content` (a colour, a gradient, a `Shader`), as SwiftUI's `fill`.
    public func fill<S: ShapeStyle>(_ content: S, style: FillStyle = FillStyle()) -> _ShapeView<Self> {
        _ShapeView(shape: self, style: content._shapeStyleValue, fillStyle: style, stroke: nil, isBorder: false)
    }

    /// The shape filled with the foreground style.
    public func fill(style: FillStyle = FillStyle()) -> _ShapeView<Self> {
        _ShapeView(shape: self, style: nil, fillStyle: style, stroke: nil, isBorder: false)
    }

    /// The shape's outline drawn with `content`, `lineWidth` points wide, centred on the outline.
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> _ShapeView<Self> {
        stroke(content, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// The shape's outline drawn with `content` in `style` (width, caps, joins, dashes).
    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> _ShapeView<Self> {
        _ShapeView(shape: self, style: content._shapeStyleValue, fillStyle: FillStyle(), stroke: style, isBorder: false)
    }

    /// The shape's outline drawn with the foreground style.
    public func stroke(lineWidth: CGFloat = 1) -> _ShapeView<Self> {
        _ShapeView(shape: self, style: nil, fillStyle: FillStyle(), stroke: StrokeStyle(lineWidth: lineWidth), isBorder: false)
    }

    /// The shape's outline drawn with the foreground style in `style`.
    public func stroke(style: StrokeStyle) -> _ShapeView<Self> {
        _ShapeView(shape: self, style: nil, fillStyle: FillStyle(), stroke: style, isBorder: false)
    }

    /// The outline drawn inside the shape's rect: the shape inset by half the line width, then
    /// stroked, as SwiftUI's `strokeBorder`.
    public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> _ShapeView<Self> {
        strokeBorder(content, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// The outline drawn inside the shape's rect in `style`.
    public func strokeBorder<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> _ShapeView<Self> {
        _ShapeView(shape: self, style: content._shapeStyleValue, fillStyle: FillStyle(), stroke: style, isBorder: true)
    }

    /// The part of the outline from `from` to `to`, fractions of its length, as SwiftUI's `trim`.
    public func trim(from: CGFloat = 0, to: CGFloat = 1) -> TrimmedShape<Self> {
        TrimmedShape(shape: self, from: from, to: to)
    }
}

/// A shape drawn with a style: what `fill`, `stroke` and `strokeBorder` make.
public struct _ShapeView<S: Shape>: View {
    let shape: S
    let style: ShapeStyleValue?
    let fillStyle: FillStyle
    let stroke: StrokeStyle?
    let isBorder: Bool

    public var body: Never { fatalError("a shape view has no body") }

    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        let style = (view.style ?? graph.environment.foregroundStyle ?? .color(.primary)).resolved(in: graph.environment)
        graph.addNode(.shape(ShapeLeaf(shape: ShapeSource(graph.animatedData(view.shape)), fill: style, fillStyle: view.fillStyle,
                                       stroke: view.stroke, isBorder: view.isBorder)))
    }
}

/// A trimmed shape, seen without its type.
protocol _TrimmedShape {
    var _source: ShapeSource.Kind { get }
}

/// A part of a shape's outline, as `trim(from:to:)` makes it.
public struct TrimmedShape<S: Shape>: Shape, _TrimmedShape {
    var _source: ShapeSource.Kind {
        if case .builtin(let base) = ShapeSource(shape).kind { return .trimmed(base, from, to) }
        return .custom(self)
    }

    let shape: S
    let from: CGFloat
    let to: CGFloat

    public func path(in rect: CGRect) -> Path {
        shape.path(in: rect).trimmedPath(from: from, to: to)
    }
}

/// A rectangle filling its space, as SwiftUI's `Rectangle`.
public struct Rectangle: Shape, Sendable {
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(rect) }
}

/// A rectangle with rounded corners, as SwiftUI's `RoundedRectangle`.
public struct RoundedRectangle: Shape, Sendable {
    public var cornerSize: CGSize
    /// `.circular` (quarter ellipses) or `.continuous` (smoother corners reaching further along the edges).
    public var style: RoundedCornerStyle

    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .circular) {
        cornerSize = CGSize(width: cornerRadius, height: cornerRadius)
        self.style = style
    }
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .circular) {
        self.cornerSize = cornerSize
        self.style = style
    }

    public func path(in rect: CGRect) -> Path {
        guard style == .continuous else { return Path(roundedRect: rect, cornerSize: cornerSize) }
        var path = Path()
        path.addContinuousRoundedRect(in: rect, cornerSize: cornerSize)
        return path
    }
}

/// A circle as large as fits its space, centred, as SwiftUI's `Circle`.
public struct Circle: Shape, Sendable {
    public init() {}
    public func path(in rect: CGRect) -> Path {
        let side = min(rect.width, rect.height)
        return Path(ellipseIn: CGRect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side))
    }
}

/// An ellipse filling its space, as SwiftUI's `Ellipse`.
public struct Ellipse: Shape, Sendable {
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect) }
}

/// A rectangle whose short sides are half circles, as SwiftUI's `Capsule`.
public struct Capsule: Shape, Sendable {
    public init() {}
    public func path(in rect: CGRect) -> Path {
        let r = min(rect.width, rect.height) / 2
        return Path(roundedRect: rect, cornerRadius: r)
    }
}

/// A shape's outline as a view stores it until layout gives it a rect: Glint's shapes as
/// values (no allocation), a shape of your own as itself.
struct ShapeSource {
    /// Glint's own shapes.
    enum Builtin {
        case rectangle
        case roundedRectangle(CGSize)
        case continuousRoundedRectangle(CGSize)
        case circle
        case ellipse
        case capsule

        /// The outline in `rect`, written into `path`.
        func write(in rect: CGRect, into path: inout Path) {
            switch self {
            case .rectangle: path.addRect(rect)
            case .roundedRectangle(let size): path.addRoundedRect(in: rect, cornerSize: size)
            case .continuousRoundedRectangle(let size): path.addContinuousRoundedRect(in: rect, cornerSize: size)
            case .circle:
                let side = min(rect.width, rect.height)
                path.addEllipse(in: CGRect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side))
            case .ellipse: path.addEllipse(in: rect)
            case .capsule:
                let r = min(rect.width, rect.height) / 2
                path.addRoundedRect(in: rect, cornerSize: CGSize(width: r, height: r))
            }
        }
    }

    enum Kind {
        case builtin(Builtin)
        /// A built-in shape trimmed (`trim(from:to:)`), kept as a value so it allocates nothing.
        case trimmed(Builtin, CGFloat, CGFloat)
        /// A built-in shape at a place in the rect it is laid out in that depends on the rect's
        /// size (a control's knob at its value), kept as a value so it allocates nothing.
        case placed(Builtin, ShapePlacement)
        case custom(any Shape)
        /// A `Canvas` (`ViewGraph.canvases[i]`): drawn through its recorder, not as one outline.
        case canvas(Int)
        /// A path a canvas drew, kept in its recorder in the canvas's points.
        case canvasPath(CanvasRecorder, Int)
    }

    let kind: Kind

    init(kind: Kind) { self.kind = kind }

    init<S: Shape>(_ shape: S) {
        switch shape {
        case is Rectangle: kind = .builtin(.rectangle)
        case let rounded as RoundedRectangle:
            kind = .builtin(rounded.style == .continuous ? .continuousRoundedRectangle(rounded.cornerSize) : .roundedRectangle(rounded.cornerSize))
        case is Circle: kind = .builtin(.circle)
        case is Ellipse: kind = .builtin(.ellipse)
        case is Capsule: kind = .builtin(.capsule)
        case let trimmed as any _TrimmedShape: kind = trimmed._source
        default: kind = .custom(shape)
        }
    }

    /// Whether the outline is the whole rect (drawn as a rect, with no mask).
    var isRectangle: Bool {
        if case .builtin(.rectangle) = kind { return true }
        return false
    }

    /// The outline in `rect`, written into `path` (its storage kept): Glint's shapes allocate
    /// nothing; a shape of your own, its `path(in:)`.
    func write(in rect: CGRect, into path: inout Path, scratch: inout Path) {
        path.removeAll()
        switch kind {
        case .builtin(let shape): shape.write(in: rect, into: &path)
        case .trimmed(let base, let from, let to):
            scratch.removeAll()
            base.write(in: rect, into: &scratch)
            scratch.trimmed(from: from, to: to, into: &path)
        case .placed(let base, let placement): base.write(in: placement.rect(in: rect), into: &path)
        case .custom(let shape): path = shape.path(in: rect)
        case .canvas: break
        case .canvasPath(let recorder, let index): path.addPath(recorder.paths[index])
        }
    }
}

/// Where a built-in shape lies in the rect it is laid out in, by a rule per axis: the parts of
/// Glint's controls (a slider's track, the part below the value, the knob at the value) are
/// shapes placed so, drawn as any shape is.
struct ShapePlacement {
    /// Where the shape lies along one axis of a rect of length `L`.
    enum Rule {
        /// All of it: 0 to `L`.
        case whole
        /// From `origin`, `length` long.
        case fixed(origin: Double, length: Double)
        /// `length` long, centred.
        case centred(length: Double)
        /// `length` long, centred at `fraction` of the way between `inset` from each end.
        case at(fraction: Double, inset: Double, length: Double)
        /// From 0 to `fraction` of the way between `inset` from each end.
        case upTo(fraction: Double, inset: Double)

        /// The start and length along an axis of length `L`.
        func span(_ L: Double) -> (origin: Double, length: Double) {
            switch self {
            case .whole: return (0, L)
            case .fixed(let origin, let length): return (origin, length)
            case .centred(let length): return (L / 2 - length / 2, length)
            case .at(let fraction, let inset, let length):
                let centre = inset + fraction * max(0, L - 2 * inset)
                return (centre - length / 2, length)
            case .upTo(let fraction, let inset): return (0, inset + fraction * max(0, L - 2 * inset))
            }
        }
    }
    var x: Rule
    var y: Rule
    /// How far the placed rect is inset on every side (a knob's rim: half its line width).
    var inset = 0.0

    /// The shape's rect in `rect`.
    func rect(in rect: CGRect) -> CGRect {
        let (x0, w) = x.span(Double(rect.width)), (y0, h) = y.span(Double(rect.height))
        let placed = CGRect(x: Double(rect.minX) + x0, y: Double(rect.minY) + y0, width: w, height: h)
        return inset == 0 ? placed : placed.insetBy(dx: inset, dy: inset)
    }
}

/// A shape on a node: its outline and how it is painted.
struct ShapeLeaf {
    var shape: ShapeSource
    var fill: ShapeStyleValue
    var fillStyle: FillStyle
    var stroke: StrokeStyle? = nil
    var isBorder = false
}

/// How shapes and text are painted, as SwiftUI's `ShapeStyle`: a `Color`, a gradient, or a
/// `Shader` (a function `vec4 f(vec2 position, ARGS…)`).
public protocol ShapeStyle {
    /// The style as Glint paints it.
    var _shapeStyleValue: ShapeStyleValue { get }
}

/// A shape style as Glint paints it.
public enum ShapeStyleValue {
    case color(Color)
    case shader(Shader)
}

extension Color: ShapeStyle {
    public var _shapeStyleValue: ShapeStyleValue { .color(self) }
}

extension Shader: ShapeStyle {
    public var _shapeStyleValue: ShapeStyleValue { .shader(self) }
}

extension View {
    /// Makes this view's nodes (for views made by other views' `_makeView`).
    func _makeSelf(into graph: inout ViewGraph) {
        Self._makeView(self, into: &graph)
    }
}

extension ShapeStyle where Self == Color {
    /// `Color.red`, as a style.
    public static var red: Color { Color.red }
    /// `Color.orange`, as a style.
    public static var orange: Color { Color.orange }
    /// `Color.yellow`, as a style.
    public static var yellow: Color { Color.yellow }
    /// `Color.green`, as a style.
    public static var green: Color { Color.green }
    /// `Color.blue`, as a style.
    public static var blue: Color { Color.blue }
    /// `Color.purple`, as a style.
    public static var purple: Color { Color.purple }
    /// `Color.white`, as a style.
    public static var white: Color { Color.white }
    /// `Color.black`, as a style.
    public static var black: Color { Color.black }
    /// `Color.clear`, as a style.
    public static var clear: Color { Color.clear }
    /// `Color.primary`, as a style.
    public static var primary: Color { Color.primary }
    /// `Color.secondary`, as a style.
    public static var secondary: Color { Color.secondary }
    /// `Color.gray`, as a style.
    public static var gray: Color { Color.gray }
    /// `Color.pink`, as a style.
    public static var pink: Color { Color.pink }
    /// `Color.mint`, as a style.
    public static var mint: Color { Color.mint }
    /// `Color.teal`, as a style.
    public static var teal: Color { Color.teal }
    /// `Color.cyan`, as a style.
    public static var cyan: Color { Color.cyan }
    /// `Color.indigo`, as a style.
    public static var indigo: Color { Color.indigo }
    /// `Color.brown`, as a style.
    public static var brown: Color { Color.brown }
    /// `Color.accentColor`, as a style.
    public static var accentColor: Color { Color.accentColor }
}
