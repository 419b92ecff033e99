import GlintCore

/// Input a `GlintWindow` gathered for a frame, in the arrays a `Frame` carries.
struct WindowInput {
    var pointerEvents: [PointerEvent] = []
    var keyPresses: [Key] = []
    var keyStrokes: [GlintWindow.Frame.KeyStroke] = []
    var typed: [Unicode.Scalar] = []
    var keyChanges: [GlintWindow.Frame.KeyChange] = []
    var scrollEvents: [ScrollEvent] = []
    /// Whether a press or release of the button is among `pointerEvents`.
    var hasButton = false

    /// Room for a busy frame's input, so gathering it allocates nothing.
    mutating func reserve() {
        pointerEvents.reserveCapacity(256)
        keyPresses.reserveCapacity(16)
        keyStrokes.reserveCapacity(16)
        typed.reserveCapacity(64)
        keyChanges.reserveCapacity(16)
        scrollEvents.reserveCapacity(64)
    }

    /// Empty, keeping the arrays' storage.
    mutating func removeAll() {
        pointerEvents.removeAll(keepingCapacity: true)
        keyPresses.removeAll(keepingCapacity: true)
        keyStrokes.removeAll(keepingCapacity: true)
        typed.removeAll(keepingCapacity: true)
        keyChanges.removeAll(keepingCapacity: true)
        scrollEvents.removeAll(keepingCapacity: true)
        hasButton = false
    }
}

extension GlintWindow.Frame {
    /// A frame's input taken from `input`, which is left empty (the frame holds the only
    /// reference to the arrays while the client runs, so a client's edits reuse the storage).
    mutating func take(_ input: inout WindowInput) {
        swap(&pointerEvents, &input.pointerEvents)
        swap(&keyPresses, &input.keyPresses)
        swap(&keyStrokes, &input.keyStrokes)
        swap(&typed, &input.typed)
        swap(&keyChanges, &input.keyChanges)
        swap(&scrollEvents, &input.scrollEvents)
        input.hasButton = false
    }

    /// The frame's arrays, emptied, given back to `input` for the frames after.
    mutating func giveBack(to input: inout WindowInput) {
        input.pointerEvents = pointerEvents
        input.keyPresses = keyPresses
        input.keyStrokes = keyStrokes
        input.typed = typed
        input.keyChanges = keyChanges
        input.scrollEvents = scrollEvents
        pointerEvents = []
        keyPresses = []
        keyStrokes = []
        typed = []
        keyChanges = []
        scrollEvents = []
        input.removeAll()
    }
}
