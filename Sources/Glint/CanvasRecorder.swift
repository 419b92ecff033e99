import Foundation
import GlintCore
import GlintRender

/// What the canvases of a frame asked to draw, in storage kept from frame to frame: commands,
/// and their paths already in the canvas's points. The resolved view turns them into its draws
/// (`emitCanvas`); the renderer reads the paths when it rasterises them.
final class CanvasRecorder {
    enum Command {
        case shape(path: Int, shading: GraphicsContext.Shading, transform: CGAffineTransform, fill: FillStyle, stroke: StrokeStyle?,
                   opacity: Double, clip: Int, filter: Int, blend: GraphicsContext.BlendMode)
        case text(GraphicsContext.ResolvedText, rect: CGRect, fitsFrame: Bool, transform: CGAffineTransform, opacity: Double, clip: Int, filter: Int,
                  blend: GraphicsContext.BlendMode)
        case image(Image, rect: CGRect, transform: CGAffineTransform, opacity: Double, clip: Int, filter: Int, blend: GraphicsContext.BlendMode)
        case symbol(node: Int, rect: CGRect, transform: CGAffineTransform, opacity: Double, clip: Int, filter: Int, blend: GraphicsContext.BlendMode)
        case beginLayer(opacity: Double, clip: Int, filter: Int, blend: GraphicsContext.BlendMode)
        case endLayer
    }

    /// A clip: its path (in the canvas's points), how it is filled, and the clip it lies within.
    struct Clip {
        var path: Int
        var style: FillStyle
        var inverse: Bool
        var parent: Int
    }

    /// A layer `emitCanvas` has open: a clip's (`clip` the clip in force inside it) or a group's
    /// (`filterDepth` the depth of `filterLayers` to close back to after it, or nil).
    struct OpenLayer {
        var layer: Int
        var clip: Int
        var isGroup: Bool
        var filterDepth: Int? = nil
    }

    var commands: [Command] = []
    var clips: [Clip] = []
    /// Filters added (`addFilter`), each with the one added before it.
    var filters: [(filter: GraphicsContext.Filter, parent: Int)] = []
    /// Paths, the first `pathCount` of this frame; the rest keep their storage for later frames.
    var paths: [Path] = []
    var pathCount = 0
    /// The layers open while a canvas's commands are emitted.
    var open: [OpenLayer] = []
    /// The layers open for the filters of a drawing, outermost first (`openCanvasFilters`).
    var filterLayers: [Int] = []
    /// The symbols of the canvas being drawn: tag, first node and laid-out size.
    var symbols: [(tag: AnyHashable, node: Int, size: CGSize)] = []
    /// The size and scale of the canvas being drawn.
    var size = CGSize.zero
    var scale = 1.0

    /// Starts a frame, keeping every array's storage.
    func reset() {
        commands.removeAll(keepingCapacity: true)
        clips.removeAll(keepingCapacity: true)
        filters.removeAll(keepingCapacity: true)
        filterLayers.removeAll(keepingCapacity: true)
        pathCount = 0
    }

    /// Stores `path` moved by `transform` (after `rect`, when given) and returns its index.
    func store(_ path: Path, transform t: CGAffineTransform, after rect: CGRect? = nil) -> Int {
        if pathCount == paths.count { paths.append(Path()) }
        let i = pathCount
        pathCount += 1
        paths[i].removeAll()
        if let rect { paths[i].addRect(rect) }
        if t.isIdentity {
            paths[i].addPath(path)
            return i
        }
        let elements = path.elements
        var k = 0
        while k < elements.count {  // an index loop: no iterator allocation in debug builds
            switch elements[k] {
            case .move(let p): paths[i].move(to: p.applying(t))
            case .line(let p): paths[i].addLine(to: p.applying(t))
            case .quadCurve(let p, let c): paths[i].addQuadCurve(to: p.applying(t), control: c.applying(t))
            case .curve(let p, let c1, let c2): paths[i].addCurve(to: p.applying(t), control1: c1.applying(t), control2: c2.applying(t))
            case .closeSubpath: paths[i].closeSubpath()
            }
            k += 1
        }
        return i
    }

    func addClip(_ path: Path, transform: CGAffineTransform, style: FillStyle, inverse: Bool, parent: Int) -> Int {
        // Outside the path: the canvas's rect (and a margin) with the path cut out of it, even-odd.
        let margin = CGRect(x: -1, y: -1, width: size.width + 2, height: size.height + 2)
        let index = store(path, transform: transform, after: inverse ? margin : nil)
        var fill = style
        if inverse { fill.isEOFilled = true }
        clips.append(Clip(path: index, style: fill, inverse: inverse, parent: parent))
        return clips.count - 1
    }

