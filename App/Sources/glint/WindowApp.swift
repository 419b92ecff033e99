@preconcurrency import CEpoxy
import CAllocCounter
import Foundation
import class Glint.FrameRecorder
import class Glint.GlintWindow
import class GlintControls.ControlsPanel
import struct GlintControls.HeadsUpDisplay
import struct Glint.Key
import struct Glint.WindowError
import GlintAudio
import GlintCore
import GlintRender

/// The interactive window: a client of the library's `GlintWindow`, which owns GLFW and turns
/// input into values. Each frame its key presses become commands, the frame's wall time becomes
/// timeline time (`Playback`: paused, stepped, restarted, sped up), and its pointer events and
/// that time go through the library's one frame driver to the app's view (`AppFrames`), as in
/// `render` and `bench`.
final class WindowApp {
    private let window: GlintWindow
    private let app: AppFrames
    private var state: AppState { app.state }
    /// The watchdog's default limit in the window, in seconds: a slow edit never freezes it longer.
    static let defaultFrameTimeout = 2.0

    private var showsHUD = true
    /// The HUD's top line (the effect and the frame rate) and its help (the keys), refreshed
    /// twice a second.
    private var hudText = ""
    private var helpText = ""
    /// What the window says over a broken view, whether or not the HUD shows.
    static let restoreNotice = "Press R to bring the view back"
    /// All the help left while it is hidden: how to bring it back.
    static let hiddenHelp = "H: show help"
    private var frameCount = 0
    private var fpsWindowStart = 0.0
    private var framesPerSecond = 0.0
    private var reportedGLError = false
    private let watchesShaders: Bool
    private var shaderError: String?
    /// The wall clock to the timeline: Space, `.`, Backspace, `[` and `]` change it.
    private var playback = Playback()
    /// Makes the chain shown now afresh, as it was when it appeared (Backspace): the command
    /// line's chain, or the one a number key chose.
    private var makeChain: () throws -> [any Effect]
    /// What the last key did, shown at the bottom until `confirmationEnds` (wall time).
    private var confirmation: String?
    private var confirmationEnds = 0.0
    /// How long a confirmation shows, in wall seconds.
    static let confirmationSeconds = 1.5
    /// Set by S: the next frame is drawn without the HUD and saved before it is shown.
    private var savesFrame = false
    /// The video V is recording, if any.
    private var recording: FrameRecorder?
    /// Names tried for a saved frame before giving up: `name.png`, `name-2.png`, …
    static let saveNameAttempts = 1000
    /// `--state FILE`: the state of each frame, written once that frame is on screen.
    private let stateFile: WindowStateFile?
    /// The last frame's state, written at the start of the next frame (its events polled, so
    /// the picture has reached the X server), and frames drawn so far.
    private var drawnState: String?
    private var framesShown = 0

    /// `showsControls`: `--controls` or `--no-controls`; nil shows the panel for effects whose
    /// descriptor asks for it until the C key decides.
    /// `makeEffects` makes the chain afresh, as at launch, for Backspace; the first chain shown is its first.
    init(makeEffects: @escaping () throws -> [any Effect], tear: TearController?, backdrop: Color, size: Size, sources: ShaderSources,
         showsForeground: Bool, showsControls: Bool?, frameTimeout: Double?, quitAfter: Double?, audio: AudioFeed? = nil,
         stateFile: WindowStateFile? = nil) throws {
        makeChain = makeEffects
        self.stateFile = stateFile
        let effects = try makeEffects()
        let name = effects.count == 1 ? effects[0].descriptor.title : effects.map(\.descriptor.name).joined(separator: " + ")
        do {
            window = try GlintWindow(title: "Glint — \(name)", size: size)
        } catch {
            guard error.kind == .noDisplay else { throw AppError(error.description) }
            throw AppError("\(error.description). To render without a display use 'glint render --output frame.png'")
        }
        window.quitAfter = quitAfter
        if let asked = window.fittedFrom {
            Console.note("the screen is smaller than \(asked) points: the window opens at \(window.viewSize) and can be resized")
        }
        let state = AppState(effects: effects, tear: tear, showsForeground: showsForeground, showsControls: showsControls, audio: audio)
        app = try AppFrames(state: state, sources: sources, backdrop: backdrop, frameTimeout: frameTimeout)
        app.warmsUpTear = true
        // An image too large for this OpenGL shows a placeholder, with one warning.
        app.renderer.renderer.onOversizedImage = { Console.warn("\($0)") }
        // Shaders of other tools are watched too: their files are the user's.
        watchesShaders = sources.overrideDirectory != nil || effects.contains { $0.toolProgram != nil }
        state.hud = hud
        try app.prepare()
    }

