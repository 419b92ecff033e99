import ArgumentParser
import CFiles
import Foundation
import GlintCore
import enum GlintCore.BoundedFile
#if canImport(Glibc)
import Glibc
#endif

struct JoinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "join",
        abstract: "Join the chunks of a clip (glint record --frames or --chunk-of) into the clip, as one 'glint record' would have made it.",
        discussion: """
        The chunks may come in any order; together they must hold every frame of the clip once, at one \
        size, rate and format: OUTPUT's. H.264 (.mp4), VP9 (.webm) and ProRes (.mov) chunks are joined \
        without re-encoding (a chunk's frames decode each on its own: H.264 key frames, lossless \
        VP9, ProRes), so the joined clip has exactly the pixels and timestamps of the one-machine \
        record --joinable; a .gif is encoded again with one palette for the whole clip (close to, not exactly, \
        the one-machine .gif); PNG sequences are copied into OUTPUT's names. The sound of \
        the record's --audio file (noted in the chunks' records) is muxed once here, or the --audio \
        given. OUTPUT is replaced only once everything succeeded; on any problem nothing is written.
        """
    )

    @Argument(help: ArgumentHelp("The clip to write: out.mp4, out.webm, out.mov, out.gif, or frames/%05d.png.", valueName: "output"))
    var output: String

    @Argument(help: ArgumentHelp("The chunks (each with its CHUNK.glint-chunk.json beside it).", valueName: "chunk"))
    var chunks: [String] = []

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Mux this sound file under the clip (from the clip's --from on) instead of the one the chunks name.", valueName: "file"))
    var audio: String?

    func run() throws {
        let format = try VideoFormat(path: output)
        guard !chunks.isEmpty else { throw InputError("glint join needs the chunks to join: glint join OUTPUT CHUNK…") }
        let ordered = try Self.check(chunks, into: output, format: format)
        let clip = ordered[0].record
        if let audio { _ = try InputFiles.read(audio, as: "the sound file '\(audio)'", limit: 1) }
        let sound = audio ?? clip.audio
        if let sound, audio == nil, RawPath.stat(sound) == nil {
            throw InputError("cannot join: the sound file '\(sound)' the chunks name is gone; give it with --audio FILE")
        }
        let started = DispatchTime.now().uptimeNanoseconds
        if format == .pngSequence {
            try Self.copyFrames(ordered, into: output)
        } else {
            try VideoEncoder.check(path: output)
            try Self.concatenate(ordered, into: output, format: format, sound: format.carriesSound ? sound : nil, clip: clip)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let bytes = format == .pngSequence ? "" : ", " + RecordCommand.describeBytes(RawPath.stat(output).map { Int64($0.st_size) } ?? 0)
        Console.note(String(format: "joined %d chunk%@ into %d frames of %dx%d at %@ fps%@%@ in %.1f s: %@",
                            ordered.count, ordered.count == 1 ? "" : "s", clip.clipFrames, clip.width, clip.height, fmt(clip.fps),
                            sound != nil && format.carriesSound ? ", with the sound" : "", bytes, seconds, output))
    }

    /// The chunks read and ordered by their frames, or one line naming the first one that does not fit.
    static func check(_ chunks: [String], into output: String, format: VideoFormat) throws -> [(path: String, record: ChunkRecord)] {
        var read: [(path: String, record: ChunkRecord)] = []
        for chunk in chunks {
            let chunkFormat: VideoFormat
            do { chunkFormat = try VideoFormat(path: chunk) } catch {
                throw InputError("cannot join '\(chunk)': it is not a clip glint records (\(VideoFormat.described))")
            }
            let record = try ChunkRecord.read(chunk: chunk, format: chunkFormat)
            let name = ChunkRecord.formatName(format, path: output)
            guard chunkFormat == format, record.format == name else {
                throw InputError("cannot join '\(chunk)' into '\(output)': it is .\(record.format), not .\(name); record every chunk as OUTPUT is")
            }
            read.append((chunk, record))
        }
        let first = read[0]
        for (path, r) in read.dropFirst() {
            if r.width != first.record.width || r.height != first.record.height {
                throw InputError("cannot join '\(path)': it is \(r.width)x\(r.height), but '\(first.path)' is \(first.record.width)x\(first.record.height)")
            }
            if r.fps != first.record.fps {
                throw InputError("cannot join '\(path)': it is at \(fmt(r.fps)) fps, but '\(first.path)' is at \(fmt(first.record.fps)) fps")
            }
            if r.clipFrames != first.record.clipFrames || r.from != first.record.from || r.clip != first.record.clip {
                throw InputError("cannot join '\(path)': it is a chunk of another clip than '\(first.path)' (recorded with other arguments)")
            }
        }
        let ordered = read.sorted { $0.record.first < $1.record.first }
        var next = 0
        var previous: (path: String, record: ChunkRecord)?
        for chunk in ordered {
            let r = chunk.record
            if let previous, r.first <= previous.record.last {
                throw InputError("cannot join '\(chunk.path)': its frames \(r.first)..\(r.last) overlap those of '\(previous.path)' (\(previous.record.first)..\(previous.record.last))")
            }
            if r.first > next {
                let before = previous.map { " after '\($0.path)'" } ?? ""
                throw InputError("cannot join: frames \(next)..\(r.first - 1) of the \(r.clipFrames)-frame clip are missing\(before), before '\(chunk.path)' (\(r.first)..\(r.last))")
            }
            next = r.last + 1
            previous = chunk
        }
        if next < first.record.clipFrames, let previous {
            throw InputError("cannot join: frames \(next)..\(first.record.clipFrames - 1) of the \(first.record.clipFrames)-frame clip are missing, after '\(previous.path)' (\(previous.record.first)..\(previous.record.last))")
        }
        return ordered
    }

    /// PNG sequences: each chunk's frames (named by their frame of the clip) copied to OUTPUT's names.
    static func copyFrames(_ ordered: [(path: String, record: ChunkRecord)], into output: String) throws {
        let target = try PNGSequence.parse(output)
        var sources: [(from: String, to: String, index: Int)] = []
        for (path, r) in ordered {
            let parts = try PNGSequence.parse(path)
            for index in r.first...r.last {
                let name = PNGSequence.name(parts, index)
                guard RawPath.stat(name) != nil else { throw InputError("cannot join '\(path)': its frame \(index), '\(name)', is missing") }
                sources.append((name, PNGSequence.name(target, index), index))
            }
        }
        try OutputFiles.check(PNGSequence.name(target, 0), what: "frame 0")
        for source in sources where source.from != source.to {
            let bytes = Data(try InputFiles.read(source.from, as: "the frame '\(source.from)'", limit: InputFiles.imageLimit))
            try OutputFiles.commit([OutputFile(source.to, what: "frame \(source.index)") { try OutputFiles.writeAll(bytes, to: $0) }])
        }
    }

    /// Videos: ffmpeg's concat demuxer, the frames copied (a GIF encoded again with one palette),
    /// each frame's time set as the one-machine record's (frame i at i/fps), the sound muxed once.
    static func concatenate(_ ordered: [(path: String, record: ChunkRecord)], into output: String, format: VideoFormat, sound: String?,
                            clip: ChunkRecord) throws {
        guard let ffmpeg = which("ffmpeg") else {
            throw AppError("joining .\(VideoFormat.fileExtension(of: output) ?? format.muxer) chunks needs ffmpeg on PATH: apt-get install ffmpeg")
        }
        guard case .replace(let final) = try OutputFiles.check(output, what: "the video") else {
            throw AppError("cannot write the video '\(output)': it is not a regular file", exitCode: 2)
        }
        let list = NSTemporaryDirectory() + "glint-join-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).txt"
        let lines = ordered.map { chunk -> String in
            let absolute = chunk.path.hasPrefix("/") ? chunk.path : FileManager.default.currentDirectoryPath + "/" + chunk.path
            return "file '" + absolute.replacingOccurrences(of: "'", with: "'\\''") + "'\n"
        }
        guard FileManager.default.createFile(atPath: list, contents: Data(lines.joined().utf8)) else {
            throw AppError("cannot write ffmpeg's list of chunks in \(NSTemporaryDirectory())")
        }
        defer { unlink(list) }
        let name = String(final.split(separator: "/").last ?? "video")
        let temporary = "\(Console.parentFolder(of: final))/.\(name).glint-join-\(getpid()).tmp"
        var arguments = ["-hide_banner", "-nostdin", "-loglevel", "error", "-f", "concat", "-safe", "0", "-i", list]
        if let sound {
            arguments += ["-ss", fmt(clip.from), "-t", fmt(Double(clip.clipFrames) / clip.fps), "-i", sound]
        }
        arguments += ["-map", "0:v"]
        if format == .gif {
            arguments += ["-filter_complex", "[0:v]split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse"]
        } else {
            // Frame i at i/fps in the stream's time base, rounded as the encoder's own times are.
            arguments += ["-c:v", "copy", "-bsf:v", "setts=ts=round(N/(\(fmt(clip.fps))*TB))"]
        }
        if sound != nil { arguments += ["-map", "1:a"] + format.audioCodecArguments }
        if format == .mp4 { arguments += ["-movflags", "+faststart"] }
        arguments += ["-f", format.muxer, "-y", temporary]
        glint_cleanup_install()
        let slot = RawPath.withCString(temporary) { glint_cleanup_register($0) }
        defer {
            if slot >= 0 { glint_cleanup_unregister(slot) }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw AppError("cannot start ffmpeg (\(ffmpeg)): \(error.localizedDescription)") }
        let child = glint_cleanup_child(process.processIdentifier)
        if slot >= 0 { glint_cleanup_created(slot) }
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        glint_cleanup_forget_child(child)
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            RawPath.unlink(temporary)
            let last = String(decoding: said, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? "it exited with status \(process.terminationStatus)"
            throw AppError("ffmpeg failed joining the chunks into '\(output)': \(last.replacingOccurrences(of: temporary, with: output))")
        }
        guard RawPath.rename(temporary, final) == 0 else {
            let number = errno
            RawPath.unlink(temporary)
            throw AppError("cannot write the video '\(output)': \(BoundedFile.describe(number))")
        }
    }

    /// The first executable `name` on PATH.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + name
            if access(candidate, X_OK) == 0, let info = RawPath.stat(candidate), info.st_mode & S_IFMT == S_IFREG { return candidate }
        }
        return nil
    }
}
