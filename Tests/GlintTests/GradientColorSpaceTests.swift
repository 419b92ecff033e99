import Foundation
import Glint
import Testing

/// `Gradient.ColorSpace`: `.perceptual` blends in Oklab, worked out here from Björn Ottosson's
/// published matrices; `.device` in the stored sRGB values.
@Suite("Gradient colour spaces", .serialized)
struct GradientColorSpaceTests {
    static func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
    static func encoded(_ l: Double) -> Double { l <= 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1 / 2.4) - 0.055 }

    /// sRGB (0 … 1) to Oklab.
    static func oklab(_ c: [Double]) -> [Double] {
        let (r, g, b) = (linear(c[0]), linear(c[1]), linear(c[2]))
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        return [0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
                1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
                0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s]
    }

    /// Oklab to sRGB (0 … 1), clamped.
    static func srgb(_ lab: [Double]) -> [Double] {
        let l = pow(lab[0] + 0.3963377774 * lab[1] + 0.2158037573 * lab[2], 3)
        let m = pow(lab[0] - 0.1055613458 * lab[1] - 0.0638541728 * lab[2], 3)
        let s = pow(lab[0] - 0.0894841775 * lab[1] - 1.2914855480 * lab[2], 3)
        let rgb = [4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
                   -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
                   -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s]
        return rgb.map { encoded(min(max($0, 0), 1)) }
    }

    /// Along row 2 of two 100-pixel-wide pictures blending `from` into `to` left to right: the largest
    /// difference (0 … 1) of `perceptual` from the blend in Oklab; and the expectation that `device`
    /// is the straight blend of the stored values within 2/255.
    static func oklabDifference(perceptual: RenderedImage, device: RenderedImage, from: [Double], to: [Double],
                                sourceLocation: SourceLocation = #_sourceLocation) -> Double {
        let (a, b) = (oklab(from), oklab(to))
        var worst = 0.0
        for x in stride(from: 0, to: 100, by: 9) {
            let t = (Double(x) + 0.5) / 100
            let want = srgb((0..<3).map { a[$0] + (b[$0] - a[$0]) * t })
            let p = perceptual.pixel(x: x, y: 2)
            let got = [Double(p.red), Double(p.green), Double(p.blue)].map { $0 / 255 }
            worst = max(worst, zip(got, want).map { abs($0 - $1) }.max()!)
            let d = device.pixel(x: x, y: 2)
            let straight = (0..<3).map { from[$0] + (to[$0] - from[$0]) * t }
            #expect(zip([Double(d.red), Double(d.green), Double(d.blue)].map { $0 / 255 }, straight).allSatisfy { abs($0 - $1) <= 2.0 / 255 },
                    "device at x \(x): \(d) against \(straight)", sourceLocation: sourceLocation)
        }
        return worst
    }

    @Test(".perceptual blends a gradient's colours in Oklab; .device in the stored values")
    func perceptualBlend() throws {
        let (from, to) = ([1.0, 0, 0], [0.0, 0, 1])
        let gradient = Gradient(colors: [Color(red: from[0], green: from[1], blue: from[2]), Color(red: to[0], green: to[1], blue: to[2])])
        func render(_ style: AnyGradient) throws -> RenderedImage {
            try ImageRenderer(content: Rectangle().fill(.linearGradient(style, startPoint: .leading, endPoint: .trailing))
                .frame(width: 100, height: 4)).render()
        }
        let perceptual = try render(gradient.colorSpace(.perceptual))
        let device = try render(AnyGradient(gradient).colorSpace(.device))
        let worst = Self.oklabDifference(perceptual: perceptual, device: device, from: from, to: to)
        #expect(worst <= 2.0 / 255, "the largest difference from Oklab, in 0 … 1: \(worst)")
        let middle = perceptual.pixel(x: 50, y: 2)
        #expect(middle.green > 60, "half way, Oklab's purple has green in it (the device's has none): \(middle)")
    }
}
