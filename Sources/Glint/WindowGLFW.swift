import CGLFW
import Foundation
import GlintCore
import GlintRender

/// The last message GLFW reported, for error lines (GLFW's callback cannot carry context).
nonisolated(unsafe) private var lastGLFWError: String?
/// Windows whose GLFW window still exists: GLFW is ended when the last one is destroyed.
nonisolated(unsafe) private var liveWindows = 0

/// A window on the desktop with an OpenGL 3.3 core context, to draw Glint frames in: the only
/// code in Glint that knows about GLFW.
///
/// It owns GLFW's lifetime and the window's `GLContext`. Its frame loop hands the client each
/// frame as a value (the time, the pointer events, key presses and turns of the wheel since the
/// last frame, the framebuffer and its size), lets it draw, and shows the result:
///
/// ```swift
/// let window = try GlintWindow(title: "Glow", size: Size(width: 800, height: 500))
/// let renderer = try ViewRenderer()   // made in the window's context
/// let driver = FrameDriver()
/// try window.run { frame in
///     if frame.keyPresses.contains(.escape) { window.close() }
///     driver.advance(to: frame.time, applying: frame.pointerEvents[...])
///     driver.update(EffectChainView([glow]), in: CGSize(width: frame.viewSize.width, height: frame.viewSize.height),
///                   scale: CGFloat(frame.pixelScale))
///     try renderer.draw(driver.resolved, into: frame.framebuffer)
/// }
/// ```
///
/// Sizes are in points; on a HiDPI screen the window and its framebuffer have `pixelScale`
/// pixels per point (GLFW's content scale, from Xft.dpi on X11). Use it from the main thread,
/// one window at a time, as GLFW requires.
public final class GlintWindow {
    /// The size a window opens at when none is given, in points.
    public static let defaultSize = Size(width: 960, height: 600)
    /// The largest side a window may ask for, in points (X11's limit).
    public static let maximumSide = 32767.0

    private let windowContext: WindowContext
    private var window: OpaquePointer { windowContext.window }
    private let startTime: Double
    /// Seconds spent minimised: the clock does not run then.
    private var pausedTime = 0.0

    /// Input since the last frame, for the next; reused so a steady frame allocates nothing.
    private var pending = WindowInput()
    /// Input that came after a key followed a press or release of the button, held for the
    /// frame after the next: the click is routed first (a text field it focuses takes the keys
    /// typed after it), then the keys, in the order they arrived, even when both came in one
    /// batch of events (a slow frame, a script). Set while `deferring`.
    private var later = WindowInput()
    /// Whether this frame's events go to `later`.
    private var deferring = false
    private var pendingHover: Point?
    private var isPressed = false
    /// Where the cursor was as of the last event GLFW handed over (screen coordinates from the
    /// window's top-left): a press or a turn of the wheel happened there. GLFW's button and
    /// scroll callbacks carry no position, and asking the server now (`glfwGetCursorPos`) gives
    /// where the pointer is after every event of the batch: a press at an edge followed at once
    /// by a drag in would be placed inside the view. Nil before the first cursor event.
    private var lastCursor: (x: Double, y: Double)?

    /// The OpenGL context of the window. It is current on this thread once the window is open;
    /// every GL object made in it keeps it (and the GLFW window) alive until the object is gone.
    public var context: GLContext { windowContext }

    /// The title bar's text. Setting the same text again costs nothing.
    public var title: String {
        didSet {
            if title != oldValue { WindowTitle.set(title, of: window) }
        }
    }

    /// Sets the title to what `write` appends to an empty string, made in a buffer the window
    /// keeps: a title that changes often (a frame rate) makes no string, and the same text again
    /// costs nothing. `write` should append to the string it is given, not replace it.
    public func updateTitle(_ write: (inout String) -> Void) {
        titleScratch.removeAll(keepingCapacity: true)
        write(&titleScratch)
        guard titleScratch != title else { return }
        // The two buffers change places: the one shown before is written next time.
        swap(&titleScratch, &title)
    }
    private var titleScratch = String()

