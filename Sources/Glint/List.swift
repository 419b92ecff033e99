import Foundation
import GlintCore

/// Rows in a column, as SwiftUI's `List`, drawn as a desktop draws a list: each row at least
/// `ListMetrics.rowHeight` tall, its content leading with an inset, a hairline separator
/// between rows, section headers and footers in smaller secondary text, the whole in a
/// `ScrollView`. Rows are the list's views: each static view, each of a `ForEach`'s, each of a
/// `Section`'s.
///
/// With `selection:`, a click on a row selects it (its `ForEach` id, or `.tag(_:)`/`.id(_:)`)
/// and the selected rows are drawn over the accent colour; a press on a control in a row is the
/// control's. ↑ and ↓ move the selection; in a list of `NavigationLink`s they move a highlight
/// over the links, and Return follows the highlighted one.
///
/// ```swift
/// @State private var picked: Int?
/// var body: some View {
///     List(selection: $picked) {
///         Section("Effects") {
///             ForEach(0..<3) { i in Text("Effect \(i)") }
///         }
///     }
/// }
/// ```
public struct List<SelectionValue: Hashable, Content: View>: View {
    let selection: ListSelection<SelectionValue>
    let content: Content

    /// A list of `content`'s rows, with nothing to select.
    public init(@ViewBuilder content: () -> Content) where SelectionValue == Never {
        selection = .none
        self.content = content()
    }

    /// A list whose rows select one value: a click on a row sets `selection` to its tag.
    public init(selection: Binding<SelectionValue?>?, @ViewBuilder content: () -> Content) {
        self.selection = selection.map { .single($0) } ?? .none
        self.content = content()
    }

    /// A list whose rows select into a set: a click on a row makes the set that row's tag alone.
    public init(selection: Binding<Set<SelectionValue>>?, @ViewBuilder content: () -> Content) {
        self.selection = selection.map { .multiple($0) } ?? .none
        self.content = content()
    }

    /// A primitive view has no body.
    public var body: Never { fatalError("List has no body") }

    /// A scroll view around the list's node; the list's state (its rows' tags, where they
    /// were laid out) kept by its identity.
    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        let state = graph.store.extra(graph.currentIdentity, slot: ListState.slot, initial: ListState())
        state.value.beginFrame()
        switch view.selection {
        case .none:
            state.value.isSelected = nil
            state.value.select = nil
        case .single(let binding):
            state.value.isSelected = { tag in binding.wrappedValue.map { AnyHashable($0) == tag } ?? false }
            state.value.select = { tag in if let value = tag.base as? SelectionValue { binding.wrappedValue = value } }
        case .multiple(let binding):
            state.value.isSelected = { tag in (tag.base as? SelectionValue).map { binding.wrappedValue.contains($0) } ?? false }
            state.value.select = { tag in if let value = tag.base as? SelectionValue { binding.wrappedValue = [value] } }
        }
        if state.value.select != nil {
            // One press over the whole list: released where it went down, it selects the row under it.
            var click = DragGesture(minimumDistance: 0, coordinateSpace: .global)
            click.ended = { value in state.value.clicked(at: Point(x: value.location.x, y: value.location.y), from: value.startLocation) }
            state.value.gesture = graph.addGesture(GestureHandler(recognizer: .drag(click), identity: ViewGraph.mix(graph.currentIdentity, 0x4C15),
                                                                  isEnabled: graph.environment.isEnabled))
        }
        let position = graph.store.extra(graph.currentIdentity, slot: ScrollPosition.slot, initial: ScrollPosition())
        position.value.showsIndicators = true
        position.value.isHorizontal = false
        position.value.style = graph.environment.controlStyle
        graph.withNode(.scroll(position)) { graph in
            graph.node(.container(.list(state)), content: view.content)
        }
        if state.value.select != nil || !state.value.links.isEmpty {
            // ↑ and ↓ move the selection (or, in a list of links, a cursor); Return follows a link.
            graph.keyHandlers.append(KeyHandler(key: .downArrow, action: { state.value.move(1) ? .handled : .ignored }))
            graph.keyHandlers.append(KeyHandler(key: .upArrow, action: { state.value.move(-1) ? .handled : .ignored }))
            graph.keyHandlers.append(KeyHandler(key: .return, action: { state.value.activate() ? .handled : .ignored }))
        }
    }
}

