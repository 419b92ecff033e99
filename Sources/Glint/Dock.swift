import Foundation
import GlintCore

/// How a space is shared between a view and a panel docked beside it (as SwiftUI's inspector
/// docks): a column of the panel's width at the right edge, full height, when the space is at
/// least as wide as tall; a band of the panel's height along the bottom, full width, when it is
/// taller than wide. The view gets the rest, from the space's top-left, and keeps at least
/// `minimumContentSide` points across the side the panel docks on (unless the space itself is
/// smaller); the band takes at most `maximumBottomShare` of the height. Whole points, so view
/// and panel meet on a pixel edge at whole scales. The one statement of those rules: the dock's
/// layout places its children by it, and a host that crops to the view asks it.
public struct DockLayout: Hashable, Sendable {
    /// Where the panel docks.
    public enum Edge: String, Hashable, Sendable {
        /// A column at the right edge, full height: spaces at least as wide as tall.
        case right
        /// A band along the bottom, full width: spaces taller than wide.
        case bottom
    }

    /// How a space is shared.
    public struct Placement: Hashable, Sendable {
        public var dock: Edge
        /// The panel's rect, in points from the space's top-left.
        public var frame: Rect
        /// The view's: the rest of the space, from its top-left corner.
        public var content: Rect

        public init(dock: Edge, frame: Rect, content: Rect) {
            self.dock = dock
            self.frame = frame
            self.content = content
        }
    }

    /// The panel's width docked at the right, and its height docked at the bottom (points): nil
    /// height is the panel's own, measured at the space's width when the dock is laid out.
    public var panelWidth: Double
    public var panelHeight: Double?
    /// The least the panel leaves the view across the side it docks on (points).
    public var minimumContentSide: Double
    /// The largest share of a tall space's height the panel docked below takes.
    public var maximumBottomShare: Double
    /// The line between the view and the panel, drawn over the panel's inner edge (points).
    public var edgeWidth: Double

    public init(panelWidth: Double, panelHeight: Double? = nil, minimumContentSide: Double, maximumBottomShare: Double, edgeWidth: Double) {
        self.panelWidth = panelWidth
        self.panelHeight = panelHeight
        self.minimumContentSide = minimumContentSide
        self.maximumBottomShare = maximumBottomShare
        self.edgeWidth = edgeWidth
    }

    /// How a space of `size` points is shared.
    public func placement(in size: Size) -> Placement {
        if size.width >= size.height {
            let side = max(0, min(panelWidth, (size.width - minimumContentSide).rounded(.down)))
            return Placement(dock: .right,
                             frame: Rect(x: size.width - side, y: 0, width: side, height: size.height),
                             content: Rect(x: 0, y: 0, width: size.width - side, height: size.height))
        }
        let side = max(0, min(panelHeight ?? 0, (size.height * maximumBottomShare).rounded(.down),
                              (size.height - minimumContentSide).rounded(.down)))
        return Placement(dock: .bottom,
                         frame: Rect(x: 0, y: size.height - side, width: size.width, height: side),
                         content: Rect(x: 0, y: 0, width: size.width, height: size.height - side))
    }
}

extension ViewGraph {
    /// A dock node: the children `body` makes are the content, the panel and the edge line,
    /// placed as `dock.placement(in:)` says (for `GlintControls`' `ControlsDock`).
    package mutating func withDock(_ dock: DockLayout, _ body: (inout ViewGraph) -> Void) {
        withNode(.dock(dock), body)
    }
}

extension ViewLayout {
    /// Places a dock's content, panel and edge line in `rect` as `dock.placement(in:)` says.
    func placeDock(_ graph: inout ViewGraph, _ i: Int, _ dock: DockLayout, in rect: Rect) {
        let content = graph.nodes[i].firstChild
        guard content >= 0 else { return }
        var dock = dock
        let panel = graph.nodes[content].next
        if dock.panelHeight == nil {
            // The panel's height as its views lay out, at the space's width; kept on the node, so
            // the laid-out tree says how the space was shared (`ResolvedView.dockPlacement`).
            dock.panelHeight = panel >= 0 ? size(&graph, panel, ProposedViewSize(w: rect.width, h: nil)).height : 0
            graph.nodes[i].kind = .dock(dock)
        }
        let placement = dock.placement(in: rect.size)
        func moved(_ r: Rect) -> Rect { Rect(x: rect.minX + r.minX, y: rect.minY + r.minY, width: r.width, height: r.height) }
        let contentRect = moved(placement.content)
        place(&graph, content, in: aligned(size(&graph, content, ProposedViewSize(w: contentRect.width, h: contentRect.height)),
                                           in: contentRect, .center))
        guard panel >= 0 else { return }
        let frame = moved(placement.frame)
        place(&graph, panel, in: frame)
        let edge = graph.nodes[panel].next
        guard edge >= 0 else { return }
        let line = dock.edgeWidth
        place(&graph, edge, in: placement.dock == .right
              ? Rect(x: frame.minX, y: frame.minY, width: min(line, frame.width), height: frame.height)
              : Rect(x: frame.minX, y: frame.minY, width: frame.width, height: min(line, frame.height)))
    }
}
