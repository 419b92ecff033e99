@preconcurrency import CEpoxy
@preconcurrency import CFreeType
import Foundation
import GlintCore

/// How much of each pixel of a rect of the target a shape covers: 0 … 255, rows from the top.
public struct CoverageMask: Sendable {
    /// The rect's top-left in the target's pixels.
    public var x = 0
    public var y = 0
    public var width = 0
    public var height = 0
    /// `width · height` bytes.
    public var alpha: [UInt8] = []

    public init() {}

    /// The coverage at (`x`, `y`) of the target (0 outside the rect).
    public func coverage(atX px: Int, y py: Int) -> UInt8 {
        guard px >= x, py >= y, px < x + width, py < y + height else { return 0 }
        return alpha[(py - y) * width + (px - x)]
    }
}

/// Turns paths into coverage masks with FreeType's own anti-aliasing rasteriser (exact area
/// coverage, the one that draws its glyphs) and its stroker (caps, joins, miter limits); dashes
/// are cut here. Its buffers are kept, so masks of a steady frame allocate nothing.
public final class PathRasterizer {
    private var library: FT_Library?
    private var stroker: FT_Stroker?
    private var points: [FT_Vector] = []
    /// The path being drawn with its curves flattened, its storage kept.
    private var flat = Path()
    private var tags: [CChar] = []
    private var contours: [Int16] = []
    /// Where the path's pixels go: its mask's origin, and the mask's height (FreeType's y is up).
    private var originX = 0.0, originY = 0.0, flipHeight = 0.0, scale = 1.0, offsetX = 0.0, offsetY = 0.0

    /// FreeType's outlines hold at most this many points.
    static let maxPoints = 32_000
    /// Coordinates are clamped to this many pixels from the origin (26.6 fixed point holds 2^25).
    static let maxCoordinate = 1_000_000.0

    public init() throws(RenderError) {
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { throw .image("FreeType could not start") }
        library = lib
        var s: FT_Stroker?
        guard FT_Stroker_New(lib, &s) == 0 else { throw .image("FreeType's stroker could not start") }
        stroker = s
        points.reserveCapacity(Self.warmPoints * 4)
        tags.reserveCapacity(Self.warmPoints * 4)
        contours.reserveCapacity(64)
        flat.reserveCapacity(Self.warmPoints)
        // Stroke a many-sided polygon once, so FreeType's stroker grows its buffers now and not
        // in the middle of an animation (it keeps them across strokes).
        var warm = Path()
        warm.reserveCapacity(Self.warmPoints)
        for i in 0..<Self.warmPoints {
            let a = Double(i) / Double(Self.warmPoints) * 2 * Double.pi
            let p = CGPoint(x: 100 + 90 * cos(a), y: 100 + 90 * sin(a))
            if i == 0 { warm.move(to: p) } else { warm.addLine(to: p) }
        }
        var mask = CoverageMask()
        stroke(warm, style: StrokeStyle(lineWidth: 2, lineCap: .round, lineJoin: .round), scale: 1, origin: .zero,
               clipWidth: 200, clipHeight: 200, into: &mask)
    }

    /// Points a path may have before drawing it grows any buffer.
    public static let warmPoints = 2048

    deinit {
        if let stroker { FT_Stroker_Done(stroker) }
        if let library { FT_Done_FreeType(library) }
    }

    /// Fills `path` (points, y down) placed at `p · scale + origin` pixels into `mask`, clipped to
    /// `0..<clipWidth × 0..<clipHeight`; non-zero winding, or even-odd.
    public func fill(_ path: Path, style: FillStyle, scale: Double, origin: CGPoint, clipWidth: Int, clipHeight: Int,
                     into mask: inout CoverageMask) {
        guard prepareMask(path, outset: 1, scale: scale, origin: origin, clipWidth: clipWidth, clipHeight: clipHeight, into: &mask) else { return }
        resetOutline()
        // Curves as fine polylines: FreeType's own flattening strays by a tenth of a pixel.
        path.flattened(density: scale, into: &flat)
        addOutline(flat)
        render(into: &mask, evenOdd: style.isEOFilled)
    }

