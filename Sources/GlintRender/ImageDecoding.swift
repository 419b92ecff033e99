import GlintCore

/// The kinds of image file Glint reads, told from a file's first bytes, never from its name: a
/// PNG named `.jpg` is read as the PNG it is.
public enum ImageFormat: String, Sendable, CaseIterable {
    case png = "PNG"
    case jpeg = "JPEG"

    /// The format `bytes` begin as (a prefix of a signature counts, so that a file cut short is
    /// called truncated), or nil when they are neither.
    public init?(of bytes: [UInt8]) {
        if PNG.hasSignature(bytes) {
            self = .png
        } else if JPEG.hasSignature(bytes) {
            self = .jpeg
        } else {
            return nil
        }
    }

    /// What other image a file that is neither PNG nor JPEG is, when its first bytes say so:
    /// "a GIF image", for the message that refuses it.
    static func otherKind(of bytes: [UInt8]) -> String? {
        func starts(_ text: String, at offset: Int = 0) -> Bool {
            let magic = Array(text.utf8)
            return bytes.count >= offset + magic.count && bytes[offset ..< offset + magic.count].elementsEqual(magic)
        }
        if starts("GIF8") { return "a GIF image" }
        if starts("RIFF") && starts("WEBP", at: 8) { return "a WebP image" }
        if starts("BM") && bytes.count >= 14 { return "a BMP image" }
        if starts("II*\0") || starts("MM\0*") { return "a TIFF image" }
        if starts("ftypavif", at: 4) || starts("ftypavis", at: 4) { return "an AVIF image" }
        if starts("ftyphei", at: 4) || starts("ftypmif1", at: 4) { return "a HEIF image" }
        if bytes.starts(with: [0xFF, 0x0A]) || starts("\0\0\0\u{0C}JXL ") { return "a JPEG XL image" }
        if bytes.starts(with: [0, 0, 0, 0x0C, 0x6A, 0x50]) || bytes.starts(with: [0xFF, 0x4F, 0xFF, 0x51]) { return "a JPEG 2000 image" }
        return nil
    }
}

/// Decoding an image file of any format Glint reads (`ImageFormat`), with the limits each
/// format's reader keeps: the header read first, at most `PNG.maxSide` pixels a side and
/// `PNG.maxPixels` in all, refused before the pixels are allocated; a truncated or damaged file
/// refused in one clause.
public enum ImageDecoder {
    /// The largest image file read (`--image`, `--texture`, channels, `Image(...)`): far more than
    /// any image within the pixel limits needs.
    public static let maxFileBytes = 64 << 20 // bytes

    /// Decodes PNG or JPEG bytes, told apart by their content, into RGBA8 with straight alpha,
    /// rows from the top (`PNG.decode`, `JPEG.decode`).
    public static func decode(_ bytes: [UInt8]) throws(RenderError) -> (width: Int, height: Int, rgba: [UInt8]) {
        switch ImageFormat(of: bytes) {
        case .png: return try PNG.decode(bytes)
        case .jpeg: return try JPEG.decode(bytes)
        case nil:
            if bytes.isEmpty { throw .image("the file is empty") }
            if let kind = ImageFormat.otherKind(of: bytes) {
                throw .image("it is \(kind), not a PNG or JPEG file; Glint reads PNG and JPEG images: convert it to PNG")
            }
            throw .image("not a PNG or JPEG file")
        }
    }

    /// The size PNG or JPEG bytes declare, read without decoding their pixels.
    public static func size(of bytes: [UInt8]) throws(RenderError) -> (width: Int, height: Int) {
        switch ImageFormat(of: bytes) {
        case .jpeg: return try JPEG.size(of: bytes)
        default: return try PNG.size(of: bytes)
        }
    }

    /// An `Image` (premultiplied) from PNG or JPEG bytes.
    public static func image(from bytes: [UInt8]) throws(RenderError) -> Image {
        let (w, h, straight) = try decode(bytes)
        return Image(width: w, height: h, pixels: premultiplied(straight))
    }

    /// Straight-alpha RGBA8 premultiplied, in place: no second copy of the pixels.
    static func premultiplied(_ straight: consuming [UInt8]) -> [UInt8] {
        var px = straight
        for i in stride(from: 0, to: px.count, by: 4) {
            let a = UInt16(px[i + 3])
            if a == 255 { continue }
            for c in 0..<3 { px[i + c] = UInt8((UInt16(px[i + c]) * a + 127) / 255) }
        }
        return px
    }
}
