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
    /// What shows behind the view.
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
    /// A file the window rewrites whole after each frame it shows, for scripts and tests that
    /// follow a running window: `{"window.frame": N, "window.time": T, "window.pressed": B}`
    /// (frames shown so far, the frame's time, whether the button is held), as `glint window
    /// --state` begins its own. Written beside itself and renamed over, so a reader always finds
    /// one whole frame's; nil (the default, unless the environment sets `GLINT_WINDOW_STATE`)
    /// writes nothing. (Glint's addition.)
    public var stateFile: String? = ProcessInfo.processInfo.environment["GLINT_WINDOW_STATE"]
    private let content: (TimelineContext) -> Content

    public init(_ title: String = "Glint", size: CGSize = CGSize(width: 960, height: 600), backdrop: Color = .black,
                content: @escaping (TimelineContext) -> Content) {
        self.title = title
        self.size = size
        self.backdrop = backdrop
        self.content = content
    }

    /// A window showing `content`, as SwiftUI's `WindowGroup { ContentView() }`.
    public init(_ title: String = "Glint", size: CGSize = CGSize(width: 960, height: 600), backdrop: Color = .black,
                @ViewBuilder content: @escaping () -> Content) {
        self.init(title, size: size, backdrop: backdrop, content: { _ in content() })
    }

    /// Opens the window and runs until it is closed (or for `seconds`, for demos and tests).
    /// Esc and Q close it, unless a view's `onKeyPress` handles them.
    ///
    /// - Throws: `WindowError` when no window can be opened (no display, no OpenGL 3.3), and the
    ///   renderer's one-line `RenderError` when a shader does not compile or its arguments do
    ///   not fit it.
    public func run(quitAfter seconds: Double? = nil) throws {
        if let frameTimeout, !(frameTimeout.isFinite && frameTimeout > 0) {
            throw RenderError.image("Window.frameTimeout \(frameTimeout) is not a number of seconds above 0; nil turns the watchdog off")
        }
        let window = try GlintWindow(title: title, size: Size(width: Double(size.width), height: Double(size.height)))
        window.quitAfter = seconds
        let host = try ViewHost(backdrop: backdrop)
        host.renderer.renderer.frameTimeout = frameTimeout
        host.renderer.renderer.frameTimeoutSetting = "Window.frameTimeout"
        let state = stateFile.map(FrameStateFile.init)
        try window.run { (frame: inout GlintWindow.Frame) throws in
            state?.write(frame: host.driver.time, pressed: host.driver.context.isPressed)
            var i = 0
            while i < frame.keyPresses.count {
                let key = frame.keyPresses[i]
                i += 1
                if host.handleKey(key) { continue }
                if key == .escape || key == "q" { window.close() }
            }
            if let hearing { host.driver.hearing = hearing(frame.time) }
            do {
                try host.draw(&frame, content: content)
            } catch let error as RenderError {
                // The watchdog took the slow shader out of use: said once, and the window goes on.
                guard case .tooSlow = error else { throw error }
                host.report([error])
            }
        }
        withExtendedLifetime(window) {}
    }
}

/// `Window.stateFile`: the frame shown last, rewritten whole each frame (written when the next
/// frame begins, as the last one is on screen then).
final class FrameStateFile {
    let path: String
    private var shown = 0
    private var failed = false

    init(_ path: String) { self.path = path }

    func write(frame time: Double, pressed: Bool) {
        guard !failed else { return }
        if shown > 0 {
            let json = "{\"window.frame\": \(shown), \"window.time\": \(time), \"window.pressed\": \(pressed)}\n"
            let temporary = path + ".\(getpid()).tmp"
            if !FileManager.default.createFile(atPath: temporary, contents: Data(json.utf8)) || rename(temporary, path) != 0 {
                failed = true
                unlink(temporary)
                FileHandle.standardError.write(Data("glint: cannot write the window's state '\(path)'; the window goes on without it\n".utf8))
            }
        }
        shown += 1
    }
}

/// The window's engine: the one frame driver, and the renderer drawing what it resolves.
final class ViewHost {
    let renderer: ViewRenderer
    let driver: FrameDriver
    var resolved: ResolvedView { driver.resolved }
    /// Errors already printed (an image that cannot be read is reported once, not every frame).
    private var reported: Set<String> = []

    init(backdrop: Color) throws {
        renderer = try ViewRenderer()
        driver = FrameDriver(backdrop: backdrop)
        // An image too large for this OpenGL shows a placeholder and is reported once.
        renderer.renderer.onOversizedImage = { [weak self] error in self?.report([error]) }
    }

    /// Gives a key to the views that bound it; returns whether one handled it.
    func handleKey(_ key: Key) -> Bool {
        driver.handleKey(key)
    }

    func draw<C: View>(_ frame: inout GlintWindow.Frame, content: (TimelineContext) -> C) throws {
        var k = 0
        while k < frame.scrollEvents.count {  // index loops: no iterator allocation in debug builds
            driver.scroll(frame.scrollEvents[k])
            k += 1
        }
        driver.advance(to: frame.time, applying: frame.pointerEvents[...])
        driver.update(in: CGSize(width: frame.viewSize.width, height: frame.viewSize.height), scale: CGFloat(frame.pixelScale),
                      content: content)
        if !driver.resolved.errors.isEmpty { report(driver.resolved.errors) }
        try renderer.draw(driver.resolved, into: frame.framebuffer)
    }

    func report(_ errors: [RenderError]) {
        for error in errors where !reported.contains(error.description) {
            reported.insert(error.description)
            FileHandle.standardError.write(Data("glint: \(error.description)\n".utf8))
        }
    }
}
