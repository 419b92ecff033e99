import Foundation
import GlintCore
import GlintRender

/// What a window's content is built from each frame: the role of SwiftUI's `TimelineView`
/// context and of a drag gesture's value.
public struct TimelineContext: Sendable {
    /// Seconds since the window opened (the clock stands still while it is minimised).
    public var time: Double
    /// The window's size in points.
    public var size: CGSize
    /// Where the left button was last pressed or dragged to, in the window's points (origin
    /// top-left); nil before the first press.
    public var pointer: CGPoint?
    /// Whether the left button is held down.
    public var isPressed: Bool
    /// What the host hears (`FrameDriver.hearing`: a sound file or a microphone measured with
    /// GlintAudio's `AudioMeter`): the level, its dBFS and its bass, mid and treble; nil without
    /// a source.
    public var hearing: Hearing?
    /// Whether this build of the view is the frame S saves or V records, for a host that leaves
    /// an overlay out of them (`ViewHost.leavesOverlayOutOfCaptures`): leave out what should not
    /// be in the picture (a HUD). (Glint's addition.)
    public var isCapture = false

    public init(time: Double = 0, size: CGSize = .zero, pointer: CGPoint? = nil, isPressed: Bool = false) {
        self.time = time
        self.size = size
        self.pointer = pointer
        self.isPressed = isPressed
    }
}

/// A GLFW window showing a view that is built afresh every frame, as SwiftUI re-evaluates a
/// view's `body`:
///
/// ```swift
/// try Window("Counter") { ContentView() }.run()
/// ```
///
/// or, with the frame's clock and pointer at hand (Glint's own form):
///
/// ```swift
/// try Window("Waves") { context in
///     Image("card.png").resizable()
///         .distortionEffect(ShaderLibrary.wave(.boundingRect, .float(context.time), .float(12), .float(6)),
///                           maxSampleOffset: CGSize(width: 6, height: 6))
/// }.run()
/// ```
///
/// Every frame the window advances the stateful parts of the last frame's view (`EffectView`s'
/// effects and `tearable` tears) through one `Timeline`, applying the pointer events at their
/// exact times to the views that take them (gestures, controls, tears, effects: the frontmost
/// under the press), then builds the view for the new time, lays it out in the window and
/// draws it over `backdrop`. `@State` lives as long as the window. Steady frames allocate
/// nothing in Glint.
public struct Window<Content: View> {
    /// The window's title.
    public var title: String
    /// The size it opens at, in points.
    public var size: CGSize
    /// What shows behind the view: by default the colour scheme's background, black in the
    /// window's dark scheme (white with `GLINT_COLOR_SCHEME=light` or `.preferredColorScheme(.light)`).
    public var backdrop: Color
    /// The watchdog: seconds a frame of up to 1920x1080 pixels may take (larger ones
    /// proportionally longer) before a shader of your own (from a `ShaderLibrary(url:)`) is
    /// stopped; the window says so once on standard error and goes on without it. 2 s by
    /// default, as the `glint` window; nil turns it off. (Glint's addition.)
    public var frameTimeout: Double? = 2
    /// What the window hears, asked each frame with the frame's time before the views are built:
    /// the voice effects listen to it and `TimelineContext.hearing` carries it to the content. A
    /// GlintAudio `AudioMeter` gives one (`{ meter.update(from: mic, at: $0); return meter.hearing }`);
    /// nil hears nothing. (Glint's addition.)
    public var hearing: ((Double) -> Hearing?)?
    /// The sound texture of a Shadertoy's sound channel (`#iChannel0 "audio"`, ISF's audio inputs),
    /// asked each frame with the frame's time and a function to hand its bytes to: GlintAudio's
    /// `SoundTexture` gives them (`{ t, hand in texture.update(from: mic, at: t); texture.withUnsafeBytes(hand) }`).
    /// nil: the channel stays silent. (Glint's addition.)
    public var sound: ((Double, (UnsafeBufferPointer<UInt8>) -> Void) -> Void)?
    /// A file the window rewrites whole after each frame it shows, for scripts and tests that
    /// follow a running window (`StateFile`): `window.frame` (frames shown so far),
    /// `window.time` (the timeline's seconds), `window.clock` (the wall clock's), `window.pressed`,
    /// `window.paused`, `window.speed`, `window.recording`, then `stateValues`, as `glint window
    /// --state` begins its own. Written beside itself and renamed over, so a reader always finds
    /// one whole frame's; nil (the default, unless the environment sets `GLINT_WINDOW_STATE`)
    /// writes nothing. (Glint's addition.)
    public var stateFile: String? = ProcessInfo.processInfo.environment["GLINT_WINDOW_STATE"]
    /// More values for the state file, after the window's own: what your views want a script to see.
    /// (Glint's addition.)
    public var stateValues: (() -> [(String, StateValue)])?
    /// What S (a PNG of the frame) and V (an `.mp4` video of it, again V to stop) name their files
    /// after, in the current folder: `glint-0003.517s.png`, the timeline's time. (Glint's addition.)
    public var captureName = "glint"
    /// Whether shader files the view uses (your own `.frag` and `.metal`, and a Shadertoy, glslViewer
    /// or ISF shader's files, `EffectFile`) are reloaded when they change, twice a second: a
    /// broken save keeps the last good picture and says why on standard error. (Glint's addition.)
    public var reloadsShaders = true
    /// What `openWindow(id:)` names the window by, when it is a scene of an `App`.
    public var id: String?
    /// Called after each frame with the GPU time of every pass of a recent frame (timer queries
    /// are read a few frames late, so the pipeline never waits): what a package's own overlay
    /// shows (keep it in a model your content reads). Set, every pass is measured (a timestamp
    /// and a flush each); nil (the default) measures nothing. (Glint's addition.)
    public var onFrameStatistics: ((FrameStatistics) -> Void)?
    private let content: (TimelineContext) -> Content

