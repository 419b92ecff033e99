@preconcurrency import CEpoxy
import GlintCore

/// The controls panel's quads: its docked background and the line along its inner edge, rounded
/// shapes cut from one anti-aliased disc (nine slices per rounded rectangle, one quad per thumb),
/// the scroll bar while the rows scroll, and the rows' texts, in the overlay's font. Every size
/// is the panel's layout in points times the target's pixels per point, rounded to whole pixels,
/// so the panel is as crisp at scale 2 as at 1. The shapes are one draw, the texts another, both
/// clipped to the panel so scrolled rows never spill over the effect.
extension OverlayRenderer {
    /// The disc texture's side in pixels: mipmapped, it is sharp down to a thumb of a few pixels.
    static let discSize = 64

    /// Lays out `panel`'s quads; returns the pixels they are clipped to (the panel's frame).
    func layOut(_ panel: ControlsPanel, scale: Float) throws(RenderError) -> PixelBox {
        typealias S = ControlsPanel.Style
        func px(_ points: Double) -> Float { (Float(points) * scale).rounded() }
        let disc = self.disc()
        let f = panel.frame
        let clip = PixelBox(x: Int(px(f.minX)), y: Int(px(f.minY)), width: Int(px(f.maxX) - px(f.minX)), height: Int(px(f.maxY) - px(f.minY)))
        /// Whether a row spanning `top`…`bottom` points shows at all in the scrolled panel.
        func shows(_ top: Double, _ bottom: Double) -> Bool { bottom > f.minY && top < f.maxY }

        // Shapes: the panel and its edge, the line under the title, each slider's track, fill and
        // thumb, the buttons, the scroll bar.
        var first = batch.vertexCount
        rect(px(f.minX), px(f.minY), px(f.maxX), px(f.maxY), color: S.background)
        let line = max(1, (Float(S.borderWidth) * scale).rounded(.down))
        if panel.dock == .right {
            rect(px(f.minX), px(f.minY), px(f.minX) + line, px(f.maxY), color: S.border)
        } else {
            rect(px(f.minX), px(f.minY), px(f.maxX), px(f.minY) + line, color: S.border)
        }
        let ruleY = px(panel.titleBaseline - S.baselineOffset + S.titleHeight + S.titleSpacing / 2)
        rect(px(f.minX + S.padding), ruleY, px(f.maxX - S.padding), ruleY + max(1, (scale).rounded(.down)), color: S.track)
        var i = 0
        while i < panel.sliders.count {  // index loops: no iterator allocation in debug builds
            let s = panel.sliders[i]
            guard shows(s.baseline - S.baselineOffset, s.baseline - S.baselineOffset + S.rowHeight) else {
                i += 1
                continue
            }
            let t = s.track
            let x0 = px(t.minX), x1 = px(t.maxX), y0 = px(t.minY), y1 = px(t.maxY)
            let r = (y1 - y0) / 2
            let thumb = s.thumbCenter
            let tx = (Float(thumb.x) * scale).rounded()
            let ty = (y0 + y1) / 2
            roundedRect(x0, y0, x1, y1, radius: r, color: S.track)
            if tx > x0 { roundedRect(x0, y0, max(tx, x0 + 2 * r), y1, radius: r, color: S.fill) }
            let radius = Float(S.thumbRadius) * scale
            circle(x: tx, y: ty + max(1, scale * 0.75), radius: radius + max(1, scale * 0.75), color: S.thumbShadow)
            circle(x: tx, y: ty, radius: radius, color: S.thumb)
            i += 1
        }
        i = 0
        while i < panel.buttons.count {
            let b = panel.buttons[i].frame
            roundedRect(px(b.minX), px(b.minY), px(b.maxX), px(b.maxY), radius: px(S.cornerRadius),
                        color: panel.buttons[i].isHighlighted ? S.buttonPressed : S.button)
            i += 1
        }
        if panel.scrollBar != .zero {
            let bar = panel.scrollBar, thumb = panel.scrollThumb
            roundedRect(px(bar.minX), px(bar.minY), px(bar.maxX), px(bar.maxY), radius: px(bar.width / 2), color: S.scrollBar)
            roundedRect(px(thumb.minX), px(thumb.minY), px(thumb.maxX), px(thumb.maxY), radius: px(thumb.width / 2), color: S.scrollThumb)
        }
        addRun(from: first, texture: disc, tint: .white)

        // Texts: the title, each row's name (left) and value (right), the buttons' titles.
        guard let atlas = try atlas(points: S.textSize, scale: scale) else { return clip }
        first = batch.vertexCount
        let left = Float(f.minX + S.padding) * scale
        let right = Float(f.maxX - S.padding) * scale
        atlas.layout(panel.title, x: left, baseline: px(panel.titleBaseline), color: S.title, into: batch)
        i = 0
        while i < panel.sliders.count {
            let s = panel.sliders[i]
            guard shows(s.baseline - S.baselineOffset, s.baseline - S.baselineOffset + S.rowHeight) else {
                i += 1
                continue
            }
            let baseline = px(s.baseline)
            atlas.layout(s.name, x: left, baseline: baseline, color: S.label, into: batch)
            atlas.layout(s.valueText, x: right - atlas.measure(s.valueText), baseline: baseline, color: S.value, into: batch)
            i += 1
        }
        i = 0
        while i < panel.buttons.count {
            let b = panel.buttons[i]
            let title = b.kind.title
            let x = Float(b.frame.minX + b.frame.width / 2) * scale - atlas.measure(title) / 2
            let baseline = Float(b.frame.minY + b.frame.height / 2) * scale + (atlas.ascender - atlas.descender) / 2
            atlas.layout(title, x: x, baseline: baseline, color: S.buttonText, into: batch)
            i += 1
        }
        addRun(from: first, texture: atlas.texture, tint: .white)
        return clip
    }

