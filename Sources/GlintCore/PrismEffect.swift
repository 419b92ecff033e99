/// The Dark Side of the Moon cover (seed 003): a white prism, a beam of light striking it, the
/// dispersion inside, and six rainbow slices out to the right edge, on black, in the largest
/// centred square of the view. The geometry is `PrismGeometry`'s; `Shaders/prism.frag` draws it.
///
/// The cover draws itself over `drawDuration` seconds when the effect starts and on `replay()`,
/// in four equal quarters (`PrismGeometry.Stage`): the prism's outline traced from its top
/// clockwise, the beam growing from the left edge, the dispersion swept in from its left point,
/// the rainbow swept from the prism to the right edge. A `drawDuration` of 0 shows it at once.
public final class PrismEffect: ParameterizedEffect {
    /// The seed's four fractions, the parameters' defaults.
    private static let seed = PrismGeometry.Parameters()

    /// Where the beam starts, as a fraction of the height.
    public static let lightFraction = Parameter("lightFraction", "where the beam starts, as a fraction of the height", default: seed.lightFraction, range: 0...1)
    /// Where the beam meets the prism's left side, from its top.
    public static let prismFraction = Parameter("prismFraction", "where the beam meets the prism's left side, from its top", default: seed.prismFraction, range: 0...1)
    /// The dispersion's share of the prism's right side.
    public static let dispersionSize = Parameter("dispersionSize", "the dispersion's share of the prism's right side", default: seed.dispersionSize, range: 0...1)
    /// The rainbow's share of the right edge.
    public static let rainbowSize = Parameter("rainbowSize", "the rainbow's share of the right edge", default: seed.rainbowSize, range: 0...1)
    /// Seconds the cover takes to draw itself: the seed's 3.
    public static let drawDuration = Parameter("drawDuration", "seconds the cover takes to draw itself (0: at once)", default: 3, range: 0...30)

    /// Each parameter's setting: the geometry's fractions and the drawing's duration.
    public static let parameterBindings: [ParameterBinding<PrismEffect>] = [
        ParameterBinding(lightFraction, \.geometry.lightFraction),
        ParameterBinding(prismFraction, \.geometry.prismFraction),
        ParameterBinding(dispersionSize, \.geometry.dispersionSize),
        ParameterBinding(rainbowSize, \.geometry.rainbowSize),
        ParameterBinding(drawDuration, \.duration),
    ]

    public static let descriptor = EffectDescriptor(
        name: "prism",
        title: "Dark Side of the Moon",
        summary: "The Dark Side of the Moon cover: a prism, a beam and a rainbow that draw themselves (seed 003).",
        parameters: parameters,
        showsControls: true
    )

    /// `prism(position, color, bounds, lightFraction, prismFraction, dispersionSize, rainbowSize,
    /// progress)` of `prism.frag`: what it receives each frame, in order.
    public enum Argument: Int, ShaderArgumentList {
        case bounds, lightFraction, prismFraction, dispersionSize, rainbowSize, progress
    }

    /// Opaque: `prism.frag` starts from black and lays every shape over it, alpha 1 throughout.
    public let pass = ShaderEffect(function: "prism", kind: .color, isOpaque: true, positional: [
        .boundingRect, .float(Float(seed.lightFraction)), .float(Float(seed.prismFraction)),
        .float(Float(seed.dispersionSize)), .float(Float(seed.rainbowSize)), .float(0),
    ], names: Argument.names)

    /// The four fractions.
    public private(set) var parameters = PrismGeometry.Parameters()
    /// Seconds the drawing takes.
    public private(set) var drawDuration = PrismEffect.drawDuration.defaultSetting
    /// Seconds since the effect started or was last replayed.
    public private(set) var elapsed = 0.0

    public init() {}

    /// The four fractions' settings; a value that is not finite is ignored.
    private var geometry: PrismGeometry.Parameters {
        get { parameters }
        set {
            if newValue.lightFraction.isFinite && newValue.prismFraction.isFinite && newValue.dispersionSize.isFinite
                && newValue.rainbowSize.isFinite { parameters = newValue }
        }
    }

    /// The drawing's duration's setting: at least 0; a value that is not finite is ignored.
    private var duration: Double {
        get { drawDuration }
        set { if newValue.isFinite { drawDuration = max(newValue, 0) } }
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
        pass.set(Argument.lightFraction, .float(Float(parameters.lightFraction)))
        pass.set(Argument.prismFraction, .float(Float(parameters.prismFraction)))
        pass.set(Argument.dispersionSize, .float(Float(parameters.dispersionSize)))
        pass.set(Argument.rainbowSize, .float(Float(parameters.rainbowSize)))
        pass.set(Argument.progress, .float(Float(drawingProgress ?? 1)))
        pass.extent = Self.extent(viewSize: viewSize)
    }

    /// The cover's square, the largest centred in the view: `prism.frag` cuts the beam at its left
    /// edge and the rainbow at its right (nothing else comes near them), so every pixel that does not
    /// touch it is opaque black.
    static func extent(viewSize: Size) -> PassExtent {
        let side = min(viewSize.width, viewSize.height)
        return PassExtent(rect: Rect(x: 0.5 * (viewSize.width - side), y: 0.5 * (viewSize.height - side), width: side, height: side),
                          outside: .black)
    }

    /// The fractions as set, the progress as the shader received it, and the clock behind it.
    public func stateSnapshot() -> [(String, StateValue)] {
        var progress = 0.0
        if case .float(let v) = pass[Argument.progress] { progress = Double(v) }
        return [
            (Self.lightFraction.name, .number(parameters.lightFraction)), (Self.prismFraction.name, .number(parameters.prismFraction)),
            (Self.dispersionSize.name, .number(parameters.dispersionSize)), (Self.rainbowSize.name, .number(parameters.rainbowSize)),
            (Argument.progress.name, .number(progress)), (Self.drawDuration.name, .number(drawDuration)), ("elapsed", .number(elapsed)),
        ]
    }

    public var foreground: Foreground? { nil }
    public var isInteracting: Bool { false }
}
