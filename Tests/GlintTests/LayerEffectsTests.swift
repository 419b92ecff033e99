import Foundation
import Glint
import GlintTestSupport
import Testing

/// The effect collection's distortions, lenses and transitions (`Shaders/<name>.metal`, translated
/// when loaded), each drawn through its Swift convenience by `ImageRenderer` over SwiftUI's
/// user-space gradient and compared, pixel by pixel, with a reference worked out here on the CPU
/// from the effect's maths, written apart from the Metal.
@Suite("LayerEffects: the collection's distortions, lenses and transitions", .serialized)
struct LayerEffectsTests {
    /// A premultiplied colour, each channel 0…255.
    typealias RGBA = SIMD4<Double>

    /// The view every effect is applied to, at scale 1 (a point is a pixel): the built-in gradient,
    /// red = x / width and green = y / height at each pixel's centre, opaque; transparent outside
    /// the view. `reach` is the effect's `maxSampleOffset`, which sets how far the layer it reads
    /// extends past the view.
    struct Content {
        let width: Int
        let height: Int
        var reach = (x: 0.0, y: 0.0)

        /// The pixel (`i`, `j`) of the layer, as the gradient drew it; transparent past the view.
        func texel(_ i: Int, _ j: Int) -> RGBA {
            guard i >= 0, j >= 0, i < width, j < height else { return RGBA(0, 0, 0, 0) }
            return RGBA(((Double(i) + 0.5) / Double(width) * 255).rounded(), ((Double(j) + 0.5) / Double(height) * 255).rounded(), 0, 255)
        }

        /// `layer.sample(p)`: filtered linearly between pixel centres, the texture clamped at its
        /// edge (the view grown by the reach), transparent past what the pass may sample.
        func sample(_ x: Double, _ y: Double) -> RGBA {
            guard x >= -reach.x, y >= -reach.y, x <= Double(width) + reach.x, y <= Double(height) + reach.y else { return RGBA(0, 0, 0, 0) }
            let grownX = Int(reach.x.rounded(.up)), grownY = Int(reach.y.rounded(.up))
            let tx = x - 0.5, ty = y - 0.5
            let i0 = Int(tx.rounded(.down)), j0 = Int(ty.rounded(.down))
            let fx = tx - Double(i0), fy = ty - Double(j0)
            func fetch(_ i: Int, _ j: Int) -> RGBA {
                texel(min(max(i, -grownX), width - 1 + grownX), min(max(j, -grownY), height - 1 + grownY))
            }
            let top = fetch(i0, j0) * (1 - fx) + fetch(i0 + 1, j0) * fx
            let bottom = fetch(i0, j0 + 1) * (1 - fx) + fetch(i0 + 1, j0 + 1) * fx
            return top * (1 - fy) + bottom * fy
        }
    }

    /// How a drawing compared with its reference.
    struct Comparison: CustomStringConvertible {
        /// Pixels further than the tolerance from the reference.
        var mismatches = 0
        /// Pixels compared (the reference skips those on an edge it cannot place within a pixel).
        var compared = 0
        /// Pixels the effect changed from the plain content by more than 8 levels.
        var changed = 0
        /// The worst pixel: where, what was drawn, what the reference says.
        var worst = (difference: 0.0, note: "")

        var description: String {
            "\(mismatches) of \(compared) pixels off the reference (\(changed) changed by the effect); worst \(worst.note)"
        }
    }

