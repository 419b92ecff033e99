// The frame as values, continued: the visual modifiers (`VisualEffects.swift`) as the layers and passes that draw them.

import Foundation
import GlintCore
import GlintRender

extension ResolvedView {
    /// The largest blur radius, in points, the built-in blur takes: the blur effect's radius
    /// range, declared once (`EffectDeclaration.Blur.radius`; `Shaders/blur.frag` gets it as a define).
    static let maxBlurRadius = EffectDeclaration.Blur.radius.range.upperBound

    /// A visual modifier's node: a blur or colour adjustment is a pass of the effect chain over
    /// the view (merged into the view's own graph when it is one content); a shadow, a blend
    /// mode and a mask draw the view into a layer of their own.
    mutating func emitFilter(_ i: Int, _ spec: FilterSpec, context: inout DrawContext) {
        switch spec {
        case .blur, .colorMatrix: emitEffectChain(from: i, context: &context)
        case .shadow(let shadow): emitShadow(i, shadow, context: &context)
        case .blend(let mode): emitBlend(i, mode, context: &context)
        case .mask: emitMask(i, context: &context)
        case .material(let material): emitMaterial(i, material, context: &context)
        }
    }

    /// A blur or a colour adjustment as the next pass of graph `index` (written into a spare
    /// pass's storage: nothing is allocated in a steady frame).
    mutating func appendFilterPass(_ spec: FilterSpec, to index: Int) {
        switch spec {
        case .blur(let radius, let opaque):
            let r = min(radius, Self.maxBlurRadius)
            let reach = opaque ? Size.zero : Size(width: r, height: r)
            appendPass(to: index) { pass, _ in
                Self.writeBuiltIn(&pass, opaque ? "blurOpaque" : "blur", kind: .layer(maxSampleOffset: reach))
                pass.arguments.append(.float(Float(r)))
            }
        case .colorMatrix(let adjustment):
            let rows = adjustment.rows
            appendPass(to: index) { pass, _ in
                Self.writeBuiltIn(&pass, "colorMatrix", kind: .color)
                pass.arguments.append(.float4(rows.red.x, rows.red.y, rows.red.z, rows.red.w))
                pass.arguments.append(.float4(rows.green.x, rows.green.y, rows.green.z, rows.green.w))
                pass.arguments.append(.float4(rows.blue.x, rows.blue.y, rows.blue.z, rows.blue.w))
                pass.arguments.append(.float(rows.alpha))
            }
        case .shadow, .blend, .mask, .material:
            break
        }
    }

    /// Makes `pass` a call of the built-in function `function`, its arguments emptied (their
    /// storage kept) for the caller to append.
    static func writeBuiltIn(_ pass: inout EffectPass, _ function: String, kind: ShaderEffect.Kind) {
        pass.function = function
        pass.library = nil
        pass.tool = nil
        pass.kind = kind
        pass.isPositional = true
        pass.isOpaque = false
        pass.extent = nil
        pass.isEnabled = true
        pass.names.removeAll(keepingCapacity: true)
        pass.arguments.removeAll(keepingCapacity: true)
    }

    /// `.shadow`, as SwiftUI draws it: each part of the view (a shape, text, an image, a shader,
    /// a `compositingGroup`, a view under another visual effect or a transform) casts its own
    /// shadow, drawn just under that part, so the shadow of a later part falls over the parts
    /// before it and the shadows of neighbours darken a gap between them each on its own
    /// (`compositingGroup()` first makes the whole view one part). A part is drawn into a layer
    /// composited twice: first moved by the shadow's offset, its alpha tinted and blurred
    /// (`shadowTint`, then `blur`), then as it is. A sharp shadow of text alone is the text
    /// drawn again (no layer).
    mutating func emitShadow(_ i: Int, _ shadow: ShadowSpec, context: inout DrawContext) {
        if shadow.radius == 0, holdsOnlyText(i) {
            let saved = context.textShadow
            context.textShadow = TextShadow(color: shadow.color, x: shadow.x, y: shadow.y)
            emitChildren(of: i, context: &context)
            context.textShadow = saved
            return
        }
        if shadowParts(under: i) > 1 {
            let saved = context.partShadow
            context.partShadow = shadow
            emitChildren(of: i, context: &context)
            context.partShadow = saved
            return
        }
        emitShadowLayer(of: i, children: true, shadow, context: &context)
    }