    func run() throws {
        fpsWindowStart = window.time
        refreshTitle()
        // Quitting (Esc, Q, --quit-after, the window closed, an error) while recording keeps the video.
        defer { stopRecording(at: window.time) }
        defer { writeDrawnState() }
        try window.run { frame in
            writeDrawnState()
            if allocations == nil {
                try self.draw(&frame)
            } else {
                glint_alloc_counting_begin()
                try self.draw(&frame)
                let total = glint_alloc_counting_end()
                countAllocations(total - glint_alloc_counting_driver(), keys: !frame.keyPresses.isEmpty)
            }
            if stateFile != nil { drawnState = stateJSON(clock: frame.time) }
        }
        if let allocations {
            // What `GLINT_COUNT_ALLOCATIONS=1 glint` measures: the window's frames as `bench` measures its own.
            let steady = max(allocations.frames, 1)
            Console.note(String(format: "window: %.2f allocations/frame by Glint over %d steady frames (worst frame %llu)",
                                Double(allocations.total) / Double(steady), allocations.frames, allocations.worst))
        }
    }

    /// With GLINT_COUNT_ALLOCATIONS set: heap allocations made by Glint (the GL driver's own left
    /// out) in the window's frames after the first 30, leaving out frames with key presses (a
    /// switch of effect makes new effects).
    private var allocations: (frames: Int, total: UInt64, worst: UInt64)? =
        ProcessInfo.processInfo.environment["GLINT_COUNT_ALLOCATIONS"] != nil && glint_alloc_counter_active() != 0 ? (0, 0, 0) : nil
    private var framesDrawn = 0

    /// Writes the state of the frame drawn last (`--state`), now that it is on screen.
    private func writeDrawnState() {
        guard let stateFile, let drawnState else { return }
        self.drawnState = nil
        stateFile.write(drawnState)
    }

    /// The frame just drawn as `--state` JSON: the window's own values (`window.frame`, frames
    /// drawn so far; `window.time`, the timeline's seconds; `window.clock`, the wall clock's
    /// seconds since the window opened; `window.speed`, the timeline's; whether the button is held, time
    /// paused, the controls and the help shown, a video recording), then what the shaders
    /// received, as `render --state` writes it.
    private func stateJSON(clock: Double) -> String {
        framesShown += 1
        let own: [(String, StateValue)] = [
            ("window.frame", .number(Double(framesShown))),
            ("window.time", .number(app.driver.time)),
            ("window.clock", .number(clock)),
            ("window.pressed", .bool(app.driver.context.isPressed)),
            ("window.paused", .bool(playback.isPaused)),
            ("window.speed", .number(playback.speed)),
            ("window.controls", .bool(state.controlsVisible)),
            ("window.help", .bool(showsHUD)),
            ("window.recording", .bool(recording != nil)),
        ]
        return StateJSON.encode(own + state.stateSnapshot())
    }

    private func countAllocations(_ own: UInt64, keys: Bool) {
        framesDrawn += 1
        guard framesDrawn > BenchCommand.warmUpFrames, !keys, var a = allocations else { return }
        a.frames += 1
        a.total += own
        a.worst = max(a.worst, own)
        allocations = a
    }

