import Foundation
import Testing
@testable import GlintCore

/// The Siri waveform's behaviour without any drawing: its phase, its amplitude under a hold,
/// its parameters and what it reports.
@Suite("Waveform effect")
struct WaveformEffectTests {
    let centre = Point(x: 240, y: 100)

    /// The phase reduced to (−π, π], to compare phases across the 2π wrap.
    func wrapped(_ phase: Double) -> Double {
        remainder(phase, 2 * Double.pi)
    }

    /// The float argument the shader receives.
    func sent(_ effect: WaveformEffect, _ name: String) -> Float? {
        guard case .float(let v) = effect.pass[name] else { return nil }
        return v
    }

    @Test("one 1/60 s frame moves the phase by the seed's phaseShift, −0.15")
    func phaseStep() {
        let effect = WaveformEffect()
        #expect(effect.phase == 0)
        effect.advance(by: 1.0 / 60)
        #expect(abs(effect.phase - -0.15) < 1e-12, "\(effect.phase)")
        effect.advance(by: 1.0 / 60)
        #expect(abs(effect.phase - -0.30) < 1e-12, "\(effect.phase)")
    }

    @Test("the waves drift at the same speed at 30, 60 and 144 frames per second: about −9 rad/s")
    func phaseFrameRateIndependent() {
        func phase(fps: Double, seconds: Double = 2.5, held: Bool = false) -> Double {
            let effect = WaveformEffect()
            if held { effect.handle(PointerEvent(.down, centre, at: 0)) }
            let frames = Int((seconds * fps).rounded(.down))
            for _ in 0..<frames { effect.advance(by: 1 / fps) }
            effect.advance(by: seconds - Double(frames) / fps)
            return effect.phase
        }
        let expected = wrapped(-0.15 * 60 * 2.5)  // −22.5 rad
        for fps in [30.0, 60, 144] {
            #expect(abs(wrapped(phase(fps: fps) - expected)) < 1e-9, "at \(fps) fps")
            #expect(abs(wrapped(phase(fps: fps, held: true) - expected)) < 1e-9, "held, at \(fps) fps: holding does not change the speed")
        }
    }

    @Test("the phase stays small after hours, so a float keeps its precision")
    func phaseWraps() {
        let effect = WaveformEffect()
        for _ in 0..<(60 * 60 * 3) { effect.advance(by: 1) }  // three hours in 1 s steps
        #expect(abs(effect.phase) < 2 * Double.pi)
        #expect(abs(wrapped(effect.phase - -0.15 * 60 * 10_800)) < 1e-6)
        effect.updatePass(viewSize: Size(width: 480, height: 200))
        #expect(Double(sent(effect, "phase")!) == Double(Float(effect.phase)))
    }

