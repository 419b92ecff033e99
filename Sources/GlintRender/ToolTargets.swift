@preconcurrency import CEpoxy
import Foundation
import GlintCore

/// The GL side of one `ToolPasses` owner (a shader of another tool in the frame graph): a
/// program per pass, the named targets its passes draw into (each double-buffered and kept from
/// frame to frame, so a pass reading its own target sees the last frame), the picture, and the
/// textures its channels read (images, Shadertoy's keyboard and sound, ISF's audio rows), with a
/// sampler object per channel. Everything is made when the owner first draws and when the view's
/// size changes, so steady frames allocate nothing. The renderer's pass executor draws it.
final class ToolTargets {
    let runner: ToyRunner
    /// The revision of the owner's program this was made for.
    let revision: Int
    /// The picture of the last frame: RGBA8, the view's size in pixels, rows from the bottom.
    let output: RenderTarget
    private(set) var pixelSize = (width: 0, height: 0)
    /// Per pass: its program, where each uniform it reads goes, per channel its unit and sampler.
    private(set) var programs: [Program] = []
    private var uniforms: [[(location: GLint, role: ToyRunner.Role, type: GLenum, count: GLint)]] = []
    private var samplers: [[GLuint]] = []
    /// Per buffer: the target drawn last (`front`) and the other.
    private var buffers: [(front: RenderTarget, back: RenderTarget)] = []
    private var keyboardTexture: GLuint = 0
    private var soundTexture: GLuint = 0
    private var soundRowTextures: [GLuint] = []
    /// Where a sound row is averaged before it is uploaded (made once: frames allocate nothing).
    private var rowBytes = [UInt8](repeating: 0, count: ToyEffect.soundWidth)
    private var imageTextures: [GLuint] = []
    private var restarts = 0
    private var keyboardVersion = -1
    private var soundVersion = -1
    private var inputValuesCache: [Double] = []
    /// The frame it was last drawn in (unused ones are released).
    var lastUsed = 0
    /// Whether the watchdog stopped it: it draws nothing more until it is loaded again.
    var isStopped = false
    /// The program's files as they were when it was made: `filesChanged` compares.
    private var modified: [Int]
    private let context: GLContext

