// PNG files made byte by byte, to test what a decoder does with files that lie: a header
// declaring a gigapixel image, a chunk claiming more bytes than follow. Image data is a zlib
// stream of stored (uncompressed) blocks.

/// The pieces of a PNG file, for tests that craft their own.
public enum CraftedPNG {
    /// PNG's eight-byte signature.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// `v` as four bytes, most significant first, as PNG stores numbers.
    public static func bigEndian(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)] }

    /// PNG's CRC-32 (ISO 3309) of `bytes`.
    public static func crc(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xffff_ffff
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xedb8_8320 ^ (c >> 1) : c >> 1 }
        }
        return c ^ 0xffff_ffff
    }

    /// A chunk whose length field says `claimed` (its true length unless given).
    public static func chunk(_ type: String, _ data: [UInt8], claimed: UInt32? = nil) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        return bigEndian(claimed ?? UInt32(data.count)) + typeAndData + bigEndian(crc(typeAndData))
    }

    /// 69 bytes declaring `width` × `height` RGBA pixels: signature, header, one byte of image
    /// data, end.
    public static func bomb(width: UInt32, height: UInt32) -> [UInt8] {
        var png = signature + chunk("IHDR", bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0])
        png += chunk("IDAT", [0x78, 0x01, 0x01, 0x01, 0x00, 0xfe, 0xff, 0x00, 0x00, 0x01, 0x00, 0x01]) // zlib of one 0 byte, stored
        return png + chunk("IEND", [])
    }
}
