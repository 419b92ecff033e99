import Foundation
import Glint
import Testing
import struct GlintCore.Point
import struct GlintCore.PointerEvent

/// `@GestureState` with `updating(_:body:)`: set while the gesture is under way, back to its
/// initial value when it ends or is taken away.
@Suite("@GestureState")
struct GestureStateTests {
    struct Dragged: View {
        @GestureState private var drag = CGSize.zero

        var body: some View {
            Color.red.frame(width: 40, height: 40)
                .accessibilityIdentifier("square")
                .offset(drag)
                .gesture(DragGesture(minimumDistance: 0).updating($drag) { value, state, _ in state = value.translation })
        }
    }

    @Test("a drag's translation is the state while the press lasts; the release puts it back")
    func dragState() throws {
        var resolved = ResolvedView()
        let size = CGSize(width: 200, height: 200)
        resolved.update(Dragged(), in: size)
        let start = try #require(resolved.frame(identifiedBy: "square"))
        resolved.handle(PointerEvent(.down, Point(x: 100, y: 100), at: 0))
        resolved.handle(PointerEvent(.move, Point(x: 130, y: 90), at: 0.1))
        resolved.update(Dragged(), in: size)
        let moved = try #require(resolved.frame(identifiedBy: "square"))
        #expect(moved.minX == start.minX + 30 && moved.minY == start.minY - 10, "\(start) → \(moved)")
        resolved.handle(PointerEvent(.up, Point(x: 130, y: 90), at: 0.2))
        resolved.update(Dragged(), in: size)
        #expect(resolved.frame(identifiedBy: "square") == start, "back where it began")
        // Taken away mid-drag (a key switched the screen): back too.
        resolved.handle(PointerEvent(.down, Point(x: 100, y: 100), at: 1))
        resolved.handle(PointerEvent(.move, Point(x: 150, y: 100), at: 1.1))
        resolved.update(Dragged(), in: size)
        #expect(resolved.frame(identifiedBy: "square") != start)
        resolved.handle(PointerEvent(.cancel, Point(x: 150, y: 100), at: 1.2))
        resolved.update(Dragged(), in: size)
        #expect(resolved.frame(identifiedBy: "square") == start)
    }

    struct Held: View {
        @GestureState private var pressing = false
        var body: some View {
            Color.red.frame(width: pressing ? 80 : 40, height: 40)
                .accessibilityIdentifier("square")
                .gesture(LongPressGesture(minimumDuration: 5).updating($pressing) { value, state, _ in state = value })
        }
    }

    @Test("a long press sets its state while held and puts it back on release")
    func longPressState() {
        var resolved = ResolvedView()
        let size = CGSize(width: 200, height: 200)
        resolved.update(Held(), in: size)
        #expect(resolved.frame(identifiedBy: "square")?.width == 40)
        resolved.handle(PointerEvent(.down, Point(x: 100, y: 100), at: 0))
        resolved.update(Held(), in: size)
        #expect(resolved.frame(identifiedBy: "square")?.width == 80)
        resolved.handle(PointerEvent(.up, Point(x: 100, y: 100), at: 0.2))
        resolved.update(Held(), in: size)
        #expect(resolved.frame(identifiedBy: "square")?.width == 40)
    }
}
