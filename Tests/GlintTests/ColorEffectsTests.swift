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

/// The effect collection's generators, colour effects and recolouring layer effects
/// (`Shaders/<name>.metal`, translated when loaded), drawn through their modifiers by
/// `ImageRenderer` and compared pixel by pixel with the effects' maths worked out here on the CPU,
/// from the content as drawn without the effect; the noises by their statistics too.
@Suite("Colour effects collection", .serialized)
struct ColorEffectsTests {
    /// A premultiplied colour, channels 0…255.
    typealias RGBA = SIMD4<Double>

    /// `view` in a frame of `width` × `height` points, drawn at `scale` over `backdrop`.
    func render<V: View>(_ view: V, _ width: Int, _ height: Int, scale: Double = 1, backdrop: Glint.Color = .clear) throws -> RenderedImage {
        let renderer = ImageRenderer(content: view.frame(width: CGFloat(width), height: CGFloat(height)))
        renderer.scale = CGFloat(scale)
        renderer.backdrop = backdrop
        return try renderer.render()
    }

    /// The pixel at (`x`, `y`) as channels 0…255.
    static func rgba(_ image: RenderedImage, _ x: Int, _ y: Int) -> RGBA {
        let p = image.pixel(x: x, y: y)
        return RGBA(Double(p.red), Double(p.green), Double(p.blue), Double(p.alpha))
    }

    /// The centre of pixel (`px`, `py`) in points.
    static func point(_ image: RenderedImage, _ px: Int, _ py: Int) -> (x: Double, y: Double) {
        ((Double(px) + 0.5) / image.scale, (Double(py) + 0.5) / image.scale)
    }

    /// `image` read as a layer is: bilinear between pixel centres, transparent past its edges,
    /// at `(x, y)` in points.
    static func sample(_ image: RenderedImage, _ x: Double, _ y: Double) -> RGBA {
        let fx = x * image.scale - 0.5, fy = y * image.scale - 0.5
        let x0 = Int(floor(fx)), y0 = Int(floor(fy))
        let tx = fx - floor(fx), ty = fy - floor(fy)
        func at(_ i: Int, _ j: Int) -> RGBA {
            i >= 0 && j >= 0 && i < image.width && j < image.height ? rgba(image, i, j) : .zero
        }
        let top = at(x0, y0) * (1 - tx) + at(x0 + 1, y0) * tx
        let bottom = at(x0, y0 + 1) * (1 - tx) + at(x0 + 1, y0 + 1) * tx
        return top * (1 - ty) + bottom * ty
    }

    /// How many pixels of `image` differ from `expected` by more than `tolerance` in some channel,
    /// the largest difference, and the first such pixel, for a message.
    static func compare(_ image: RenderedImage, tolerance: Double, _ expected: (Int, Int) -> RGBA) -> (wrong: Int, worst: Double, first: String) {
        var wrong = 0
        var worst = 0.0
        var first = ""
        for py in 0..<image.height {
            for px in 0..<image.width {
                let want = expected(px, py)
                let got = rgba(image, px, py)
                let e = got - want
                let d = max(abs(e.x), abs(e.y), abs(e.z), abs(e.w))
                worst = max(worst, d)
                if d > tolerance {
                    if wrong == 0 { first = "(\(px), \(py)): got \(got), expected \(want)" }
                    wrong += 1
                }
            }
        }
        return (wrong, worst, first)
    }

    /// GLSL's and Metal's `smoothstep`.
    static func smoothstep(_ e0: Double, _ e1: Double, _ x: Double) -> Double {
        let t = min(max((x - e0) / (e1 - e0), 0), 1)
        return t * t * (3 - 2 * t)
    }

    /// `x` less its floor.
    static func fract(_ x: Double) -> Double { x - floor(x) }

    // MARK: - Noise

    /// The noises' hash of a cell and a frame, written from its definition: each input times its
    /// constant, xored, then avalanched by xor-shifts and multiplies, all modulo 2³².
    static func noiseHash(_ x: Int, _ y: Int, _ frame: UInt32) -> UInt32 {
        var h = (UInt32(truncatingIfNeeded: x) &* 0x8da6_b343) ^ (UInt32(truncatingIfNeeded: y) &* 0xd816_3841) ^ (frame &* 0xcb1a_b31f)
        h ^= h >> 16
        h &*= 0x7feb_352d
        h ^= h >> 15
        h &*= 0x846c_a68b
        h ^= h >> 16
        return h
    }

