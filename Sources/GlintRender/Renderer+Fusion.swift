@preconcurrency import CEpoxy
import Foundation
import GlintCore

/// Fusion: consecutive colour effects, and colour effects on a view whose content is a shader,
/// drawn as one pass whose program calls each function in turn, instead of a layer each.
///
/// A colour effect reads only its own pixel, so nothing between two of them needs a layer; but a
/// layer stores 8 bits a channel, and the next effect reads what was stored. The fused program
/// rounds each function's result to those 8 bits (`glint_stored`) before the next function sees
/// it, as the layer would have, so the picture is the one drawn a layer at a time.
///
/// Fused are Glint's own functions (not a `--shaders` file the watchdog watches, nor a
/// `ShaderLibrary`), called by position, with no sampler settings of their own; their images take
/// texture units of the run's own. A file with compile-time constants (harmonic, waveform) is fused
/// only where the run's arguments at rest are compiled in (`compilesArgumentsAtRest`): with
/// uniforms it draws faster in its specialised version. A pass that is not fusable ends the run. A
/// run whose program does not compile (two files defining the same helper) is drawn unfused.
extension Renderer {
    /// A run of passes drawn as one: the fused program and each stage's argument slots.
    final class FusedProgram {
        let program: Program
        /// Per stage, in order: its arguments' uniforms, and where they go in `program`.
        let bindings: [[ArgumentBinding]]
        let slots: [[Program.UniformSlot]]
        /// Its versions compiled with pipeline defines (`Renderer+Variants`), by their flags.
        var variants: [UInt8: FusedProgram?] = [:]
        /// For a run's general program: its arguments' rest and its versions with them as constants
        /// (`Renderer+ArgumentsAtRest`); made at its first draw.
        var atRest: ArgumentsAtRest<FusedProgram>?

        init(program: Program, bindings: [[ArgumentBinding]]) {
            self.program = program
            self.bindings = bindings
            slots = bindings.map { stage in
                stage.map { b in
                    Program.UniformSlot(location: program.location(b.uniform), count: GLint(b.arrayLength ?? 1),
                                        countLocation: b.countUniform.map(program.location) ?? -1, sizeLocation: -1,
                                        unit: GLint(b.textureUnit ?? 0))
                }
            }
        }
    }

    /// A run found in a frame: its program, the index of the first effect after it, and whether
    /// its last stage is marked opaque.
    struct FusedRun {
        var fused: FusedProgram
        var next: Int
        var isOpaque: Bool
        /// The enabled effects it draws (the content not counted).
        var effectCount: Int
    }

    /// Whether `pass` may be a stage of a fused run (`asContent`: its first, the view's content;
    /// `displacing`: the distortion ending a displaced run).
    func isFusable(_ pass: EffectPass, asContent: Bool, displacing: Bool = false) throws(RenderError) -> Bool {
        switch pass.kind {
        case .color: guard !displacing else { return false }
        case .fill: guard asContent else { return false }
        case .distortion: guard displacing else { return false }
        case .layer: return false
        }
        guard pass.isPositional, pass.library == nil, pass.tool == nil else { return false }
        let key = Self.key(pass)
        guard retired.isEmpty || !retired.contains(key) else { return false }
        let program = try program(for: pass, key: key)
        // A file with compile-time constants draws fastest in its specialised version; in a run only
        // where the run's own arguments at rest are compiled in (the window, not render or record).
        guard !program.isUserFile, program.constants.isEmpty || !specializes || compilesArgumentsAtRest,
              program.samplerObjects.isEmpty else { return false }
        return true
    }

    /// The run of fusable passes starting at `content` (when given, as the first stage) and the
    /// enabled effects from `start` on, when it has two stages or more; nil otherwise, or when
    /// fusion is off.
    func fusedRun(content: EffectPass?, _ effects: [EffectPass], from start: Int) throws(RenderError) -> FusedRun? {
        guard fuses else { return nil }
        fusionKeys.removeAll(keepingCapacity: true)
        if let content {
            guard content.isEnabled, try isFusable(content, asContent: true) else { return nil }
            fusionKeys.append(Self.key(content))
        }
        var next = start
        var count = 0
        var lastOpaque = content?.isOpaque ?? false
        while next < effects.count {
            let pass = effects[next]
            if pass.isEnabled {
                guard try isFusable(pass, asContent: false) else { break }
                fusionKeys.append(Self.key(pass))
                lastOpaque = pass.isOpaque
                count += 1
            }
            next += 1
        }
        // Disabled passes after the run are not part of it.
        while next > start, !effects[next - 1].isEnabled { next -= 1 }
        guard fusionKeys.count >= 2 else { return nil }
        let fused: FusedProgram?
        if let known = fusedPrograms[fusionKeys] {
            fused = known
        } else {
            fused = makeFused(content: content, effects, from: start, through: next)
            fusedPrograms[fusionKeys] = .some(fused)
        }
        guard let fused else { return nil }
        return FusedRun(fused: fused, next: next, isOpaque: lastOpaque, effectCount: count)
    }

