import Foundation
import Glint
import Testing
import struct GlintCore.Point
import struct GlintCore.PointerEvent

/// `.highPriorityGesture`, `.simultaneousGesture` and taps that tell where they were.
@Suite("Gesture priority and spatial taps")
struct GesturePriorityTests {
    final class Log { var lines: [String] = [] }

    func tap(_ resolved: ResolvedView, _ x: Double, _ y: Double, at time: Double = 0) {
        resolved.handle(PointerEvent(.down, Point(x: x, y: y), at: time))
        resolved.handle(PointerEvent(.up, Point(x: x, y: y), at: time + 0.05))
    }

    @Test("a parent's highPriorityGesture takes a press on its child before the child's own; a simultaneousGesture hears it beside the child's")
    func priorities() {
        let log = Log()
        func view(_ high: Bool) -> some View {
            Group {
                if high {
                    Color.red.frame(width: 50, height: 50).onTapGesture { log.lines.append("child") }
                        .padding(25)
                        .highPriorityGesture(TapGesture().onEnded { log.lines.append("parent") })
                } else {
                    Color.red.frame(width: 50, height: 50).onTapGesture { log.lines.append("child") }
                        .padding(25)
                        .simultaneousGesture(TapGesture().onEnded { log.lines.append("beside") })
                }
            }
        }
        var resolved = ResolvedView()
        resolved.update(view(true), in: CGSize(width: 100, height: 100))
        tap(resolved, 50, 50)
        #expect(log.lines == ["parent"])
        log.lines = []
        resolved.update(view(false), in: CGSize(width: 100, height: 100))
        tap(resolved, 50, 50, at: 1)
        #expect(log.lines.sorted() == ["beside", "child"])
        log.lines = []
        tap(resolved, 5, 5, at: 2)
        #expect(log.lines == ["beside"], "outside the child only the parent's simultaneous gesture")
    }

    @Test("onTapGesture(coordinateSpace:) and SpatialTapGesture tell where the tap was, in the view's space or the window's")
    func spatialTap() {
        var locations: [CGPoint] = []
        let view = VStack(spacing: 0) {
            Color.clear.frame(height: 40)
            HStack(spacing: 0) {
                Color.clear.frame(width: 30)
                Color.red.frame(width: 60, height: 60).onTapGesture { locations.append($0) }
                Color.blue.frame(width: 60, height: 60)
                    .gesture(SpatialTapGesture(coordinateSpace: .global).onEnded { locations.append($0.location) })
            }
        }
        var resolved = ResolvedView()
        resolved.update(view.frame(width: 150, height: 100, alignment: .topLeading), in: CGSize(width: 150, height: 100))
        tap(resolved, 40, 50)
        tap(resolved, 100, 70, at: 1)
        #expect(locations == [CGPoint(x: 10, y: 10), CGPoint(x: 100, y: 70)])
    }
}
