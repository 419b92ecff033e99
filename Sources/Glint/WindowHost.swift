@preconcurrency import CEpoxy
import Foundation
import GlintCore
import GlintRender

/// The window's engine: the one frame driver and the renderer drawing what it resolves, with
/// what a window offers around the view (the `glint` window's keys): the wall clock to the
/// timeline (`Playback`: pause, step, speed, restart), S and V (`FrameRecorder`), live reload of
/// shader files keeping the last good program, the keyboard of shaders that read it, the sound
/// uniforms, the tear's warm-up frame and the state file. Steady frames allocate nothing.
///
/// Every window runs one: a `Window`'s and an `App`'s, and a client's that puts UI of its own
/// around a view (the `glint` app's window, with its HUD and keys) through the hooks —
/// `keyHandler` (keys of its own, asked first), `captureRegion` and `leavesOverlayOutOfCaptures`
/// (what S and V take), `onEvent` (what the window's keys did, to say on screen),
/// `willAdvance` and `didDrawFrame` (work of its own each frame), `restartsContent` (Backspace),
/// and `windowStateValues`/`stateValues` (its lines of the state file). `run(in:stateFile:content:)`
/// is the frame loop, the same one `Window.run()` runs. (Glint's addition.)
public final class ViewHost {
    /// Draws what the driver resolves.
    public let renderer: ViewRenderer
    /// The one frame driver; a new one at each restart (Backspace).
    public private(set) var driver: FrameDriver
    /// The view as the last frame resolved it.
    public var resolved: ResolvedView { driver.resolved }
    /// The wall clock to the timeline: Space, `.`, Backspace, `[` and `]` change it.
    public internal(set) var playback = Playback()
    /// The video V is recording, if any.
    var recording: FrameRecorder?
    /// Whether V is recording a video.
    public var isRecording: Bool { recording != nil }
    /// Set by S: the frame drawn next is saved.
    var savesFrame = false
    /// What saved frames and videos are named after: `NAME-0003.517s.png`.
    public var captureName = "glint"
    /// Whether changed shader files are reloaded (checked twice a second).
    public var reloadsShaders = true
    var lastReloadCheck = 0.0
    /// Whether the first frame still has to draw the tear's layer path once, thrown away.
    private var warmsUp = true
    /// Errors already reported (an image that cannot be read is reported once, not every frame).
    var reported: Set<String> = []
    /// Frames shown so far (the state file's `window.frame`).
    public private(set) var framesShown = 0
    /// How often the reload check runs, in wall seconds.
    static let reloadInterval = 0.5
    /// The date at time 0 for each driver: fixed, or nil for the moment it is made.
    private let startDate: Date?

    // MARK: Hooks

    /// Asked first with each key the window's own keys would take (with a shader reading the
    /// keyboard, those pressed with Control, and Esc and F11): true when it handled the key,
    /// which the window then leaves alone.
    public var keyHandler: ((Key, inout GlintWindow.Frame) -> Bool)?
    /// Whether keys reach the views first (`onKeyPress`, text fields, Tab between controls), as
    /// in a `Window`; a client whose view takes no keys and whose own keys include Tab turns it off.
    public var viewsTakeKeys = true
    /// The part of the window S saves and V records, in points from its top-left, for a view
    /// of the size given (the view beside a docked panel, say); nil, or no hook: the whole window.
    public var captureRegion: ((Size) -> Rect?)?
    /// Whether the content shows something S and V leave out (a HUD): a frame saved or recorded
    /// is then built and drawn first with `TimelineContext.isCapture` true, captured, and built
    /// again for the screen. Without it the frame on screen is the one captured.
    public var leavesOverlayOutOfCaptures = false
    /// Told what the window's keys and its reloading did (paused, saved a PNG, a shader error…),
    /// to say on screen. Without it each event is a line on standard error (`describe(_:)`).
    public var onEvent: ((Event) -> Void)?
    /// Called each frame after the keys, with the frame and the timeline's time it shows, before
    /// the view advances to it and is built (sound brought to the timeline's time, say).
    public var willAdvance: ((inout GlintWindow.Frame, Double) -> Void)?
    /// Called as each frame begins, before its keys: work of the client's own (counting what
    /// the frame allocates, say).
    public var willBeginFrame: ((GlintWindow.Frame) -> Void)?
    /// Called once each frame is drawn, before the state file's line is made: work of the
    /// client's own (its title, a check for OpenGL errors).
    public var didDrawFrame: ((GlintWindow.Frame) -> Void)?
    /// Backspace: the client makes its content afresh, as at the start; false leaves everything
    /// as it was (it could not, and said why).
    public var restartsContent: (() -> Bool)?
    /// Where V's video goes (path, pixel width and height): a sink of the client's own; nil, or
    /// no hook, Glint's ffmpeg pipe (`FFmpegVideo`).
    public var makeVideoSink: ((String, Int, Int) throws -> any VideoSink)?
    /// The client's own window values in the state file, after `window.speed` and before
    /// `window.recording` (`glint window --state`'s `window.controls`).
    public var windowStateValues: (() -> [(String, StateValue)])?
    /// More values for the state file, after the window's (`Window.stateValues`).
    public var stateValues: (() -> [(String, StateValue)])?

