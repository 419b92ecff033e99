import CAllocCounter
import CFiles
import Foundation
import GlintRender
#if canImport(Glibc)
import Glibc
#endif

/// What a recording is written as, chosen by the output's name.
enum VideoFormat: Equatable {
    /// H.264 in MP4, yuv420p (no alpha), every frame a key frame at quantiser 18, odd sizes padded to even, `+faststart`.
    case mp4
    /// VP9 in WebM, with alpha (yuva420p), lossless.
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
    /// and the codec.
    func ffmpegOutputArguments(pixelWidth: Int, pixelHeight: Int) -> [String] {
        switch self {
        case .mp4:
            let pad = pixelWidth % 2 != 0 || pixelHeight % 2 != 0 ? ",pad=ceil(iw/2)*2:ceil(ih/2)*2" : ""
            // Every frame a key frame at a constant quantiser: a frame's pixels depend on it alone, so
            // chunks recorded apart (--frames, --chunk-of) join (glint join) into exactly this clip.
            return ["-vf", "vflip" + pad, "-c:v", "libx264", "-preset", "medium", "-g", "1", "-qp", "18", "-pix_fmt", "yuv420p",
                    "-movflags", "+faststart"]
        case .webm:
            // Lossless: libvpx carries its mode decisions over from frame to frame even at a fixed
            // quantiser, so only lossless frames decode to pixels that depend on the frame alone,
            // which chunks recorded apart (--frames, --chunk-of) need to join into exactly this clip.
            return ["-vf", "vflip", "-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p", "-lossless", "1", "-b:v", "0",
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
    /// that memory stays small (3 frames of 1920x1080: 24 MiB).
    static let ringSize = 3

    /// What a finished recording took.
    struct Summary {
        var frames: Int
        var bytes: Int64
        /// Seconds the caller waited for a free buffer (the encoder was behind).
        var waitingForEncoder: Double
        /// Seconds the writer thread spent handing frames on (writing into ffmpeg's pipe, or
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
    init(path: String, pixelWidth: Int, pixelHeight: Int, fps: Double, soundtrack: Soundtrack? = nil, firstIndex: Int = 0) throws {
        precondition(pixelWidth > 0 && pixelHeight > 0 && fps > 0, "a video needs a size and a frame rate")
        self.path = path
        self.format = try VideoFormat(path: path)
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.fps = fps
        frameBytes = pixelWidth * pixelHeight * 4
        signal(SIGPIPE, SIG_IGN)  // ffmpeg going away is an error (EPIPE), not a signal that ends glint
        let sink: Writer.Sink
        if format == .pngSequence {
            let parts = try PNGSequence.parse(path)
            try OutputFiles.check(PNGSequence.name(parts, firstIndex), what: "frame \(firstIndex)")
            var topDown = [UInt8](repeating: 0, count: frameBytes)
            let rowBytes = pixelWidth * 4, height = pixelHeight, width = pixelWidth
            sink = { frame, written in
                let index = firstIndex + written
                // Glint's own PNG writer, as `render` writes: the same pixels give the same bytes.
                topDown.withUnsafeMutableBytes { out in
                    for y in 0..<height {
                        (out.baseAddress! + y * rowBytes).copyMemory(from: frame.baseAddress! + (height - 1 - y) * rowBytes, byteCount: rowBytes)
                    }
                }
                let pixels = topDown
                try OutputFiles.commit([OutputFile(PNGSequence.name(parts, index), what: "frame \(index)") { fd in
                    try PNG.write(width: width, height: height, rgba: pixels, to: fd, compression: .fast)
                }])
            }
        } else {
            let process = try FFmpegProcess(path: path, format: format, pixelWidth: pixelWidth, pixelHeight: pixelHeight, fps: fps,
                                            soundtrack: format.carriesSound ? soundtrack : nil)
            ffmpeg = process
            let fd = process.input, unpremultiplies = format.keepsAlpha
            sink = { frame, _ in
                if unpremultiplies { VideoEncoder.unpremultiply(frame) }
                try FFmpegProcess.writeAll(UnsafeRawBufferPointer(frame), to: fd)
            }
        }
        writer = Writer(frameBytes: frameBytes, sink: sink)
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

/// The ring of frame buffers and the thread that empties it.
private final class Writer: @unchecked Sendable {
    /// Writes one frame (its index in the recording) from the writer thread.
    typealias Sink = (UnsafeMutableRawBufferPointer, Int) throws -> Void

    private let slots: [UnsafeMutableRawBufferPointer]
    private let sink: Sink
    private let free: DispatchSemaphore
    private let filled = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    /// The next slot the caller fills, and the next the writer empties.
    private var produced = 0
    private var consumed = 0
    /// Set by `stop`: the writer leaves once `consumed` reaches it.
    private var end = Int.max
    private var stopped = false
    private var _failure: (any Error)?
    private(set) var waitingSeconds = 0.0
    /// Heap allocations the writer thread made after the warm-up frames (read once it stopped).
    private(set) var allocations: UInt64 = 0
    private var _writingSeconds = 0.0

    init(frameBytes: Int, sink: @escaping Sink) {
        slots = (0..<VideoEncoder.ringSize).map { _ in UnsafeMutableRawBufferPointer.allocate(byteCount: frameBytes, alignment: 64) }
        free = DispatchSemaphore(value: slots.count)
        self.sink = sink
        let thread = Thread { [self] in run() }
        thread.name = "glint record writer"
        thread.start()
    }

    deinit {
        stop()
        for slot in slots { slot.deallocate() }
    }

    /// The first error the writer met; nil while all is well.
    var failure: (any Error)? {
        lock.lock(); defer { lock.unlock() }
        return _failure
    }

    var writingSeconds: Double {
        lock.lock(); defer { lock.unlock() }
        return _writingSeconds
    }

    /// The next free slot, waiting for the writer when all are full.
    func acquire() -> UnsafeMutableRawBufferPointer {
        let start = DispatchTime.now().uptimeNanoseconds
        free.wait()
        waitingSeconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return slots[produced % slots.count]
    }

    /// Queues the acquired slot (or gives it back unused).
    func release(filled isFilled: Bool) {
        guard isFilled else { free.signal(); return }
        produced += 1
        filled.signal()
    }

    /// Waits until every queued frame is written (or dropped after a failure) and the thread has ended.
    func stop() {
        lock.lock()
        if stopped { lock.unlock(); return }
        stopped = true
        end = produced
        lock.unlock()
        filled.signal()
        done.wait()
    }

    private func run() {
        while true {
            filled.wait()
            lock.lock()
            let finished = consumed == end
            let failed = _failure != nil
            lock.unlock()
            if finished { break }
            if !failed {
                let start = DispatchTime.now().uptimeNanoseconds
                let counts = consumed >= RecordCommand.warmUpFrames
                if counts { glint_alloc_counting_begin() }
                do {
                    try sink(slots[consumed % slots.count], consumed)
                } catch {
                    lock.lock(); _failure = error; lock.unlock()
                }
                if counts { allocations += glint_alloc_counting_end() }
                lock.lock(); _writingSeconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9; lock.unlock()
            }
            consumed += 1
            free.signal()
        }
        done.signal()
    }
}

/// ffmpeg running for one recording: reading raw RGBA from a pipe on its standard input, writing
/// a file beside the output with no name yet (or a hidden temporary one), its standard error kept
/// (the last lines) for messages.
private final class FFmpegProcess: @unchecked Sendable {
    let final: String
    let temporary: String
    let pid: pid_t
    /// The write end of ffmpeg's standard input.
    let input: Int32
    private let errorOutput: Int32
    private var slot: Int32 = -1
    /// The file ffmpeg writes when it has no name yet (O_TMPFILE), open here; -1 when ffmpeg writes
    /// `temporary` by name instead (no O_TMPFILE on this file system, or GLINT_NAMED_TEMPORARY).
    private var unnamed: Int32 = -1
    private var childSlot: Int32 = -1
    private var status: Int32?
    private var stderrTail = [UInt8]()
    private let stderrDone = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private(set) var cpuSeconds = 0.0

    /// Keep this much of ffmpeg's standard error, for its last line.
    static let stderrKept = 8192 // bytes

    /// ffmpeg's descriptor for the file it writes when that has no name.
    static let unnamedDescriptor: Int32 = 3

    /// The installation hint in the "needs ffmpeg" line.
    static let installHint = "apt-get install ffmpeg"

    /// ffmpeg's path and the file the video replaces, or one line saying why there are none.
    @discardableResult
    static func check(path: String, format: VideoFormat) throws -> (executable: String, final: String) {
        guard let executable = find("ffmpeg") else {
            throw AppError("recording to .\(VideoFormat.fileExtension(of: path) ?? format.muxer) needs ffmpeg on PATH: \(installHint)")
        }
        guard case .replace(let final) = try OutputFiles.check(path, what: "the video") else {
            throw AppError("cannot write the video '\(path)': it is not a regular file; ffmpeg writes a file beside it and renames it into place", exitCode: 2)
        }
        return (executable, final)
    }

    init(path: String, format: VideoFormat, pixelWidth: Int, pixelHeight: Int, fps: Double, soundtrack: VideoEncoder.Soundtrack? = nil) throws {
        let (executable, final) = try Self.check(path: path, format: format)
        self.final = final
        let name = String(final.split(separator: "/").last ?? "video")
        temporary = "\(Console.parentFolder(of: final))/.\(name).glint-\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 16)).tmp"
        var arguments = ["ffmpeg", "-hide_banner", "-nostdin", "-loglevel", "error",
                         "-f", "rawvideo", "-pix_fmt", "rgba", "-video_size", "\(pixelWidth)x\(pixelHeight)",
                         "-framerate", fmt(fps), "-i", "pipe:0"]
        if let soundtrack {
            // The sound from the clip's start on the timeline, as long as the clip; silence after its end.
            arguments += ["-ss", fmt(soundtrack.from), "-t", fmt(soundtrack.duration), "-i", soundtrack.path]
        }
        arguments += format.ffmpegOutputArguments(pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        if soundtrack != nil {
            arguments += ["-map", "0:v", "-map", "1:a"] + format.audioCodecArguments
        }
        glint_cleanup_install()
        // Where the file system allows, ffmpeg writes a file with no name, which nothing can leave
        // behind (not even a SIGKILL of glint): glint's descriptor for it becomes ffmpeg's
        // descriptor 3, which ffmpeg opens by /proc (twice for +faststart, to move the index);
        // it is named only once ffmpeg has succeeded. Elsewhere it writes `temporary` by name.
        if ProcessInfo.processInfo.environment[OutputFiles.namedTemporaryVariable] == nil {
            unnamed = RawPath.withCString(Console.parentFolder(of: final)) { glint_open_unnamed($0, 0o666) }
            if unnamed == Self.unnamedDescriptor {
                // dup2 onto itself would keep close-on-exec: move it out of the way first.
                let moved = fcntl(unnamed, F_DUPFD_CLOEXEC, Self.unnamedDescriptor + 1)
                close(unnamed)
                unnamed = moved
            }
        }
        arguments += ["-f", format.muxer, "-y", unnamed >= 0 ? "/proc/self/fd/\(Self.unnamedDescriptor)" : temporary]
        if unnamed < 0 {
            slot = RawPath.withCString(temporary) { glint_cleanup_register($0) }
            guard slot >= 0 else { throw AppError("cannot write the video '\(path)': \(BoundedFile.describe(ENAMETOOLONG))") }
        }
        var inPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        guard Self.makePipe(&inPipe) else { glint_cleanup_unregister(slot); throw AppError("cannot start ffmpeg: \(BoundedFile.describe(errno))") }
        guard Self.makePipe(&errPipe) else {
            close(inPipe[0]); close(inPipe[1]); glint_cleanup_unregister(slot)
            throw AppError("cannot start ffmpeg: \(BoundedFile.describe(errno))")
        }
        // A signal between the start and the registration of the child would leave ffmpeg to
        // make its file after the handler looked: the handled signals wait until it is registered.
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        for s in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&blocked, s) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        if unnamed >= 0 { posix_spawn_file_actions_adddup2(&actions, unnamed, Self.unnamedDescriptor) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        var empty = sigset_t(), defaults = sigset_t()
        sigemptyset(&empty)
        sigemptyset(&defaults)
        for s in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        // Its own process group: Ctrl-C reaches glint, which stops it, rather than ffmpeg, which
        // would finish a file of its own.
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        var child: pid_t = 0
        // Paths as the bytes given (`RawPath`).
        let cArguments = arguments.map { argument in RawPath.withCString(argument) { strdup($0) } } + [nil]
        let spawned = posix_spawn(&child, executable, &actions, &attributes, cArguments, environ)
        for a in cArguments { free(a) }
        posix_spawn_file_actions_destroy(&actions)
        posix_spawnattr_destroy(&attributes)
        if spawned == 0 { childSlot = glint_cleanup_child(child) }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        close(inPipe[0])
        close(errPipe[1])
        guard spawned == 0 else {
            close(inPipe[1]); close(errPipe[0]); glint_cleanup_unregister(slot)
            if unnamed >= 0 { close(unnamed) }
            throw AppError("cannot start ffmpeg (\(executable)): \(BoundedFile.describe(spawned))")
        }
        pid = child
        input = inPipe[1]
        errorOutput = errPipe[0]
        let thread = Thread { [self] in drainErrors() }
        thread.name = "glint record ffmpeg stderr"
        thread.start()
    }

    /// A pipe whose ends close on exec (the child gets its own copies through dup2).
    private static func makePipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// The first executable `name` on PATH.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + name
            if let info = RawPath.stat(candidate), info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }

    private func drainErrors() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(errorOutput, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            lock.lock()
            stderrTail += buffer[0..<n]
            if stderrTail.count > Self.stderrKept { stderrTail.removeFirst(stderrTail.count - Self.stderrKept) }
            lock.unlock()
        }
        close(errorOutput)
        stderrDone.signal()
    }

    /// ffmpeg's last non-empty line on standard error.
    var lastErrorLine: String? {
        lock.lock(); defer { lock.unlock() }
        let text = String(decoding: stderrTail, as: UTF8.self)
        return text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map { $0.trimmingCharacters(in: .whitespaces) }
            .last { !$0.isEmpty }
    }

    /// Writes all of `bytes` into `fd`, retrying short writes; a failed write throws its errno.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) throws {
        var done = 0
        while done < bytes.count {
            let n = write(fd, bytes.baseAddress! + done, bytes.count - done)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw POSIXError(POSIXErrorCode(rawValue: n < 0 ? errno : EIO) ?? .EIO) }
            done += n
        }
    }

    /// Closes ffmpeg's input and waits for it to end; its exit status.
    private func wait() -> Int32 {
        if let status { return status }
        close(input)
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        glint_cleanup_forget_child(childSlot)
        stderrDone.wait()
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        cpuSeconds = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        status = raw
        return raw
    }

    /// Lets ffmpeg finish the file, syncs it and renames it into place; or removes it and throws
    /// ffmpeg's last line.
    func finish(what: String) throws {
        let raw = wait()
        guard raw & 0x7f == 0, (raw >> 8) & 0xff == 0 else {
            discard()
            throw failure(raw, what: what)
        }
        let fd = unnamed >= 0 ? unnamed : RawPath.open(temporary, O_RDONLY | O_CLOEXEC)
        let synced = fd >= 0 && fsync(fd) == 0
        let number = errno
        if fd >= 0 && unnamed < 0 { close(fd) }
        guard synced else {
            discard()
            throw AppError("cannot write \(what): \(BoundedFile.describe(number))")
        }
        if unnamed >= 0 {
            // Named now, registered first so that a signal from here on removes it; link(2)
            // cannot replace the old file, the rename that follows does, at once.
            slot = RawPath.withCString(temporary) { glint_cleanup_register($0) }
            let linked = slot >= 0 && RawPath.withCString(temporary, { glint_link_unnamed(unnamed, $0) }) == 0
            let number = slot >= 0 ? errno : ENAMETOOLONG
            if linked { glint_cleanup_created(slot) } else { glint_cleanup_unregister(slot); slot = -1 }
            close(unnamed)
            unnamed = -1
            guard linked else { throw AppError("cannot write \(what): \(BoundedFile.describe(number))") }
        }
        guard RawPath.rename(temporary, final) == 0 else {
            let number = errno
            discard()
            throw AppError("cannot write \(what): \(BoundedFile.describe(number))")
        }
        glint_cleanup_unregister(slot)
        slot = -1
        let folder = RawPath.open(Console.parentFolder(of: final), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 { _ = fsync(folder); close(folder) }
    }

    /// After the writer met an error: waits for ffmpeg, removes its file, and says what it said.
    func failureAfterStop(what: String) -> AppError? {
        let raw = wait()
        discard()
        return raw == 0 ? nil : failure(raw, what: what)
    }

    private func failure(_ raw: Int32, what: String) -> AppError {
        let signal = raw & 0x7f
        // ffmpeg names the temporary file; the user knows the file by its own name.
        let reason = lastErrorLine.map {
            $0.replacingOccurrences(of: temporary, with: final).replacingOccurrences(of: "/proc/self/fd/\(Self.unnamedDescriptor)", with: final)
        } ?? (signal != 0 ? "it ended by signal \(signal)" : "it exited with status \((raw >> 8) & 0xff)")
        return AppError("ffmpeg failed writing \(what): \(reason)")
    }

    /// Stops ffmpeg at once.
    func kill() {
        if status == nil { Glibc.kill(pid, SIGKILL) }
    }

    /// Waits for ffmpeg and removes its temporary file.
    func discard() {
        _ = wait()
        if unnamed >= 0 {
            close(unnamed)  // the file had no name: it is gone
            unnamed = -1
        }
        if slot >= 0 {
            RawPath.unlink(temporary)
            glint_cleanup_unregister(slot)
            slot = -1
        }
    }
}
