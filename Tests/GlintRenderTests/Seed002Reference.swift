import Foundation
import GlintCore

/// Independent CPU transcriptions of seed 002's effects (../shared/seeds/002_8dd7ab31d13cf706.txt), in
/// Double, for checking what the GPU draws: the gradient, the wave, the dissolve and the Gaussian blur.
/// Written from the formulas the seed and the effect files document, not by translating the GLSL, and
/// with no GL: the blur is the direct 2-D sum, not the shader's two passes of paired taps.
enum Seed002Reference {
    /// A premultiplied colour, channels nominally 0…1.
    struct RGBA: Equatable, CustomStringConvertible {
        var r: Double
        var g: Double
        var b: Double
        var a: Double

        static let clear = RGBA(r: 0, g: 0, b: 0, a: 0)

        /// Every channel multiplied by `s`.
        func scaled(by s: Double) -> RGBA { RGBA(r: r * s, g: g * s, b: b * s, a: a * s) }
        static func + (x: RGBA, y: RGBA) -> RGBA { RGBA(r: x.r + y.r, g: x.g + y.g, b: x.b + y.b, a: x.a + y.a) }

        /// The largest difference in any channel.
        func distance(to other: RGBA) -> Double {
            max(abs(r - other.r), abs(g - other.g), abs(b - other.b), abs(a - other.a))
        }

        var description: String { String(format: "(%.4f, %.4f, %.4f, %.4f)", r, g, b, a) }
    }

    // MARK: Gradient

    /// trivialGradient: the colour at `position` (points) in a view of `viewSize`, (x / width, y / height, 0, 1):
    /// black at the top-left, red to the right, green downwards.
    static func gradientColor(at position: Point, viewSize: Size) -> RGBA {
        RGBA(r: position.x / viewSize.width, g: position.y / viewSize.height, b: 0, a: 1)
    }

    // MARK: Wave

    /// The wave distortion: the point of the layer (points) that `position` shows.
    /// `strength` is in points, `frequency` in radians per uv unit, `time` in seconds.
    static func waveSource(position: Point, viewSize: Size, time: Double, frequency: Double, strength: Double) -> Point {
        let u = position.x / viewSize.width
        let v = position.y / viewSize.height
        return Point(x: position.x + sin((u + time) * frequency) * strength,
                     y: position.y + cos((v + time) * frequency) * strength)
    }

    // MARK: Dissolve

    /// The dissolve threshold k = fract(time · 0.1 · speed), running 0 → 1 every 10 / speed seconds.
    static func dissolveThreshold(time: Double, speed: Double) -> Double {
        let t = time * 0.1 * speed
        return t - t.rounded(.down)
    }

    /// How much of a pixel with noise value `noise` is left at threshold `k`: 0 burnt away, 1 untouched.
    /// A transition of 0 is a hard edge (noise ≥ k stays), GLSL's step.
    static func dissolveFade(noise: Double, threshold k: Double, transition: Double) -> Double {
        guard transition > 0 else { return noise < k ? 0 : 1 }
        let t = min(max((noise - k) / transition, 0), 1)
        return t * t * (3 - 2 * t)
    }

    /// The dissolved colour of a pixel whose (premultiplied) colour is `color` and whose noise value is
    /// `noise` (0…1): the colour faded by `fade`, plus `burnColor · glow · fade · a · (1 − a)` with
    /// a = color.a · fade, which glows on the partly burnt edge and vanishes where a is 0 or 1.
    static func dissolve(color: RGBA, noise: Double, time: Double, speed: Double, transition: Double, glow: Double, burnColor: RGBA) -> RGBA {
        let fade = dissolveFade(noise: noise, threshold: dissolveThreshold(time: time, speed: speed), transition: transition)
        let a = color.a * fade
        return color.scaled(by: fade) + burnColor.scaled(by: glow * fade * a * (1 - a))
    }

    // MARK: Blur

