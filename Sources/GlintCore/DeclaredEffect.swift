/// An effect written as a shader file plus one declaration: its function's arguments in order,
/// each either something the frame supplies (time, the view's size, the pointer…) or a number
/// the user tunes. The command line (`--param`), the controls' sliders, `--state`, `glint
/// effects` and the shader's arguments all derive from the declaration; nothing is written twice.
///
/// ```swift
/// public enum Water {
///     public static let speed = Parameter("speed", "how fast the ripples move", default: 3, range: 0...10)
///     public static let strength = Parameter("strength", "how far pixels move, points", default: 3, range: 0...20)
/// }
/// public static let water = EffectDeclaration(
///     "water", kind: .distortion, title: "Water", summary: "Ripples as if seen through water.",
///     arguments: [.size, .time, .number(Water.speed), .number(Water.strength)],
///     maxSampleOffset: .parameter(Water.strength))
/// ```
/// drives `[[ stitchable ]] float2 water(float2 position, float2 size, float time, float speed,
/// float strength)` in `Shaders/water.metal`.
public struct EffectDeclaration: Sendable {
    /// Which of SwiftUI's modifiers the function is written for.
    public enum Kind: String, Sendable {
        /// `half4 f(float2 position, half4 color, args…)`.
        case color
        /// `half4 f(float2 position, SwiftUI::Layer layer, args…)`.
        case layer
        /// `float2 f(float2 position, args…)`.
        case distortion
    }

    /// One argument of the function after `position` (and `color` or `layer`).
    public enum Argument: Sendable {
        /// Seconds since the start (`float`).
        case time
        /// The view's size in points (`float2`).
        case size
        /// The view's rect in its own space, `(0, 0, width, height)` points (`float4`).
        case bounds
        /// Where the pointer last was, points from the top-left (`float2`).
        case pointer
        /// 1 while the pointer is held down, else 0 (`float`).
        case isPressed
        /// Springs 0 → 1 while held and back on release (`float`).
        case hold
        /// A value the user tunes: `--param`, a control on the panel, `--state`. A number, whole
        /// number or toggle is a `float` (a uniform may be `int` or `bool`); a point `float2`; a
        /// colour or vector `float3` or `float4` as it has components.
        case number(EffectParameter)
        /// A colour (`half4`), fixed for the command line; a Swift call site passes its own.
        case color(String, Color)
        /// An image (`texture2d<half>`), a file in `Assets/` until `--param NAME=FILE` gives one.
        case image(String, asset: String)

        /// A tunable number, declared by its key.
        public static func number(_ parameter: Parameter<Double>) -> Argument {
            .number(parameter.declaration)
        }

        /// A fixed colour, declared by its key.
        public static func color(_ argument: ColorArgument) -> Argument {
            .color(argument.name, argument.defaultSetting)
        }

        /// An image, declared by its key.
        public static func image(_ argument: ImageArgument) -> Argument {
            .image(argument.name, asset: argument.asset)
        }

        /// The parameter's name in the function (what `--state` calls it).
        public var name: String {
            switch self {
            case .time: return "time"
            case .size: return "size"
            case .bounds: return "bounds"
            case .pointer: return "pointer"
            case .isPressed: return "isPressed"
            case .hold: return "hold"
            case .number(let p): return p.name
            case .color(let name, _), .image(let name, _): return name
            }
        }

        /// The frame-supplied argument a parameter named `name` is given, as a `.metal` file run
        /// with `glint --effect FILE.metal` names them; nil for any other name.
        public init?(role name: String) {
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

        /// The names `init(role:)` knows, for messages.
        public static let roleNames = "time, pointer (or touch, location), isPressed, hold, bounds (the view's rect) and size (the view's size), in points"

        /// What the shader receives for parameter `p` whose components are `v`: a whole number
        /// an `int` where it sets a uniform declared so (`asInt`, a file's own `int` uniform).
        static func value(of p: EffectParameter, _ v: SIMD4<Double>, asInt: Bool = false) -> ShaderArgument {
            if asInt && p.kind == .wholeNumber { return .int(v[0].isFinite ? Int32(clamping: Int(v[0].rounded())) : 0) }
            switch p.components {
            case 1: return .float(Float(v[0]))
            case 2: return .float2(Float(v[0]), Float(v[1]))
            case 3: return .float3(Float(v[0]), Float(v[1]), Float(v[2]))
            default: return .float4(Float(v[0]), Float(v[1]), Float(v[2]), Float(v[3]))
            }
        }

        /// The value it starts with.
        var initialValue: ShaderArgument {
            switch self {
            case .time, .isPressed, .hold: return .float(0)
            case .size, .pointer: return .float2(0, 0)
            case .bounds: return .float4(0, 0, 1, 1)
            case .number(let p): return Self.value(of: p, SIMD4(p.defaults + Array(repeating: 0, count: 4 - p.components)))
            case .color(_, let c): return .color(c)
            case .image: return .image(Image(width: 1, height: 1, pixels: [255, 255, 255, 255]))
            }
        }
    }

