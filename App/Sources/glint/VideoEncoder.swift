import CAllocCounter
import CFiles
import Foundation
import GlintRender
#if canImport(Glibc)
import Glibc
#endif

/// What a recording is written as, chosen by the output's name.
enum VideoFormat: Equatable {
    /// H.264 in MP4, yuv420p (no alpha), odd sizes padded to even, `+faststart`.
    case mp4
    /// VP9 in WebM, with alpha (yuva420p).
    case webm
    /// ProRes 4444 in QuickTime, with alpha.
    case mov
    /// An animated GIF, its palette made from the whole clip.
    case gif
    /// One PNG a frame, `name%05d.png`, written by Glint itself (no ffmpeg).
    case pngSequence

    /// The formats ffmpeg writes, by extension.
    static let byExtension: [String: VideoFormat] = ["mp4": .mp4, "webm": .webm, "mov": .mov, "gif": .gif]

    /// What `record --help` and refusals list.
    static let described = ".mp4 (H.264), .webm (VP9 with alpha), .mov (ProRes 4444 with alpha), .gif, or a PNG sequence (frames/%05d.png)"

    /// The extension of `path`'s last component, lower-cased; nil without one.
    static func fileExtension(of path: String) -> String? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ext = name[name.index(after: dot)...].lowercased()
        return ext.isEmpty ? nil : ext
    }

    /// The format `path` names, or one line saying which names work.
    init(path: String) throws {
        if path.contains("%"), Self.fileExtension(of: path) == "png" {
            _ = try PNGSequence.parse(path)  // one frame number, or the line that says what is wrong
        }
        if PNGSequence.isPattern(path) {
            guard Self.fileExtension(of: path) == "png" else {
                throw AppError("cannot record to '\(path)': a name with a frame number (%05d) makes a PNG sequence and must end in .png", exitCode: 2)
            }
            self = .pngSequence
            return
        }
        guard let ext = Self.fileExtension(of: path), let format = Self.byExtension[ext] else {
            let hint = Self.fileExtension(of: path) == "png" ? "; for a PNG sequence put the frame number in the name, like frames/%05d.png" : ""
            throw AppError("cannot record to '\(path)': glint records \(Self.described)\(hint)", exitCode: 2)
        }
        self = format
    }

    /// Whether the format keeps alpha, so frames are un-premultiplied before they are written.
    var keepsAlpha: Bool { self == .webm || self == .mov || self == .gif }

    /// ffmpeg's muxer (the temporary file's name does not say it).
    /// Whether the container takes a soundtrack (`record --audio`).
    var carriesSound: Bool { self == .mp4 || self == .webm || self == .mov }

    /// How the soundtrack is encoded: AAC in MP4, Opus in WebM, 16-bit PCM in QuickTime.
    var audioCodecArguments: [String] {
        switch self {
        case .mp4: ["-c:a", "aac", "-b:a", "192k"]
        case .webm: ["-c:a", "libopus", "-b:a", "160k"]
        case .mov: ["-c:a", "pcm_s16le"]
        case .gif, .pngSequence: []
        }
    }

    var muxer: String {
        switch self {
        case .mp4: "mp4"
        case .webm: "webm"
        case .mov: "mov"
        case .gif: "gif"
        case .pngSequence: "image2"
        }
    }

    /// Whether the codec needs an even width and height (H.264's yuv420p).
    var needsEvenSize: Bool { self == .mp4 }

    /// ffmpeg's output options: the filter graph (rows arrive bottom-up, as OpenGL reads them)
    /// and the codec. `joinable`: every frame's pixels depend on that frame alone, as chunks
    /// recorded apart (`--frames`, `--chunk-of`) need to join into exactly the one-machine clip
    /// (`record --joinable`); otherwise frames refer to earlier ones and the file is far smaller.
    func ffmpegOutputArguments(pixelWidth: Int, pixelHeight: Int, joinable: Bool = false) -> [String] {
        switch self {
        case .mp4:
            let pad = pixelWidth % 2 != 0 || pixelHeight % 2 != 0 ? ",pad=ceil(iw/2)*2:ceil(ih/2)*2" : ""
            // Joinable: every frame a key frame at a constant quantiser (about crf 18's quality, ~11 times the size).
            let quality = joinable ? ["-g", "1", "-qp", "18"] : ["-crf", "18"]
            return ["-vf", "vflip" + pad, "-c:v", "libx264", "-preset", "medium"] + quality + ["-pix_fmt", "yuv420p", "-movflags", "+faststart"]
        case .webm:
            // Joinable: lossless, as libvpx carries its mode decisions over from frame to frame even
            // at a fixed quantiser with every frame a key frame (~45 times crf 30's size).
            let quality = joinable ? ["-lossless", "1"] : ["-crf", "30"]
            return ["-vf", "vflip", "-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p"] + quality + ["-b:v", "0",
                    "-deadline", "good", "-cpu-used", "4", "-row-mt", "1", "-auto-alt-ref", "0"]
        case .mov:
            return ["-vf", "vflip", "-c:v", "prores_ks", "-profile:v", "4444", "-pix_fmt", "yuva444p10le", "-vendor", "apl0"]
        case .gif:
            // One graph: the palette is made from every frame, then each frame mapped onto it.
            return ["-filter_complex", "[0:v]vflip,split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse"]
        case .pngSequence:
            return []
        }
    }
}

