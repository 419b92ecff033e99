import Foundation
import GlintTestSupport
import GlintCore
import Testing

/// The seed 002 references say what the effects should look like; these tests check the references
/// themselves against properties a user could see, and that the four effect files compile.
@Suite("Seed 002 references")
struct Seed002ReferenceTests {
    typealias R = Seed002Reference
    let view = Size(width: 300, height: 200)

    // MARK: Gradient

    @Test("the gradient is black at the top-left, red at the top-right, green at the bottom-left, yellow at the bottom-right")
    func gradientCorners() {
        #expect(R.gradientColor(at: Point(x: 0, y: 0), viewSize: view) == R.RGBA(r: 0, g: 0, b: 0, a: 1))
        #expect(R.gradientColor(at: Point(x: 300, y: 0), viewSize: view) == R.RGBA(r: 1, g: 0, b: 0, a: 1))
        #expect(R.gradientColor(at: Point(x: 0, y: 200), viewSize: view) == R.RGBA(r: 0, g: 1, b: 0, a: 1))
        #expect(R.gradientColor(at: Point(x: 300, y: 200), viewSize: view) == R.RGBA(r: 1, g: 1, b: 0, a: 1))
        #expect(R.gradientColor(at: view.center, viewSize: view) == R.RGBA(r: 0.5, g: 0.5, b: 0, a: 1))
    }

    // MARK: Wave

    @Test("with no strength the wave shows the view unmoved, and never reaches further than strength")
    func waveReach() {
        for x in stride(from: 0.0, through: 300, by: 37.5) {
            for y in stride(from: 0.0, through: 200, by: 25) {
                let p = Point(x: x, y: y)
                #expect(R.waveSource(position: p, viewSize: view, time: 0.7, frequency: 9, strength: 0) == p)
                let moved = R.waveSource(position: p, viewSize: view, time: 0.7, frequency: 9, strength: 6)
                #expect(abs(moved.x - x) <= 6 && abs(moved.y - y) <= 6)
            }
        }
    }

    @Test("at time 0 the top-left corner shows the point strength below it (sin 0 = 0, cos 0 = 1)")
    func waveAtOrigin() {
        #expect(R.waveSource(position: .zero, viewSize: view, time: 0, frequency: 5, strength: 4) == Point(x: 0, y: 4))
    }

    // MARK: Dissolve

    let opaqueBlue = R.RGBA(r: 0, g: 0, b: 1, a: 1)
    let orange = R.RGBA(r: 1, g: 0.5, b: 0, a: 1)

    @Test("where the noise is below the threshold the view is burnt through: fully transparent, no glow")
    func dissolveBurnt() {
        // time 5 s at speed 1: k = 0.5.
        let out = R.dissolve(color: opaqueBlue, noise: 0.2, time: 5, speed: 1, transition: 0.1, glow: 3, burnColor: orange)
        #expect(out == .clear)
    }

    @Test("where the noise is past the burning edge the view is untouched: an opaque colour gets no glow")
    func dissolveUntouched() {
        let out = R.dissolve(color: opaqueBlue, noise: 0.9, time: 5, speed: 1, transition: 0.1, glow: 3, burnColor: orange)
        #expect(out == opaqueBlue)
        // A half-transparent colour keeps its own alpha and glows by a · (1 − a) = ¼.
        let glass = R.RGBA(r: 0, g: 0, b: 0.5, a: 0.5)
        let lit = R.dissolve(color: glass, noise: 0.9, time: 5, speed: 1, transition: 0.1, glow: 1, burnColor: orange)
        #expect(lit.distance(to: glass + orange.scaled(by: 0.25)) < 1e-12)
    }

    @Test("halfway across the burning edge the view is half faded and glows most")
    func dissolveEdge() {
        let out = R.dissolve(color: opaqueBlue, noise: 0.55, time: 5, speed: 1, transition: 0.1, glow: 2, burnColor: orange)
        // fade = smoothstep(0.5, 0.6, 0.55) = ½, a = ½, glow term 2 · ½ · ½ · ½ = ¼.
        #expect(out.distance(to: opaqueBlue.scaled(by: 0.5) + orange.scaled(by: 0.25)) < 1e-12)
    }

    @Test("the threshold sweeps 0 → 1 every 10 / speed seconds and starts again")
    func dissolveThreshold() {
        #expect(R.dissolveThreshold(time: 0, speed: 1) == 0)
        #expect(abs(R.dissolveThreshold(time: 2.5, speed: 1) - 0.25) < 1e-12)
        #expect(abs(R.dissolveThreshold(time: 12.5, speed: 1) - 0.25) < 1e-12)
        #expect(abs(R.dissolveThreshold(time: 2.5, speed: 2) - 0.5) < 1e-12)
    }

