// Sound made in the tests: tones, steps and silence as plain arrays, read the way the AudioInput
// contract says (the buffer ends just before sample round(time × rate)).
import Foundation
import GlintAudio

/// Mono samples in memory at `sampleRate`, silence outside them.
final class GeneratedSound: AudioInput {
    let sampleRate: Double
    let samples: [Float]
    var status: AudioInputStatus { .running }

    init(sampleRate: Double = 48_000, samples: [Float]) {
        self.sampleRate = sampleRate
        self.samples = samples
    }

    /// `seconds` of a sine of `frequency` Hz whose RMS is `decibels` dBFS (peak √2·10^(dB/20)).
    static func sine(decibels: Double, frequency: Double, seconds: Double, sampleRate: Double = 48_000) -> [Float] {
        let amplitude = 2.0.squareRoot() * pow(10, decibels / 20)
        let step = 2 * Double.pi * frequency / sampleRate
        return (0..<Int(seconds * sampleRate)).map { (i: Int) -> Float in Float(amplitude * sin(step * Double(i))) }
    }

    /// The index just after the last sample a buffer ending at `time` holds.
    func end(at time: Double) -> Int { Int((time * sampleRate).rounded()) }

    /// Sample `i`, silence outside.
    subscript(i: Int) -> Float { i >= 0 && i < samples.count ? samples[i] : 0 }

    func samples(endingAt time: Double, into buffer: UnsafeMutableBufferPointer<Float>) {
        let e = end(at: time)
        for i in 0..<buffer.count { buffer[i] = self[e - buffer.count + i] }
    }
}
