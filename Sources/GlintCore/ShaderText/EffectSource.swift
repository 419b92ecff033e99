/// Turns an effect file (a SwiftUI-style function, no `#version`, no `main`) into a full fragment
/// shader: the version line, the pipeline's prelude (`Shaders/glint.glsl`), the file, and a `main`
/// for its kind. `#line` directives keep the driver's line numbers those of each file.
public enum EffectSource {
    /// Source-string numbers used in `#line` so driver messages can be traced back to a file.
    public static let preludeString = 1
    public static let effectString = 2
    public static let mainString = 3

    /// What every effect program starts with: the version line and the pipeline's defines
    /// (`PipelineDefines`), before the prelude's `#line`.
    public static let header = "#version 330 core\n" + PipelineDefines.text

    public static func assemble(effect: String, prelude: String, kind: ShaderEffect.Kind) -> String {
        let main: String
        switch kind {
        case .color:
            main = """
            void main() {
                vec2 position = glint_position();
                vec4 color = glint_hasLayer != 0 ? glint_layerColor() : glint_baseColor;
                glint_fragColor = colorEffect(position, color);
            }
            """
        case .layer:
            main = """
            void main() {
                glint_fragColor = layerEffect(glint_position());
            }
            """
        case .distortion:
            main = """
            void main() {
                glint_fragColor = layerSample(distortionEffect(glint_position()));
            }
            """
        case .fill:
            main = """
            void main() {
                glint_fragColor = fillEffect(glint_position());
            }
            """
        }
        return "\(header)#line 1 \(preludeString)\n\(prelude)\n#line 1 \(effectString)\n\(effect)\n#line 1 \(mainString)\n\(main)\n"
    }

    /// The whole fragment shader with a given `main` (generated for positional arguments).
    public static func assemble(effect: String, prelude: String, main: String) -> String {
        "\(header)#line 1 \(preludeString)\n\(prelude)\n#line 1 \(effectString)\n\(effect)\n#line 1 \(mainString)\n\(main)\n"
    }

    /// Finds the kind of effect a file defines from the function it declares.
    public static func kind(of source: String) -> ShaderEffect.Kind? {
        if source.contains("layerEffect(") { return .layer(maxSampleOffset: .zero) }
        if source.contains("distortionEffect(") { return .distortion(maxSampleOffset: .zero) }
        if source.contains("colorEffect(") { return .color }
        return nil
    }
}