/// A PNG sequence's name: one printf frame number (`%d`, `%05d`), `%%` for a literal `%`.
enum PNGSequence {
    /// Whether `path` holds exactly one frame number conversion.
    static func isPattern(_ path: String) -> Bool {
        (try? parse(path)) != nil
    }

    /// The path's parts around its frame number, and the number's width (0: as many digits as needed).
    static func parse(_ path: String) throws -> (prefix: String, width: Int, suffix: String) {
        var prefix = "", suffix = "", width = -1
        var chars = Array(path)[...]
        while let c = chars.popFirst() {
            guard c == "%" else {
                if width < 0 { prefix.append(c) } else { suffix.append(c) }
                continue
            }
            if chars.first == "%" {
                chars.removeFirst()
                if width < 0 { prefix.append("%") } else { suffix.append("%") }
                continue
            }
            var digits = ""
            while let d = chars.first, d.isASCII, d.isNumber { digits.append(d); chars.removeFirst() }
            guard chars.popFirst() == "d", width < 0, digits.isEmpty || digits.hasPrefix("0") || digits.count <= 2,
                  let w = digits.isEmpty ? 0 : Int(digits), w <= 12 else {
                throw AppError("bad PNG sequence name '\(path)': expected one frame number like %05d (and %% for a %)", exitCode: 2)
            }
            width = w
        }
        guard width >= 0 else { throw AppError("'\(path)' has no frame number", exitCode: 2) }
        return (prefix, width, suffix)
    }

    /// Frame `index`'s file name.
    static func name(_ parts: (prefix: String, width: Int, suffix: String), _ index: Int) -> String {
        let number = String(index)
        return parts.prefix + String(repeating: "0", count: max(0, parts.width - number.count)) + number + parts.suffix
    }
}

/// Writes frames into a video through ffmpeg (or a PNG sequence through Glint's PNG writer), on a
/// thread of its own, so that encoding overlaps the drawing of the next frames.
///
/// Frames are RGBA8, premultiplied alpha (as Glint renders them), rows from the BOTTOM up (as
/// `glReadPixels` returns them: no flip is needed on the caller's side), `pixelWidth * 4` bytes a
/// row with no padding. They go into a small ring of buffers allocated once (`withNextFrame`
/// hands one to the caller to fill, `append` copies into one), so steady frames allocate nothing
/// (PNG sequences excepted: the PNG encoder allocates). A writer thread un-premultiplies them
/// where the format keeps alpha and pipes them as raw video into ffmpeg's standard input.
///
/// The file appears under its name only once `finish()` succeeds: ffmpeg writes a file in the
/// same folder that has no name (O_TMPFILE), named and renamed into place at the end, so nothing
/// is ever left behind; where the file system makes no unnamed files, a hidden temporary file,
/// which a failure, a `cancel()` or a SIGINT/SIGTERM/SIGHUP (which kills ffmpeg first) removes.
///
///     let encoder = try VideoEncoder(path: "clip.mp4", pixelWidth: 1280, pixelHeight: 720, fps: 60)
///     for frame in frames { try encoder.withNextFrame { readBack(into: $0) } }   // or append(bytes)
///     let summary = try encoder.finish()    // or encoder.cancel() to throw it away
final class VideoEncoder {
    let path: String
    let format: VideoFormat
    let pixelWidth: Int
    let pixelHeight: Int
    let fps: Double
    /// Bytes in one frame.
    let frameBytes: Int

