@preconcurrency import CEpoxy
import Foundation
import GlintCore
import GlintRender

/// The window's engine: the one frame driver and the renderer drawing what it resolves, with
/// what a window offers around the view (the `glint` window's keys): the wall clock to the
/// timeline (`Playback`: pause, step, speed, restart), S and V (`FrameRecorder`), live reload of
/// shader files keeping the last good program, the keyboard of shaders that read it, the sound
/// uniforms, the tear's warm-up frame and the state file. Steady frames allocate nothing.
final class ViewHost {
    let renderer: ViewRenderer
    private(set) var driver: FrameDriver
    var resolved: ResolvedView { driver.resolved }
    /// The wall clock to the timeline: Space, `.`, Backspace, `[` and `]` change it.
    private(set) var playback = Playback()
    /// The video V is recording, if any.
    private(set) var recording: FrameRecorder?
    /// Set by S: the frame drawn next is saved.
    private var savesFrame = false
    /// What saved frames and videos are named after: `NAME-0003.517s.png`.
    var captureName = "glint"
    /// Whether changed shader files are reloaded (checked twice a second).
    var reloadsShaders = true
    private var lastReloadCheck = 0.0
    /// Whether the first frame still has to draw the tear's layer path once, thrown away.
    private var warmsUp = true
    /// Errors already printed (an image that cannot be read is reported once, not every frame).
    private var reported: Set<String> = []
    /// Frames shown so far (the state file's `window.frame`).
    private(set) var framesShown = 0
    /// How often the reload check runs, in wall seconds.
    static let reloadInterval = 0.5

    init(backdrop: Color) throws {
        renderer = try ViewRenderer()
        driver = FrameDriver(backdrop: backdrop)
        // Dark, as a shader viewer's black window wants, unless GLINT_COLOR_SCHEME says otherwise.
        driver.environment.colorScheme = ColorScheme.processDefault ?? .dark
        // An image too large for this OpenGL shows a placeholder and is reported once.
        renderer.renderer.onOversizedImage = { [weak self] error in self?.report([error]) }
    }

    /// A line on standard error: `glint: …`.
    func say(_ line: String) {
        FileHandle.standardError.write(Data("glint: \(line)\n".utf8))
    }

    // MARK: Keys

    /// The frame's keys: to a shader that reads the keyboard every key (Glint's then take
    /// Control, except Esc and F11), else to the views that bound them (`onKeyPress`), then the
    /// window's own. `close` ends the window, `fullscreen` toggles it.
    func handleKeys(_ frame: inout GlintWindow.Frame, window: GlintWindow) {
        if readsKeyboard {
            var k = 0
            while k < frame.keyChanges.count {  // index loops: no iterator allocation in debug builds
                let change = frame.keyChanges[k]
                k += 1
                if let key = change.key, change.control || key == .escape || key == .f11 {
                    if change.isDown { handleWindowKey(key, in: &frame, window: window) }
                } else if let code = ToyKeys.browserCode(glfwKey: change.code) {
                    var e = 0
                    while e < resolved.effects.count {
                        resolved.effects[e].key(code, isDown: change.isDown)
                        e += 1
                    }
                }
            }
            return
        }
        // A focused text field takes the keys and the typed text first (Tab moves the focus);
        // while one has it, the window's keys type instead of acting (F11 aside).
        if resolved.store.clipboard !== clipboard { resolved.store.clipboard = clipboard(of: window) }
        // What the focus takes is decided by the focus the frame began with.
        let typing = resolved.hasTextFocus
        let controlFocused = !typing && resolved.hasKeyboardFocus
        var s = 0
        while s < frame.keyStrokes.count {
            let stroke = frame.keyStrokes[s]
            s += 1
            _ = resolved.handleKeyStroke(stroke.key, shift: stroke.shift, control: stroke.control)
        }
        if typing || resolved.hasTextFocus { resolved.type(frame.typed) }
        var i = 0
        while i < frame.keyPresses.count {
            let key = frame.keyPresses[i]
            i += 1
            if typing ? key != .f11 : controlFocused && ResolvedView.controlKeys.contains(key) { continue }
            if driver.handleKey(key) { continue }
            handleWindowKey(key, in: &frame, window: window)
        }
    }

