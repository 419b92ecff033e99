@preconcurrency import CEpoxy
import Foundation
import GlintCore

/// Draws a `FrameGraph` (a view's content and its chain of effect passes) with fullscreen triangles.
///
/// The content is drawn first; every enabled effect pass reads what was drawn before it. With no
/// pass enabled, the content goes straight to the target; otherwise it is drawn into an offscreen
/// target and each pass reads the previous one, the last drawing into the target over the backdrop.
/// Programs compile on first use and their uniform locations are looked up once.
public final class Renderer {
    public let sources: ShaderSources
    /// The view's own fill, which the first color effect receives as `color`.
    public var baseColor = Color.black
    /// The sound the effects hear (`glint --audio`), for effect files that declare
    /// `uniform float glint_audioLevel;` (0…1) or `uniform vec3 glint_audioBands;` (bass, mid,
    /// treble); all 0 without a source.
    public var audio: (level: Float, bass: Float, mid: Float, treble: Float) = (0, 0, 0, 0)
    /// What shows through where the view is transparent (a torn gap, a fallen view).
    public var backdrop = Color(red: 0.07, green: 0.07, blue: 0.09)

    /// The watchdog: seconds a frame of up to `Watchdog.referencePixels` may take to draw before
    /// it is stopped with `RenderError.tooSlow` (larger frames get proportionally longer); nil
    /// turns it off. Only passes drawn in chunks are watched (see `Watchdog`).
    public var frameTimeout: Double?
    /// What the watchdog's message tells the user to set for more time.
    public var frameTimeoutSetting = "--frame-timeout"
    /// Called between the chunks of a frame drawn in chunks, with the share of the frame done
    /// (0…1): a progress line for very large renders.
    public var onProgress: ((Double) -> Void)?
    /// The widest and tallest image this renderer uploads, in pixels: the context's
    /// GL_MAX_TEXTURE_SIZE (at least `PNG.maxSide` on OpenGL 4.5 and llvmpipe, as little as 1024
    /// on OpenGL 3.3). Lower it to see how a driver with a smaller limit behaves.
    public var maxImageSide: Int
    /// What happens to an image wider or taller than `maxImageSide`: with nil the frame fails
    /// with `RenderError.image`, naming who the image is for (`dissolve.noise`, `--image`); set,
    /// the image is drawn as `Image.placeholder` and this is called with that error, once per
    /// image (a window warns and goes on).
    public var onOversizedImage: ((RenderError) -> Void)?

    /// A program too slow to draw (the watchdog stopped it) and with no good version to go back
    /// to: its pass draws nothing until its file changes.
    var retired: Set<ProgramKey> = []
    /// The version of each program before its last live reload, to go back to if the new one is
    /// too slow.
    var lastGood: [ProgramKey: Program] = [:]
    /// When the frame being drawn started (monotonic seconds), and its limit for this target.
    var frameStart = 0.0
    var frameLimit: Double?
    /// What was issued since the last finish (`PassExecutor.drawInChunks`): fast passes run
    /// without a finish between them, and the frame ends with one.
    var drawBatch = DrawBatch()
    /// Which enabled pass of how many is being drawn, for progress.
    var progressPass = (index: 0, count: 1)

    /// Programs by function and kind (`Renderer.key(_:_:)`): the same file used as two kinds of
    /// effect is two programs.
    var programs: [ProgramKey: Program] = [:]
    var live: [ProgramKey: LiveFile] = [:]
    let vertexArray: GLuint
    /// The GL side of the tool passes drawn lately (`Renderer+Tools`), by their owners.
    var tools: [UInt64: ToolTargets] = [:]
    /// The watchdog's clock: monotonic seconds (a test may pass its own).
    public var clock: () -> Double = Watchdog.now
    /// The texture unit of `glint_layerBordered`: the layer below, read transparent past its
    /// texture's edges (see `draw`: a ring of transparent pixels round the layer).
    let borderedUnit: GLint
    var offscreen: [RenderTarget] = []
    /// Image textures by the image's identity (which no other image shares), with the frame
    /// they were last used in; unused ones are deleted after `textureLifetime` frames.
    var imageTextures: [Image.Identity: (texture: GLuint, lastUsed: Int)] = [:]
    var frameNumber = 0
    /// Frames an unused image texture is kept.
    public static let textureLifetime = 120
    var scratch: [Float] = []
    var words: [UInt32] = []
    /// The prelude and the vertex shader every effect program is made from; the user's when a
    /// `--shaders` folder has them, reloaded when they change.
    var prelude: (text: String, path: String)
    var vertex: (text: String, path: String)
    /// The vertex shader every pass is drawn with.
    var vertexText: String { vertex.text }
    /// When the user's prelude and vertex shader were read, by file name (nil: built in).
    var sharedModified: [String: Date?] = [:]
    /// The user's shared files (prelude, vertex shader) the watchdog stopped: every program made
    /// from one draws nothing until it changes.
    var retiredFiles: Set<String> = []
    let context: GLContext

