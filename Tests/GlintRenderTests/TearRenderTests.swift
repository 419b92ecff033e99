import Foundation
import Testing
@testable import GlintCore
@testable import GlintRender

/// Headless renders of the tear (seed 004) over the harmonic effect, checked against the Swift
/// reference of the shader (`TearUniforms.samplePosition`) and against renders with no tear.
@Suite("Tear renders", .serialized)
struct TearRenderTests {
    static let size = Size(width: 320, height: 180)
    static let backdrop = Color(red: 26 / 255, green: 51 / 255, blue: 77 / 255)  // exact in 8 bits

    /// A drag in from the left edge along y = 90 to x = `to`, held (or released at `releaseAt`).
    static func leftDrag(to x: Double, releaseAt: Double? = nil) -> [PointerEvent] {
        var e = [PointerEvent(.down, Point(x: 2, y: 90), at: 0.1)]
        var t = 0.1
        var px = 2.0
        while px < x {
            px = min(x, px + 20)
            t += 1.0 / 60
            e.append(PointerEvent(.move, Point(x: px, y: 90), at: t))
        }
        if let releaseAt { e.append(PointerEvent(.up, Point(x: px, y: 90), at: releaseAt)) }
        return e
    }

    struct Frame {
        var width: Int, height: Int, rgba: [UInt8]
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(rgba[(y * width + x) * 4..<(y * width + x) * 4 + 4]) }
    }

    /// What a render showed: the glow and the tear over it.
    struct Shown {
        let effect: HarmonicEffect
        let tear: TearController?
        /// What `--state` reports of them.
        func stateSnapshot() -> [(String, StateValue)] { EffectInstanceNames.stateSnapshot(of: [effect], tear: tear) }
    }

    func render(events: [PointerEvent], time: Double, tear: Bool = true, configuration: TearConfiguration = TearConfiguration(),
                backdrop: Color = Self.backdrop) throws -> (Frame, Shown) {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let shown = Shown(effect: HarmonicEffect(), tear: tear ? TearController(configuration: configuration) : nil)
        let f = try ChainFrames.snapshot([shown.effect], tear: shown.tear, showsForeground: false, size: Self.size, time: time,
                                         events: events, backdrop: backdrop)
        return (Frame(width: f.width, height: f.height, rgba: f.rgba), shown)
    }

    var backdropPixel: [UInt8] {
        [UInt8((Self.backdrop.red * 255).rounded()), UInt8((Self.backdrop.green * 255).rounded()), UInt8((Self.backdrop.blue * 255).rounded()), 255]
    }

    @Test("mid-drag, the wedge shows the backdrop and the content outside it matches the tear's reference")
    func midDrag() throws {
        let events = Self.leftDrag(to: 200)
        let (torn, scene) = try render(events: events, time: 0.5)
        let (whole, _) = try render(events: [], time: 0.5, tear: false)
        let u = scene.tear!.state.uniforms(viewSize: Self.size)
        #expect(u.tearProgress > 0.3 && u.tearProgress < 0.9, "progress \(u.tearProgress)")
        #expect(u.tearStart.x == 0, "the tear starts on the real left edge")

        // Inside the wedge near the edge: the backdrop, exactly.
        #expect(torn.pixel(3, 90) == backdropPixel)
        #expect(torn.pixel(40, 90) == backdropPixel)
        // Far from the cut the view is whole; right of the tip it is untouched.
        #expect(torn.pixel(300, 90) == whole.pixel(300, 90))

        // Every pixel against the reference: backdrop where it says nil, else the whole picture
        // at the position it names.
        var off = 0
        var backdropPixels = 0
        for y in 0..<torn.height {
            for x in 0..<torn.width {
                let expected: [UInt8]
                if let s = u.samplePosition(for: Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) {
                    let sx = min(max(Int(s.position.x), 0), whole.width - 1), sy = min(max(Int(s.position.y), 0), whole.height - 1)
                    expected = whole.pixel(sx, sy)
                } else {
                    expected = backdropPixel
                    backdropPixels += 1
                }
                let got = torn.pixel(x, y)
                if zip(got, expected).contains(where: { abs(Int($0) - Int($1)) > 24 }) { off += 1 }
            }
        }
        #expect(backdropPixels > 1500, "a real opening: \(backdropPixels) pixels")
        #expect(Double(off) / Double(torn.width * torn.height) < 0.01, "\(off) pixels differ from the reference")
    }

    @Test("the content keeps animating while torn")
    func contentAnimates() throws {
        let events = Self.leftDrag(to: 200)
        let (a, _) = try render(events: events, time: 0.6)
        let (b, _) = try render(events: events, time: 0.9)
        let d = ImageDifference(a.rgba, b.rgba)
        #expect(d.meanPerChannel[0] > 1, "frames 0.3 s apart differ: \(d.meanPerChannel)")
        #expect(a.pixel(20, 90) == backdropPixel && b.pixel(20, 90) == backdropPixel, "and the cut stays open")
    }

    @Test("a release past the threshold breaks the view, which falls away to the backdrop")
    func breaks() throws {
        let (frame, scene) = try render(events: Self.leftDrag(to: 318, releaseAt: 0.5), time: 3)
        let state = Dictionary(uniqueKeysWithValues: scene.stateSnapshot())
        #expect(state["broken"] == .bool(true))
        #expect(state["tearProgress"] == .number(1))
        let d = ImageDifference(frame.rgba, [UInt8](repeating: 0, count: frame.rgba.count).enumerated().map { backdropPixel[$0.offset % 4] })
        #expect(d.maximum == 0, "once fallen, only the backdrop shows")
    }

    @Test("a release at half way heals: once settled the frame is byte-identical to no tear at all")
    func heals() throws {
        let (healed, scene) = try render(events: Self.leftDrag(to: 160, releaseAt: 0.5), time: 2)
        #expect(scene.tear!.state.phase == .idle)
        #expect(!scene.tear!.pass.isEnabled, "no layer pass runs")
        let (plain, _) = try render(events: [], time: 2, tear: false)
        #expect(healed.rgba == plain.rgba)
    }

    @Test("a press away from the edges goes to the hold, not the tear")
    func holdAwayFromEdges() throws {
        let (_, scene) = try render(events: [PointerEvent(.down, Point(x: 160, y: 90), at: 0.1), PointerEvent(.move, Point(x: 260, y: 90), at: 0.3)], time: 1)
        #expect(scene.effect.isInteracting)
        #expect(!scene.tear!.isShowing)
    }

    @Test("a vertical cut from the top edge opens downwards")
    func verticalCut() throws {
        var c = TearConfiguration()
        c.cutDirection = .vertical
        let events = [PointerEvent(.down, Point(x: 100, y: 2), at: 0.1), PointerEvent(.move, Point(x: 110, y: 40), at: 0.2), PointerEvent(.move, Point(x: 130, y: 120), at: 0.3)]
        let (frame, scene) = try render(events: events, time: 0.4, configuration: c)
        let u = scene.tear!.state.uniforms(viewSize: Self.size)
        #expect(u.tearStart.y == 0 && abs(u.tearEnd.x - u.tearStart.x) < 1e-9, "straight down from the top edge")
        #expect(frame.pixel(Int(u.tearStart.x), 3) == backdropPixel)
    }

    @Test("a slanted tear shows the backdrop on the view's edges only in its opening, never a line down an edge")
    func slantedTearsLeaveNoEdgeLine() throws {
        let magenta = Color(red: 1, green: 0, blue: 1)
        func isMagenta(_ p: [UInt8]) -> Bool { p[0] > 160 && p[1] < 90 && p[2] > 160 }
        // Press near an edge, lock the direction 20+ points on, drag on: slight and steep slants from each edge.
        let drags: [(Point, Point, Point)] = [
            (Point(x: 1, y: 90), Point(x: 40, y: 94), Point(x: 200, y: 110)),
            (Point(x: 1, y: 90), Point(x: 40, y: 84), Point(x: 200, y: 60)),
            (Point(x: 1, y: 60), Point(x: 20, y: 80), Point(x: 100, y: 150)),
            (Point(x: 319, y: 90), Point(x: 280, y: 95), Point(x: 120, y: 120)),
            (Point(x: 160, y: 1), Point(x: 165, y: 40), Point(x: 190, y: 140)),
            (Point(x: 160, y: 179), Point(x: 150, y: 140), Point(x: 120, y: 40)),
        ]
        for (press, lock, end) in drags {
            let events = [PointerEvent(.down, press, at: 0.1), PointerEvent(.move, lock, at: 0.2), PointerEvent(.move, end, at: 0.3)]
            let (frame, scene) = try render(events: events, time: 0.4, backdrop: magenta)
            let u = scene.tear!.state.uniforms(viewSize: Self.size)
            let line = u.tearEnd - u.tearStart
            let along = line * (1 / line.length)
            let across = Point(x: -along.y, y: along.x)
            var border: [(Int, Int)] = []
            for x in 0..<frame.width { border += [(x, 0), (x, frame.height - 1)] }
            for y in 1..<(frame.height - 1) { border += [(0, y), (frame.width - 1, y)] }
            var opening = 0
            var stray: [(Int, Int)] = []
            for (x, y) in border where isMagenta(frame.pixel(x, y)) {
                // The opening is at most maxGap wide across the cut (a pixel more for smoothing).
                let rel = Point(x: Double(x) + 0.5, y: Double(y) + 0.5) - u.tearStart
                if abs(rel.dot(across)) <= u.maxGap / 2 + 1 && rel.dot(along) < line.length { opening += 1 } else { stray.append((x, y)) }
            }
            #expect(u.maxGap > 10 && opening > 0, "drag \(press) → \(end): a real opening at the edge (gap \(u.maxGap), \(opening) pixels)")
            #expect(stray.count == 0, "drag \(press) → \(end): \(stray.count) backdrop pixels on the view's edges outside the opening, first \(stray.prefix(4))")
        }
    }
}
