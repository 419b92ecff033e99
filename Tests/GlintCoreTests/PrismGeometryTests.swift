import Foundation
import Testing
@testable import GlintCore

/// The Dark Side of the Moon cover's geometry against numbers worked out by hand from the seed's
/// formulas (../shared/seeds/003_7e2019e5a3e395b5.txt), its letterbox, its staged drawing, and the
/// effect's parameters, clock and state.
@Suite("Prism geometry")
struct PrismGeometryTests {
    /// sin(π/3) = √3/2, written out so the test does not share the code's expression.
    static let sin60 = 0.866_025_403_784_438_6

    func near(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    @Test("in a 600-point square the prism has sides of 200 points: bottom corners (200, 386.6) and (400, 386.6), top (300, 213.4)")
    func squareCorners() {
        let g = PrismGeometry(viewSize: Size(width: 600, height: 600))
        let height = 200 * Self.sin60              // 173.205…
        let bottomY = (600 + height) / 2           // 386.602…
        #expect(g.size == 600 && g.squareOrigin == .zero)
        #expect(abs(g.prismSide - 200) < 1e-12 && abs(g.prismHeight - height) < 1e-9)
        #expect(near(g.bottomLeft, Point(x: 200, y: bottomY)), "\(g.bottomLeft)")
        #expect(near(g.bottomRight, Point(x: 400, y: bottomY)), "\(g.bottomRight)")
        #expect(near(g.top, Point(x: 300, y: bottomY - height)), "\(g.top)")
        #expect(abs(bottomY - 386.602_540_378) < 1e-6 && abs(bottomY - height - 213.397_459_621) < 1e-6)
        // Equilateral, centred on the square's centre halfway up its height.
        #expect(abs((g.top - g.bottomLeft).length - 200) < 1e-9 && abs((g.top - g.bottomRight).length - 200) < 1e-9)
        #expect(abs((g.top.y + g.bottomLeft.y) / 2 - 300) < 1e-9)
    }

    @Test("the beam runs from (0, 0.55·size) to 0.4 of the way from the top to the bottom-left corner")
    func beam() {
        let g = PrismGeometry(viewSize: Size(width: 600, height: 600))
        #expect(near(g.beamStart, Point(x: 0, y: 330)))
        // top (300, 213.397) + 0.4 · ((200, 386.603) − top) = (260, 282.679)
        #expect(near(g.beamEnd, Point(x: 260, y: 213.397_459_621 + 0.4 * 173.205_080_757), 1e-6), "\(g.beamEnd)")
    }

    @Test("the dispersion joins the beam's end with 0.3 and 0.5 of the way down the right side")
    func dispersion() {
        let g = PrismGeometry(viewSize: Size(width: 600, height: 600))
        let t = g.dispersion
        let topY = 213.397_459_621, h = 173.205_080_757
        #expect(near(t.a, g.beamEnd))
        #expect(near(t.b, Point(x: 300 + 0.3 * 100, y: topY + 0.3 * h), 1e-6), "\(t.b)")
        #expect(near(t.c, Point(x: 300 + 0.5 * 100, y: topY + 0.5 * h), 1e-6), "\(t.c)")
        // White up to x = 270, black from x = 330, linear between.
        #expect(g.dispersionGray(atX: 260) == 1 && g.dispersionGray(atX: 340) == 0)
        #expect(abs(g.dispersionGray(atX: 285) - 0.75) < 1e-12)
    }

    @Test("six slices: on the prism in steps of 0.2/6 from 0.3, on the right edge in steps of 0.15·size/6 from 0.475·size; neighbours share their edges")
    func slices() {
        let g = PrismGeometry(viewSize: Size(width: 600, height: 600))
        let topY = 213.397_459_621, h = 173.205_080_757
        #expect(g.slices.count == 6)
        for i in 0..<6 {
            let s = g.slice(i)
            let f0 = 0.3 + Double(i) * 0.2 / 6, f1 = 0.3 + Double(i + 1) * 0.2 / 6
            #expect(near(s.topLeft, Point(x: 300 + f0 * 100, y: topY + f0 * h), 1e-6), "slice \(i) \(s.topLeft)")
            #expect(near(s.bottomLeft, Point(x: 300 + f1 * 100, y: topY + f1 * h), 1e-6), "slice \(i) \(s.bottomLeft)")
            #expect(near(s.topRight, Point(x: 600, y: 600 * (0.475 + Double(i) * 0.025))), "slice \(i) \(s.topRight)")
            #expect(near(s.bottomRight, Point(x: 600, y: 600 * (0.475 + Double(i + 1) * 0.025))), "slice \(i) \(s.bottomRight)")
            if i > 0 {
                #expect(near(s.topLeft, g.slice(i - 1).bottomLeft) && near(s.topRight, g.slice(i - 1).bottomRight))
            }
        }
        // The rainbow's outer corners are the dispersion's on the prism.
        #expect(near(g.slice(0).topLeft, g.dispersion.b) && near(g.slice(5).bottomLeft, g.dispersion.c))
    }

    @Test("SwiftUI's light-mode red, orange, yellow, green, blue and purple, top to bottom")
    func colours() {
        let want: [(Float, Float, Float)] = [(1, 0.231, 0.188), (1, 0.584, 0), (1, 0.8, 0), (0.204, 0.78, 0.349), (0, 0.478, 1), (0.686, 0.322, 0.871)]
        #expect(PrismGeometry.sliceColors.count == 6)
        for (c, w) in zip(PrismGeometry.sliceColors, want) {
            #expect(abs(c.red - w.0) < 0.001 && abs(c.green - w.1) < 0.001 && abs(c.blue - w.2) < 0.001 && c.alpha == 1, "\(c)")
        }
    }

    @Test("a wide or tall view letterboxes: the drawing is in the largest centred square",
          arguments: [(Size(width: 900, height: 500), Point(x: 200, y: 0), 500.0), (Size(width: 500, height: 800), Point(x: 0, y: 150), 500.0)])
    func letterbox(viewSize: Size, origin: Point, side: Double) {
        let g = PrismGeometry(viewSize: viewSize)
        let square = PrismGeometry(viewSize: Size(width: side, height: side))
        #expect(g.squareOrigin == origin && g.size == side)
        #expect(near(g.top, square.top + origin) && near(g.bottomLeft, square.bottomLeft + origin) && near(g.bottomRight, square.bottomRight + origin))
        #expect(near(g.beamStart, Point(x: origin.x, y: origin.y + 0.55 * side)))
        #expect(near(g.slice(5).bottomRight, Point(x: origin.x + side, y: origin.y + side * 0.625)))
    }

    @Test("degenerate sizes and every extreme of the fractions give finite numbers, whatever the progress")
    func finite() {
        let ends = [0.0, 1.0]
        for size in [Size.zero, Size(width: 1, height: 1), Size(width: 3000, height: 2)] {
            for lf in ends { for pf in ends { for ds in ends { for rs in ends {
                let g = PrismGeometry(viewSize: size, parameters: .init(lightFraction: lf, prismFraction: pf, dispersionSize: ds, rainbowSize: rs))
                var points = [g.top, g.bottomLeft, g.bottomRight, g.beamStart, g.beamEnd, g.dispersion.a, g.dispersion.b, g.dispersion.c]
                points += g.slices.flatMap(\.corners)
                for p in [0.0, 0.1, 0.3, 0.6, 0.9, 1] {
                    points += [g.outlineEnd(at: p), g.beamEnd(at: p)]
                    #expect(g.dispersionSweepX(at: p).isFinite && g.rainbowSweepX(at: p).isFinite)
                }
                #expect(points.allSatisfy { $0.x.isFinite && $0.y.isFinite }, "\(size) \(lf) \(pf) \(ds) \(rs)")
                #expect(g.dispersionGray(atX: 0).isFinite)
            } } } }
        }
    }

    @Test("the drawing's four stages are equal quarters: outline, beam, dispersion, rainbow")
    func stages() {
        typealias G = PrismGeometry
        for (p, want) in [(0.0, [0.0, 0, 0, 0]), (0.125, [0.5, 0, 0, 0]), (0.25, [1, 0, 0, 0]), (0.5, [1, 1, 0, 0]),
                          (0.625, [1, 1, 0.5, 0]), (0.75, [1, 1, 1, 0]), (1, [1, 1, 1, 1])] {
            #expect(G.Stage.allCases.map { G.progress(of: $0, at: p) } == want, "at \(p)")
        }
        let g = PrismGeometry(viewSize: Size(width: 600, height: 600))
        // The outline goes from the top clockwise: down the right side, then along the bottom.
        #expect(near(g.outlineEnd(at: 0), g.top))
        #expect(near(g.outlineEnd(at: 0.25 / 3), g.bottomRight, 1e-9))
        #expect(near(g.outlineEnd(at: 0.125), Point(x: 300, y: g.bottomRight.y), 1e-9))
        #expect(near(g.outlineEnd(at: 0.25), g.top, 1e-9))
        #expect(near(g.beamEnd(at: 0.375), (g.beamStart + g.beamEnd) * 0.5))
        #expect(abs(g.dispersionSweepX(at: 0.5) - g.beamEnd.x) < 1e-9 && abs(g.dispersionSweepX(at: 0.75) - 350) < 1e-6)
        #expect(abs(g.rainbowSweepX(at: 0.75) - 330) < 1e-6 && g.rainbowSweepX(at: 1) == 600)
    }

    // MARK: The effect

    func sent(_ effect: PrismEffect, _ name: String) -> Float? {
        guard case .float(let v)? = effect.pass[name] else { return nil }
        return v
    }

    @Test("the prism is the last seed effect (key 7), shows its controls, and starts at the seed's values")
    func registry() {
        #expect(EffectRegistry.names[6] == "prism" && EffectRegistry.entry(named: "prism")?.make() is PrismEffect)
        #expect(PrismEffect.descriptor.showsControls && !PrismEffect.descriptor.isModifier)
        let e = PrismEffect()
        for (name, value) in [("lightFraction", 0.55), ("prismFraction", 0.4), ("dispersionSize", 0.2), ("rainbowSize", 0.15), ("drawDuration", 3)] {
            #expect(e.setting(name) == value, "\(name)")
            #expect(PrismEffect.descriptor.parameters.first { $0.name == name }?.defaultValue == value)
        }
        #expect(PrismEffect.descriptor.parameters.filter { $0.name != "drawDuration" }.allSatisfy { $0.range == 0...1 })
        #expect(e.setting("radius") == nil)
    }

    @Test("the drawing's progress is time since the start over drawDuration; replay starts it again; 0 s draws at once")
    func progress() {
        let e = PrismEffect()
        #expect(e.drawingProgress == 0)
        e.advance(by: 1.5)
        #expect(e.drawingProgress == 0.5)
        e.updatePass(viewSize: Size(width: 100, height: 100))
        #expect(sent(e, "progress") == 0.5)
        e.advance(by: 10)
        #expect(e.drawingProgress == 1)
        e.replay()
        #expect(e.drawingProgress == 0)
        e.advance(by: .nan)
        e.advance(by: -1)
        #expect(e.drawingProgress == 0)
        e.setParameter("drawDuration", to: 0)
        #expect(e.drawingProgress == 1)
        e.setParameter("drawDuration", to: 6)
        e.advance(by: 1.5)
        #expect(e.drawingProgress == 0.25)
    }

    @Test("the shader gets the four fractions and the progress; --state reports them")
    func arguments() {
        let e = PrismEffect()
        e.setParameter("lightFraction", to: 0.3)
        e.setParameter("rainbowSize", to: 0)
        e.advance(by: 2.25)
        e.updatePass(viewSize: Size(width: 100, height: 100))
        #expect(sent(e, "lightFraction") == 0.3 && sent(e, "prismFraction") == 0.4 && sent(e, "dispersionSize") == 0.2)
        #expect(sent(e, "rainbowSize") == 0 && sent(e, "progress") == 0.75)
        let state = Dictionary(uniqueKeysWithValues: e.stateSnapshot())
        #expect(state["lightFraction"] == .number(0.3) && state["rainbowSize"] == .number(0) && state["progress"] == .number(0.75))
        #expect(state["prismFraction"] == .number(0.4) && state["dispersionSize"] == .number(0.2) && state["drawDuration"] == .number(3))
    }
}
