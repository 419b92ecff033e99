@preconcurrency import CEpoxy
import Foundation
import GlintCore

/// The pass executor for effect passes: where a pass draws, its uniforms and images, its
/// reduced-resolution and separable forms, chunked drawing under the watchdog.
extension Renderer {
    /// A rectangle of pixels, from the top-left.
    struct PixelRect: Equatable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int

        func outset(_ m: (x: Int, y: Int)) -> PixelRect {
            PixelRect(x: x - m.x, y: y - m.y, width: width + 2 * m.x, height: height + 2 * m.y)
        }

        /// GL's scissor box for it in `target`: x, y from the framebuffer's bottom-left, width, height.
        func scissorBox(in target: Framebuffer) -> [GLint] {
            [GLint(target.originX + x), GLint(target.originY + target.pixelHeight - y - height), GLint(width), GLint(height)]
        }

        /// Turns the scissor test on, to this rect of `target`.
        func scissor(in target: Framebuffer) {
            epoxy_glEnable(GLenum(GL_SCISSOR_TEST))
            epoxy_glScissor(GLint(target.originX + x), GLint(target.originY + target.pixelHeight - y - height),
                            GLsizei(width), GLsizei(height))
        }

        /// Whether every pixel of `other` lies in it.
        func contains(_ other: PixelRect) -> Bool {
            other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
        }

        /// The pixels in both (empty, with no width or height, where they do not meet).
        func intersection(_ other: PixelRect) -> PixelRect {
            let x0 = max(x, other.x), y0 = max(y, other.y)
            let x1 = min(x + width, other.x + other.width), y1 = min(y + height, other.y + other.height)
            return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
        }

