import Foundation
import GlintCore
import GlintRender

/// Keyboard focus and text editing: what keys and typed text do to the focused `TextField`, and
/// to a focused button, toggle or slider (reached with Tab).
extension ResolvedView {
    /// Whether a view shown has the keyboard focus: a text field (then every key that types is
    /// its) or a control (then Space, Return, the arrows, Esc and Tab are its).
    public var hasKeyboardFocus: Bool { focusedTextField != nil || focusedControl != nil }

    /// Whether `key` goes to the view with the focus rather than on to the window.
    public func focusTakes(_ key: Key) -> Bool {
        if focusedTextField != nil { return key != .f11 }
        return focusedControl != nil && Self.controlKeys.contains(key)
    }

    /// The keys a focused control takes.
    static let controlKeys: [Key] = [.space, .return, .leftArrow, .rightArrow, .upArrow, .downArrow, .escape, .tab]

    /// The focused button, toggle or slider, if it is shown this frame.
    var focusedControl: GestureHandler? {
        guard let focused = store.focusedField else { return nil }
        var i = 0
        while i < tree.gestures.count {
            let handler = tree.gestures[i]
            i += 1
            guard handler.identity == focused, handler.isEnabled else { continue }
            switch handler.recognizer {
            case .button, .toggle, .slider: return handler
            default: continue
            }
        }
        return nil
    }

    /// Space or Return presses a focused button or flips a toggle; the arrows move a slider a
    /// twentieth of its range (or a step); Esc leaves it.
    private func handleControlKey(_ key: Key, _ control: GestureHandler) -> Bool {
        switch (key, control.recognizer) {
        case (.space, .button(let action)), (.return, .button(let action)):
            action()
        case (.space, .toggle(let isOn)), (.return, .toggle(let isOn)):
            isOn.wrappedValue.toggle()
        case (.leftArrow, .slider(let value, let bounds, let step, _)), (.downArrow, .slider(let value, let bounds, let step, _)),
             (.rightArrow, .slider(let value, let bounds, let step, _)), (.upArrow, .slider(let value, let bounds, let step, _)):
            let by = (step ?? (bounds.upperBound - bounds.lowerBound) / 20) * (key == .leftArrow || key == .downArrow ? -1 : 1)
            let moved = value.wrappedValue + by
            value.wrappedValue = min(max(moved.isFinite ? moved : value.wrappedValue, bounds.lowerBound), bounds.upperBound)
        case (.escape, _):
            store.focusedField = nil
        default:
            return false
        }
        return true
    }

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
        type(scalars[...])
    }

    /// Text typed into the focused field: part of a frame's typed text.
    func type(_ scalars: ArraySlice<Unicode.Scalar>) {
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
        guard let field = focusedTextField else {
            guard let control = focusedControl else { return false }
            return handleControlKey(key, control)
        }
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

    /// Tab: the next field or control (Shift: the previous) in the order made, wrapping; the first
    /// when none has the focus. False when none is shown.
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

extension ViewGraph {
    /// Makes `body`, with a ring in the tint around it while the view `identity` has the keyboard focus.
    mutating func withFocusRing(_ identity: UInt64, cornerRadius: Double, _ body: (inout ViewGraph) -> Void) {
        guard store.focusedField == identity else {
            body(&self)
            return
        }
        let tint = environment.tint ?? .accentColor
        withNode(.overlay(.center)) { graph in
            graph.withNode(.group, body)
            graph.makeChild(RoundedRectangle(cornerRadius: cornerRadius + 3).strokeBorder(tint.opacity(0.8), lineWidth: 2).padding(-3)
                .allowsHitTesting(false))
        }
    }
}