    /// Frames written to the ring so far.
    private(set) var framesAppended = 0

    /// Buffers between the caller and the writer thread: enough to keep both busy, few enough
    /// that memory stays small (3 frames of 1920x1080: 24 MiB); one more for each writer thread
    /// past the first.
    static let ringSize = 3

    /// Threads encoding a PNG sequence's frames, each a frame at a time, overlapping the drawing
    /// of the next: two where there are two cores (one where there is one), or what
    /// `GLINT_PNG_WRITERS` (1 to 8) says, for measuring. ffmpeg's pipe takes frames in order, so a
    /// video has one writer thread.
    static let pngWriters: Int = {
        if let asked = ProcessInfo.processInfo.environment["GLINT_PNG_WRITERS"].flatMap({ Int($0) }), (1...8).contains(asked) {
            return asked
        }
        return max(1, min(2, ProcessInfo.processInfo.activeProcessorCount))
    }()

    /// What a finished recording took.
    struct Summary {
        var frames: Int
        var bytes: Int64
        /// Seconds the caller waited for a free buffer (the encoder was behind).
        var waitingForEncoder: Double
        /// Seconds the writer threads spent handing frames on, added up (writing into ffmpeg's pipe, or
        /// encoding and writing PNGs).
        var writing: Double
        /// Heap allocations on the writer thread after the first `RecordCommand.warmUpFrames` frames.
        var writerAllocations: UInt64
        /// ffmpeg's own CPU seconds (user + system), on its own threads; 0 for a PNG sequence.
        var encoderCPU: Double
    }

    private let writer: Writer
    private var ffmpeg: FFmpegProcess?
    private var finished = false

    /// Starts ffmpeg (or, for a PNG sequence, just the writer thread). Throws one line: the name
    /// is not a format glint records, the file cannot be written, ffmpeg is missing or fails to start.
    /// A sound file muxed under the video (`glint record --audio FILE`): `from` seconds into it,
    /// for `duration` seconds. Ignored by GIFs and PNG sequences, which have no sound.
    struct Soundtrack {
        var path: String
        var from: Double
        var duration: Double
    }

    /// `firstIndex`: the number of the first frame's PNG in a sequence (a chunk's first frame of the clip).
    init(path: String, pixelWidth: Int, pixelHeight: Int, fps: Double, soundtrack: Soundtrack? = nil, firstIndex: Int = 0,
         joinable: Bool = false) throws {
        precondition(pixelWidth > 0 && pixelHeight > 0 && fps > 0, "a video needs a size and a frame rate")
        self.path = path
        self.format = try VideoFormat(path: path)
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.fps = fps
        frameBytes = pixelWidth * pixelHeight * 4
        signal(SIGPIPE, SIG_IGN)  // ffmpeg going away is an error (EPIPE), not a signal that ends glint
        let sink: Writer.Sink
        var writers = 1
        if format == .pngSequence {
            let parts = try PNGSequence.parse(path)
            try OutputFiles.check(PNGSequence.name(parts, firstIndex), what: "frame \(firstIndex)")
            writers = Self.pngWriters
            // Each writer thread turns its frame top-down in a buffer of its own.
            let bytes = frameBytes
            let flips = (0..<writers).map { _ in FlipBuffer(count: bytes) }
            let rowBytes = pixelWidth * 4, height = pixelHeight, width = pixelWidth
            sink = { frame, written, worker in
                let index = firstIndex + written
                let flip = flips[worker]
                // Glint's own PNG writer, as `render` writes: the same pixels give the same bytes.
                flip.pixels.withUnsafeMutableBytes { out in
                    for y in 0..<height {
                        (out.baseAddress! + y * rowBytes).copyMemory(from: frame.baseAddress! + (height - 1 - y) * rowBytes, byteCount: rowBytes)
                    }
                }
                let pixels = flip.pixels
                try OutputFiles.commit([OutputFile(PNGSequence.name(parts, index), what: "frame \(index)") { fd in
                    try PNG.write(width: width, height: height, rgba: pixels, to: fd, compression: .fast)
                }])
            }
        } else {
            let process = try FFmpegProcess(path: path, format: format, pixelWidth: pixelWidth, pixelHeight: pixelHeight, fps: fps,
                                            soundtrack: format.carriesSound ? soundtrack : nil, joinable: joinable)
            ffmpeg = process
            let fd = process.input, unpremultiplies = format.keepsAlpha
            sink = { frame, _, _ in
                if unpremultiplies { VideoEncoder.unpremultiply(frame) }
                try FFmpegProcess.writeAll(UnsafeRawBufferPointer(frame), to: fd)
            }
        }
        writer = Writer(frameBytes: frameBytes, threads: writers, sink: sink)
    }

