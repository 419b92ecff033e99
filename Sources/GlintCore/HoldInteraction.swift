/// The press-and-hold of the harmonic seed: pointer down anywhere starts interacting, which springs
/// the amplitude up, doubles the speed of time and turns the waves from white to their palette;
/// releasing reverses all of it.
///
/// A plain value: feed it `PointerEvent`s and `advance(by:)` it with a `dt` from outside.
public struct HoldInteraction: Equatable, Sendable {
    /// Where the hold's values rest and where a press sends them.
    public struct Configuration: Equatable, Sendable {
        /// Wave amplitude with no press (the seed's 0.5).
        public var restingAmplitude: Double = 0.5
        /// Wave amplitude while pressed (the seed's 2.0).
        public var heldAmplitude: Double = 2.0
        /// Speed of time with no press.
        public var restingSpeed: Double = 1
        /// Speed of time while pressed.
        public var heldSpeed: Double = 2
        /// The seed's `.spring(duration: 0.3)`, no bounce.
        public var spring = Spring(duration: 0.3, bounce: 0)

        public init() {}
    }

    /// Longest slice of time integrated in one go, so the speed change is followed smoothly
    /// whatever the frame rate (seconds).
    static let maximumSubstep = 1.0 / 240.0

    public var configuration: Configuration {
        didSet { retarget() }
    }
    private var press = Press()
    /// Whether the pointer is held down.
    public var isInteracting: Bool { press.isPressed }
    /// The amplitude handed to the shader.
    public private(set) var amplitude: SpringValue
    /// How fast effect time runs relative to the wall clock.
    public private(set) var speedMultiplier: SpringValue
    /// 0 at rest (white waves), 1 while held (palette colours); follows the press on the same spring.
    public private(set) var mixCoeff: SpringValue
    /// The effect's time.
    public private(set) var clock = AnimationClock()

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        amplitude = SpringValue(configuration.restingAmplitude, spring: configuration.spring)
        speedMultiplier = SpringValue(configuration.restingSpeed, spring: configuration.spring)
        mixCoeff = SpringValue(0, spring: configuration.spring)
    }

    /// A press anywhere starts the hold; the release ends it. Moves change nothing.
    public mutating func handle(_ event: PointerEvent) {
        if press.handle(event) { retarget() }
    }

    /// How far toward the held look the springs aim, 0 (at rest) … 1 (held): a press sets 1,
    /// a release 0; a sound source (`drive(toward:)`) anything between.
    public private(set) var intensity: Double = 0

    /// Aims the springs at `intensity` of the way from rest to held (a sound's level), the
    /// springs still carrying them there.
    public mutating func drive(toward intensity: Double) {
        let i = min(max(intensity.isFinite ? intensity : 0, 0), 1)
        guard i != self.intensity || !hasDriven else { return }
        hasDriven = true
        self.intensity = i
        aim()
    }
    private var hasDriven = false

    /// Lets `dt` seconds of wall time pass: springs move, and effect time advances by the
    /// integral of the speed multiplier over the interval.
    public mutating func advance(by dt: Double) {
        guard dt > 0, dt.isFinite else { return }
        if isSettled {  // nothing moving: time runs at a constant speed
            clock.advance(by: dt, speedMultiplier: speedMultiplier.value)
            return
        }
        var left = dt
        while left > 0 {
            let h = min(left, Self.maximumSubstep)
            let speedBefore = speedMultiplier.value
            amplitude.advance(by: h)
            speedMultiplier.advance(by: h)
            mixCoeff.advance(by: h)
            // Trapezoid rule on the speed: exact once the spring has settled.
            clock.advance(by: h, speedMultiplier: (speedBefore + speedMultiplier.value) / 2)
            left -= h
        }
    }

    /// Whether every spring rests on its target.
    public var isSettled: Bool { amplitude.isSettled && speedMultiplier.isSettled && mixCoeff.isSettled }

    private mutating func retarget() {
        intensity = isInteracting ? 1 : 0
        aim()
    }

    private mutating func aim() {
        let c = configuration
        amplitude.spring = c.spring
        speedMultiplier.spring = c.spring
        mixCoeff.spring = c.spring
        // Rest and held exactly at 0 and 1 (a blend of them could be an ulp off).
        func blend(_ rest: Double, _ held: Double) -> Double {
            intensity == 0 ? rest : intensity == 1 ? held : rest + (held - rest) * intensity
        }
        amplitude.target = blend(c.restingAmplitude, c.heldAmplitude)
        speedMultiplier.target = blend(c.restingSpeed, c.heldSpeed)
        mixCoeff.target = intensity
    }
}
