import Foundation
import Testing
@testable import GlintCore
@testable import GlintRender

/// Programs specialised on their compile-time constants (`// glint: constant`) draw what the
/// general program draws, one version per value, the least recently drawn evicted.
@Suite("Specialised programs", .serialized, .removesTemporaryFiles)
struct SpecializationTests {
    /// A case: a chain of built-in effects, parameters set on its last effect, and the scale.
    struct Case: Sendable, CustomTestStringConvertible {
        var chain: [String]
        var parameters: [String: Double] = [:]
        var scale = 1.0
        var time = 0.75
        var testDescription: String {
            chain.joined(separator: ",") + parameters.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined() + " @\(scale)x"
        }
    }

    static let viewSize = Size(width: 160, height: 100)

    /// Every built-in effect at its defaults, and those with constants at several values: a layer
    /// or distortion effect over the gradient.
    static let cases: [Case] = {
        var cases = EffectRegistry.names.map { name -> Case in
            // An effect that changes what is below changes the gradient.
            EffectRegistry.entry(named: name)!.descriptor.isModifier ? Case(chain: ["gradient", name]) : Case(chain: [name])
        }
        for n in [1.0, 3, 7, 12] { cases.append(Case(chain: ["harmonic"], parameters: ["wavesCount": n])) }
        for n in [1.0, 4, 16] { cases.append(Case(chain: ["waveform"], parameters: ["numberOfWaves": n])) }
        for (r, s) in [(0.5, 1.0), (3, 1), (6.3, 1), (12, 1), (30, 1), (5, 2), (11.5, 2), (64, 1)] {
            cases.append(Case(chain: ["gradient", "blur"], parameters: ["radius": r], scale: s))
        }
        cases.append(Case(chain: ["harmonic", "wave", "blur"], parameters: ["radius": 4]))
        return cases
    }()

