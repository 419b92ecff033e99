/// Why a `GlintWindow` could not open; `description` is one line for the user.
public struct WindowError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of failure it was, for callers that add their own advice.
    public enum Kind: Equatable, Sendable {
        /// There is no display to open a window on (DISPLAY unset, or the server unreachable).
        case noDisplay
        /// The display cannot give an OpenGL 3.3 core context.
        case unsupportedOpenGL
        /// Anything else GLFW reported.
        case other
    }

    /// What kind of failure it was.
    public var kind: Kind
    /// One line: what went wrong, with GLFW's or the display's own words.
    public var description: String

    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}
