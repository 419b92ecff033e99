import Foundation
import GlintTestSupport
import Testing
@testable import GlintCore
@testable import GlintRender

/// Headless renders of the Dark Side of the Moon cover (seed 003) checked pixel by pixel against
/// `PrismReference`: every pixel whose centre is clear of every edge by more than its half-diagonal
/// shows exactly the shape it is in (the slices' colours, the dispersion's grey, white strokes,
/// black), at two sizes, scale 1 and 2, and letterboxed in wide and tall views; edges are
/// anti-aliased and neighbouring slices meet without a seam; the staged drawing shows what it
/// should at each quarter.
@Suite("Prism renders", .serialized)
struct PrismRenderTests {
    typealias R = Seed002Reference
    typealias Frame = Seed002RenderTests.Frame
    typealias Worst = Seed002RenderTests.Worst

    /// Two 8-bit steps: the tolerance for a colour read back.
    static let tolerance = 2.0 / 255
    /// Pixels: a pixel is judged only if its centre is this far from every edge (half a pixel's
    /// diagonal, 0.707, and a little): then no part of it lies across an edge.
    static let marginPixels = 0.75

    struct Case: Sendable, CustomTestStringConvertible {
        var viewSize: Size
        var scale: Double
        var testDescription: String { "\(viewSize) @\(scale)x" }
    }

    static let cases = [
        Case(viewSize: Size(width: 400, height: 400), scale: 1), Case(viewSize: Size(width: 400, height: 400), scale: 2),
        Case(viewSize: Size(width: 240, height: 240), scale: 1), Case(viewSize: Size(width: 240, height: 240), scale: 2),
        Case(viewSize: Size(width: 900, height: 500), scale: 1), Case(viewSize: Size(width: 500, height: 800), scale: 2),
    ]

    /// The cover at `time` seconds (the seed's fractions, a 3-second drawing unless `configure` says
    /// otherwise), drawn at `scale`.
    func render(_ viewSize: Size, scale: Double, time: Double = 10, configure: (PrismEffect) -> Void = { _ in }) throws -> (Frame, PrismEffect) {
        let effect = PrismEffect()
        configure(effect)
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let frame = try ChainFrames.snapshot([effect], showsForeground: false, size: viewSize, scale: scale, time: time, backdrop: .clear)
        return (Frame(width: frame.width, height: frame.height, rgba: frame.rgba), effect)
    }

    /// The point (in points) at the centre of pixel (x, y).
    static func centre(_ x: Int, _ y: Int, scale: Double) -> Point {
        Point(x: (Double(x) + 0.5) / scale, y: (Double(y) + 0.5) / scale)
    }

    /// The pixel whose area holds `p` (points).
    static func pixel(_ p: Point, scale: Double) -> (Int, Int) {
        (Int((p.x * scale).rounded(.down)), Int((p.y * scale).rounded(.down)))
    }

    /// Every `step`-th pixel of `frame` that `reference` can judge, against it; and how many judged
    /// pixels were meant to show each colour (white, the grey ramp, each slice, black).
    func compare(_ frame: Frame, _ reference: PrismReference, scale: Double, step: Int = 1) -> (Worst, [String: Int]) {
        var worst = Worst()
        var shown: [String: Int] = [:]
        let names = ["red", "orange", "yellow", "green", "blue", "purple"]
        let sliceColours = PrismGeometry.sliceColors.map(PrismReference.rgba)
        for y in stride(from: 0, to: frame.height, by: step) {
            for x in stride(from: 0, to: frame.width, by: step) {
                guard let want = reference.colour(at: Self.centre(x, y, scale: scale)) else { continue }
                worst.note(frame.color(x, y), want, x, y)
                let name = want == PrismReference.white ? "white" : want == PrismReference.black ? "black"
                    : sliceColours.firstIndex(of: want).map { names[$0] } ?? "grey"
                shown[name, default: 0] += 1
            }
        }
        return (worst, shown)
    }

    // MARK: The finished cover

