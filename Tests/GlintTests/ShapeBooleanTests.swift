import Foundation
import Glint
import Testing

/// `union`, `intersection`, `subtracting` and `symmetricDifference` of shapes: the pixels each covers.
@Suite("Shape combinations")
struct ShapeBooleanTests {
    /// Whether the pixel at (x, y) of `shape` filled black on white is ink (dark), paper (white) or neither.
    func ink(_ shape: some Shape, _ points: [(Int, Int)]) throws -> [Bool] {
        let image = try ImageRenderer(content: shape.fill(Color.black).frame(width: 100, height: 100).background(Color.white)).render()
        return points.map { image.pixel(x: $0.0, y: $0.1).red < 40 }
    }

    // The disc's centre, a point of the disc's right half, one of its left half, and a corner outside it.
    let probes = [(50, 50), (80, 50), (20, 50), (97, 3)]
    var rightHalf: some Shape { Rectangle().offset(x: 50) }

    @Test("union covers either, intersection both, subtracting the first but not the second, symmetricDifference exactly one")
    func combinations() throws {
        #expect(try ink(Circle().union(rightHalf), probes) == [true, true, true, true])
        #expect(try ink(Circle().intersection(rightHalf), probes) == [true, true, false, false])
        #expect(try ink(Circle().subtracting(rightHalf), probes) == [false, false, true, false])
        #expect(try ink(Circle().symmetricDifference(rightHalf), probes) == [false, false, true, true])
        #expect(try ink(Rectangle().subtracting(Circle()), probes) == [false, false, false, true])
    }

    @Test("a combined shape's edge is anti-aliased like its parts'")
    func smoothEdge() throws {
        let image = try ImageRenderer(content: Circle().intersection(Rectangle()).fill(Color.black).frame(width: 100, height: 100).background(Color.white)).render()
        let plain = try ImageRenderer(content: Circle().fill(Color.black).frame(width: 100, height: 100).background(Color.white)).render()
        var differences = 0
        for y in 0..<100 { for x in 0..<100 where abs(Int(image.pixel(x: x, y: y).red) - Int(plain.pixel(x: x, y: y).red)) > 1 { differences += 1 } }
        #expect(differences == 0, "a circle intersected with its whole rect is the circle")
    }
}