    /// Where the pointer last moved with no button held, in the view's points.
    private var lastHover: Point?

    /// The window's clipboard for text fields, made once.
    private var clipboard: Clipboard?

    private func clipboard(of window: GlintWindow) -> Clipboard {
        if let clipboard { return clipboard }
        let made = Clipboard(read: { [weak window] in window?.clipboardString }, write: { [weak window] in window?.clipboardString = $0 })
        clipboard = made
        return made
    }

    /// Whether an effect shown reads the keyboard (a Shadertoy's keyboard channel).
    private var readsKeyboard: Bool {
        var e = 0
        while e < resolved.effects.count {
            if resolved.effects[e].readsKeyboard { return true }
            e += 1
        }
        return false
    }

    private func handleWindowKey(_ key: Key, in frame: inout GlintWindow.Frame, window: GlintWindow) {
        switch key {
        case .escape, "q": window.close()
        case .space: playback.togglePause()
        case ".": _ = playback.step()
        case "[", "]": _ = playback.setSpeed(playback.speed * (key == "]" ? 2 : 0.5))
        case .delete: restart(&frame)
        case "s": savesFrame = true
        case "v": recording == nil ? startRecording(frame.framebuffer) : stopRecording()
        case .f11: window.isFullscreen.toggle()
        default: break
        }
    }

    /// Backspace: the view's state and timeline start over at 0, as when the window opened.
    private func restart(_ frame: inout GlintWindow.Frame) {
        frame.cancelPointer()
        driver.cancelPointer()
        let hearing = driver.hearing
        let environment = driver.environment
        driver = FrameDriver(backdrop: driver.backdrop)
        driver.environment = environment
        driver.hearing = hearing
        playback.restart()
        say("restarted at 0 s")
    }

    // MARK: Frames

    /// What the window hears this frame: the voice effects and the content's context get it,
    /// shaders its `glint_audio*` uniforms.
    func hear(_ hearing: Hearing?) {
        driver.hearing = hearing
        let h = hearing ?? Hearing()
        renderer.renderer.audio = (Float(h.level), Float(h.bass), Float(h.mid), Float(h.treble))
    }

    /// A Shadertoy's sound channel: `sound` hands the sound texture's bytes at `time` to the
    /// shaders of other tools shown, with what the window hears.
    func hearSound(at time: Double, from sound: (Double, (UnsafeBufferPointer<UInt8>) -> Void) -> Void) {
        let hearing = driver.hearing ?? Hearing()
        let effects = resolved.effects
        sound(time) { bytes in
            var e = 0
            while e < effects.count {  // index loops: no iterator allocation in debug builds
                if effects[e].toolProgram != nil { effects[e].hear(hearing, sound: bytes) }
                e += 1
            }
        }
    }

    func draw<C: View>(_ frame: inout GlintWindow.Frame, content: (TimelineContext) -> C) throws {
        var k = 0
        while k < frame.scrollEvents.count {  // index loops: no iterator allocation in debug builds
            driver.scroll(frame.scrollEvents[k])
            k += 1
        }
        if let hover = frame.hover { lastHover = hover }
        if let hover = frame.hover {
            var e = 0
            while e < resolved.effects.count {
                resolved.effects[e].hover(at: hover)
                e += 1
            }
        }
        let time = playback.frame(at: frame.time, events: &frame.pointerEvents)
        driver.advance(to: time, applying: frame.pointerEvents[...])
        let size = CGSize(width: frame.viewSize.width, height: frame.viewSize.height)
        if warmsUp {
            // Once, before the first frame: a view with a tear draws it open, thrown away, so the
            // first real tear compiles nothing (its programs and layers are ready).
            warmsUp = false
            driver.drawsIdleChainsInLayers = true
            driver.update(in: size, scale: CGFloat(frame.pixelScale), content: content)
            if !resolved.tears.isEmpty { try renderer.draw(resolved, into: frame.framebuffer) }
            driver.drawsIdleChainsInLayers = false
        }
        driver.update(in: size, scale: CGFloat(frame.pixelScale), content: content)
        if !resolved.errors.isEmpty { report(resolved.errors) }
        // Views under the pointer hear it (`onHover`), also when they moved under a still one.
        resolved.hover(at: lastHover)
        try renderer.draw(resolved, into: frame.framebuffer)
        capture(frame.framebuffer, at: time)
        if reloadsShaders, frame.time - lastReloadCheck >= Self.reloadInterval {
            lastReloadCheck = frame.time
            reloadShaders()
        }
        framesShown += 1
    }

