import Foundation
@testable import Glint
import GlintTestSupport
import Synchronization
import Testing

/// `Image(systemName:)` and `Label`, drawn headless through `ImageRenderer`: symbols in the icon
/// font sized as a line of their font, a placeholder for an unknown name, the icon left of the title.
@Suite("Symbols and Label", .removesTemporaryFiles)
struct SymbolTests {
    /// The font size the tests draw symbols at: their square is 1.2 times it, 24 points.
    static let fontSize: CGFloat = 20
    static let square = 24.0

    /// Where a drawing has ink (alpha over a quarter), and how much.
    struct Ink {
        var count = 0
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        /// Ink pixels whose red does not lead green (the foreground was not the red asked for).
        var offColour = 0
        var mask: [Bool] = []

        /// The ink of `image`, or of its cell `width` × `height` pixels from (`left`, `top`), in the cell's pixels.
        init(_ image: RenderedImage, left: Int = 0, top: Int = 0, width: Int? = nil, height: Int? = nil) {
            let width = width ?? image.width, height = height ?? image.height
            mask = Array(repeating: false, count: width * height)
            for y in 0..<height {
                for x in 0..<width {
                    let p = image.pixel(x: left + x, y: top + y)
                    guard p.alpha > 64 else { continue }
                    mask[y * width + x] = true
                    count += 1
                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                    if p.red <= p.green { offColour += 1 }
                }
            }
        }
    }

    /// `name` drawn in red at `fontSize`, centred in a 40-point frame.
    static func draw(_ name: String, scale: Double) throws -> RenderedImage {
        try draw(Image(systemName: name), scale: scale)
    }

    /// `image` drawn in red at `fontSize`, centred in a 40-point frame.
    static func draw(_ image: Image, scale: Double) throws -> RenderedImage {
        let renderer = ImageRenderer(content: image.font(.system(size: fontSize))
            .foregroundStyle(Color.red).frame(width: 40, height: 40))
        renderer.scale = CGFloat(scale)
        return try renderer.render()
    }

    /// Symbols per row of the table's drawing.
    static let columns = 20

    @Test("every name in the table draws its own glyph, in the foreground colour, inside its 24-point square at 1x and 2x",
          arguments: [1.0, 2.0])
    func everyMappedName(scale: Double) throws {
        let placeholder = Ink(try Self.draw("glint.test.placeholder.reference", scale: scale))
        // What the font draws for a code point it lacks (its .notdef glyph).
        var lacking = Image(systemName: "star")
        lacking.symbol = SystemSymbol(codepoint: 0x10FFFD)
        let notInFont = Ink(try Self.draw(lacking, scale: scale))
        // The whole table in one drawing: a grid of 40-point cells, each a symbol centred in it.
        let names = SymbolTable.entries.map(\.name)
        let rows = (names.count + Self.columns - 1) / Self.columns
        let grid = VStack(spacing: 0) {
            ForEach(0..<rows, id: \.self) { row in
                HStack(spacing: 0) {
                    ForEach(0..<Self.columns, id: \.self) { column in
                        let i = row * Self.columns + column
                        if i < names.count {
                            Image(systemName: names[i]).frame(width: 40, height: 40)
                        } else {
                            Color.clear.frame(width: 40, height: 40)
                        }
                    }
                }
            }
        }
        let renderer = ImageRenderer(content: grid.font(.system(size: Self.fontSize)).foregroundStyle(Color.red))
        renderer.scale = CGFloat(scale)
        let image = try renderer.render()
        let cell = Int(40 * scale)
        #expect(image.width == cell * Self.columns && image.height == cell * rows)
        // The square, 24 points, centred in the 40-point cell: pixels from 8 to 32 points.
        let low = Int((8 * scale).rounded()), high = Int((32 * scale).rounded())
        // Material's thinnest glyph (`remove`, a bar 14 × 2 of 24) covers about 5 % of the square.
        let least = Int(Self.square * Self.square * scale * scale / 50)
        var problems: [String] = []
        for (i, name) in names.enumerated() {
            let ink = Ink(image, left: i % Self.columns * cell, top: i / Self.columns * cell, width: cell, height: cell)
            if ink.count < least {
                problems.append("\(name): \(ink.count) ink pixels, fewer than \(least)")
            } else if ink.minX < low || ink.minY < low || ink.maxX >= high || ink.maxY >= high {
                problems.append("\(name): ink from (\(ink.minX), \(ink.minY)) to (\(ink.maxX), \(ink.maxY)), outside \(low)..<\(high)")
            } else if ink.offColour > 0 {
                problems.append("\(name): \(ink.offColour) ink pixels not red")
            } else if ink.mask == placeholder.mask {
                problems.append("\(name): draws the placeholder")
            } else if ink.mask == notInFont.mask {
                problems.append("\(name): its code point is not in the font")
            }
        }
        #expect(problems.isEmpty, "\(problems.count) of \(names.count): \(problems.prefix(10).joined(separator: "; "))")
        #expect(names.count >= 100)
    }

