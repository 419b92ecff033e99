/// The classic Siri waveform (seed 001): `numberOfWaves` thin white sine strokes under a parabolic
/// envelope on black, drifting sideways; holding the pointer swells them from `idleAmplitude` to
/// `amplitude` and releasing calms them, on the foundation's spring.
///
/// Fixed from the original: the seed stepped `phase` by `phaseShift` once per redraw, so the waves
/// ran faster on faster screens. Here `phaseShift` is radians per 1/60 s and the phase advances by
/// `phaseShift · dt / (1/60 s)`, the same at 30, 60 or 144 frames per second.
public final class WaveformEffect: HearingEffect, ParameterizedEffect {
    /// The redraw interval the seed's `phaseShift` was tuned for (seconds).
    public static let seedFrameInterval = 1.0 / 60.0

    /// The phase is kept modulo this: the shader uses it only inside `sin`, so the wrap is
    /// seamless, and a float keeps its precision after hours.
    static let phaseWrapPeriod = 2 * Double.pi

    /// The foundation's hold spring (as `HoldInteraction`'s): SwiftUI's `.spring(duration: 0.3)`.
    public static let spring = Spring(duration: 0.3, bounce: 0)

    /// Number of waves drawn; wave 0 is the primary.
    public static let numberOfWaves = Parameter("numberOfWaves", "number of waves; wave 0 is the primary", default: 6, range: 1...16, isInteger: true)
    /// Sine periods across the view's width.
    public static let frequency = Parameter("frequency", "sine periods across the width", default: 1.5, range: 0...10)
    /// Radians the phase moves per 1/60 s.
    public static let phaseShift = Parameter("phaseShift", "phase step in radians per 1/60 s (negative drifts right)", default: -0.15, range: -1...1)
    /// The amplitude a hold springs to (the seed's `amplitude`, which an audio level would set).
    public static let heldAmplitude = Parameter("heldAmplitude", "amplitude while held (at least idleAmplitude)", default: 1.0, range: 0...2)
    /// The amplitude at rest.
    public static let idleAmplitude = Parameter("idleAmplitude", "amplitude at rest", default: 0.01, range: 0...1)
    /// Width of wave 0, points.
    public static let primaryLineWidth = Parameter("primaryLineWidth", "width of wave 0 in points", default: 1.5, range: 0...20)
    /// Width of the other waves, points.
    public static let secondaryLineWidth = Parameter("secondaryLineWidth", "width of the other waves in points", default: 0.5, range: 0...20)

    /// Each parameter's setting, a property of the effect.
    public static let parameterBindings: [ParameterBinding<WaveformEffect>] = [
        ParameterBinding(numberOfWaves, \.numberOfWaves),
        ParameterBinding(frequency, \.frequency),
        ParameterBinding(phaseShift, \.phaseShift),
        ParameterBinding(heldAmplitude, \.heldAmplitude),
        ParameterBinding(idleAmplitude, \.idleAmplitude),
        ParameterBinding(primaryLineWidth, \.primaryLineWidth),
        ParameterBinding(secondaryLineWidth, \.secondaryLineWidth),
    ]

    public static let descriptor = EffectDescriptor(
        name: "waveform",
        title: "Siri waveform",
        summary: "The classic Siri waveform: six stroked sine waves; hold to swell them (seed 001).",
        parameters: parameters
    )

    /// `waveform(position, color, phase, amplitude, frequency, numberOfWaves, primaryLineWidth,
    /// secondaryLineWidth, waveColor, backgroundColor)` of `waveform.frag`: the live values it
    /// receives each frame, in order.
    public enum Argument: Int, ShaderArgumentList {
        case phase, amplitude, frequency, numberOfWaves, primaryLineWidth, secondaryLineWidth, waveColor, backgroundColor
    }

    /// Called by position. Opaque: `waveform.frag` starts from `backgroundColor`, always opaque
    /// black here, and lays each stroke over it with "over", which keeps alpha 1.
    public let pass = ShaderEffect(function: "waveform", kind: .color, isOpaque: true,
                                   positional: [.float(0), .float(Float(WaveformEffect.idleAmplitude.defaultSetting)),
                                                .float(Float(WaveformEffect.frequency.defaultSetting)),
                                                .float(Float(WaveformEffect.numberOfWaves.defaultSetting)),
                                                .float(Float(WaveformEffect.primaryLineWidth.defaultSetting)),
                                                .float(Float(WaveformEffect.secondaryLineWidth.defaultSetting)), .color(.white), .color(.black)],
                                   names: Argument.names)