    /// A plain rectangle in pixels.
    func rect(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, color: Color) {
        batch.quad(x0: x0, y0: y0, x1: x1, y1: y1, u0: 0.5, v0: 0.5, u1: 0.5, v1: 0.5, color: color)
    }

    /// A disc of `radius` pixels centred at (x, y).
    func circle(x: Float, y: Float, radius: Float, color: Color) {
        batch.quad(x0: x - radius, y0: y - radius, x1: x + radius, y1: y + radius, u0: 0, v0: 0, u1: 1, v1: 1, color: color)
    }

    /// A rectangle in pixels with corners of `radius` pixels: nine slices of the disc, the corners
    /// its quarters and the rest its middle.
    func roundedRect(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, radius: Float, color: Color) {
        let r = min(radius, (x1 - x0) / 2, (y1 - y0) / 2)
        guard r >= 0.5 else { return rect(x0, y0, x1, y1, color: color) }
        func edge(_ k: Int, _ lo: Float, _ hi: Float) -> (Float, Float) {
            switch k {
            case 0: (lo, 0)
            case 1: (lo + r, 0.5)
            case 2: (hi - r, 0.5)
            default: (hi, 1)
            }
        }
        var row = 0
        while row < 3 {
            let (ya, va) = edge(row, y0, y1)
            let (yb, vb) = edge(row + 1, y0, y1)
            var column = 0
            while column < 3 {
                let (xa, ua) = edge(column, x0, x1)
                let (xb, ub) = edge(column + 1, x0, x1)
                if xb > xa && yb > ya {
                    batch.quad(x0: xa, y0: ya, x1: xb, y1: yb, u0: ua, v0: va, u1: ub, v1: vb, color: color)
                }
                column += 1
            }
            row += 1
        }
    }

    /// The white disc, premultiplied, anti-aliased over one texel at its rim; uploaded on first use.
    func disc() -> GLuint {
        if discTexture != 0 { return discTexture }
        let n = Self.discSize
        let radius = Float(n) / 2
        var pixels = [UInt8](repeating: 0, count: n * n * 4)
        for y in 0..<n {
            for x in 0..<n {
                let dx = Float(x) + 0.5 - radius
                let dy = Float(y) + 0.5 - radius
                let coverage = min(max(radius - (dx * dx + dy * dy).squareRoot(), 0), 1)
                let v = UInt8((coverage * 255).rounded())
                let o = (y * n + x) * 4
                pixels[o] = v; pixels[o + 1] = v; pixels[o + 2] = v; pixels[o + 3] = v
            }
        }
        discTexture = Textures.upload(Image(width: n, height: n, pixels: pixels), mipmaps: true)
        return discTexture
    }
}
