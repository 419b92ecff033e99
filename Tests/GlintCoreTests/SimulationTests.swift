import Testing
@testable import GlintCore

@Suite("The harmonic effect over the timeline")
struct SimulationTests {
    func state(_ effect: any Effect) -> [String: StateValue] {
        Dictionary(uniqueKeysWithValues: effect.stateSnapshot())
    }

    /// Runs `effect` from t = 0 to `duration` through one `Timeline` in steps of at most `step`,
    /// handing it each of `events` at its own time, then writes its pass: what the frame driver
    /// does for an effect's view.
    func simulate(_ effect: any Effect, events: [PointerEvent], until duration: Double, step: Double = Timeline.maxStep,
             viewSize: Size = Size(width: 10, height: 10)) {
        var timeline = Timeline(maxStep: step)
        timeline.advance(to: duration, applying: events[...], advance: { effect.advance(by: $0) }, handle: { effect.handle($0) })
        effect.updatePass(viewSize: viewSize)
    }

    @Test("with no input, time is the wall time and the waves rest")
    func idle() {
        let effect = HarmonicEffect()
        simulate(effect, events: [], until: 2.5, viewSize: Size(width: 100, height: 50))
        let s = state(effect)
        #expect(s["time"] == .number(2.5))
        #expect(s["amplitude"] == .number(0.5))
        #expect(s["mixCoeff"] == .number(0))
        #expect(s["wavesCount"] == .number(6))
        #expect(s["isInteracting"] == .bool(false))
    }

    @Test("events apply at their own times, whatever the step")
    func eventTiming() {
        let events = [PointerEvent(.down, .zero, at: 0.51), PointerEvent(.up, .zero, at: 1.337)]
        func run(step: Double) -> HoldInteraction {
            let effect = HarmonicEffect()
            simulate(effect, events: events, until: 2, step: step)
            return effect.hold
        }
        let coarse = run(step: 1.0 / 30), fine = run(step: 1.0 / 144)
        #expect(abs(coarse.clock.elapsed - fine.clock.elapsed) < 1e-6)
        #expect(abs(coarse.amplitude.value - fine.amplitude.value) < 1e-9)
    }

    @Test("the shader's arguments follow the hold")
    func arguments() throws {
        let effect = HarmonicEffect()
        simulate(effect, events: [PointerEvent(.down, .zero, at: 0.1)], until: 1, viewSize: Size(width: 320, height: 180))
        // The view's rect, as SwiftUI's .boundingRect, filled in when drawn: (0, 0, 320, 180).
        #expect(effect.pass["bounds"] == .boundingRect)
        #expect(effect.pass["amplitude"] == .float(2))
        #expect(effect.pass["mixCoeff"] == .float(1))
        // The palette is the shader's own constants, as the seed's getColor is: the same colours.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let shader = try String(contentsOf: root.appendingPathComponent("Shaders/harmonic.frag"), encoding: .utf8)
        let constants = shader.components(separatedBy: "\n").filter { $0.hasPrefix("    vec3(") }.map { line in
            line.drop { $0 != "(" }.dropFirst().prefix { $0 != ")" }.split(separator: ",").map { Float($0.trimmingCharacters(in: .whitespaces))! }
        }
        #expect(constants == HarmonicEffect.palette.map { [$0.red, $0.green, $0.blue] })
    }

    @Test("parameters set the resting state")
    func parameters() {
        let effect = HarmonicEffect()
        effect.setParameter("amplitude", to: 1.5)
        effect.setParameter("wavesCount", to: 3)
        simulate(effect, events: [], until: 0.5)
        #expect(state(effect)["amplitude"] == .number(1.5))
        #expect(state(effect)["wavesCount"] == .number(3))
    }

    @Test("time sent to the shader wraps by whole periods, keeping float precision for hours")
    func timeWraps() {
        let effect = HarmonicEffect()
        effect.advance(by: 3600)
        let t = Double(effect.shaderTime)
        #expect(t >= 0 && t < HarmonicEffect.timeWrapPeriod)
        // The phase the shader sees is the same as with the unwrapped time.
        #expect(abs(sin(t) - sin(3600)) < 1e-4)
    }
}

import Foundation
