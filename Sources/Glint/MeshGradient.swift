import Foundation
import GlintCore

/// A grid of coloured points, as SwiftUI's `MeshGradient`: `width` by `height` points, row by row
/// from the top-left, each a fraction of the view's rect (`[0, 0]` its top-left, `[1, 1]` its
/// bottom-right), each with a colour.
///
/// Each cell of four neighbouring points is a bilinear patch (the straight-edged patch SwiftUI
/// draws for plain points). Inside a patch, with `smoothsColors` false, the colour is the
/// bilinear blend of its four corners; with `smoothsColors` true (the default) it is a bicubic
/// Catmull-Rom blend of the grid's colours: each point's tangent is half the difference of its
/// neighbours' colours (an edge point counts itself past the edge), so colours flow smoothly
/// from patch to patch. Either way each point shows exactly its colour. Where no patch covers
/// the rect, `background` shows.
///
/// With Bézier points (`init(width:height:bezierPoints:…)`, `.bezierPoints` locations) each
/// vertex also has four control points, and each cell is the Coons patch bounded by four cubic
/// Béziers: the top edge runs from the top-left vertex through its `trailingControlPoint` and
/// the top-right vertex's `leadingControlPoint`, the left edge from the top-left vertex through
/// its `bottomControlPoint` and the bottom-left vertex's `topControlPoint`, and so on. Colours
/// are blended over the patch's parameters (u along, v down) as for plain points. Where patches
/// overlap, the first in reading order shows.
///
/// `colorSpace` says where colours blend: `.device` (the default) in the stored sRGB values,
/// `.perceptual` in Oklab, each colour's Oklab weighted by its opacity (as the other gradients).
///
/// Glint draws grids of up to 64 points (8 by 8); a larger grid, or one whose `points` or
/// `colors` are not `width × height` long, is said once on standard error and shows `background`.
///
/// ```swift
/// MeshGradient(width: 3, height: 3, points: [
///     [0, 0], [0.5, 0], [1, 0],
///     [0, 0.5], [0.6, 0.4], [1, 0.5],
///     [0, 1], [0.5, 1], [1, 1],
/// ], colors: [.red, .purple, .indigo, .orange, .white, .blue, .yellow, .green, .mint])
/// ```
public struct MeshGradient: ShapeStyle, View {
    /// Points across and down.
    public var width: Int
    public var height: Int
    /// The grid's vertices, row by row, fractions of the rect: plain points or Bézier points.
    public var locations: Locations
    /// A colour for each point.
    public var colors: [Color]
    /// What shows where no patch covers.
    public var background: Color
    /// Whether colours blend smoothly across patches (bicubic) rather than bilinearly in each.
    public var smoothsColors: Bool
    /// Where the colours blend: in the stored values (`.device`) or in Oklab (`.perceptual`).
    public var colorSpace: Gradient.ColorSpace

    /// The grid's points (each Bézier point's position), row by row, fractions of the rect;
    /// set, they become plain points.
    public var points: [SIMD2<Float>] {
        get {
            switch locations {
            case .points(let points): return points
            case .bezierPoints(let points): return points.map(\.position)
            }
        }
        set { locations = .points(newValue) }
    }

    /// A grid of plain points: straight-edged patches.
    public init(width: Int, height: Int, points: [SIMD2<Float>], colors: [Color], background: Color = .clear,
                smoothsColors: Bool = true, colorSpace: Gradient.ColorSpace = .device) {
        self.init(width: width, height: height, locations: .points(points), colors: .colors(colors),
                  background: background, smoothsColors: smoothsColors, colorSpace: colorSpace)
    }

    /// A grid of plain points with resolved colours, as SwiftUI's
    /// `init(width:height:points:resolvedColors:background:smoothsColors:colorSpace:)`.
    public init(width: Int, height: Int, points: [SIMD2<Float>], resolvedColors: [Color.Resolved], background: Color = .clear,
                smoothsColors: Bool = true, colorSpace: Gradient.ColorSpace = .device) {
        self.init(width: width, height: height, locations: .points(points), colors: .resolvedColors(resolvedColors),
                  background: background, smoothsColors: smoothsColors, colorSpace: colorSpace)
    }

    /// A grid of Bézier points: each patch bounded by the cubic Béziers through its vertices'
    /// control points, as SwiftUI's `init(width:height:bezierPoints:colors:background:smoothsColors:)`.
    public init(width: Int, height: Int, bezierPoints: [BezierPoint], colors: [Color], background: Color = .clear,
                smoothsColors: Bool = true, colorSpace: Gradient.ColorSpace = .device) {
        self.init(width: width, height: height, locations: .bezierPoints(bezierPoints), colors: .colors(colors),
                  background: background, smoothsColors: smoothsColors, colorSpace: colorSpace)
    }

