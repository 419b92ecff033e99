import Foundation
import GlintCore
import GlintRender

/// A title with an icon, as SwiftUI's `Label`: the icon left of the title in a row, spaced as
/// a stack's views are; `labelStyle(_:)` shows the title alone or the icon alone.
public struct Label<Title: View, Icon: View>: View {
    let title: Title
    let icon: Icon
    var style = LabelStyle.automatic

    /// A label of `title` and `icon`, each a view of your own.
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }

    /// The label shown as `style` says, as SwiftUI's `labelStyle(_:)`.
    ///
    /// Glint takes the style on the label itself; the environment's style for the labels inside
    /// a container is not there yet.
    public func labelStyle(_ style: LabelStyle) -> Label {
        var copy = self
        copy.style = style
        return copy
    }

    /// A primitive view has no body.
    public var body: Never { fatalError("Label has no body") }

    /// Makes the icon and title in a row, or the one the style shows.
    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        switch view.style.kind {
        case .titleOnly: graph.makeChild(view.title)
        case .iconOnly: graph.makeChild(view.icon)
        case .titleAndIcon: graph.makeChild(HStack { view.icon; view.title })
        }
    }
}

extension Label where Title == Text, Icon == Image {
    /// `title` beside the symbol `systemImage` (see `Image(systemName:)`).
    public init(_ titleKey: LocalizedStringKey, systemImage name: String) {
        self.init(title: { Text(titleKey) }, icon: { Image(systemName: name) })
    }

    /// `title` beside the symbol `systemImage` (see `Image(systemName:)`).
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage name: String) {
        self.init(title: { Text(title) }, icon: { Image(systemName: name) })
    }

    /// `title` beside the image `image` (see `Image(_:)`).
    public init(_ titleKey: LocalizedStringKey, image name: String) {
        self.init(title: { Text(titleKey) }, icon: { Image(name) })
    }

    /// `title` beside the image `image` (see `Image(_:)`).
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, image name: String) {
        self.init(title: { Text(title) }, icon: { Image(name) })
    }
}

/// How a label shows, as SwiftUI's `LabelStyle`s: `.titleAndIcon` (the automatic style on the
/// desktop), `.titleOnly`, `.iconOnly`.
public struct LabelStyle: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case titleAndIcon, titleOnly, iconOnly }
    let kind: Kind

    /// The style the label's context picks: here the icon and the title.
    public static let automatic = LabelStyle(kind: .titleAndIcon)
    /// The icon and the title.
    public static let titleAndIcon = LabelStyle(kind: .titleAndIcon)
    /// The title alone.
    public static let titleOnly = LabelStyle(kind: .titleOnly)
    /// The icon alone.
    public static let iconOnly = LabelStyle(kind: .iconOnly)
}

extension Button where Label == Glint.Label<Text, Image> {
    /// A button showing `titleKey` beside the symbol `systemImage`, as SwiftUI's
    /// `Button(_:systemImage:action:)`.
    public init(_ titleKey: LocalizedStringKey, systemImage: String, action: @escaping () -> Void) {
        self.init(action: action) { Glint.Label(titleKey, systemImage: systemImage) }
    }

    /// A button showing `title` beside the symbol `systemImage`, as SwiftUI's
    /// `Button(_:systemImage:action:)`.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage: String, action: @escaping () -> Void) {
        self.init(action: action) { Glint.Label(title, systemImage: systemImage) }
    }
}

/// How a symbol's layers are coloured, as SwiftUI's `SymbolRenderingMode`. Glint's symbols are
/// one layer, so every mode draws them in the foreground style, as `.monochrome` does.
public struct SymbolRenderingMode: Hashable, Sendable {
    let name: String
    /// One colour: the foreground style.
    public static let monochrome = SymbolRenderingMode(name: "monochrome")
    /// The symbol's own colours (drawn as `.monochrome` here).
    public static let multicolor = SymbolRenderingMode(name: "multicolor")
    /// Layers in lighter shades of the foreground (drawn as `.monochrome` here).
    public static let hierarchical = SymbolRenderingMode(name: "hierarchical")
    /// Layers in the styles given (drawn as `.monochrome` here).
    public static let palette = SymbolRenderingMode(name: "palette")
}

extension View {
    /// Accepted, as SwiftUI's `symbolRenderingMode(_:)`: Glint's symbols are one layer, drawn
    /// in the foreground style whatever the mode.
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> Self { self }
}
