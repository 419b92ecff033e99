import Foundation

/// The view a modifier was put on, as SwiftUI's `PlaceholderContentView`: the first argument of
/// a `keyframeAnimator`'s or `phaseAnimator`'s content closure, and the `content` a
/// `Transition`'s `body(content:phase:)` is given. (Generic over any type, as SwiftUI's: it keeps
/// the view and a maker for its type, a metatype, so making it boxes nothing; a transition's
/// holds neither, and makes the view being inserted or removed.)
public struct PlaceholderContentView<Value>: View {
    let content: Value?
    let maker: (any PlaceholderMaking.Type)?
    /// Whether the view is made in the transaction around an `animation(_:body:)` (not its body's).
    var keepsOuterTransaction = false

    /// A placeholder standing for `content`.
    init(content: Value) where Value: View {
        self.content = content
        maker = PlaceholderMaker<Value>.self
    }

    /// A transition's placeholder: the view the transition is applied to.
    init() {
        content = nil
        maker = nil
    }

    public var body: Never { fatalError("PlaceholderContentView has no body") }

    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        guard let maker = view.maker, var content = view.content else {
            graph.makeTransitionContent()
            return
        }
        let inner = graph.animationScope.transaction
        if view.keepsOuterTransaction, let outer = graph.animationScope.outerTransaction {
            graph.animationScope.transaction = outer
        }
        withUnsafePointer(to: &content) { maker.makeContent(at: UnsafeRawPointer($0), into: &graph) }
        graph.animationScope.transaction = inner
    }
}

/// Makes the view a placeholder stands for, from a pointer to it.
protocol PlaceholderMaking {
    static func makeContent(at pointer: UnsafeRawPointer, into graph: inout ViewGraph)
}

enum PlaceholderMaker<V: View>: PlaceholderMaking {
    static func makeContent(at pointer: UnsafeRawPointer, into graph: inout ViewGraph) {
        graph.makeChild(pointer.assumingMemoryBound(to: V.self).pointee)
    }
}
