import Foundation

/// The geometry of the Dark Side of the Moon cover (seed 003), in points, y down, in a view of
/// `viewSize`: the seed's formulas, and what `Shaders/prism.frag` computes for every pixel.
///
/// The seed's view is `.aspectRatio(1, contentMode: .fit)` on black: the drawing fills the largest
/// square that fits the view, centred, and the rest is black (letterboxed). The seed's `size` is
/// that square's; every point here is in the view's own space, so a seed position `(x, y)` is
/// `square.origin + (x, y)`.
///
/// With `side = size / 3` and `prismHeight = side · sin(π/3)`, `bottomY = (size + prismHeight) / 2`:
/// - the prism: `bottomLeft (side, bottomY)`, `bottomRight (2·side, bottomY)`,
///   `top (size/2, bottomY − prismHeight)`, stroked 2 points wide in white;
/// - the beam: from `(0, lightFraction · size)` to the point at `prismFraction` from `top` to
///   `bottomLeft`, stroked 2 points wide in white;
/// - the dispersion: the triangle of that point and the points at `prismFraction ∓ dispersionSize/2`
///   from `top` to `bottomRight`, filled with a gradient from white at `x = 0.45·size` to black at
///   `x = 0.55·size`;
/// - the rainbow: six slices, slice `i` between the points at
///   `prismFraction − dispersionSize/2 + i·dispersionSize/6` and the next step from `top` to
///   `bottomRight`, and at `y = size · (lightFraction − rainbowSize/2 + i·rainbowSize/6)` and the
///   next step on the right edge, filled with SwiftUI's red, orange, yellow, green, blue, purple.
///
/// Fractions along an edge are not clamped: as in the seed, `prismFraction ∓ dispersionSize/2`
/// outside 0…1 continues the edge's line past its corner.
public struct PrismGeometry: Equatable, Sendable {
    /// The seed's `Params`: four fractions, each 0…1.
    public struct Parameters: Equatable, Sendable {
        /// Where the beam starts, as a fraction of the view's height.
        public var lightFraction: Double
        /// Where the beam meets the prism's left side, as a fraction from its top; also the centre
        /// of the dispersion on the right side.
        public var prismFraction: Double
        /// How much of the prism's right side the dispersion (and the rainbow's start) spans.
        public var dispersionSize: Double
        /// How much of the view's right edge the rainbow spans, centred on `lightFraction`.
        public var rainbowSize: Double

        /// The seed's values, closest to the original cover.
        public init(lightFraction: Double = 0.55, prismFraction: Double = 0.4, dispersionSize: Double = 0.2, rainbowSize: Double = 0.15) {
            self.lightFraction = lightFraction
            self.prismFraction = prismFraction
            self.dispersionSize = dispersionSize
            self.rainbowSize = rainbowSize
        }
    }

    /// A triangle's corners.
    public struct Triangle: Equatable, Sendable {
        public var a: Point
        public var b: Point
        public var c: Point
    }

    /// A rainbow slice: two corners on the prism's right side, two on the view's right edge.
    public struct Quad: Equatable, Sendable {
        public var topLeft: Point
        public var topRight: Point
        public var bottomRight: Point
        public var bottomLeft: Point
        /// The corners in drawing order (the seed's path).
        public var corners: [Point] { [topLeft, topRight, bottomRight, bottomLeft] }
    }

    /// The width of the beam's and the prism's strokes, as the seed's `stroke(lineWidth: 2)`.
    public static let lineWidth = 2.0  // points
    /// The dispersion's gradient runs from white at this fraction of the square's width…
    public static let gradientStart = 0.45
    /// …to black at this one (the seed's UnitPoints, found by trial and error).
    public static let gradientEnd = 0.55
    /// How many slices the rainbow has: one per colour.
    public static let sliceCount = 6