    deinit {
        if !finished { cancel() }
    }

    /// Fails early, before any rendering, with the line `init` would throw for `path`: not a
    /// format glint records, ffmpeg missing, the file or folder not writable.
    static func check(path: String) throws {
        let format = try VideoFormat(path: path)
        if format == .pngSequence {
            try OutputFiles.check(PNGSequence.name(try PNGSequence.parse(path), 0), what: "frame 0")
            return
        }
        try FFmpegProcess.check(path: path, format: format)
    }

    /// Hands the next ring buffer (`frameBytes`, bottom-up rows, premultiplied) to `fill`, then
    /// queues it for writing. Waits while every buffer is still being written. Throws when the
    /// writing failed (ffmpeg's last line, a full disk); the recording is then cancelled.
    func withNextFrame(_ fill: (UnsafeMutableRawBufferPointer) throws -> Void) throws {
        precondition(!finished, "the recording is finished")
        if writer.failure != nil { throw failed() }
        let slot = writer.acquire()
        do {
            try fill(slot)
        } catch {
            writer.release(filled: false)
            cancel()
            throw error
        }
        writer.release(filled: true)
        framesAppended += 1
    }

    /// Appends one frame: `frameBytes` bytes, RGBA8 premultiplied, rows from the bottom up
    /// (as `glReadPixels` gives them).
    func append(_ rgba: UnsafeRawBufferPointer) throws {
        precondition(rgba.count >= frameBytes, "\(rgba.count) bytes are not a \(pixelWidth)x\(pixelHeight) RGBA8 frame")
        try withNextFrame { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: rgba[0..<frameBytes])) }
    }

    /// Writes the frames still queued, lets ffmpeg finish the file and renames it into place.
    /// Throws one line (ffmpeg's last line when it failed), leaving no file behind.
    @discardableResult
    func finish() throws -> Summary {
        precondition(!finished, "the recording is finished")
        writer.stop()
        if writer.failure != nil { throw failed() }
        finished = true
        var summary = Summary(frames: framesAppended, bytes: 0, waitingForEncoder: writer.waitingSeconds,
                              writing: writer.writingSeconds, writerAllocations: writer.allocations, encoderCPU: 0)
        guard let ffmpeg else {
            return summary
        }
        try ffmpeg.finish(what: "the video '\(path)'")
        summary.encoderCPU = ffmpeg.cpuSeconds
        summary.bytes = RawPath.stat(path).map { Int64($0.st_size) } ?? 0
        return summary
    }

    /// Throws the recording away: stops ffmpeg and removes its temporary file. Frames of a PNG
    /// sequence already written stay (each one is a whole file).
    func cancel() {
        guard !finished else { return }
        finished = true
        ffmpeg?.kill()
        writer.stop()
        ffmpeg?.discard()
    }

    /// The error that stopped the writer, as one line: ffmpeg's own last line when ffmpeg ended.
    private func failed() -> AppError {
        let failure = writer.failure
        finished = true
        writer.stop()
        if let ffmpeg {
            // ffmpeg stopped reading (it failed): its last line says why.
            let message = ffmpeg.failureAfterStop(what: "the video '\(path)'")
            return message ?? AppError("cannot write the video '\(path)': \(failure.map { "\($0)" } ?? "the encoder stopped")")
        }
        if let failure = failure as? AppError { return failure }
        return AppError("cannot write '\(path)': \(failure.map { "\($0)" } ?? "the writer stopped")")
    }

    /// Un-premultiplies RGBA8 pixels in place: opaque pixels (most) are left as they are.
    static func unpremultiply(_ pixels: UnsafeMutableRawBufferPointer) {
        let p = pixels.bindMemory(to: UInt8.self)
        var i = 0
        while i + 3 < p.count {
            let a = UInt32(p[i + 3])
            if a != 255 {
                if a == 0 {
                    p[i] = 0; p[i + 1] = 0; p[i + 2] = 0
                } else {
                    p[i] = UInt8(min(255, (UInt32(p[i]) * 255 + a / 2) / a))
                    p[i + 1] = UInt8(min(255, (UInt32(p[i + 1]) * 255 + a / 2) / a))
                    p[i + 2] = UInt8(min(255, (UInt32(p[i + 2]) * 255 + a / 2) / a))
                }
            }
            i += 4
        }
    }
}