    /// Strokes `path` with `style` (its width in points) into `mask`, placed and clipped as `fill`.
    public func stroke(_ path: Path, style: StrokeStyle, scale: Double, origin: CGPoint, clipWidth: Int, clipHeight: Int,
                       into mask: inout CoverageMask) {
        let width = Double(style.lineWidth)
        guard width.isFinite, width > 0 else { mask.width = 0; mask.height = 0; return }
        let radius = width * scale / 2
        let joinReach = style.lineJoin == .miter ? max(Double(style.miterLimit), 1) : 1
        let capReach = style.lineCap == .square ? 1.5 : 1
        let outset = radius * max(joinReach, capReach) + 2
        guard prepareMask(path, outset: outset, scale: scale, origin: origin, clipWidth: clipWidth, clipHeight: clipHeight, into: &mask),
              let stroker else { return }
        let cap: FT_Stroker_LineCap
        switch style.lineCap {
        case .butt: cap = FT_STROKER_LINECAP_BUTT
        case .round: cap = FT_STROKER_LINECAP_ROUND
        case .square: cap = FT_STROKER_LINECAP_SQUARE
        }
        let join: FT_Stroker_LineJoin
        switch style.lineJoin {
        case .miter: join = FT_STROKER_LINEJOIN_MITER_FIXED  // PostScript's: past the limit, a bevel
        case .round: join = FT_STROKER_LINEJOIN_ROUND
        case .bevel: join = FT_STROKER_LINEJOIN_BEVEL
        }
        let limit = min(max(Double(style.miterLimit), 1), 1000)
        FT_Stroker_Set(stroker, FT_Fixed(radius * 64), cap, join, FT_Fixed(limit * 65536))
        FT_Stroker_Rewind(stroker)
        if style.dash.contains(where: { $0 > 0 && $0.isFinite }) && style.dash.allSatisfy({ $0 >= 0 && $0.isFinite }) {
            strokeDashed(path, style: style, stroker: stroker)
        } else {
            path.flattened(density: scale, into: &flat)
            strokeSolid(flat, stroker: stroker)
        }
        var pointCount: FT_UInt = 0, contourCount: FT_UInt = 0
        guard FT_Stroker_GetCounts(stroker, &pointCount, &contourCount) == 0,
              Int(pointCount) <= Self.maxPoints, Int(contourCount) <= Self.maxPoints else {
            mask.width = 0; mask.height = 0
            return
        }
        resetOutline()
        let n = Int(pointCount), c = Int(contourCount)
        points.appendZeroed(n)
        tags.appendZeroed(n)
        contours.appendZeroed(c)
        points.withUnsafeMutableBufferPointer { p in
            tags.withUnsafeMutableBufferPointer { t in
                contours.withUnsafeMutableBufferPointer { k in
                    var outline = FT_Outline()
                    outline.points = p.baseAddress
                    outline.tags = t.baseAddress
                    outline.contours = k.baseAddress
                    outline.n_points = 0
                    outline.n_contours = 0
                    FT_Stroker_Export(stroker, &outline)
                }
            }
        }
        render(into: &mask, evenOdd: false)
    }

    // MARK: Private

    /// Sizes `mask` to the path's bounds grown by `outset` pixels, clipped; false when empty.
    private func prepareMask(_ path: Path, outset: Double, scale: Double, origin: CGPoint, clipWidth: Int, clipHeight: Int,
                             into mask: inout CoverageMask) -> Bool {
        mask.width = 0
        mask.height = 0
        let bounds = path.boundingRect
        guard !bounds.isNull, path.isFinite, bounds.minX.isFinite, bounds.minY.isFinite, bounds.maxX.isFinite, bounds.maxY.isFinite,
              scale.isFinite, scale > 0, origin.x.isFinite, origin.y.isFinite, clipWidth > 0, clipHeight > 0 else { return false }
        let x0 = max(0, Int((bounds.minX * scale + origin.x - outset).rounded(.down)))
        let y0 = max(0, Int((bounds.minY * scale + origin.y - outset).rounded(.down)))
        let x1 = min(clipWidth, Int(min((bounds.maxX * scale + origin.x + outset).rounded(.up), Double(clipWidth))))
        let y1 = min(clipHeight, Int(min((bounds.maxY * scale + origin.y + outset).rounded(.up), Double(clipHeight))))
        guard x1 > x0, y1 > y0 else { return false }
        mask.x = x0
        mask.y = y0
        mask.width = x1 - x0
        mask.height = y1 - y0
        let count = mask.width * mask.height
        mask.alpha.resetZeroed(count: count)
        self.scale = scale
        offsetX = Double(origin.x)
        offsetY = Double(origin.y)
        originX = Double(x0)
        originY = Double(y0)
        flipHeight = Double(mask.height)
        return true
    }

