@preconcurrency import CJPEG
import GlintCore

/// JPEG reading through libjpeg-turbo, bounded as PNG's reader is: the header first, the same
/// size limits (`PNG.maxSide`, `PNG.maxPixels`) checked before the pixels are allocated, a
/// memory budget for libjpeg's own whole-image buffers and a limit on scans.
///
/// libjpeg's API, not TurboJPEG's: it is the one Debian's libjpeg-turbo development package
/// ships (TurboJPEG's is another package), it reads the header without decoding, it caps
/// libjpeg's memory and counts scans as it reads, and it gives CMYK for a plain conversion.
/// Its errors longjmp, so every libjpeg call and the setjmp live in C (`CJPEG`'s shim).
public enum JPEG {
    /// The most bytes libjpeg may allocate for whole-image buffers (a progressive JPEG keeps every
    /// coefficient while it reads: 2 bytes a sample, 403 MB for 16384×8192 at 4:2:0). A JPEG that
    /// would need more is refused before the buffer is allocated.
    public static let maxDecoderBytes = 512 << 20 // bytes
    /// The most scans `decode` reads. Each scan of a progressive JPEG passes over the whole image,
    /// so a small file of thousands of scans would take minutes; encoders write about ten.
    public static let maxScans = 100
    /// Room for libjpeg's reason for refusing a JPEG.
    private static let reasonBytes = 200

    /// Whether `bytes` begin as a JPEG does: its start-of-image marker, then another marker
    /// (`FF D8 FF`), or a prefix of that.
    public static func hasSignature(_ bytes: [UInt8]) -> Bool {
        let start: [UInt8] = [0xFF, 0xD8, 0xFF]
        return !bytes.isEmpty && bytes.prefix(start.count).elementsEqual(start.prefix(min(bytes.count, start.count)))
    }

    /// The size a JPEG's header declares, read without decoding (or allocating) its pixels;
    /// throws when the data is not a JPEG, is truncated or is damaged before its first scan.
    public static func size(of bytes: [UInt8]) throws(RenderError) -> (width: Int, height: Int) {
        var width: JDIMENSION = 0, height: JDIMENSION = 0
        var reason = [CChar](repeating: 0, count: reasonBytes)
        let status = bytes.withUnsafeBufferPointer { data in
            glint_jpeg_read(data.baseAddress, data.count, JDIMENSION(PNG.maxSide), maxDecoderBytes, Int32(maxScans),
                            nil, &width, &height, &reason, reason.count)
        }
        guard status == glint_jpeg_read_ok else { throw failure(status, reason) }
        return (Int(width), Int(height))
    }

    /// Decodes a JPEG into RGBA8 (alpha 255), rows from the top as PNG's are: YCbCr, RGB and
    /// greyscale JPEGs as libjpeg gives them; CMYK and YCCK ones (Adobe's, inverted) by a plain
    /// conversion without their colour profile. The header is read first: an image over
    /// `PNG.maxSide` a side or `PNG.maxPixels` in all is refused before its pixels are allocated.
    public static func decode(_ bytes: [UInt8]) throws(RenderError) -> (width: Int, height: Int, rgba: [UInt8]) {
        let (width, height) = try size(of: bytes)
        try PNG.checkSize(width: width, height: height)
        let count = width * height * 4
        var status = glint_jpeg_read_ok
        var reason = [CChar](repeating: 0, count: reasonBytes)
        let rgba = bytes.withUnsafeBufferPointer { data in
            // Every pixel is written before it counts as initialised; on failure none is.
            [UInt8](unsafeUninitializedCapacity: count) { pixels, initialized in
                var w = JDIMENSION(width), h = JDIMENSION(height)
                status = glint_jpeg_read(data.baseAddress, data.count, JDIMENSION(PNG.maxSide), maxDecoderBytes, Int32(maxScans),
                                         pixels.baseAddress, &w, &h, &reason, reason.count)
                initialized = status == glint_jpeg_read_ok ? count : 0
            }
        }
        guard status == glint_jpeg_read_ok else { throw failure(status, reason) }
        return (width, height, rgba)
    }

    /// The reason `glint_jpeg_read` gave `status`, as one clause.
    private static func failure(_ status: Int32, _ reason: [CChar]) -> RenderError {
        var why = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // libjpeg's sentences begin with a capital; here they follow a colon.
        if let first = why.first, first.isUppercase, why.dropFirst().first?.isLowercase == true {
            why = first.lowercased() + why.dropFirst()
        }
        switch status {
        case glint_jpeg_read_empty: return .image("the file is empty")
        case glint_jpeg_read_not_jpeg: return .image("not a JPEG file")
        case glint_jpeg_read_truncated: return .image("the JPEG is truncated: \(why)")
        case glint_jpeg_read_no_memory: return .image("out of memory reading the JPEG: \(why)")
        case glint_jpeg_read_unsupported: return .image("a JPEG Glint cannot read: \(why)")
        default: return .image("a damaged JPEG: \(why)")
        }
    }
}
