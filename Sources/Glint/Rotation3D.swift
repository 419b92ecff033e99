import Foundation
import GlintCore

/// A plane-to-plane map with perspective: p ↦ ((a·x + b·y + tx) / w, (c·x + d·y + ty) / w) with
/// w = g·x + h·y + i. An `AffineMap` is one with g = h = 0, i = 1.
struct ProjectiveMap {
    var a = 1.0, b = 0.0, tx = 0.0
    var c = 0.0, d = 1.0, ty = 0.0
    var g = 0.0, h = 0.0, i = 1.0

    init(a: Double = 1, b: Double = 0, tx: Double = 0, c: Double = 0, d: Double = 1, ty: Double = 0,
         g: Double = 0, h: Double = 0, i: Double = 1) {
        (self.a, self.b, self.tx, self.c, self.d, self.ty, self.g, self.h, self.i) = (a, b, tx, c, d, ty, g, h, i)
    }

    init(_ affine: AffineMap) {
        self.init(a: affine.a, b: affine.b, tx: affine.tx, c: affine.c, d: affine.d, ty: affine.ty)
    }

    /// The weight a point gets (positive in front of the eye).
    func weight(_ p: Point) -> Double { g * p.x + h * p.y + i }

    func apply(_ p: Point) -> Point {
        let w = weight(p)
        guard w != 0 else { return Point(x: .infinity, y: .infinity) }
        return Point(x: (a * p.x + b * p.y + tx) / w, y: (c * p.x + d * p.y + ty) / w)
    }

    /// `self` after `first`: p ↦ self(first(p)).
    func after(_ f: ProjectiveMap) -> ProjectiveMap {
        ProjectiveMap(a: a * f.a + b * f.c + tx * f.g, b: a * f.b + b * f.d + tx * f.h, tx: a * f.tx + b * f.ty + tx * f.i,
                      c: c * f.a + d * f.c + ty * f.g, d: c * f.b + d * f.d + ty * f.h, ty: c * f.tx + d * f.ty + ty * f.i,
                      g: g * f.a + h * f.c + i * f.g, h: g * f.b + h * f.d + i * f.h, i: g * f.tx + h * f.ty + i * f.i)
    }

    /// The map back, nil where this one is singular.
    var inverted: ProjectiveMap? {
        let A = d * i - ty * h, B = -(c * i - ty * g), C = c * h - d * g
        let det = a * A + b * B + tx * C
        guard det != 0, det.isFinite else { return nil }
        let r = 1 / det
        return ProjectiveMap(a: A * r, b: -(b * i - tx * h) * r, tx: (b * ty - tx * d) * r,
                             c: B * r, d: (a * i - tx * g) * r, ty: -(a * ty - tx * c) * r,
                             g: C * r, h: -(a * h - b * g) * r, i: (a * d - b * c) * r)
    }
}

/// `.rotation3DEffect`: a turn about an axis through a point of the view, seen in perspective.
struct Rotation3D {
    /// Radians, by the right-hand rule about `axis` (x right, y down, z towards the viewer).
    var angle: Double
    var axis: (x: Double, y: Double, z: Double)
    var anchor: UnitPoint
    /// The anchor's depth, in points towards the viewer.
    var anchorZ: Double
    /// The eye is max(width, height) / perspective points in front of the view (none at 0).
    var perspective: Double

