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
