import ArgumentParser
import CAllocCounter
@preconcurrency import CEpoxy
import Foundation
import GlintAudio
import GlintCore
import GlintRender

struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a clip headless (no display needed): a video through ffmpeg, or a PNG sequence.",
        discussion: """
        Frame i is drawn at --from + i/--fps seconds on the same timeline as 'glint render' (never \
        the wall clock), with the --input events at their times; a frame is the same picture \
        'glint render --time' draws at that time. Formats by the --output name: \(VideoFormat.described). \
        Videos need ffmpeg on PATH; a PNG sequence numbers its frames from 0.
        """
    )

    @OptionGroup var effectOptions: EffectOptions
    @OptionGroup(title: "Tear") var tearOptions: TearOptions

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The view's size in points (default 1280x720, or the --image's size).", valueName: "WxH"))
    var size: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Pixels per point (default: 1).", valueName: "factor"),
            transform: TypedOption.scale)
    var scale: Double = 1

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Pointer events, or @FILE to read them from a file (as for render).", valueName: "events"))
    var input: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Key presses for a Shadertoy shader's keyboard channel, as for render: TIME down|up KEY; …", valueName: "events"))
    var keys: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("How long the clip lasts, in seconds.", valueName: "seconds"),
            transform: TypedOption.number("duration", in: 0.001...RecordCommand.longestClip, unit: "seconds"))
    var duration: Double

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Frames per second (default: 60).", valueName: "rate"),
            transform: TypedOption.number("frame rate", in: 1...RecordCommand.highestFPS, unit: "frames per second"))
    var fps: Double = 60

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Where on the timeline the clip starts, in seconds (default: 0).", valueName: "seconds"),
            transform: TypedOption.time)
    var from: Double = 0

    @Option(name: [.short, .long], help: ArgumentHelp("The clip: out.mp4, out.webm, out.mov, out.gif, or frames/%05d.png for a PNG sequence.", valueName: "file"))
    var output: String

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Draw each frame at K times the pixel size and average it down (K×K samples a pixel).", valueName: "K"))
    var supersample: Int = 1

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Motion blur: the part of the frame interval the subframes spread over (0…1; default: \(fmt(RecordCommand.standardShutter))).", valueName: "fraction"),
            transform: TypedOption.number("shutter", in: 0...1))
    var shutter: Double = RecordCommand.standardShutter

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Motion blur: subframes averaged into each frame (1: no blur).", valueName: "N"))
    var subframes: Int = 1

    @Flag(name: .long, help: "Print where the time went: rendering, read-back, encoding.")
    var verbose = false

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Record only frames FIRST to LAST of the clip (from 0, both included; frame i is at --from + i/--fps), as a chunk that glint join puts together with the others. Beside it goes OUTPUT.glint-chunk.json; missing folders of OUTPUT are made; --audio is heard but muxed by the join.", valueName: "FIRST..LAST"))
    var frames: String?

    @Flag(name: .long, help: "Encode every frame on its own (.mp4: each a key frame at a constant quantiser, ~11 times the size; .webm: lossless, ~45 times), as chunks (--frames, --chunk-of) always are: the clip glint join makes of them is exactly this one.")
    var joinable = false

    @Option(name: .customLong("chunk-of"), parsing: .unconditional, help: ArgumentHelp("Record the I-th (from 1) of M even, contiguous chunks of the clip's frames (the first ones one frame longer when M does not divide them), as --frames does.", valueName: "I/M"))
    var chunkOf: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Record one clip for each combination of parameter values into the folder --output names (see glint render --help), plus a contact sheet of their first frames.", valueName: "spec|@file"))
    var sweep: String?

    @Flag(name: .long, help: "Go ahead with a sweep of more than 10000 combinations.")
    var yes = false

    /// The longest clip, in seconds (a day, as for --time).
    static let longestClip = 86_400.0 // seconds
    /// The highest frame rate.
    static let highestFPS = 240.0 // frames per second
    /// The most frames one recording makes.
    static let maxFrames = 1_000_000
    /// The largest supersampling factor and the most subframes.
    static let maxSupersample = 8
    static let maxSubframes = 64
    /// Frames not counted in --verbose's allocations: caches fill, programs compile.
    static let warmUpFrames = 30
    /// The shutter's default: half the frame interval, as film's 180° shutter.
    static let standardShutter = 0.5

    func run() throws {
        if let sweep {
            try Sweep.record(self, spec: sweep)
            return
        }
        // Everything the user typed is checked before any GL work starts.
        let count = Int((duration * fps).rounded())
        guard count >= 1 else {
            throw InputError("bad duration '\(fmt(duration))': at \(fmt(fps)) frames per second it makes no frame; record at least \(String(format: "%.3g", 1 / fps)) s")
        }
        guard count <= Self.maxFrames else {
            throw InputError("bad duration '\(fmt(duration))': at \(fmt(fps)) frames per second it makes \(count) frames; at most \(Self.maxFrames)")
        }
        guard (1...Self.maxSupersample).contains(supersample) else {
            throw InputError("bad supersample '\(supersample)': expected a whole number from 1 to \(Self.maxSupersample), like 2")
        }
        guard (1...Self.maxSubframes).contains(subframes) else {
            throw InputError("bad subframes '\(subframes)': expected a whole number from 1 to \(Self.maxSubframes), like 8")
        }
        let still = Self.still
        let format = still == nil ? try VideoFormat(path: output) : .pngSequence
        let selection = try FrameSelection.range(frames: frames, chunkOf: chunkOf, total: count)
        let range = selection ?? 0...(count - 1)
        let recorded = range.count
        let image = try effectOptions.contentImage()
        let viewSize = try size.map { try Parse.size($0) } ?? image.map { Size(width: Double($0.width), height: Double($0.height)) }
            ?? Size(width: 1280, height: 720)
        let events = try readEvents(input)
        let setup = try HeadlessSetup(effectOptions, tearOptions, viewSize: viewSize, image: image)
        let keyEvents = try keys.map { try ToyKeys.events($0) } ?? []
        let pixels = RenderCommand.pixelSize(of: viewSize, scale: scale)
        let chunk = selection != nil && still == nil
        if chunk { try Self.makeFolders(for: output) }
        if still == nil { try VideoEncoder.check(path: output) }
        if chunk { try OutputFiles.check(ChunkRecord.path(for: output), what: "the chunk's record") }

        let (context, host) = try setup.start()
        // A frame's pixels from its moment alone, whatever was drawn before it (record's frames are render's,
        // a farm's chunks join byte for byte): arguments are uniforms, never compiled in as they come to rest.
        host.renderer.renderer.compilesArgumentsAtRest = false
        host.update(scale: scale)
        let k = supersample
        let target = try RenderTarget(pixelWidth: pixels.width * k, pixelHeight: pixels.height * k)
        // A sound file heard by the effects is muxed under the clip too (mp4, webm, mov).
        // A chunk is silent: its record names the sound, which glint join muxes once under the clip.
        let soundFile = (setup.audio?.input is AudioFile) ? setup.audio?.name : nil
        let soundtrack = selection == nil ? soundFile.map { VideoEncoder.Soundtrack(path: $0, from: from, duration: Double(count) / fps) } : nil
        if soundFile != nil && still == nil && selection == nil && !format.carriesSound {
            Console.note("\(output) has no sound: only .mp4, .webm and .mov carry the --audio file")
        }
        let encoder = still != nil ? nil : try VideoEncoder(path: output, pixelWidth: pixels.width, pixelHeight: pixels.height, fps: fps, soundtrack: soundtrack,
                                       firstIndex: range.lowerBound, joinable: joinable || chunk)
        if format.needsEvenSize && (pixels.width % 2 != 0 || pixels.height % 2 != 0) {
            Console.note("padding \(pixels.width)x\(pixels.height) to \(pixels.width + pixels.width % 2)x\(pixels.height + pixels.height % 2) with black: H.264 (yuv420p) needs an even width and height")
        }
        // Frames before a chunk are simulated, not recorded: drawn when a shader's buffers feed back
        // (Shadertoy buffers, ISF PERSISTENT, glslViewer double buffers), only stepped otherwise.
        let toys = setup.effects.filter { $0.toolProgram != nil }
        if chunk && !toys.isEmpty && effectOptions.date == nil {
            Console.note("no --date: the shader's date is today's; give every chunk the same --date (glint plan does) so that they join into one clip")
        }
        let feedback = toys.contains { $0.toolProgram?.hasFeedback == true }
        let warmUp = range.lowerBound
        if warmUp > 0 && feedback {
            Console.note("warming up: drawing frames 0..\(warmUp - 1) unrecorded before frame \(warmUp), as the shader's buffers feed back")
        }
        let progress = RecordProgress(total: range.upperBound + 1, warmUp: feedback ? warmUp : 0)
        var timing = Timing()
        let started = DispatchTime.now().uptimeNanoseconds
        var warmedUp = started
        do {
            // A shader of another tool draws every frame before the clip (its buffers feed back).
            var nextKey = 0
            var nextEvent = try host.runToolFrames(until: from, events: events[...], keys: keyEvents, into: target.framebuffer)
            let blend = Blend(width: pixels.width, height: pixels.height, factor: k, samples: k * k * subframes)
            let drawScale = viewSize.width > 0 ? Double(target.framebuffer.pixelWidth) / viewSize.width : 1
            for index in 0..<warmUp {
                let time = from + Double(index) / fps
                for sub in 0..<(blend.isNeeded ? subframes : 1) {
                    // The same steps as a recorded frame takes, so the state at frame A is the one-machine record's.
                    let subTime = sub == 0 ? time : time + shutter / fps * Double(sub) / Double(subframes)
                    host.applyKeys(keyEvents, from: &nextKey, until: subTime)
                    nextEvent += host.advance(to: subTime, applying: events[nextEvent...])
                    if feedback {
                        try draw(host, target)
                    } else {
                        host.update(scale: drawScale)
                        for toy in toys { toy.didDraw() }
                    }
                }
                progress.update(done: index + 1)
            }
            warmedUp = DispatchTime.now().uptimeNanoseconds
            for index in range {
                let counts = index - warmUp >= Self.warmUpFrames
                if counts { glint_alloc_counting_begin() }
                let time = from + Double(index) / fps
                if blend.isNeeded {
                    blend.clear()
                    for sub in 0..<subframes {
                        // Spread over the shutter, starting at the frame's own time.
                        let subTime = time + shutter / fps * Double(sub) / Double(subframes)
                        try timing.measure(\.rendering) {
                            host.applyKeys(keyEvents, from: &nextKey, until: subTime)
                            nextEvent += host.advance(to: subTime, applying: events[nextEvent...])
                            try draw(host, target)
                        }
                        timing.measure(\.readBack) { blend.add(target.framebuffer) }
                    }
                    try timing.measure(\.readBack) { try encoder?.withNextFrame { blend.resolve(into: $0) } }
                } else {
                    try timing.measure(\.rendering) {
                        host.applyKeys(keyEvents, from: &nextKey, until: time)
                        nextEvent += host.advance(to: time, applying: events[nextEvent...])
                        try draw(host, target)
                    }
                    try timing.measure(\.readBack) { try encoder?.withNextFrame { Self.readBack(target.framebuffer, into: $0) } }
                }
                if counts {
                    let all = glint_alloc_counting_end()
                    timing.allocations += all - glint_alloc_counting_driver()
                    timing.driverAllocations += glint_alloc_counting_driver()
                }
                progress.update(done: index + 1)
            }
            for error in host.errors { Console.warn("\(error)") }
            guard let encoder else {
                // `render --frame N`: the frame just drawn is the still.
                progress.finish()
                try still?.write(host, target.framebuffer)
                withExtendedLifetime(context) {}
                return
            }
            let summary = try encoder.finish()
            progress.finish()
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            let size = format == .pngSequence ? "" : ", \(Self.describeBytes(summary.bytes))"
            if chunk {
                try OutputFiles.commit([OutputFile(ChunkRecord.path(for: output), what: "the chunk's record") { fd in
                    try OutputFiles.writeAll(chunkRecord(range, count: count, pixels: pixels, format: format, sound: soundFile).json, to: fd)
                }])
                let warm = Double(warmedUp - started) / 1e9
                let warming = warmUp == 0 ? "" : String(format: " after %@ frames 0..%d in %.1f s", feedback ? "drawing" : "stepping through", warmUp - 1, warm)
                Console.note(String(format: "recorded frames %d..%d (%d frame%@) of a %d-frame clip, %dx%d at %@ fps%@, in %.1f s%@: %@",
                                    range.lowerBound, range.upperBound, range.count, range.count == 1 ? "" : "s", count, pixels.width, pixels.height,
                                    fmt(fps), size, seconds, warming, output))
            } else {
                Console.note(String(format: "recorded %d frame%@ of %dx%d (%@ s at %@ fps%@) in %.1f s, %.1f frames/s: %@",
                                    count, count == 1 ? "" : "s", pixels.width, pixels.height, fmt(Double(count) / fps), fmt(fps), size, seconds, Double(count) / seconds, output))
            }
            if verbose {
                // The caller's wait for a free buffer is inside read-back's clock: counted apart.
                let readBack = max(0, timing.readBack - summary.waitingForEncoder)
                Console.note(String(format: "time: rendering %.2f s (%.2f ms/frame), read-back %.2f s (%.2f ms/frame), waiting for the encoder %.2f s; "
                                    + "beside them, on other threads: handing frames on %.2f s%@",
                                    timing.rendering, timing.rendering * 1000 / Double(recorded), readBack, readBack * 1000 / Double(recorded),
                                    summary.waitingForEncoder, summary.writing,
                                    format == .pngSequence ? " (PNG encoding and writing)" : String(format: ", ffmpeg encoding %.2f s of CPU", summary.encoderCPU)))
                let steady = recorded - Self.warmUpFrames
                if glint_alloc_counter_active() != 0 && steady > 0 {
                    Console.note(String(format: "heap: %.2f allocations a frame by Glint after the first %d frames (drawing thread %.2f, writer thread %.2f); the GL driver's own: %.2f",
                                        Double(timing.allocations + summary.writerAllocations) / Double(steady), Self.warmUpFrames,
                                        Double(timing.allocations) / Double(steady), Double(summary.writerAllocations) / Double(steady),
                                        Double(timing.driverAllocations) / Double(steady)))
                }
            }
        } catch {
            progress.finish()
            encoder?.cancel()
            throw error
        }
        withExtendedLifetime(context) {}
    }

    /// What `glint join` reads of a chunk: its clip, frames, rate, size and format, and the sound to mux.
    private func chunkRecord(_ range: ClosedRange<Int>, count: Int, pixels: (width: Int, height: Int), format: VideoFormat, sound: String?) -> ChunkRecord {
        ChunkRecord(clip: ChunkRecord.fingerprint(of: Array(arguments)), first: range.lowerBound, last: range.upperBound, clipFrames: count,
                    fps: fps, from: from, width: pixels.width, height: pixels.height, format: ChunkRecord.formatName(format, path: output),
                    audio: sound.map { URL(fileURLWithPath: $0).standardizedFileURL.path }, audioFrom: sound == nil ? nil : from)
    }

    /// Makes the folders a chunk's output goes into (a farm's job writes into a fresh folder).
    static func makeFolders(for output: String) throws {
        let folder = Console.parentFolder(of: output)
        guard RawPath.stat(folder) == nil else { return }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw AppError("cannot make the folder '\(folder)' for '\(output)': \((error as NSError).localizedDescription)")
        }
    }

    /// Draws the app's frame for the driver's time and waits for it (llvmpipe draws when flushed),
    /// so rendering and read-back are timed apart.
    private func draw(_ host: AppHost, _ target: RenderTarget) throws {
        try host.draw(into: target.framebuffer)
        epoxy_glFinish()
        try GL.checkError("rendering \(host.content.state.name)")
    }

    /// Reads a framebuffer's pixels into `buffer`, RGBA8 premultiplied, rows from the bottom up
    /// as OpenGL keeps them (the encoder takes them that way: no flip, no allocation).
    static func readBack(_ fb: Framebuffer, into buffer: UnsafeMutableRawBufferPointer) {
        precondition(buffer.count >= fb.pixelWidth * fb.pixelHeight * 4, "the buffer cannot hold the frame")
        epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), fb.id)
        epoxy_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        epoxy_glReadPixels(0, 0, GLsizei(fb.pixelWidth), GLsizei(fb.pixelHeight), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), buffer.baseAddress)
    }

    /// "1.2 MB", "640 kB".
    static func describeBytes(_ bytes: Int64) -> String {
        bytes >= 1_000_000 ? String(format: "%.1f MB", Double(bytes) / 1e6) : String(format: "%.0f kB", Double(bytes) / 1e3)
    }
}

