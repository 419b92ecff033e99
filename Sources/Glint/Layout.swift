import Foundation
import GlintCore
import GlintRender

/// Lays out a frame's view tree with SwiftUI's rules: a parent proposes a size to each child,
/// the child chooses its own, the parent places it. Sizes are in points; every origin is
/// rounded to a whole pixel, so views meet on pixel edges.
struct ViewLayout {
    /// Pixels per point, for rounding.
    var scale: Double
    /// Measures text.
    var text: TextEngine?

    /// SwiftUI's spacing between the views of a stack when none is given.
    static let defaultSpacing = 8.0
    /// SwiftUI's size, on a side nothing was proposed, of a view that takes what it is offered.
    static let defaultFlexibleSize = 10.0
    /// A spacer's least length when none is given.
    static let defaultSpacerLength = 8.0
    /// SwiftUI's default padding on each side.
    static let defaultPadding = 16.0

    // MARK: Sizes

    /// The size node `i` chooses for `proposal`.
    func size(_ graph: inout ViewGraph, _ i: Int, _ proposal: ProposedViewSize) -> Size {
        if let known = graph.nodes[i].cache.lookup(proposal) { return known }
        let size = computeSize(&graph, i, proposal)
        graph.nodes[i].cache.store(proposal, size)
        return size
    }

    private func computeSize(_ graph: inout ViewGraph, _ i: Int, _ p: ProposedViewSize) -> Size {
        switch graph.nodes[i].kind {
        case .root, .group, .opacity, .clip, .compositingGroup, .effect, .statefulEffects, .tear, .visualEffect, .gesture, .hitTesting, .hidden,
             .transform, .zIndex, .floating,
             .identifier:
            return stackedSize(&graph, i, p)
        case .zstack:
            return stackedSize(&graph, i, p)
        case .content(let leaf):
            switch leaf.source {
            case .image(let image, let resizable, _):
                let natural = Size(width: Double(image.width), height: Double(image.height))
                guard resizable else { return natural }
                return Size(width: p.w ?? natural.width, height: p.h ?? natural.height)
            case .color, .shader, .effect:
                return flexible(p)
            }
        case .shape:
            return flexible(p)
        case .idealSize(let width, let height, let flexibleWidth, let flexibleHeight):
            func side(_ proposed: Double?, _ ideal: Double, _ flexible: Bool) -> Double {
                guard flexible, let proposed, proposed.isFinite else { return ideal }
                return proposed
            }
            return Size(width: side(p.w, width, flexibleWidth), height: side(p.h, height, flexibleHeight))
        case .text(let leaf):
            guard let text else { return .zero }
            let measured = text.measure(leaf.string, font: leaf.font, maxWidth: p.w.map { $0.isFinite ? $0 : nil } ?? nil,
                                        options: leaf.layoutOptions,
                                        scale: scale)
            // A resizable symbol takes the space offered, as a resizable image does.
            guard leaf.fitsFrame else { return measured }
            return Size(width: p.w ?? measured.width, height: p.h ?? measured.height)
        case .spacer(let minLength):
            let least = minLength ?? Self.defaultSpacerLength
            let parent = graph.nodes[i].parent
            if parent >= 0, case .stack(let axis, _, _) = graph.nodes[parent].kind {
                if axis == .vertical { return Size(width: 0, height: max(least, p.h ?? least)) }
                return Size(width: max(least, p.w ?? least), height: 0)
            }
            return Size(width: p.w ?? 0, height: p.h ?? 0)
        case .stack(let axis, _, let spacing):
            return stackSize(&graph, i, p, axis: axis, spacing: spacing, placing: false)
        case .padding(let insets):
            let dx = Double(insets.leading + insets.trailing), dy = Double(insets.top + insets.bottom)
            let inner = ProposedViewSize(w: p.w.map { max(0, $0 - dx) }, h: p.h.map { max(0, $0 - dy) })
            let child = stackedSize(&graph, i, inner)
            return Size(width: child.width + dx, height: child.height + dy)
        case .frame(let spec):
            return frameSize(&graph, i, p, spec).size
        case .offset, .sizedOffset:
            return stackedSize(&graph, i, p)
        case .position:
            _ = stackedSize(&graph, i, p)
            return Size(width: p.w ?? Self.defaultFlexibleSize, height: p.h ?? Self.defaultFlexibleSize)
        case .aspectRatio(let ratio, let mode):
            return stackedSize(&graph, i, aspectProposal(&graph, i, p, ratio, mode))
        case .fixedSize(let horizontal, let vertical):
            return stackedSize(&graph, i, ProposedViewSize(w: horizontal ? nil : p.w, h: vertical ? nil : p.h))
        case .background, .overlay, .filter(.mask):
            let content = graph.nodes[i].firstChild
            return content >= 0 ? size(&graph, content, p) : .zero
        case .filter:
            return stackedSize(&graph, i, p)
        case .geometry:
            return flexible(p)
        case .dock:
            // The space offered; where none is, the content's.
            let content = graph.nodes[i].firstChild
            let ideal = content >= 0 ? size(&graph, content, p) : .zero
            return Size(width: p.w ?? ideal.width, height: p.h ?? ideal.height)
        case .container(let kind):
            return containerSize(&graph, i, p, kind)
        case .scroll(let position):
            // The content's width where none (or no finite one) is offered; the height offered
            // (the other way round sideways).
            let finite = ProposedViewSize(w: p.w.flatMap { $0.isFinite ? $0 : nil }, h: p.h.flatMap { $0.isFinite ? $0 : nil })
            let content = stackedSize(&graph, i, position.value.isHorizontal ? ProposedViewSize(w: nil, h: finite.h)
                                                                              : ProposedViewSize(w: finite.w, h: nil))
            return Size(width: p.w.flatMap { $0.isFinite ? $0 : nil } ?? content.width,
                        height: p.h.flatMap { $0.isFinite ? $0 : nil } ?? content.height)
        }
    }

