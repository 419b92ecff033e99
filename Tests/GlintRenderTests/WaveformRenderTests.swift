import Foundation
import GlintTestSupport
import Testing
@testable import GlintCore
@testable import GlintRender

/// Headless renders of the Siri waveform, measured against the seed's y(x) computed in Swift.
@Suite("Waveform renders", .serialized)
struct WaveformRenderTests {
    static let viewSize = Size(width: 480, height: 200)
    /// Pressed at t = 0 and rendered at 1.5 s: the amplitude has settled on 1.
    static let held = [PointerEvent(.down, Point(x: 240, y: 100), at: 0)]

    typealias Frame = (width: Int, height: Int, rgba: [UInt8])

    /// Renders the waveform after `events` up to `time`.
    func render(time: Double, events: [PointerEvent] = [], scale: Double = 1, size: Size = viewSize, params: [(String, Double)] = []) throws -> (frame: Frame, effect: WaveformEffect) {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let effect = WaveformEffect()
        for (n, v) in params { effect.setParameter(n, to: v) }
        return (try ChainFrames.snapshot([effect], size: size, scale: scale, time: time, events: events), effect)
    }

    /// The seed's settings for the frame `effect` last handed to the shader.
    func settings(_ effect: WaveformEffect) -> WaveformReference.Settings {
        guard case .float(let phase) = effect.pass["phase"]!, case .float(let amplitude) = effect.pass["amplitude"]! else {
            fatalError("waveform arguments missing")
        }
        return WaveformReference.Settings(
            numberOfWaves: Int(effect.numberOfWaves), frequency: effect.frequency, phase: Double(phase),
            amplitude: Double(amplitude), primaryLineWidth: effect.primaryLineWidth, secondaryLineWidth: effect.secondaryLineWidth)
    }

    /// Column by column, where the primary line's centre lies and how wide it is across the curve.
    struct LineMeasurement: CustomStringConvertible {
        var centreErrors: [Double] = []  // pixels, measured centre minus the seed's y
        var widthErrors: [Double] = []   // pixels, measured width minus primaryLineWidth
        var maxCentreError: Double { centreErrors.map(abs).max() ?? .infinity }
        var meanCentreError: Double { centreErrors.map(abs).reduce(0, +) / Double(max(centreErrors.count, 1)) }
        var maxWidthError: Double { widthErrors.map(abs).max() ?? .infinity }
        var meanWidthError: Double { widthErrors.map(abs).reduce(0, +) / Double(max(widthErrors.count, 1)) }
        var description: String {
            "\(centreErrors.count) columns; centre error max \(maxCentreError), mean \(meanCentreError); width error max \(maxWidthError), mean \(meanWidthError) (px)"
        }
    }

    /// Measures the only wave of `frame` (white on black) against wave 0 of the seed: in each pixel
    /// column the coverage-weighted centre of the lit pixels and the total coverage times
    /// cos(atan(slope)), the width across the curve. Columns within `margin` points of the ends
    /// (where the butt caps are) are left out.
    func measurePrimaryLine(_ frame: Frame, settings s: WaveformReference.Settings, size: Size, scale: Double, margin: Double = 4) -> LineMeasurement {
        var m = LineMeasurement()
        for column in 0..<frame.width {
            let x = (Double(column) + 0.5) / scale
            guard x > margin, x < size.width - margin else { continue }
            var sum = 0.0, weighted = 0.0
            for row in 0..<frame.height {
                let coverage = Double(frame.rgba[(row * frame.width + column) * 4]) / 255
                sum += coverage
                weighted += coverage * (Double(row) + 0.5)
            }
            let y = WaveformReference.y(x: x, wave: 0, size: size, settings: s)
            let slope = WaveformReference.slope(x: x, wave: 0, size: size, settings: s)
            m.centreErrors.append(weighted / max(sum, 1e-9) - y * scale)
            m.widthErrors.append(sum * cos(atan(slope)) - s.primaryLineWidth * scale)
        }
        return m
    }

    @Test("the primary line is centred on the seed's curve and keeps its width across steep stretches", arguments: [
        (480.0, 200.0, 1.0), (480, 200, 2), (240, 400, 1),
    ])
    func primaryLine(width: Double, height: Double, scale: Double) throws {
        let size = Size(width: width, height: height)
        let (frame, effect) = try render(time: 1.5, events: Self.held, scale: scale, size: size, params: [("numberOfWaves", 1)])
        let s = settings(effect)
        #expect(s.amplitude == 1, "held long enough to settle")
        #expect(abs(remainder(s.phase - -0.15 * 60 * 1.5, 2 * Double.pi)) < 1e-5, "the phase fell 0.15 per 1/60 s: \(s.phase)")
        let m = measurePrimaryLine(frame, settings: s, size: size, scale: scale)
        note("waveform primary line \(Int(width))x\(Int(height)) at scale \(scale): \(m)")
        #expect(m.centreErrors.count > Int(width * scale) - 20)
        #expect(m.maxCentreError < 0.5, "\(m)")
        #expect(m.maxWidthError < 0.25, "\(m)")
        #expect(m.meanCentreError < 0.1 && m.meanWidthError < 0.1, "\(m)")
    }

