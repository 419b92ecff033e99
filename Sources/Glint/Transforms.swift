import Foundation
import GlintCore

/// A rotation and scale about an anchor, as `.rotationEffect` and `.scaleEffect` apply them: the
/// view is laid out as before and drawn (and hit) transformed.
struct TransformSpec {
    /// Clockwise on screen, in radians.
    var angle: Double
    var scaleX: Double
    var scaleY: Double
    /// The fixed point, as a fraction of the view's frame.
    var anchor: UnitPoint
    /// A whole affine map in the view's own points, (0, 0) at its top-left (`.transformEffect`),
    /// applied after the rotation and scale; nil for none.
    var matrix: AffineMap? = nil
    /// A turn in 3-D seen in perspective (`.rotation3DEffect`), instead of the above; nil for none.
    var rotation3D: Rotation3D? = nil

    /// Whether it changes nothing.
    var isIdentity: Bool { angle == 0 && scaleX == 1 && scaleY == 1 && (matrix?.isIdentity ?? true) && (rotation3D.map { $0.angle == 0 } ?? true) }
}

/// A 2-D affine map p ↦ (a·x + b·y + tx, c·x + d·y + ty).
struct AffineMap {
    var a = 1.0, b = 0.0, c = 0.0, d = 1.0, tx = 0.0, ty = 0.0

    func apply(_ p: Point) -> Point {
        Point(x: a * p.x + b * p.y + tx, y: c * p.x + d * p.y + ty)
    }

    /// Whether it maps every point to itself.
    var isIdentity: Bool { a == 1 && b == 0 && c == 0 && d == 1 && tx == 0 && ty == 0 }

    /// The map back, nil where this one folds the plane flat (a zero determinant).
    var inverted: AffineMap? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        let (ia, ib, ic, id) = (d / det, -b / det, -c / det, a / det)
        return AffineMap(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ib * ty), ty: -(ic * tx + id * ty))
    }

    /// `self` after `first`: p ↦ self(first(p)).
    func after(_ first: AffineMap) -> AffineMap {
        AffineMap(a: a * first.a + b * first.c, b: a * first.b + b * first.d,
                  c: c * first.a + d * first.c, d: c * first.b + d * first.d,
                  tx: a * first.tx + b * first.ty + tx, ty: c * first.tx + d * first.ty + ty)
    }

    /// The map from container points to the untransformed view's points, for `spec` about `anchor`
    /// (nil where a scale of 0 leaves nothing to hit).
    static func inverse(of spec: TransformSpec, about anchor: Point) -> AffineMap? {
        guard spec.scaleX != 0, spec.scaleY != 0 else { return nil }
        let (s, co) = (sin(spec.angle), cos(spec.angle))
        // (R·S)⁻¹ = S⁻¹·R(−θ), about the anchor.
        var m = AffineMap(a: co / spec.scaleX, b: s / spec.scaleX, c: -s / spec.scaleY, d: co / spec.scaleY)
        let moved = m.apply(anchor)
        m.tx = anchor.x - moved.x
        m.ty = anchor.y - moved.y
        return m
    }

    /// The forward map of `spec` about `anchor`.
    static func forward(_ spec: TransformSpec, about anchor: Point) -> AffineMap {
        let (s, co) = (sin(spec.angle), cos(spec.angle))
        var m = AffineMap(a: co * spec.scaleX, b: -s * spec.scaleY, c: s * spec.scaleX, d: co * spec.scaleY)
        let moved = m.apply(anchor)
        m.tx = anchor.x - moved.x
        m.ty = anchor.y - moved.y
        return m
    }
}

extension TransformSpec {
    /// Where the view laid out in `frame` (container points) is drawn: the map from its points to
    /// the container's; nil where it is drawn nowhere.
    func drawnMap(in frame: Rect) -> ProjectiveMap? {
        if let turn = rotation3D { return turn.map(in: frame) }
        return ProjectiveMap(affineMap(in: frame))
    }

    /// The rotation, scale and matrix (not a 3-D turn) as one map of container points.
    func affineMap(in frame: Rect) -> AffineMap {
        let anchor = Point(x: frame.minX + Double(self.anchor.x) * frame.width, y: frame.minY + Double(self.anchor.y) * frame.height)
        var forward = AffineMap.forward(self, about: anchor)
        if let matrix {
            // In the view's own points: from the container's, through the matrix, and back.
            let toView = AffineMap(tx: -frame.minX, ty: -frame.minY), fromView = AffineMap(tx: frame.minX, ty: frame.minY)
            forward = fromView.after(matrix.after(toView)).after(forward)
        }
        return forward
    }
}

