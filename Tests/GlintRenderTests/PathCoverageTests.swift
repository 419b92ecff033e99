import Foundation
import GlintCore
@testable import GlintRender
import Testing

/// Paths and their coverage against analytic answers: FreeType's rasteriser gives the exact
/// area of each pixel inside, so an edge's pixels read as the fraction they cover.
@Suite("Paths, strokes and their coverage")
struct PathCoverageTests {
    let rasterizer: PathRasterizer

    init() throws { rasterizer = try PathRasterizer() }

    func fill(_ path: Path, eo: Bool = false, scale: Double = 1, size: Int = 64) -> CoverageMask {
        var mask = CoverageMask()
        rasterizer.fill(path, style: FillStyle(eoFill: eo), scale: scale, origin: .zero, clipWidth: size, clipHeight: size, into: &mask)
        return mask
    }

    func stroke(_ path: Path, _ style: StrokeStyle, size: Int = 64) -> CoverageMask {
        var mask = CoverageMask()
        rasterizer.stroke(path, style: style, scale: 1, origin: .zero, clipWidth: size, clipHeight: size, into: &mask)
        return mask
    }

    /// Pixels at least half covered in row `y`.
    func covered(_ m: CoverageMask, row y: Int) -> [Int] { (0..<64).filter { m.coverage(atX: $0, y: y) >= 128 } }
    func covered(_ m: CoverageMask, column x: Int) -> [Int] { (0..<64).filter { m.coverage(atX: x, y: $0) >= 128 } }

    @Test("a rect on half-pixel edges covers its edge pixels by half; whole pixels fully")
    func halfPixels() {
        let m = fill(Path(CGRect(x: 10.5, y: 10, width: 10, height: 10)))
        #expect(m.coverage(atX: 10, y: 15) == 128 || m.coverage(atX: 10, y: 15) == 127)
        #expect(m.coverage(atX: 15, y: 15) == 255)
        #expect(m.coverage(atX: 20, y: 15) >= 127 && m.coverage(atX: 20, y: 15) <= 128)
        #expect(m.coverage(atX: 15, y: 9) == 0 && m.coverage(atX: 15, y: 20) == 0)
    }

    @Test("a circle's edge pixels are covered by the area of the disc inside them")
    func circleEdge() {
        let r = 20.0, c = 32.0
        let m = fill(Path(ellipseIn: CGRect(x: c - r, y: c - r, width: 2 * r, height: 2 * r)))
        var worst = 0.0
        var place = ""
        for y in 0..<64 {
            for x in 0..<64 {
                // The disc's area in the pixel, by 16x16 supersampling.
                var inside = 0
                for sy in 0..<16 { for sx in 0..<16 {
                    let px = Double(x) + (Double(sx) + 0.5) / 16 - c, py = Double(y) + (Double(sy) + 0.5) / 16 - c
                    if px * px + py * py <= r * r { inside += 1 }
                } }
                let e = abs(Double(m.coverage(atX: x, y: y)) / 255 - Double(inside) / 256)
                if e > worst { worst = e; place = "(\(x), \(y)): \(m.coverage(atX: x, y: y)) vs \(inside)/256" }
            }
        }
        #expect(worst < 0.04, "largest coverage error: \(worst) at \(place)")
    }

    @Test("a horizontal line 3 points wide covers exactly 3 rows; caps reach past its ends as they should")
    func widthAndCaps() {
        let line = Path { $0.move(to: CGPoint(x: 20, y: 30)); $0.addLine(to: CGPoint(x: 40, y: 30)) }
        let butt = stroke(line, StrokeStyle(lineWidth: 4, lineCap: .butt))
        #expect(covered(butt, column: 30) == [28, 29, 30, 31])
        #expect(covered(butt, row: 30).first == 20 && covered(butt, row: 30).last == 39)
        let square = stroke(line, StrokeStyle(lineWidth: 4, lineCap: .square))
        #expect(covered(square, row: 30).first == 18 && covered(square, row: 30).last == 41)
        let round = stroke(line, StrokeStyle(lineWidth: 4, lineCap: .round))
        #expect(covered(round, row: 30).first == 18 && covered(round, row: 30).last == 41)
        #expect(round.coverage(atX: 18, y: 28) < square.coverage(atX: 18, y: 28), "a round cap is rounded at its corners")
        let three = stroke(Path { $0.move(to: CGPoint(x: 10, y: 20.5)); $0.addLine(to: CGPoint(x: 50, y: 20.5)) }, StrokeStyle(lineWidth: 3))
        #expect(covered(three, column: 30) == [19, 20, 21])
    }

