@preconcurrency import CEpoxy
import Foundation
import GlintCore

/// Draws a `ToyProgram` with OpenGL, one frame at a time: each pass a full-screen triangle into
/// its buffer (double-buffered: a pass reading its own buffer sees the last frame) or into the
/// picture, with the dialect's uniforms set by name and the channels bound as samplers.
///
/// Made for one `ToyEffect` (its programs, buffers and textures are that effect's); everything
/// is made when the runner is and when the view's size changes, so steady frames allocate
/// nothing. Needs the current context it was made in.
public final class ToyRunner {
    /// The picture of the last frame: RGBA8, the view's size in pixels, rows from the bottom.
    public var texture: GLuint { output.texture }
    /// The picture's size in pixels.
    public private(set) var pixelSize = (width: 0, height: 0)

    private let context: GLContext
    private let program: ToyProgram
    private var passes: [CompiledPass] = []
    /// Per buffer: the target drawn last (`front`) and the other.
    private var buffers: [(front: RenderTarget, back: RenderTarget)] = []
    private let output: RenderTarget
    private var keyboardTexture: GLuint = 0
    private var soundTexture: GLuint = 0
    /// ISF's audio inputs: a one-row texture each, the row of the sound it shows, its width.
    private var soundRows: [(texture: GLuint, row: ToyChannel.SoundRow, width: Int)] = []
    /// Where a sound row is averaged before it is uploaded (made once: frames allocate nothing).
    private var rowBytes = [UInt8](repeating: 0, count: ToyEffect.soundWidth)
    private var imageTextures: [GLuint] = []
    private var samplers: [GLuint] = []
    private var vertexArray: GLuint = 0
    /// The buffers a channel reads with mipmaps: their levels are made after each draw.
    private var mipmappedBuffers: [Bool]
    private var restarts = 0
    /// ISF's `DATE` counts months from 1 (VVISF's), the others' from 0.
    private let monthBase: Double
    /// ISF's `TIMEDELTA` is 0 for a frame at time 0 (VVISF's); the others' is a frame's step.
    private let isDeltaZeroAtStart: Bool

    /// What one pass draws with: its program, where each uniform it reads goes.
    private struct CompiledPass {
        var program: GLuint
        /// The user's file it was made from, for the watchdog's message.
        var file: String
        /// How many pixels a chunk of this pass draws, learnt from the time chunks took.
        var chunkPixels = Watchdog.firstChunkPixels
        var target: Int?
        var uniforms: [(location: GLint, role: Role, type: GLenum, count: GLint)]
        /// Per channel: texture unit, what it reads, its sampler object.
        var channels: [(unit: GLint, source: Source, sampler: GLuint)]
        /// Per Shadertoy channel number 0–3: the position in `channels` of the channel with that
        /// number, or -1.
        var numbered: [Int]
    }

    private enum Source {
        /// `soundRow(n)`: the texture of `soundRows[n]`.
        case buffer(Int), image(Int), keyboard, sound, soundRow(Int)
    }

    /// What a uniform is given.
    private enum Role {
        case time, timeDelta, frame, frameRate, date, mouse, cursor, resolution, pixelDensity, sampleRate, passIndex(Int)
        case channelTime, channelResolution, audioLevel, audioBands
        /// The size in pixels of channel `n` of the pass.
        case sourceSize(Int)
        /// Component `offset` onward of the effect's input values.
        case input(offset: Int)
    }

    /// The uniform names each role answers to, across the dialects.
    private static let names: [String: Role] = [
        "iTime": .time, "iGlobalTime": .time, "u_time": .time, "TIME": .time,
        "iTimeDelta": .timeDelta, "u_delta": .timeDelta, "TIMEDELTA": .timeDelta,
        "iFrame": .frame, "u_frame": .frame, "FRAMEINDEX": .frame,
        "iFrameRate": .frameRate,
        "iDate": .date, "u_date": .date, "DATE": .date,
        "iMouse": .mouse, "u_mouse": .cursor,
        "iResolution": .resolution, "u_resolution": .resolution, "RENDERSIZE": .resolution,
        "glint_resolution": .resolution,  // the loaders' own name for the pass's size
        "u_pixelDensity": .pixelDensity, "iSampleRate": .sampleRate,
        "iChannelTime": .channelTime, "iChannelResolution": .channelResolution,
        "glint_audioLevel": .audioLevel, "glint_audioBands": .audioBands,
    ]