    func addShape(_ path: Path, context: GraphicsContext, shading: GraphicsContext.Shading, fill: FillStyle, stroke: StrokeStyle?) {
        let t = context.transform
        var stroke = stroke
        if var style = stroke, !t.isIdentity {
            // A stroke is as wide as the transform's mean scale.
            style.lineWidth *= sqrt(abs(t.a * t.d - t.b * t.c))
            stroke = style
        }
        let index = store(path, transform: t)
        commands.append(.shape(path: index, shading: shading, transform: t, fill: fill, stroke: stroke, opacity: context.opacity,
                               clip: context.clipIndex, filter: context.filterIndex, blend: context.blendMode))
    }

    func addText(_ text: GraphicsContext.ResolvedText, in rect: CGRect, fitsFrame: Bool = false, context: GraphicsContext) {
        commands.append(.text(text, rect: rect, fitsFrame: fitsFrame, transform: context.transform, opacity: context.opacity,
                              clip: context.clipIndex, filter: context.filterIndex, blend: context.blendMode))
    }

    func addImage(_ image: Image, in rect: CGRect, context: GraphicsContext) {
        if let symbol = image.symbol {
            // A symbol is a glyph of the icon font, fitted to the rect as a resizable symbol is.
            var text = context.resolve(Text(verbatim: symbol.text))
            text = GraphicsContext.ResolvedText(string: text.string, font: SystemSymbol.font(text.font, scale: symbol.scale),
                                                color: text.color, scale: text.scale)
            addText(text, in: rect, fitsFrame: true, context: context)
            return
        }
        commands.append(.image(image, rect: rect, transform: context.transform, opacity: context.opacity, clip: context.clipIndex,
                               filter: context.filterIndex, blend: context.blendMode))
    }

    func addSymbol(_ node: Int, in rect: CGRect, context: GraphicsContext) {
        commands.append(.symbol(node: node, rect: rect, transform: context.transform, opacity: context.opacity, clip: context.clipIndex,
                                filter: context.filterIndex, blend: context.blendMode))
    }

    func beginLayer(opacity: Double, clip: Int, filter: Int, blendMode: GraphicsContext.BlendMode) {
        commands.append(.beginLayer(opacity: opacity, clip: clip, filter: filter, blend: blendMode))
    }

    func endLayer() {
        commands.append(.endLayer)
    }

    /// Whether a command from `first` on draws with a blend mode other than `.normal` (then the
    /// canvas is drawn into a layer of its own, for them to blend with its drawing only).
    func blends(from first: Int) -> Bool {
        var k = first
        while k < commands.count {
            switch commands[k] {
            case .shape(_, _, _, _, _, _, _, _, let blend), .text(_, _, _, _, _, _, _, let blend), .image(_, _, _, _, _, _, let blend),
                 .symbol(_, _, _, _, _, _, let blend), .beginLayer(_, _, _, let blend):
                if blend != .normal { return true }
            case .endLayer:
                break
            }
            k += 1
        }
        return false
    }

    /// Whether clip `ancestor` is `clip` or one it lies within.
    func contains(_ ancestor: Int, _ clip: Int) -> Bool {
        var c = clip
        while c >= 0 {
            if c == ancestor { return true }
            c = clips[c].parent
        }
        return ancestor < 0
    }
}

extension SystemSymbol {
    /// The icon font at the size of a symbol in text of `font`.
    static func font(_ font: FontSpec, scale: Double) -> FontSpec {
        var symbolFont = font
        symbolFont.size *= emPerFontSize * scale
        symbolFont.design = .symbols
        symbolFont.italic = false
        return symbolFont
    }
}

