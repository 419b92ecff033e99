import Foundation
import Glint
import Testing
import struct GlintCore.Point
import struct GlintCore.PointerEvent
import struct GlintCore.Rect

/// `@State` kept by view identity, and gestures driven by scripted pointer events, headless:
/// what a user's clicks do, without a window.
@Suite("State and gestures")
struct StateAndGestureTests {
    /// A square whose width grows by 10 points each time it is tapped.
    struct Counter: View {
        @State var count = 0
        var body: some View {
            Color.red.frame(width: CGFloat(10 + count * 10), height: 10)
                .onTapGesture { count += 1 }
        }
    }

    /// Presses and releases at `point` at `time`.
    func tap(_ resolved: ResolvedView, at point: Point, time: Double = 0) {
        resolved.handle(PointerEvent(.down, point, at: time))
        resolved.handle(PointerEvent(.up, point, at: time + 0.05))
    }

    let size = CGSize(width: 200, height: 100)
    let centre = Point(x: 100, y: 50)

    @Test("@State survives the body being evaluated again, frame after frame")
    func stateSurvives() {
        var resolved = ResolvedView()
        resolved.update(Counter(), in: size)
        #expect(resolved.graph.viewRect.width == 10)
        tap(resolved, at: centre)
        resolved.update(Counter(), in: size)
        #expect(resolved.graph.viewRect.width == 20)
        tap(resolved, at: centre)
        resolved.update(Counter(), in: size)
        #expect(resolved.graph.viewRect.width == 30)
        #expect(resolved.store.stateCount == 1)
    }

    @Test(".id resets state; so does switching an if/else branch, and leaving the tree")
    func identityResets() {
        var resolved = ResolvedView()
        resolved.update(Counter().id(1), in: size)
        tap(resolved, at: centre)
        resolved.update(Counter().id(1), in: size)
        #expect(resolved.graph.viewRect.width == 20)
        resolved.update(Counter().id(2), in: size)
        #expect(resolved.graph.viewRect.width == 10, "a new id is a new view")

        @ViewBuilder func branch(_ flag: Bool) -> some View {
            if flag { Counter() } else { Counter() }
        }
        resolved.update(branch(true), in: size)
        tap(resolved, at: centre)
        resolved.update(branch(true), in: size)
        #expect(resolved.graph.viewRect.width == 20)
        resolved.update(branch(false), in: size)
        #expect(resolved.graph.viewRect.width == 10, "the other branch is another view")
        resolved.update(branch(true), in: size)
        #expect(resolved.graph.viewRect.width == 10, "the state of a view that left the tree is gone")
    }

    @Test("two counters side by side keep their own state")
    func siblings() {
        var resolved = ResolvedView()
        let view = HStack(spacing: 0) { Counter().frame(width: 100); Counter().frame(width: 100) }
        resolved.update(view, in: size)
        tap(resolved, at: Point(x: 150, y: 50))
        tap(resolved, at: Point(x: 150, y: 50), time: 1)
        resolved.update(view, in: size)
        #expect(resolved.graphs.prefix(2).map(\.viewRect.width) == [10, 30])
    }

    @Test("the frontmost view with a gesture takes the press; allowsHitTesting(false) passes it through")
    func hitTesting() {
        final class Taps { var back = 0, front = 0 }
        let taps = Taps()
        func view(frontHits: Bool) -> some View {
            ZStack {
                Color.red.onTapGesture { taps.back += 1 }
                Color.blue.frame(width: 50, height: 50).onTapGesture { taps.front += 1 }.allowsHitTesting(frontHits)
            }
        }
        var resolved = ResolvedView()
        resolved.update(view(frontHits: true), in: size)
        tap(resolved, at: centre)
        #expect((taps.back, taps.front) == (0, 1))
        tap(resolved, at: Point(x: 10, y: 10))
        #expect((taps.back, taps.front) == (1, 1), "outside the front view the back one takes it")
        resolved.update(view(frontHits: false), in: size)
        tap(resolved, at: centre)
        #expect((taps.back, taps.front) == (2, 1))
    }

