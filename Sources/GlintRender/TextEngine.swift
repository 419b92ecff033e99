@preconcurrency import CEpoxy
@preconcurrency import CFreeType
import Foundation
import GlintCore

/// How heavy a font's strokes are.
public enum FontWeight: Int, Sendable, Hashable, Comparable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
    public static func < (a: FontWeight, b: FontWeight) -> Bool { a.rawValue < b.rawValue }
}

/// A font family's style.
public enum FontDesign: Sendable, Hashable {
    case `default`, serif, rounded, monospaced
    /// The icon font `Image(systemName:)` draws from (`SystemFont.symbolsPath`); where it is not
    /// installed, the default face, whose '?' stands for each icon.
    case symbols
}

/// A font as the text engine takes it: a size in points, a weight, a design, upright or slanted.
public struct FontSpec: Hashable, Sendable {
    public var size: Double
    public var weight: FontWeight
    public var design: FontDesign
    public var italic: Bool

    public init(size: Double = 17, weight: FontWeight = .regular, design: FontDesign = .default, italic: Bool = false) {
        self.size = size
        self.weight = weight
        self.design = design
        self.italic = italic
    }
}

/// How the lines of a text line up.
public enum TextAlignment: Sendable, Hashable {
    case leading, center, trailing
}

/// Which glyph, of which face, at which pixel size.
public struct GlyphKey: Hashable, Sendable {
    var face: Int32
    var pixelSize: Int32
    var glyph: UInt32
}

/// A glyph placed in a target: its bitmap's top-left in pixels, and its colour.
public struct PlacedGlyph: Sendable {
    public var x: Float
    public var y: Float
    public var key: GlyphKey
    public var color: GlintCore.Color
}

/// Measures and lays out text with FreeType: the system faces (DejaVu on Debian) by design,
/// weight and slant, hinted at the pixel size of the scale drawn at, so what is measured is what
/// is drawn and glyphs sit on whole pixels. Metrics are cached per face, size and character:
/// measuring the same text again allocates nothing.
public final class TextEngine: @unchecked Sendable {
    /// One engine serves every view renderer of the process (and `ImageRenderer`s on any thread):
    /// FreeType's faces and these caches are used by one caller at a time.
    private let lock = NSLock()
    private var library: FT_Library?
    /// The faces opened, by file; each with its sizes.
    private var faces: [FT_Face] = []
    private var facePaths: [String] = []
    private var synthetic: [Bool] = []
    /// How much each face's strokes are thickened (negative: thinned), in ems: the icon font has
    /// one weight, so its heavier and lighter ones are made.
    private var boldness: [Double] = []
    private var sizes: [SizeKey: FT_Size] = [:]
    private var metrics: [MetricKey: GlyphMetrics] = [:]
    private var lineMetrics: [SizeKey: (ascender: Int, lineHeight: Int)] = [:]
    private var faceForSpec: [FaceChoice: Int32] = [:]

    private struct SizeKey: Hashable { var face: Int32; var pixels: Int32 }
    private struct MetricKey: Hashable { var face: Int32; var pixels: Int32; var scalar: UInt32 }
    private struct FaceChoice: Hashable {
        var design: FontDesign; var bold: Bool; var italic: Bool; var light: Bool
        /// The icon font's weight, each made from its one (nil for text, whose weights are files).
        var symbolWeight: FontWeight? = nil
    }
    struct GlyphMetrics {
        var glyph: UInt32
        var advance: Int  // pixels, hinted
        var hasInk: Bool
    }

    /// Where the system fonts are.
    static let fontFolder = "/usr/share/fonts/truetype/dejavu/"

    public init() throws(RenderError) {
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { throw .image("FreeType could not start") }
        library = lib
        // The default face must exist: without it nothing can be drawn.
        guard let regular = SystemFont.regularPath() else {
            throw .image("no font to draw text with: install fonts-dejavu-core, or set GLINT_FONT to a TrueType file")
        }
        // A font named by GLINT_FONT must be one FreeType reads: said now, not by missing text later.
        if let env = ProcessInfo.processInfo.environment["GLINT_FONT"], env == regular {
            var face: FT_Face?
            guard FT_New_Face(lib, env, 0, &face) == 0, let face else {
                // The library is released by deinit, as every stored property is set.
                throw .image("GLINT_FONT '\(env)' is not a font FreeType can read; name a TrueType or OpenType file, or unset it")
            }
            FT_Done_Face(face)
        }
    }

