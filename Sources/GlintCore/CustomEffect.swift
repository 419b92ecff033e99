/// An effect from your own GLSL file (`glint --effect my.frag`): a `colorEffect` fed a small set
/// of uniforms, for shader work without writing Swift, as in glslViewer or Shadertoy.
///
/// | uniform | type | meaning |
/// | --- | --- | --- |
/// | `time` | `float` | seconds since the start |
/// | `pointer` | `vec2` | the pointer's last position, points from the top-left |
/// | `isPressed` | `float` | 1 while the button is down, else 0 |
/// | `hold` | `float` | springs 0 → 1 while pressed and back on release (0.3 s, no bounce) |
/// | `bounds` | `vec4` | the view's rect in points: (0, 0, width, height) |
///
/// plus the pipeline's own (`glint_viewSize`, `glint_scale`, …). Undeclared uniforms are skipped.
public final class CustomEffect: Effect {
    public static let descriptor = EffectDescriptor(
        name: "custom",
        title: "Custom shader",
        summary: "Your own colorEffect file: glint --effect path/to/file.frag.",
        parameters: []
    )

    /// Named after the file.
    public let descriptor: EffectDescriptor
    public let pass: ShaderEffect

    private var clock = AnimationClock()
    private var press = Press()
    private var pointer = Point.zero
    private var hold = SpringValue(0, spring: Spring(duration: 0.3, bounce: 0))

    /// What each argument of the pass is, in order.
    private let roles: [Role]

    public convenience init() {
        self.init(function: "custom", fileName: "custom.frag")
    }

    /// `function` is the file's name without `.frag`; the renderer finds the file through its
    /// `ShaderSources` (the app points them at the file's folder).
    public init(function: String, fileName: String) {
        descriptor = EffectDescriptor(name: fileName, title: fileName, summary: Self.descriptor.summary, parameters: [])
        pass = ShaderEffect(function: function, kind: .color, arguments: [
            "time": .float(0),
            "pointer": .float2(0, 0),
            "isPressed": .float(0),
            "hold": .float(0),
            "bounds": .float4(0, 0, 1, 1),
        ])
        roles = pass.argumentNames.map { Role(parameter: $0)! }
    }

    /// What a parameter of a Metal file's function is given, by its name.
    public enum Role: CaseIterable, Sendable {
        case time, pointer, isPressed, hold, bounds, size

        /// The role of a parameter named `name`, if it has one.
        public init?(parameter name: String) {
            switch name {
            case "time", "t": self = .time
            case "pointer", "touch", "location", "mouse": self = .pointer
            case "isPressed", "pressed": self = .isPressed
            case "hold": self = .hold
            case "bounds", "boundingRect": self = .bounds
            case "size", "viewSize": self = .size
            default: return nil
            }
        }

        /// The names, for messages.
        public static let names = "time, pointer (or touch, location), isPressed, hold, bounds (the view's rect) and size (the view's size), in points"
    }

    /// An effect from a SwiftUI Metal file (`glint --effect ripple.metal`): its `[[ stitchable ]]`
    /// colour function `function`, read from the file at `path`, called by position with a value
    /// for each of `parameters` (after `position` and `color`) by its name (see `Role`).
    public init(metalFunction function: String, path: String, fileName: String, parameters: [String]) {
        descriptor = EffectDescriptor(name: fileName, title: fileName, summary: Self.descriptor.summary, parameters: [])
        let roles = parameters.map { Role(parameter: $0) ?? .time }
        pass = ShaderEffect(function: function, kind: .color, positional: roles.map { role -> ShaderArgument in
            switch role {
            case .time, .isPressed, .hold: return .float(0)
            case .pointer, .size: return .float2(0, 0)
            case .bounds: return .float4(0, 0, 1, 1)
            }
        }, names: parameters)
        pass.library = path
        self.roles = roles
    }

    public func setParameter(_ name: String, to value: Double) {}
    public func parameterValue(_ name: String) -> Double? { nil }

    public func handle(_ event: PointerEvent) {
        pointer = event.location
        if press.handle(event) { hold.target = press.isPressed ? 1 : 0 }
    }

    public func advance(by dt: Double) {
        clock.advance(by: dt)
        hold.advance(by: dt)
    }

    public func updatePass(viewSize: Size) {
        var k = 0
        while k < roles.count {  // index loops: no iterator allocations in debug builds
            switch roles[k] {
            case .time: pass.set(k, .float(Float(clock.elapsed)))
            case .pointer: pass.set(k, .float2(Float(pointer.x), Float(pointer.y)))
            case .isPressed: pass.set(k, .float(press.isPressed ? 1 : 0))
            case .hold: pass.set(k, .float(Float(hold.value)))
            case .bounds: pass.set(k, .float4(0, 0, Float(viewSize.width), Float(viewSize.height)))
            case .size: pass.set(k, .float2(Float(viewSize.width), Float(viewSize.height)))
            }
            k += 1
        }
    }

    public func stateSnapshot() -> [(String, StateValue)] {
        pass.argumentNames.indices.map { (pass.argumentNames[$0], pass.argumentValues[$0].stateValue) }
            + [("isInteracting", .bool(press.isPressed))]
    }

    public var foreground: Foreground? { nil }

    public var isInteracting: Bool { press.isPressed }
}
