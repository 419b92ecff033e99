import Foundation
import Glint
import Testing

/// Views moved by a removal, and by an insertion in the same change as a layout attribute, slide
/// to their new places at once, as in SwiftUI: rows' tops found in pictures drawn through
/// `ImageRenderer` at chosen times, against the linear animation's positions worked out here.
extension LayoutAnimationTests {
    /// The top row of the pure green rectangle and the blue of the pixel at (50, `blueRow`), in
    /// `view`'s picture (100 points wide, 200 high, over black) at each time.
    static func greenTopsAndBlue(_ view: some View, times: [Double], blueRow: Int) throws -> [(top: Int, blue: Int)] {
        let renderer = ImageRenderer(content: view)
        renderer.backdrop = .black
        return try times.map { t in
            renderer.date = AnimationViewTests.at(t)
            let image = try renderer.render()
            let top = (0..<image.height).first { y in
                let p = image.pixel(x: image.width / 2, y: y)
                return p.green > 250 && p.red < 5 && p.blue < 5
            } ?? -1
            return (top, Int(image.pixel(x: image.width / 2, y: blueRow).blue))
        }
    }

    /// A VStack (no spacing, centred in 200 points) of a blue rectangle shown when `shown` (with
    /// an opacity transition), then a green and a red one, each 40 points high.
    static func departingColumn(_ shown: Bool) -> some View {
        VStack(spacing: 0) {
            if shown { Color(red: 0, green: 0, blue: 1).frame(width: 60, height: 40).transition(.opacity) }
            Color(red: 0, green: 1, blue: 0).frame(width: 60, height: 40)
            Color(red: 1, green: 0, blue: 0).frame(width: 60, height: 40)
        }
        .frame(width: 100, height: 200)
    }

    @Test("a view removed with a transition inside withAnimation(.linear(duration: 1)) takes no room at once: its siblings slide (the green one's top halfway at 0.5 s) while it fades where it was; without an animation they jump")
    func siblingsSlideOnRemoval() throws {
        // Three rows (120 points) centred in 200: blue from 40, green's top at 80; two (80): green's top at 60.
        let blueTop = (200 - 3 * 40) / 2
        let before = blueTop + 40, after = (200 - 2 * 40) / 2
        let times = [100.0, 100.5, 101.0, 101.5]
        // The blue row's middle, above where green slides to: blue while shown, half faded at 0.5 s.
        let blueRow = blueTop + 10
        let animated = AnimationViewTests.Appearing(animation: .linear(duration: 1), log: Log()) { on in Self.departingColumn(!on) }
        let slid = try Self.greenTopsAndBlue(animated, times: times, blueRow: blueRow)
        #expect(slid.map(\.top) == [before, (before + after) / 2, after, after], "\(slid)")
        let fading = slid.map(\.blue)
        #expect(fading[0] == 255 && abs(fading[1] - 128) <= 2 && fading[2] == 0 && fading[3] == 0, "\(fading)")

        let jumping = AnimationViewTests.Appearing(animation: nil, log: Log()) { on in Self.departingColumn(!on) }
        let jumped = try Self.greenTopsAndBlue(jumping, times: times, blueRow: blueRow)
        #expect(jumped.map(\.top) == [before, after, after, after], "\(jumped)")
        #expect(jumped.map(\.blue) == [255, 0, 0, 0], "\(jumped)")
    }
}

extension LayoutAnimationTests {
    /// The top row of the rectangle of pure `colour` (red, green or blue as 0/1 channels) in the
    /// middle column of `view`'s picture (100 points wide, 200 high, over black) at each time.
    static func tops(_ view: some View, times: [Double], of colour: (r: Bool, g: Bool, b: Bool)) throws -> [Int] {
        let renderer = ImageRenderer(content: view)
        renderer.backdrop = .black
        func on(_ c: UInt8, _ wanted: Bool) -> Bool { wanted ? c > 250 : c < 5 }
        return try times.map { t in
            renderer.date = AnimationViewTests.at(t)
            let image = try renderer.render()
            return (0..<image.height).first { y in
                let p = image.pixel(x: image.width / 2, y: y)
                return on(p.red, colour.r) && on(p.green, colour.g) && on(p.blue, colour.b)
            } ?? -1
        }
    }

    /// A column (top-aligned in 100 by 200) of a blue row inserted when `on`, a green row `green`
    /// high and a red one, 40 each otherwise; `spacing` between, `top` padding above.
    static func growingColumn(_ on: Bool, spacing: CGFloat, top: CGFloat, green: CGFloat) -> some View {
        VStack(spacing: spacing) {
            if on { Color(red: 0, green: 0, blue: 1).frame(width: 60, height: 40) }
            Color(red: 0, green: 1, blue: 0).frame(width: 60, height: green)
            Color(red: 1, green: 0, blue: 0).frame(width: 60, height: 40)
        }
        .padding(.top, top)
        .frame(width: 100, height: 200, alignment: .top)
    }

    @Test("a view inserted inside withAnimation(.linear(duration: 1)) in the same change as a padding, a stack's spacing or a fixed frame slides its siblings with it: each row halfway from its old place to its new at 0.5 s")
    func insertionWithLayoutChange() throws {
        let times = [100.0, 100.5, 101.0, 101.5]
        let green = (r: false, g: true, b: false), red = (r: true, g: false, b: false)
        func expected(_ from: Int, _ to: Int) -> [Int] { [from, (from + to) / 2, to, to] }
        // Top padding 0 → 40: green from 0 to 40 + 40 (below blue), red from 40 to 120.
        let padded = AnimationViewTests.Appearing(animation: .linear(duration: 1), log: Log()) { on in
            Self.growingColumn(on, spacing: 0, top: on ? 40 : 0, green: 40)
        }
        let paddedGreen = try Self.tops(padded, times: times, of: green)
        #expect(paddedGreen == expected(0, 80), "padding, green: \(paddedGreen)")
        let paddedRed = try Self.tops(padded, times: times, of: red)
        #expect(paddedRed == expected(40, 120), "padding, red: \(paddedRed)")

        // Spacing 0 → 20: green from 0 to 40 + 20, red from 40 to 60 + 40 + 20.
        let spaced = AnimationViewTests.Appearing(animation: .linear(duration: 1), log: Log()) { on in
            Self.growingColumn(on, spacing: on ? 20 : 0, top: 0, green: 40)
        }
        let spacedGreen = try Self.tops(spaced, times: times, of: green)
        #expect(spacedGreen == expected(0, 60), "spacing, green: \(spacedGreen)")
        let spacedRed = try Self.tops(spaced, times: times, of: red)
        #expect(spacedRed == expected(40, 120), "spacing, red: \(spacedRed)")

        // Green 40 → 60 high: green from 0 to 40, red from 40 to 40 + 60.
        let framed = AnimationViewTests.Appearing(animation: .linear(duration: 1), log: Log()) { on in
            Self.growingColumn(on, spacing: 0, top: 0, green: on ? 60 : 40)
        }
        let framedGreen = try Self.tops(framed, times: times, of: green)
        #expect(framedGreen == expected(0, 40), "frame, green: \(framedGreen)")
        let framedRed = try Self.tops(framed, times: times, of: red)
        #expect(framedRed == expected(40, 100), "frame, red: \(framedRed)")
    }
}
