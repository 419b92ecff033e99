@preconcurrency import CEpoxy
import Foundation
import GlintCore

/// The GL work of one frame of a `Renderer`, written out so a bare C program can do exactly that
/// work and nothing else (`glint bench --dump-shader`, read by `bench/bare.c`, compared by
/// `scripts/bench`): every clear and every draw in order, each draw with its target, viewport,
/// scissor, blending, the textures and samplers it reads, its assembled sources (a specialised
/// version's, where one is drawn) and the value of every active uniform as GL holds it when the
/// draw is issued. Images the frame reads are written with their pixels. Glint's own textures are
/// linearly filtered and clamped to their edges; a tool's channels are read through sampler
/// objects (their filter, mipmaps and wrap), which the recording names with each bind, and a
/// buffer whose readers take mipmaps has them made after its pass (a `mipmap` step).
///
/// Recording reads GL state back, so it is slow; `Renderer.recorder` is nil except for the one
/// frame recorded.
///
/// The recording begins with the frame's frame graphs as text (`FrameGraph`'s description: each
/// graph's content and effect passes, a tool's buffers and passes under the pass showing their
/// picture), every line after `# `, so a person reading it sees the passes; the replay skips every
/// line starting `#`. Then the GL work, line-based, version 3: `glint-passes 3`; one `texture ID W H FORMAT` line per
/// texture (FORMAT `rgba8`, `rgba16f` or `r8grey`: an opaque grey image's one channel, read as (c, c, c, 1)),
/// an image's (or a buffer's read before it is drawn) followed by
/// `data BYTES` and its RGBA8 rows, bottom row first; then the steps: `clear TARGET R G B A` (with `scissor X Y W H` when the clear
/// is scissored), or `draw TARGET`, `viewport X Y W H`, `scissor X Y W H` (if any), `blend 0|1`,
/// `bind UNIT TEXTURE` per texture read (followed by `sampler UNIT MIN MAG WRAP_S WRAP_T`, GL's
/// enum values, where a sampler object is bound to the unit), `vertex BYTES` and `fragment BYTES` each
/// followed by that many bytes of source, `uniform NAME KIND COUNT VALUES…` per uniform (KIND
/// `1f`…`4f`, `1i`, `1u`), and `end`; or `mipmap TEXTURE`, the texture's mipmaps made anew.
/// TARGET is the texture drawn into.
public final class PassRecorder {
    public init() {}

    private struct Texture {
        var width: Int
        var height: Int
        var format: String
        var pixels: [UInt8]?
    }

    private var textures: [(id: GLuint, texture: Texture)] = []
    private var targets: Set<GLuint> = []
    private var out = ""
    /// The frame graphs drawn, as text.
    private var graphs = ""

    /// A frame graph about to be drawn: the recording lists every graph before its GL work.
    func recordGraph(_ graph: FrameGraph) {
        graphs += graph.description + "\n"
    }

    /// The texture attached to the bound draw framebuffer, noted as a target.
    private func boundTarget() -> GLuint {
        var name: GLint = 0
        epoxy_glGetFramebufferAttachmentParameteriv(GLenum(GL_DRAW_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0),
                                                    GLenum(GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME), &name)
        let id = GLuint(name)
        note(id, readPixels: false)
        targets.insert(id)
        return id
    }