    /// A grid of Bézier points with resolved colours, as SwiftUI's
    /// `init(width:height:bezierPoints:resolvedColors:background:smoothsColors:colorSpace:)`.
    public init(width: Int, height: Int, bezierPoints: [BezierPoint], resolvedColors: [Color.Resolved], background: Color = .clear,
                smoothsColors: Bool = true, colorSpace: Gradient.ColorSpace = .device) {
        self.init(width: width, height: height, locations: .bezierPoints(bezierPoints), colors: .resolvedColors(resolvedColors),
                  background: background, smoothsColors: smoothsColors, colorSpace: colorSpace)
    }

    /// A grid of either kind of vertex, as SwiftUI's `init(width:height:locations:colors:background:smoothsColors:)`.
    public init(width: Int, height: Int, locations: Locations, colors: Colors, background: Color = .clear,
                smoothsColors: Bool = true, colorSpace: Gradient.ColorSpace = .device) {
        self.width = width
        self.height = height
        self.locations = locations
        switch colors {
        case .colors(let list): self.colors = list
        case .resolvedColors(let list): self.colors = list.map(Color.init)
        }
        self.background = background
        self.smoothsColors = smoothsColors
        self.colorSpace = colorSpace
    }

    /// Where a mesh gradient's vertices are, as SwiftUI's `MeshGradient.Locations`.
    public enum Locations: Equatable, Sendable {
        /// Plain points: straight-edged patches.
        case points([SIMD2<Float>])
        /// Points with their control points: patches bounded by cubic Béziers.
        case bezierPoints([BezierPoint])
    }

    /// A mesh gradient's colours, as SwiftUI's `MeshGradient.Colors`.
    public enum Colors: Equatable, Sendable {
        /// A colour for each vertex.
        case colors([Color])
        /// A resolved colour for each vertex.
        case resolvedColors([Color.Resolved])
    }

    /// One vertex of a mesh with the four Bézier control points around it, as SwiftUI's
    /// `MeshGradient.BezierPoint`: each a fraction of the rect, not an offset from `position`.
    /// An edge or corner vertex ignores the control points that lead out of the mesh.
    public struct BezierPoint: Equatable, Sendable {
        /// Where the vertex is.
        public var position: SIMD2<Float>
        /// The control point of the edge to the vertex on its leading side (left).
        public var leadingControlPoint: SIMD2<Float>
        /// The control point of the edge to the vertex above.
        public var topControlPoint: SIMD2<Float>
        /// The control point of the edge to the vertex on its trailing side (right).
        public var trailingControlPoint: SIMD2<Float>
        /// The control point of the edge to the vertex below.
        public var bottomControlPoint: SIMD2<Float>

        public init(position: SIMD2<Float>, leadingControlPoint: SIMD2<Float>, topControlPoint: SIMD2<Float>,
                    trailingControlPoint: SIMD2<Float>, bottomControlPoint: SIMD2<Float>) {
            self.position = position
            self.leadingControlPoint = leadingControlPoint
            self.topControlPoint = topControlPoint
            self.trailingControlPoint = trailingControlPoint
            self.bottomControlPoint = bottomControlPoint
        }
    }

    /// The most points the `meshGradient` shader takes.
    static let maxPoints = 64

    public var _shapeStyleValue: ShapeStyleValue {
        let count = width * height
        let given: Int
        switch locations {
        case .points(let points): given = points.count
        case .bezierPoints(let points): given = points.count
        }
        guard width >= 2, height >= 2, count <= Self.maxPoints, given == count, colors.count == count else {
            GradientMessages.sayOnce("a MeshGradient of \(width) by \(height) with \(given) points and \(colors.count) colours: "
                + "Glint draws grids of 2 to \(Self.maxPoints) points with a point and a colour each; showing its background")
            return .color(background)
        }
        var xy: [Float] = []
        switch locations {
        case .points(let points):
            xy.reserveCapacity(2 * count)
            for p in points {
                xy.append(p.x)
                xy.append(p.y)
            }
            return .shader(ShaderLibrary.builtIn.meshGradient(
                .boundingRect, .float2(Float(width), Float(height)), .floatArray(xy), .colorArray(colors),
                .float(smoothsColors ? 1 : 0), .color(background), .float(colorSpace.isPerceptual ? 1 : 0)))
        case .bezierPoints(let points):
            xy.reserveCapacity(10 * count)
            for p in points {
                xy.append(contentsOf: [p.position.x, p.position.y, p.leadingControlPoint.x, p.leadingControlPoint.y,
                                       p.topControlPoint.x, p.topControlPoint.y, p.trailingControlPoint.x,
                                       p.trailingControlPoint.y, p.bottomControlPoint.x, p.bottomControlPoint.y])
            }
            return .shader(ShaderLibrary.builtIn.meshGradientBezier(
                .boundingRect, .float2(Float(width), Float(height)), .floatArray(xy), .colorArray(colors),
                .float(smoothsColors ? 1 : 0), .color(background), .float(colorSpace.isPerceptual ? 1 : 0)))
        }
    }

    public var body: Never { fatalError("a gradient has no body") }

    /// A mesh gradient on its own fills the space offered.
    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        Rectangle().fill(view)._makeSelf(into: &graph)
    }
}
