// This file imports Glint and nothing else from the platform, as a SwiftUI file imports only
// SwiftUI: Date, URL, UUID, DispatchQueue and CGSize below come through `import Glint`.
import Glint
import Testing

/// What every SwiftUI file takes for granted: Foundation through the one import, `Text`'s
/// interpolations, and SwiftUI's tolerance of an invalid frame.
@Suite("SwiftUI's spellings: Foundation through import Glint, Text interpolation, invalid frames", .serialized)
struct SwiftUISpellingTests {
    /// The pixels of `view` drawn alone at 1x.
    static func pixels(_ view: some View) throws -> RenderedImage {
        let renderer = ImageRenderer(content: view)
        renderer.backdrop = .black
        return try renderer.render()
    }

    @Test("import Glint brings Foundation: Date, TimeInterval, UUID, URL, DispatchQueue, CGSize")
    func foundationComesWithGlint() {
        let start = Date(timeIntervalSince1970: 0)
        let later: TimeInterval = 90
        #expect(start.addingTimeInterval(later).timeIntervalSince1970 == 90)
        #expect(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") != nil)
        #expect(URL(fileURLWithPath: "/tmp/a.png").lastPathComponent == "a.png")
        let ran = DispatchQueue(label: "glint.test").sync { 7 }
        #expect(ran == 7)
        #expect(CGSize(width: 2, height: 3).width == 2)
    }

    @Test("Text(\"\\(x, specifier:)\") draws the number as printf formats it, as the plain text would",
          arguments: [("%.2f", "3.14"), ("%05.1f", "003.1"), ("%d", "3"), ("pi is %.3f here", "pi is 3.142 here"), ("%.0f%%", "3%")])
    func specifier(specifier: String, shown: String) throws {
        let x = 3.14159
        let formatted = try Self.pixels(Text("\(x, specifier: specifier)").foregroundStyle(.white))
        let plain = try Self.pixels(Text(verbatim: shown).foregroundStyle(.white))
        #expect(formatted.width == plain.width && formatted.pixels == plain.pixels)
    }

    @Test("an integer takes %d and %x; a format that is not one number's is shown as the value, never a crash")
    func integerSpecifiers() throws {
        let n = 255
        let hex = try Self.pixels(Text("\(n, specifier: "%x") \(n, specifier: "%4d")").foregroundStyle(.white))
        #expect(hex.pixels == (try Self.pixels(Text(verbatim: "ff  255").foregroundStyle(.white))).pixels)
        // %@ or two conversions would read an argument that is not there.
        let refused = try Self.pixels(Text("\(n, specifier: "%@ %d")").foregroundStyle(.white))
        #expect(refused.pixels == (try Self.pixels(Text(verbatim: "255").foregroundStyle(.white))).pixels)
    }

    @Test("Text(\"\\(x, format:)\") takes a Foundation format style")
    func formatStyle() throws {
        let x = 2.5
        let styled = try Self.pixels(Text("\(x, format: .number.precision(.fractionLength(3)))").foregroundStyle(.white))
        #expect(styled.pixels == (try Self.pixels(Text(verbatim: "2.500").foregroundStyle(.white))).pixels)
    }

    @Test(".frame(width: .infinity) and a negative height are ignored, as SwiftUI ignores them, instead of crashing")
    func invalidFrames() throws {
        let square = Rectangle().fill(.white).frame(width: 20, height: 10)
        let reference = try Self.pixels(square)
        let infinite = try Self.pixels(square.frame(width: .infinity))
        let negative = try Self.pixels(square.frame(height: -5))
        let nan = try Self.pixels(square.frame(minWidth: .nan, idealWidth: -1))
        for image in [infinite, negative, nan] {
            #expect(image.width == reference.width && image.height == reference.height && image.pixels == reference.pixels)
        }
    }
}
