import Foundation
import GlintCore
import GlintRender

/// Keyboard focus and text editing: what keys and typed text do to the focused `TextField`.
extension ResolvedView {
    /// Whether a text field shown has the keyboard focus: keys then edit it before anything else.
    public var hasTextFocus: Bool { focusedTextField != nil }

    /// The focused field, if it is shown this frame.
    var focusedTextField: TextFieldHandler? {
        guard let focused = store.focusedField else { return nil }
        var i = 0
        while i < tree.textFields.count {  // index loops: no iterator allocation in debug builds
            if tree.textFields[i].identity == focused { return tree.textFields[i] }
            i += 1
        }
        return nil
    }

    private func editing(_ field: TextFieldHandler) -> StateBox<TextEditing> {
        store.extra(field.identity, slot: TextFieldSlot.slot, initial: TextEditing(text: field.text.wrappedValue))
    }

    /// Text typed on the keyboard (as the layout makes it) into the focused field.
    public func type(_ scalars: [Unicode.Scalar]) {
        guard let field = focusedTextField, !scalars.isEmpty else { return }
        var typed = String.UnicodeScalarView()
        typed.append(contentsOf: scalars)
        edit(field) { $0.insert(String(typed)) }
    }

    /// A key pressed (or repeating) with the modifiers held: Tab moves the focus (Shift: back)
    /// between the fields shown; with a field focused, the editing keys edit it, Esc leaves it,
    /// Return runs its `onSubmit`. Returns whether the key was taken: with a field focused every
    /// key that types (those reach the field as typed text) is taken too, so the window's own
    /// keys do not act while typing.
    public func handleKeyStroke(_ key: Key, shift: Bool = false, control: Bool = false) -> Bool {
        if key == .tab {
            return moveFocus(backwards: shift)
        }
        guard let field = focusedTextField else { return false }
        switch key {
        case .leftArrow: edit(field) { $0.move(by: -1, extending: shift) }
        case .rightArrow: edit(field) { $0.move(by: 1, extending: shift) }
        case .home, .upArrow: edit(field) { $0.moveToStart(extending: shift) }
        case .end, .downArrow: edit(field) { $0.moveToEnd(extending: shift) }
        case .delete: edit(field) { $0.deleteBackward() }
        case .deleteForward: edit(field) { $0.deleteForward() }
        case .escape: store.focusedField = nil
        case .return: field.onSubmit?()
        case "a" where control: edit(field) { $0.selectAll() }
        case "c" where control:
            if !field.isSecure { let copied = editing(field).value.selectedText; if !copied.isEmpty { store.clipboard.string = copied } }
        case "x" where control:
            if !field.isSecure {
                let cut = editing(field).value.selectedText
                if !cut.isEmpty { store.clipboard.string = cut; edit(field) { $0.insert("") } }
            }
        case "v" where control:
            if let pasted = store.clipboard.string { edit(field) { $0.insert(pasted) } }
        default:
            // A key that types reaches the field as typed text; others (F11) go on to the window.
            return key.character.unicodeScalars.first.map { !($0.value >= 0xF700 && $0.value <= 0xF8FF) } ?? false
        }
        return true
    }

    /// Tab: the next field (Shift: the previous) in the order made, wrapping; the first when none
    /// has the focus. False when no field is shown.
    func moveFocus(backwards: Bool) -> Bool {
        let order = tree.focusOrder
        guard !order.isEmpty else { return false }
        let next: Int
        if let focused = store.focusedField, let at = order.firstIndex(of: focused) {
            next = (at + (backwards ? order.count - 1 : 1)) % order.count
        } else {
            next = backwards ? order.count - 1 : 0
        }
        store.focusedField = order[next]
        // The whole text selected, as a desktop selects a field tabbed into.
        if let field = focusedTextField { edit(field) { $0.selectAll() } }
        return true
    }

    /// A press at `x` points from the field's left edge: the caret to the nearest character
    /// boundary (`extending`: the selection follows, for a drag).
    func placeCaret(inField identity: UInt64, atX x: Double, extending: Bool) {
        guard let field = tree.textFields.first(where: { $0.identity == identity }) else { return }
        let box = editing(field)
        let target = x - field.inset
        var shown = box.value.text
        if field.isSecure { shown = String(repeating: "•", count: box.value.count) }
        var best = 0
        var bestDistance = abs(target)
        if let engine = SharedText.engine {
            var prefix = ""
            var position = 0
            for character in shown {
                prefix.append(character)
                position += 1
                let width = engine.measure(prefix, font: field.font, maxWidth: nil, options: TextLayoutOptions(), scale: 1).width
                if abs(width - target) < bestDistance {
                    best = position
                    bestDistance = abs(width - target)
                }
            }
        }
        box.value.place(at: best, extending: extending)
    }

    /// Edits `field`'s text and writes it back to its binding when it changed.
    private func edit(_ field: TextFieldHandler, _ change: (inout TextEditing) -> Void) {
        let box = editing(field)
        box.value.sync(field.text.wrappedValue)
        let before = box.value.text
        change(&box.value)
        if box.value.text != before { field.text.wrappedValue = box.value.text }
    }
}