/// A PNG writer thread's top-down copy of its frame.
private final class FlipBuffer: @unchecked Sendable {
    var pixels: [UInt8]
    init(count: Int) { pixels = [UInt8](repeating: 0, count: count) }
}

/// The ring of frame buffers and the threads that empty it. Each writer thread takes the oldest
/// frame not yet taken; a buffer is filled again only once its own frame is written, so a thread
/// still encoding an older frame is never overwritten by one that finished a newer one.
private final class Writer: @unchecked Sendable {
    /// Writes one frame (its index in the recording) on writer thread `worker` (0 ..< threads).
    typealias Sink = (UnsafeMutableRawBufferPointer, Int, Int) throws -> Void

    private enum Slot { case free, queued, writing }

    private let buffers: [UnsafeMutableRawBufferPointer]
    private var slots: [Slot]
    private let sink: Sink
    private let threads: Int
    /// Guards everything below; signalled when a slot changes or the writers stop.
    private let condition = NSCondition()
    /// Frames queued by the caller, and taken by the writers.
    private var produced = 0
    private var taken = 0
    private var stopped = false
    private var running: Int
    private var _failure: (any Error)?
    private(set) var waitingSeconds = 0.0
    private var _allocations: UInt64 = 0
    private var _writingSeconds = 0.0

    init(frameBytes: Int, threads: Int, sink: @escaping Sink) {
        let count = VideoEncoder.ringSize + threads - 1
        buffers = (0..<count).map { _ in UnsafeMutableRawBufferPointer.allocate(byteCount: frameBytes, alignment: 64) }
        slots = Array(repeating: .free, count: count)
        self.sink = sink
        self.threads = threads
        running = threads
        for worker in 0..<threads {
            let thread = Thread { [self] in run(worker) }
            thread.name = threads == 1 ? "glint record writer" : "glint record writer \(worker + 1)"
            thread.start()
        }
    }

    deinit {
        stop()
        for buffer in buffers { buffer.deallocate() }
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock(); defer { condition.unlock() }
        return body()
    }

    /// The first error a writer met; nil while all is well.
    var failure: (any Error)? { locked { _failure } }

    /// Seconds the writer threads spent writing, together.
    var writingSeconds: Double { locked { _writingSeconds } }

    /// Heap allocations the writer threads made after the warm-up frames (read once they stopped).
    var allocations: UInt64 { locked { _allocations } }

    /// The next buffer to fill, waiting while its last frame is still queued or being written.
    func acquire() -> UnsafeMutableRawBufferPointer {
        let start = DispatchTime.now().uptimeNanoseconds
        condition.lock()
        let slot = produced % buffers.count
        while slots[slot] != .free { condition.wait() }
        condition.unlock()
        waitingSeconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return buffers[slot]
    }

    /// Queues the acquired buffer (or leaves it free, unused).
    func release(filled isFilled: Bool) {
        guard isFilled else { return }
        condition.lock()
        slots[produced % buffers.count] = .queued
        produced += 1
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until every queued frame is written (or dropped after a failure) and the threads have ended.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        while running > 0 { condition.wait() }
        condition.unlock()
    }

    private func run(_ worker: Int) {
        condition.lock()
        while true {
            if taken < produced {
                let index = taken, slot = index % buffers.count
                taken += 1
                slots[slot] = .writing
                let failed = _failure != nil
                condition.unlock()
                var seconds = 0.0, allocated: UInt64 = 0, error: (any Error)?
                if !failed {
                    let start = DispatchTime.now().uptimeNanoseconds
                    let counts = index >= RecordCommand.warmUpFrames
                    if counts { glint_alloc_counting_begin() }
                    do { try sink(buffers[slot], index, worker) } catch let caught { error = caught }
                    if counts { allocated = glint_alloc_counting_end() }
                    seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                }
                condition.lock()
                if let error, _failure == nil { _failure = error }
                _allocations += allocated
                _writingSeconds += seconds
                slots[slot] = .free
                condition.broadcast()
            } else if stopped {
                break
            } else {
                condition.wait()
            }
        }
        running -= 1
        condition.broadcast()
        condition.unlock()
    }
}