    /// S and V: the frame just drawn saved as a PNG, and handed to the recording.
    private func capture(_ framebuffer: Framebuffer, at time: Double) {
        if savesFrame {
            savesFrame = false
            do {
                let path = try FrameRecorder.savePNG(framebuffer, named: captureBase)
                say("saved \(path) (\(framebuffer.pixelWidth)x\(framebuffer.pixelHeight) pixels)")
            } catch {
                say("warning: \(error)")
            }
        }
        guard let recording else { return }
        if recording.pixelWidth != framebuffer.pixelWidth || recording.pixelHeight != framebuffer.pixelHeight {
            // A video keeps one size: a resized (or fullscreen) window ends it, saved.
            return stopRecording(because: "the view changed size")
        }
        guard recording.wants(time) else { return }
        do {
            try recording.record(framebuffer, at: time)
        } catch {
            self.recording = nil
            playback.fixedFrames = false
            say("warning: \(error)")
        }
    }

    /// The timeline time as a file name: `glint-0003.517s`.
    private var captureBase: String {
        "\(captureName)-\(String(format: "%08.3f", driver.time))s"
    }

    private func startRecording(_ framebuffer: Framebuffer) {
        guard let path = FrameRecorder.freePath(captureBase) else {
            return say("warning: cannot record: \(captureBase).mp4 and the next names are all taken")
        }
        do {
            recording = try FrameRecorder(path: path, pixelWidth: framebuffer.pixelWidth, pixelHeight: framebuffer.pixelHeight)
            playback.fixedFrames = true
            say("recording \(path) (\(framebuffer.pixelWidth)x\(framebuffer.pixelHeight) pixels, \(Int(FrameRecorder.fps)) fps)")
        } catch {
            say("warning: \(error)")
        }
    }

    /// Ends the recording, if one runs, and saves the video (quitting while recording keeps it).
    func stopRecording(because reason: String? = nil) {
        guard let recording else { return }
        self.recording = nil
        playback.fixedFrames = false
        do {
            try recording.finish()
            let seconds = String(format: "%.2f", Double(recording.frames) / FrameRecorder.fps)
            say("saved \(recording.path) (\(recording.frames) frames, \(seconds) s)\(reason.map { " (\($0))" } ?? "")")
        } catch {
            say("warning: \(error)")
        }
    }

    /// Recompiles changed shader files (your own GLSL and Metal, and the files of a Shadertoy,
    /// glslViewer or ISF shader); a broken one keeps its last good version on screen, its error said.
    private func reloadShaders() {
        let (reloaded, errors) = renderer.reloadChangedShaders()
        guard !reloaded.isEmpty || !errors.isEmpty else { return }
        for path in reloaded { say("reloaded \(path)") }
        for error in errors { say("shader error, showing the last good version: \(error)") }
    }

    func report(_ errors: [RenderError]) {
        for error in errors where !reported.contains(error.description) {
            reported.insert(error.description)
            say(error.description)
        }
    }

    /// The frame on screen as the state file's values: frames shown, the timeline's time, the
    /// wall clock's, whether the button is held, time paused, its speed, a video recording.
    func stateValues(clock: Double) -> [(String, StateValue)] {
        [
            ("window.frame", .number(Double(framesShown))),
            ("window.time", .number(driver.time)),
            ("window.clock", .number(clock)),
            ("window.pressed", .bool(driver.context.isPressed)),
            ("window.paused", .bool(playback.isPaused)),
            ("window.speed", .number(playback.speed)),
            ("window.recording", .bool(recording != nil)),
        ]
    }
}