    /// How far from its own position the function reads the layer, in points.
    public enum Reach: Sendable {
        /// Nowhere else (a colour effect), or a fixed distance.
        case fixed(Double)
        /// The setting of a number parameter, times `scale`.
        case parameter(Parameter<Double>, scale: Double = 1)
    }

    /// The function's name, which is its file's (`Shaders/<function>.metal`) and the command line's.
    public var function: String
    public var kind: Kind
    public var title: String
    public var summary: String
    public var arguments: [Argument]
    public var maxSampleOffset: Reach
    /// Whether it changes what is below (shown over the harmonic glow alone) rather than drawing
    /// content of its own.
    public var isModifier: Bool
    /// Whether every pixel it draws is opaque.
    public var isOpaque: Bool
    /// The shader library the function is read from: nil for Glint's own `Shaders/`.
    public var library: String?
    /// Whether each argument sets the uniform of its name in a file defining SwiftUI's modifier
    /// name (`vec4 colorEffect(vec2 position, vec4 color)`, a `.frag` of the user's) rather than
    /// being passed to `function` by position.
    public var setsUniforms = false

    public init(_ function: String, kind: Kind, title: String, summary: String, arguments: [Argument],
                maxSampleOffset: Reach = .fixed(0), isModifier: Bool = true, isOpaque: Bool = false, library: String? = nil) {
        self.function = function
        self.kind = kind
        self.title = title
        self.summary = summary
        self.arguments = arguments
        self.maxSampleOffset = maxSampleOffset
        self.isModifier = isModifier
        self.isOpaque = isOpaque
        self.library = library
    }

    /// The tunable numbers, in order.
    public var parameters: [EffectParameter] {
        arguments.compactMap { if case .number(let p) = $0 { return p } else { return nil } }
    }

    /// What `glint effects`, `--param` and the controls see.
    public var descriptor: EffectDescriptor {
        EffectDescriptor(name: function, title: title, summary: summary, parameters: parameters,
                         images: arguments.compactMap { if case let .image(name, asset) = $0 { return (name, asset) } else { return nil } },
                         isModifier: isModifier)
    }

    /// The pass's kind for a reach of `offset` points.
    func passKind(offset: Double) -> ShaderEffect.Kind {
        let reach = Size(width: offset, height: offset)
        switch kind {
        case .color: return .color
        case .layer: return .layer(maxSampleOffset: reach)
        case .distortion: return .distortion(maxSampleOffset: reach)
        }
    }
}

/// The effect an `EffectDeclaration` describes: it feeds the frame's time, size and pointer to the
/// arguments that take them and the user's numbers to the rest.
public final class DeclaredEffect: Effect {
    /// Not used: a declared effect's descriptor is its declaration's (`descriptor`).
    public static let descriptor = EffectDescriptor(name: "declared", title: "Declared effect", summary: "", parameters: [])

    public let declaration: EffectDeclaration
    public let descriptor: EffectDescriptor
    public let pass: ShaderEffect

    private var clock = AnimationClock()
    private var press = Press()
    private var pointer = Point.zero
    private var hold = SpringValue(0, spring: Spring(duration: 0.3, bounce: 0))
    /// The current value of each argument that is a parameter, by argument index, its components
    /// in order (others unused).
    private var numbers: [SIMD4<Double>]
    /// The argument index of the number the reach follows, if it follows one.
    private let reachIndex: (index: Int, scale: Double)?

