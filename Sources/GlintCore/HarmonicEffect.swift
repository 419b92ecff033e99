/// The harmonic glow (seed 000): six glowing harmonic waves on black, springing to a larger
/// amplitude, double speed and palette colours while the pointer is held.
public final class HarmonicEffect: HearingEffect {
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

    /// The seed's six waves.
    public static let defaultWavesCount = 6.0

    /// Its parameters, their defaults those of the seed's hold (`HoldInteraction.Configuration()`).
    public static let descriptor: EffectDescriptor = {
        let seed = HoldInteraction.Configuration()
        return EffectDescriptor(
            name: "harmonic",
            title: "Harmonic glow",
            summary: "Six glowing harmonic waves; hold to swell and colour them (seed 000).",
            parameters: [
                EffectParameter("amplitude", "wave amplitude at rest", default: seed.restingAmplitude, range: 0...4),
                EffectParameter("heldAmplitude", "wave amplitude while held", default: seed.heldAmplitude, range: 0...4),
                EffectParameter("wavesCount", "number of waves", default: defaultWavesCount, range: 1...32, isInteger: true),
                EffectParameter("speed", "speed of time at rest", default: seed.restingSpeed, range: 0...10),
                EffectParameter("heldSpeed", "speed of time while held", default: seed.heldSpeed, range: 0...10),
            ]
        )
    }()

    /// `harmonic(position, color, bounds, wavesCount, time, amplitude, mixCoeff)` of
    /// `harmonic.frag`, called by position as seed 000 calls its Metal function (the palette is
    /// the shader's, as the seed's `getColor` is). Opaque: it returns alpha 1 for every pixel.
    public let pass = ShaderEffect(function: "harmonic", kind: .color, isOpaque: true,
                                   positional: [.boundingRect, .float(Float(defaultWavesCount)), .float(0),
                                                .float(Float(HoldInteraction.Configuration().restingAmplitude)), .float(0)],
                                   names: ["bounds", "wavesCount", "time", "amplitude", "mixCoeff"])

    /// The hold's springs and clock.
    public private(set) var hold = HoldInteraction()
    public private(set) var wavesCount = defaultWavesCount

    private let wavesIndex: Int
    private let timeIndex: Int
    private let amplitudeIndex: Int
    private let mixIndex: Int

    public init() {
        wavesIndex = pass.index(of: "wavesCount")!
        timeIndex = pass.index(of: "time")!
        amplitudeIndex = pass.index(of: "amplitude")!
        mixIndex = pass.index(of: "mixCoeff")!
    }

    public func parameterValue(_ name: String) -> Double? {
        switch name {
        case "amplitude": hold.configuration.restingAmplitude
        case "heldAmplitude": hold.configuration.heldAmplitude
        case "speed": hold.configuration.restingSpeed
        case "heldSpeed": hold.configuration.heldSpeed
        case "wavesCount": wavesCount
        default: nil
        }
    }

    public func setParameter(_ name: String, to value: Double) {
        switch name {
        case "amplitude": hold.configuration.restingAmplitude = value; resetIfIdle()
        case "heldAmplitude": hold.configuration.heldAmplitude = value
        case "speed": hold.configuration.restingSpeed = value; resetIfIdle()
        case "heldSpeed": hold.configuration.heldSpeed = value
        case "wavesCount": wavesCount = value.rounded()
        default: break
        }
    }

    /// Before anything happened, a new resting value applies at once rather than springing to it.
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
        pass.set(wavesIndex, .float(Float(wavesCount)))
        pass.set(timeIndex, .float(shaderTime))
        pass.set(amplitudeIndex, .float(Float(hold.amplitude.value)))
        pass.set(mixIndex, .float(Float(hold.mixCoeff.value)))
    }

    public func stateSnapshot() -> [(String, StateValue)] {
        [
            ("time", .number(Double(shaderTime))),
            ("amplitude", .number(Double(Float(hold.amplitude.value)))),
            ("mixCoeff", .number(Double(Float(hold.mixCoeff.value)))),
            ("wavesCount", .number(wavesCount)),
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