    deinit {
        for (_, size) in sizes { FT_Done_Size(size) }
        for face in faces { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
    }

    // MARK: Measuring and laying out

    /// The size in points `text` takes in `font` when offered `maxWidth` points (nil: one line
    /// per paragraph): lines wrap at spaces, a word longer than a line is broken, "\n" starts a
    /// line. Measured at `scale` pixels per point.
    public func measure(_ text: String, font: FontSpec, maxWidth: Double?, options: TextLayoutOptions, scale: Double) -> Size {
        lock.lock()
        defer { lock.unlock() }
        guard let (face, pixels) = resolve(font, scale: scale) else { return .zero }
        let line = lineMetricsFor(face, pixels)
        var widest = 0
        var count = 0
        forEachLine(text, face: face, pixels: pixels, maxWidth: maxWidth.map { $0 * scale }, options: options,
                    scale: scale) { _, _, width in
            widest = max(widest, width)
            count += 1
        }
        count = max(count, 1)
        let height = Double(count * line.lineHeight) / scale + Double(count - 1) * options.lineSpacing
        return Size(width: Double(widest) / scale, height: height)
    }

    /// Lays `text` out in `rect` (points): lines wrapped to its width, aligned in it, the first
    /// line's top at its top; appends each inked glyph, in the target's pixels at `scale`.
    public func layout(_ text: String, font: FontSpec, in rect: Rect, options: TextLayoutOptions, color: GlintCore.Color,
                       runs: [TextColorRun] = [], opacity: Float = 1, scale: Double, into glyphs: inout [PlacedGlyph]) {
        lock.lock()
        defer { lock.unlock() }
        guard let (face, pixels) = resolve(font, scale: scale) else { return }
        let line = lineMetricsFor(face, pixels)
        let left = (rect.minX * scale).rounded(), width = rect.width * scale
        var baseline = (rect.minY * scale).rounded() + Double(line.ascender)
        let spacing = (options.lineSpacing * scale).rounded()
        let scalars = text.unicodeScalars
        let letters = Spacing(self, face, pixels, options, scale)
        forEachLine(text, face: face, pixels: pixels, maxWidth: width + 0.5, options: options,
                    scale: scale) { start, end, lineWidth in
            var x: Double
            switch options.alignment {
            case .leading: x = left
            case .center: x = left + ((width - Double(lineWidth)) / 2).rounded()
            case .trailing: x = left + (width - Double(lineWidth)).rounded()
            }
            var previous: UInt32?
            var i = start
            // Where the line starts in the text, in scalars: to find the colour of each part.
            var offset = runs.isEmpty ? 0 : scalars.distance(from: scalars.startIndex, to: start)
            var run = 0
            while i < end {
                let scalar = scalars[i].value
                var glyphColor = color
                if !runs.isEmpty {
                    while run < runs.count && runs[run].end <= offset { run += 1 }
                    if run < runs.count && runs[run].start <= offset {
                        glyphColor = runs[run].color
                        glyphColor.alpha *= opacity
                    }
                    offset += 1
                }
                let m = glyphMetrics(face, pixels, scalar)
                if let previous { x += Double(kerning(face, pixels, previous, m.glyph) + letters.tracking) }
                let advance = letters.advance(m, scalar)
                if m.hasInk {
                    let centring = Double((advance - m.advance) / 2)
                    glyphs.append(PlacedGlyph(x: Float(x + centring), y: Float(baseline), key: GlyphKey(face: face, pixelSize: pixels, glyph: m.glyph), color: glyphColor))
                }
                x += Double(advance)
                previous = m.glyph
                i = scalars.index(after: i)
            }
            baseline += Double(line.lineHeight) + spacing
        }
    }

    /// The lines of `text`: each as the scalars from `start` to `end` (trailing spaces left out)
    /// and its width in pixels. With `.betweenItems`, only runs of two or more spaces are
    /// places to break, and an item too wide for a line overflows it.
    private func forEachLine(_ text: String, face: Int32, pixels: Int32, maxWidth: Double?, options: TextLayoutOptions,
                             scale: Double,
                             _ body: (String.UnicodeScalarView.Index, String.UnicodeScalarView.Index, Int) -> Void) {
        let limit = options.lineLimit, breaks = options.lineBreaks
        let spacing = Spacing(self, face, pixels, options, scale)
        let scalars = text.unicodeScalars
        var lines = 0
        var lineStart = scalars.startIndex
        var i = lineStart
        var width = 0
        var previous: UInt32?
        // The last place the line may break: after a space, with the width before the space.
        var breakEnd = lineStart, breakWidth = 0, breakNext = lineStart, hasBreak = false
        var contentEnd = lineStart, contentWidth = 0
        var previousWasSpace = false
        func emit(_ end: String.UnicodeScalarView.Index, _ w: Int) -> Bool {
            if let limit, lines >= limit { return false }
            body(lineStart, end, w)
            lines += 1
            return true
        }
        while i < scalars.endIndex {
            let scalar = scalars[i]
            if scalar == "\n" {
                guard emit(contentEnd, contentWidth) else { return }
                i = scalars.index(after: i)
                lineStart = i; width = 0; previous = nil; hasBreak = false; contentEnd = i; contentWidth = 0
                previousWasSpace = false
                continue
            }
            let m = glyphMetrics(face, pixels, scalar.value)
            let kern = previous.map { kerning(face, pixels, $0, m.glyph) + spacing.tracking } ?? 0
            var isSpace = scalar == " " || scalar == "\t"
            if isSpace && breaks == .betweenItems {
                // A lone space is part of its item; a run of two or more separates items.
                let after = scalars.index(after: i)
                let nextIsSpace = after < scalars.endIndex && (scalars[after] == " " || scalars[after] == "\t")
                isSpace = previousWasSpace || nextIsSpace
            }
            previousWasSpace = isSpace
            let next = width + kern + spacing.advance(m, scalar.value)
            if let maxWidth, !isSpace, Double(next) > maxWidth, i > lineStart, contentWidth > 0,
               hasBreak || breaks == .atSpaces {
                if hasBreak {
                    guard emit(breakEnd, breakWidth) else { return }
                    i = breakNext
                } else {
                    guard emit(i, width) else { return }
                }
                // Spaces at the start of the new line are left out.
                while i < scalars.endIndex && (scalars[i] == " " || scalars[i] == "\t") { i = scalars.index(after: i) }
                lineStart = i; width = 0; previous = nil; hasBreak = false; contentEnd = i; contentWidth = 0
                previousWasSpace = false
                continue
            }
            width = next
            previous = m.glyph
            let after = scalars.index(after: i)
            if isSpace {
                if !hasBreak || breakNext != i {
                    breakEnd = contentEnd
                    breakWidth = contentWidth
                }
                breakNext = after
                hasBreak = true
            } else {
                contentEnd = after
                contentWidth = width
            }
            i = after
        }
        if lineStart < scalars.endIndex || lines == 0 {
            _ = emit(contentEnd, contentWidth)
        }
    }

    /// The tracking and digit widths of one layout, in pixels. Made with the lock held.
    private struct Spacing {
        let tracking: Int
        /// The widest digit's advance where digits are monospaced; 0 otherwise.
        let digitAdvance: Int

        init(_ engine: TextEngine, _ face: Int32, _ pixels: Int32, _ options: TextLayoutOptions, _ scale: Double) {
            let pixelsOfTracking = (options.tracking * scale).rounded()
            tracking = abs(pixelsOfTracking) < 1e6 ? Int(pixelsOfTracking) : 0
            var widest = 0
            if options.monospacedDigits {
                for digit in UInt32(48)...57 { widest = max(widest, engine.glyphMetrics(face, pixels, digit).advance) }
            }
            digitAdvance = widest
        }

        func advance(_ m: GlyphMetrics, _ scalar: UInt32) -> Int {
            digitAdvance > 0 && (48...57).contains(scalar) ? digitAdvance : m.advance
        }
    }

    // MARK: Faces, sizes, glyphs

    /// The face and pixel size for `font` at `scale`.
    private func resolve(_ font: FontSpec, scale: Double) -> (Int32, Int32)? {
        let size = font.size * scale
        guard size.isFinite, size > 0 else { return nil }
        let pixels = Int32(min(max(size.rounded(), 1), 1024))
        let choice = FaceChoice(design: font.design == .rounded ? .default : font.design, bold: font.weight >= .semibold,
                                italic: font.italic, light: font.weight <= .light,
                                symbolWeight: font.design == .symbols ? font.weight : nil)
        if let face = faceForSpec[choice] { return (face, pixels) }
        guard let (path, needsSlant) = SystemFont.file(for: choice.design, bold: choice.bold, italic: choice.italic, light: choice.light),
              let face = openFace(path, slanted: needsSlant, boldness: choice.design == .symbols ? Self.symbolBoldness(font.weight) : 0)
        else { return nil }
        faceForSpec[choice] = face
        return (face, pixels)
    }

    /// How much the icon font's strokes are thickened at `weight`, in ems. Its own strokes, 1/12
    /// em, stand for the regular weight; black makes them about 1.8 times as thick, ultralight half.
    static func symbolBoldness(_ weight: FontWeight) -> Double {
        switch weight {
        case .ultraLight: return -0.04
        case .thin: return -0.03
        case .light: return -0.015
        case .regular: return 0
        case .medium: return 0.012
        case .semibold: return 0.024
        case .bold: return 0.036
        case .heavy: return 0.05
        case .black: return 0.065
        }
    }

    private func openFace(_ path: String, slanted: Bool, boldness: Double = 0) -> Int32? {
        if let i = facePaths.indices.first(where: { facePaths[$0] == path && synthetic[$0] == slanted && self.boldness[$0] == boldness }) {
            return Int32(i)
        }
        var face: FT_Face?
        guard let library, FT_New_Face(library, path, 0, &face) == 0, let face else { return nil }
        faces.append(face)
        facePaths.append(path)
        synthetic.append(slanted)
        self.boldness.append(boldness)
        return Int32(faces.count - 1)
    }

    /// Makes `face`'s size of `pixels` the active one.
    private func activate(_ face: Int32, _ pixels: Int32) {
        let f = faces[Int(face)]
        let key = SizeKey(face: face, pixels: pixels)
        if let size = sizes[key] {
            FT_Activate_Size(size)
        } else {
            var size: FT_Size?
            FT_New_Size(f, &size)
            if let size {
                FT_Activate_Size(size)
                FT_Set_Pixel_Sizes(f, 0, FT_UInt(pixels))
                sizes[key] = size
            }
        }
        if synthetic[Int(face)] {
            // A slant of 12° for a face that has no italic of its own.
            var matrix = FT_Matrix(xx: 0x10000, xy: 0x3700, yx: 0, yy: 0x10000)
            FT_Set_Transform(f, &matrix, nil)
        }
    }

    private func lineMetricsFor(_ face: Int32, _ pixels: Int32) -> (ascender: Int, lineHeight: Int) {
        let key = SizeKey(face: face, pixels: pixels)
        if let known = lineMetrics[key] { return known }
        activate(face, pixels)
        let m = faces[Int(face)].pointee.size.pointee.metrics
        let value = (ascender: Int((Double(m.ascender) / 64).rounded(.up)), lineHeight: Int((Double(m.height) / 64).rounded()))
        lineMetrics[key] = value
        return value
    }

    /// The glyph index of `scalar` in `face` at `pixels`: for callers outside the engine, which
    /// share it with other threads' renderers (the caches and FreeType's face are used under the lock).
    func glyphIndex(_ face: Int32, _ pixels: Int32, _ scalar: UInt32) -> UInt32 {
        lock.lock()
        defer { lock.unlock() }
        return glyphMetrics(face, pixels, scalar).glyph
    }

    /// Called with the lock held.
    private func glyphMetrics(_ face: Int32, _ pixels: Int32, _ scalar: UInt32) -> GlyphMetrics {
        let key = MetricKey(face: face, pixels: pixels, scalar: scalar)
        if let known = metrics[key] { return known }
        activate(face, pixels)
        let f = faces[Int(face)]
        var index = FT_Get_Char_Index(f, FT_ULong(scalar))
        if index == 0 && scalar > 127 { index = FT_Get_Char_Index(f, FT_ULong(UInt32(UInt8(ascii: "?")))) }
        var value = GlyphMetrics(glyph: index, advance: 0, hasInk: false)
        if FT_Load_Glyph(f, index, FT_Int32(FT_LOAD_DEFAULT)) == 0, let slot = f.pointee.glyph {
            value.advance = Int((Double(slot.pointee.advance.x) / 64).rounded())
            value.hasInk = slot.pointee.metrics.width > 0 && slot.pointee.metrics.height > 0
        }
        metrics[key] = value
        return value
    }

    private func kerning(_ face: Int32, _ pixels: Int32, _ left: UInt32, _ right: UInt32) -> Int {
        let f = faces[Int(face)]
        guard f.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0 else { return 0 }
        activate(face, pixels)
        var delta = FT_Vector()
        guard FT_Get_Kerning(f, left, right, FT_KERNING_DEFAULT.rawValue, &delta) == 0 else { return 0 }
        return Int((Double(delta.x) / 64).rounded())
    }

    /// Renders glyph `key` and hands `body` its coverage (rows from the top), size and its
    /// bitmap's offset from the pen: left, and up from the baseline.
    func render(_ key: GlyphKey, _ body: (UnsafeBufferPointer<UInt8>, _ width: Int, _ rows: Int, _ pitch: Int, _ left: Int, _ top: Int) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        guard Int(key.face) < faces.count else { return }
        activate(key.face, key.pixelSize)
        let f = faces[Int(key.face)]
        let bold = boldness[Int(key.face)]
        guard FT_Load_Glyph(f, key.glyph, FT_Int32(bold == 0 ? FT_LOAD_RENDER : FT_LOAD_NO_BITMAP)) == 0, let slot = f.pointee.glyph else { return }
        if bold != 0 {
            // The outline widened (or narrowed) about its own centre, then rendered.
            FT_Outline_Embolden(&slot.pointee.outline, FT_Pos((bold * Double(key.pixelSize) * 64).rounded()))
            guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return }
        }
        let bitmap = slot.pointee.bitmap
        guard bitmap.width > 0, bitmap.rows > 0, let buffer = bitmap.buffer, bitmap.pitch > 0 else { return }
        body(UnsafeBufferPointer(start: buffer, count: Int(bitmap.rows) * Int(bitmap.pitch)), Int(bitmap.width), Int(bitmap.rows),
             Int(bitmap.pitch), Int(slot.pointee.bitmap_left), Int(slot.pointee.bitmap_top))
    }
}