extension ResolvedView {
    /// The layer rects of transformed node `i`: `inner`, its subtree as laid out, and `outer`,
    /// where `forward` draws it, each on whole pixels; nil where it is drawn nowhere (past the eye).
    func transformedLayerRects(_ i: Int, _ forward: ProjectiveMap) -> (inner: Rect, outer: Rect)? {
        let s = Double(scale)
        func onPixels(_ r: Rect) -> Rect {
            let x0 = (r.minX * s).rounded(.down) / s, y0 = (r.minY * s).rounded(.down) / s
            return Rect(x: x0, y: y0, width: max(1 / s, (r.maxX * s).rounded(.up) / s - x0),
                        height: max(1 / s, (r.maxY * s).rounded(.up) / s - y0))
        }
        let inner = onPixels(subtreeBounds(of: i))
        guard let drawn = forward.bounds(of: inner) else { return nil }
        return (inner, onPixels(drawn))
    }
}

extension ProjectiveMap {
    /// The rect the corners of `rect` are mapped into; nil where a corner is at or behind the eye.
    func bounds(of rect: Rect) -> Rect? {
        var (minX, minY, maxX, maxY) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for k in 0..<4 {  // the corners (no array: nothing allocated)
            let corner = Point(x: k & 1 == 0 ? rect.minX : rect.maxX, y: k & 2 == 0 ? rect.minY : rect.maxY)
            guard weight(corner) > 0.05 else { return nil }
            let p = apply(corner)
            (minX, minY, maxX, maxY) = (min(minX, p.x), min(minY, p.y), max(maxX, p.x), max(maxY, p.y))
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

extension View {
    /// Draws the view turned by `angle` (clockwise on screen) about `anchor`, laid out where it
    /// was, as SwiftUI's `rotationEffect(_:anchor:)`. Presses land through the turn.
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> ModifiedContent<Self, _NodeModifier> {
        modifier(_NodeModifier(kind: .transform(TransformSpec(angle: angle.radians.isFinite ? angle.radians : 0,
                                                              scaleX: 1, scaleY: 1, anchor: anchor))))
    }

    /// Draws the view scaled by `scale` about `anchor`, laid out where it was, as SwiftUI's
    /// `scaleEffect(_:anchor:)`.
    public func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> ModifiedContent<Self, _NodeModifier> {
        func finite(_ x: CGFloat) -> Double { x.isFinite ? Double(x) : 1 }
        return modifier(_NodeModifier(kind: .transform(TransformSpec(angle: 0, scaleX: finite(scale.width), scaleY: finite(scale.height),
                                                                     anchor: anchor))))
    }

    /// Draws the view through `transform`, in its own points ((0, 0) at its top-left), laid out
    /// where it was, as SwiftUI's `transformEffect(_:)`. Presses land through the transform; one
    /// that folds the view flat draws nothing.
    public func transformEffect(_ transform: CGAffineTransform) -> ModifiedContent<Self, _NodeModifier> {
        guard transform.a.isFinite, transform.b.isFinite, transform.c.isFinite, transform.d.isFinite,
              transform.tx.isFinite, transform.ty.isFinite else { return modifier(_NodeModifier(kind: .group)) }
        // CoreGraphics' (a, b, c, d) map x' = a·x + c·y + tx, y' = b·x + d·y + ty.
        let matrix = AffineMap(a: Double(transform.a), b: Double(transform.c), c: Double(transform.b), d: Double(transform.d),
                               tx: Double(transform.tx), ty: Double(transform.ty))
        return modifier(_NodeModifier(kind: .transform(TransformSpec(angle: 0, scaleX: 1, scaleY: 1, anchor: .topLeading, matrix: matrix))))
    }

    /// Draws the view scaled by `s` on both axes about `anchor`.
    public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> ModifiedContent<Self, _NodeModifier> {
        scaleEffect(CGSize(width: s, height: s), anchor: anchor)
    }

    /// Draws the view scaled by `x` and `y` about `anchor`.
    public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> ModifiedContent<Self, _NodeModifier> {
        scaleEffect(CGSize(width: x, height: y), anchor: anchor)
    }

    /// Draws the view in front of its siblings of lower `value` (and behind those of higher),
    /// as SwiftUI's `zIndex(_:)`; siblings of the same index keep their order.
    public func zIndex(_ value: Double) -> ModifiedContent<Self, _NodeModifier> {
        modifier(_NodeModifier(kind: .zIndex(value.isFinite ? value : 0)))
    }
}

extension HitEntry {
    /// `event` with its location in the points of `rect` (through a rotation or scale).
    func local(_ event: PointerEvent) -> PointerEvent {
        guard let toLocal else { return event }
        var local = event
        local.location = toLocal.apply(event.location)
        return local
    }
}

extension ResolvedView {
    /// `event` in the points of gesture `index`'s rect (through a rotation or scale over it).
    func localEvent(_ event: PointerEvent, gesture index: Int) -> PointerEvent {
        var i = 0
        while i < hits.count {
            if case .gesture(let g) = hits[i].target, g == index { return hits[i].local(event) }
            i += 1
        }
        return event
    }

    /// The z-index of node `i` (0 unless it is a `.zIndex`).
    func zIndex(of i: Int) -> Double {
        if case .zIndex(let z) = tree.nodes[i].kind { return z }
        return 0
    }

    /// Emits the children of `i` in order of their z-index, the same index in the order made.
    /// Returns false (emitting nothing) when no child has an index: the plain order then.
    mutating func emitChildrenByZIndex(of i: Int, context: inout DrawContext) -> Bool {
        var child = tree.nodes[i].firstChild
        var any = false
        while child >= 0 {
            if case .zIndex = tree.nodes[child].kind { any = true; break }
            child = tree.nodes[child].next
        }
        guard any else { return false }
        // Each pass emits the children at the lowest index above the last pass's.
        var level = -Double.infinity
        while true {
            var next = Double.infinity
            child = tree.nodes[i].firstChild
            while child >= 0 {
                let z = zIndex(of: child)
                if z > level && z < next { next = z }
                child = tree.nodes[child].next
            }
            guard next.isFinite else { return true }
            child = tree.nodes[i].firstChild
            while child >= 0 {
                if zIndex(of: child) == next { emit(child, context: &context) }
                child = tree.nodes[child].next
            }
            level = next
        }
    }

    /// A transformed subtree: drawn into a layer over its bounds, shown through the transform
    /// (`layerTransform`); what it holds is hit through the inverse map.
    mutating func emitTransform(_ i: Int, _ spec: TransformSpec, context: inout DrawContext) {
        if let turn = spec.rotation3D, !spec.isIdentity {
            emitProjected(i, turn, context: &context)
            return
        }
        let firstHit = hits.count
        let frame = tree.nodes[i].frame
        let anchor = Point(x: frame.minX + Double(spec.anchor.x) * frame.width, y: frame.minY + Double(spec.anchor.y) * frame.height)
        let forward = spec.affineMap(in: frame)
        guard !spec.isIdentity, let inverse = spec.matrix == nil ? AffineMap.inverse(of: spec, about: anchor) : forward.inverted else {
            if spec.isIdentity { emitChildren(of: i, context: &context) }
            return  // scaled to nothing: not drawn, not hit
        }
        // The layer covers the untransformed subtree on whole pixels; the composite its image.
        guard let (inner, outer) = transformedLayerRects(i, ProjectiveMap(forward)) else { return }

        let layer = openLayer(rect: inner, opacity: context.opacity, clip: nil)
        let graph = layers[layer].graph
        // position (in `outer`) ↦ the layer's points: inverse(outer.origin + position) − inner.origin.
        let origin = inverse.apply(Point(x: outer.minX, y: outer.minY))
        setBuiltIn(graph, "layerTransform", kind: .color, isOpaque: false, .boundingRect, .image(layerImages[layer]))
        graphs[graph].content.arguments.append(.float(Float(context.opacity)))
        graphs[graph].content.arguments.append(.float4(Float(inverse.a), Float(inverse.c), Float(inverse.b), Float(inverse.d)))
        graphs[graph].content.arguments.append(.float2(Float(origin.x - inner.minX), Float(origin.y - inner.minY)))
        graphs[graph].content.arguments.append(.float2(Float(inner.width), Float(inner.height)))
        graphs[graph].viewRect = outer
        var innerContext = context
        innerContext.opacity = 1
        emitChildren(of: i, context: &innerContext)
        draws.append(.endLayer(layer))

        var k = firstHit
        while k < hits.count {
            hits[k].toLocal = hits[k].toLocal.map { $0.after(ProjectiveMap(inverse)) } ?? ProjectiveMap(inverse)
            k += 1
        }
    }
}