        /// The part inside a target of `w`x`h` pixels.
        func clipped(toWidth w: Int, height h: Int) -> PixelRect {
            let x0 = max(x, 0), y0 = max(y, 0)
            let x1 = min(x + width, w), y1 = min(y + height, h)
            return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
        }
    }

    /// What one pass draws into: the target, the view's rect in it, the part it may draw, and
    /// where the view lies in the layer it reads.
    struct PassPlace {
        var target: Framebuffer
        var view: PixelRect
        var region: PixelRect
        var layerView: PixelRect
        /// What may be sampled, in the view's points.
        var sampleOrigin: (x: Float, y: Float)
        var sampleSize: (width: Float, height: Float)
        /// For a pass drawn at reduced resolution (`drawReduced`): the factor, and which axes of
        /// the target and of the layer hold only every `factor`-th pixel (pixel i of such an axis
        /// is full-resolution pixel factor·i). `view` and `layerView` are at full resolution;
        /// `region` is in the target's own pixels.
        var factor = 1
        var targetReduced = (x: false, y: false)
        var layerReduced = (x: false, y: false)
        /// The size in pixels of the layer texture the pass reads (`glint_layerSize`); zero for none.
        var layerSize = (width: 0, height: 0)
        /// Set for the frame's last pass where it covers the whole target (`drawsBackdrop`): the
        /// backdrop, which it leaves below what it draws itself, with no clear before it
        /// (`Renderer+Variants`). With `replacesAll` (drawn without blending, every pixel written)
        /// nothing of the backdrop can show, and the pass is drawn as it is.
        var backdrop: Color?
        var replacesAll = false
        /// Whether everything drawn in the layer the pass reads lies a pixel or more inside what may
        /// be sampled: `layerSample` needs no bounds check (`VariantFlags.samplesInside`).
        var samplesInside = false

        /// A full-resolution rect along the axes given, as the reduced pixels of one `factor` apart.
        func reduce(_ r: PixelRect, _ axes: (x: Bool, y: Bool)) -> (x: Float, y: Float, width: Float, height: Float) {
            let k = Float(factor)
            // Reduced pixel centre i + ½ is full pixel centre k·i + ½: full = k·reduced − (k − 1)/2.
            func along(_ origin: Int, _ size: Int, _ reduced: Bool) -> (Float, Float) {
                reduced ? ((Float(origin) + (k - 1) / 2) / k, Float(size) / k) : (Float(origin), Float(size))
            }
            let (x, w) = along(r.x, r.width, axes.x)
            let (y, h) = along(r.y, r.height, axes.y)
            return (x, y, w, h)
        }
    }

    /// Below this σ, in pixels, a separable pass is drawn at full resolution; at or above it, at
    /// a resolution reduced by the whole factor that keeps σ at least this many reduced pixels.
    static let reducedSigma = 4.0

    /// The factor a separable pass with a `sigma` marker is drawn reduced by: 1 (full
    /// resolution) while its σ is under `reducedSigma` pixels.
    static func reduction(_ program: Program, _ pass: EffectPass, scale: Double) -> Int {
        guard let sigma = program.sigma, sigma.argument < pass.arguments.count,
              case let .float(value) = pass.arguments[sigma.argument], value.isFinite else { return 1 }
        let pixels = sigma.factor * min(max(Double(value), sigma.range.lowerBound), sigma.range.upperBound) * scale
        return max(1, Int(pixels / reducedSigma))
    }

    /// A separable pass whose kernel is wide (a blur of large radius), computed exactly at every
    /// `factor`-th pixel and interpolated between. The first pass (along x) runs only at every
    /// `factor`-th column of the layer, the second (along y) only at every `factor`-th row of
    /// those; each still takes every full-resolution tap, so each result is the pass's exact
    /// output at its pixel. The expansion then interpolates them (Catmull-Rom, whose error on a
    /// wide kernel's smooth result stays well under 1/255) into `region` of `destination`. The
    /// taps a pixel takes grow with the kernel, but the pixels computed shrink as 1/`factor` and
    /// 1/`factor`²: the cost stays about that of a narrow kernel.
    func drawReduced(
        _ pass: EffectPass, factor: Int, layer: GLuint, layerSize: (width: Int, height: Int), inLayer: PixelRect,
        sampleOrigin: (x: Float, y: Float), sampleSize: (width: Float, height: Float), scale: (x: Double, y: Double),
        into destination: Framebuffer, view: PixelRect, region: PixelRect, background: Color
    ) throws(RenderError) {
        // Two reduced pixels past the last full one on each axis, for the cubic's reach.
        let width = (layerSize.width - 1) / factor + 3
        let height = (layerSize.height - 1) / factor + 3
        // Half floats: the second pass and the expansion read what the one before wrote, and
        // 8 bits would round each time.
        while reduced.count < 2 { reduced.append(try RenderTarget(pixelWidth: 1, pixelHeight: 1, halfFloat: true)) }
        try reduced[0].resize(pixelWidth: width, pixelHeight: layerSize.height)
        try reduced[1].resize(pixelWidth: width, pixelHeight: height)

        // Along x, at every factor-th column, from the layer.
        reduced[0].framebuffer.bind()
        clear(to: .clear)
        var place = PassPlace(target: reduced[0].framebuffer, view: inLayer,
                              region: PixelRect(x: 0, y: 0, width: width, height: layerSize.height), layerView: inLayer,
                              sampleOrigin: sampleOrigin, sampleSize: sampleSize, factor: factor,
                              targetReduced: (true, false), layerReduced: (false, false), layerSize: layerSize)
        try draw(pass, layer: layer, at: place, direction: (1, 0))

        // Along y, at every factor-th row, from those columns. Along x it reads exactly at them, so
        // what may be sampled spans every column computed.
        reduced[1].framebuffer.bind()
        clear(to: .clear)
        place.target = reduced[1].framebuffer
        place.region = PixelRect(x: 0, y: 0, width: width, height: height)
        place.targetReduced = (true, true)
        place.layerReduced = (true, false)
        place.layerSize = (width, layerSize.height)
        place.sampleOrigin.x = Float(-Double(inLayer.x + factor) / scale.x)
        place.sampleSize.width = Float(Double(width * factor + factor) / scale.x)
        try draw(pass, layer: reduced[0].texture, at: place, direction: (0, 1))

        // Interpolated into the destination's region, over the background.
        destination.bind()
        clear(to: background)
        let clipped = region.clipped(toWidth: destination.pixelWidth, height: destination.pixelHeight)
        guard clipped.width > 0, clipped.height > 0 else { return }
        // The user's resampling pass the watchdog stopped: the background shows until it changes.
        guard !resampleRetired else { return }
        let resample = try resampleProgram()
        epoxy_glUseProgram(resample.program.id)
        epoxy_glUniform1i(resample.factor, GLint(factor))
        epoxy_glUniform2f(resample.targetSize, Float(destination.pixelWidth), Float(destination.pixelHeight))
        epoxy_glUniform2f(resample.offset, Float(inLayer.x - view.x), Float(inLayer.y - view.y))
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), reduced[1].texture)
        epoxy_glUniform1i(resample.source, 0)
        if resample.program.isUserFile {
            try drawInChunks(resample.program, region: clipped, target: destination)
            passTimer?.mark(.resample, resample.program.name, width: clipped.width, height: clipped.height,
                            target: passTarget(destination), program: resample.program.fileName)
            return
        }
        clipped.scissor(in: destination)
        recorder?.recordDraw(resample.program, scissor: clipped.scissorBox(in: destination))
        epoxy_glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
        epoxy_glDisable(GLenum(GL_SCISSOR_TEST))
        passTimer?.mark(.resample, resample.program.name, width: clipped.width, height: clipped.height,
                        target: passTarget(destination), program: resample.program.fileName)
    }

    /// Where a pass into `target` draws, for `FrameStatistics`.
    func passTarget(_ target: Framebuffer) -> PassTarget {
        target.id == timedTarget ? .frame : .layer
    }


    func resampleProgram() throws(RenderError) -> (program: Program, factor: GLint, source: GLint, offset: GLint, targetSize: GLint) {
        if let resample { return resample }
        let made = try makeResample()
        resample = made
        return made
    }

    /// Compiles the resampling pass; the user's (from `--shaders`, or with the user's vertex
    /// shader) is drawn in chunks under the watchdog, as effects are.
    func makeResample() throws(RenderError) -> (program: Program, factor: GLint, source: GLint, offset: GLint, targetSize: GLint) {
        let fs = try sources.source(named: Self.resampleName)
        let program = try Program(name: "resample", vertex: (vertex.text, [0: vertex.path]), fragment: (fs.text, [0: fs.path]))
        try program.checkUniformTypes(Program.pipelineUniforms, sources: [fs])
        program.file = [fs.path, vertex.path].first { isUsers($0) } ?? fs.path
        program.isUserFile = isUsers(fs.path) || isUsers(vertex.path)
        if isUsers(fs.path) { resampleModified = ShaderFile.modificationDate(fs.path) }
        resampleRetired = false
        return (program, program.location("glint_factor"), program.location("glint_source"),
                program.location("glint_offset"), program.location("glint_targetSize"))
    }

    /// Draws the view's content into the bound target over `background`. An opaque pass covering
    /// the whole target is drawn with neither a clear below it nor blending, which would only
    /// cost a write and a read per pixel; what is drawn after it blends again.
    func drawContent(_ content: EffectPass, at place: PassPlace, covers: Bool, background: Color) throws(RenderError) {
        // Content the watchdog stopped draws nothing: what was there before must not show through.
        let stopped = !retired.isEmpty && retired.contains(Self.key(content))
        if !content.isOpaque && covers && !stopped && drawsBackdrop(place.region, of: place.target) {
            // Covering the target, it draws the backdrop itself: no clear below it.
            var over = place
            over.backdrop = background
            try draw(content, layer: nil, at: over)
            return
        }
        if !(content.isOpaque && covers) || stopped { clear(to: background) }
        guard content.isOpaque else {
            try draw(content, layer: nil, at: place)
            return
        }
        epoxy_glDisable(GLenum(GL_BLEND))
        defer { epoxy_glEnable(GLenum(GL_BLEND)) }
        var place = place
        if !stopped, let extent = content.extent { narrow(&place, to: extent) }
        try draw(content, layer: nil, at: place)
    }

    /// For opaque content with an extent (`PassExtent`): clears the view's part of the bound target
    /// to the colour the pass returns outside it, and narrows `place` to the pixels that touch the
    /// extent, where the program then runs. Nothing where the clear would not store that colour
    /// exactly, or with fusion off (`GLINT_NO_FUSE=1`).
    func narrow(_ place: inout PassPlace, to extent: PassExtent) {
        guard fuses else { return }
        let (r, g, b, a) = extent.outside.premultiplied
        func whole(_ x: Float) -> Bool { abs(x * 255 - (x * 255).rounded()) < 1e-3 }
        guard a == 1, whole(r), whole(g), whole(b) else { return }
        let sx = Double(place.view.width) / viewSize.width, sy = Double(place.view.height) / viewSize.height
        let x0 = place.view.x + Int((extent.rect.minX * sx).rounded(.down))
        let y0 = place.view.y + Int((extent.rect.minY * sy).rounded(.down))
        let x1 = place.view.x + Int((extent.rect.maxX * sx).rounded(.up))
        let y1 = place.view.y + Int((extent.rect.maxY * sy).rounded(.up))
        guard x0.magnitude < 1 << 30, y0.magnitude < 1 << 30, x1.magnitude < 1 << 30, y1.magnitude < 1 << 30 else { return }
        let inside = place.region.intersection(PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
        guard inside != place.region else { return }
        let cleared = place.region.clipped(toWidth: place.target.pixelWidth, height: place.target.pixelHeight)
        guard cleared.width > 0, cleared.height > 0 else { return }
        // Over the view's part alone: what a view tree drew beside it stays.
        cleared.scissor(in: place.target)
        recorder?.recordClear((r, g, b, a))
        epoxy_glClearColor(r, g, b, a)
        epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        epoxy_glDisable(GLenum(GL_SCISSOR_TEST))
        place.region = inside
    }

    func draw(_ pass: EffectPass, layer: GLuint?, at place: PassPlace,
                      direction: (x: Float, y: Float) = (1, 0)) throws(RenderError) {
        let region = place.region.clipped(toWidth: place.target.pixelWidth, height: place.target.pixelHeight)
        let key = Self.key(pass)
        // A pass that draws nothing leaves the backdrop it was to draw: cleared to it.
        guard region.width > 0, region.height > 0, retired.isEmpty || !retired.contains(key) else {
            if let backdrop = place.backdrop { clear(to: backdrop) }
            return
        }
        var program = try program(for: pass, key: key)
        // Compiled just now from a shared file the watchdog stopped.
        guard retired.isEmpty || !retired.contains(key) else {
            if let backdrop = place.backdrop { clear(to: backdrop) }
            return
        }
        if specializes && !program.constants.isEmpty {
            program = specialized(program, key: key, pass: pass, scale: Float(Double(place.view.width) / viewSize.width))
        }
        program = restVersion(of: program, pass: pass, at: place, direction: direction)
        let chosen = version(of: program, at: place, readsLayer: program.layer >= 0) { self.variant(of: $0, $1) }
        program = chosen.program
        let over = chosen.over
        if over, let backdrop = place.backdrop { storeBackdrop(backdrop, target: place.target) }
        epoxy_glUseProgram(program.id)
        feedPipeline(program, layer: layer, at: place, direction: direction)
        if over {
            feedBackdrop(program)
            epoxy_glDisable(GLenum(GL_BLEND))
            drawnOverBackdrop += 1
        }
        defer { if over { epoxy_glEnable(GLenum(GL_BLEND)) } }
        try upload(pass, program.slots(for: pass))
        try submit(program, region: region, target: place.target)
        passTimer?.mark(layer == nil ? .content : .effect, pass.function, width: region.width, height: region.height,
                        target: passTarget(place.target), program: program.fileName)
    }

    /// Sets the uniforms the pipeline feeds every program (`glint.glsl`'s) for a pass drawn at
    /// `place` over `layer`, and binds the layer; the program must be in use.
    func feedPipeline(_ program: Program, layer: GLuint?, at place: PassPlace, direction: (x: Float, y: Float)) {
        let target = place.target
        if program.viewSize >= 0 { epoxy_glUniform2f(program.viewSize, Float(viewSize.width), Float(viewSize.height)) }
        if program.targetSize >= 0 { epoxy_glUniform2f(program.targetSize, Float(target.pixelWidth), Float(target.pixelHeight)) }
        if program.scale >= 0 { epoxy_glUniform1f(program.scale, Float(Double(place.view.width) / viewSize.width)) }
        if program.audioLevel >= 0 { epoxy_glUniform1f(program.audioLevel, audio.level) }
        if program.audioBands >= 0 { epoxy_glUniform3f(program.audioBands, audio.bass, audio.mid, audio.treble) }
        if program.viewPixels >= 0 {
            let v = place.reduce(place.view, place.targetReduced)
            epoxy_glUniform4f(program.viewPixels, v.x, v.y, v.width, v.height)
        }
        if program.positionMap >= 0 {
            let m = positionMap(at: place)
            epoxy_glUniform4f(program.positionMap, m.x, m.y, m.z, m.w)
        }
        if program.passBounds >= 0 {
            let b = passBounds(at: place)
            epoxy_glUniform4f(program.passBounds, b.x, b.y, b.z, b.w)
        }
        if program.layerPixels >= 0 {
            let l = place.reduce(place.layerView, place.layerReduced)
            epoxy_glUniform4f(program.layerPixels, l.x, l.y, l.width, l.height)
        }
        if program.layerMap >= 0 {
            let m = layerMap(at: place)
            epoxy_glUniform4f(program.layerMap, m.x, m.y, m.z, m.w)
        }
        if program.layerSize >= 0 { epoxy_glUniform2f(program.layerSize, Float(place.layerSize.width), Float(place.layerSize.height)) }
        if program.baseColor >= 0 {
            let (r, g, b, a) = baseColorNow.premultiplied
            epoxy_glUniform4f(program.baseColor, r, g, b, a)
        }
        if program.hasLayer >= 0 { epoxy_glUniform1i(program.hasLayer, layer == nil ? 0 : 1) }
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), layer ?? 0)
        if program.layer >= 0 { epoxy_glUniform1i(program.layer, 0) }
        if program.layerBordered >= 0 {
            epoxy_glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(borderedUnit))
            epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), layer ?? 0)
            epoxy_glUniform1i(program.layerBordered, borderedUnit)
            epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
        }
        if program.passDirection >= 0 { epoxy_glUniform2f(program.passDirection, direction.x, direction.y) }
        // A layer effect's `Layer`: what may be sampled (samples outside it are transparent).
        if program.layerInfoOrigin >= 0 { epoxy_glUniform2f(program.layerInfoOrigin, place.sampleOrigin.x, place.sampleOrigin.y) }
        if program.layerInfoSize >= 0 { epoxy_glUniform2f(program.layerInfoSize, place.sampleSize.width, place.sampleSize.height) }
    }

    /// `glint_positionMap` for a pass at `place`: glint_position() is (x − v.x, height − y − v.y) · points
    /// per pixel, as one multiply-add of gl_FragCoord (gl_FragCoord.xy · .xy + .zw).
    func positionMap(at place: PassPlace) -> SIMD4<Float> {
        let v = place.reduce(place.view, place.targetReduced)
        let kx = Float(viewSize.width) / v.width, ky = Float(viewSize.height) / v.height
        return SIMD4(kx, -ky, -v.x * kx, (Float(place.target.pixelHeight) - v.y) * ky)
    }

    /// `glint_passBounds` for a pass at `place`: the edges of the pixels it runs over (its region) in
    /// the view's points, min x, min y, max x, max y, by the same map as glint_position().
    func passBounds(at place: PassPlace) -> SIMD4<Float> {
        let v = place.reduce(place.view, place.targetReduced)
        let r = place.reduce(place.region, place.targetReduced)
        let kx = Float(viewSize.width) / v.width, ky = Float(viewSize.height) / v.height
        return SIMD4((r.x - v.x) * kx, (r.y - v.y) * ky, (r.x + r.width - v.x) * kx, (r.y + r.height - v.y) * ky)
    }

    /// `glint_layerMap` for a pass at `place`: glint_layerCoordinate() is (l.x + p.x · l.width / view
    /// width, layer height − l.y − p.y · l.height / view height) over the layer's size, as one
    /// multiply-add of the position p (p · .xy + .zw).
    func layerMap(at place: PassPlace) -> SIMD4<Float> {
        let l = place.reduce(place.layerView, place.layerReduced)
        let w = Double(max(place.layerSize.width, 1)), h = Double(max(place.layerSize.height, 1))
        return SIMD4(Float(Double(l.width) / viewSize.width / w), Float(-Double(l.height) / viewSize.height / h),
                     Float(Double(l.x) / w), Float((h - Double(l.y)) / h))
    }

    /// Draws the program in use over `region` (clipped, not empty) of `target`, with its sampler
    /// objects bound: whole, scissored, or in chunks under the watchdog.
    func submit(_ program: Program, region: PixelRect, target: Framebuffer) throws(RenderError) {
        var k = 0
        while k < program.samplerObjects.count {  // index loops: no iterator allocations in debug builds
            epoxy_glBindSampler(GLuint(program.samplerObjects[k].unit), program.samplerObjects[k].object)
            k += 1
        }
        defer {
            var k = 0
            while k < program.samplerObjects.count {
                epoxy_glBindSampler(GLuint(program.samplerObjects[k].unit), 0)
                k += 1
            }
        }
        let whole = region.width == target.pixelWidth && region.height == target.pixelHeight
        if let recorder {
            recorder.recordDraw(program, scissor: whole ? nil : [GLint(target.originX + region.x), GLint(target.originY + target.pixelHeight - region.y - region.height),
                                                                 GLint(region.width), GLint(region.height)])
        }
        if program.isUserFile || target.pixelWidth * target.pixelHeight > Watchdog.largeFramePixels {
            try drawInChunks(program, region: region, target: target)
        } else if whole {
            epoxy_glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
        } else {
            region.scissor(in: target)
            epoxy_glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
            epoxy_glDisable(GLenum(GL_SCISSOR_TEST))
        }
    }

    /// Draws the bound program over `target` in scissored chunks, each finished before the next,
    /// so the watchdog gets control between them and a large frame can report progress.
    ///
    /// A draw on a software rasteriser cannot be interrupted once issued, so the chunks start
    /// small (`Watchdog.firstChunkPixels`) and grow at most fourfold each, towards what the
    /// program draws in `Watchdog.chunkSeconds`; the size learnt is kept for the next frame, so a
    /// cheap shader soon draws its frame in one or two chunks. A frame past its limit stops after
    /// the chunk in flight: the program goes back to its last good version (or draws nothing)
    /// and `RenderError.tooSlow` names its file.
    func drawInChunks(_ program: Program, region: PixelRect, target: Framebuffer) throws(RenderError) {
        let total = Double(region.width * region.height)
        // Scissor rectangles count from the bottom-left; `region` from the top-left.
        let overrun = PassExecutor.drawInChunks(
            program, left: target.originX + region.x, bottom: target.originY + target.pixelHeight - region.y - region.height,
            width: region.width, height: region.height, frameStart: frameStart, limit: frameLimit, clock: clock,
            batch: &drawBatch
        ) { done in
            if let onProgress {
                onProgress((Double(progressPass.index) + Double(done) / total) / Double(progressPass.count))
            }
        }
        if let seconds = overrun, let frameLimit {
            retire(program)
            throw .tooSlow(file: program.file, seconds: seconds, limit: frameLimit, setting: frameTimeoutSetting)
        }
    }

    /// Sets every argument whose uniform the program declares; skips the others.
    func upload(_ pass: EffectPass, _ slots: [Program.UniformSlot]) throws(RenderError) {
        var unit: GLint = 1
        // Plain index loops: iterators over enum payloads can allocate in unoptimised builds.
        let values = pass.arguments
        for i in 0..<values.count {
            let value = values[i]
            let slot = slots[i]
            guard slot.location >= 0 || slot.countLocation >= 0 || slot.sizeLocation >= 0 else { continue }
            let l = slot.location
            switch value {
            case .float(let x): epoxy_glUniform1f(l, x)
            case let .float2(x, y): epoxy_glUniform2f(l, x, y)
            case let .float3(x, y, z): epoxy_glUniform3f(l, x, y, z)
            case let .float4(x, y, z, w): epoxy_glUniform4f(l, x, y, z, w)
            case .int(let n): epoxy_glUniform1i(l, n)
            case .color(let c):
                let (r, g, b, a) = c.premultiplied
                epoxy_glUniform4f(l, r, g, b, a)
            case .image(let image):
                let u = slot.unit > 0 ? slot.unit : unit
                epoxy_glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(u))
                epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), try texture(for: image, argument: i, of: pass))
                epoxy_glUniform1i(l, u)
                if slot.sizeLocation >= 0 { epoxy_glUniform2f(slot.sizeLocation, Float(image.width), Float(image.height)) }
                epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
                unit += 1
            case .boundingRect:
                epoxy_glUniform4f(l, 0, 0, Float(viewSize.width), Float(viewSize.height))
            case .data(let bytes):
                words.removeAll(keepingCapacity: true)
                var k = 0
                while k < bytes.count {
                    var w: UInt32 = 0
                    var j = 0
                    while j < 4 && k + j < bytes.count {
                        w |= UInt32(bytes[k + j]) << (8 * UInt32(j))
                        j += 1
                    }
                    words.append(w)
                    k += 4
                }
                let n = min(words.count, Int(slot.count))
                if n > 0 { words.withUnsafeBufferPointer { epoxy_glUniform1uiv(l, GLsizei(n), $0.baseAddress) } }
                if slot.countLocation >= 0 { epoxy_glUniform1i(slot.countLocation, GLint(bytes.count)) }
            case .floatArray(let a):
                let n = min(a.count, Int(slot.count))
                if n > 0 { a.withUnsafeBufferPointer { epoxy_glUniform1fv(l, GLsizei(n), $0.baseAddress) } }
                if slot.countLocation >= 0 { epoxy_glUniform1i(slot.countLocation, GLint(n)) }
            case .colorArray(let a):
                let n = min(a.count, Int(slot.count))
                scratch.removeAll(keepingCapacity: true)
                for k in 0..<n {
                    let (r, g, b, al) = a[k].premultiplied
                    scratch.append(r); scratch.append(g); scratch.append(b); scratch.append(al)
                }
                if n > 0 { scratch.withUnsafeBufferPointer { epoxy_glUniform4fv(l, GLsizei(n), $0.baseAddress) } }
                if slot.countLocation >= 0 { epoxy_glUniform1i(slot.countLocation, GLint(n)) }
            }
        }
    }
}