    @Test("a right angle's corner: a miter fills it, a bevel cuts it, a limit under √2 bevels a miter")
    func joins() {
        let corner = Path {
            $0.move(to: CGPoint(x: 10, y: 40)); $0.addLine(to: CGPoint(x: 40, y: 40)); $0.addLine(to: CGPoint(x: 40, y: 10))
        }
        let miter = stroke(corner, StrokeStyle(lineWidth: 8, lineJoin: .miter))
        let bevel = stroke(corner, StrokeStyle(lineWidth: 8, lineJoin: .bevel))
        let round = stroke(corner, StrokeStyle(lineWidth: 8, lineJoin: .round))
        let limited = stroke(corner, StrokeStyle(lineWidth: 8, lineJoin: .miter, miterLimit: 1.2))
        // The outer corner pixel at (43, 43): inside the miter's square, outside the bevel's diagonal.
        #expect(miter.coverage(atX: 43, y: 43) == 255)
        #expect(bevel.coverage(atX: 43, y: 43) == 0)
        #expect(round.coverage(atX: 43, y: 43) < 128 && round.coverage(atX: 42, y: 42) > 128)
        #expect(limited.coverage(atX: 43, y: 43) == 0, "past the miter limit the join is beveled")
    }

    @Test("even-odd leaves a hole in two nested squares; non-zero fills it")
    func fillRules() {
        let squares = Path { $0.addRect(CGRect(x: 10, y: 10, width: 40, height: 40)); $0.addRect(CGRect(x: 20, y: 20, width: 20, height: 20)) }
        #expect(fill(squares).coverage(atX: 30, y: 30) == 255)
        #expect(fill(squares, eo: true).coverage(atX: 30, y: 30) == 0)
        #expect(fill(squares, eo: true).coverage(atX: 15, y: 15) == 255)
    }

