@preconcurrency import CEpoxy
import Foundation
import GlintCore
import GlintRender

/// Draws a resolved view tree with OpenGL: the backdrop, then each item in painter's order —
/// frame graphs through the effect renderer, shapes (a control's parts too) as anti-aliased coverage masks
/// packed into one texture a frame, text from a glyph atlas — with offscreen layers for groups,
/// clips, shader-filled shapes and effects over whole subtrees. Everything it keeps (masks,
/// glyph quads, layer targets) is reused, so steady frames allocate nothing.
public final class ViewRenderer {
    /// The effect renderer drawing the frame graphs (its settings — backdrop, frame timeout,
    /// shader folders — apply).
    public let renderer: Renderer
    private let shapes: ShapeBatch
    private let glyphs: GlyphRenderer
    private let rasterizer: PathRasterizer
    private let text: TextEngine
    private var masks: [CoverageMask] = []
    private var maskCount = 0
    private var placed: [PlacedGlyph] = []
    /// Per draw item: its range of shape-batch items or placed glyphs.
    private var ranges: [Range<Int>] = []
    /// Per layer: its pixel rect in its parent's target, and its clip's shape-batch item.
    private var layerRects: [(x: Int, y: Int, width: Int, height: Int)] = []
    private var layerClips: [Int] = []
    /// Offscreen targets by nesting depth.
    private var targets: [RenderTarget] = []
    private var origins: [(x: Double, y: Double)] = []

    /// A renderer for the current OpenGL context, reading Glint's shaders from `sources` (the
    /// built-in ones, or a folder of your own first: `glint --shaders DIR`).
    public init(sources: ShaderSources = ShaderSources()) throws(RenderError) {
        renderer = try Renderer(sources: sources)
        shapes = try ShapeBatch(sources: sources)
        rasterizer = try PathRasterizer()
        // Why there is no text engine (no font, or GLINT_FONT not a font) is said in the engine's words.
        if let shared = SharedText.engine { text = shared } else { text = try TextEngine() }
        glyphs = try GlyphRenderer(engine: text, sources: sources)
        scratchPath.reserveCapacity(PathRasterizer.warmPoints)
        scratchTrim.reserveCapacity(PathRasterizer.warmPoints)
    }

    /// The effects running a shader of another tool drawn lately, by their passes' owners: a
    /// reloaded program is handed to its effect. Held weakly: an effect no longer shown goes.
    private var toolEffects: [UInt64: WeakEffect] = [:]
    private struct WeakEffect {
        weak var effect: (any Effect)?
    }

    /// Notes the effects of `view` that run a shader of another tool (whose passes its frame
    /// graphs carry), for `reloadChangedShaders`.
    private func noteToolEffects(_ view: ResolvedView) {
        var i = 0
        while i < view.effects.count {  // index loops: no iterator allocation in debug builds
            if let owner = view.effects[i].pass.tool?.owner, toolEffects[owner]?.effect == nil {
                toolEffects[owner] = WeakEffect(effect: view.effects[i])
            }
            i += 1
        }
    }

    /// Reloads the shader files that changed since they were read (see
    /// `Renderer.reloadChangedShaders`), Shadertoy, glslViewer and ISF shaders too
    /// (`Renderer.reloadChangedTools`): one whose files no longer load or compile keeps running
    /// as it was, and its error is returned.
    public func reloadChangedShaders() -> (reloaded: [String], errors: [RenderError]) {
        var (reloaded, errors) = renderer.reloadChangedShaders()
        let tools = renderer.reloadChangedTools()
        for (owner, program) in tools.reloaded {
            toolEffects[owner]?.effect?.reload(program)
            if let origin = program.origin { reloaded.append(origin) }
        }
        return (reloaded, errors + tools.errors)
    }

    /// Whether every pass of each frame is timed (`frameStatistics`). Off, nothing is measured
    /// and nothing costs; on, each pass ends with a timestamp and a flush (see `PassTimer`).
    public var measuresPasses: Bool {
        get { renderer.passTimer != nil }
        set {
            guard newValue != measuresPasses else { return }
            renderer.passTimer = newValue ? try? PassTimer(clock: passClock) : nil
        }
    }

    /// How passes are timed when measured: nil for the GPU's timer queries where the driver has
    /// them; `.finishBrackets` for `glFinish` after each pass, timed on the CPU.
    public var passClock: FrameStatistics.Clock? {
        didSet { if measuresPasses { renderer.passTimer = try? PassTimer(clock: passClock) } }
    }