    private func draw(_ frame: inout GlintWindow.Frame) throws {
        let wall = frame.time
        var k = 0
        if state.effect.readsKeyboard {
            // A shader reading the keyboard gets every key, held or not; Glint's keys take
            // Control (Ctrl+S saves), except Esc and F11.
            while k < frame.keyChanges.count {  // index loops: no iterator allocation in debug builds
                let change = frame.keyChanges[k]
                k += 1
                if let key = change.key, change.control || key == .escape || key == .f11 {
                    if change.isDown { handle(key, in: &frame) }
                } else if let code = ToyKeys.browserCode(glfwKey: change.code) {
                    state.effect.key(code, isDown: change.isDown)
                }
            }
        } else {
            while k < frame.keyPresses.count {
                handle(frame.keyPresses[k], in: &frame)
                k += 1
            }
        }
        if let hover = frame.hover { state.effect.hover(at: hover) }
        watchAudio()
        if !frame.keyPresses.isEmpty { refreshTitle() }
        if confirmation != nil, wall >= confirmationEnds { confirmation = nil }
        let t = playback.frame(at: wall, events: &frame.pointerEvents)
        var i = 0
        while i < frame.scrollEvents.count {
            app.driver.scroll(frame.scrollEvents[i])
            i += 1
        }
        // Each pointer event applies at its own time, so springs see the real press timing.
        app.advance(to: t, applying: frame.pointerEvents[...])
        let view = viewRegion(frame)
        if let recording, recording.pixelWidth != view.pixels.pixelWidth || recording.pixelHeight != view.pixels.pixelHeight {
            // A video keeps one size: a resized (or fullscreen) window, or the controls shown or
            // hidden, ends it, saved.
            stopRecording(at: wall, because: "the view changed size")
        }
        let records = recording?.wants(t) == true
        if savesFrame || records {
            // The picture without the HUD, saved or recorded before the frame is drawn again with
            // it: the effect's view alone, the controls beside it left out.
            state.hud = nil
            try drawView(frame)
            if savesFrame {
                savesFrame = false
                saveFrame(view.pixels, wall: wall)
            }
            if records { recordFrame(view.pixels, at: t, wall: wall) }
        }
        chooseHelp(for: view.size)
        state.hud = hud
        try drawView(frame)
        if !reportedImageErrors, !app.errors.isEmpty {
            reportedImageErrors = true
            for error in app.errors { Console.warn("\(error)") }
        }
        reportGLErrors()
        countFrame(at: wall)
    }
    private var reportedImageErrors = false

    private func drawView(_ frame: GlintWindow.Frame) throws {
        do {
            try app.draw(size: frame.viewSize, into: frame.framebuffer)
        } catch {
            // The watchdog stopped a shader that is too slow: its last good version (or
            // nothing) is in place now, so say why and draw the frame again.
            guard case .tooSlow = error else { throw error }
            reportSlowShader(error)
            if state.hud != nil { state.hud = hud }
            try app.draw(size: frame.viewSize, into: frame.framebuffer)
        }
    }

    /// What shows over the view: the HUD's lines while shown (hidden, only how to show them); a
    /// shader error even with the HUD hidden (the picture on screen is stale); over a broken view,
    /// how to bring it back.
    private var hud: HUDLines {
        HUDLines(top: showsHUD && help != .shortOnly ? hudText : nil, second: shaderError ?? audioNotice,
                 help: showsHUD ? (help == .all ? helpText : Self.shortHelp) : Self.hiddenHelp,
                 notice: state.tear?.isBroken == true ? Self.restoreNotice : nil, confirmation: confirmation)
    }

    /// The help in a view too small for all the keys (where they would cover more than
    /// `HeadsUpDisplay.Style.maximumCover` of its height).
    static let shortHelp = "H: hide help   Q: quit"
    /// How much of the help the HUD shows: all the keys, the short help under the top line, or
    /// in a view too small even for that the short help alone.
    private enum HelpShown { case all, short, shortOnly }
    private var help = HelpShown.all
    /// The effect view's size and the lines `help` was chosen for: chosen again only when one
    /// of them changes (it measures text).
    private var measuredHelp = (size: Size.zero, top: "", second: "", help: "")

    /// Chooses how much help the effect's view of `size` points has room for.
    private func chooseHelp(for size: Size) {
        let second = shaderError ?? audioNotice ?? ""
        guard showsHUD, size != measuredHelp.size || hudText != measuredHelp.top || second != measuredHelp.second
                || helpText != measuredHelp.help else { return }
        measuredHelp = (size, hudText, second, helpText)
        let error = second.isEmpty ? nil : second
        help = HeadsUpDisplay.fits(top: hudText, second: error, help: helpText, in: size) ? .all
            : HeadsUpDisplay.fits(top: hudText, second: error, help: Self.shortHelp, in: size) ? .short : .shortOnly
    }

