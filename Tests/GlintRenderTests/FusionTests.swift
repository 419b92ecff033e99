import Foundation
import Testing
@testable import GlintCore
@testable import GlintRender

/// Colour effects drawn as one fused pass (`Renderer+Fusion`), and layers drawn without needless
/// clears and blending, draw exactly the pixels of every pass drawn as a layer of its own.
@Suite("Fused passes", .serialized)
struct FusionTests {
    /// A chain of built-in effects, the content first, and the functions each fused run should call.
    struct Case: Sendable, CustomTestStringConvertible {
        var chain: [String]
        var fused: [[String]] = []
        var scale = 1.0
        /// How far a byte may differ: 0 but where a distortion is fused with its content
        /// (`displacedRun`), which calls the content where the layer would be read with bilinear
        /// filtering, exact but for the layer's 8-bit storage and the filter's 8-bit weights.
        var tolerance = 0
        /// Fused only with arguments at rest compiled in: a file with compile-time constants
        /// (harmonic) joins a run only then.
        var fusedWithConstantsOnly = false
        var testDescription: String { chain.joined(separator: ",") + " @\(scale)x" }
    }

    static let viewSize = Size(width: 160, height: 100)

    /// Every built-in colour effect over the gradient (fused into its content's pass), and runs of
    /// them after, before and between layer effects.
    static let cases: [Case] = {
        var cases = EffectRegistry.names.compactMap { name -> Case? in
            let entry = EffectRegistry.entry(named: name)!
            guard entry.descriptor.isModifier, case .color = entry.make().pass.value.kind else { return nil }
            return Case(chain: ["gradient", name])
        }
        cases += [
            Case(chain: ["gradient", "checkerboard"], fused: [["gradient", "checkerboard"]]),
            Case(chain: ["gradient", "checkerboard"], fused: [["gradient", "checkerboard"]], scale: 2),
            Case(chain: ["gradient", "checkerboard", "infrared"], fused: [["gradient", "checkerboard", "infrared"]]),
            Case(chain: ["gradient", "wave", "infrared", "checkerboard"], fused: [["infrared", "checkerboard"]]),
            Case(chain: ["gradient", "infrared", "checkerboard", "wave"], fused: [["gradient", "infrared", "checkerboard"]]),
            Case(chain: ["gradient", "blur", "checkerboard", "infrared", "wave"], fused: [["checkerboard", "infrared"]]),
            Case(chain: ["sinebow", "checkerboard", "infrared"], fused: [["sinebow", "checkerboard", "infrared"]]),
            Case(chain: ["harmonic", "wave", "blur"]),
            // An image argument (dissolve's noise) takes a unit of the run's own; harmonic's
            // constants join the run where its arguments at rest are compiled in.
            Case(chain: ["gradient", "dissolve", "checkerboard"], fused: [["gradient", "dissolve", "checkerboard"]]),
            Case(chain: ["harmonic", "dissolve"], fused: [["harmonic", "dissolve"]], fusedWithConstantsOnly: true),
            Case(chain: ["harmonic", "dissolve", "dissolve"], fused: [["harmonic", "dissolve", "dissolve"]], fusedWithConstantsOnly: true),
            // A distortion over affine content: one pass, within 1/255 of the layered picture.
            Case(chain: ["gradient", "wave"], fused: [["gradient", "wave"]], tolerance: 1),
            Case(chain: ["gradient", "wave"], fused: [["gradient", "wave"]], scale: 2, tolerance: 1),
            // Content that is not affine keeps its layer: a bilinear read of it is not the function.
            Case(chain: ["sinebow", "wave"]),
            Case(chain: ["gradient", "checkerboard", "wave"], fused: [["gradient", "checkerboard"]]),
        ]
        return cases
    }()

