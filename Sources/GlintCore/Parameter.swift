/// A value a typed parameter key holds: how it is stored as an effect's components (one number
/// for a number or a toggle) and which kind of parameter it makes.
public protocol ParameterValue: Sendable {
    /// The kind of `EffectParameter` a key of this type declares, for a number that is not whole.
    static var parameterKind: EffectParameter.Kind { get }
    /// The value whose first component is `component`.
    init(parameterComponent component: Double)
    /// The value as the first component of its parameter.
    var parameterComponent: Double { get }
}

extension Double: ParameterValue {
    public static var parameterKind: EffectParameter.Kind { .number }
    public init(parameterComponent component: Double) { self = component }
    public var parameterComponent: Double { self }
}

extension Bool: ParameterValue {
    public static var parameterKind: EffectParameter.Kind { .toggle }
    public init(parameterComponent component: Double) { self = component != 0 }
    public var parameterComponent: Double { self ? 1 : 0 }
}

/// One tunable parameter of an effect, declared once as a typed key: its name (what `--param`,
/// `glint effects`, the controls and the docs call it), what it means, its range and its default
/// setting. Everything else reads it: the effect's descriptor, the command line's checks, the
/// sliders, the arguments its shader starts with and the collection's Swift modifiers' defaults.
///
/// A parameter's **setting** is its resting value, what the user chose (`--param amplitude=1`, a
/// slider; `Effect.setting(_:)`); what the shader receives this frame is the effect's **live**
/// value (`--state`), which may spring toward the setting or away from it while held.
///
/// ```swift
/// let radius = EffectDeclaration.Blur.radius   // declared once, beside the blur's declaration
/// radius.range                                 // 0…64: what --param checks and the slider spans
/// effect.setParameter(radius, to: 12)          // as --param blur.radius=12 does
/// effect.setting(radius)                       // 12, whatever the blur's live reach this frame
/// ```
public struct Parameter<Value: ParameterValue>: Sendable {
    /// The untyped declaration: what descriptors, the command line and the controls list.
    public let declaration: EffectParameter

    /// A number (a whole number when `isInteger`) in `range`, starting at `defaultSetting`.
    public init(_ name: String, _ summary: String, default defaultSetting: Double, range: ClosedRange<Double>,
                isInteger: Bool = false) where Value == Double {
        declaration = EffectParameter(name, summary, default: defaultSetting, range: range, isInteger: isInteger)
    }

    /// A switch, on or off by default.
    public init(_ name: String, _ summary: String, default isOn: Bool) where Value == Bool {
        declaration = .toggle(name, summary, default: isOn)
    }

    /// The name `--param`, `glint effects` and the controls use.
    public var name: String { declaration.name }

    /// The values the setting may take.
    public var range: ClosedRange<Double> { declaration.range }

    /// The setting until one is given.
    public var defaultSetting: Value { Value(parameterComponent: declaration.defaultValue) }
}

/// A colour argument of a declared effect, declared once as a key: fixed on the command line (it
/// is not a parameter), its default what the collection's Swift modifiers pass unless given one.
public struct ColorArgument: Sendable {
    /// The argument's name in the function.
    public let name: String
    /// The colour the command line passes, and a modifier's default.
    public let defaultSetting: Color

    public init(_ name: String, _ defaultSetting: Color) {
        self.name = name
        self.defaultSetting = defaultSetting
    }
}

/// An image argument of a declared effect, declared once as a key: a file of the built-in
/// `Assets/` until `--param NAME=FILE` (or a modifier's caller) gives one.
public struct ImageArgument: Sendable {
    /// The argument's name in the function (what `--param` takes).
    public let name: String
    /// The file in `Assets/` used until one is given.
    public let asset: String

    public init(_ name: String, asset: String) {
        self.name = name
        self.asset = asset
    }
}

extension Effect {
    /// The setting (resting value) of `parameter`, or its default should this effect not have it.
    public func setting<Value>(_ parameter: Parameter<Value>) -> Value {
        Value(parameterComponent: setting(parameter.name, component: 0) ?? parameter.declaration.defaultValue)
    }

    /// Sets `parameter` to `value`, as `--param` and the controls do.
    public func setParameter<Value>(_ parameter: Parameter<Value>, to value: Value) {
        setParameter(parameter.name, component: 0, to: value.parameterComponent)
    }
}

/// Where an effect class keeps the setting of one of its parameters: the key, and the property
/// of the effect it lives in. An effect's bindings are its parameters: its descriptor lists them,
/// and `ParameterizedEffect` sets and reads them by name with no code of the effect's own.
///
/// A key path into a final class's stored property is an immutable value, safe to share across
/// threads; Swift 6 only lacks a way to say so for a key path whose root is not `Sendable`.
public struct ParameterBinding<Owner: AnyObject>: @unchecked Sendable {
    /// What the command line and the controls see.
    public let declaration: EffectParameter
    private let keyPath: ReferenceWritableKeyPath<Owner, Double>

    /// `parameter`'s setting is the property `keyPath` names (a whole number is stored rounded).
    public init(_ parameter: Parameter<Double>, _ keyPath: ReferenceWritableKeyPath<Owner, Double>) {
        declaration = parameter.declaration
        self.keyPath = keyPath
    }

    /// The setting in `owner`.
    public func setting(in owner: Owner) -> Double { owner[keyPath: keyPath] }

    /// Sets it in `owner`.
    public func set(_ value: Double, in owner: Owner) {
        owner[keyPath: keyPath] = declaration.kind == .wholeNumber ? value.rounded() : value
    }
}

/// An effect class whose parameters are bindings of typed keys to its properties: its
/// descriptor's parameters, `setParameter` and `setting` all follow from `parameterBindings`.
public protocol ParameterizedEffect: Effect {
    /// Each parameter and the property holding its setting, in the order `glint effects` lists them.
    static var parameterBindings: [ParameterBinding<Self>] { get }
}

extension ParameterizedEffect {
    /// The declarations of `parameterBindings`, for the descriptor.
    public static var parameters: [EffectParameter] { parameterBindings.map(\.declaration) }

    public func setParameter(_ name: String, component: Int, to value: Double) {
        guard component == 0 else { return }
        let bindings = Self.parameterBindings
        var k = 0
        while k < bindings.count {  // an index loop: no iterator allocation in debug builds
            if bindings[k].declaration.name == name { bindings[k].set(value, in: self) }
            k += 1
        }
    }

    public func setting(_ name: String, component: Int) -> Double? {
        guard component == 0 else { return nil }
        let bindings = Self.parameterBindings
        var k = 0
        while k < bindings.count {
            if bindings[k].declaration.name == name { return bindings[k].setting(in: self) }
            k += 1
        }
        return nil
    }
}

/// The arguments of an effect's shader function, in order, as the cases of an enum: each case's
/// name is the argument's name (what `--state` reports as the live value) and its position the
/// argument's index, so an effect sets and reports them with no name written twice.
public protocol ShaderArgumentList: CaseIterable, RawRepresentable where RawValue == Int {}

extension ShaderArgumentList {
    /// The argument's name: the case's.
    public var name: String { String(describing: self) }

    /// Every argument's name, in order, for the pass.
    public static var names: [String] { allCases.map(\.name) }
}

extension ShaderEffect {
    /// Sets the argument `argument` (no look-up: its index is its position).
    public func set<Argument: ShaderArgumentList>(_ argument: Argument, _ value: ShaderArgument) {
        set(argument.rawValue, value)
    }

    /// The value the shader receives as `argument`.
    public subscript<Argument: ShaderArgumentList>(argument: Argument) -> ShaderArgument {
        argumentValues[argument.rawValue]
    }
}