    /// The view's content, the colour effects right after it and the distortion after them drawn
    /// as one pass, when every stage before the distortion is affine in the position
    /// (`// glint: affine`) and the distortion is the last enabled effect; nil otherwise, or when
    /// fusion is off.
    ///
    /// The layered picture reads, with bilinear filtering, a layer holding the content at its
    /// pixels' centres and transparency outside the view. For affine content that reads the
    /// content at the very position (clamped to the outermost pixels' centres), times how much of
    /// the filter's footprint lies inside the view: the fused program computes that, with no layer,
    /// no second pass and no texture read (`docs/performance.md` has which effects qualify).
    func displacedRun(content: EffectPass, _ effects: [EffectPass], last: Int) throws(RenderError) -> FusedRun? {
        guard fuses, last >= 0, case .distortion = effects[last].kind, content.isEnabled,
              try isFusable(content, asContent: true), try program(for: content).isAffine,
              try isFusable(effects[last], asContent: false, displacing: true) else { return nil }
        fusionKeys.removeAll(keepingCapacity: true)
        fusionKeys.append(Self.key(content))
        var count = 0
        var i = 0
        while i < last {
            let pass = effects[i]
            if pass.isEnabled {
                guard try isFusable(pass, asContent: false), try program(for: pass).isAffine else { return nil }
                fusionKeys.append(Self.key(pass))
                count += 1
            }
            i += 1
        }
        fusionKeys.append(Self.key(effects[last]))
        let fused: FusedProgram?
        if let known = fusedPrograms[fusionKeys] {
            fused = known
        } else {
            fused = makeFused(content: content, effects, from: 0, through: last + 1)
            fusedPrograms[fusionKeys] = .some(fused)
        }
        guard let fused else { return nil }
        return FusedRun(fused: fused, next: last + 1, isOpaque: false, effectCount: count + 1)
    }