    /// Notes a texture's size and format; an image's pixels too (a texture no step drew into).
    private func note(_ id: GLuint, readPixels: Bool) {
        guard id != 0, !textures.contains(where: { $0.id == id }) else { return }
        var previous: GLint = 0
        epoxy_glGetIntegerv(GLenum(GL_TEXTURE_BINDING_2D), &previous)
        defer { epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), GLuint(previous)) }
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), id)
        var w: GLint = 0, h: GLint = 0, format: GLint = 0
        epoxy_glGetTexLevelParameteriv(GLenum(GL_TEXTURE_2D), 0, GLenum(GL_TEXTURE_WIDTH), &w)
        epoxy_glGetTexLevelParameteriv(GLenum(GL_TEXTURE_2D), 0, GLenum(GL_TEXTURE_HEIGHT), &h)
        epoxy_glGetTexLevelParameteriv(GLenum(GL_TEXTURE_2D), 0, GLenum(GL_TEXTURE_INTERNAL_FORMAT), &format)
        // An opaque grey image is one channel read as (c, c, c, 1) (Textures.upload): "r8grey".
        var texture = Texture(width: Int(w), height: Int(h), format: format == GL_RGBA16F ? "rgba16f" : format == GL_R8 ? "r8grey" : "rgba8")
        if readPixels && !targets.contains(id) {
            var pixels = [UInt8](repeating: 0, count: Int(w) * Int(h) * 4)
            epoxy_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
            epoxy_glGetTexImage(GLenum(GL_TEXTURE_2D), 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &pixels)
            // The format stays the texture's: a persistent half-float buffer read before this frame
            // draws it (a Shadertoy's "self") is sampled as half floats by the replay too.
            texture.pixels = pixels
        }
        textures.append((id, texture))
    }

    private func box(_ parameter: Int32) -> [GLint] {
        var v = [GLint](repeating: 0, count: 4)
        epoxy_glGetIntegerv(GLenum(parameter), &v)
        return v
    }

    /// A clear of the bound target to `color` (premultiplied).
    func recordClear(_ color: (Float, Float, Float, Float)) {
        out += "clear \(boundTarget()) \(color.0) \(color.1) \(color.2) \(color.3)"
        if epoxy_glIsEnabled(GLenum(GL_SCISSOR_TEST)) != 0 {
            out += " scissor " + box(GL_SCISSOR_BOX).map(String.init).joined(separator: " ")
        }
        out += "\n"
    }

    /// A draw of `program`, as bound now, over `scissor` (GL's bottom-left box; nil: the whole
    /// viewport).
    func recordDraw(_ program: Program, scissor: [GLint]?) {
        out += "draw \(boundTarget())\n"
        out += "viewport " + box(GL_VIEWPORT).map(String.init).joined(separator: " ") + "\n"
        if let scissor { out += "scissor " + scissor.map(String.init).joined(separator: " ") + "\n" }
        out += "blend \(epoxy_glIsEnabled(GLenum(GL_BLEND)) != 0 ? 1 : 0)\n"
        var uniformLines = ""
        var units: [GLint] = []
        for (name, u) in program.uniforms.sorted(by: { $0.key < $1.key }) where u.location >= 0 {
            let count = Int(u.count)
            let (components, kind): (Int, String)
            switch Int32(u.type) {
            case GL_FLOAT: (components, kind) = (1, "f")
            case GL_FLOAT_VEC2: (components, kind) = (2, "f")
            case GL_FLOAT_VEC3: (components, kind) = (3, "f")
            case GL_FLOAT_VEC4: (components, kind) = (4, "f")
            case GL_INT, GL_BOOL, GL_SAMPLER_2D: (components, kind) = (1, "i")
            case GL_UNSIGNED_INT: (components, kind) = (1, "u")
            default: continue
            }
            var values: [String] = []
            for element in 0..<count {
                let location = count == 1 ? u.location : epoxy_glGetUniformLocation(program.id, "\(name)[\(element)]")
                switch kind {
                case "f":
                    var v = [GLfloat](repeating: 0, count: 4)
                    epoxy_glGetUniformfv(program.id, location, &v)
                    values += v.prefix(components).map { String(format: "%.9g", $0) }
                case "u":
                    var v: GLuint = 0
                    epoxy_glGetUniformuiv(program.id, location, &v)
                    values.append(String(v))
                default:
                    var v: GLint = 0
                    epoxy_glGetUniformiv(program.id, location, &v)
                    values.append(String(v))
                    if u.type == GLenum(GL_SAMPLER_2D) { units.append(v) }
                }
            }
            uniformLines += "uniform \(name) \(components)\(kind) \(count) \(values.joined(separator: " "))\n"
        }
        var active: GLint = 0
        epoxy_glGetIntegerv(GLenum(GL_ACTIVE_TEXTURE), &active)
        for unit in Set(units).sorted() {
            epoxy_glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(unit))
            var texture: GLint = 0
            epoxy_glGetIntegerv(GLenum(GL_TEXTURE_BINDING_2D), &texture)
            note(GLuint(texture), readPixels: true)
            out += "bind \(unit) \(texture)\n"
            var sampler: GLint = 0
            epoxy_glGetIntegerv(GLenum(GL_SAMPLER_BINDING), &sampler)
            if sampler != 0 {
                let parameters = [GL_TEXTURE_MIN_FILTER, GL_TEXTURE_MAG_FILTER, GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T].map { name -> GLint in
                    var value: GLint = 0
                    epoxy_glGetSamplerParameteriv(GLuint(sampler), GLenum(name), &value)
                    return value
                }
                out += "sampler \(unit) " + parameters.map(String.init).joined(separator: " ") + "\n"
            }
        }
        epoxy_glActiveTexture(GLenum(active))
        out += "vertex \(program.sources.vertex.utf8.count)\n\(program.sources.vertex)\n"
        out += "fragment \(program.sources.fragment.utf8.count)\n\(program.sources.fragment)\n"
        out += uniformLines
        out += "end\n"
    }

    /// A texture's mipmaps made anew (a buffer a later pass reads with mipmaps).
    func recordMipmap(_ texture: GLuint) {
        out += "mipmap \(texture)\n"
    }

    /// The recording in the format above.
    public func data() -> Data {
        var header = "# glint bench --dump-shader: the frame graphs of one frame, then its GL work (bench/bare.c skips lines starting #)\n"
        for line in graphs.split(separator: "\n", omittingEmptySubsequences: false).dropLast() { header += "# \(line)\n" }
        var data = Data((header + "glint-passes 3\n").utf8)
        for (id, t) in textures {
            data += Data("texture \(id) \(t.width) \(t.height) \(t.format)\n".utf8)
            if let pixels = t.pixels {
                data += Data("data \(pixels.count)\n".utf8)
                data += Data(pixels)
                data += Data("\n".utf8)
            }
        }
        data += Data(out.utf8)
        return data
    }
}
