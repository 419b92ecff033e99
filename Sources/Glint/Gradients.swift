import Foundation
import GlintCore
import Synchronization

/// Colours at locations along a gradient, as SwiftUI's `Gradient`: what `LinearGradient`,
/// `RadialGradient`, `AngularGradient`, `EllipticalGradient` and a `Canvas`'s shadings blend.
/// As a style on its own it is drawn top to bottom (as SwiftUI draws a `Gradient` as a fill).
///
/// Glint draws up to 16 stops (more are said once on standard error and the first 16 kept);
/// stops are drawn in the order of their locations, colours blended premultiplied.
public struct Gradient: Hashable, Sendable, ShapeStyle {
    /// One colour of a gradient and where it lies, 0 at the start and 1 at the end.
    public struct Stop: Hashable, Sendable {
        public var color: Color
        public var location: CGFloat

        public init(color: Color, location: CGFloat) {
            self.color = color
            self.location = location
        }
    }

    /// The colours and where they lie.
    public var stops: [Stop]
    /// Where the colours are blended (`colorSpace(_:)`).
    var space = ColorSpace.device

    /// A gradient of `stops`.
    public init(stops: [Stop]) {
        self.stops = stops
    }

    /// `colors` evenly spaced from 0 to 1 (one colour fills all of it).
    public init(colors: [Color]) {
        let last = max(colors.count - 1, 1)
        stops = colors.enumerated().map { Stop(color: $0.element, location: CGFloat($0.offset) / CGFloat(last)) }
    }

    public var _shapeStyleValue: ShapeStyleValue {
        LinearGradient(gradient: self, startPoint: .top, endPoint: .bottom)._shapeStyleValue
    }

    /// The most stops the gradient shader takes.
    static let maxStops = 16

    /// The colours and locations as the `gradientFill` shader takes them: in the order of their
    /// locations, at most `maxStops`, a clear one where there are none.
    var shaderArguments: (colors: Shader.Argument, locations: Shader.Argument) {
        var sorted = stops
        if sorted.isEmpty { sorted = [Stop(color: .clear, location: 0)] }
        if !sorted.indices.dropFirst().allSatisfy({ sorted[$0 - 1].location <= sorted[$0].location }) {
            sorted = sorted.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
        }
        if sorted.count > Self.maxStops {
            GradientMessages.sayOnce("a gradient of \(sorted.count) stops: Glint draws the first \(Self.maxStops)")
            sorted.removeLast(sorted.count - Self.maxStops)
        }
        return (.colorArray(sorted.map(\.color)), .floatArray(sorted.map { Float($0.location) }))
    }
}

/// What a gradient style says on standard error, each thing once.
enum GradientMessages {
    private static let said = Mutex<Set<String>>([])

    static func sayOnce(_ message: String) {
        guard said.withLock({ $0.insert(message).inserted }) else { return }
        FileHandle.standardError.write(Data("glint: \(message)\n".utf8))
    }
}

/// The shape of a gradient as the `gradientFill` shader draws it.
struct GradientShading {
    enum Kind: Float {
        case linear = 0, radial = 1, angular = 2, elliptical = 3
    }
    var kind: Kind
    /// The start and end points (linear), or the centre in x, y (the others).
    var geometry: (Double, Double, Double, Double)
    /// The radii (radial: points; elliptical: fractions) or angles (angular: radians).
    var radii: (Double, Double) = (0, 0)
    /// Whether the geometry is in fractions of the shape's rect (a view's), not points (a Canvas's).
    var unitSpace = true
    /// From the drawn rect's points to the gradient's: the columns of a 2x2 matrix and a shift.
    var map: (Double, Double, Double, Double) = (1, 0, 0, 1)
    var shift: (Double, Double) = (0, 0)

    /// The shader drawing `gradient` so.
    func shader(_ gradient: Gradient) -> Shader {
        let (colors, locations) = gradient.shaderArguments
        return ShaderLibrary.builtIn.gradientFill(
            .boundingRect, .float4(map.0, map.1, map.2, map.3), .float2(shift.0, shift.1),
            .float(kind.rawValue), .float(unitSpace ? 1 : 0),
            .float4(geometry.0, geometry.1, geometry.2, geometry.3), .float2(radii.0, radii.1),
            .float(gradient.space == .perceptual ? 1 : 0), colors, locations)
    }
}

