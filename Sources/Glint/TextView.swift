import Foundation
import GlintCore
import GlintRender

/// Lines of text, as SwiftUI's `Text`: as wide as its longest line unless offered less, when
/// it wraps at spaces (and within words too long for a line). Drawn with FreeType from a glyph
/// atlas at the window's scale, so it is crisp at 1x and 2x. Its font, colour, alignment and
/// line limit come from the views around it (`.font`, `.foregroundStyle`,
/// `.multilineTextAlignment`, `.lineLimit`).
public struct Text: View, Equatable, Sendable {
    let string: String
    /// Parts in colours of their own, in unicode scalars, sorted and apart: an
    /// `AttributedString`'s `foregroundColor` runs, or the parts of joined texts.
    var colorRuns: [ColorRun] = []

    struct ColorRun: Equatable, Sendable {
        var start: Int
        var end: Int
        var color: Color
    }

    /// `content` shown as it is.
    public init<S: StringProtocol>(_ content: S) { string = String(content) }

    /// `content` shown as it is.
    public init(verbatim content: String) { string = content }

    public var body: Never { fatalError("Text has no body") }

    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        let env = graph.environment
        if case .shader(let shader) = env.foregroundStyle {
            // A shader or gradient style: the style filling the text's frame, seen through its
            // glyphs (the text, laid out as it is, sizes the view and is the mask).
            let glyphs = view.foregroundStyle(Color.white)
            graph.makeChild(glyphs.hidden().overlay { Rectangle().fill(shader).mask { glyphs } })
            return
        }
        var runs: [TextColorRun] = []
        if !view.colorRuns.isEmpty {
            runs = view.colorRuns.map { run in
                TextColorRun(start: run.start, end: run.end, color: run.color.resolved(in: env.colorScheme).resolved)
            }
        }
        graph.addNode(.text(TextLeaf(
            string: view.string, font: (env.font ?? .body).spec,
            style: (env.foregroundStyle ?? .color(.primary)).resolved(in: env), alignment: env.multilineTextAlignment,
            lineLimit: env.lineLimit, lineSpacing: Double(env.lineSpacing), shadow: env.shadow,
            tracking: Double(env.tracking),
            monospacedDigits: env.monospacedDigits || env.font?.monospacedDigits == true, colorRuns: runs)))
    }
}

@_exported import enum GlintRender.TextAlignment

/// A font, as SwiftUI's `Font`: the system face (DejaVu on Debian) at a size, weight and design.
public struct Font: Hashable, Sendable {
    /// The font as the text engine takes it.
    package var spec: FontSpec
    /// Whether its digits share one width (`monospacedDigit()`).
    var monospacedDigits = false

    /// How heavy the strokes are, as SwiftUI's `Font.Weight`.
    public struct Weight: Hashable, Sendable {
        let value: FontWeight
        public static let ultraLight = Weight(value: .ultraLight)
        public static let thin = Weight(value: .thin)
        public static let light = Weight(value: .light)
        public static let regular = Weight(value: .regular)
        public static let medium = Weight(value: .medium)
        public static let semibold = Weight(value: .semibold)
        public static let bold = Weight(value: .bold)
        public static let heavy = Weight(value: .heavy)
        public static let black = Weight(value: .black)
    }

    /// The family's style, as SwiftUI's `Font.Design`.
    public enum Design: Hashable, Sendable {
        case `default`, serif, rounded, monospaced

        var value: FontDesign {
            switch self {
            case .default: return .default
            case .serif: return .serif
            case .rounded: return .rounded
            case .monospaced: return .monospaced
            }
        }
    }

    /// The system font at `size` points.
    public static func system(size: CGFloat, weight: Weight = .regular, design: Design = .default) -> Font {
        Font(spec: FontSpec(size: Double(size), weight: weight.value, design: design.value))
    }

    /// A text style's font (SwiftUI's sizes for the default dynamic type size).
    public static func system(_ style: TextStyle, design: Design = .default, weight: Weight? = nil) -> Font {
        var font = Font.system(size: style.size, weight: weight ?? style.weight, design: design)
        font.spec.design = design.value
        return font
    }

    /// SwiftUI's text styles.
    public enum TextStyle: Hashable, Sendable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2

        var size: CGFloat {
            switch self {
            case .largeTitle: return 34
            case .title: return 28
            case .title2: return 22
            case .title3: return 20
            case .headline, .body: return 17
            case .callout: return 16
            case .subheadline: return 15
            case .footnote: return 13
            case .caption: return 12
            case .caption2: return 11
            }
        }

        var weight: Weight { self == .headline ? .semibold : .regular }
    }

    public static let largeTitle = system(.largeTitle)
    public static let title = system(.title)
    public static let title2 = system(.title2)
    public static let title3 = system(.title3)
    public static let headline = system(.headline)
    public static let subheadline = system(.subheadline)
    public static let body = system(.body)
    public static let callout = system(.callout)
    public static let footnote = system(.footnote)
    public static let caption = system(.caption)
    public static let caption2 = system(.caption2)

    /// The font at `weight`.
    public func weight(_ weight: Weight) -> Font {
        var font = self
        font.spec.weight = weight.value
        return font
    }

    /// The font in bold.
    public func bold() -> Font { weight(.bold) }

    /// The font slanted.
    public func italic() -> Font {
        var font = self
        font.spec.italic = true
        return font
    }

    /// The font's monospaced design.
    public func monospaced() -> Font {
        var font = self
        font.spec.design = .monospaced
        return font
    }
}

extension View {
    /// Bold text in the view, as SwiftUI's `bold()`.
    public func bold(_ isActive: Bool = true) -> ModifiedContent<Self, _FontChangeModifier> {
        modifier(_FontChangeModifier(change: isActive ? .bold : .none))
    }

    /// Slanted text in the view, as SwiftUI's `italic()`.
    public func italic(_ isActive: Bool = true) -> ModifiedContent<Self, _FontChangeModifier> {
        modifier(_FontChangeModifier(change: isActive ? .italic : .none))
    }

    /// Text in the view at `weight`, as SwiftUI's `fontWeight`.
    public func fontWeight(_ weight: Font.Weight?) -> ModifiedContent<Self, _FontChangeModifier> {
        modifier(_FontChangeModifier(change: weight.map { .weight($0) } ?? .none))
    }
}

/// `bold()`, `italic()`, `fontWeight()`: the inherited font, changed.
public struct _FontChangeModifier: ViewModifier {
    enum Change {
        case none, bold, italic
        case weight(Font.Weight)
    }

    let change: Change
    public typealias Body = Never

    public static func _makeModifier<C: View>(_ modifier: Self, content: C, into graph: inout ViewGraph) {
        let saved = graph.environment
        let font = graph.environment.font ?? .body
        switch modifier.change {
        case .none: break
        case .bold: graph.environment.font = font.bold()
        case .italic: graph.environment.font = font.italic()
        case .weight(let weight): graph.environment.font = font.weight(weight)
        }
        graph.makeChild(content)
        graph.environment = saved
    }
}
