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
}
