/// The Dark Side of the Moon cover (seed 003): a white prism, a beam of light striking it, the
/// dispersion inside, and six rainbow slices out to the right edge, on black, in the largest
/// centred square of the view. The geometry is `PrismGeometry`'s; `Shaders/prism.frag` draws it.
///
/// The cover draws itself over `drawDuration` seconds when the effect starts and on `replay()`,
/// in four equal quarters (`PrismGeometry.Stage`): the prism's outline traced from its top
/// clockwise, the beam growing from the left edge, the dispersion swept in from its left point,
/// the rainbow swept from the prism to the right edge. A `drawDuration` of 0 shows it at once.
public final class PrismEffect: Effect {
    /// The seed's drawing time, seconds.
    public static let defaultDrawDuration = 3.0

    /// Its parameters, their defaults the seed's (`PrismGeometry.Parameters()`).
    public static let descriptor = EffectDescriptor(
        name: "prism",
        title: "Dark Side of the Moon",
        summary: "The Dark Side of the Moon cover: a prism, a beam and a rainbow that draw themselves (seed 003).",
        parameters: [
            EffectParameter("lightFraction", "where the beam starts, as a fraction of the height", default: seed.lightFraction, range: 0...1),
            EffectParameter("prismFraction", "where the beam meets the prism's left side, from its top", default: seed.prismFraction, range: 0...1),
            EffectParameter("dispersionSize", "the dispersion's share of the prism's right side", default: seed.dispersionSize, range: 0...1),
            EffectParameter("rainbowSize", "the rainbow's share of the right edge", default: seed.rainbowSize, range: 0...1),
            EffectParameter("drawDuration", "seconds the cover takes to draw itself (0: at once)", default: defaultDrawDuration, range: 0...30),
        ],
        showsControls: true
    )

    /// Opaque: `prism.frag` starts from black and lays every shape over it, alpha 1 throughout.
    public let pass = ShaderEffect(function: "prism", kind: .color, isOpaque: true, positional: [
        .boundingRect, .float(Float(seed.lightFraction)), .float(Float(seed.prismFraction)),
        .float(Float(seed.dispersionSize)), .float(Float(seed.rainbowSize)), .float(0),
    ], names: ["bounds", "lightFraction", "prismFraction", "dispersionSize", "rainbowSize", "progress"])

    /// The seed's four fractions.
    private static let seed = PrismGeometry.Parameters()

    /// The four fractions.
    public private(set) var parameters = PrismGeometry.Parameters()
    /// Seconds the drawing takes.
    public private(set) var drawDuration = defaultDrawDuration
    /// Seconds since the effect started or was last replayed.
    public private(set) var elapsed = 0.0

    public init() {}

    public func setParameter(_ name: String, to value: Double) {
        guard value.isFinite else { return }
        switch name {
        case "lightFraction": parameters.lightFraction = value
        case "prismFraction": parameters.prismFraction = value
        case "dispersionSize": parameters.dispersionSize = value
        case "rainbowSize": parameters.rainbowSize = value
        case "drawDuration": drawDuration = max(value, 0)
        default: break
        }
    }

    public func parameterValue(_ name: String) -> Double? {
        switch name {
        case "lightFraction": parameters.lightFraction
        case "prismFraction": parameters.prismFraction
        case "dispersionSize": parameters.dispersionSize
        case "rainbowSize": parameters.rainbowSize
        case "drawDuration": drawDuration
        default: nil
        }
    }

    /// `elapsed / drawDuration`, at most 1; 1 when the duration is 0.
    public var drawingProgress: Double? {
        drawDuration > 0 ? min(elapsed / drawDuration, 1) : 1
    }

    /// Starts the drawing again from nothing.
    public func replay() { elapsed = 0 }

    public func handle(_ event: PointerEvent) {}

    public func advance(by dt: Double) {
        if dt > 0, dt.isFinite { elapsed += dt }
    }

    public func updatePass(viewSize: Size) {
        pass.set(1, .float(Float(parameters.lightFraction)))
        pass.set(2, .float(Float(parameters.prismFraction)))
        pass.set(3, .float(Float(parameters.dispersionSize)))
        pass.set(4, .float(Float(parameters.rainbowSize)))
        pass.set(5, .float(Float(drawingProgress ?? 1)))
    }

    /// The fractions as set, the progress as the shader received it, and the clock behind it.
    public func stateSnapshot() -> [(String, StateValue)] {
        var progress = 0.0
        if case .float(let v)? = pass["progress"] { progress = Double(v) }
        return [
            ("lightFraction", .number(parameters.lightFraction)), ("prismFraction", .number(parameters.prismFraction)),
            ("dispersionSize", .number(parameters.dispersionSize)), ("rainbowSize", .number(parameters.rainbowSize)),
            ("progress", .number(progress)), ("drawDuration", .number(drawDuration)), ("elapsed", .number(elapsed)),
        ]
    }

    public var foreground: Foreground? { nil }
    public var isInteracting: Bool { false }
}
