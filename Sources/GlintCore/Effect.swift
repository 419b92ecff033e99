/// A named, tunable value of an effect (`--param name=value`, a control on the panel, a `--state`
/// entry, a uniform of the effect's shader): a number in a range, a whole number, a toggle, a
/// point (two numbers, each in the range), a colour (RGB or RGBA, each 0…1) or a vector of three
/// or four numbers. A value of several components is set and read a component at a time
/// (`Effect.setParameter(_:component:to:)`), so nothing is allocated to change one. Built-in
/// effects declare theirs as typed keys (`Parameter`), whose `declaration` this is.
public struct EffectParameter: Equatable, Sendable {
    /// What the value is, which says how it is written on the command line, which control the
    /// panel gives it and which GLSL type it feeds.
    public enum Kind: String, Equatable, Sendable {
        /// A number in `range` (`float`): a slider.
        case number
        /// A whole number in `range`: a slider that snaps to whole numbers. An `int` where it
        /// sets a uniform by name (`EffectDeclaration.setsUniforms`), a `float` passed by position.
        case wholeNumber
        /// On (1) or off (0), a `float` (a uniform may be declared `bool`): a switch.
        case toggle
        /// Two numbers, each in `range` (`vec2`): a 2-D pad.
        case point
        /// Red, green, blue (and alpha), each 0…1, not premultiplied (`vec3` or `vec4`): a swatch
        /// and a slider per channel.
        case color
        /// Three or four numbers, each in `range` (`vec3` or `vec4`): a slider per component.
        case vector
    }

    /// The seed's name for it.
    public var name: String
    public var summary: String
    public var kind: Kind
    /// The default of each component, in order: one for a number, whole number or toggle.
    public var defaults: [Double]
    /// The range of every component (0…1 for toggles and colours).
    public var range: ClosedRange<Double>

    /// A number (a whole number when `isInteger`) in `range`.
    public init(_ name: String, _ summary: String, default defaultValue: Double, range: ClosedRange<Double>, isInteger: Bool = false) {
        self.init(name, summary, kind: isInteger ? .wholeNumber : .number, defaults: [defaultValue], range: range)
    }

    /// A value of `kind` whose components start at `defaults` (one for number, whole number and
    /// toggle; two for a point; three or four for a colour or vector).
    public init(_ name: String, _ summary: String, kind: Kind, defaults: [Double], range: ClosedRange<Double>) {
        self.name = name
        self.summary = summary
        self.kind = kind
        self.defaults = defaults
        self.range = kind == .toggle || kind == .color ? 0...1 : range
    }

    /// A switch, on or off by default.
    public static func toggle(_ name: String, _ summary: String, default isOn: Bool) -> EffectParameter {
        EffectParameter(name, summary, kind: .toggle, defaults: [isOn ? 1 : 0], range: 0...1)
    }

    /// The first component's default: a number's default.
    public var defaultValue: Double { defaults[0] }

    /// Whether only whole numbers make sense (a count of waves, a toggle's 0 and 1).
    public var isInteger: Bool { kind == .wholeNumber || kind == .toggle }

    /// How many numbers make the value: 1 to 4.
    public var components: Int { defaults.count }

    /// What component `index` is called after the parameter's name on the panel: x y (z w) for a
    /// point or vector, r g b (a) for a colour; "" for a value of one component.
    public func componentName(_ index: Int) -> String {
        guard components > 1 else { return "" }
        let names = kind == .color ? ["r", "g", "b", "a"] : ["x", "y", "z", "w"]
        return names[index]
    }

    /// A value as `--param` writes it: `2`, `true`, `0.2,0.8`, `#ff8800` (`#ff880080` with alpha
    /// below 1; channels that are not whole bytes as numbers, `0.5,0.25,0.1`).
    public func text(of values: [Double]) -> String {
        switch kind {
        case .toggle: return values[0] != 0 ? "true" : "false"
        case .color:
            let bytes = values.map { ($0 * 255).rounded() }
            if zip(bytes, values).allSatisfy({ abs($0 / 255 - $1) < 1e-9 }) {
                let digits = Array("0123456789abcdef")
                let shown = values.count == 4 && values[3] == 1 ? bytes.dropLast() : bytes[...]
                return "#" + String(shown.flatMap { [digits[Int($0) / 16], digits[Int($0) % 16]] })
            }
            return values.map(formatNumber).joined(separator: ",")
        default: return values.map(formatNumber).joined(separator: ",")
        }
    }

