import Foundation
import GlintCore

/// What the GPU receives for a view's content pass, written out so a bare C program can draw the
/// very same thing (`glint bench --dump-shader`, read by `bench/bare.c`): the assembled vertex and
/// fragment sources and every uniform value, as `Renderer` sets them for a first pass.
///
/// The format is line-based: `glint-shader-dump 1`, `size W H`, then `vertex BYTES` and
/// `fragment BYTES` each followed by that many bytes of source, then one
/// `uniform NAME KIND COUNT VALUES…` line per uniform (KIND is 1f, 2f, 3f, 4f, 1i, 1fv or 4fv;
/// COUNT the number of array elements). Image arguments are not dumped.
public enum ShaderDump {
    /// The dump of `effect` drawn as the first pass by `renderer` for a view of `viewSize` points
    /// into a target of `pixelWidth`×`pixelHeight` pixels, with the effect's current arguments.
    public static func text(of effect: ShaderEffect, renderer: Renderer, viewSize: Size, pixelWidth: Int, pixelHeight: Int) throws(RenderError) -> String {
        let prelude = try renderer.sources.source(named: "glint.glsl")
        let vertex = try renderer.sources.source(named: "fullscreen.vert")
        let file = try renderer.sources.source(named: effect.function + ".frag")
        let fragment = EffectSource.assemble(effect: file.text, prelude: prelude.text, kind: effect.kind)

        var out = "glint-shader-dump 1\nsize \(pixelWidth) \(pixelHeight)\n"
        out += "vertex \(vertex.text.utf8.count)\n\(vertex.text)\n"
        out += "fragment \(fragment.utf8.count)\n\(fragment)\n"
        func uniform(_ name: String, _ kind: String, _ values: [Float], count: Int = 1) {
            out += "uniform \(name) \(kind) \(count)"
            for v in values { out += " " + String(format: "%.9g", v) }
            out += "\n"
        }
        // The pipeline's own uniforms, as `Renderer` sets them for the content (no layer below).
        uniform("glint_viewSize", "2f", [Float(viewSize.width), Float(viewSize.height)])
        uniform("glint_targetSize", "2f", [Float(pixelWidth), Float(pixelHeight)])
        uniform("glint_scale", "1f", [Float(viewSize.width > 0 ? Double(pixelWidth) / viewSize.width : 1)])
        let base = renderer.baseColor.premultiplied
        uniform("glint_baseColor", "4f", [base.0, base.1, base.2, base.3])
        uniform("glint_hasLayer", "1i", [0])
        uniform("glint_layer", "1i", [0])
        for (name, value) in zip(effect.argumentNames, effect.argumentValues) {
            switch value {
            case .float(let x): uniform(name, "1f", [x])
            case let .float2(x, y): uniform(name, "2f", [x, y])
            case let .float3(x, y, z): uniform(name, "3f", [x, y, z])
            case let .float4(x, y, z, w): uniform(name, "4f", [x, y, z, w])
            case .color(let c):
                let p = c.premultiplied
                uniform(name, "4f", [p.0, p.1, p.2, p.3])
            case .floatArray(let a):
                uniform(name, "1fv", a, count: a.count)
                uniform(name + "_count", "1i", [Float(a.count)])
            case .colorArray(let a):
                uniform(name, "4fv", a.flatMap { c in let p = c.premultiplied; return [p.0, p.1, p.2, p.3] }, count: a.count)
                uniform(name + "_count", "1i", [Float(a.count)])
            case .image, .data, .boundingRect:
                continue  // not needed by the built-in content effects the dump is for
            }
        }
        return out
    }
}
