import Foundation
import GlintCore

/// Views in a column, as SwiftUI's `LazyVStack`. Glint makes every row each frame (a frame's
/// tree is cheap to rebuild), so it is laid out as a `VStack`: nothing is made lazily.
public struct LazyVStack<Content: View>: View {
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content

    /// Rows aligned across by `alignment`, `spacing` points apart (8 when nil). `pinnedViews`
    /// is accepted; section headers scroll with their rows.
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(),
                @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    /// Made as a `VStack`.
    public var body: VStack<Content> { VStack(alignment: alignment, spacing: spacing) { content } }
}

/// Views in a row, as SwiftUI's `LazyHStack`: laid out as an `HStack` (nothing is made lazily).
public struct LazyHStack<Content: View>: View {
    let alignment: VerticalAlignment
    let spacing: CGFloat?
    let content: Content

    /// Columns aligned by `alignment`, `spacing` points apart (8 when nil); `pinnedViews` is accepted.
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(),
                @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    /// Made as an `HStack`.
    public var body: HStack<Content> { HStack(alignment: alignment, spacing: spacing) { content } }
}

/// Which parts of a lazy stack's sections stay in sight while it scrolls, as SwiftUI's
/// `PinnedScrollableViews`: accepted; Glint scrolls headers with their rows.
public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Section headers.
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    /// Section footers.
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

/// Views in rows and columns, as SwiftUI's `Grid`: each `GridRow`'s cells go one a column, each
/// column as wide as its widest cell and each row as tall as its tallest; a view in the grid
/// that is not a `GridRow` spans all the columns. Where the grid is offered more width than
/// its columns need, the columns whose cells take what they are offered (colours, shapes)
/// share it.
public struct Grid<Content: View>: View {
    let alignment: Alignment
    let horizontalSpacing: CGFloat?
    let verticalSpacing: CGFloat?
    let content: Content

    /// A grid of `content`'s rows, each cell aligned in its space by `alignment`, columns
    /// `horizontalSpacing` and rows `verticalSpacing` points apart (8 when nil).
    public init(alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil,
                @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
        self.content = content()
    }

    /// A primitive view has no body.
    public var body: Never { fatalError("Grid has no body") }

    /// Adds the grid's node, its rows as children.
    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        let spec = GridSpec(alignment: view.alignment, horizontalSpacing: view.horizontalSpacing.map(Double.init) ?? ViewLayout.defaultSpacing,
                            verticalSpacing: view.verticalSpacing.map(Double.init) ?? ViewLayout.defaultSpacing)
        graph.node(.container(.grid(spec)), content: view.content)
    }
}

/// A row of a `Grid`, as SwiftUI's `GridRow`: each of its views is a cell, in the next column.
/// Outside a grid, its views are laid out as an `HStack`'s.
public struct GridRow<Content: View>: View {
    let alignment: VerticalAlignment?
    let content: Content

    /// Cells aligned down their row by `alignment` (the grid's when nil).
    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    /// A primitive view has no body.
    public var body: Never { fatalError("GridRow has no body") }

    /// Adds the row's node in a grid; elsewhere a row of the cells.
    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        if case .container(.grid) = graph.nodes[graph.current].kind {
            graph.node(.container(.gridRow(alignment: view.alignment?.fraction)), content: view.content)
        } else {
            graph.node(.stack(axis: .horizontal, alignment: (view.alignment ?? .center).fraction, spacing: nil), content: view.content)
        }
    }
}

/// How a `Grid` spaces and aligns its cells.
struct GridSpec {
    var alignment: Alignment
    var horizontalSpacing: Double
    var verticalSpacing: Double
}

/// A column of a `LazyVGrid`, as SwiftUI's `GridItem`.
public struct GridItem: Sendable {
    /// How wide a column is.
    public enum Size: Sendable {
        /// Exactly this wide.
        case fixed(CGFloat)
        /// A share of the width left by the fixed columns, within `minimum`…`maximum`.
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        /// As many columns as fit in its share, each at least `minimum` wide, sharing it.
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }

    /// How wide.
    public var size: Size
    /// The space after this column (8 when nil); for an adaptive item, between its columns too.
    public var spacing: CGFloat?
    /// Where a cell sits in its space (centred when nil).
    public var alignment: Alignment?

    /// A column of `size`.
    public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }
}

/// Views flowed into columns, row after row, as SwiftUI's `LazyVGrid`: the columns are made by
/// `columns` from the width offered (the grid takes all of it), each row as tall as its
/// tallest cell. Every cell is made each frame (nothing lazily).
public struct LazyVGrid<Content: View>: View {
    let columns: [GridItem]
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content