    /// `p` (points) as FreeType's 26.6 coordinates in the mask, y up.
    private func vector(_ p: CGPoint) -> FT_Vector {
        let px = min(max(p.x * scale + offsetX - originX, -Self.maxCoordinate), Self.maxCoordinate)
        let py = min(max(flipHeight - (p.y * scale + offsetY - originY), -Self.maxCoordinate), Self.maxCoordinate)
        return FT_Vector(x: FT_Pos((px * 64).rounded()), y: FT_Pos((py * 64).rounded()))
    }

    private func resetOutline() {
        points.removeAll(keepingCapacity: true)
        tags.removeAll(keepingCapacity: true)
        contours.removeAll(keepingCapacity: true)
    }

    private func point(_ p: CGPoint, _ tag: Int32) {
        points.append(vector(p))
        tags.append(CChar(tag))
    }

    private func endContour() {
        guard let last = points.indices.last else { return }
        let start = contours.last.map { Int($0) + 1 } ?? 0
        if last >= start { contours.append(Int16(clamping: last)) }
    }

    /// The path as FreeType contours (every subpath closed, as filling does).
    private func addOutline(_ path: Path) {
        var open = false
        for element in path.elements {
            switch element {
            case .move(let p):
                if open { endContour() }
                point(p, FT_CURVE_TAG_ON)
                open = true
            case .line(let p):
                point(p, FT_CURVE_TAG_ON)
            case .quadCurve(let p, let c):
                point(c, FT_CURVE_TAG_CONIC)
                point(p, FT_CURVE_TAG_ON)
            case .curve(let p, let c1, let c2):
                point(c1, FT_CURVE_TAG_CUBIC)
                point(c2, FT_CURVE_TAG_CUBIC)
                point(p, FT_CURVE_TAG_ON)
            case .closeSubpath:
                if open { endContour() }
                open = false
            }
            if points.count > Self.maxPoints { break }
        }
        if open { endContour() }
    }

    /// Renders the outline in the buffers into `mask` with FreeType's anti-aliasing rasteriser.
    private func render(into mask: inout CoverageMask, evenOdd: Bool) {
        guard !points.isEmpty, !contours.isEmpty, points.count <= Self.maxPoints, let library else { return }
        let (w, h) = (mask.width, mask.height)
        points.withUnsafeMutableBufferPointer { p in
            tags.withUnsafeMutableBufferPointer { t in
                contours.withUnsafeMutableBufferPointer { k in
                    mask.alpha.withUnsafeMutableBufferPointer { a in
                        var outline = FT_Outline()
                        outline.points = p.baseAddress
                        outline.tags = t.baseAddress
                        outline.contours = k.baseAddress
                        outline.n_points = Int16(p.count)
                        outline.n_contours = Int16(k.count)
                        outline.flags = evenOdd ? FT_OUTLINE_EVEN_ODD_FILL : 0
                        var bitmap = FT_Bitmap()
                        bitmap.rows = UInt32(h)
                        bitmap.width = UInt32(w)
                        bitmap.pitch = Int32(w)
                        bitmap.buffer = a.baseAddress
                        bitmap.num_grays = 256
                        bitmap.pixel_mode = UInt8(FT_PIXEL_MODE_GRAY.rawValue)
                        _ = FT_Outline_Get_Bitmap(library, &outline, &bitmap)
                    }
                }
            }
        }
    }

