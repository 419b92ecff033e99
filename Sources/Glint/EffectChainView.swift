import GlintCore

/// A chain of Glint's stateful effects as one view, as the `glint` command shows `--effect
/// harmonic,wave,blur`: the first effect draws the content (the harmonic glow as seed 000 builds
/// it, with its label and microphone, unless `showsForeground` is false), each later one changes
/// what is below it, in order (`effects(_:)`), and `tear`, when given, tears the whole
/// (`tearable`). The host that shows it advances the effects and the tear and routes the pointer
/// to them: a press goes to the tear when it starts at an edge, else to every effect of the chain.
public struct EffectChainView: View {
    /// The effects, in drawing order (at least one).
    public let effects: [any Effect]
    /// The tear over the chain, if any.
    public let tear: TearController?
    /// Whether the glow shows seed 000's label and microphone.
    public let showsForeground: Bool

    public init(_ effects: [any Effect], tear: TearController? = nil, showsForeground: Bool = true) {
        precondition(!effects.isEmpty, "EffectChainView needs an effect")
        self.effects = effects
        self.tear = tear
        self.showsForeground = showsForeground
    }

    public var body: some View {
        if let tear {
            chain.tearable(tear)
        } else {
            chain
        }
    }

    /// The content, and the effects over it.
    @ViewBuilder private var chain: some View {
        if effects.count == 1 {
            content
        } else {
            content.effects(effects[1...])
        }
    }

    /// The first effect as a view: the glow as seed 000 builds it, every other effect as itself.
    @ViewBuilder private var content: some View {
        if showsForeground, let harmonic = effects[0] as? HarmonicEffect {
            HarmonicView(harmonic)
        } else {
            EffectView(effects[0])
        }
    }
}