    @Test("the finished cover matches the seed's geometry at every pixel clear of an edge: strokes, dispersion, six slices, black and the letterbox",
          arguments: cases)
    func finished(_ c: Case) throws {
        let (frame, _) = try render(c.viewSize, scale: c.scale)
        #expect(frame.width == Int(c.viewSize.width * c.scale) && frame.height == Int(c.viewSize.height * c.scale))
        let geometry = PrismGeometry(viewSize: c.viewSize)
        let reference = PrismReference(geometry, margin: Self.marginPixels / c.scale)
        let (worst, shown) = compare(frame, reference, scale: c.scale, step: c.scale > 1 ? 2 : 1)
        note("PrismRender finished \(c.testDescription): \(worst); \(shown.sorted { $0.key < $1.key })")
        #expect(worst.distance <= Self.tolerance, "\(worst)")
        // Every shape was judged somewhere, not only the black around it.
        for name in ["white", "grey", "red", "orange", "yellow", "green", "blue", "purple", "black"] {
            #expect(shown[name, default: 0] >= 10, "only \(shown[name, default: 0]) pixels judged \(name)")
        }
    }

    @Test("each slice shows its SwiftUI colour at its centre, the dispersion its grey, and the letterbox is black",
          arguments: cases)
    func centres(_ c: Case) throws {
        let (frame, _) = try render(c.viewSize, scale: c.scale)
        let g = PrismGeometry(viewSize: c.viewSize)
        for i in 0..<6 {
            let s = g.slice(i)
            let centre = (s.topLeft + s.topRight + s.bottomRight + s.bottomLeft) * 0.25
            let (x, y) = Self.pixel(centre, scale: c.scale)
            let want = PrismReference.rgba(PrismGeometry.sliceColors[i])
            #expect(frame.color(x, y).distance(to: want) <= Self.tolerance, "slice \(i) at \(centre): \(frame.color(x, y)), not \(want)")
        }
        let t = g.dispersion
        let centroid = (t.a + t.b + t.c) * (1.0 / 3)
        let (x, y) = Self.pixel(centroid, scale: c.scale)
        let grey = g.dispersionGray(atX: Self.centre(x, y, scale: c.scale).x)
        #expect(grey > 0.05 && grey < 0.95, "the centroid should be on the ramp")
        #expect(frame.color(x, y).distance(to: R.RGBA(r: grey, g: grey, b: grey, a: 1)) <= Self.tolerance, "\(frame.color(x, y)) not grey \(grey)")
        // The letterbox: the columns or rows beside the square.
        if g.squareOrigin.x >= 2 {
            for y in stride(from: 0, to: frame.height, by: 7) {
                #expect(frame.color(0, y) == PrismReference.black && frame.color(frame.width - 1, y) == PrismReference.black)
            }
        }
        if g.squareOrigin.y >= 2 {
            for x in stride(from: 0, to: frame.width, by: 7) {
                #expect(frame.color(x, 0) == PrismReference.black && frame.color(x, frame.height - 1) == PrismReference.black)
            }
        }
    }

    @Test("edges are anti-aliased: a pixel the rainbow's top edge or the prism's outer edge crosses is part covered", arguments: [1.0, 2.0])
    func antiAliased(scale: Double) throws {
        let viewSize = Size(width: 400, height: 400)
        let (frame, _) = try render(viewSize, scale: scale)
        let g = PrismGeometry(viewSize: viewSize)
        // Walk along each edge, taking the pixel whose centre is nearest it: its colour must be
        // strictly between the two sides'.
        func partial(_ a: Point, _ b: Point, channel: (R.RGBA) -> Double, inside: Double, what: String) {
            var best = (distance: Double.infinity, x: 0, y: 0)
            for k in 1..<40 {
                let p = a + (b - a) * (Double(k) / 40)
                let (x, y) = Self.pixel(p, scale: scale)
                let d = PrismReference.distance(Self.centre(x, y, scale: scale), a, b) * scale
                if d < best.distance { best = (d, x, y) }
            }
            let v = channel(frame.color(best.x, best.y))
            #expect(best.distance < 0.25)
            #expect(v > 0.15 * inside && v < 0.85 * inside, "\(what): the pixel at (\(best.x), \(best.y)), \(best.distance) px from the edge, is \(frame.color(best.x, best.y))")
        }
        let red = g.slice(0)
        partial(red.topLeft + (red.topRight - red.topLeft) * 0.3, red.topLeft + (red.topRight - red.topLeft) * 0.9,
                channel: \.r, inside: 1, what: "the rainbow's top edge")
        let outer = PrismReference.offset(g.outline, by: 1)
        partial(outer[2] + (outer[0] - outer[2]) * 0.1, outer[2] + (outer[0] - outer[2]) * 0.3, channel: \.g, inside: 1,
                what: "the prism's outer edge, left side")
    }

