@preconcurrency import CPNG
import Foundation
import GlintCore

/// PNG reading and writing through libpng's simplified API.
public enum PNG {
    /// Encodes RGBA8 pixels (rows from the top). The same pixels always give the same bytes.
    public static func encode(width: Int, height: Int, rgba: [UInt8]) throws(RenderError) -> [UInt8] {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        image.format = glint_png_format_rgba
        var size: png_alloc_size_t = 0
        let stride = png_int_32(width * 4)
        let probe = rgba.withUnsafeBytes { png_image_write_to_memory(&image, nil, &size, 0, $0.baseAddress, stride, nil) }
        guard probe != 0, size > 0 else { throw .image("cannot encode PNG: \(message(image))") }
        var out = [UInt8](repeating: 0, count: Int(size))
        let ok = rgba.withUnsafeBytes { px in
            out.withUnsafeMutableBytes { png_image_write_to_memory(&image, $0.baseAddress, &size, 0, px.baseAddress, stride, nil) }
        }
        guard ok != 0 else { throw .image("cannot encode PNG: \(message(image))") }
        return Array(out.prefix(Int(size)))
    }

    /// Writes a PNG file; the message names the path and the reason when it cannot.
    public static func write(_ path: String, width: Int, height: Int, rgba: [UInt8]) throws(RenderError) {
        let bytes = try encode(width: width, height: height, rgba: rgba)
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .image("cannot write '\(path)': \(error.localizedDescription)")
        }
    }

    /// Decodes a PNG into RGBA8 with straight alpha, rows from the top.
    public static func decode(_ bytes: [UInt8]) throws(RenderError) -> (width: Int, height: Int, rgba: [UInt8]) {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        let begun = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else { throw .image("not a readable PNG: \(message(image))") }
        image.format = glint_png_format_rgba
        var out = [UInt8](repeating: 0, count: Int(image.width) * Int(image.height) * 4)
        let done = bytes.withUnsafeBytes { _ in
            out.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
        }
        guard done != 0 else { throw .image("cannot decode PNG: \(message(image))") }
        return (Int(image.width), Int(image.height), out)
    }

    /// Reads a PNG file.
    public static func read(_ path: String) throws(RenderError) -> (width: Int, height: Int, rgba: [UInt8]) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .image("cannot read '\(path)': no such file or not readable")
        }
        return try decode([UInt8](data))
    }

    /// An `Image` (premultiplied) from PNG bytes.
    public static func image(from bytes: [UInt8]) throws(RenderError) -> Image {
        let (w, h, straight) = try decode(bytes)
        var px = straight
        for i in stride(from: 0, to: px.count, by: 4) {
            let a = UInt16(px[i + 3])
            for c in 0..<3 { px[i + c] = UInt8((UInt16(px[i + c]) * a + 127) / 255) }
        }
        return Image(width: w, height: h, pixels: px)
    }

    private static func message(_ image: png_image) -> String {
        var m = image.message
        return withUnsafeBytes(of: &m) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
