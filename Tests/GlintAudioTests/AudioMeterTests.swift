import Foundation
import GlintAudio
import Testing

/// The level a window at `dB` dBFS maps to, written out here from the documented formula.
private func expectedLevel(_ dB: Double) -> Double {
    dB < -60 ? 0 : sqrt((pow(10, dB / 20) - pow(10, -3)) / (1 - pow(10, -3)))
}

/// dBFS of samples [from, to) of `sound`, computed here.
private func measuredDecibels(_ sound: GeneratedSound, from: Int, to: Int) -> Double {
    var sum = 0.0
    for i in from..<to { sum += Double(sound[i]) * Double(sound[i]) }
    return 20 * log10((sum / Double(to - from)).squareRoot())
}

/// Runs a meter over `sound` with updates at `rate` Hz up to `until` seconds; returns the meter's
/// level after each update, keyed by the update's index.
private func levels(_ sound: GeneratedSound, rate: Double, until: Double, configuration: AudioMeter.Configuration = .init()) -> [Double] {
    let meter = AudioMeter(sampleRate: sound.sampleRate, configuration: configuration)
    var out: [Double] = []
    for frame in 0...Int((until * rate).rounded()) {
        meter.update(from: sound, at: Double(frame) / rate)
        out.append(meter.level)
    }
    return out
}

