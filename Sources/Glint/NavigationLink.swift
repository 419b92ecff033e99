import Foundation
import GlintCore

/// A view that pushes onto its `NavigationStack` when clicked, as SwiftUI's `NavigationLink`:
/// a value (shown by the stack's `navigationDestination(for:)` for its type) or a view. In a
/// `List` it is a whole row with a "›" at its trailing edge; elsewhere its label in the accent
/// colour. Outside a stack, or with a nil value, it does nothing.
public struct NavigationLink<Label: View, Destination: View>: View {
    let label: Label
    let target: Target

    enum Target {
        case value(AnyHashable?)
        case view(Destination)
    }

    /// A link pushing `value`, drawn as `label`.
    public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) where Destination == Never {
        self.label = label()
        target = .value(value.map { AnyHashable($0) })
    }

    /// A link pushing `value`, drawn as `title`.
    public init<S: StringProtocol, P: Hashable>(_ title: S, value: P?) where Label == Text, Destination == Never {
        label = Text(title)
        target = .value(value.map { AnyHashable($0) })
    }

    /// A link pushing `destination`, drawn as `label`.
    public init(destination: Destination, @ViewBuilder label: () -> Label) {
        self.label = label()
        target = .view(destination)
    }

    /// A link pushing what `destination` makes, drawn as `label`.
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
        self.label = label()
        target = .view(destination())
    }

    /// A link pushing `destination`, drawn as `title`.
    public init<S: StringProtocol>(_ title: S, destination: Destination) where Label == Text {
        label = Text(title)
        target = .view(destination)
    }

    /// A link pushing what `destination` makes, drawn as `title`.
    public init<S: StringProtocol>(_ title: S, @ViewBuilder destination: () -> Destination) where Label == Text {
        label = Text(title)
        target = .view(destination())
    }

    /// A primitive view has no body.
    public var body: Never { fatalError("NavigationLink has no body") }

    /// The label under a click that pushes onto the stack around.
    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        let inList = graph.isListRow
        guard let (state, _) = graph.enclosingNavigation() else {
            graph.makeChild(view.label)
            return
        }
        let push: () -> Void
        switch view.target {
        case .value(let value?): push = { state.value.push(value) }
        case .value(nil):
            graph.makeChild(view.label)
            return
        case .view(let destination):
            push = { state.value.push(AnyView(destination)) }
        }
        let click = _GestureModifier(recognizer: .button(push))
        if inList, let list = graph.listAround {
            // The list's keys can follow it.
            list.value.links.append((graph.nodes.count, push))
        }
        if inList {
            graph.makeChild(HStack(spacing: 8) {
                view.label
                Spacer(minLength: 0)
                Text("›").foregroundStyle(Color.secondary)
            }.modifier(click))
        } else {
            graph.makeChild(view.label.foregroundStyle(Color.accentColor).modifier(click))
        }
    }
}

extension ViewGraph {
    /// Whether the view being made is a row of a `List` (made in it, or under modifiers that
    /// only mark or gate what they hold).
    var isListRow: Bool { listAround != nil }

    /// The list the view being made is a row of, if it is one.
    var listAround: StateBox<ListState>? {
        var node = current
        while node >= 0 {
            switch nodes[node].kind {
            case .container(.list(let state)): return state
            case .identifier, .opacity, .hitTesting, .group, .gesture, .hidden: node = nodes[node].parent
            default: return nil
            }
        }
        return nil
    }

    /// The `NavigationStack` around the view being made, and the level the view is in.
    func enclosingNavigation() -> (StateBox<NavigationState>, level: Int)? {
        var node = current
        while node >= 0 {
            if case .container(.navigationLevel(let level)) = nodes[node].kind, nodes[node].parent >= 0,
               case .container(.navigation(let state)) = nodes[nodes[node].parent].kind {
                return (state, level)
            }
            node = nodes[node].parent
        }
        return nil
    }
}

extension View {
    /// The title shown in the bar of the `NavigationStack` around while this view is on top, as
    /// SwiftUI's `.navigationTitle(_:)`.
    public func navigationTitle<S: StringProtocol>(_ title: S) -> some View {
        NavigationDeclaration(content: self) { state, level in state.value.setTitle(String(title), level: level) }
    }

    /// The title shown in the bar, as `Text`.
    public func navigationTitle(_ title: Text) -> some View {
        NavigationDeclaration(content: self) { state, level in state.value.setTitle(title.string, level: level) }
    }

    /// Hides the bar's back button while this view is on top, as SwiftUI's
    /// `.navigationBarBackButtonHidden(_:)` (Escape still pops).
    public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> some View {
        NavigationDeclaration(content: self) { state, level in if hidesBackButton { state.value.hideBackButton(level: level) } }
    }

    /// How the title is shown, as SwiftUI's `.navigationBarTitleDisplayMode(_:)`: accepted;
    /// Glint's bar always shows it inline.
    public func navigationBarTitleDisplayMode(_ mode: NavigationBarItem.TitleDisplayMode) -> Self { self }

