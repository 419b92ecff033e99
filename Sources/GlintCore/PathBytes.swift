import Glibc

/// File paths as the exact bytes the user gave, carried in a `String`.
///
/// Linux file names are bytes, not text: `caf\xE9.frag` is a valid name. Each byte that is not
/// part of valid UTF-8 is carried inside the `String` as one private-use scalar (U+10FF80 …
/// U+10FFFF for the bytes 0x80 … 0xFF, the way Python's surrogateescape carries them), so
/// parsing, joining and messages work on ordinary Strings, and `withCString` turns the String
/// back into the same bytes whenever it reaches the kernel. `decode` carries a real U+10FF80 …
/// U+10FFFF in the input as its four bytes, so the mapping is exact both ways. The command line
/// decodes its arguments so; the renderer's reads of shader files (`ShaderSources`) go through
/// `withCString`, so an effect file of any name is read as named.
public enum PathBytes {
    /// The scalar for byte `b` (0x80 … 0xFF) is `escapeBase + b`.
    public static let escapeBase: UInt32 = 0x10FF00
    /// The scalars that stand for single bytes.
    public static let escapeRange: ClosedRange<UInt32> = (escapeBase + 0x80)...(escapeBase + 0xFF)

    /// Bytes as a String: valid UTF-8 as its characters, every other byte as its escape scalar.
    public static func decode<Bytes: Collection>(_ input: Bytes) -> String where Bytes.Element == UInt8 {
        let bytes = Array(input)
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            let length = utf8Length(bytes, at: index)
            let sequence = bytes[index..<index + max(length, 1)]
            if length > 0, let scalar = scalar(sequence), !escapeRange.contains(scalar.value) {
                scalars.append(scalar)
            } else {
                for byte in sequence { scalars.append(Unicode.Scalar(escapeBase + UInt32(byte))!) }
            }
            index += max(length, 1)
        }
        return String(scalars)
    }

    /// The length of the well-formed UTF-8 sequence starting at `index` (shortest form, no
    /// surrogates, at most U+10FFFF), or 0 when the byte there starts none.
    private static func utf8Length(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let count: Int, second: ClosedRange<UInt8>
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: (count, second) = (2, 0x80...0xBF)
        case 0xE0: (count, second) = (3, 0xA0...0xBF)
        case 0xED: (count, second) = (3, 0x80...0x9F)
        case 0xE1...0xEF: (count, second) = (3, 0x80...0xBF)
        case 0xF0: (count, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (count, second) = (4, 0x80...0xBF)
        case 0xF4: (count, second) = (4, 0x80...0x8F)
        default: return 0
        }
        guard index + count <= bytes.count, second.contains(bytes[index + 1]) else { return 0 }
        for offset in 2..<count where !(0x80...0xBF).contains(bytes[index + offset]) { return 0 }
        return count
    }

    /// The scalar a well-formed sequence encodes.
    private static func scalar(_ sequence: ArraySlice<UInt8>) -> Unicode.Scalar? {
        let leadBits: [UInt8] = [0x7F, 0x1F, 0x0F, 0x07]
        var value = UInt32(sequence.first! & leadBits[sequence.count - 1])
        for byte in sequence.dropFirst() { value = value << 6 | UInt32(byte & 0x3F) }
        return Unicode.Scalar(value)
    }

    /// The bytes `text` stands for: each escape scalar as its byte, everything else as UTF-8.
    public static func bytes(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if escapeRange.contains(scalar.value) {
                out.append(UInt8(scalar.value - escapeBase))
            } else {
                out.append(contentsOf: String(scalar).utf8)
            }
        }
        return out
    }

    /// Whether `text` holds bytes that are not UTF-8 (which Foundation cannot name).
    public static func hasRawBytes(_ text: String) -> Bool {
        text.unicodeScalars.contains { escapeRange.contains($0.value) }
    }

    /// The one way a path reaches the kernel: calls `body` with `path` as a NUL-terminated C
    /// string of its exact bytes. The C library's errno from inside `body` survives the call.
    public static func withCString<R>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        guard hasRawBytes(path) else { return try path.withCString(body) }
        let raw = bytes(path) + [0]
        var saved: Int32 = 0
        let result = try raw.withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { chars in
                defer { saved = errno }
                return try body(chars.baseAddress!)
            }
        }
        errno = saved
        return result
    }

    /// Whether something is at `path` (following links), by its exact bytes.
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return withCString(path) { stat($0, &info) } == 0
    }

    /// Whether `path` is a folder (following links), by its exact bytes.
    public static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return withCString(path) { stat($0, &info) } == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// When `path` was last changed, in nanoseconds since 1970, or -1 when it is gone: one `stat`
    /// of its exact bytes, no allocation for a UTF-8 path.
    public static func modificationTime(_ path: String) -> Int {
        var info = stat()
        guard withCString(path, { stat($0, &info) }) == 0 else { return -1 }
        return info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec
    }

    /// The names in `folder` (without `.` and `..`), each decoded as `decode` does, so a name that
    /// is not UTF-8 can be joined to the folder and opened again; nil when it cannot be read.
    public static func entries(of folder: String) -> [String]? {
        guard let dir = withCString(folder, { opendir($0) }) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                decode(raw.prefix { $0 != 0 })
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
