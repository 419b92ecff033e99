import Foundation
import GlintCore

/// A control as laid out in a frame: what it is and where, in the container's points.
public struct LaidOutControl: Equatable, Sendable {
    /// What a control is.
    public enum Kind: String, Equatable, Sendable {
        case slider, toggle, pad, button
    }

    /// What it is.
    public var kind: Kind
    /// Where it takes a press: a slider's, a switch's or a pad's frame (its shapes are drawn in
    /// it), a button's plate.
    public var frame: Rect
    /// A slider's or pad's knob diameter: its centre stays half a knob in from the frame's edges.
    public var knobDiameter: Double

    /// The line (a slider) or rect (a pad) the knob's centre travels: the frame inset by half a
    /// knob, a slider's at its middle with no height; a switch's or button's frame.
    public var track: Rect {
        let inset = knobDiameter / 2
        switch kind {
        case .slider:
            return Rect(x: frame.minX + inset, y: frame.midY, width: max(frame.width - knobDiameter, 1), height: 0)
        case .pad:
            return Rect(x: frame.minX + inset, y: frame.minY + inset,
                        width: max(frame.width - knobDiameter, 1), height: max(frame.height - knobDiameter, 1))
        case .toggle, .button:
            return frame
        }
    }
}

/// A `ScrollView` as laid out: how far it is scrolled, how far it can be, and its bar.
public struct LaidOutScroll: Equatable, Sendable {
    /// The scroll view's frame.
    public var frame: Rect
    /// How far its content is moved up, and the furthest it can be (0 when it fits).
    public var offset: Double
    public var maxOffset: Double
    /// The bar and its thumb while there is something to scroll and the bar shows; `.zero` else.
    public var bar: Rect
    public var thumb: Rect
}

/// Where a view is found in the laid-out tree, as UI tests find views by accessibility
/// identifier: what a test or a script asks to learn where a control is, so that positions are
/// stated once, by the views' own layout.
extension ResolvedView {
    /// The frame of the first view marked `accessibilityIdentifier(identifier)`, in the container's points.
    public func frame(identifiedBy identifier: String) -> Rect? {
        node(identifiedBy: identifier).map { tree.nodes[$0].frame }
    }

    /// The controls inside the first view marked `accessibilityIdentifier(identifier)` (the
    /// whole view when nil), in the order they were made.
    public func controls(identifiedBy identifier: String? = nil) -> [LaidOutControl] {
        let root = identifier.map { node(identifiedBy: $0) } ?? 0
        guard let root else { return [] }
        var found: [LaidOutControl] = []
        for i in tree.nodes.indices where i > root && isInside(i, root) {
            switch tree.nodes[i].kind {
            case .idealSize:
                // A slider's, switch's or pad's frame: the gesture over it says which.
                guard let gesture = enclosingGesture(of: i) else { continue }
                let handler = tree.gestures[gesture]
                let kind: LaidOutControl.Kind
                switch handler.recognizer {
                case .slider: kind = .slider
                case .toggle: kind = .toggle
                case .pad: kind = .pad
                default: continue
                }
                found.append(LaidOutControl(kind: kind, frame: tree.nodes[i].frame, knobDiameter: handler.knob))
            case .gesture(let index):
                switch tree.gestures[index].recognizer {
                case .button:
                    found.append(LaidOutControl(kind: .button, frame: tree.nodes[i].frame, knobDiameter: 0))
                case .toggle where !hasSwitch(under: i):
                    // A toggle drawn as a button or a checkbox: the whole of it.
                    found.append(LaidOutControl(kind: .toggle, frame: tree.nodes[i].frame, knobDiameter: 0))
                default:
                    break
                }
            default:
                continue
            }
        }
        return found
    }

    /// Whether a switch's frame (an ideal-size node) is under node `i`.
    private func hasSwitch(under i: Int) -> Bool {
        var n = i + 1
        while n < tree.nodes.count, isInside(n, i) {
            if case .idealSize = tree.nodes[n].kind { return true }
            n += 1
        }
        return false
    }

    /// The first `ScrollView` inside the view marked `accessibilityIdentifier(identifier)` (the
    /// whole view when nil), as laid out.
    public func scroll(identifiedBy identifier: String? = nil) -> LaidOutScroll? {
        let root = identifier.map { node(identifiedBy: $0) } ?? 0
        guard let root else { return nil }
        for i in tree.nodes.indices where i >= root && (i == root || isInside(i, root)) {
            guard case .scroll(let position) = tree.nodes[i].kind else { continue }
            let frame = tree.nodes[i].frame
            let bar = position.value.scrollBar(in: frame)
            return LaidOutScroll(frame: frame, offset: position.value.offset, maxOffset: position.value.maxOffset,
                                 bar: bar?.track ?? .zero, thumb: bar?.thumb ?? .zero)
        }
        return nil
    }

    /// Scrolls the first `ScrollView` inside the view marked `accessibilityIdentifier(identifier)`
    /// to `offset` points (clamped to what there is to scroll); the next `update` shows it.
    public func scroll(identifiedBy identifier: String, to offset: Double) {
        guard let root = node(identifiedBy: identifier) else { return }
        for i in tree.nodes.indices where i == root || (i > root && isInside(i, root)) {
            guard case .scroll(let position) = tree.nodes[i].kind else { continue }
            position.value.scroll(to: offset)
            return
        }
    }

    /// How the first dock (`GlintControls`' `ControlsDock`) shared its space, in the container's
    /// points: where its panel docks, the panel's rect and the content's.
    public var dockPlacement: DockLayout.Placement? {
        for node in tree.nodes {
            guard case .dock(let dock) = node.kind else { continue }
            var placement = dock.placement(in: node.frame.size)
            placement.frame = Rect(x: placement.frame.minX + node.frame.minX, y: placement.frame.minY + node.frame.minY,
                                   width: placement.frame.width, height: placement.frame.height)
            placement.content = Rect(x: placement.content.minX + node.frame.minX, y: placement.content.minY + node.frame.minY,
                                     width: placement.content.width, height: placement.content.height)
            return placement
        }
        return nil
    }

    private func node(identifiedBy identifier: String) -> Int? {
        tree.nodes.firstIndex { if case .identifier(let id) = $0.kind { return id == identifier } else { return false } }
    }

    private func isInside(_ i: Int, _ root: Int) -> Bool {
        var up = tree.nodes[i].parent
        while up >= 0 {
            if up == root { return true }
            up = tree.nodes[up].parent
        }
        return false
    }

    private func enclosingGesture(of i: Int) -> Int? {
        var up = tree.nodes[i].parent
        while up >= 0 {
            if case .gesture(let index) = tree.nodes[up].kind { return index }
            up = tree.nodes[up].parent
        }
        return nil
    }
}
