// Shadertoy's sound input, computed as the site's browser computes it: Shadertoy feeds a Web Audio
// AnalyserNode (fftSize 2048, smoothingTimeConstant 0.8, minDecibels −100, maxDecibels −30) and,
// once a frame, uploads getByteFrequencyData and getByteTimeDomainData into a 512×2 texture.
// The formulas follow the Web Audio spec's AnalyserNode section.
import Foundation

/// Shadertoy's 512×2 sound texture: row 0 the spectrum, row 1 the waveform, one byte a texel
/// (a single-channel texture). `update(from:at:)` runs one analysis, as the site runs one a frame,
/// and allocates nothing: its buffers are made in `init`.
///
/// Row 0, bin k < 512: the 2048 newest samples x[n], Blackman-windowed (α = 0.16), transformed,
/// |X[k]|/2048 smoothed with the previous analysis as 0.8·previous + 0.2·current, turned to dB
/// (20·log10), and mapped ⌊255·(dB + 100)/70⌋ clamped to 0…255. The bins are the input's:
/// bin k is k·sampleRate/2048 Hz.
///
/// Row 1, texel i: ⌊128·(1 + x)⌋ clamped to 0…255 for the first 512 of the same 2048 samples:
/// like the browsers (Chrome and Firefox; the spec: "If the array has fewer elements than the value
/// of fftSize, the excess elements will be dropped"), the waveform row starts 2048 samples
/// (about 43 ms at 48 kHz) before now and shows the 512 after that.
public final class SoundTexture {
    /// Texels a row.
    public static let width = 512
    /// Rows: the spectrum, then the waveform.
    public static let height = 2
    /// Samples each analysis reads.
    public static let fftSize = 2048
    /// The weight of the previous analysis in each bin's magnitude.
    public static let smoothingTimeConstant = 0.8
    /// The dB that maps to byte 0, and to byte 255.
    public static let minDecibels = -100.0, maxDecibels = -30.0

    private let fft: RealFFT
    private let samples: UnsafeMutableBufferPointer<Float>
    /// Each bin's smoothed magnitude, from the previous analysis (Web Audio's X̂₋₁[k]).
    private let smoothed: UnsafeMutableBufferPointer<Double>
    private let texels: UnsafeMutableBufferPointer<UInt8>

    public init() {
        fft = RealFFT(size: SoundTexture.fftSize)
        samples = .allocate(capacity: SoundTexture.fftSize)
        samples.initialize(repeating: 0)
        smoothed = .allocate(capacity: SoundTexture.fftSize / 2)
        smoothed.initialize(repeating: 0)
        texels = .allocate(capacity: SoundTexture.width * SoundTexture.height)
        texels.initialize(repeating: 0)
        reset()
    }

    deinit {
        samples.deallocate()
        smoothed.deallocate()
        texels.deallocate()
    }

    /// Forgets the smoothing (as a new AnalyserNode): the next analysis starts from zeros; the
    /// texture reads as silence (spectrum 0, waveform 128).
    public func reset() {
        smoothed.update(repeating: 0)
        texels.update(repeating: 0)
        UnsafeMutableBufferPointer(rebasing: texels[SoundTexture.width...]).update(repeating: 128)
    }

    /// One analysis of the 2048 samples of `input` ending at `time`.
    public func update(from input: AudioInput, at time: Double) {
        input.samples(endingAt: time, into: samples)
        let n = SoundTexture.fftSize
        fft.loadWindowed(UnsafeBufferPointer(samples))
        fft.execute()
        let tau = SoundTexture.smoothingTimeConstant
        let scale = 255 / (SoundTexture.maxDecibels - SoundTexture.minDecibels)
        // Every bin is smoothed (as the node does), though only the first 512 reach the texture.
        for k in 0..<(n / 2) {
            let magnitude = fft.power(k).squareRoot() / Double(n)
            var value = tau * smoothed[k] + (1 - tau) * magnitude
            if !value.isFinite { value = 0 }  // the spec resets a bin that went NaN or infinite
            smoothed[k] = value
            if k < SoundTexture.width {
                let byte = (scale * (20 * log10(value) - SoundTexture.minDecibels)).rounded(.down)
                texels[k] = UInt8(byte.isNaN ? 0 : min(max(byte, 0), 255))
            }
        }
        for i in 0..<SoundTexture.width {
            let byte = (128 * (1 + Double(samples[i]))).rounded(.down)
            texels[SoundTexture.width + i] = UInt8(byte.isNaN ? 128 : min(max(byte, 0), 255))
        }
    }

    /// The 1024 bytes, row 0 (spectrum) first, for uploading (a 512×2 single-channel texture).
    /// The pointer is valid only inside `body`.
    public func withUnsafeBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(texels))
    }

    /// A copy of the 1024 bytes (allocates: for tests and tools, not for frames).
    public var bytes: [UInt8] { Array(texels) }
}