extension List {
    /// A row for each element of `data`, identified by its `id`.
    public init<Data: RandomAccessCollection, RowContent: View>(_ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
    where SelectionValue == Never, Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        self.init { ForEach(data, content: rowContent) }
    }

    /// A row for each element of `data`, identified by `id`.
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(_ data: Data, id: KeyPath<Data.Element, ID>,
                                                                             @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
    where SelectionValue == Never, Content == ForEach<Data, ID, RowContent> {
        self.init { ForEach(data, id: id, content: rowContent) }
    }

    /// A row for each number of `data`.
    public init<RowContent: View>(_ data: Range<Int>, @ViewBuilder rowContent: @escaping (Int) -> RowContent)
    where SelectionValue == Never, Content == ForEach<Range<Int>, Int, RowContent> {
        self.init { ForEach(data, content: rowContent) }
    }

    /// A row for each element of `data`, a click selecting its `id`.
    public init<Data: RandomAccessCollection, RowContent: View>(_ data: Data, selection: Binding<SelectionValue?>?,
                                                               @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
    where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        self.init(selection: selection) { ForEach(data, content: rowContent) }
    }

    /// A row for each element of `data`, identified by `id`, a click selecting it.
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(_ data: Data, id: KeyPath<Data.Element, ID>,
                                                                             selection: Binding<SelectionValue?>?,
                                                                             @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
    where Content == ForEach<Data, ID, RowContent> {
        self.init(selection: selection) { ForEach(data, id: id, content: rowContent) }
    }
}

/// What a list's rows select into.
enum ListSelection<Value: Hashable> {
    case none
    case single(Binding<Value?>)
    case multiple(Binding<Set<Value>>)
}

/// Rows of a `List` grouped under a header, as SwiftUI's `Section`: in a list, the header and
/// footer are rows of their own in smaller secondary text, with space above the section;
/// elsewhere the header, content and footer are made in place, one after another.
public struct Section<Parent: View, Content: View, Footer: View>: View {
    let header: Parent
    let content: Content
    let footer: Footer

    /// A section of `content` with `header` above and `footer` below.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer) {
        self.content = content()
        self.header = header()
        self.footer = footer()
    }

    /// A section with `header` and `footer` views (SwiftUI's older spelling).
    public init(header: Parent, footer: Footer, @ViewBuilder content: () -> Content) {
        self.header = header
        self.footer = footer
        self.content = content()
    }

    /// A primitive view has no body.
    public var body: Never { fatalError("Section has no body") }

    /// Makes the header, the rows and the footer; in a list, marks the header and footer.
    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        guard case .container(.list(let state)) = graph.nodes[graph.current].kind else {
            graph.makeChild(view.header)
            graph.makeChild(view.content)
            graph.makeChild(view.footer)
            return
        }
        var first = graph.nodes.count
        graph.makeChild(view.header.font(.subheadline).foregroundStyle(Color.secondary))
        state.value.mark(graph, from: first, as: .header)
        let opened = first < graph.nodes.count
        first = graph.nodes.count
        graph.makeChild(view.content)
        if !opened { state.value.mark(graph, from: first, as: .sectionStart, onlyFirst: true) }
        first = graph.nodes.count
        graph.makeChild(view.footer.font(.system(.footnote)).foregroundStyle(Color.secondary))
        state.value.mark(graph, from: first, as: .footer)
    }
}

extension Section where Parent == EmptyView, Footer == EmptyView {
    /// A section with no header.
    public init(@ViewBuilder content: () -> Content) {
        self.init(content: content, header: { EmptyView() }, footer: { EmptyView() })
    }
}