    public convenience init() {
        self.init(EffectDeclaration("declared", kind: .color, title: "", summary: "", arguments: []))
    }

    /// The effect `declaration` describes; `name` names it where it is not the function's (a
    /// file of the user's is named after the file).
    public init(_ declaration: EffectDeclaration, name: String? = nil) {
        self.declaration = declaration
        var descriptor = declaration.descriptor
        if let name { descriptor.name = name }
        self.descriptor = descriptor
        let numbers = declaration.arguments.map { argument -> SIMD4<Double> in
            guard case .number(let p) = argument else { return .zero }
            var v = SIMD4<Double>.zero
            for c in 0..<p.components { v[c] = p.defaults[c] }
            return v
        }
        self.numbers = numbers
        let offset: Double
        switch declaration.maxSampleOffset {
        case .fixed(let d):
            reachIndex = nil
            offset = d
        case let .parameter(parameter, scale):
            guard let i = declaration.arguments.firstIndex(where: { $0.name == parameter.name }) else {
                preconditionFailure("\(declaration.function): maxSampleOffset names no argument '\(parameter.name)'")
            }
            reachIndex = (i, scale)
            offset = numbers[i][0] * scale
        }
        let names = declaration.arguments.map(\.name)
        let values = zip(declaration.arguments, numbers).map { argument, v in
            if case .number(let p) = argument { return EffectDeclaration.Argument.value(of: p, v, asInt: declaration.setsUniforms) }
            return argument.initialValue
        }
        pass = declaration.setsUniforms
            ? ShaderEffect(function: declaration.function, kind: declaration.passKind(offset: offset), isOpaque: declaration.isOpaque, uniforms: names, values: values)
            : ShaderEffect(function: declaration.function, kind: declaration.passKind(offset: offset), isOpaque: declaration.isOpaque, positional: values, names: names)
        pass.library = declaration.library
    }

    public func setParameter(_ name: String, component: Int, to value: Double) {
        var k = 0
        while k < declaration.arguments.count {
            if case .number(let p) = declaration.arguments[k], p.name == name, component < p.components { numbers[k][component] = value }
            k += 1
        }
    }

    public func setting(_ name: String, component: Int) -> Double? {
        var k = 0
        while k < declaration.arguments.count {
            if case .number(let p) = declaration.arguments[k], p.name == name {
                return component < p.components ? numbers[k][component] : nil
            }
            k += 1
        }
        return nil
    }

    public func setImage(_ name: String, to image: Image) {
        if let k = declaration.arguments.firstIndex(where: { if case .image(name, _) = $0 { return true } else { return false } }) {
            pass.set(k, .image(image))
        }
    }

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
        while k < declaration.arguments.count {  // index loops: no iterator allocations in debug builds
            switch declaration.arguments[k] {
            case .time: pass.set(k, .float(Float(clock.elapsed)))
            case .pointer: pass.set(k, .float2(Float(pointer.x), Float(pointer.y)))
            case .isPressed: pass.set(k, .float(press.isPressed ? 1 : 0))
            case .hold: pass.set(k, .float(Float(hold.value)))
            case .bounds: pass.set(k, .float4(0, 0, Float(viewSize.width), Float(viewSize.height)))
            case .size: pass.set(k, .float2(Float(viewSize.width), Float(viewSize.height)))
            case .number(let p): pass.set(k, EffectDeclaration.Argument.value(of: p, numbers[k], asInt: declaration.setsUniforms))
            case .color, .image: break
            }
            k += 1
        }
        if let reach = reachIndex {
            pass.kind = declaration.passKind(offset: max(0, numbers[reach.index][0] * reach.scale))
        }
    }

    public func stateSnapshot() -> [(String, StateValue)] {
        pass.argumentNames.indices.map { k in
            if case .number(let p) = declaration.arguments[k], p.kind == .toggle { return (p.name, .bool(numbers[k][0] != 0)) }
            return (pass.argumentNames[k], pass.argumentValues[k].stateValue)
        }
            + [("isInteracting", .bool(press.isPressed))]
    }

    public var foreground: Foreground? { nil }

    public var isInteracting: Bool { press.isPressed }
}
