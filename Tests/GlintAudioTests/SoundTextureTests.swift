import Foundation
import GlintAudio
import Testing

/// Web Audio's AnalyserNode written out plainly (a naive DFT in Double, no FFT library): the bytes
/// Shadertoy's page would upload, for the 2048 samples ending at each time in turn.
private struct ReferenceAnalyser {
    let n = 2048
    var previous = [Double](repeating: 0, count: 1024)

    mutating func analyse(_ sound: GeneratedSound, at time: Double) -> [UInt8] {
        let end = sound.end(at: time)
        let x = (0..<n).map { Double(sound[end - n + $0]) }
        let alpha = 0.16, a0 = (1 - alpha) / 2, a1 = 0.5, a2 = alpha / 2
        let windowed = (0..<n).map { i -> Double in
            let w = a0 - a1 * cos(2 * Double.pi * Double(i) / Double(n)) + a2 * cos(4 * Double.pi * Double(i) / Double(n))
            return x[i] * w
        }
        var bytes = [UInt8](repeating: 0, count: 1024)
        for k in 0..<1024 {
            var re = 0.0, im = 0.0
            for i in 0..<n {
                let angle = -2 * Double.pi * Double(k * i % n) / Double(n)
                re += windowed[i] * cos(angle)
                im += windowed[i] * sin(angle)
            }
            let magnitude = (re * re + im * im).squareRoot() / Double(n)
            previous[k] = 0.8 * previous[k] + 0.2 * magnitude
            if k < 512 {
                let b = (255 / 70 * (20 * log10(previous[k]) + 100)).rounded(.down)
                bytes[k] = UInt8(min(max(b, 0), 255))
            }
        }
        for i in 0..<512 {
            bytes[512 + i] = UInt8(min(max((128 * (1 + x[i])).rounded(.down), 0), 255))
        }
        return bytes
    }
}

/// Two tones and quiet noise: every bin of the spectrum row lands somewhere in −100…−30 dB.
private func mixture(seconds: Double) -> [Float] {
    var seed: UInt32 = 99
    let count = Int(seconds * 48_000)
    let a = GeneratedSound.sine(decibels: -12, frequency: 440, seconds: seconds)
    let b = GeneratedSound.sine(decibels: -35, frequency: 3000, seconds: seconds)
    return (0..<count).map { i -> Float in
        seed = seed &* 1_664_525 &+ 1_013_904_223
        let noise = (Float(seed >> 8) / Float(1 << 24) - 0.5) * 0.02
        return a[i] + b[i] + noise
    }
}

@Suite("Sound texture (Shadertoy's 512×2 spectrum and waveform)")
struct SoundTextureTests {
    @Test("four analyses in a row match a plain DFT of the same samples: Blackman window, 1/N, smoothing 0.8, −100…−30 dB")
    func matchesReference() {
        let sound = GeneratedSound(samples: mixture(seconds: 1))
        let texture = SoundTexture()
        var reference = ReferenceAnalyser()
        for frame in 30..<34 {
            let time = Double(frame) / 60
            texture.update(from: sound, at: time)
            let expected = reference.analyse(sound, at: time)
            let got = texture.bytes
            let spectrumOff = (0..<512).filter { got[$0] != expected[$0] }
            // Float FFT against a Double DFT: a byte may round the other way at an edge, never more.
            #expect(spectrumOff.allSatisfy { abs(Int(got[$0]) - Int(expected[$0])) <= 1 } && spectrumOff.count <= 3,
                    "frame \(frame): bins \(spectrumOff.prefix(10).map { "\($0): \(got[$0]) vs \(expected[$0])" })")
            #expect(Array(got[512...]) == Array(expected[512...]), "frame \(frame): the waveform row differs")
            // The picture is not flat: the tones stand out of the noise, and the noise is above −100 dB.
            #expect(Set(got[0..<512]).count > 20)
        }
    }

    @Test("a 1 kHz tone peaks at its bin (k = 1000·2048/48000 ≈ 43); a clipped tone's waveform runs 0…255")
    func toneAndClipping() {
        let loud = GeneratedSound.sine(decibels: -10, frequency: 1000, seconds: 0.5).map { $0 * 5 }  // peaks ≈ 2.2, past full scale
        let sound = GeneratedSound(samples: loud)
        let texture = SoundTexture()
        texture.update(from: sound, at: 0.4)
        let bytes = texture.bytes
        let peak = (0..<512).max { bytes[$0] < bytes[$1] }!
        #expect(abs(peak - 43) <= 1, "the spectrum peaks at bin \(peak)")
        #expect(bytes[512...].contains(0) && bytes[512...].contains(255), "a clipped waveform reaches both ends")
    }

    @Test("silence: spectrum 0, waveform 128, before the sound starts as after it ends")
    func silence() {
        let sound = GeneratedSound(samples: GeneratedSound.sine(decibels: -10, frequency: 440, seconds: 0.5))
        let texture = SoundTexture()
        #expect(texture.bytes == [UInt8](repeating: 0, count: 512) + [UInt8](repeating: 128, count: 512))
        texture.update(from: sound, at: -1)
        #expect(texture.bytes == [UInt8](repeating: 0, count: 512) + [UInt8](repeating: 128, count: 512))
        texture.update(from: sound, at: 0.3)
        #expect(texture.bytes[0..<512].contains { $0 > 0 })
        // Long after the end: the smoothing has decayed every bin below −100 dB.
        for frame in 0..<120 { texture.update(from: sound, at: 1 + Double(frame) / 60) }
        #expect(texture.bytes == [UInt8](repeating: 0, count: 512) + [UInt8](repeating: 128, count: 512))
    }
}
