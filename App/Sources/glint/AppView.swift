import Foundation
import Glint
import GlintControls
import GlintCore
import struct GlintRender.ShaderSources
import class GlintRender.Renderer
import struct GlintRender.Framebuffer
import enum GlintCore.RenderError

/// What the `glint` app shows, as state that lives across frames: the effect chain (the first
/// draws the content, each later one changes what is below it), the tear over them, whether the
/// controls and the foreground show, and the window's HUD lines. The window, `render` and `bench`
/// all show it as an `AppView` through the library's one frame driver.
final class AppState {
    /// The effects, in drawing order.
    private(set) var effects: [any Effect]
    /// The tear over the view (seed 004), or nil with `--no-tear`.
    let tear: TearController?
    /// Whether the seed's foreground (harmonic's label and microphone) shows (`--no-overlay` hides it).
    let showsForeground: Bool
    /// Whether the controls show: as chosen (`--controls`, `--no-controls`, the C key), or nil to
    /// follow each effect's descriptor. A choice holds across effect switches.
    var showsControls: Bool?
    /// The HUD's lines (the window's; nil headless).
    var hud: HUDLines?

    /// The sound the voice effects and shaders listen to (`--audio`), or nil.
    let audio: AudioFeed?

    init(effects: [any Effect], tear: TearController?, showsForeground: Bool, showsControls: Bool?, audio: AudioFeed? = nil) {
        precondition(!effects.isEmpty, "the app needs an effect")
        self.audio = audio
        self.effects = effects
        self.tear = tear
        self.showsForeground = showsForeground
        self.showsControls = showsControls
        nameChain()
    }

    /// The content effect: the first.
    var effect: any Effect { effects[0] }

    /// Whether the controls show now.
    var controlsVisible: Bool { showsControls ?? effects.contains { $0.descriptor.showsControls } }

    /// Shows the controls if they are hidden, hides them if not (the C key).
    func toggleControls() {
        showsControls = !controlsVisible
    }

    /// The chain's names joined for titles: "harmonic", or "harmonic + wave + blur".
    private(set) var title = ""
    /// The chain as `--effect` names it: "harmonic,wave,blur". Both made when the chain is.
    private(set) var name = ""

    private func nameChain() {
        title = effects.count == 1 ? effects[0].descriptor.title : effects.map(\.descriptor.name).joined(separator: " + ")
        name = effects.map(\.descriptor.name).joined(separator: ",")
    }

    /// Replaces the chain (the window's number keys): the new effects' clocks are brought to
    /// `time`, so their `time` stays seconds since the start, and a staged drawing (the prism)
    /// starts over as it appears. The host cancels the press first.
    func switchEffects(to newEffects: [any Effect], at time: Double) {
        precondition(!newEffects.isEmpty, "the app needs an effect")
        for e in newEffects {
            e.advance(by: time)
            e.replay()
        }
        effects = newEffects
        nameChain()
    }

    /// Brings the sound source (`--audio`) to the timeline's `time` before the view advances to
    /// it: the shaders' `glint_audio*` uniforms (`renderer`), the voice effects through `driver`
    /// (the effects of the view last laid out), and the sound texture to shaders of other tools.
    /// Nothing without a source.
    func hear(at time: Double, renderer: Renderer, driver: FrameDriver) {
        guard let audio else { return }
        let hearing = audio.update(at: time)
        renderer.audio = (Float(hearing.level), Float(hearing.bass), Float(hearing.mid), Float(hearing.treble))
        driver.hearing = hearing
        var k = 0
        while k < effects.count {  // index loops: no iterator allocation in debug builds
            let effect = effects[k]
            if effect.toolProgram != nil { audio.texture.withUnsafeBytes { effect.hear(hearing, sound: $0) } }
            k += 1
        }
    }

    /// Compiles every pass the chain and the tear may draw, disabled ones too, so a broken
    /// shader is reported before the first frame and the frame a tear opens compiles nothing.
    func prepare(in renderer: Renderer) throws(RenderError) {
        for effect in effects {
            try renderer.prepare(effect.pass)
        }
        if let tear { try renderer.prepare(tear.pass) }
    }

    /// Everything the shaders received in the last frame, for `--state`: the effects' values
    /// (prefixed with their instance names in a chain: `blur.radius`, `blur#2.radius`), then the tear's.
    func stateSnapshot() -> [(String, StateValue)] {
        let audioValues: [(String, StateValue)] = audio.map {
            [("audioLevel", .number($0.meter.level)), ("audioDB", .number(max($0.meter.decibels, AudioFeed.quietestDecibels)))]
        } ?? []
        return EffectInstanceNames.stateSnapshot(of: effects, tear: tear) + audioValues
    }
}

/// The window's HUD: its top line (the effect and the frame rate), a second (a shader error),
/// the keys, a notice centred over the view, and a key's confirmation at the bottom.
struct HUDLines {
    var top: String?
    var second: String?
    var help: String?
    var notice: String?
    var confirmation: String?
}

/// The app's whole frame, as Glint views: the effect chain (`EffectChainView`: seed 000's
/// `HarmonicView` for the glow, an `EffectView` for the others, the rest of the chain over it,
/// torn by `tearable`), the HUD over it, and the controls docked beside it.
struct AppView: View {
    let state: AppState

