@preconcurrency import CEpoxy

/// Small conveniences over libepoxy's entry points.
public enum GL {
    /// The current context's GL_VERSION string.
    static var versionString: String {
        guard let p = epoxy_glGetString(GLenum(GL_VERSION)) else { return "unknown" }
        return String(cString: UnsafeRawPointer(p).assumingMemoryBound(to: CChar.self))
    }

    static var rendererString: String {
        guard let p = epoxy_glGetString(GLenum(GL_RENDERER)) else { return "unknown" }
        return String(cString: UnsafeRawPointer(p).assumingMemoryBound(to: CChar.self))
    }

    /// Throws unless the current context is OpenGL 3.3 or newer.
    static func requireVersion33() throws(RenderError) {
        let version = versionString
        // "4.5 (Core Profile) Mesa 22.3.6" — the first token is major.minor.
        let head = version.split(separator: " ").first ?? ""
        let numbers = head.split(separator: ".").compactMap { Int($0) }
        guard numbers.count >= 2 else { throw .unsupportedGL(version: version) }
        if numbers[0] < 3 || (numbers[0] == 3 && numbers[1] < 3) {
            throw .unsupportedGL(version: version)
        }
    }

    /// How many texture units a fragment shader may use (at least 16 in OpenGL 3.3).
    static var maxTextureUnits: Int {
        var n: GLint = 0
        epoxy_glGetIntegerv(GLenum(GL_MAX_TEXTURE_IMAGE_UNITS), &n)
        return Int(max(n, 16))
    }

    /// The largest texture side the driver allows (at least 1024 in OpenGL 3.3).
    static var maxTextureSize: Int {
        var n: GLint = 0
        epoxy_glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &n)
        return Int(max(n, 1024))
    }

    /// Names the first pending GL error, if any, and clears the queue.
    public static func checkError(_ what: @autoclosure () -> String) throws(RenderError) {
        let first = epoxy_glGetError()
        guard first != GLenum(GL_NO_ERROR) else { return }
        while epoxy_glGetError() != GLenum(GL_NO_ERROR) {}
        throw .gl("\(errorName(first)) during \(what())")
    }

    static func errorName(_ e: GLenum) -> String {
        switch Int32(e) {
        case GL_INVALID_ENUM: return "GL_INVALID_ENUM"
        case GL_INVALID_VALUE: return "GL_INVALID_VALUE"
        case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION"
        case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION"
        case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY"
        default: return "GL error 0x" + String(e, radix: 16)
        }
    }
}
