import Foundation
import GlintCore

// Slides in a change that also moves layout attributes. A change made with an animation can both
// move views (a sibling inserted or removed) and set attributes layout reads moving (padding, a
// fixed frame, a stack's spacing). Those attributes move on their own, frame by frame, and the
// places they give are followed; a slide must only carry the rest of the move. So in such a frame
// the views are laid out twice: first with those attributes as they were when the change was made
// (`layOutStructure`), which gives where the change itself moves each view (its slide goes there),
// then as shown; the slide's offset is kept while the target follows the attributes
// (`AnimatedValue.follow`). Under a linear animation a view is then at its old place plus the
// fraction done of the whole move, as SwiftUI moves a view's geometry.

extension ViewGraph {
    /// Notes the kind the node about to be made (at `nodes.count`) had when the change moving its
    /// layout attributes was made.
    mutating func noteStartKind(_ kind: NodeKind) {
        let node = nodes.count
        // Nodes made and taken back leave their notes: dropped.
        while let last = animationScope.startKinds.last, last.node >= node { animationScope.startKinds.removeLast() }
        animationScope.startKinds.append((node, kind))
    }

    /// In a frame where views slide while layout attributes move, lays the views out with those
    /// attributes as they were when the change was made, and keeps where each node is then in its
    /// parent (`AnimationScope.structuralPlaces`, a negative size for none); then leaves the nodes
    /// as they were, to be laid out as shown. Nothing is made and nothing slides meanwhile.
    mutating func layOutStructure(_ layout: ViewLayout, in container: Rect) {
        guard animationScope.isActive, !animationScope.slides.isEmpty, !animationScope.startKinds.isEmpty else { return }
        swapStartKinds()
        var i = 0
        while i < nodes.count {
            nodes[i].frame = Self.unplaced  // one layout does not reach keeps it
            i += 1
        }
        animationScope.layingOutStructure = true
        layout.place(&self, 0, in: container)
        animationScope.layingOutStructure = false
        i = 0
        while i < nodes.count {
            let parent = nodes[i].parent
            let frame = nodes[i].frame
            if parent >= 0, frame.width >= 0, nodes[parent].frame.width >= 0 {
                let base = nodes[parent].frame.origin
                animationScope.structuralPlaces.append(AnimatableVector4(frame.minX - base.x, frame.minY - base.y, frame.width, frame.height))
            } else {
                animationScope.structuralPlaces.append(AnimatableVector4(0, 0, -1, -1))
            }
            i += 1
        }
        i = 0
        while i < nodes.count {
            nodes[i].frame = .zero
            nodes[i].cache = SizeCache()
            i += 1
        }
        swapStartKinds()
    }

    /// The frame of a node layout has not placed.
    private static let unplaced = Rect(x: 0, y: 0, width: -1, height: -1)

    /// Swaps each noted node's kind with the one it had when the change was made.
    private mutating func swapStartKinds() {
        var k = 0
        while k < animationScope.startKinds.count {
            let node = animationScope.startKinds[k].node
            if node < nodes.count { swap(&nodes[node].kind, &animationScope.startKinds[k].kind) }
            k += 1
        }
    }
}
