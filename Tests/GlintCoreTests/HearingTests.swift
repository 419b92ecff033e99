import Foundation
import Testing
@testable import GlintCore

/// Effects that listen (`--audio`): the waveform's amplitude follows the sound's level, the
/// harmonic glow's springs aim at it as at a hold, push to talk counts only while held.
@Suite("Hearing")
struct HearingTests {
    let centre = Point(x: 100, y: 100)

    @Test("the waveform's amplitude is the level times heldAmplitude, never below idleAmplitude, held or not")
    func waveformFollowsLevel() {
        let effect = WaveformEffect()
        effect.hearing = Hearing(level: 0.5)
        effect.advance(by: 1.0 / 60)
        #expect(effect.amplitude.value == 0.5)  // heldAmplitude 1
        effect.hearing = Hearing(level: 0)
        effect.advance(by: 1.0 / 60)
        #expect(effect.amplitude.value == 0.01, "never below idleAmplitude")
        effect.handle(PointerEvent(.down, centre, at: 0))
        effect.hearing = Hearing(level: 0.25)
        effect.advance(by: 1.0 / 60)
        #expect(effect.amplitude.value == 0.25, "a hold does not override the level")
    }

    @Test("push to talk: the waveform hears only while held, through the hold's spring")
    func waveformPushToTalk() {
        let effect = WaveformEffect()
        effect.hearing = Hearing(level: 0.8, onlyWhileHeld: true)
        for _ in 0..<60 { effect.advance(by: 1.0 / 60) }
        #expect(effect.amplitude.value == 0.01, "not held: at rest")
        effect.handle(PointerEvent(.down, centre, at: 1))
        effect.advance(by: 1.0 / 60)
        #expect(effect.amplitude.value > 0.01 && effect.amplitude.value < 0.8, "springing toward the level: \(effect.amplitude.value)")
        for _ in 0..<120 { effect.advance(by: 1.0 / 60) }
        #expect(abs(effect.amplitude.value - 0.8) < 1e-3, "\(effect.amplitude.value)")
    }

    @Test("the harmonic glow's springs aim at the level's share of the way from rest to held; the label says Listening...")
    func harmonicFollowsLevel() {
        let effect = HarmonicEffect()
        #expect(effect.foreground?.label == "Hold Anywhere!")
        effect.hearing = Hearing(level: 0.5)
        for _ in 0..<180 { effect.advance(by: 1.0 / 60) }
        let c = HoldInteraction.Configuration()
        #expect(abs(effect.hold.amplitude.value - (c.restingAmplitude + c.heldAmplitude) / 2) < 1e-3, "\(effect.hold.amplitude.value)")
        #expect(abs(effect.hold.mixCoeff.value - 0.5) < 1e-3)
        #expect(effect.foreground?.label == "Listening...")
        effect.hearing = Hearing(level: 0)
        for _ in 0..<180 { effect.advance(by: 1.0 / 60) }
        #expect(abs(effect.hold.amplitude.value - c.restingAmplitude) < 1e-3)
        #expect(effect.foreground?.label == "Hold Anywhere!", "silence: the seed's own label")
    }

    @Test("without hearing, a hold is exactly as before: held and resting targets exact")
    func holdUnchanged() {
        var hold = HoldInteraction()
        hold.handle(PointerEvent(.down, centre, at: 0))
        #expect(hold.amplitude.target == HoldInteraction.Configuration().heldAmplitude)
        #expect(hold.mixCoeff.target == 1)
        hold.handle(PointerEvent(.up, centre, at: 1))
        #expect(hold.amplitude.target == HoldInteraction.Configuration().restingAmplitude)
        #expect(Hearing(level: 0.3).intensity(isHeld: true) == 1)
        #expect(Hearing(level: 0.3, onlyWhileHeld: true).intensity(isHeld: false) == 0)
        #expect(Hearing(level: 0.3, onlyWhileHeld: true).intensity(isHeld: true) == 0.3)
    }
}