    @Test("its program runs only in the strokes' band, the rest cleared to the background: the pixels of the program run everywhere",
          arguments: [(nil, 1.0), (0.0, 1.0), (nil, 2.0), (0.3, 0.5), (0.0, 2.0)] as [(Double?, Double)])
    func bandDrawsTheSamePixels(pressedAt: Double?, scale: Double) throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let effect = WaveformEffect()
        let events = pressedAt.map { [PointerEvent(.down, Point(x: 240, y: 100), at: $0)] } ?? []
        ChainFrames.run([effect], until: 1.5, events: events, size: Self.viewSize)
        let banded = try Renderer()
        let everywhere = try Renderer()
        everywhere.fuses = false  // no extent: the program at every pixel
        let drawn = try ChainFrames.draw([effect], with: banded, size: Self.viewSize, scale: scale).readPixels()
        let expected = try ChainFrames.draw([effect], with: everywhere, size: Self.viewSize, scale: scale).readPixels()
        let differing = zip(drawn, expected).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) bytes differ")
        #expect(Set(drawn).count > 2)
        // At rest the band is a few rows; held, it spans the view.
        let band = try #require(effect.pass.extent).rect
        if pressedAt == nil { #expect(band.height < 0.2 * Self.viewSize.height, "\(band)") }
    }

    /// The waveform drawn by a renderer whose `waveform.frag` chooses `straight` as given (the tangent at
    /// a pixel's own x, or the closest-point search) instead of by its bound.
    func drawChoosing(_ straight: Bool, _ effect: WaveformEffect, size: Size, scale: Double) throws -> [UInt8] {
        let (text, _) = try ShaderSources(overrideDirectory: nil).source(named: "waveform.frag")
        let choice = try #require(text.range(of: #"bool straight = [^;]*;"#, options: .regularExpression), "waveform.frag chooses")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("glint-waveform-\(getpid())-\(straight)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try text.replacingCharacters(in: choice, with: "bool straight = \(straight);")
            .write(to: dir.appendingPathComponent("waveform.frag"), atomically: true, encoding: .utf8)
        return try ChainFrames.draw([effect], with: general(Renderer(sources: ShaderSources(overrideDirectory: dir.path))),
                                    size: size, scale: scale).readPixels()
    }

    /// `renderer` drawing the general programs, their arguments in uniforms: the same program text but
    /// for the choice.
    func general(_ renderer: Renderer) -> Renderer {
        renderer.compilesArgumentsAtRest = false
        return renderer
    }

    @Test("at rest in a landscape view the tangent at each pixel's x stands for the curve: within 1/255 of the closest-point search; held in a tall one, it would not be",
          arguments: [(480.0, 200.0, 1.0), (480, 200, 2), (960, 600, 1), (1920, 1080, 1)])
    func tangentAtRest(width: Double, height: Double, scale: Double) throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let size = Size(width: width, height: height)
        let resting = WaveformEffect()
        ChainFrames.run([resting], until: 1.0, events: [], size: size)
        let tangent = try drawChoosing(true, resting, size: size, scale: scale)
        let search = try drawChoosing(false, resting, size: size, scale: scale)
        let drawn = try ChainFrames.draw([resting], with: general(Renderer()), size: size, scale: scale).readPixels()
        let largest = zip(tangent, search).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(largest <= 1, "the tangent differs from the search by \(largest)/255 at rest")
        let offTangent = zip(drawn, tangent).filter { $0 != $1 }.count
        #expect(offTangent == 0, "at rest the built-in shader takes the tangent: \(offTangent) bytes differ")
        #expect(Set(drawn).count > 2)
        // Held in a tall view, the waves bend within a stroke's reach: the tangent would be off, and the
        // shader searches.
        let tall = Size(width: 240, height: 400)
        let held = WaveformEffect()
        ChainFrames.run([held], until: 1.5, events: [PointerEvent(.down, Point(x: 120, y: 200), at: 0)], size: tall)
        let heldTangent = try drawChoosing(true, held, size: tall, scale: scale)
        let heldSearch = try drawChoosing(false, held, size: tall, scale: scale)
        let heldDrawn = try ChainFrames.draw([held], with: general(Renderer()), size: tall, scale: scale).readPixels()
        let heldLargest = zip(heldTangent, heldSearch).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(heldLargest > 1, "held, the tangent is off the curve by \(heldLargest)/255 at most")
        let offSearch = zip(heldDrawn, heldSearch).filter { $0 != $1 }.count
        #expect(offSearch == 0, "held, the built-in shader searches: \(offSearch) bytes differ")
    }

    @Test("the picture matches the seed's strokes drawn on the CPU, at rest, mid-swell, held and on HiDPI", arguments: [
        (1.0, nil, 1.0), (0.45, 0.3, 1.0), (1.5, 0.0, 1.0), (1.2, 0.2, 2.0),
    ] as [(Double, Double?, Double)])
    func matchesReference(time: Double, pressedAt: Double?, scale: Double) throws {
        let events = pressedAt.map { [PointerEvent(.down, Point(x: 240, y: 100), at: $0)] } ?? []
        let (frame, effect) = try render(time: time, events: events, scale: scale)
        let ref = WaveformReference.image(size: Self.viewSize, scale: scale, settings: settings(effect))
        let d = ImageDifference(frame.rgba, ref.rgba)
        note("waveform vs CPU strokes at t=\(time), scale \(scale): mean \(d.meanPerChannel), max \(d.maximum), off \(d.fractionOff)")
        #expect(d.meanPerChannel.allSatisfy { $0 <= 0.5 }, "mean difference \(d.meanPerChannel)")
        #expect(d.fractionOff < 0.001, "\(d.fractionOff * 100)% of pixels differ by more than 8")
    }

    @Test("at rest the waves are almost flat: every lit pixel lies within 2 px of the middle, across the whole width")
    func idleIsFlat() throws {
        let (frame, effect) = try render(time: 1.0)
        #expect(effect.amplitude.value == 0.01)
        let middle = Double(frame.height) / 2
        var litColumns = Set<Int>()
        var farthest = 0.0  // pixels from the middle
        for row in 0..<frame.height {
            for column in 0..<frame.width where frame.rgba[(row * frame.width + column) * 4] > 8 {
                farthest = max(farthest, abs(Double(row) + 0.5 - middle))
                litColumns.insert(column)
            }
        }
        #expect(farthest <= 2, "a lit pixel \(farthest) px from the middle")
        #expect(litColumns.count >= frame.width - 2, "the line runs from edge to edge")
    }

    @Test("holding swells the waves, releasing calms them again")
    func holdSwells() throws {
        func spread(_ frame: Frame) -> Int {  // rows with anything lit
            (0..<frame.height).filter { row in (0..<frame.width).contains { frame.rgba[(row * frame.width + $0) * 4] > 8 } }.count
        }
        let resting = try render(time: 1.5).frame
        let held = try render(time: 1.5, events: Self.held).frame
        let released = try render(time: 2.5, events: Self.held + [PointerEvent(.up, Point(x: 240, y: 100), at: 1.5)]).frame
        #expect(spread(resting) <= 4)
        #expect(spread(held) > 120, "the primary wave spans most of the height")
        #expect(spread(released) <= 4)
    }

    @Test("the committed golden still matches, and itself matches the seed's strokes")
    func golden() throws {
        let events = [PointerEvent(.down, Point(x: 240, y: 100), at: 0.2)]
        let (frame, effect) = try render(time: 1.0, events: events)
        try Golden.check(frame, named: "waveform-held-480x200")
        let stored = try Golden.load("waveform-held-480x200")
        let ref = WaveformReference.image(size: Self.viewSize, scale: 1, settings: settings(effect))
        let d = ImageDifference(stored.rgba, ref.rgba)
        #expect(d.meanPerChannel.allSatisfy { $0 <= 0.5 }, "the golden itself is off the seed's strokes: \(d.meanPerChannel)")
        #expect(d.fractionOff < 0.001, "\(d.fractionOff * 100)% of the golden's pixels are off the seed's strokes")
    }
}

