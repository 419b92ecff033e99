import Foundation

/// JPEG files made at test time by ImageMagick (`scripts/setup --test` installs it) from pixels
/// the test chose, and made to lie afterwards: a header declaring another size, scans repeated.
public enum MadeJPEG {
    /// ImageMagick's `convert`, or nil where it is not installed.
    public static let convert = ["/usr/bin/convert", "/usr/local/bin/convert"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Why a JPEG could not be made.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// `width` × `height` RGBA8 pixels (rows from the top, alpha ignored) encoded by ImageMagick
    /// with `options` (`-quality 95`, `-interlace Plane` for progressive, `-colorspace CMYK`,
    /// `-sampling-factor 1x1` …).
    public static func encode(width: Int, height: Int, rgba: [UInt8], options: [String] = ["-quality", "95"]) throws -> [UInt8] {
        guard let convert else { throw Failure(description: "ImageMagick's convert is not installed: run scripts/setup --test") }
        let base = NSTemporaryDirectory() + "glint-jpeg-\(UUID().uuidString)"
        defer {
            try? FileManager.default.removeItem(atPath: base + ".rgba")
            try? FileManager.default.removeItem(atPath: base + ".jpg")
        }
        try Data(rgba).write(to: URL(fileURLWithPath: base + ".rgba"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: convert)
        process.arguments = ["-size", "\(width)x\(height)", "-depth", "8", "rgba:\(base).rgba", "-alpha", "off"] + options + ["jpeg:\(base).jpg"]
        let pipe = Pipe()
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, let data = FileManager.default.contents(atPath: base + ".jpg") else {
            throw Failure(description: "convert \(options.joined(separator: " ")) failed: \(output)")
        }
        return [UInt8](data)
    }

    /// The offset of the first marker `FF code` in `jpeg`, walking its segments from the start.
    public static func marker(_ code: UInt8, in jpeg: [UInt8]) -> Int? {
        var at = 2
        while at + 4 <= jpeg.count, jpeg[at] == 0xFF {
            if jpeg[at + 1] == code { return at }
            if jpeg[at + 1] == 0xDA { return nil }  // image data follows: no more segments to walk
            at += 2 + Int(jpeg[at + 2]) << 8 + Int(jpeg[at + 3])
        }
        return nil
    }

    /// `jpeg` with its frame header (baseline SOF0, or progressive SOF2) declaring `width` ×
    /// `height`: the file lies about its size.
    public static func declaring(width: UInt16, height: UInt16, _ jpeg: [UInt8]) throws -> [UInt8] {
        guard let sof = marker(0xC0, in: jpeg) ?? marker(0xC2, in: jpeg) else { throw Failure(description: "no frame header") }
        var out = jpeg
        out[sof + 5] = UInt8(height >> 8); out[sof + 6] = UInt8(height & 0xFF)
        out[sof + 7] = UInt8(width >> 8); out[sof + 8] = UInt8(width & 0xFF)
        return out
    }

    /// A progressive `jpeg` with its last scan repeated `times` more times before its end: a file
    /// of many scans, each of which a decoder passes over the whole image for.
    public static func repeatingLastScan(_ jpeg: [UInt8], times: Int) throws -> [UInt8] {
        guard jpeg.count > 4, jpeg.suffix(2).elementsEqual([0xFF, 0xD9]) else { throw Failure(description: "no end marker") }
        var last: Int?
        for i in 0 ..< jpeg.count - 1 where jpeg[i] == 0xFF && jpeg[i + 1] == 0xDA { last = i }
        guard let last else { throw Failure(description: "no scan") }
        let scan = jpeg[last ..< jpeg.count - 2]
        return Array(jpeg.dropLast(2)) + Array([[UInt8]](repeating: Array(scan), count: times).joined()) + [0xFF, 0xD9]
    }
}
