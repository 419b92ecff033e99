import Foundation
import Glint
import Testing

/// `.blur`, `.shadow`, `.mask`, `.cornerRadius`, the colour adjustments and `.blendMode`, drawn
/// through `ImageRenderer` and compared with the formulas worked out here: a brute-force 2-D
/// Gaussian, SwiftUI's colour formulas, the W3C's blend modes.
@Suite("Visual modifiers", .serialized)
struct VisualEffectTests {
    /// The alpha (0…1) at pixel (`x`, `y`) of a square of opaque pixels [`x0`, `x1`) × [`y0`, `y1`)
    /// blurred by Glint's Gaussian of `radius` points at scale 1, summed over the whole 2-D window:
    /// σ = radius / 2, taps out to floor(2σ) pixels, normalised.
    static func gaussian(_ x: Int, _ y: Int, square x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, radius: Double) -> Double {
        let sigma = radius / 2
        let taps = Int((2 * sigma + 1e-3).rounded(.down))
        var sum = 0.0, total = 0.0
        for dy in -taps...taps {
            for dx in -taps...taps {
                let w = exp(-Double(dx * dx + dy * dy) / (2 * sigma * sigma))
                total += w
                let (sx, sy) = (x + dx, y + dy)
                if sx >= x0 && sx < x1 && sy >= y0 && sy < y1 { sum += w }
            }
        }
        return sum / total
    }

    @Test(".blur(radius:) is the Gaussian a brute-force 2-D sum gives, spreading past the view's edge", arguments: [4.0, 20.0])
    func blurMatchesGaussian(radius: Double) throws {
        let view = Color.white.frame(width: 20, height: 20).blur(radius: radius).frame(width: 80, height: 80)
        let image = try ImageRenderer(content: view).render()
        // Radius 20 is σ = 10 pixels: drawn at reduced resolution and interpolated.
        let tolerance = radius > 8 ? 4.0 : 3.0
        var worst = 0.0
        for y in stride(from: 10, to: 70, by: 3) {
            for x in stride(from: 10, to: 70, by: 1) {
                let expected = 255 * Self.gaussian(x, y, square: 30, 30, 50, 50, radius: radius)
                worst = max(worst, abs(Double(image.pixel(x: x, y: y).alpha) - expected))
            }
        }
        #expect(worst <= tolerance, "the largest difference from the Gaussian, in 1/255: \(worst)")
        #expect(image.pixel(x: 28, y: 40).alpha > 40, "the blur spreads two points past the square's edge")
        #expect(image.pixel(x: 30 - Int(radius) - 2, y: 40).alpha == 0, "and no farther than its radius")
    }

    @Test("a blurred shape or stack is drawn into a layer that grows by the radius, so the blur spreads past its frame")
    func blurOfLayer() throws {
        let view = VStack(spacing: 0) { Circle().fill(Color.white).frame(width: 20, height: 20) }.blur(radius: 6).frame(width: 60, height: 60)
        let image = try ImageRenderer(content: view).render()
        #expect(image.pixel(x: 30, y: 30).alpha > 245, "the middle of the disc stays whole")
        #expect(image.pixel(x: 17, y: 30).alpha > 10, "three points left of the disc's frame, the blur shows")
        #expect(image.pixel(x: 12, y: 30).alpha == 0, "and nothing past the radius")
        #expect(image.pixel(x: 21, y: 21).alpha < image.pixel(x: 21, y: 30).alpha, "round: fainter off the corner than beside the edge")
    }

    @Test("a negative or non-finite radius or offset draws as 0 (said once on standard error), never a crash")
    func badArguments() throws {
        let plain = try ImageRenderer(content: Color.red.frame(width: 10, height: 10).padding(5)).render()
        let blurred = try ImageRenderer(content: Color.red.frame(width: 10, height: 10).blur(radius: -3).padding(5)).render()
        let shadowed = try ImageRenderer(content: Color.red.frame(width: 10, height: 10)
            .shadow(color: .black, radius: .nan, x: .infinity, y: 0).padding(5)).render()
        #expect(blurred.pixels == plain.pixels && shadowed.pixels == plain.pixels)
    }

