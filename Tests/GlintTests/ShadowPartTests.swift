import Foundation
import Glint
import Testing

/// `.shadow` over a container, as SwiftUI draws it: each part casts its own shadow just under
/// itself, unless `compositingGroup()` makes the container one picture. The expected pixels are
/// the brute-force Gaussian of each part's square (`VisualEffectTests.gaussian`), composited here.
@Suite("Shadows per part", .serialized)
struct ShadowPartTests {
    /// Two 20-point squares 4 points apart (red at x 18…38, blue at 42…62, y 30…50) in an 80-point
    /// frame, with a black shadow of radius 8 over the stack, one picture or not.
    static func pair(grouped: Bool) -> some View {
        let stack = HStack(spacing: 4) {
            Color.red.frame(width: 20, height: 20)
            Color.blue.frame(width: 20, height: 20)
        }
        return Group {
            if grouped {
                stack.compositingGroup().shadow(color: .black, radius: 8)
            } else {
                stack.shadow(color: .black, radius: 8)
            }
        }.frame(width: 80, height: 80)
    }

    /// Pixels around and between the squares, outside both.
    static let around: [(Int, Int)] = (10..<70).flatMap { x in [(x, 40), (x, 52), (x, 55)] }
        .filter { !($0.1 >= 30 && $0.1 < 50 && (($0.0 >= 18 && $0.0 < 38) || ($0.0 >= 42 && $0.0 < 62))) }

    @Test("each part of a stack casts its own shadow: between them the two shadows lie one over the other")
    func partsCastTheirOwn() throws {
        let image = try ImageRenderer(content: Self.pair(grouped: false)).render()
        var worst = 0.0, apart = 0.0
        for (x, y) in Self.around {
            let a = VisualEffectTests.gaussian(x, y, square: 18, 30, 38, 50, radius: 8)
            let b = VisualEffectTests.gaussian(x, y, square: 42, 30, 62, 50, radius: 8)
            // Each shadow composited over the other (source-over), against one shadow of the union.
            let each = 255 * (1 - (1 - a) * (1 - b)), union = 255 * min(1, a + b)
            worst = max(worst, abs(Double(image.pixel(x: x, y: y).alpha) - each))
            apart = max(apart, abs(each - union))
        }
        #expect(apart > 15, "the case tells the two apart: \(apart)")
        #expect(worst <= 3, "the largest difference from the shadows one over the other, in 1/255: \(worst)")
    }

    @Test("a later part's shadow falls over the part before it")
    func laterShadowOverEarlierPart() throws {
        let view = ZStack(alignment: .topLeading) {
            Color(red: 1, green: 0, blue: 0).frame(width: 30, height: 30)
            Color(red: 0, green: 0, blue: 1).frame(width: 20, height: 20).offset(x: 20, y: 5)
        }
        .shadow(color: .black, radius: 8)
        .padding(10)
        let image = try ImageRenderer(content: view).render()
        // The red square is at (10, 10)…(40, 40), the blue one at (30, 15)…(50, 35).
        var worst = 0.0
        for y in stride(from: 16, to: 34, by: 3) {
            for x in 22..<30 {
                let b = VisualEffectTests.gaussian(x, y, square: 30, 15, 50, 35, radius: 8)
                let p = image.pixel(x: x, y: y)
                worst = max(worst, abs(Double(p.red) - 255 * (1 - b)))
                #expect(p.alpha == 255 && p.blue == 0 && p.green == 0, "red at (\(x), \(y)): \(p)")
            }
        }
        #expect(VisualEffectTests.gaussian(29, 25, square: 30, 15, 50, 35, radius: 8) > 0.3, "the shadow is dark there")
        #expect(worst <= 3, "the red under the blue square's shadow, largest difference in 1/255: \(worst)")
    }

    @Test("after compositingGroup() the stack casts one shadow, of both squares together")
    func groupCastsOne() throws {
        let image = try ImageRenderer(content: Self.pair(grouped: true)).render()
        var worst = 0.0
        for (x, y) in Self.around {
            let a = VisualEffectTests.gaussian(x, y, square: 18, 30, 38, 50, radius: 8)
            let b = VisualEffectTests.gaussian(x, y, square: 42, 30, 62, 50, radius: 8)
            worst = max(worst, abs(Double(image.pixel(x: x, y: y).alpha) - 255 * min(1, a + b)))
        }
        #expect(worst <= 3, "the largest difference from one shadow of the union, in 1/255: \(worst)")
    }
}