extension SystemFont {
    /// The regular face of the default design: `GLINT_FONT` if set, else DejaVu Sans (or another
    /// usual Debian font).
    static func regularPath() -> String? {
        if let env = ProcessInfo.processInfo.environment["GLINT_FONT"], FileManager.default.fileExists(atPath: env) { return env }
        let candidates = [TextEngine.fontFolder + "DejaVuSans.ttf", "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
                          "/usr/share/fonts/truetype/freefont/FreeSans.ttf", "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf"]
        return candidates.first { FileManager.default.fileExists(atPath: $0) } ?? path()
    }

    /// The file for a design, weight and slant, and whether the slant must be made (no italic file).
    static func file(for design: FontDesign, bold: Bool, italic: Bool, light: Bool) -> (String, Bool)? {
        if design == .symbols { return (symbolsPath() ?? regularPath()).map { ($0, false) } }
        let family: String
        switch design {
        case .symbols: return nil
        case .serif: family = "DejaVuSerif"
        case .monospaced: family = "DejaVuSansMono"
        case .default, .rounded: family = "DejaVuSans"
        }
        let slant = design == .serif ? "Italic" : "Oblique"
        var names: [String] = []
        if bold && italic { names.append("\(family)-Bold\(slant)") }
        if bold { names.append("\(family)-Bold") }
        if italic && !bold { names.append("\(family)-\(slant)") }
        if light && design == .default && !italic { names.append("DejaVuSans-ExtraLight") }
        names.append(family)
        let env = ProcessInfo.processInfo.environment["GLINT_FONT"].flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil }
        if design == .default, !bold, let env { return (env, italic) }
        for name in names {
            let path = fontFolder + name + ".ttf"
            if FileManager.default.fileExists(atPath: path) {
                return (path, italic && !name.contains(slant))
            }
        }
        return regularPath().map { ($0, italic) }
    }

    static var fontFolder: String { TextEngine.fontFolder }

    /// The icon font symbols are drawn from: Material Icons (Apache-2.0), from Debian's
    /// fonts-material-design-icons-iconfont; nil when it is not installed.
    public static func symbolsPath() -> String? {
        FileManager.default.fileExists(atPath: symbolsFile) ? symbolsFile : nil
    }

    /// Where fonts-material-design-icons-iconfont puts the font.
    public static let symbolsFile = "/usr/share/fonts/truetype/material-design-icons-iconfont/MaterialIcons-Regular.ttf"
}