    @Test("a drag reports location, start and translation in its view's space, or the window's")
    func dragValues() {
        final class Log { var changed: [DragGesture.Value] = []; var ended: [DragGesture.Value] = [] }
        let log = Log(), global = Log()
        let view = HStack(spacing: 0) {
            Color.clear.frame(width: 100)
            Color.red.frame(width: 100)
                .gesture(DragGesture(minimumDistance: 0).onChanged { log.changed.append($0) }.onEnded { log.ended.append($0) })
                .overlay(Color.clear.frame(width: 10, height: 10)
                    .gesture(DragGesture(minimumDistance: 5, coordinateSpace: .global)
                        .onChanged { global.changed.append($0) }.onEnded { global.ended.append($0) }), alignment: .topLeading)
        }
        var resolved = ResolvedView()
        resolved.update(view, in: size)
        resolved.handle(PointerEvent(.down, Point(x: 150, y: 40), at: 0))
        #expect(log.changed.map(\.location) == [CGPoint(x: 50, y: 40)], "minimum distance 0: at once")
        resolved.handle(PointerEvent(.move, Point(x: 160, y: 45), at: 0.1))
        resolved.handle(PointerEvent(.up, Point(x: 170, y: 30), at: 0.2))
        #expect(log.changed.last?.translation == CGSize(width: 10, height: 5))
        #expect(log.ended.map(\.location) == [CGPoint(x: 70, y: 30)])
        #expect(log.ended.first?.startLocation == CGPoint(x: 50, y: 40))

        resolved.handle(PointerEvent(.down, Point(x: 102, y: 2), at: 1))
        resolved.handle(PointerEvent(.move, Point(x: 104, y: 2), at: 1.1))
        #expect(global.changed.isEmpty, "not yet 5 points")
        resolved.handle(PointerEvent(.move, Point(x: 110, y: 2), at: 1.2))
        resolved.handle(PointerEvent(.up, Point(x: 112, y: 2), at: 1.3))
        #expect(global.changed.map(\.location) == [CGPoint(x: 110, y: 2)])
        #expect(global.ended.map(\.translation) == [CGSize(width: 10, height: 0)])
        #expect(log.changed.count == 2, "the front view took the second press")
    }

    @Test("a view that goes away mid-gesture loses the press: no more changes, no end")
    func cancelOnRemoval() {
        final class Log { var changed = 0, ended = 0 }
        let log = Log()
        func view(_ shown: Bool) -> some View {
            ZStack {
                Color.black
                if shown {
                    Color.red.gesture(DragGesture(minimumDistance: 0).onChanged { _ in log.changed += 1 }.onEnded { _ in log.ended += 1 })
                }
            }
        }
        var resolved = ResolvedView()
        resolved.update(view(true), in: size)
        resolved.handle(PointerEvent(.down, centre, at: 0))
        #expect(log.changed == 1)
        resolved.update(view(false), in: size)
        resolved.update(view(true), in: size)
        resolved.handle(PointerEvent(.move, Point(x: 120, y: 50), at: 0.1))
        resolved.handle(PointerEvent(.up, Point(x: 120, y: 50), at: 0.2))
        #expect((log.changed, log.ended) == (1, 0))
    }

    @Test("a long press fires once held long enough, and reports pressing")
    func longPress() {
        final class Log { var fired = 0; var pressing: [Bool] = [] }
        let log = Log()
        let view = Color.red.onLongPressGesture(minimumDuration: 0.5, perform: { log.fired += 1 },
                                               onPressingChanged: { log.pressing.append($0) })
        var resolved = ResolvedView()
        resolved.update(view, in: size)
        resolved.handle(PointerEvent(.down, centre, at: 1))
        resolved.advanceGestures(to: 1.3)
        #expect(log.fired == 0)
        resolved.advanceGestures(to: 1.6)
        resolved.advanceGestures(to: 1.7)
        #expect(log.fired == 1)
        resolved.handle(PointerEvent(.up, centre, at: 1.8))
        #expect(log.pressing == [true, false])
    }