    /// The frame of `c` at t = 0.75 s, drawn by a renderer that fuses or not, and the functions
    /// of the runs it fused.
    func render(_ c: Case, fuses: Bool, constants: Bool = true) throws -> (rgba: [UInt8], fused: Set<[String]>) {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let effects = c.chain.map { EffectRegistry.entry(named: $0)!.make() }
        let renderer = try Renderer()
        renderer.fuses = fuses
        // Off: the fused runs read their arguments from uniforms, as one program for any values does.
        renderer.compilesArgumentsAtRest = constants
        ChainFrames.run(effects, until: 0.75, size: Self.viewSize)
        let target = try ChainFrames.draw(effects, with: renderer, size: Self.viewSize, scale: c.scale)
        let fused = Set(renderer.fusedPrograms.filter { $0.value != nil }.keys.map { $0.map(\.function) })
        return (target.readPixels(), fused)
    }

    @Test("a fused chain draws the pixels of the chain drawn a layer a pass", arguments: cases)
    func samePixels(_ c: Case) throws {
        let layered = try render(c, fuses: false, constants: false)
        #expect(layered.fused.isEmpty)
        let fused = try render(c, fuses: true, constants: false)
        if c.fusedWithConstantsOnly { #expect(!fused.fused.contains { $0.contains("harmonic") }, "fused with uniforms: \(fused.fused)") }
        try expectSame(c, fused, layered, tolerance: c.tolerance, expectsFused: !c.fusedWithConstantsOnly)
    }

    @Test("a fused chain with its arguments compiled in draws the layered chain's pixels within 1/255", arguments: cases)
    func samePixelsWithConstants(_ c: Case) throws {
        try expectSame(c, try render(c, fuses: true), try render(c, fuses: false, constants: false), tolerance: max(c.tolerance, 1))
    }

    func expectSame(_ c: Case, _ fused: (rgba: [UInt8], fused: Set<[String]>), _ layered: (rgba: [UInt8], fused: Set<[String]>),
                    tolerance: Int, expectsFused: Bool = true) throws {
        for run in c.fused where expectsFused { #expect(fused.fused.contains(run), "\(run) not fused; fused: \(fused.fused)") }
        #expect(fused.rgba.count == layered.rgba.count)
        // Compared into a number first: an expectation over two large arrays reports slowly.
        var differing = 0, worst = 0
        for i in 0..<min(fused.rgba.count, layered.rgba.count) where fused.rgba[i] != layered.rgba[i] {
            differing += 1
            worst = max(worst, abs(Int(fused.rgba[i]) - Int(layered.rgba[i])))
        }
        if tolerance == 0 {
            #expect(differing == 0, "\(differing) bytes differ, by up to \(worst)")
        } else {
            #expect(worst <= tolerance, "\(differing) bytes differ, by up to \(worst)")
        }
        // Not a blank frame: the comparison means something.
        #expect(Set(fused.rgba).count > 2)
    }

    @Test("each image of a fused run takes a texture unit of its own, from 1 (0 is the layer's)")
    func imageUnits() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let effects = ["gradient", "dissolve", "checkerboard", "dissolve"].map { EffectRegistry.entry(named: $0)!.make() }
        let renderer = try Renderer()
        ChainFrames.run(effects, until: 0.75, size: Self.viewSize)
        _ = try ChainFrames.draw(effects, with: renderer, size: Self.viewSize, scale: 1)
        let run = renderer.fusedPrograms.first { $0.key.map(\.function) == ["gradient", "dissolve", "checkerboard", "dissolve"] }
        let fused = try #require(run?.value)
        #expect(fused.bindings.map { $0.compactMap(\.textureUnit) } == [[], [1], [], [2]])
        #expect(fused.slots.map { $0.map(\.unit).filter { $0 > 0 } } == [[], [1], [], [2]])
    }

    @Test("a fused run's arguments at rest are compiled in as constants; one that moves stays a uniform until it rests")
    func argumentsAtRest() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let effects = ["gradient", "checkerboard"].map { EffectRegistry.entry(named: $0)!.make() }
        let renderer = try Renderer()
        let general = try Renderer()
        general.specializes = false
        // gradient's bounds (argument 0), checkerboard's replacement (1) and size (2), then the pipeline's
        // position map (3; the layer map, 4, is not read: no layer below the run).
        let all: UInt64 = 0b1111, sizeMoving: UInt64 = 0b1011
        func frame(size: Double) throws -> (special: [UInt8], general: [UInt8]) {
            effects[1].setParameter("size", to: size)
            ChainFrames.run(effects, until: 0, size: Self.viewSize)
            let special = try ChainFrames.draw(effects, with: renderer, size: Self.viewSize, scale: 1).readPixels()
            return (special, try ChainFrames.draw(effects, with: general, size: Self.viewSize, scale: 1).readPixels())
        }
        // The first frame: every argument is at rest.
        var drawn = try frame(size: 20)
        #expect(renderer.constantMasks(ofRun: ["gradient", "checkerboard"]) == [all])
        #expect(drawn.special == drawn.general)
        // The size dragged: one version with it as a uniform, drawn every frame it moves.
        for n in 1...10 {
            drawn = try frame(size: 20 + 0.5 * Double(n))
            #expect(drawn.special == drawn.general, "frame \(n)")
        }
        #expect(renderer.constantMasks(ofRun: ["gradient", "checkerboard"]) == [sizeMoving, all])
        // At rest again: compiled in once it has kept its value for restFrames frames.
        for _ in 0..<Renderer.restFrames { _ = try frame(size: 40) }
        #expect(renderer.constantMasks(ofRun: ["gradient", "checkerboard"]) == [sizeMoving, all])
        drawn = try frame(size: 40)
        #expect(renderer.constantMasks(ofRun: ["gradient", "checkerboard"]) == [sizeMoving, all, all])
        #expect(drawn.special == drawn.general)
        #expect(Set(drawn.special).count > 2)
        // Specialising off: the general program only.
        #expect(general.constantMasks(ofRun: ["gradient", "checkerboard"]).isEmpty)
    }

