// The frame as values, continued: a subtree's effects as frame-graph passes, scrolling, content and copying passes.

import Foundation
import GlintCore
import GlintRender

extension ResolvedView {
    /// Effects over a subtree (`colorEffect`, …, `tearable`, `visualEffect`): merged into the
    /// content's own frame graph when the subtree is one shader content in the same rect, else
    /// the subtree is drawn into a layer that becomes the content of the effects' graph.
    mutating func emitEffectChain(from top: Int, context: inout DrawContext) {
        let frame = tree.nodes[top].frame
        // Down the single children in the same rect that are effects or change nothing drawn.
        chain.removeAll(keepingCapacity: true)
        chain.append(top)
        var last = top
        var leaf = -1
        while true {
            let child = tree.nodes[last].firstChild
            guard child >= 0, tree.nodes[child].next < 0, tree.nodes[child].frame == frame else { break }
            switch tree.nodes[child].kind {
            case .effect, .statefulEffects, .tear, .visualEffect, .frame, .gesture, .hitTesting, .group:
                chain.append(child)
                last = child
                continue
            case .filter(let spec) where spec.isChainPass:
                chain.append(child)
                last = child
                continue
            default:
                leaf = child
            }
            break
        }
        var inner = context
        var n = 0
        while n < chain.count {
            let node = chain[n]
            if case .hitTesting(let enabled) = tree.nodes[node].kind { inner.hitTesting = inner.hitTesting && enabled }
            if case .gesture(let index) = tree.nodes[node].kind, inner.hitTesting, tree.gestures[index].isEnabled {
                hits.append(HitEntry(rect: frame, target: .gesture(index), clip: hitClip))
            }
            n += 1
        }
        let firstEffect = effects.count
        var content: ContentLeaf?
        if leaf >= 0 {
            switch tree.nodes[leaf].kind {
            case .content(let c): content = c
            case .shape(let shape) where shape.shape.isRectangle && shape.stroke == nil:
                switch shape.fill {
                case .color(let color): content = ContentLeaf(source: .color(color.resolved))
                case .shader(let shader): content = ContentLeaf(source: .shader(shader))
                }
            default: break
            }
        }
        if let content {
            emitContent(content, rect: frame, effects: true, context: context)
            if case .effect(let effect) = content.source, inner.hitTesting {
                hits.append(HitEntry(rect: frame, target: .effect(effect), clip: hitClip))
            }
        } else if context.opacity >= 1, !drawsIdleChainsInLayers, chainIsIdle {
            // Nothing over the subtree draws this frame (a tear not open, effects disabled): the
            // subtree goes straight into the target, with no layer to copy. Its tears still run.
            var direct = context
            direct.hitTesting = inner.hitTesting
            let saved = chain
            emitChildren(of: last, context: &direct)
            chain = saved
            var n = chain.count - 1
            while n >= 0 {
                if case .tear(let tear) = tree.nodes[chain[n]].kind {
                    tear.updatePass(viewSize: frame.size)
                    tears.append(tear)
                }
                n -= 1
            }
        } else {
            // A layer of the subtree, the effects over it.
            let layer = openLayer(rect: frame, opacity: 1, clip: nil)
            var layerContext = DrawContext()
            layerContext.hitTesting = inner.hitTesting
            let saved = chain
            emitChildren(of: last, context: &layerContext)
            chain = saved
            appendChainPasses(to: layers[layer].graph, viewSize: frame.size, opacity: context.opacity)
            draws.append(.endLayer(layer))
        }
        // A chain with stateful effects over it (`effects(_:)`) takes a press as one: every
        // effect in it, the content's and those over it, sees the press (a glow's hold and a
        // loupe over it follow one press).
        if inner.hitTesting, chainHasStatefulEffects, effects.count > firstEffect {
            hits.append(HitEntry(rect: frame, target: .responder(chainResponder(effects[firstEffect...])), clip: hitClip))
        }
        // Tears take presses before everything under them.
        if inner.hitTesting {
            n = 0
            while n < chain.count {
                if case .tear(let tear) = tree.nodes[chain[n]].kind {
                    hits.append(HitEntry(rect: frame, target: .responder(tear), clip: hitClip))
                }
                n += 1
            }
        }
    }