    /// Seconds after which the loop ends by itself (measured by `time`), for demos and tests;
    /// nil to run until closed.
    public var quitAfter: Double?

    /// Opens a window with an OpenGL 3.3 core context, current on this thread.
    ///
    /// - Parameters:
    ///   - title: the title bar's text.
    ///   - size: the view's size in points; scaled to the monitor's content scale, so a HiDPI
    ///     screen gets the same size on screen with more pixels.
    ///   - isResizable: whether the user may resize it (the view size follows).
    ///   - vsync: whether a frame waits for the display's refresh before it is shown.
    /// - Throws: `WindowError` with one line saying why: no display, no OpenGL 3.3 core, or
    ///   what else GLFW reported.
    public init(title: String = "Glint", size: Size = GlintWindow.defaultSize, isResizable: Bool = true, vsync: Bool = true) throws(WindowError) {
        let sides = 1...Self.maximumSide
        guard sides.contains(size.width), sides.contains(size.height) else {
            throw WindowError(.other, "cannot open a window of \(size) points: each side must be 1 to \(Int(Self.maximumSide)) points")
        }
        glfwSetErrorCallback { _, description in
            lastGLFWError = description.map { String(cString: $0) }
        }
        guard glfwInit() == GLFW_TRUE else {
            let display = ProcessInfo.processInfo.environment["DISPLAY"]
            let why = display.map { "cannot connect to the X display '\($0)'" } ?? "no display (DISPLAY is not set)"
            throw WindowError(.noDisplay, "cannot open a window: \(why)")
        }
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3)
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3)
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE)
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE)
        glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE)
        glfwWindowHint(GLFW_RESIZABLE, isResizable ? GLFW_TRUE : GLFW_FALSE)
        // A window larger than the screen can be neither seen nor drawn at a useful rate (a
        // 16384-point square takes seconds a frame in software): fit it to the work area.
        let screen = Self.screenSize()
        var opened = size
        if let screen, size.width > screen.width || size.height > screen.height {
            opened = Size(width: min(size.width, screen.width), height: min(size.height, screen.height))
            fittedFrom = size
        }
        // GLFW makes the new context current while it creates it: an `ImageRenderer`'s headless
        // context current on this thread must be released first, or X ends the process (BadAccess).
        GLContext.releaseCurrent()
        guard let window = glfwCreateWindow(Int32(opened.width), Int32(opened.height), title, nil, nil) else {
            let message = lastGLFWError ?? "unknown reason"
            if liveWindows == 0 { glfwTerminate() }
            if message.contains("version") || message.contains("GLX") || message.contains("context") {
                throw WindowError(.unsupportedOpenGL, "cannot open a window with OpenGL 3.3 core: \(message)")
            }
            throw WindowError(.other, "cannot open a window: \(message)")
        }
        windowContext = WindowContext(window)
        glfwSwapInterval(vsync ? 1 : 0)
        self.title = title
        startTime = glfwGetTime()
        pending.reserve()
        later.reserve()
        installCallbacks()
    }

    /// The size asked for, when it was larger than the screen and the window opened smaller
    /// (fitted to the primary monitor's work area); nil when the window has the size asked for.
    public private(set) var fittedFrom: Size?

    /// The primary monitor's work area in points (its pixels over its content scale), or nil
    /// when GLFW reports no monitor.
    private static func screenSize() -> Size? {
        guard let monitor = glfwGetPrimaryMonitor() else { return nil }
        var x: Int32 = 0, y: Int32 = 0, width: Int32 = 0, height: Int32 = 0
        glfwGetMonitorWorkarea(monitor, &x, &y, &width, &height)
        var scaleX: Float = 1, scaleY: Float = 1
        glfwGetMonitorContentScale(monitor, &scaleX, &scaleY)
        guard width > 0, height > 0 else { return nil }
        let scale = Double(max(scaleX, scaleY, 1))
        return Size(width: (Double(width) / scale).rounded(.down), height: (Double(height) / scale).rounded(.down))
    }

    deinit {
        // GL objects may keep the GLFW window alive a little longer: no callback may reach this
        // object after it is gone, and the window leaves the screen now.
        glfwSetWindowUserPointer(window, nil)
        glfwSetCursorPosCallback(window, nil)
        glfwSetMouseButtonCallback(window, nil)
        glfwSetKeyCallback(window, nil)
        glfwSetCharCallback(window, nil)
        glfwSetScrollCallback(window, nil)
        glfwSetWindowPosCallback(window, nil)
        glfwSetWindowSizeCallback(window, nil)
        glfwHideWindow(window)
    }

    // MARK: - Size and time

    /// The window's default framebuffer (id 0) at its current size in pixels; 0x0 while minimised.
    public var framebuffer: Framebuffer {
        var width: Int32 = 0
        var height: Int32 = 0
        glfwGetFramebufferSize(window, &width, &height)
        return Framebuffer(id: 0, pixelWidth: Int(width), pixelHeight: Int(height))
    }

    /// Pixels per point: GLFW's content scale (1 at 96 dpi, 2 with Xft.dpi 192).
    public var pixelScale: Double {
        var x: Float = 1
        var y: Float = 1
        glfwGetWindowContentScale(window, &x, &y)
        return x > 0 ? Double(x) : 1
    }

    /// The view's size in points: the framebuffer divided by the pixel scale. `Size.zero` while
    /// minimised.
    public var viewSize: Size {
        let fb = framebuffer
        return Self.viewSize(pixelWidth: fb.pixelWidth, pixelHeight: fb.pixelHeight, scale: pixelScale)
    }

    private static func viewSize(pixelWidth: Int, pixelHeight: Int, scale: Double) -> Size {
        guard pixelWidth > 0 && pixelHeight > 0 else { return .zero }
        return Size(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale)
    }

    /// Seconds the window has been shown (not minimised) since it opened: the frames' clock.
    public var time: Double { glfwGetTime() - startTime - pausedTime }

    /// Whether the window fills a monitor (the one it is mostly on) at that monitor's video mode.
    /// Setting `false` puts it back where it was, at the size it had, before it went fullscreen.
    public var isFullscreen: Bool {
        get { glfwGetWindowMonitor(window) != nil }
        set {
            guard newValue != isFullscreen else { return }
            guard newValue else {
                let frame = windowedFrame
                glfwSetWindowMonitor(window, nil, frame.x, frame.y, frame.width, frame.height, 0)
                return
            }
            guard let monitor = monitorUnderWindow(), let mode = glfwGetVideoMode(monitor) else { return }
            var frame = (x: Int32(0), y: Int32(0), width: Int32(0), height: Int32(0))
            glfwGetWindowPos(window, &frame.x, &frame.y)
            glfwGetWindowSize(window, &frame.width, &frame.height)
            windowedFrame = frame
            glfwSetWindowMonitor(window, monitor, 0, 0, mode.pointee.width, mode.pointee.height, mode.pointee.refreshRate)
        }
    }
    /// Where the window was and its size (screen coordinates) before it went fullscreen.
    private var windowedFrame = (x: Int32(0), y: Int32(0), width: Int32(0), height: Int32(0))

    /// The monitor that holds most of the window, or the primary one.
    private func monitorUnderWindow() -> OpaquePointer? {
        var x: Int32 = 0, y: Int32 = 0, width: Int32 = 0, height: Int32 = 0
        glfwGetWindowPos(window, &x, &y)
        glfwGetWindowSize(window, &width, &height)
        var count: Int32 = 0
        var best: (monitor: OpaquePointer?, area: Int64) = (glfwGetPrimaryMonitor(), 0)
        guard let monitors = glfwGetMonitors(&count) else { return best.monitor }
        for i in 0..<Int(count) {
            guard let monitor = monitors[i], let mode = glfwGetVideoMode(monitor) else { continue }
            var mx: Int32 = 0, my: Int32 = 0
            glfwGetMonitorPos(monitor, &mx, &my)
            let across = Int64(max(0, min(x + width, mx + mode.pointee.width) - max(x, mx)))
            let down = Int64(max(0, min(y + height, my + mode.pointee.height) - max(y, my)))
            if across * down > best.area { best = (monitor, across * down) }
        }
        return best.monitor
    }

    // MARK: - The frame loop

    /// Whether the window has been asked to close (by the user, `close()` or `quitAfter`).
    public var isClosing: Bool { glfwWindowShouldClose(window) != GLFW_FALSE }

    /// The desktop's clipboard (X's CLIPBOARD selection), as text: nil when it holds none.
    public var clipboardString: String? {
        get { glfwGetClipboardString(window).map { String(cString: $0) } }
        set { glfwSetClipboardString(window, newValue ?? "") }
    }

    /// Asks the window to close: `run` returns after the frame in progress.
    public func close() {
        glfwSetWindowShouldClose(window, GLFW_TRUE)
    }

    /// Runs the frame loop until the window is closed (by the user, `close()` or `quitAfter`),
    /// calling `body` once a frame with that frame's time, input and framebuffer, then showing
    /// what it drew. While the window is minimised no frame is drawn and its clock stands still.
    ///
    /// A steady frame allocates nothing here: the event arrays are reused (keep no copy of them
    /// past the frame, or the next frame must allocate new ones).
    ///
    /// - Throws: whatever `body` throws, which ends the loop.
    public func run(frame body: (inout Frame) throws -> Void) rethrows {
        while !isClosing {
            GlintWindow.pollEvents()
            // Minimised: nothing to draw into; sleep until something happens.
            if try !drawFrame(body) { GlintWindow.waitEvents(timeout: 0.1) }
        }
    }

    /// Hands every window the input that arrived since the last call (GLFW's event poll, for all
    /// windows at once): call it once per round when you step windows with `drawFrame`.
    public static func pollEvents() { glfwPollEvents() }

    /// Sleeps until input arrives or `timeout` seconds pass (all windows minimised, say).
    public static func waitEvents(timeout: Double) { glfwWaitEventsTimeout(timeout) }

    /// The time of the last frame drawn (or skipped while minimised), to stop the clock while minimised.
    private var lastFrameTime: Double?

    /// One frame of `run`, for a loop over several windows (an `App`'s): with the input polled
    /// since the last frame (`pollEvents`), calls `body` with this window's frame and shows what
    /// it drew. Returns false, drawing nothing, while the window is minimised (its clock stands
    /// still) or closing.
    ///
    /// - Throws: whatever `body` throws.
    @discardableResult
    public func drawFrame(_ body: (inout Frame) throws -> Void) rethrows -> Bool {
        guard !isClosing else { return false }
        let last = lastFrameTime ?? time
        // Read once per frame, after the events: the view size and the target agree.
        let target = framebuffer
        if target.pixelWidth == 0 || target.pixelHeight == 0 {
            pausedTime += time - last
            lastFrameTime = time
            return false
        }
        let scale = pixelScale
        let t = time
        lastFrameTime = t
        var frame = Frame(time: t, viewSize: Self.viewSize(pixelWidth: target.pixelWidth, pixelHeight: target.pixelHeight, scale: scale),
                          pixelScale: scale, framebuffer: target, pointerEvents: [], keyPresses: [], scrollEvents: [])
        frame.take(&pending)
        frame.hover = pendingHover
        pendingHover = nil
        // What was held for the next frame is next; the frame's arrays come back, emptied, to hold
        // what comes later (no events arrive while the client runs).
        swap(&pending, &later)
        deferring = false
        defer {
            frame.giveBack(to: &later)
            if frame.cancelsPress { isPressed = false }
        }
        // The client may have drawn headless in the frame (an `ImageRenderer`), or another
        // window drew before this one: this context is made current again.
        windowContext.makeCurrent()
        try body(&frame)
        glfwSwapBuffers(window)
        if let quitAfter, t >= quitAfter { close() }
        return true
    }

    // MARK: - Input

    private func installCallbacks() {
        glfwSetWindowUserPointer(window, Unmanaged.passUnretained(self).toOpaque())
        glfwSetCursorPosCallback(window) { window, x, y in
            GlintWindow.from(window)?.cursorMoved(x: x, y: y)
        }
        glfwSetMouseButtonCallback(window) { window, button, action, _ in
            GlintWindow.from(window)?.mouseButton(button, action: action)
        }
        glfwSetKeyCallback(window) { window, key, _, action, mods in
            GlintWindow.from(window)?.keyChanged(key, action: action, mods: mods)
        }
        glfwSetCharCallback(window) { window, codepoint in
            guard let scalar = Unicode.Scalar(codepoint) else { return }
            GlintWindow.from(window)?.input(key: true) { $0.typed.append(scalar) }
        }
        glfwSetScrollCallback(window) { window, dx, dy in
            GlintWindow.from(window)?.scrolled(dx: dx, dy: dy)
        }
        // A window moved or resized under a still pointer gets no cursor event: the position
        // known from the last one is no longer in the window's coordinates.
        glfwSetWindowPosCallback(window) { window, _, _ in
            GlintWindow.from(window)?.lastCursor = nil
        }
        glfwSetWindowSizeCallback(window) { window, _, _ in
            GlintWindow.from(window)?.lastCursor = nil
        }
    }

    private static func from(_ window: OpaquePointer?) -> GlintWindow? {
        guard let window, let raw = glfwGetWindowUserPointer(window) else { return nil }
        return Unmanaged<GlintWindow>.fromOpaque(raw).takeUnretainedValue()
    }

    /// Cursor position (screen coordinates) to points: screen coordinates to framebuffer pixels,
    /// then pixels to points. Read from GLFW, not from the last frame, so a press in the same
    /// batch of events as a resize maps with the new size.
    private func points(x: Double, y: Double) -> Point {
        var winWidth: Int32 = 0
        var winHeight: Int32 = 0
        var fbWidth: Int32 = 0
        var fbHeight: Int32 = 0
        glfwGetWindowSize(window, &winWidth, &winHeight)
        glfwGetFramebufferSize(window, &fbWidth, &fbHeight)
        guard winWidth > 0, winHeight > 0, fbWidth > 0, fbHeight > 0 else { return Point(x: x, y: y) }
        let scale = pixelScale
        return Point(x: x * Double(fbWidth) / Double(winWidth) / scale, y: y * Double(fbHeight) / Double(winHeight) / scale)
    }

    private func cursorMoved(x: Double, y: Double) {
        lastCursor = (x, y)
        guard isPressed else {
            pendingHover = points(x: x, y: y)
            return
        }
        let event = PointerEvent(.move, points(x: x, y: y), at: time)
        input(key: false) { $0.pointerEvents.append(event) }
    }

    /// The cursor as of the events handled so far: the last cursor event's position, or the
    /// server's pointer position before the first.
    private var cursorAtEvent: (x: Double, y: Double) {
        if let lastCursor { return lastCursor }
        var x = 0.0
        var y = 0.0
        glfwGetCursorPos(window, &x, &y)
        return (x, y)
    }

    /// A press or release of the left button, where the cursor was when it happened (in order
    /// with the moves around it), stamped with the time GLFW handed it over.
    private func mouseButton(_ button: Int32, action: Int32) {
        guard button == GLFW_MOUSE_BUTTON_LEFT else { return }
        let cursor = cursorAtEvent
        let pointer = points(x: cursor.x, y: cursor.y)
        if action == GLFW_PRESS, !isPressed {
            isPressed = true
            let event = PointerEvent(.down, pointer, at: time)
            input(key: false) { $0.pointerEvents.append(event); $0.hasButton = true }
        } else if action == GLFW_RELEASE, isPressed {
            isPressed = false
            let event = PointerEvent(.up, pointer, at: time)
            input(key: false) { $0.pointerEvents.append(event); $0.hasButton = true }
        }
    }

    /// A turn of the wheel, where the cursor was when it happened.
    private func scrolled(dx: Double, dy: Double) {
        let cursor = cursorAtEvent
        func held(_ a: Int32, _ b: Int32) -> Bool {
            glfwGetKey(window, a) == GLFW_PRESS || glfwGetKey(window, b) == GLFW_PRESS
        }
        let event = ScrollEvent(points(x: cursor.x, y: cursor.y), dx: dx, dy: dy, at: time,
                                control: held(GLFW_KEY_LEFT_CONTROL, GLFW_KEY_RIGHT_CONTROL),
                                shift: held(GLFW_KEY_LEFT_SHIFT, GLFW_KEY_RIGHT_SHIFT))
        input(key: false) { $0.scrollEvents.append(event) }
    }

    private func keyChanged(_ code: Int32, action: Int32, mods: Int32) {
        if action == GLFW_PRESS || action == GLFW_RELEASE {
            let change = Frame.KeyChange(code: Int(code), key: Self.key(code), isDown: action == GLFW_PRESS, control: mods & GLFW_MOD_CONTROL != 0)
            input(key: true) { $0.keyChanges.append(change) }
        }
        guard action == GLFW_PRESS || action == GLFW_REPEAT, let key = Self.key(code) else { return }
        let shift = mods & GLFW_MOD_SHIFT != 0
        let control = mods & GLFW_MOD_CONTROL != 0
        input(key: true) {
            $0.keyStrokes.append(Frame.KeyStroke(key, shift: shift, control: control, typedBefore: $0.typed.count))
            if action == GLFW_PRESS { $0.keyPresses.append(key) }
        }
    }

    /// Adds an event to the input of the next frame, or, once a key has followed a press or
    /// release of the button in it, to the input of the frame after (`later`), as every event
    /// after that key.
    private func input(key: Bool, _ add: (inout WindowInput) -> Void) {
        if key && !deferring && pending.hasButton { deferring = true }
        if deferring { add(&later) } else { add(&pending) }
    }

    /// GLFW's key code (named for the US layout) as a `Key`; nil for keys Glint does not name.
    static func key(_ code: Int32) -> Key? {
        switch code {
        case GLFW_KEY_A...GLFW_KEY_Z:
            return Key(Character(Unicode.Scalar(UInt8(code - GLFW_KEY_A) + UInt8(ascii: "a"))))
        case GLFW_KEY_SPACE...GLFW_KEY_GRAVE_ACCENT:
            // The printable keys' codes are their ASCII characters.
            return Key(Character(Unicode.Scalar(UInt8(code))))
        case GLFW_KEY_ESCAPE: return .escape
        case GLFW_KEY_ENTER, GLFW_KEY_KP_ENTER: return .return
        case GLFW_KEY_TAB: return .tab
        case GLFW_KEY_BACKSPACE: return .delete
        case GLFW_KEY_DELETE: return .deleteForward
        case GLFW_KEY_UP: return .upArrow
        case GLFW_KEY_DOWN: return .downArrow
        case GLFW_KEY_LEFT: return .leftArrow
        case GLFW_KEY_RIGHT: return .rightArrow
        case GLFW_KEY_HOME: return .home
        case GLFW_KEY_END: return .end
        case GLFW_KEY_PAGE_UP: return .pageUp
        case GLFW_KEY_PAGE_DOWN: return .pageDown
        case GLFW_KEY_F11: return .f11
        default: return nil
        }
    }
}

/// The window and its OpenGL context. Every GL object made in it keeps it alive (see
/// `GLContext`), so the window is destroyed, and GLFW ended, only after the last of them is deleted.
final class WindowContext: GLContext {
    let window: OpaquePointer

    /// Takes ownership of `window` and makes its context current.
    init(_ window: OpaquePointer) {
        self.window = window
        liveWindows += 1
        super.init(kind: "GLFW window")
        makeCurrent()
    }

    override func activate() -> Bool {
        glfwMakeContextCurrent(window)
        return glfwGetCurrentContext() == window
    }

    override func deactivate() {
        if glfwGetCurrentContext() == window { glfwMakeContextCurrent(nil) }
    }

    deinit {
        glfwDestroyWindow(window)
        liveWindows -= 1
        if liveWindows == 0 { glfwTerminate() }
    }
}