    /// Compiles every pass of `program` with `vertex`; throws the first compile error, at the
    /// user's file and line.
    init(_ program: ToyProgram, revision: Int, vertex: String) throws(RenderError) {
        context = try GLContext.requireCurrent(for: "a shader's passes")
        runner = ToyRunner(program)
        self.revision = revision
        modified = ToyLoader.modificationTimes(of: program.files)
        output = try RenderTarget(pixelWidth: 1, pixelHeight: 1)
        do throws(RenderError) {
            for buffer in program.buffers {
                buffers.append((try RenderTarget(pixelWidth: 1, pixelHeight: 1, halfFloat: buffer.isFloat),
                                try RenderTarget(pixelWidth: 1, pixelHeight: 1, halfFloat: buffer.isFloat)))
            }
            for image in runner.images { imageTextures.append(Textures.upload(image, levels: true)) }
            if runner.readsKeyboard { keyboardTexture = Self.makeByteTexture(width: ToyEffect.keyCount, height: 3) }
            if runner.readsSound { soundTexture = Self.makeByteTexture(width: ToyEffect.soundWidth, height: 2) }
            for row in runner.soundRows {
                let texture = Self.makeByteTexture(width: row.width, height: 1, grey: true)
                soundRowTextures.append(texture)
                ToyRunner.fillSoundRow(row.row, width: row.width, from: nil, into: &rowBytes)
                Self.upload(rowBytes, to: texture, width: row.width, height: 1)
            }
            for (index, pass) in program.passes.enumerated() {
                try compile(pass, index: index, vertex: vertex)
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
        programs = []
        for list in samplers where !list.isEmpty { epoxy_glDeleteSamplers(GLsizei(list.count), list) }
        samplers = []
        if !imageTextures.isEmpty { epoxy_glDeleteTextures(GLsizei(imageTextures.count), imageTextures) }
        imageTextures = []
        if keyboardTexture != 0 { epoxy_glDeleteTextures(1, &keyboardTexture) }
        keyboardTexture = 0
        if soundTexture != 0 { epoxy_glDeleteTextures(1, &soundTexture) }
        soundTexture = 0
        if !soundRowTextures.isEmpty { epoxy_glDeleteTextures(GLsizei(soundRowTextures.count), soundRowTextures) }
        soundRowTextures = []
    }

    /// Whether a file the program was made from changed since it was made (or since the last
    /// `acknowledgeChanges()`). A `stat` a file; allocates nothing.
    var filesChanged: Bool {
        let files = runner.program.files
        var i = 0
        while i < files.count {  // index loops: no iterator allocation in debug builds
            if ToyLoader.modificationTime(files[i]) != modified[i] { return true }
            i += 1
        }
        return false
    }

    /// Takes the files as they are now as seen (a reload that failed waits for the next change).
    func acknowledgeChanges() {
        modified = ToyLoader.modificationTimes(of: runner.program.files)
    }

    private func compile(_ pass: ToyPass, index: Int, vertex: String) throws(RenderError) {
        let program = try Program(name: pass.name, vertex: (vertex, [0: "glint's vertex shader"]), fragment: (pass.source, pass.files),
                                  stages: ("vertex", "fragment"), output: "glint_toyColor", linkFile: ToyRunner.linkFile(pass))
        program.file = runner.passes[index].file
        programs.append(program)
        var objects: [GLuint] = []
        epoxy_glUseProgram(program.id)
        // The channels: a texture unit each, a sampler object for its filter and wrap.
        for (unit, channel) in pass.channels.enumerated() {
            objects.append(Self.makeSampler(channel))
            let location = epoxy_glGetUniformLocation(program.id, channel.uniform)
            if location >= 0 { epoxy_glUniform1i(location, GLint(unit)) }
        }
        samplers.append(objects)
        // The uniforms the program reads, each given its role.
        var roles: [(location: GLint, role: ToyRunner.Role, type: GLenum, count: GLint)] = []
        for (name, uniform) in program.uniforms where uniform.location >= 0 {
            if let role = runner.role(of: name, pass: index) { roles.append((uniform.location, role, uniform.type, uniform.count)) }
        }
        uniforms.append(roles)
        epoxy_glUseProgram(0)
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

    /// Brings the targets and textures up to `tool`'s frame of `width` × `height` pixels: every
    /// target resized and cleared on a resize and a restart (as Shadertoy does), the keyboard
    /// and the sound uploaded when they changed.
    func prepareFrame(_ tool: ToolPasses, width: Int, height: Int) throws(RenderError) {
        if width != pixelSize.width || height != pixelSize.height || tool.restarts != restarts {
            try resize(width: width, height: height)
            restarts = tool.restarts
        }
        let live = tool.live
        if keyboardTexture != 0, live.keyboardVersion != keyboardVersion {
            Self.upload(live.keyboard, to: keyboardTexture, width: ToyEffect.keyCount, height: 3)
            keyboardVersion = live.keyboardVersion
        }
        if live.soundVersion != soundVersion, soundTexture != 0 || !soundRowTextures.isEmpty {
            if soundTexture != 0 { Self.upload(live.sound, to: soundTexture, width: ToyEffect.soundWidth, height: 2) }
            var r = 0
            while r < soundRowTextures.count {
                let row = runner.soundRows[r]
                ToyRunner.fillSoundRow(row.row, width: row.width, from: live.hearing == nil ? nil : live.sound, into: &rowBytes)
                Self.upload(rowBytes, to: soundRowTextures[r], width: row.width, height: 1)
                r += 1
            }
            soundVersion = live.soundVersion
        }
    }

    /// The target pass `p` draws into (a buffer's back target, or the picture), cleared first
    /// for a buffer not kept between frames.
    func bindTarget(of p: Int, recorder: PassRecorder?) -> Framebuffer {
        let target = runner.passes[p].target.map { buffers[$0].back } ?? output
        target.framebuffer.bind()
        if let t = runner.passes[p].target, !runner.program.buffers[t].isPersistent {
            recorder?.recordClear((0, 0, 0, 0))
            epoxy_glClearColor(0, 0, 0, 0)
            epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        }
        return target.framebuffer
    }

    /// Binds pass `p`'s program, its channels' textures and samplers, and sets its uniforms.
    func bindPass(_ p: Int, _ frame: ToyFrame, live: ToyLive, target: Framebuffer) {
        let program = programs[p]
        let plan = runner.passes[p]
        epoxy_glUseProgram(program.id)
        var c = 0
        while c < plan.sources.count {
            epoxy_glActiveTexture(GLenum(GL_TEXTURE0 + Int32(c)))
            epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), texture(of: plan.sources[c]))
            epoxy_glBindSampler(GLuint(c), samplers[p][c])
            c += 1
        }
        let roles = uniforms[p]
        var u = 0
        while u < roles.count {
            let (location, role, type, count) = roles[u]
            u += 1
            switch role {
            case .channelTime:
                var k: GLint = 0
                while k < count { PassExecutor.set(location + k, type, frame.time); k += 1 }
            case .channelResolution:
                var k = 0
                while k < min(Int(count), plan.numbered.count) {
                    if plan.numbered[k] >= 0 {
                        let s = size(of: plan.sources[plan.numbered[k]])
                        PassExecutor.set(location + GLint(k), type, s.0, s.1, 1)
                    } else {
                        PassExecutor.set(location + GLint(k), type, 0, 0, 0)
                    }
                    k += 1
                }
            default:
                let v = runner.values(of: role, pass: plan, frame: frame, live: live, target: (target.pixelWidth, target.pixelHeight),
                                      sourceSize: size(of:))
                PassExecutor.set(location, type, v.0, v.1, v.2, v.3)
            }
        }
        if inputValuesCache.count != live.inputValues.count || inputValuesCache != live.inputValues {
            inputValuesCache = live.inputValues
        }
    }

    /// Unbinds pass `p`'s samplers; a buffer it drew becomes the front one (its mipmaps made).
    func finishPass(_ p: Int, recorder: PassRecorder?) {
        var c = 0
        while c < runner.passes[p].sources.count {
            epoxy_glBindSampler(GLuint(c), 0)
            c += 1
        }
        if let t = runner.passes[p].target {
            buffers[t] = (buffers[t].back, buffers[t].front)
            if runner.mipmappedBuffers[t] {
                epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), buffers[t].front.texture)
                epoxy_glGenerateMipmap(GLenum(GL_TEXTURE_2D))
                recorder?.recordMipmap(buffers[t].front.texture)
            }
        }
    }

    private func texture(of source: ToyRunner.Source) -> GLuint {
        switch source {
        case .buffer(let b): return buffers[b].front.texture
        case .image(let i): return imageTextures[i]
        case .keyboard: return keyboardTexture
        case .sound: return soundTexture
        case .soundRow(let r): return soundRowTextures[r]
        }
    }

    private func size(of source: ToyRunner.Source) -> (Double, Double) {
        switch source {
        case .buffer(let b): return (Double(buffers[b].front.framebuffer.pixelWidth), Double(buffers[b].front.framebuffer.pixelHeight))
        case .image(let i): return (Double(runner.images[i].width), Double(runner.images[i].height))
        case .keyboard: return (Double(ToyEffect.keyCount), 3)
        case .sound: return (Double(ToyEffect.soundWidth), 2)
        case .soundRow(let r): return (Double(runner.soundRows[r].width), 1)
        }
    }

    /// Every buffer (both of its targets) and the picture at the new size, cleared to
    /// transparent black: as Shadertoy does on a resize and a restart.
    private func resize(width: Int, height: Int) throws(RenderError) {
        pixelSize = (width, height)
        try output.resize(pixelWidth: width, pixelHeight: height)
        for b in buffers.indices {
            let size = runner.bufferSize(b, width: width, height: height, inputs: inputValuesCache)
            for target in [buffers[b].front, buffers[b].back] {
                try target.resize(pixelWidth: size.0, pixelHeight: size.1)
                target.framebuffer.bind()
                epoxy_glClearColor(0, 0, 0, 0)
                epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            }
        }
    }
}