/// Colours blended along a line, as SwiftUI's `LinearGradient`: from `startPoint` to `endPoint`
/// (fractions of the shape's rect), each point coloured by its projection on that line.
public struct LinearGradient: ShapeStyle, View {
    let gradient: Gradient
    let startPoint: UnitPoint
    let endPoint: UnitPoint
    /// Made from colours alone (drawn by the built-in `linearGradient` shader, as before stops).
    let evenColors: [Color]?

    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.gradient = gradient
        self.startPoint = startPoint
        self.endPoint = endPoint
        evenColors = nil
    }

    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        gradient = Gradient(colors: colors)
        self.startPoint = startPoint
        self.endPoint = endPoint
        evenColors = colors.count <= Gradient.maxStops ? colors : nil
    }

    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }

    public var _shapeStyleValue: ShapeStyleValue {
        if let evenColors {
            return .shader(ShaderLibrary.default.linearGradient(
                .boundingRect, .float2(startPoint.x, startPoint.y), .float2(endPoint.x, endPoint.y),
                .colorArray(evenColors.isEmpty ? [.clear] : evenColors)))
        }
        return .shader(GradientShading(kind: .linear, geometry: (Double(startPoint.x), Double(startPoint.y), Double(endPoint.x), Double(endPoint.y))).shader(gradient))
    }

    public var body: Never { fatalError("a gradient has no body") }

    /// A gradient on its own fills the space offered.
    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        Rectangle().fill(view)._makeSelf(into: &graph)
    }
}

/// Colours in rings around a centre, as SwiftUI's `RadialGradient`: the first colour out to
/// `startRadius` points from `center` (a fraction of the shape's rect), the last from `endRadius` on.
public struct RadialGradient: ShapeStyle, View {
    let gradient: Gradient
    let center: UnitPoint
    let startRadius: CGFloat
    let endRadius: CGFloat

    public init(gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.gradient = gradient
        self.center = center
        self.startRadius = startRadius
        self.endRadius = endRadius
    }

    public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
    }

    public init(stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(stops: stops), center: center, startRadius: startRadius, endRadius: endRadius)
    }

    public var _shapeStyleValue: ShapeStyleValue {
        .shader(GradientShading(kind: .radial, geometry: (Double(center.x), Double(center.y), 0, 0), radii: (Double(startRadius), Double(endRadius))).shader(gradient))
    }

    public var body: Never { fatalError("a gradient has no body") }

    /// A gradient on its own fills the space offered.
    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        Rectangle().fill(view)._makeSelf(into: &graph)
    }
}

/// Colours swept around a centre, as SwiftUI's `AngularGradient` (a conic gradient): from
/// `startAngle` to `endAngle`, clockwise on screen from the trailing side (0° points right).
/// A sweep short of a whole turn fills the rest with the last colour, then, half way across it,
/// the first; a sweep of more than a turn draws its last whole turn; a sweep of none (`endAngle`
/// not past `startAngle`) draws one whole turn from `startAngle`.
public struct AngularGradient: ShapeStyle, View {
    let gradient: Gradient
    let center: UnitPoint
    let startAngle: Angle
    let endAngle: Angle

    public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        self.gradient = gradient
        self.center = center
        self.startAngle = startAngle
        self.endAngle = endAngle
    }

    public init(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) {
        self.init(gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
    }

    public init(stops: [Gradient.Stop], center: UnitPoint, startAngle: Angle, endAngle: Angle) {
        self.init(gradient: Gradient(stops: stops), center: center, startAngle: startAngle, endAngle: endAngle)
    }

    /// One whole turn starting at `angle`.
    public init(gradient: Gradient, center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: gradient, center: center, startAngle: angle, endAngle: .radians(angle.radians + 2 * .pi))
    }

    /// One whole turn of `colors` starting at `angle`.
    public init(colors: [Color], center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: Gradient(colors: colors), center: center, angle: angle)
    }

    /// One whole turn of `stops` starting at `angle`.
    public init(stops: [Gradient.Stop], center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: Gradient(stops: stops), center: center, angle: angle)
    }

    public var _shapeStyleValue: ShapeStyleValue {
        .shader(GradientShading(kind: .angular, geometry: (Double(center.x), Double(center.y), 0, 0),
                                radii: (startAngle.radians, endAngle.radians)).shader(gradient))
    }

    public var body: Never { fatalError("a gradient has no body") }

    /// A gradient on its own fills the space offered.
    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        Rectangle().fill(view)._makeSelf(into: &graph)
    }
}

/// Colours in ellipses filling the shape's rect, as SwiftUI's `EllipticalGradient`: a radial
/// gradient in the unit square stretched over the rect, `center` and the radii fractions of it
/// (`endRadiusFraction` 0.5 reaches the middle of each side from the centre).
public struct EllipticalGradient: ShapeStyle, View {
    let gradient: Gradient
    let center: UnitPoint
    let startRadiusFraction: CGFloat
    let endRadiusFraction: CGFloat