    /// The noise cell and frame of pixel (`px`, `py`).
    static func cell(_ image: RenderedImage, _ px: Int, _ py: Int, grain: Double, time: Double, speed: Double) -> (Int, Int, UInt32) {
        let p = point(image, px, py)
        return (Int(floor(p.x / grain)), Int(floor(p.y / grain)), UInt32(floor(time * speed)))
    }

    /// One channel of every pixel, as numbers.
    static func channel(_ image: RenderedImage, _ c: Int) -> [Double] {
        stride(from: c, to: image.pixels.count, by: 4).map { Double(image.pixels[$0]) }
    }

    /// Mean and standard deviation.
    static func meanAndSpread(_ values: [Double]) -> (mean: Double, spread: Double) {
        let mean = values.reduce(0, +) / Double(values.count)
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)
        return (mean, variance.squareRoot())
    }

    /// The correlation of `values` (rows of `width`) with itself moved by (`dx`, `dy`), in standard
    /// errors (of a correlation of independent values over the pixels both cover: 1/√count).
    static func autocorrelation(_ values: [Double], width: Int, dx: Int, dy: Int) -> Double {
        let height = values.count / width
        let (mean, spread) = meanAndSpread(values)
        var sum = 0.0
        var count = 0
        for y in 0..<(height - dy) {
            for x in 0..<(width - dx) {
                sum += (values[y * width + x] - mean) * (values[(y + dy) * width + x + dx] - mean)
                count += 1
            }
        }
        return sum / Double(count) / (spread * spread) * Double(count).squareRoot()
    }

    /// The correlation of two equally long lists.
    static func correlation(_ a: [Double], _ b: [Double]) -> Double {
        let (ma, sa) = meanAndSpread(a), (mb, sb) = meanAndSpread(b)
        return zip(a, b).reduce(0) { $0 + ($1.0 - ma) * ($1.1 - mb) } / Double(a.count) / (sa * sb)
    }

    /// Statistics of uniform 8-bit noise: mean 127.5, spread √((256² − 1) / 12) ≈ 73.9, the 16
    /// bins of a histogram even, and no correlation with itself moved by any amount up to 64
    /// points across or down (no visible period).
    static func expectUniformNoise(_ values: [Double], width: Int, _ what: String) {
        let (mean, spread) = meanAndSpread(values)
        // With n samples the mean's standard error is 73.9/√n: 0.67 for 12288.
        #expect(abs(mean - 127.5) < 3, "\(what): mean \(mean)")
        #expect(abs(spread - 73.9) < 3, "\(what): spread \(spread)")
        var bins = [Int](repeating: 0, count: 16)
        for v in values { bins[Int(v) / 16] += 1 }
        let expected = Double(values.count) / 16
        #expect(bins.allSatisfy { abs(Double($0) - expected) < expected * 0.2 }, "\(what): histogram \(bins)")
        var shifts: [(Int, Int)] = []
        for d in [1, 2, 3, 4, 5, 7, 8, 16, 32, 64] { shifts += [(d, 0), (0, d), (d, d)] }
        let worst = shifts.map { abs(autocorrelation(values, width: width, dx: $0.0, dy: $0.1)) }.max()!
        note("\(what): mean \(mean), spread \(spread), worst autocorrelation \(worst) standard errors")
        // A period shows as a correlation near 1 at its shift: hundreds of standard errors.
        #expect(worst < 5, "\(what): correlated with itself moved, \(worst) standard errors")
    }

    @Test("white noise: every cell the grey its hash gives, for cells of 1 and 3 points and at scale 2, new each frame, the view's alpha kept")
    func whiteNoisePixels() throws {
        let white = Glint.Color(white: 1)
        func grey(_ h: UInt32) -> Double { Double(h >> 8) / 16_777_215 * 255 }
        // 1.26 s at 24 a second: frame 30.
        for (grain, scale) in [(1.0, 1.0), (3.0, 1.0), (1.0, 2.0)] {
            let image = try render(white.whiteNoise(time: 1.26, speed: 24, grain: grain), 96, 64, scale: scale)
            let r = Self.compare(image, tolerance: 1) { px, py in
                let (x, y, frame) = Self.cell(image, px, py, grain: grain, time: 1.26, speed: 24)
                let v = grey(Self.noiseHash(x, y, frame))
                return RGBA(v, v, v, 255)
            }
            #expect(r.wrong == 0, "grain \(grain), scale \(scale): \(r.wrong) pixels off, first \(r.first)")
        }
        // Half-transparent content: the grey premultiplied by its alpha.
        let faint = try render(Glint.Color(white: 1, opacity: 0.5).whiteNoise(time: 1.26, speed: 24), 32, 16)
        let r = Self.compare(faint, tolerance: 1) { px, py in
            let (x, y, frame) = Self.cell(faint, px, py, grain: 1, time: 1.26, speed: 24)
            let v = grey(Self.noiseHash(x, y, frame))
            return RGBA(v * 0.5, v * 0.5, v * 0.5, 127.5)
        }
        #expect(r.wrong == 0, "alpha 0.5: \(r.wrong) pixels off, first \(r.first)")
    }

    @Test("white noise by its statistics: uniform greys with no period, a new picture each frame, a still one at speed 0")
    func whiteNoiseStatistics() throws {
        let white = Glint.Color(white: 1)
        let frame30 = try render(white.whiteNoise(time: 1.26, speed: 24), 128, 96)
        let red = Self.channel(frame30, 0)
        #expect(red == Self.channel(frame30, 1) && red == Self.channel(frame30, 2), "grey: red, green and blue equal")
        #expect(Self.channel(frame30, 3).allSatisfy { $0 == 255 }, "opaque")
        Self.expectUniformNoise(red, width: 128, "white noise")

        // 1.27 s is still frame 30; 1.30 s is frame 31, a new picture uncorrelated with the last.
        let same = try render(white.whiteNoise(time: 1.27, speed: 24), 128, 96)
        #expect(same.pixels == frame30.pixels, "one frame lasts 1/speed seconds")
        let frame31 = Self.channel(try render(white.whiteNoise(time: 1.30, speed: 24), 128, 96), 0)
        let changed = zip(red, frame31).filter { $0 != $1 }.count
        #expect(changed > red.count * 95 / 100, "a new frame changes almost every pixel: \(changed) of \(red.count)")
        #expect(abs(Self.correlation(red, frame31)) < 0.05, "frames are independent")
        let still = try render(white.whiteNoise(time: 0.2, speed: 0), 64, 32).pixels
        #expect(try render(white.whiteNoise(time: 9.7, speed: 0), 64, 32).pixels == still, "speed 0: the noise stands still")
    }

    @Test("rainbow noise: each cell's red, green and blue are its hash's three low bytes; by statistics, three uniform independent channels that change each frame")
    func rainbowNoise() throws {
        let white = Glint.Color(white: 1)
        for grain in [1.0, 2.0] {
            let image = try render(white.rainbowNoise(time: 2.55, speed: 10, grain: grain), 80, 48)
            let r = Self.compare(image, tolerance: 0) { px, py in
                let (x, y, frame) = Self.cell(image, px, py, grain: grain, time: 2.55, speed: 10)
                let h = Self.noiseHash(x, y, frame)
                return RGBA(Double(h & 0xff), Double(h >> 8 & 0xff), Double(h >> 16 & 0xff), 255)
            }
            #expect(r.wrong == 0, "grain \(grain): \(r.wrong) pixels off, first \(r.first)")
        }
        let image = try render(white.rainbowNoise(time: 2.55, speed: 10), 128, 96)
        let channels = (0..<3).map { Self.channel(image, $0) }
        for (c, name) in zip(channels, ["red", "green", "blue"]) {
            Self.expectUniformNoise(c, width: 128, "rainbow noise \(name)")
        }
        let across = [Self.correlation(channels[0], channels[1]), Self.correlation(channels[1], channels[2]), Self.correlation(channels[0], channels[2])]
        #expect(across.allSatisfy { abs($0) < 0.05 }, "channels independent (not grey): \(across)")
        let next = Self.channel(try render(white.rainbowNoise(time: 2.65, speed: 10), 128, 96), 0)
        #expect(abs(Self.correlation(channels[0], next)) < 0.05, "a new frame at 10 a second")
    }

    // MARK: - Generators

    /// A hue's colour at full saturation and value, by the six sectors of the colour wheel.
    static func hueColor(_ hue: Double) -> SIMD3<Double> {
        let h = fract(hue) * 6
        let f = h - floor(h)
        switch Int(floor(h)) {
        case 0: return SIMD3(1, f, 0)
        case 1: return SIMD3(1 - f, 1, 0)
        case 2: return SIMD3(0, 1, f)
        case 3: return SIMD3(0, 1 - f, 1)
        case 4: return SIMD3(f, 0, 1)
        default: return SIMD3(1, 0, 1 - f)
        }
    }

    @Test("animated gradient fill: each point the hue of its place along the direction, less time × speed; it repeats after 1/speed seconds")
    func animatedGradientFill() throws {
        let white = Glint.Color(white: 1)
        let (w, h) = (96.0, 64.0)
        for (time, speed, angle, repeats) in [(0.0, 0.25, 0.0, 1.0), (1.3, 0.4, 30.0, 1.5), (2.0, -0.2, -120.0, 2.0)] {
            let image = try render(white.animatedGradientFill(time: time, speed: speed, angle: .degrees(angle), repeats: repeats), Int(w), Int(h))
            let theta = angle * .pi / 180
            let (dx, dy) = (cos(theta), sin(theta))
            let extent = abs(w * dx) + abs(h * dy)
            let r = Self.compare(image, tolerance: 1) { px, py in
                let p = Self.point(image, px, py)
                let along = ((p.x - w / 2) * dx + (p.y - h / 2) * dy) / extent + 0.5
                let c = Self.hueColor(along * repeats - time * speed) * 255
                return RGBA(c.x, c.y, c.z, 255)
            }
            #expect(r.wrong == 0, "t \(time), angle \(angle): \(r.wrong) pixels off, first \(r.first)")
        }
        // Left to right at angle 0, repeats 1: red at the left edge, cyan in the middle at t = 0.
        let start = try render(white.animatedGradientFill(time: 0, speed: 0.25, angle: .zero, repeats: 1), 96, 64)
        #expect(start.pixel(x: 0, y: 30).red == 255 && start.pixel(x: 0, y: 30).blue < 20, "\(start.pixel(x: 0, y: 30))")
        #expect(start.pixel(x: 47, y: 30).red < 10 && start.pixel(x: 47, y: 30).green == 255 && start.pixel(x: 47, y: 30).blue > 240, "\(start.pixel(x: 47, y: 30))")
        let later = try render(white.animatedGradientFill(time: 4, speed: 0.25, angle: .zero, repeats: 1), 96, 64)
        let worst = zip(start.pixels, later.pixels).map { abs(Int($0) - Int($1)) }.max()!
        #expect(worst <= 1, "one cycle later (4 s at 0.25 a second) it looks the same: \(worst)")
    }

    @Test("sinebow: red, green and blue are sin² of the phase a third apart, so they add up to 1.5 everywhere; the bands bend and flow with time")
    func sinebow() throws {
        let white = Glint.Color(white: 1)
        let (w, h) = (96.0, 64.0)
        for (time, speed, bands, bend) in [(0.0, 0.3, 1.5, 0.15), (2.7, -0.5, 3.0, 0.4)] {
            let image = try render(white.sinebow(time: time, speed: speed, bands: bands, bend: bend), Int(w), Int(h))
            let r = Self.compare(image, tolerance: 1) { px, py in
                let p = Self.point(image, px, py)
                let phase = p.x / w * bands + bend * sin(2 * .pi * p.y / h - time) - time * speed
                let c = [0.0, 1.0 / 3, 2.0 / 3].map { 255 * pow(sin(.pi * (phase + $0)), 2) }
                return RGBA(c[0], c[1], c[2], 255)
            }
            #expect(r.wrong == 0, "t \(time): \(r.wrong) pixels off, first \(r.first)")
            let sums: [Int] = stride(from: 0, to: image.pixels.count, by: 4).map { i in
                let (red, green, blue) = (Int(image.pixels[i]), Int(image.pixels[i + 1]), Int(image.pixels[i + 2]))
                return red + green + blue
            }
            #expect(sums.allSatisfy { abs(Double($0) - 382.5) <= 2 }, "equal brightness: sums \(sums.min()!)…\(sums.max()!)")
        }
        let still = try render(white.sinebow(time: 1, bend: 0), 96, 64)
        #expect(still.pixel(x: 40, y: 0) == still.pixel(x: 40, y: 63), "no bend: bands straight down")
        let bent = try render(white.sinebow(time: 1, bend: 0.3), 96, 64)
        #expect(bent.pixel(x: 40, y: 10) != bent.pixel(x: 40, y: 40), "bent bands: a column changes colour down the view")
    }

    @Test("circle wave: rings of the colour, `width` points thick every `spacing` points from the centre, moving out at `speed` points a second; in points at scale 2")
    func circleWave() throws {
        let white = Glint.Color(white: 1)
        let tint = (r: 1.0, g: 0.6, b: 0.2)
        let color = Glint.Color(red: tint.r, green: tint.g, blue: tint.b)
        for (time, center, speed, spacing, width, scale) in [(0.0, UnitPoint(x: 0.5, y: 0.5), 40.0, 20.0, 6.0, 1.0),
                                                            (1.7, UnitPoint(x: 0.25, y: 0.8), 15.0, 12.0, 3.0, 2.0)] {
            let (w, h) = (80.0, 60.0)
            let (cx, cy) = (Double(center.x), Double(center.y))
            let image = try render(white.circleWave(time: time, color: color, center: center, speed: speed, spacing: spacing, width: width),
                                   Int(w), Int(h), scale: scale)
            let r = Self.compare(image, tolerance: 1) { px, py in
                let p = Self.point(image, px, py)
                let d = ((p.x - w * cx) * (p.x - w * cx) + (p.y - h * cy) * (p.y - h * cy)).squareRoot()
                let fromRing = abs(Self.fract((d - time * speed) / spacing + 0.5) - 0.5) * spacing
                let ring = 1 - Self.smoothstep(width / 2 - 0.5, width / 2 + 0.5, fromRing)
                return RGBA(tint.r * ring * 255, tint.g * ring * 255, tint.b * ring * 255, 255)
            }
            #expect(r.wrong == 0, "t \(time), scale \(scale): \(r.wrong) pixels off, first \(r.first)")
        }
        // At t = 0 a ring is at the centre; after half a spacing's travel, the centre is dark.
        let at0 = try render(white.circleWave(time: 0, color: color, speed: 40, spacing: 20, width: 6), 80, 60)
        let later = try render(white.circleWave(time: 0.25, color: color, speed: 40, spacing: 20, width: 6), 80, 60)
        #expect(at0.pixel(x: 40, y: 30).red == 255 && later.pixel(x: 40, y: 30).red == 0, "rings move out")
        #expect(later.pixel(x: 50, y: 30).red == 255, "the ring from the centre is 10 points out after 0.25 s at 40 points a second")
    }

    // MARK: - Colour effects

    /// A left-to-right black-to-white gradient over a colour wash: every brightness, in colour.
    static var wash: LinearGradient {
        LinearGradient(colors: [Glint.Color(red: 0, green: 0, blue: 0), Glint.Color(red: 0.9, green: 0.3, blue: 0.5), Glint.Color(red: 1, green: 1, blue: 1)],
                       startPoint: .leading, endPoint: .trailing)
    }

    @Test("infrared: each pixel's luma (of its colour without alpha) mapped cold → warm → hot, alpha kept")
    func infrared() throws {
        let cold = RGBA(0.1, 0, 0.5, 1), warm = RGBA(1, 0.2, 0.2, 1), hot = RGBA(1, 1, 0.4, 1)
        func color(_ c: RGBA) -> Glint.Color { Glint.Color(red: c.x, green: c.y, blue: c.z) }
        for opacity in [1.0, 0.6] {
            let content = Self.wash.opacity(opacity)
            let plain = try render(content, 100, 20)
            let image = try render(content.infrared(cold: color(cold), warm: color(warm), hot: color(hot)), 100, 20)
            let r = Self.compare(image, tolerance: 1) { px, py in
                let c = Self.rgba(plain, px, py)
                let straight = c / max(c.w, 0.255)
                let heat = min(max((0.2126 * straight.x + 0.7152 * straight.y + 0.0722 * straight.z), 0), 1)
                let tone = heat < 0.5 ? cold + (warm - cold) * (heat * 2) : warm + (hot - warm) * (heat * 2 - 1)
                return tone * c.w
            }
            note("infrared, opacity \(opacity): worst \(r.worst)")
            #expect(r.wrong == 0, "opacity \(opacity): \(r.wrong) pixels off, first \(r.first)")
        }
        // The declaration's colours by default: black is cold (dark indigo), white hot (pale yellow).
        let image = try render(Self.wash.infrared(), 100, 20)
        let coldEnd = image.pixel(x: 0, y: 10), hotEnd = image.pixel(x: 99, y: 10)
        #expect(coldEnd.blue > coldEnd.red && coldEnd.green < 10, "\(coldEnd)")
        #expect(hotEnd.red > 240 && hotEnd.green > 220 && hotEnd.blue < 120, "\(hotEnd)")
    }

    @Test("interlace: rows whose top lies within `width` points of each `spacing` take `strength` of the line colour, the rest untouched; in points at scale 2")
    func interlace() throws {
        let content = Glint.Color(red: 0.2, green: 0.7, blue: 0.4)
        let line = RGBA(255, 0, 255, 255)
        for (spacing, width, strength, scale) in [(5.0, 2.0, 0.5, 1.0), (6.0, 1.5, 0.8, 2.0), (4.0, 0.0, 1.0, 1.0)] {
            let plain = try render(content, 40, 30, scale: scale)
            let image = try render(content.interlace(color: Glint.Color(red: 1, green: 0, blue: 1), spacing: spacing, width: width, strength: strength),
                                   40, 30, scale: scale)
            let r = Self.compare(image, tolerance: 1) { px, py in
                let c = Self.rgba(plain, px, py)
                let y = Self.point(image, px, py).y
                let onLine = y - spacing * floor(y / spacing) < width
                return onLine ? c + (line * (c.w / 255) - c) * strength : c
            }
            #expect(r.wrong == 0, "spacing \(spacing), width \(width), scale \(scale): \(r.wrong) pixels off, first \(r.first)")
        }
        // Default: black lines 2 points thick every 4, at half strength.
        let image = try render(content.interlace(), 10, 8)
        let plain = try render(content, 10, 8)
        let column = (0..<8).map { Int(image.pixel(x: 5, y: $0).green) }
        let half = Int(plain.pixel(x: 5, y: 0).green) / 2
        #expect([0, 1, 4, 5].allSatisfy { abs(column[$0] - half) <= 1 } && [2, 3, 6, 7].allSatisfy { column[$0] == Int(plain.pixel(x: 5, y: $0).green) }, "\(column)")
    }

    @Test("shimmer: a band along 45° lines, its middle moving from before the top-left corner to past the bottom-right once per duration, mixing in the highlight")
    func shimmer() throws {
        let content = Glint.Color(red: 0.3, green: 0.25, blue: 0.6)
        let highlight = RGBA(255, 240, 200, 255)
        let (w, h) = (90.0, 50.0)
        let plain = try render(content, Int(w), Int(h))
        for (time, duration, width, strength) in [(0.5, 2.0, 0.15, 0.6), (3.1, 1.5, 0.3, 1.0), (0.0, 2.0, 0.2, 0.8)] {
            let image = try render(content.shimmer(time: time, color: Glint.Color(red: 1, green: 240 / 255, blue: 200 / 255),
                                                   duration: duration, width: width, strength: strength), Int(w), Int(h))
            let middle = -width + (1 + 2 * width) * Self.fract(time / duration)
            let r = Self.compare(image, tolerance: 1) { px, py in
                let c = Self.rgba(plain, px, py)
                let p = Self.point(image, px, py)
                let glow = (1 - Self.smoothstep(0, width, abs((p.x + p.y) / (w + h) - middle))) * strength
                return c + (highlight * (c.w / 255) - c) * glow
            }
            #expect(r.wrong == 0, "t \(time): \(r.wrong) pixels off, first \(r.first)")
        }
        // Half way through a sweep (1.5 s of the default 3) the band crosses the middle: the centre
        // is lit (0.6 of the way to white by default), the corners not.
        let half = try render(content.shimmer(time: 1.5), Int(w), Int(h))
        #expect(half.pixel(x: 44, y: 24).red > 170 && half.pixel(x: 1, y: 1) == plain.pixel(x: 1, y: 1) && half.pixel(x: 88, y: 48) == plain.pixel(x: 88, y: 48),
                "\(half.pixel(x: 44, y: 24)) \(half.pixel(x: 1, y: 1)) \(half.pixel(x: 88, y: 48))")
    }

    // MARK: - Layer effects

    /// A diagonal gradient of three colours with a white square on it: detail in x and y.
    static var scene: some View {
        ZStack {
            LinearGradient(colors: [Glint.Color(red: 1, green: 0.2, blue: 0), Glint.Color(red: 0.1, green: 0.8, blue: 0.3), Glint.Color(red: 0, green: 0.3, blue: 1)],
                           startPoint: .topLeading, endPoint: .bottomTrailing)
            Rectangle().fill(Glint.Color(white: 1)).frame(width: 20, height: 14)
        }
    }

    @Test("colour planes: red from `offset` points back, blue from `offset` points on, green in place, alpha the largest; transparent beyond the view")
    func colorPlanes() throws {
        let plain = try render(Self.scene, 80, 50)
        for offset in [CGSize(width: 4, height: 0), CGSize(width: -3, height: 5), CGSize(width: 3, height: 4)] {
            let image = try render(Self.scene.colorPlanes(offset: offset), 80, 50)
            let (dx, dy) = (Double(offset.width), Double(offset.height))
            let r = Self.compare(image, tolerance: 1) { px, py in
                let p = Self.point(image, px, py)
                let red = Self.sample(plain, p.x - dx, p.y - dy)
                let green = Self.rgba(plain, px, py)
                let blue = Self.sample(plain, p.x + dx, p.y + dy)
                return RGBA(red.x, green.y, blue.z, max(red.w, green.w, blue.w))
            }
            #expect(r.wrong == 0, "offset \(offset): \(r.wrong) pixels off, first \(r.first)")
        }
        // Along x by 4: the leftmost 4 columns have no red to take (it would come from beyond the view).
        let image = try render(Self.scene.colorPlanes(offset: CGSize(width: 4, height: 0)), 80, 50)
        #expect(image.pixel(x: 2, y: 2).red == 0 && plain.pixel(x: 2, y: 2).red > 200)
    }

    @Test("emboss: each pixel plus strength × the luma of (the layer `offset` points down-right − up-left), clamped to its alpha")
    func emboss() throws {
        let plain = try render(Self.scene, 80, 50)
        // Offsets of whole pixels along each axis read the layer exactly; others are filtered, which
        // llvmpipe does with weights in 1/256 steps, up to half a level off per read: the relief,
        // a difference of two reads times the strength, may be `strength` levels off.
        for (strength, offset, tolerance) in [(1.0, 2 * 2.0.squareRoot(), 1.0), (3.0, 1.5, 4.0)] {
            let image = try render(Self.scene.emboss(strength: strength, offset: offset), 80, 50)
            let d = offset / 2.0.squareRoot()
            let r = Self.compare(image, tolerance: tolerance) { px, py in
                let p = Self.point(image, px, py)
                let c = Self.rgba(plain, px, py)
                let change = Self.sample(plain, p.x + d, p.y + d) - Self.sample(plain, p.x - d, p.y - d)
                let relief = (0.2126 * change.x + 0.7152 * change.y + 0.0722 * change.z) * strength
                func lit(_ v: Double) -> Double { min(max(v + relief, 0), c.w) }
                return RGBA(lit(c.x), lit(c.y), lit(c.z), c.w)
            }
            note("emboss, offset \(offset): worst \(r.worst)")
            #expect(r.wrong == 0, "strength \(strength), offset \(offset): \(r.wrong) pixels off, first \(r.first)")
        }
        // The white square (30…50 × 18…32) is lit on its top-left edge and shaded on its bottom-right.
        let image = try render(Self.scene.emboss(strength: 2, offset: 2), 80, 50)
        #expect(image.pixel(x: 29, y: 25).green == 255 && Int(image.pixel(x: 50, y: 25).green) < Int(plain.pixel(x: 50, y: 25).green) - 100)
    }

    @Test("pixellate: each block of `size` points from the top-left is the layer at its centre; blocks cut by the right and bottom edges take the centre of what shows; at scale 1 and 2")
    func pixellate() throws {
        for (size, scale) in [(8.0, 1.0), (10.0, 2.0), (1.0, 1.0)] {
            let (w, h) = (60.0, 44.0)
            let plain = try render(Self.scene, Int(w), Int(h), scale: scale)
            let image = try render(Self.scene.pixellate(size: size), Int(w), Int(h), scale: scale)
            let r = Self.compare(image, tolerance: 2) { px, py in
                let p = Self.point(image, px, py)
                let cx = floor(p.x / size) * size, cy = floor(p.y / size) * size
                let x = (cx + min(cx + size, w)) / 2, y = (cy + min(cy + size, h)) / 2
                return Self.sample(plain, x, y)
            }
            note("pixellate size \(size), scale \(scale): worst \(r.worst)")
            #expect(r.wrong == 0, "size \(size), scale \(scale): \(r.wrong) pixels off, first \(r.first)")
        }
        // Every block is one colour.
        let blocks = try render(Self.scene.pixellate(size: 8), 60, 44)
        #expect(blocks.pixel(x: 8, y: 8) == blocks.pixel(x: 15, y: 15) && blocks.pixel(x: 56, y: 40) == blocks.pixel(x: 59, y: 43))
    }


    // MARK: - Declarations

    @Test("every effect of the group is in the registry under its function's name, with its kind, generators first and drawing their own content, and its defaults in its modifier")
    func declarations() throws {
        let names = EffectDeclaration.colorCollection.map(\.function)
        #expect(names == ["whiteNoise", "rainbowNoise", "animatedGradientFill", "sinebow", "circleWave",
                          "colorPlanes", "emboss", "infrared", "interlace", "shimmer", "pixellate", "variableBlur"])
        let generators: Set = ["whiteNoise", "rainbowNoise", "animatedGradientFill", "sinebow", "circleWave"]
        let layers: Set = ["colorPlanes", "emboss", "pixellate", "variableBlur"]
        for declaration in EffectDeclaration.colorCollection {
            let entry = try #require(EffectRegistry.entry(named: declaration.function))
            #expect(entry.descriptor.isModifier == !generators.contains(declaration.function), "\(declaration.function)")
            #expect(declaration.kind == (layers.contains(declaration.function) ? .layer : .color), "\(declaration.function)")
            #expect(entry.make().pass.kind.name == (layers.contains(declaration.function) ? "layerEffect" : "colorEffect"), "\(declaration.function)")
            #expect(ShaderSources.builtInNames.contains(declaration.function + ".metal"), "Shaders/\(declaration.function).metal is built in")
        }
        // A modifier's defaults are its declaration's: the same picture with and without them.
        let scene = Self.scene
        #expect(try render(scene.interlace(), 40, 20).pixels
            == render(scene.interlace(color: Glint.Color(red: 0, green: 0, blue: 0), spacing: 4, width: 2, strength: 0.5), 40, 20).pixels)
        #expect(try render(scene.colorPlanes(), 40, 20).pixels == render(scene.colorPlanes(offset: CGSize(width: 6, height: 0)), 40, 20).pixels)
    }

    /// `name`'s modifier at its defaults, at `time`, over what the command line shows it over:
    /// black for a generator, the user-space gradient for a modifier.
    static func modifier(_ name: String, time: Double) -> AnyView {
        let black = Glint.Color(white: 0)
        let gradient = Rectangle().colorEffect(ShaderLibrary.gradient(.boundingRect))
        switch name {
        case "whiteNoise": return AnyView(black.whiteNoise(time: time))
        case "rainbowNoise": return AnyView(black.rainbowNoise(time: time))
        case "animatedGradientFill": return AnyView(black.animatedGradientFill(time: time))
        case "sinebow": return AnyView(black.sinebow(time: time))
        case "circleWave": return AnyView(black.circleWave(time: time))
        case "infrared": return AnyView(gradient.infrared())
        case "interlace": return AnyView(gradient.interlace())
        case "shimmer": return AnyView(gradient.shimmer(time: time))
        case "colorPlanes": return AnyView(gradient.colorPlanes())
        case "emboss": return AnyView(gradient.emboss())
        case "pixellate": return AnyView(gradient.pixellate())
        case "variableBlur": return AnyView(gradient.variableBlur())
        default: return AnyView(EmptyView())
        }
    }

    @Test("the command line's effect, made from each declaration, draws what the modifier draws at its defaults: the declared arguments are the Metal function's, in its order",
          arguments: EffectDeclaration.colorCollection.map(\.function))
    func declarationDrawsAsModifier(_ name: String) throws {
        let entry = try #require(EffectRegistry.entry(named: name))
        let effect = entry.make()
        for image in entry.descriptor.images {
            effect.setImage(image.name, to: try PNG.image(from: try #require(ShaderSources.asset(named: image.asset))))
        }
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        // The user-space gradient under a modifier, made as the command line makes it.
        let gradient = try #require(EffectRegistry.entry(named: "gradient")).make()
        // Shown as `glint render` shows it: the chain's view through the frame driver, 0.7 s on.
        let backdrop = Glint.Color(red: 0.07, green: 0.07, blue: 0.09)
        let driver = FrameDriver(backdrop: backdrop)
        let chain = EffectChainView(entry.descriptor.isModifier ? [gradient, effect] : [effect], showsForeground: false)
        driver.update(chain, in: CGSize(width: 96, height: 64))
        driver.advance(to: 0.7)
        driver.update(chain, in: CGSize(width: 96, height: 64))
        let target = try RenderTarget(pixelWidth: 96, pixelHeight: 64)
        try ViewRenderer().draw(driver.resolved, into: target.framebuffer)
        let command = (width: 96, height: 64, rgba: target.readPixels())
        // The seconds the command line's clock gave the function, to give the modifier.
        var time = 0.0
        if case .float(let t)? = effect.pass["time"] { time = Double(t) }
        // The variable blur reads transparency past the view's edges, which shows the backdrop.
        let image = try render(Self.modifier(name, time: time), 96, 64, backdrop: backdrop)
        #expect(command.width == image.width && command.height == image.height)
        let differing = zip(command.rgba, image.pixels).filter { $0 != $1 }.count
        #expect(differing == 0, "\(name) at t = \(time): \(differing) bytes differ")
    }
}
