import GlintCore

/// An effect that draws itself in stages, with one parameter: what the prism is to the controls
/// panel, for the panel's model tests and its views' tests alike. It draws a clear `solid` fill.
public final class StagedEffect: ParameterizedEffect {
    public static let lightFraction = Parameter("lightFraction", "how much of the drawing is light", default: 0.55, range: 0...1)
    public static let parameterBindings = [ParameterBinding<StagedEffect>(lightFraction, \.lightFraction)]
    public static let descriptor = EffectDescriptor(
        name: "staged", title: "Staged drawing", summary: "A test effect drawn in stages.",
        parameters: parameters, showsControls: true)
    public let pass = ShaderEffect(function: "solid", kind: .fill, arguments: [:])
    public var lightFraction = StagedEffect.lightFraction.defaultSetting
    public var progress = 0.0
    /// How many times Replay was pressed.
    public var replays = 0

    public init() {}
    public var drawingProgress: Double? { progress }
    public func replay() { replays += 1; progress = 0 }
    public func handle(_ event: PointerEvent) {}
    public func advance(by dt: Double) { progress = min(progress + dt, 1) }
    public func updatePass(viewSize: Size) {}
    public func stateSnapshot() -> [(String, StateValue)] { [] }
    public var foreground: Foreground? { nil }
    public var isInteracting: Bool { false }
}
