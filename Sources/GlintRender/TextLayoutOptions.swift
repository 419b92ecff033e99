import GlintCore

/// How text is broken into lines and placed.
public struct TextLayoutOptions: Hashable, Sendable {
    public var alignment: TextAlignment
    /// The most lines shown; nil for all.
    public var lineLimit: Int?
    /// Extra points between lines.
    public var lineSpacing: Double
    /// Where lines may break.
    public var lineBreaks: LineBreaks
    /// Points added after each character but a line's last (SwiftUI's `kerning` and `tracking`);
    /// negative draws them closer. Rounded to whole pixels at the scale drawn.
    public var tracking: Double = 0
    /// Whether the digits 0 to 9 all take the widest digit's advance, each centred in it
    /// (SwiftUI's `monospacedDigit`), so numbers that change keep their width.
    public var monospacedDigits = false

    /// Where a text's lines may break when it is wider than the space offered.
    public enum LineBreaks: Hashable, Sendable {
        /// At any space or tab; a word longer than a line is broken within.
        case atSpaces
        /// Only between items, which are separated by two or more spaces ("C: controls  H: help"):
        /// a single space never breaks, and an item wider than a line is never broken but has a
        /// line of its own, wider than offered. For lists of key bindings.
        case betweenItems
    }

    public init(alignment: TextAlignment = .leading, lineLimit: Int? = nil, lineSpacing: Double = 0,
                lineBreaks: LineBreaks = .atSpaces, tracking: Double = 0, monospacedDigits: Bool = false) {
        self.alignment = alignment
        self.lineLimit = lineLimit
        self.lineSpacing = lineSpacing
        self.lineBreaks = lineBreaks
        self.tracking = tracking.isFinite ? tracking : 0
        self.monospacedDigits = monospacedDigits
    }
}

/// A part of a text drawn in a colour of its own: its unicode scalars from `start` up to `end`.
public struct TextColorRun: Sendable, Equatable {
    public var start: Int
    public var end: Int
    public var color: GlintCore.Color

    public init(start: Int, end: Int, color: GlintCore.Color) {
        self.start = start
        self.end = end
        self.color = color
    }
}