    @Test("a transition of 0 is a hard edge: noise at the threshold stays, just below it burns")
    func dissolveHardEdge() {
        #expect(R.dissolveFade(noise: 0.5, threshold: 0.5, transition: 0) == 1)
        #expect(R.dissolveFade(noise: 0.4999, threshold: 0.5, transition: 0) == 0)
        let out = R.dissolve(color: opaqueBlue, noise: 0.3, time: 5, speed: 1, transition: 0, glow: 2, burnColor: orange)
        #expect(out == .clear)
    }

    // MARK: Blur

    @Test("a radius in points becomes σ = radius / 2 and ±radius taps, in pixels")
    func blurKernelSize() {
        #expect(R.blurKernel(radius: 8, scale: 2) == (sigmaPixels: 8, radiusPixels: 16))
        #expect(R.blurKernel(radius: 1.1, scale: 3) == (sigmaPixels: 1.1 / 2 * 3, radiusPixels: 3))
        #expect(R.blurKernel(radius: 100, scale: 4).radiusPixels == 256)
        #expect(R.blurKernel(radius: 0, scale: 2) == (sigmaPixels: 0, radiusPixels: 0))
    }

    @Test("the 1-D weights are symmetric, sum to 1 and fall off from the centre")
    func weights() {
        let w = R.gaussianWeights(radiusPixels: 6, sigmaPixels: 3)
        #expect(w.count == 13)
        #expect(abs(w.reduce(0, +) - 1) < 1e-12)
        for d in 1...6 {
            #expect(w[6 + d] == w[6 - d])
            #expect(w[6 + d] < w[6 + d - 1])
        }
    }

    @Test("two 1-D passes make the 2-D Gaussian: the outer product of the weights is the 2-D kernel")
    func separable() {
        for (r, sigma) in [(4, 2.0), (7, 3.5), (10, 1.3)] {
            let w = R.gaussianWeights(radiusPixels: r, sigmaPixels: sigma)
            let k = R.gaussianKernel2D(radiusPixels: r, sigmaPixels: sigma)
            let side = 2 * r + 1
            var worst = 0.0
            for j in 0..<side {
                for i in 0..<side {
                    worst = max(worst, abs(w[j] * w[i] - k[j * side + i]))
                }
            }
            #expect(worst < 1e-15, "r \(r), σ \(sigma): \(worst)")
        }
    }

    /// A premultiplied RGBA8 image filled with `pixel`.
    func solid(_ pixel: [UInt8], width: Int, height: Int) -> [UInt8] {
        Array((0..<(width * height)).map { _ in pixel }.joined())
    }

    @Test("a flat colour stays the same colour once the blur no longer reaches the edges")
    func blurFlat() {
        let (width, height, r) = (24, 20, 5)
        let pixel: [UInt8] = [40, 90, 160, 200]
        let out = R.gaussianBlurBruteForce(rgba: solid(pixel, width: width, height: height), width: width, height: height, sigmaPixels: 2.5, radiusPixels: r)
        for y in r..<(height - r) {
            for x in r..<(width - r) {
                for c in 0..<4 {
                    #expect(abs(out[(y * width + x) * 4 + c] - Double(pixel[c]) / 255) < 1e-12)
                }
            }
        }
        // At a corner a quarter of the window is outside the image and transparent: the edge darkens.
        #expect(out[3] < Double(pixel[3]) / 255 * 0.5)
    }

    @Test("blurring spreads a spot but keeps all its light when the spot is far from the edges")
    func blurEnergy() {
        let (width, height) = (40, 36)
        var image = [UInt8](repeating: 0, count: width * height * 4)
        for (x, y, value) in [(18, 17, UInt8(255)), (19, 17, 128), (20, 19, 64), (21, 18, 200)] {
            for c in 0..<4 { image[(y * width + x) * 4 + c] = value }
        }
        let out = R.gaussianBlurBruteForce(rgba: image, width: width, height: height, sigmaPixels: 4, radiusPixels: 8)
        for c in 0..<4 {
            let before = stride(from: c, to: image.count, by: 4).reduce(0.0) { $0 + Double(image[$1]) / 255 }
            let after = stride(from: c, to: out.count, by: 4).reduce(0.0) { $0 + out[$1] }
            #expect(abs(before - after) < 1e-9, "channel \(c): \(before) → \(after)")
        }
        // And spreads it: the brightest pixel is far dimmer than the spot was.
        #expect(out.max()! < 0.1)
    }

    @Test("a blur under half a pixel leaves the picture as it is")
    func blurNone() {
        let image: [UInt8] = [255, 0, 0, 255, 0, 0, 0, 0, 0, 64, 0, 64, 10, 20, 30, 40]
        let out = R.gaussianBlurBruteForce(rgba: image, width: 2, height: 2, sigmaPixels: 0.4, radiusPixels: 1)
        #expect(out == image.map { Double($0) / 255 })
    }

