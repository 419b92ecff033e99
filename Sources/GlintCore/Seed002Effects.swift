/// The effects of seed 002 (SwiftUI's shader-effect model and its samples), each a GLSL function
/// with SwiftUI's positional arguments (`Shaders/<name>.frag`), the way `ShaderLibrary.default`
/// calls them, declared once each. `time` is seconds since the start: the render's `--time`, the
/// window's clock.

extension EffectDeclaration {
    /// Seed 002's trivialGradient, the check of user space: red grows to the right, green
    /// downwards, (x/width, y/height, 0, 1) in points at any size and scale.
    public static let gradient = EffectDeclaration(
        "gradient", kind: .color, title: "User-space gradient",
        summary: "Red grows to the right and green downwards, in points: SwiftUI's user space (seed 002).",
        arguments: [.bounds], isModifier: false, isOpaque: true)

    /// `dissolve`'s parameters, declared once: its arguments, the command line and its modifier read them.
    public enum Dissolve {
        public static let speed = Parameter("speed", "how fast the dissolve sweeps (one sweep in 10/speed s)", default: 1, range: 0...10)
        public static let transition = Parameter("transition", "width of the dissolving edge in noise values", default: 0.1, range: 0...1)
        public static let glow = Parameter("glow", "brightness of the burning edge", default: 4, range: 0...20)
        public static let burnColor = ColorArgument("burnColor", Color(red: 1, green: 0.45, blue: 0.1))  // an ember orange
        public static let noise = ImageArgument("noise", asset: "noise.png")
    }

    /// Otter's dissolve, a colour effect driven by a noise image: `k = fract(time·0.1·speed)`,
    /// `fade = smoothstep(k, k + transition, noise.r)`; the colour is multiplied by `fade` and a
    /// burn colour `burnColor·glow·fade·a·(1 − a)` is added, a being the resulting alpha.
    public static let dissolve = EffectDeclaration(
        "dissolve", kind: .color, title: "Dissolve",
        summary: "Dissolves what is below into the backdrop along a noise image, with a burning edge (seed 002).",
        arguments: [
            .bounds, .time,
            .number(Dissolve.speed),
            .number(Dissolve.transition),
            .number(Dissolve.glow),
            .color(Dissolve.burnColor),
            .image(Dissolve.noise),
        ])

    /// `blur`'s parameters, declared once: its arguments, the command line and its modifier read them.
    public enum Blur {
        public static let radius = Parameter("radius", "blur radius in points (σ = radius/2)", default: 8, range: 0...64)
    }

    /// A Gaussian blur as a layer effect: `radius` r points, σ = r/2, taps over [−r, r], weights
    /// normalised; drawn as two separable passes (along x, then y). The radius is also the pass's
    /// `maxSampleOffset`: the blur reads up to r points beyond the view (transparent there, so
    /// edges fade as in SwiftUI) and spreads as far out.
    public static let blur = EffectDeclaration(
        "blur", kind: .layer, title: "Gaussian blur",
        summary: "A Gaussian blur of what is below, radius in points, drawn as two separable passes (seed 002).",
        arguments: [.number(Blur.radius)],
        maxSampleOffset: .parameter(Blur.radius))

    /// `wave`'s parameters, declared once: its arguments, the command line and its modifier read them.
    public enum Wave {
        public static let frequency = Parameter("frequency", "ripples per unit of uv", default: 12, range: 0...100)
        public static let strength = Parameter("strength", "how far a pixel moves, in points", default: 6, range: 0...100)
    }

    /// A wave distortion: with uv = position/size, each pixel shows the layer at
    /// `position + (sin((uv.x + time)·frequency)·strength, cos((uv.y + time)·frequency)·strength)`;
    /// a pixel shows the layer at most `strength` points away, the pass's `maxSampleOffset`.
    public static let wave = EffectDeclaration(
        "wave", kind: .distortion, title: "Wave distortion",
        summary: "Ripples what is below: each pixel shows the layer up to strength points away (seed 002's samples).",
        arguments: [
            .bounds, .time,
            .number(Wave.frequency),
            .number(Wave.strength),
        ],
        maxSampleOffset: .parameter(Wave.strength))
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

    public func handle(_ event: PointerEvent) {}
    public func advance(by dt: Double) {}
    public func updatePass(viewSize: Size) {}
    public func stateSnapshot() -> [(String, StateValue)] { [("image", .vector([Double(image.width), Double(image.height)]))] }
    public var foreground: Foreground? { nil }
    public var isInteracting: Bool { false }
}
