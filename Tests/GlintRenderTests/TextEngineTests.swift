import Foundation
import GlintCore
@testable import GlintRender
import Testing

/// The text engine's measuring and layout against hand numbers, at 1x and 2x.
@Suite("Text measured and laid out")
struct TextEngineTests {
    let engine: TextEngine
    let body = FontSpec(size: 17)

    init() throws { engine = try TextEngine() }

    func glyphs(_ text: String, _ font: FontSpec, width: Double = 1000, alignment: TextAlignment = .leading, scale: Double = 1) -> [PlacedGlyph] {
        var out: [PlacedGlyph] = []
        engine.layout(text, font: font, in: Rect(x: 0, y: 0, width: width, height: 500), options: TextLayoutOptions(alignment: alignment),
                      color: .white, scale: scale, into: &out)
        return out
    }

    @Test("a line's width is the sum of its advances; lines are as tall as the face says")
    func width() {
        let size = engine.measure("Hello", font: body, maxWidth: nil, options: TextLayoutOptions(), scale: 1)
        // The glyphs laid out end where the measured width says: the last one's pen plus its advance.
        let placed = glyphs("Hello", body)
        let hell = engine.measure("Hell", font: body, maxWidth: nil, options: TextLayoutOptions(), scale: 1)
        #expect(placed.count == 5)
        #expect(abs(Double(placed[4].x) - hell.width) <= 1, "the o starts where Hell ends: \(placed[4].x) vs \(hell.width)")
        #expect(size.width > 30 && size.width < 60, "\(size)")
        #expect(size.height >= 17 && size.height <= 24, "\(size)")
        let two = engine.measure("Hello\nworld", font: body, maxWidth: nil, options: TextLayoutOptions(), scale: 1)
        #expect(two.height == 2 * size.height)
    }

    @Test("wrapping: at spaces when offered less than the line; a word too long is broken; trailing spaces left out")
    func wrapping() {
        let line = engine.measure("one two three", font: body, maxWidth: nil, options: TextLayoutOptions(), scale: 1)
        let oneTwo = engine.measure("one two", font: body, maxWidth: nil, options: TextLayoutOptions(), scale: 1)
        let wrapped = engine.measure("one two three", font: body, maxWidth: oneTwo.width + 1, options: TextLayoutOptions(), scale: 1)
        #expect(wrapped.height == 2 * line.height && wrapped.width == oneTwo.width)
        let word = engine.measure("abcdefghijklmnop", font: body, maxWidth: 40, options: TextLayoutOptions(), scale: 1)
        #expect(word.width <= 40 && word.height >= 3 * line.height, "\(word)")
        #expect(engine.measure("one   ", font: body, maxWidth: nil, options: TextLayoutOptions(), scale: 1).width ==
                engine.measure("one", font: body, maxWidth: nil, options: TextLayoutOptions(), scale: 1).width)
        let limited = engine.measure("a\nb\nc", font: body, maxWidth: nil, options: TextLayoutOptions(lineLimit: 2), scale: 1)
        #expect(limited.height == 2 * line.height)
    }

    @Test("alignment places each line in the rect: leading at its left, centred, trailing at its right")
    func alignment() {
        let w = engine.measure("Hi", font: body, maxWidth: nil, options: TextLayoutOptions(), scale: 1).width
        let leading = glyphs("Hi", body, width: 200).first!.x
        let centre = glyphs("Hi", body, width: 200, alignment: .center).first!.x
        let trailing = glyphs("Hi", body, width: 200, alignment: .trailing).first!.x
        #expect(leading == 0)
        #expect(abs(Double(centre) - (200 - w) / 2) <= 0.5)
        #expect(abs(Double(trailing) - (200 - w)) <= 0.5)
    }

    @Test("at scale 2 the layout is the 1x layout doubled, within a pixel; measured points agree within a point")
    func scales() {
        let one = glyphs("Glint draws text", body), two = glyphs("Glint draws text", body, scale: 2)
        #expect(one.count == two.count)
        for (a, b) in zip(one, two) { #expect(abs(Double(b.x) - 2 * Double(a.x)) <= 4 && abs(Double(b.y) - 2 * Double(a.y)) <= 2) }
        let m1 = engine.measure("Glint draws text", font: body, maxWidth: nil, options: TextLayoutOptions(), scale: 1)
        let m2 = engine.measure("Glint draws text", font: body, maxWidth: nil, options: TextLayoutOptions(), scale: 2)
        #expect(abs(m1.width - m2.width) <= 1.5, "\(m1) \(m2)")
        #expect(one.allSatisfy { $0.x == $0.x.rounded() && $0.y == $0.y.rounded() }, "glyphs sit on whole pixels")
    }

    @Test("monospaced glyphs advance alike; a bold face inks more; accents draw their own glyphs")
    func faces() {
        let mono = FontSpec(size: 17, design: .monospaced)
        let iii = engine.measure("iii", font: mono, maxWidth: nil, options: TextLayoutOptions(), scale: 1)
        let mmm = engine.measure("MMM", font: mono, maxWidth: nil, options: TextLayoutOptions(), scale: 1)
        #expect(iii.width == mmm.width)
        func ink(_ font: FontSpec) -> Int {
            var total = 0
            for g in glyphs("Ink", font) {
                engine.render(g.key) { buffer, w, h, pitch, _, _ in
                    for y in 0..<h { for x in 0..<w { total += Int(buffer[y * pitch + x]) } }
                }
            }
            return total
        }
        #expect(ink(FontSpec(size: 17, weight: .bold)) > ink(body) * 11 / 10)
        let accented = glyphs("éü—", body).map(\.key.glyph)
        let question = glyphs("?", body).first!.key.glyph
        #expect(accented.count == 3 && !accented.contains(question))
    }

    @Test("the first glyph of a face at a size brings its printable ASCII into the atlas: a label that changes later needs no new glyph")
    func atlasWarmsASCII() throws {
        let context = try HeadlessContext()
        let renderer = try GlyphRenderer(engine: engine)
        let caption = FontSpec(size: 26, weight: .semibold)
        renderer.upload(glyphs("Hold Anywhere!", caption))
        let afterFirst = renderer.glyphCount
        #expect(afterFirst >= 94, "printable ASCII at that size (94 with ink; the space has none): \(afterFirst) glyphs")
        renderer.upload(glyphs("Holding...", caption))
        renderer.upload(glyphs("Tear me ~ {0-9} | <> @ #", caption))
        #expect(renderer.glyphCount == afterFirst, "no glyph added for ASCII at a size already met")
        // Another size is its own set.
        renderer.upload(glyphs("x", FontSpec(size: 13)))
        #expect(renderer.glyphCount >= afterFirst + 94)
        withExtendedLifetime(context) {}
    }

    @Test("measuring and laying out the same text again allocates no new metrics")
    func cached() {
        _ = engine.measure("Cached text", font: body, maxWidth: 80, options: TextLayoutOptions(), scale: 2)
        var out: [PlacedGlyph] = []
        out.reserveCapacity(64)
        engine.layout("Cached text", font: body, in: Rect(x: 0, y: 0, width: 80, height: 100), options: TextLayoutOptions(), color: .white, scale: 2, into: &out)
        let first = out
        out.removeAll(keepingCapacity: true)
        engine.layout("Cached text", font: body, in: Rect(x: 0, y: 0, width: 80, height: 100), options: TextLayoutOptions(), color: .white, scale: 2, into: &out)
        #expect(out.map(\.x) == first.map(\.x) && out.map(\.y) == first.map(\.y))
    }
}