@Suite("Audio meter (RMS in dBFS, the level mapping, time-constant smoothing)")
struct AudioMeterTests {
    @Test("steady tones read their RMS in dBFS and the documented level; silence reads 0",
          arguments: [-6.0, -20.0, -40.0, -70.0])
    func tones(decibels: Double) {
        // 480 Hz: exactly 8 cycles in each 1/60 s window at 48 kHz.
        let sound = GeneratedSound(samples: GeneratedSound.sine(decibels: decibels, frequency: 480, seconds: 3))
        let meter = AudioMeter(sampleRate: sound.sampleRate)
        for frame in 0...120 { meter.update(from: sound, at: Double(frame) / 60) }
        let end = sound.end(at: 2)
        let measured = measuredDecibels(sound, from: end - 800, to: end)
        #expect(abs(measured - decibels) < 0.01, "the test's tone is not at \(decibels) dBFS: \(measured)")
        #expect(abs(meter.decibels - measured) < 1e-3, "the meter reads \(meter.decibels) dB for a tone at \(measured) dB")
        #expect(abs(meter.level - expectedLevel(measured)) < 1e-6, "level \(meter.level), expected \(expectedLevel(measured)) at \(measured) dB")
        if decibels < -60 { #expect(meter.level == 0) }
    }

    @Test("digital silence reads the silence floor and level 0")
    func silence() {
        let sound = GeneratedSound(samples: [Float](repeating: 0, count: 48_000))
        let meter = AudioMeter(sampleRate: 48_000)
        for frame in 0...60 { meter.update(from: sound, at: Double(frame) / 60) }
        #expect(meter.decibels == AudioMeter.silenceDecibels)
        #expect(meter.level == 0)
        #expect(meter.bands == AudioBands())
    }

    @Test("a step from silence to −6 dB and back: 1 − 1/e of the step in the attack, 1/e left after the release, at 60 and 20 updates a second alike")
    func step() {
        // Silence for 1 s, a −6 dB tone for 1 s, then silence.
        let tone = GeneratedSound.sine(decibels: -6, frequency: 480, seconds: 1)
        let sound = GeneratedSound(samples: [Float](repeating: 0, count: 48_000) + tone + [Float](repeating: 0, count: 48_000))
        let target = expectedLevel(-6)
        let at60 = levels(sound, rate: 60, until: 2.6)
        let at20 = levels(sound, rate: 20, until: 2.6)
        // The same level at every time both update at: 1/20 s steps.
        for (i, level) in at20.enumerated() {
            #expect(level == at60[i * 3], "at \(Double(i) / 20) s: \(level) updating at 20 Hz, \(at60[i * 3]) at 60 Hz")
        }
        #expect(at60[60] == 0, "level before the tone: \(at60[60])")
        let attack = at60[63]  // 1.05 s: one attack time into the tone
        #expect(abs(attack - target * (1 - exp(-1))) < 1e-9, "after 0.05 s: \(attack), expected \(target * (1 - exp(-1)))")
        #expect(abs(at60[66] - target * (1 - exp(-2))) < 1e-9, "after 0.10 s: \(at60[66])")
        let held = at60[120]  // 2 s: the tone's end
        #expect(abs(held - target) < 1e-6)
        let release = at60[135]  // 2.25 s: one release time into the silence
        #expect(abs(release - held * exp(-1)) < 1e-9, "after 0.25 s of silence: \(release), expected \(held * exp(-1))")
    }

    @Test("updates at 144 Hz read, at each update, what updates at 60 Hz read at the last whole window")
    func irregularRates() {
        var seed: UInt32 = 12345
        let noise = (0..<(3 * 48_000)).map { i -> Float in
            seed = seed &* 1_664_525 &+ 1_013_904_223
            let envelope = Float(0.5 + 0.5 * sin(Double(i) / 48_000 * 2 * .pi * 1.3))
            return envelope * (Float(seed >> 8) / Float(1 << 24) - 0.5)
        }
        let sound = GeneratedSound(samples: noise)
        let at60 = levels(sound, rate: 60, until: 2.5)
        let meter = AudioMeter(sampleRate: 48_000)
        for frame in 0...360 {
            let time = Double(frame) / 144
            meter.update(from: sound, at: time)
            let window = Int((time * 60 + 1e-6).rounded(.down))
            #expect(meter.level == at60[window], "at \(time) s")
        }
    }

    @Test("the attack and release are parameters: with attack 0.1 s the level covers 1 − 1/e of a step in 0.1 s")
    func configuredAttack() {
        let sound = GeneratedSound(samples: [Float](repeating: 0, count: 48_000) + GeneratedSound.sine(decibels: -20, frequency: 480, seconds: 1))
        let at60 = levels(sound, rate: 60, until: 1.2, configuration: .init(attack: 0.1, release: 0.5))
        #expect(abs(at60[66] - expectedLevel(-20) * (1 - exp(-1))) < 1e-9, "after 0.1 s: \(at60[66])")
    }

    @Test("bands: a 120 Hz tone is bass, 1 kHz mid and 8 kHz treble, each at the tone's level")
    func bands() {
        for (frequency, band) in [(120.0, \AudioBands.bass), (1000, \AudioBands.mid), (8000, \AudioBands.treble)] {
            let sound = GeneratedSound(samples: GeneratedSound.sine(decibels: -20, frequency: frequency, seconds: 2))
            let meter = AudioMeter(sampleRate: 48_000)
            for frame in 0...90 { meter.update(from: sound, at: Double(frame) / 60) }
            let others = [\AudioBands.bass, \AudioBands.mid, \AudioBands.treble].filter { $0 != band }
            #expect(abs(meter.bands[keyPath: band] - expectedLevel(-20)) < 0.01, "\(frequency) Hz: \(meter.bands)")
            for other in others { #expect(meter.bands[keyPath: other] < 0.01, "\(frequency) Hz leaks: \(meter.bands)") }
        }
    }

    @Test("a time earlier than the last update starts again from 0, and repeats give the same levels")
    func rewind() {
        let sound = GeneratedSound(samples: GeneratedSound.sine(decibels: -20, frequency: 480, seconds: 2))
        let meter = AudioMeter(sampleRate: 48_000)
        meter.update(from: sound, at: 1.5)
        let first = meter.level
        meter.update(from: sound, at: 1.8)
        meter.update(from: sound, at: 1.5)
        #expect(meter.level == first)
        // Times no timeline reaches change nothing (and do not trap).
        for time in [Double.nan, .infinity, 1e300, -1e300] { meter.update(from: sound, at: time) }
        #expect(meter.level == first)
        #expect(AudioMeter.level(decibels: -60.5) == 0 && AudioMeter.level(decibels: 0) == 1)
    }
}
