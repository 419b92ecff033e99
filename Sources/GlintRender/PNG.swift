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

    /// Streams a PNG into the open file descriptor `fd` (which it does not close): `row(y)` gives
    /// row `y` (0 is the top) as `width * 4` RGBA8 bytes, valid until the next call, or nil to stop.
    /// Only libpng's buffers and one of the caller's rows are in memory at a time. The bytes equal
    /// `encode`'s for the same pixels. A failed write throws a `POSIXError` with the write's errno;
    /// an encoder failure throws `RenderError.image`; an error thrown by `row` is passed on.
    public static func write(width: Int, height: Int, to fd: Int32, row: (Int) throws -> UnsafePointer<UInt8>) throws {
        final class Rows {
            let row: (Int) throws -> UnsafePointer<UInt8>
            var failure: (any Error)?
            init(_ row: @escaping (Int) throws -> UnsafePointer<UInt8>) { self.row = row }
        }
        try withoutActuallyEscaping(row) { row in
            let rows = Rows(row)
            var errorNumber: Int32 = 0
            var reason = [CChar](repeating: 0, count: 200)
            let result = withExtendedLifetime(rows) {
                glint_png_write_rows(fd, png_uint_32(width), png_uint_32(height), { context, y in
                    let rows = Unmanaged<Rows>.fromOpaque(context!).takeUnretainedValue()
                    do {
                        return try rows.row(Int(y))
                    } catch {
                        rows.failure = error
                        return nil
                    }
                }, Unmanaged.passUnretained(rows).toOpaque(), &errorNumber, &reason, reason.count)
            }
            switch result {
            case 0: return
            case 1: throw rows.failure ?? RenderError.image("cannot encode PNG: no pixels")
            case -1: throw POSIXError(POSIXErrorCode(rawValue: errorNumber) ?? .EIO)
            default: throw RenderError.image("cannot encode PNG: \(String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
            }
        }
    }

    /// Streams RGBA8 pixels (rows from the top) as a PNG into `fd`; see `write(width:height:to:row:)`.
    public static func write(width: Int, height: Int, rgba: [UInt8], to fd: Int32) throws {
        precondition(rgba.count == width * height * 4, "\(rgba.count) bytes are not \(width)x\(height) RGBA8 pixels")
        try rgba.withUnsafeBufferPointer { px in
            try write(width: width, height: height, to: fd) { y in px.baseAddress! + y * width * 4 }
        }
    }

    /// Streams a framebuffer's pixels as a PNG into `fd`, reading it back a strip of rows at a
    /// time, so a frame of any size needs only one strip of memory besides libpng's. Needs the
    /// framebuffer's context current.
    public static func write(framebuffer fb: Framebuffer, to fd: Int32, stripBytes: Int = PNG.stripBytes) throws {
        let rowBytes = fb.pixelWidth * 4
        let stripRows = max(1, min(fb.pixelHeight, stripBytes / rowBytes))
        let strip = UnsafeMutableRawBufferPointer.allocate(byteCount: stripRows * rowBytes, alignment: 16)
        defer { strip.deallocate() }
        var stripTop = -stripRows
        try write(width: fb.pixelWidth, height: fb.pixelHeight, to: fd) { y in
            if y >= stripTop + stripRows {
                stripTop = y
                RenderTarget.readRows(fb, from: y, count: min(stripRows, fb.pixelHeight - y), into: strip)
                try GL.checkError("reading back rows \(y)… of a \(fb.pixelWidth)x\(fb.pixelHeight) frame")
            }
            return UnsafePointer(strip.baseAddress!.assumingMemoryBound(to: UInt8.self) + (y - stripTop) * rowBytes)
        }
    }

    /// How much of a frame `write(framebuffer:to:)` reads back at once, unless told otherwise.
    public static let stripBytes = 4 << 20 // bytes

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
