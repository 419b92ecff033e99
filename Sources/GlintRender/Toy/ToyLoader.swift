import Foundation
import GlintCore

/// Reads a shader written for another tool from the user's files into a `ToyProgram`: which
/// tool it is for is told from the files themselves (`dialect(of:)`), and each dialect's loader
/// turns its passes into complete GLSL programs with the tool's uniforms declared.
public enum ToyLoader {
    /// The dialect of the shader at `path`, or nil for a file that is none of them (a Glint
    /// effect file: `colorEffect`, a Metal file). A folder is Shadertoy's tabs; a `.json` file a
    /// Shadertoy export; a file beginning with a JSON comment ISF; a file defining `mainImage`
    /// Shadertoy; a file with `main()` writing `gl_FragColor` (or, under a `#version` line, an
    /// `out vec4` of its own) glslViewer.
    public static func dialect(of path: String, text: String?) -> ToyProgram.Dialect? {
        if PathBytes.isFolder(path) { return .shadertoy }
        if path.lowercased().hasSuffix(".json") { return .shadertoy }
        guard let text else { return nil }
        let code = text.drop { $0.isWhitespace }
        if code.hasPrefix("/*") && code.dropFirst(2).drop(while: { $0.isWhitespace }).hasPrefix("{") { return .isf }
        if text.contains("colorEffect(") || text.contains("layerEffect(") || text.contains("distortionEffect(") { return nil }
        if text.contains("mainImage") { return .shadertoy }
        if text.contains("main") && (text.contains("gl_FragColor") || GlslViewerLoader.declaresOutput(text)) { return .glslViewer }
        return nil
    }

    /// The program of the shader at `path` in `dialect` (`dialect(of:text:)`), its images read,
    /// with `options` (the command line's `-I`, `-D` and `--texture`), which the program keeps
    /// for its reloads.
    public static func load(_ path: String, dialect: ToyProgram.Dialect, options: ToyLoadOptions = ToyLoadOptions()) throws(RenderError) -> ToyProgram {
        var program: ToyProgram
        switch dialect {
        case .shadertoy: program = try ShadertoyLoader.load(path, includePaths: options.includePaths)
        case .glslViewer: program = try GlslViewerLoader.load(path, options: options)
        case .isf: program = try ISFLoader.load(path, options: options)
        }
        program.origin = path
        program.options = options
        program.files = watchedFiles(of: program, at: path)
        if !options.defines.isEmpty {
            for p in program.passes.indices {
                program.passes[p].source = ShaderDefine.inject(options.defines, into: program.passes[p].source)
            }
        }
        return program
    }

    /// The program `program` was loaded from, read again with the options it was loaded with.
    public static func reload(_ program: ToyProgram) throws(RenderError) -> ToyProgram? {
        guard let origin = program.origin else { return nil }
        return try load(origin, dialect: program.dialect, options: program.options)
    }

    /// The files a program was made from, for the window to watch: the path itself (a folder's
    /// files), every file its passes name, its images.
    static func watchedFiles(of program: ToyProgram, at path: String) -> [String] {
        var files: [String] = []
        if PathBytes.isFolder(path) {
            let entries = PathBytes.entries(of: path) ?? []
            files += entries.sorted().map { (path as NSString).appendingPathComponent($0) }
        } else {
            files.append(path)
        }
        for pass in program.passes {
            files += pass.files.values.filter(PathBytes.exists)
            for channel in pass.channels {
                if case .image(let image) = channel.source, case .file(let file, _, _) = image.identity { files.append(file) }
            }
        }
        var seen = Set<String>()
        return files.filter { seen.insert($0).inserted }
    }

    /// When each of `files` was last changed, in nanoseconds (-1: gone), to tell when to reload.
    public static func modificationTimes(of files: [String]) -> [Int] {
        files.map(modificationTime)
    }

    /// When `file` was last changed, in nanoseconds since 1970 (-1: it is gone): one `stat` of
    /// its exact bytes, no allocation.
    public static func modificationTime(_ file: String) -> Int {
        PathBytes.modificationTime(file)
    }

    /// The name a program is shown under: the file's name without its extension.
    static func displayName(_ path: String) -> String {
        let base = (path as NSString).lastPathComponent
        let stem = (base as NSString).deletingPathExtension
        return stem.isEmpty ? base : stem
    }

