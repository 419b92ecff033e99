// A sound file read whole when it opens, so a frame reads samples from memory: no file I/O, no
// lock and no allocation on the render path, and any time can be read in any order, which a
// deterministic render at `--time 1.5` needs (a stream would have to seek and decode per frame).
import CSndfile
import Foundation

/// An audio file Glint cannot read: one line naming the file and the reason.
public struct AudioFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path as given.
    public var path: String
    /// Why not: libsndfile's own reason where it gave one.
    public var reason: String
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
    public var description: String { "cannot read audio file '\(path)': \(reason)" }
}

/// A WAV, FLAC or Ogg (Vorbis, Opus) file read through libsndfile, mixed to mono (the mean of its
/// channels: (L+R)/2 for stereo) and held in memory; `samples(endingAt:)` reads it at a time on
/// the timeline. The same time always gives the same samples.
public final class AudioFile: AudioInput, @unchecked Sendable {  // immutable after init
    /// The most samples a channel Glint holds: 10 minutes at 48 kHz (110 MiB as mono floats).
    public static let maximumFrames = 10 * 60 * 48_000

    /// The path it was opened from.
    public let path: String
    public let sampleRate: Double
    /// Channels in the file, before mixing to mono.
    public let channelCount: Int
    /// Samples (per channel) it holds.
    public let frameCount: Int
    /// Seconds of sound.
    public var duration: Double { Double(frameCount) / sampleRate }
    /// Always running: a file read at open has nothing more to fail.
    public var status: AudioInputStatus { .running }

    private let mono: UnsafeMutableBufferPointer<Float>

    /// libsndfile keeps the reason an open failed in a global; opening one file at a time keeps
    /// each reason with its file.
    private static let openLock = NSLock()
    /// Frames read from the file per call, interleaved, before mixing.
    private static let chunkFrames = 4096

    /// Reads the file at `path` whole. Throws, naming the file, when it is missing, unreadable,
    /// not audio libsndfile knows, or longer than `maximumFrames`.
    public init(path: String) throws(AudioFileError) {
        self.path = path
        // Only a regular file: opening a FIFO would wait for a writer, and a device never ends.
        var status = stat()
        if stat(path, &status) == 0 {
            let kind = status.st_mode & S_IFMT
            if kind == S_IFDIR { throw AudioFileError(path: path, reason: "it is a folder") }
            if kind != S_IFREG { throw AudioFileError(path: path, reason: "it is not a regular file (a pipe, a device or a socket)") }
        }
        var info = SF_INFO()
        AudioFile.openLock.lock()
        let file = sf_open(path, Int32(SFM_READ), &info)
        let openReason = file == nil ? String(cString: sf_strerror(nil)) : ""
        AudioFile.openLock.unlock()
        guard let file else { throw AudioFileError(path: path, reason: openReason) }
        defer { sf_close(file) }
        guard info.channels > 0, info.samplerate > 0 else {
            throw AudioFileError(path: path, reason: "it declares \(info.channels) channels at \(info.samplerate) Hz")
        }
        guard info.frames <= sf_count_t(AudioFile.maximumFrames) else {
            let seconds = Double(info.frames) / Double(info.samplerate)
            throw AudioFileError(path: path, reason: String(format: "it lasts %.0f s (%lld samples); Glint reads at most %d samples (10 minutes at 48 kHz)",
                                                            seconds, info.frames, AudioFile.maximumFrames))
        }
        let channels = Int(info.channels)
        let capacity = max(Int(info.frames), 0)
        let mono = UnsafeMutableBufferPointer<Float>.allocate(capacity: max(capacity, 1))
        mono.initialize(repeating: 0)
        let chunk = UnsafeMutableBufferPointer<Float>.allocate(capacity: AudioFile.chunkFrames * channels)
        defer { chunk.deallocate() }
        var read = 0
        while read < capacity {
            let want = min(AudioFile.chunkFrames, capacity - read)
            let got = Int(sf_readf_float(file, chunk.baseAddress, sf_count_t(want)))
            if got <= 0 { break }
            let scale = 1 / Float(channels)
            for i in 0..<got {
                var sum: Float = 0
                for c in 0..<channels { sum += chunk[i * channels + c] }
                mono[read + i] = sum * scale
            }
            read += got
        }
        if sf_error(file) != 0 {
            let reason = String(cString: sf_strerror(file))
            mono.deallocate()
            throw AudioFileError(path: path, reason: reason)
        }
        self.mono = mono
        sampleRate = Double(info.samplerate)
        channelCount = channels
        frameCount = read  // a file that ends early holds what it had
    }

    deinit { mono.deallocate() }

    /// The samples whose last one is the sample nearest before `time`: sample `i` (0 first) sounds
    /// at `i / sampleRate` seconds, and the buffer ends just before sample `round(time × sampleRate)`.
    /// Before 0 and after the end: silence.
    public func samples(endingAt time: Double, into buffer: UnsafeMutableBufferPointer<Float>) {
        let count = buffer.count
        guard count > 0 else { return }
        // Far outside the file (or not a number) reads as silence without overflowing an Int.
        let limit = Double(Int32.max)
        guard time.isFinite, let base = buffer.baseAddress else {
            buffer.update(repeating: 0)
            return
        }
        let end = Int(min(max((time * sampleRate).rounded(), -limit), limit))
        let start = end - count
        let from = max(start, 0), to = min(end, frameCount)
        guard from < to else {
            buffer.update(repeating: 0)
            return
        }
        // [start, from) and [to, end) are silence; [from, to) is the file.
        let lead = from - start
        if lead > 0 { base.update(repeating: 0, count: lead) }
        (base + lead).update(from: mono.baseAddress! + from, count: to - from)
        let tail = end - to
        if tail > 0 { (base + lead + (to - from)).update(repeating: 0, count: tail) }
    }
}
