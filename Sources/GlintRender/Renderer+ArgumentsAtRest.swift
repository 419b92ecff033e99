@preconcurrency import CEpoxy
import Foundation
import GlintCore

/// Arguments at rest compiled into a program as constants: a fused run's, and a single pass's
/// (`restVersion`: Glint's own effects, called by position).
///
/// A program reads its arguments from uniforms, so that one program draws any values.
/// llvmpipe then computes with them at every pixel what a program written for those values folds
/// away when it is compiled: a gradient's division by the view's size, a checkerboard's by its
/// square, a colour multiplied by a replacement of zeros. Compiled with the values as constants, the
/// colour chain `gradient,checkerboard` draws in half the CPU time (docs/performance.md).
///
/// Which arguments: those of a float, vector, colour, bounding-rect or int kind that have not changed
/// for `Renderer.restFrames` frames (or since the run was first drawn), and with them the pipeline's
/// maps from gl_FragCoord to the position and from positions to the layer's texture coordinates
/// (`glint_positionMap`, `glint_layerMap`; `PipelineConstants`) and the view's size, which change only
/// when the view moves or is resized, and a separable pass's direction: with them constants, each line a shader
/// measures from the position folds into one multiply-add of gl_FragCoord (the prism's twenty
/// sides, say) and a blur's taps into constant offsets. An argument that moves (a
/// time, a dragged slider) stays a uniform, so an animation compiles nothing while it runs, and a
/// slider compiles a version with it a uniform when its drag starts (unless one is held) and one with
/// its new value half a second after it stops. A version is kept per set of values (at most
/// `Program.maxVariants`, the least recently drawn evicted); one that fails to compile turns this off
/// for the run. The constant versions also know whether a layer is below the run, so the choice
/// between the layer's colour and the view's own goes too.
///
/// A version draws the general program's pixels within 1/255, not always byte for byte: with its
/// values known the compiler may fold arithmetic into other operations that round differently (a
/// division by a constant made a multiplication, say). Measured on llvmpipe over every built-in
/// colour effect (`Tests/GlintRenderTests/FusionTests`): `diamondTransition` differs in 6 bytes of
/// 64,000 by 1, the rest not at all. So `glint render` and `record`, whose frames must not depend on
/// the frames before them, turn it off. Off with `Renderer.compilesArgumentsAtRest` (`GLINT_NO_REST`),
/// or with `Renderer.specializes` (`--no-specialize`).
extension Renderer {
    /// How many frames an argument must keep its value before it is compiled in.
    static let restFrames = 30

    /// A general program's record of its arguments and its versions with constants (`Version`: a
    /// fused run's program, or a pass's).
    final class ArgumentsAtRest<Version: AnyObject> {
        /// Per argument (stages in order, then their arguments): last frame's value, four words each.
        var last: [UInt32] = []
        /// Per argument: the frame its value last changed in; `Int.min` for one never seen to change.
        var changed: [Int] = []
        /// This frame's constants' values, in argument order (scratch, reused).
        var values: [UInt32] = []
        /// The versions made: which arguments are constants (a bit each), whether a layer is below,
        /// the constants' values, and when each was last drawn.
        var versions: [(mask: UInt64, hasLayer: Bool, values: [UInt32], version: Version, lastDrawn: Int)] = []
        /// Set when a version did not compile: the general program draws from then on.
        var failed = false
        /// The frame this record was last used in.
        var frame = Int.min
        /// The record of the program's next draw in the same frame: the n-th draw of a frame is compared
        /// with the n-th of the frame before (a blur's pass along x, then along y; one effect on two views).
        var next: ArgumentsAtRest?

        /// This record and those of the draws after it in a frame.
        var chain: [ArgumentsAtRest] {
            var all = [self]
            while let more = all.last?.next { all.append(more) }
            return all
        }
    }

    /// The version of `fused` (a run's general program) to draw this frame, its arguments at rest
    /// compiled in; `fused` itself when specialising is off or a version does not compile.
    func constantVersion(of fused: FusedProgram, content: EffectPass?, _ effects: [EffectPass], start: Int, next: Int,
                         hasLayer: Bool, at place: PassPlace) -> FusedProgram {
        guard specializes && compilesArgumentsAtRest, let state = beginFrame(&fused.atRest) else { return fused }
        var mask: UInt64 = 0
        var argument = 0
        var stage = 0
        if let content {
            noteArguments(content, fused.bindings[0], state, &argument, &mask)
            stage = 1
        }
        var i = start
        while i < next {  // index loops: no iterator allocations in unoptimised builds
            if effects[i].isEnabled {
                noteArguments(effects[i], fused.bindings[stage], state, &argument, &mask)
                stage += 1
            }
            i += 1
        }
        let pipeline = notePipeline(fused.program, at: place, direction: (1, 0), state, &argument, &mask)
        return held(state, mask: mask, hasLayer: hasLayer)
            ?? keep(makeFused(content: content, effects, from: start, through: next, constants: mask, hasLayer: hasLayer,
                              pipeline: pipeline),
                    in: state, mask: mask, hasLayer: hasLayer) ?? fused
    }