    /// What a view that takes the space offered chooses.
    private func flexible(_ p: ProposedViewSize) -> Size {
        Size(width: p.w ?? Self.defaultFlexibleSize, height: p.h ?? Self.defaultFlexibleSize)
    }

    /// The size of the children laid over each other: the largest on each side.
    func stackedSize(_ graph: inout ViewGraph, _ i: Int, _ p: ProposedViewSize) -> Size {
        var result = Size.zero
        var child = graph.nodes[i].firstChild
        while child >= 0 {
            let s = size(&graph, child, p)
            result.width = max(result.width, s.width)
            result.height = max(result.height, s.height)
            child = graph.nodes[child].next
        }
        return result
    }

    /// The proposal `.aspectRatio` makes to its child: the largest (fit) or smallest (fill)
    /// size of the ratio in what is offered.
    private func aspectProposal(_ graph: inout ViewGraph, _ i: Int, _ p: ProposedViewSize, _ ratio: Double?, _ mode: ContentMode) -> ProposedViewSize {
        var r = ratio ?? 0
        if ratio == nil {
            let ideal = stackedSize(&graph, i, .unspecified)
            r = ideal.height > 0 ? ideal.width / ideal.height : 1
        }
        guard r > 0, r.isFinite else { return p }
        switch (p.w, p.h) {
        case (nil, nil):
            return p
        case (let w?, nil):
            return ProposedViewSize(w: w, h: w / r)
        case (nil, let h?):
            return ProposedViewSize(w: h * r, h: h)
        case (let w?, let h?):
            let byWidth = (w, w / r), byHeight = (h * r, h)
            let fits = byWidth.1 <= h
            switch mode {
            case .fit: return fits || !byHeight.0.isFinite ? ProposedViewSize(w: byWidth.0, h: byWidth.1) : ProposedViewSize(w: byHeight.0, h: byHeight.1)
            case .fill: return fits ? ProposedViewSize(w: byHeight.0, h: byHeight.1) : ProposedViewSize(w: byWidth.0, h: byWidth.1)
            }
        }
    }

