import Foundation

/// Everything `Shaders/tear.frag` receives in a frame, in the shader's units (points, radians).
public struct TearUniforms: Equatable, Sendable {
    /// Where the tear enters the view, on its edge.
    public var tearStart: Point
    /// The finger projected onto the locked line; the wedge closes here.
    public var tearEnd: Point
    /// How far the tear has run, 0…1.
    public var tearProgress: Double
    /// The opening at `tearStart` (points).
    public var maxGap: Double
    /// How far the fibres reach into the opening (points).
    public var edgeRoughness: Double
    /// The view's size (points).
    public var viewSize: Size
    /// How far a broken view has dropped (points).
    public var fallOffset: Point
    /// How far a broken view has turned about its centre (radians, clockwise on screen).
    public var fallRotation: Double
    /// A broken view's opacity, 1 whole, 0 fallen away.
    public var fallOpacity: Double

    /// The uniforms of a view with no tear: the layer passes through.
    public init(
        tearStart: Point = .zero, tearEnd: Point = .zero, tearProgress: Double = 0, maxGap: Double = 0,
        edgeRoughness: Double = 0, viewSize: Size = .zero,
        fallOffset: Point = .zero, fallRotation: Double = 0, fallOpacity: Double = 1
    ) {
        self.tearStart = tearStart
        self.tearEnd = tearEnd
        self.tearProgress = tearProgress
        self.maxGap = maxGap
        self.edgeRoughness = edgeRoughness
        self.viewSize = viewSize
        self.fallOffset = fallOffset
        self.fallRotation = fallRotation
        self.fallOpacity = fallOpacity
    }

    // The shader's constants, mirrored.
    static let minimumProgress = 0.0005
    static let minimumLength = 0.001  // points
    /// The halves slide along the torn edge at most 1 / `minimumSlide` times the opening.
    static let minimumSlide = 0.5
    static let fibreFrequency = (0.31, 0.73, 1.9)  // radians per point
    static let fibreWeight = (0.5, 0.3, 0.2)
    static let fibrePhase = (0.0, 0.4, 1.1)  // radians
    static let fibreSidePhase = (1.7, 2.1, 4.3)  // radians, times the side

    /// How far the fibres on one side (±1) reach into the opening at `along` points down the cut, 0…1.
    static func fibre(along: Double, side: Double) -> Double {
        let f = fibreFrequency, w = fibreWeight, p = fibrePhase, s = fibreSidePhase
        let waves = w.0 * sin(along * f.0 + p.0 + side * s.0)
            + w.1 * sin(along * f.1 + p.1 + side * s.1)
            + w.2 * sin(along * f.2 + p.2 + side * s.2)
        return 0.5 + 0.5 * waves
    }

    /// The reference for `tear.frag` in Swift, without its half-pixel edge smoothing: the
    /// position of the layer below that shows at `position` (points), scaled by `opacity`, or
    /// nil where the backdrop shows through (the opening, anything that would come from outside
    /// the view, a view that has faded out).
    public func samplePosition(for position: Point) -> (position: Point, opacity: Double)? {
        guard fallOpacity > 0 else { return nil }
        var p = position
        if fallRotation != 0 || fallOffset != .zero {
            let centre = viewSize.center
            let d = position - centre - fallOffset
            let (s, c) = (sin(fallRotation), cos(fallRotation))
            p = centre + Point(x: c * d.x + s * d.y, y: -s * d.x + c * d.y)
            guard viewSize.contains(p) else { return nil }
        }
        guard let source = tornSamplePosition(for: p) else { return nil }
        return (source, min(fallOpacity, 1))
    }

    /// `tornLayer` of the shader: where the torn layer samples, or nil in the opening.
    private func tornSamplePosition(for position: Point) -> Point? {
        let whole = viewSize.contains(position) ? position : nil
        guard tearProgress >= Self.minimumProgress, maxGap > 0 else { return whole }
        let line = tearEnd - tearStart
        let length = line.length
        guard length >= Self.minimumLength else { return whole }
        let along = line * (1 / length)
        let across = Point(x: -along.y, y: along.x)
        let rel = position - tearStart
        let a = rel.dot(along)
        guard a < length else { return whole }
        let c = rel.dot(across)
        let side: Double = c < 0 ? -1 : 1
        let dist = abs(c)
        let halfGap = 0.5 * maxGap * (1 - min(max(a / length, 0), 1))
        let edge = halfGap - min(max(edgeRoughness, 0), halfGap) * Self.fibre(along: a, side: side)
        guard dist >= edge else { return nil }
        // Each half slides along the edge the tear entered through, far enough to move it
        // `min(dist, halfGap)` across the cut (up to 1 / minimumSlide times that): no backdrop
        // shows between a half and the view's edges.
        let tangent = edgeTangent
        let slant = across.dot(tangent)
        let sign: Double = slant > 0 ? 1 : slant < 0 ? -1 : 0
        let push = tangent * (sign / max(abs(slant), Self.minimumSlide))
        let source = position - push * (side * min(dist, halfGap))
        return viewSize.contains(source) ? source : nil
    }

    /// The direction along the view's edge nearest `tearStart` (the one the tear entered through).
    var edgeTangent: Point {
        let nearestSide = min(tearStart.x, viewSize.width - tearStart.x)
        let nearestTopOrBottom = min(tearStart.y, viewSize.height - tearStart.y)
        return nearestSide <= nearestTopOrBottom ? Point(x: 0, y: 1) : Point(x: 1, y: 0)
    }
}

extension TearState {
    /// What the shader receives this frame for a view of `viewSize`.
    public func uniforms(viewSize: Size) -> TearUniforms {
        TearUniforms(
            tearStart: edgePoint,
            tearEnd: fingerPoint,
            tearProgress: tearProgress,
            maxGap: gapWidth,
            edgeRoughness: max(configuration.edgeRoughness, 0),
            viewSize: viewSize,
            fallOffset: fallOffset,
            fallRotation: fallRotation,
            fallOpacity: fallOpacity
        )
    }
}
