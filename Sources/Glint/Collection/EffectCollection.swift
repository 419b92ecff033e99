import GlintCore

/// Glint's effect collection as modifiers, in the style SwiftUI shader collections give theirs:
/// each calls its `Shaders/<name>.metal` function through `ShaderLibrary.default` as its
/// declaration (`EffectDeclaration`, which the command line shares) says: the modifier's kind,
/// the order of the function's arguments, their defaults (the declaration's parameter keys) and,
/// unless a modifier knows better, how far the effect reads.
extension View {
    /// Replaces every other square of `size` points with `color` (`Shaders/checkerboard.metal`).
    public func checkerboard(color: Color = Color(EffectDeclaration.Checkerboard.replacement.defaultSetting),
                             size: Double = EffectDeclaration.Checkerboard.size.defaultSetting) -> some View {
        declaredEffect(.checkerboard, [EffectDeclaration.Checkerboard.replacement(color), EffectDeclaration.Checkerboard.size(size)])
    }

    /// `declaration`'s function over this view, called through `ShaderLibrary.default` with its
    /// arguments in the declared order: the frame's from `time`, `size` and `location` (the
    /// view's rect as `.boundingRect`), each parameter, colour or image from `settings` (its
    /// declared default where not given), as the modifier of its declared kind. The reach is the
    /// declaration's (`maxSampleOffset`, the setting of the parameter it follows, at least 0)
    /// unless `maxSampleOffset` gives one.
    func declaredEffect(_ declaration: EffectDeclaration, time: Double = 0, size: CGSize = .zero, location: CGPoint = .zero,
                        _ settings: [DeclaredSetting], maxSampleOffset: CGSize? = nil) -> ModifiedContent<Self, _NodeModifier> {
        func setting(_ name: String) -> DeclaredSetting? { settings.first { $0.name == name } }
        let arguments: [Shader.Argument] = declaration.arguments.map { argument in
            switch argument {
            case .time: return .float(time)
            case .size: return .float2(size)
            case .pointer: return .float2(location)
            case .bounds: return .boundingRect
            case .isPressed, .hold: return .float(0)  // a modifier is not pressed; none of the collection takes them
            case .number(let p): return setting(p.name)?.argument ?? .float(p.defaultValue)
            case let .color(name, color): return setting(name)?.argument ?? .color(Color(color))
            case let .image(name, _):
                return setting(name)?.argument ?? .image(Image(placeholderFor: .image("\(declaration.function) was given no image '\(name)'")))
            }
        }
        let shader = Shader(function: ShaderLibrary.default[dynamicMember: declaration.function], arguments: arguments)
        let reach: Size
        if let maxSampleOffset {
            reach = Size(maxSampleOffset)
        } else {
            switch declaration.maxSampleOffset {
            case .fixed(let d): reach = Size(width: d, height: d)
            case let .parameter(p, scale):
                let d = max(0, (setting(p.name)?.number ?? p.defaultSetting) * scale)
                reach = Size(width: d, height: d)
            }
        }
        let kind: ShaderEffect.Kind
        switch declaration.kind {
        case .color: kind = .color
        case .layer: kind = .layer(maxSampleOffset: reach)
        case .distortion: kind = .distortion(maxSampleOffset: reach)
        }
        return modifier(_NodeModifier(kind: .effect(EffectSpec(shader: shader, kind: kind, isEnabled: true))))
    }
}

/// What a collection modifier gives one argument of its declaration, by the argument's key:
/// `EffectDeclaration.Water.strength(6)`.
struct DeclaredSetting {
    /// The argument's name (its key's).
    let name: String
    /// What the shader receives.
    let argument: Shader.Argument
    /// A number's value, for a reach that follows it.
    var number: Double? = nil
}

extension Parameter where Value == Double {
    /// The argument of this parameter set to `value`.
    func callAsFunction(_ value: Double) -> DeclaredSetting {
        DeclaredSetting(name: name, argument: .float(value), number: value)
    }
}

extension ColorArgument {
    /// This colour argument set to `color`.
    func callAsFunction(_ color: Color) -> DeclaredSetting {
        DeclaredSetting(name: name, argument: .color(color))
    }
}

extension ImageArgument {
    /// This image argument set to `image`.
    func callAsFunction(_ image: Image) -> DeclaredSetting {
        DeclaredSetting(name: name, argument: .image(image))
    }
}
