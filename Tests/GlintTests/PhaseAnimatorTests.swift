import Foundation
import Glint
import Testing

/// SwiftUI's phase animators on the host's clock: which phase shows when, and each change
/// moving by the animation returned for the phase moved to.
@Suite("Phase animators")
struct PhaseAnimatorTests {
    final class Seen { var phases: [Double] = [] }

    static let size = CGSize(width: 100, height: 10)

    @Test("phases cycle from when the view appears, each change taking its animation's time")
    func cycling() {
        let seen = Seen()
        // To 40 over 1 s, to 10 over 1 s, back to 0 over 2 s: a cycle of 4 s.
        let view = PhaseAnimator([0.0, 40.0, 10.0]) { x in
            let _ = seen.phases.append(x)
            KeyframeTests.square(at: x)
        } animation: { phase in
            .linear(duration: phase == 0 ? 2 : 1)
        }
        var resolved = ResolvedView()
        var shown: [Double] = []
        for t in [5.0, 5.25, 6.5, 7.5, 8.5, 9.25] {
            resolved.update(view, in: Self.size, time: t)
            shown.append(resolved.graph.viewRect.minX)
        }
        // 0.25 s into 0 → 40; half way 40 → 10; a quarter and three quarters of 10 → 0; then 0 → 40 again.
        let expected = [0, 10, 25, 7.5, 2.5, 10]
        #expect(zip(shown, expected).allSatisfy { abs($0 - $1) <= 0.5 }, "\(shown) against \(expected) (placed on whole pixels)")
        #expect(seen.phases == [0, 40, 10, 0, 0, 40], "\(seen.phases)")
    }

    struct Tapped: View {
        let seen: Seen
        @State private var taps = 0
        var body: some View {
            Color.red.frame(width: 10, height: 10)
                .phaseAnimator([0.0, 40.0], trigger: taps) { content, x in
                    let _ = seen.phases.append(x)
                    content.offset(x: x)
                } animation: { _ in .easeInOut(duration: 1) }
                .frame(width: 100, height: 10, alignment: .leading)
                .onAppear { taps += 1 }
        }
    }

    @Test("with a trigger: at rest on the first phase; a change runs every phase once and comes back, eased")
    func trigger() {
        let seen = Seen()
        var resolved = ResolvedView()
        var shown: [Double] = []
        for t in [20.0, 20.5, 21.25, 22.5, 30] {
            resolved.update(Tapped(seen: seen), in: Self.size, time: t)
            shown.append(resolved.graph.viewRect.minX)
        }
        let quarter = KeyframeTests.bezier(0.25, 0.42, 0, 0.58, 1)
        let expected = [0, 20, 40 - 40 * quarter, 0, 0]
        #expect(zip(shown, expected).allSatisfy { abs($0 - $1) <= 0.5 }, "\(shown) against \(expected) (placed on whole pixels)")
        #expect(seen.phases == [0, 40, 0, 0, 0], "\(seen.phases)")
    }
}
