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

    private let timeIndex: Int
    private let pointerIndex: Int
    private let pressedIndex: Int
    private let holdIndex: Int
    private let boundsIndex: Int

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
        timeIndex = pass.index(of: "time")!
        pointerIndex = pass.index(of: "pointer")!
        pressedIndex = pass.index(of: "isPressed")!
        holdIndex = pass.index(of: "hold")!
        boundsIndex = pass.index(of: "bounds")!
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
        public static let names = "time, pointer (or touch, location), isPressed, hold, bounds (.boundingRect) and size (the view's, points)"
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
            case .bounds: return .boundingRect
            }
        }, names: parameters)
        pass.library = path
        self.roles = roles
        timeIndex = -1
        pointerIndex = -1
        pressedIndex = -1
        holdIndex = -1
        boundsIndex = -1
    }

    /// For a Metal function: each positional argument's role.
    private var roles: [Role] = []

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
        if !roles.isEmpty {
            var k = 0
            while k < roles.count {  // index loops: no iterator allocations in debug builds
                switch roles[k] {
                case .time: pass.set(k, .float(Float(clock.elapsed)))
                case .pointer: pass.set(k, .float2(Float(pointer.x), Float(pointer.y)))
                case .isPressed: pass.set(k, .float(press.isPressed ? 1 : 0))
                case .hold: pass.set(k, .float(Float(hold.value)))
                case .size: pass.set(k, .float2(Float(viewSize.width), Float(viewSize.height)))
                case .bounds: break
                }
                k += 1
            }
            return
        }
        pass.set(timeIndex, .float(Float(clock.elapsed)))
        pass.set(pointerIndex, .float2(Float(pointer.x), Float(pointer.y)))
        pass.set(pressedIndex, .float(press.isPressed ? 1 : 0))
        pass.set(holdIndex, .float(Float(hold.value)))
        pass.set(boundsIndex, .float4(0, 0, Float(viewSize.width), Float(viewSize.height)))
    }

    public func stateSnapshot() -> [(String, StateValue)] {
        pass.argumentNames.indices.map { (pass.argumentNames[$0], pass.argumentValues[$0].stateValue) }
            + [("isInteracting", .bool(press.isPressed))]
    }

    public var foreground: Foreground? { nil }

    public var isInteracting: Bool { press.isPressed }
}