    /// The last frame whose pass times are known (a few frames back: timer queries are read
    /// once the GPU has finished them), nil while `measuresPasses` is off or none is known yet.
    public var frameStatistics: FrameStatistics? { renderer.passTimer?.latest }

    /// Waits for the frames in flight and reads their times: `frameStatistics` is then the
    /// last frame drawn (a test's or a benchmark's end; a window need not).
    public func finishFrameStatistics() { renderer.passTimer?.finish() }

    /// Draws `view` into `target` (its size in pixels; the view's scale maps points to them).
    /// A function missing from its library is reported with the closest name it defines.
    public func draw(_ view: ResolvedView, into target: Framebuffer) throws(RenderError) {
        do {
            try drawResolved(view, into: target)
        } catch {
            throw ShaderLookup.explained(error, drawing: view)
        }
    }

    private func drawResolved(_ view: ResolvedView, into target: Framebuffer) throws(RenderError) {
        let scale = Double(view.scale)
        noteToolEffects(view)
        prepare(view, scale: scale, target: target)
        let timer = renderer.passTimer
        if timer != nil { renderer.timedTarget = target.id }
        timer?.beginFrame()
        defer {
            timer?.endFrame()
            if timer != nil { renderer.timedTarget = nil }
        }

        target.bind()
        epoxy_glViewport(0, 0, GLsizei(target.pixelWidth), GLsizei(target.pixelHeight))
        var first = 0
        if case .graph(let g)? = view.draws.first, coversTarget(view.graphs[g], view) {
            // A first graph over everything draws the backdrop itself: a clear only where its
            // passes leave it showing (none below opaque content, or a last pass drawing it).
            try renderer.render(view.graphs[g], into: target)
            first = 1
        } else {
            let (r, g, b, a) = view.backdrop.resolved.premultiplied
            epoxy_glClearColor(r, g, b, a)
            epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            timer?.mark(.backdrop, "backdrop", width: target.pixelWidth, height: target.pixelHeight, target: .frame)
        }

        var stack = 0  // open layers
        var current = target
        layerTextures.removeAll(keepingCapacity: true)
        origins.removeAll(keepingCapacity: true)
        origins.append((0, 0))
        var i = first
        while i < view.draws.count {
            switch view.draws[i] {
            case .graph(let g):
                var graph = view.graphs[g]
                let o = origins[origins.count - 1]
                graph.viewRect.origin = Point(x: graph.viewRect.minX - o.x, y: graph.viewRect.minY - o.y)
                try renderer.compose(graph, into: current, layers: layerTextures)
            case .shape:
                // Shapes drawn one after another (a control's parts) go in one draw call.
                var range = ranges[i]
                while i + 1 < view.draws.count, case .shape = view.draws[i + 1], ranges[i + 1].lowerBound == range.upperBound {
                    i += 1
                    range = range.lowerBound..<ranges[i].upperBound
                }
                if !range.isEmpty {
                    shapes.draw(range, into: current)
                    timer?.mark(.shapes, "shapes", width: current.pixelWidth, height: current.pixelHeight, target: stack == 0 ? .frame : .layer)
                }
            case .text:
                if !ranges[i].isEmpty {
                    glyphs.draw(ranges[i], into: current)
                    timer?.mark(.text, "text", width: current.pixelWidth, height: current.pixelHeight, target: stack == 0 ? .frame : .layer)
                }
            case .beginLayer(let l):
                let rect = layerRects[l]
                if targets.count == stack { targets.append(try RenderTarget(pixelWidth: max(1, rect.width), pixelHeight: max(1, rect.height))) }
                try targets[stack].resize(pixelWidth: max(1, rect.width), pixelHeight: max(1, rect.height))
                current = targets[stack].framebuffer
                current.bind()
                epoxy_glViewport(0, 0, GLsizei(current.pixelWidth), GLsizei(current.pixelHeight))
                epoxy_glClearColor(0, 0, 0, 0)
                epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
                timer?.mark(.layer, "open", width: current.pixelWidth, height: current.pixelHeight, target: .layer)
                stack += 1
                let layerOrigin = view.layers[l].rect.origin
                origins.append(((layerOrigin.x * scale).rounded() / scale, (layerOrigin.y * scale).rounded() / scale))
            case .endLayer(let l):
                let layer = targets[stack - 1]
                if layerClips[l] >= 0 {
                    shapes.multiply(layerClips[l], into: layer.framebuffer)
                    timer?.mark(.layer, "clip", width: layer.framebuffer.pixelWidth, height: layer.framebuffer.pixelHeight, target: .layer)
                }
                stack -= 1
                origins.removeLast()
                current = stack == 0 ? target : targets[stack - 1].framebuffer
                current.bind()
                epoxy_glViewport(0, 0, GLsizei(current.pixelWidth), GLsizei(current.pixelHeight))
                let spec = view.layers[l]
                layerTextures[view.layerImages[l].identity] = layer.texture
                // A kept layer (a mask) is read by the next layer's pass, not composited.
                if spec.isKept { break }
                let o = origins[origins.count - 1]
                if spec.readsBackdrop { try copyBackdrop(of: l, from: current, origin: o, scale: scale, view: view) }
                if spec.copiesBackdrop { try copyBelow(l, from: current, origin: o, scale: scale, view: view) }
                if spec.readsBackdrop || spec.copiesBackdrop {
                    timer?.mark(.copy, "below", width: layerRects[l].width, height: layerRects[l].height, target: .layer)
                }
                if spec.under >= 0 {
                    var under = view.graphs[spec.under]
                    under.viewRect.origin = Point(x: under.viewRect.minX - o.x, y: under.viewRect.minY - o.y)
                    try renderer.compose(under, into: current, layers: layerTextures)
                }
                var graph = view.graphs[spec.graph]
                graph.viewRect.origin = Point(x: graph.viewRect.minX - o.x, y: graph.viewRect.minY - o.y)
                try renderer.compose(graph, into: current, layers: layerTextures)
            }
            i += 1
        }
    }

