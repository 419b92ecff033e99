import Foundation
import GlintTestSupport
import Testing
@testable import GlintCore
@testable import GlintRender

/// Headless renders of seed 002's effects (gradient, wave, blur, dissolve), each checked pixel by
/// pixel against `Seed002Reference`, and the errors a user gets when positional arguments do not
/// fit the function they call.
@Suite("Seed 002 renders", .serialized, .removesTemporaryFiles)
struct Seed002RenderTests {
    typealias R = Seed002Reference

    /// One 8-bit step, the resolution of what is read back.
    static let step = 1.0 / 255
    /// Slack for float arithmetic on top of a tolerance in 8-bit steps.
    static let epsilon = 1e-6

    // MARK: Rendering

    /// A frame read back: premultiplied RGBA8, rows from the top.
    struct Frame {
        let width: Int
        let height: Int
        let rgba: [UInt8]

        /// The pixel at column `x`, row `y` (from the top), channels 0…1.
        func color(_ x: Int, _ y: Int) -> R.RGBA {
            let i = (y * width + x) * 4
            return R.RGBA(r: Double(rgba[i]) / 255, g: Double(rgba[i + 1]) / 255, b: Double(rgba[i + 2]) / 255, a: Double(rgba[i + 3]) / 255)
        }

        /// The sum of alpha over the frame, in units of one opaque pixel.
        var alphaSum: Double { stride(from: 3, to: rgba.count, by: 4).reduce(0.0) { $0 + Double(rgba[$1]) / 255 } }
    }

    /// Draws the chain of `effects` filling `viewSize`, advanced to `time`, at `scale` over a
    /// transparent backdrop, without foreground.
    func render(_ effects: [any Effect], viewSize: Size, time: Double, scale: Double, sources: ShaderSources = ShaderSources()) throws -> Frame {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let frame = try ChainFrames.snapshot(effects, showsForeground: false, size: viewSize, scale: scale, time: time,
                                             sources: sources, backdrop: .clear)
        return Frame(width: frame.width, height: frame.height, rgba: frame.rgba)
    }

    /// The point (in points) at the centre of pixel (x, y): where the shader samples it.
    static func centre(_ x: Int, _ y: Int, scale: Double) -> Point {
        Point(x: (Double(x) + 0.5) / scale, y: (Double(y) + 0.5) / scale)
    }

    /// The largest difference of many compared pixels and where it was, so a failure reports
    /// one line rather than one per pixel.
    struct Worst: CustomStringConvertible {
        var distance = 0.0
        var place = (x: 0, y: 0)
        var got = R.RGBA.clear
        var want = R.RGBA.clear
        var compared = 0

        mutating func note(_ got: R.RGBA, _ want: R.RGBA, _ x: Int, _ y: Int) {
            compared += 1
            let d = got.distance(to: want)
            guard d > distance else { return }
            (distance, place, self.got, self.want) = (d, (x, y), got, want)
        }

        /// The largest difference in 8-bit steps.
        var steps: Double { distance * 255 }

        var description: String {
            String(format: "worst %.2f/255 at (%d, %d): drew %@, expected %@ (%d pixels compared)",
                   steps, place.x, place.y, got.description, want.description, compared)
        }
    }

    // MARK: Gradient