    /// A host drawing over `backdrop`, with Glint's shaders read from `sources`; its driver's
    /// time 0 is `startDate` (nil: the moment the driver is made, again at each restart).
    public init(backdrop: Color, sources: ShaderSources = ShaderSources(), startDate: Date? = nil) throws {
        renderer = try ViewRenderer(sources: sources)
        self.startDate = startDate
        driver = FrameDriver(backdrop: backdrop, startDate: startDate ?? Date())
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
        guard viewsTakeKeys else {
            var i = 0
            while i < frame.keyPresses.count {
                handleWindowKey(frame.keyPresses[i], in: &frame, window: window)
                i += 1
            }
            return
        }
        // A focused text field takes the keys and the typed text first (Tab moves the focus);
        // while one has it, the window's keys type instead of acting (F11 aside).
        if resolved.store.clipboard !== clipboard { resolved.store.clipboard = clipboard(of: window) }
        // What the focus takes is decided by the focus the frame began with.
        let typing = resolved.hasTextFocus
        let controlFocused = !typing && resolved.hasKeyboardFocus
        // The typed text and the keys in the order they came: the text typed before a Return
        // reaches the field before the Return submits it.
        var s = 0
        var typedUpTo = 0
        while s < frame.keyStrokes.count {
            let stroke = frame.keyStrokes[s]
            s += 1
            let before = min(max(stroke.typedBefore, typedUpTo), frame.typed.count)
            if before > typedUpTo, typing || resolved.hasTextFocus { resolved.type(frame.typed[typedUpTo..<before]) }
            typedUpTo = before
            _ = resolved.handleKeyStroke(stroke.key, shift: stroke.shift, control: stroke.control)
        }
        if typing || resolved.hasTextFocus { resolved.type(frame.typed[typedUpTo...]) }
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
        if let keyHandler, keyHandler(key, &frame) { return }
        switch key {
        case .escape, "q": window.close()
        case .space:
            playback.togglePause()
            tell(.paused(playback.isPaused))
        case ".": tell(.stepped(playback.step()))
        case "[", "]":
            _ = playback.setSpeed(playback.speed * (key == "]" ? 2 : 0.5))
            tell(.speed(playback.speed))
        case .delete: restart(&frame)
        case "s": savesFrame = true
        case "v": recording == nil ? startRecording(captured(frame).pixels) : stopRecording()
        case .f11:
            window.isFullscreen.toggle()
            tell(.fullscreen(window.isFullscreen))
        default: break
        }
    }

    /// Backspace: the view's state and timeline start over at 0, as when the window opened.
    private func restart(_ frame: inout GlintWindow.Frame) {
        frame.cancelPointer()
        driver.cancelPointer()
        if let restartsContent, !restartsContent() { return }
        let hearing = driver.hearing
        let environment = driver.environment
        driver = FrameDriver(backdrop: driver.backdrop, startDate: startDate ?? Date())
        driver.environment = environment
        driver.hearing = hearing
        playback.restart()
        tell(.restarted)
    }

    // MARK: Frames