    /// The offsets and weights blur.frag fetches on one side of one pass: taps d and d + 1 read as one
    /// linear sample at d + w₂ / (w₁ + w₂). Transcribed from the shader to check the trick's arithmetic.
    func pairedTaps(radiusPixels r: Int, sigmaPixels sigma: Double) -> [(offset: Double, weight: Double)] {
        stride(from: 1, through: r, by: 2).map { d in
            let near = exp(-Double(d * d) / (2 * sigma * sigma))
            let far = d + 1 <= r ? exp(-Double((d + 1) * (d + 1)) / (2 * sigma * sigma)) : 0
            return (Double(d) + far / (near + far), near + far)
        }
    }

    @Test("the shader's pairs of taps, each read as one linear sample, give the Gaussian sum in half the fetches")
    func linearSampling() {
        // One row of a picture, transparent outside, read the way a linearly filtered texture is.
        let row: [Double] = (0..<64).map { (i: Int) -> Double in
            let x = Double(i)
            return 0.5 + 0.5 * sin(x * 0.7) * cos(x * 0.13)
        }
        func texel(_ i: Int) -> Double { i >= 0 && i < row.count ? row[i] : 0 }
        func linear(_ x: Double) -> Double {
            let i = Int(x.rounded(.down))
            let t = x - Double(i)
            return texel(i) * (1 - t) + texel(i + 1) * t
        }
        for (r, sigma) in [(1, 0.5), (5, 2.5), (8, 4.0), (17, 8.5)] {
            let w = R.gaussianWeights(radiusPixels: r, sigmaPixels: sigma)
            let pairs = pairedTaps(radiusPixels: r, sigmaPixels: sigma)
            #expect(1 + 2 * pairs.count == 1 + 2 * ((r + 1) / 2))
            for x in [0, 3, 31, 60, 63] {
                let direct = (-r...r).reduce(0.0) { $0 + w[$1 + r] * texel(x + $1) }
                var sum = texel(x)
                var total = 1.0
                for p in pairs {
                    // Mirrored: -offset lies between texels -(d + 1) and -d, weighted the same way.
                    sum += p.weight * (linear(Double(x) + p.offset) + linear(Double(x) - p.offset))
                    total += 2 * p.weight
                }
                #expect(abs(sum / total - direct) < 1e-12, "r \(r), x \(x)")
            }
        }
        // The largest blur, 64 points at scale 4: 513 taps in 257 fetches.
        #expect(1 + 2 * pairedTaps(radiusPixels: 256, sigmaPixels: 128).count == 257)
    }

    // MARK: Shaders compile

    static var shaderFolder: String {
        (((#filePath as NSString).deletingLastPathComponent as NSString).appendingPathComponent("../../Shaders") as NSString).standardizingPath
    }

    /// A main that calls each effect once with plausible arguments, so glslang compiles it as live code.
    static let calls: [String: String] = [
        "gradient": "glint_fragColor = gradient(glint_position(), vec4(1.0), vec4(0.0, 0.0, glint_viewSize));",
        "wave": "glint_fragColor = vec4(wave(glint_position(), vec4(0.0, 0.0, glint_viewSize), 1.0, 6.0, 8.0), 0.0, 1.0);",
        "dissolve": "glint_fragColor = dissolve(glint_position(), vec4(1.0), vec4(0.0, 0.0, glint_viewSize), 1.0, 1.0, 0.1, 1.0, vec4(1.0, 0.5, 0.0, 1.0), seed002_noise);",
        "blur": "glint_fragColor = blur(glint_position(), glint_layerInfo, 8.0);",
    ]

    @Test("each seed 002 effect compiles after the prelude, called the way SwiftUI's arguments are passed",
          .enabled(if: Glslang.path != nil, "glslangValidator is not installed"),
          arguments: ["gradient", "wave", "dissolve", "blur"])
    func glslang(effect: String) throws {
        let prelude = try String(contentsOfFile: Self.shaderFolder + "/glint.glsl", encoding: .utf8)
        let source = try String(contentsOfFile: Self.shaderFolder + "/\(effect).frag", encoding: .utf8)
        let program = "\(EffectSource.header)\(prelude)\nuniform sampler2D seed002_noise;\n\(source)\nvoid main() {\n    glint_fragColor = vec4(0.0);\n    \(Self.calls[effect]!)\n}\n"
        let result = try Glslang.validate(program, stage: "frag")
        #expect(result.status == 0, "Shaders/\(effect).frag: \(result.output)")
    }
}
