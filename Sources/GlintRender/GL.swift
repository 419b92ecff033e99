@preconcurrency import CEpoxy

/// Something went wrong on the GL side; `description` is one line for the user (a shader the
/// driver finds several errors in, or one it explains over several lines, a line each).
public enum RenderError: Error, CustomStringConvertible, Equatable {
    /// A shader failed to compile or link: where, and the driver's own words. A `log` of several
    /// lines holds the driver's further errors, each as `FILE:LINE: STAGE error: …`, and the lines
    /// it continues an error with.
    case shader(file: String, line: Int?, stage: String, log: String)
    /// A shader file the pipeline needs is missing.
    case missingShader(name: String, searched: String)
    /// The context is older than OpenGL 3.3 core.
    case unsupportedGL(version: String)
    /// The headless (EGL) context could not be made.
    case headless(String)
    /// A framebuffer was incomplete or a GL call failed.
    case gl(String)
    /// An image could not be read or written.
    case image(String)
    /// A shader's positional arguments do not fit its function's parameters (count, types,
    /// array lengths, texture units), or the function is not in its file.
    case arguments(String)
    /// The watchdog stopped a frame that took longer than its limit: which file drew it, how
    /// long it had run, and the limit (seconds).
    /// `setting` names what allows more time (`--frame-timeout`, `ImageRenderer.frameTimeout`).
    case tooSlow(file: String, seconds: Double, limit: Double, setting: String)

    public var description: String {
        switch self {
        case let .shader(file, line, stage, log):
            let place = line.map { "\(file):\($0)" } ?? file
            return "\(place): \(stage) error: \(log)"
        case let .missingShader(name, searched):
            return "shader '\(name)' not found (looked in \(searched))"
        case .unsupportedGL(let version):
            return "OpenGL 3.3 core or newer is needed, but the driver offers '\(version)'"
        case .headless(let why):
            return "cannot render headless: \(why)"
        case .gl(let why):
            return "OpenGL error: \(why)"
        case .image(let why):
            return why
        case .arguments(let why):
            return why
        case let .tooSlow(file, seconds, limit, setting):
            return "\(file): a frame took longer than \(Self.seconds(limit)) s to draw (stopped after \(Self.seconds(seconds)) s); "
                + "make the shader cheaper, render fewer pixels, or allow more time with \(setting)"
        }
    }
}

extension RenderError {
    /// "5", "2.5", "0.25": seconds without trailing zeros; below 0.01 s, three significant
    /// digits ("0.000001", "1e-09"), so a tiny limit is never shown as 0.
    public static func seconds(_ s: Double) -> String {
        if s != 0 && abs(s) < 0.01 { return String(format: "%.3g", s) }
        var text = String(format: "%.2f", s)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

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
