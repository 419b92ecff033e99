import Foundation
import GlintCore
import GlintRender

/// A list's metrics, in points, and its colours.
enum ListMetrics {
    /// The least height of a row (a desktop list's row of body text).
    static let rowHeight = 28.0
    /// Space between a row's edges and its content: leading and trailing, and top and bottom.
    static let rowInsetX = 12.0
    static let rowInsetY = 4.0
    /// Space above a section after the first.
    static let sectionSpacing = 12.0
    /// The hairline between rows.
    static let separatorWidth = 1.0
    /// The hairline's colour, and the selected rows'.
    static let separator = Color(white: 0.5, opacity: 0.3)
    static let selection = Color.accentColor.opacity(0.35)
}

/// What a list's row is besides a row.
enum ListRowMark {
    /// A section's header or footer: no separator, not selectable.
    case header, footer
    /// The first row of a section with no header: space above it.
    case sectionStart
}

/// A `List`'s bookkeeping: kept by its identity, rewritten every frame into arrays that keep
/// their storage.
struct ListState {
    /// The store slot it is kept in.
    static let slot = 20
    /// The rows' tags (a `ForEach`'s ids, `.tag`s), by node, in the order made.
    var tags: [(node: Int, tag: AnyHashable)] = []
    /// Headers, footers and sections' first rows, by node, in the order made.
    var marks: [(node: Int, mark: ListRowMark)] = []
    /// Each row as last laid out: its whole width, its tag, whether it can be selected, and the
    /// link in it (an index of `links`, -1 for none).
    var rows: [(rect: Rect, tag: AnyHashable?, isRow: Bool, link: Int)] = []
    /// The `NavigationLink`s made as rows this frame: the first node of each, and what it pushes.
    var links: [(node: Int, push: () -> Void)] = []
    /// The row the arrow keys are on (an index of `rows`), for a list of links without a selection.
    var cursor = -1
    /// Whether a tag is selected, and selecting one (nil without a selection).
    var isSelected: ((AnyHashable) -> Bool)?
    var select: ((AnyHashable) -> Void)?
    /// The list's click gesture this frame (-1 without a selection).
    var gesture = -1

    /// Forgets the last frame's rows.
    mutating func beginFrame() {
        tags.removeAll(keepingCapacity: true)
        marks.removeAll(keepingCapacity: true)
        links.removeAll(keepingCapacity: true)
        gesture = -1
    }

    /// Whether row `k` is one the keys can go to: a row with a tag to select or a link.
    func isKeyable(_ k: Int) -> Bool {
        rows[k].isRow && ((select != nil && rows[k].tag != nil) || rows[k].link >= 0)
    }

    /// The row the keys are on: the selected one with a selection, else the cursor.
    var keyRow: Int {
        if let isSelected {
            var k = 0
            while k < rows.count {
                if rows[k].isRow, let tag = rows[k].tag, isSelected(tag) { return k }
                k += 1
            }
            return -1
        }
        return cursor < rows.count ? cursor : -1
    }

    /// ↓ (`step` 1) or ↑ (-1): the next row the keys can go to becomes the selected one, or the
    /// cursor. Returns whether there was one.
    mutating func move(_ step: Int) -> Bool {
        var k = keyRow
        if k < 0 { k = step > 0 ? -1 : rows.count }
        k += step
        while k >= 0 && k < rows.count && !isKeyable(k) { k += step }
        guard k >= 0 && k < rows.count else { return false }
        cursor = k
        if let select, let tag = rows[k].tag { select(tag) }
        return true
    }

    /// Return: the link in the row the keys are on is followed. Returns whether there was one.
    func activate() -> Bool {
        let k = keyRow
        guard k >= 0, rows[k].link >= 0, rows[k].link < links.count else { return false }
        links[rows[k].link].push()
        return true
    }

    /// Marks the rows made since node `first` (the list's children from there).
    mutating func mark(_ graph: ViewGraph, from first: Int, as mark: ListRowMark, onlyFirst: Bool = false) {
        var n = first
        while n < graph.nodes.count {
            if graph.nodes[n].parent == graph.current {
                marks.append((n, mark))
                if onlyFirst { return }
            }
            n += 1
        }
    }

    /// A press released at `location` (the container's points), having gone down at `start`:
    /// a click (it moved less than a tap may) selects the row under it.
    func clicked(at location: Point, from start: CGPoint) {
        guard let select, (location - Point(x: start.x, y: start.y)).length < GestureRouter.tapSlop else { return }
        var k = 0
        while k < rows.count {
            if rows[k].isRow, let tag = rows[k].tag, rows[k].rect.contains(location) {
                select(tag)
                return
            }
            k += 1
        }
    }
}

