import Foundation

/// An OpenGL context: the one owner of its own lifetime and of everything created in it.
///
/// Every GL object Glint makes (programs, textures, framebuffers, vertex arrays) holds a
/// reference to the context that was current when it was made, and makes that
/// context current again before it deletes itself. So the context is destroyed only after the
/// last object made in it is gone, whatever order local variables are released in: an
/// optimiser that ends a lifetime early cannot pull the context from under a `deinit`.
///
/// Subclasses (`HeadlessContext`, the window's context) make the native context current in
/// `activate()` and destroy it in their own `deinit`.
open class GLContext {
    /// The Glint context current on this thread, if any (contexts are current per thread).
    public static var current: GLContext? {
        (Thread.current.threadDictionary[currentKey] as? WeakBox)?.context
    }

    private static let currentKey = "glint.GLContext.current"

    private final class WeakBox {
        weak var context: GLContext?
        init(_ context: GLContext) { self.context = context }
    }

    /// What kind of context it is ("EGL surfaceless", "GLFW window"), for messages.
    public let kind: String

    public init(kind: String) {
        self.kind = kind
    }

    /// Makes the native context current on this thread; false if it cannot be.
    open func activate() -> Bool { false }

    /// Releases the native context from this thread.
    open func deactivate() {}

    /// Makes this context current on this thread (a no-op when it already is), releasing the one
    /// current before: a thread has one current context whatever API made it, and EGL's and GLX's
    /// cannot both be (libglvnd refuses the second, or X ends the process with BadAccess).
    /// Returns false when it cannot be made current; GL calls must then be skipped.
    @discardableResult
    public final func makeCurrent() -> Bool {
        if GLContext.current === self { return true }
        GLContext.releaseCurrent()
        guard activate() else { return false }
        Thread.current.threadDictionary[GLContext.currentKey] = WeakBox(self)
        return true
    }

    /// Releases whichever Glint context is current on this thread: before another makes its own
    /// current by other means (a window library creating its context).
    public static func releaseCurrent() {
        guard let current else { return }
        current.deactivate()
        Thread.current.threadDictionary[currentKey] = nil
    }

    /// Runs `body` with this context current, then makes current again the context that was
    /// before (if another): for deleting GL objects, and for drawing in one context in the middle
    /// of another's frame. Skips `body` when this context cannot be made current.
    public final func perform(_ body: () -> Void) {
        let previous = GLContext.current
        guard makeCurrent() else { return }
        body()
        if let previous, previous !== self { previous.makeCurrent() }
    }

    /// Records that the native context was made current by its owner (the window's
    /// `glfwMakeContextCurrent`, say), without calling `activate()` again.
    public final func noteCurrent() {
        Thread.current.threadDictionary[GLContext.currentKey] = WeakBox(self)
    }

    /// The context current on this thread, for a GL object about to be created in it.
    /// Throws instead of letting the GL loader abort the process when there is none.
    public static func requireCurrent(for what: @autoclosure () -> String) throws(RenderError) -> GLContext {
        guard let context = current else {
            throw .gl("no current OpenGL context for \(what()): create a HeadlessContext or open a window first")
        }
        return context
    }
}
