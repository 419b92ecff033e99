import Foundation

extension View {
    /// Animates the values the modifiers in `body` set by `animation` whenever they change, as
    /// SwiftUI's `animation(_:body:)`: `body` gets the view as a `PlaceholderContentView`, which
    /// is made in the transaction around this modifier, so the view's own changes are not
    /// animated by it. Inside a transaction that `disablesAnimations`, nothing is animated by it.
    ///
    /// ```swift
    /// Text("Glint").animation(.spring) { content in
    ///     content.scaleEffect(isBig ? 2 : 1)
    /// }
    /// ```
    public func animation<V: View>(_ animation: Animation?,
                                   @ViewBuilder body: (PlaceholderContentView<Self>) -> V) -> _AnimationBodyView<V> {
        var placeholder = PlaceholderContentView(content: self)
        placeholder.keepsOuterTransaction = true
        return _AnimationBodyView(animation: animation, content: body(placeholder))
    }
}

/// `animation(_:body:)`: its body made with the animation, the placeholder in it without.
public struct _AnimationBodyView<Content: View>: View {
    let animation: Animation?
    let content: Content

    public var body: Never { fatalError("_AnimationBodyView has no body") }

    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        let saved = graph.animationScope.transaction
        let savedOuter = graph.animationScope.outerTransaction
        graph.animationScope.outerTransaction = saved
        // The change starts when it was made (a `withAnimation`'s event time), else this frame.
        if !saved.disablesAnimations { graph.animationScope.transaction.animation = view.animation }
        graph.makeChild(view.content)
        graph.animationScope.transaction = saved
        graph.animationScope.outerTransaction = savedOuter
    }
}