    var body: some View {
        ControlsDock(effects: state.effects, isPresented: state.controlsVisible) {
            ZStack(alignment: .topLeading) {
                EffectChainView(state.effects, tear: state.tear, showsForeground: state.showsForeground)
                if let hud = state.hud {
                    HeadsUpDisplay(top: hud.top, second: hud.second, help: hud.help, notice: hud.notice, confirmation: hud.confirmation)
                }
            }
        }
    }
}

/// The app's frames headless: its state shown as an `AppView` through the library's one frame
/// driver, drawn by a `ViewRenderer`, for `render`, `record` and `bench` (the window runs the
/// same view in the library's `ViewHost`).
final class AppFrames {
    let state: AppState
    /// The one frame driver.
    let driver: FrameDriver
    let renderer: ViewRenderer

    /// Needs a current OpenGL 3.3 core context. `backdrop` shows through a tear and around the view.
    init(state: AppState, sources: ShaderSources, backdrop: GlintCore.Color, frameTimeout: Double?) throws(RenderError) {
        self.state = state
        // Headless runs start at the same date every time, so `TimelineView`s draw the same frames.
        driver = Self.makeDriver(backdrop: Glint.Color(backdrop))
        renderer = try ViewRenderer(sources: sources)
        renderer.renderer.frameTimeout = frameTimeout
    }

    private static func makeDriver(backdrop: Glint.Color) -> FrameDriver {
        FrameDriver(backdrop: backdrop, startDate: Date(timeIntervalSinceReferenceDate: 0))
    }

    /// Builds and lays out the app's view for the driver's time in a frame of `size` points.
    func update(size: Size, scale: Double) {
        driver.update(AppView(state: state), in: CGSize(width: size.width, height: size.height), scale: CGFloat(scale))
    }

    /// Moves the timeline to `time`, applying `events` whose time has come at their own times to
    /// the view as last laid out; returns how many were applied.
    /// With a sound source, the effects first hear it as it is at `time` (`AudioFeed`).
    @discardableResult
    func advance(to time: Double, applying events: ArraySlice<PointerEvent> = ArraySlice()) -> Int {
        state.hear(at: time, renderer: renderer.renderer, driver: driver)
        return driver.advance(to: time, applying: events)
    }

    /// Builds the view for the driver's time and draws it into `target`, which shows the whole
    /// frame of `size` points.
    func draw(size: Size, into target: Framebuffer) throws(RenderError) {
        let scale = size.width > 0 ? Double(target.pixelWidth) / size.width : 1
        if warmsUpTear, state.tear != nil {
            // Once, before the first frame: the frame with the tear open, drawn and thrown away,
            // so the first real tear compiles nothing (its programs and layers are ready).
            warmsUpTear = false
            driver.drawsIdleChainsInLayers = true
            update(size: size, scale: scale)
            try renderer.draw(driver.resolved, into: target)
            driver.drawsIdleChainsInLayers = false
        }
        update(size: size, scale: scale)
        try renderer.draw(driver.resolved, into: target)
    }
    /// Whether the first `draw` first draws the tear's layer path once, thrown away: for `bench`,
    /// which draws many frames; `render`, which draws one, skips it.
    var warmsUpTear = false

    /// Compiles every pass the chain and the tear may draw (`AppState.prepare(in:)`).
    func prepare() throws(RenderError) {
        try state.prepare(in: renderer.renderer)
    }

    /// For a chain showing a Shadertoy, glslViewer or ISF shader: every frame of the timeline
    /// before `time` (t = 0, 1/60 s, …), as the tool would have shown them, so a headless frame at
    /// `time` has the frame count, the time step and, for shaders that keep buffers between
    /// frames, the buffers of a live run. Frames of shaders without such buffers are counted, not
    /// drawn. Returns how many of `events` were applied; other chains draw nothing here.
    /// Key events (`keys`) reach the shaders' keyboards at the first frame at or after their time.
    func runToyFrames(until time: Double, events: ArraySlice<PointerEvent>, keys: [ToyKeys.Event], size: Size, into target: Framebuffer,
                       progress: (Int) -> Void = { _ in }) throws(RenderError) -> Int {
        let toys = state.effects.filter { $0.toolProgram != nil }
        guard !toys.isEmpty else { return events.startIndex }
        let draws = toys.contains { $0.toolProgram?.hasFeedback == true }
        var next = events.startIndex
        var key = 0
        var n = 0
        while Double(n) * GlintCore.Timeline.maxStep < time - Self.timeTolerance {
            applyKeys(keys, from: &key, until: Double(n) * GlintCore.Timeline.maxStep)
            next += advance(to: Double(n) * GlintCore.Timeline.maxStep, applying: events[next...])
            if draws {
                try draw(size: size, into: target)
            } else {
                for toy in toys { toy.didDraw() }
            }
            n += 1
            progress(n)
        }
        applyKeys(keys, from: &key, until: time)
        return next
    }

    /// Hands the key events from `index` on whose time has come by `time` to the chain's
    /// Shadertoy shaders, moving `index` past them.
    func applyKeys(_ keys: [ToyKeys.Event], from index: inout Int, until time: Double) {
        while index < keys.count, keys[index].time <= time + Self.timeTolerance {
            for effect in state.effects {
                effect.key(keys[index].code, isDown: keys[index].isDown)
            }
            index += 1
        }
    }
    /// How close a step's time may come to the frame's and still be a frame before it.
    static let timeTolerance = 1e-9

    /// What could not be loaded this frame (an image), for the host to report once.
    var errors: [RenderError] { driver.resolved.errors }
}
