import Foundation
import GlintCore
import GlintRender

/// Views one at a time, picked by tabs along the top, as SwiftUI's `TabView` drawn on the
/// desktop: each of its views is a tab, labelled by its `.tabItem { }` (its number when it has
/// none); a click on a tab shows its view. With `selection:`, the tab shown is the one whose
/// `.tag(_:)` equals the binding, and a click sets the binding to that tag; without, the tab
/// shown is kept by the view's identity. Only the tab shown is laid out and drawn, and only its
/// keys (`onKeyPress`) are heard (where its `.tabItem` or `.tag` marks where it begins).
public struct TabView<SelectionValue: Hashable, Content: View>: View {
    let selection: Binding<SelectionValue>?
    let content: Content

    /// Tabs of `content`'s views; the first shown at first.
    public init(@ViewBuilder content: () -> Content) where SelectionValue == Int {
        selection = nil
        self.content = content()
    }

    /// Tabs of `content`'s views; the one shown is the one tagged `selection`.
    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {
        self.selection = selection
        self.content = content()
    }

    /// A primitive view has no body.
    public var body: Never { fatalError("TabView has no body") }

    /// The tabs' node: each tab's view, then the bar of tabs.
    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        let state = graph.store.extra(graph.currentIdentity, slot: TabState.slot, initial: TabState())
        state.value.beginFrame()
        graph.withNode(.container(.tabs(state))) { graph in
            let keys = graph.keyHandlers.count
            graph.makeChild(view.content)
            state.value.count = graph.childCount(of: graph.current)
            if let binding = view.selection {
                let current = AnyHashable(binding.wrappedValue)
                state.value.shown = state.value.tags.firstIndex { $0 == current } ?? 0
                state.value.select = { k in
                    if k < state.value.tags.count, let tag = state.value.tags[k]?.base as? SelectionValue { binding.wrappedValue = tag }
                }
            } else {
                state.value.shown = min(state.value.chosen, max(state.value.count - 1, 0))
                state.value.select = { k in state.value.chosen = k }
            }
            state.value.dropHiddenKeys(from: &graph.keyHandlers, after: keys)
            graph.withNode(.container(.tabBar)) { graph in graph.makeChild(TabBar(state: state)) }
        }
    }
}

extension View {
    /// The label of this view's tab in the `TabView` around, as SwiftUI's `.tabItem { }`.
    public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View {
        TabItemView(content: self, label: AnyView(label()))
    }
}

/// `.tabItem`: notes the label for the tab about to be made.
struct TabItemView<Content: View>: View {
    let content: Content
    let label: AnyView
    var body: Never { fatalError("TabItemView has no body") }
    static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        if case .container(.tabs(let state)) = graph.nodes[graph.current].kind {
            let tab = graph.childCount(of: graph.current)
            state.value.setLabel(view.label, tab: tab)
            state.value.noteKeys(graph.keyHandlers.count, tab: tab)
        }
        graph.makeChild(view.content)
    }
}

/// A `TabView`'s tabs, kept by its identity.
struct TabState {
    /// The store slot it is kept in.
    static let slot = 22
    /// Each tab's label and tag this frame.
    var labels: [AnyView?] = []
    var tags: [AnyHashable?] = []
    /// How many tabs, and which is shown, this frame.
    var count = 0
    var shown = 0
    /// The tab picked without a selection binding.
    var chosen = 0
    /// Shows tab `k`.
    var select: ((Int) -> Void)?
    /// Where each tab's keys (`onKeyPress`) begin among the frame's, as its `.tabItem` or
    /// `.tag` found (-1 where unknown).
    var keyStarts: [Int] = []

    mutating func beginFrame() {
        for k in labels.indices { labels[k] = nil }
        for k in tags.indices { tags[k] = nil }
        for k in keyStarts.indices { keyStarts[k] = -1 }
    }

    /// Notes that tab `tab`'s keys begin at `start`.
    mutating func noteKeys(_ start: Int, tab: Int) {
        while keyStarts.count <= tab { keyStarts.append(-1) }
        if keyStarts[tab] < 0 { keyStarts[tab] = start }
    }

