import Foundation
import Glint
import Testing

/// The built-in effects the `glint` command shows are `ShaderLibrary` functions a package calls as
/// SwiftUI calls Metal ones: harmonic, waveform and the tear too.
@Suite("Built-in effects as ShaderLibrary functions")
struct BuiltInFunctionTests {
    func render<V: View>(_ view: V) throws -> RenderedImage {
        let renderer = ImageRenderer(content: view)
        renderer.proposedSize = CGSize(width: 160, height: 90)
        return try renderer.render()
    }

    /// The brightest channel of the pixel at (`x`, `y`).
    func brightness(_ image: RenderedImage, _ x: Int, _ y: Int) -> Int {
        let p = image.pixel(x: x, y: y)
        return Int(max(p.red, p.green, p.blue))
    }

    @Test("ShaderLibrary.harmonic, called as seed 000 calls harmonicColorEffect: waves glow white across the middle, the top is dark; held, they take the palette")
    func harmonic() throws {
        let rest = try render(Rectangle().colorEffect(ShaderLibrary.harmonic(.boundingRect, .float(6), .float(1), .float(0.5), .float(0))))
        #expect((0..<160).map { brightness(rest, $0, 45) }.max()! == 255, "the middle glows")
        #expect(brightness(rest, 80, 2) < 60, "the top is dark: \(brightness(rest, 80, 2))")
        let p = rest.pixel(x: 80, y: 45)
        #expect(p.red == p.green && p.green == p.blue, "white at rest: \(p)")
        let held = try render(Rectangle().colorEffect(ShaderLibrary.harmonic(.boundingRect, .float(6), .float(1), .float(2), .float(1))))
        let coloured = (0..<90).flatMap { y in (0..<160).map { held.pixel(x: $0, y: y) } }.filter { Int($0.blue) - Int($0.red) > 60 }
        #expect(coloured.count > 100, "held, the palette's blues and purples show: \(coloured.count) pixels")
    }

    @Test("ShaderLibrary.waveform draws white strokes on black through the middle")
    func waveform() throws {
        let image = try render(Rectangle().colorEffect(ShaderLibrary.waveform(
            .float(1), .float(1), .float(1.5), .float(6), .float(1.5), .float(0.5), .color(.white), .color(.black))))
        let column = (0..<90).map { brightness(image, 40, $0) }
        #expect(column.max()! > 200, "a stroke crosses x = 40: \(column)")
        #expect(column[0] == 0 && column[89] == 0, "black above and below")
    }

    @Test("ShaderLibrary.tear opens a transparent wedge along the cut, and passes the layer through with no tear")
    func tear() throws {
        func torn(_ progress: Float) throws -> RenderedImage {
            try render(Color.white.layerEffect(ShaderLibrary.tear(
                .float2(0, 45), .float2(100, 45), .float(progress), .float(20), .float(0), .float2(160, 90),
                .float2(0, 0), .float(0), .float(1)), maxSampleOffset: CGSize(width: 10, height: 10)))
        }
        let open = try torn(1)
        #expect(open.pixel(x: 5, y: 45).alpha == 0, "the opening at the edge")
        #expect(open.pixel(x: 5, y: 10).alpha == 255 && open.pixel(x: 150, y: 45).alpha == 255, "the halves and past the tip")
        let whole = try torn(0)
        #expect(whole.pixel(x: 5, y: 45).alpha == 255)
    }
}
