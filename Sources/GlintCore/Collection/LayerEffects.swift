/// The effect collection's distortions, layer effects and transitions.
extension EffectDeclaration {
    /// In the order `glint effects` lists them: the distortions, the lenses round the pointer,
    /// then the transitions.
    public static let layerCollection: [EffectDeclaration] = [
        relativeWave, water, simpleLoupe, warpingLoupe, bubble,
        circleTransition, diamondTransition, pixellateTransition, radialTransition, swirlTransition, windTransition,
    ]

    /// `relativeWave`'s parameters, declared once: its arguments, the command line and its modifier read them.
    public enum RelativeWave {
        public static let speed = Parameter("speed", "waves passing a point each second", default: 0.5, range: 0...5)
        public static let strength = Parameter("strength", "the largest sway, a fraction of the view's size", default: 0.02, range: 0...0.2)
        public static let frequency = Parameter("frequency", "waves across the view", default: 2, range: 0...20)
    }

    /// A sine wave whose displacement is a fraction of the view's size (`Shaders/relativeWave.metal`).
    ///
    /// It reads up to `strength` times the view's size from each position, a reach in points that
    /// a declaration cannot state (it knows no size), so it declares none: the command line's
    /// view fills its frame, where what lies past the view's edges is transparent and never
    /// shown either way. The Swift convenience `relativeWave(size:time:…)`, which knows the size,
    /// passes the full reach.
    public static let relativeWave = EffectDeclaration(
        "relativeWave", kind: .distortion, title: "Relative wave",
        summary: "A sine wave through the content, its sway a fraction of the view's size, so it looks the same at any size.",
        arguments: [
            .size, .time,
            .number(RelativeWave.speed),
            .number(RelativeWave.strength),
            .number(RelativeWave.frequency),
        ])

    /// `water`'s parameters, declared once: its arguments, the command line and its modifier read them.
    public enum Water {
        public static let speed = Parameter("speed", "ripples passing a point each second", default: 0.5, range: 0...5)
        public static let strength = Parameter("strength", "the furthest a pixel moves, points", default: 3, range: 0...30)
        public static let frequency = Parameter("frequency", "ripples every 100 points", default: 6, range: 0...30)
    }

    /// Ripples as if seen through water (`Shaders/water.metal`).
    public static let water = EffectDeclaration(
        "water", kind: .distortion, title: "Water",
        summary: "Ripples as if the content were seen through moving water: each pixel moves up to strength points.",
        arguments: [
            .time,
            .number(Water.speed),
            .number(Water.strength),
            .number(Water.frequency),
        ],
        maxSampleOffset: .parameter(Water.strength))

    /// `simpleLoupe`'s parameters, declared once: its arguments, the command line and its modifier read them.
    public enum SimpleLoupe {
        public static let radius = Parameter("radius", "the loupe's radius, points", default: 60, range: 5...400)
        public static let zoom = Parameter("zoom", "how many times larger the content shows", default: 2, range: 1...10)
    }

    /// A round magnifier on the pointer (`Shaders/simpleLoupe.metal`).
    public static let simpleLoupe = EffectDeclaration(
        "simpleLoupe", kind: .layer, title: "Loupe",
        summary: "A round magnifier centred on the pointer, the content under it zoom times larger.",
        arguments: [
            .pointer,
            .number(SimpleLoupe.radius),
            .number(SimpleLoupe.zoom),
        ],
        maxSampleOffset: .parameter(SimpleLoupe.radius))

    /// `warpingLoupe`'s parameters, declared once: its arguments, the command line and its modifier read them.
    public enum WarpingLoupe {
        public static let radius = Parameter("radius", "the loupe's radius, points", default: 80, range: 5...400)
        public static let zoom = Parameter("zoom", "how many times larger the content shows at the centre", default: 2.5, range: 1...10)
    }

    /// A magnifier that eases back to the content's own size at its edge (`Shaders/warpingLoupe.metal`).
    public static let warpingLoupe = EffectDeclaration(
        "warpingLoupe", kind: .layer, title: "Warping loupe",
        summary: "A round magnifier on the pointer, zoom times larger at its centre and warping smoothly back to the content at its edge.",
        arguments: [
            .pointer,
            .number(WarpingLoupe.radius),
            .number(WarpingLoupe.zoom),
        ],
        maxSampleOffset: .parameter(WarpingLoupe.radius))

    /// `bubble`'s parameters, declared once: its arguments, the command line and its modifier read them.
    public enum Bubble {
        public static let radius = Parameter("radius", "the bubble's radius, points", default: 70, range: 5...400)
        public static let strength = Parameter("strength", "how strongly the glass bends the view toward the rim", default: 0.5, range: 0...1)
        public static let highlight = ColorArgument("highlight", Color(red: 1, green: 1, blue: 1))
    }

    /// A glass bubble lens with a rim and a highlight (`Shaders/bubble.metal`).
    ///
    /// It reads up to `radius` × `strength` points away, at most `radius` over `strength`'s range.
    public static let bubble = EffectDeclaration(
        "bubble", kind: .layer, title: "Bubble",
        summary: "A glassy bubble round the pointer: the content bends toward its glowing rim, with a highlight at its top-left.",
        arguments: [
            .pointer,
            .number(Bubble.radius),
            .number(Bubble.strength),
            .color(Bubble.highlight),
        ],
        maxSampleOffset: .parameter(Bubble.radius))

