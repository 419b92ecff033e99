@preconcurrency import CEpoxy
@preconcurrency import CFreeType
import Foundation
import GlintCore

/// Printable ASCII glyphs rasterised once by FreeType at one pixel size into a texture; drawing
/// a string then only lays out quads, so it allocates nothing.
final class GlyphAtlas {
    struct Glyph {
        var u0: Float, v0: Float, u1: Float, v1: Float
        var width: Float, height: Float
        var left: Float, top: Float
        var advance: Float
    }

    static let firstCharacter: UInt8 = 32
    static let lastCharacter: UInt8 = 126

    let texture: GLuint
    let pixelSize: Int
    /// Distance from the baseline to the top of the tallest glyphs, in pixels.
    let ascender: Float
    /// Distance from the baseline to the bottom of the lowest glyphs, in pixels (positive).
    let descender: Float
    private var glyphs: [Glyph]
    private let context: GLContext

    /// Rasterises `fontPath` at `pixelSize` pixels per em.
    init(fontPath: String, pixelSize: Int) throws(RenderError) {
        context = try GLContext.requireCurrent(for: "the glyph atlas")
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw .image("FreeType could not start") }
        defer { FT_Done_FreeType(library) }
        var faceOut: FT_Face?
        guard FT_New_Face(library, fontPath, 0, &faceOut) == 0, let face = faceOut else {
            throw .image("cannot load the font '\(fontPath)'")
        }
        defer { FT_Done_Face(face) }
        FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixelSize))
        self.pixelSize = pixelSize
        let metrics = face.pointee.size.pointee.metrics
        ascender = Float(metrics.ascender) / 64
        descender = -Float(metrics.descender) / 64

        // Shelf-pack the glyphs into a square-ish atlas, one pixel of padding around each.
        let cell = pixelSize * 2
        let columns = 16
        let count = Int(Self.lastCharacter - Self.firstCharacter) + 1
        let rows = (count + columns - 1) / columns
        let atlasWidth = columns * cell
        let atlasHeight = rows * cell
        var pixels = [UInt8](repeating: 0, count: atlasWidth * atlasHeight * 4)
        var made: [Glyph] = []
        for (index, code) in (Self.firstCharacter...Self.lastCharacter).enumerated() {
            guard FT_Load_Char(face, FT_ULong(code), FT_Int32(FT_LOAD_RENDER)) == 0 else {
                made.append(Glyph(u0: 0, v0: 0, u1: 0, v1: 0, width: 0, height: 0, left: 0, top: 0, advance: Float(pixelSize) / 2))
                continue
            }
            let slot = face.pointee.glyph!.pointee
            let bitmap = slot.bitmap
            let w = min(Int(bitmap.width), cell - 2)
            let h = min(Int(bitmap.rows), cell - 2)
            let ox = (index % columns) * cell + 1
            let oy = (index / columns) * cell + 1
            if let buffer = bitmap.buffer {
                for y in 0..<h {
                    for x in 0..<w {
                        let coverage = buffer[y * Int(bitmap.pitch) + x]
                        let o = ((oy + y) * atlasWidth + ox + x) * 4
                        // White, premultiplied: every channel is the coverage.
                        pixels[o] = coverage; pixels[o + 1] = coverage; pixels[o + 2] = coverage; pixels[o + 3] = coverage
                    }
                }
            }
            made.append(Glyph(
                u0: Float(ox) / Float(atlasWidth), v0: Float(oy) / Float(atlasHeight),
                u1: Float(ox + w) / Float(atlasWidth), v1: Float(oy + h) / Float(atlasHeight),
                width: Float(w), height: Float(h),
                left: Float(slot.bitmap_left), top: Float(slot.bitmap_top),
                advance: Float(slot.advance.x) / 64
            ))
        }
        glyphs = made
        texture = Textures.upload(Image(width: atlasWidth, height: atlasHeight, pixels: pixels))
    }

    deinit {
        context.perform {
            var t = texture
            epoxy_glDeleteTextures(1, &t)
        }
    }

    /// The width of `text` in pixels.
    func measure(_ text: String) -> Float {
        measure(text[...])
    }

    /// The width of part of a text in pixels (a line of the HUD: no copy is made).
    func measure(_ text: Substring) -> Float {
        var width: Float = 0
        for byte in text.utf8 { width += glyph(byte).advance }
        return width
    }

    /// Lays out `text` with its baseline starting at (x, y) pixels into `batch`, in `color`.
    func layout(_ text: String, x: Float, baseline y: Float, color: Color = .white, into batch: SpriteBatch) {
        layout(text[...], x: x, baseline: y, color: color, into: batch)
    }

    /// Lays out part of a text with its baseline starting at (x, y) pixels into `batch`, in `color`.
    func layout(_ text: Substring, x: Float, baseline y: Float, color: Color = .white, into batch: SpriteBatch) {
        var pen = x.rounded()
        let base = y.rounded()
        for byte in text.utf8 {
            let g = glyph(byte)
            if g.width > 0 {
                let x0 = pen + g.left
                let y0 = base - g.top
                batch.quad(x0: x0, y0: y0, x1: x0 + g.width, y1: y0 + g.height, u0: g.u0, v0: g.v0, u1: g.u1, v1: g.v1, color: color)
            }
            pen += g.advance
        }
    }

    private func glyph(_ byte: UInt8) -> Glyph {
        let code = (Self.firstCharacter...Self.lastCharacter).contains(byte) ? byte : UInt8(ascii: "?")
        return glyphs[Int(code - Self.firstCharacter)]
    }
}

/// Finds a system font: `GLINT_FONT` if set, else the first of the usual Debian fonts present.
public enum SystemFont {
    public static let candidates = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
        "/usr/share/fonts/truetype/freefont/FreeSansBold.ttf",
        "/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf",
    ]

    /// The font file to use, or nil when none is installed.
    public static func path() -> String? {
        if let env = ProcessInfo.processInfo.environment["GLINT_FONT"], FileManager.default.fileExists(atPath: env) {
            return env
        }
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }
}
