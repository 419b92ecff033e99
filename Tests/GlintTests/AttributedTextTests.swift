import Foundation
import Glint
import Testing

/// Text in parts: `Text(AttributedString)` with `foregroundColor` runs, and joined texts that
/// keep their colours.
@Suite("Attributed and joined text")
struct AttributedTextTests {
    /// The inked pixels of `text` on white, left of and right of `split` (points), each counted as
    /// mostly red or mostly blue.
    func inks(_ text: Text, split: Int) throws -> (leftRed: Int, leftBlue: Int, rightRed: Int, rightBlue: Int) {
        let image = try ImageRenderer(content: text.font(.system(size: 24)).fixedSize()
            .frame(width: 240, height: 40, alignment: .leading).background(Color.white)).render()
        var counts = (0, 0, 0, 0)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                let red = Int(p.red) - Int(p.blue), blue = Int(p.blue) - Int(p.red)
                if red > 100 { if x < split { counts.0 += 1 } else { counts.2 += 1 } }
                if blue > 100 { if x < split { counts.1 += 1 } else { counts.3 += 1 } }
            }
        }
        return counts
    }

    @Test("an AttributedString's foregroundColor runs draw each part in its colour")
    func attributed() throws {
        var red = AttributedString("MMMM ")
        red.foregroundColor = .red
        var blue = AttributedString("MMMM")
        blue.foregroundColor = .blue
        let text = Text(red + blue)
        let counts = try inks(text, split: 86)
        #expect(counts.leftRed > 50 && counts.leftBlue == 0, "\(counts)")
        #expect(counts.rightBlue > 50 && counts.rightRed == 0, "\(counts)")
    }

    @Test("Text + Text keeps each part's foregroundColor; a part with none takes the outer one")
    func joined() throws {
        let text = Text("MMMM ").foregroundColor(.red) + Text("MMMM")
        let counts = try inks(text.foregroundColor(.blue), split: 86)
        #expect(counts.leftRed > 50 && counts.leftBlue == 0, "\(counts)")
        #expect(counts.rightBlue > 50 && counts.rightRed == 0, "\(counts)")
        #expect(Text("ab") + Text("c") == Text("abc"))
    }

    @Test("a gradient (a shader style) as the text's foregroundStyle fills its glyphs: red at its leading end, blue at its trailing end, nothing outside them")
    func shaderStyle() throws {
        let gradient = LinearGradient(colors: [.red, .blue], startPoint: .leading, endPoint: .trailing)
        let text = Text("MMMM MMMM").foregroundStyle(gradient)
        let counts = try inks(Text("MMMM MMMM"), split: 86)
        #expect(counts == (0, 0, 0, 0), "plain text is not coloured: \(counts)")
        let image = try ImageRenderer(content: text.font(.system(size: 24)).fixedSize()
            .frame(width: 240, height: 40, alignment: .leading).background(Color.white)).render()
        var left = (red: 0, blue: 0), right = (red: 0, blue: 0), inked = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                if min(p.red, p.green, p.blue) < 200 { inked += 1 }
                if Int(p.red) - Int(p.blue) > 100 { if x < 40 { left.red += 1 } else if x > 140 { right.red += 1 } }
                if Int(p.blue) - Int(p.red) > 100 { if x < 40 { left.blue += 1 } else if x > 140 { right.blue += 1 } }
            }
        }
        #expect(left.red > 50 && left.blue == 0, "\(left)")
        #expect(right.blue > 50 && right.red == 0, "\(right)")
        #expect(inked < 240 * 40 / 3, "only the glyphs are painted, not the text's whole frame: \(inked)")
    }
}