    /// The version of `program` (a pass's, Glint's own, called by position) to draw `pass` with at
    /// `place` this frame, its arguments and the pipeline's maps at rest compiled in; `program` itself
    /// where that is off, or for a program that is a user's file, has sampler objects, or whose version
    /// does not compile.
    func restVersion(of program: Program, pass: EffectPass, at place: PassPlace, direction: (x: Float, y: Float)) -> Program {
        guard specializes && compilesArgumentsAtRest, pass.isPositional, pass.tool == nil, !program.isUserFile,
              program.samplerObjects.isEmpty else { return program }
        // No record at all for a program with nothing to compile in (an image's): it would allocate at
        // the program's first draw for nothing.
        guard program.atRest != nil || program.bindings.contains(where: Self.mayBeConstant) || program.positionMap >= 0
                || program.layerMap >= 0 || program.passDirection >= 0 || program.viewSize >= 0 || program.passBounds >= 0,
              let state = beginFrame(&program.atRest) else { return program }
        var mask: UInt64 = 0
        var argument = 0
        noteArguments(pass, program.bindings, state, &argument, &mask)
        let pipeline = notePipeline(program, at: place, direction: direction, state, &argument, &mask)
        guard mask != 0 else { return program }
        if let version = held(state, mask: mask, hasLayer: false) { return version }
        // The generated main declares each argument `uniform TYPE glint_argN;`: those at rest become constants.
        var text = program.sources.fragment
        var i = 0
        while i < program.bindings.count && i < pass.arguments.count && i < 64 {
            let binding = program.bindings[i]
            if mask & (1 << UInt64(i)) != 0, let constant = constantDeclaration(binding.uniform, pass.arguments[i], binding) {
                text = text.replacingOccurrences(of: "uniform \(binding.type) \(binding.uniform);", with: constant)
            }
            i += 1
        }
        pipeline.declare(in: &text)
        return keep(try? program.version(fragment: text), in: state, mask: mask, hasLayer: false) ?? program
    }

    /// The record for this draw of the program whose record is in `slot`: the first (made on first
    /// use) for its first draw in a frame, the one after it for its second, and so on; with this
    /// frame's values cleared. Nil once a version failed to compile.
    private func beginFrame<Version>(_ slot: inout ArgumentsAtRest<Version>?) -> ArgumentsAtRest<Version>? {
        var state: ArgumentsAtRest<Version>
        if let known = slot {
            state = known
        } else {
            state = ArgumentsAtRest()
            slot = state
        }
        while state.frame == frameNumber {
            if state.next == nil { state.next = ArgumentsAtRest() }
            state = state.next!
        }
        state.frame = frameNumber
        if state.failed { return nil }
        state.values.removeAll(keepingCapacity: true)
        return state
    }

    /// The version held for this frame's constants, marked drawn; nil when none is.
    private func held<Version>(_ state: ArgumentsAtRest<Version>, mask: UInt64, hasLayer: Bool) -> Version? {
        var v = 0
        while v < state.versions.count {
            if state.versions[v].mask == mask, state.versions[v].hasLayer == hasLayer, state.versions[v].values == state.values {
                state.versions[v].lastDrawn = frameNumber
                return state.versions[v].version
            }
            v += 1
        }
        return nil
    }

    /// Keeps a version just made for this frame's constants (the least recently drawn evicted past
    /// `Program.maxVariants`) and returns it; nil, and no more versions made, when it did not compile.
    private func keep<Version>(_ made: Version?, in state: ArgumentsAtRest<Version>, mask: UInt64, hasLayer: Bool) -> Version? {
        guard let made else {
            state.failed = true
            return nil
        }
        if state.versions.count >= Program.maxVariants,
           let oldest = state.versions.indices.min(by: { state.versions[$0].lastDrawn < state.versions[$1].lastDrawn }) {
            state.versions.remove(at: oldest)
        }
        // A copy of its own: shared, the scratch array would be copied at the next frame's reuse.
        state.versions.append((mask, hasLayer, state.values.map { $0 }, made, frameNumber))
        restCompiles += 1
        return made
    }

    /// Records `pass`'s arguments in `state` from argument number `argument` on: what changed, and
    /// for each that may be a constant and is at rest, its bit in `mask` and its words in `state.values`.
    private func noteArguments<Version>(_ pass: EffectPass, _ bindings: [ArgumentBinding], _ state: ArgumentsAtRest<Version>,
                               _ argument: inout Int, _ mask: inout UInt64) {
        var i = 0
        while i < bindings.count {
            var words: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
            let count = i < pass.arguments.count ? constantWords(pass.arguments[i], bindings[i], &words) : 0
            _ = note(words, count: count, state, &argument, &mask)
            i += 1
        }
    }