    /// One part of a view under a `.shadow` that is not one picture: the part and its shadow.
    mutating func emitShadowPart(_ i: Int, _ shadow: ShadowSpec, context: inout DrawContext) {
        emitShadowLayer(of: i, children: false, shadow, context: &context)
    }

    /// Node `i` (or its children) drawn into a layer, which is composited twice: the shadow, then as it is.
    private mutating func emitShadowLayer(of i: Int, children: Bool, _ shadow: ShadowSpec, context: inout DrawContext) {
        let rect = bounds(of: i)
        let layer = openLayer(rect: rect, opacity: context.opacity, clip: nil)
        var inner = context
        inner.opacity = 1
        inner.partShadow = nil
        if children { emitChildren(of: i, context: &inner) } else { emit(i, context: &inner) }
        let under = nextGraph(rect: Rect(x: rect.minX + shadow.x, y: rect.minY + shadow.y, width: rect.width, height: rect.height))
        setBuiltIn(under, "layerContent", kind: .color, isOpaque: false, .boundingRect, .image(layerImages[layer]))
        graphs[under].content.arguments.append(.float(Float(context.opacity)))
        let tint = shadow.color.resolved
        appendPass(to: under) { pass, _ in
            Self.writeBuiltIn(&pass, "shadowTint", kind: .color)
            pass.arguments.append(.color(tint))
        }
        if shadow.radius > 0 { appendFilterPass(.blur(radius: shadow.radius, opaque: false), to: under) }
        layers[layer].under = under
        draws.append(.endLayer(layer))
    }

    /// Whether node `i` is drawn as one picture under a shadow over its container: anything but
    /// the nodes that only place, group or fade what is under them.
    func isShadowPart(_ i: Int) -> Bool {
        switch tree.nodes[i].kind {
        case .root, .group, .zstack, .stack, .padding, .frame, .offset, .sizedOffset, .position, .aspectRatio, .fixedSize,
             .geometry, .dock, .idealSize, .identifier, .zIndex, .background, .overlay, .spacer, .hidden, .opacity,
             .hitTesting, .gesture, .floating:
            return false
        default:
            return true
        }
    }

    /// How many parts (`isShadowPart`) the children of `n` draw, counted up to 2.
    private func shadowParts(under n: Int) -> Int {
        var found = 0
        var child = tree.nodes[n].firstChild
        while child >= 0 && found < 2 {
            switch tree.nodes[child].kind {
            case .spacer, .hidden: break
            default: found += isShadowPart(child) ? 1 : shadowParts(under: child)
            }
            child = tree.nodes[child].next
        }
        return found
    }

    /// Whether node `i` draws text and nothing else (its descendants only text and the nodes
    /// that place it).
    func holdsOnlyText(_ i: Int) -> Bool {
        textContent(i) == 1
    }

    /// 1 when the descendants of `n` are text and the nodes that place it (at least one text),
    /// 0 when there is nothing under it, −1 when something else is drawn.
    private func textContent(_ n: Int) -> Int {
        var found = 0
        var child = tree.nodes[n].firstChild
        while child >= 0 {
            switch tree.nodes[child].kind {
            case .text:
                found = 1
            case .group, .frame, .padding, .stack, .zstack, .offset, .position, .identifier, .fixedSize, .spacer, .aspectRatio:
                let inner = textContent(child)
                if inner < 0 { return -1 }
                found = max(found, inner)
            default:
                return -1
            }
            child = tree.nodes[child].next
        }
        return found
    }

