@preconcurrency import CEpoxy
import CAllocCounter
import Foundation
import Glint
import GlintControls
import GlintCore
import GlintRender
import GlintAudio

/// The interactive window: the app's view (`AppView`) run by the library's `ViewHost`, the
/// host every `Window` runs (one frame loop: playback keys, S and V, live reload, a shader's
/// keyboard, the tear's warm-up, the state file). What is the app's own comes in through the
/// host's hooks: its keys (H, C, R, P, Tab, 1-9), its HUD (an overlay S and V leave out), the view
/// beside the controls panel as what S and V take, what a key did said on the HUD, the sound
/// brought to the timeline's time, its title and its lines of the state file.
final class WindowApp {
    private let window: GlintWindow
    private let host: ViewHost
    private let state: AppState
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
    private var shaderError: String?
    /// Makes the chain shown now afresh, as it was when it appeared (Backspace): the command
    /// line's chain, or the one a number key chose.
    private var makeChain: () throws -> [any Effect]
    /// What the last key did, shown at the bottom until `confirmationEnds` (wall time).
    private var confirmation: String?
    private var confirmationEnds = 0.0
    /// How long a confirmation shows, in wall seconds.
    static let confirmationSeconds = 1.5
    /// `--state FILE`: the state of each frame, written once that frame is on screen.
    private let stateFile: WindowStateFile?

    /// `showsControls`: `--controls` or `--no-controls`; nil shows the panel for effects whose
    /// descriptor asks for it until the C key decides.
    /// `makeEffects` makes the chain afresh, as at launch, for Backspace; the first chain shown is its first.
    init(makeEffects: @escaping () throws -> [any Effect], tear: TearController?, backdrop: GlintCore.Color, size: Size, sources: ShaderSources,
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
        state = AppState(effects: effects, tear: tear, showsForeground: showsForeground, showsControls: showsControls, audio: audio)
        // Windows start at the same date as headless runs, so `TimelineView`s draw the same frames.
        host = try ViewHost(backdrop: Glint.Color(backdrop), sources: sources, startDate: Date(timeIntervalSinceReferenceDate: 0))
        StartupTimings.mark("context")  // `--timings`: the window, its GL context and the host
        host.renderer.renderer.frameTimeout = frameTimeout
        // An image too large for this OpenGL shows a placeholder, with one warning.
        host.renderer.renderer.onOversizedImage = { Console.warn("\($0)") }
        // Shaders of other tools are watched too: their files are the user's.
        host.reloadsShaders = sources.overrideDirectory != nil || effects.contains { $0.toolProgram != nil }
        // The app's view takes no keys; Tab is the app's (the next effect).
        host.viewsTakeKeys = false
        host.leavesOverlayOutOfCaptures = true
        host.captureName = captureName
        host.makeVideoSink = { path, width, height in try WindowVideo(path: path, pixelWidth: width, pixelHeight: height) }
        connectHooks()
        state.hud = hud
        try state.prepare(in: host.renderer.renderer)
        StartupTimings.mark("shader compile")
    }

    private func connectHooks() {
        host.keyHandler = { [unowned self] key, frame in handle(key, in: &frame) }
        host.onEvent = { [unowned self] in show($0) }
        host.captureRegion = { [unowned self] in effectRect(in: $0) }
        host.restartsContent = { [unowned self] in restartChain() }
        host.willAdvance = { [unowned self] frame, time in
            watchAudio()
            if !frame.keyPresses.isEmpty { refreshTitle() }
            if confirmation != nil, frame.time >= confirmationEnds { confirmation = nil }
            state.hear(at: time, renderer: host.renderer.renderer, driver: host.driver)
        }
        host.willBeginFrame = { [unowned self] _ in
            if allocations != nil {
                restCompiles = host.renderer.renderer.restCompiles
                glint_alloc_counting_begin()
            }
        }
        host.didDrawFrame = { [unowned self] frame in
            reportGLErrors()
            countFrame(at: frame.time)
            if allocations != nil {
                let total = glint_alloc_counting_end()
                countAllocations(total - glint_alloc_counting_driver(),
                                 leftOut: !frame.keyPresses.isEmpty || host.renderer.renderer.restCompiles != restCompiles)
            }
        }
        // `--state`: after the window's own values (`window.frame`, frames drawn so far;
        // `window.time`, the timeline's seconds; `window.clock`, the wall clock's; `window.pressed`,
        // `window.paused`, `window.speed`), the controls and the help shown, then (after
        // `window.recording`) what the shaders received, as `render --state` writes it.
        host.windowStateValues = { [unowned self] in
            [("window.controls", .bool(state.controlsVisible)), ("window.help", .bool(showsHUD)), ("window.passes", .bool(showsPasses))]
        }
        host.stateValues = { [unowned self] in state.stateSnapshot() }
    }

