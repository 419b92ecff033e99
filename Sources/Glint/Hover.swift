import Foundation
import GlintCore

/// Where the pointer is over a view, as SwiftUI's `HoverPhase`: `.active` with its location in
/// the view's coordinate space, `.ended` when it leaves.
public enum HoverPhase: Equatable, Sendable {
    case active(CGPoint)
    case ended
}

/// A view that hears the pointer move over it (`.onHover`, `.onContinuousHover`).
struct HoverHandler {
    /// The node whose frame is the view's.
    var node: Int
    var identity: UInt64
    var coordinateSpace: CoordinateSpace
    var entered: ((Bool) -> Void)?
    var moved: ((HoverPhase) -> Void)?
}

/// `.onHover` and `.onContinuousHover`.
public struct _HoverModifier: ViewModifier {
    let coordinateSpace: CoordinateSpace
    let entered: ((Bool) -> Void)?
    let moved: ((HoverPhase) -> Void)?

    public typealias Body = Never

    public static func _makeModifier<C: View>(_ modifier: Self, content: C, into graph: inout ViewGraph) {
        let identity = ViewGraph.mix(graph.currentIdentity, 0x40_7E2)
        let node = graph.addNode(.group)
        graph.hoverHandlers.append(HoverHandler(node: node, identity: identity, coordinateSpace: modifier.coordinateSpace,
                                                entered: modifier.entered, moved: modifier.moved))
        let saved = graph.current
        graph.current = node
        graph.makeChild(content)
        graph.current = saved
    }
}

extension View {
    /// Calls `action` with true when the pointer comes over the view (its rect) and false when it
    /// leaves, as SwiftUI's `onHover`. The pointer counts when it moves with no button held.
    public func onHover(perform action: @escaping (Bool) -> Void) -> ModifiedContent<Self, _HoverModifier> {
        modifier(_HoverModifier(coordinateSpace: .local, entered: action, moved: nil))
    }

    /// Calls `action` with `.active(location)` each time the pointer moves over the view and
    /// `.ended` when it leaves, as SwiftUI's `onContinuousHover`.
    public func onContinuousHover(coordinateSpace: CoordinateSpace = .local,
                                  perform action: @escaping (HoverPhase) -> Void) -> ModifiedContent<Self, _HoverModifier> {
        modifier(_HoverModifier(coordinateSpace: coordinateSpace, entered: nil, moved: action))
    }
}

/// What the pointer was over last, kept per hover handler.
struct HoverState {
    var inside = false
    var location = Point(x: .nan, y: .nan)
    static let slot = 13
}

extension ResolvedView {
    /// The pointer is at `point` (nil: not over the window): views it came over hear `true` and
    /// `.active`, views it left `false` and `.ended`. Call it after each update (the host does,
    /// with the last place the pointer moved to), so views moving under a still pointer hear it too.
    public func hover(at point: Point?) {
        var i = 0
        while i < tree.hoverHandlers.count {  // index loops: no iterator allocation in debug builds
            let handler = tree.hoverHandlers[i]
            i += 1
            let frame = tree.nodes[handler.node].frame
            let inside = point.map { frame.contains($0) } ?? false
            let box = store.extra(handler.identity, slot: HoverState.slot, initial: HoverState())
            if inside != box.value.inside {
                box.value.inside = inside
                handler.entered?(inside)
                if !inside { handler.moved?(.ended) }
            }
            guard inside, let point, point != box.value.location else { continue }
            box.value.location = point
            let origin = handler.coordinateSpace == .local ? frame.origin : .zero
            handler.moved?(.active(CGPoint(x: point.x - origin.x, y: point.y - origin.y)))
        }
    }
}