/// Seconds spent on each part of a recording, on the drawing thread.
private struct Timing {
    var rendering = 0.0
    var readBack = 0.0
    /// Heap allocations on the drawing thread after the warm-up, Glint's and the GL driver's.
    var allocations: UInt64 = 0
    var driverAllocations: UInt64 = 0

    mutating func measure<R>(_ part: WritableKeyPath<Timing, Double>, _ body: () throws -> R) rethrows -> R {
        let start = DispatchTime.now().uptimeNanoseconds
        defer { self[keyPath: part] += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
        return try body()
    }
}

/// Supersampling and motion blur: frames drawn at `factor` times the pixel size are read back,
/// box-filtered down and summed; `resolve` averages the sums. Averages are taken of the 8-bit
/// sRGB-encoded, premultiplied values as drawn (not in linear light). Its buffers are allocated once.
private final class Blend {
    let width: Int, height: Int, factor: Int, samples: Int
    private let sums: UnsafeMutableBufferPointer<UInt32>
    private let large: UnsafeMutableRawBufferPointer

    /// Whether frames need blending at all: with one sample a pixel they are read back directly.
    var isNeeded: Bool { samples > 1 }

    init(width: Int, height: Int, factor: Int, samples: Int) {
        self.width = width
        self.height = height
        self.factor = factor
        self.samples = samples
        let needed = samples > 1
        sums = .allocate(capacity: needed ? width * height * 4 : 0)
        large = .allocate(byteCount: needed ? width * height * factor * factor * 4 : 0, alignment: 64)
    }

