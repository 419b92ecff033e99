/// The harmonic glow (seed 000): six glowing harmonic waves on black, springing to a larger
/// amplitude, double speed and palette colours while the pointer is held.
public final class HarmonicEffect: HearingEffect, ParameterizedEffect {
    /// The seed's `getColor(i)` palette, one colour per wave: the constants of `harmonic.frag`.
    public static let palette: [Color] = [
        Color(red: 0.482, green: 0.831, blue: 0.855),  // teal
        Color(red: 0.412, green: 0.412, blue: 0.847),  // purple
        Color(red: 0.941, green: 0.314, blue: 0.412),  // red-pink
        Color(red: 0.275, green: 0.490, blue: 0.941),  // blue
        Color(red: 0.078, green: 0.863, blue: 0.863),  // cyan
        Color(red: 0.784, green: 0.627, blue: 0.549),  // brown
    ]

    /// The effect's time is sent to the shader modulo this period. Every use of time in the
    /// shader is 2π-periodic, so this is seamless, and it keeps float precision after hours.
    static let timeWrapPeriod = 2 * Double.pi * 64

    /// The seed's hold, whose resting and held values are the parameters' defaults.
    private static let seed = HoldInteraction.Configuration()

    /// Wave amplitude at rest (the live amplitude springs between it and `heldAmplitude`).
    public static let amplitude = Parameter("amplitude", "wave amplitude at rest", default: seed.restingAmplitude, range: 0...4)
    /// Wave amplitude while held.
    public static let heldAmplitude = Parameter("heldAmplitude", "wave amplitude while held", default: seed.heldAmplitude, range: 0...4)
    /// The number of waves: the seed's six.
    public static let wavesCount = Parameter("wavesCount", "number of waves", default: 6, range: 1...32, isInteger: true)
    /// Speed of time at rest.
    public static let speed = Parameter("speed", "speed of time at rest", default: seed.restingSpeed, range: 0...10)
    /// Speed of time while held.
    public static let heldSpeed = Parameter("heldSpeed", "speed of time while held", default: seed.heldSpeed, range: 0...10)

    /// Each parameter's setting: the hold's configuration and the number of waves.
    public static let parameterBindings: [ParameterBinding<HarmonicEffect>] = [
        ParameterBinding(amplitude, \.configuration.restingAmplitude),
        ParameterBinding(heldAmplitude, \.configuration.heldAmplitude),
        ParameterBinding(wavesCount, \.wavesCount),
        ParameterBinding(speed, \.configuration.restingSpeed),
        ParameterBinding(heldSpeed, \.configuration.heldSpeed),
    ]

    public static let descriptor = EffectDescriptor(
        name: "harmonic",
        title: "Harmonic glow",
        summary: "Six glowing harmonic waves; hold to swell and colour them (seed 000).",
        parameters: parameters
    )

    /// `harmonic(position, color, bounds, wavesCount, time, amplitude, mixCoeff)` of
    /// `harmonic.frag`: the live values it receives each frame, in order.
    public enum Argument: Int, ShaderArgumentList {
        case bounds, wavesCount, time, amplitude, mixCoeff
    }

    /// Called by position as seed 000 calls its Metal function (the palette is the shader's, as
    /// the seed's `getColor` is). Opaque: it returns alpha 1 for every pixel.
    public let pass = ShaderEffect(function: "harmonic", kind: .color, isOpaque: true,
                                   positional: [.boundingRect, .float(Float(HarmonicEffect.wavesCount.defaultSetting)), .float(0),
                                                .float(Float(HarmonicEffect.amplitude.defaultSetting)), .float(0)],
                                   names: Argument.names)

    /// The hold's springs and clock.
    public private(set) var hold = HoldInteraction()
    /// The settings of the amplitudes and speeds: the hold's configuration. Before anything
    /// happened a new one applies at once rather than springing to it.
    public private(set) var configuration: HoldInteraction.Configuration {
        get { hold.configuration }
        set {
            hold.configuration = newValue
            resetIfIdle()
        }
    }
    /// The number of waves, a whole number.
    public private(set) var wavesCount = HarmonicEffect.wavesCount.defaultSetting

    public init() {}

    private func resetIfIdle() {
        if hold.clock.elapsed == 0 && !hold.isInteracting {
            let elapsed = hold.clock.elapsed
            hold = HoldInteraction(configuration: hold.configuration)
            assert(hold.clock.elapsed == elapsed)
        }
    }

    public func handle(_ event: PointerEvent) { hold.handle(event) }

    public func advance(by dt: Double) {
        if let hearing { hold.drive(toward: hearing.intensity(isHeld: hold.isInteracting)) }
        hold.advance(by: dt)
    }

    /// The sound it listens to (`--audio`): its level swells and colours the waves as a hold
    /// does (see `Hearing.intensity`), and the label says "Listening...".
    public var hearing: Hearing?

    /// The time the shader receives.
    public var shaderTime: Float { Float(hold.clock.elapsed.truncatingRemainder(dividingBy: Self.timeWrapPeriod)) }

    public func updatePass(viewSize: Size) {
        pass.set(Argument.wavesCount, .float(Float(wavesCount)))
        pass.set(Argument.time, .float(shaderTime))
        pass.set(Argument.amplitude, .float(Float(hold.amplitude.value)))
        pass.set(Argument.mixCoeff, .float(Float(hold.mixCoeff.value)))
    }

    public func stateSnapshot() -> [(String, StateValue)] {
        [
            (Argument.time.name, .number(Double(shaderTime))),
            (Argument.amplitude.name, .number(Double(Float(hold.amplitude.value)))),
            (Argument.mixCoeff.name, .number(Double(Float(hold.mixCoeff.value)))),
            (Argument.wavesCount.name, .number(wavesCount)),
            ("speedMultiplier", .number(hold.speedMultiplier.value)),
            ("isInteracting", .bool(hold.isInteracting)),
        ]
    }

    public var foreground: Foreground? {
        Foreground(label: hearing.map { $0.isAudible && (!$0.onlyWhileHeld || hold.isInteracting) } == true ? "Listening..."
                    : hold.isInteracting ? "Holding..." : "Hold Anywhere!", imageName: "microphone")
    }

    public var isInteracting: Bool { hold.isInteracting }
}
