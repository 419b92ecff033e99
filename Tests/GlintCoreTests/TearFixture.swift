import Testing
@testable import GlintCore

/// A 400×800 view: a vertical tear from the top edge at x = 200 that locks 30 points down has
/// 770 points left to run, so the finger at y = 30 + 770·p means progress p.
let view = Size(width: 400, height: 800)

func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }
func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance)
}
func pt(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

extension TearState {
    /// Sends one event at t = 0 (time plays no part in the gesture).
    @discardableResult
    mutating func send(_ phase: PointerPhase, _ x: Double, _ y: Double, in size: Size = view) -> Bool {
        handle(PointerEvent(phase, Point(x: x, y: y), at: 0), viewSize: size)
    }

    /// Steps time in frames of `frame` seconds until `seconds` have passed.
    mutating func run(_ seconds: Double, frame: Double = 1.0 / 60) {
        var left = seconds
        while left > 1e-12 {
            let h = min(frame, left)
            advance(by: h)
            left -= h
        }
    }

    /// Presses at the top edge (200, 10), locks a vertical tear at y = 30, drags to `progress`.
    mutating func tearFromTop(to progress: Double) {
        send(.down, 200, 10)
        send(.move, 200, 30)
        send(.move, 200, 30 + 770 * progress)
    }
}
