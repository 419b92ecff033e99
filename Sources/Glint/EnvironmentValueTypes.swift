import Foundation
import GlintCore

/// Light or dark, as SwiftUI's `ColorScheme`: `Color.primary`, `.secondary` and the background
/// resolve by it where they are drawn.
public enum ColorScheme: Hashable, Sendable, CaseIterable {
    /// Dark content on a light background.
    case light
    /// Light content on a dark background.
    case dark

    /// The process's scheme from `GLINT_COLOR_SCHEME` (`light` or `dark`), or nil where it is not
    /// set; any other value is said once on standard error and ignored.
    static let processDefault: ColorScheme? = {
        let (scheme, complaint) = named(ProcessInfo.processInfo.environment["GLINT_COLOR_SCHEME"])
        if let complaint { FileHandle.standardError.write(Data("glint: \(complaint)\n".utf8)) }
        return scheme
    }()

    /// The scheme `text` names (`light`, `dark`, any case), or why it names none; nil and no
    /// complaint for nil or an empty string.
    package static func named(_ text: String?) -> (scheme: ColorScheme?, complaint: String?) {
        guard let text, !text.isEmpty else { return (nil, nil) }
        switch text.lowercased() {
        case "light": return (.light, nil)
        case "dark": return (.dark, nil)
        default: return (nil, "GLINT_COLOR_SCHEME=\(text) is not a colour scheme (light or dark); using the default")
        }
    }
}

/// Which way text and stacks run, as SwiftUI's `LayoutDirection`. Glint lays out left to right
/// only: `.rightToLeft` is accepted and changes nothing.
public enum LayoutDirection: Hashable, Sendable, CaseIterable {
    /// Left to right.
    case leftToRight
    /// Right to left (read, not followed: Glint lays out left to right).
    case rightToLeft
}

/// Closes what the view is presented in, as SwiftUI's `DismissAction`: call it
/// (`@Environment(\.dismiss) var dismiss`, then `dismiss()`). Does nothing until a host (a
/// window, a sheet) gives the environment an action.
public struct DismissAction {
    private let action: (() -> Void)?

    /// An action running `action` (nil: one that does nothing), for hosts.
    package init(_ action: (() -> Void)?) {
        self.action = action
    }

    /// Dismisses the view's window or presentation.
    public func callAsFunction() {
        action?()
    }
}

/// Opens a window of the app, as SwiftUI's `OpenWindowAction`: call it with a scene's id, a
/// value, or both (`@Environment(\.openWindow) var openWindow`, then `openWindow(id: "info")`).
/// Does nothing until a host gives the environment an action.
public struct OpenWindowAction {
    private let action: ((_ id: String?, _ value: AnyHashable?) -> Void)?

    /// An action running `action` with the id and value asked for (nil: one that does nothing),
    /// for hosts.
    package init(_ action: ((_ id: String?, _ value: AnyHashable?) -> Void)?) {
        self.action = action
    }

    /// Opens the window of the scene whose id is `id`.
    public func callAsFunction(id: String) {
        action?(id, nil)
    }

    /// Opens a window of the scene that presents values of `value`'s type, for `value`.
    public func callAsFunction<D: Codable & Hashable>(value: D) {
        action?(nil, AnyHashable(value))
    }

    /// Opens a window of the scene whose id is `id`, for `value`.
    public func callAsFunction<D: Codable & Hashable>(id: String, value: D) {
        action?(id, AnyHashable(value))
    }
}

/// SwiftUI's semantic colours: each resolves to a colour of the scheme where it is drawn.
enum SemanticColor: UInt8, Hashable, Sendable {
    /// Text and content: black in light, white in dark.
    case primary
    /// Secondary text: Apple's secondary label colour, grey at 60 % (a light grey in dark).
    case secondary
    /// Tertiary and quaternary text: Apple's label colours at 30 % and 18 % (16 % in dark).
    case tertiary, quaternary
    /// What content lies on: white in light, black in dark.
    case background

    /// The colour in `scheme`, at full opacity of the semantic colour's own.
    func color(in scheme: ColorScheme) -> GlintCore.Color {
        switch (self, scheme) {
        case (.primary, .light): return GlintCore.Color(red: 0, green: 0, blue: 0, alpha: 1)
        case (.primary, .dark): return GlintCore.Color(red: 1, green: 1, blue: 1, alpha: 1)
        case (.secondary, .light): return GlintCore.Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.6)
        case (.secondary, .dark): return GlintCore.Color(red: 235 / 255, green: 235 / 255, blue: 245 / 255, alpha: 0.6)
        case (.tertiary, .light): return GlintCore.Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.3)
        case (.tertiary, .dark): return GlintCore.Color(red: 235 / 255, green: 235 / 255, blue: 245 / 255, alpha: 0.3)
        case (.quaternary, .light): return GlintCore.Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.18)
        case (.quaternary, .dark): return GlintCore.Color(red: 235 / 255, green: 235 / 255, blue: 245 / 255, alpha: 0.16)
        case (.background, .light): return GlintCore.Color(red: 1, green: 1, blue: 1, alpha: 1)
        case (.background, .dark): return GlintCore.Color(red: 0, green: 0, blue: 0, alpha: 1)
        }
    }
}

extension Color {
    /// A semantic colour: its light value, resolved by the scheme where it is drawn.
    init(semantic: SemanticColor) {
        self.init(semantic.color(in: .light))
        self.semantic = semantic
    }

    /// SwiftUI's background colour: white in light, black in dark (`systemBackground`).
    static let background = Color(semantic: .background)

    /// The colour as drawn in `scheme`: a semantic colour (`.primary`, …) becomes that scheme's,
    /// with any opacity applied to it since; any other colour is itself.
    func resolved(in scheme: ColorScheme) -> Color {
        guard let semantic else { return self }
        let base = semantic.color(in: scheme), light = semantic.color(in: .light)
        // `opacity(_:)` scaled the light value's alpha; the same factor scales the scheme's.
        let factor = light.alpha > 0 ? resolved.alpha / light.alpha : 0
        return Color(GlintCore.Color(red: base.red, green: base.green, blue: base.blue, alpha: base.alpha * factor))
    }
}

extension ShapeStyleValue {
    /// The style as drawn in `environment`: semantic colours resolved by its colour scheme.
    func resolved(in environment: EnvironmentValues) -> ShapeStyleValue {
        if case .color(let color) = self, color.semantic != nil {
            return .color(color.resolved(in: environment.colorScheme))
        }
        return self
    }
}

extension ShapeStyle where Self == Color {
    /// SwiftUI's tertiary style: Apple's tertiary label colour, grey at 30 % (a light grey in dark).
    public static var tertiary: Color { Color(semantic: .tertiary) }
    /// SwiftUI's quaternary style: Apple's quaternary label colour, grey at 18 % (a light grey at 16 % in dark).
    public static var quaternary: Color { Color(semantic: .quaternary) }
    /// SwiftUI's background style: white in light, black in dark (`Rectangle().fill(.background)`).
    public static var background: Color { Color.background }
}