    /// The frame of `c`, drawn by a renderer that specialises or not.
    func render(_ c: Case, specializes: Bool, atRest: Bool = false) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let effects = c.chain.map { EffectRegistry.entry(named: $0)!.make() }
        for (name, value) in c.parameters { effects.last!.setParameter(name, to: value) }
        let renderer = try Renderer()
        renderer.specializes = specializes
        // Each pass its own program, its arguments uniforms but for the constants the file declares:
        // arguments at rest compiled in are `atRestWithin1`'s, and FusionTests' for fused runs.
        renderer.fuses = false
        renderer.compilesArgumentsAtRest = atRest
        ChainFrames.run(effects, until: c.time, size: Self.viewSize)
        let target = try ChainFrames.draw(effects, with: renderer, size: Self.viewSize, scale: c.scale)
        return (target.framebuffer.pixelWidth, target.framebuffer.pixelHeight, target.readPixels())
    }

    /// How many bytes differ between two frames, and by how much at most: compared into numbers
    /// first, as an expectation over two large arrays reports slowly.
    static func difference(_ a: [UInt8], _ b: [UInt8]) -> (differing: Int, worst: Int) {
        var differing = 0, worst = 0
        for i in 0..<min(a.count, b.count) where a[i] != b[i] {
            differing += 1
            worst = max(worst, abs(Int(a[i]) - Int(b[i])))
        }
        return (differing, worst)
    }

    @Test("arguments at rest compiled in as constants draw the pixels of the uniforms within 1/255", arguments: cases)
    func atRestWithin1(_ c: Case) throws {
        let constants = try render(c, specializes: true, atRest: true)
        let uniforms = try render(c, specializes: true)
        #expect(constants.width == uniforms.width && constants.height == uniforms.height)
        let (differing, worst) = Self.difference(constants.rgba, uniforms.rgba)
        #expect(worst <= 1, "\(differing) bytes differ, by up to \(worst)")
        #expect(Set(constants.rgba).count > 2)
    }

    @Test("a pass's arguments at rest are compiled in; the time, moving, stays a uniform and compiles nothing while it runs")
    func movingTime() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let harmonic = EffectRegistry.entry(named: "harmonic")!.make()
        let renderer = try Renderer()
        renderer.fuses = false
        var masks: [[UInt64]] = []
        for n in 0..<12 {
            ChainFrames.run([harmonic], until: n == 0 ? 0.5 : 1.0 / 60, size: Self.viewSize)
            _ = try ChainFrames.draw([harmonic], with: renderer, size: Self.viewSize, scale: 1)
            masks.append(renderer.restMasks(of: "harmonic"))
        }
        // harmonic(position, color, bounds, wavesCount, time, amplitude, mixCoeff): arguments 0 (bounds),
        // 1 (wavesCount, already a constant of its specialised version), 2 (time), 3 and 4; then the
        // pipeline's position map (5; its layer map, 6, is not read).
        let time: UInt64 = 1 << 2, all: UInt64 = 0b111111
        #expect(masks[0] == [all], "\(masks[0])")
        #expect(masks[11] == [all & ~time, all], "\(masks[11])")
        #expect(Set(masks[1...]).count == 1, "versions made while the time ran: \(masks)")
    }

    @Test("the pipeline's position map at rest is compiled in; while the view is resized it stays a uniform, and the pixels are the uniforms' within 1/255")
    func positionMapAtRest() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let harmonic = EffectRegistry.entry(named: "harmonic")!.make()
        let renderer = try Renderer()
        renderer.fuses = false
        let uniforms = try Renderer()
        uniforms.fuses = false
        uniforms.compilesArgumentsAtRest = false
        // Arguments 0–4 as in movingTime (the time held still here), 5 the position map.
        let bounds: UInt64 = 1 << 0, map: UInt64 = 1 << 5, all: UInt64 = 0b111111
        ChainFrames.run([harmonic], until: 0.5, size: Self.viewSize)
        func frame(_ size: Size) throws -> (masks: [UInt64], worst: Int) {
            harmonic.updatePass(viewSize: size)
            let drawn = try ChainFrames.draw([harmonic], with: renderer, size: size, scale: 1).readPixels()
            let expected = try ChainFrames.draw([harmonic], with: uniforms, size: size, scale: 1).readPixels()
            #expect(Set(drawn).count > 2)
            return (renderer.restMasks(of: "harmonic"), Self.difference(drawn, expected).worst)
        }
        var drawn = try frame(Self.viewSize)
        #expect(drawn.masks == [all], "\(drawn.masks)")
        #expect(drawn.worst <= 1)
        // Resized every frame: the bounds and the map (its offset, the height) move, one version with both uniforms.
        for n in 1...8 {
            drawn = try frame(Size(width: Self.viewSize.width + Double(4 * n), height: Self.viewSize.height + Double(2 * n)))
            #expect(drawn.worst <= 1, "frame \(n)")
        }
        #expect(drawn.masks == [all & ~(bounds | map), all], "\(drawn.masks)")
        // At its new size for restFrames frames: both compiled in again, for that size.
        let resized = Size(width: Self.viewSize.width + 32, height: Self.viewSize.height + 16)
        for _ in 0...Renderer.restFrames { drawn = try frame(resized) }
        #expect(drawn.masks == [all & ~(bounds | map), all, all], "\(drawn.masks)")
        #expect(drawn.worst <= 1)
    }

    @Test("a program drawn twice a frame (the blur along x, then y) keeps a record for each draw: both draws' maps are compiled in, once")
    func twoDrawsAFrame() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let effects = ["gradient", "blur"].map { EffectRegistry.entry(named: $0)!.make() }
        let renderer = try Renderer()
        renderer.fuses = false
        ChainFrames.run(effects, until: 0.5, size: Self.viewSize)
        // blur(position, layer, radius): argument 0 the radius; then the position map (1), the layer map (2)
        // and the pass's direction (3), each draw's own.
        let all: UInt64 = 0b1111
        var masks: [[UInt64]] = []
        for _ in 0...Renderer.restFrames + 1 {
            _ = try ChainFrames.draw(effects, with: renderer, size: Self.viewSize, scale: 1)
            masks.append(renderer.restMasks(of: "blur"))
        }
        #expect(masks.first == [all, all], "\(masks.first ?? [])")
        #expect(Set(masks).count == 1, "versions made while nothing moved: \(masks)")
    }

    @Test("a specialised program draws exactly the pixels of the general one", arguments: cases)
    func samePixels(_ c: Case) throws {
        let special = try render(c, specializes: true)
        let general = try render(c, specializes: false)
        #expect(special.width == general.width && special.height == general.height)
        let (differing, worst) = Self.difference(special.rgba, general.rgba)
        if c.chain.last == "blur" && (c.parameters["radius"] ?? 8) * c.scale >= 1 {
            // The blur's weights are exp(−d²/2σ²): a specialised program's are folded when it is
            // compiled (by the C library's exp), the general program's computed while drawing (by
            // llvmpipe's faster approximation). They differ in their last bits, which moves a
            // few channels across a rounding boundary: by one level in at most 1 % of them.
            #expect(worst <= 1 && differing * 100 <= special.rgba.count, "\(differing) bytes differ, by up to \(worst)")
        } else {
            #expect(differing == 0, "\(differing) bytes differ, by up to \(worst)")
        }
        // Not a blank frame: the comparison means something.
        #expect(Set(special.rgba).count > 2)
    }

    @Test("one version per value of the constants, at most eight, the least recently drawn evicted; each draws what the general program draws")
    func cacheHoldsOneVersionPerValue() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let renderer = try Renderer()
        let target = try RenderTarget(pixelWidth: 40, pixelHeight: 30)
        let size = Size(width: 40, height: 30)
        func harmonic(_ waves: Double) -> ShaderEffect {
            let effect = HarmonicEffect()
            effect.setParameter("wavesCount", to: waves)
            effect.advance(by: 0.5)
            effect.updatePass(viewSize: size)
            return effect.pass
        }
        func frame(_ waves: Double) throws -> [UInt8] {
            try renderer.render([harmonic(waves)], size: size, into: target.framebuffer)
            return target.readPixels()
        }
        // The same value drawn again: one version.
        _ = try frame(3)
        _ = try frame(3)
        #expect(renderer.specializedVersions(of: "harmonic") == [[3]])
        // A value that changes every frame, as a dragged slider's does, is drawn with the general
        // program, then gets its version once it rests.
        for n in [4.0, 5, 6, 7, 8, 9, 10, 11] { _ = try frame(n) }
        #expect(renderer.specializedVersions(of: "harmonic") == [[3], [4]], "\(renderer.specializedVersions(of: "harmonic"))")
        _ = try frame(11)
        #expect(renderer.specializedVersions(of: "harmonic") == [[3], [4], [11]])
        // Eight values, each resting a frame: eight versions.
        for n in 1...8 {
            _ = try frame(Double(n))
            _ = try frame(Double(n))
        }
        #expect(renderer.specializedVersions(of: "harmonic").count == 8)
        // 1 drawn again, then a ninth value: the least recently drawn (2) goes, 1 stays.
        _ = try frame(1)
        _ = try frame(9)
        let nine = try frame(9)
        let held = renderer.specializedVersions(of: "harmonic")
        #expect(held.count == Program.maxVariants)
        #expect(held.contains([1]) && held.contains([9]) && !held.contains([2]), "held: \(held)")
        // What the ninth version drew is what the general program draws.
        renderer.specializes = false
        let general = try frame(9)
        #expect(nine == general)
    }

    @Test("a constant naming nothing the file declares is refused at its line; a user's named-uniform file is specialised too")
    func markerInUserFiles() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let folder = try PipelineTests.shaderFolder([
            "rings.frag": """
            // Test: count rings, a loop bounded by a uniform made a constant.
            uniform float count;
            // glint: constant count
            vec4 colorEffect(vec2 position, vec4 color) {
                float v = 0.0;
                for (int i = 0; i < int(count); i++) { v += 0.1 * step(float(i) * 4.0, position.x); }
                return vec4(v, 0.0, 0.0, 1.0);
            }
            """,
            "typo.frag": """
            // Test: the marker names a uniform the file does not declare.
            uniform float count;
            // glint: constant cuont
            vec4 colorEffect(vec2 position, vec4 color) { return vec4(count); }
            """,
        ])
        let renderer = try Renderer(sources: ShaderSources(overrideDirectory: folder))
        let target = try RenderTarget(pixelWidth: 40, pixelHeight: 4)
        let size = Size(width: 40, height: 4)
        func rings(_ count: Float) throws -> [UInt8] {
            try renderer.render([ShaderEffect(function: "rings", kind: .color, arguments: ["count": .float(count)])],
                                size: size, into: target.framebuffer)
            return target.readPixels()
        }
        let special = try rings(5)
        #expect(renderer.specializedVersions(of: "rings") == [[5]])
        renderer.specializes = false
        #expect(try rings(5) == special)
        // Five rings: the right end is 0.5 red.
        #expect(abs(Int(special[(2 * 40 + 39) * 4]) - 128) <= 1)

        let typo = ShaderEffect(function: "typo", kind: .color, arguments: ["count": .float(1)])
        #expect(throws: RenderError.self) { try renderer.render([typo], size: size, into: target.framebuffer) }
        do {
            try renderer.render([typo], size: size, into: target.framebuffer)
        } catch {
            #expect(error.description.contains("typo.frag:3: '// glint: constant cuont' names no 'uniform float cuont;'"), "\(error)")
        }
    }
}