    /// The program's files as they were when it was loaded: `filesChanged` compares.
    private var modified: [Int]

    /// Whether a file the program was made from changed since it was loaded (or since the last
    /// `acknowledgeChanges()`): the window then loads it again. A `stat` a file; allocates nothing.
    public var filesChanged: Bool {
        var i = 0
        while i < program.files.count {  // index loops: no iterator allocation in debug builds
            if ToyLoader.modificationTime(program.files[i]) != modified[i] { return true }
            i += 1
        }
        return false
    }

    /// Takes the files as they are now as seen (a reload that failed waits for the next change).
    public func acknowledgeChanges() {
        modified = ToyLoader.modificationTimes(of: program.files)
    }

    /// Compiles every pass of `program`; throws the first compile error, at the user's file and line.
    public init(program: ToyProgram) throws(RenderError) {
        context = try GLContext.requireCurrent(for: "a shader's passes")
        self.program = program
        modified = ToyLoader.modificationTimes(of: program.files)
        monthBase = program.dialect == .isf ? 1 : 0
        isDeltaZeroAtStart = program.dialect == .isf
        output = try RenderTarget(pixelWidth: 1, pixelHeight: 1)
        mipmappedBuffers = Array(repeating: false, count: program.buffers.count)
        epoxy_glGenVertexArrays(1, &vertexArray)
        do throws(RenderError) {
            for buffer in program.buffers {
                buffers.append((try RenderTarget(pixelWidth: 1, pixelHeight: 1, halfFloat: buffer.isFloat),
                                try RenderTarget(pixelWidth: 1, pixelHeight: 1, halfFloat: buffer.isFloat)))
            }
            for (index, pass) in program.passes.enumerated() {
                passes.append(try compile(pass, index: index))
            }
        } catch {
            release()
            throw error
        }
    }

    deinit {
        context.perform { release() }
    }

    private func release() {
        for pass in passes { epoxy_glDeleteProgram(pass.program) }
        passes = []
        if !samplers.isEmpty { epoxy_glDeleteSamplers(GLsizei(samplers.count), samplers) }
        samplers = []
        if !imageTextures.isEmpty { epoxy_glDeleteTextures(GLsizei(imageTextures.count), imageTextures) }
        imageTextures = []
        if keyboardTexture != 0 { epoxy_glDeleteTextures(1, &keyboardTexture) }
        keyboardTexture = 0
        if soundTexture != 0 { epoxy_glDeleteTextures(1, &soundTexture) }
        soundTexture = 0
        for row in soundRows {
            var texture = row.texture
            epoxy_glDeleteTextures(1, &texture)
        }
        soundRows = []
        if vertexArray != 0 { epoxy_glDeleteVertexArrays(1, &vertexArray) }
        vertexArray = 0
    }

    static let vertexSource = """
    #version 330 core
    void main() {
        vec2 corner = vec2(float((gl_VertexID & 1) << 2), float((gl_VertexID & 2) << 1)) - 1.0;
        gl_Position = vec4(corner, 0.0, 1.0);
    }
    """