    /// The files every effect program is made from besides its own.
    static let preludeName = "glint.glsl"
    static let vertexName = "fullscreen.vert"
    static let resampleName = "resample.frag"

    /// Whether runs of colour effects (and colour effects on a shader-filled view) are drawn as
    /// one pass each (`Renderer+Fusion`): the default; `GLINT_NO_FUSE` set in the environment
    /// turns it off, as `glint bench --no-fuse` does. Both draw the same pixels. It also turns on and
    /// off the program versions of `Renderer+Variants` (the last pass drawing the backdrop, no bounds
    /// check where none is needed).
    public var fuses = ProcessInfo.processInfo.environment["GLINT_NO_FUSE"] == nil
    /// The fused programs by their stages' keys; nil for a run that did not compile.
    var fusedPrograms: [[ProgramKey]: FusedProgram?] = [:]
    /// The keys of the run being looked up, kept to allocate nothing per frame.
    var fusionKeys: [ProgramKey] = []
    /// Passes drawn so far by a version that draws the backdrop itself, and by one whose
    /// `layerSample` has no bounds check (`Renderer+Variants`; for tests).
    var drawnOverBackdrop = 0
    var drawnInside = 0
    /// The last backdrop a pass drew itself, as a clear stores it, and the one-pixel target
    /// that found it out (`feedBackdrop`).
    var storedBackdrop: (color: Color, stored: (Float, Float, Float, Float))?
    var backdropProbe: RenderTarget?

    /// What each program was compiled from, to compile it again (`Renderer+Programs`).
    var recipes: [ProgramKey: Recipe] = [:]
    /// The reduced layers of `drawReduced`, made on first use and shrunk with the others.
    var reduced: [RenderTarget] = []
    var resample: (program: Program, factor: GLint, source: GLint, offset: GLint, targetSize: GLint)?
    /// When the user's `resample.frag` was read, and whether the watchdog stopped it.
    var resampleModified: Date?
    var resampleRetired = false
    /// The frame the offscreen layers were last used in (`Renderer+Targets`).
    var offscreenLastUsed = 0

    /// Needs a current OpenGL 3.3 core context.
    public init(sources: ShaderSources = ShaderSources()) throws(RenderError) {
        if let bad = sources.defines.first(where: { $0.problem != nil }), let problem = bad.problem {
            throw .arguments("bad define '\(bad.name)': \(problem)")
        }
        context = try GLContext.requireCurrent(for: "the renderer")
        try GL.requireVersion33()
        self.sources = sources
        prelude = try sources.source(named: Self.preludeName)
        vertex = try sources.source(named: Self.vertexName)
        for name in [Self.preludeName, Self.vertexName] {
            if let path = sources.liveFile(named: name) { sharedModified[name] = ShaderFile.modificationDate(path) }
        }
        var vao: GLuint = 0
        epoxy_glGenVertexArrays(1, &vao)
        vertexArray = vao
        borderedUnit = GLint(GL.maxTextureUnits - 1)
        scratch.reserveCapacity(4096)
        maxImageSide = GL.maxTextureSize
    }

    deinit {
        context.perform {
            var vao = vertexArray
            epoxy_glDeleteVertexArrays(1, &vao)
            for var t in imageTextures.values.map(\.texture) { epoxy_glDeleteTextures(1, &t) }
        }
    }