    @Test(".blur(radius:opaque: true) stays inside the view and keeps it opaque to its edges")
    func opaqueBlur() throws {
        let view = HStack(spacing: 0) { Color(red: 1, green: 0, blue: 0); Color(red: 0, green: 0, blue: 1) }.frame(width: 40, height: 20).blur(radius: 6, opaque: true)
            .frame(width: 60, height: 40)
        let image = try ImageRenderer(content: view).render()
        #expect(image.pixel(x: 10, y: 10).alpha == 255 && image.pixel(x: 10, y: 29).alpha == 255 && image.pixel(x: 49, y: 29).alpha == 255,
                "opaque to its corners")
        #expect(image.pixel(x: 9, y: 20).alpha == 0 && image.pixel(x: 30, y: 9).alpha == 0, "nothing past its edges")
        let left = image.pixel(x: 10, y: 20), middle = image.pixel(x: 30, y: 20)
        #expect(left.red > 240 && left.blue < 10, "the left edge stays red, its own pixels standing in beyond it: \(left)")
        #expect(abs(Int(middle.red) - Int(middle.blue)) < 40 && middle.red > 90, "red and blue blur into each other in the middle: \(middle)")
    }

    @Test("a blur's radius animates: half way through a linear animation to 8, the picture of radius 4")
    func animatedBlur() throws {
        struct Growing: View {
            @State private var on = false
            var body: some View {
                Color.white.frame(width: 20, height: 20).blur(radius: on ? 8 : 0).frame(width: 60, height: 60)
                    .onAppear { withAnimation(.linear(duration: 1)) { on = true } }
            }
        }
        let renderer = ImageRenderer(content: Growing())
        renderer.date = Date(timeIntervalSinceReferenceDate: 100)
        _ = try renderer.render()
        renderer.date = Date(timeIntervalSinceReferenceDate: 100.5)
        let mid = try renderer.render()
        let still = try ImageRenderer(content: Color.white.frame(width: 20, height: 20).blur(radius: 4).frame(width: 60, height: 60)).render()
        #expect(mid.pixel(x: 20, y: 30).alpha > 0 && mid.pixel(x: 20, y: 30).alpha < 255)
        #expect((0..<60).allSatisfy { abs(Int(mid.pixel(x: $0, y: 30).alpha) - Int(still.pixel(x: $0, y: 30).alpha)) <= 2 },
                "the row through the middle is the radius-4 blur's")
    }

    @Test(".shadow(color:radius:x:y:) falls off as the Gaussian of the view's alpha, moved by its offset, under the view")
    func shadowFalloff() throws {
        let view = Color.blue.frame(width: 20, height: 20).shadow(color: .black, radius: 6, x: 5, y: 4).frame(width: 80, height: 80)
        let image = try ImageRenderer(content: view).render()
        var worst = 0.0
        for (x, y) in (0..<80).flatMap({ x in [(x, 42), (x, 55), (x, 60)] }) where !(x >= 30 && x < 50 && y >= 30 && y < 50) {
            // The shadow is the square at (35, 34)…(55, 54) blurred.
            let expected = 255 * Self.gaussian(x, y, square: 35, 34, 55, 54, radius: 6)
            let p = image.pixel(x: x, y: y)
            worst = max(worst, abs(Double(p.alpha) - expected))
            #expect(p.red == 0 && p.green == 0 && p.blue == 0, "black at (\(x), \(y))")
        }
        #expect(worst <= 3, "the largest difference from the Gaussian, in 1/255: \(worst)")
        let top = image.pixel(x: 40, y: 40)
        #expect(top.blue > 240 && top.alpha == 255, "the view is drawn over its shadow: \(top)")
    }

    @Test("shapes, images and shaders cast shadows; a sharp one (radius 0) is a copy of the alpha, moved")
    func shadowsOfShapes() throws {
        let circle = Circle().fill(Color.red).frame(width: 20, height: 20).shadow(color: .black, radius: 0, x: 10, y: 0)
            .frame(width: 60, height: 40)
        let image = try ImageRenderer(content: circle).render()
        #expect(image.pixel(x: 20, y: 20).red > 240, "the circle")
        // The circle is centred at (30, 20), radius 10; its shadow at (40, 20).
        let shade = image.pixel(x: 45, y: 20)
        #expect(shade.alpha == 255 && shade.red == 0, "its shadow 10 points right, past it: \(shade)")
        #expect(image.pixel(x: 48, y: 12).alpha == 0, "round, as the circle is")
        let picture = Image(pixels: [UInt8](repeating: 255, count: 8 * 8 * 4), width: 8, height: 8)
        let imaged = picture.resizable().frame(width: 16, height: 16).shadow(color: Color(red: 0, green: 1, blue: 0), radius: 2, x: 0, y: 8)
            .frame(width: 40, height: 40)
        let shadowed = try ImageRenderer(content: imaged).render()
        #expect(shadowed.pixel(x: 20, y: 34).green > 60 && shadowed.pixel(x: 20, y: 34).red == 0, "an image's shadow below it")
    }

    @Test(".mask shows the view through the mask's alpha, the mask placed by its alignment")
    func mask() throws {
        let round = Color.red.frame(width: 40, height: 40).mask { Circle() }
        let image = try ImageRenderer(content: round).render()
        #expect(image.pixel(x: 20, y: 20).red > 240 && image.pixel(x: 20, y: 20).alpha == 255)
        #expect(image.pixel(x: 3, y: 3).alpha == 0, "outside the circle the view is hidden")
        let corner = Color.red.frame(width: 40, height: 40).mask(alignment: .topLeading) { Color.black.frame(width: 20, height: 10) }
        let cornered = try ImageRenderer(content: corner).render()
        #expect(cornered.pixel(x: 5, y: 5).alpha == 255 && cornered.pixel(x: 25, y: 5).alpha == 0 && cornered.pixel(x: 5, y: 15).alpha == 0)
        let half = Color.red.frame(width: 10, height: 10).mask { Color.black.opacity(0.5) }
        let halved = try ImageRenderer(content: half).render().pixel(x: 5, y: 5)
        #expect(abs(Int(halved.alpha) - 128) <= 1 && abs(Int(halved.red) - 128) <= 1, "half the mask's alpha, half the view: \(halved)")
    }

    @Test(".cornerRadius and .clipShape(.rect(cornerRadius:)) round the view's corners alike")
    func cornerRadius() throws {
        let rounded = try ImageRenderer(content: Color.red.frame(width: 40, height: 40).cornerRadius(10)).render()
        let clipped = try ImageRenderer(content: Color.red.frame(width: 40, height: 40).clipShape(.rect(cornerRadius: 10))).render()
        #expect(rounded.pixel(x: 1, y: 1).alpha == 0 && rounded.pixel(x: 38, y: 38).alpha == 0, "the corners are cut")
        #expect(rounded.pixel(x: 20, y: 1).alpha == 255 && rounded.pixel(x: 5, y: 5).alpha == 255, "inside the corner's circle, drawn")
        #expect(rounded.pixels == clipped.pixels)
    }

    /// The colour the test's views start from, as 8-bit values read back (0.5 is stored as 128).
    static let start = (r: 51.0 / 255, g: 128.0 / 255, b: 204.0 / 255)

    /// The pixel a colour adjustment draws over `start`, as 0…1.
    static func adjusted<V: View>(_ view: V) throws -> (Double, Double, Double) {
        let p = try ImageRenderer(content: view.frame(width: 4, height: 4)).render().pixel(x: 2, y: 2)
        return (Double(p.red) / 255, Double(p.green) / 255, Double(p.blue) / 255)
    }

    @Test("brightness, contrast, saturation, grayscale, hueRotation, colorInvert and colorMultiply follow SwiftUI's formulas")
    func colorAdjustments() throws {
        let c = Color(red: 0.2, green: 0.5, blue: 0.8)
        let (r, g, b) = Self.start
        func clamp(_ x: Double) -> Double { min(max(x, 0), 1) }
        func near(_ got: (Double, Double, Double), _ want: (Double, Double, Double), _ what: String) {
            let d = max(abs(got.0 - clamp(want.0)), abs(got.1 - clamp(want.1)), abs(got.2 - clamp(want.2)))
            #expect(d <= 2.0 / 255, "\(what): \(got) against \(want)")
        }
        near(try Self.adjusted(c.brightness(0.25)), (r + 0.25, g + 0.25, b + 0.25), "brightness adds")
        near(try Self.adjusted(c.contrast(1.5)), ((r - 0.5) * 1.5 + 0.5, (g - 0.5) * 1.5 + 0.5, (b - 0.5) * 1.5 + 0.5), "contrast scales about 0.5")
        let luma = 0.2126 * r + 0.7152 * g + 0.0722 * b
        near(try Self.adjusted(c.saturation(0.3)), (luma + 0.3 * (r - luma), luma + 0.3 * (g - luma), luma + 0.3 * (b - luma)),
             "saturation mixes with the Rec. 709 luma")
        near(try Self.adjusted(c.grayscale(1)), (luma, luma, luma), "grayscale 1 is the luma")
        near(try Self.adjusted(c.colorInvert()), (1 - r, 1 - g, 1 - b), "colorInvert")
        near(try Self.adjusted(c.colorMultiply(Color(red: 0.5, green: 1, blue: 0.25))), (r * 0.5, g, b * 0.25), "colorMultiply")
        let (cs, sn) = (cos(Double.pi / 3), sin(Double.pi / 3))
        let hue = ((0.213 + cs * 0.787 - sn * 0.213) * r + (0.715 - cs * 0.715 - sn * 0.715) * g + (0.072 - cs * 0.072 + sn * 0.928) * b,
                   (0.213 - cs * 0.213 + sn * 0.143) * r + (0.715 + cs * 0.285 + sn * 0.140) * g + (0.072 - cs * 0.072 - sn * 0.283) * b,
                   (0.213 - cs * 0.213 - sn * 0.787) * r + (0.715 - cs * 0.715 + sn * 0.715) * g + (0.072 + cs * 0.928 + sn * 0.072) * b)
        near(try Self.adjusted(c.hueRotation(.degrees(60))), hue, "hueRotation by SVG's matrix")
        let faded = try ImageRenderer(content: Color.clear.brightness(0.5).frame(width: 4, height: 4)).render().pixel(x: 2, y: 2)
        #expect(faded.alpha == 0, "what is transparent stays so")
    }

    /// The W3C's B(Cb, Cs) of the separable modes, per channel.
    static func blend(_ mode: BlendMode, _ b: Double, _ s: Double) -> Double {
        func hardLight(_ b: Double, _ s: Double) -> Double { s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1) }
        switch mode {
        case .multiply: return b * s
        case .screen: return b + s - b * s
        case .overlay: return hardLight(s, b)
        case .darken: return min(b, s)
        case .lighten: return max(b, s)
        case .colorDodge: return b == 0 ? 0 : s >= 1 ? 1 : min(1, b / (1 - s))
        case .colorBurn: return b >= 1 ? 1 : s <= 0 ? 0 : 1 - min(1, (1 - b) / s)
        case .softLight:
            let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
            return s <= 0.5 ? b - (1 - 2 * s) * b * (1 - b) : b + (2 * s - 1) * (d - b)
        case .hardLight: return hardLight(b, s)
        case .difference: return abs(b - s)
        case .exclusion: return b + s - 2 * b * s
        case .plusDarker: return max(0, b + s - 1)
        case .plusLighter: return min(1, b + s)
        default: return s
        }
    }

    @Test(".blendMode blends the view with what is below it by the W3C's formula",
          arguments: [BlendMode.multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .softLight, .hardLight,
                      .difference, .exclusion, .plusDarker, .plusLighter])
    func blendModes(mode: BlendMode) throws {
        let below = (0.8, 0.4, 0.2), above = (0.3, 0.6, 0.9)
        let view = ZStack {
            Color(red: below.0, green: below.1, blue: below.2)
            Color(red: above.0, green: above.1, blue: above.2).blendMode(mode)
        }.frame(width: 4, height: 4)
        let p = try ImageRenderer(content: view).render().pixel(x: 2, y: 2)
        // The colours as stored: 8 bits each.
        func q(_ x: Double) -> Double { (x * 255).rounded() / 255 }
        let want = [Self.blend(mode, q(below.0), q(above.0)), Self.blend(mode, q(below.1), q(above.1)), Self.blend(mode, q(below.2), q(above.2))]
        let got = [Double(p.red) / 255, Double(p.green) / 255, Double(p.blue) / 255]
        // Dodge and burn divide by (1 − Cs) or Cs: an input's 8-bit rounding comes out up to (1 − Cb) / Cs² times larger.
        let tolerance = mode == .colorBurn || mode == .colorDodge ? 3.0 / 255 : 2.0 / 255
        #expect(zip(got, want).allSatisfy { abs($0 - $1) <= tolerance }, "\(mode): \(got) against \(want)")
        #expect(p.alpha == 255)
    }

    /// The W3C's non-separable modes: B(Cb, Cs) on whole colours.
    static func nonSeparable(_ mode: BlendMode, _ b: [Double], _ s: [Double]) -> [Double] {
        func lum(_ c: [Double]) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }
        func clip(_ c: [Double]) -> [Double] {
            let l = lum(c), n = c.min()!, x = c.max()!
            var c = c
            if n < 0 { c = c.map { l + ($0 - l) * l / (l - n) } }
            if x > 1 { c = c.map { l + ($0 - l) * (1 - l) / (x - l) } }
            return c
        }
        func setLum(_ c: [Double], _ l: Double) -> [Double] { clip(c.map { $0 + l - lum(c) }) }
        func sat(_ c: [Double]) -> Double { c.max()! - c.min()! }
        func setSat(_ c: [Double], _ s: Double) -> [Double] {
            let n = c.min()!, range = c.max()! - n
            return range > 0 ? c.map { ($0 - n) * s / range } : [0, 0, 0]
        }
        switch mode {
        case .hue: return setLum(setSat(s, sat(b)), lum(b))
        case .saturation: return setLum(setSat(b, sat(s)), lum(b))
        case .color: return setLum(s, lum(b))
        default: return setLum(b, lum(s))
        }
    }

    @Test(".blendMode's hue, saturation, color and luminosity follow the W3C's non-separable formulas",
          arguments: [BlendMode.hue, .saturation, .color, .luminosity])
    func nonSeparableModes(mode: BlendMode) throws {
        let below = [0.8, 0.4, 0.2], above = [0.3, 0.6, 0.9]
        let view = ZStack {
            Color(red: below[0], green: below[1], blue: below[2])
            Color(red: above[0], green: above[1], blue: above[2]).blendMode(mode)
        }.frame(width: 4, height: 4)
        let p = try ImageRenderer(content: view).render().pixel(x: 2, y: 2)
        func q(_ x: Double) -> Double { (x * 255).rounded() / 255 }
        let want = Self.nonSeparable(mode, below.map(q), above.map(q))
        let got = [Double(p.red) / 255, Double(p.green) / 255, Double(p.blue) / 255]
        #expect(zip(got, want).allSatisfy { abs($0 - $1) <= 2.0 / 255 }, "\(mode): \(got) against \(want)")
    }

    @Test(".blendMode(.destinationOut) in a compositingGroup cuts the view's shape out of what is below it")
    func destinationOut() throws {
        let view = ZStack {
            Color(red: 1, green: 0, blue: 0)
            Circle().frame(width: 10, height: 10).blendMode(.destinationOut)
        }.compositingGroup().frame(width: 20, height: 20)
        let image = try ImageRenderer(content: view).render()
        #expect(image.pixel(x: 10, y: 10).alpha == 0, "a hole where the circle is")
        #expect(image.pixel(x: 1, y: 1) == (255, 0, 0, 255), "red around it")
    }

    @Test("a blend mode inside a compositingGroup blends only with the group's own content")
    func blendInsideGroup() throws {
        let view = ZStack {
            Color.white
            ZStack { Color(red: 1, green: 0, blue: 0).blendMode(.multiply) }.compositingGroup()
            Color(red: 0, green: 1, blue: 0).frame(width: 4, height: 4).blendMode(.multiply)
        }.frame(width: 12, height: 12)
        let image = try ImageRenderer(content: view).render()
        let grouped = image.pixel(x: 1, y: 1)
        #expect(grouped.red > 240 && grouped.green < 80, "the group had nothing below its red: red over white: \(grouped)")
        let multiplied = image.pixel(x: 6, y: 6)
        #expect(multiplied.red < 10 && multiplied.green < 10, "green multiplied by the red below it is black: \(multiplied)")
    }
}