    private func compile(_ pass: ToyPass, index: Int) throws(RenderError) -> CompiledPass {
        let vertex = try Program.compile(GLenum(GL_VERTEX_SHADER), Self.vertexSource, files: [0: "glint's vertex shader"], stage: "vertex")
        let fragment: GLuint
        do throws(RenderError) {
            fragment = try Program.compile(GLenum(GL_FRAGMENT_SHADER), pass.source, files: pass.files, stage: "fragment")
        } catch {
            epoxy_glDeleteShader(vertex)
            throw error
        }
        defer {
            epoxy_glDeleteShader(vertex)
            epoxy_glDeleteShader(fragment)
        }
        let id = try Program.link(vertex, fragment, output: "glint_toyColor",
                                  file: pass.files.sorted { $0.key < $1.key }.first { !$0.value.isEmpty }?.value ?? pass.name)

        var compiled = CompiledPass(program: id, file: pass.files[ShadertoyLoader.passString] ?? pass.name, target: pass.target, uniforms: [], channels: [],
                                    numbered: (0..<4).map { n in pass.channels.firstIndex { $0.index == n } ?? -1 })
        epoxy_glUseProgram(id)
        // The channels: a texture unit each, a sampler object for its filter and wrap.
        for (unit, channel) in pass.channels.enumerated() {
            let source: Source
            switch channel.source {
            case .buffer(let b):
                source = .buffer(b)
                if channel.filter == .mipmap { mipmappedBuffers[b] = true }
            case .image(let image):
                imageTextures.append(Textures.upload(image, levels: true))
                source = .image(imageTextures.count - 1)
            case .keyboard:
                if keyboardTexture == 0 { keyboardTexture = Self.makeByteTexture(width: ToyEffect.keyCount, height: 3) }
                source = .keyboard
            case .sound:
                if soundTexture == 0 { soundTexture = Self.makeByteTexture(width: ToyEffect.soundWidth, height: 2) }
                source = .sound
            case .soundRow(let row, let width):
                if let n = soundRows.firstIndex(where: { $0.row == row && $0.width == width }) {
                    source = .soundRow(n)
                } else {
                    let texture = Self.makeByteTexture(width: width, height: 1, grey: true)
                    soundRows.append((texture, row, width))
                    source = .soundRow(soundRows.count - 1)
                    Self.fillSoundRow(row, width: width, from: nil, into: &rowBytes)
                    Self.upload(rowBytes, to: texture, width: width, height: 1)
                }
            }
            let sampler = Self.makeSampler(channel)
            samplers.append(sampler)
            compiled.channels.append((GLint(unit), source, sampler))
            let location = epoxy_glGetUniformLocation(id, channel.uniform)
            if location >= 0 { epoxy_glUniform1i(location, GLint(unit)) }
        }
        // The uniforms the program reads, each given its role.
        for (name, uniform) in Program.activeUniforms(of: id) where uniform.location >= 0 {
            if let role = role(of: name, pass: pass, index: index) {
                compiled.uniforms.append((uniform.location, role, uniform.type, uniform.count))
            }
        }
        epoxy_glUseProgram(0)
        return compiled
    }

    private func role(of name: String, pass: ToyPass, index: Int) -> Role? {
        if name == "PASSINDEX" { return .passIndex(index) }
        if let role = Self.names[name] { return role }
        if let c = pass.channels.firstIndex(where: { $0.resolutionUniform == name }) { return .sourceSize(c) }
        var offset = 0
        for input in program.inputs {
            if input.name == name { return .input(offset: offset) }
            offset += input.defaults.count
        }
        return nil
    }

