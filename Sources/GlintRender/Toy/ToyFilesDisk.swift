import Foundation
import GlintCore

extension ToyFiles {
    /// The user's files: text through the renderer's reader (where an included `Shaders/…` file
    /// built into the binary counts as there), folders listed, images decoded as PNG or JPEG.
    public static let disk = ToyFiles(reader: ShaderSources.reader, isFolder: { PathBytes.isFolder($0) },
                                      entries: { PathBytes.entries(of: $0) },
                                      image: { path, what, flipsY throws(RenderError) in try ToyLoader.loadImage(path, for: what, flipsY: flipsY) })
}

extension ToyLoader {
    /// The program of the shader at `path` in `dialect`, read from the disk (`ToyFiles.disk`).
    public static func load(_ path: String, dialect: ToyProgram.Dialect, options: ToyLoadOptions = ToyLoadOptions()) throws(RenderError) -> ToyProgram {
        try load(path, dialect: dialect, options: options, files: .disk)
    }

    /// The program `program` was loaded from, read again from the disk.
    public static func reload(_ program: ToyProgram) throws(RenderError) -> ToyProgram? {
        try reload(program, files: .disk)
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
}