    /// `circleTransition`'s parameters, declared once: its arguments, the command line and its modifier read them.
    public enum CircleTransition {
        public static let progress = Parameter("progress", "how far the transition has gone: 0 the content whole, 1 gone", default: 0.5, range: 0...1)
        public static let size = Parameter("size", "the circles' spacing, points", default: 40, range: 4...200)
    }

    /// Circles that grow until the content is gone (`Shaders/circleTransition.metal`).
    public static let circleTransition = EffectDeclaration(
        "circleTransition", kind: .color, title: "Circle transition",
        summary: "A grid of circles grows through the content: whole at progress 0, gone at 1.",
        arguments: [
            .number(CircleTransition.progress),
            .number(CircleTransition.size),
        ])

    /// `diamondTransition`'s parameters, declared once: its arguments, the command line and its modifier read them.
    public enum DiamondTransition {
        public static let progress = Parameter("progress", "how far the transition has gone: 0 the content whole, 1 gone", default: 0.5, range: 0...1)
        public static let size = Parameter("size", "the diamonds' spacing, points", default: 40, range: 4...200)
    }

    /// Diamonds that open in a sweep until the content is gone (`Shaders/diamondTransition.metal`).
    public static let diamondTransition = EffectDeclaration(
        "diamondTransition", kind: .color, title: "Diamond transition",
        summary: "A grid of diamonds opens in a sweep from the top-left: the content whole at progress 0, gone at 1.",
        arguments: [
            .bounds,
            .number(DiamondTransition.progress),
            .number(DiamondTransition.size),
        ])

    /// `pixellateTransition`'s parameters, declared once: its arguments, the command line and its modifier read them.
    public enum PixellateTransition {
        public static let progress = Parameter("progress", "how far the transition has gone: 0 the content whole, 1 gone", default: 0.5, range: 0...1)
        public static let size = Parameter("size", "the blocks' largest side, points", default: 24, range: 2...200)
    }

    /// Blocks that grow, then fade (`Shaders/pixellateTransition.metal`): each reads the content at
    /// its centre, at most half a block from a position either way.
    public static let pixellateTransition = EffectDeclaration(
        "pixellateTransition", kind: .layer, title: "Pixellate transition",
        summary: "The content breaks into blocks growing to size points (progress 0.5), then fades: gone at 1.",
        arguments: [
            .bounds,
            .number(PixellateTransition.progress),
            .number(PixellateTransition.size),
        ],
        maxSampleOffset: .parameter(PixellateTransition.size, scale: 0.5))

    /// `radialTransition`'s parameters, declared once: its arguments, the command line and its modifier read them.
    public enum RadialTransition {
        public static let progress = Parameter("progress", "how far the transition has gone: 0 the content whole, 1 gone", default: 0.5, range: 0...1)
    }

    /// A clock wipe (`Shaders/radialTransition.metal`).
    public static let radialTransition = EffectDeclaration(
        "radialTransition", kind: .color, title: "Radial transition",
        summary: "A clock wipe: a hand sweeping clockwise from twelve o'clock takes the content away, all of it at progress 1.",
        arguments: [
            .bounds,
            .number(RadialTransition.progress),
        ])

    /// `swirlTransition`'s parameters, declared once: its arguments, the command line and its modifier read them.
    public enum SwirlTransition {
        public static let progress = Parameter("progress", "how far the transition has gone: 0 the content whole, 1 gone", default: 0.5, range: 0...1)
        public static let turns = Parameter("turns", "the most the middle turns, at progress 1, in turns", default: 1, range: 0...5)
    }

    /// The content swirled, shrunk and faded into the centre (`Shaders/swirlTransition.metal`).
    ///
    /// It shrinks the content toward the centre, so it reads from further out than each position,
    /// past the view's edges too, where the transparent space round the content is what it should
    /// show; it draws within the view's rect, so it declares no reach.
    public static let swirlTransition = EffectDeclaration(
        "swirlTransition", kind: .layer, title: "Swirl transition",
        summary: "The content swirls round the centre as it shrinks and fades into it: whole at progress 0, gone at 1.",
        arguments: [
            .bounds,
            .number(SwirlTransition.progress),
            .number(SwirlTransition.turns),
        ])

    /// `windTransition`'s parameters, declared once: its arguments, the command line and its modifier read them.
    public enum WindTransition {
        public static let progress = Parameter("progress", "how far the transition has gone: 0 the content whole, 1 gone", default: 0.5, range: 0...1)
        public static let streak = Parameter("streak", "the streaks' height, points", default: 4, range: 1...50)
        public static let travel = Parameter("travel", "the furthest a streak blows before it is gone, points", default: 200, range: 0...1000)
    }

    /// Streaks blown away to the right (`Shaders/windTransition.metal`): each reads up to `travel`
    /// points to its left.
    public static let windTransition = EffectDeclaration(
        "windTransition", kind: .layer, title: "Wind transition",
        summary: "The content blows away to the right in streaks, each leaving at its own moment and fading: whole at progress 0, gone at 1.",
        arguments: [
            .number(WindTransition.progress),
            .number(WindTransition.streak),
            .number(WindTransition.travel),
        ],
        maxSampleOffset: .parameter(WindTransition.travel))
}