    @Test("neighbouring slices meet without a seam: across each shared edge every pixel is a blend of the two colours, never darker", arguments: [1.0, 2.0])
    func noSeams(scale: Double) throws {
        let viewSize = Size(width: 400, height: 400)
        let (frame, _) = try render(viewSize, scale: scale)
        let g = PrismGeometry(viewSize: viewSize)
        let colours = PrismGeometry.sliceColors.map(PrismReference.rgba)
        var checked = 0
        for i in 0..<5 {
            let s = g.slice(i)
            let (a, b) = (s.bottomLeft, s.bottomRight)  // shared with slice i + 1
            for k in 1..<60 {
                let p = a + (b - a) * (0.1 + 0.85 * Double(k) / 60)
                let (px, py) = Self.pixel(p, scale: scale)
                // The pixels across the edge, above and below it.
                for dy in -1...1 {
                    let (x, y) = (px, py + dy)
                    let d = PrismReference.distance(Self.centre(x, y, scale: scale), a, b) * scale
                    guard d < 1.5 else { continue }
                    // The closest blend of the two colours to what was drawn.
                    let got = frame.color(x, y), c0 = colours[i], c1 = colours[i + 1]
                    var nearest = Double.infinity
                    for t in stride(from: 0.0, through: 1.0, by: 0.01) {
                        let mix = R.RGBA(r: c0.r + (c1.r - c0.r) * t, g: c0.g + (c1.g - c0.g) * t, b: c0.b + (c1.b - c0.b) * t, a: 1)
                        nearest = min(nearest, got.distance(to: mix))
                    }
                    #expect(nearest <= 3.0 / 255, "between slices \(i) and \(i + 1) at (\(x), \(y)): \(got) is no blend of \(c0) and \(c1)")
                    checked += 1
                }
            }
        }
        #expect(checked > 200)
    }

    @Test("fractions at the ends of their ranges draw without NaN: dispersionSize 0 draws no dispersion, rainbowSize 0 a fan to one point, both 0 no rainbow",
          arguments: [(0.0, 0.15), (0.2, 0.0), (0.0, 0.0), (1.0, 1.0)])
    func degenerate(dispersionSize: Double, rainbowSize: Double) throws {
        let viewSize = Size(width: 300, height: 300)
        let (frame, _) = try render(viewSize, scale: 1) {
            $0.setParameter("dispersionSize", to: dispersionSize)
            $0.setParameter("rainbowSize", to: rainbowSize)
        }
        let g = PrismGeometry(viewSize: viewSize, parameters: .init(dispersionSize: dispersionSize, rainbowSize: rainbowSize))
        let (worst, shown) = compare(frame, PrismReference(g, margin: Self.marginPixels), scale: 1)
        note("PrismRender degenerate ds=\(dispersionSize) rs=\(rainbowSize): \(worst); \(shown.sorted { $0.key < $1.key })")
        #expect(worst.distance <= Self.tolerance, "\(worst)")
        #expect(frame.rgba.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 }, "every pixel opaque")
        if dispersionSize == 0 && rainbowSize == 0 {
            // Nothing but white and black (and their blends at the strokes' edges): no colour at all.
            let coloured = stride(from: 0, to: frame.rgba.count, by: 4).filter {
                let (r, g, b) = (frame.rgba[$0], frame.rgba[$0 + 1], frame.rgba[$0 + 2])
                return max(r, g, b) - min(r, g, b) > 2
            }
            #expect(coloured.isEmpty, "\(coloured.count) coloured pixels with no rainbow")
        }
    }

