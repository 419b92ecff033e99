import Foundation
import GlintCore
import GlintRender

/// The containers of grids, lists and navigation: one node kind (`NodeKind.container`) whose
/// layout and drawing live beside the views that make them.
enum ContainerKind {
    /// `Grid`: its `GridRow`s' cells in columns as wide as their widest cell.
    case grid(GridSpec)
    /// `GridRow` in a `Grid`: its cells, one a column (placed by the grid).
    case gridRow(alignment: Double?)
    /// `LazyVGrid`: its children flowed into the columns its `GridItem`s make.
    case lazyGrid(LazyGridSpec)
    /// `List`'s rows, one under another, with separators and the selection behind.
    case list(StateBox<ListState>)
    /// `NavigationStack`: its levels (the root, then each view pushed), the top one shown
    /// under its bar (the last child).
    case navigation(StateBox<NavigationState>)
    /// A level of a `NavigationStack`: the root or a destination.
    case navigationLevel(Int)
    /// A `NavigationStack`'s bar: the back button, the title and the toolbar's items.
    case navigationBar
    /// `TabView`: its tabs, the shown one under the bar of tabs (the last child).
    case tabs(StateBox<TabState>)
    /// A `TabView`'s bar of tabs.
    case tabBar
    /// `ScrollViewReader`: its content, then its scroll views scrolled to what it was asked for.
    case scrollReader(StateBox<ScrollTarget>)
}

extension ViewLayout {
    /// The size a container chooses for `p`.
    func containerSize(_ graph: inout ViewGraph, _ i: Int, _ p: ProposedViewSize, _ kind: ContainerKind) -> Size {
        switch kind {
        case .grid(let spec):
            return gridLayout(&graph, i, p, spec, placing: nil)
        case .gridRow:
            // Outside a grid, a row is laid out as its cells over each other.
            return stackedSize(&graph, i, p)
        case .lazyGrid(let spec):
            return lazyGridLayout(&graph, i, p, spec, placing: nil)
        case .list(let state):
            return listLayout(&graph, i, p, state, placing: nil)
        case .navigation(let state):
            return navigationSize(&graph, i, p, state)
        case .tabs(let state):
            return tabsSize(&graph, i, p, state)
        case .navigationLevel, .navigationBar, .tabBar, .scrollReader:
            return stackedSize(&graph, i, p)
        }
    }

    /// Places a container in `rect` and its children in it.
    func placeContainer(_ graph: inout ViewGraph, _ i: Int, _ kind: ContainerKind, in rect: Rect) {
        switch kind {
        case .grid(let spec):
            _ = gridLayout(&graph, i, ProposedViewSize(w: rect.width, h: rect.height), spec, placing: rect)
        case .lazyGrid(let spec):
            _ = lazyGridLayout(&graph, i, ProposedViewSize(w: rect.width, h: rect.height), spec, placing: rect)
        case .list(let state):
            _ = listLayout(&graph, i, ProposedViewSize(w: rect.width, h: rect.height), state, placing: rect)
        case .navigation(let state):
            placeNavigation(&graph, i, state, in: rect)
        case .tabs(let state):
            placeTabs(&graph, i, state, in: rect)
        case .scrollReader(let target):
            placeScrollReader(&graph, i, target, in: rect)
        case .gridRow, .navigationLevel, .navigationBar, .tabBar:
            placeOver(&graph, i, in: rect, alignment: .center)
        }
    }


    /// Places each child of `i` in `rect`, offered its size, aligned.
    func placeOver(_ graph: inout ViewGraph, _ i: Int, in rect: Rect, alignment: Alignment) {
        var child = graph.nodes[i].firstChild
        while child >= 0 {
            let s = size(&graph, child, ProposedViewSize(w: rect.width, h: rect.height))
            place(&graph, child, in: aligned(s, in: rect, alignment))
            child = graph.nodes[child].next
        }
    }
}

extension ResolvedView {
    /// Draws a container: a list's selection and separators under its rows, a navigation
    /// stack's top level and bar; the rest as their children.
    mutating func emitContainer(_ i: Int, _ kind: ContainerKind, context: inout DrawContext) {
        switch kind {
        case .list(let state):
            emitList(i, state, context: &context)
        case .navigation(let state):
            emitNavigation(i, state, context: &context)
        case .tabs(let state):
            emitTabs(i, state, context: &context)
        case .grid, .gridRow, .lazyGrid, .navigationLevel, .navigationBar, .tabBar, .scrollReader:
            emitChildren(of: i, context: &context)
        }
    }
}