    /// The text of a user's file, its includes spliced in (relative to it, then `includePaths`),
    /// numbered as source string `stringNumber`; `files` gains the included files' numbers.
    static func expand(_ path: String, stringNumber: Int, files: inout [Int: String], expander: inout IncludeExpander) throws(RenderError) -> String {
        files[stringNumber] = path
        let text = try expander.expand(path, stringNumber: stringNumber, depth: 0)
        for (n, f) in expander.files { files[n] = f }
        return text
    }

    /// Reads a user's text file, nil-free: a missing file is one line naming who wanted it.
    static func readText(_ path: String, for what: String) throws(RenderError) -> String {
        guard let text = try ShaderFile.read(path) else {
            throw .shader(file: path, line: nil, stage: "read", log: "no such file (\(what))")
        }
        return text
    }

    /// An image channel's picture: a PNG or JPEG file (told by its content, not its name), rows
    /// turned so that v = 0 is its bottom row when `flipsY` (how every dialect shows an image the
    /// right way up). A `.jpg` or `.jpeg` that is not there is looked for as the `.png` beside it
    /// (the picture converted, the file that names it unchanged), and stderr says which was used.
    static func loadImage(_ path: String, for what: String, flipsY: Bool) throws(RenderError) -> Image {
        var path = path
        var link = stat()
        if PathBytes.withCString(path, { lstat($0, &link) }) != 0 {
            guard let converted = convertedPNG(of: path), PathBytes.withCString(converted, { lstat($0, &link) }) == 0 else {
                let beside = convertedPNG(of: path).map { " (nor a converted '\($0)' beside it)" } ?? ""
                throw .image("\(what): no file '\(path)'\(beside)")
            }
            FileHandle.standardError.write(Data("glint: \(what): no '\(path)'; using '\(converted)' beside it\n".utf8))
            path = converted
        }
        let bytes: [UInt8]
        switch PathBytes.withCString(path, { BoundedFile.read($0, limit: ImageDecoder.maxFileBytes) }) {
        case .success(let b): bytes = b
        case .failure(let failure): throw .image("\(what): cannot read '\(path)': \(describe(failure))")
        }
        let decoded: (width: Int, height: Int, rgba: [UInt8])
        do throws(RenderError) {
            decoded = try ImageDecoder.decode(bytes)
        } catch {
            throw .image("\(what): '\(path)': \(error)")
        }
        var rgba = decoded.rgba
        if flipsY {
            let row = decoded.width * 4
            for y in 0..<decoded.height / 2 {
                let a = y * row, b = (decoded.height - 1 - y) * row
                for x in 0..<row { rgba.swapAt(a + x, b + x) }
            }
        }
        let modified = ShaderFile.modificationDate(path)?.timeIntervalSince1970 ?? 0
        return Image(width: decoded.width, height: decoded.height, pixels: rgba,
                     identity: .file(path: path, size: bytes.count, modified: modified), label: what)
    }

    /// `x.png` for `x.jpg` or `x.jpeg` (any case): where a user who converted a JPEG a file names
    /// put the picture. Nil for any other name.
    static func convertedPNG(of path: String) -> String? {
        let ext = (path as NSString).pathExtension.lowercased()
        guard ext == "jpg" || ext == "jpeg" else { return nil }
        return (path as NSString).deletingPathExtension + ".png"
    }

    /// The uniforms of `code` declared with a `// glint: MIN MAX [DEFAULT]` annotation (or
    /// `color`, `toggle`: see `UniformAnnotations`), as inputs.
    static func annotatedInputs(in code: String, file: String) throws(RenderError) -> [ToyInput] {
        do throws(InputError) {
            return try ShaderMarkers(parsing: code).uniforms(file: file).map { ToyInput($0.parameter) }
        } catch {
            throw .arguments(error.message)
        }
    }

    /// A file that could not be read, in words.
    static func describe(_ failure: BoundedFile.Failure) -> String {
        switch failure {
        case .unreachable(let code), .cannotOpen(let code), .readFailed(let code): return BoundedFile.describe(code)
        case .notRegular(let kind): return "it is \(kind), not a regular file"
        case .tooLarge: return "it is over 64 MiB"
        }
    }

    /// `text` with its `#version` line blanked (kept empty): each loader writes its own, 3.30 core.
    static func blankVersion(_ text: String) -> String {
        blankLines(text) { $0.drop { $0 == " " || $0 == "\t" }.hasPrefix("#version") }
    }

    /// `text` with every line `keep` rejects blanked (kept as an empty line, so line numbers hold).
    static func blankLines(_ text: String, where drop: (Substring) -> Bool) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { drop($0) ? "" : String($0) }.joined(separator: "\n")
    }
}