extension ViewGraph {
    /// Tags the rows of a list made since node `first` with `tag` (when the view being made is
    /// a list's).
    mutating func noteListRow<Tag: Hashable>(from first: Int, tag: Tag) {
        guard first < nodes.count, case .container(.list(let state)) = nodes[current].kind else { return }
        var n = first
        while n < nodes.count {
            if nodes[n].parent == current { state.value.tags.append((n, AnyHashable(tag))) }
            n += 1
        }
    }
}

extension ViewLayout {
    /// A list's size for `p` (the width offered; its rows' heights); when `placing` is a rect,
    /// places the rows in it and notes where they are.
    func listLayout(_ graph: inout ViewGraph, _ i: Int, _ p: ProposedViewSize, _ state: StateBox<ListState>, placing: Rect?) -> Size {
        let inner = p.w.map { max(0, $0 - 2 * ListMetrics.rowInsetX) }
        if placing != nil { state.value.rows.removeAll(keepingCapacity: true) }
        var height = 0.0, widest = 0.0
        var tag = 0, mark = 0, link = 0, k = 0
        var child = graph.nodes[i].firstChild
        while child >= 0 {
            // The link made within this row (its nodes run up to the next row's).
            let end = graph.nodes[child].next >= 0 ? graph.nodes[child].next : graph.nodes.count
            while link < state.value.links.count && state.value.links[link].node < child { link += 1 }
            let rowLink = link < state.value.links.count && state.value.links[link].node < end ? link : -1
            // This row's tag and mark: the first noted for it (the lists are in node order).
            while tag < state.value.tags.count && state.value.tags[tag].node < child { tag += 1 }
            while mark < state.value.marks.count && state.value.marks[mark].node < child { mark += 1 }
            let rowTag = tag < state.value.tags.count && state.value.tags[tag].node == child ? state.value.tags[tag].tag : nil
            let rowMark = mark < state.value.marks.count && state.value.marks[mark].node == child ? state.value.marks[mark].mark : nil
            let s = size(&graph, child, ProposedViewSize(w: inner, h: nil))
            widest = max(widest, s.width)
            if k > 0 && (rowMark == .header || rowMark == .sectionStart) { height += ListMetrics.sectionSpacing }
            let isRow = rowMark != .header && rowMark != .footer
            let rowHeight = isRow ? max(ListMetrics.rowHeight, s.height + 2 * ListMetrics.rowInsetY) : s.height + 2 * ListMetrics.rowInsetY
            if let rect = placing {
                let row = Rect(x: rect.minX, y: rect.minY + height, width: rect.width, height: rowHeight)
                let origin = rounded(Point(x: row.minX + ListMetrics.rowInsetX, y: row.minY + (rowHeight - s.height) / 2))
                place(&graph, child, in: Rect(origin: origin, size: s))
                state.value.rows.append((row, rowTag, isRow, rowLink))
            }
            height += rowHeight
            child = graph.nodes[child].next
            k += 1
        }
        return Size(width: p.w ?? widest + 2 * ListMetrics.rowInsetX, height: height)
    }
}

extension ResolvedView {
    /// A list: its click over the whole of it, the selected rows' highlight and the separators
    /// between rows, then the rows.
    mutating func emitList(_ i: Int, _ state: StateBox<ListState>, context: inout DrawContext) {
        let frame = tree.nodes[i].frame
        if state.value.gesture >= 0, context.hitTesting, tree.gestures[state.value.gesture].isEnabled {
            hits.append(HitEntry(rect: frame, target: .gesture(state.value.gesture), clip: hitClip))
        }
        let rows = state.value.rows
        var k = 0
        while k < rows.count {
            let row = rows[k]
            let selected = state.value.isSelected.map { isSelected in row.tag.map { isSelected($0) } ?? false } ?? (k == state.value.cursor && row.link >= 0)
            if row.isRow && selected {
                draws.append(.shape(ShapeDraw(leaf: ScrollStyle.clipLeaf, rect: row.rect, color: ListMetrics.selection.opacity(context.opacity))))
            }
            // A hairline under a row followed by another row of the same section.
            if row.isRow, k + 1 < rows.count, rows[k + 1].isRow, rows[k + 1].rect.minY == row.rect.maxY {
                let line = Rect(x: row.rect.minX + ListMetrics.rowInsetX, y: row.rect.maxY - ListMetrics.separatorWidth / 2,
                                width: max(0, row.rect.width - 2 * ListMetrics.rowInsetX), height: ListMetrics.separatorWidth)
                draws.append(.shape(ShapeDraw(leaf: ScrollStyle.clipLeaf, rect: line, color: ListMetrics.separator.opacity(context.opacity))))
            }
            k += 1
        }
        emitChildren(of: i, context: &context)
    }
}