    /// Records the pipeline's maps `program` reads at `place` (`glint_positionMap`, then
    /// `glint_layerMap`), a separable pass's `direction` (`glint_passDirection`), the view's size
    /// (`glint_viewSize`) and the pixels the pass runs over (`glint_passBounds`) as the next five
    /// arguments after the stages', and returns those at rest.
    private func notePipeline<Version>(_ program: Program, at place: PassPlace, direction: (x: Float, y: Float),
                                       _ state: ArgumentsAtRest<Version>, _ argument: inout Int, _ mask: inout UInt64) -> PipelineConstants {
        var constants = PipelineConstants()
        let position = program.positionMap >= 0 ? positionMap(at: place) : .zero
        if note(Self.words(position), count: program.positionMap >= 0 ? 4 : 0, state, &argument, &mask) {
            constants.positionMap = position
        }
        let layer = program.layerMap >= 0 ? layerMap(at: place) : .zero
        if note(Self.words(layer), count: program.layerMap >= 0 ? 4 : 0, state, &argument, &mask) {
            constants.layerMap = layer
        }
        let reads = program.passDirection >= 0
        if note((direction.x.bitPattern, direction.y.bitPattern, 0, 0), count: reads ? 2 : 0, state, &argument, &mask) {
            constants.passDirection = SIMD2(direction.x, direction.y)
        }
        let size = SIMD2(Float(viewSize.width), Float(viewSize.height))
        if note((size.x.bitPattern, size.y.bitPattern, 0, 0), count: program.viewSize >= 0 ? 2 : 0, state, &argument, &mask) {
            constants.viewSize = size
        }
        let bounds = program.passBounds >= 0 ? passBounds(at: place) : .zero
        if note(Self.words(bounds), count: program.passBounds >= 0 ? 4 : 0, state, &argument, &mask) {
            constants.passBounds = bounds
        }
        return constants
    }

    private static func words(_ v: SIMD4<Float>) -> (UInt32, UInt32, UInt32, UInt32) {
        (v.x.bitPattern, v.y.bitPattern, v.z.bitPattern, v.w.bitPattern)
    }

    /// Records the value of argument number `argument` (`count` of `words`; 0 for one kept in a
    /// uniform) in `state`: when it changed, and where it is at rest, its bit in `mask` and its
    /// words in `state.values`. Returns whether it is compiled in; moves on to the next argument.
    private func note<Version>(_ words: (UInt32, UInt32, UInt32, UInt32), count: Int, _ state: ArgumentsAtRest<Version>,
                               _ argument: inout Int, _ mask: inout UInt64) -> Bool {
        defer { argument += 1 }
        let base = argument * 4
        if state.changed.count <= argument {
            state.last.append(contentsOf: [words.0, words.1, words.2, words.3])
            state.changed.append(Int.min)
        } else if state.last[base] != words.0 || state.last[base + 1] != words.1 || state.last[base + 2] != words.2
                    || state.last[base + 3] != words.3 {
            state.last[base] = words.0
            state.last[base + 1] = words.1
            state.last[base + 2] = words.2
            state.last[base + 3] = words.3
            state.changed[argument] = frameNumber
        }
        let rests = state.changed[argument] == Int.min || frameNumber - state.changed[argument] >= Self.restFrames
        guard count > 0 && rests && argument < 64 else { return false }
        mask |= 1 << UInt64(argument)
        state.values.append(words.0)
        if count > 1 { state.values.append(words.1) }
        if count > 2 { state.values.append(words.2) }
        if count > 3 { state.values.append(words.3) }
        return true
    }

    /// For each version with constants held for the fused run of `functions` (content first), which
    /// of its arguments are constants, a bit each in order, sorted (for tests of the cache).
    func constantMasks(ofRun functions: [String]) -> [UInt64] {
        guard let entry = fusedPrograms.first(where: { $0.key.map(\.function) == functions }), let fused = entry.value,
              let state = fused.atRest else { return [] }
        return state.chain.flatMap { $0.versions.map(\.mask) }.sorted()
    }

    /// For each version with constants held for the programs of the effect `function` (its
    /// specialised versions' included), which of its arguments are constants, sorted (for tests).
    func restMasks(of function: String) -> [UInt64] {
        programs.filter { $0.key.function == function }.flatMap { [$0.value] + Array($0.value.variants.values) }
            .flatMap { $0.atRest?.chain.flatMap { $0.versions.map(\.mask) } ?? [] }.sorted()
    }

    /// Whether an argument of this binding's type may be compiled in (`constantWords`' kinds).
    static func mayBeConstant(_ binding: ArgumentBinding) -> Bool {
        guard binding.arrayLength == nil else { return false }
        switch binding.type {
        case .float, .vec2, .vec3, .vec4, .int: return true
        default: return false
        }
    }

