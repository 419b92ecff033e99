@preconcurrency import CEpoxy
import CGLFW
import Foundation
import GlintCore
import GlintRender

/// The last message GLFW reported, for error lines (GLFW's callback cannot carry context).
nonisolated(unsafe) private var lastGLFWError: String?

/// The interactive window: the only code that knows about GLFW. Callbacks only turn input into
/// `PointerEvent` values and key presses; the frame loop hands them to the scene.
final class WindowApp {
    private let context: WindowContext
    private var window: OpaquePointer { context.window }
    private let scene: Scene
    private let drawer: SceneRenderer
    private let quitAfter: Double?
    /// The watchdog's default limit in the window, in seconds: a slow edit never freezes it longer.
    static let defaultFrameTimeout = 2.0
    private let startTime: Double

    /// Pointer events since the last frame; reused so a frame allocates nothing.
    private var pending: [PointerEvent] = []
    private var pointer = Point.zero
    private var isPressed = false
    private var showsHUD = true
    private var hudText = ""
    private var frameCount = 0
    private var fpsWindowStart = 0.0
    private var framesPerSecond = 0.0
    private var title = ""
    private var reportedGLError = false
    private let watchesShaders: Bool
    private var shaderError: String?

    init(effects: [any Effect], tear: TearController?, backdrop: Color, size: Size, sources: ShaderSources, showsForeground: Bool, frameTimeout: Double?, quitAfter: Double?) throws {
        glfwSetErrorCallback { _, description in
            lastGLFWError = description.map { String(cString: $0) }
        }
        guard glfwInit() == GLFW_TRUE else {
            let display = ProcessInfo.processInfo.environment["DISPLAY"]
            let why = display.map { "cannot connect to the X display '\($0)'" } ?? "no display (DISPLAY is not set)"
            throw AppError("cannot open a window: \(why). To render without a display use 'glint render --output frame.png'")
        }
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3)
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3)
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE)
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE)
        glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE)
        glfwWindowHint(GLFW_RESIZABLE, GLFW_TRUE)
        let name = effects.count == 1 ? effects[0].descriptor.title : effects.map(\.descriptor.name).joined(separator: " + ")
        guard let window = glfwCreateWindow(Int32(size.width), Int32(size.height), "Glint — \(name)", nil, nil) else {
            let message = lastGLFWError ?? "unknown reason"
            glfwTerminate()
            if message.contains("version") || message.contains("GLX") || message.contains("context") {
                throw AppError("cannot open a window with OpenGL 3.3 core: \(message)")
            }
            throw AppError("cannot open a window: \(message)")
        }
        context = WindowContext(window)
        glfwSwapInterval(1)
        drawer = try SceneRenderer(sources: sources)
        drawer.showsForeground = showsForeground
        drawer.renderer.backdrop = backdrop
        drawer.renderer.frameTimeout = frameTimeout
        scene = Scene(effects: effects, viewSize: size, tear: tear)
        self.quitAfter = quitAfter
        watchesShaders = sources.overrideDirectory != nil
        startTime = glfwGetTime()
        pending.reserveCapacity(256)
        var fbWidth: Int32 = 0
        var fbHeight: Int32 = 0
        glfwGetFramebufferSize(window, &fbWidth, &fbHeight)
        updateViewSize(framebufferWidth: fbWidth, framebufferHeight: fbHeight)
        try drawer.prepare(scene)
        for warning in drawer.overlay.warnings { Console.warn(warning) }
        installCallbacks()
    }


    /// Seconds the window has been shown (not minimised) since it opened: the scene's clock.
    private var now: Double { glfwGetTime() - startTime - pausedTime }
    private var pausedTime = 0.0

    func run() throws {
        var last = now
        fpsWindowStart = last
        refreshTitle()
        while glfwWindowShouldClose(window) == GLFW_FALSE {
            glfwPollEvents()
            // Read once per frame, after the events: the view size and the target agree.
            var width: Int32 = 0
            var height: Int32 = 0
            glfwGetFramebufferSize(window, &width, &height)
            if width == 0 || height == 0 {
                // Minimised: nothing to draw into; sleep until something happens.
                // The clock stands still while minimised, so nothing jumps on the way back.
                glfwWaitEventsTimeout(0.1)
                pausedTime += now - last
                continue
            }
            updateViewSize(framebufferWidth: width, framebufferHeight: height)
            let t = now
            // Each pointer event applies at its own time, so springs see the real press timing.
            scene.advance(to: t, applying: pending)
            pending.removeAll(keepingCapacity: true)
            last = t
            scene.update()
            let target = Framebuffer(id: 0, pixelWidth: Int(width), pixelHeight: Int(height))
            // A shader error shows even with the HUD hidden: the picture on screen is stale.
            let hud = OverlayRenderer.HUD(top: showsHUD ? hudText : nil, second: shaderError)
            do {
                try drawer.draw(scene, into: target, hud: hud)
            } catch {
                // The watchdog stopped a shader that is too slow: its last good version (or
                // nothing) is in place now, so say why and draw the frame again.
                guard case .tooSlow = error else { throw error }
                reportSlowShader(error)
                try drawer.draw(scene, into: target, hud: OverlayRenderer.HUD(top: showsHUD ? hudText : nil, second: shaderError))
            }
            glfwSwapBuffers(window)
            reportGLErrors()
            countFrame(at: t)
            if let quitAfter, t >= quitAfter { glfwSetWindowShouldClose(window, GLFW_TRUE) }
        }
    }

    /// Says once, on stderr, if a frame left an OpenGL error behind (it never should: resizing and
    /// minimising included). The window tests fail on any such line.
    private func reportGLErrors() {
        let error = epoxy_glGetError()
        guard error != GLenum(GL_NO_ERROR), !reportedGLError else { return }
        reportedGLError = true
        Console.warn("OpenGL error 0x\(String(error, radix: 16)) in a frame of \(scene.viewSize) points")
    }

    /// The view's size in points: the framebuffer divided by the content scale (HiDPI).
    private func updateViewSize(framebufferWidth: Int32, framebufferHeight: Int32) {
        guard framebufferWidth > 0 && framebufferHeight > 0 else { return }
        let scale = contentScale
        let size = Size(width: Double(framebufferWidth) / scale, height: Double(framebufferHeight) / scale)
        if size != scene.viewSize { scene.viewSize = size }
    }

    private var contentScale: Double {
        var x: Float = 1
        var y: Float = 1
        glfwGetWindowContentScale(window, &x, &y)
        return x > 0 ? Double(x) : 1
    }

    /// Cursor position (screen coordinates) to points: screen coordinates to framebuffer pixels,
    /// then pixels to points. Read from GLFW, not from the scene, so a press in the same batch of
    /// events as a resize maps with the new size.
    private func points(x: Double, y: Double) -> Point {
        var winWidth: Int32 = 0
        var winHeight: Int32 = 0
        var fbWidth: Int32 = 0
        var fbHeight: Int32 = 0
        glfwGetWindowSize(window, &winWidth, &winHeight)
        glfwGetFramebufferSize(window, &fbWidth, &fbHeight)
        guard winWidth > 0, winHeight > 0, fbWidth > 0, fbHeight > 0 else { return Point(x: x, y: y) }
        let scale = contentScale
        return Point(x: x * Double(fbWidth) / Double(winWidth) / scale, y: y * Double(fbHeight) / Double(winHeight) / scale)
    }

    private func countFrame(at t: Double) {
        frameCount += 1
        if t - fpsWindowStart >= 0.5 {
            framesPerSecond = Double(frameCount) / (t - fpsWindowStart)
            frameCount = 0
            fpsWindowStart = t
            if watchesShaders { reloadShaders() }
            refreshTitle()
        }
    }

    /// With `--shaders DIR`, an edited effect file is recompiled while the window runs; a broken
    /// one keeps its last good version on screen and its error shows in the HUD and on stderr.
    private func reloadShaders() {
        let (reloaded, errors) = drawer.renderer.reloadChangedShaders()
        for path in reloaded { Console.note("reloaded \(path)") }
        for error in errors { Console.warn("\(error)") }
        if let error = errors.first {
            shaderError = "shader error, showing the last good version: \(error)"
        } else if !reloaded.isEmpty {
            shaderError = nil
        }
    }

    /// Says on stderr, in full, and on the HUD's second line, briefly, that the watchdog stopped
    /// a shader and what is on screen instead.
    private func reportSlowShader(_ error: RenderError) {
        Console.warn("\(error)")
        guard case let .tooSlow(file, _, limit) = error else { return }
        let name = file.split(separator: "/").last.map(String.init) ?? file
        let function = name.hasSuffix(".frag") ? String(name.dropLast(5)) : name
        let fallback = drawer.renderer.isRetired(function) ? "drawing nothing until it is saved again" : "showing its last good version"
        shaderError = "\(name) is too slow (a frame took over \(RenderError.seconds(limit)) s): \(fallback)"
    }

    /// The window title and the HUD line: effect name and frame rate (changes twice a second).
    private func refreshTitle() {
        let name = scene.name
        let fps = framesPerSecond > 0 ? String(format: "%.0f fps", framesPerSecond) : "… fps"
        let count = EffectRegistry.all.count
        let keys = count > 1 ? "1-\(min(count, 9)) or Tab: switch effect,  " : ""
        hudText = "\(name)  \(fps)    \(keys)hold: animate,  Esc: quit"

        let newTitle = "Glint — \(scene.title) — \(fps)"
        if newTitle != title {
            title = newTitle
            glfwSetWindowTitle(window, newTitle)
        }
    }

    // MARK: - Input

    private func installCallbacks() {
        glfwSetWindowUserPointer(window, Unmanaged.passUnretained(self).toOpaque())
        glfwSetCursorPosCallback(window) { window, x, y in
            WindowApp.from(window)?.cursorMoved(x: x, y: y)
        }
        glfwSetMouseButtonCallback(window) { window, button, action, _ in
            WindowApp.from(window)?.mouseButton(button, action: action)
        }
        glfwSetKeyCallback(window) { window, key, _, action, _ in
            WindowApp.from(window)?.key(key, action: action)
        }
    }

    private static func from(_ window: OpaquePointer?) -> WindowApp? {
        guard let window, let raw = glfwGetWindowUserPointer(window) else { return nil }
        return Unmanaged<WindowApp>.fromOpaque(raw).takeUnretainedValue()
    }

    private func cursorMoved(x: Double, y: Double) {
        pointer = points(x: x, y: y)
        if isPressed { pending.append(PointerEvent(.move, pointer, at: now)) }
    }

    private func mouseButton(_ button: Int32, action: Int32) {
        guard button == GLFW_MOUSE_BUTTON_LEFT else { return }
        var x = 0.0
        var y = 0.0
        glfwGetCursorPos(window, &x, &y)
        pointer = points(x: x, y: y)
        if action == GLFW_PRESS, !isPressed {
            isPressed = true
            pending.append(PointerEvent(.down, pointer, at: now))
        } else if action == GLFW_RELEASE, isPressed {
            isPressed = false
            pending.append(PointerEvent(.up, pointer, at: now))
        }
    }

    private func key(_ key: Int32, action: Int32) {
        guard action == GLFW_PRESS else { return }
        switch key {
        case GLFW_KEY_ESCAPE, GLFW_KEY_Q:
            glfwSetWindowShouldClose(window, GLFW_TRUE)
        case GLFW_KEY_H:
            showsHUD.toggle()
        case GLFW_KEY_R:
            scene.tear?.isBroken = false
        case GLFW_KEY_TAB:
            let names = EffectRegistry.names
            let i = names.firstIndex(of: scene.effects[scene.effects.count - 1].descriptor.name) ?? 0
            switchEffect(to: (i + 1) % names.count)
        case GLFW_KEY_1...GLFW_KEY_9:
            switchEffect(to: Int(key - GLFW_KEY_1))
        default:
            break
        }
    }

    private func switchEffect(to index: Int) {
        guard EffectRegistry.all.indices.contains(index) else { return }
        let type = EffectRegistry.all[index]
        guard type.descriptor.name != scene.effects[scene.effects.count - 1].descriptor.name else { return }
        isPressed = false
        pending.removeAll(keepingCapacity: true)
        // An effect that changes what is below is shown over the harmonic glow.
        let effect = type.init()
        do {
            try EffectOptions.loadDefaultImages(effect)
            scene.switchEffects(to: type.descriptor.isModifier ? [HarmonicEffect(), effect] : [effect])
            try drawer.prepare(scene)
        } catch {
            Console.warn("\(error)")
        }
        refreshTitle()
    }
}

/// The window and its OpenGL context. Every GL object made in it keeps it alive (see
/// `GLContext`), so the window is destroyed, and GLFW ended, only after the last of them is deleted.
final class WindowContext: GLContext {
    let window: OpaquePointer

    /// Takes ownership of `window` and makes its context current.
    init(_ window: OpaquePointer) {
        self.window = window
        super.init(kind: "GLFW window")
        makeCurrent()
    }

    override func activate() -> Bool {
        glfwMakeContextCurrent(window)
        return glfwGetCurrentContext() == window
    }

    deinit {
        glfwDestroyWindow(window)
        glfwTerminate()
    }
}