    func run() throws {
        fpsWindowStart = window.time
        refreshTitle()
        if StartupTimings.current != nil { timeFirstFrame() }
        // Quitting (Esc, Q, --quit-after, the window closed, an error) while recording keeps the video.
        try host.run(in: window, stateFile: stateFile?.file) { [unowned self] context in view(context) }
        if let allocations {
            // What `GLINT_COUNT_ALLOCATIONS=1 glint` measures: the window's frames as `bench` measures its own.
            let steady = max(allocations.frames, 1)
            Console.note(String(format: "window: %.2f allocations/frame by Glint over %d steady frames (worst frame %llu)",
                                Double(allocations.total) / Double(steady), allocations.frames, allocations.worst))
        }
    }

    /// `--timings`: the first frame drawn and finished ends the timings (the hook is wrapped only then).
    private func timeFirstFrame() {
        let drawn = host.didDrawFrame
        host.didDrawFrame = { frame in
            drawn?(frame)
            guard StartupTimings.current != nil else { return }
            epoxy_glFinish()
            StartupTimings.mark("first frame")
            StartupTimings.finish()
        }
    }

    /// The frame's view: the HUD over the effect, left out of the frame S saves and V records.
    private func view(_ context: TimelineContext) -> AppView {
        if context.isCapture {
            state.hud = nil
        } else {
            let size = Size(width: Double(context.size.width), height: Double(context.size.height))
            chooseHelp(for: effectRect(in: size)?.size ?? size)
            state.hud = hud
        }
        return AppView(state: state)
    }

    /// With GLINT_COUNT_ALLOCATIONS set: heap allocations made by Glint (the GL driver's own left
    /// out) in the window's frames after the first 30, leaving out frames with key presses (a
    /// switch of effect makes new effects) and frames that compiled arguments come to rest
    /// (`Renderer.restCompiles`).
    private var allocations: (frames: Int, total: UInt64, worst: UInt64)? =
        ProcessInfo.processInfo.environment["GLINT_COUNT_ALLOCATIONS"] != nil && glint_alloc_counter_active() != 0 ? (0, 0, 0) : nil
    private var framesDrawn = 0

    /// The renderer's `restCompiles` as a frame began.
    private var restCompiles = 0

    private func countAllocations(_ own: UInt64, leftOut: Bool) {
        framesDrawn += 1
        guard framesDrawn > BenchCommand.warmUpFrames, !leftOut, var a = allocations else { return }
        a.frames += 1
        a.total += own
        a.worst = max(a.worst, own)
        allocations = a
    }

