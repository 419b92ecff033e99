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
    /// The grid's points, row by row, fractions of the rect.
    public var points: [SIMD2<Float>]
    /// A colour for each point.
    public var colors: [Color]
    /// What shows where no patch covers.
    public var background: Color
    /// Whether colours blend smoothly across patches (bicubic) rather than bilinearly in each.
    public var smoothsColors: Bool

    public init(width: Int, height: Int, points: [SIMD2<Float>], colors: [Color], background: Color = .clear,
                smoothsColors: Bool = true) {
        self.width = width
        self.height = height
        self.points = points
        self.colors = colors
        self.background = background
        self.smoothsColors = smoothsColors
    }

    /// The most points the `meshGradient` shader takes.
    static let maxPoints = 64

    public var _shapeStyleValue: ShapeStyleValue {
        let count = width * height
        guard width >= 2, height >= 2, count <= Self.maxPoints, points.count == count, colors.count == count else {
            GradientMessages.sayOnce("a MeshGradient of \(width) by \(height) with \(points.count) points and \(colors.count) colours: "
                + "Glint draws grids of 2 to \(Self.maxPoints) points with a point and a colour each; showing its background")
            return .color(background)
        }
        var xy: [Float] = []
        xy.reserveCapacity(2 * count)
        for p in points {
            xy.append(p.x)
            xy.append(p.y)
        }
        return .shader(ShaderLibrary.builtIn.meshGradient(
            .boundingRect, .float2(Float(width), Float(height)), .floatArray(xy), .colorArray(colors),
            .float(smoothsColors ? 1 : 0), .color(background)))
    }

    public var body: Never { fatalError("a gradient has no body") }

    /// A mesh gradient on its own fills the space offered.
    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        Rectangle().fill(view)._makeSelf(into: &graph)
    }
}
