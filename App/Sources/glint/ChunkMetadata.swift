import Foundation
import GlintCore

/// Which frames of a clip `glint record --frames A..B` or `--chunk-of I/M` draws: frame i of the
/// clip is at `--from + i/--fps`, 0-based; a chunk holds frames `first...last` (both included).
enum FrameSelection {
    /// `--frames A..B` or `--chunk-of I/M` for a clip of `total` frames; nil when neither is given.
    static func range(frames: String?, chunkOf: String?, total: Int) throws -> ClosedRange<Int>? {
        if frames != nil && chunkOf != nil {
            throw InputError("use either --frames or --chunk-of, not both: --chunk-of I/M picks the frames itself")
        }
        if let frames { return try parseFrames(frames, total: total) }
        if let chunkOf { return try parseChunk(chunkOf, total: total) }
        return nil
    }

    /// A whole number of at most 9 digits (no sign, no spaces): nil otherwise, never a trap.
    static func wholeNumber(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 9, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    /// `A..B`: frames A to B of the clip, both included.
    static func parseFrames(_ text: String, total: Int) throws -> ClosedRange<Int> {
        let parts = text.components(separatedBy: "..")
        guard parts.count == 2, let a = wholeNumber(Substring(parts[0])), let b = wholeNumber(Substring(parts[1])) else {
            throw InputError("bad --frames '\(Console.escaped(text))': expected FIRST..LAST, frame numbers from 0, like 0..59")
        }
        guard a <= b else {
            throw InputError("bad --frames '\(text)': the first frame \(a) comes after the last \(b)")
        }
        guard b < total else {
            throw InputError("bad --frames '\(text)': the clip has \(total) frame\(total == 1 ? "" : "s") (0..\(total - 1))")
        }
        return a...b
    }

    /// `I/M`: the I-th (from 1) of M even, contiguous parts; the first `total % M` get one more frame.
    static func parseChunk(_ text: String, total: Int) throws -> ClosedRange<Int> {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = wholeNumber(parts[0]), let m = wholeNumber(parts[1]) else {
            throw InputError("bad --chunk-of '\(Console.escaped(text))': expected I/M, the I-th of M chunks counting from 1, like 2/8")
        }
        guard m >= 1, (1...m).contains(i) else {
            throw InputError("bad --chunk-of '\(text)': I must be from 1 to M (\(m))")
        }
        guard m <= total else {
            throw InputError("bad --chunk-of '\(text)': the clip has \(total) frame\(total == 1 ? "" : "s"), too few for \(m) chunks")
        }
        return chunk(i - 1, of: m, total: total)
    }

    /// Chunk `index` (from 0) of `count` over `total` frames.
    static func chunk(_ index: Int, of count: Int, total: Int) -> ClosedRange<Int> {
        let base = total / count, extra = total % count
        let first = index * base + min(index, extra)
        return first...(first + base - 1 + (index < extra ? 1 : 0))
    }
}

/// What a chunk is, kept beside it in `OUTPUT.glint-chunk.json` (a PNG sequence's pattern too:
/// `frames/%05d.png.glint-chunk.json`): the clip it belongs to (a fingerprint of the record's
/// arguments other than the output and the frames), its frames, the clip's length, rate, size and
/// format, and the sound `glint join` muxes once under the whole clip.
struct ChunkRecord: Equatable {
    var clip: String
    var first: Int
    var last: Int
    var clipFrames: Int
    var fps: Double
    var from: Double
    var width: Int
    var height: Int
    /// The output's extension: mp4, webm, mov, gif, or png for a PNG sequence.
    var format: String
    /// The sound file (an absolute path) and where on it the clip starts, for the join.
    var audio: String?
    var audioFrom: Double?

    /// The sidecar's suffix.
    static let suffix = ".glint-chunk.json"
    /// What marks the file as glint's.
    static let marker = "glint record chunk"

    static func path(for output: String) -> String { output + suffix }

    /// The format's name in the sidecar for an output path.
    static func formatName(_ format: VideoFormat, path: String) -> String {
        format == .pngSequence ? "png" : (VideoFormat.fileExtension(of: path) ?? format.muxer)
    }