    deinit {
        sums.deallocate()
        large.deallocate()
    }

    func clear() {
        sums.update(repeating: 0)
    }

    /// Reads the large frame back and adds each pixel's `factor`×`factor` box to the sums.
    func add(_ fb: Framebuffer) {
        RecordCommand.readBack(fb, into: large)
        let source = large.bindMemory(to: UInt8.self)
        let largeRow = width * factor * 4
        for y in 0..<height {
            for dy in 0..<factor {
                let row = (y * factor + dy) * largeRow
                var out = y * width * 4
                var x = row
                for _ in 0..<width {
                    for _ in 0..<factor {
                        sums[out] += UInt32(source[x])
                        sums[out + 1] += UInt32(source[x + 1])
                        sums[out + 2] += UInt32(source[x + 2])
                        sums[out + 3] += UInt32(source[x + 3])
                        x += 4
                    }
                    out += 4
                }
            }
        }
    }

    /// The average of everything added, rounded, as RGBA8 rows (bottom-up, as read).
    func resolve(into buffer: UnsafeMutableRawBufferPointer) {
        let out = buffer.bindMemory(to: UInt8.self)
        let n = UInt32(samples)
        for i in 0..<(width * height * 4) {
            out[i] = UInt8((sums[i] + n / 2) / n)
        }
    }
}

/// A recording's progress on stderr: a bar redrawn in place (frames done of all, frames per
/// second, time left) when stderr is a terminal; nothing otherwise (the summary line follows).
private final class RecordProgress {
    private let total: Int
    /// Frames drawn before the recorded ones (a chunk of a shader whose buffers feed back).
    private let warmUp: Int
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private let started = DispatchTime.now().uptimeNanoseconds
    private var lastShown = 0.0
    private var visible = false

    /// Redraws at most this often.
    static let interval = 0.2 // seconds
    /// The bar's width in characters.
    static let barWidth = 30

    init(total: Int, warmUp: Int = 0) {
        self.total = total
        self.warmUp = warmUp
    }

    func update(done: Int) {
        guard isTerminal else { return }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        // The first frame compiles programs: the rate means something from the second on.
        guard done >= 2, elapsed - lastShown >= Self.interval || done == total else { return }
        lastShown = elapsed
        visible = true
        let filled = Self.barWidth * done / total
        let rate = Double(done) / max(elapsed, 1e-9)
        let left = Double(total - done) / max(rate, 1e-9)
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: Self.barWidth - filled)
        FileHandle.standardError.write(Data(String(format: "\rglint: %@ [%@] %d/%d frames, %.1f frames/s, %@ left\u{1B}[K",
                                                   done <= warmUp ? "warming up" : "recording", bar, done, total, rate, Self.clock(left)).utf8))
    }

    /// Clears the bar.
    func finish() {
        if visible { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        visible = false
    }

    /// "0:42", "1:02:03".
    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
    }
}