    /// Renders one frame of `graph` into `target`: the content in the view's rect (rounded to
    /// whole pixels), then each enabled effect in order, over the backdrop.
    public func render(_ graph: FrameGraph, into target: Framebuffer) throws(RenderError) {
        try Self.requireFinite(graph.viewRect, graph.scale)
        let s = graph.scale
        let view = PixelRect(
            x: Int((graph.viewRect.minX * s).rounded()), y: Int((graph.viewRect.minY * s).rounded()),
            width: max(1, Int((graph.viewRect.width * s).rounded())), height: max(1, Int((graph.viewRect.height * s).rounded())))
        try draw(graph, view: view, into: target)
    }

    /// Renders `graph` over what `target` holds already, as one view among others in a view
    /// tree: as `render(_:into:)`, but nothing clears the target (the backdrop is the tree's
    /// to draw), and the last pass blends over it. `layers` are the pictures of the tree's
    /// offscreen layers drawn so far, by the identity of the image that stands for each in the
    /// graph's arguments (`Image(externalWidth:height:)`): such an argument reads that texture,
    /// which the caller owns and keeps alive while this draws.
    public func compose(_ graph: FrameGraph, into target: Framebuffer, layers: [Image.Identity: GLuint] = [:]) throws(RenderError) {
        composeTarget = target.id
        layerTextures = layers
        defer {
            composeTarget = nil
            layerTextures = [:]  // the caller's table is its own again: its next change copies nothing
        }
        try render(graph, into: target)
    }
    var composeTarget: GLuint?

    /// Readies what is below a pass at `place` (its target bound): a frame's last pass covering
    /// the target draws the backdrop itself (or hides it, `isOpaque`), with no clear below it;
    /// another last pass gets the backdrop cleared; a pass into a layer, the layer cleared
    /// outside what it draws.
    func clearBelow(_ place: inout PassPlace, isLast: Bool, isOpaque: Bool, backdrop: Color, layer: RenderTarget?) {
        if isLast && drawsBackdrop(place.region, of: place.target) {
            place.backdrop = backdrop
            place.replacesAll = isOpaque
        } else if isLast {
            clear(to: backdrop)
        } else if let layer {
            clearOutside(place.region, of: layer)
        }
    }

    /// A `maxSampleOffset` side in whole pixels: 0 for a negative or NaN one, at most 2²⁴ (an
    /// infinite one too); the caller clamps it further to what a layer may hold.
    static func offsetPixels(_ points: Double, _ scale: Double) -> Int {
        guard points > 0 else { return 0 }  // false for NaN too
        return Int(min((points * scale).rounded(.up), 16_777_216))
    }

    /// Refuses a view rect or scale that is not finite (a NaN size would trap converting to pixels).
    static func requireFinite(_ rect: Rect, _ scale: Double) throws(RenderError) {
        guard rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite, scale.isFinite, scale > 0,
              (rect.maxX * scale).magnitude < 1e9, (rect.maxY * scale).magnitude < 1e9 else {
            throw .gl("cannot draw a view at (\(rect.minX), \(rect.minY)) of \(rect.width)x\(rect.height) points at scale \(scale): the rect and the scale must be finite, the scale above 0")
        }
    }

    /// The layers' textures while `compose` draws (`texture(for:argument:of:)` reads them).
    var layerTextures: [Image.Identity: GLuint] = [:]