    /// A frame's size for `p`, and the proposal it makes its child.
    private func frameSize(_ graph: inout ViewGraph, _ i: Int, _ p: ProposedViewSize, _ f: FrameSpec)
        -> (size: Size, child: ProposedViewSize) {
        if f.isFixed {
            let proposal = ProposedViewSize(w: f.idealWidth ?? p.w, h: f.idealHeight ?? p.h)
            let child = stackedSize(&graph, i, proposal)
            return (Size(width: f.idealWidth ?? child.width, height: f.idealHeight ?? child.height), proposal)
        }
        func clampProposal(_ offered: Double?, _ ideal: Double?, _ lo: Double?, _ hi: Double?) -> Double? {
            guard var x = offered ?? ideal else { return nil }
            if let hi { x = min(x, hi) }
            if let lo { x = max(x, lo) }
            return x
        }
        let proposal = ProposedViewSize(w: clampProposal(p.w, f.idealWidth, f.minWidth, f.maxWidth),
                                        h: clampProposal(p.h, f.idealHeight, f.minHeight, f.maxHeight))
        let child = stackedSize(&graph, i, proposal)
        func side(_ offered: Double?, _ ideal: Double?, _ lo: Double?, _ hi: Double?, _ child: Double) -> Double {
            var x = offered ?? ideal ?? child
            if let hi { x = min(x, hi) } else { x = min(x, max(child, lo ?? -.infinity)) }
            if let lo { x = max(x, lo) } else { x = max(x, min(child, hi ?? .infinity)) }
            return x
        }
        return (Size(width: side(p.w, f.idealWidth, f.minWidth, f.maxWidth, child.width),
                     height: side(p.h, f.idealHeight, f.minHeight, f.maxHeight, child.height)), proposal)
    }

    /// A stack's size for `p`; when `placing`, also places the children in `graph.nodes[i].frame`.
    ///
    /// SwiftUI's algorithm: the children are offered their share of what is left after the
    /// spacing, the least flexible first (the difference between their largest and smallest
    /// size along the axis), each taking what it chooses; the stack is as long as its children
    /// and their spacing, and as wide as the widest.
    private func stackSize(_ graph: inout ViewGraph, _ i: Int, _ p: ProposedViewSize, axis: Axis, spacing: Double?, placing: Bool) -> Size {
        let vertical = axis == .vertical
        var count = 0
        var child = graph.nodes[i].firstChild
        while child >= 0 {
            count += 1
            child = graph.nodes[child].next
        }
        guard count > 0 else { return .zero }
        let gap = spacing ?? Self.defaultSpacing
        let totalGap = gap * Double(count - 1)
        let along = vertical ? p.h : p.w
        let across = vertical ? p.w : p.h
        func proposal(_ length: Double?) -> ProposedViewSize {
            vertical ? ProposedViewSize(w: across, h: length) : ProposedViewSize(w: length, h: across)
        }
        func length(_ s: Size) -> Double { vertical ? s.height : s.width }
        func breadth(_ s: Size) -> Double { vertical ? s.width : s.height }

        // Each child's flexibility, then offers in order of it (least flexible first). The
        // numbers live on the graph's scratch stack (flexibility, chosen length, offered flag per
        // child), freed on return: nested stacks stack above, and nothing is allocated once it has grown.
        let base = graph.scratch.count
        graph.scratch.appendZeroed(3 * count)
        defer { graph.scratch.removeLast(3 * count) }
        func flexAt(_ k: Int) -> Int { base + 3 * k }
        func chosenAt(_ k: Int) -> Int { base + 3 * k + 1 }
        func doneAt(_ k: Int) -> Int { base + 3 * k + 2 }
        if let along {
            child = graph.nodes[i].firstChild
            var k = 0
            while child >= 0 {
                let smallest = length(size(&graph, child, proposal(0)))
                let largest = length(size(&graph, child, proposal(.infinity)))
                graph.scratch[flexAt(k)] = largest - smallest
                child = graph.nodes[child].next
                k += 1
            }
            var remaining = max(0, along - totalGap)
            var left = count
            while left > 0 {
                // The least flexible child not yet offered.
                var pick = -1
                for k in 0..<count where graph.scratch[doneAt(k)] == 0
                    && (pick < 0 || graph.scratch[flexAt(k)] < graph.scratch[flexAt(pick)]) { pick = k }
                graph.scratch[doneAt(pick)] = 1
                let offer = remaining / Double(left)
                let s = size(&graph, nth(graph, i, pick), proposal(offer))
                graph.scratch[chosenAt(pick)] = length(s)
                remaining = max(0, remaining - length(s))
                left -= 1
            }
        } else {
            child = graph.nodes[i].firstChild
            var k = 0
            while child >= 0 {
                graph.scratch[chosenAt(k)] = length(size(&graph, child, proposal(nil)))
                child = graph.nodes[child].next
                k += 1
            }
        }
        var total = totalGap
        var widest = 0.0
        child = graph.nodes[i].firstChild
        var k = 0
        while child >= 0 {
            total += graph.scratch[chosenAt(k)]
            widest = max(widest, breadth(size(&graph, child, proposal(graph.scratch[chosenAt(k)]))))
            child = graph.nodes[child].next
            k += 1
        }
        let result = vertical ? Size(width: widest, height: total) : Size(width: total, height: widest)
        guard placing else { return result }

        // Place: along the axis in order, across by the alignment.
        let frame = graph.nodes[i].frame
        guard case .stack(_, let alignment, _) = graph.nodes[i].kind else { return result }
        var cursor = vertical ? frame.minY : frame.minX
        child = graph.nodes[i].firstChild
        k = 0
        while child >= 0 {
            let s = size(&graph, child, proposal(graph.scratch[chosenAt(k)]))
            let room = vertical ? frame.width : frame.height
            let cross = (vertical ? frame.minX : frame.minY) + (room - breadth(s)) * alignment
            let origin = vertical ? Point(x: cross, y: cursor) : Point(x: cursor, y: cross)
            place(&graph, child, in: Rect(origin: rounded(origin), size: s))
            cursor += graph.scratch[chosenAt(k)] + gap
            child = graph.nodes[child].next
            k += 1
        }
        return result
    }

