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
