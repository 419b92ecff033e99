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
        // A live source keeps under a second of history: the meter catches up over half a second.
        meter = AudioMeter(sampleRate: input.sampleRate,
                           configuration: input is AudioFile ? AudioMeter.Configuration() : AudioMeter.Configuration(catchUp: AudioFeed.liveCatchUp))
    }

    /// The meter and the sound texture at `time`, and what the effects hear of them.
    func update(at time: Double) -> Hearing {
        meter.update(from: input, at: time)
        texture.update(from: input, at: time)
        var unavailable: String?
        if case .unavailable(let why) = input.status { unavailable = why }
        var hearing = meter.hearing
        hearing.onlyWhileHeld = onlyWhileHeld
        hearing.unavailable = unavailable
        return hearing
    }

    /// How far back a live source's meter looks after a gap, in seconds (its ring holds 0.74 s).
    static let liveCatchUp = 0.5

    /// The lowest `audioDB` `--state` reports: JSON has no −∞.
    static let quietestDecibels = -120.0

    /// What `--audio` names: `mic`, `mic:NAME`, `playing`, `playing:NAME` (live), or a sound file.
    static func open(_ source: String, onlyWhileHeld: Bool) throws -> AudioFeed {
        if let live = try openLive(source, onlyWhileHeld: onlyWhileHeld) { return live }
        return try file(source, onlyWhileHeld: onlyWhileHeld)
    }

    /// A live source, or nil when `source` names none (then it is a file).
    static func openLive(_ source: String, onlyWhileHeld: Bool) throws -> AudioFeed? {
        let choice: PulseSourceChoice
        do {
            guard let parsed = try PulseSourceChoice.parse(source) else { return nil }
            choice = parsed
        } catch {
            throw InputError("bad --audio '\(source)': \(error)")
        }
        do {
            return AudioFeed(input: try PulseInput(choice), name: choice.spoken, onlyWhileHeld: onlyWhileHeld)
        } catch {
            throw AppError("cannot listen to \(choice.spoken): \(error)")
        }
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