    /// What shows over the view: the HUD's lines while shown (hidden, only how to show them); a
    /// shader error even with the HUD hidden (the picture on screen is stale); over a broken view,
    /// how to bring it back.
    private var hud: HUDLines {
        HUDLines(top: showsHUD && help != .shortOnly ? hudText : nil, second: shaderError ?? audioNotice,
                 help: showsHUD ? (showsPasses ? passesText : help == .all ? helpText : Self.shortHelp) : Self.hiddenHelp,
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

    /// The effect's view in a window of `size` points, as S saves and V record it: with the
    /// controls shown the part the panel leaves (`ControlsPanel.placement(in:)`, the dock's own
    /// numbers); nil, the whole window, without them.
    private func effectRect(in size: Size) -> Rect? {
        guard state.controlsVisible, size.width > 0, size.height > 0 else { return nil }
        let effects = state.effects
        if !Self.same(capturePanel?.effects ?? [], effects) { capturePanel = ControlsPanel(effects: effects) }
        return capturePanel?.placement(in: size).content
    }
    /// The panel whose placement `effectRect` follows, made again when the chain changes.
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
    private func confirm(_ text: String) {
        confirmation = text
        confirmationEnds = window.time + Self.confirmationSeconds
    }

    /// The chain as a file name's start, before the timeline's time: `glint-harmonic`,
    /// `glint-harmonic+wave` (S and V save `glint-harmonic-0003.517s.png`).
    private var captureName: String {
        "glint-\(state.name.replacingOccurrences(of: ",", with: "+"))"
    }

    /// What the host's keys and reloading did: said on stderr as the app says things, and on the HUD.
    private func show(_ event: ViewHost.Event) {
        switch event {
        case .paused(let paused): confirm(paused ? "Paused (Space to play, . to step a frame)" : "Playing")
        case .stepped(let stepped): confirm(stepped ? "Frame +1/60 s" : "Pause first (Space) to step a frame")
        case .speed: confirm("Speed \(host.playback.speedText)")
        case .restarted: confirm("Restarted at 0 s")
        case .fullscreen(let on): confirm(on ? "Fullscreen (F11 to leave)" : "Windowed")
        case .saved(let path, let width, let height):
            Console.note("saved \(path) (\(width)x\(height) pixels)")
            confirm("Saved \(path)")
        case .notSaved(let why):
            Console.warn(why)
            confirm("Not saved: \(why)")
        case .recording(let path, let width, let height):
            Console.note("recording \(path) (\(width)x\(height) pixels, \(Int(FrameRecorder.fps)) fps)")
            confirm("Recording… (V to stop)")
        case .noFreeName(let base, let attempts):
            Console.warn("cannot record: \(base).mp4 and the next \(attempts - 1) names are all taken")
            confirm("Not recording: every name is taken")
        case .notRecording(let why):
            Console.warn(why)
            confirm("Not recording: \(why)")
        case .videoSaved(let path, let frames, let reason):
            let why = reason.map { " (\($0))" } ?? ""
            let seconds = String(format: "%.2f", Double(frames) / FrameRecorder.fps)
            Console.note("saved \(path) (\(frames) frames, \(seconds) s)\(why)")
            confirm("Saved \(path)\(why)")
        case .recordingFailed(let why):
            // The encoder cancelled the recording (ffmpeg failed, the disk is full): no file is left.
            Console.warn(why)
            confirm("Recording failed: \(why)")
        case .reloaded(let path):
            // With `--shaders DIR` (or a tool's shader), an edited file is recompiled while the window runs.
            Console.note("reloaded \(path)")
            shaderError = nil
        case .shaderError(let error):
            // A broken one keeps its last good version on screen and its error shows in the HUD.
            Console.warn("\(error)")
            shaderError = "shader error, showing the last good version: \(error)"
        case .problem(let error):
            if case .tooSlow = error { reportSlowShader(error) } else { Console.warn("\(error)") }
        }
        refreshTitle()
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
            refreshTitle()
            if showsPasses { refreshPasses() }
        }
    }

    /// Whether the HUD shows each pass's GPU time in place of the help (P).
    private var showsPasses = false
    /// The pass times as the HUD shows them, remade twice a second while P shows them (a
    /// string a refresh: measuring is a look under the hood, not a steady frame).
    private var passesText = WindowApp.measuringPasses
    static let measuringPasses = "GPU time per pass: measuring…   P: hide"

    /// P: times every pass of the frame (`FrameStatistics`, from GL timer queries read a few
    /// frames late) and shows them on the HUD, or stops.
    private func togglePasses() {
        showsPasses.toggle()
        host.renderer.measuresPasses = showsPasses
        passesText = Self.measuringPasses
        confirm(showsPasses ? "GPU time per pass (P to hide)" : "Pass times hidden")
    }

    /// The HUD's lines of pass times: the frame, then each pass with its share, as
    /// `glint bench --passes` lists them.
    private func refreshPasses() {
        guard let statistics = host.renderer.frameStatistics else { return }
        var text = String(format: "GPU time per pass (%@): frame %.3f ms   P: hide",
                          statistics.clock == .timerQueries ? "timer queries" : "glFinish brackets", statistics.frameSeconds * 1000)
        for pass in statistics.passes {
            let share = statistics.frameSeconds > 0 ? 100 * pass.seconds / statistics.frameSeconds : 0
            // "content gradient", "effect wave"; a pass named by its kind alone ("text") once.
            let name = pass.name == pass.kind.rawValue || pass.name.isEmpty ? pass.kind.rawValue : "\(pass.kind.rawValue) \(pass.name)"
            text += String(format: "\n%@ %dx%d: %.3f ms, %.1f %%", name, pass.width, pass.height, pass.seconds * 1000, share)
        }
        passesText = text
    }

    /// Says on stderr, in full, and on the HUD's second line, briefly, that the watchdog stopped
    /// a shader and what is on screen instead.
    private func reportSlowShader(_ error: RenderError) {
        Console.warn("\(error)")
        guard case let .tooSlow(file, _, limit, _) = error else { return }
        let name = file.split(separator: "/").last.map(String.init) ?? file
        let function = name.hasSuffix(".frag") ? String(name.dropLast(5)) : name
        let fallback = host.renderer.renderer.isRetired(function) ? "drawing nothing until it is saved again" : "showing its last good version"
        shaderError = "\(name) is too slow (a frame took over \(RenderError.seconds(limit)) s): \(fallback)"
    }

    /// The window title and the HUD: effect name and frame rate (changes twice a second), and
    /// the keys. The help's items are three spaces apart: the HUD breaks its lines only there.
    private func refreshTitle() {
        // Remade only when what they say changes, and then in buffers kept for it: at a steady
        // frame rate, or one that changes, no frame makes a string.
        let playback = host.playback
        let recording = host.isRecording
        let shown = framesPerSecond > 0 ? Int(framesPerSecond.rounded()) : -1
        let name = state.name
        guard shown != shownFramesPerSecond || name != shownName || playback.isPaused != shownPlayback.paused
                || playback.speed != shownPlayback.speed || recording != shownPlayback.recording else { return }
        if playback.speed != shownPlayback.speed { speedText = playback.speedText }
        shownFramesPerSecond = shown
        shownPlayback = (playback.isPaused, playback.speed, recording)
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
        if recording { hudScratch.append("   recording (V to stop)") }
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
                + "S: save PNG   V: record video   F11: fullscreen   P: GPU time per pass   H: hide help   Q, Esc: quit"
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

    /// The app's own keys, asked before the window's (`ViewHost.keyHandler`): H the help, C the
    /// controls, R a broken tear back, Tab and 1-9 another effect. True when the key was one.
    /// A key of the app's is added here as another case.
    private func handle(_ key: Key, in frame: inout GlintWindow.Frame) -> Bool {
        switch key {
        case "h":
            showsHUD.toggle()
        case "c":
            state.toggleControls()
        case "r":
            state.tear?.isBroken = false
        case "p":
            togglePasses()
        case .tab:
            let names = EffectRegistry.names
            let i = names.firstIndex(of: state.effects[state.effects.count - 1].descriptor.name) ?? 0
            switchEffect(to: (i + 1) % names.count, in: &frame)
        default:
            guard let digit = key.digit, digit >= 1 else { return false }
            switchEffect(to: digit - 1, in: &frame)
        }
        return true
    }

    private func switchEffect(to index: Int, in frame: inout GlintWindow.Frame) {
        guard EffectRegistry.all.indices.contains(index) else { return }
        let type = EffectRegistry.all[index]
        guard type.descriptor.name != state.effects[state.effects.count - 1].descriptor.name else { return }
        // The press belongs to the effect going away; the new one starts with the button up.
        frame.cancelPointer()
        host.driver.cancelPointer()
        // An effect that changes what is below is shown over the harmonic glow.
        let make: () throws -> [any Effect] = {
            let effect = type.make()
            try EffectOptions.loadDefaultImages(effect)
            return type.descriptor.isModifier ? [HarmonicEffect(), effect] : [effect]
        }
        do {
            state.switchEffects(to: try make(), at: host.driver.time)
            makeChain = make
            host.captureName = captureName
            try state.prepare(in: host.renderer.renderer)
        } catch {
            Console.warn("\(error)")
        }
        refreshTitle()
    }

    /// Backspace (`ViewHost.restartsContent`): the chain shown made afresh, as when it appeared,
    /// and the tear whole; the host then starts time and the view's state over at 0 (paused
    /// stays paused, at the speed chosen). False, said why, when the chain cannot be made.
    private func restartChain() -> Bool {
        do {
            state.switchEffects(to: try makeChain(), at: 0)
            state.tear?.isBroken = false
            try state.prepare(in: host.renderer.renderer)
            return true
        } catch {
            Console.warn("\(error)")
            return false
        }
    }
}
