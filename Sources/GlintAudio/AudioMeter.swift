// The level meter Glint's voice effects follow. Sound is measured in fixed 1/60 s windows of the
// input's own timeline, whatever the frame rate: an update steps through every whole window that
// ended since the last one, so updating at 20, 60 or 144 Hz gives the same values at the same time.
import Foundation
import GlintCore

/// The level of three frequency bands, each measured and smoothed like the meter's `level`.
public struct AudioBands: Equatable, Sendable {
    /// Below 250 Hz (the DC bin left out).
    public var bass: Double
    /// 250 Hz up to 4 kHz.
    public var mid: Double
    /// 4 kHz up to half the sample rate.
    public var treble: Double
    public init(bass: Double = 0, mid: Double = 0, treble: Double = 0) {
        self.bass = bass
        self.mid = mid
        self.treble = treble
    }
}

/// An audio level meter: RMS of each 1/60 s window in dBFS (20·log10 of the RMS, so a full-scale
/// sine reads −3 dB), mapped to a level 0…1 (0 below −60 dB, else
/// `sqrt((10^(dB/20) − 10^(−3)) / (1 − 10^(−3)))`), then smoothed by a one-pole filter with time
/// constants: per window, `level += (1 − exp(−(1/60)/τ)) · (target − level)`, τ the attack while
/// the target is above the level and the release while below.
///
/// `update(from:at:)` allocates nothing: its buffers are made in `init`.
public final class AudioMeter {
    /// The smoothing's time constants, in seconds: the level covers 1 − 1/e of a step up in
    /// `attack`, and of a step down in `release`.
    public struct Configuration: Equatable, Sendable {
        public var attack: Double
        public var release: Double
        /// The most sound an update measures after a gap (the first update, a jump in time):
        /// older windows are skipped, the level carried over as it was. With the default 2 s,
        /// what is skipped weighs at most exp(−2/0.25) ≈ 0.03 % of the level.
        public var catchUp: Double
        public init(attack: Double = 0.05, release: Double = 0.25, catchUp: Double = 2) {
            self.attack = attack
            self.release = release
            self.catchUp = catchUp
        }
    }

    /// Seconds of sound in one measurement.
    public static let windowDuration = 1.0 / 60
    /// Windows a second.
    public static let windowsPerSecond = 60
    /// Quieter than this reads as level 0.
    public static let floorDecibels = -60.0
    /// What `decibels` reads for digital silence (the RMS of zeros has no logarithm).
    public static let silenceDecibels = -120.0
    /// Samples in the spectrum each window's bands come from (the newest at the window's end),
    /// Blackman-windowed as the sound texture's.
    public static let spectrumSize = 2048
    /// Times further from 0 than this (seconds, about 30 years) are ignored by `update`.
    public static let longestTime = 1e9
    /// Where bass ends and mid begins, and where mid ends and treble begins, in hertz.
    public static let bassEnd = 250.0, trebleStart = 4000.0

    /// The level, 0…1, smoothed.
    public private(set) var level = 0.0
    /// The RMS of the newest window in dBFS, not smoothed; `silenceDecibels` at the least.
    public private(set) var decibels = AudioMeter.silenceDecibels
    /// Each band's level, 0…1, smoothed like `level`.
    public private(set) var bands = AudioBands()

    public let configuration: Configuration
    /// The sample rate its windows are counted in (the input's).
    public let sampleRate: Double

    private let fft: RealFFT
    private let block: UnsafeMutableBufferPointer<Float>
    private let maximumWindows: Int
    /// The newest window measured (window k ends at k/60 s), nil before the first update.
    private var lastWindow: Int?
    private let attackStep: Double, releaseStep: Double
    /// Bins [1, bassEndBin), [bassEndBin, trebleStartBin), [trebleStartBin, size/2].
    private let bassEndBin: Int, trebleStartBin: Int

    /// A meter for an input of `sampleRate` samples a second.
    /// A rate that is not a number from 1 Hz to 384 kHz counts as 48 kHz (so a bad value costs
    /// no memory and no crash).
    public init(sampleRate: Double, configuration: Configuration = Configuration()) {
        self.sampleRate = sampleRate.isFinite && (1...384_000).contains(sampleRate) ? sampleRate : 48_000
        self.configuration = configuration
        fft = RealFFT(size: AudioMeter.spectrumSize)
        maximumWindows = max(1, Int((configuration.catchUp * Double(AudioMeter.windowsPerSecond)).rounded(.up)))
        let windowSamples = Int((self.sampleRate * AudioMeter.windowDuration).rounded(.up)) + 1
        block = .allocate(capacity: maximumWindows * windowSamples + AudioMeter.spectrumSize)
        block.initialize(repeating: 0)
        attackStep = 1 - exp(-AudioMeter.windowDuration / configuration.attack)
        releaseStep = 1 - exp(-AudioMeter.windowDuration / configuration.release)
        let binWidth = self.sampleRate / Double(AudioMeter.spectrumSize)
        bassEndBin = max(1, Int((AudioMeter.bassEnd / binWidth).rounded(.up)))
        trebleStartBin = max(bassEndBin, Int((AudioMeter.trebleStart / binWidth).rounded(.up)))
    }