/// The seed's waveform (seed 001) transcribed in Double from its Swift, used to check what the GPU
/// draws. Written from the seed, not from Shaders/waveform.frag: the curve is the seed's polyline
/// (a point every `density` = 1 point), stroked by distance to its segments.
enum WaveformReference {
    struct Settings {
        var numberOfWaves = 6
        var frequency = 1.5
        var phase = 0.0
        var amplitude = 1.0
        var primaryLineWidth = 1.5
        var secondaryLineWidth = 0.5
    }

    static let density = 1.0

    /// The seed's `normedAmplitude` and alpha `multiplier` of wave `i`.
    static func wave(_ i: Int, _ s: Settings) -> (normedAmplitude: Double, multiplier: Double) {
        let progress = 1.0 - Double(i) / Double(s.numberOfWaves)
        return ((1.5 * progress - 0.8) * s.amplitude, min(1.0, (progress / 3.0 * 2.0) + (1.0 / 3.0)))
    }

    /// The seed's y for wave `i` at `x` (points, y down).
    static func y(x: Double, wave i: Int, size: Size, settings s: Settings) -> Double {
        let halfHeight = size.height / 2.0
        let maxAmplitude = halfHeight - s.primaryLineWidth
        let normedAmplitude = wave(i, s).normedAmplitude
        let mid = size.width / 2.0
        let scaling = -pow(1 / mid * (x - mid), 2) + 1
        return scaling * maxAmplitude * normedAmplitude * sin(2 * Double.pi * s.frequency * (x / size.width) + s.phase) + size.height / 2.0
    }