    /// Whether nothing in the chain being emitted draws this frame: its tears are closed and its
    /// shader effects disabled (stateful effects and visual effects always draw).
    var chainIsIdle: Bool {
        var n = 0
        while n < chain.count {
            switch tree.nodes[chain[n]].kind {
            case .effect(let spec): if spec.isEnabled { return false }
            case .tear(let tear): if tear.isShowing { return false }
            case .statefulEffects(let list): if !list.isEmpty { return false }
            case .visualEffect: return false
            case .filter(let spec): if spec.isChainPass { return false }
            default: break
            }
            n += 1
        }
        return true
    }

    /// Whether the chain being emitted has `effects(_:)` in it.
    var chainHasStatefulEffects: Bool {
        var n = 0
        while n < chain.count {
            if case .statefulEffects = tree.nodes[chain[n]].kind { return true }
            n += 1
        }
        return false
    }

    /// The responder of a chain of stateful effects: the one made for the same effects in an
    /// earlier frame (so a press keeps its owner, and a steady frame allocates nothing), else a new one.
    mutating func chainResponder(_ list: ArraySlice<any Effect>) -> EffectResponder {
        var i = 0
        while i < chainResponders.count {
            let candidate = chainResponders[i]
            if candidate.effects.count == list.count {
                var same = true
                var k = 0
                while k < list.count && same {
                    same = candidate.effects[k] === list[list.startIndex + k]
                    k += 1
                }
                if same {
                    // Met earlier this frame (the same effects twice), or kept from the last one.
                    if i >= usedChainResponders {
                        chainResponders.swapAt(i, usedChainResponders)
                        usedChainResponders += 1
                    }
                    return candidate
                }
            }
            i += 1
        }
        let made = EffectResponder(Array(list))
        chainResponders.append(made)
        usedChainResponders += 1
        chainResponders.swapAt(chainResponders.count - 1, usedChainResponders - 1)
        return made
    }


    /// A `ScrollView`: its drag (behind its content), its content (clipped to it while it
    /// overflows, and taking presses only where it shows), then its scroll bar while there is
    /// something to scroll.
    mutating func emitScroll(_ i: Int, position: StateBox<ScrollPosition>, context: inout DrawContext) {
        let frame = tree.nodes[i].frame
        let visible = hitClip.map { $0.intersection(frame) } ?? frame
        if context.hitTesting { hits.append(HitEntry(rect: frame, target: .scroll(position), clip: hitClip)) }
        let content = tree.nodes[i].firstChild
        guard content >= 0 else { return }
        let c = tree.nodes[content].frame
        let spills = c.minX < frame.minX || c.minY < frame.minY || c.maxX > frame.maxX || c.maxY > frame.maxY
        let savedClip = hitClip
        hitClip = visible
        if spills {
            let layer = openLayer(rect: frame, opacity: 1, clip: ShapeDraw(leaf: ScrollStyle.clipLeaf, rect: frame, color: .white))
            var inner = context
            emit(content, context: &inner)
            draws.append(.endLayer(layer))
        } else {
            emit(content, context: &context)
        }
        hitClip = savedClip
        if let bar = position.value.scrollBar(in: frame) {
            // The bar takes presses in front of the content: a strip from just left of it to the
            // scroll view's right edge, its height (`ControlStyle.scrollBarHitMargin`).
            let style = position.value.style
            if context.hitTesting {
                let strip = Rect(x: bar.track.minX - style.scrollBarHitMargin, y: bar.track.minY,
                                 width: frame.maxX - bar.track.minX + style.scrollBarHitMargin, height: bar.track.height)
                hits.append(HitEntry(rect: strip, target: .scrollBar(position, frame), clip: hitClip))
            }
            draws.append(.shape(ShapeDraw(leaf: ScrollStyle.barLeaf, rect: bar.track, color: style.scrollBar.opacity(context.opacity))))
            draws.append(.shape(ShapeDraw(leaf: ScrollStyle.barLeaf, rect: bar.thumb, color: style.scrollThumb.opacity(context.opacity))))
        }
    }