    /// Compiles the program of a run: every distinct function's file once, then a `main` that
    /// calls the stages in turn, each stage's arguments in uniforms of their own
    /// (`glint_s<stage>_arg<n>`). Nil when it does not compile. A version with constants
    /// (`Renderer+ArgumentsAtRest`) declares the arguments whose bits are set in `constants` (counted
    /// over the stages in order) as constants of their values in these passes, `hasLayer` says
    /// whether a layer is below it, and `pipeline` which of the pipeline's maps are constants.
    func makeFused(content: EffectPass?, _ effects: [EffectPass], from start: Int, through end: Int,
                   constants: UInt64 = 0, hasLayer: Bool? = nil, pipeline: PipelineConstants = PipelineConstants()) -> FusedProgram? {
        var stages: [EffectPass] = content.map { [$0] } ?? []
        stages += effects[start..<end].filter(\.isEnabled)
        var files: [String] = []
        var fileNames: [Int: String] = [EffectSource.preludeString: prelude.path]
        var included: Set<String> = []
        var declarations: [String] = []
        var calls: [String] = []
        var bindings: [[ArgumentBinding]] = []
        // A displaced run (`displacedRun`) ends with its distortion, called first, on the fragment's position.
        var displacement: String?
        var argument = 0
        var units = 0
        for (s, pass) in stages.enumerated() {
            guard let program = try? program(for: pass), let source = try? sources.builtInSource(pass.function),
                  source.includes.isEmpty else { return nil }
            if !included.contains(pass.function) {
                included.insert(pass.function)
                // Strings 1–3 are the prelude, an effect and the main, as unfused programs number them.
                let string = files.isEmpty ? EffectSource.effectString : EffectSource.mainString + files.count
                fileNames[string] = source.path
                files.append("#line 1 \(string)\n\(source.text)")
            }
            var arguments: [String] = []
            var renamed: [ArgumentBinding] = []
            for (i, binding) in program.bindings.enumerated() {
                let uniform = "glint_s\(s)_" + binding.uniform.dropFirst("glint_".count)
                // An image gets a texture unit of the run's own: 1, 2, … in the order the stages take them,
                // below the bordered layer's (the last); a run with more images is drawn unfused.
                var unit: Int?
                if binding.textureUnit != nil {
                    units += 1
                    guard units < Int(borderedUnit) else { return nil }
                    unit = units
                }
                let array = binding.arrayLength.map { "[\($0)]" } ?? ""
                if argument < 64, constants & (1 << UInt64(argument)) != 0, i < pass.arguments.count,
                   let constant = constantDeclaration(uniform, pass.arguments[i], binding) {
                    declarations.append(constant)
                } else {
                    declarations.append("uniform \(binding.type) \(uniform)\(array);")
                }
                argument += 1
                arguments.append(uniform)
                var count: String?
                if let c = binding.countUniform {
                    count = "glint_s\(s)_" + c.dropFirst("glint_".count)
                    declarations.append("uniform int \(count!);")
                    arguments.append(count!)
                }
                renamed.append(ArgumentBinding(kind: binding.kind, uniform: uniform, type: binding.type,
                                               arrayLength: binding.arrayLength, countUniform: count, textureUnit: unit))
            }
            bindings.append(renamed)
            if case .distortion = pass.kind {
                displacement = "\(pass.function)(\((["glint_p"] + arguments).joined(separator: ", ")))"
                continue
            }
            let colour = s == 0 ? "glint_color" : "glint_stored(glint_color)"
            let leading = pass.kind == .fill ? ["glint_p"] : ["glint_p", colour]
            calls.append("    glint_color = \(pass.function)(\((leading + arguments).joined(separator: ", ")));")
        }
        let ending: [String]
        if let displacement {
            calls.insert(contentsOf: [
                "    // The distortion: where in the content's layer this position would be read.",
                "    glint_p = \(displacement);",
                "    // That layer would hold the content at its pixels' centres, transparent outside the view, read",
                "    // with bilinear filtering: for affine content, the content at the position clamped to the",
                "    // outermost centres, times how much of the filter's footprint lies inside the view.",
                "    vec2 glint_perPoint = glint_viewPixels.zw / glint_viewSize;",
                "    vec2 glint_pixel = glint_p * glint_perPoint;",
                "    vec2 glint_cover = clamp(min(glint_pixel, glint_viewPixels.zw - glint_pixel) + 0.5, 0.0, 1.0);",
                "    // Texture units weigh the two texels of a bilinear read in steps of 1/256.",
                "    glint_cover = floor(glint_cover * 256.0 + 0.5) * (1.0 / 256.0);",
                "#ifndef GLINT_LAYER_INSIDE",
                "    // What may be sampled: transparent outside it, as layerSample reads.",
                "    if (any(lessThan(glint_p, glint_layerInfo.origin)) || any(greaterThan(glint_p, glint_layerInfo.origin + glint_layerInfo.size))) {",
                "        glint_cover = vec2(0.0);",
                "    }",
                "#endif",
                "    glint_p = clamp(glint_pixel, vec2(0.5), glint_viewPixels.zw - 0.5) / glint_perPoint;",
            ], at: 0)
            // The layer stores the content at 8 bits a channel.
            ending = ["    glint_fragColor = glint_stored(glint_color) * (glint_cover.x * glint_cover.y);", "}"]
        } else {
            ending = ["    glint_fragColor = glint_color;", "}"]
        }
        let names = stages.map(\.function).joined(separator: ", ")
        let main = ([displacement == nil ? "// Generated by Glint: \(names) fused, each called on what the one before returned."
                        : "// Generated by Glint: \(names) fused, the content called where the distortion reads it."]
            + declarations + [
                "// What a layer of 8 bits a channel stores of a colour: the next function reads that.",
                "vec4 glint_stored(vec4 c) { return roundEven(clamp(c, 0.0, 1.0) * 255.0) * (1.0 / 255.0); }",
                "void main() {",
                "    vec2 glint_p = glint_position();",
                displacement != nil || hasLayer == false ? "    vec4 glint_color = glint_baseColor;"
                    : hasLayer == true ? "    vec4 glint_color = glint_layerColor();"
                    : "    vec4 glint_color = glint_hasLayer != 0 ? glint_layerColor() : glint_baseColor;",
            ] + calls + ending).joined(separator: "\n")
        fileNames[EffectSource.mainString] = "the pipeline's main fusing \(stages.map(\.function).joined(separator: ", "))"
        let assembled = "\(EffectSource.header)#line 1 \(EffectSource.preludeString)\n\(prelude.text)\n" + files.joined(separator: "\n")
            + "\n#line 1 \(EffectSource.mainString)\n\(main)\n"
        var text = ShaderSources.injectDefines(sources.defines, into: assembled)
        pipeline.declare(in: &text)
        guard let program = try? Program(name: stages.map(\.function).joined(separator: "+"),
                                         vertex: (vertex.text, [0: vertex.path]), fragment: (text, fileNames)) else { return nil }
        program.file = fileNames[EffectSource.effectString] ?? prelude.path
        return FusedProgram(program: program, bindings: bindings)
    }

