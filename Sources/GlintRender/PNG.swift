@preconcurrency import CPNG
import Foundation
import GlintCore

/// How hard a PNG is compressed. Both write the same pixels; they differ in time and size.
public enum PNGCompression: String, CaseIterable, Sendable {
    /// libdeflate at level 4, each row's filter chosen as libpng chooses but judged on every
    /// fourth pixel: the default. At 1280x720, 4.5 to 6 times faster than libpng's simplified
    /// writer (which `ImageRenderer` used), files 2 to 14 % larger.
    case fast
    /// libdeflate at its best level (12), each row's filter chosen on every pixel: the smallest
    /// files (7 to 33 % under libpng's defaults), and slow: seconds for a 1280x720 glow.
    case small

    /// libdeflate's compression level.
    var level: Int32 { self == .fast ? 4 : 12 }
    /// Whether each row's filter is chosen (else every row takes Sub).
    var isAdaptive: Bool { self == .small }
}

/// PNG reading and writing: a fast in-memory encoder (libdeflate), libpng's streaming encoder
/// for images too large to hold twice, and a bounded libpng reader to decode.
public enum PNG {
    /// Encodes RGBA8 pixels (rows from the top) at `compression`. The same pixels always give
    /// the same bytes.
    public static func encode(width: Int, height: Int, rgba: [UInt8], compression: PNGCompression = .fast) throws(RenderError) -> [UInt8] {
        guard width > 0, height > 0, rgba.count == width * height * 4 else {
            throw .image("cannot encode PNG: \(rgba.count) bytes are not \(width)x\(height) RGBA8 pixels")
        }
        if width * height <= maxFastPixels {
            return try rgba.withUnsafeBufferPointer { px throws(RenderError) in
                try encodeFast(px.baseAddress!, width: width, height: height, compression: compression)
            }
        }
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

    /// The most pixels encoded in memory in one go (libdeflate compresses whole buffers); a
    /// larger image goes through libpng's streaming zlib encoder instead, a strip at a time.
    public static let maxFastPixels = 4096 * 4096

    /// `compression`'s encoding of the pixels at `base`, in memory.
    private static func encodeFast(_ base: UnsafePointer<UInt8>, width: Int, height: Int,
                                   compression: PNGCompression) throws(RenderError) -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = glint_png_encode_fast(base, UInt32(width), UInt32(height), width * 4, compression.level,
                                           compression.isAdaptive ? 1 : 0, &out, &size)
        defer { free(out) }
        guard status == 0, let out else { throw .image("cannot encode PNG: out of memory for a \(width)x\(height) image") }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }

