import Foundation

/// Something went wrong making or drawing a picture: reading a shader's files (GlintCore's text
/// work), compiling it or drawing (GlintRender's GL side). `description` is one line for the user
/// (a shader the driver finds several errors in, or one it explains over several lines, a line each).
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