    /// `.blendMode`: the view drawn into a layer whose graph ends with a `blendMode` pass
    /// reading a copy of what is below it (made by the renderer as the layer ends) and returning
    /// the composite, which replaces what is below (the pass is marked opaque).
    mutating func emitBlend(_ i: Int, _ mode: BlendMode, context: inout DrawContext) {
        guard mode != .normal else {
            emitChildren(of: i, context: &context)
            return
        }
        let layer = openLayer(rect: bounds(of: i), opacity: context.opacity, clip: nil)
        var inner = context
        inner.opacity = 1
        emitChildren(of: i, context: &inner)
        while backdropImages.count <= layer { backdropImages.append(GlintCore.Image(externalWidth: 1, height: 1)) }
        let below = backdropImages[layer]
        appendPass(to: layers[layer].graph) { pass, _ in
            Self.writeBuiltIn(&pass, "blendMode", kind: .color)
            // It returns the composite over what is below: written, not blended.
            pass.isOpaque = true
            pass.extent = nil
            pass.arguments.append(.image(below))
            pass.arguments.append(.float(Float(mode.rawValue)))
        }
        layers[layer].readsBackdrop = true
        draws.append(.endLayer(layer))
    }

    /// `.mask`: the content drawn into a layer, the mask into a second layer over the same rect
    /// that is kept, not composited; the content's layer then multiplies by the mask's alpha.
    mutating func emitMask(_ i: Int, context: inout DrawContext) {
        let content = tree.nodes[i].firstChild
        guard content >= 0 else { return }
        let rect = bounds(of: content)
        let layer = openLayer(rect: rect, opacity: context.opacity, clip: nil)
        var inner = context
        inner.opacity = 1
        emit(content, context: &inner)
        let maskNode = tree.nodes[content].next
        let mask = openLayer(rect: rect, opacity: 1, clip: nil)
        if maskNode >= 0 {
            var maskContext = DrawContext()
            maskContext.hitTesting = false
            emit(maskNode, context: &maskContext)
        }
        layers[mask].isKept = true
        draws.append(.endLayer(mask))
        let image = layerImages[mask]
        appendPass(to: layers[layer].graph) { pass, _ in
            Self.writeBuiltIn(&pass, "maskAlpha", kind: .color)
            pass.arguments.append(.boundingRect)
            pass.arguments.append(.image(image))
        }
        draws.append(.endLayer(layer))
    }

    /// A material: a layer whose content is a copy of what is below it (made by the renderer as
    /// the layer ends), blurred inside the layer, tinted, then masked by the material's shape
    /// (drawn into a kept layer) unless that is a plain rectangle.
    mutating func emitMaterial(_ i: Int, _ material: MaterialSpec, context: inout DrawContext) {
        let rect = tree.nodes[i].frame
        let layer = openLayer(rect: rect, opacity: 1, clip: nil)
        layers[layer].copiesBackdrop = true
        let graph = layers[layer].graph
        appendFilterPass(.blur(radius: material.radius, opaque: true), to: graph)
        let tint = material.tint.resolved
        appendPass(to: graph) { pass, _ in
            Self.writeBuiltIn(&pass, "materialTint", kind: .color)
            pass.arguments.append(.color(tint))
        }
        let shape = tree.nodes[i].firstChild
        if shape >= 0, case .shape(let leaf) = tree.nodes[shape].kind, !leaf.shape.isRectangle {
            let mask = openLayer(rect: rect, opacity: 1, clip: nil)
            var maskContext = DrawContext()
            maskContext.hitTesting = false
            emit(shape, context: &maskContext)
            layers[mask].isKept = true
            draws.append(.endLayer(mask))
            let image = layerImages[mask]
            appendPass(to: graph) { pass, _ in
                Self.writeBuiltIn(&pass, "maskAlpha", kind: .color)
                pass.arguments.append(.boundingRect)
                pass.arguments.append(.image(image))
            }
        }
        if context.opacity < 1 { appendFade(to: graph, context.opacity) }
        draws.append(.endLayer(layer))
    }
}