extension Section where Footer == EmptyView {
    /// A section with a header.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
        self.init(content: content, header: header, footer: { EmptyView() })
    }

    /// A section with a `header` view (SwiftUI's older spelling).
    public init(header: Parent, @ViewBuilder content: () -> Content) {
        self.init(header: header, footer: EmptyView(), content: content)
    }
}

extension Section where Parent == Text, Footer == EmptyView {
    /// A section headed by `title`.
    public init(_ title: String, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { Text(title) }, footer: { EmptyView() })
    }
}

extension Section where Parent == EmptyView {
    /// A section with a footer and no header.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) {
        self.init(content: content, header: { EmptyView() }, footer: footer)
    }
}

extension View {
    /// The list's look, as SwiftUI's `.listStyle(_:)`: accepted; Glint draws every list as a
    /// plain desktop list.
    public func listStyle<S: ListStyle>(_ style: S) -> Self { self }
}

/// `.tag(_:)`.
struct TagView<Content: View, Tag: Hashable>: View {
    let content: Content
    let tag: Tag
    var body: Never { fatalError("TagView has no body") }
    static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        if case .container(.tabs(let state)) = graph.nodes[graph.current].kind {
            let tab = graph.childCount(of: graph.current)
            state.value.setTag(AnyHashable(view.tag), tab: tab)
            state.value.noteKeys(graph.keyHandlers.count, tab: tab)
        }
        let first = graph.nodes.count
        graph.makeChild(view.content)
        graph.noteListRow(from: first, tag: view.tag)
        if graph.makingCanvasSymbols, first < graph.nodes.count { graph.canvasSymbols.append((AnyHashable(view.tag), first)) }
    }
}

/// How a list looks, as SwiftUI's `ListStyle`: Glint accepts each and draws a plain list.
public protocol ListStyle {}
/// The platform's list look.
public struct DefaultListStyle: ListStyle { public init() {} }
/// Rows edge to edge.
public struct PlainListStyle: ListStyle { public init() {} }
/// Rows inset.
public struct InsetListStyle: ListStyle { public init() {} }
/// Sections apart.
public struct GroupedListStyle: ListStyle { public init() {} }
/// Sections apart, inset.
public struct InsetGroupedListStyle: ListStyle { public init() {} }
/// A sidebar's list.
public struct SidebarListStyle: ListStyle { public init() {} }
/// A bordered list.
public struct BorderedListStyle: ListStyle { public init() {} }
extension ListStyle where Self == DefaultListStyle { public static var automatic: DefaultListStyle { .init() } }
extension ListStyle where Self == PlainListStyle { public static var plain: PlainListStyle { .init() } }
extension ListStyle where Self == InsetListStyle { public static var inset: InsetListStyle { .init() } }
extension ListStyle where Self == GroupedListStyle { public static var grouped: GroupedListStyle { .init() } }
extension ListStyle where Self == InsetGroupedListStyle { public static var insetGrouped: InsetGroupedListStyle { .init() } }
extension ListStyle where Self == SidebarListStyle { public static var sidebar: SidebarListStyle { .init() } }
extension ListStyle where Self == BorderedListStyle { public static var bordered: BorderedListStyle { .init() } }

/// Controls grouped in sections, as SwiftUI's `Form`: drawn as a `List` of its rows.
public struct Form<Content: View>: View {
    let content: Content

    /// A form of `content`'s rows and sections.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    /// A list of the rows.
    public var body: List<Never, Content> { List { content } }
}

extension ForEach {
    /// Deleting rows, as SwiftUI's `.onDelete(perform:)`: accepted; a desktop list has no swipe
    /// to delete, so `action` is not called.
    public func onDelete(perform action: ((IndexSet) -> Void)?) -> Self { self }

    /// Moving rows, as SwiftUI's `.onMove(perform:)`: accepted; rows are not dragged.
    public func onMove(perform action: ((IndexSet, Int) -> Void)?) -> Self { self }
}
