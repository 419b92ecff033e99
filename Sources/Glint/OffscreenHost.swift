import Foundation
import GlintCore
import GlintRender

/// A host with no window: the one frame driver and a renderer, drawing a view's frames into a
/// framebuffer of the caller's at times the caller steps — what `glint render`, `record` and
/// `bench` draw with, and what a package uses to draw a view's frames offscreen (a video, a
/// test that steps time and presses). (Glint's addition.)
///
/// ```swift
/// let context = try HeadlessContext()
/// let host = try OffscreenHost(content: MyView(), size: CGSize(width: 320, height: 200))
/// let target = try RenderTarget(pixelWidth: 320, pixelHeight: 200)
/// for frame in 1...60 {
///     host.advance(to: Double(frame) / 60)
///     try host.draw(into: target.framebuffer)
/// }
/// ```
///
/// It takes the same path as a window's `ViewHost`: `advance(to:applying:)` moves the driver's
/// timeline (events at their own times), `draw(into:)` builds the view for that time, lays it
/// out and draws it, with the tear's warm-up frame first when `warmsUpTear` is set. A shader of
/// another tool (Shadertoy, ISF, glslViewer) gets its keys and the frames before a time through
/// `applyKeys(_:from:until:)` and `runToolFrames(until:events:keys:into:progress:)`.
/// Needs a current OpenGL 3.3 core context (a `HeadlessContext`, say) for every call that draws.
/// Steady frames allocate nothing here.
public final class OffscreenHost<Content: View> {
    /// The view drawn.
    public var content: Content
    /// The view's size in points.
    public var size: CGSize
    /// The one frame driver.
    public let driver: FrameDriver
    /// Draws what the driver resolves.
    public let renderer: ViewRenderer
    /// Whether the next `draw` first draws a view with a tear open once, thrown away, so the
    /// frame a tear opens compiles nothing (as a window's first frame does): for many frames
    /// (a benchmark); one frame needs none.
    public var warmsUpTear = false
    /// Called before each `advance` with the time it moves to: work of the caller's own that
    /// must see that time first (sound brought to it, with `hear(_:)`).
    public var willAdvance: ((Double) -> Void)?

    /// How close a step's time may come to a frame's and still be a frame before it.
    public static var timeTolerance: Double { 1e-9 }

    /// A host of `content` in `size` points over `backdrop`, Glint's shaders read from `sources`.
    /// Its time 0 is `startDate` (by default the same date every run, so `TimelineView`s draw the
    /// same frames); `frameTimeout` is the watchdog's limit in seconds (nil: off).
    public init(content: Content, size: CGSize, backdrop: Color = .clear, sources: ShaderSources = ShaderSources(),
                startDate: Date = Date(timeIntervalSinceReferenceDate: 0), frameTimeout: Double? = 5) throws(RenderError) {
        self.content = content
        self.size = size
        driver = FrameDriver(backdrop: backdrop, startDate: startDate)
        renderer = try ViewRenderer(sources: sources)
        renderer.renderer.frameTimeout = frameTimeout
    }

    /// The view as the last update resolved it.
    public var resolved: ResolvedView { driver.resolved }

    /// What could not be loaded in the last frame (an image), for the caller to report once.
    public var errors: [RenderError] { driver.resolved.errors }

    /// What the view hears from now on: the voice effects and the content's context get it,
    /// shaders its `glint_audio*` uniforms (as `ViewHost.hear(_:)`).
    public func hear(_ hearing: Hearing?) {
        driver.hearing = hearing
        let h = hearing ?? Hearing()
        renderer.renderer.audio = (Float(h.level), Float(h.bass), Float(h.mid), Float(h.treble))
    }

    /// Builds, lays out and resolves the view for the driver's time at `scale` pixels per point.
    public func update(scale: CGFloat) {
        driver.update(content, in: size, scale: scale)
    }

    /// Moves the timeline to `time`, applying `events` whose time has come, each at its own time,
    /// to the view as last laid out; returns how many were applied (`willAdvance` first).
    @discardableResult
    public func advance(to time: Double, applying events: ArraySlice<PointerEvent> = ArraySlice()) -> Int {
        willAdvance?(time)
        return driver.advance(to: time, applying: events)
    }

    /// Builds the view for the driver's time and draws it into `target`, which shows the whole
    /// view (its pixels per point are the target's width over the view's).
    public func draw(into target: Framebuffer) throws(RenderError) {
        let scale = CGFloat(size.width > 0 ? Double(target.pixelWidth) / Double(size.width) : 1)
        if warmsUpTear {
            warmsUpTear = false
            try renderer.drawTearWarmUp(driver, into: target) { driver.update(content, in: size, scale: scale) }
        }
        driver.update(content, in: size, scale: scale)
        try renderer.draw(driver.resolved, into: target)
    }

    /// For a view showing shaders of other tools (`Effect.toolProgram`): every frame of the
    /// timeline before `time` (t = 0, 1/60 s, …), as the tool would have shown them, so a frame
    /// drawn at `time` has the frame count, the time step and, for shaders whose buffers feed
    /// back, the buffers of a live run. Frames of shaders without such buffers are counted, not
    /// drawn. `keys` reach the shaders' keyboards at the first frame at or after their time.
    /// Returns the index in `events` of the first not applied; with no such shader, draws nothing.
    /// The view must have been updated once, so its effects are known.
    public func runToolFrames(until time: Double, events: ArraySlice<PointerEvent>, keys: [ToyKeys.Event], into target: Framebuffer,
                              progress: (Int) -> Void = { _ in }) throws(RenderError) -> Int {
        let tools = resolved.effects.filter { $0.toolProgram != nil }
        guard !tools.isEmpty else { return events.startIndex }
        let draws = tools.contains { $0.toolProgram?.hasFeedback == true }
        var next = events.startIndex
        var key = 0
        var n = 0
        while Double(n) * Timeline.maxStep < time - Self.timeTolerance {
            applyKeys(keys, from: &key, until: Double(n) * Timeline.maxStep)
            next += advance(to: Double(n) * Timeline.maxStep, applying: events[next...])
            if draws {
                try draw(into: target)
            } else {
                for tool in tools { tool.didDraw() }
            }
            n += 1
            progress(n)
        }
        applyKeys(keys, from: &key, until: time)
        return next
    }

    /// Hands the key events from `index` on whose time has come by `time` to the effects shown
    /// (a Shadertoy's keyboard channel), moving `index` past them.
    public func applyKeys(_ keys: [ToyKeys.Event], from index: inout Int, until time: Double) {
        while index < keys.count, keys[index].time <= time + Self.timeTolerance {
            var e = 0
            while e < resolved.effects.count {  // index loops: no iterator allocation in debug builds
                resolved.effects[e].key(keys[index].code, isDown: keys[index].isDown)
                e += 1
            }
            index += 1
        }
    }
}

extension ViewRenderer {
    /// Once, before a host's first frame: the view built with its idle effect chains in layers
    /// (`update`) and, when a tear is over it, drawn into `target` and thrown away, and the tear's
    /// own programs made (it draws nothing until it opens), so the first real tear compiles
    /// nothing (its programs and layers are ready). `ViewHost` and `OffscreenHost` both warm up
    /// through this.
    func drawTearWarmUp(_ driver: FrameDriver, into target: Framebuffer, update: () -> Void) throws(RenderError) {
        driver.drawsIdleChainsInLayers = true
        defer { driver.drawsIdleChainsInLayers = false }
        update()
        let tears = driver.resolved.tears
        guard !tears.isEmpty else { return }
        try draw(driver.resolved, into: target)
        for tear in tears { try renderer.prepare(tear.pass) }
    }
}
