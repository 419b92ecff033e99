import Foundation
import GlintCore

/// The harmonic glow (seed 000) as a view, built as the seed's `ContentView`: the glow fills the
/// view and takes the press (holding swells the waves, speeds them up and colours them; letting
/// go springs them back), and over it `VStack { Spacer(); Text(…); Image(microphone) }.padding()`
/// says "Hold Anywhere!" or "Holding..." and lets presses through.
///
/// ```swift
/// try Window("Harmonic", size: CGSize(width: 640, height: 400)) { HarmonicView() }.run()
/// ```
///
/// The glow is `EffectView(model)`: the host that shows it (a `Window`, or your own loop over a
/// `ResolvedView`) advances the model's clock and hands it the pointer at each event's time,
/// so the same events give the same picture as `glint render --input … --effect harmonic`.
public struct HarmonicView: View {
    /// The model given, if any.
    private let given: HarmonicEffect?
    /// The view's own model when none was given, made on first use and kept by the view's identity.
    @State private var owned: HarmonicEffect? = nil

    /// The glow of `model`: its springs, parameters (`setParameter`) and clock, which the host
    /// advances. Read `model.isInteracting` to know whether it is held.
    public init(_ model: HarmonicEffect) {
        given = model
    }

    /// The glow with a model of its own, at the seed's defaults, living as long as the view.
    public init() {
        given = nil
    }

    /// The model drawn: the one given, else the view's own.
    private var model: HarmonicEffect {
        if let given { return given }
        if let owned { return owned }
        let made = HarmonicEffect()
        owned = made
        return made
    }

    public var body: some View {
        let model = self.model
        // The seed's Color.clear.background(Rectangle().colorEffect(…)).gesture(DragGesture(minimumDistance: 0)…):
        // the model's pass and its hold in one. The caption lies over it and never sizes the view
        // (in a view shorter than the caption it reaches past the top, as the seed's would).
        EffectView(model)
            .overlay {
                if let foreground = model.foreground {
                    EffectForegroundView(foreground: foreground)
                }
            }
    }
}