    /// A shader content leaf: its own graph (with the current chain's passes when `effects`).
    mutating func emitContent(_ leaf: ContentLeaf, rect: Rect, effects withChain: Bool, context: DrawContext) {
        let index = nextGraph(rect: rect)
        switch leaf.source {
        case .color(let color):
            setBuiltIn(index, "solid", kind: .fill, isOpaque: color.alpha >= 1, .color(color))
        case .image(let image, _, let interpolation):
            setBuiltIn(index, interpolation == .none ? "imageNearest" : "image", kind: .color, isOpaque: false,
                       .boundingRect, .image(image))
        case .shader(let shader):
            Self.write(shader, kind: .fill, isOpaque: false, isEnabled: true, into: &graphs[index].content, errors: &errors)
        case .effect(let effect):
            effect.updatePass(viewSize: rect.size)
            Self.copy(effect.pass.value, into: &graphs[index].content)
            effects.append(effect)
        }
        if withChain {
            appendChainPasses(to: index, viewSize: rect.size, opacity: context.opacity)
        } else if context.opacity < 1 {
            appendFade(to: index, context.opacity)
        }
        draws.append(.graph(index))
    }

    /// The next frame graph, over `rect`, its effects emptied.
    mutating func nextGraph(rect: Rect) -> Int {
        if graphCount == graphs.count {
            graphs.append(FrameGraph(viewRect: rect, scale: Double(scale), content: Self.emptyContent))
        }
        let index = graphCount
        graphCount += 1
        graphs[index].viewRect = rect
        graphs[index].scale = Double(scale)
        graphs[index].backdrop = backdrop.resolved
        while let spare = graphs[index].effects.popLast() { spareEffects.append(spare) }
        return index
    }

