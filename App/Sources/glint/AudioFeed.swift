import Foundation
import GlintAudio
import GlintCore

/// The sound the app listens to (`--audio`): its input, the meter the voice effects follow and
/// Shadertoy's sound texture, brought to the timeline's time before each frame. A file is read
/// at that time, so headless frames are the same on every run; a live source gives its newest
/// samples. Allocates nothing per frame.
final class AudioFeed {
    let input: any AudioInput
    /// What `--audio` named, for messages.
    let name: String
    let meter: AudioMeter
    let texture = SoundTexture()
    /// `--audio-while-held`: the level counts only while the pointer is held.
    let onlyWhileHeld: Bool

    init(input: any AudioInput, name: String, onlyWhileHeld: Bool) {
        self.input = input
        self.name = name
        self.onlyWhileHeld = onlyWhileHeld
        meter = AudioMeter(sampleRate: input.sampleRate)
    }

    /// The meter and the sound texture at `time`, and what the effects hear of them.
    func update(at time: Double) -> Hearing {
        meter.update(from: input, at: time)
        texture.update(from: input, at: time)
        var unavailable: String?
        if case .unavailable(let why) = input.status { unavailable = why }
        var hearing = Hearing(level: meter.level, decibels: meter.decibels, onlyWhileHeld: onlyWhileHeld, unavailable: unavailable)
        hearing.bass = meter.bands.bass
        hearing.mid = meter.bands.mid
        hearing.treble = meter.bands.treble
        return hearing
    }

    /// The lowest `audioDB` `--state` reports: JSON has no −∞.
    static let quietestDecibels = -120.0

    /// What `--audio` names: `mic`, `mic:NAME`, `playing`, `playing:NAME` (live), or a sound file.
    static func open(_ source: String, onlyWhileHeld: Bool) throws -> AudioFeed {
        if let live = try openLive(source, onlyWhileHeld: onlyWhileHeld) { return live }
        return try file(source, onlyWhileHeld: onlyWhileHeld)
    }

    /// A live source, or nil when `source` names none (then it is a file).
    static func openLive(_ source: String, onlyWhileHeld: Bool) throws -> AudioFeed? {
        let kind = source.split(separator: ":", maxSplits: 1).first.map(String.init) ?? source
        guard kind == "mic" || kind == "playing" else { return nil }
        throw InputError("--audio \(kind) needs live capture, which this build does not have yet; give a sound file")
    }

    /// `--audio FILE`: a sound file (WAV, FLAC, Ogg) read at the timeline's time.
    static func file(_ path: String, onlyWhileHeld: Bool) throws -> AudioFeed {
        do throws(AudioFileError) {
            return AudioFeed(input: try AudioFile(path: path), name: path, onlyWhileHeld: onlyWhileHeld)
        } catch {
            throw InputError("\(error)")
        }
    }
}
