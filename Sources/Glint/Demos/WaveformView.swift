import Foundation
import GlintCore

/// The classic Siri waveform (seed 001) as a view: thin white sine strokes under a parabolic
/// envelope on black, drifting sideways; holding the view swells them, letting go calms them.
///
/// ```swift
/// try Window("Waveform", size: CGSize(width: 640, height: 400)) { WaveformView() }.run()
/// ```
///
/// The waves are `EffectView(model)`: the host that shows the view advances the model's clock
/// and hands it the pointer at each event's time, as `glint render --effect waveform` does. What
/// the model shows over itself (its `foreground`; none today) is drawn as `HarmonicView`'s caption is.
public struct WaveformView: View {
    /// The model given, if any.
    private let given: WaveformEffect?
    /// The view's own model when none was given, made on first use and kept by the view's identity.
    @State private var owned: WaveformEffect? = nil

    /// The waves of `model`: its spring, parameters (`setParameter`) and phase, which the host advances.
    public init(_ model: WaveformEffect) {
        given = model
    }

    /// The waves with a model of their own, at the seed's defaults, living as long as the view.
    public init() {
        given = nil
    }

    /// The model drawn: the one given, else the view's own.
    private var model: WaveformEffect {
        if let given { return given }
        if let owned { return owned }
        let made = WaveformEffect()
        owned = made
        return made
    }

    public var body: some View {
        let model = self.model
        ZStack {
            EffectView(model)
            if let foreground = model.foreground {
                EffectForegroundView(foreground: foreground)
            }
        }
    }
}
