@preconcurrency import CEpoxy
import GlintCore

/// Draws textured, tinted quads in pixel coordinates (origin top-left): the library's text
/// (`GlyphRenderer`) and shape coverage masks. Each vertex carries a colour too, so quads of many
/// colours sharing a texture are one draw. Quads are laid out first and uploaded in one go
/// (`upload`), then drawn in ranges: the buffer is written once, never between draws that may
/// still read it. Vertices go through one reusable array: drawing allocates nothing.
final class SpriteBatch {
    /// Floats per vertex: x, y, u, v, then a premultiplied colour r, g, b, a.
    static let floatsPerVertex = 8
    /// Most quads laid out between two `begin()`s (more are dropped): room for a long shader
    /// error in the HUD (each character is two quads, with its shadow).
    static let capacity = 4096
    /// Buffer storage is requested in steps of this many bytes, so its size changes only when the
    /// text grows past a step, not every frame.
    static let storageStep = 32 * 1024

    private let program: Program
    private let vertexArray: GLuint
    private let buffer: GLuint
    private let targetSizeLocation: GLint
    private let tintLocation: GLint
    private let imageLocation: GLint
    private var vertices: [Float] = []
    private let context: GLContext
    private var boundTexture: GLuint?

    init(sources: ShaderSources) throws(RenderError) {
        context = try GLContext.requireCurrent(for: "the sprite batch")
        let vs = try sources.source(named: "sprite.vert")
        let fs = try sources.source(named: "sprite.frag")
        program = try Program(name: "sprite", vertex: (vs.text, [0: vs.path]), fragment: (fs.text, [0: fs.path]))
        try program.checkUniformTypes([("targetSize", .vec2), ("tint", .vec4), ("image", .sampler2D)], sources: [vs, fs])
        targetSizeLocation = program.location("targetSize")
        tintLocation = program.location("tint")
        imageLocation = program.location("image")
        var vao: GLuint = 0
        var vbo: GLuint = 0
        epoxy_glGenVertexArrays(1, &vao)
        epoxy_glGenBuffers(1, &vbo)
        vertexArray = vao
        buffer = vbo
        epoxy_glBindVertexArray(vao)
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), vbo)
        epoxy_glBufferData(GLenum(GL_ARRAY_BUFFER), Self.storageStep, nil, GLenum(GL_DYNAMIC_DRAW))
        let stride = GLsizei(Self.floatsPerVertex * MemoryLayout<Float>.size)
        epoxy_glEnableVertexAttribArray(0)
        epoxy_glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, nil)
        epoxy_glEnableVertexAttribArray(1)
        epoxy_glVertexAttribPointer(1, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, UnsafeRawPointer(bitPattern: 2 * MemoryLayout<Float>.size))
        epoxy_glEnableVertexAttribArray(2)
        epoxy_glVertexAttribPointer(2, 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, UnsafeRawPointer(bitPattern: 4 * MemoryLayout<Float>.size))
        epoxy_glBindVertexArray(0)
        vertices.reserveCapacity(Self.capacity * 6 * Self.floatsPerVertex)
    }

    deinit {
        context.perform {
            var vao = vertexArray
            var vbo = buffer
            epoxy_glDeleteVertexArrays(1, &vao)
            epoxy_glDeleteBuffers(1, &vbo)
        }
    }

    /// Starts a frame's quads.
    func begin() {
        vertices.removeAll(keepingCapacity: true)
    }

    /// Vertices laid out since `begin()`; the next quad starts here.
    var vertexCount: Int { vertices.count / Self.floatsPerVertex }

    /// Adds a quad covering pixels x0…x1, y0…y1 (y down) showing texture coordinates u0…u1, v0…v1,
    /// multiplied by `color` (straight alpha; white leaves the texture as it is).
    func quad(x0: Float, y0: Float, x1: Float, y1: Float, u0: Float, v0: Float, u1: Float, v1: Float, color: Color = .white) {
        guard vertices.count + 6 * Self.floatsPerVertex <= vertices.capacity else { return }
        let c = color.premultiplied
        // Two triangles; appended one by one, since an array literal here would allocate per quad.
        put(x0, y0, u0, v0, c); put(x1, y0, u1, v0, c); put(x1, y1, u1, v1, c)
        put(x0, y0, u0, v0, c); put(x1, y1, u1, v1, c); put(x0, y1, u0, v1, c)
    }

    private func put(_ x: Float, _ y: Float, _ u: Float, _ v: Float, _ c: (Float, Float, Float, Float)) {
        vertices.append(x); vertices.append(y); vertices.append(u); vertices.append(v)
        vertices.append(c.0); vertices.append(c.1); vertices.append(c.2); vertices.append(c.3)
    }

    /// Sends every quad laid out since `begin()` to the GPU. The buffer's storage is orphaned first
    /// (`glBufferData` with no data), so a driver still drawing last frame's quads from it hands
    /// out fresh storage instead of waiting for the GPU.
    func upload() {
        guard !vertices.isEmpty else { return }
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        vertices.withUnsafeBytes {
            let storage = ($0.count + Self.storageStep - 1) / Self.storageStep * Self.storageStep
            epoxy_glBufferData(GLenum(GL_ARRAY_BUFFER), storage, nil, GLenum(GL_DYNAMIC_DRAW))
            epoxy_glBufferSubData(GLenum(GL_ARRAY_BUFFER), 0, $0.count, $0.baseAddress)
        }
    }

    /// Sets what every draw into `target` shares: program, vertices, premultiplied blending.
    /// `target` must be bound.
    func bindState(target: Framebuffer) {
        epoxy_glUseProgram(program.id)
        epoxy_glUniform2f(targetSizeLocation, Float(target.pixelWidth), Float(target.pixelHeight))
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
        epoxy_glUniform1i(imageLocation, 0)
        boundTexture = nil
        epoxy_glBindVertexArray(vertexArray)
        epoxy_glEnable(GLenum(GL_BLEND))
        epoxy_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
    }

    /// Draws `count` uploaded vertices from `first` with `texture`, tinted by a premultiplied colour.
    /// Call `bindState` first.
    func draw(first: Int, count: Int, texture: GLuint, tint: Color) {
        guard count > 0 else { return }
        if texture != boundTexture {
            epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
            boundTexture = texture
        }
        let (r, g, b, a) = tint.premultiplied
        epoxy_glUniform4f(tintLocation, r, g, b, a)
        epoxy_glDrawArrays(GLenum(GL_TRIANGLES), GLint(first), GLsizei(count))
    }

    /// Draws quads `range` (uploaded since `begin()`) of `texture` into `target`, blended
    /// premultiplied: the whole of a draw, state bound and unbound.
    func drawQuads(_ range: Range<Int>, texture: GLuint, into target: Framebuffer) {
        guard !range.isEmpty else { return }
        target.bind()
        epoxy_glViewport(0, 0, GLsizei(target.pixelWidth), GLsizei(target.pixelHeight))
        bindState(target: target)
        draw(first: range.lowerBound * 6, count: range.count * 6, texture: texture, tint: .white)
        unbindState()
    }

    /// Leaves the vertex array unbound, as the other renderers expect.
    func unbindState() { epoxy_glBindVertexArray(0) }
}
