/// The effect collection's distortions, layer effects and transitions.
extension EffectDeclaration {
    /// In the order `glint effects` lists them.
    public static let layerCollection: [EffectDeclaration] = []
}