extension ResolvedView {
    /// A `Canvas`: its drawing code run for `frame`'s size, recording into the frame's recorder,
    /// then each command turned into the draws a view of it would make (shapes, shader content in
    /// layers masked by the path, text, images), inside layers for its clips and `drawLayer`s.
    mutating func emitCanvas(_ index: Int, frame: Rect, context: DrawContext) {
        guard index < tree.canvases.count else { return }
        let recorder = canvasRecorder
        let size = CGSize(width: frame.width, height: frame.height)
        recorder.size = size
        recorder.scale = Double(scale)
        let first = recorder.commands.count
        let environment = tree.canvases[index].environment
        recorder.symbols.removeAll(keepingCapacity: true)
        for k in tree.canvases[index].symbols where k < tree.canvasSymbols.count {
            let (tag, node) = tree.canvasSymbols[k]
            recorder.symbols.append((tag, node, CGSize(width: tree.nodes[node].frame.width, height: tree.nodes[node].frame.height)))
        }
        var graphics = GraphicsContext(recorder: recorder, environment: environment)
        tree.canvases[index].renderer(&graphics, size)
        // Drawings that blend do so with the canvas's own drawing, in a layer of its own.
        let canvasLayer = recorder.blends(from: first) ? openLayer(rect: frame, opacity: context.opacity, clip: nil) : nil
        let base = canvasLayer == nil ? context.opacity : 1

        recorder.open.removeAll(keepingCapacity: true)
        var groups = 0
        var k = first
        while k < recorder.commands.count {
            // Outside any `drawLayer`, the view's own opacity applies to each thing drawn.
            let outer = groups == 0 ? base : 1
            switch recorder.commands[k] {
            case .shape(let path, let shading, let transform, let fill, let stroke, let opacity, let clip, let filter, let blend):
                syncCanvasClip(clip, frame: frame)
                let filtered = openCanvasFilters(filter, blend: blend, frame: frame, opacity: opacity * outer)
                let leaf = ShapeLeaf(shape: ShapeSource(kind: .canvasPath(recorder, path)), fill: .color(.white), fillStyle: fill, stroke: stroke)
                emitCanvasShape(leaf, shading: shading, transform: transform, environment: environment, frame: frame,
                                opacity: filtered == nil ? opacity * outer : 1)
                closeCanvasFilters(filtered)
            case .text(let text, let rect, let fitsFrame, let transform, var opacity, let clip, let filter, let blend):
                syncCanvasClip(clip, frame: frame)
                let filtered = openCanvasFilters(filter, blend: blend, frame: frame, opacity: opacity * outer)
                let fade = filtered == nil ? outer : 1
                if filtered != nil { opacity = 1 }
                var leaf = TextLeaf(string: text.string, font: text.font, style: .color(text.color), alignment: .leading,
                                    lineLimit: nil, lineSpacing: 0)
                var box = Rect(x: frame.minX + Double(rect.minX), y: frame.minY + Double(rect.minY), width: Double(rect.width), height: Double(rect.height))
                if fitsFrame {
                    leaf.alignment = .center
                    leaf.lineLimit = 1
                    SystemSymbol.fit(&leaf, in: &box)
                }
                let layer = openCanvasTransform(transform, inner: box, frame: frame, opacity: opacity * fade)
                draws.append(.text(TextDraw(leaf: leaf, rect: layer == nil ? box.moved(transform) : box,
                                            color: text.color.opacity(layer == nil ? opacity * fade : 1))))
                if let layer { draws.append(.endLayer(layer)) }
                closeCanvasFilters(filtered)
            case .image(let image, let rect, let transform, var opacity, let clip, let filter, let blend):
                syncCanvasClip(clip, frame: frame)
                let filtered = openCanvasFilters(filter, blend: blend, frame: frame, opacity: opacity * outer)
                let fade = filtered == nil ? outer : 1
                if filtered != nil { opacity = 1 }
                let box = Rect(x: frame.minX + Double(rect.minX), y: frame.minY + Double(rect.minY), width: Double(rect.width), height: Double(rect.height))
                let layer = openCanvasTransform(transform, inner: box, frame: frame, opacity: opacity * fade)
                let leaf = ContentLeaf(source: .image(image.pixels, resizable: true, interpolation: image.interpolationQuality))
                emitContent(leaf, rect: layer == nil ? box.moved(transform) : box, effects: false,
                            context: DrawContext(opacity: layer == nil ? opacity * fade : 1, hitTesting: false))
                if let layer { draws.append(.endLayer(layer)) }
                closeCanvasFilters(filtered)
            case .symbol(let node, let rect, let t, var opacity, let clip, let filter, let blend):
                guard node < tree.nodes.count else { break }
                syncCanvasClip(clip, frame: frame)
                let filtered = openCanvasFilters(filter, blend: blend, frame: frame, opacity: opacity * outer)
                let fade = filtered == nil ? outer : 1
                if filtered != nil { opacity = 1 }
                // The symbol's laid-out frame taken to `rect` in the drawing, then through the transform.
                let f = tree.nodes[node].frame
                let sx = f.width > 0 ? Double(rect.width) / f.width : 0, sy = f.height > 0 ? Double(rect.height) / f.height : 0
                let (ta, tb, tc, td) = (Double(t.a), Double(t.b), Double(t.c), Double(t.d))
                let (rx, ry) = (Double(rect.minX) - sx * f.minX, Double(rect.minY) - sy * f.minY)
                let forward = AffineMap(a: ta * sx, b: tc * sy, c: tb * sx, d: td * sy,
                                        tx: frame.minX + Double(t.tx) + ta * rx + tc * ry,
                                        ty: frame.minY + Double(t.ty) + tb * rx + td * ry)
                if let layer = openMappedLayer(forward, inner: bounds(of: node), opacity: opacity * fade) {
                    var inner = DrawContext(opacity: 1, hitTesting: false)
                    emit(node, context: &inner)
                    draws.append(.endLayer(layer))
                }
                closeCanvasFilters(filtered)
            case .beginLayer(let opacity, let clip, let filter, let blend):
                syncCanvasClip(clip, frame: frame)
                // A blend and filters with a shadow are layers of their own around the group's; other filters, its passes.
                let nested = blend != .normal || canvasFiltersHaveShadow(filter)
                let filtered = nested ? openCanvasFilters(filter, blend: blend, frame: frame, opacity: opacity * outer) : nil
                let layer = openLayer(rect: frame, opacity: filtered == nil ? opacity * outer : 1, clip: nil)
                if filtered == nil { appendCanvasFilter(filter, to: layers[layer].graph) }
                recorder.open.append(CanvasRecorder.OpenLayer(layer: layer, clip: clip, isGroup: true, filterDepth: filtered))
                groups += 1
            case .endLayer:
                // The clips opened inside the group close with it, then the layers of its filters.
                while let top = recorder.open.popLast() {
                    draws.append(.endLayer(top.layer))
                    if top.isGroup {
                        closeCanvasFilters(top.filterDepth)
                        break
                    }
                }
                groups = max(0, groups - 1)
            }
            k += 1
        }
        while let top = recorder.open.popLast() {
            draws.append(.endLayer(top.layer))
            if top.isGroup { closeCanvasFilters(top.filterDepth) }
        }
        if let canvasLayer { draws.append(.endLayer(canvasLayer)) }
    }

