/// The effects of seed 002 (SwiftUI's shader-effect model and its samples), each a GLSL function
/// with SwiftUI's positional arguments (`Shaders/<name>.frag`), the way `ShaderLibrary.default`
/// calls them. `time` is seconds since the start: the render's `--time`, the window's clock.

/// Seed 002's trivialGradient, the check of user space: red grows to the right, green downwards,
/// (x/width, y/height, 0, 1) in points at any size and scale.
public final class GradientEffect: Effect {
    public static let descriptor = EffectDescriptor(
        name: "gradient",
        title: "User-space gradient",
        summary: "Red grows to the right and green downwards, in points: SwiftUI's user space (seed 002).",
        parameters: []
    )

    public private(set) var pass = ShaderEffect(function: "gradient", kind: .color, isOpaque: true,
                                                positional: [.boundingRect], names: ["bounds"])

    public init() {}
    public func setParameter(_ name: String, to value: Double) {}
    public func parameterValue(_ name: String) -> Double? { nil }
    public func handle(_ event: PointerEvent) {}
    public func advance(by dt: Double) {}
    public func updatePass(viewSize: Size) { lastViewSize = viewSize }
    public func stateSnapshot() -> [(String, StateValue)] {
        [("bounds", .vector([0, 0, lastViewSize.width, lastViewSize.height]))]
    }
    private var lastViewSize = Size.zero
    public var foreground: Foreground? { nil }
    public var isInteracting: Bool { false }
}

/// A clock-driven effect's common parts: seconds since the start, and parameters by index.
public class TimedEffect {
    /// Seconds since the start.
    public private(set) var time = 0.0
    var values: [Double]
    let parameters: [EffectParameter]

    init(_ parameters: [EffectParameter]) {
        self.parameters = parameters
        values = parameters.map(\.defaultValue)
    }

    public func setParameter(_ name: String, to value: Double) {
        if let i = parameters.firstIndex(where: { $0.name == name }) { values[i] = value }
    }

    public func parameterValue(_ name: String) -> Double? {
        parameters.firstIndex(where: { $0.name == name }).map { values[$0] }
    }

    public func handle(_ event: PointerEvent) {}
    public func advance(by dt: Double) { if dt > 0, dt.isFinite { time += dt } }
    public var foreground: Foreground? { nil }
    public var isInteracting: Bool { false }

    /// The time the shader receives: kept below 10⁴ s by a wrap the shader cannot see would be
    /// effect-specific, so it is sent as is (a float keeps millisecond precision for hours).
    var shaderTime: Float { Float(time) }

    func snapshot(_ extra: [(String, StateValue)] = []) -> [(String, StateValue)] {
        [("time", .number(Double(shaderTime)))] + zip(parameters, values).map { ($0.name, .number($1)) } + extra
    }
}

/// Otter's dissolve, a colour effect driven by a noise image: `k = fract(time·0.1·speed)`,
/// `fade = smoothstep(k, k + transition, noise.r)`; the colour is multiplied by `fade` and a burn
/// colour `burnColor·glow·fade·a·(1 − a)` is added, a being the resulting alpha.
public final class DissolveEffect: TimedEffect, Effect {
    public static let descriptor = EffectDescriptor(
        name: "dissolve",
        title: "Dissolve",
        summary: "Dissolves what is below into the backdrop along a noise image, with a burning edge (seed 002).",
        parameters: [
            EffectParameter("speed", "how fast the dissolve sweeps (one sweep in 10/speed s)", default: 1, range: 0...10),
            EffectParameter("transition", "width of the dissolving edge in noise values", default: 0.1, range: 0...1),
            EffectParameter("glow", "brightness of the burning edge", default: 4, range: 0...20),
        ],
        images: [("noise", "noise.png")],
        isModifier: true
    )

    /// The burn colour: an ember orange.
    public static let burnColor = Color(red: 1, green: 0.45, blue: 0.1)

    public private(set) var pass: ShaderEffect

    public required init() {
        pass = ShaderEffect(function: "dissolve", kind: .color, positional: [
            .boundingRect, .float(0), .float(1), .float(0.1), .float(4), .color(DissolveEffect.burnColor),
            .image(Image(width: 1, height: 1, pixels: [255, 255, 255, 255])),
        ], names: ["bounds", "time", "speed", "transition", "glow", "burnColor", "noise"])
        super.init(Self.descriptor.parameters)
    }

    public func setImage(_ name: String, to image: Image) {
        if name == "noise" { pass.set(6, .image(image)) }
    }

