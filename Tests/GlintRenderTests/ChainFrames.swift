import Glint
import GlintControls
import GlintCore
import GlintRender

/// What `glint render` draws, for the render tests: `effects` shown as the library's
/// `EffectChainView` (the first draws the content, each later one changes what is below it,
/// `tear` tears the whole), with the controls docked beside it while `showsControls` and `hud`
/// over it, driven by the one `FrameDriver` from t = 0 to `time` in steps of at most `step`
/// seconds, each of `events` applied at its own time, then drawn by a `ViewRenderer`.
enum ChainFrames {
    /// The app's view, as `glint` builds it: the chain and the HUD, the controls docked beside them.
    struct AppLike: View {
        let effects: [any Effect]
        let tear: TearController?
        let showsForeground: Bool
        let showsControls: Bool
        let hud: HeadsUpDisplay?

        var body: some View {
            ControlsDock(effects: effects, isPresented: showsControls) {
                ZStack(alignment: .topLeading) {
                    EffectChainView(effects, tear: tear, showsForeground: showsForeground)
                    if let hud { hud }
                }
            }
        }
    }

    /// The renderer's own backdrop, which `glint render` shows through a tear unless told otherwise.
    static let defaultBackdrop = GlintCore.Color(red: 0.07, green: 0.07, blue: 0.09)

    /// Drives and draws one frame into a new target of the frame's size at `scale` (its edges
    /// rounded as `glint render` rounds them); needs a current GL context.
    static func render(_ effects: [any Effect], tear: TearController? = nil, showsForeground: Bool = true,
                       showsControls: Bool = false, hud: HeadsUpDisplay? = nil, size: Size, scale: Double = 1,
                       time: Double, events: [PointerEvent] = [], step: Double = Timeline.maxStep,
                       sources: ShaderSources = ShaderSources(), backdrop: GlintCore.Color = defaultBackdrop,
                       driver: FrameDriver? = nil) throws -> RenderTarget {
        let driver = driver ?? FrameDriver(backdrop: Glint.Color(backdrop), step: step)
        let view = AppLike(effects: effects, tear: tear, showsForeground: showsForeground, showsControls: showsControls, hud: hud)
        let cgSize = CGSize(width: size.width, height: size.height)
        driver.update(view, in: cgSize, scale: CGFloat(scale))
        driver.advance(to: time, applying: events[...])
        driver.update(view, in: cgSize, scale: CGFloat(scale))
        let renderer = try ViewRenderer(sources: sources)
        let pixels = pixelSize(of: size, scale: scale)
        let target = try RenderTarget(pixelWidth: pixels.width, pixelHeight: pixels.height)
        try renderer.draw(driver.resolved, into: target.framebuffer)
        try GL.checkError("rendering \(effects.map(\.descriptor.name).joined(separator: ","))")
        if let error = driver.resolved.errors.first { throw error }
        return target
    }

    /// As `render`, with the pixels read back: RGBA8, rows from the top.
    static func snapshot(_ effects: [any Effect], tear: TearController? = nil, showsForeground: Bool = true,
                         showsControls: Bool = false, hud: HeadsUpDisplay? = nil, size: Size, scale: Double = 1,
                         time: Double, events: [PointerEvent] = [], step: Double = Timeline.maxStep,
                         sources: ShaderSources = ShaderSources(), backdrop: GlintCore.Color = defaultBackdrop) throws
        -> (width: Int, height: Int, rgba: [UInt8]) {
        let target = try render(effects, tear: tear, showsForeground: showsForeground, showsControls: showsControls, hud: hud,
                                size: size, scale: scale, time: time, events: events, step: step, sources: sources, backdrop: backdrop)
        return (target.framebuffer.pixelWidth, target.framebuffer.pixelHeight, target.readPixels())
    }

    /// Runs `effects` alone (no view) through one `Timeline` from t = 0 to `time`, every effect
    /// seeing each of `events` at its own time, then writes their passes for a view of `size`:
    /// for tests that draw the passes straight through a `Renderer`.
    static func run(_ effects: [any Effect], until time: Double, events: [PointerEvent] = [], size: Size) {
        var timeline = Timeline()
        timeline.advance(to: time, applying: events[...], advance: { dt in
            for effect in effects { effect.advance(by: dt) }
        }, handle: { event in
            for effect in effects { effect.handle(event) }
        })
        for effect in effects { effect.updatePass(viewSize: size) }
    }

    /// Draws the passes of `effects` (as `run` left them) filling a frame of `size` points at
    /// `scale` through `renderer` (with the caller's settings) into a new target.
    static func draw(_ effects: [any Effect], with renderer: Renderer, size: Size, scale: Double) throws -> RenderTarget {
        let pixels = pixelSize(of: size, scale: scale)
        let target = try RenderTarget(pixelWidth: pixels.width, pixelHeight: pixels.height)
        try renderer.render(effects.map(\.pass), size: size, into: target.framebuffer)
        try GL.checkError("rendering \(effects.map(\.descriptor.name).joined(separator: ","))")
        return target
    }

    /// The framebuffer size for a frame of `size` points at `scale`, as `glint render` makes it.
    static func pixelSize(of size: Size, scale: Double) -> (width: Int, height: Int) {
        (max(1, Int((size.width * scale).rounded())), max(1, Int((size.height * scale).rounded())))
    }
}

extension Renderer {
    /// Draws `passes` (the content, then each effect over it) filling a view of `size` points
    /// that fills `target`: the frame graph a view of those passes makes.
    /// Over the renderer's `backdrop`, its `baseColor` the content's `color`.
    func render(_ passes: [ShaderEffect], size: Size, into target: Framebuffer) throws(RenderError) {
        var graph = FrameGraph(viewRect: Rect(size: size), scale: Double(target.pixelWidth) / size.width, backdrop: backdrop,
                               baseColor: baseColor, content: passes[0].value)
        graph.effects = passes.dropFirst().map(\.value)
        try render(graph, into: target)
    }
}
