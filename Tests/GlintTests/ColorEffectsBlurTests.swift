import Foundation
import Glint
import GlintTestSupport
import Testing
import enum GlintCore.EffectRegistry
import struct GlintCore.EffectDeclaration
import enum GlintCore.ShaderArgument
import struct GlintCore.Size
import class GlintRender.HeadlessContext
import enum GlintRender.PNG
import class GlintRender.RenderTarget
import struct GlintRender.ShaderSources

/// The colour collection's variable blur (`ColorEffectsTests`' scene and helpers): the layer
/// blurred by a mask's radius, compared with the CPU's spiral of taps.
@Suite("Colour effects collection: the variable blur", .serialized)
struct ColorEffectsBlurTests {
    typealias RGBA = ColorEffectsTests.RGBA

    /// How many taps the variable blur takes at a reach of `reach` points: 2.5 a point, 8 to 32.
    static func blurTaps(_ reach: Double) -> Int { min(max(Int(ceil(reach * 2.5)), 8), 32) }

    /// The variable blur on the CPU: the Gaussian-weighted mean of `taps` taps on a golden-angle
    /// spiral over the disc of `reach` points round (`x`, `y`).
    static func variableBlur(_ layer: RenderedImage, _ x: Double, _ y: Double, reach: Double, taps: Int) -> RGBA {
        let golden = Double.pi * (3 - 5.0.squareRoot())
        var sum = RGBA.zero
        var total = 0.0
        for i in 0..<taps {
            let r = ((Double(i) + 0.5) / Double(taps)).squareRoot()
            let a = Double(i) * golden
            let weight = exp(-2 * r * r)
            sum += ColorEffectsTests.sample(layer, x + reach * r * cos(a), y + reach * r * sin(a)) * weight
            total += weight
        }
        return sum / total
    }

    /// The largest channel difference of two colours.
    static func distance(_ a: RGBA, _ b: RGBA) -> Double {
        let d = a - b
        return max(abs(d.x), abs(d.y), abs(d.z), abs(d.w))
    }

    @Test("variable blur: a black mask leaves the layer as it is, a white one blurs everywhere by the radius, the default mask from sharp at the top to blurred at the bottom, each as the CPU's spiral of taps")
    func variableBlur() throws {
        let (w, h) = (80.0, 48.0)
        let plain = try ColorEffectsTests().render(ColorEffectsTests.scene, Int(w), Int(h))
        let black = Glint.Image(pixels: [0, 0, 0, 255], width: 1, height: 1)
        let sharp = try ColorEffectsTests().render(ColorEffectsTests.scene.variableBlur(radius: 10, mask: black), Int(w), Int(h))
        #expect(sharp.pixels == plain.pixels, "a black mask: no blur")

        let white = Glint.Image(pixels: [255, 255, 255, 255], width: 1, height: 1)
        for radius in [6.0, 20.0] {
            let even = try ColorEffectsTests().render(ColorEffectsTests.scene.variableBlur(radius: radius, mask: white), Int(w), Int(h))
            let r = ColorEffectsTests.compare(even, tolerance: 2) { px, py in
                let p = ColorEffectsTests.point(even, px, py)
                return Self.variableBlur(plain, p.x, p.y, reach: radius, taps: Self.blurTaps(radius))
            }
            note("variable blur, white mask, radius \(radius): worst \(r.worst)")
            #expect(r.wrong == 0, "white mask, radius \(radius): \(r.wrong) pixels off, first \(r.first)")
        }

        // The default mask, Assets/blurMask.png, stretched over the view and filtered linearly.
        let mask = try PNG.decode(try #require(ShaderSources.asset(named: "blurMask.png")))
        func maskValue(_ v: Double) -> Double {
            let f = min(max(v * Double(mask.height) - 0.5, 0), Double(mask.height - 1))
            let i = Int(floor(f)), j = min(i + 1, mask.height - 1)
            let t = f - floor(f)
            return (Double(mask.rgba[i * mask.width * 4]) * (1 - t) + Double(mask.rgba[j * mask.width * 4]) * t) / 255
        }
        let radius = 12.0
        let graded = try ColorEffectsTests().render(ColorEffectsTests.scene.variableBlur(radius: radius), Int(w), Int(h))
        var undecided = 0
        let g = ColorEffectsTests.compare(graded, tolerance: 2) { px, py in
            let p = ColorEffectsTests.point(graded, px, py)
            let reach = radius * maskValue(p.y / h)
            // Where the reach is about half a point, or about where one more tap is taken, the
            // GPU's filtered mask may fall either side: the pixel is to match one of the two.
            var candidates: [RGBA] = []
            if reach < 0.55 { candidates.append(ColorEffectsTests.rgba(plain, px, py)) }
            if reach > 0.45 {
                let exact = max(reach, 0.5) * 2.5
                let counts = abs(exact - exact.rounded()) < 0.05 ? [Self.blurTaps(max(reach, 0.5) - 0.02), Self.blurTaps(max(reach, 0.5) + 0.02)] : [Self.blurTaps(reach)]
                for taps in Set(counts) { candidates.append(Self.variableBlur(plain, p.x, p.y, reach: max(reach, 0.5), taps: taps)) }
            }
            if candidates.count > 1 { undecided += 1 }
            let got = ColorEffectsTests.rgba(graded, px, py)
            return candidates.min { Self.distance($0, got) < Self.distance($1, got) }!
        }
        note("variable blur, default mask: worst \(g.worst), \(undecided) pixels at a threshold")
        #expect(g.wrong == 0, "default mask: \(g.wrong) pixels off, first \(g.first)")
        #expect((0..<Int(w)).allSatisfy { graded.pixel(x: $0, y: 0) == plain.pixel(x: $0, y: 0) }, "the top row is sharp")

        // A black-to-white step across the view: the band of part-grey pixels across it widens down the view.
        let step = HStack(spacing: 0) { Glint.Color(white: 0); Glint.Color(white: 1) }
        let stepped = try ColorEffectsTests().render(step.variableBlur(radius: radius), Int(w), Int(h))
        let widths = [2, 16, 30, 46].map { y in (0..<Int(w)).filter { (26...229).contains(stepped.pixel(x: $0, y: y).green) }.count }
        #expect(widths[0] == 0 && widths[1] < widths[2] && widths[2] < widths[3], "part-grey pixels across the step at rows 2, 16, 30, 46: \(widths)")
    }
}