    @Test("a layer a pass redraws whole is not cleared again: frames that change what each pass draws still draw a fresh renderer's pixels")
    func layersClearedOnlyWhereNeeded() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let chains = [["harmonic", "wave", "blur"], ["gradient", "blur", "checkerboard", "infrared", "wave"]]
        let effects = chains.map { $0.map { EffectRegistry.entry(named: $0)!.make() } }
        let kept = try Renderer()
        kept.compilesArgumentsAtRest = false  // a version's pixels may depend on the frames before
        // Each step: the chain, then the wave's strength and the blur's radius (a wide one drawn
        // reduced). The wave narrowing in layers of the same size (the blur's margin) leaves last
        // frame's ring to be cleared; another margin reallocates the layers.
        let steps: [(chain: Int, strength: Double, radius: Double)] = [
            (0, 6, 8), (0, 6, 8), (0, 12, 14), (0, 1, 14), (0, 20, 8), (0, 1, 8), (0, 1, 40), (0, 1, 3), (1, 12, 8), (0, 6, 8),
            (1, 2, 2), (1, 2, 2),
        ]
        for (n, step) in steps.enumerated() {
            let chain = effects[step.chain]
            for effect in chain {
                if effect.descriptor.name == "wave" { effect.setParameter("strength", to: step.strength) }
                if effect.descriptor.name == "blur" { effect.setParameter("radius", to: step.radius) }
            }
            ChainFrames.run(chain, until: 0.75, size: Self.viewSize)
            let fresh = try Renderer()
            fresh.compilesArgumentsAtRest = false
            let expected = try ChainFrames.draw(chain, with: fresh, size: Self.viewSize, scale: 1).readPixels()
            let drawn = try ChainFrames.draw(chain, with: kept, size: Self.viewSize, scale: 1).readPixels()
            let differing = zip(drawn, expected).filter { $0 != $1 }.count
            #expect(differing == 0, "step \(n) (\(chains[step.chain].joined(separator: ",")), strength \(step.strength), radius \(step.radius)): \(differing) bytes differ")
            #expect(Set(drawn).count > 2)
        }
    }
}