    /// Writes `bytes` to `fd` whole, retrying short writes; throws the errno of a failed write.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32) throws {
        try bytes.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + done, buffer.count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { throw POSIXError(POSIXErrorCode(rawValue: n < 0 ? errno : EIO) ?? .EIO) }
                done += n
            }
        }
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
    public static func write(width: Int, height: Int, rgba: [UInt8], to fd: Int32, compression: PNGCompression = .fast) throws {
        precondition(rgba.count == width * height * 4, "\(rgba.count) bytes are not \(width)x\(height) RGBA8 pixels")
        if width * height <= maxFastPixels {
            try writeAll(try encode(width: width, height: height, rgba: rgba, compression: compression), to: fd)
            return
        }
        try rgba.withUnsafeBufferPointer { px in
            try write(width: width, height: height, to: fd) { y in px.baseAddress! + y * width * 4 }
        }
    }

    /// Streams a framebuffer's pixels as a PNG into `fd`, reading it back a strip of rows at a
    /// time, so a frame of any size needs only one strip of memory besides libpng's. Needs the
    /// framebuffer's context current.
    public static func write(framebuffer fb: Framebuffer, to fd: Int32, stripBytes: Int = PNG.stripBytes,
                             compression: PNGCompression = .fast) throws {
        if fb.pixelWidth * fb.pixelHeight <= maxFastPixels {
            let pixels = RenderTarget.readPixels(fb)
            try GL.checkError("reading back a \(fb.pixelWidth)x\(fb.pixelHeight) frame")
            try writeAll(try encode(width: fb.pixelWidth, height: fb.pixelHeight, rgba: pixels, compression: compression), to: fd)
            return
        }
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

    /// The widest and tallest image `decode` reads, in pixels: the texture size OpenGL 4.5
    /// guarantees (GL_MAX_TEXTURE_SIZE is at least this) and llvmpipe's limit. No larger image
    /// could be drawn, so its header is refused before any memory is allocated for its pixels.
    public static let maxSide = 16384 // pixels
    /// The most pixels `decode` reads: its memory budget, 512 MiB of RGBA8 (16384×8192). An
    /// image within `maxSide` but over this is refused, too, before its pixels are allocated.
    public static let maxPixels = 16384 * 8192 // pixels
    /// Room for libpng's reason for refusing a PNG.
    private static let reasonBytes = 200

    /// The size a PNG's header declares, read without decoding (or allocating) its pixels;
    /// throws when the data is not a PNG, is truncated or is damaged before its image data.
    public static func size(of bytes: [UInt8]) throws(RenderError) -> (width: Int, height: Int) {
        var width: png_uint_32 = 0, height: png_uint_32 = 0
        var reason = [CChar](repeating: 0, count: reasonBytes)
        let status = bytes.withUnsafeBufferPointer { data in
            glint_png_read(data.baseAddress, data.count, png_uint_32(maxSide), nil, &width, &height, &reason, reason.count)
        }
        guard status == glint_png_read_ok else { throw failure(status, reason) }
        return (Int(width), Int(height))
    }

    /// Refuses an image of `width` × `height` pixels that `decode` would not read: wider or
    /// taller than `maxSide`, or more pixels than `maxPixels`.
    public static func checkSize(width: Int, height: Int) throws(RenderError) {
        if width > maxSide || height > maxSide {
            throw .image("the image is \(width)×\(height); at most \(maxSide) pixels a side")
        }
        if width * height > maxPixels {
            throw .image("the image is \(width)×\(height), \(width * height) pixels; at most \(maxPixels) pixels (\(maxPixels * 4 / (1 << 20)) MiB of RGBA)")
        }
    }

    /// Decodes a PNG into RGBA8 with straight alpha, rows from the top, as libpng's simplified
    /// API does (palette, grey and transparency expanded, 16-bit samples scaled to 8). The header
    /// is read first: an image over `maxSide` a side or `maxPixels` in all is refused before its
    /// pixels are allocated, and libpng allocates no more than `GLINT_PNG_CHUNK_MALLOC_MAX`
    /// bytes for any chunk, whatever the chunk claims.
    public static func decode(_ bytes: [UInt8]) throws(RenderError) -> (width: Int, height: Int, rgba: [UInt8]) {
        let (width, height) = try size(of: bytes)
        try checkSize(width: width, height: height)
        let count = width * height * 4
        var status = glint_png_read_ok
        var reason = [CChar](repeating: 0, count: reasonBytes)
        let rgba = bytes.withUnsafeBufferPointer { data in
            // Every pixel is written before it counts as initialised; on failure none is.
            [UInt8](unsafeUninitializedCapacity: count) { pixels, initialized in
                var w = png_uint_32(width), h = png_uint_32(height)
                status = glint_png_read(data.baseAddress, data.count, png_uint_32(maxSide), pixels.baseAddress, &w, &h, &reason, reason.count)
                initialized = status == glint_png_read_ok ? count : 0
            }
        }
        guard status == glint_png_read_ok else { throw failure(status, reason) }
        return (width, height, rgba)
    }

    /// The reason `glint_png_read` gave `status`, as one clause.
    private static func failure(_ status: Int32, _ reason: [CChar]) -> RenderError {
        let why = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch status {
        case glint_png_read_empty: return .image("the file is empty")
        case glint_png_read_not_png: return .image("not a PNG file")
        case glint_png_read_truncated: return .image("the PNG is truncated: \(why)")
        case glint_png_read_no_memory: return .image("out of memory reading the PNG")
        default: return .image("a damaged PNG: \(why)")
        }
    }

    /// Reads a PNG file.
    public static func read(_ path: String) throws(RenderError) -> (width: Int, height: Int, rgba: [UInt8]) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .image("cannot read '\(path)': no such file or not readable")
        }
        return try decode([UInt8](data))
    }

    /// An `Image` (premultiplied) from PNG bytes. (`ImageDecoder.image(from:)` reads JPEG too.)
    public static func image(from bytes: [UInt8]) throws(RenderError) -> Image {
        let (w, h, straight) = try decode(bytes)
        return Image(width: w, height: h, pixels: ImageDecoder.premultiplied(straight))
    }

    /// Whether `bytes` begin with PNG's signature, or a prefix of it.
    public static func hasSignature(_ bytes: [UInt8]) -> Bool {
        let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        return !bytes.isEmpty && bytes.prefix(signature.count).elementsEqual(signature.prefix(min(bytes.count, signature.count)))
    }

    private static func message(_ image: png_image) -> String {
        var m = image.message
        return withUnsafeBytes(of: &m) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