    /// SwiftUI's light-mode `.red`, `.orange`, `.yellow`, `.green`, `.blue`, `.purple` in sRGB (the
    /// same as the Glint library's `Color.red` … `.purple`): the rainbow's slices, top to bottom.
    public static let sliceColors: [Color] = [
        Color(red: 255 / 255, green: 59 / 255, blue: 48 / 255),   // red
        Color(red: 255 / 255, green: 149 / 255, blue: 0 / 255),   // orange
        Color(red: 255 / 255, green: 204 / 255, blue: 0 / 255),   // yellow
        Color(red: 52 / 255, green: 199 / 255, blue: 89 / 255),   // green
        Color(red: 0 / 255, green: 122 / 255, blue: 255 / 255),   // blue
        Color(red: 175 / 255, green: 82 / 255, blue: 222 / 255),  // purple
    ]

    public let viewSize: Size
    public let parameters: Parameters
    /// The top-left of the square the cover is drawn in, in the view's points.
    public let squareOrigin: Point
    /// The square's side: the seed's `size.width` (and height).
    public let size: Double
    /// The prism's side, `size / 3`.
    public let prismSide: Double
    /// The prism's height, `prismSide · sin(π/3)`.
    public let prismHeight: Double
    public let top: Point
    public let bottomLeft: Point
    public let bottomRight: Point

    public init(viewSize: Size, parameters: Parameters = Parameters()) {
        self.viewSize = viewSize
        self.parameters = parameters
        let size = max(0, min(viewSize.width, viewSize.height))
        self.size = size
        squareOrigin = Point(x: (viewSize.width - size) / 2, y: (viewSize.height - size) / 2)
        prismSide = size / 3
        prismHeight = prismSide * sin(Double.pi / 3)
        let bottomY = (size + prismHeight) / 2
        bottomLeft = squareOrigin + Point(x: prismSide, y: bottomY)
        bottomRight = squareOrigin + Point(x: 2 * prismSide, y: bottomY)
        top = squareOrigin + Point(x: size / 2, y: bottomY - prismHeight)
    }

    /// The seed's `point(atFraction:start:end:)`: `start + (end − start) · fraction`.
    public static func point(atFraction fraction: Double, start: Point, end: Point) -> Point {
        Point(x: (end.x - start.x) * fraction + start.x, y: (end.y - start.y) * fraction + start.y)
    }

    /// The point at `fraction` of the view's height on the square's left edge.
    func leftEdge(_ fraction: Double) -> Point { squareOrigin + Point(x: 0, y: size * fraction) }
    /// The point at `fraction` of the view's height on the square's right edge.
    func rightEdge(_ fraction: Double) -> Point { squareOrigin + Point(x: size, y: size * fraction) }
    /// The point at `fraction` from the top to the bottom-right on the prism's right side.
    func rightSide(_ fraction: Double) -> Point { Self.point(atFraction: fraction, start: top, end: bottomRight) }

    /// The prism's outline in the order the staged drawing traces it: from the top, clockwise on
    /// screen (top → bottomRight → bottomLeft → top).
    public var outline: [Point] { [top, bottomRight, bottomLeft] }
    /// The outline's length: three sides.
    public var perimeter: Double { 3 * prismSide }

    /// Where the beam starts: `(0, lightFraction · size)`.
    public var beamStart: Point { leftEdge(parameters.lightFraction) }
    /// Where the beam meets the prism: `prismFraction` from the top to the bottom-left.
    public var beamEnd: Point { Self.point(atFraction: parameters.prismFraction, start: top, end: bottomLeft) }

    /// The dispersion: the beam's end, and the points at `prismFraction ∓ dispersionSize/2` on the
    /// right side (a: left, b: top right, c: bottom right).
    public var dispersion: Triangle {
        let p = parameters
        return Triangle(a: beamEnd, b: rightSide(p.prismFraction - p.dispersionSize / 2),
                        c: rightSide(p.prismFraction + p.dispersionSize / 2))
    }

