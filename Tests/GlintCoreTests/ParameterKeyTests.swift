import Foundation
import Testing
import GlintCore

/// An effect's parameters are declared once, as typed keys: the descriptor, `--param`'s names,
/// the settings the controls show, the shader's first arguments and the docs read them.
@Suite("Parameters typed once")
struct ParameterKeyTests {
    @Test("the harmonic's amplitude setting (what --param and the slider set) and its live amplitude (what the shader gets and --state reports) are two values: held, the live one springs to the held setting while the setting stays")
    func settingAndLiveValue() {
        let effect = HarmonicEffect()
        #expect(effect.setting(HarmonicEffect.amplitude) == 0.5)
        effect.setParameter(HarmonicEffect.amplitude, to: 1.25)
        effect.setParameter(HarmonicEffect.heldSpeed, to: 3)
        // The same setting by the name `--param amplitude=…` gives, and at rest it applies at once.
        #expect(effect.setting("amplitude") == 1.25 && effect.setting("heldSpeed") == 3)
        effect.updatePass(viewSize: Size(width: 100, height: 100))
        #expect(effect.pass[HarmonicEffect.Argument.amplitude] == .float(1.25))
        #expect(effect.stateSnapshot().first { $0.0 == "amplitude" }?.1 == .number(1.25))

        effect.handle(PointerEvent(.down, Point(x: 50, y: 50), at: 0))
        for _ in 0..<120 { effect.advance(by: 1.0 / 60) }
        effect.updatePass(viewSize: Size(width: 100, height: 100))
        let held = HarmonicEffect.heldAmplitude.defaultSetting
        guard case .float(let live) = effect.pass[HarmonicEffect.Argument.amplitude],
              case .number(let reported)? = effect.stateSnapshot().first(where: { $0.0 == "amplitude" })?.1 else {
            Issue.record("the live amplitude is a float argument and a number in --state")
            return
        }
        #expect(abs(Double(live) - held) < 1e-3, "the live amplitude (\(live)) reaches the held setting")
        #expect(reported == Double(live), "--state reports the live amplitude")
        #expect(effect.setting(HarmonicEffect.amplitude) == 1.25, "the resting setting is unchanged by the hold")
        #expect(abs(effect.hold.speedMultiplier.value - 3) < 1e-3, "the held speed setting drives the speed")
    }

    @Test("every parameter of every built-in effect is set and read through its declaration alone: its range's ends reach the setting of its name (whole numbers rounded), and a name no effect declares changes nothing")
    func everyParameterRoundTrips() {
        var checked = 0
        for entry in EffectRegistry.all {
            let effect = entry.make()
            for p in entry.descriptor.parameters {
                for end in [p.range.upperBound, p.range.lowerBound, p.range.lowerBound + (p.range.upperBound - p.range.lowerBound) * 0.37] {
                    effect.setParameter(p.name, to: end)
                    let expected = p.kind == .wholeNumber && !(effect is DeclaredEffect) ? end.rounded() : end
                    #expect(effect.setting(p.name) == expected, "\(entry.descriptor.name).\(p.name) = \(end)")
                }
                checked += 1
            }
            let before = entry.descriptor.parameters.map { effect.setting($0.name) }
            effect.setParameter("noSuchParameter", to: 1)
            #expect(effect.setting("noSuchParameter") == nil)
            #expect(entry.descriptor.parameters.map { effect.setting($0.name) } == before)
        }
        #expect(checked >= 50, "\(checked) parameters checked")
    }

    @Test("the declaration's typed keys are the descriptor's parameters, in order, for each effect class and each declared effect's number arguments")
    func keysAreTheDescriptor() {
        typealias H = HarmonicEffect
        #expect(H.descriptor.parameters == [H.amplitude, H.heldAmplitude, H.wavesCount, H.speed, H.heldSpeed].map(\.declaration))
        typealias P = PrismEffect
        #expect(P.descriptor.parameters == [P.lightFraction, P.prismFraction, P.dispersionSize, P.rainbowSize, P.drawDuration].map(\.declaration))
        #expect(EffectDeclaration.blur.descriptor.parameters == [EffectDeclaration.Blur.radius.declaration])
        #expect(EffectDeclaration.water.descriptor.parameters.map(\.name) == ["speed", "strength", "frequency"])
        // The blur's bound is its key's: what `--param` checks and the slider spans.
        #expect(EffectDeclaration.Blur.radius.range == 0...64)
        #expect(throws: InputError.self) { try Parse.parameterValues("radius=64.5", for: EffectDeclaration.blur.descriptor) }
    }
}
