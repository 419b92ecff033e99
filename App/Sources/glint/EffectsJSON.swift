import Foundation
import GlintCore

/// `glint effects --json`: every built-in effect, its parameters and image parameters, for scripts.
/// The same facts as the text listing, from the same descriptors.
enum EffectsJSON {
    struct Listing: Encodable {
        var effects: [Entry]
    }

    struct Entry: Encodable {
        var name: String
        var title: String
        /// The window's number key that selects it (the first nine have one; Tab reaches every one).
        var key: Int?
        /// color, layer, distortion or fill: how the effect's shader works.
        var kind: String
        /// Whether it changes what is below it (wave, blur, dissolve) rather than drawing content.
        var isModifier: Bool
        var summary: String
        var parameters: [Parameter]
        var images: [ImageParameter]
    }

    struct Parameter: Encodable {
        var name: String
        var summary: String
        var defaultValue: Double
        var minimum: Double
        var maximum: Double
        var isInteger: Bool
    }

    struct ImageParameter: Encodable {
        var name: String
        /// The built-in picture used when none is given (`--param dissolve.noise=FILE` sets one).
        var defaultAsset: String
    }

    /// The listing as pretty-printed JSON with sorted keys, ending in a new line.
    static func encode() throws -> String {
        let entries = EffectRegistry.all.enumerated().map { index, type in
            let d = type.descriptor
            return Entry(
                name: d.name, title: d.title, key: index < 9 ? index + 1 : nil, kind: type.make().pass.kind.name,
                isModifier: d.isModifier, summary: d.summary,
                parameters: d.parameters.map {
                    Parameter(name: $0.name, summary: $0.summary, defaultValue: $0.defaultValue,
                              minimum: $0.range.lowerBound, maximum: $0.range.upperBound, isInteger: $0.isInteger)
                },
                images: d.images.map { ImageParameter(name: $0.name, defaultAsset: $0.asset) })
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(Listing(effects: entries))
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