    public init(gradient: Gradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        self.gradient = gradient
        self.center = center
        self.startRadiusFraction = startRadiusFraction
        self.endRadiusFraction = endRadiusFraction
    }

    public init(colors: [Color], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        self.init(gradient: Gradient(colors: colors), center: center,
                  startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }

    public init(stops: [Gradient.Stop], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        self.init(gradient: Gradient(stops: stops), center: center,
                  startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }

    public var _shapeStyleValue: ShapeStyleValue {
        .shader(GradientShading(kind: .elliptical, geometry: (Double(center.x), Double(center.y), 0, 0),
                                radii: (Double(startRadiusFraction), Double(endRadiusFraction))).shader(gradient))
    }

    public var body: Never { fatalError("a gradient has no body") }

    /// A gradient on its own fills the space offered.
    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        Rectangle().fill(view)._makeSelf(into: &graph)
    }
}

/// A colour's standard gradient, as SwiftUI's `AnyGradient` from `Color.gradient`: drawn top to
/// bottom. SwiftUI does not publish its colours; Glint's runs from the colour mixed 20 % toward
/// white at the top to the colour itself at the bottom.
public struct AnyGradient: Hashable, Sendable, ShapeStyle {
    let gradient: Gradient

    /// Any gradient, as a style.
    public init(_ gradient: Gradient) {
        self.gradient = gradient
    }

    public var _shapeStyleValue: ShapeStyleValue { gradient._shapeStyleValue }

    /// This gradient blended in `space`, as SwiftUI's `AnyGradient.colorSpace(_:)`.
    public func colorSpace(_ space: Gradient.ColorSpace) -> AnyGradient {
        gradient.colorSpace(space)
    }
}

extension Gradient {
    /// Where a gradient's colours are blended, as SwiftUI's `Gradient.ColorSpace`: `.device`
    /// mixes the stored sRGB values (premultiplied); `.perceptual` mixes in Oklab (Björn
    /// Ottosson's perceptual space: lightness and two opponent axes, from linear light), each
    /// colour weighted by its opacity, so a blend from red to blue keeps its lightness even
    /// and passes through a purple, not a dark one.
    public struct ColorSpace: Hashable, Sendable {
        let isPerceptual: Bool
        /// The colours as stored (sRGB), mixed channel by channel.
        public static let device = ColorSpace(isPerceptual: false)
        /// The colours mixed in Oklab.
        public static let perceptual = ColorSpace(isPerceptual: true)
    }

    /// This gradient blended in `space`, as SwiftUI's `Gradient.colorSpace(_:)`.
    public func colorSpace(_ space: ColorSpace) -> AnyGradient {
        var copy = self
        copy.space = space
        return AnyGradient(copy)
    }
}

extension Color {
    /// The colour's standard gradient: lighter at the top, itself at the bottom (see `AnyGradient`).
    public var gradient: AnyGradient {
        let c = resolved, lighten = Float(AnyGradient.lightening)
        let top = Color(GlintCore.Color(red: c.red + (1 - c.red) * lighten, green: c.green + (1 - c.green) * lighten,
                                        blue: c.blue + (1 - c.blue) * lighten, alpha: c.alpha))
        return AnyGradient(Gradient(colors: [top, self]))
    }
}

extension AnyGradient {
    /// How far toward white the top of a colour's gradient is.
    static let lightening = 0.2
}

// MARK: The ShapeStyle shorthands

extension ShapeStyle where Self == LinearGradient {
    /// `gradient` (a colour's, `Color.blue.gradient`) blended from `startPoint` to `endPoint`.
    public static func linearGradient(_ gradient: AnyGradient, startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(gradient: gradient.gradient, startPoint: startPoint, endPoint: endPoint)
    }
}

extension ShapeStyle where Self == RadialGradient {
    /// `gradient` (a colour's) in rings from `startRadius` to `endRadius` around `center`.
    public static func radialGradient(_ gradient: AnyGradient, center: UnitPoint = .center, startRadius: CGFloat = 0,
                                      endRadius: CGFloat) -> RadialGradient {
        RadialGradient(gradient: gradient.gradient, center: center, startRadius: startRadius, endRadius: endRadius)
    }
}

extension ShapeStyle where Self == AngularGradient {
    /// `gradient` (a colour's) swept from `startAngle` to `endAngle` around `center`.
    public static func angularGradient(_ gradient: AnyGradient, center: UnitPoint = .center, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(gradient: gradient.gradient, center: center, startAngle: startAngle, endAngle: endAngle)
    }

