import Foundation
import GlintCore

/// Where shader sources and assets come from: built into the binary from the top-level `Shaders/`
/// and `Assets/` folders, or, for shader work, read live from a folder given with `--shaders`
/// or `GLINT_SHADERS` (any file found there wins over the built-in one).
public struct ShaderSources: Sendable {
    /// A folder read before the built-in shaders, if any.
    public var overrideDirectory: String?

    public init(overrideDirectory: String? = ProcessInfo.processInfo.environment["GLINT_SHADERS"]) {
        self.overrideDirectory = overrideDirectory
    }

    /// The shader file names built into this binary.
    public static var builtInNames: [String] { EmbeddedFiles.shaders.keys.sorted() }

    /// The text of a shader file and the path to name in messages.
    public func source(named file: String) throws(RenderError) -> (text: String, path: String) {
        if let dir = overrideDirectory {
            let path = Self.join(dir, file)
            if let data = FileManager.default.contents(atPath: path) {
                guard let text = String(data: data, encoding: .utf8) else {
                    throw .shader(file: path, line: nil, stage: "read", log: "not UTF-8 text")
                }
                return (text, path)
            }
        }
        if let text = EmbeddedFiles.shaders[file] { return (text, "Shaders/\(file)") }
        let searched = (overrideDirectory.map { "\($0) and " } ?? "") + "the built-in Shaders/"
        throw .missingShader(name: file, searched: searched)
    }

    /// The path of `file` in the override folder, if it is there: a file that can change while
    /// glint runs.
    public func liveFile(named file: String) -> String? {
        guard let dir = overrideDirectory else { return nil }
        let path = Self.join(dir, file)
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// `file` in `dir`, named as the user would: `my.frag` rather than `./my.frag`.
    private static func join(_ dir: String, _ file: String) -> String {
        if dir == "." { return file }
        return dir.hasSuffix("/") ? dir + file : dir + "/" + file
    }

    /// When the file at `path` last changed, or nil if it cannot be read.
    static func modificationDate(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    /// The file of a user's shader library (`ShaderLibrary(url:)`) that defines `function`: the
    /// library itself when it is a file, `<function>.frag` (or `.glsl`) in it when it is a
    /// folder; nil when there is none.
    public static func libraryFile(_ function: String, in library: String) -> String? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: library, isDirectory: &isFolder) else { return nil }
        guard isFolder.boolValue else { return library }
        for ext in [".frag", ".glsl"] {
            let path = join(library, function + ext)
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        return nil
    }

    /// The text of the file of a user's shader library that defines `function`.
    public static func librarySource(_ function: String, in library: String) throws(RenderError) -> (text: String, path: String) {
        guard let path = libraryFile(function, in: library) else {
            throw .missingShader(name: function + ".frag", searched: library)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .shader(file: path, line: nil, stage: "read", log: "cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .shader(file: path, line: nil, stage: "read", log: "not UTF-8 text")
        }
        return (text, path)
    }

    /// The bytes of a file in `Assets/`.
    public static func asset(named file: String) -> [UInt8]? {
        guard let b64 = EmbeddedFiles.assetsBase64[file], let data = Data(base64Encoded: b64) else { return nil }
        return [UInt8](data)
    }
}

/// Turns an effect file (a SwiftUI-style function, no `#version`, no `main`) into a full fragment
/// shader: the version line, the pipeline's prelude (`Shaders/glint.glsl`), the file, and a `main`
/// for its kind. `#line` directives keep the driver's line numbers those of each file.
enum EffectSource {
    /// Source-string numbers used in `#line` so driver messages can be traced back to a file.
    static let preludeString = 1
    static let effectString = 2
    static let mainString = 3

    static func assemble(effect: String, prelude: String, kind: ShaderEffect.Kind) -> String {
        let main: String
        switch kind {
        case .color:
            main = """
            void main() {
                vec2 position = glint_position();
                vec4 color = glint_hasLayer != 0 ? glint_layerColor() : glint_baseColor;
                glint_fragColor = colorEffect(position, color);
            }
            """
        case .layer:
            main = """
            void main() {
                glint_fragColor = layerEffect(glint_position());
            }
            """
        case .distortion:
            main = """
            void main() {
                glint_fragColor = layerSample(distortionEffect(glint_position()));
            }
            """
        case .fill:
            main = """
            void main() {
                glint_fragColor = fillEffect(glint_position());
            }
            """
        }
        return "#version 330 core\n#line 1 \(preludeString)\n\(prelude)\n#line 1 \(effectString)\n\(effect)\n#line 1 \(mainString)\n\(main)\n"
    }

    /// The whole fragment shader with a given `main` (generated for positional arguments).
    static func assemble(effect: String, prelude: String, main: String) -> String {
        "#version 330 core\n#line 1 \(preludeString)\n\(prelude)\n#line 1 \(effectString)\n\(effect)\n#line 1 \(mainString)\n\(main)\n"
    }

    /// Finds the kind of effect a file defines from the function it declares.
    static func kind(of source: String) -> ShaderEffect.Kind? {
        if source.contains("layerEffect(") { return .layer(maxSampleOffset: .zero) }
        if source.contains("distortionEffect(") { return .distortion(maxSampleOffset: .zero) }
        if source.contains("colorEffect(") { return .color }
        return nil
    }
}