/// Draws placed glyphs from an atlas of their coverage: each glyph is rendered by FreeType and
/// uploaded the first time it is met; a frame's quads go up in one buffer upload.
public final class GlyphRenderer {
    private let engine: TextEngine
    private let batch: SpriteBatch
    private var texture: GLuint = 0
    private var slots: [GlyphKey: (x: Int, y: Int, w: Int, h: Int, left: Int, top: Int)] = [:]
    private var shelfY = 0, shelfHeight = 0, cursorX = 0
    private let context: GLContext

    /// The atlas's side in pixels; when it is full it is emptied and refilled with what is drawn.
    static let atlasSide = 2048

    /// Glyphs of `engine`, drawn with the sprite shader from `sources` (a `--shaders` folder first).
    public init(engine: TextEngine, sources: ShaderSources = ShaderSources()) throws(RenderError) {
        context = try GLContext.requireCurrent(for: "the glyph atlas")
        self.engine = engine
        batch = try SpriteBatch(sources: sources)
        var t: GLuint = 0
        epoxy_glGenTextures(1, &t)
        texture = t
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), t)
        epoxy_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_R8, GLsizei(Self.atlasSide), GLsizei(Self.atlasSide), 0,
                           GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), nil)
        Textures.coverageSwizzle()
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
    }

    deinit {
        context.perform {
            var t = texture
            epoxy_glDeleteTextures(1, &t)
        }
    }

    /// How many glyphs the atlas holds (for tests).
    public var glyphCount: Int { slots.count }

    /// Adds the glyphs the atlas lacks and uploads the frame's quads, one per placed glyph.
    public func upload(_ glyphs: [PlacedGlyph]) {
        batch.begin()
        guard !glyphs.isEmpty else { return }
        let side = Float(Self.atlasSide)
        for g in glyphs {
            guard let slot = slot(for: g.key) else {
                batch.quad(x0: 0, y0: 0, x1: 0, y1: 0, u0: 0, v0: 0, u1: 0, v1: 0, color: .clear)
                continue
            }
            let x0 = g.x + Float(slot.left), y0 = g.y - Float(slot.top)
            batch.quad(x0: x0, y0: y0, x1: x0 + Float(slot.w), y1: y0 + Float(slot.h),
                       u0: Float(slot.x) / side, v0: Float(slot.y) / side, u1: Float(slot.x + slot.w) / side, v1: Float(slot.y + slot.h) / side,
                       color: g.color)
        }
        batch.upload()
    }

    /// Draws placed glyphs `range` over `target`.
    public func draw(_ range: Range<Int>, into target: Framebuffer) {
        batch.drawQuads(range, texture: texture, into: target)
    }

    /// Where glyph `key` is in the atlas, rendered and uploaded the first time. The first glyph
    /// of a face at a size brings that size's printable ASCII with it, so a label that changes
    /// later ("Hold Anywhere!" to "Holding...") finds its glyphs ready: no rasterising, no
    /// allocation in that frame.
    private func slot(for key: GlyphKey) -> (x: Int, y: Int, w: Int, h: Int, left: Int, top: Int)? {
        if let known = slots[key] { return known }
        let size = (face: key.face, pixelSize: key.pixelSize)
        if !warmedSizes.contains(where: { $0 == size }) {
            warmedSizes.append(size)
            for scalar in UInt32(0x20)...UInt32(0x7E) {
                let glyph = engine.glyphIndex(key.face, key.pixelSize, scalar)
                let ascii = GlyphKey(face: key.face, pixelSize: key.pixelSize, glyph: glyph)
                if slots[ascii] == nil { _ = place(ascii) }
            }
            if let known = slots[key] { return known }
        }
        return place(key)
    }
    /// The faces and sizes whose printable ASCII is in the atlas.
    private var warmedSizes: [(face: Int32, pixelSize: Int32)] = []

    /// Renders glyph `key` into the atlas and records where.
    private func place(_ key: GlyphKey) -> (x: Int, y: Int, w: Int, h: Int, left: Int, top: Int)? {
        var made: (x: Int, y: Int, w: Int, h: Int, left: Int, top: Int)?
        engine.render(key) { buffer, w, h, pitch, left, top in
            guard w < Self.atlasSide, h < Self.atlasSide else { return }
            if cursorX + w + 1 > Self.atlasSide {
                shelfY += shelfHeight + 1
                shelfHeight = 0
                cursorX = 0
            }
            if shelfY + h > Self.atlasSide {
                // Full: start again (the glyphs still needed come back one by one).
                slots.removeAll(keepingCapacity: true)
                warmedSizes.removeAll(keepingCapacity: true)
                shelfY = 0; shelfHeight = 0; cursorX = 0
            }
            let x = cursorX, y = shelfY
            cursorX += w + 1
            shelfHeight = max(shelfHeight, h)
            // FreeType's rows straight into the atlas: one coverage byte a pixel, `pitch` apart.
            epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
            epoxy_glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
            epoxy_glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(pitch))
            epoxy_glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, GLint(x), GLint(y), GLsizei(w), GLsizei(h),
                                  GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), buffer.baseAddress)
            epoxy_glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
            made = (x, y, w, h, left, top)
        }
        if let made { slots[key] = made }
        return made
    }
}