    /// The gradient with `effect` applied, `width` x `height` points at scale 1, compared with
    /// `expected` (the reference colour at a pixel's centre, nil to skip it) within `tolerance`
    /// levels a channel.
    static func compare(width: Int = 80, height: Int = 60, tolerance: Double = 3, content: Content? = nil,
                        _ effect: (AnyView) -> AnyView, expected: (Double, Double) -> RGBA?) throws -> Comparison {
        let gradient = AnyView(Rectangle().colorEffect(ShaderLibrary.gradient(.boundingRect)))
        let renderer = ImageRenderer(content: effect(gradient).frame(width: Double(width), height: Double(height)))
        let image = try renderer.render()
        let plain = content ?? Content(width: width, height: height)
        var result = Comparison()
        for j in 0..<height {
            for i in 0..<width {
                let p = image.pixel(x: i, y: j)
                let got = RGBA(Double(p.red), Double(p.green), Double(p.blue), Double(p.alpha))
                if Self.difference(got, plain.texel(i, j)) > 8 { result.changed += 1 }
                guard let want = expected(Double(i) + 0.5, Double(j) + 0.5) else { continue }
                result.compared += 1
                let difference = Self.difference(got, want)
                if difference > tolerance { result.mismatches += 1 }
                if difference > result.worst.difference {
                    result.worst = (difference, "(\(i), \(j)): drawn \(got), reference \(want.rounded(.toNearestOrEven))")
                }
            }
        }
        return result
    }

    /// Checks a comparison: every pixel compared within tolerance, at most `skipped` of them
    /// skipped, and at least `changed` changed by the effect (so the case exercises it).
    static func check(_ c: Comparison, width: Int = 80, height: Int = 60, skipped: Int = 0, changed: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(c.mismatches == 0, "\(c)", sourceLocation: sourceLocation)
        #expect(c.compared >= width * height - skipped, "\(c)", sourceLocation: sourceLocation)
        #expect(c.changed >= changed, "the case should show the effect: \(c)", sourceLocation: sourceLocation)
    }

    /// The largest difference between two colours' channels.
    static func difference(_ a: RGBA, _ b: RGBA) -> Double {
        let d = a - b
        return max(abs(d.x), abs(d.y), abs(d.z), abs(d.w))
    }

    static func clamp01(_ x: Double) -> Double { min(max(x, 0), 1) }

    static func length(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }

    // MARK: - Distortions

    /// The relative wave's map: rows sway sideways and columns up and down by `strength` times
    /// the size, `frequency` waves across the view, moving `speed` waves a second.
    static func relativeWave(_ x: Double, _ y: Double, width: Double, height: Double, time: Double, speed: Double, strength: Double, frequency: Double) -> (Double, Double) {
        let phase = 2 * Double.pi * speed * time
        let dx = sin(2 * .pi * frequency * y / height - phase) * strength * width
        let dy = sin(2 * .pi * frequency * x / width - phase) * strength * height
        return (x + dx, y + dy)
    }