    /// Closes the clip layers open that `clip` does not lie within, then opens those of `clip`
    /// not yet open (outermost first).
    mutating func syncCanvasClip(_ clip: Int, frame: Rect) {
        let recorder = canvasRecorder
        while let top = recorder.open.last, !top.isGroup, !recorder.contains(top.clip, clip) {
            draws.append(.endLayer(top.layer))
            recorder.open.removeLast()
        }
        openCanvasClip(clip, frame: frame)
    }

    private mutating func openCanvasClip(_ clip: Int, frame: Rect) {
        let recorder = canvasRecorder
        guard clip >= 0, clip != recorder.open.last?.clip ?? -1 else { return }
        openCanvasClip(recorder.clips[clip].parent, frame: frame)
        let shape = ShapeLeaf(shape: ShapeSource(kind: .canvasPath(recorder, recorder.clips[clip].path)), fill: .color(.white),
                              fillStyle: recorder.clips[clip].style)
        let layer = openLayer(rect: frame, opacity: 1, clip: ShapeDraw(leaf: shape, rect: frame, color: .white))
        recorder.open.append(CanvasRecorder.OpenLayer(layer: layer, clip: clip, isGroup: false))
    }

    /// A path filled or stroked: in a colour, a coverage mask; in a gradient or shader, that
    /// drawn over the canvas in a layer masked by the path.
    private mutating func emitCanvasShape(_ leaf: ShapeLeaf, shading: GraphicsContext.Shading, transform: CGAffineTransform,
                                          environment: EnvironmentValues, frame: Rect, opacity: Double) {
        var shader: Shader
        switch shading.kind {
        case .color(let color):
            draws.append(.shape(ShapeDraw(leaf: leaf, rect: frame, color: color.resolved(in: environment.colorScheme).opacity(opacity))))
            return
        case .gradient(let gradient, var geometry):
            // The shader's positions are the canvas's points; the gradient's, the drawing's.
            let inverse = transform.inverted()
            geometry.map = (Double(inverse.a), Double(inverse.b), Double(inverse.c), Double(inverse.d))
            geometry.shift = (Double(inverse.tx), Double(inverse.ty))
            shader = geometry.shader(gradient)
        case .style, .foreground:
            var value = environment.foregroundStyle ?? .color(.primary)
            if case .style(let given) = shading.kind { value = given }
            value = value.resolved(in: environment)
            switch value {
            case .color(let color):
                draws.append(.shape(ShapeDraw(leaf: leaf, rect: frame, color: color.opacity(opacity))))
                return
            case .shader(let given):
                shader = given
            }
        }
        let layer = openLayer(rect: frame, opacity: opacity, clip: ShapeDraw(leaf: leaf, rect: frame, color: .white))
        emitContent(ContentLeaf(source: .shader(shader)), rect: frame, effects: false, context: DrawContext())
        draws.append(.endLayer(layer))
    }