    @Test("its program runs only over its square, the letterbox cleared to black: the pixels of the program run everywhere",
          arguments: [(Size(width: 900, height: 500), 1.0, 10.0), (Size(width: 500, height: 800), 2.0, 10.0),
                      (Size(width: 333, height: 201), 1.0, 2.2), (Size(width: 301, height: 300), 0.5, 10.0)])
    func squareDrawsTheSamePixels(viewSize: Size, scale: Double, time: Double) throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let effect = PrismEffect()
        ChainFrames.run([effect], until: time, size: viewSize)
        let squared = try Renderer()
        let everywhere = try Renderer()
        everywhere.fuses = false  // no extent: the program at every pixel
        let drawn = try ChainFrames.draw([effect], with: squared, size: viewSize, scale: scale).readPixels()
        let expected = try ChainFrames.draw([effect], with: everywhere, size: viewSize, scale: scale).readPixels()
        let differing = zip(drawn, expected).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) bytes differ")
        #expect(Set(drawn).count > 2)
        // Held still, the version at rest: glint_passBounds a constant, and the square's cuts left out where
        // its edges fall on pixel edges. The same pixels.
        let pixels = ChainFrames.pixelSize(of: viewSize, scale: scale)
        let target = try RenderTarget(pixelWidth: pixels.width, pixelHeight: pixels.height)
        for _ in 0..<40 { try squared.render([effect.pass], size: viewSize, into: target.framebuffer) }
        #expect(squared.restCompiles > 0, "a version at rest was compiled")
        let atRest = target.readPixels()
        let differingAtRest = zip(atRest, expected).filter { $0 != $1 }.count
        #expect(differingAtRest == 0, "\(differingAtRest) bytes differ at rest")
        let square = try #require(effect.pass.extent).rect
        #expect(square.width == min(viewSize.width, viewSize.height) && square.height == square.width, "\(square)")
    }

    // MARK: The staged drawing

    @Test("the drawing at 0, 25, 50, 75 and 100 % of its 3 s: nothing, the outline, then the beam, then the dispersion, then the rainbow",
          arguments: [0.0, 0.25, 0.5, 0.75, 1.0], [Case(viewSize: Size(width: 400, height: 400), scale: 1), Case(viewSize: Size(width: 900, height: 500), scale: 2)])
    func stages(progress: Double, c: Case) throws {
        let (frame, effect) = try render(c.viewSize, scale: c.scale, time: progress * 3)
        #expect(abs((effect.drawingProgress ?? -1) - progress) < 1e-9)
        let g = PrismGeometry(viewSize: c.viewSize)
        let reference = PrismReference(g, margin: Self.marginPixels / c.scale, progress: progress)
        let (worst, shown) = compare(frame, reference, scale: c.scale, step: c.scale > 1 ? 2 : 1)
        note("PrismRender stage \(progress) \(c.testDescription): \(worst); \(shown.sorted { $0.key < $1.key })")
        #expect(worst.distance <= Self.tolerance, "\(worst)")
        if progress == 0 {
            #expect(stride(from: 0, to: frame.rgba.count, by: 4).allSatisfy { frame.rgba[$0] == 0 && frame.rgba[$0 + 1] == 0 && frame.rgba[$0 + 2] == 0 },
                    "nothing is drawn at the start")
        }
        // What is drawn yet, at points well inside each shape.
        func shows(_ p: Point) -> Bool {
            let (x, y) = Self.pixel(p, scale: c.scale)
            return frame.color(x, y).distance(to: PrismReference.black) > 0.1
        }
        let beamMiddle = (g.beamStart + g.beamEnd) * 0.5
        let t = g.dispersion
        let dispersionPoint = t.a + ((t.b + t.c) * 0.5 - t.a) * 0.25  // in its white part
        let s = g.slice(2)
        let slicePoint = (s.topLeft + s.topRight + s.bottomRight + s.bottomLeft) * 0.25
        #expect(shows(g.outlineEnd(at: 1.0 / 24)) == (progress >= 0.25), "the right side")
        #expect(shows(beamMiddle) == (progress >= 0.5), "the beam")
        #expect(shows(dispersionPoint) == (progress >= 0.75), "the dispersion")
        #expect(shows(slicePoint) == (progress >= 1), "the rainbow")
    }

    @Test("between the quarters each stage grows: the outline from the top clockwise, the beam from the left, the dispersion and the rainbow swept from the left",
          arguments: [1.0, 2.0])
    func growing(scale: Double) throws {
        let viewSize = Size(width: 600, height: 600)
        let g = PrismGeometry(viewSize: viewSize)
        func shows(_ frame: Frame, _ p: Point) -> Bool {
            let (x, y) = Self.pixel(p, scale: scale)
            return frame.color(x, y).distance(to: PrismReference.black) > 0.1
        }
        func along(_ a: Point, _ b: Point, _ f: Double) -> Point { a + (b - a) * f }

        // 12.5 %: half the outline, the right side and half the bottom (from the right).
        var (frame, _) = try render(viewSize, scale: scale, time: 0.375)
        #expect(shows(frame, along(g.top, g.bottomRight, 0.5)), "the right side is traced first")
        #expect(shows(frame, along(g.bottomRight, g.bottomLeft, 0.4)), "then the bottom from the right")
        #expect(!shows(frame, along(g.bottomRight, g.bottomLeft, 0.6)), "but not yet its left half")
        #expect(!shows(frame, along(g.bottomLeft, g.top, 0.5)), "nor the left side")
        #expect(!shows(frame, along(g.beamStart, g.beamEnd, 0.2)), "nor the beam")

        // 37.5 %: the outline whole, the beam halfway from the left edge.
        (frame, _) = try render(viewSize, scale: scale, time: 1.125)
        #expect(shows(frame, along(g.bottomLeft, g.top, 0.5)))
        #expect(shows(frame, along(g.beamStart, g.beamEnd, 0.4)), "the beam grows from the left edge")
        #expect(!shows(frame, along(g.beamStart, g.beamEnd, 0.6)), "and has not reached the prism")

        // 62.5 %: the dispersion shown left of halfway across it, not right of it.
        (frame, _) = try render(viewSize, scale: scale, time: 1.875)
        let t = g.dispersion
        let sweep = g.dispersionSweepX(at: 0.625)
        #expect(abs(sweep - (t.a.x + (t.c.x - t.a.x) / 2)) < 1e-9)
        let mid = (t.b + t.c) * 0.5
        let leftOfSweep = along(t.a, mid, (sweep - 4 - t.a.x) / (mid.x - t.a.x))
        let rightOfSweep = along(t.a, mid, (sweep + 4 - t.a.x) / (mid.x - t.a.x))
        #expect(g.dispersionGray(atX: rightOfSweep.x) > 0.25, "the test point right of the sweep would show grey")
        #expect(shows(frame, leftOfSweep), "the dispersion is swept in from its left point")
        #expect(!shows(frame, rightOfSweep), "and not yet past the sweep")
        #expect(!shows(frame, (g.slice(0).topRight + g.slice(0).bottomLeft) * 0.5), "no rainbow yet")

        // 87.5 %: every slice shown near the prism, none near the right edge.
        (frame, _) = try render(viewSize, scale: scale, time: 2.625)
        let rainbowSweep = g.rainbowSweepX(at: 0.875)
        for i in 0..<6 {
            let s = g.slice(i)
            let top = (s.topLeft + s.bottomLeft) * 0.5, bottom = (s.topRight + s.bottomRight) * 0.5
            let near = along(top, bottom, (rainbowSweep - 10 - top.x) / (bottom.x - top.x))
            let far = along(top, bottom, (rainbowSweep + 10 - top.x) / (bottom.x - top.x))
            #expect(shows(frame, near), "slice \(i) shows left of the sweep")
            #expect(!shows(frame, far), "slice \(i) is not yet drawn right of the sweep")
        }
    }
}