    public init(_ title: String = "Glint", size: CGSize = CGSize(width: 960, height: 600), backdrop: Color? = nil,
                content: @escaping (TimelineContext) -> Content) {
        self.title = title
        self.size = size
        self.backdrop = backdrop ?? .background
        self.content = content
    }

    /// A window showing `content`, as SwiftUI's `Window(_:id:content:)` scene: in an `App`'s
    /// `body`, `openWindow(id:)` opens it by `id`.
    public init(_ title: String, id: String, @ViewBuilder content: @escaping () -> Content) {
        self.init(title, content: content)
        self.id = id
    }

    /// A window showing `content`, as SwiftUI's `WindowGroup { ContentView() }`.
    public init(_ title: String = "Glint", size: CGSize = CGSize(width: 960, height: 600), backdrop: Color? = nil,
                @ViewBuilder content: @escaping () -> Content) {
        self.init(title, size: size, backdrop: backdrop, content: { _ in content() })
    }

    /// Opens the window and runs until it is closed (or for `seconds`, for demos and tests).
    /// The keys a view's `onKeyPress` does not handle are the `glint` window's: Esc and Q close
    /// it; Space pauses and resumes time, `.` steps a paused one 1/60 s, Backspace restarts it at
    /// 0 (the view's state too), `[` and `]` halve and double its speed; S saves the frame as a
    /// PNG and V starts and stops a video of it (`captureName`); F11 toggles fullscreen. A
    /// Shadertoy shader that reads the keyboard gets every key, and these then take Control.
    ///
    /// - Throws: `WindowError` when no window can be opened (no display, no OpenGL 3.3), and the
    ///   renderer's one-line `RenderError` when a shader does not compile or its arguments do
    ///   not fit it.
    public func run(quitAfter seconds: Double? = nil) throws {
        let session = try open()
        session.window.quitAfter = seconds
        try session.run()
    }

