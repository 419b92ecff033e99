import GlintCore
import GlintRender

extension GlintWindow {
    /// One frame of a window's loop, as values: the time, the input since the last frame and where
    /// to draw. A client's frame handler reads it, updates its state and draws into `framebuffer`;
    /// the window swaps buffers afterwards.
    ///
    /// Being a plain value, a frame can also be built by hand to test a frame handler with no
    /// window at all.
    public struct Frame: Sendable {
        /// Seconds since the window opened, not counting the time it spent minimised: the
        /// clock stands still while nothing is drawn, so no animation jumps on the way back.
        public var time: Double
        /// The view's size in points (the framebuffer's pixels divided by `pixelScale`).
        public var viewSize: Size
        /// Pixels per point: 1, or 2 on a HiDPI screen.
        public var pixelScale: Double
        /// The window's default framebuffer, to draw this frame into (its size in pixels).
        public var framebuffer: Framebuffer
        /// Left-button events since the last frame, in order, each stamped with the time it
        /// happened: `.down`, `.move` while the button is held, `.up`. Positions in points from
        /// the view's top-left corner.
        public var pointerEvents: [PointerEvent]
        /// Keys pressed since the last frame, in order (auto-repeat is left out).
        public var keyPresses: [Key]
        /// Every key going down or up since the last frame, in order, modifier keys too: for a
        /// client that follows held keys (a game's, Shadertoy's keyboard texture).
        public var keyChanges: [KeyChange] = []
        /// Where the pointer last moved with no button held since the last frame, in points from
        /// the view's top-left; nil when it did not.
        public var hover: Point?
        /// Turns of the mouse wheel since the last frame, in order, each where the pointer was,
        /// in points from the view's top-left, button held or not.
        public var scrollEvents: [ScrollEvent]
        /// A key going down or up.
        public struct KeyChange: Sendable, Equatable {
            /// The platform's code for the key (GLFW's `GLFW_KEY_*`, named for the US layout).
            public var code: Int
            /// The key, when Glint names it (`Key`); nil for modifiers and keys it does not name.
            public var key: Key?
            public var isDown: Bool
            /// Whether Control was held with it.
            public var control: Bool

            public init(code: Int, key: Key?, isDown: Bool, control: Bool = false) {
                self.code = code
                self.key = key
                self.isDown = isDown
                self.control = control
            }
        }

        /// Keys pressed since the last frame with the modifiers held, auto-repeats included: what
        /// a text field edits with (a held Backspace deletes on).
        public var keyStrokes: [KeyStroke] = []
        /// The text typed since the last frame, as the keyboard's layout and Shift make it (the
        /// platform's character input): what a text field inserts.
        public var typed: [Unicode.Scalar] = []

        /// A key pressed (or repeating while held), with the modifiers.
        public struct KeyStroke: Sendable, Equatable {
            public var key: Key
            public var shift: Bool
            public var control: Bool
            /// How many of the frame's `typed` scalars came before this key: a field takes the
            /// text typed before a Return, then the Return.
            public var typedBefore: Int

            public init(_ key: Key, shift: Bool = false, control: Bool = false, typedBefore: Int = 0) {
                self.key = key
                self.shift = shift
                self.control = control
                self.typedBefore = typedBefore
            }
        }

        /// Set by `cancelPointer()`; the window then forgets the press.
        public private(set) var cancelsPress = false

        public init(time: Double, viewSize: Size, pixelScale: Double = 1, framebuffer: Framebuffer,
                    pointerEvents: [PointerEvent] = [], keyPresses: [Key] = [], scrollEvents: [ScrollEvent] = []) {
            self.time = time
            self.viewSize = viewSize
            self.pixelScale = pixelScale
            self.framebuffer = framebuffer
            self.pointerEvents = pointerEvents
            self.keyPresses = keyPresses
            self.scrollEvents = scrollEvents
        }

        /// Takes the press away from whoever had it (a key switched what is on screen, say): this
        /// frame's pointer events are dropped, and the window reports no `.move` or `.up` for the
        /// button still held; the next press starts afresh.
        public mutating func cancelPointer() {
            pointerEvents.removeAll(keepingCapacity: true)
            cancelsPress = true
        }
    }
}
