import Foundation
import Glint
import Testing

/// `MeshGradient`'s `colorSpace:` (`.perceptual` blends in Oklab, worked out here from Björn
/// Ottosson's matrices; `.device` in the stored values) and `resolvedColors:`, drawn through
/// `ImageRenderer`.
@Suite("MeshGradient colours", .serialized)
struct MeshGradientColorTests {
    typealias Space = GradientColorSpaceTests

    /// A 2 by 2 grid over the whole rect: `left` down its left edge, `right` down its right.
    static func columns(_ left: Color, _ right: Color, space: Gradient.ColorSpace) -> MeshGradient {
        MeshGradient(width: 2, height: 2, points: [[0, 0], [1, 0], [0, 1], [1, 1]], colors: [left, right, left, right],
                     smoothsColors: false, colorSpace: space)
    }

    static func render(_ view: some View, _ width: CGFloat, _ height: CGFloat) throws -> RenderedImage {
        try ImageRenderer(content: view.frame(width: width, height: height)).render()
    }

    @Test("colorSpace: .perceptual blends a mesh's colours in Oklab (half way from red to blue, a purple with green in it); .device, the default, in the stored values")
    func perceptual() throws {
        let (from, to) = ([1.0, 0, 0], [0.0, 0, 1])
        let left = Color(red: from[0], green: from[1], blue: from[2]), right = Color(red: to[0], green: to[1], blue: to[2])
        let perceptual = try Self.render(Self.columns(left, right, space: .perceptual), 100, 4)
        let device = try Self.render(Self.columns(left, right, space: .device), 100, 4)
        let plain = try Self.render(MeshGradient(width: 2, height: 2, points: [[0, 0], [1, 0], [0, 1], [1, 1]],
                                                 colors: [left, right, left, right], smoothsColors: false), 100, 4)
        #expect(device.pixels == plain.pixels, ".device is what a mesh without colorSpace: draws")
        let worst = Space.oklabDifference(perceptual: perceptual, device: device, from: from, to: to)
        #expect(worst <= 2.0 / 255, "the largest difference from Oklab, in 0 … 1: \(worst)")
        #expect(perceptual.pixel(x: 50, y: 2).green > 60, "half way, Oklab's purple has green in it: \(perceptual.pixel(x: 50, y: 2))")
        // Smooth (Catmull-Rom) blending in Oklab keeps each point's own colour.
        let smooth = MeshGradient(width: 2, height: 2, points: [[0, 0], [1, 0], [0, 1], [1, 1]], colors: [left, right, left, right],
                                  colorSpace: .perceptual)
        let corners = try Self.render(smooth, 100, 100)
        #expect(corners.pixel(x: 0, y: 0).red > 250 && corners.pixel(x: 0, y: 0).blue < 5, "\(corners.pixel(x: 0, y: 0))")
        #expect(corners.pixel(x: 99, y: 99).blue > 250 && corners.pixel(x: 99, y: 99).red < 5, "\(corners.pixel(x: 99, y: 99))")
    }

    @Test("resolvedColors: draws as the same colours given as Color; a Color.Resolved of linear channels shows them encoded")
    func resolvedColors() throws {
        let points: [SIMD2<Float>] = [[0, 0], [1, 0], [0, 1], [1, 1]]
        let colors = [Color(red: 1, green: 0.5, blue: 0), Color(red: 0, green: 0.25, blue: 1), Color(white: 0.2), Color(red: 0.6, green: 0.9, blue: 0.3)]
        let environment = EnvironmentValues()
        let resolved = colors.map { $0.resolve(in: environment) }
        let byColor = try Self.render(MeshGradient(width: 2, height: 2, points: points, colors: colors), 40, 40)
        let byResolved = try Self.render(MeshGradient(width: 2, height: 2, points: points, resolvedColors: resolved), 40, 40)
        #expect(byColor.pixels == byResolved.pixels)

        // Linear 0.2140 is sRGB's 0.5 encoded: 128 of 255.
        let linear = Color.Resolved(colorSpace: .sRGBLinear, red: 0.2140, green: 0.2140, blue: 0.2140)
        #expect(abs(Double(linear.red) - 0.5) < 0.001, "\(linear.red)")
        let grey = try Self.render(MeshGradient(width: 2, height: 2, points: points, resolvedColors: Array(repeating: linear, count: 4)), 8, 8)
        #expect(abs(Int(grey.pixel(x: 4, y: 4).red) - 128) <= 1, "\(grey.pixel(x: 4, y: 4))")
        #expect(Color(linear).resolve(in: environment) == linear || abs(Color(linear).resolve(in: environment).red - 0.5) < 0.001)
    }
}
