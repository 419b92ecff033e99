import GlintCore

/// Glint's effect collection as modifiers, in the style SwiftUI shader collections give theirs:
/// each calls its `Shaders/<name>.metal` function through `ShaderLibrary.default`, its defaults
/// those of the effect's declaration (`EffectDeclaration`), which the command line shares.
extension View {
    /// Replaces every other square of `size` points with `color` (`Shaders/checkerboard.metal`).
    public func checkerboard(color: Color = Color(EffectDeclaration.Checkerboard.replacement.defaultSetting),
                             size: Double = EffectDeclaration.Checkerboard.size.defaultSetting) -> some View {
        colorEffect(ShaderLibrary.checkerboard(.color(color), .float(size)))
    }
}
