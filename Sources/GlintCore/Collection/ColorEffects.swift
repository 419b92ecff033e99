/// The effect collection's generators and colour effects.
extension EffectDeclaration {
    /// In the order `glint effects` lists them: the generators (which draw content of their own),
    /// then the effects that change what is below.
    public static let colorCollection: [EffectDeclaration] = [
        whiteNoise, rainbowNoise, animatedGradientFill, sinebow, circleWave,
        colorPlanes, emboss, infrared, interlace, shimmer, pixellate, variableBlur,
    ]

    // MARK: Generators

    /// `whiteNoise`'s parameters, declared once: its arguments, the command line and its modifier read them.
    public enum WhiteNoise {
        public static let speed = Parameter("speed", "new noise frames a second (0: still)", default: 24, range: 0...120)
        public static let grain = Parameter("grain", "side of a noise cell, points", default: 1, range: 1...32)
    }

    /// Grey noise, new `speed` times a second (`Shaders/whiteNoise.metal`).
    public static let whiteNoise = EffectDeclaration(
        "whiteNoise", kind: .color, title: "White noise",
        summary: "Grey noise: each cell a random grey, drawn anew several times a second.",
        arguments: [
            .time,
            .number(WhiteNoise.speed),
            .number(WhiteNoise.grain),
        ],
        isModifier: false, isOpaque: true)

    /// `rainbowNoise`'s parameters, declared once: its arguments, the command line and its modifier read them.
    public enum RainbowNoise {
        public static let speed = Parameter("speed", "new noise frames a second (0: still)", default: 24, range: 0...120)
        public static let grain = Parameter("grain", "side of a noise cell, points", default: 1, range: 1...32)
    }

    /// Coloured noise, new `speed` times a second (`Shaders/rainbowNoise.metal`).
    public static let rainbowNoise = EffectDeclaration(
        "rainbowNoise", kind: .color, title: "Rainbow noise",
        summary: "Coloured noise: each cell a random red, green and blue, drawn anew several times a second.",
        arguments: [
            .time,
            .number(RainbowNoise.speed),
            .number(RainbowNoise.grain),
        ],
        isModifier: false, isOpaque: true)

    /// `animatedGradientFill`'s parameters, declared once: its arguments, the command line and its modifier read them.
    public enum AnimatedGradientFill {
        public static let speed = Parameter("speed", "hue cycles a second the gradient slides", default: 0.25, range: -5...5)
        public static let angle = Parameter("angle", "direction the hues run, degrees clockwise from rightwards", default: 30, range: -180...180)
        public static let repeats = Parameter("repeats", "hue cycles across the view", default: 1, range: 0.1...10)
    }

    /// Every hue in turn along a direction, sliding with time (`Shaders/animatedGradientFill.metal`).
    public static let animatedGradientFill = EffectDeclaration(
        "animatedGradientFill", kind: .color, title: "Animated gradient fill",
        summary: "Every hue in turn along a direction, the gradient sliding along it with time.",
        arguments: [
            .bounds, .time,
            .number(AnimatedGradientFill.speed),
            .number(AnimatedGradientFill.angle),
            .number(AnimatedGradientFill.repeats),
        ],
        isModifier: false, isOpaque: true)

    /// `sinebow`'s parameters, declared once: its arguments, the command line and its modifier read them.
    public enum Sinebow {
        public static let speed = Parameter("speed", "rainbows a second the bands flow", default: 0.3, range: -5...5)
        public static let bands = Parameter("bands", "rainbows across the view's width", default: 1.5, range: 0.1...20)
        public static let bend = Parameter("bend", "how far the bands bend, in rainbows", default: 0.15, range: 0...2)
    }

    /// The sinebow, flowing with time (`Shaders/sinebow.metal`).
    public static let sinebow = EffectDeclaration(
        "sinebow", kind: .color, title: "Sinebow",
        summary: "The sinebow: red, green and blue as sin² of phases a third apart, in bands that flow and bend with time.",
        arguments: [
            .bounds, .time,
            .number(Sinebow.speed),
            .number(Sinebow.bands),
            .number(Sinebow.bend),
        ],
        isModifier: false, isOpaque: true)

    /// `circleWave`'s parameters, declared once: its arguments, the command line and its modifier read them.
    public enum CircleWave {
        public static let centerX = Parameter("centerX", "the rings' centre, fraction of the width from the left", default: 0.5, range: -1...2)
        public static let centerY = Parameter("centerY", "the rings' centre, fraction of the height from the top", default: 0.5, range: -1...2)
        public static let speed = Parameter("speed", "how fast the rings spread, points a second", default: 40, range: -500...500)
        public static let spacing = Parameter("spacing", "distance between rings, points", default: 30, range: 1...500)
        public static let width = Parameter("width", "ring thickness, points", default: 8, range: 0...500)
        public static let tint = ColorArgument("tint", Color(red: 0.3, green: 0.75, blue: 1))
    }

    /// Rings of a colour spreading from a point (`Shaders/circleWave.metal`).
    public static let circleWave = EffectDeclaration(
        "circleWave", kind: .color, title: "Circle wave",
        summary: "Rings of a colour spreading from a point over time, on black.",
        arguments: [
            .bounds, .time,
            .color(CircleWave.tint),
            .number(CircleWave.centerX),
            .number(CircleWave.centerY),
            .number(CircleWave.speed),
            .number(CircleWave.spacing),
            .number(CircleWave.width),
        ],
        isModifier: false, isOpaque: true)

    // MARK: Colour effects

    /// `infrared`'s parameters, declared once: its arguments, the command line and its modifier read them.
    public enum Infrared {
        public static let cold = ColorArgument("cold", Color(red: 0.08, green: 0, blue: 0.4))
        public static let warm = ColorArgument("warm", Color(red: 0.9, green: 0.1, blue: 0.3))
        public static let hot = ColorArgument("hot", Color(red: 1, green: 0.95, blue: 0.3))
    }