    @Test("a slider follows a drag along its track, snapping to its step, through a binding")
    func slider() {
        struct Panel: View {
            @State var level = 2.0
            var body: some View {
                VStack {
                    Slider(value: $level, in: 0...10, step: 1)
                    Color.red.frame(width: CGFloat(level * 10), height: 10)
                }
            }
        }
        var resolved = ResolvedView()
        resolved.update(Panel(), in: size)
        #expect(resolved.graph.viewRect.width == 20)
        // The track spans the width; the knob's centre travels from 10 to 190 points.
        let y = resolved.sliderRects.first.map { $0.midY } ?? -1
        resolved.handle(PointerEvent(.down, Point(x: 100, y: y), at: 0))
        resolved.update(Panel(), in: size)
        #expect(resolved.graph.viewRect.width == 50)
        resolved.handle(PointerEvent(.move, Point(x: 190, y: y), at: 0.1))
        resolved.handle(PointerEvent(.up, Point(x: 190, y: y), at: 0.2))
        resolved.update(Panel(), in: size)
        #expect(resolved.graph.viewRect.width == 100)
        resolved.handle(PointerEvent(.down, Point(x: 10 + 180 * 0.33, y: y), at: 1))
        resolved.handle(PointerEvent(.up, Point(x: 10 + 180 * 0.33, y: y), at: 1.1))
        resolved.update(Panel(), in: size)
        #expect(resolved.graph.viewRect.width == 30, "3.3 snaps to 3")
    }

    @Observable final class LevelModel { var level = 1.0 }

    @Test("an @Observable model kept in @State lives across frames; @Bindable binds a slider to its property")
    func observableModel() {
        struct Panel: View {
            @State private var model = LevelModel()
            var body: some View {
                @Bindable var model = model
                VStack {
                    Slider(value: $model.level, in: 0...10)
                    Color.red.frame(width: CGFloat(model.level * 10), height: 10)
                }
            }
        }
        var resolved = ResolvedView()
        resolved.update(Panel(), in: size)
        #expect(resolved.graph.viewRect.width == 10)
        let y = resolved.sliderRects[0].midY
        resolved.handle(PointerEvent(.down, Point(x: 100, y: y), at: 0))
        resolved.handle(PointerEvent(.up, Point(x: 100, y: y), at: 0.1))
        resolved.update(Panel(), in: size)
        resolved.update(Panel(), in: size)
        #expect(resolved.graph.viewRect.width == 50)
    }

    @Test("onAppear runs once while shown; onChange hears changes")
    func appearAndChange() {
        final class Log { var appeared = 0; var changes: [[Int]] = [] }
        let log = Log()
        func view(_ value: Int) -> some View {
            Color.red.onAppear { log.appeared += 1 }.onChange(of: value) { old, new in log.changes.append([old, new]) }
        }
        var resolved = ResolvedView()
        resolved.update(view(1), in: size)
        resolved.update(view(1), in: size)
        resolved.update(view(2), in: size)
        #expect(log.appeared == 1)
        #expect(log.changes == [[1, 2]])
    }

    @Test("onKeyPress hands keys to the frontmost view that binds them")
    func keys() {
        final class Log { var back = 0, front = 0 }
        let log = Log()
        let view = ZStack {
            Color.red.onKeyPress("k") { log.back += 1; return .handled }
            Color.blue.onKeyPress("k") { log.front += 1; return .ignored }
        }
        var resolved = ResolvedView()
        resolved.update(view, in: size)
        #expect(resolved.handleKey("k"))
        #expect((log.back, log.front) == (1, 1), "the front ignored it, so the back heard it")
        #expect(!resolved.handleKey("x"))
    }
}