    @Test("trim 0…0.5 of a square's outline is its first two sides; trim fractions follow the length")
    func trims() {
        let square = Path(CGRect(x: 10, y: 10, width: 40, height: 40))
        #expect(abs(square.length - 160) < 1e-9)
        let half = square.trimmedPath(from: 0, to: 0.5)
        #expect(abs(half.length - 80) < 1e-9)
        #expect(half.elements.first == .move(to: CGPoint(x: 10, y: 10)) && half.currentPoint == CGPoint(x: 50, y: 50))
        let m = stroke(half, StrokeStyle(lineWidth: 2))
        #expect(m.coverage(atX: 30, y: 10) > 100, "the top side is drawn")
        #expect(m.coverage(atX: 50, y: 30) > 100, "the right side is drawn")
        #expect(m.coverage(atX: 30, y: 50) == 0 && m.coverage(atX: 10, y: 30) == 0, "the other two are not")
        let circle = Path(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 40))
        #expect(abs(circle.length - 40 * Double.pi) < 0.1, "\(circle.length)")
        #expect(abs(circle.trimmedPath(from: 0.25, to: 0.5).length - 10 * Double.pi) < 0.1)
        #expect(square.trimmedPath(from: 0.6, to: 0.2).isEmpty)
    }

    @Test("dashes: on and off lengths along a line, from the phase")
    func dashes() {
        let line = Path { $0.move(to: CGPoint(x: 0, y: 20.5)); $0.addLine(to: CGPoint(x: 60, y: 20.5)) }
        let m = stroke(line, StrokeStyle(lineWidth: 3, dash: [10, 5]))
        #expect(covered(m, row: 20) == Array(0..<10) + Array(15..<25) + Array(30..<40) + Array(45..<55))
        let shifted = stroke(line, StrokeStyle(lineWidth: 3, dash: [10, 5], dashPhase: 5))
        #expect(covered(shifted, row: 20).prefix(5) == [0, 1, 2, 3, 4] && !covered(shifted, row: 20).contains(6))
    }

    @Test("SwiftUI's arc direction: clockwise false turns down on screen from 0° to 90°; true goes the long way round")
    func arcs() {
        var down = Path()
        down.addArc(center: CGPoint(x: 32, y: 32), radius: 20, startAngle: .zero, endAngle: .degrees(90), clockwise: false)
        #expect(abs(down.length - 10 * Double.pi) < 0.1)
        #expect(down.boundingRect.minY > 31, "a quarter below the centre: \(down.boundingRect)")
        var around = Path()
        around.addArc(center: CGPoint(x: 32, y: 32), radius: 20, startAngle: .zero, endAngle: .degrees(90), clockwise: true)
        #expect(abs(around.length - 30 * Double.pi) < 0.2)
        #expect(around.boundingRect.minY < 13, "the long way, over the top: \(around.boundingRect)")
    }

    @Test("scale 2 doubles a mask's size; NaN and huge coordinates give an empty or clamped mask, never a crash")
    func scaleAndBadInput() {
        let rect = Path(CGRect(x: 5, y: 5, width: 10, height: 10))
        let one = fill(rect), two = fill(rect, scale: 2)
        let inked = { (m: CoverageMask) in m.alpha.filter { $0 == 255 }.count }
        #expect(inked(two) == 4 * inked(one))
        let nan = fill(Path { $0.move(to: CGPoint(x: CGFloat.nan, y: 0)); $0.addLine(to: CGPoint(x: 10, y: 10)); $0.addLine(to: CGPoint(x: 0, y: 10)) })
        #expect(nan.width == 0)
        let huge = fill(Path(CGRect(x: -1e12, y: -1e12, width: 2e12, height: 2e12)))
        #expect(huge.width == 64 && huge.height == 64)
        let wide = stroke(Path { $0.move(to: .zero); $0.addLine(to: CGPoint(x: 1e15, y: 1e15)) }, StrokeStyle(lineWidth: 1e9))
        #expect(wide.width <= 64)
    }

    @Test("strokes of paths trimmed to almost nothing, repeated points and single points draw without crashing FreeType")
    func degenerateStrokes() {
        var capsule = Path()
        capsule.addRoundedRect(in: CGRect(x: 4, y: 4, width: 56, height: 20), cornerSize: CGSize(width: 10, height: 10))
        for caps in [CGLineCap.butt, .round, .square] {
            for to in [1e-9, 1e-6, 1e-4, 0.001, 0.5, 1] {
                let m = stroke(capsule.trimmedPath(from: 0, to: to), StrokeStyle(lineWidth: 4, lineCap: caps, lineJoin: .miter))
                #expect(m.width <= 64 && m.height <= 64)
            }
        }
        let repeated = Path { $0.move(to: CGPoint(x: 10, y: 10)); $0.addLine(to: CGPoint(x: 10, y: 10)); $0.addLine(to: CGPoint(x: 10.001, y: 10))
            $0.addLine(to: CGPoint(x: 30, y: 30)); $0.addLine(to: CGPoint(x: 30, y: 30)); $0.closeSubpath(); $0.move(to: CGPoint(x: 5, y: 5)) }
        let m = stroke(repeated, StrokeStyle(lineWidth: 3, lineJoin: .round, dash: [0.0001, 0.0001]))
        #expect(m.width <= 64)
        #expect(stroke(repeated, StrokeStyle(lineWidth: 3)).coverage(atX: 20, y: 20) > 200)
    }
}