    /// The blur's kernel in pixels for a radius in points: σ = radius / 2, taps over ±floor(radius) each
    /// side, both times `scale` (pixels per point), radius clamped to 0…64 points as the effect does.
    static func blurKernel(radius: Double, scale: Double) -> (sigmaPixels: Double, radiusPixels: Int) {
        let r = min(max(radius, 0), 64)
        return (r / 2 * scale, Int((r * scale + 1e-3).rounded(.down)))
    }

    /// The 1-D Gaussian weights for offsets −radiusPixels…radiusPixels (index d + radiusPixels),
    /// exp(−d² / (2σ²)) normalised to sum 1.
    static func gaussianWeights(radiusPixels r: Int, sigmaPixels sigma: Double) -> [Double] {
        let raw = (-r...r).map { d in exp(-Double(d * d) / (2 * sigma * sigma)) }
        let sum = raw.reduce(0, +)
        return raw.map { $0 / sum }
    }

    /// The 2-D Gaussian over the (2r + 1)² window, exp(−(dx² + dy²) / (2σ²)) normalised to sum 1,
    /// row-major from (−r, −r): computed directly, not as a product of 1-D weights.
    static func gaussianKernel2D(radiusPixels r: Int, sigmaPixels sigma: Double) -> [Double] {
        var raw: [Double] = []
        raw.reserveCapacity((2 * r + 1) * (2 * r + 1))
        for dy in -r...r {
            for dx in -r...r {
                raw.append(exp(-Double(dx * dx + dy * dy) / (2 * sigma * sigma)))
            }
        }
        let sum = raw.reduce(0, +)
        return raw.map { $0 / sum }
    }

    /// The Gaussian blur of a premultiplied RGBA8 image (rows from the top), summed directly over the
    /// full (2r + 1)² window around every pixel, transparent outside the image. Returns premultiplied
    /// channels 0…1 in the same layout. σ under half a pixel, or r = 0, leaves the image as it is.
    /// With `inset`, only the pixels at least that far from every edge are computed (the others
    /// are left 0): the direct sum of a wide kernel is slow.
    static func gaussianBlurBruteForce(rgba: [UInt8], width: Int, height: Int, sigmaPixels sigma: Double, radiusPixels r: Int,
                                       inset: Int = 0) -> [Double] {
        precondition(rgba.count == width * height * 4, "rgba holds \(rgba.count) bytes, not \(width)x\(height)x4")
        let input = rgba.map { Double($0) / 255 }
        guard sigma >= 0.5, r > 0 else { return input }
        let kernel = gaussianKernel2D(radiusPixels: r, sigmaPixels: sigma)
        let side = 2 * r + 1
        var out = [Double](repeating: 0, count: input.count)
        // The same direct sum, through buffer pointers and while loops: the tests are built without
        // optimisation, where ranges, tuples and checked subscripts cost tens of times a multiply-add.
        input.withUnsafeBufferPointer { input in
            kernel.withUnsafeBufferPointer { kernel in
                out.withUnsafeMutableBufferPointer { out in
                    var y = inset
                    while y < height - inset {
                        let dy0 = max(-r, -y), dy1 = min(r, height - 1 - y)
                        var x = inset
                        while x < width - inset {
                            let dx0 = max(-r, -x), dx1 = min(r, width - 1 - x)
                            var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0
                            var dy = dy0
                            while dy <= dy1 {
                                var k = (dy + r) * side + (dx0 + r)
                                var i = ((y + dy) * width + x + dx0) * 4
                                var dx = dx0
                                while dx <= dx1 {
                                    let w = kernel[k]
                                    s0 += w * input[i]
                                    s1 += w * input[i + 1]
                                    s2 += w * input[i + 2]
                                    s3 += w * input[i + 3]
                                    k += 1
                                    i += 4
                                    dx += 1
                                }
                                dy += 1
                            }
                            let o = (y * width + x) * 4
                            out[o] = s0
                            out[o + 1] = s1
                            out[o + 2] = s2
                            out[o + 3] = s3
                            x += 1
                        }
                        y += 1
                    }
                }
            }
        }
        return out
    }
}