    // The settings of the parameters of the same names.
    public private(set) var numberOfWaves = WaveformEffect.numberOfWaves.defaultSetting
    public private(set) var frequency = WaveformEffect.frequency.defaultSetting
    public private(set) var phaseShift = WaveformEffect.phaseShift.defaultSetting
    public private(set) var heldAmplitude = WaveformEffect.heldAmplitude.defaultSetting {
        didSet { retarget() }
    }
    /// Until any time has passed, a new one applies at once rather than springing to it.
    public private(set) var idleAmplitude = WaveformEffect.idleAmplitude.defaultSetting {
        didSet { if !hasAdvanced && !isInteracting { amplitude.set(idleAmplitude) } else { retarget() } }
    }
    public private(set) var primaryLineWidth = WaveformEffect.primaryLineWidth.defaultSetting
    public private(set) var secondaryLineWidth = WaveformEffect.secondaryLineWidth.defaultSetting

    /// The seed's `phase`, radians, kept in (−2π, 2π).
    public private(set) var phase: Double = 0
    /// The amplitude handed to the shader: `idleAmplitude` at rest, `amplitude` while held.
    public private(set) var amplitude = SpringValue(WaveformEffect.idleAmplitude.defaultSetting, spring: WaveformEffect.spring)
    private var press = Press()
    /// Whether the pointer is held down.
    public var isInteracting: Bool { press.isPressed }
    /// Whether any time has passed; until then a new resting amplitude applies at once.
    private var hasAdvanced = false

    public init() {}

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
        pass.set(Argument.phase, .float(Float(phase)))
        pass.set(Argument.amplitude, .float(Float(amplitude.value)))
        pass.set(Argument.frequency, .float(Float(frequency)))
        pass.set(Argument.numberOfWaves, .float(Float(numberOfWaves)))
        pass.set(Argument.primaryLineWidth, .float(Float(primaryLineWidth)))
        pass.set(Argument.secondaryLineWidth, .float(Float(secondaryLineWidth)))
        if case .color(let background) = pass.argumentValues[Argument.backgroundColor.rawValue] {
            pass.extent = Self.extent(viewSize: viewSize, amplitude: amplitude.value,
                                      lineWidths: (primaryLineWidth, secondaryLineWidth), background: background)
        }
    }

    /// The band about the centre line that the strokes' ink lies in: no wave strays further from it
    /// than 0.8·|amplitude|·maxAmplitude (`waveform.frag`'s bound), and no stroke further from its
    /// wave than half the widest. The renderer runs the program over the pixels that touch the band;
    /// every other pixel's centre lies more than half a pixel beyond all ink, where the shader's
    /// coverage is 0 and it returns the background alone.
    static func extent(viewSize: Size, amplitude: Double, lineWidths: (Double, Double), background: Color) -> PassExtent {
        let maxAmplitude = 0.5 * viewSize.height - lineWidths.0
        let reach = 0.8 * abs(amplitude * maxAmplitude) + 0.5 * max(lineWidths.0, lineWidths.1)
        return PassExtent(rect: Rect(x: 0, y: 0.5 * viewSize.height - reach, width: viewSize.width, height: 2 * reach),
                          outside: background)
    }

    public func stateSnapshot() -> [(String, StateValue)] {
        func sent(_ x: Double) -> StateValue { .number(Double(Float(x))) }
        return [
            (Argument.phase.name, sent(phase)),
            (Argument.amplitude.name, sent(amplitude.value)),
            (Argument.frequency.name, sent(frequency)),
            (Argument.numberOfWaves.name, .number(numberOfWaves)),
            (Argument.primaryLineWidth.name, sent(primaryLineWidth)),
            (Argument.secondaryLineWidth.name, sent(secondaryLineWidth)),
            (Self.idleAmplitude.name, sent(idleAmplitude)),
            ("isInteracting", .bool(isInteracting)),
        ]
    }

    /// The seed draws nothing over its waves.
    public var foreground: Foreground? { nil }
}
