/// Glint's own effect collection: the effects SwiftUI developers reach for in the open shader
/// collections, written for Glint in SwiftUI's Metal (`Shaders/<name>.metal`, translated when
/// loaded) and declared here once each.
extension EffectDeclaration {
    /// Every effect of the collection, in the order `glint effects` lists them.
    public static let collection: [EffectDeclaration] = [checkerboard] + colorCollection + layerCollection

    /// `checkerboard`'s parameters, declared once: its arguments, the command line and its modifier read them.
    public enum Checkerboard {
        public static let replacement = ColorArgument("replacement", Color(red: 0, green: 0, blue: 0))
        public static let size = Parameter("size", "side of a square, points", default: 20, range: 1...200)
    }

    /// Squares alternating between the content and a colour.
    public static let checkerboard = EffectDeclaration(
        "checkerboard", kind: .color, title: "Checkerboard",
        summary: "Squares of the content and of a colour, alternating from the top-left.",
        arguments: [
            .color(Checkerboard.replacement),
            .number(Checkerboard.size),
        ])
}