    /// Copies what `current` holds under layer `l` into the backdrop target, at the same pixel
    /// coordinates (a blend pass reads it at `gl_FragCoord`), and shows it as the layer's
    /// backdrop image. Only the layer's part is copied; the rest of the target is never read.
    private func copyBackdrop(of l: Int, from current: Framebuffer, origin o: (x: Double, y: Double), scale: Double,
                              view: ResolvedView) throws(RenderError) {
        let r = layerRects[l]
        let px = r.x - Int((o.x * scale).rounded()), py = r.y - Int((o.y * scale).rounded())
        let x0 = max(px, 0), y0 = max(py, 0)
        let x1 = min(px + r.width, current.pixelWidth), y1 = min(py + r.height, current.pixelHeight)
        let width = current.originX + current.pixelWidth, height = current.originY + current.pixelHeight
        if backdrop == nil { backdrop = try RenderTarget(pixelWidth: width, pixelHeight: height) }
        guard let backdrop else { return }
        try backdrop.resize(pixelWidth: width, pixelHeight: height)
        layerTextures[view.backdropImages[l].identity] = backdrop.texture
        if x1 > x0 && y1 > y0 {
            // Framebuffer rows count from the bottom.
            let gx0 = GLint(current.originX + x0), gx1 = GLint(current.originX + x1)
            let gy0 = GLint(current.originY + current.pixelHeight - y1), gy1 = GLint(current.originY + current.pixelHeight - y0)
            epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), current.id)
            epoxy_glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), backdrop.framebuffer.id)
            epoxy_glBlitFramebuffer(gx0, gy0, gx1, gy1, gx0, gy0, gx1, gy1, GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        }
        current.bind()
    }
    /// What is below a blending layer, copied (`copyBackdrop`).
    private var backdrop: RenderTarget?

    /// Copies what `current` holds under layer `l` into a target of the layer's size, which
    /// then stands for the layer's own picture (a material's content). What lies outside
    /// `current` is transparent.
    private func copyBelow(_ l: Int, from current: Framebuffer, origin o: (x: Double, y: Double), scale: Double,
                           view: ResolvedView) throws(RenderError) {
        let r = layerRects[l]
        let px = r.x - Int((o.x * scale).rounded()), py = r.y - Int((o.y * scale).rounded())
        let x0 = max(px, 0), y0 = max(py, 0)
        let x1 = min(px + r.width, current.pixelWidth), y1 = min(py + r.height, current.pixelHeight)
        if below == nil { below = try RenderTarget(pixelWidth: r.width, pixelHeight: r.height) }
        guard let below else { return }
        try below.resize(pixelWidth: r.width, pixelHeight: r.height)
        below.framebuffer.bind()
        epoxy_glClearColor(0, 0, 0, 0)
        epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        layerTextures[view.layerImages[l].identity] = below.texture
        if x1 > x0 && y1 > y0 {
            // Rows count from the bottom in both; the layer's bottom row is the region's py + height − 1.
            let sx0 = GLint(current.originX + x0), sx1 = GLint(current.originX + x1)
            let sy0 = GLint(current.originY + current.pixelHeight - y1), sy1 = GLint(current.originY + current.pixelHeight - y0)
            let dx0 = GLint(x0 - px), dx1 = GLint(x1 - px)
            let dy0 = GLint(py + r.height - y1), dy1 = GLint(py + r.height - y0)
            epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), current.id)
            epoxy_glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), below.framebuffer.id)
            epoxy_glBlitFramebuffer(sx0, sy0, sx1, sy1, dx0, dy0, dx1, dy1, GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        }
        current.bind()
    }
    /// What is below a material, copied (`copyBelow`).
    private var below: RenderTarget?
    /// The pictures of this frame's layers drawn so far (their targets' textures, the backdrop
    /// and `below` copies), by the identity of the image standing for each in the graphs
    /// (`ResolvedView.layerImages`, `backdropImages`): handed to every graph composed.
    private var layerTextures: [GlintCore.Image.Identity: GLuint] = [:]

    /// Whether graph `g` covers the whole container and may draw the backdrop below it itself:
    /// any such graph where the renderer skips needless clears (`Renderer.fuses`), else opaque
    /// content with no effects. (Its backdrop is the view's.)
    private func coversTarget(_ graph: FrameGraph, _ view: ResolvedView) -> Bool {
        (renderer.fuses || graph.content.isOpaque && graph.effects.isEmpty) && graph.viewRect.width > 0 && graph.viewRect.height > 0
            && graph.viewRect.minX <= 0 && graph.viewRect.minY <= 0
            && graph.viewRect.maxX >= Double(view.size.width) && graph.viewRect.maxY >= Double(view.size.height)
    }

    /// Rasterises the frame's shapes and lays out its text, in each item's layer's
    /// pixels, then uploads both batches once.
    private func prepare(_ view: ResolvedView, scale: Double, target: Framebuffer) {
        shapes.begin()
        placed.removeAll(keepingCapacity: true)
        maskCount = 0
        ranges.removeAll(keepingCapacity: true)
        layerRects.removeAll(keepingCapacity: true)
        layerClips.removeAll(keepingCapacity: true)
        origins.removeAll(keepingCapacity: true)
        origins.append((0, 0))
        // Taken out while in use, so the array is uniquely referenced and never copied.
        var sizes = layerSizeStack
        layerSizeStack = []
        sizes.removeAll(keepingCapacity: true)
        sizes.append((target.pixelWidth, target.pixelHeight))
        defer { layerSizeStack = sizes }

        var i = 0
        while i < view.draws.count {
            let o = origins[origins.count - 1]
            let clip = sizes[sizes.count - 1]
            switch view.draws[i] {
            case .graph:
                ranges.append(0..<0)
            case .shape(let draw):
                let first = shapes.count
                addShape(draw, origin: o, scale: scale, clip: clip)
                ranges.append(first..<shapes.count)
            case .text(let draw):
                let first = placed.count
                let rect = Rect(x: draw.rect.minX - o.x, y: draw.rect.minY - o.y, width: draw.rect.width, height: draw.rect.height)
                text.layout(draw.leaf.string, font: draw.leaf.font, in: rect,
                            options: draw.leaf.layoutOptions,
                            color: draw.color.resolved, runs: draw.leaf.colorRuns, opacity: Float(draw.opacity),
                            scale: scale, into: &placed)
                ranges.append(first..<placed.count)
            case .beginLayer(let l):
                ranges.append(0..<0)
                let r = view.layers[l].rect
                let x0 = Int((r.minX * scale).rounded()), y0 = Int((r.minY * scale).rounded())
                let w = max(1, Int((r.maxX * scale).rounded()) - x0), h = max(1, Int((r.maxY * scale).rounded()) - y0)
                while layerRects.count <= l { layerRects.append((0, 0, 1, 1)); layerClips.append(-1) }
                layerRects[l] = (x0, y0, w, h)
                origins.append((Double(x0) / scale, Double(y0) / scale))
                sizes.append((w, h))
                if let clipShape = view.layers[l].clip {
                    // The clip's mask covers the whole layer: what lies outside the shape goes.
                    let m = rasterize(clipShape, origin: origins[origins.count - 1], scale: scale, clip: (w, h))
                    let whole = nextMask()
                    masks[whole].x = 0
                    masks[whole].y = 0
                    masks[whole].width = w
                    masks[whole].height = h
                    let count = w * h
                    // Zeroed, then the shape's rows copied in where they fall (fast in every build).
                    masks[whole].alpha.resetZeroed(count: count)
                    let src = masks[m]
                    masks[whole].alpha.withUnsafeMutableBufferPointer { dst in
                        src.alpha.withUnsafeBufferPointer { from in
                            for row in 0..<src.height where src.y + row >= 0 && src.y + row < h {
                                let x0 = max(src.x, 0), x1 = min(src.x + src.width, w)
                                guard x1 > x0 else { continue }
                                (dst.baseAddress! + (src.y + row) * w + x0)
                                    .update(from: from.baseAddress! + row * src.width + (x0 - src.x), count: x1 - x0)
                            }
                        }
                    }
                    layerClips[l] = shapes.add(masks[whole], color: .white)
                }
            case .endLayer:
                ranges.append(0..<0)
                origins.removeLast()
                sizes.removeLast()
            }
            i += 1
        }
        shapes.upload()
        glyphs.upload(placed)
    }
    private var layerSizeStack: [(Int, Int)] = []

    /// The next mask of the pool.
    private func nextMask() -> Int {
        if maskCount == masks.count { masks.append(CoverageMask()) }
        maskCount += 1
        return maskCount - 1
    }

    /// Rasterises a shape (filled, stroked or its border stroked) and adds it to the batch.
    private func addShape(_ draw: ShapeDraw, origin: (x: Double, y: Double), scale: Double, clip: (Int, Int)) {
        let m = rasterize(draw, origin: origin, scale: scale, clip: clip)
        if masks[m].width > 0 && masks[m].height > 0 {
            shapes.add(masks[m], color: draw.color.resolved)
        }
    }

    /// Rasterises a shape into the next mask of the pool; returns its index.
    private func rasterize(_ draw: ShapeDraw, origin: (x: Double, y: Double), scale: Double, clip: (Int, Int)) -> Int {
        if draw.leaf.stroke == nil, case .custom(let shape) = draw.leaf.shape.kind, let combined = shape as? any CombinedShapeParts {
            // Each shape on its own, then their coverage combined.
            var part = draw
            part.leaf.fillStyle = FillStyle(eoFill: combined.eoFill)
            part.leaf.shape = combined.parts.0
            let a = rasterize(part, origin: origin, scale: scale, clip: clip)
            part.leaf.shape = combined.parts.1
            let b = rasterize(part, origin: origin, scale: scale, clip: clip)
            let m = nextMask()
            masks[m].combine(masks[a], masks[b], combined.combination)
            return m
        }
        var rect = CGRect(x: 0, y: 0, width: draw.rect.width, height: draw.rect.height)
        if draw.leaf.isBorder, let stroke = draw.leaf.stroke {
            let inset = stroke.lineWidth / 2
            rect = rect.insetBy(dx: inset, dy: inset)
        }
        draw.leaf.shape.write(in: rect, into: &scratchPath, scratch: &scratchTrim)
        let pixelOrigin = CGPoint(x: (draw.rect.minX - origin.x) * scale, y: (draw.rect.minY - origin.y) * scale)
        let m = nextMask()
        // Room for the shape's whole frame (and its stroke) at once: a mask that grows frame by
        // frame (an animated trim) then never reallocates.
        let reach = (draw.leaf.stroke.map { Double($0.lineWidth) * max(Double($0.miterLimit), 1.5) } ?? 0) + 2
        let area = (draw.rect.width + 2 * reach) * scale * (draw.rect.height + 2 * reach) * scale
        if area.isFinite, area > 0, area < Double(clip.0 * clip.1) * 4 {
            masks[m].alpha.reserveCapacity(Int(area.rounded(.up)))
        }
        if let stroke = draw.leaf.stroke {
            rasterizer.stroke(scratchPath, style: stroke, scale: scale, origin: pixelOrigin, clipWidth: clip.0, clipHeight: clip.1, into: &masks[m])
        } else {
            rasterizer.fill(scratchPath, style: draw.leaf.fillStyle, scale: scale, origin: pixelOrigin, clipWidth: clip.0, clipHeight: clip.1, into: &masks[m])
        }
        return m
    }
    /// Paths rebuilt for every shape drawn, their storage kept.
    private var scratchPath = Path()
    private var scratchTrim = Path()
}