    @Test("a symbol with no style of its own is drawn in the scheme's primary colour: white in dark, as text is")
    func primaryPerScheme() throws {
        let renderer = ImageRenderer(content: Image(systemName: "star.fill").font(.system(size: 20)).preferredColorScheme(.dark))
        renderer.backdrop = .black
        let image = try renderer.render()
        var white = 0
        for y in 0..<image.height { for x in 0..<image.width where image.pixel(x: x, y: y).red > 200 && image.pixel(x: x, y: y).blue > 200 { white += 1 } }
        #expect(white > 40, "the star is white on black in dark: \(white) white pixels")
    }

    @Test("a symbol lays out as a square 1.2 times its font's size: 24 points at 20, 12 at 10, at 1x and 2x", arguments: [1.0, 2.0])
    func sizedByTheFont(scale: Double) throws {
        for (size, side) in [(CGFloat(20), 24), (10, 12), (30, 36)] {
            let renderer = ImageRenderer(content: Image(systemName: "star.fill").font(.system(size: size)))
            renderer.scale = CGFloat(scale)
            let image = try renderer.render()
            #expect(image.width == Int(Double(side) * scale) && image.height == Int(Double(side) * scale),
                    "font size \(size): \(image.width)x\(image.height) pixels")
            let ink = Ink(image)
            #expect(ink.count > image.width * image.height / 4, "font size \(size): \(ink.count) ink pixels")
        }
        // `.imageScale`: 0.8 and 1.3 times the medium square, on whole pixels.
        for (imageScale, factor) in [(Image.Scale.small, 0.8), (.medium, 1), (.large, 1.3)] {
            let renderer = ImageRenderer(content: Image(systemName: "star.fill").imageScale(imageScale).font(.system(size: 20)))
            renderer.scale = CGFloat(scale)
            let image = try renderer.render()
            let side = Int((24 * factor * scale).rounded())
            #expect(image.width == side && image.height == side, "\(imageScale): \(image.width)x\(image.height) pixels, not \(side)")
        }
        // With no font set, the body's 17 points: a 20.4-point square, as tall as a line of text.
        let body = try ImageRenderer(content: Image(systemName: "star")).render()
        #expect(body.width == 20 && body.height == 20)
    }

    @Test("a symbol's weight follows its font's: circle's ring, 1/12 em, is 0.036 em thicker in bold, 0.065 in black, 0.03 thinner in thin",
          arguments: [1.0, 2.0])
    func weighted(scale: Double) throws {
        for (weight, thickening) in [(Font.Weight.regular, 0.0), (.bold, 0.036), (.black, 0.065), (.thin, -0.03)] {
            let renderer = ImageRenderer(content: Image(systemName: "circle").font(.system(size: Self.fontSize, weight: weight)))
            renderer.scale = CGFloat(scale)
            let image = try renderer.render()
            let coverage = image.pixels.enumerated().reduce(0.0) { sum, byte in byte.offset % 4 == 3 ? sum + Double(byte.element) / 255 : sum }
            // Material's ring: radii 10 and 8 of its 24 units, each edge moved out by half the thickening.
            let em = Self.square * scale, half = thickening * em / 2
            let outer = 10 / 24 * em + half, inner = 8 / 24 * em - half
            let expected = Double.pi * (outer * outer - inner * inner)
            #expect(abs(coverage - expected) / expected < 0.06, "\(weight): \(coverage) pixels of ink, not \(expected)")
            #expect(image.width == Int(em), "the weight leaves the size alone")
        }
    }

    @Test("an unknown name draws a placeholder of the symbol's size and is said once, however often it is drawn")
    func unknownName() throws {
        let lines = Mutex<[String]>([])
        let saved = SystemSymbol.reporter.withLock { $0 }
        SystemSymbol.reporter.withLock { $0 = { line in lines.withLock { $0.append(line) } } }
        defer { SystemSymbol.reporter.withLock { $0 = saved } }

        let name = "glint.test.no.such.symbol"
        for scale in [1.0, 2.0, 1.0] {
            let image = try Self.draw(name, scale: scale)
            let ink = Ink(image)
            let low = Int((8 * scale).rounded()), high = Int((32 * scale).rounded())
            #expect(ink.count > Int(Self.square * Self.square * scale * scale / 4), "the placeholder is a filled box")
            #expect(ink.minX >= low && ink.minY >= low && ink.maxX < high && ink.maxY < high)
            #expect(ink.maxX - ink.minX > Int(14 * scale), "as wide as a symbol: \(ink.minX)...\(ink.maxX)")
        }
        let said = lines.withLock { $0 }.filter { $0.contains(name) }
        #expect(said == ["no symbol for '\(name)'; drawing a placeholder"])
    }

    @Test("resizable() fits a symbol to its frame: circle.fill in 60 points is a disc 50 across, centred")
    func resizable() throws {
        for scale in [1.0, 2.0] {
            let renderer = ImageRenderer(content: Image(systemName: "circle.fill").resizable()
                .foregroundStyle(Color.red).frame(width: 60, height: 80))
            renderer.scale = CGFloat(scale)
            let ink = Ink(try renderer.render())
            // Material's circle fills 20 of its 24 units: 50 of 60 points; in an 80-tall frame, centred.
            let width = Double(ink.maxX - ink.minX + 1) / scale, height = Double(ink.maxY - ink.minY + 1) / scale
            #expect(abs(width - 50) <= 1.5 && abs(height - 50) <= 1.5, "\(width) x \(height) points")
            let centreX = Double(ink.minX + ink.maxX + 1) / 2 / scale, centreY = Double(ink.minY + ink.maxY + 1) / 2 / scale
            #expect(abs(centreX - 30) <= 1 && abs(centreY - 40) <= 1, "centre (\(centreX), \(centreY))")
        }
        // `.scaledToFit()` with only a width: a square as wide, the disc 50 of its 60 points.
        let fitted = try ImageRenderer(content: Image(systemName: "circle.fill").resizable().scaledToFit().frame(width: 60)).render()
        #expect(fitted.width == 60 && fitted.height == 60, "\(fitted.width)x\(fitted.height)")
        let ink = Ink(fitted)
        #expect(abs(Double(ink.maxX - ink.minX + 1) - 50) <= 1.5 && abs(Double(ink.maxY - ink.minY + 1) - 50) <= 1.5)
    }

    /// The columns of `image` that hold ink.
    static func inkedColumns(_ image: RenderedImage) -> [Bool] {
        (0..<image.width).map { x in (0..<image.height).contains { image.pixel(x: x, y: $0).alpha > 64 } }
    }

    @Test("Label puts the icon left of the title, 8 points apart; .titleOnly and .iconOnly show one", arguments: [1.0, 2.0])
    func label(scale: Double) throws {
        func render<V: View>(_ view: V) throws -> RenderedImage {
            let renderer = ImageRenderer(content: view.font(.system(size: Self.fontSize)).foregroundStyle(Color.red))
            renderer.scale = CGFloat(scale)
            return try renderer.render()
        }
        let title = try render(Text("Play"))
        let label = try render(Label("Play", systemImage: "play.fill"))
        let iconWidth = Int(Self.square * scale), gap = Int(8 * scale)
        #expect(label.width == iconWidth + gap + title.width, "\(label.width) pixels, not \(iconWidth) + \(gap) + \(title.width)")
        let columns = Self.inkedColumns(label)
        #expect(columns[0..<iconWidth].contains(true), "the icon is at the left")
        #expect(!columns[iconWidth..<(iconWidth + gap)].contains(true), "the gap is empty")
        let titleColumns = Self.inkedColumns(title)
        #expect(Array(columns[(iconWidth + gap)...]) == titleColumns, "the title is at the right, drawn as Text alone")

        #expect(try render(Label("Play", systemImage: "play.fill").labelStyle(.titleOnly)).width == title.width)
        #expect(try render(Label("Play", systemImage: "play.fill").labelStyle(.iconOnly)).width == iconWidth)
        let custom = try render(Label { Text("Play") } icon: { Color.blue.frame(width: 10, height: 10) })
        #expect(custom.width == Int(10 * scale) + gap + title.width)

        // An image file as the icon: its pixels as points.
        let png = try ImageRenderer(content: Color.blue.frame(width: 12, height: 6)).renderPNG()
        let file = try TemporaryFiles.folder("glint-label") + "/icon.png"
        try png.write(to: URL(fileURLWithPath: file))
        let fileLabel = try render(Label("Play", image: file))
        #expect(fileLabel.width == Int(12 * scale) + gap + title.width)
        #expect(fileLabel.pixel(x: 0, y: fileLabel.height / 2).blue > 200, "the image at the left")
        // A title held in a String takes the StringProtocol initialisers, laid out the same.
        let held = "Play"
        #expect(try render(Label(held, systemImage: "play.fill")).width == label.width)
        #expect(try render(Label(held, image: file)).width == fileLabel.width)

        // A prominent button with a symbol: its plate as much wider as the icon and the gap.
        let plain = try render(Button("Play") {}.buttonStyle(.borderedProminent))
        let withIcon = try render(Button("Play", systemImage: "play.fill") {}.buttonStyle(.borderedProminent))
        #expect(withIcon.width - plain.width == iconWidth + gap)
        // The label is white on the plate: the play triangle (14 units tall, 11 across: 77 of its
        // square's 576) adds about that much white.
        func white(_ image: RenderedImage) -> Int {
            stride(from: 0, to: image.pixels.count, by: 4).count { image.pixels[$0] > 200 && image.pixels[$0 + 1] > 200 && image.pixels[$0 + 2] > 200 }
        }
        let triangle = 77.0 / 576 * Self.square * Self.square * scale * scale
        #expect(Double(white(withIcon) - white(plain)) > 0.75 * triangle, "\(white(withIcon) - white(plain)) white pixels more")
    }
}
