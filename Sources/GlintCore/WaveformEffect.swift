/// The classic Siri waveform (seed 001): `numberOfWaves` thin white sine strokes under a parabolic
/// envelope on black, drifting sideways; holding the pointer swells them from `idleAmplitude` to
/// `amplitude` and releasing calms them, on the foundation's spring.
///
/// Fixed from the original: the seed stepped `phase` by `phaseShift` once per redraw, so the waves
/// ran faster on faster screens. Here `phaseShift` is radians per 1/60 s and the phase advances by
/// `phaseShift · dt / (1/60 s)`, the same at 30, 60 or 144 frames per second.
public final class WaveformEffect: HearingEffect {
    /// The redraw interval the seed's `phaseShift` was tuned for (seconds).
    public static let seedFrameInterval = 1.0 / 60.0

    /// The phase is kept modulo this: the shader uses it only inside `sin`, so the wrap is
    /// seamless, and a float keeps its precision after hours.
    static let phaseWrapPeriod = 2 * Double.pi

    /// The foundation's hold spring (as `HoldInteraction`'s): SwiftUI's `.spring(duration: 0.3)`.
    public static let spring = Spring(duration: 0.3, bounce: 0)

    public static let descriptor = EffectDescriptor(
        name: "waveform",
        title: "Siri waveform",
        summary: "The classic Siri waveform: six stroked sine waves; hold to swell them (seed 001).",
        parameters: [
            EffectParameter("numberOfWaves", "number of waves; wave 0 is the primary", default: 6, range: 1...16, isInteger: true),
            EffectParameter("frequency", "sine periods across the width", default: 1.5, range: 0...10),
            EffectParameter("phaseShift", "phase step in radians per 1/60 s (negative drifts right)", default: -0.15, range: -1...1),
            EffectParameter("heldAmplitude", "amplitude while held (at least idleAmplitude)", default: 1.0, range: 0...2),
            EffectParameter("idleAmplitude", "amplitude at rest", default: 0.01, range: 0...1),
            EffectParameter("primaryLineWidth", "width of wave 0 in points", default: 1.5, range: 0...20),
            EffectParameter("secondaryLineWidth", "width of the other waves in points", default: 0.5, range: 0...20),
        ]
    )

    /// A parameter's default, from the descriptor.
    private static func initial(_ name: String) -> Double { descriptor.defaultValue(name) }

    /// Opaque: `waveform.frag` starts from `backgroundColor`, always opaque black here, and lays
    /// each stroke over it with "over", which keeps alpha 1.
    /// `waveform(position, color, phase, amplitude, frequency, numberOfWaves, primaryLineWidth,
    /// secondaryLineWidth, waveColor, backgroundColor)` of `waveform.frag`, called by position.
    public let pass = ShaderEffect(function: "waveform", kind: .color, isOpaque: true,
                                   positional: [.float(0), .float(Float(initial("idleAmplitude"))), .float(Float(initial("frequency"))),
                                                .float(Float(initial("numberOfWaves"))), .float(Float(initial("primaryLineWidth"))),
                                                .float(Float(initial("secondaryLineWidth"))), .color(.white), .color(.black)],
                                   names: ["phase", "amplitude", "frequency", "numberOfWaves", "primaryLineWidth", "secondaryLineWidth",
                                           "waveColor", "backgroundColor"])

    /// Number of waves drawn, a whole number.
    public private(set) var numberOfWaves = initial("numberOfWaves")
    /// Sine periods across the view's width.
    public private(set) var frequency = initial("frequency")
    /// Radians the phase moves per 1/60 s.
    public private(set) var phaseShift = initial("phaseShift")
    /// The amplitude a hold springs to (the seed's `amplitude`, which an audio level would set).
    public private(set) var heldAmplitude = initial("heldAmplitude")
    /// The amplitude at rest.
    public private(set) var idleAmplitude = initial("idleAmplitude")
    /// Width of wave 0, points.
    public private(set) var primaryLineWidth = initial("primaryLineWidth")
    /// Width of the other waves, points.
    public private(set) var secondaryLineWidth = initial("secondaryLineWidth")

    /// The seed's `phase`, radians, kept in (−2π, 2π).
    public private(set) var phase: Double = 0
    /// The amplitude handed to the shader: `idleAmplitude` at rest, `amplitude` while held.
    public private(set) var amplitude = SpringValue(initial("idleAmplitude"), spring: WaveformEffect.spring)
    private var press = Press()
    /// Whether the pointer is held down.
    public var isInteracting: Bool { press.isPressed }
    /// Whether any time has passed; until then a new resting amplitude applies at once.
    private var hasAdvanced = false

