import Foundation
import Glint
import Testing

/// Transitions inside transitions: a view with a `.transition` inside another view inserted or
/// removed with its own runs no transition of its own, as in SwiftUI; only the outermost runs.
@Suite("Nested transitions", .serialized)
struct NestedTransitionTests {
    /// A white square fading in and out (`.opacity`) inside a container that also fades, the
    /// container shown when `shown`.
    struct Nested: View {
        let shown: Bool
        var body: some View {
            ZStack {
                if shown {
                    ZStack { Color.white.frame(width: 8, height: 8).transition(.opacity) }.transition(.opacity)
                }
            }.frame(width: 8, height: 8)
        }
    }

    /// The square's alpha at each time, the change made by `.linear(duration: 1)` at 10 s.
    static func alphas(initially: Bool) throws -> [Int] {
        let view = TransitionTests.Flipping(initially: initially, animation: .linear(duration: 1)) { Nested(shown: $0) }
        return try TransitionTests.frames(view, at: [10, 10.25, 10.5, 11, 12]).map { Int($0.pixel(x: 4, y: 4).alpha) }
    }

    @Test("inserted inside a fading container, a fading view fades once: half opaque half way, not a quarter")
    func insertion() throws {
        let got = try Self.alphas(initially: false)
        let want = [0, 0.25, 0.5, 1, 1].map { Int(($0 * 255).rounded()) }
        #expect(zip(got, want).allSatisfy { abs($0 - $1) <= 1 }, "\(got) against \(want)")
    }

    @Test("removed inside a fading container, a fading view fades once, drawn once, and goes with the container")
    func removal() throws {
        let got = try Self.alphas(initially: true)
        let want = [1, 0.75, 0.5, 0, 0].map { Int(($0 * 255).rounded()) }
        #expect(zip(got, want).allSatisfy { abs($0 - $1) <= 1 }, "\(got) against \(want)")
    }

    @Test("a transition inside a view that is there all along still runs when its own view is inserted")
    func innerAlone() throws {
        struct Inner: View {
            let shown: Bool
            var body: some View {
                ZStack { ZStack { if shown { Color.white.frame(width: 8, height: 8).transition(.opacity) } }.transition(.opacity) }
                    .frame(width: 8, height: 8)
            }
        }
        let view = TransitionTests.Flipping(initially: false, animation: .linear(duration: 1)) { Inner(shown: $0) }
        let got = try TransitionTests.frames(view, at: [10, 10.5, 12]).map { Int($0.pixel(x: 4, y: 4).alpha) }
        #expect(abs(got[1] - 128) <= 1 && got[2] == 255, "\(got)")
    }

    @Test("a container removed and brought back mid-removal: a view inside it, removed later on its own, still fades by its transition")
    func innerAfterOuterCameBack() throws {
        final class Model { var outer = true; var inner = true }
        let model = Model()
        let make = {
            ZStack {
                if model.outer {
                    ZStack { if model.inner { Color.white.frame(width: 8, height: 8).transition(.opacity) } }.transition(.opacity)
                }
            }
            .frame(width: 8, height: 8)
            .animation(.linear(duration: 1), value: model.outer)
            .animation(.linear(duration: 1), value: model.inner)
        }
        let renderer = ImageRenderer(content: make())
        var alphas: [Int] = []
        for (t, outer, inner) in [(0.0, true, true), (1, false, true), (1.5, false, true), (1.5, true, true), (2.5, true, true),
                                  (3, true, false), (3.5, true, false), (4.5, true, false)] {
            (model.outer, model.inner) = (outer, inner)
            renderer.content = make()
            renderer.date = TransitionTests.at(t)
            alphas.append(Int(try renderer.render().pixel(x: 4, y: 4).alpha))
        }
        // Out from 1 s, half way at 1.5 s, back by 2.5 s; the square alone fading out from 3 s: half at 3.5 s, gone at 4.5 s.
        let want = [1, 1, 0.5, 0.5, 1, 1, 0.5, 0].map { Int(($0 * 255).rounded()) }
        #expect(zip(alphas, want).allSatisfy { abs($0 - $1) <= 1 }, "\(alphas) against \(want)")
    }

    @Test("removed inside a fading container, a view whose transition has its own slower animation goes with the container")
    func ownAnimationInside() throws {
        struct Slow: View {
            let shown: Bool
            var body: some View {
                ZStack {
                    if shown {
                        ZStack { Color.white.frame(width: 8, height: 8).transition(.opacity.animation(.linear(duration: 4))) }
                            .transition(.opacity)
                    }
                }.frame(width: 8, height: 8)
            }
        }
        for initially in [true, false] {
            let view = TransitionTests.Flipping(initially: initially, animation: .linear(duration: 1)) { Slow(shown: $0) }
            let got = try TransitionTests.frames(view, at: [10, 10.5, 11, 12]).map { Int($0.pixel(x: 4, y: 4).alpha) }
            let want = (initially ? [1, 0.5, 0, 0] : [0, 0.5, 1, 1]).map { Int(($0 * 255).rounded()) }
            #expect(zip(got, want).allSatisfy { abs($0 - $1) <= 1 }, "\(initially ? "removed" : "inserted"): \(got) against \(want)")
        }
    }

    @Test(".blurReplace: half way in by a linear animation, the view half opaque, blurred by 4 points and scaled by 0.9")
    func blurReplace() throws {
        let view = TransitionTests.Flipping(initially: false, animation: .linear(duration: 1)) { shown in
            ZStack { if shown { Color.white.frame(width: 20, height: 20).transition(.blurReplace) } }.frame(width: 60, height: 60)
        }
        let mid = try TransitionTests.frames(view, at: [10, 10.5])[1]
        let still = try ImageRenderer(content: Color.white.frame(width: 20, height: 20).blur(radius: 4).opacity(0.5).scaleEffect(0.9)
            .frame(width: 60, height: 60)).render()
        var worst = 0
        for y in stride(from: 10, to: 50, by: 2) {
            for x in stride(from: 10, to: 50, by: 2) { worst = max(worst, abs(Int(mid.pixel(x: x, y: y).alpha) - Int(still.pixel(x: x, y: y).alpha))) }
        }
        #expect(worst <= 2, "the largest difference in alpha from the still picture: \(worst)")
        // Blurred: half opaque in the middle, fading toward the scaled square's edge (at 30 ± 9) where unblurred it would be half.
        let centre = Int(mid.pixel(x: 30, y: 30).alpha), edge = Int(mid.pixel(x: 38, y: 30).alpha)
        #expect(abs(centre - 128) <= 2 && edge < 100, "centre \(centre), near the edge \(edge)")
    }
}
