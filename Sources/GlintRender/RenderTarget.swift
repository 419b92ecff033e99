@preconcurrency import CEpoxy

/// Where a frame goes: a framebuffer object (0 is the window's) and its size in pixels.
public struct Framebuffer: Equatable, Sendable {
    public var id: GLuint
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// Where this region starts in the framebuffer object, in pixels from its bottom-left (GL's
    /// convention): non-zero for a view's rect inside a larger target.
    public var originX = 0
    public var originY = 0

    public init(id: GLuint, pixelWidth: Int, pixelHeight: Int) {
        self.id = id
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }

    /// Binds it for drawing and sets the viewport to all of it.
    public func bind() {
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), id)
        epoxy_glViewport(GLint(originX), GLint(originY), GLsizei(pixelWidth), GLsizei(pixelHeight))
    }
}

/// An offscreen colour target (RGBA8 unless asked otherwise): a texture attached to a framebuffer object.
public final class RenderTarget {
    public private(set) var framebuffer: Framebuffer
    public let texture: GLuint
    private let context: GLContext
    /// Whether it stores half floats: for intermediate results read again by later steps, where
    /// 8 bits each time would add a rounding per step.
    public let isHalfFloat: Bool
    /// A rect of its pixels outside which every pixel is transparent, where the renderer knows one
    /// (`Renderer.clearOutside`): a pass that overwrites all of that rect then needs no clear
    /// first. Unknown (nil) when made or reallocated, whose pixels GL leaves undefined.
    var transparentOutside: Renderer.PixelRect?

    /// Needs a current context (a `HeadlessContext` or a window's).
    public init(pixelWidth: Int, pixelHeight: Int, halfFloat: Bool = false) throws(RenderError) {
        context = try GLContext.requireCurrent(for: "an offscreen target")
        isHalfFloat = halfFloat
        var fbo: GLuint = 0
        var tex: GLuint = 0
        epoxy_glGenFramebuffers(1, &fbo)
        epoxy_glGenTextures(1, &tex)
        texture = tex
        framebuffer = Framebuffer(id: fbo, pixelWidth: 0, pixelHeight: 0)
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), tex)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        try resize(pixelWidth: pixelWidth, pixelHeight: pixelHeight)
    }

    deinit {
        context.perform {
            var fbo = framebuffer.id
            var tex = texture
            epoxy_glDeleteFramebuffers(1, &fbo)
            epoxy_glDeleteTextures(1, &tex)
        }
    }

    /// Reallocates the storage when the size changed; a no-op otherwise.
    public func resize(pixelWidth: Int, pixelHeight: Int) throws(RenderError) {
        let w = max(pixelWidth, 1)
        let h = max(pixelHeight, 1)
        guard w != framebuffer.pixelWidth || h != framebuffer.pixelHeight else { return }
        var limit: GLint = 0
        epoxy_glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &limit)
        if limit > 0 && (w > limit || h > limit) {
            throw .gl("a frame of \(w)x\(h) pixels is larger than this OpenGL allows (\(limit) pixels a side); use a smaller --size or --scale")
        }
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        epoxy_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, isHalfFloat ? GL_RGBA16F : GL_RGBA8, GLsizei(w), GLsizei(h), 0, GLenum(GL_RGBA),
                           GLenum(isHalfFloat ? GL_HALF_FLOAT : GL_UNSIGNED_BYTE), nil)
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer.id)
        epoxy_glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        let status = epoxy_glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            throw .gl("offscreen target of \(w)x\(h) pixels is incomplete (status 0x\(String(status, radix: 16)))")
        }
        framebuffer.pixelWidth = w
        framebuffer.pixelHeight = h
        transparentOutside = nil
        try GL.checkError("allocating a \(w)x\(h) offscreen target")
    }

    /// The target's pixels, RGBA8 premultiplied, rows from the top.
    public func readPixels() -> [UInt8] {
        Self.readPixels(framebuffer)
    }

    /// Reads a framebuffer back, flipping GL's bottom-up rows to top-down.
    public static func readPixels(_ fb: Framebuffer) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: fb.pixelWidth * fb.pixelHeight * 4)
        pixels.withUnsafeMutableBytes { readRows(fb, from: 0, count: fb.pixelHeight, into: $0) }
        return pixels
    }

    /// Reads `count` rows of a framebuffer into `buffer`, RGBA8 premultiplied, starting `top` rows
    /// from the top and ordered top-down (GL keeps rows bottom-up; they are flipped in place).
    /// `buffer` holds at least `count * pixelWidth * 4` bytes.
    public static func readRows(_ fb: Framebuffer, from top: Int, count: Int, into buffer: UnsafeMutableRawBufferPointer) {
        let rowBytes = fb.pixelWidth * 4
        precondition(top >= 0 && count >= 0 && top + count <= fb.pixelHeight, "rows \(top)..<\(top + count) of \(fb.pixelHeight)")
        precondition(buffer.count >= count * rowBytes, "\(buffer.count) bytes cannot hold \(count) rows of \(rowBytes)")
        guard count > 0, let base = buffer.baseAddress else { return }
        epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), fb.id)
        epoxy_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        // GL's row 0 is the bottom one: top-down rows top..<top+count are GL rows from here up.
        let glBottom = fb.pixelHeight - top - count
        epoxy_glReadPixels(0, GLint(glBottom), GLsizei(fb.pixelWidth), GLsizei(count), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), base)
        let spare = UnsafeMutableRawPointer.allocate(byteCount: rowBytes, alignment: 16)
        defer { spare.deallocate() }
        for y in 0..<count / 2 {
            let upper = base + y * rowBytes, lower = base + (count - 1 - y) * rowBytes
            spare.copyMemory(from: upper, byteCount: rowBytes)
            upper.copyMemory(from: lower, byteCount: rowBytes)
            lower.copyMemory(from: spare, byteCount: rowBytes)
        }
    }
}