    /// The passes of the current chain, innermost first, tears last; then
    /// the fade of an opacity around them.
    mutating func appendChainPasses(to index: Int, viewSize: Size, opacity: Double) {
        var n = chain.count - 1
        while n >= 0 {
            let node = chain[n]
            n -= 1
            switch tree.nodes[node].kind {
            case .effect(let spec):
                appendPass(to: index) { pass, errors in
                    Self.write(spec.shader, kind: spec.kind, isOpaque: false, isEnabled: spec.isEnabled, into: &pass, errors: &errors)
                }
            case .statefulEffects(let list):
                var e = list.startIndex
                while e < list.endIndex {
                    let effect = list[e]
                    e += 1
                    effect.updatePass(viewSize: viewSize)
                    effects.append(effect)
                    appendPass(to: index) { pass, _ in Self.copy(effect.pass.value, into: &pass) }
                }
            case .filter(let spec):
                appendFilterPass(spec, to: index)
            case .visualEffect(let deferredIndex):
                let frame = tree.nodes[node].frame
                let proxy = GeometryProxy(size: CGSize(width: frame.width, height: frame.height),
                                          globalFrame: CGRect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height))
                let effect = tree.visualEffect(deferredIndex, proxy: proxy)
                var e = 0
                while e < effect.effects.count {
                    let spec = effect.effects[e]
                    appendPass(to: index) { pass, errors in
                        Self.write(spec.shader, kind: spec.kind, isOpaque: false, isEnabled: spec.isEnabled, into: &pass, errors: &errors)
                    }
                    e += 1
                }
            default:
                break
            }
        }
        n = chain.count - 1
        while n >= 0 {
            if case .tear(let tear) = tree.nodes[chain[n]].kind {
                tear.updatePass(viewSize: viewSize)
                tears.append(tear)
                appendPass(to: index) { pass, _ in Self.copy(tear.pass.value, into: &pass) }
            }
            n -= 1
        }
        if opacity < 1 { appendFade(to: index, opacity) }
    }

    mutating func appendFade(to index: Int, _ opacity: Double) {
        appendPass(to: index) { pass, _ in
            pass.function = "fade"
            pass.library = nil
            pass.tool = nil
            pass.kind = .color
            pass.isPositional = true
            pass.isOpaque = false
            pass.extent = nil
            pass.isEnabled = true
            pass.names.removeAll(keepingCapacity: true)
            pass.arguments.removeAll(keepingCapacity: true)
            pass.arguments.append(.float(Float(opacity)))
        }
    }

    /// Adds a pass to graph `index`, reusing a pass's storage left from an earlier frame.
    mutating func appendPass(to index: Int, _ write: (inout EffectPass, inout [RenderError]) -> Void) {
        var pass = spareEffects.popLast() ?? EffectPass(function: "", kind: .color, arguments: [])
        write(&pass, &errors)
        graphs[index].effects.append(pass)
    }

    mutating func setBuiltIn(_ index: Int, _ function: String, kind: ShaderEffect.Kind, isOpaque: Bool,
                                     _ first: ShaderArgument, _ second: ShaderArgument? = nil) {
        graphs[index].content.function = function
        graphs[index].content.library = nil
        graphs[index].content.tool = nil
        graphs[index].content.kind = kind
        graphs[index].content.isPositional = true
        graphs[index].content.isOpaque = isOpaque
        graphs[index].content.extent = nil
        graphs[index].content.isEnabled = true
        graphs[index].content.names.removeAll(keepingCapacity: true)
        graphs[index].content.arguments.removeAll(keepingCapacity: true)
        graphs[index].content.arguments.append(first)
        if let second { graphs[index].content.arguments.append(second) }
    }

    // MARK: Copying passes

    static let emptyContent = EffectPass(function: "solid", kind: .fill, arguments: [.color(.clear)])

    /// Copies `pass` into `target`'s own arrays, element by element: sharing a stateful
    /// effect's argument array until the next frame would make its next write copy the array.
    static func copy(_ pass: EffectPass, into target: inout EffectPass) {
        target.function = pass.function
        target.library = pass.library
        target.kind = pass.kind
        target.isPositional = pass.isPositional
        target.isOpaque = pass.isOpaque
        target.extent = pass.extent
        target.isEnabled = pass.isEnabled
        target.tool = pass.tool
        target.arguments.removeAll(keepingCapacity: true)
        var i = 0
        while i < pass.arguments.count {  // index loops: no iterator allocation in debug builds
            target.arguments.append(pass.arguments[i])
            i += 1
        }
        target.names.removeAll(keepingCapacity: true)
        i = 0
        while i < pass.names.count {
            target.names.append(pass.names[i])
            i += 1
        }
    }

    /// Overwrites `pass` with `shader`, keeping the capacity of its arrays.
    static func write(_ shader: Shader, kind: ShaderEffect.Kind, isOpaque: Bool, isEnabled: Bool,
                      into pass: inout EffectPass, errors: inout [RenderError]) {
        pass.function = shader.function.name
        pass.library = shader.function.library.path
        pass.tool = nil
        pass.kind = kind
        pass.isPositional = true
        pass.isOpaque = isOpaque
        pass.extent = nil
        pass.isEnabled = isEnabled
        pass.names.removeAll(keepingCapacity: true)
        pass.arguments.removeAll(keepingCapacity: true)
        var i = 0
        while i < shader.arguments.count {
            pass.arguments.append(shader.arguments[i].value)
            if let error = shader.arguments[i].imageError, !errors.contains(error) { errors.append(error) }
            i += 1
        }
    }

}
