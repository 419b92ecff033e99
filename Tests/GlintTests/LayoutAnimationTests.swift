import Foundation
import Glint
import Testing

/// Layout that animates, as in SwiftUI: padding, and a stack's spacing and alignment changed
/// inside `withAnimation` move the views they place smoothly, drawn through `ImageRenderer` at
/// chosen times and compared with the linear animation's positions worked out here.
@Suite("Layout animating", .serialized)
struct LayoutAnimationTests {
    typealias Log = AnimationViewTests.Log

    /// The left edge of the white square on row `y` of `view` at each time, in pixels (−1 for none).
    static func edges(_ view: some View, times: [Double], y: Int = 5) throws -> [Int] {
        let renderer = ImageRenderer(content: view)
        renderer.backdrop = .black
        return try times.map { t in
            renderer.date = AnimationViewTests.at(t)
            let image = try renderer.render()
            return (0..<image.width).first { image.pixel(x: $0, y: y).green > 200 } ?? -1
        }
    }

    /// The times drawn: before the change, a quarter, half and three quarters through a 1 s
    /// linear animation, and after it.
    static let times = [100.0, 100.25, 100.5, 100.75, 101.5]

    @Test("padding changed inside withAnimation(.linear(duration: 1)) moves the view: 40 points of leading padding a quarter at 0.25 s")
    func padding() throws {
        let view = AnimationViewTests.Appearing(animation: .linear(duration: 1), log: Log()) { on in
            Color.white.frame(width: 10, height: 10).padding(.leading, on ? 40 : 0).frame(width: 100, height: 10, alignment: .leading)
        }
        let found = try Self.edges(view, times: Self.times)
        #expect(found == [0, 10, 20, 30, 40], "\(found)")
    }

    @Test("a stack's spacing and its alignment changed inside withAnimation move its views part-way")
    func stackSpacingAndAlignment() throws {
        let spaced = AnimationViewTests.Appearing(animation: .linear(duration: 1), log: Log()) { on in
            HStack(spacing: on ? 40 : 0) {
                Color.red.frame(width: 10, height: 10)
                Color.white.frame(width: 10, height: 10)
            }
            .frame(width: 100, height: 10, alignment: .leading)
        }
        let apart = try Self.edges(spaced, times: Self.times)
        #expect(apart == [10, 20, 30, 40, 50], "spacing 0 to 40: \(apart)")

        let aligned = AnimationViewTests.Appearing(animation: .linear(duration: 1), log: Log()) { on in
            VStack(alignment: on ? .trailing : .leading, spacing: 0) {
                Color.white.frame(width: 10, height: 10)
                Color.red.frame(width: 50, height: 10)
            }
            .frame(width: 100, height: 20, alignment: .topLeading)
        }
        let across = try Self.edges(aligned, times: Self.times)
        #expect(across == [0, 10, 20, 30, 40], "leading to trailing in a 50-point column: \(across)")
    }
}

extension LayoutAnimationTests {
    /// The first row of `view`'s picture (100 points wide, 200 high) whose middle pixel is pure
    /// green, at each time (−1 for none).
    static func greenTops(_ view: some View, times: [Double]) throws -> [Int] {
        let renderer = ImageRenderer(content: view)
        renderer.backdrop = .black
        return try times.map { t in
            renderer.date = AnimationViewTests.at(t)
            let image = try renderer.render()
            return (0..<image.height).first { y in
                let p = image.pixel(x: image.width / 2, y: y)
                return p.green > 250 && p.red < 5 && p.blue < 5
            } ?? -1
        }
    }

    /// A VStack (no spacing, centred in 200 points) of a blue rectangle shown when `on`, then a
    /// green and a red one, each 40 points high.
    static func column(_ on: Bool) -> some View {
        VStack(spacing: 0) {
            if on { Color(red: 0, green: 0, blue: 1).frame(width: 60, height: 40) }
            Color(red: 0, green: 1, blue: 0).frame(width: 60, height: 40)
            Color(red: 1, green: 0, blue: 0).frame(width: 60, height: 40)
        }
        .frame(width: 100, height: 200)
    }

    @Test("a view inserted inside withAnimation(.linear(duration: 1)) slides its siblings: the green one's top halfway at 0.5 s, at its place at 1 s; without an animation it jumps")
    func siblingsSlide() throws {
        // Two rows (80 points) centred in 200: green's top at 60; three (120): at 40 + 40 = 80.
        let before = (200 - 2 * 40) / 2, after = (200 - 3 * 40) / 2 + 40
        let times = [100.0, 100.5, 101.0, 101.5]
        let animated = AnimationViewTests.Appearing(animation: .linear(duration: 1), log: Log()) { on in Self.column(on) }
        let slid = try Self.greenTops(animated, times: times)
        #expect(slid == [before, (before + after) / 2, after, after], "\(slid)")

        let jumping = AnimationViewTests.Appearing(animation: nil, log: Log()) { on in Self.column(on) }
        let jumped = try Self.greenTops(jumping, times: times)
        #expect(jumped == [before, after, after, after], "\(jumped)")
    }
}

/// `animation(_:body:)`: the modifiers in its body animate by its animation; the view it is on
/// (the placeholder) changes as the transaction around it says.
@Suite("animation(_:body:)", .serialized)
struct AnimationBodyTests {
    @Test("the body's offset moves by the animation (a quarter of 40 points at 0.25 s); the placeholder's colour changes at once")
    func bodyAnimatesPlaceholderDoesNot() throws {
        let view = AnimationViewTests.Appearing(animation: nil, log: AnimationViewTests.Log()) { on in
            Color(white: on ? 1 : 0.5).frame(width: 10, height: 10)
                .animation(.linear(duration: 1)) { content in content.offset(x: on ? 40 : 0) }
                .frame(width: 100, height: 10, alignment: .leading)
        }
        let found = try LayoutAnimationTests.edges(view, times: LayoutAnimationTests.times)
        // −1: no white yet (the square is grey before the change).
        #expect(found == [-1, 10, 20, 30, 40], "\(found)")
    }
}