    /// What the window hears this frame: the voice effects and the content's context get it,
    /// shaders its `glint_audio*` uniforms.
    public func hear(_ hearing: Hearing?) {
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

    /// One frame: the input to the views, time moved, the view built, drawn, captured (S, V).
    func draw<C: View>(_ frame: inout GlintWindow.Frame, content: (TimelineContext) -> C) throws(RenderError) {
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
        willAdvance?(&frame, time)
        driver.advance(to: time, applying: frame.pointerEvents[...])
        let size = CGSize(width: frame.viewSize.width, height: frame.viewSize.height)
        let scale = CGFloat(frame.pixelScale)
        if warmsUp {
            // Once, before the first frame: a view with a tear draws it open, thrown away, so the
            // first real tear compiles nothing (its programs and layers are ready).
            warmsUp = false
            try renderer.drawTearWarmUp(driver, into: frame.framebuffer) { driver.update(in: size, scale: scale, content: content) }
        }
        let region = captured(frame)
        if let recording, recording.pixelWidth != region.pixels.pixelWidth || recording.pixelHeight != region.pixels.pixelHeight {
            // A video keeps one size: a resized (or fullscreen) window, or a region that changed
            // (a panel shown or hidden), ends it, saved.
            stopRecording(because: "the view changed size")
        }
        let captures = savesFrame || recording?.wants(time) == true
        if captures && leavesOverlayOutOfCaptures {
            // The picture without the overlay, captured before the frame is built again with it.
            try drawView(size: size, scale: scale, into: frame.framebuffer, capture: true, content: content)
            capture(region.pixels, at: time)
        }
        try drawView(size: size, scale: scale, into: frame.framebuffer, capture: false, content: content)
        if captures && !leavesOverlayOutOfCaptures { capture(region.pixels, at: time) }
        if reloadsShaders, frame.time - lastReloadCheck >= Self.reloadInterval {
            lastReloadCheck = frame.time
            reloadShaders()
        }
        framesShown += 1
    }

    /// Builds the view (`TimelineContext.isCapture` as given) and draws it; a shader the
    /// watchdog stops is reported and the frame drawn again without it.
    private func drawView<C: View>(size: CGSize, scale: CGFloat, into target: Framebuffer, capture: Bool,
                                   content: (TimelineContext) -> C) throws(RenderError) {
        driver.update(in: size, scale: scale) { context in
            var context = context
            context.isCapture = capture
            return content(context)
        }
        if !resolved.errors.isEmpty { report(resolved.errors) }
        // Views under the pointer hear it (`onHover`), also when they moved under a still one.
        resolved.hover(at: lastHover)
        do {
            try renderer.draw(resolved, into: target)
        } catch {
            // The watchdog took the slow shader out of use: its last good version (or nothing)
            // is in place now, so it is said and the frame drawn again.
            guard case .tooSlow = error else { throw error }
            report([error])
            driver.update(in: size, scale: scale) { context in
                var context = context
                context.isCapture = capture
                return content(context)
            }
            try renderer.draw(resolved, into: target)
        }
    }

    /// The part of the window S and V take this frame (`captureRegion`): its size in points and
    /// its pixels, a region of the window's framebuffer (from GL's bottom-left).
    func captured(_ frame: GlintWindow.Frame) -> (size: Size, pixels: Framebuffer) {
        let full = frame.framebuffer
        let size = frame.viewSize
        guard size.width > 0, size.height > 0, let content = captureRegion?(size) else { return (size, full) }
        let sx = Double(full.pixelWidth) / size.width, sy = Double(full.pixelHeight) / size.height
        let left = min(max(Int((content.minX * sx).rounded()), 0), full.pixelWidth)
        let top = min(max(Int((content.minY * sy).rounded()), 0), full.pixelHeight)
        let right = min(max(Int((content.maxX * sx).rounded()), left), full.pixelWidth)
        let bottom = min(max(Int((content.maxY * sy).rounded()), top), full.pixelHeight)
        var region = Framebuffer(id: full.id, pixelWidth: right - left, pixelHeight: bottom - top)
        region.originX = full.originX + left
        region.originY = full.originY + full.pixelHeight - bottom
        return (content.size, region)
    }

    // MARK: Running

    /// Runs `content` in `window` until it closes: the frame loop every window runs (`Window.run()`),
    /// each frame's state written to `stateFile` once it is on screen. A video being recorded
    /// when the window closes is kept.
    ///
    /// - Throws: the renderer's one-line `RenderError` when a shader does not compile or its
    ///   arguments do not fit it.
    public func run<C: View>(in window: GlintWindow, stateFile: StateFile? = nil, content: @escaping (TimelineContext) -> C) throws {
        let session = WindowSession(window: window, host: self, stateFile: stateFile)
        session.draw = { [unowned self] frame in try self.draw(&frame, content: content) }
        try session.run()
    }
}
