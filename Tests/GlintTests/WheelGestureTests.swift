import Foundation
import Glint
import Testing
import struct GlintCore.Point
import struct GlintCore.ScrollEvent

/// `MagnifyGesture` and `RotateGesture` from the wheel with Control (and Shift) held,
/// `SimultaneousGesture`, and their `@GestureState`.
@Suite("Wheel gestures: magnify and rotate")
struct WheelGestureTests {
    final class Log { var scales: [Double] = []; var angles: [Double] = []; var ended: [String] = [] }

    func notch(_ driver: FrameDriver, at x: Double, _ y: Double, _ dy: Double, time: Double, shift: Bool = false) -> Bool {
        driver.scroll(ScrollEvent(Point(x: x, y: y), dy: dy, at: time, control: true, shift: shift))
    }

    @Test("Control and the wheel magnify by 1.1 a notch, Control-Shift rotate 15° a notch; each ends a quarter second after its last notch")
    func magnifyAndRotate() {
        let log = Log()
        let view = Color.red.frame(width: 100, height: 100)
            .gesture(MagnifyGesture().onChanged { log.scales.append($0.magnification) }
                .onEnded { log.ended.append("magnify \(($0.magnification * 1000).rounded() / 1000)") }
                .simultaneously(with: RotateGesture().onChanged { log.angles.append(($0.rotation.degrees * 1000).rounded() / 1000) }
                    .onEnded { log.ended.append("rotate \(($0.rotation.degrees * 1000).rounded() / 1000)") }))
            .frame(width: 200, height: 200)
        let driver = FrameDriver()
        driver.update(view, in: CGSize(width: 200, height: 200))
        #expect(notch(driver, at: 100, 100, 1, time: 0.0))
        #expect(notch(driver, at: 100, 100, 1, time: 0.05))
        #expect(log.scales.map { ($0 * 1000).rounded() / 1000 } == [1.1, 1.21])
        #expect(!notch(driver, at: 10, 10, 1, time: 0.06), "outside the view the wheel is not its")
        #expect(!driver.scroll(ScrollEvent(Point(x: 100, y: 100), dy: 1, at: 0.07)), "without Control the wheel is not a gesture")
        #expect(log.ended.isEmpty)
        driver.advance(to: 0.5)
        driver.update(view, in: CGSize(width: 200, height: 200))
        #expect(log.ended == ["magnify 1.21"])
        #expect(notch(driver, at: 100, 100, -2, time: 1.0, shift: true))
        #expect(log.angles == [-30])
        driver.advance(to: 1.6)
        driver.update(view, in: CGSize(width: 200, height: 200))
        #expect(log.ended.last == "rotate -30.0")
    }

    @Test("@GestureState follows a magnification and goes back when it ends")
    func gestureState() {
        struct Zoom: View {
            @GestureState var scale: CGFloat = 1
            let seen: (CGFloat) -> Void
            var body: some View {
                seen(scale)
                return Color.blue.frame(width: 80, height: 80)
                    .gesture(MagnificationGesture().updating($scale) { value, state, _ in state = value })
            }
        }
        var seen: [Double] = []
        let driver = FrameDriver()
        let view = Zoom { seen.append(Double($0)) }
        driver.update(view, in: CGSize(width: 80, height: 80))
        _ = notch(driver, at: 40, 40, -1, time: 0)
        driver.update(view, in: CGSize(width: 80, height: 80))
        #expect(abs((seen.last ?? 0) - 1 / 1.1) < 1e-9)
        driver.advance(to: driver.time + 1)
        driver.update(view, in: CGSize(width: 80, height: 80))
        driver.update(view, in: CGSize(width: 80, height: 80))
        #expect(seen.last == 1)
    }
}