    func draw(_ graph: FrameGraph, view: PixelRect, into target: Framebuffer) throws(RenderError) {
        guard target.pixelWidth > 0, target.pixelHeight > 0, graph.viewRect.width > 0, graph.viewRect.height > 0 else { return }
        recorder?.recordGraph(graph)
        frameNumber += 1
        let timesFrame = passTimer != nil && timedTarget == nil
        if timesFrame { timedTarget = target.id }
        passTimer?.beginFrame()
        defer {
            drawBatch.endFrame(clock: clock)
            evictTextures()
            passTimer?.endFrame()
            if timesFrame { timedTarget = nil }
        }
        try drawTools(of: graph)
        frameStart = clock()
        frameLimit = frameTimeout.map { Watchdog.limit($0, pixels: target.pixelWidth * target.pixelHeight) }
        viewSize = graph.viewRect.size
        baseColorNow = graph.baseColor
        let effects = graph.effects
        // Pixels per point on each axis, and the margin each enabled effect may sample beyond
        // the view (the largest of it and every earlier one's), in whole pixels.
        let sx = Double(view.width) / graph.viewRect.width
        let sy = Double(view.height) / graph.viewRect.height
        var last = -1
        var enabled = 1
        var margin = (x: 0, y: 0)
        var readsPastEdges = false
        var i = 0
        while i < effects.count {  // index loops: no iterator allocations in unoptimised builds
            if effects[i].isEnabled {
                last = i
                enabled += 1
                let m = effects[i].kind.maxSampleOffset
                margin.x = max(margin.x, Self.offsetPixels(m.width, sx))
                margin.y = max(margin.y, Self.offsetPixels(m.height, sy))
                if !readsPastEdges, try program(for: effects[i]).layerBordered >= 0 { readsPastEdges = true }
            }
            i += 1
        }
        // A margin is bounded by what a texture can hold, and by the larger of the view and the
        // target: content moved farther than that beyond the view cannot be seen (a
        // maxSampleOffset of 100000 points would otherwise ask for a 16384-pixel layer).
        margin.x = min(margin.x, max(0, (GL.maxTextureSize - view.width) / 2), max(view.width, target.pixelWidth))
        margin.y = min(margin.y, max(0, (GL.maxTextureSize - view.height) / 2), max(view.height, target.pixelHeight))
        // A pass that reads the layer's texture past its edges (`glint_layerBordered`) gets one more
        // pixel of layer all round that nothing draws into: clamped to its edge, the texture then
        // reads transparent beyond it, which a transparent-bordered sampler gives only at about 15 %
        // more per fetch on llvmpipe.
        let ring = readsPastEdges ? 1 : 0
        let layerMargin = (x: margin.x + ring, y: margin.y + ring)
        progressPass = (0, enabled)

        epoxy_glDisable(GLenum(GL_DEPTH_TEST))
        epoxy_glEnable(GLenum(GL_BLEND))
        epoxy_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))  // premultiplied alpha
        epoxy_glBindVertexArray(vertexArray)

        // A chain that can ever read a layer gets its offscreen targets now, while they are
        // not needed yet, at 1x1 pixel: the frame a layer pass first turns on then allocates
        // nothing but their storage, which only enabled passes hold.
        if !effects.isEmpty && offscreen.isEmpty {
            offscreen = [try RenderTarget(pixelWidth: 1, pixelHeight: 1), try RenderTarget(pixelWidth: 1, pixelHeight: 1)]
        }
        let whole = PixelRect(x: 0, y: 0, width: target.pixelWidth, height: target.pixelHeight)
        // The content with the colour effects right after it, as one pass.
        let contentRun = try fusedRun(content: graph.content, effects, from: 0)
        if last < 0 || contentRun.map({ $0.next > last }) == true {
            target.bind()
            let place = PassPlace(target: target, view: view, region: view, layerView: view, sampleOrigin: (0, 0),
                                  sampleSize: (Float(graph.viewRect.width), Float(graph.viewRect.height)))
            if let contentRun {
                try drawFusedContent(contentRun, content: graph.content, effects, at: place, covers: view == whole,
                                     background: graph.backdrop)
            } else {
                try drawContent(graph.content, at: place, covers: view == whole, background: graph.backdrop)
            }
            return
        }

        // A distortion ending the chain over affine content: one pass, no layer (`displacedRun`).
        if let run = try displacedRun(content: graph.content, effects, last: last) {
            target.bind()
            var place = PassPlace(target: target, view: view, region: view.outset(margin), layerView: view,
                                  sampleOrigin: (x: Float(-Double(margin.x) / sx), y: Float(-Double(margin.y) / sy)),
                                  sampleSize: (width: Float(graph.viewRect.width + 2 * Double(margin.x) / sx),
                                               height: Float(graph.viewRect.height + 2 * Double(margin.y) / sy)))
            // Transparent within half a pixel of the view's edge and beyond: no check needed where a
            // pixel or more of margin may be sampled.
            place.samplesInside = margin.x > 0 && margin.y > 0
            clearBelow(&place, isLast: true, isOpaque: false, backdrop: graph.backdrop, layer: nil)
            try drawFused(run, content: graph.content, effects, start: 0, layer: nil, at: place)
            return
        }

        // The layers: the view's rect grown by the largest margin, the view at (margin) in them.
        let layerWidth = view.width + 2 * layerMargin.x
        let layerHeight = view.height + 2 * layerMargin.y
        try prepareOffscreen(width: layerWidth, height: layerHeight)
        let inLayer = PixelRect(x: layerMargin.x, y: layerMargin.y, width: view.width, height: view.height)
        var source = 0
        let first = offscreen[source].framebuffer
        first.bind()
        let contentPlace = PassPlace(target: first, view: inLayer, region: inLayer, layerView: inLayer, sampleOrigin: (0, 0),
                                     sampleSize: (Float(graph.viewRect.width), Float(graph.viewRect.height)))
        // Nothing is below the content in its layer: it is drawn without blending, and the layer
        // cleared only where it does not reach.
        let layerSize = (width: layerWidth, height: layerHeight)
        clearOutside(inLayer, of: offscreen[source], retiredKey: Self.key(graph.content))
        epoxy_glDisable(GLenum(GL_BLEND))
        if let contentRun {
            try drawFused(contentRun, content: graph.content, effects, start: 0, layer: nil, at: contentPlace)
        } else {
            try draw(graph.content, layer: nil, at: contentPlace)
        }
        epoxy_glEnable(GLenum(GL_BLEND))

        var grown = (x: 0, y: 0)
        // How far beyond the view what the layer being read holds may reach, in pixels: the
        // content only the view, each pass into a layer the view grown as far as it samples.
        var drawnOutset = (x: 0, y: 0)
        i = contentRun?.next ?? 0
        progressPass.index += contentRun?.effectCount ?? 0
        while i <= last {
            defer { i += 1 }
            let pass = effects[i]
            guard pass.isEnabled else { continue }
            progressPass.index += 1
            let m = pass.kind.maxSampleOffset
            grown.x = max(grown.x, min(margin.x, Self.offsetPixels(m.width, sx)))
            grown.y = max(grown.y, min(margin.y, Self.offsetPixels(m.height, sy)))
            // Nothing drawn within a pixel of the edge of what this pass may sample (nor beyond):
            // the layer reads transparent wherever layerSample's check would return it.
            let samplesInside = fuses && drawnOutset.x < grown.x && drawnOutset.y < grown.y
            drawnOutset = grown
            let sampleOrigin = (x: Float(-Double(grown.x) / sx), y: Float(-Double(grown.y) / sy))
            let sampleSize = (width: Float(graph.viewRect.width + 2 * Double(grown.x) / sx),
                              height: Float(graph.viewRect.height + 2 * Double(grown.y) / sy))
            let isLast = i == last
            var layer = offscreen[source].texture
            let passProgram = try program(for: pass)
            let destination = isLast ? target : offscreen[1 - source].framebuffer
            let destinationView = isLast ? view : inLayer
            let factor = passProgram.isSeparable ? Self.reduction(passProgram, pass, scale: min(sx, sy)) : 1
            // Nothing below what an intermediate layer's pass draws: no blending, and a clear only
            // where it does not reach (or where a pass the watchdog stopped would leave last frame's).
            if pass.kind == .color, let run = try fusedRun(content: nil, effects, from: i) {
                let runIsLast = run.next > last
                let destination = runIsLast ? target : offscreen[1 - source].framebuffer
                let destinationView = runIsLast ? view : inLayer
                var place = PassPlace(target: destination, view: destinationView, region: destinationView.outset(grown),
                                      layerView: inLayer, sampleOrigin: sampleOrigin, sampleSize: sampleSize, layerSize: layerSize)
                destination.bind()
                let blends = runIsLast && !run.isOpaque
                clearBelow(&place, isLast: runIsLast, isOpaque: run.isOpaque, backdrop: graph.backdrop, layer: runIsLast ? nil : offscreen[1 - source])
                if !blends { epoxy_glDisable(GLenum(GL_BLEND)) }
                try drawFused(run, content: nil, effects, start: i, layer: layer, at: place)
                if !blends { epoxy_glEnable(GLenum(GL_BLEND)) }
                source = 1 - source
                progressPass.index += run.effectCount - 1
                i = run.next - 1
                continue
            }
            if factor > 1 {
                try drawReduced(pass, factor: factor, layer: layer, layerSize: (layerWidth, layerHeight), inLayer: inLayer,
                                sampleOrigin: sampleOrigin, sampleSize: sampleSize, scale: (sx, sy), into: destination, view: destinationView, region: destinationView.outset(grown),
                                background: isLast ? graph.backdrop : .clear)
                // Into a layer: cleared whole, then its region drawn.
                if !isLast { offscreen[1 - source].transparentOutside = destinationView.outset(grown) }
                source = 1 - source
                continue
            }
            if passProgram.isSeparable {
                // Along x into a third layer, then along y from it to where the pass goes.
                if offscreen.count < 3 { offscreen.append(try RenderTarget(pixelWidth: layerWidth, pixelHeight: layerHeight)) }
                try offscreen[2].resize(pixelWidth: layerWidth, pixelHeight: layerHeight)
                let middle = offscreen[2].framebuffer
                middle.bind()
                // Only what the pass along y reads: the columns it draws (it reads along its own
                // column), over its rows grown by how far it samples. Glint's own separable passes
                // (the blur) turn transparency into transparency, so where the layer they read is
                // known transparent (what the pass before drew, grown by this pass's reach along x)
                // they need not draw either: the cleared layer holds the same.
                let down = destinationView.outset(grown).clipped(toWidth: destination.pixelWidth, height: destination.pixelHeight)
                var across = PixelRect(x: down.x - destinationView.x + inLayer.x, y: down.y - destinationView.y + inLayer.y - grown.y,
                                       width: down.width, height: down.height + 2 * grown.y)
                if !passProgram.isUserFile, let drawn = offscreen[source].transparentOutside {
                    across = across.intersection(drawn.outset((grown.x, 0)))
                }
                let place = PassPlace(target: middle, view: inLayer, region: across, layerView: inLayer,
                                      sampleOrigin: sampleOrigin, sampleSize: sampleSize, layerSize: layerSize)
                clearOutside(place.region, of: offscreen[2])
                epoxy_glDisable(GLenum(GL_BLEND))
                try draw(pass, layer: layer, at: place, direction: (1, 0))
                epoxy_glEnable(GLenum(GL_BLEND))
                layer = offscreen[2].texture
            }
            destination.bind()
            var place = PassPlace(target: destination, view: destinationView, region: destinationView.outset(grown), layerView: inLayer,
                                  sampleOrigin: sampleOrigin, sampleSize: sampleSize, layerSize: layerSize)
            place.samplesInside = samplesInside && !passProgram.isSeparable && pass.kind != .color
            clearBelow(&place, isLast: isLast, isOpaque: pass.isOpaque, backdrop: graph.backdrop, layer: isLast ? nil : offscreen[1 - source])
            // A last pass marked opaque is drawn with no blending, as opaque content is: here that also
            // serves a pass that returns its own composite over what is below (`blendMode`, from a copy of it).
            // A pass into an intermediate layer has nothing below it.
            let replaces = !isLast || pass.isOpaque
            if replaces { epoxy_glDisable(GLenum(GL_BLEND)) }
            defer { if replaces { epoxy_glEnable(GLenum(GL_BLEND)) } }
            try draw(pass, layer: layer, at: place, direction: (0, 1))
            source = 1 - source
        }
    }



    /// The view being drawn: its size in points, and the colour a first colour effect gets.
    var viewSize = Size.zero
    var baseColorNow = Color.black


    /// Whether programs that declare compile-time constants (`// glint: constant`) are drawn in
    /// versions compiled for their values (the default), or with those values as uniforms like
    /// any other: both draw the same pixels; the constant version is faster where a constant
    /// bounds a loop or decides a branch.
    public var specializes = true

    /// Whether the arguments at rest of a fused run and of Glint's own effects are compiled into
    /// their programs as constants (`Renderer+ArgumentsAtRest`; on by default, and only while
    /// `specializes`): within 1/255 of the pass drawn with them as uniforms, where constant folding
    /// rounds differently. `GLINT_NO_REST` set in the environment turns it off, for measuring.
    public var compilesArgumentsAtRest = ProcessInfo.processInfo.environment["GLINT_NO_REST"] == nil
    /// How many versions with arguments at rest compiled in have been made (each a compile in the
    /// frame that first draws it: the bench and the window leave such frames out of their
    /// steady-state allocation counts, and say how many).
    public internal(set) var restCompiles = 0

    /// While set, every clear and draw is recorded into it (slowly: GL state is read back).
    public var recorder: PassRecorder?

    /// While set, every pass's GPU time is measured (`FrameStatistics`); nil costs nothing.
    public var passTimer: PassTimer?
    /// The target of the frame being timed: passes into it are `PassTarget.frame`, others `.layer`.
    public var timedTarget: GLuint?





}