    @Test("relativeWave sways the content by a fraction of its size: every pixel where the wave's formula puts it, at 80x60 and 160x120, and the same picture at both sizes")
    func relativeWaveMatchesItsFormula() throws {
        var drawn: [Int: RenderedImage] = [:]
        for (w, h) in [(80, 60), (160, 120)] {
            let size = CGSize(width: w, height: h)
            // Reads reach past the edges by strength x size.
            let content = Content(width: w, height: h, reach: (0.04 * Double(w), 0.04 * Double(h)))
            let c = try Self.compare(width: w, height: h, content: content, { AnyView($0.relativeWave(size: size, time: 0.3, speed: 0.5, strength: 0.04, frequency: 1.5)) }) { x, y in
                let (sx, sy) = Self.relativeWave(x, y, width: Double(w), height: Double(h), time: 0.3, speed: 0.5, strength: 0.04, frequency: 1.5)
                return content.sample(sx, sy)
            }
            Self.check(c, width: w, height: h, changed: w * h / 4)
            drawn[w] = try ImageRenderer(content: Rectangle().colorEffect(ShaderLibrary.gradient(.boundingRect))
                .relativeWave(size: size, time: 0.3, speed: 0.5, strength: 0.04, frequency: 1.5).frame(width: Double(w), height: Double(h))).render()
        }
        // The content is itself relative (the gradient), so the two sizes show one picture: each
        // small pixel matches the mean of the 2 x 2 large pixels it covers.
        let small = try #require(drawn[80]), large = try #require(drawn[160])
        var off = 0
        for j in 0..<60 {
            for i in 0..<80 {
                let s = small.pixel(x: i, y: j)
                var sum = RGBA(0, 0, 0, 0)
                for (a, b) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let p = large.pixel(x: 2 * i + a, y: 2 * j + b)
                    sum += RGBA(Double(p.red), Double(p.green), Double(p.blue), Double(p.alpha))
                }
                if Self.difference(sum / 4, RGBA(Double(s.red), Double(s.green), Double(s.blue), Double(s.alpha))) > 6 { off += 1 }
            }
        }
        #expect(off <= 80 * 60 / 100, "\(off) of 4800 pixels differ between the sizes")
    }

    /// The water's map: three crossing waves at 20°, 140° and 260°, their wave numbers 1, 1.3 and
    /// 0.8 times `frequency` ripples per 100 points and their speeds 1, 0.8 and 1.2 times `speed`
    /// ripples a second; each wave's slope moves the view along its direction, the three
    /// together at most `strength` points.
    static func water(_ x: Double, _ y: Double, time: Double, speed: Double, strength: Double, frequency: Double) -> (Double, Double) {
        let k = 2 * Double.pi * frequency / 100
        let phase = 2 * Double.pi * speed * time
        var dx = 0.0, dy = 0.0
        for (degrees, number, pace) in [(20.0, 1.0, 1.0), (140, 1.3, 0.8), (260, 0.8, 1.2)] {
            let ux = cos(degrees * .pi / 180), uy = sin(degrees * .pi / 180)
            let slope = cos(k * number * (ux * x + uy * y) + phase * pace)
            dx += ux * slope
            dy += uy * slope
        }
        return (x + dx * strength / 3, y + dy * strength / 3)
    }

    @Test("water ripples the content: every pixel shows the content where three crossing waves bend the view, never further than strength")
    func waterMatchesItsFormula() throws {
        let content = Content(width: 80, height: 60, reach: (5, 5))
        let c = try Self.compare(content: content, { AnyView($0.water(time: 0.7, speed: 0.5, strength: 5, frequency: 8)) }) { x, y in
            let (sx, sy) = Self.water(x, y, time: 0.7, speed: 0.5, strength: 5, frequency: 8)
            #expect(Self.length(sx - x, sy - y) <= 5 + 1e-9)
            return content.sample(sx, sy)
        }
        Self.check(c, changed: 1000)
        // Time moves the ripples.
        let later = try Self.compare(content: content, { AnyView($0.water(time: 1.2, speed: 0.5, strength: 5, frequency: 8)) }) { x, y in
            let (sx, sy) = Self.water(x, y, time: 1.2, speed: 0.5, strength: 5, frequency: 8)
            return content.sample(sx, sy)
        }
        Self.check(later, changed: 1000)
    }

    // MARK: - Lenses

    @Test("simpleLoupe shows the content zoom times larger inside its circle round the location, and as it is outside")
    func simpleLoupeMatchesItsFormula() throws {
        let content = Content(width: 80, height: 60, reach: (20, 20))
        let (cx, cy, radius, zoom) = (40.0, 30.0, 20.0, 2.0)
        let c = try Self.compare(content: content, { AnyView($0.simpleLoupe(at: CGPoint(x: cx, y: cy), radius: radius, zoom: zoom)) }) { x, y in
            let d = Self.length(x - cx, y - cy)
            if abs(d - radius) < 1e-3 { return nil }  // on the rim, either side
            return d >= radius ? content.sample(x, y) : content.sample(cx + (x - cx) / zoom, cy + (y - cy) / zoom)
        }
        Self.check(c, skipped: 8, changed: 600)
    }

    @Test("warpingLoupe magnifies zoom times at the location, easing back to the content's size at its edge without a seam")
    func warpingLoupeMatchesItsFormula() throws {
        let content = Content(width: 80, height: 60, reach: (24, 24))
        let (cx, cy, radius, zoom) = (36.0, 28.0, 24.0, 3.0)
        let c = try Self.compare(content: content, { AnyView($0.warpingLoupe(at: CGPoint(x: cx, y: cy), radius: radius, zoom: zoom)) }) { x, y in
            let r = Self.length(x - cx, y - cy) / radius
            guard r < 1 else { return content.sample(x, y) }
            let ease = r * r * (3 - 2 * r)
            let scale = (1 / zoom) * (1 - ease) + ease
            return content.sample(cx + (x - cx) * scale, cy + (y - cy) * scale)
        }
        Self.check(c, changed: 600)
    }

    @Test("bubble bends the content toward its rim, glowing in its highlight colour at the rim and at a spot at its top-left")
    func bubbleMatchesItsFormula() throws {
        let content = Content(width: 80, height: 60, reach: (22 * 0.6, 22 * 0.6))
        let (cx, cy, radius, strength) = (40.0, 30.0, 22.0, 0.6)
        // A blue highlight at 80 % opacity, premultiplied as the shader receives it.
        let highlight = RGBA(0.2 * 0.8, 0.4 * 0.8, 1 * 0.8, 0.8) * 255
        let c = try Self.compare(content: content, { AnyView($0.bubble(at: CGPoint(x: cx, y: cy), radius: radius, strength: strength,
                                                                       highlight: Color(red: 0.2, green: 0.4, blue: 1, opacity: 0.8))) }) { x, y in
            let (ox, oy) = (x - cx, y - cy)
            let reach = Self.length(ox, oy)
            if abs(reach - radius) < 1e-3 { return nil }
            guard reach < radius else { return content.sample(x, y) }
            let (ux, uy) = (ox / radius, oy / radius)
            let height = (1 - ux * ux - uy * uy).squareRoot()
            let seen = content.sample(x - ox * strength * (1 - height), y - oy * strength * (1 - height))
            let rim = 0.5 * pow(1 - height, 3)
            let t = Self.clamp01(Self.length(ux + 0.4, uy + 0.45) / 0.3)
            let spot = 0.75 * (1 - t * t * (3 - 2 * t))
            let shine = Self.clamp01(rim + spot) * Self.clamp01(radius - reach)
            return seen * (1 - shine) + highlight * shine
        }
        Self.check(c, skipped: 8, changed: 300)
    }

    // MARK: - Transitions

    @Test("circleTransition takes the content away through growing circles, one per size-point cell, with a soft point-wide edge")
    func circleTransitionMatchesItsFormula() throws {
        let content = Content(width: 80, height: 60)
        for progress in [0.25, 0.7] {
            let c = try Self.compare({ AnyView($0.circleTransition(progress: progress, size: 16)) }) { x, y in
                let cx = ((x / 16).rounded(.down) + 0.5) * 16, cy = ((y / 16).rounded(.down) + 0.5) * 16
                let radius = -1 + (16 * 0.5.squareRoot() + 1) * progress
                return content.texel(Int(x), Int(y)) * Self.clamp01(Self.length(x - cx, y - cy) - radius)
            }
            Self.check(c, changed: progress < 0.5 ? 300 : 2000)
        }
    }

    @Test("diamondTransition opens diamonds in a sweep from the top-left corner: the far corner's cells still whole when the near ones are open")
    func diamondTransitionMatchesItsFormula() throws {
        let content = Content(width: 80, height: 60)
        let c = try Self.compare({ AnyView($0.diamondTransition(progress: 0.5, size: 16)) }) { x, y in
            let cx = ((x / 16).rounded(.down) + 0.5) * 16, cy = ((y / 16).rounded(.down) + 0.5) * 16
            let start = 0.5 * 0.5 * (Self.clamp01(cx / 80) + Self.clamp01(cy / 60))
            let opening = Self.clamp01((0.5 - start) / 0.5)
            let radius = -1 + 17 * opening
            return content.texel(Int(x), Int(y)) * Self.clamp01(abs(x - cx) + abs(y - cy) - radius)
        }
        Self.check(c, changed: 1500)
    }

    @Test("pixellateTransition shows blocks of the content, each its colour at the block's centre (inside the view), growing to size by 0.5 and then fading")
    func pixellateTransitionMatchesItsFormula() throws {
        for (progress, side, opacity) in [(0.25, 8.0, 1.0), (0.75, 16.0, 0.5)] {
            let content = Content(width: 80, height: 60, reach: (8, 8))
            let c = try Self.compare(content: content, { AnyView($0.pixellateTransition(progress: progress, size: 16)) }) { x, y in
                // The last row of 8-point blocks (56…64) is cut at 60: its centre is taken at 59.5.
                let bx = min(max(((x / side).rounded(.down) + 0.5) * side, 0.5), 79.5)
                let by = min(max(((y / side).rounded(.down) + 0.5) * side, 0.5), 59.5)
                return content.sample(bx, by) * opacity
            }
            Self.check(c, changed: 2000)
        }
    }

    @Test("radialTransition sweeps clockwise from twelve o'clock round the centre: at 0.3 the upper right is gone, the rest whole")
    func radialTransitionMatchesItsFormula() throws {
        let content = Content(width: 80, height: 60)
        let c = try Self.compare({ AnyView($0.radialTransition(progress: 0.3)) }) { x, y in
            let (ox, oy) = (x - 40, y - 30)
            var turn = atan2(ox, -oy) / (2 * .pi)
            if turn < 0 { turn += 1 }
            let ahead = (turn - 0.3) * 2 * .pi * Self.length(ox, oy)
            return content.texel(Int(x), Int(y)) * Self.clamp01(ahead + 0.5)
        }
        Self.check(c, changed: 1200)
        // What a user sees: above and right of the centre gone, below and left whole.
        let image = try ImageRenderer(content: Rectangle().colorEffect(ShaderLibrary.gradient(.boundingRect)).radialTransition(progress: 0.3)
            .frame(width: 80, height: 60)).render()
        #expect(image.pixel(x: 50, y: 10).alpha == 0 && image.pixel(x: 20, y: 50).alpha == 255)
    }

    @Test("swirlTransition turns the content round the centre, most in the middle, while it shrinks and fades into it")
    func swirlTransitionMatchesItsFormula() throws {
        let content = Content(width: 80, height: 60)
        let (progress, turns) = (0.3, 1.0)
        let c = try Self.compare({ AnyView($0.swirlTransition(progress: progress, turns: turns)) }) { x, y in
            let (ox, oy) = (x - 40, y - 30)
            let r = min(Self.length(ox, oy) / 50, 1)  // 50: the centre to a corner
            let angle = 2 * .pi * turns * progress * (1 - r) * (1 - r)
            let tx = cos(angle) * ox - sin(angle) * oy, ty = sin(angle) * ox + cos(angle) * oy
            return content.sample(40 + tx / (1 - progress), 30 + ty / (1 - progress)) * (1 - progress * progress)
        }
        Self.check(c, changed: 2000)
    }

    /// The wind's hash of a streak's row: a permuted congruential step, as 32-bit arithmetic.
    static func windHash(_ value: UInt32) -> UInt32 {
        var x = value &* 747_796_405 &+ 2_891_336_453
        x = ((x >> ((x >> 28) &+ 4)) ^ x) &* 277_803_737
        return (x >> 22) ^ x
    }

    /// How far the streak at `y` has gone (0 … 1) at `progress`, and how far it travels at most.
    static func wind(_ y: Double, progress: Double, streak: Double, travel: Double) -> (gone: Double, journey: Double) {
        let row = UInt32(bitPattern: Int32((y / max(streak, 1)).rounded(.down)))
        let hashed = windHash(row)
        // As the shader does: the hash as a 32-bit float, over 2^32.
        let leaves = 0.5 * Double(Float(hashed)) / 4_294_967_296
        let gone = clamp01((progress - leaves) / 0.5)
        let journey = travel * (0.5 + 0.5 * Double(Float(windHash(hashed))) / 4_294_967_296)
        return (gone, journey)
    }

    @Test("windTransition blows streaks of the content to the right, each leaving at its own moment and fading")
    func windTransitionMatchesItsFormula() throws {
        let content = Content(width: 80, height: 60, reach: (40, 0))
        let c = try Self.compare(content: content, { AnyView($0.windTransition(progress: 0.5, streak: 3, travel: 40)) }) { x, y in
            let (gone, journey) = Self.wind(y, progress: 0.5, streak: 3, travel: 40)
            return content.sample(x - gone * gone * journey, y) * (1 - gone)
        }
        Self.check(c, changed: 2000)
    }

    @Test("windTransition's streaks leave at random: at progress 0.5 how far each of 300 streaks has gone is spread evenly over 0…1, with no pattern from one streak to the next")
    func windTransitionStatistics() throws {
        // travel 0: each streak only fades, so its opacity is 1 − gone.
        let image = try ImageRenderer(content: Rectangle().fill(Color.white).windTransition(progress: 0.5, streak: 2, travel: 0)
            .frame(width: 8, height: 600)).render()
        let gone = (0..<300).map { 1 - Double(image.pixel(x: 4, y: 2 * $0).alpha) / 255 }
        let mean = gone.reduce(0, +) / 300
        let spread = (gone.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / 300).squareRoot()
        // Uniform on 0…1: mean 1/2, standard deviation 1/√12 ≈ 0.289 (each within about 3 standard errors).
        #expect(abs(mean - 0.5) < 0.05 && abs(spread - 0.289) < 0.04, "mean \(mean), spread \(spread)")
        for quarter in 0..<4 {
            let count = gone.filter { $0 >= Double(quarter) / 4 && $0 < Double(quarter + 1) / 4 }.count
            #expect((50...100).contains(count), "\(count) of 300 streaks in quarter \(quarter)")
        }
        // No period: the correlation of a streak with the one 1…20 rows on is small.
        for lag in 1...20 {
            var sum = 0.0
            for k in 0..<(300 - lag) { sum += (gone[k] - mean) * (gone[k + lag] - mean) }
            let correlation = sum / Double(300 - lag) / (spread * spread)
            #expect(abs(correlation) < 0.2, "correlation \(correlation) at a lag of \(lag) streaks")
        }
        // Each streak is one piece: its rows agree.
        #expect((0..<300).allSatisfy { image.pixel(x: 4, y: 2 * $0).alpha == image.pixel(x: 4, y: 2 * $0 + 1).alpha })
    }

    @Test("every transition shows the content whole at progress 0 and nothing at progress 1", arguments: ["circle", "diamond", "pixellate", "radial", "swirl", "wind"])
    func transitionEnds(name: String) throws {
        func transition(_ view: AnyView, _ progress: Double) -> AnyView {
            switch name {
            case "circle": return AnyView(view.circleTransition(progress: progress))
            case "diamond": return AnyView(view.diamondTransition(progress: progress))
            case "pixellate": return AnyView(view.pixellateTransition(progress: progress))
            case "radial": return AnyView(view.radialTransition(progress: progress))
            case "swirl": return AnyView(view.swirlTransition(progress: progress))
            default: return AnyView(view.windTransition(progress: progress))
            }
        }
        let content = Content(width: 80, height: 60)
        let whole = try Self.compare({ transition($0, 0) }) { x, y in content.texel(Int(x), Int(y)) }
        Self.check(whole, changed: 0)
        #expect(whole.changed == 0, "at progress 0 the content is untouched: \(whole)")
        let gone = try Self.compare({ transition($0, 1) }) { _, _ in RGBA(0, 0, 0, 0) }
        #expect(gone.mismatches == 0 && gone.worst.difference == 0, "at progress 1 nothing is left: \(gone)")
    }
}
