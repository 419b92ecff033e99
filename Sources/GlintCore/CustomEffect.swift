/// Effects from files of your own: `glint --effect my.frag`, a `colorEffect` fed a small set of
/// uniforms, for shader work without writing Swift, as in glslViewer or Shadertoy; and
/// `glint --effect ripple.metal`, a SwiftUI Metal function whose parameters are given what their
/// names say. Both are `DeclaredEffect`s; this is what their declarations share.
///
/// | uniform | type | meaning |
/// | --- | --- | --- |
/// | `time` | `float` | seconds since the start |
/// | `pointer` | `vec2` | the pointer's last position, points from the top-left |
/// | `isPressed` | `float` | 1 while the button is down, else 0 |
/// | `hold` | `float` | springs 0 → 1 while pressed and back on release (0.3 s, no bounce) |
/// | `bounds` | `vec4` | the view's rect in points: (0, 0, width, height) |
///
/// plus the pipeline's own (`glint_viewSize`, `glint_scale`, …). Undeclared uniforms are skipped.
///
/// A uniform of its own with a `// glint:` annotation (`uniform float speed; // glint: 0 4 1`,
/// `UniformAnnotations`) is a parameter: `--param speed=2`, a control on the panel, `--state`.
public enum CustomEffect {
    /// What `glint effects --json` and the window say of a file of the user's.
    public static let summary = "Your own effect file: glint --effect path/to/file.frag or file.metal."

    /// The uniforms every custom `.frag` is given, which an annotation may not declare again.
    static let frameArguments: [EffectDeclaration.Argument] = [.time, .pointer, .isPressed, .hold, .bounds]

    /// The effect of a `.frag` file named `fileName` defining `colorEffect`; `function` is the
    /// file's name without `.frag`, which the renderer finds through its `ShaderSources` (the
    /// app points them at the file's folder). `source`, the file's text, is read for annotated
    /// uniforms, each a parameter after the frame's uniforms; `path` names the file in errors.
    public static func fragment(function: String, fileName: String, source: String = "", path: String? = nil) throws(InputError) -> DeclaredEffect {
        let file = path ?? fileName
        let annotated = try UniformAnnotations.parse(source, file: file)
        for a in annotated {
            if frameArguments.contains(where: { $0.name == a.parameter.name }) || a.parameter.name.hasPrefix("glint_") {
                throw InputError("\(file):\(a.line): uniform '\(a.parameter.name)' is set by glint every frame and cannot be annotated; name your own uniform otherwise")
            }
        }
        var declaration = EffectDeclaration(function, kind: .color, title: fileName, summary: summary,
                                            arguments: frameArguments + annotated.map { .number($0.parameter) }, isModifier: false)
        declaration.setsUniforms = true
        return DeclaredEffect(declaration, name: fileName)
    }
}
