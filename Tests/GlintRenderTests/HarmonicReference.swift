import Foundation
import GlintCore

/// An independent CPU transcription of the harmonic seed's formulas (seed 000), in Double,
/// used to check what the GPU draws. Written from the seed, not from Shaders/harmonic.frag.
enum HarmonicReference {
    static let palette: [(Double, Double, Double)] = [
        (0.482, 0.831, 0.855), (0.412, 0.412, 0.847), (0.941, 0.314, 0.412),
        (0.275, 0.490, 0.941), (0.078, 0.863, 0.863), (0.784, 0.627, 0.549),
    ]

    /// The colour at `position` (points) for a view of `size`.
    static func color(position: (Double, Double), size: (Double, Double), time: Double, amplitude: Double, mixCoeff m: Double, wavesCount: Double) -> (Double, Double, Double) {
        let uvx = position.0 / size.0 - 0.5
        let uvy = position.1 / size.1 - 0.5
        let a = cos(3 * uvx) * amplitude * 0.2
        let offset = sin(12 * uvx + time) * a * 0.1
        let frequency = 3 + (12 - 3) * m
        let glowWidth = 0.6 + (0.9 - 0.6) * m
        let glowIntensity = 0.02 + (0.01 - 0.02) * m
        var r = 0.0, g = 0.0, b = 0.0
        for i in 0..<Int(wavesCount) {
            let phase = time + Double(i) * Double.pi / wavesCount
            let distance = abs(uvy - offset + a * cos(frequency * uvx + phase))
            let glow = glowIntensity / pow(max(distance, 1e-5), glowWidth)
            let c = i < palette.count ? palette[i] : (1, 1, 1)
            r += (1 + (c.0 - 1) * m) * glow
            g += (1 + (c.1 - 1) * m) * glow
            b += (1 + (c.2 - 1) * m) * glow
        }
        return (min(max(r, 0), 1), min(max(g, 0), 1), min(max(b, 0), 1))
    }

    /// A whole frame, RGBA8 rows from the top, sampled at pixel centres.
    static func image(viewSize: Size, scale: Double, time: Double, amplitude: Double, mixCoeff: Double, wavesCount: Double) -> (width: Int, height: Int, rgba: [UInt8]) {
        let w = Int((viewSize.width * scale).rounded())
        let h = Int((viewSize.height * scale).rounded())
        var out = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let p = ((Double(x) + 0.5) * viewSize.width / Double(w), (Double(y) + 0.5) * viewSize.height / Double(h))
                let c = color(position: p, size: (viewSize.width, viewSize.height), time: time, amplitude: amplitude, mixCoeff: mixCoeff, wavesCount: wavesCount)
                let o = (y * w + x) * 4
                out[o] = UInt8((c.0 * 255).rounded())
                out[o + 1] = UInt8((c.1 * 255).rounded())
                out[o + 2] = UInt8((c.2 * 255).rounded())
            }
        }
        return (w, h, out)
    }
}

/// Image comparisons stated as a user would: how far apart two pictures are.
struct ImageDifference {
    /// Mean absolute difference per colour channel, in 0…255 steps.
    var meanPerChannel: [Double]
    /// Largest single-channel difference.
    var maximum: Int
    /// Fraction of pixels whose largest channel difference exceeds 8.
    var fractionOff: Double

    init(_ a: [UInt8], _ b: [UInt8]) {
        precondition(a.count == b.count, "images differ in size")
        var sums = [0.0, 0.0, 0.0]
        var maximum = 0
        var off = 0
        for i in stride(from: 0, to: a.count, by: 4) {
            var worst = 0
            for c in 0..<3 {
                let d = abs(Int(a[i + c]) - Int(b[i + c]))
                sums[c] += Double(d)
                worst = max(worst, d)
            }
            maximum = max(maximum, worst)
            if worst > 8 { off += 1 }
        }
        let n = Double(a.count / 4)
        meanPerChannel = sums.map { $0 / n }
        self.maximum = maximum
        fractionOff = Double(off) / n
    }
}