    /// Each subpath of a flattened path (moves, lines, closes) to the stroker, open or closed as
    /// it is. Points that fall on the same 1/64 pixel are given once: FreeType's stroker misbehaves
    /// on zero-length segments (a trim to almost nothing made one and crashed it).
    private func strokeSolid(_ path: Path, stroker: FT_Stroker) {
        let elements = path.elements
        var begun = false
        var closed = false
        var start = FT_Vector(x: 0, y: 0), last = FT_Vector(x: 0, y: 0)
        func finish() {
            if begun { FT_Stroker_EndSubPath(stroker) }
            begun = false
        }
        var i = 0
        while i < elements.count {
            switch elements[i] {
            case .move(let p):
                finish()
                start = vector(p)
                last = start
                // Closed when a close comes before the next move.
                closed = false
                var j = i + 1
                scan: while j < elements.count {
                    switch elements[j] {
                    case .closeSubpath: closed = true; break scan
                    case .move: break scan
                    default: j += 1
                    }
                }
            case .line(let p), .quadCurve(let p, _), .curve(let p, _, _):
                var v = vector(p)
                if v.x == last.x && v.y == last.y { break }
                if !begun {
                    FT_Stroker_BeginSubPath(stroker, &start, closed ? 0 : 1)
                    begun = true
                }
                FT_Stroker_LineTo(stroker, &v)
                last = v
            case .closeSubpath:
                finish()
                last = start
            }
            i += 1
        }
        finish()
    }

    /// The path cut into dashes (each an open subpath of straight pieces) to the stroker.
    private func strokeDashed(_ path: Path, style: StrokeStyle, stroker: FT_Stroker) {
        let dash = style.dash
        let period = dash.reduce(0) { $0 + Double($1) }
        guard period > 0 else { strokeSolid(path, stroker: stroker); return }
        var index = 0
        var left = Double(dash[0])
        var on = true
        var inDash = false
        func restart() {
            // The pattern starts afresh (at the phase) on every subpath, as Core Graphics does.
            var phase = Double(style.dashPhase).truncatingRemainder(dividingBy: period)
            if phase < 0 { phase += period }
            index = 0
            on = true
            left = Double(dash[0])
            while phase > 0 {
                if phase < left { left -= phase; phase = 0 } else {
                    phase -= left
                    index = (index + 1) % dash.count
                    on.toggle()
                    left = Double(dash[index])
                }
            }
        }
        restart()
        path.forEachSegment { p, q, startsSubpath in
            if startsSubpath {
                if inDash { FT_Stroker_EndSubPath(stroker); inDash = false }
                restart()
            }
            let length = ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()
            var done = 0.0
            var guardSteps = 0
            while done < length && guardSteps < 100_000 {
                guardSteps += 1
                let step = min(left, length - done)
                let a = done / length, b = (done + step) / length
                let pa = CGPoint(x: p.x + (q.x - p.x) * a, y: p.y + (q.y - p.y) * a)
                let pb = CGPoint(x: p.x + (q.x - p.x) * b, y: p.y + (q.y - p.y) * b)
                let same = vector(pa).x == vector(pb).x && vector(pa).y == vector(pb).y
                if on && !same {
                    if !inDash {
                        var v = vector(pa)
                        FT_Stroker_BeginSubPath(stroker, &v, 1)
                        inDash = true
                    }
                    var v = vector(pb)
                    FT_Stroker_LineTo(stroker, &v)
                }
                done += step
                left -= step
                if left <= 1e-9 {
                    if on && inDash { FT_Stroker_EndSubPath(stroker); inDash = false }
                    index = (index + 1) % dash.count
                    on.toggle()
                    left = Double(dash[index])
                }
            }
        }
        if inDash { FT_Stroker_EndSubPath(stroker) }
    }
}

/// Coverage masks of one frame, packed into one texture uploaded once, drawn as coloured quads
/// (premultiplied colour × coverage). Rebuilt every frame; its storage is kept.
public final class ShapeBatch {
    private let batch: SpriteBatch
    private var texture: GLuint = 0
    private var atlasWidth = 0
    private var atlasHeight = 0
    /// The frame's atlas in memory, one coverage byte a pixel (read as premultiplied white: the
    /// texture's swizzle puts the byte in every channel).
    private var pixels: [UInt8] = []
    /// Shelf packing: the current shelf's top, height and next free x.
    private var shelfY = 0, shelfHeight = 0, cursorX = 0
    /// Per item: where its mask sits in the atlas and in the target.
    private var items: [(ax: Int, ay: Int, x: Int, y: Int, w: Int, h: Int, color: GlintCore.Color)] = []
    private let context: GLContext

    /// The atlas's width in pixels (masks wider than this are cut to it).
    static let atlasWidth = 2048

