import Foundation
import GlintCore
import GlintRender

extension ViewLayout {
    /// A navigation stack's size for `p`: the space offered; where none is, its top level's and its bar's.
    func navigationSize(_ graph: inout ViewGraph, _ i: Int, _ p: ProposedViewSize, _ state: StateBox<NavigationState>) -> Size {
        let bar = state.value.showsBar ? NavigationMetrics.barHeight : 0
        let top = navigationChild(graph, i, state.value.levels - 1)
        let s = top >= 0 ? size(&graph, top, ProposedViewSize(w: p.w, h: p.h.map { max(0, $0 - bar) })) : .zero
        return Size(width: p.w ?? s.width, height: p.h ?? s.height + bar)
    }

    /// Places the bar along the top (when it shows) and the top level under it; the levels
    /// under the top are not laid out.
    func placeNavigation(_ graph: inout ViewGraph, _ i: Int, _ state: StateBox<NavigationState>, in rect: Rect) {
        let bar = state.value.showsBar ? NavigationMetrics.barHeight : 0
        let barNode = navigationChild(graph, i, state.value.levels)
        if barNode >= 0 { place(&graph, barNode, in: Rect(x: rect.minX, y: rect.minY, width: rect.width, height: bar)) }
        let top = navigationChild(graph, i, state.value.levels - 1)
        if top >= 0 {
            place(&graph, top, in: Rect(x: rect.minX, y: rect.minY + bar, width: rect.width, height: max(0, rect.height - bar)))
        }
    }

    /// Child `n` of navigation node `i`: levels first, then the bar.
    func navigationChild(_ graph: ViewGraph, _ i: Int, _ n: Int) -> Int {
        var child = graph.nodes[i].firstChild, k = 0
        while child >= 0 && k < n {
            child = graph.nodes[child].next
            k += 1
        }
        return child
    }
}

extension ResolvedView {
    /// A navigation stack: its top level, then its bar over it.
    mutating func emitNavigation(_ i: Int, _ state: StateBox<NavigationState>, context: inout DrawContext) {
        let layout = ViewLayout(scale: Double(scale), text: nil)
        let top = layout.navigationChild(tree, i, state.value.levels - 1)
        if top >= 0 { emit(top, context: &context) }
        if state.value.showsBar {
            let bar = layout.navigationChild(tree, i, state.value.levels)
            if bar >= 0 { emit(bar, context: &context) }
        }
    }
}