    /// Replaces a single-channel byte texture's bytes (rows from the first).
    private static func upload(_ bytes: [UInt8], to texture: GLuint, width: Int, height: Int) {
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        epoxy_glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        bytes.withUnsafeBufferPointer {
            epoxy_glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
    }

    /// A single-channel byte texture (the keyboard, the sound), cleared to 0; with `grey`, read
    /// as (v, v, v, 1) (an ISF audio input's image) rather than (v, 0, 0, 1).
    private static func makeByteTexture(width: Int, height: Int, grey: Bool = false) -> GLuint {
        var t: GLuint = 0
        epoxy_glGenTextures(1, &t)
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), t)
        let zeros = [UInt8](repeating: 0, count: width * height)
        epoxy_glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        epoxy_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_R8, GLsizei(width), GLsizei(height), 0, GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), zeros)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        if grey {
            let swizzle: [GLint] = [GL_RED, GL_RED, GL_RED, GL_ONE]
            epoxy_glTexParameteriv(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_SWIZZLE_RGBA), swizzle)
        }
        return t
    }

    /// Row `row` of the effect's sound (Shadertoy's 512×2 texture: the spectrum, then the
    /// waveform) averaged down to `width` columns into `bytes`, as VVISF averages the samples
    /// (or bands) each column covers; with no sound (`sound` nil) silence: 128 (a wave at rest)
    /// and 0 (an empty spectrum). Allocates nothing.
    static func fillSoundRow(_ row: ToyChannel.SoundRow, width: Int, from sound: [UInt8]?, into bytes: inout [UInt8]) {
        let n = ToyEffect.soundWidth
        let start = row == .spectrum ? 0 : n
        guard let sound, sound.count >= 2 * n else {
            var c = 0
            while c < width { bytes[c] = row == .spectrum ? 0 : 128; c += 1 }
            return
        }
        var c = 0
        while c < width {
            let low = c * n / width
            let high = max(low + 1, (c + 1) * n / width)
            var sum = 0
            var k = low
            while k < high { sum += Int(sound[start + k]); k += 1 }
            bytes[c] = UInt8((sum + (high - low) / 2) / (high - low))
            c += 1
        }
    }

    private static func makeSampler(_ channel: ToyChannel) -> GLuint {
        var object: GLuint = 0
        epoxy_glGenSamplers(1, &object)
        let wrap = channel.wrap == .repeat ? GL_REPEAT : GL_CLAMP_TO_EDGE
        epoxy_glSamplerParameteri(object, GLenum(GL_TEXTURE_WRAP_S), wrap)
        epoxy_glSamplerParameteri(object, GLenum(GL_TEXTURE_WRAP_T), wrap)
        let (minify, magnify): (GLint, GLint)
        switch channel.filter {
        case .nearest: (minify, magnify) = (GL_NEAREST, GL_NEAREST)
        case .linear: (minify, magnify) = (GL_LINEAR, GL_LINEAR)
        case .mipmap: (minify, magnify) = (GL_LINEAR_MIPMAP_LINEAR, GL_LINEAR)
        }
        // The keyboard is read texel by texel whatever the channel says.
        let isKeyboard = channel.source == .keyboard
        if channel.source == .sound && channel.filter == .mipmap {  // the sound texture has no mipmaps
            epoxy_glSamplerParameteri(object, GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
            epoxy_glSamplerParameteri(object, GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
            return object
        }
        epoxy_glSamplerParameteri(object, GLenum(GL_TEXTURE_MIN_FILTER), isKeyboard ? GL_NEAREST : minify)
        epoxy_glSamplerParameteri(object, GLenum(GL_TEXTURE_MAG_FILTER), isKeyboard ? GL_NEAREST : magnify)
        return object
    }

    /// Whether the watchdog stopped this shader: it draws nothing more (its picture stays as
    /// it was) until it is loaded again.
    public private(set) var isStopped = false

    /// Draws the effect's next frame at `scale` pixels per point into the runner's picture
    /// (`texture`), then closes the frame (`ToyEffect.didDraw`).
    ///
    /// Under a `timeout` (seconds for a 1920x1080 frame, see `Watchdog.limit`), each pass is
    /// drawn in chunks, each finished before the next, as the renderer draws the user's own
    /// effect files: a frame that runs past the limit is stopped, the shader stops too
    /// (`isStopped`), and `RenderError.tooSlow` names the pass's file and `setting`.
    public func draw(_ effect: ToyEffect, scale: Double, timeout: Double? = nil, setting: String = "--frame-timeout") throws(RenderError) {
        guard !isStopped else { return }
        let frame = effect.frameValues(scale: scale)
        effect.lastScale = scale
        let width = Int(frame.resolution.0)
        let height = Int(frame.resolution.1)
        if width != pixelSize.width || height != pixelSize.height || effect.restarts != restarts {
            try resize(width: width, height: height)
            restarts = effect.restarts
        }
        if effect.keyboardChanged, keyboardTexture != 0 {
            Self.upload(effect.keyboard, to: keyboardTexture, width: ToyEffect.keyCount, height: 3)
            effect.keyboardChanged = false
        }
        if effect.soundChanged, soundTexture != 0 || !soundRows.isEmpty {
            if soundTexture != 0 { Self.upload(effect.sound, to: soundTexture, width: ToyEffect.soundWidth, height: 2) }
            var r = 0
            while r < soundRows.count {
                Self.fillSoundRow(soundRows[r].row, width: soundRows[r].width, from: effect.hearing == nil ? nil : effect.sound, into: &rowBytes)
                Self.upload(rowBytes, to: soundRows[r].texture, width: soundRows[r].width, height: 1)
                r += 1
            }
            effect.soundChanged = false
        }
        epoxy_glDisable(GLenum(GL_BLEND))
        epoxy_glDisable(GLenum(GL_SCISSOR_TEST))
        epoxy_glBindVertexArray(vertexArray)
        let frameStart = Watchdog.now()
        var p = 0
        while p < passes.count {  // index loops: no iterator allocation in debug builds
            let pass = passes[p]  // (drawInChunks updates passes[p]'s chunk size; `pass` is read only before it)
            let target = pass.target.map { buffers[$0].back } ?? output
            target.framebuffer.bind()
            if let t = pass.target, !program.buffers[t].isPersistent {
                epoxy_glClearColor(0, 0, 0, 0)
                epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            }
            epoxy_glUseProgram(pass.program)
            var c = 0
            while c < pass.channels.count {
                let channel = pass.channels[c]
                epoxy_glActiveTexture(GLenum(GL_TEXTURE0 + Int32(channel.unit)))
                epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), texture(of: channel.source))
                epoxy_glBindSampler(GLuint(channel.unit), channel.sampler)
                c += 1
            }
            setUniforms(pass, frame, effect: effect, target: target)
            if let timeout {
                let limit = Watchdog.limit(timeout, pixels: width * height)
                do throws(RenderError) {
                    try drawInChunks(p, target: target, frameStart: frameStart, limit: limit, setting: setting)
                } catch {
                    isStopped = true
                    epoxy_glBindVertexArray(0)
                    epoxy_glUseProgram(0)
                    throw error
                }
            } else {
                epoxy_glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
            }
            c = 0
            while c < pass.channels.count {
                epoxy_glBindSampler(GLuint(pass.channels[c].unit), 0)
                c += 1
            }
            if let t = pass.target {
                buffers[t] = (buffers[t].back, buffers[t].front)
                if mipmappedBuffers[t] {
                    epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), buffers[t].front.texture)
                    epoxy_glGenerateMipmap(GLenum(GL_TEXTURE_2D))
                }
            }
            p += 1
        }
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
        epoxy_glBindVertexArray(0)
        epoxy_glUseProgram(0)
        effect.lastFrame = frame
        effect.didDraw()
    }

    /// Draws pass `p` into `target` in scissored chunks, each finished before the next, growing
    /// towards `Watchdog.chunkSeconds` a chunk; throws when the frame has run past `limit`.
    private func drawInChunks(_ p: Int, target: RenderTarget, frameStart: Double, limit: Double, setting: String) throws(RenderError) {
        let width = target.framebuffer.pixelWidth
        let height = target.framebuffer.pixelHeight
        epoxy_glEnable(GLenum(GL_SCISSOR_TEST))
        defer { epoxy_glDisable(GLenum(GL_SCISSOR_TEST)) }
        var y = 0
        while y < height {
            let rows = min(height - y, max(1, passes[p].chunkPixels / width))
            var x = 0
            while x < width {
                let columns = min(width - x, max(1, passes[p].chunkPixels / rows))
                epoxy_glScissor(GLint(x), GLint(y), GLsizei(columns), GLsizei(rows))
                let start = Watchdog.now()
                epoxy_glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
                epoxy_glFinish()
                let end = Watchdog.now()
                let rate = Double(columns * rows) / max(end - start, 1e-5)
                let wanted = Int(min(rate * Watchdog.chunkSeconds, Double(Watchdog.maxChunkPixels)))
                passes[p].chunkPixels = max(Watchdog.firstChunkPixels, min(wanted, passes[p].chunkPixels * 4))
                if end - frameStart > limit {
                    throw .tooSlow(file: passes[p].file, seconds: end - frameStart, limit: limit, setting: setting)
                }
                x += columns
            }
            y += rows
        }
    }

    private func texture(of source: Source) -> GLuint {
        switch source {
        case .buffer(let b): return buffers[b].front.texture
        case .image(let i): return imageTextures[i]
        case .keyboard: return keyboardTexture
        case .sound: return soundTexture
        case .soundRow(let r): return soundRows[r].texture
        }
    }

    private func size(of source: Source) -> (Double, Double) {
        switch source {
        case .buffer(let b): return (Double(buffers[b].front.framebuffer.pixelWidth), Double(buffers[b].front.framebuffer.pixelHeight))
        case .image(let i): return imageSizes[i]
        case .keyboard: return (Double(ToyEffect.keyCount), 3)
        case .sound: return (Double(ToyEffect.soundWidth), 2)
        case .soundRow(let r): return (Double(soundRows[r].width), 1)
        }
    }
    private lazy var imageSizes: [(Double, Double)] = program.passes.flatMap { pass in
        pass.channels.compactMap { channel -> (Double, Double)? in
            if case .image(let image) = channel.source { return (Double(image.width), Double(image.height)) }
            return nil
        }
    }

    /// Every buffer (both of its targets) and the picture at the new size, cleared to
    /// transparent black: as Shadertoy does on a resize and a restart.
    private func resize(width: Int, height: Int) throws(RenderError) {
        pixelSize = (width, height)
        try output.resize(pixelWidth: width, pixelHeight: height)
        for (b, buffer) in program.buffers.enumerated() {
            let size = bufferSize(buffer, width: width, height: height)
            for target in [buffers[b].front, buffers[b].back] {
                try target.resize(pixelWidth: size.0, pixelHeight: size.1)
                target.framebuffer.bind()
                epoxy_glClearColor(0, 0, 0, 0)
                epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            }
        }
    }

    /// A buffer's size for a picture of `width` × `height` pixels.
    private func bufferSize(_ buffer: ToyBuffer, width: Int, height: Int) -> (Int, Int) {
        guard case .expressions(let w, let h) = buffer.size else { return (width, height) }
        var variables = ["WIDTH": Double(width), "HEIGHT": Double(height)]
        var offset = 0
        for input in program.inputs {
            variables[input.name] = offset < inputValuesCache.count ? inputValuesCache[offset] : input.defaults[0]
            offset += input.defaults.count
        }
        func evaluate(_ text: String?, _ fallback: Int) -> Int {
            guard let text, let value = ToyExpression.evaluate(text, variables: variables) else { return fallback }
            return ToySize.side(value) ?? fallback
        }
        return (evaluate(w, width), evaluate(h, height))
    }
    private var inputValuesCache: [Double] = []

    private func setUniforms(_ pass: CompiledPass, _ frame: ToyFrame, effect: ToyEffect, target: RenderTarget) {
        var u = 0
        while u < pass.uniforms.count {
            let (location, role, type, count) = pass.uniforms[u]
            u += 1
            switch role {
            case .time: set(location, type, frame.time)
            case .timeDelta: set(location, type, isDeltaZeroAtStart && frame.time <= 0 ? 0 : frame.timeDelta)
            case .frame: set(location, type, Double(frame.frame))
            case .frameRate: set(location, type, frame.frameRate)
            case .date: set(location, type, frame.date.0, frame.date.1 + monthBase, frame.date.2, frame.date.3)
            case .mouse: set(location, type, frame.mouse.0, frame.mouse.1, frame.mouse.2, frame.mouse.3)
            case .cursor: set(location, type, frame.cursor.0, frame.cursor.1)
            case .resolution:
                set(location, type, Double(target.framebuffer.pixelWidth), Double(target.framebuffer.pixelHeight), 1)
            case .pixelDensity: set(location, type, frame.pixelDensity)
            case .sampleRate: set(location, type, 44_100)
            case .passIndex(let i): set(location, type, Double(i))
            case .channelTime:
                var k: GLint = 0
                while k < count { set(location + k, type, frame.time); k += 1 }
            case .channelResolution:
                var k = 0
                while k < min(Int(count), pass.numbered.count) {
                    if pass.numbered[k] >= 0 {
                        let s = size(of: pass.channels[pass.numbered[k]].source)
                        set(location + GLint(k), type, s.0, s.1, 1)
                    } else {
                        set(location + GLint(k), type, 0, 0, 0)
                    }
                    k += 1
                }
            case .audioLevel: set(location, type, effect.hearing?.level ?? 0)
            case .audioBands:
                let h = effect.hearing
                set(location, type, h?.bass ?? 0, h?.mid ?? 0, h?.treble ?? 0)
            case .sourceSize(let c):
                let s = size(of: pass.channels[c].source)
                set(location, type, s.0, s.1)
            case .input(let offset):
                let values = effect.inputValues
                let n = Self.components(type)
                set(location, type, values[offset], n > 1 ? values[offset + 1] : 0, n > 2 ? values[offset + 2] : 0, n > 3 ? values[offset + 3] : 0)
            }
        }
        if inputValuesCache.count != effect.inputValues.count || inputValuesCache != effect.inputValues {
            inputValuesCache = effect.inputValues
        }
    }

    private static func components(_ type: GLenum) -> Int {
        switch Int32(type) {
        case GL_FLOAT_VEC2, GL_INT_VEC2, GL_BOOL_VEC2: return 2
        case GL_FLOAT_VEC3, GL_INT_VEC3, GL_BOOL_VEC3: return 3
        case GL_FLOAT_VEC4, GL_INT_VEC4, GL_BOOL_VEC4: return 4
        default: return 1
        }
    }

    /// Sets a uniform of GL type `type` from as many of the values as it has components.
    private func set(_ location: GLint, _ type: GLenum, _ x: Double, _ y: Double = 0, _ z: Double = 0, _ w: Double = 0) {
        switch Int32(type) {
        case GL_FLOAT: epoxy_glUniform1f(location, Float(x))
        case GL_FLOAT_VEC2: epoxy_glUniform2f(location, Float(x), Float(y))
        case GL_FLOAT_VEC3: epoxy_glUniform3f(location, Float(x), Float(y), Float(z))
        case GL_FLOAT_VEC4: epoxy_glUniform4f(location, Float(x), Float(y), Float(z), Float(w))
        case GL_INT, GL_BOOL: epoxy_glUniform1i(location, Self.int(x))
        case GL_INT_VEC2, GL_BOOL_VEC2: epoxy_glUniform2i(location, Self.int(x), Self.int(y))
        case GL_INT_VEC3, GL_BOOL_VEC3: epoxy_glUniform3i(location, Self.int(x), Self.int(y), Self.int(z))
        case GL_INT_VEC4, GL_BOOL_VEC4: epoxy_glUniform4i(location, Self.int(x), Self.int(y), Self.int(z), Self.int(w))
        default: break
        }
    }

    /// `x` rounded as a GLSL `int`: held to its 32 bits (NaN is 0), never a trap, whatever a
    /// slider, `--param` or file gave.
    static func int(_ x: Double) -> GLint {
        guard !x.isNaN else { return 0 }
        return GLint(min(max(x.rounded(), Double(GLint.min)), Double(GLint.max)))
    }
}
