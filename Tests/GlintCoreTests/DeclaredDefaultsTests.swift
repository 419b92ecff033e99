import GlintCore
import Testing

/// Each effect's parameters are declared once: the defaults `glint effects`, `--param` and the
/// sliders show are what its shader receives when nothing is set.
@Suite("Declared defaults reach the shader")
struct DeclaredDefaultsTests {
    @Test("every registry effect, made and drawn once untouched, passes each parameter's declared default to the shader argument of its name")
    func defaultsReachArguments() {
        var checked = 0
        for entry in EffectRegistry.all {
            let effect = entry.make()
            effect.updatePass(viewSize: Size(width: 320, height: 200))
            for parameter in entry.descriptor.parameters {
                #expect(effect.setting(parameter.name) == parameter.defaultValue, "\(entry.descriptor.name).\(parameter.name) starts at its default")
                guard let k = effect.pass.index(of: parameter.name) else { continue }
                guard case .float(let value) = effect.pass.argumentValues[k] else {
                    Issue.record("\(entry.descriptor.name).\(parameter.name) is not a float argument")
                    continue
                }
                #expect(Double(value) == Double(Float(parameter.defaultValue)), "\(entry.descriptor.name).\(parameter.name): the shader gets \(value), the declaration says \(parameter.defaultValue)")
                checked += 1
            }
        }
        #expect(checked >= 50, "\(checked) arguments checked")
    }

    @Test("a declared effect's numbers set from the command line reach their arguments, and its reach follows its parameter")
    func setValuesReachArguments() {
        let water = DeclaredEffect(.water)
        water.setParameter("strength", to: 9)
        water.updatePass(viewSize: Size(width: 100, height: 100))
        #expect(water.pass.argumentValues[water.pass.index(of: "strength")!] == .float(9))
        #expect(water.pass.kind == .distortion(maxSampleOffset: Size(width: 9, height: 9)))
        #expect(water.setting("strength") == 9 && water.setting("nothing") == nil)
    }
}