    /// A grid of `columns`, placed across by `alignment` where narrower than the grid, its rows
    /// `spacing` points apart (8 when nil); `pinnedViews` is accepted.
    public init(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        self.columns = columns
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    /// A primitive view has no body.
    public var body: Never { fatalError("LazyVGrid has no body") }

    /// Adds the grid's node, its cells as children.
    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        let spec = LazyGridSpec(columns: view.columns, alignment: view.alignment.fraction,
                                spacing: view.spacing.map(Double.init) ?? ViewLayout.defaultSpacing)
        graph.node(.container(.lazyGrid(spec)), content: view.content)
    }
}

/// A `LazyVGrid`'s columns and spacing.
struct LazyGridSpec {
    var columns: [GridItem]
    var alignment: Double
    var spacing: Double
}

extension ViewLayout {
    /// A `Grid`'s size for `p`; when `placing` is a rect, places its rows and cells in it.
    func gridLayout(_ graph: inout ViewGraph, _ i: Int, _ p: ProposedViewSize, _ spec: GridSpec, placing: Rect?) -> Size {
        // Rows and columns.
        var rows = 0, columns = 0
        var row = graph.nodes[i].firstChild
        while row >= 0 {
            rows += 1
            if case .container(.gridRow) = graph.nodes[row].kind { columns = max(columns, childCount(graph, row)) }
            row = graph.nodes[row].next
        }
        guard rows > 0 else { return .zero }
        // On the scratch stack: each column's width and flexibility, then each row's height.
        let base = graph.scratch.count
        graph.scratch.appendZeroed(2 * columns + rows)
        defer { graph.scratch.removeLast(2 * columns + rows) }
        func widthAt(_ c: Int) -> Int { base + c }
        func flexAt(_ c: Int) -> Int { base + columns + c }
        func heightAt(_ r: Int) -> Int { base + 2 * columns + r }

        row = graph.nodes[i].firstChild
        while row >= 0 {
            if case .container(.gridRow) = graph.nodes[row].kind {
                var cell = graph.nodes[row].firstChild, c = 0
                while cell >= 0 {
                    let ideal = size(&graph, cell, ProposedViewSize(w: nil, h: nil)).width
                    graph.scratch[widthAt(c)] = max(graph.scratch[widthAt(c)], ideal)
                    if size(&graph, cell, ProposedViewSize(w: .infinity, h: nil)).width > ideal { graph.scratch[flexAt(c)] = 1 }
                    cell = graph.nodes[cell].next
                    c += 1
                }
            }
            row = graph.nodes[row].next
        }
        var width = spec.horizontalSpacing * Double(max(columns - 1, 0))
        var flexible = 0.0
        for c in 0..<columns {
            width += graph.scratch[widthAt(c)]
            flexible += graph.scratch[flexAt(c)]
        }
        if let offered = p.w, offered.isFinite, offered > width, flexible > 0 {
            let share = (offered - width) / flexible
            for c in 0..<columns where graph.scratch[flexAt(c)] > 0 { graph.scratch[widthAt(c)] += share }
            width = offered
        }
        // Rows as tall as their tallest cell; a view that is no row spans the grid.
        var height = spec.verticalSpacing * Double(rows - 1)
        row = graph.nodes[i].firstChild
        var r = 0
        while row >= 0 {
            var tallest = 0.0
            if case .container(.gridRow) = graph.nodes[row].kind {
                var cell = graph.nodes[row].firstChild, c = 0
                while cell >= 0 {
                    tallest = max(tallest, size(&graph, cell, ProposedViewSize(w: graph.scratch[widthAt(c)], h: nil)).height)
                    cell = graph.nodes[cell].next
                    c += 1
                }
            } else {
                let s = size(&graph, row, ProposedViewSize(w: columns > 0 ? width : p.w, h: nil))
                tallest = s.height
                if columns == 0 { width = max(width, s.width) }
            }
            graph.scratch[heightAt(r)] = tallest
            height += tallest
            row = graph.nodes[row].next
            r += 1
        }
        let result = Size(width: width, height: height)
        guard let rect = placing else { return result }

        var y = rect.minY
        row = graph.nodes[i].firstChild
        r = 0
        while row >= 0 {
            let rowHeight = graph.scratch[heightAt(r)]
            let rowRect = Rect(x: rect.minX, y: y, width: width, height: rowHeight)
            if case .container(.gridRow(let rowAlignment)) = graph.nodes[row].kind {
                graph.nodes[row].frame = rowRect
                var alignment = spec.alignment
                if let rowAlignment { alignment = Alignment(horizontal: alignment.horizontal, vertical: VerticalAlignment(fraction: rowAlignment)) }
                var cell = graph.nodes[row].firstChild, c = 0
                var x = rect.minX
                while cell >= 0 {
                    let space = Rect(x: x, y: y, width: graph.scratch[widthAt(c)], height: rowHeight)
                    let s = size(&graph, cell, ProposedViewSize(w: space.width, h: space.height))
                    place(&graph, cell, in: aligned(s, in: space, alignment))
                    x += space.width + spec.horizontalSpacing
                    cell = graph.nodes[cell].next
                    c += 1
                }
            } else {
                let s = size(&graph, row, ProposedViewSize(w: width, h: rowHeight))
                place(&graph, row, in: aligned(s, in: rowRect, spec.alignment))
            }
            y += rowHeight + spec.verticalSpacing
            row = graph.nodes[row].next
            r += 1
        }
        return result
    }

