import Foundation

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
    /// for its reloads; every file read through `files` (the renderer's `ToyFiles.disk` reads
    /// the disk and decodes images).
    public static func load(_ path: String, dialect: ToyProgram.Dialect, options: ToyLoadOptions = ToyLoadOptions(), files: ToyFiles) throws(RenderError) -> ToyProgram {
        var program: ToyProgram
        switch dialect {
        case .shadertoy: program = try ShadertoyLoader.load(path, includePaths: options.includePaths, files: files)
        case .glslViewer: program = try GlslViewerLoader.load(path, options: options, files: files)
        case .isf: program = try ISFLoader.load(path, options: options, files: files)
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

    /// The program `program` was loaded from, read again through `files` with the options it was
    /// loaded with.
    public static func reload(_ program: ToyProgram, files: ToyFiles) throws(RenderError) -> ToyProgram? {
        guard let origin = program.origin else { return nil }
        return try load(origin, dialect: program.dialect, options: program.options, files: files)
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

    /// `x.png` for `x.jpg` or `x.jpeg` (any case): where a user who converted a JPEG a file names
    /// put the picture. Nil for any other name.
    package static func convertedPNG(of path: String) -> String? {
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
    package static func describe(_ failure: BoundedFile.Failure) -> String {
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

/// Where the tools' loaders read their files: text (and whether a path exists) through a
/// `SourceReader`, a folder's names, and an image channel's picture. The renderer's `disk`
/// reads the user's files and decodes PNG and JPEG; a test holds the files in memory.
public struct ToyFiles: Sendable {
    /// The text of a file and the files it includes.
    public var reader: SourceReader
    /// Whether a path is a folder (a Shadertoy shader's tabs).
    public var isFolder: @Sendable (String) -> Bool
    /// The names in a folder, nil when it cannot be listed.
    public var entries: @Sendable (String) -> [String]?
    /// The picture at a path for an image channel: the path, who wants it (for messages), and
    /// whether its rows are turned so that v = 0 is its bottom row.
    public var image: @Sendable (String, String, Bool) throws(RenderError) -> Image

    public init(reader: SourceReader, isFolder: @escaping @Sendable (String) -> Bool, entries: @escaping @Sendable (String) -> [String]?,
                image: @escaping @Sendable (String, String, Bool) throws(RenderError) -> Image) {
        self.reader = reader
        self.isFolder = isFolder
        self.entries = entries
        self.image = image
    }

    /// Text held in memory by path (`SourceReader.files`): a folder is a path some file is
    /// under, its entries the names directly in it; `image` makes the pictures.
    public static func files(_ files: [String: String],
                             image: @escaping @Sendable (String, String, Bool) throws(RenderError) -> Image) -> ToyFiles {
        let paths = Array(files.keys)
        let names: @Sendable (String) -> [String] = { folder in
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            return paths.compactMap { path in
                guard path.hasPrefix(prefix) else { return nil }
                let rest = path.dropFirst(prefix.count)
                return rest.contains("/") || rest.isEmpty ? nil : String(rest)
            }
        }
        return ToyFiles(reader: .files(files), isFolder: { !names($0).isEmpty }, entries: { folder in
            let found = names(folder)
            return found.isEmpty ? nil : found
        }, image: image)
    }

    /// Reads a user's text file, nil-free: a missing file is one line naming who wanted it.
    func readText(_ path: String, for what: String) throws(RenderError) -> String {
        guard let text = try reader.read(path) else {
            throw .shader(file: path, line: nil, stage: "read", log: "no such file (\(what))")
        }
        return text
    }

    /// An image channel's picture, through `image`.
    func loadImage(_ path: String, _ what: String, flipsY: Bool) throws(RenderError) -> Image {
        try image(path, what, flipsY)
    }
}