    deinit { block.deallocate() }

    /// The level 0…1 for a window at `decibels` dBFS, before smoothing.
    public static func level(decibels: Double) -> Double {
        guard decibels >= floorDecibels else { return 0 }
        let floorAmplitude = 1e-3  // 10^(−60/20)
        return min(1, sqrt((pow(10, decibels / 20) - floorAmplitude) / (1 - floorAmplitude)))
    }

    /// dBFS of a mean square (the RMS squared), `silenceDecibels` at the least.
    public static func decibels(meanSquare: Double) -> Double {
        guard meanSquare > 0 else { return silenceDecibels }
        return max(silenceDecibels, 10 * log10(meanSquare))
    }

    /// Forgets what it measured: the level starts again from 0.
    public func reset() {
        level = 0
        decibels = AudioMeter.silenceDecibels
        bands = AudioBands()
        lastWindow = nil
    }

    /// Measures every whole window of `input` that ended since the last update, up to `time`
    /// (seconds: the timeline's for a file; for a live input, any clock, the samples being its
    /// newest). Window k ends at k/60 s, counted with a tolerance of a millionth of a window, so
    /// `time` 1.05 ends window 63. A time earlier than the last update's starts again from level
    /// 0 (a rewound timeline); more than `catchUp` seconds since the last update measures only the
    /// last `catchUp` seconds.
    /// The reading as the voice effects and views hear it (`Hearing`): level, dBFS and bands.
    public var hearing: Hearing {
        var hearing = Hearing(level: level, decibels: decibels)
        hearing.bass = bands.bass
        hearing.mid = bands.mid
        hearing.treble = bands.treble
        return hearing
    }

    public func update(from input: AudioInput, at time: Double) {
        // A time that is not a number, or beyond a few decades, is not a time on any timeline.
        guard time.isFinite, abs(time) < AudioMeter.longestTime else { return }
        let newest = Int((time * Double(AudioMeter.windowsPerSecond) + 1e-6).rounded(.down))
        if let last = lastWindow, newest < last { reset() }
        if let last = lastWindow, newest == last { return }
        let first = max((lastWindow ?? Int.min / 2) + 1, newest - maximumWindows + 1)
        // One read covers the spectrum before the first window and every window up to the newest.
        let blockEnd = end(ofWindow: newest)
        let blockStart = min(end(ofWindow: first - 1), end(ofWindow: first) - AudioMeter.spectrumSize)
        let samples = UnsafeMutableBufferPointer(rebasing: block[0..<(blockEnd - blockStart)])
        input.samples(endingAt: Double(newest) / Double(AudioMeter.windowsPerSecond), into: samples)
        var window = first
        while window <= newest {
            measure(samples, from: end(ofWindow: window - 1) - blockStart, to: end(ofWindow: window) - blockStart)
            window += 1
        }
        lastWindow = newest
    }

    /// The sample index (0 first) just after window `k`.
    @inline(__always) private func end(ofWindow k: Int) -> Int {
        Int((Double(k) * sampleRate / Double(AudioMeter.windowsPerSecond)).rounded())
    }

    /// One window: samples [from, to) of `samples`, the spectrum of the `spectrumSize` ending at `to`.
    private func measure(_ samples: UnsafeMutableBufferPointer<Float>, from: Int, to: Int) {
        var sum = 0.0
        var i = from
        while i < to {
            let s = Double(samples[i])
            sum += s * s
            i += 1
        }
        decibels = AudioMeter.decibels(meanSquare: to > from ? sum / Double(to - from) : 0)
        level = smooth(level, toward: AudioMeter.level(decibels: decibels))

        fft.loadWindowed(UnsafeBufferPointer(rebasing: samples[(to - AudioMeter.spectrumSize)..<to]))
        fft.execute()
        let half = AudioMeter.spectrumSize / 2
        bands.bass = smooth(bands.bass, toward: bandLevel(1, bassEndBin))
        bands.mid = smooth(bands.mid, toward: bandLevel(bassEndBin, trebleStartBin))
        bands.treble = smooth(bands.treble, toward: bandLevel(trebleStartBin, half + 1))
    }

    /// The level of bins [from, to): their share of the mean square by Parseval's theorem,
    /// 2·Σ|X[k]|² / (N·Σw²), so a sine inside the band reads as the sine alone would.
    private func bandLevel(_ from: Int, _ to: Int) -> Double {
        var power = 0.0
        var k = from
        while k < min(to, AudioMeter.spectrumSize / 2 + 1) {
            power += fft.power(k)
            k += 1
        }
        let meanSquare = 2 * power / (Double(AudioMeter.spectrumSize) * fft.windowEnergy)
        return AudioMeter.level(decibels: AudioMeter.decibels(meanSquare: meanSquare))
    }

    @inline(__always) private func smooth(_ value: Double, toward target: Double) -> Double {
        value + (target > value ? attackStep : releaseStep) * (target - value)
    }
}