    /// For text or an image in `inner` (the container's points) under a transform that is more
    /// than a move: a layer over `inner` shown through the transform (as `rotationEffect` draws),
    /// its index; nil for a move or none (then draw at `inner.moved(transform)`).
    private mutating func openCanvasTransform(_ t: CGAffineTransform, inner box: Rect, frame: Rect, opacity: Double) -> Int? {
        guard t.a != 1 || t.b != 0 || t.c != 0 || t.d != 1 else { return nil }
        // From the untransformed container points to the drawn ones: about the canvas's origin.
        let (ox, oy) = (frame.minX, frame.minY)
        let forward = AffineMap(a: Double(t.a), b: Double(t.c), c: Double(t.b), d: Double(t.d),
                                tx: ox + Double(t.tx) - (Double(t.a) * ox + Double(t.c) * oy),
                                ty: oy + Double(t.ty) - (Double(t.b) * ox + Double(t.d) * oy))
        return openMappedLayer(forward, inner: box, opacity: opacity)
    }

    /// A layer over `box` (the container's points, to whole pixels) shown through `forward`
    /// (`layerTransform`), its index; nil where `forward` cannot be undone (nothing shows).
    private mutating func openMappedLayer(_ forward: AffineMap, inner box: Rect, opacity: Double) -> Int? {
        let det = forward.a * forward.d - forward.b * forward.c
        guard det != 0, det.isFinite else { return nil }
        let inverse0 = AffineMap(a: forward.d / det, b: -forward.b / det, c: -forward.c / det, d: forward.a / det)
        let moved = inverse0.apply(Point(x: forward.tx, y: forward.ty))
        let inverse = AffineMap(a: inverse0.a, b: inverse0.b, c: inverse0.c, d: inverse0.d, tx: -moved.x, ty: -moved.y)

        let s = Double(scale)
        let x0 = (box.minX * s).rounded(.down) / s, y0 = (box.minY * s).rounded(.down) / s
        let inner = Rect(x: x0, y: y0, width: max(1 / s, (box.maxX * s).rounded(.up) / s - x0),
                         height: max(1 / s, (box.maxY * s).rounded(.up) / s - y0))
        var (minX, minY, maxX, maxY) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for k in 0..<4 {
            let p = forward.apply(Point(x: k & 1 == 0 ? inner.minX : inner.maxX, y: k & 2 == 0 ? inner.minY : inner.maxY))
            (minX, minY, maxX, maxY) = (min(minX, p.x), min(minY, p.y), max(maxX, p.x), max(maxY, p.y))
        }
        minX = (minX * s).rounded(.down) / s
        minY = (minY * s).rounded(.down) / s
        let outer = Rect(x: minX, y: minY, width: max(1 / s, (maxX * s).rounded(.up) / s - minX),
                         height: max(1 / s, (maxY * s).rounded(.up) / s - minY))
        let layer = openLayer(rect: inner, opacity: opacity, clip: nil)
        let graph = layers[layer].graph
        let origin = inverse.apply(Point(x: outer.minX, y: outer.minY))
        setBuiltIn(graph, "layerTransform", kind: .color, isOpaque: false, .boundingRect, .image(layerImages[layer]))
        graphs[graph].content.arguments.append(.float(Float(opacity)))
        graphs[graph].content.arguments.append(.float4(Float(inverse.a), Float(inverse.c), Float(inverse.b), Float(inverse.d)))
        graphs[graph].content.arguments.append(.float2(Float(origin.x - inner.minX), Float(origin.y - inner.minY)))
        graphs[graph].content.arguments.append(.float2(Float(inner.width), Float(inner.height)))
        graphs[graph].viewRect = outer
        return layer
    }
}

extension Rect {
    /// The rect moved by a transform's translation.
    func moved(_ t: CGAffineTransform) -> Rect {
        Rect(x: minX + Double(t.tx), y: minY + Double(t.ty), width: width, height: height)
    }
}
