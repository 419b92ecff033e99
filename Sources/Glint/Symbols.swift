import Foundation
import GlintCore
import GlintRender
import Synchronization

extension Image {
    /// The symbol `systemName`, as SwiftUI's `Image(systemName:)`: an SF Symbols name drawn with
    /// the nearest glyph of Material Icons (Apache-2.0, Debian's fonts-material-design-icons-iconfont;
    /// no Apple artwork), from the table in SymbolTable.swift.
    ///
    /// A symbol is drawn as text is: in the font of the views around it (`.font`), a square
    /// 1.2 times the font's size (a line of text, as SF Symbols take), its strokes as heavy as
    /// the font's weight (`.fontWeight(.bold)` thickens them), in the foreground style
    /// (`.foregroundStyle`, `.foregroundColor`); `resizable()` fits it to the frame it is given.
    /// A name the table lacks draws a placeholder, a box holding a question mark at the size the
    /// symbol would have, and is said once on standard error.
    public init(systemName name: String) {
        self.init(ImageCache.placeholder)
        symbol = SystemSymbol(named: name)
    }

    /// A symbol's size relative to its font, as SwiftUI's `Image.Scale`.
    public enum Scale: Hashable, Sendable {
        /// Smaller than the font's: 0.8 of the medium size.
        case small
        /// The font's: a square 1.2 times its size.
        case medium
        /// Larger than the font's: 1.3 times the medium size.
        case large

        /// How much larger than medium.
        var factor: Double {
            switch self {
            case .small: return 0.8
            case .medium: return 1
            case .large: return 1.3
            }
        }
    }

    /// The symbol at `scale` relative to its font, as SwiftUI's `imageScale(_:)`; an image that
    /// is not a symbol is unchanged, as in SwiftUI. (Glint takes it on the image itself, not on
    /// the views around it.)
    public func imageScale(_ scale: Scale) -> Image {
        var copy = self
        copy.symbol?.scale = scale.factor
        return copy
    }
}

/// What `Image(systemName:)` draws: one glyph of the icon font, as a one-character string.
struct SystemSymbol {
    /// The glyph's character (its code point in the icon font).
    let text: String
    /// Its size relative to medium (`imageScale`).
    var scale = 1.0

    /// The size of a symbol's square, in ems of the font around it: SF Symbols stand about as
    /// tall as a line of text, and Material's glyphs fill 20/24 of their square.
    static let emPerFontSize = 1.2

    /// The symbol `name`, or the placeholder (said once) when the table has no such name.
    init(named name: String) {
        Self.checkFont()
        if let codepoint = Self.codepoints[name] {
            self.init(codepoint: codepoint)
        } else {
            Self.reportOnce(name, "no symbol for '\(name)'; drawing a placeholder")
            self.init(codepoint: SymbolTable.placeholder.codepoint)
        }
    }

    /// The icon font's glyph at `codepoint`.
    init(codepoint: UInt32) {
        // Every code point in the table is a scalar (the private use area); a bad one shows as '?'.
        text = String(Character(Unicode.Scalar(codepoint) ?? "?"))
    }

    /// The table as a dictionary, made the first time a symbol is asked for.
    private static let codepoints: [String: UInt32] = {
        var byName: [String: UInt32] = [:]
        for entry in SymbolTable.entries where byName[entry.name] == nil { byName[entry.name] = entry.codepoint }
        return byName
    }()

    /// Adds the symbol: a line of the icon font, in the font size and foreground style around it.
    func make(resizable: Bool, into graph: inout ViewGraph) {
        let env = graph.environment
        var font = (env.font ?? .body).spec
        font.size *= Self.emPerFontSize * scale
        font.design = .symbols
        font.italic = false
        graph.addNode(.text(TextLeaf(string: text, font: font, style: (env.foregroundStyle ?? .color(.primary)).resolved(in: env),
                                     alignment: .center, lineLimit: 1, lineSpacing: 0, shadow: env.shadow,
                                     fitsFrame: resizable)))
    }

    /// A resizable symbol in `frame`: its font sized so its square (the font's line; an em of
    /// Material Icons) is the frame's shorter side, and that square centred in the frame.
    static func fit(_ leaf: inout TextLeaf, in frame: inout Rect) {
        let side = min(frame.width, frame.height)
        guard side.isFinite, side > 0 else { return }
        leaf.font.size = side
        frame = Rect(x: frame.minX + (frame.width - side) / 2, y: frame.minY + (frame.height - side) / 2, width: side, height: side)
    }

    // MARK: Saying what is wrong, once

    /// Where the lines about symbols go: standard error, after "glint: ". Tests may collect them.
    static let reporter = Mutex<@Sendable (String) -> Void>({ line in
        FileHandle.standardError.write(Data("glint: \(line)\n".utf8))
    })

    /// The names already reported.
    private static let reported = Mutex<Set<String>>([])

    private static func reportOnce(_ key: String, _ line: String) {
        guard reported.withLock({ $0.insert(key).inserted }) else { return }
        let report = reporter.withLock { $0 }
        report(line)
    }

    /// Says once when the icon font is not installed: every symbol then draws the text font's '?'.
    private static func checkFont() {
        guard !fontChecked.withLock({ checked in defer { checked = true }; return checked }) else { return }
        if SystemFont.symbolsPath() == nil {
            reportOnce("\u{0}font", "no icon font at \(SystemFont.symbolsFile) for Image(systemName:); symbols draw as '?' "
                + "(install fonts-material-design-icons-iconfont, as scripts/setup does)")
        }
    }
    private static let fontChecked = Mutex(false)
}
