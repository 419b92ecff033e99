/// Numbers Glint's own shaders share with its Swift declarations, written once, in Swift, and
/// handed to every effect program as `#define`s (after `#version`, before the prelude), so a
/// bound is declared in one place: the blur's radius range is `EffectDeclaration.Blur.radius`'s,
/// which `--param` checks, the slider spans, `.blur(radius:)` clamps to, and which
/// `Shaders/blur.frag` and `blurOpaque.frag` clamp by and their `separable` markers' σ range
/// name, as `GLINT_BLUR_MAX_RADIUS`.
public enum PipelineDefines {
    /// Each define's name and value.
    public static let all: [(name: String, value: Double)] = [
        ("GLINT_BLUR_MAX_RADIUS", EffectDeclaration.Blur.radius.range.upperBound),
    ]

    /// The `#define` lines, each a float literal (`#define GLINT_BLUR_MAX_RADIUS 64.0`).
    public static let text: String = all.map { "#define \($0.name) \(ShaderMarkers.literal(Float($0.value)))\n" }.joined()

    /// The value of the define `name`, if it is one of these.
    public static func value(named name: Substring) -> Double? {
        all.first { $0.name == name }?.value
    }
}