    /// "name (default D, lo…hi)" for listings and errors; other kinds say how to write them:
    /// "invert (true or false, default false)", "center (x,y each 0…1, default 0.5,0.5)",
    /// "tint (colour, default #ff8800)".
    public var usage: String {
        let bounds = "\(formatNumber(range.lowerBound))…\(formatNumber(range.upperBound))"
        switch kind {
        case .number: return "\(name) (default \(text(of: defaults)), \(bounds))"
        case .wholeNumber: return "\(name) (default \(text(of: defaults)), \(bounds), whole)"
        case .toggle: return "\(name) (true or false, default \(text(of: defaults)))"
        case .point, .vector:
            let axes = (0..<components).map(componentName).joined(separator: ",")
            return "\(name) (\(axes) each \(bounds), default \(text(of: defaults)))"
        case .color: return "\(name) (colour\(components == 4 ? " with alpha" : ""), default \(text(of: defaults)))"
        }
    }
}

/// What `glint effects` shows of an effect, and how to make one.
public struct EffectDescriptor: Sendable {
    /// The name used on the command line (`--effect harmonic`).
    public var name: String
    /// A title for the window.
    public var title: String
    /// One line on what it draws and which seed it ports.
    public var summary: String
    public var parameters: [EffectParameter]
    /// Image parameters (`--param dissolve.noise=my.png`): name, and the file in `Assets/` used
    /// until one is given.
    public var images: [(name: String, asset: String)]
    /// Whether the effect changes what is below it (a layer or distortion effect, or a colour
    /// effect of the content's colour) rather than drawing content of its own: alone on the
    /// command line or in the window, it is shown over the harmonic glow.
    public var isModifier: Bool
    /// Whether the window shows the controls panel for this effect when it appears (the prism's
    /// sliders are part of the seed); for the others it starts hidden.
    public var showsControls: Bool

    public init(name: String, title: String, summary: String, parameters: [EffectParameter],
                images: [(name: String, asset: String)] = [], isModifier: Bool = false, showsControls: Bool = false) {
        self.name = name
        self.title = title
        self.summary = summary
        self.parameters = parameters
        self.images = images
        self.isModifier = isModifier
        self.showsControls = showsControls
    }
}

/// The foreground a view shows over its effect (the seed's VStack of a label and an image),
/// which lets the pointer through to the effect below.
public struct Foreground: Equatable, Sendable {
    /// A line of text drawn with a real font.
    public var label: String?
    /// The name of an image in `Assets/` (without extension).
    public var imageName: String?

    public init(label: String? = nil, imageName: String? = nil) {
        self.label = label
        self.imageName = imageName
    }
}

/// One value in a `--state` dump.
public enum StateValue: Equatable, Sendable {
    case number(Double)
    case bool(Bool)
    case vector([Double])
}

/// An effect: its state, how pointer events change it, and the shader pass it drives.
///
/// To add an effect: write `Shaders/<name>.frag` defining the function of its kind, a class
/// conforming to `Effect`, and add the class to `EffectRegistry.all`. Nothing in the renderer changes.
public protocol Effect: AnyObject {
    /// Name, summary and parameters.
    static var descriptor: EffectDescriptor { get }

    /// This effect's name, summary and parameters: the type's, unless an instance says otherwise
    /// (a custom effect is named after its file).
    var descriptor: EffectDescriptor { get }

    /// An effect at t = 0 with every parameter at its default.
    init()

    /// The pass this effect draws with. The same object for the effect's whole life.
    var pass: ShaderEffect { get }

    /// Sets component `component` of the setting of one of the descriptor's parameters (a
    /// point's y, a colour's green; component 0 of a number is the number). Values arrive
    /// validated against the descriptor.
    func setParameter(_ name: String, component: Int, to value: Double)