    /// The `n`th child of node `i`.
    private func nth(_ graph: ViewGraph, _ i: Int, _ n: Int) -> Int {
        var child = graph.nodes[i].firstChild
        var k = 0
        while child >= 0 && k < n {
            child = graph.nodes[child].next
            k += 1
        }
        return child
    }

    /// `p` rounded to whole pixels.
    func rounded(_ p: Point) -> Point {
        let s = scale > 0 ? scale : 1
        return Point(x: (p.x * s).rounded() / s, y: (p.y * s).rounded() / s)
    }

    /// Where a child of `size` sits in `rect` by `alignment`, on whole pixels.
    func aligned(_ size: Size, in rect: Rect, _ alignment: Alignment) -> Rect {
        let x = rect.minX + (rect.width - size.width) * alignment.horizontal.fraction
        let y = rect.minY + (rect.height - size.height) * alignment.vertical.fraction
        return Rect(origin: rounded(Point(x: x, y: y)), size: size)
    }

    // MARK: Placing

    /// Places node `i` in `rect` (its size chosen for that size offered) and its children in it.
    func place(_ graph: inout ViewGraph, _ i: Int, in rect: Rect) {
        var rect = rect
        // Moved by a change made with an animation, it slides there (`slid(_:to:)`).
        graph.nodes[i].frame = rect
        if graph.animationScope.isActive, i > 0 {
            rect.origin = graph.slid(i, to: rect.origin)
            graph.nodes[i].frame = rect
        }
        let p = ProposedViewSize(w: rect.width, h: rect.height)
        switch graph.nodes[i].kind {
        case .identifier:
            // Exactly where its child would be without it: the same rect when the sizes agree.
            let child = graph.nodes[i].firstChild
            guard child >= 0 else { return }
            let s = size(&graph, child, p)
            place(&graph, child, in: s == rect.size ? rect : aligned(s, in: rect, .center))
        case .root, .group, .opacity, .clip, .compositingGroup, .effect, .statefulEffects, .tear, .gesture, .hitTesting, .hidden,
             .transform, .zIndex, .floating:
            placeOver(&graph, i, in: rect, proposal: p, alignment: .center)
        case .visualEffect(let index):
            placeOver(&graph, i, in: rect, proposal: p, alignment: .center)
            _ = index
        case .zstack(let alignment):
            placeOver(&graph, i, in: rect, proposal: p, alignment: alignment)
        case .content, .shape, .text, .spacer:
            break
        case .idealSize:
            var child = graph.nodes[i].firstChild
            while child >= 0 {
                place(&graph, child, in: rect)
                child = graph.nodes[child].next
            }
        case .stack(let axis, _, let spacing):
            // Placed as SwiftUI places a stack: with the offer its parent made that gave it this
            // size, not with the size itself (offered the sum of its children's ideal lengths,
            // shares of it would squeeze the least flexible below its own: a button beside a label
            // wrapped its title though the parent had room).
            let offer = graph.nodes[i].cache.roomiestProposal(giving: rect.size, axis: axis) ?? p
            _ = stackSize(&graph, i, offer, axis: axis, spacing: spacing, placing: true)
        case .padding(let insets):
            let inner = Rect(x: rect.minX + Double(insets.leading), y: rect.minY + Double(insets.top),
                             width: max(0, rect.width - Double(insets.leading + insets.trailing)),
                             height: max(0, rect.height - Double(insets.top + insets.bottom)))
            placeOver(&graph, i, in: inner, proposal: ProposedViewSize(w: inner.width, h: inner.height), alignment: .center)
        case .frame(let spec):
            let child = frameSize(&graph, i, p, spec).child
            placeOver(&graph, i, in: rect, proposal: child, alignment: spec.alignment)
        case .offset(let x, let y):
            placeOver(&graph, i, in: Rect(origin: Point(x: rect.minX + x, y: rect.minY + y), size: rect.size),
                      proposal: p, alignment: .center)
        case .sizedOffset(let x, let y):
            placeOver(&graph, i, in: Rect(origin: Point(x: rect.minX + x * rect.width, y: rect.minY + y * rect.height), size: rect.size),
                      proposal: p, alignment: .center)
        case .position(let x, let y):
            var child = graph.nodes[i].firstChild
            while child >= 0 {
                let s = size(&graph, child, p)
                let origin = rounded(Point(x: rect.minX + x - s.width / 2, y: rect.minY + y - s.height / 2))
                place(&graph, child, in: Rect(origin: origin, size: s))
                child = graph.nodes[child].next
            }
        case .aspectRatio(let ratio, let mode):
            placeOver(&graph, i, in: rect, proposal: aspectProposal(&graph, i, p, ratio, mode), alignment: .center)
        case .fixedSize(let horizontal, let vertical):
            placeOver(&graph, i, in: rect, proposal: ProposedViewSize(w: horizontal ? nil : p.w, h: vertical ? nil : p.h),
                      alignment: .center)
        case .background(let alignment), .overlay(let alignment), .filter(.mask(let alignment)):
            let content = graph.nodes[i].firstChild
            guard content >= 0 else { return }
            place(&graph, content, in: rect)
            let secondary = graph.nodes[content].next
            if secondary >= 0 {
                let s = size(&graph, secondary, p)
                place(&graph, secondary, in: aligned(s, in: rect, alignment))
            }
        case .filter:
            placeOver(&graph, i, in: rect, proposal: p, alignment: .center)
        case .dock(let dock):
            placeDock(&graph, i, dock, in: rect)
        case .container(let kind):
            placeContainer(&graph, i, kind, in: rect)
        case .scroll(let position):
            // The content at its own height, moved up by the offset (clamped to what it overflows).
            let child = graph.nodes[i].firstChild
            guard child >= 0 else { return }
            let horizontal = position.value.isHorizontal
            let s = size(&graph, child, horizontal ? ProposedViewSize(w: nil, h: rect.height) : ProposedViewSize(w: rect.width, h: nil))
            position.value.contentHeight = horizontal ? s.width : s.height
            position.value.viewportHeight = horizontal ? rect.width : rect.height
            position.value.scroll(to: position.value.offset)
            let origin = horizontal
                ? rounded(Point(x: rect.minX - position.value.offset, y: rect.minY + (rect.height - s.height) / 2))
                : rounded(Point(x: rect.minX + (rect.width - s.width) / 2, y: rect.minY - position.value.offset))
            place(&graph, child, in: Rect(origin: origin, size: s))
        case .geometry(let index):
            // The content is made now that the size is known, top-leading in the reader.
            let proxy = GeometryProxy(size: CGSize(width: rect.width, height: rect.height),
                                      globalFrame: CGRect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height))
            graph.makeDeferred(index, proxy: proxy, under: i)
            var child = graph.nodes[i].firstChild
            while child >= 0 {
                let s = size(&graph, child, p)
                place(&graph, child, in: Rect(origin: rect.origin, size: s))
                child = graph.nodes[child].next
            }
        }
    }

    /// Places each child in `rect`, offered `proposal`, aligned.
    private func placeOver(_ graph: inout ViewGraph, _ i: Int, in rect: Rect, proposal: ProposedViewSize, alignment: Alignment) {
        var child = graph.nodes[i].firstChild
        while child >= 0 {
            let s = size(&graph, child, proposal)
            place(&graph, child, in: aligned(s, in: rect, alignment))
            child = graph.nodes[child].next
        }
    }
}

