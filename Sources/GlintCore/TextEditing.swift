/// One line of text being edited: the caret and the selection over a string, and the edits a
/// text field makes (typing, deleting, moving, selecting, cutting and pasting). Positions count
/// characters (grapheme clusters), so an accented letter or an emoji is one step.
///
/// The selection runs from `anchor` to `caret`; it is empty when they are equal. Pure: the text
/// field in Glint keeps one per field and writes `text` back to its binding.
public struct TextEditing: Equatable, Sendable {
    /// The text.
    public private(set) var text: String
    /// Where typing goes, 0…count.
    public private(set) var caret: Int
    /// The other end of the selection (equal to `caret` when nothing is selected).
    public private(set) var anchor: Int

    public init(text: String = "", caret: Int? = nil) {
        self.text = text
        let end = text.count
        self.caret = min(max(caret ?? end, 0), end)
        anchor = self.caret
    }

    /// The characters in the text.
    public var count: Int { text.count }

    /// The selected range of character positions (empty when nothing is selected).
    public var selection: Range<Int> { min(caret, anchor)..<max(caret, anchor) }

    /// The selected text ("" when nothing is selected).
    public var selectedText: String {
        let range = selection
        guard !range.isEmpty else { return "" }
        return String(text[index(range.lowerBound)..<index(range.upperBound)])
    }

    /// The text before the selection, the selection, and the text after it (what a field draws).
    public var parts: (before: Substring, selected: Substring, after: Substring) {
        let range = selection
        let lower = index(range.lowerBound), upper = index(range.upperBound)
        return (text[..<lower], text[lower..<upper], text[upper...])
    }

    private func index(_ position: Int) -> String.Index {
        text.index(text.startIndex, offsetBy: min(max(position, 0), text.count))
    }

    /// Takes `newText` from outside (the binding changed): the caret and anchor stay where they
    /// were, moved in to fit.
    public mutating func sync(_ newText: String) {
        guard newText != text else { return }
        text = newText
        caret = min(caret, text.count)
        anchor = min(anchor, text.count)
    }

    /// Puts the caret at `position` (clamped); with `extending`, the anchor stays (a drag or a
    /// shift-click), else the selection is emptied.
    public mutating func place(at position: Int, extending: Bool = false) {
        caret = min(max(position, 0), text.count)
        if !extending { anchor = caret }
    }

    /// Replaces the selection with `typed` (or inserts it at the caret), the caret after it.
    /// Line breaks and other control characters are left out: a field is one line.
    public mutating func insert(_ typed: String) {
        let clean = typed.filter { !$0.isNewline && !($0.unicodeScalars.first.map { $0.value < 0x20 || $0.value == 0x7F } ?? false) }
        let range = selection
        text.replaceSubrange(index(range.lowerBound)..<index(range.upperBound), with: clean)
        caret = range.lowerBound + clean.count
        anchor = caret
    }

    /// Backspace: the selection, or the character before the caret.
    public mutating func deleteBackward() {
        if selection.isEmpty {
            guard caret > 0 else { return }
            anchor = caret - 1
        }
        insert("")
    }

    /// Delete: the selection, or the character after the caret.
    public mutating func deleteForward() {
        if selection.isEmpty {
            guard caret < text.count else { return }
            anchor = caret + 1
        }
        insert("")
    }

    /// ← and →: one character, or to the selection's edge when there is one and not `extending`.
    public mutating func move(by step: Int, extending: Bool = false) {
        if !extending, !selection.isEmpty {
            place(at: step < 0 ? selection.lowerBound : selection.upperBound)
        } else {
            place(at: caret + step, extending: extending)
        }
    }

    /// Home and End: to the start or the end of the line.
    public mutating func moveToStart(extending: Bool = false) { place(at: 0, extending: extending) }
    public mutating func moveToEnd(extending: Bool = false) { place(at: text.count, extending: extending) }

    /// Control-A: everything.
    public mutating func selectAll() {
        anchor = 0
        caret = text.count
    }
}
