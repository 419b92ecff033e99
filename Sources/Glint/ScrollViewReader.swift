import Foundation
import GlintCore

/// Gives its content a proxy that scrolls the `ScrollView`s inside to a view, as SwiftUI's
/// `ScrollViewReader`: `proxy.scrollTo(id, anchor:)` scrolls the scroll view holding the view
/// identified by `id` (a `ForEach` element's id, or `.id(_:)`) so that it shows, from the next
/// frame.
///
/// ```swift
/// ScrollViewReader { proxy in
///     ScrollView { ForEach(0..<100) { i in Text("Row \(i)").id(i) } }
///     Button("Last") { proxy.scrollTo(99, anchor: .bottom) }
/// }
/// ```
public struct ScrollViewReader<Content: View>: View {
    let content: (ScrollViewProxy) -> Content

    /// Content made with a proxy for its scroll views.
    public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content) {
        self.content = content
    }

    /// A primitive view has no body.
    public var body: Never { fatalError("ScrollViewReader has no body") }

    /// The reader's node around its content; where to scroll to kept by its identity.
    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        let target = graph.store.extra(graph.currentIdentity, slot: ScrollTarget.slot, initial: ScrollTarget())
        target.value.node = -1
        graph.node(.container(.scrollReader(target)), content: view.content(ScrollViewProxy(target: target)))
    }
}

/// Scrolls the scroll views of a `ScrollViewReader`, as SwiftUI's `ScrollViewProxy`.
public struct ScrollViewProxy {
    let target: StateBox<ScrollTarget>

    /// Scrolls so that the view identified by `id` shows: its `anchor` point at the scroll view's
    /// same point (`.top`: at the top), or when nil, as little as brings it wholly in sight.
    public func scrollTo<ID: Hashable>(_ id: ID, anchor: UnitPoint? = nil) {
        target.value.id = AnyHashable(id)
        target.value.anchor = anchor
    }
}

/// Where a `ScrollViewReader` was asked to scroll to, and the view found for it this frame.
struct ScrollTarget {
    /// The store slot it is kept in.
    static let slot = 23
    var id: AnyHashable?
    var anchor: UnitPoint?
    /// The first node of the view identified by `id` this frame (-1 until made).
    var node = -1
}

extension ViewGraph {
    /// Notes node `first` as the view a `ScrollViewReader` around is looking for, when `id` is it.
    mutating func noteScrollTarget<ID: Hashable>(from first: Int, id: ID) {
        var node = current
        while node >= 0 {
            if case .container(.scrollReader(let target)) = nodes[node].kind {
                if target.value.node < 0, let wanted = target.value.id, wanted == AnyHashable(id) { target.value.node = first }
                return
            }
            node = nodes[node].parent
        }
    }
}

extension ViewLayout {
    /// Places a reader's content, then scrolls the scroll view holding the view it was asked
    /// for so that it shows, and places that scroll view again.
    func placeScrollReader(_ graph: inout ViewGraph, _ i: Int, _ target: StateBox<ScrollTarget>, in rect: Rect) {
        placeOver(&graph, i, in: rect, alignment: .center)
        let node = target.value.node
        guard target.value.id != nil, node >= 0, node < graph.nodes.count else { return }
        target.value.id = nil
        var scroll = graph.nodes[node].parent
        while scroll >= 0 && scroll != i {
            if case .scroll(let position) = graph.nodes[scroll].kind {
                let t = graph.nodes[node].frame, s = graph.nodes[scroll].frame
                let horizontal = position.value.isHorizontal
                let (tMin, tLength) = horizontal ? (t.minX, t.width) : (t.minY, t.height)
                let (sMin, sLength) = horizontal ? (s.minX, s.width) : (s.minY, s.height)
                var delta = 0.0
                if let anchor = target.value.anchor {
                    let a = Double(horizontal ? anchor.x : anchor.y)
                    delta = (tMin + a * tLength) - (sMin + a * sLength)
                } else if tMin < sMin {
                    delta = tMin - sMin
                } else if tMin + tLength > sMin + sLength {
                    delta = min(tMin - sMin, tMin + tLength - (sMin + sLength))
                }
                position.value.scroll(to: position.value.offset + delta)
                place(&graph, scroll, in: s)
                return
            }
            scroll = graph.nodes[scroll].parent
        }
    }
}