    var json: Data {
        var object: [String: Any] = ["glint": Self.marker, "version": 1, "clip": clip, "first": first, "last": last,
                                     "clip_frames": clipFrames, "fps": fps, "from": from, "width": width, "height": height, "format": format]
        if let audio { object["audio"] = ["path": audio, "from": audioFrom ?? 0] as [String: Any] }
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted])).map { $0 + Data("\n".utf8) } ?? Data()
    }

    /// The sidecar of `chunk`, or one line: the chunk or its sidecar missing, not glint's, unreadable.
    static func read(chunk: String, format: VideoFormat) throws -> ChunkRecord {
        let sidecar = path(for: chunk)
        let exists = format == .pngSequence ? RawPath.stat(Console.parentFolder(of: chunk)) != nil : RawPath.stat(chunk) != nil
        guard exists else { throw InputError("cannot join: no chunk '\(chunk)'") }
        guard RawPath.stat(sidecar) != nil else {
            throw InputError("cannot join '\(chunk)': it is not a chunk made by glint record --frames or --chunk-of (no \(sidecar) beside it)")
        }
        let data = Data(try InputFiles.read(sidecar, as: "the chunk record '\(sidecar)'", limit: 64 * 1024))
        func bad(_ why: String) -> InputError { InputError("cannot join '\(chunk)': its record \(sidecar) \(why)") }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any], object["glint"] as? String == marker else {
            throw bad("is not a glint chunk record")
        }
        func int(_ key: String) throws -> Int {
            guard let n = object[key] as? NSNumber, let v = Int(exactly: n.doubleValue), v >= 0, v <= RecordCommand.maxFrames else { throw bad("has no good '\(key)'") }
            return v
        }
        func double(_ key: String) throws -> Double {
            guard let n = object[key] as? NSNumber, n.doubleValue.isFinite else { throw bad("has no good '\(key)'") }
            return n.doubleValue
        }
        guard let clip = object["clip"] as? String, let format = object["format"] as? String else { throw bad("has no clip or format") }
        let audio = object["audio"] as? [String: Any]
        let record = ChunkRecord(clip: clip, first: try int("first"), last: try int("last"), clipFrames: try int("clip_frames"),
                                 fps: try double("fps"), from: try double("from"), width: try int("width"), height: try int("height"),
                                 format: format, audio: audio?["path"] as? String, audioFrom: (audio?["from"] as? NSNumber)?.doubleValue)
        guard record.first <= record.last, record.last < record.clipFrames, record.fps > 0 else { throw bad("has frames that make no sense") }
        return record
    }

    /// The clip a record's arguments make: a fingerprint (FNV-1a, 64 bits) of every argument but
    /// the output, the frame selection and `--joinable`, so every chunk of one clip has the same one.
    static func fingerprint(of arguments: [String]) -> String {
        let skipped: Set<String> = ["-o", "--output", "--frames", "--chunk-of"]
        var kept: [String] = []
        var skip = false
        for word in arguments {
            if skip { skip = false; continue }
            // Chunks are always encoded frame by frame: --joinable changes nothing in one.
            if word == "--joinable" { continue }
            if skipped.contains(word) { skip = true; continue }
            if skipped.contains(where: { word.hasPrefix($0 + "=") }) || (word.hasPrefix("-o") && word.count > 2) { continue }
            kept.append(word)
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in kept.joined(separator: "\u{0}").utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    /// Where `glint plan` puts chunk `index` (from 1) of `count` for the clip `output`:
    /// `out/clip.mp4` → `out/clip.chunks/clip.0001-of-0004.mp4`; a PNG sequence `out/f%05d.png` →
    /// `out/f.chunks/f.0001-of-0004/f%05d.png` (`frames/%05d.png` → `frames/frames.chunks/frames.0001-of-0004/%05d.png`).
    static func chunkPath(for output: String, index: Int, of count: Int) -> String {
        let folder = output.contains("/") ? Console.parentFolder(of: output) + "/" : ""
        let name = String(output.split(separator: "/").last ?? Substring(output))
        let digits = max(4, String(count).count)
        func number(_ n: Int) -> String { String(repeating: "0", count: max(0, digits - String(n).count)) + String(n) }
        let tag = "\(number(index))-of-\(number(count))"
        if PNGSequence.isPattern(output), let parts = try? PNGSequence.parse(name) {
            var stem = parts.prefix.trimmingCharacters(in: CharacterSet(charactersIn: "._-"))
            if stem.isEmpty { stem = String(folder.dropLast().split(separator: "/").last ?? "frames") }
            if stem.isEmpty || stem == "." || stem == ".." { stem = "frames" }
            return "\(folder)\(stem).chunks/\(stem).\(tag)/\(name)"
        }
        let ext = VideoFormat.fileExtension(of: name)
        let stem = ext.map { String(name.dropLast($0.count + 1)) } ?? name
        return "\(folder)\(stem).chunks/\(stem).\(tag)" + (ext.map { ".\($0)" } ?? "")
    }
}