    /// Opens the window, ready to draw frames (`run`'s and an `App`'s windows).
    func open() throws -> WindowSession {
        if let frameTimeout, !(frameTimeout.isFinite && frameTimeout > 0) {
            throw RenderError.image("Window.frameTimeout \(frameTimeout) is not a number of seconds above 0; nil turns the watchdog off")
        }
        let window = try GlintWindow(title: title, size: Size(width: Double(size.width), height: Double(size.height)))
        let host = try ViewHost(backdrop: backdrop)
        host.captureName = captureName
        host.reloadsShaders = reloadsShaders
        host.renderer.renderer.frameTimeout = frameTimeout
        host.renderer.renderer.frameTimeoutSetting = "Window.frameTimeout"
        let content = self.content
        let hearing = self.hearing
        let sound = self.sound
        let stateValues = self.stateValues
        // Dark, as a shader viewer's black window wants, unless GLINT_COLOR_SCHEME says otherwise.
        host.driver.environment.colorScheme = ColorScheme.processDefault ?? .dark
        host.stateValues = stateValues
        let onFrameStatistics = self.onFrameStatistics
        if onFrameStatistics != nil { host.renderer.measuresPasses = true }
        let session = WindowSession(window: window, host: host, stateFile: stateFile.map { StateFile(path: $0) })
        session.draw = { frame in
            if let hearing { host.hear(hearing(frame.time)) }
            if let sound { host.hearSound(at: frame.time, from: sound) }
            try host.draw(&frame, content: content)
            if let onFrameStatistics, let statistics = host.renderer.frameStatistics { onFrameStatistics(statistics) }
        }
        // `@Environment(\.dismiss)` closes the window.
        host.driver.environment.dismiss = DismissAction { [weak window] in window?.close() }
        return session
    }
}

/// One open window of a `Window` or an `App`: its GLFW window and the host drawing its view, with
/// the state file. Stepped a frame at a time, so one loop can drive several.
final class WindowSession {
    let window: GlintWindow
    let host: ViewHost
    private let state: StateFile?
    /// Draws the view of one frame (set by the `Window` that opened it: its content is generic).
    var draw: (inout GlintWindow.Frame) throws -> Void = { _ in }
    /// The state of the frame drawn last, written when the next begins (its events polled, so
    /// the picture has reached the X server), and when the window closes.
    private var drawn: String?

    init(window: GlintWindow, host: ViewHost, stateFile: StateFile?) {
        self.window = window
        self.host = host
        self.state = stateFile
    }

    /// One frame, with the input polled since the last: keys, then the view. False while the
    /// window is minimised or closing (nothing drawn).
    func drawFrame() throws -> Bool {
        try window.drawFrame { (frame: inout GlintWindow.Frame) throws in
            writeDrawn()
            host.willBeginFrame?(frame)
            host.handleKeys(&frame, window: window)
            do {
                try draw(&frame)
            } catch let error as RenderError {
                // The watchdog took the slow shader out of use: said once, and the window goes on.
                guard case .tooSlow = error else { throw error }
                host.report([error])
            }
            host.didDrawFrame?(frame)
            if state != nil { drawn = StateJSON.encode(host.stateValues(clock: frame.time)) }
        }
    }

    /// The frame loop of one window (`Window.run()`, `ViewHost.run(in:stateFile:content:)`):
    /// until it closes, the input polled and a frame drawn, sleeping while it is minimised; then
    /// `finish()`.
    func run() throws {
        defer { finish() }
        while !window.isClosing {
            GlintWindow.pollEvents()
            if try !drawFrame() { GlintWindow.waitEvents(timeout: 0.1) }
        }
    }

    private func writeDrawn() {
        if let state, let json = drawn { state.write(json) }
        drawn = nil
    }

    /// The window is done: a video being recorded is kept, the last state written.
    func finish() {
        writeDrawn()
        host.stopRecording()
    }
}
