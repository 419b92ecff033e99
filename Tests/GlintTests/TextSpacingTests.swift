import Foundation
import Glint
import Testing

/// `.kerning`, `.tracking` and `.monospacedDigit`: the space text takes and where its glyphs go.
@Suite("Text spacing")
struct TextSpacingTests {
    func width(_ text: some View) -> Double {
        var resolved = ResolvedView()
        resolved.update(text.fixedSize().accessibilityIdentifier("t").frame(width: 400, height: 60), in: CGSize(width: 400, height: 60))
        return resolved.frame(identifiedBy: "t")?.width ?? -1
    }

    @Test("kerning and tracking add their points between each pair of characters; negative draws them closer")
    func spacing() {
        let plain = width(Text("abcd"))
        #expect(plain > 20)
        #expect(width(Text("abcd").kerning(5)) == plain + 15)
        #expect(width(Text("abcd").tracking(2)) == plain + 6)
        #expect(width(Text("abcd").kerning(-1)) == plain - 3)
        #expect(width(VStack { Text("abcd") }.tracking(2)) == width(Text("abcd").tracking(2)), "inherited by the text inside")
    }

    @Test("kerned text draws its last glyph further right, by the added space")
    func drawn() throws {
        func inkRight(_ view: some View) throws -> Int {
            let image = try ImageRenderer(content: view.frame(width: 200, height: 40, alignment: .leading).background(Color.white)).render()
            var right = -1
            for y in 0..<image.height { for x in 0..<image.width where image.pixel(x: x, y: y).red < 128 { right = max(right, x) } }
            return right
        }
        let plain = try inkRight(Text("iiii").foregroundStyle(.black))
        let kerned = try inkRight(Text("iiii").kerning(4).foregroundStyle(.black))
        #expect(kerned - plain == 12)
    }

    @Test("monospacedDigit gives every digit the widest digit's width")
    func digits() {
        #expect(width(Text("1111").monospacedDigit()) == width(Text("8888").monospacedDigit()))
        #expect(width(Text("1111").font(.body.monospacedDigit())) == width(Text("0000").font(.body.monospacedDigit())))
    }
}