    public func updatePass(viewSize: Size) {
        pass.set(1, .float(shaderTime))
        pass.set(2, .float(Float(values[0])))
        pass.set(3, .float(Float(values[1])))
        pass.set(4, .float(Float(values[2])))
    }

    public func stateSnapshot() -> [(String, StateValue)] { snapshot() }
}

/// A Gaussian blur as a layer effect: `radius` r points, σ = r/2, taps over [−r, r], weights
/// normalised; drawn as two separable passes (along x, then y).
public final class BlurEffect: TimedEffect, Effect {
    public static let descriptor = EffectDescriptor(
        name: "blur",
        title: "Gaussian blur",
        summary: "A Gaussian blur of what is below, radius in points, drawn as two separable passes (seed 002).",
        parameters: [EffectParameter("radius", "blur radius in points (σ = radius/2)", default: 8, range: 0...64)],
        isModifier: true
    )

    public private(set) var pass: ShaderEffect

    public required init() {
        pass = ShaderEffect(function: "blur", kind: .layer(maxSampleOffset: Size(width: 8, height: 8)),
                            positional: [.float(8)], names: ["radius"])
        super.init(Self.descriptor.parameters)
    }

    /// The radius is also the pass's `maxSampleOffset`: the blur reads up to r points beyond the
    /// view (transparent there, so edges fade as in SwiftUI) and spreads as far out.
    public func updatePass(viewSize: Size) {
        let r = min(max(values[0], 0), 64)
        pass.set(0, .float(Float(values[0])))
        pass.kind = .layer(maxSampleOffset: Size(width: r, height: r))
    }
    public func stateSnapshot() -> [(String, StateValue)] { zip(parameters, values).map { ($0.name, .number($1)) } }
}

/// A wave distortion: with uv = position/size, each pixel shows the layer at
/// `position + (sin((uv.x + time)·frequency)·strength, cos((uv.y + time)·frequency)·strength)`.
public final class WaveEffect: TimedEffect, Effect {
    public static let descriptor = EffectDescriptor(
        name: "wave",
        title: "Wave distortion",
        summary: "Ripples what is below: each pixel shows the layer up to strength points away (seed 002's samples).",
        parameters: [
            EffectParameter("frequency", "ripples per unit of uv", default: 12, range: 0...100),
            EffectParameter("strength", "how far a pixel moves, in points", default: 6, range: 0...100),
        ],
        isModifier: true
    )

    public private(set) var pass: ShaderEffect

    public required init() {
        pass = ShaderEffect(function: "wave", kind: .distortion(maxSampleOffset: Size(width: 6, height: 6)),
                            positional: [.boundingRect, .float(0), .float(12), .float(6)], names: ["bounds", "time", "frequency", "strength"])
        super.init(Self.descriptor.parameters)
    }

    public func updatePass(viewSize: Size) {
        pass.set(1, .float(shaderTime))
        pass.set(2, .float(Float(values[0])))
        pass.set(3, .float(Float(values[1])))
        // A pixel shows the layer at most `strength` points away: the pass's maxSampleOffset.
        pass.kind = .distortion(maxSampleOffset: Size(width: values[1], height: values[1]))
    }

    public func stateSnapshot() -> [(String, StateValue)] { snapshot() }
}

/// An image as the content (`glint render --image card.png`), stretched over the view: the
/// effects after it change it.
public final class ImageEffect: Effect {
    public static let descriptor = EffectDescriptor(
        name: "image",
        title: "Image",
        summary: "A PNG file as the content, stretched over the view (--image).",
        parameters: []
    )

    public private(set) var pass: ShaderEffect
    /// The image shown.
    public let image: Image

    public init(image: Image) {
        self.image = image
        pass = ShaderEffect(function: "image", kind: .color, positional: [.boundingRect, .image(image)], names: ["bounds", "image"])
    }

    public convenience init() {
        self.init(image: Image(width: 1, height: 1, pixels: [0, 0, 0, 0]))
    }

    public func setParameter(_ name: String, to value: Double) {}
    public func parameterValue(_ name: String) -> Double? { nil }
    public func handle(_ event: PointerEvent) {}
    public func advance(by dt: Double) {}
    public func updatePass(viewSize: Size) {}
    public func stateSnapshot() -> [(String, StateValue)] { [("image", .vector([Double(image.width), Double(image.height)]))] }
    public var foreground: Foreground? { nil }
    public var isInteracting: Bool { false }
}