    @Test("at rest the waves sit at idleAmplitude; holding swells them smoothly to 1, releasing calms them back")
    func amplitudeFollowsHold() {
        let effect = WaveformEffect()
        #expect(effect.amplitude.value == 0.01)
        #expect(!effect.isInteracting)

        effect.handle(PointerEvent(.down, centre, at: 0))
        #expect(effect.isInteracting)
        var previous = effect.amplitude.value
        for frame in 0..<90 {
            effect.advance(by: 1.0 / 60)
            let a = effect.amplitude.value
            #expect(a >= previous && a <= 1.0, "rises without overshoot (frame \(frame): \(a))")
            if frame == 5 { #expect(a > 0.1 && a < 0.95, "on its way up, not jumping: \(a)") }
            previous = a
        }
        #expect(effect.amplitude.value == 1.0)

        effect.handle(PointerEvent(.move, Point(x: 10, y: 10), at: 1.5))
        #expect(effect.isInteracting, "moving while held keeps holding")
        effect.handle(PointerEvent(.up, centre, at: 1.5))
        #expect(!effect.isInteracting)
        effect.advance(by: 0.1)
        #expect(effect.amplitude.value > 0.01 && effect.amplitude.value < 1.0, "on its way down, not jumping")
        for _ in 0..<90 { effect.advance(by: 1.0 / 60) }
        #expect(effect.amplitude.value == 0.01)
    }

    @Test("the swell follows the same curve at 30, 60 and 144 frames per second")
    func amplitudeFrameRateIndependent() {
        func amplitude(fps: Double) -> Double {
            let effect = WaveformEffect()
            effect.handle(PointerEvent(.down, centre, at: 0))
            for _ in 0..<Int(0.1 * fps) { effect.advance(by: 1 / fps) }  // 3, 6 and 14.4 → 14 frames
            effect.advance(by: 0.1 - Double(Int(0.1 * fps)) / fps)
            return effect.amplitude.value
        }
        let a = amplitude(fps: 30), b = amplitude(fps: 60), c = amplitude(fps: 144)
        #expect(abs(a - c) < 1e-9 && abs(b - c) < 1e-9, "\(a) \(b) \(c)")
    }

    @Test("every parameter can be set by name and reaches the shader")
    func parametersReachShader() throws {
        let effect = WaveformEffect()
        for text in ["numberOfWaves=3", "frequency=2.5", "phaseShift=0.3", "heldAmplitude=0.5", "idleAmplitude=0.2",
                     "primaryLineWidth=4", "secondaryLineWidth=2"] {
            let (name, value) = try Parse.parameter(text, for: WaveformEffect.descriptor)
            effect.setParameter(name, to: value)
        }
        #expect(effect.amplitude.value == 0.2, "a new idleAmplitude applies at once before anything happened")
        effect.advance(by: 1.0 / 60)
        #expect(abs(effect.phase - 0.3) < 1e-12)
        effect.updatePass(viewSize: Size(width: 480, height: 200))
        #expect(sent(effect, "numberOfWaves") == 3)
        #expect(sent(effect, "frequency") == 2.5)
        #expect(sent(effect, "amplitude") == 0.2)
        #expect(sent(effect, "primaryLineWidth") == 4)
        #expect(sent(effect, "secondaryLineWidth") == 2)

        effect.handle(PointerEvent(.down, centre, at: 0))
        for _ in 0..<60 { effect.advance(by: 1.0 / 60) }
        #expect(effect.amplitude.value == 0.5, "held, it springs to heldAmplitude")
    }

    @Test("as in the seed, the amplitude never drops below idleAmplitude, even while held")
    func heldAmplitudeAtLeastIdle() {
        let effect = WaveformEffect()
        effect.setParameter("idleAmplitude", to: 0.3)
        effect.setParameter("heldAmplitude", to: 0.1)
        effect.handle(PointerEvent(.down, centre, at: 0))
        for _ in 0..<60 { effect.advance(by: 1.0 / 60) }
        #expect(effect.amplitude.value == 0.3)
    }

    @Test("the defaults are the seed's")
    func defaults() {
        let byName = Dictionary(uniqueKeysWithValues: WaveformEffect.descriptor.parameters.map { ($0.name, $0) })
        #expect(byName["numberOfWaves"]?.defaultValue == 6 && byName["numberOfWaves"]?.isInteger == true)
        #expect(byName["frequency"]?.defaultValue == 1.5)
        #expect(byName["phaseShift"]?.defaultValue == -0.15)
        #expect(byName["heldAmplitude"]?.defaultValue == 1.0)
        #expect(byName["idleAmplitude"]?.defaultValue == 0.01)
        #expect(byName["primaryLineWidth"]?.defaultValue == 1.5)
        #expect(byName["secondaryLineWidth"]?.defaultValue == 0.5)
        for p in WaveformEffect.descriptor.parameters {
            #expect(p.range.contains(p.defaultValue), "\(p.name)'s default lies in its range")
        }
        let effect = WaveformEffect()
        effect.updatePass(viewSize: Size(width: 480, height: 200))
        #expect(effect.pass["waveColor"] == .color(.white))
        #expect(effect.pass["backgroundColor"] == .color(.black))
        #expect(effect.foreground == nil, "the seed draws nothing over its waves")
    }

    @Test("bad parameters are refused with the valid names and ranges", arguments: [
        ("loudness=3", "unknown parameter 'loudness' for waveform"),
        ("numberOfWaves=0", "value 0 for numberOfWaves is out of range 1…16"),
        ("numberOfWaves=17", "out of range 1…16"),
        ("numberOfWaves=2.5", "value 2.5 for numberOfWaves must be a whole number"),
        ("frequency=11", "value 11 for frequency is out of range 0…10"),
        ("phaseShift=-2", "out of range -1…1"),
        ("primaryLineWidth=-1", "out of range 0…20"),
        ("idleAmplitude=loud", "bad value 'loud' for idleAmplitude"),
        ("heldAmplitude", "expected name=value"),
    ])
    func badParameters(text: String, expected: String) {
        do {
            _ = try Parse.parameter(text, for: WaveformEffect.descriptor)
            Issue.record("'\(text)' was accepted")
        } catch {
            #expect(error.message.contains(expected), "\(error.message)")
            for listed in ["numberOfWaves (default 6, 1…16, whole)", "frequency (default 1.5, 0…10)",
                           "phaseShift (default -0.15, -1…1)", "heldAmplitude (default 1, 0…2)",
                           "idleAmplitude (default 0.01, 0…1)", "primaryLineWidth (default 1.5, 0…20)",
                           "secondaryLineWidth (default 0.5, 0…20)"] {
                #expect(error.message.contains(listed), "lists \(listed): \(error.message)")
            }
        }
    }

    @Test("--state reports the values the shader received, keyed by the seed's names")
    func state() {
        let effect = WaveformEffect()
        effect.handle(PointerEvent(.down, centre, at: 0))
        for _ in 0..<30 { effect.advance(by: 1.0 / 60) }
        effect.updatePass(viewSize: Size(width: 480, height: 200))
        let state = effect.stateSnapshot()
        #expect(state.map(\.0) == ["phase", "amplitude", "frequency", "numberOfWaves", "primaryLineWidth",
                                   "secondaryLineWidth", "idleAmplitude", "isInteracting"])
        let values = Dictionary(uniqueKeysWithValues: state)
        #expect(values["phase"] == .number(Double(sent(effect, "phase")!)))
        #expect(values["amplitude"] == .number(Double(sent(effect, "amplitude")!)))
        #expect(values["frequency"] == .number(1.5))
        #expect(values["numberOfWaves"] == .number(6))
        #expect(values["primaryLineWidth"] == .number(1.5))
        #expect(values["secondaryLineWidth"] == .number(0.5))
        #expect(values["idleAmplitude"] == .number(Double(Float(0.01))))
        #expect(values["isInteracting"] == .bool(true))
    }

    @Test("the waveform is listed second, after the harmonic glow, so key 2 selects it")
    func registered() {
        #expect(EffectRegistry.names.prefix(2) == ["harmonic", "waveform"])
        #expect(EffectRegistry.entry(named: "waveform")?.make() is WaveformEffect)
    }
}