    /// Draws a run at `place` over `layer` (nil: the run starts with the content): the pipeline's
    /// uniforms once, each stage's arguments, one draw.
    func drawFused(_ run: FusedRun, content: EffectPass?, _ effects: [EffectPass], start: Int, layer: GLuint?,
                   at place: PassPlace) throws(RenderError) {
        let region = place.region.clipped(toWidth: place.target.pixelWidth, height: place.target.pixelHeight)
        // Its arguments at rest compiled in (`Renderer+ArgumentsAtRest`), then the backdrop drawn in the
        // pass where that version compiles; a clear below it otherwise.
        let base = constantVersion(of: run.fused, content: content, effects, start: start, next: run.next, hasLayer: layer != nil,
                                    at: place)
        let chosen = version(of: base, at: place, readsLayer: true) { self.variant(of: $0, $1) }
        let fused = chosen.program
        let over = chosen.over
        guard region.width > 0, region.height > 0 else { return }
        if over, let backdrop = place.backdrop { storeBackdrop(backdrop, target: place.target) }
        let program = fused.program
        epoxy_glUseProgram(program.id)
        feedPipeline(program, layer: layer, at: place, direction: (1, 0))
        if over {
            feedBackdrop(program)
            epoxy_glDisable(GLenum(GL_BLEND))
            drawnOverBackdrop += 1
        }
        defer { if over { epoxy_glEnable(GLenum(GL_BLEND)) } }
        var stage = 0
        if let content {
            try upload(content, fused.slots[0])
            stage = 1
        }
        var i = start
        while i < run.next {
            if effects[i].isEnabled {
                try upload(effects[i], fused.slots[stage])
                stage += 1
            }
            i += 1
        }
        try submit(program, region: region, target: place.target)
        // One pass, named by the functions it fuses ("gradient+checkerboard").
        passTimer?.mark(content == nil ? .effect : .content, program.name, width: region.width, height: region.height,
                        target: passTarget(place.target), program: program.fileName)
    }

    /// `drawContent` for a run that starts with the content: over `background`, without a clear
    /// or blending where the run's last stage is opaque and covers the target.
    func drawFusedContent(_ run: FusedRun, content: EffectPass, _ effects: [EffectPass], at place: PassPlace,
                          covers: Bool, background: Color) throws(RenderError) {
        guard !(run.isOpaque && covers) else {
            epoxy_glDisable(GLenum(GL_BLEND))
            defer { epoxy_glEnable(GLenum(GL_BLEND)) }
            try drawFused(run, content: content, effects, start: 0, layer: nil, at: place)
            return
        }
        if covers && drawsBackdrop(place.region, of: place.target) {
            // Covering the target, it draws the backdrop itself: no clear below it.
            var over = place
            over.backdrop = background
            try drawFused(run, content: content, effects, start: 0, layer: nil, at: over)
            return
        }
        clear(to: background)
        guard run.isOpaque else {
            try drawFused(run, content: content, effects, start: 0, layer: nil, at: place)
            return
        }
        epoxy_glDisable(GLenum(GL_BLEND))
        defer { epoxy_glEnable(GLenum(GL_BLEND)) }
        try drawFused(run, content: content, effects, start: 0, layer: nil, at: place)
    }
}

extension Renderer {
    /// Readies the bound `layer` for a pass, drawn next without blending, that overwrites every
    /// pixel of `region`: cleared to transparent unless every pixel outside `region` already is,
    /// which the layer knows when what was drawn into it since its last clear lay inside
    /// `region` (`RenderTarget.transparentOutside`): a chain drawing the same regions every frame
    /// clears its layers once, not each frame. While the watchdog has stopped a program
    /// (`retiredKey`'s, or any when none is given), the layer is cleared whole: a pass that draws
    /// nothing must not show last frame's pixels.
    func clearOutside(_ region: PixelRect, of layer: RenderTarget, retiredKey: ProgramKey? = nil) {
        defer { layer.transparentOutside = region }
        let stopped = !retired.isEmpty && (retiredKey.map { retired.contains($0) } ?? true)
        if !stopped {
            let whole = PixelRect(x: 0, y: 0, width: layer.framebuffer.pixelWidth, height: layer.framebuffer.pixelHeight)
            if region.contains(whole) { return }
            if let known = layer.transparentOutside, region.contains(known) { return }
        }
        clear(to: .clear)
    }
}
