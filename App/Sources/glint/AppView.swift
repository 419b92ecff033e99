import Foundation
import Glint
import GlintControls
import GlintCore
import struct GlintRender.ShaderSources
import class GlintRender.Renderer
import enum GlintCore.RenderError

/// What the `glint` app shows, as state that lives across frames: the effect chain (the first
/// draws the content, each later one changes what is below it), the tear over them, whether the
/// controls and the foreground show, and the window's HUD lines. The window, `render` and `bench`
/// all show it as an `AppView` through the library's one frame driver (the window in a `ViewHost`,
/// the others in an `OffscreenHost`).
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

/// The app's frames headless (`render`, `record`, `bench`): its view in the library's offscreen host.
typealias AppHost = OffscreenHost<AppView>

extension AppState {
    /// The library's offscreen host showing this state as an `AppView` in `size` points, its
    /// sound (`--audio`) brought to each time before the view advances to it, every pass the
    /// chain and tear may draw compiled. Needs a current OpenGL 3.3 core context. `backdrop`
    /// shows through a tear and around the view.
    func offscreenHost(size: Size, backdrop: GlintCore.Color, sources: ShaderSources, frameTimeout: Double?) throws(RenderError) -> AppHost {
        let host = try AppHost(content: AppView(state: self), size: CGSize(width: size.width, height: size.height),
                               backdrop: Glint.Color(backdrop), sources: sources, frameTimeout: frameTimeout)
        if audio != nil {
            host.willAdvance = { [unowned self, unowned host] time in self.hear(at: time, renderer: host.renderer.renderer, driver: host.driver) }
        }
        try prepare(in: host.renderer.renderer)
        return host
    }
}