    /// The words of an argument that may be compiled in as a constant (a float's or an int's bits, a
    /// vector's or a premultiplied colour's components), in `words`; how many, 0 for kinds kept in uniforms.
    func constantWords(_ value: ShaderArgument, _ binding: ArgumentBinding, _ words: inout (UInt32, UInt32, UInt32, UInt32)) -> Int {
        guard binding.arrayLength == nil else { return 0 }
        switch (value, binding.type) {
        case (.float(let x), .float):
            words.0 = x.bitPattern
            return 1
        case let (.float2(x, y), .vec2):
            words = (x.bitPattern, y.bitPattern, 0, 0)
            return 2
        case let (.float3(x, y, z), .vec3):
            words = (x.bitPattern, y.bitPattern, z.bitPattern, 0)
            return 3
        case let (.float4(x, y, z, w), .vec4):
            words = (x.bitPattern, y.bitPattern, z.bitPattern, w.bitPattern)
            return 4
        case (.color(let c), .vec4):
            let (r, g, b, a) = c.premultiplied
            words = (r.bitPattern, g.bitPattern, b.bitPattern, a.bitPattern)
            return 4
        case (.boundingRect, .vec4):
            words = (Float(0).bitPattern, Float(0).bitPattern, Float(viewSize.width).bitPattern, Float(viewSize.height).bitPattern)
            return 4
        case (.int(let n), .int):
            words.0 = UInt32(bitPattern: Int32(n))
            return 1
        default:
            return 0
        }
    }

    /// The declaration of the uniform `name` of `binding`'s type as a constant of `value`, or nil where
    /// it stays a uniform (a float that is not finite: GLSL has no literal for it).
    func constantDeclaration(_ name: String, _ value: ShaderArgument, _ binding: ArgumentBinding) -> String? {
        var words: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        let count = constantWords(value, binding, &words)
        guard count > 0 else { return nil }
        if binding.type == .int { return "const int \(name) = \(Int32(bitPattern: words.0));" }
        let all = [words.0, words.1, words.2, words.3].prefix(count).map { Float(bitPattern: $0) }
        guard all.allSatisfy(\.isFinite) else { return nil }
        let literals = all.map(ShaderMarkers.literal).joined(separator: ", ")
        return count == 1 ? "const float \(name) = \(literals);" : "const \(binding.type) \(name) = \(binding.type)(\(literals));"
    }
}

/// The pipeline's uniforms a version at rest declares as constants (`Renderer+ArgumentsAtRest`):
/// each that is set, of its value.
struct PipelineConstants {
    /// `glint_positionMap`: gl_FragCoord.xy · .xy + .zw is the position in points.
    var positionMap: SIMD4<Float>?
    /// `glint_layerMap`: position · .xy + .zw is where it lies in the layer below, as a texture coordinate.
    var layerMap: SIMD4<Float>?
    /// `glint_passDirection`: a separable pass's axis, (1, 0) or (0, 1).
    var passDirection: SIMD2<Float>?
    /// `glint_viewSize`: the view's size in points (a shader's bounds on what it draws fold with it:
    /// the waveform's choice of its closest-point search, say).
    var viewSize: SIMD2<Float>?
    /// `glint_passBounds`: the pixels the pass runs over, in the view's points (what a shader cuts at
    /// its bounds folds away where no pixel it runs over reaches past them: the prism's square).
    var passBounds: SIMD4<Float>?

    /// Rewrites the prelude's declarations of those set in `text` (a program's whole fragment source)
    /// as constants. A value that is not finite stays a uniform: GLSL has no literal for it.
    func declare(in text: inout String) {
        if let positionMap { Self.declare("glint_positionMap", [positionMap.x, positionMap.y, positionMap.z, positionMap.w], in: &text) }
        if let layerMap { Self.declare("glint_layerMap", [layerMap.x, layerMap.y, layerMap.z, layerMap.w], in: &text) }
        if let passDirection { Self.declare("glint_passDirection", [passDirection.x, passDirection.y], in: &text) }
        if let viewSize { Self.declare("glint_viewSize", [viewSize.x, viewSize.y], in: &text) }
        if let passBounds { Self.declare("glint_passBounds", [passBounds.x, passBounds.y, passBounds.z, passBounds.w], in: &text) }
    }

    private static func declare(_ name: String, _ value: [Float], in text: inout String) {
        guard value.allSatisfy(\.isFinite) else { return }
        let type = "vec\(value.count)"
        let literals = value.map(ShaderMarkers.literal).joined(separator: ", ")
        text = text.replacingOccurrences(of: "uniform \(type) \(name);", with: "const \(type) \(name) = \(type)(\(literals));")
    }
}