    /// dy/dx, by a central difference.
    static func slope(x: Double, wave i: Int, size: Size, settings s: Settings) -> Double {
        let h = 1e-4
        return (y(x: x + h, wave: i, size: size, settings: s) - y(x: x - h, wave: i, size: size, settings: s)) / (2 * h)
    }

    /// The points of the seed's `UIBezierPath` for wave `i`.
    static func path(wave i: Int, size: Size, settings s: Settings) -> [(x: Double, y: Double)] {
        stride(from: 0, to: size.width + density, by: density).map { ($0, y(x: $0, wave: i, size: size, settings: s)) }
    }

    /// The frame, RGBA8 rows from the top: black, then each wave's path stroked in white with its
    /// alpha, over the ones before, in the seed's order. Coverage is the overlap of a one-pixel
    /// box with the stroke's cross-section at the pixel centre's distance from the path; the ends
    /// are butt caps.
    static func image(size: Size, scale: Double, settings s: Settings) -> (width: Int, height: Int, rgba: [UInt8]) {
        let w = Int((size.width * scale).rounded()), h = Int((size.height * scale).rounded())
        var value = [Double](repeating: 0, count: w * h)
        for i in 0..<s.numberOfWaves {
            let points = path(wave: i, size: size, settings: s)
            let lineWidth = i == 0 ? s.primaryLineWidth : s.secondaryLineWidth
            let multiplier = wave(i, s).multiplier
            let reach = lineWidth / 2 + 1 / scale  // points; no pixel further away is touched
            let start = unit(points[1].x - points[0].x, points[1].y - points[0].y)
            let n = points.count - 1
            let end = unit(points[n].x - points[n - 1].x, points[n].y - points[n - 1].y)
            for row in 0..<h {
                let py = (Double(row) + 0.5) / scale
                for column in 0..<w {
                    let px = (Double(column) + 0.5) / scale
                    let first = max(0, Int(((px - reach) / density).rounded(.down)) - 1)
                    let last = min(n - 1, Int(((px + reach) / density).rounded(.up)))
                    guard first <= last else { continue }
                    var d = Double.infinity
                    for k in first...last {
                        d = min(d, distance(px, py, points[k], points[k + 1]))
                    }
                    guard d < reach else { continue }
                    let fromStart = (px - points[0].x) * start.x + (py - points[0].y) * start.y
                    let fromEnd = (points[n].x - px) * end.x + (points[n].y - py) * end.y
                    let cap = min(max(0.5 + min(fromStart, fromEnd) * scale, 0), 1)
                    let dp = d * scale, wp = lineWidth * scale
                    let coverage = min(max(min(dp + wp / 2, 0.5) - max(dp - wp / 2, -0.5), 0), 1) * cap
                    let alpha = multiplier * coverage
                    value[row * w + column] = alpha + value[row * w + column] * (1 - alpha)
                }
            }
        }
        var rgba = [UInt8](repeating: 255, count: w * h * 4)
        for p in 0..<(w * h) {
            let v = UInt8((value[p] * 255).rounded())
            rgba[p * 4] = v
            rgba[p * 4 + 1] = v
            rgba[p * 4 + 2] = v
        }
        return (w, h, rgba)
    }

    static func unit(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        let l = (x * x + y * y).squareRoot()
        return (x / l, y / l)
    }

    /// Distance from (px, py) to the segment a–b.
    static func distance(_ px: Double, _ py: Double, _ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
        let (dx, dy) = (b.x - a.x, b.y - a.y)
        let t = min(max(((px - a.x) * dx + (py - a.y) * dy) / (dx * dx + dy * dy), 0), 1)
        let (ex, ey) = (px - (a.x + t * dx), py - (a.y + t * dy))
        return (ex * ex + ey * ey).squareRoot()
    }
}
