import Foundation

// Text in parts: `Text("a") + Text("b")`, `Text(attributedString)` and the modifiers of `Text`
// that return `Text`. Glint draws a text in one font; each part may have a colour of its own.

extension Text {
    /// The two texts one after the other, as SwiftUI's `Text("a") + Text("b")`: each part keeps
    /// its own colour (`Text("a").foregroundColor(.red)`); the font is the views' around them.
    public static func + (lhs: Text, rhs: Text) -> Text {
        var joined = Text(verbatim: lhs.string + rhs.string)
        let shift = lhs.string.unicodeScalars.count
        joined.colorRuns = lhs.colorRuns
        for run in rhs.colorRuns {
            joined.colorRuns.append(ColorRun(start: run.start + shift, end: run.end + shift, color: run.color))
        }
        return joined
    }

    /// The text in `color`, as SwiftUI's `Text.foregroundColor(_:)`: a `Text` still, so it can be
    /// joined with `+` to text in other colours. Parts already coloured keep their colour.
    public func foregroundColor(_ color: Color?) -> Text {
        guard let color else { return self }
        var coloured = self
        coloured.colorRuns = []
        var at = 0
        let count = string.unicodeScalars.count
        for run in colorRuns {
            if run.start > at { coloured.colorRuns.append(ColorRun(start: at, end: run.start, color: color)) }
            coloured.colorRuns.append(run)
            at = run.end
        }
        if at < count { coloured.colorRuns.append(ColorRun(start: at, end: count, color: color)) }
        return coloured
    }

    /// An attributed string's characters, each part in its `foregroundColor` (the rest in the
    /// views' foreground style), as SwiftUI's `Text(_: AttributedString)`. Other attributes are
    /// kept in the string but not drawn: Glint draws a text in one font.
    public init(_ attributedContent: AttributedString) {
        self.init(verbatim: String(attributedContent.characters))
        var at = 0
        for run in attributedContent.runs {
            let count = String(attributedContent[run.range].characters).unicodeScalars.count
            if let color = run.foregroundColor {
                if let last = colorRuns.last, last.end == at, last.color == color {
                    colorRuns[colorRuns.count - 1].end = at + count
                } else {
                    colorRuns.append(ColorRun(start: at, end: at + count, color: color))
                }
            }
            at += count
        }
    }
}

/// SwiftUI's attribute for a part's colour, as `AttributeScopes.SwiftUIAttributes` has it.
public enum _ForegroundColorAttribute: AttributedStringKey {
    public typealias Value = Color
    public static let name = "SwiftUI.ForegroundColor"
}

/// SwiftUI's attribute for a part's font. Kept in the string; Glint draws a text in one font.
public enum _FontAttribute: AttributedStringKey {
    public typealias Value = Font
    public static let name = "SwiftUI.Font"
}

extension AttributeScopes {
    /// The attributes `import SwiftUI` adds to `AttributedString`: `foregroundColor` and `font`.
    public struct SwiftUIAttributes: AttributeScope {
        public let foregroundColor: _ForegroundColorAttribute
        public let font: _FontAttribute
        public let foundation: FoundationAttributes
    }

    /// SwiftUI's attributes, as `\.swiftUI` names them.
    public var swiftUI: SwiftUIAttributes.Type { SwiftUIAttributes.self }
}

extension AttributeDynamicLookup {
    /// `attributed.foregroundColor = .red` and `attributed.font = .title`, as with SwiftUI.
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.SwiftUIAttributes, T>) -> T {
        self[T.self]
    }
}