    /// The setting (resting value, what a slider shows) of component `component` of one of the
    /// descriptor's parameters, or nil for a name or component the descriptor does not have. What
    /// the shader receives this frame is the live value, in `stateSnapshot()`.
    func setting(_ name: String, component: Int) -> Double?

    /// Sets one of the descriptor's image parameters.
    func setImage(_ name: String, to image: Image)

    /// How far a staged drawing has got, 0…1, or nil for an effect that does not draw itself in
    /// stages (only those get a Replay control).
    var drawingProgress: Double? { get }

    /// Starts a staged drawing again from its beginning; other effects ignore it.
    func replay()

    /// A pointer event, in points, in the order they happened.
    func handle(_ event: PointerEvent)

    /// Lets `dt` seconds of wall time pass.
    func advance(by dt: Double)

    /// Writes this frame's arguments into `pass`. Called once per frame before drawing;
    /// must not allocate.
    func updatePass(viewSize: Size)

    /// The values the shader received in the last frame, keyed by the seed's names, for `--state`.
    func stateSnapshot() -> [(String, StateValue)]

    /// What to draw over the effect this frame, if anything.
    var foreground: Foreground? { get }

    /// Whether the effect is being pressed.
    var isInteracting: Bool { get }

    /// Where the cursor is, pressed or not (a move with no press has no other owner).
    func hover(at location: Point)

    /// A key went down or up, by the browser's key code (65 is A), for an effect that
    /// `readsKeyboard`.
    func key(_ code: Int, isDown: Bool)

    /// Whether the effect takes the keyboard (a shader reading Shadertoy's keyboard channel).
    var readsKeyboard: Bool { get }

    /// This frame's sound (`--audio`): the meter's reading and Shadertoy's 512×2 sound texture.
    func hear(_ hearing: Hearing, sound: UnsafeBufferPointer<UInt8>)

    /// The shader of another tool (Shadertoy, glslViewer, ISF) this effect runs, or nil.
    var toolProgram: ToyProgram? { get }

    /// Shows `program`, its `toolProgram` loaded again (its files changed).
    func reload(_ program: ToyProgram)

    /// Counts a frame without drawing it (a headless run of a shader whose frames do not depend
    /// on the ones before); effects that count no frames ignore it.
    func didDraw()
}

extension Effect {
    /// The descriptor of this effect's type.
    public var descriptor: EffectDescriptor { Self.descriptor }

    /// Effects without image parameters ignore this.
    public func setImage(_ name: String, to image: Image) {}

    /// Effects without parameters need not say.
    public func setParameter(_ name: String, component: Int, to value: Double) {}
    public func setting(_ name: String, component: Int) -> Double? { nil }

    /// Effects without a staged drawing have no progress.
    public var drawingProgress: Double? { nil }

    /// Effects without a staged drawing ignore this.
    public func replay() {}

    /// Effects that follow only presses ignore this.
    public func hover(at location: Point) {}

    /// Effects without keys ignore them.
    public func key(_ code: Int, isDown: Bool) {}
    public var readsKeyboard: Bool { false }

    /// Effects that hear through the driver (`glint_audio*` uniforms) ignore this.
    public func hear(_ hearing: Hearing, sound: UnsafeBufferPointer<UInt8>) {}

    /// Effects of Glint's own run no other tool's shader.
    public var toolProgram: ToyProgram? { nil }
    public func reload(_ program: ToyProgram) {}
    public func didDraw() {}

    /// Sets a number parameter's setting (component 0), by the name `--param` gives.
    public func setParameter(_ name: String, to value: Double) {
        setParameter(name, component: 0, to: value)
    }

    /// A number parameter's setting (component 0), or nil for a name the descriptor does not have.
    public func setting(_ name: String) -> Double? {
        setting(name, component: 0)
    }

    /// Every parameter back to its descriptor's default (the controls' Reset).
    public func resetParameters() {
        for p in descriptor.parameters {
            for c in 0..<p.components { setParameter(p.name, component: c, to: p.defaults[c]) }
        }
    }
}