    /// Brightness as an infrared camera's colours (`Shaders/infrared.metal`).
    public static let infrared = EffectDeclaration(
        "infrared", kind: .color, title: "Infrared",
        summary: "An infrared camera's colours: each point's brightness mapped from cold through warm to hot.",
        arguments: [
            .color(Infrared.cold),
            .color(Infrared.warm),
            .color(Infrared.hot),
        ])

    /// `interlace`'s parameters, declared once: its arguments, the command line and its modifier read them.
    public enum Interlace {
        public static let spacing = Parameter("spacing", "distance from one line's top to the next, points", default: 4, range: 1...200)
        public static let width = Parameter("width", "line thickness, points", default: 2, range: 0...200)
        public static let strength = Parameter("strength", "how much the line colour covers the content, 0…1", default: 0.5, range: 0...1)
        public static let lineColor = ColorArgument("lineColor", Color(red: 0, green: 0, blue: 0))
    }

    /// Horizontal lines of a colour over the content (`Shaders/interlace.metal`).
    public static let interlace = EffectDeclaration(
        "interlace", kind: .color, title: "Interlace",
        summary: "Horizontal lines of a colour over the content, as on an interlaced screen.",
        arguments: [
            .color(Interlace.lineColor),
            .number(Interlace.spacing),
            .number(Interlace.width),
            .number(Interlace.strength),
        ])

    /// `shimmer`'s parameters, declared once: its arguments, the command line and its modifier read them.
    public enum Shimmer {
        public static let duration = Parameter("duration", "seconds a sweep takes", default: 3, range: 0.1...60)
        public static let width = Parameter("width", "half the band's width, fraction of the view's diagonal", default: 0.15, range: 0.01...1)
        public static let strength = Parameter("strength", "how much of the highlight shows at the band's middle, 0…1", default: 0.6, range: 0...1)
        public static let highlight = ColorArgument("highlight", Color(red: 1, green: 1, blue: 1))
    }

    /// A diagonal highlight sweeping across the content (`Shaders/shimmer.metal`).
    public static let shimmer = EffectDeclaration(
        "shimmer", kind: .color, title: "Shimmer",
        summary: "A diagonal band of highlight sweeping across the content from the top-left, again and again.",
        arguments: [
            .bounds, .time,
            .color(Shimmer.highlight),
            .number(Shimmer.duration),
            .number(Shimmer.width),
            .number(Shimmer.strength),
        ])

    // MARK: Layer effects

    /// `colorPlanes`'s parameters, declared once: its arguments, the command line and its modifier read them.
    public enum ColorPlanes {
        public static let offset = Parameter("offset", "how far each of red and blue moves, points", default: 6, range: 0...100)
        public static let angle = Parameter("angle", "direction red moves, degrees clockwise from rightwards (blue the opposite)", default: 0, range: -180...180)
    }

    /// The red and blue planes moved apart (`Shaders/colorPlanes.metal`).
    public static let colorPlanes = EffectDeclaration(
        "colorPlanes", kind: .layer, title: "Colour planes",
        summary: "The red and blue planes of what is below moved apart along a direction, green in place.",
        arguments: [
            .number(ColorPlanes.offset),
            .number(ColorPlanes.angle),
        ],
        maxSampleOffset: .parameter(ColorPlanes.offset))

    /// `emboss`'s parameters, declared once: its arguments, the command line and its modifier read them.
    public enum Emboss {
        public static let strength = Parameter("strength", "how much relief is added", default: 2, range: 0...20)
        public static let offset = Parameter("offset", "how far the compared neighbours lie from the point, points", default: 1.5, range: 0...20)
    }

    /// Relief lit from the top-left (`Shaders/emboss.metal`).
    public static let emboss = EffectDeclaration(
        "emboss", kind: .layer, title: "Emboss",
        summary: "Relief lit from the top-left: the brightness difference of neighbours across each point added to it.",
        arguments: [
            .number(Emboss.strength),
            .number(Emboss.offset),
        ],
        maxSampleOffset: .parameter(Emboss.offset))

    /// `pixellate`'s parameters, declared once: its arguments, the command line and its modifier read them.
    public enum Pixellate {
        public static let size = Parameter("size", "side of a block, points", default: 12, range: 1...200)
    }

    /// Square blocks of one colour each (`Shaders/pixellate.metal`).
    public static let pixellate = EffectDeclaration(
        "pixellate", kind: .layer, title: "Pixellate",
        summary: "What is below in square blocks from the view's top-left, each the colour at its centre.",
        arguments: [
            .bounds,
            .number(Pixellate.size),
        ],
        // It reads only inside the view (a block cut by an edge takes the centre of what shows),
        // which every layer covers.
        maxSampleOffset: .fixed(0))

    /// `variableBlur`'s parameters, declared once: its arguments, the command line and its modifier read them.
    public enum VariableBlur {
        public static let mask = ImageArgument("mask", asset: "blurMask.png")
        public static let radius = Parameter("radius", "blur radius where the mask is white, points", default: 12, range: 0...64)
    }

    /// A blur whose radius a mask image sets (`Shaders/variableBlur.metal`).
    public static let variableBlur = EffectDeclaration(
        "variableBlur", kind: .layer, title: "Variable blur",
        summary: "A blur whose radius at each point is the radius times a mask image's grey there (by default sharp at the top, blurred at the bottom).",
        arguments: [
            .bounds,
            .image(VariableBlur.mask),
            .number(VariableBlur.radius),
        ],
        maxSampleOffset: .parameter(VariableBlur.radius))
}