    @Test("the gradient shows user space at every pixel: (x/width, y/height, 0, 1) at the pixel's centre, in points, at any size and scale",
          arguments: [Size(width: 320, height: 180), Size(width: 97, height: 203)], [1.0, 2.0])
    func gradient(viewSize: Size, scale: Double) throws {
        let frame = try render([DeclaredEffect(.gradient)], viewSize: viewSize, time: 0, scale: scale)
        #expect(frame.width == Int(viewSize.width * scale) && frame.height == Int(viewSize.height * scale))
        var worst = Worst()
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                worst.note(frame.color(x, y), R.gradientColor(at: Self.centre(x, y, scale: scale), viewSize: viewSize), x, y)
            }
        }
        note("Seed002Render gradient \(viewSize) @\(scale)x: \(worst)")
        #expect(worst.distance <= Self.step + Self.epsilon, "\(worst)")
        // The corners a user would look at: black, red, green and yellow (within half a pixel of each).
        let (w, h) = (frame.width - 1, frame.height - 1)
        let corners = [(0, 0, R.RGBA(r: 0, g: 0, b: 0, a: 1)), (w, 0, R.RGBA(r: 1, g: 0, b: 0, a: 1)),
                       (0, h, R.RGBA(r: 0, g: 1, b: 0, a: 1)), (w, h, R.RGBA(r: 1, g: 1, b: 0, a: 1))]
        for (x, y, colour) in corners {
            #expect(frame.color(x, y).distance(to: colour) <= 4 * Self.step, "corner (\(x), \(y)) is \(frame.color(x, y)), not near \(colour)")
        }
    }

    // MARK: Wave

    @Test("a wave over the gradient shows, at each pixel, the gradient's colour at the wave's source point; where that is outside the view, nothing",
          arguments: [1.0, 2.0])
    func waveOverGradient(scale: Double) throws {
        let viewSize = Size(width: 320, height: 180)
        let (frequency, strength) = (9.0, 6.0)
        let wave = DeclaredEffect(.wave)
        wave.setParameter("frequency", to: frequency)
        wave.setParameter("strength", to: strength)
        let frame = try render([DeclaredEffect(.gradient), wave], viewSize: viewSize, time: 0.5, scale: scale)
        guard case .float(let time) = try #require(wave.pass["time"]) else { Issue.record("wave has no time"); return }
        #expect(abs(Double(time) - 0.5) < 1e-3)

        // Sources within a point of the view's edge read the edge filtered with the transparent
        // margin beyond it (the layer covers maxSampleOffset more): neither inside nor outside.
        let margin = 1.0  // points
        var inside = Worst()
        var outside = 0, visibleOutside = 0
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let source = R.waveSource(position: Self.centre(x, y, scale: scale), viewSize: viewSize,
                                          time: Double(time), frequency: frequency, strength: strength)
                let out = source.x < -margin || source.y < -margin || source.x > viewSize.width + margin || source.y > viewSize.height + margin
                let within = source.x >= margin && source.y >= margin && source.x <= viewSize.width - margin && source.y <= viewSize.height - margin
                if out {
                    outside += 1
                    if frame.color(x, y) != .clear { visibleOutside += 1 }
                } else if within {
                    inside.note(frame.color(x, y), R.gradientColor(at: source, viewSize: viewSize), x, y)
                }
            }
        }
        note("Seed002Render wave @\(scale)x t=\(time): \(inside); \(outside) pixels source outside the view, \(visibleOutside) of them not transparent")
        #expect(inside.compared > frame.width * frame.height * 8 / 10)
        #expect(inside.distance <= 2 * Self.step + Self.epsilon, "\(inside)")
        #expect(outside > 0, "the wave should pull in transparency at the top or left edge at these settings")
        #expect(visibleOutside == 0, "\(visibleOutside) of \(outside) pixels whose source is outside the view are not transparent")
    }

    // MARK: Blur

    /// A premultiplied RGBA8 image of `width`×`height` pixels, each given by `pixel(x, y)`.
    static func image(width: Int, height: Int, _ pixel: (Int, Int) -> [UInt8]) -> Image {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * 4)
        for y in 0..<height { for x in 0..<width { bytes += pixel(x, y) } }
        return Image(width: width, height: height, pixels: bytes)
    }

    /// Cells of `cell` pixels cycling opaque orange, transparent and half-transparent blue: hard
    /// edges in colour and in alpha.
    static func checkerboard(width: Int, height: Int, cell: Int) -> Image {
        image(width: width, height: height) { x, y in
            switch (x / cell + y / cell) % 3 {
            case 0: return [255, 128, 0, 255]
            case 1: return [0, 0, 0, 0]
            default: return [0, 0, 128, 128]
            }
        }
    }

    /// Structure at every scale for a wide blur: the checkerboard's three kinds of cell, `cell`
    /// pixels wide (so a blur about as wide leaves them distinct), crossed by one-pixel white lines
    /// every 7 pixels (hard detail the reduction must average, not skip).
    static func cellsAndLines(width: Int, height: Int, cell: Int, lines: Bool = true) -> Image {
        image(width: width, height: height) { x, y in
            if lines && (x % 7 == 3 || y % 7 == 3) { return [255, 255, 255, 255] }
            switch (x / cell + y / cell) % 3 {
            case 0: return [255, 128, 0, 255]
            case 1: return [0, 0, 0, 0]
            default: return [0, 0, 128, 128]
            }
        }
    }

    /// An opaque white square of `side` pixels centred in a transparent image.
    static func whiteSquare(width: Int, height: Int, side: Int) -> Image {
        let (x0, y0) = ((width - side) / 2, (height - side) / 2)
        return image(width: width, height: height) { x, y in
            (x0..<x0 + side).contains(x) && (y0..<y0 + side).contains(y) ? [255, 255, 255, 255] : [0, 0, 0, 0]
        }
    }

    /// `image` (one texel per pixel at `scale`) as the content, blurred by `radius` points.
    func blurred(_ image: Image, scale: Double, radius: Double) throws -> Frame {
        let viewSize = Size(width: Double(image.width) / scale, height: Double(image.height) / scale)
        let blur = DeclaredEffect(.blur)
        blur.setParameter("radius", to: radius)
        return try render([ImageEffect(image: image), blur], viewSize: viewSize, time: 0, scale: scale)
    }

    /// A blur case: the radius in points and the scale.
    struct BlurCase: Sendable, CustomTestStringConvertible {
        var radius: Double
        var scale: Double
        /// The image's size in pixels (the view is this over the scale).
        var pixels: (width: Int, height: Int)
        var testDescription: String { "radius \(radius) pt at \(scale)x" }
    }

    @Test("the blur of a checkerboard matches the direct 2-D Gaussian sum within 1/255, away from the view's edges",
          arguments: [BlurCase(radius: 6, scale: 1, pixels: (160, 120)), BlurCase(radius: 12, scale: 1, pixels: (160, 120)),
                      BlurCase(radius: 6, scale: 2, pixels: (160, 120)), BlurCase(radius: 12, scale: 2, pixels: (160, 120))])
    func blurMatchesReference(_ blur: BlurCase) throws {
        let image = Self.checkerboard(width: blur.pixels.width, height: blur.pixels.height, cell: 7)
        let frame = try blurred(image, scale: blur.scale, radius: blur.radius)
        #expect(frame.width == image.width && frame.height == image.height)
        let kernel = R.blurKernel(radius: blur.radius, scale: blur.scale)
        let want = R.gaussianBlurBruteForce(rgba: image.pixels, width: image.width, height: image.height,
                                            sigmaPixels: kernel.sigmaPixels, radiusPixels: kernel.radiusPixels)
        let margin = kernel.radiusPixels + 1  // pixels: the window never reaches past the view
        var interior = Worst(), border = Worst()
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let i = (y * frame.width + x) * 4
                let expected = R.RGBA(r: want[i], g: want[i + 1], b: want[i + 2], a: want[i + 3])
                let far = x >= margin && y >= margin && x < frame.width - margin && y < frame.height - margin
                if far { interior.note(frame.color(x, y), expected, x, y) } else { border.note(frame.color(x, y), expected, x, y) }
            }
        }
        note("Seed002Render blur r=\(blur.radius) @\(blur.scale)x (σ \(kernel.sigmaPixels) px, \(kernel.radiusPixels) px each side): interior \(interior); near the edges \(border)")
        #expect(interior.distance <= Self.step + Self.epsilon, "\(interior)")
    }

    static let wideBlurCases = [
        BlurCase(radius: 16, scale: 1, pixels: (200, 160)), BlurCase(radius: 20, scale: 1, pixels: (200, 160)),
        BlurCase(radius: 30, scale: 1, pixels: (240, 200)), BlurCase(radius: 30, scale: 2, pixels: (260, 220)),
        BlurCase(radius: 64, scale: 1, pixels: (280, 220)),
    ]

    /// The worst difference from the direct 2-D sum, away from the edges, of a wide blur (drawn at
    /// reduced resolution) over cells about 1.5 σ wide in three kinds (hard edges in colour and
    /// alpha), crossed by one-pixel white lines or not.
    func wideBlurDifference(_ blur: BlurCase, hairlines: Bool) throws -> Worst {
        let kernel = R.blurKernel(radius: blur.radius, scale: blur.scale)
        let image = Self.cellsAndLines(width: blur.pixels.width, height: blur.pixels.height,
                                       cell: Int(kernel.sigmaPixels * 1.5), lines: hairlines)
        let frame = try blurred(image, scale: blur.scale, radius: blur.radius)
        #expect(frame.width == image.width && frame.height == image.height)
        // Computed at every k-th pixel and interpolated, k = floor(σ / 4): the interpolation's
        // reach, about 2 k pixels, is added to "away from the edges".
        let reduction = Int(kernel.sigmaPixels / 4)
        #expect(reduction >= 2, "this case is drawn at full resolution, not reduced")
        let margin = kernel.radiusPixels + 1 + 2 * reduction
        let want = R.gaussianBlurBruteForce(rgba: image.pixels, width: image.width, height: image.height,
                                            sigmaPixels: kernel.sigmaPixels, radiusPixels: kernel.radiusPixels, inset: margin)
        var interior = Worst()
        for y in margin..<frame.height - margin {
            for x in margin..<frame.width - margin {
                let i = (y * frame.width + x) * 4
                interior.note(frame.color(x, y), R.RGBA(r: want[i], g: want[i + 1], b: want[i + 2], a: want[i + 3]), x, y)
            }
        }
        note("Seed002Render wide blur r=\(blur.radius) @\(blur.scale)x\(hairlines ? " over hairlines" : ""): σ \(kernel.sigmaPixels) px, computed every \(reduction) pixels, \(margin) px from the edges: \(interior)")
        #expect(interior.compared > 0)
        return interior
    }

    @Test("a wide blur, computed at every k-th pixel and interpolated, matches the direct 2-D Gaussian sum within 1/255 away from the view's edges",
          arguments: wideBlurCases)
    func wideBlurMatchesReference(_ blur: BlurCase) throws {
        let worst = try wideBlurDifference(blur, hairlines: false)
        #expect(worst.distance <= Self.step + Self.epsilon, "\(worst)")
    }

    /// Where a one-pixel line crosses the kernel's cut at ±r, the exact result steps by the cut's
    /// weight (exp(−2) of the peak): a step no interpolation between computed pixels can follow.
    /// The deviation is bounded by a few such steps, and shrinks as 1/σ.
    @Test("over one-pixel hairlines the wide blur stays within 3/255 of the direct sum (the truncated kernel's steps)",
          arguments: wideBlurCases)
    func wideBlurOverHairlines(_ blur: BlurCase) throws {
        let worst = try wideBlurDifference(blur, hairlines: true)
        #expect(worst.distance <= 3 * Self.step + Self.epsilon, "\(worst)")
    }

    @Test("blurring spreads a white square but keeps its light: the sum of alpha is conserved within 1 %",
          arguments: [3.0, 6.0, 12.0, 30.0])
    func blurConservesEnergy(radius: Double) throws {
        // 20 px square in 160×120: at least 50 px from every edge, more than 30 pt at scale 1.
        let image = Self.whiteSquare(width: 160, height: 120, side: 20)
        let frame = try blurred(image, scale: 1, radius: radius)
        let before = Frame(width: image.width, height: image.height, rgba: image.pixels).alphaSum
        let after = frame.alphaSum
        let spread = stride(from: 3, to: frame.rgba.count, by: 4).filter { frame.rgba[$0] > 0 }.count
        note(String(format: "Seed002Render blur energy r=%.0f: alpha sum %.2f → %.2f (%+.3f %%), %d pixels not transparent (400 before), centre alpha %d",
                     radius, before, after, (after / before - 1) * 100, spread, Int(frame.rgba[(60 * 160 + 80) * 4 + 3])))
        #expect(abs(after / before - 1) <= 0.01, "alpha sum \(before) became \(after)")
        #expect(spread > 400, "the blur spread the square")
    }

    @Test("a small and a large radius both draw: radius 30 spreads the square further and dims its centre more than radius 3")
    func smallAndLargeRadius() throws {
        let image = Self.whiteSquare(width: 160, height: 120, side: 20)
        let small = try blurred(image, scale: 1, radius: 3)
        let large = try blurred(image, scale: 1, radius: 30)
        func alpha(_ f: Frame, _ x: Int, _ y: Int) -> UInt8 { f.rgba[(y * f.width + x) * 4 + 3] }
        // The centre: (80, 60); 25 px to its right is 15 px outside the square.
        #expect(alpha(small, 80, 60) > alpha(large, 80, 60))
        #expect(alpha(large, 80, 60) > 0)
        #expect(alpha(small, 105, 60) == 0, "radius 3 reaches only 3 px past the square")
        #expect(alpha(large, 105, 60) > 0, "radius 30 reaches 30 px past the square")
    }

    // MARK: Dissolve

    /// The clamp of each channel to 0…1, as an 8-bit target stores it.
    static func clamped(_ c: R.RGBA) -> R.RGBA {
        func f(_ v: Double) -> Double { min(max(v, 0), 1) }
        return R.RGBA(r: f(c.r), g: f(c.g), b: f(c.b), a: f(c.a))
    }

    /// Dissolves the gradient of a `viewSize` view along `noise` (one texel per pixel at scale 1)
    /// for `time` seconds; returns the frame and the time the shader received.
    func dissolvedGradient(viewSize: Size, noise: Image, time: Double, transition: Double, glow: Double) throws -> (Frame, Double) {
        let dissolve = DeclaredEffect(.dissolve)
        dissolve.setParameter("speed", to: 1)
        dissolve.setParameter("transition", to: transition)
        dissolve.setParameter("glow", to: glow)
        dissolve.setImage("noise", to: noise)
        let frame = try render([DeclaredEffect(.gradient), dissolve], viewSize: viewSize, time: time, scale: 1)
        guard case .float(let t) = dissolve.pass["time"] else { throw RenderError.gl("dissolve has no time argument") }
        return (frame, Double(t))
    }

    @Test("along a noise ramp the dissolve burns away below k, leaves the view untouched above k + transition, and fades with a burning rim between")
    func dissolveAlongRamp() throws {
        // Noise r = column / 255 in a 256-pixel-wide view: each pixel centre reads exactly one texel.
        let viewSize = Size(width: 256, height: 24)
        let ramp = Self.image(width: 256, height: 1) { x, _ in [UInt8(x), UInt8(x), UInt8(x), 255] }
        let (transition, glow, time) = (0.1, 4.0, 5.0)
        let burnColor = R.RGBA(r: Double(EffectDeclaration.Dissolve.burnColor.defaultSetting.red), g: Double(EffectDeclaration.Dissolve.burnColor.defaultSetting.green),
                               b: Double(EffectDeclaration.Dissolve.burnColor.defaultSetting.blue), a: Double(EffectDeclaration.Dissolve.burnColor.defaultSetting.alpha))

        for glowing in [false, true] {
            let g = glowing ? glow : 0
            let (frame, t) = try dissolvedGradient(viewSize: viewSize, noise: ramp, time: time, transition: transition, glow: g)
            let k = R.dissolveThreshold(time: t, speed: 1)
            #expect(abs(k - 0.5) < 1e-3, "k = \(k)")
            var burnt = 0, burntVisible = 0
            var untouched = Worst(), band = Worst(), fadeAlpha = Worst()
            var brightestBurn = 0.0
            var opaqueInBand = 0
            for y in 0..<frame.height {
                for x in 0..<frame.width {
                    let noise = Double(x) / 255
                    let content = R.gradientColor(at: Self.centre(x, y, scale: 1), viewSize: viewSize)
                    let drawn = frame.color(x, y)
                    if noise < k - Self.step {
                        burnt += 1
                        if drawn != .clear { burntVisible += 1 }
                    } else if noise > k + transition + Self.step {
                        untouched.note(drawn, content, x, y)
                    } else {
                        let expected = Self.clamped(R.dissolve(color: content, noise: noise, time: t, speed: 1,
                                                               transition: transition, glow: g, burnColor: burnColor))
                        band.note(drawn, expected, x, y)
                        let fade = R.dissolveFade(noise: noise, threshold: k, transition: transition)
                        fadeAlpha.note(R.RGBA(r: 0, g: 0, b: 0, a: drawn.a), R.RGBA(r: 0, g: 0, b: 0, a: fade), x, y)
                        brightestBurn = max(brightestBurn, drawn.r - content.r * fade)
                        if drawn.a == 1 { opaqueInBand += 1 }
                    }
                }
            }
            note("Seed002Render dissolve glow \(g) t=\(t) k=\(k): \(burnt) burnt pixels, \(burntVisible) visible; untouched \(untouched); band \(band); band alpha vs fade \(fadeAlpha); largest burn in red \(brightestBurn); \(opaqueInBand) band pixels opaque")
            #expect(burnt > 0 && burntVisible == 0, "\(burntVisible) of \(burnt) burnt pixels still show")
            #expect(untouched.compared > 0 && untouched.distance <= Self.step + Self.epsilon, "untouched: \(untouched)")
            #expect(band.compared > 0 && band.distance <= 2 * Self.step + Self.epsilon, "band: \(band)")
            if glowing {
                #expect(brightestBurn > 0.5, "the rim burns: red rises above the faded gradient by \(brightestBurn)")
            } else {
                #expect(fadeAlpha.distance <= 2 * Self.step + Self.epsilon, "with no glow the alpha is the fade: \(fadeAlpha)")
                #expect(brightestBurn <= 2 * Self.step, "with no glow nothing burns: \(brightestBurn)")
            }
        }
    }

    @Test("with the shipped noise image the dissolve matches the reference at every pixel within 2/255, early, midway and late in a sweep",
          arguments: [0.0, 3.7, 9.95])
    func dissolveWithAssetNoise(time: Double) throws {
        let bytes = try #require(ShaderSources.asset(named: "noise.png"))
        let noise = try PNG.image(from: bytes)
        // One texel per pixel: the view is the noise image's size at scale 1.
        let viewSize = Size(width: Double(noise.width), height: Double(noise.height))
        let (transition, glow) = (0.1, 4.0)
        let burnColor = R.RGBA(r: Double(EffectDeclaration.Dissolve.burnColor.defaultSetting.red), g: Double(EffectDeclaration.Dissolve.burnColor.defaultSetting.green),
                               b: Double(EffectDeclaration.Dissolve.burnColor.defaultSetting.blue), a: 1)
        let (frame, t) = try dissolvedGradient(viewSize: viewSize, noise: noise, time: time, transition: transition, glow: glow)
        var worst = Worst()
        var transparent = 0, changed = 0
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let n = Double(noise.pixels[(y * noise.width + x) * 4]) / 255
                let content = R.gradientColor(at: Self.centre(x, y, scale: 1), viewSize: viewSize)
                let expected = Self.clamped(R.dissolve(color: content, noise: n, time: t, speed: 1, transition: transition, glow: glow, burnColor: burnColor))
                worst.note(frame.color(x, y), expected, x, y)
                if frame.rgba[(y * frame.width + x) * 4 + 3] == 0 { transparent += 1 }
                if frame.color(x, y).distance(to: content) > 2 * Self.step { changed += 1 }
            }
        }
        note("Seed002Render dissolve asset noise t=\(t): \(worst); \(transparent) of \(frame.width * frame.height) pixels burnt through, \(changed) differ from the gradient")
        #expect(worst.distance <= 2 * Self.step + Self.epsilon, "\(worst)")
        #expect(changed > 0 && transparent < frame.width * frame.height)
    }

    // MARK: Positional argument errors

    /// A modifier that draws one given pass, to put any `ShaderEffect` into a scene.
    final class PassEffect: Effect {
        static let descriptor = EffectDescriptor(name: "pass", title: "Test pass", summary: "Draws the pass it is given.",
                                                 parameters: [], isModifier: true)
        let pass: ShaderEffect
        init(_ pass: ShaderEffect) { self.pass = pass }
        convenience init() { self.init(ShaderEffect(function: "dim", kind: .color, positional: [.float(1)])) }
        func handle(_ event: PointerEvent) {}
        func advance(by dt: Double) {}
        func updatePass(viewSize: Size) {}
        func stateSnapshot() -> [(String, StateValue)] { [] }
        var foreground: Foreground? { nil }
        var isInteracting: Bool { false }
    }

    /// Prepares the gradient followed by `pass` (files from `folder` first) and returns the
    /// message of the arguments error it throws, or nil if none.
    func argumentsError(_ pass: ShaderEffect, folder: String) throws -> String? {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let renderer = try Renderer(sources: ShaderSources(overrideDirectory: folder))
        let effects: [any Effect] = [DeclaredEffect(.gradient), PassEffect(pass)]
        do {
            for effect in effects {
                effect.updatePass(viewSize: Size(width: 64, height: 48))
                try renderer.prepare(effect.pass)
            }
        } catch .arguments(let message) {
            return message
        } catch {
            Issue.record("expected an arguments error, got \(error)")
        }
        return nil
    }

    static let dimShader = ["dim.frag": """
        // Test colour effect: dims the colour below by a float amount.
        // Not a seed port.
        vec4 dim(vec2 position, vec4 color, float amount) { return color * amount; }
        """]

    @Test("a float2 given where the function takes a float is reported in one line naming the function, the parameter and both types")
    func wrongArgumentType() throws {
        let folder = try PipelineTests.shaderFolder(Self.dimShader)
        let pass = ShaderEffect(function: "dim", kind: .color, positional: [.float2(0.5, 0.5)], names: ["amount"])
        let message = try #require(try argumentsError(pass, folder: folder))
        note("Seed002Render wrong type: \(message)")
        #expect(!message.contains("\n"), "one line: \(message)")
        #expect(message.hasPrefix("dim:"), "names the function first: \(message)")
        for part in ["'amount'", ".float2", "vec2", "float"] { #expect(message.contains(part), "mentions \(part): \(message)") }
        #expect(message == "dim: argument 1 is .float2 (vec2), but parameter 3 'amount' is float")
    }

    @Test("too few and too many arguments are reported in one line naming the function and what it takes")
    func wrongArgumentCount() throws {
        let folder = try PipelineTests.shaderFolder(Self.dimShader)
        let none = ShaderEffect(function: "dim", kind: .color, positional: [], names: [])
        let few = try #require(try argumentsError(none, folder: folder))
        let two = ShaderEffect(function: "dim", kind: .color, positional: [.float(1), .float(2)], names: ["amount", "extra"])
        let many = try #require(try argumentsError(two, folder: folder))
        note("Seed002Render too few: \(few)\nSeed002Render too many: \(many)")
        for message in [few, many] {
            #expect(!message.contains("\n"), "one line: \(message)")
            #expect(message.hasPrefix("dim:") && message.contains("amount"), "names the function and its parameter: \(message)")
        }
        #expect(few.contains("0 arguments given"), "\(few)")
        #expect(many.contains("2 arguments given"), "\(many)")
    }

    @Test("a shipped effect called with the wrong kind of argument is reported the same way: wave's bounds given as a float")
    func shippedFunctionWrongType() throws {
        let folder = try PipelineTests.shaderFolder([:])
        let pass = ShaderEffect(function: "wave", kind: .distortion(maxSampleOffset: Size(width: 6, height: 6)),
                                positional: [.float(0), .float(0), .float(12), .float(6)], names: ["bounds", "time", "frequency", "strength"])
        let message = try #require(try argumentsError(pass, folder: folder))
        note("Seed002Render wave wrong type: \(message)")
        #expect(!message.contains("\n"))
        #expect(message == "wave: argument 1 is .float (float), but parameter 2 'bounds' is vec4", "\(message)")
    }
}