    /// A batch whose sprite shader comes from `sources` (a `--shaders` folder first).
    public init(sources: ShaderSources = ShaderSources()) throws(RenderError) {
        context = try GLContext.requireCurrent(for: "the shape batch")
        batch = try SpriteBatch(sources: sources)
        var t: GLuint = 0
        epoxy_glGenTextures(1, &t)
        texture = t
    }

    deinit {
        context.perform {
            var t = texture
            epoxy_glDeleteTextures(1, &t)
        }
    }

    /// How many masks the frame holds.
    public var count: Int { items.count }

    /// Starts a frame.
    public func begin() {
        items.removeAll(keepingCapacity: true)
        shelfY = 0
        shelfHeight = 0
        cursorX = 0
    }

    /// Adds `mask` drawn in `color`; returns its index.
    @discardableResult
    public func add(_ mask: CoverageMask, color: GlintCore.Color) -> Int {
        let w = min(mask.width, Self.atlasWidth), h = mask.height
        guard w > 0, h > 0 else {
            items.append((0, 0, mask.x, mask.y, 0, 0, color))
            return items.count - 1
        }
        if cursorX + w + 1 > Self.atlasWidth {
            shelfY += shelfHeight + 1
            shelfHeight = 0
            cursorX = 0
        }
        let ax = cursorX, ay = shelfY
        cursorX += w + 1
        shelfHeight = max(shelfHeight, h)
        // Grown in steps of 256 rows, as the texture is: an animated shape growing a row at a time
        // does not reallocate every frame.
        let needed = (ay + h + 255) / 256 * 256 * Self.atlasWidth
        if pixels.count < needed { pixels.appendZeroed(needed - pixels.count) }
        // One coverage byte a pixel, a row at a time (fast in every build).
        mask.alpha.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                for row in 0..<h {
                    (dst.baseAddress! + (ay + row) * Self.atlasWidth + ax).update(from: src.baseAddress! + row * mask.width, count: w)
                }
            }
        }
        items.append((ax, ay, mask.x, mask.y, w, h, color))
        return items.count - 1
    }

    /// Uploads the frame's atlas (one texture upload) and its quads (one buffer upload).
    public func upload() {
        batch.begin()
        let used = shelfY + shelfHeight
        guard used > 0 else { return }
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        if atlasWidth != Self.atlasWidth || atlasHeight < used {
            // Grown in steps of 256 rows, so its storage changes rarely.
            atlasWidth = Self.atlasWidth
            atlasHeight = (used + 255) / 256 * 256
            epoxy_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_R8, GLsizei(atlasWidth), GLsizei(atlasHeight), 0,
                               GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), nil)
            Textures.coverageSwizzle()
            epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
            epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
            epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
            epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        }
        epoxy_glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        pixels.withUnsafeBytes {
            epoxy_glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(atlasWidth), GLsizei(used),
                                  GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
        let aw = Float(atlasWidth), ah = Float(atlasHeight)
        for item in items {
            let x0 = Float(item.x), y0 = Float(item.y), x1 = Float(item.x + item.w), y1 = Float(item.y + item.h)
            batch.quad(x0: x0, y0: y0, x1: x1, y1: y1,
                       u0: Float(item.ax) / aw, v0: Float(item.ay) / ah, u1: Float(item.ax + item.w) / aw, v1: Float(item.ay + item.h) / ah,
                       color: item.color)
        }
        batch.upload()
    }

    /// Draws items `range` over `target` (bound), blended premultiplied.
    public func draw(_ range: Range<Int>, into target: Framebuffer) {
        batch.drawQuads(range, texture: texture, into: target)
    }

    /// Multiplies what `target` holds by item `item`'s coverage (a clip).
    public func multiply(_ item: Int, into target: Framebuffer) {
        target.bind()
        epoxy_glViewport(0, 0, GLsizei(target.pixelWidth), GLsizei(target.pixelHeight))
        batch.bindState(target: target)
        epoxy_glBlendFunc(GLenum(GL_ZERO), GLenum(GL_SRC_ALPHA))
        batch.draw(first: item * 6, count: 6, texture: texture, tint: .white)
        epoxy_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        batch.unbindState()
    }
}