    /// The map from container points of the untransformed view in `frame` to where it is drawn.
    func map(in frame: Rect) -> ProjectiveMap? {
        let length = (axis.x * axis.x + axis.y * axis.y + axis.z * axis.z).squareRoot()
        guard length > 0, length.isFinite, angle.isFinite else { return nil }
        let (x, y, z) = (axis.x / length, axis.y / length, axis.z / length)
        let (s, c) = (sin(angle), cos(angle)), t = 1 - c
        // Rodrigues' rotation matrix, by columns of the view's x and y and the depth z.
        let r00 = t * x * x + c, r01 = t * x * y - s * z, r02 = t * x * z + s * y
        let r10 = t * x * y + s * z, r11 = t * y * y + c, r12 = t * y * z - s * x
        let r20 = t * x * z - s * y, r21 = t * y * z + s * x, r22 = t * z * z + c
        let ax = frame.minX + Double(anchor.x) * frame.width, ay = frame.minY + Double(anchor.y) * frame.height
        // A point (u, v, 0) from the anchor turns to R·(u, v, −anchorZ) + (0, 0, anchorZ).
        let ox = -anchorZ * r02, oy = -anchorZ * r12, oz = -anchorZ * r22 + anchorZ
        let eye = perspective > 0 && perspective.isFinite ? max(frame.width, frame.height, 1) / perspective : .infinity
        // w = 1 − z / eye; the point is drawn at anchor + (x, y) / w.
        let wu = -r20 / eye, wv = -r21 / eye, w0 = 1 - oz / eye
        let turned = ProjectiveMap(a: r00 + ax * wu, b: r01 + ax * wv, tx: ox + ax * w0,
                                   c: r10 + ay * wu, d: r11 + ay * wv, ty: oy + ay * w0,
                                   g: wu, h: wv, i: w0)
        return turned.after(ProjectiveMap(tx: -ax, ty: -ay))
    }
}

extension View {
    /// Draws the view turned by `angle` about `axis` through `anchor` (at depth `anchorZ`), seen
    /// in perspective, laid out where it was, as SwiftUI's `rotation3DEffect`. `perspective`
    /// 1 puts the eye as far in front of the view as its longer side (0: no perspective).
    /// Presses land where the view is drawn; a view turned past the eye is not drawn.
    public func rotation3DEffect(_ angle: Angle, axis: (x: CGFloat, y: CGFloat, z: CGFloat), anchor: UnitPoint = .center,
                                 anchorZ: CGFloat = 0, perspective: CGFloat = 1) -> ModifiedContent<Self, _NodeModifier> {
        let turn = Rotation3D(angle: angle.radians.isFinite ? angle.radians : 0,
                              axis: (Double(axis.x), Double(axis.y), Double(axis.z)), anchor: anchor,
                              anchorZ: anchorZ.isFinite ? Double(anchorZ) : 0, perspective: perspective.isFinite ? Double(perspective) : 1)
        return modifier(_NodeModifier(kind: .transform(TransformSpec(angle: 0, scaleX: 1, scaleY: 1, anchor: anchor, rotation3D: turn))))
    }
}

extension ResolvedView {
    /// A subtree drawn through a perspective map: into a layer as laid out, then composited
    /// sampling the layer where the inverse map takes each point.
    mutating func emitProjected(_ i: Int, _ turn: Rotation3D, context: inout DrawContext) {
        let firstHit = hits.count
        let frame = tree.nodes[i].frame
        guard let forward = turn.map(in: frame), let inverse = forward.inverted else { return }
        guard let (inner, outer) = transformedLayerRects(i, forward) else { return }  // turned past the eye: not drawn
        let layer = openLayer(rect: inner, opacity: context.opacity, clip: nil)
        let graph = layers[layer].graph
        // position (in `outer`) ↦ the layer's points.
        let sample = ProjectiveMap(tx: -inner.minX, ty: -inner.minY).after(inverse).after(ProjectiveMap(tx: outer.minX, ty: outer.minY))
        setBuiltIn(graph, "layerProjection", kind: .color, isOpaque: false, .boundingRect, .image(layerImages[layer]))
        graphs[graph].content.arguments.append(.float(Float(context.opacity)))
        graphs[graph].content.arguments.append(.float3(Float(sample.a), Float(sample.b), Float(sample.tx)))
        graphs[graph].content.arguments.append(.float3(Float(sample.c), Float(sample.d), Float(sample.ty)))
        graphs[graph].content.arguments.append(.float3(Float(sample.g), Float(sample.h), Float(sample.i)))
        graphs[graph].content.arguments.append(.float2(Float(inner.width), Float(inner.height)))
        graphs[graph].viewRect = outer
        var innerContext = context
        innerContext.opacity = 1
        emitChildren(of: i, context: &innerContext)
        draws.append(.endLayer(layer))
        var k = firstHit
        while k < hits.count {
            hits[k].toLocal = hits[k].toLocal.map { $0.after(inverse) } ?? inverse
            k += 1
        }
    }
}
