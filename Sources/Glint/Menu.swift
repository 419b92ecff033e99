import Foundation
import GlintCore

/// A button that opens a list of actions, as SwiftUI's `Menu`: its label in the tint colour with a
/// chevron; a click opens its content (buttons, dividers, other views) in a column below it, a
/// click on one of its buttons runs it and closes the menu, and a click anywhere else closes it.
///
/// ```swift
/// Menu("Effect") {
///     Button("Ripple") { effect = .ripple }
///     Divider()
///     Button("Reset", role: .destructive) { reset() }
/// }
/// ```
///
/// The open list is drawn over the views laid out before the menu, not over those after it.
public struct Menu<Label: View, Content: View>: View {
    let label: Label
    let content: Content

    /// A menu of `content`, shown by `label`.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content()
        self.label = label()
    }

    public var body: Never { fatalError("Menu has no body") }

    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        let identity = ViewGraph.mix(graph.currentIdentity, 0x3E_2B)
        let store = graph.store
        let isOpen = store.openMenu == identity
        let toggle = {
            // Open at the press that began this click: the click closes it; else it opens.
            store.openMenu = store.menuOpenAtPress == identity ? nil : identity
        }
        let tint = graph.environment.tint ?? .accentColor
        graph.withNode(.overlay(.topLeading)) { graph in
            graph.makeChild(Button(action: toggle) {
                HStack(spacing: 4) {
                    view.label
                    Text(verbatim: "▾")
                }
            })
            guard isOpen else { return }
            // The items: buttons as plain rows that close the menu once they have run.
            let saved = (graph.buttonStyle, graph.menuDismiss)
            graph.buttonStyle = .builtIn(.plain)
            graph.menuDismiss = { store.openMenu = nil }
            graph.makeChild(VStack(alignment: .leading, spacing: 6) { view.content }
                .padding(EdgeInsets(top: 6, leading: 10, bottom: 6, trailing: 10))
                .frame(minWidth: 140, alignment: .leading)
                .fixedSize(horizontal: true, vertical: true)
                .background(RoundedRectangle(cornerRadius: 6).fill(graph.environment.colorScheme == .dark ? Color(white: 0.18) : Color(white: 0.97)))
                .overlay(RoundedRectangle(cornerRadius: 6).strokeBorder(tint.opacity(0.5), lineWidth: 1))
                .offset(y: 26)
                .modifier(_NodeModifier(kind: .floating)))
            (graph.buttonStyle, graph.menuDismiss) = saved
        }
    }
}

extension Menu where Label == Text {
    /// A menu titled `title`.
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }
}