    /// Rainbow slice `index` (0 red … 5 purple), as the seed's `RainbowSlice` builds it.
    public func slice(_ index: Int) -> Quad {
        let p = parameters
        let count = Double(Self.sliceCount)
        let leftStep = p.dispersionSize / count
        let topLeftFraction = p.prismFraction - p.dispersionSize / 2 + Double(index) * leftStep
        let rightStep = p.rainbowSize / count
        let topRightFraction = p.lightFraction - p.rainbowSize / 2 + Double(index) * rightStep
        return Quad(topLeft: rightSide(topLeftFraction), topRight: rightEdge(topRightFraction),
                    bottomRight: rightEdge(topRightFraction + rightStep), bottomLeft: rightSide(topLeftFraction + leftStep))
    }

    /// All six slices, red first.
    public var slices: [Quad] { (0..<Self.sliceCount).map(slice) }

    /// The dispersion's fill at `x` (view points): white up to `0.45·size`, black from `0.55·size`,
    /// linear in between (sRGB values).
    public func dispersionGray(atX x: Double) -> Double {
        let start = squareOrigin.x + Self.gradientStart * size
        let end = squareOrigin.x + Self.gradientEnd * size
        guard end > start else { return x < start ? 1 : 0 }
        return 1 - min(max((x - start) / (end - start), 0), 1)
    }

    // MARK: The staged drawing

    /// The four stages of the drawing, each an equal quarter of `drawDuration`, in order.
    public enum Stage: Int, CaseIterable, Sendable {
        /// The prism's outline, a stroke growing from the top clockwise round its three sides.
        case outline
        /// The beam, a stroke growing from the left edge to the prism.
        case beam
        /// The dispersion, revealed by a vertical edge sweeping from its leftmost point to its rightmost.
        case dispersion
        /// The rainbow, revealed by a vertical edge sweeping from the prism to the view's right edge.
        case rainbow
    }

    /// How far `stage` has got (0…1) when the whole drawing is at `progress` (0…1).
    public static func progress(of stage: Stage, at progress: Double) -> Double {
        let count = Double(Stage.allCases.count)
        let p = progress.isFinite ? progress : 1
        return min(max(p * count - Double(stage.rawValue), 0), 1)
    }

    /// The length of outline drawn at `progress`, in points along it from the top.
    public func outlineLength(at progress: Double) -> Double {
        perimeter * Self.progress(of: .outline, at: progress)
    }

    /// The point the outline's stroke has reached at `progress`.
    public func outlineEnd(at progress: Double) -> Point {
        var left = outlineLength(at: progress)
        let corners = outline
        for i in 0..<3 {
            let a = corners[i], b = corners[(i + 1) % 3]
            if left <= prismSide || i == 2 {
                return prismSide > 0 ? Self.point(atFraction: min(left / prismSide, 1), start: a, end: b) : a
            }
            left -= prismSide
        }
        return top
    }

    /// The point the beam's stroke has reached at `progress`.
    public func beamEnd(at progress: Double) -> Point {
        Self.point(atFraction: Self.progress(of: .beam, at: progress), start: beamStart, end: beamEnd)
    }

    /// The dispersion's sweep at `progress`: it shows left of this x (view points).
    public func dispersionSweepX(at progress: Double) -> Double {
        let t = dispersion
        let lo = min(t.a.x, t.b.x, t.c.x), hi = max(t.a.x, t.b.x, t.c.x)
        return lo + (hi - lo) * Self.progress(of: .dispersion, at: progress)
    }

    /// The rainbow's sweep at `progress`: it shows left of this x (view points). It starts at the
    /// rainbow's leftmost point on the prism and ends at the view's right edge.
    public func rainbowSweepX(at progress: Double) -> Double {
        let first = slice(0), last = slice(Self.sliceCount - 1)
        let lo = min(first.topLeft.x, last.bottomLeft.x), hi = squareOrigin.x + size
        return lo + (hi - lo) * Self.progress(of: .rainbow, at: progress)
    }
}
