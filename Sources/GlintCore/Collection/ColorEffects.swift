/// The effect collection's generators and colour effects.
extension EffectDeclaration {
    /// In the order `glint effects` lists them.
    public static let colorCollection: [EffectDeclaration] = []
}