    private let phaseIndex: Int
    private let amplitudeIndex: Int
    private let frequencyIndex: Int
    private let wavesIndex: Int
    private let primaryWidthIndex: Int
    private let secondaryWidthIndex: Int

    public init() {
        phaseIndex = pass.index(of: "phase")!
        amplitudeIndex = pass.index(of: "amplitude")!
        frequencyIndex = pass.index(of: "frequency")!
        wavesIndex = pass.index(of: "numberOfWaves")!
        primaryWidthIndex = pass.index(of: "primaryLineWidth")!
        secondaryWidthIndex = pass.index(of: "secondaryLineWidth")!
    }

    public func parameterValue(_ name: String) -> Double? {
        switch name {
        case "numberOfWaves": numberOfWaves
        case "frequency": frequency
        case "phaseShift": phaseShift
        case "heldAmplitude": heldAmplitude
        case "idleAmplitude": idleAmplitude
        case "primaryLineWidth": primaryLineWidth
        case "secondaryLineWidth": secondaryLineWidth
        default: nil
        }
    }

    public func setParameter(_ name: String, to value: Double) {
        switch name {
        case "numberOfWaves": numberOfWaves = value.rounded()
        case "frequency": frequency = value
        case "phaseShift": phaseShift = value
        case "heldAmplitude": heldAmplitude = value; retarget()
        case "idleAmplitude":
            idleAmplitude = value
            if !hasAdvanced && !isInteracting { amplitude.set(value) } else { retarget() }
        case "primaryLineWidth": primaryLineWidth = value
        case "secondaryLineWidth": secondaryLineWidth = value
        default: break
        }
    }

    /// A press anywhere swells the waves; the release calms them. Moves change nothing.
    public func handle(_ event: PointerEvent) {
        if press.handle(event) { retarget() }
    }

    /// The sound it listens to (`--audio`): the amplitude follows the level (never below
    /// `idleAmplitude`), as the seed's microphone set it; with `onlyWhileHeld`, only while held,
    /// through the hold's spring.
    public var hearing: Hearing?

    public func advance(by dt: Double) {
        guard dt > 0, dt.isFinite else { return }
        if let hearing {
            // The level alone, held or not (the seed's microphone); push to talk: only while held.
            let level = hearing.onlyWhileHeld ? hearing.intensity(isHeld: isInteracting) : min(max(hearing.level, 0), 1)
            let target = max(idleAmplitude, level * max(heldAmplitude, idleAmplitude))
            if hearing.onlyWhileHeld { amplitude.target = target } else { amplitude.set(target) }
        }
        hasAdvanced = true
        phase = (phase + phaseShift * dt / Self.seedFrameInterval).truncatingRemainder(dividingBy: Self.phaseWrapPeriod)
        amplitude.advance(by: dt)
    }

    /// The seed's `amplitude` setter never lets it drop below `idleAmplitude`.
    private func retarget() {
        amplitude.target = isInteracting ? max(heldAmplitude, idleAmplitude) : idleAmplitude
    }

    public func updatePass(viewSize: Size) {
        pass.set(phaseIndex, .float(Float(phase)))
        pass.set(amplitudeIndex, .float(Float(amplitude.value)))
        pass.set(frequencyIndex, .float(Float(frequency)))
        pass.set(wavesIndex, .float(Float(numberOfWaves)))
        pass.set(primaryWidthIndex, .float(Float(primaryLineWidth)))
        pass.set(secondaryWidthIndex, .float(Float(secondaryLineWidth)))
    }

    public func stateSnapshot() -> [(String, StateValue)] {
        func sent(_ x: Double) -> StateValue { .number(Double(Float(x))) }
        return [
            ("phase", sent(phase)),
            ("amplitude", sent(amplitude.value)),
            ("frequency", sent(frequency)),
            ("numberOfWaves", .number(numberOfWaves)),
            ("primaryLineWidth", sent(primaryLineWidth)),
            ("secondaryLineWidth", sent(secondaryLineWidth)),
            ("idleAmplitude", sent(idleAmplitude)),
            ("isInteracting", .bool(isInteracting)),
        ]
    }

    /// The seed draws nothing over its waves.
    public var foreground: Foreground? { nil }
}