/// Materials: what is below, blurred and tinted, against the Gaussian worked out here.
@Suite("Materials", .serialized)
struct MaterialTests {
    @Test(".background(.ultraThinMaterial) shows what is below blurred (σ 4 points, the edges held) under a quarter of white")
    func ultraThin() throws {
        let view = ZStack {
            HStack(spacing: 0) { Color.black; Color.white }
            Color.clear.background(.ultraThinMaterial)
        }.frame(width: 40, height: 20)
        let image = try ImageRenderer(content: view).render()
        // Along a row: the black-to-white step blurred by the Gaussian of σ = 4 pixels to 8 pixels
        // each side, pixels past the edges taken as the edge's.
        func below(_ x: Int) -> Double {
            var sum = 0.0, total = 0.0
            for d in -8...8 {
                let w = exp(-Double(d * d) / 32)
                total += w
                if min(max(x + d, 0), 39) >= 20 { sum += w }
            }
            return sum / total
        }
        var worst = 0.0
        for x in 0..<40 {
            let expected = 255 * (0.25 + 0.75 * below(x))
            let p = image.pixel(x: x, y: 10)
            worst = max(worst, abs(Double(p.red) - expected))
            #expect(p.alpha == 255)
        }
        #expect(worst <= 3, "the largest difference from the blurred step under the tint, in 1/255: \(worst)")
    }

    @Test("a material in a shape covers only the shape")
    func inShape() throws {
        let view = ZStack {
            Color.black
            Color.clear.background(.thickMaterial, in: Circle())
        }.frame(width: 40, height: 40)
        let image = try ImageRenderer(content: view).render()
        #expect(image.pixel(x: 1, y: 1).red == 0, "outside the circle, the black below as it was")
        let centre = image.pixel(x: 20, y: 20)
        #expect(abs(Int(centre.red) - Int(0.7 * 255)) <= 2, "inside, black under 70 % white: \(centre)")
    }
}