    /// The view shown for a value of type `data` pushed on the `NavigationStack` around, as
    /// SwiftUI's `.navigationDestination(for:destination:)`.
    public func navigationDestination<D: Hashable, C: View>(for data: D.Type, @ViewBuilder destination: @escaping (D) -> C) -> some View {
        NavigationDeclaration(content: self) { state, _ in
            state.value.destinations.append((ObjectIdentifier(D.self), { value, graph in
                if let value = value.base as? D { graph.makeChild(destination(value)) }
            }))
        }
    }

    /// Items in the bar of the `NavigationStack` around while this view is on top, as SwiftUI's
    /// `.toolbar { ToolbarItem { … } }`: each at the bar's trailing end, in order.
    public func toolbar<Items: View>(@ViewBuilder content: () -> Items) -> some View {
        let items = AnyView(content())
        return NavigationDeclaration(content: self) { state, level in state.value.addToolbarItem(items, level: level) }
    }
}

/// Namespace of SwiftUI's `NavigationBarItem.TitleDisplayMode`.
public enum NavigationBarItem {
    /// How a title is shown.
    public enum TitleDisplayMode: Sendable {
        case automatic, inline, large
    }
}

/// An item of a `.toolbar`, as SwiftUI's `ToolbarItem`: its content in the navigation bar.
public struct ToolbarItem<Content: View>: View {
    let content: Content

    /// `content` at `placement` (accepted; Glint puts every item at the bar's trailing end).
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.content = content()
    }

    /// The content.
    public var body: Content { content }
}

/// Several items of a `.toolbar`, as SwiftUI's `ToolbarItemGroup`.
public struct ToolbarItemGroup<Content: View>: View {
    let content: Content

    /// `content`'s views side by side at `placement` (accepted).
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.content = content()
    }

    /// The content.
    public var body: Content { content }
}

/// Where a toolbar item goes, as SwiftUI's `ToolbarItemPlacement`: accepted.
public struct ToolbarItemPlacement: Sendable {
    let name: String
    public static let automatic = ToolbarItemPlacement(name: "automatic")
    public static let primaryAction = ToolbarItemPlacement(name: "primaryAction")
    public static let confirmationAction = ToolbarItemPlacement(name: "confirmationAction")
    public static let cancellationAction = ToolbarItemPlacement(name: "cancellationAction")
    public static let principal = ToolbarItemPlacement(name: "principal")
    public static let navigation = ToolbarItemPlacement(name: "navigation")
    public static let topBarLeading = ToolbarItemPlacement(name: "topBarLeading")
    public static let topBarTrailing = ToolbarItemPlacement(name: "topBarTrailing")
    public static let navigationBarLeading = ToolbarItemPlacement(name: "navigationBarLeading")
    public static let navigationBarTrailing = ToolbarItemPlacement(name: "navigationBarTrailing")
    public static let bottomBar = ToolbarItemPlacement(name: "bottomBar")
}

/// A view that tells the `NavigationStack` around something (a title, a destination) as it
/// is made, then is its content.
struct NavigationDeclaration<Content: View>: View {
    let content: Content
    let declare: (StateBox<NavigationState>, Int) -> Void
    var body: Never { fatalError("NavigationDeclaration has no body") }

    static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        if let (state, level) = graph.enclosingNavigation() { view.declare(state, level) }
        graph.makeChild(view.content)
    }
}

/// A `NavigationStack`'s bar: the back button at the leading end, the title in the middle,
/// the toolbar's items at the trailing end.
struct NavigationBar: View {
    let state: StateBox<NavigationState>

    var body: some View {
        let top = state.value.levels - 1
        let items = top < state.value.toolbars.count ? state.value.toolbars[top] : []
        ZStack(alignment: .bottom) {
            ZStack {
                NavigationMetrics.barBackground
                if let title = state.value.title(top) { Text(title).font(.headline).lineLimit(1) }
                HStack(spacing: 8) {
                    if top > 0 && !state.value.hidesBackButton(top) {
                        Text("‹ " + (state.value.title(top - 1) ?? "Back"))
                            .foregroundStyle(Color.accentColor)
                            .lineLimit(1)
                            .padding(.horizontal, 8)
                            .frame(maxHeight: .infinity)
                            .modifier(_GestureModifier(recognizer: .button({ state.value.pop() })))
                    }
                    Spacer(minLength: 0)
                    ForEach(0..<items.count) { k in items[k] }
                }
                .padding(.horizontal, 8)
            }
            NavigationMetrics.separator.frame(height: 1)
        }
    }
}

/// A navigation bar's height and colours.
enum NavigationMetrics {
    /// The bar's height, in points.
    static let barHeight = 44.0
    static let barBackground = Color(white: 0.5, opacity: 0.12)
    static let separator = Color(white: 0.5, opacity: 0.3)
}
