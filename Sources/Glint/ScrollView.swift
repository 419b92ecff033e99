import Foundation
import GlintCore
import GlintRender

/// A view whose content moves within it, as SwiftUI's `ScrollView`. Its content is stacked along
/// its axis, as SwiftUI's is (several views, a `ForEach`, go in an implicit `VStack`, or an
/// `HStack` for `.horizontal`). The content
/// is offered the scroll view's width and as much height as it wants; when it is taller than
/// the scroll view it scrolls — by the mouse wheel over it (`ResolvedView.handleScroll`, a
/// window hands it its wheel), by dragging its background (a press on a control inside
/// is the control's), or by dragging the scroll bar's thumb (the content moves in proportion:
/// the thumb dragged from the bar's top to its bottom scrolls from the top to the end); a press
/// on the bar off the thumb jumps there (the thumb's centre comes under the pointer) and drags
/// on from there — and shows a scroll bar at its right edge. The wheel's step and the bar's
/// size and colours are the environment's `ControlStyle` (`controlStyle(_:)`). What scrolls out of sight is
/// clipped, and takes no press. The position is kept by the view's identity, as `@State` is.
///
/// A `.horizontal` scroll view offers its content the height and as much width as it wants, and
/// scrolls sideways by the wheel (either direction) or by dragging its background; it shows no
/// scroll bar.
public struct ScrollView<Content: View>: View {
    let axes: Axis.Set
    let showsIndicators: Bool
    let content: Content

    /// Content that scrolls along `axes` (vertically, or sideways when `axes` is `.horizontal`
    /// alone), with a scroll bar while it overflows unless `showsIndicators` is false.
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.showsIndicators = showsIndicators
        self.content = content()
    }

    /// A primitive view has no body.
    public var body: Never { fatalError("ScrollView has no body") }

    /// Adds a scroll node, its position kept by identity, around the content.
    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        let position = graph.store.extra(graph.currentIdentity, slot: ScrollPosition.slot, initial: ScrollPosition())
        position.value.showsIndicators = view.showsIndicators
        position.value.style = graph.environment.controlStyle
        let horizontal = view.axes == .horizontal
        position.value.isHorizontal = horizontal
        // The content stacked along the axis, as SwiftUI's implicit stack (one view is its own stack).
        graph.withNode(.scroll(position)) { graph in
            graph.node(.stack(axis: horizontal ? .horizontal : .vertical, alignment: HorizontalAlignment.center.fraction, spacing: nil),
                       content: view.content)
        }
    }
}

extension Axis {
    /// Axes, for `ScrollView`, as SwiftUI's `Axis.Set`.
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}

/// Where a `ScrollView` is scrolled to, and what layout last found, kept between frames.
struct ScrollPosition {
    /// The store slot it is kept in.
    static let slot = 4
    /// How far the content is moved up (left, when horizontal), in points: 0 … `maxOffset`.
    var offset = 0.0
    /// Whether it scrolls sideways: then the heights below are widths, and there is no bar.
    var isHorizontal = false
    /// The content's height and the scroll view's, as last laid out.
    var contentHeight = 0.0
    var viewportHeight = 0.0
    var showsIndicators = true
    /// The bar's and the wheel's metrics and colours (the environment's `controlStyle`).
    var style = ControlStyle.standard
    /// Where a drag on the background went down, and the offset then.
    var dragStart = (y: 0.0, offset: 0.0)

    /// How many points the content scrolls per point the thumb is dragged in a scroll view at
    /// `frame` (0 while nothing scrolls).
    func offsetPerThumbPoint(in frame: Rect) -> Double {
        guard let bar = scrollBar(in: frame), bar.track.height > bar.thumb.height else { return 0 }
        return maxOffset / (bar.track.height - bar.thumb.height)
    }

    /// A press at `y` on the scroll bar of a scroll view at `frame`: on the thumb it grabs it
    /// where it is; elsewhere the content jumps so that the thumb's centre is under the press.
    /// Either way a drag goes on from there.
    mutating func pressBar(at y: Double, in frame: Rect) {
        if let bar = scrollBar(in: frame), !(y >= bar.thumb.minY && y <= bar.thumb.maxY) {
            scroll(to: (y - bar.track.minY - bar.thumb.height / 2) * offsetPerThumbPoint(in: frame))
        }
        dragStart = (y: y, offset: offset)
    }

    /// The furthest the content scrolls: how much taller it is than the scroll view.
    var maxOffset: Double { max(0, contentHeight - viewportHeight) }

    /// Scrolls to `offset`, clamped to what there is to scroll.
    mutating func scroll(to offset: Double) {
        self.offset = offset.isFinite ? min(max(offset, 0), maxOffset) : 0
    }

    /// The scroll bar's track and thumb in a scroll view at `frame`, while there is something to scroll.
    func scrollBar(in frame: Rect) -> (track: Rect, thumb: Rect)? {
        let span = maxOffset
        guard showsIndicators, !isHorizontal, span > 0, contentHeight > 0 else { return nil }
        let inset = style.scrollBarInset
        let track = Rect(x: frame.maxX - inset - style.scrollBarWidth, y: frame.minY + inset,
                         width: style.scrollBarWidth, height: max(frame.height - 2 * inset, 0))
        let length = min(track.height, max(style.scrollThumbMinimum, track.height * frame.height / contentHeight))
        let thumb = Rect(x: track.minX, y: track.minY + (track.height - length) * min(offset / span, 1),
                         width: track.width, height: length)
        return (track, thumb)
    }
}

/// The shapes a `ScrollView` draws (its metrics and colours are the environment's `ControlStyle`).
enum ScrollStyle {
    /// The shapes drawn: the clip and the bar's capsules (values of built-in shapes: nothing allocated).
    static var clipLeaf: ShapeLeaf { ShapeLeaf(shape: ShapeSource(kind: .builtin(.rectangle)), fill: .color(.white), fillStyle: FillStyle()) }
    static var barLeaf: ShapeLeaf { ShapeLeaf(shape: ShapeSource(kind: .builtin(.capsule)), fill: .color(.white), fillStyle: FillStyle()) }
}

extension Rect {
    /// The part of this rect inside `other` (empty, at the nearest corner, when they do not meet).
    func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}

extension ResolvedView {
    /// A turn of the mouse wheel at `event.location` (the container's points): scrolls the
    /// frontmost `ScrollView` under the pointer that has something to scroll, by
    /// `event.dy` notches (`dy` > 0, turned away from the user, scrolls towards the top).
    /// Returns whether one took it. The new position shows from the next `update`.
    @discardableResult
    public func handleScroll(_ event: ScrollEvent) -> Bool {
        guard event.dy.isFinite else { return false }
        // With Control held the wheel magnifies or rotates (`MagnifyGesture`, `RotateGesture`).
        if event.control, router.wheel(event, in: self) { return true }
        var i = hits.count - 1
        while i >= 0 {
            defer { i -= 1 }
            guard case .scroll(let position) = hits[i].target, hits[i].takes(event.location), position.value.maxOffset > 0 else { continue }
            // Sideways, the wheel's sideways turn counts; an ordinary wheel's turn does too.
            let turn = position.value.isHorizontal && event.dx != 0 ? event.dx : event.dy
            position.value.scroll(to: position.value.offset - turn * position.value.style.scrollStep)
            return true
        }
        return false
    }
}
