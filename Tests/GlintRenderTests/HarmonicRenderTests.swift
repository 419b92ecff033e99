import Foundation
import Testing
@testable import GlintCore
@testable import GlintRender

/// Headless renders of the harmonic effect, checked against the seed's formulas computed in Swift.
@Suite("Harmonic renders", .serialized)
struct HarmonicRenderTests {
    static let viewSize = Size(width: 320, height: 180)

    /// Renders the harmonic effect after `events` up to `time`, without its foreground.
    func render(time: Double, events: [PointerEvent] = [], scale: Double = 1, size: Size = viewSize, params: [(String, Double)] = []) throws -> (frame: (width: Int, height: Int, rgba: [UInt8]), effect: HarmonicEffect) {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let effect = HarmonicEffect()
        for (n, v) in params { effect.setParameter(n, to: v) }
        let frame = try ChainFrames.snapshot([effect], showsForeground: false, size: size, scale: scale, time: time, events: events)
        return (frame, effect)
    }

    func reference(for effect: HarmonicEffect, size: Size = viewSize, scale: Double = 1) -> (width: Int, height: Int, rgba: [UInt8]) {
        guard case .float(let t) = effect.pass["time"]!, case .float(let a) = effect.pass["amplitude"]!,
              case .float(let m) = effect.pass["mixCoeff"]!, case .float(let n) = effect.pass["wavesCount"]! else {
            fatalError("harmonic arguments missing")
        }
        return HarmonicReference.image(viewSize: size, scale: scale, time: Double(t), amplitude: Double(a), mixCoeff: Double(m), wavesCount: Double(n))
    }

    @Test("at rest, the picture matches the seed's formulas within 2/255 per channel")
    func restingMatchesFormulas() throws {
        let (frame, effect) = try render(time: 2.5)
        let ref = reference(for: effect)
        let d = ImageDifference(frame.rgba, ref.rgba)
        #expect(d.meanPerChannel.allSatisfy { $0 <= 2 }, "mean difference \(d.meanPerChannel)")
        #expect(d.fractionOff < 0.01, "\(d.fractionOff * 100)% of pixels differ by more than 8")
    }

    @Test("mid-spring while held, the picture matches the formulas too")
    func heldMatchesFormulas() throws {
        let (frame, effect) = try render(time: 0.62, events: [PointerEvent(.down, Point(x: 160, y: 90), at: 0.5)])
        guard case .float(let m) = effect.pass["mixCoeff"]! else { return }
        #expect(m > 0.05 && m < 0.95, "caught mid-animation, mixCoeff \(m)")
        let d = ImageDifference(frame.rgba, reference(for: effect).rgba)
        #expect(d.meanPerChannel.allSatisfy { $0 <= 2 }, "mean difference \(d.meanPerChannel)")
    }

    @Test("on HiDPI (scale 2) positions stay in points: the same picture, four times the pixels")
    func hiDPI() throws {
        let events = [PointerEvent(.down, Point(x: 10, y: 10), at: 0.2)]
        let (frame, effect) = try render(time: 1.3, events: events, scale: 2)
        #expect(frame.width == 640 && frame.height == 360)
        let d = ImageDifference(frame.rgba, reference(for: effect, scale: 2).rgba)
        #expect(d.meanPerChannel.allSatisfy { $0 <= 2 }, "mean difference \(d.meanPerChannel)")
    }

    @Test("with more waves than the palette, the extra waves are white, as in the seed")
    func moreWavesThanPalette() throws {
        let (frame, effect) = try render(time: 1.2, events: [PointerEvent(.down, .zero, at: 0)], params: [("wavesCount", 9)])
        let d = ImageDifference(frame.rgba, reference(for: effect).rgba)
        #expect(d.meanPerChannel.allSatisfy { $0 <= 2 }, "mean difference \(d.meanPerChannel)")
    }

    @Test("held waves are coloured, resting waves are white")
    func colours() throws {
        func colouredFraction(_ rgba: [UInt8]) -> Double {
            var bright = 0, coloured = 0
            for i in stride(from: 0, to: rgba.count, by: 4) {
                let mx = max(rgba[i], rgba[i + 1], rgba[i + 2]), mn = min(rgba[i], rgba[i + 1], rgba[i + 2])
                guard mx > 128 else { continue }
                bright += 1
                if Double(mx - mn) / Double(mx) > 0.35 { coloured += 1 }
            }
            return Double(coloured) / Double(max(bright, 1))
        }
        let resting = try render(time: 2).frame
        let held = try render(time: 2, events: [PointerEvent(.down, Point(x: 160, y: 90), at: 0.5)]).frame
        #expect(colouredFraction(resting.rgba) < 0.01)
        #expect(colouredFraction(held.rgba) > 0.3)
    }

    @Test("the same render twice gives byte-identical PNGs")
    func deterministic() throws {
        let events = [PointerEvent(.down, Point(x: 160, y: 90), at: 0.5), PointerEvent(.up, Point(x: 160, y: 90), at: 1.8)]
        let a = try render(time: 2.5, events: events).frame
        let b = try render(time: 2.5, events: events).frame
        #expect(try PNG.encode(width: a.width, height: a.height, rgba: a.rgba) == PNG.encode(width: b.width, height: b.height, rgba: b.rgba))
    }

    @Test("the committed golden still matches, and itself matches the formulas")
    func golden() throws {
        let events = [PointerEvent(.down, Point(x: 160, y: 90), at: 0.5)]
        let (frame, effect) = try render(time: 1.5, events: events)
        try Golden.check(frame, named: "harmonic-held-320x180")
        let stored = try Golden.load("harmonic-held-320x180")
        let d = ImageDifference(stored.rgba, reference(for: effect).rgba)
        #expect(d.meanPerChannel.allSatisfy { $0 <= 2 }, "the golden itself is off the seed's formulas: \(d.meanPerChannel)")
    }
}

/// Golden images beside this file, compared within a tolerance. `GLINT_RECORD_GOLDENS=1`
/// rewrites them and fails the run, so re-recording is never silent.
enum Golden {
    static var folder: String { (#filePath as NSString).deletingLastPathComponent + "/Goldens" }

    static func load(_ name: String) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        try PNG.read(folder + "/\(name).png")
    }

    static func check(_ frame: (width: Int, height: Int, rgba: [UInt8]), named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = folder + "/\(name).png"
        if ProcessInfo.processInfo.environment["GLINT_RECORD_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try PNG.write(path, width: frame.width, height: frame.height, rgba: frame.rgba)
            Issue.record("recorded golden \(path); run again without GLINT_RECORD_GOLDENS", sourceLocation: sourceLocation)
            return
        }
        let stored = try PNG.read(path)
        #expect(stored.width == frame.width && stored.height == frame.height, sourceLocation: sourceLocation)
        guard stored.rgba.count == frame.rgba.count else { return }
        let d = ImageDifference(stored.rgba, frame.rgba)
        #expect(d.meanPerChannel.allSatisfy { $0 <= 1 }, "mean difference from golden \(d.meanPerChannel)", sourceLocation: sourceLocation)
        #expect(d.fractionOff < 0.005, "\(d.fractionOff * 100)% of pixels differ from the golden by more than 8", sourceLocation: sourceLocation)
    }
}