    /// The effect's view in this frame, as S saves and V records it: the whole framebuffer, or
    /// with the controls shown the part the panel leaves (`ControlsPanel.placement(in:)`, the
    /// dock's own numbers); its size in points and its pixels (the region of the window's
    /// framebuffer, from GL's bottom-left).
    private func viewRegion(_ frame: GlintWindow.Frame) -> (size: Size, pixels: Framebuffer) {
        let full = frame.framebuffer
        let size = frame.viewSize
        guard state.controlsVisible, size.width > 0, size.height > 0 else { return (size, full) }
        let effects = state.effects
        if !Self.same(capturePanel?.effects ?? [], effects) { capturePanel = ControlsPanel(effects: effects) }
        guard let content = capturePanel?.placement(in: size).content else { return (size, full) }
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
    /// The panel whose placement `viewRegion` follows, made again when the chain changes.
    private var capturePanel: ControlsPanel?

    private static func same(_ a: [any Effect], _ b: [any Effect]) -> Bool {
        guard a.count == b.count else { return false }
        var i = 0
        while i < a.count {  // index loops: no iterator allocation in debug builds
            if a[i] !== b[i] { return false }
            i += 1
        }
        return true
    }

    /// Why the sound source gives nothing (a live source that went away: the waves settle to
    /// idle), shown on the HUD's second line until it comes back; made when the status changes.
    private var audioNotice: String?
    private var shownAudioStatus = AudioInputStatus.running

    /// Follows the sound source's status (each frame; allocates only when it changes).
    private func watchAudio() {
        guard let audio = state.audio, audio.input.status != shownAudioStatus else { return }
        shownAudioStatus = audio.input.status
        switch shownAudioStatus {
        case .running:
            audioNotice = nil
            Console.note("\(audio.name): listening again")
        case .unavailable(let why):
            audioNotice = "no sound: \(why); listening for it to come back"
            Console.warn(audioNotice!)
        }
    }

    /// Shows what a key did for `confirmationSeconds`.
    private func confirm(_ text: String, at wall: Double) {
        confirmation = text
        confirmationEnds = wall + Self.confirmationSeconds
    }

    /// The chain and the timeline time as a file name: `glint-harmonic-0003.517s`,
    /// `glint-harmonic+wave-0012.000s`.
    private var captureName: String {
        "glint-\(state.name.replacingOccurrences(of: ",", with: "+"))-\(String(format: "%08.3f", app.driver.time))s"
    }

    /// V: starts recording the effect's view at its pixel size, or stops and saves the video.
    private func toggleRecording(_ frame: GlintWindow.Frame) {
        guard recording == nil else { return stopRecording(at: frame.time) }
        let view = viewRegion(frame).pixels
        let base = captureName
        guard let path = FrameRecorder.freePath(base, attempts: Self.saveNameAttempts) else {
            Console.warn("cannot record: \(base).mp4 and the next \(Self.saveNameAttempts - 1) names are all taken")
            return confirm("Not recording: every name is taken", at: frame.time)
        }
        do {
            let video = try WindowVideo(path: path, pixelWidth: view.pixelWidth, pixelHeight: view.pixelHeight)
            recording = try FrameRecorder(path: path, pixelWidth: view.pixelWidth, pixelHeight: view.pixelHeight, sink: video)
            playback.fixedFrames = true
            Console.note("recording \(path) (\(view.pixelWidth)x\(view.pixelHeight) pixels, \(Int(FrameRecorder.fps)) fps)")
            confirm("Recording… (V to stop)", at: frame.time)
        } catch {
            Console.warn("\(error)")
            confirm("Not recording: \(error)", at: frame.time)
        }
        refreshTitle()
    }

    private func recordFrame(_ framebuffer: Framebuffer, at t: Double, wall: Double) {
        guard let recording else { return }
        do {
            try recording.record(framebuffer, at: t)
        } catch {
            // The encoder cancelled the recording (ffmpeg failed, the disk is full): no file is left.
            self.recording = nil
            playback.fixedFrames = false
            Console.warn("\(error)")
            confirm("Recording failed: \(error)", at: wall)
            refreshTitle()
        }
    }

    /// Ends the recording, if one runs, and saves the video; says so on screen and on stderr.
    private func stopRecording(at wall: Double, because reason: String? = nil) {
        guard let recording else { return }
        self.recording = nil
        playback.fixedFrames = false
        let why = reason.map { " (\($0))" } ?? ""
        do {
            try recording.finish()
            let seconds = String(format: "%.2f", Double(recording.frames) / FrameRecorder.fps)
            Console.note("saved \(recording.path) (\(recording.frames) frames, \(seconds) s)\(why)")
            confirm("Saved \(recording.path)\(why)", at: wall)
        } catch {
            Console.warn("\(error)")
            confirm("Recording failed: \(error)", at: wall)
        }
        refreshTitle()
    }

    /// Saves the effect's view just drawn in `region` of the window's framebuffer (all its
    /// pixels, HiDPI included) as a PNG in the current folder under a name no file has yet; says
    /// so on screen and on stderr.
    private func saveFrame(_ region: Framebuffer, wall: Double) {
        do {
            let path = try FrameRecorder.savePNG(region, named: captureName, attempts: Self.saveNameAttempts)
            Console.note("saved \(path) (\(region.pixelWidth)x\(region.pixelHeight) pixels)")
            confirm("Saved \(path)", at: wall)
        } catch {
            Console.warn("\(error)")
            confirm("Not saved: \(error)", at: wall)
        }
    }

    /// Says once, on stderr, if a frame left an OpenGL error behind (it never should: resizing and
    /// minimising included). The window tests fail on any such line.
    private func reportGLErrors() {
        let error = epoxy_glGetError()
        guard error != GLenum(GL_NO_ERROR), !reportedGLError else { return }
        reportedGLError = true
        Console.warn("OpenGL error 0x\(String(error, radix: 16)) in a frame of \(window.viewSize) points")
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
        let (reloaded, errors) = app.renderer.reloadChangedShaders()
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
        guard case let .tooSlow(file, _, limit, _) = error else { return }
        let name = file.split(separator: "/").last.map(String.init) ?? file
        let function = name.hasSuffix(".frag") ? String(name.dropLast(5)) : name
        let fallback = app.renderer.renderer.isRetired(function) ? "drawing nothing until it is saved again" : "showing its last good version"
        shaderError = "\(name) is too slow (a frame took over \(RenderError.seconds(limit)) s): \(fallback)"
    }

    /// The window title and the HUD: effect name and frame rate (changes twice a second), and
    /// the keys. The help's items are three spaces apart: the HUD breaks its lines only there.
    private func refreshTitle() {
        // Remade only when what they say changes, and then in buffers kept for it: at a steady
        // frame rate, or one that changes, no frame makes a string.
        let shown = framesPerSecond > 0 ? Int(framesPerSecond.rounded()) : -1
        let name = state.name
        guard shown != shownFramesPerSecond || name != shownName || playback.isPaused != shownPlayback.paused
                || playback.speed != shownPlayback.speed || (recording != nil) != shownPlayback.recording else { return }
        if playback.speed != shownPlayback.speed { speedText = playback.speedText }
        shownFramesPerSecond = shown
        shownPlayback = (playback.isPaused, playback.speed, recording != nil)
        // The top line is written into the buffer not shown, which the last frame's view no longer
        // holds, and the two change places.
        hudScratch.removeAll(keepingCapacity: true)
        hudScratch.append(name)
        hudScratch.append("   ")
        appendFramesPerSecond(to: &hudScratch)
        if playback.isPaused { hudScratch.append("   paused") }
        if playback.speed != 1 {
            hudScratch.append("   speed ")
            hudScratch.append(speedText)
        }
        if recording != nil { hudScratch.append("   recording (V to stop)") }
        swap(&hudScratch, &hudText)
        if name != shownName {
            shownName = name
            let count = EffectRegistry.all.count
            let keys = count > 1 ? "1-\(min(count, 9)), Tab: switch effect   " : ""
            // A staged drawing (the prism) does not answer a hold; its controls have Replay instead.
            let toy = state.effect.toolProgram
            let hold = toy != nil ? (toy!.readsKeyboard ? "keys: the shader's (Ctrl+key: Glint's)   " : "")
                : state.effect.drawingProgress == nil ? "hold: animate   " : ""
            let tear = state.tear == nil ? "" : "drag in from an edge: tear   R: restore   "
            helpText = "\(keys)\(hold)\(tear)C: controls   Space: pause   .: step a frame   Backspace: restart   [ ]: speed   "
                + "S: save PNG   V: record video   F11: fullscreen   H: hide help   Q, Esc: quit"
            titlePrefix = "Glint — \(state.title) — "
        }
        window.updateTitle { title in
            title.append(titlePrefix)
            appendFramesPerSecond(to: &title)
        }
    }

    /// "60 fps", or "-- fps" before the first count; the number is a small string (no allocation).
    private func appendFramesPerSecond(to text: inout String) {
        text.append(shownFramesPerSecond >= 0 ? String(shownFramesPerSecond) : "--")
        text.append(" fps")
    }

    /// What the title and the HUD's top line say now: the frame rate shown (-1 before the first
    /// count) and the chain's name.
    private var shownFramesPerSecond = -2
    private var shownName = ""
    /// The pause, speed and recording the top line shows (it changes only when they do).
    private var shownPlayback = (paused: false, speed: 1.0, recording: false)
    /// The speed as the top line says it ("2×"), the title's text before its frame rate, and the
    /// buffer the next top line is written in: kept so that a new frame rate makes no string.
    private var speedText = "1×"
    private var titlePrefix = ""
    private var hudScratch = ""

    // MARK: - Keys

    private func handle(_ key: Key, in frame: inout GlintWindow.Frame) {
        switch key {
        case .escape, "q":
            window.close()
        case "h":
            showsHUD.toggle()
        case "c":
            state.toggleControls()
        case "r":
            state.tear?.isBroken = false
        case .space:
            playback.togglePause()
            confirm(playback.isPaused ? "Paused (Space to play, . to step a frame)" : "Playing", at: frame.time)
        case ".":
            confirm(playback.step() ? "Frame +1/60 s" : "Pause first (Space) to step a frame", at: frame.time)
        case .delete:
            restart(in: &frame)
        case "[", "]":
            playback.setSpeed(playback.speed * (key == "]" ? 2 : 0.5))
            confirm("Speed \(playback.speedText)", at: frame.time)
        case "s":
            savesFrame = true
        case "v":
            toggleRecording(frame)
        case .f11:
            window.isFullscreen.toggle()
            confirm(window.isFullscreen ? "Fullscreen (F11 to leave)" : "Windowed", at: frame.time)
        case .tab:
            let names = EffectRegistry.names
            let i = names.firstIndex(of: state.effects[state.effects.count - 1].descriptor.name) ?? 0
            switchEffect(to: (i + 1) % names.count, in: &frame)
        default:
            if let digit = key.digit, digit >= 1 { switchEffect(to: digit - 1, in: &frame) }
        }
    }

    private func switchEffect(to index: Int, in frame: inout GlintWindow.Frame) {
        guard EffectRegistry.all.indices.contains(index) else { return }
        let type = EffectRegistry.all[index]
        guard type.descriptor.name != state.effects[state.effects.count - 1].descriptor.name else { return }
        // The press belongs to the effect going away; the new one starts with the button up.
        frame.cancelPointer()
        app.driver.cancelPointer()
        // An effect that changes what is below is shown over the harmonic glow.
        let make: () throws -> [any Effect] = {
            let effect = type.make()
            try EffectOptions.loadDefaultImages(effect)
            return type.descriptor.isModifier ? [HarmonicEffect(), effect] : [effect]
        }
        do {
            state.switchEffects(to: try make(), at: app.driver.time)
            makeChain = make
            try app.prepare()
        } catch {
            Console.warn("\(error)")
        }
        refreshTitle()
    }

    /// Backspace: time back to 0 and the chain shown made afresh, as when it appeared; the
    /// press in progress is cancelled first. Paused stays paused, at the speed chosen.
    private func restart(in frame: inout GlintWindow.Frame) {
        frame.cancelPointer()
        app.driver.cancelPointer()
        do {
            try app.restart(with: try makeChain())
            playback.restart()
            confirm("Restarted at 0 s", at: frame.time)
        } catch {
            Console.warn("\(error)")
        }
    }
}