    /// `gradient` (a colour's) swept one whole turn from `angle` around `center`.
    public static func conicGradient(_ gradient: AnyGradient, center: UnitPoint = .center, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(gradient: gradient.gradient, center: center, angle: angle)
    }
}

extension ShapeStyle where Self == EllipticalGradient {
    /// `gradient` (a colour's) in ellipses filling the shape's rect.
    public static func ellipticalGradient(_ gradient: AnyGradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
                                          endRadiusFraction: CGFloat = 0.5) -> EllipticalGradient {
        EllipticalGradient(gradient: gradient.gradient, center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }
}

extension ShapeStyle where Self == LinearGradient {
    /// Colours blended from `startPoint` to `endPoint`, as SwiftUI's `.linearGradient(colors:startPoint:endPoint:)`.
    public static func linearGradient(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(colors: colors, startPoint: startPoint, endPoint: endPoint)
    }

    /// `gradient` blended from `startPoint` to `endPoint`.
    public static func linearGradient(_ gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(gradient: gradient, startPoint: startPoint, endPoint: endPoint)
    }

    /// `stops` blended from `startPoint` to `endPoint`.
    public static func linearGradient(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(stops: stops, startPoint: startPoint, endPoint: endPoint)
    }
}

extension ShapeStyle where Self == RadialGradient {
    /// `gradient` in rings from `startRadius` to `endRadius` around `center`.
    public static func radialGradient(_ gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(gradient: gradient, center: center, startRadius: startRadius, endRadius: endRadius)
    }

    /// `colors` in rings from `startRadius` to `endRadius` around `center`.
    public static func radialGradient(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(colors: colors, center: center, startRadius: startRadius, endRadius: endRadius)
    }

    /// `stops` in rings from `startRadius` to `endRadius` around `center`.
    public static func radialGradient(stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(stops: stops, center: center, startRadius: startRadius, endRadius: endRadius)
    }
}

extension ShapeStyle where Self == AngularGradient {
    /// `gradient` swept from `startAngle` to `endAngle` around `center`.
    public static func angularGradient(_ gradient: Gradient, center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(gradient: gradient, center: center, startAngle: startAngle, endAngle: endAngle)
    }

    /// `colors` swept from `startAngle` to `endAngle` around `center`.
    public static func angularGradient(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(colors: colors, center: center, startAngle: startAngle, endAngle: endAngle)
    }

    /// `stops` swept from `startAngle` to `endAngle` around `center`.
    public static func angularGradient(stops: [Gradient.Stop], center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(stops: stops, center: center, startAngle: startAngle, endAngle: endAngle)
    }

    /// `gradient` swept one whole turn from `angle` around `center`.
    public static func conicGradient(_ gradient: Gradient, center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(gradient: gradient, center: center, angle: angle)
    }

    /// `colors` swept one whole turn from `angle` around `center`.
    public static func conicGradient(colors: [Color], center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(colors: colors, center: center, angle: angle)
    }

    /// `stops` swept one whole turn from `angle` around `center`.
    public static func conicGradient(stops: [Gradient.Stop], center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(stops: stops, center: center, angle: angle)
    }
}

extension ShapeStyle where Self == EllipticalGradient {
    /// `gradient` in ellipses filling the shape's rect.
    public static func ellipticalGradient(_ gradient: Gradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
                                          endRadiusFraction: CGFloat = 0.5) -> EllipticalGradient {
        EllipticalGradient(gradient: gradient, center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }

    /// `colors` in ellipses filling the shape's rect.
    public static func ellipticalGradient(colors: [Color], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
                                          endRadiusFraction: CGFloat = 0.5) -> EllipticalGradient {
        EllipticalGradient(colors: colors, center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }

    /// `stops` in ellipses filling the shape's rect.
    public static func ellipticalGradient(stops: [Gradient.Stop], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
                                          endRadiusFraction: CGFloat = 0.5) -> EllipticalGradient {
        EllipticalGradient(stops: stops, center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }
}

extension View {
    /// The view with `style` filling its rect behind it, as SwiftUI's `background(_:ignoresSafeAreaEdges:)`:
    /// `.background(.linearGradient(colors: [.blue, .purple], startPoint: .top, endPoint: .bottom))`.
    /// (A view of a style, such as a `Color` or a gradient, given as a view draws the same.)
    @_disfavoredOverload
    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all)
        -> ModifiedContent<Self, _LayeredModifier<_ShapeView<Rectangle>>> {
        background(Rectangle().fill(style))
    }
}