    /// A `LazyVGrid`'s size for `p` (all the width offered); when `placing` is a rect, places
    /// its cells in it.
    func lazyGridLayout(_ graph: inout ViewGraph, _ i: Int, _ p: ProposedViewSize, _ spec: LazyGridSpec, placing: Rect?) -> Size {
        // The columns, as (x from the first's left, width, item) triples on the scratch stack.
        let base = graph.scratch.count
        let width = p.w.flatMap { $0.isFinite ? $0 : nil }
        var fixed = 0.0, gaps = 0.0, shared = 0
        for (k, item) in spec.columns.enumerated() {
            if case .fixed(let w) = item.size { fixed += Double(w) } else { shared += 1 }
            if k < spec.columns.count - 1 { gaps += item.spacing.map(Double.init) ?? ViewLayout.defaultSpacing }
        }
        let share = width.map { max(0, $0 - fixed - gaps) / Double(max(shared, 1)) }
        var x = 0.0
        for (k, item) in spec.columns.enumerated() {
            let gap = item.spacing.map(Double.init) ?? ViewLayout.defaultSpacing
            switch item.size {
            case .fixed(let w):
                graph.scratch.append(x); graph.scratch.append(Double(w)); graph.scratch.append(Double(k))
                x += Double(w)
            case .flexible(let lo, let hi):
                let w = min(max(share ?? Double(lo), Double(lo)), Double(hi))
                graph.scratch.append(x); graph.scratch.append(w); graph.scratch.append(Double(k))
                x += w
            case .adaptive(let lo, let hi):
                let least = max(Double(lo), 1)
                let room = share ?? least
                let count = max(1, Int(((room + gap) / (least + gap)).rounded(.down)))
                let w = min(max((room - gap * Double(count - 1)) / Double(count), least), Double(hi))
                for n in 0..<count {
                    graph.scratch.append(x); graph.scratch.append(w); graph.scratch.append(Double(k))
                    x += w
                    if n < count - 1 { x += gap }
                }
            }
            if k < spec.columns.count - 1 { x += gap }
        }
        let columns = (graph.scratch.count - base) / 3
        defer { graph.scratch.removeLast(graph.scratch.count - base) }
        guard columns > 0 else { return Size(width: width ?? 0, height: 0) }
        let extent = x
        func left(_ c: Int) -> Double { graph.scratch[base + 3 * c] }
        func wide(_ c: Int) -> Double { graph.scratch[base + 3 * c + 1] }
        func alignment(_ c: Int) -> Alignment { spec.columns[Int(graph.scratch[base + 3 * c + 2])].alignment ?? .center }

        // Rows: each as tall as its tallest cell.
        var height = 0.0, rowTop = placing?.minY ?? 0
        var cell = graph.nodes[i].firstChild
        let origin = (placing?.minX ?? 0) + ((width ?? extent) - extent) * spec.alignment
        var rowCount = 0
        while cell >= 0 {
            var tallest = 0.0
            var probe = cell, c = 0
            while probe >= 0 && c < columns {
                tallest = max(tallest, size(&graph, probe, ProposedViewSize(w: wide(c), h: nil)).height)
                probe = graph.nodes[probe].next
                c += 1
            }
            if placing != nil {
                c = 0
                while cell >= 0 && c < columns {
                    let space = Rect(x: origin + left(c), y: rowTop, width: wide(c), height: tallest)
                    let s = size(&graph, cell, ProposedViewSize(w: space.width, h: space.height))
                    place(&graph, cell, in: aligned(s, in: space, alignment(c)))
                    cell = graph.nodes[cell].next
                    c += 1
                }
            } else {
                cell = probe
            }
            if rowCount > 0 { height += spec.spacing }
            height += tallest
            rowTop += tallest + spec.spacing
            rowCount += 1
        }
        return Size(width: width ?? extent, height: height)
    }

    /// How many children node `i` has.
    func childCount(_ graph: ViewGraph, _ i: Int) -> Int {
        var n = 0, child = graph.nodes[i].firstChild
        while child >= 0 {
            n += 1
            child = graph.nodes[child].next
        }
        return n
    }
}