/// One effect the command line, the window's keys and `glint effects` offer: what it is, and how
/// to make one at t = 0 with every parameter at its default.
public struct EffectEntry: Sendable {
    public let descriptor: EffectDescriptor
    private let factory: @Sendable () -> any Effect

    /// An effect written as a class.
    public init(_ type: any Effect.Type) {
        descriptor = type.descriptor
        // A metatype is immutable, so sharing it across threads is safe; Swift 6 only lacks a way to
        // say `any Effect.Type` is Sendable without making every effect Sendable.
        nonisolated(unsafe) let type = type
        factory = { type.init() }
    }

    /// An effect written as a shader file and a declaration.
    public init(_ declaration: EffectDeclaration) {
        descriptor = declaration.descriptor
        factory = { DeclaredEffect(declaration) }
    }

    /// A new effect of this entry.
    public func make() -> any Effect { factory() }
}

/// Every built-in effect, in the order the window's number keys select them: the seeds' effects,
/// then the effect collection (`EffectDeclaration.collection`).
public enum EffectRegistry {
    public static let all: [EffectEntry] = [EffectEntry(HarmonicEffect.self), EffectEntry(WaveformEffect.self)]
        + [EffectDeclaration.gradient, .dissolve, .blur, .wave].map { EffectEntry($0) } + [EffectEntry(PrismEffect.self)]
        + EffectDeclaration.collection.map { EffectEntry($0) }

    /// The names, in order.
    public static var names: [String] { all.map { $0.descriptor.name } }

    /// The effect with this name.
    public static func entry(named name: String) -> EffectEntry? {
        all.first { $0.descriptor.name == name }
    }
}

/// What each effect of a chain is called where one name must pick one instance (`--param`,
/// `--state`, the controls): its descriptor's name, and from the second instance of the same
/// effect on, that name with `#` and its ordinal: `blur,blur,blur` is `blur`, `blur#2`, `blur#3`.
public enum EffectInstanceNames {
    /// The separator between an effect's name and its ordinal.
    public static let separator: Character = "#"

    /// The instance names of `effects`, in order.
    public static func names(of effects: [any Effect]) -> [String] {
        names(ofDescriptors: effects.map(\.descriptor.name))
    }

    /// Everything the shaders of a chain and its tear received in the last frame, for `--state`:
    /// one effect's values under the seed's names; in a chain each prefixed with its instance's
    /// name (`blur.radius`, `blur#2.radius`); then the tear's.
    public static func stateSnapshot(of effects: [any Effect], tear: TearController?) -> [(String, StateValue)] {
        let tearValues = tear?.stateSnapshot() ?? []
        guard effects.count > 1 else { return (effects.first?.stateSnapshot() ?? []) + tearValues }
        let names = Self.names(of: effects)
        return zip(names, effects).flatMap { name, e in e.stateSnapshot().map { ("\(name).\($0.0)", $0.1) } } + tearValues
    }

    /// The instance names of a chain given by its effects' names.
    public static func names(ofDescriptors chain: [String]) -> [String] {
        var seen: [String: Int] = [:]
        return chain.map { name in
            let ordinal = (seen[name] ?? 0) + 1
            seen[name] = ordinal
            return ordinal == 1 ? name : "\(name)\(separator)\(ordinal)"
        }
    }
}

/// The chain's effects as one responder: it takes any press the ones before it did not, and
/// every effect of the chain sees it (the glow's hold and a loupe over it follow one press).
public final class EffectResponder: PointerResponder {
    /// The effects that see the press, in drawing order.
    public let effects: [any Effect]
    public init(_ effects: [any Effect]) { self.effects = effects }
    public func begin(_ press: PointerEvent, viewSize: Size) -> Bool {
        track(press, viewSize: viewSize)
        return true
    }
    public func track(_ event: PointerEvent, viewSize: Size) {
        var i = 0
        while i < effects.count {  // an index loop: no iterator allocation in debug builds
            effects[i].handle(event)
            i += 1
        }
    }
}