    /// Drops the keys bound by the tabs not shown (those whose start is known): they take none.
    func dropHiddenKeys(from handlers: inout [KeyHandler], after first: Int) {
        var end = handlers.count
        var k = min(keyStarts.count, count) - 1
        while k >= 0 {
            let start = keyStarts[k]
            if start >= first && start <= end {
                if k != shown { handlers.removeSubrange(start..<end) }
                end = start
            }
            k -= 1
        }
    }

    mutating func setLabel(_ label: AnyView, tab: Int) {
        while labels.count <= tab { labels.append(nil) }
        labels[tab] = label
    }

    mutating func setTag(_ tag: AnyHashable, tab: Int) {
        while tags.count <= tab { tags.append(nil) }
        if tags[tab] == nil { tags[tab] = tag }
    }
}

/// The bar of tabs: each tab's label, the one shown on the accent colour.
struct TabBar: View {
    let state: StateBox<TabState>

    var body: some View {
        let shown = state.value.shown
        HStack(spacing: 4) {
            ForEach(0..<state.value.count) { k in
                Group {
                    if k < state.value.labels.count, let label = state.value.labels[k] { label } else { Text("Tab \(k + 1)") }
                }
                .lineLimit(1)
                .padding(.horizontal, 12)
                .padding(.vertical, 4)
                .background(k == shown ? TabMetrics.selected : Color.clear, in: .capsule)
                .modifier(_GestureModifier(recognizer: .button({ state.value.select?(k) })))
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .background(NavigationMetrics.barBackground)
    }
}

/// A tab bar's height and colours.
enum TabMetrics {
    /// The bar's height, in points.
    static let barHeight = 36.0
    static let selected = Color.accentColor.opacity(0.3)
}

extension ViewGraph {
    /// How many children node `i` has so far.
    func childCount(of i: Int) -> Int {
        var n = 0, child = nodes[i].firstChild
        while child >= 0 {
            n += 1
            child = nodes[child].next
        }
        return n
    }
}

extension ViewLayout {
    /// Tabs: the space offered; where none is, the shown tab's and the bar's.
    func tabsSize(_ graph: inout ViewGraph, _ i: Int, _ p: ProposedViewSize, _ state: StateBox<TabState>) -> Size {
        let shown = navigationChild(graph, i, state.value.shown)
        let s = shown >= 0 && state.value.count > 0 ? size(&graph, shown, ProposedViewSize(w: p.w, h: p.h.map { max(0, $0 - TabMetrics.barHeight) })) : .zero
        return Size(width: p.w ?? s.width, height: p.h ?? s.height + TabMetrics.barHeight)
    }

    /// The bar along the top, the shown tab centred under it; the other tabs are not laid out.
    func placeTabs(_ graph: inout ViewGraph, _ i: Int, _ state: StateBox<TabState>, in rect: Rect) {
        let bar = navigationChild(graph, i, state.value.count)
        if bar >= 0 { place(&graph, bar, in: Rect(x: rect.minX, y: rect.minY, width: rect.width, height: TabMetrics.barHeight)) }
        guard state.value.count > 0 else { return }
        let shown = navigationChild(graph, i, state.value.shown)
        guard shown >= 0 else { return }
        let space = Rect(x: rect.minX, y: rect.minY + TabMetrics.barHeight, width: rect.width, height: max(0, rect.height - TabMetrics.barHeight))
        let s = size(&graph, shown, ProposedViewSize(w: space.width, h: space.height))
        place(&graph, shown, in: aligned(s, in: space, .center))
    }
}

extension ResolvedView {
    /// Tabs: the shown tab, then the bar.
    mutating func emitTabs(_ i: Int, _ state: StateBox<TabState>, context: inout DrawContext) {
        let layout = ViewLayout(scale: Double(scale), text: nil)
        if state.value.count > 0 {
            let shown = layout.navigationChild(tree, i, state.value.shown)
            if shown >= 0 { emit(shown, context: &context) }
        }
        let bar = layout.navigationChild(tree, i, state.value.count)
        if bar >= 0 { emit(bar, context: &context) }
    }
}
