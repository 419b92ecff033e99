// The typed pass (`MetalTranslator.TypedPass`): calls (the file's functions, constructors,
// GLSL's built-ins and sampling), postfix expressions, and converting a value to a type.

extension MetalTranslator.TypedPass {
    /// `( arguments )`, each used as a value; returns them and the `)`'s token index.
    mutating func parseArguments() -> ([Value], Int) {
        let open = take()
        var arguments: [Value] = []
        while !atEnd && peek() != ")" {
            let argument = operand(parseAssignment())
            if argument.isEmpty { break }
            arguments.append(argument)
            if accept(",") == nil { break }
        }
        let close = accept(")") ?? (arguments.last?.hi ?? open)
        return (arguments, close)
    }

    /// A call of a function, a constructor, or a built-in (at its `(`).
    mutating func parseCall(_ name: String, at: Int) -> Value {
        let (arguments, close) = parseArguments()
        var result: ValueType?
        if let type = typeNamed(name) {
            result = type
            if case .named(let structName) = type, let fields = structs[structName], fields.count == arguments.count {
                for (field, argument) in zip(fields, arguments) { convert(argument, to: field.type) }
            }
        } else if let overloads = functions[name] {
            result = callFunction(overloads, arguments)
        } else if name == "mix", arguments.count == 3, let selected = select(arguments, at: at, close: close) {
            result = selected
        } else if let builtin = MetalTranslator.builtins[name] {
            result = callBuiltin(builtin, name, arguments)
            sample(name, arguments, at: at, close: close)
        } else if name == "metal_bias", arguments.count == 1 {
            // A bias before an offset, which `sample` moves after it.
            return Value(type: arguments[0].type, lo: at, hi: close, shape: .parenthesized(arguments[0]))
        }
        return Value(type: result, lo: at, hi: close, shape: .primary)
    }

    /// The types GLSL's sampling functions take after the sampler and the position.
    static let samplingArguments: [String: [ValueType]] = [
        "texture": [.scalar(.float)],
        "textureOffset": [.vector(.int, 2), .scalar(.float)],
        "textureLod": [.scalar(.float)],
        "textureLodOffset": [.scalar(.float), .vector(.int, 2)],
        "textureGrad": [.vector(.float, 2), .vector(.float, 2)],
        "textureGradOffset": [.vector(.float, 2), .vector(.float, 2), .vector(.int, 2)],
    ]

    /// A call of a GLSL sampling function: its bias, level, gradients and offset converted to
    /// the types GLSL takes (`textureOffset(t, uv, 1)` → `ivec2(1)`, Metal's broadcast), and a
    /// bias Metal writes before the offset (`metal_bias(b), off`) moved after it, where GLSL's
    /// `textureOffset(t, uv, off, b)` takes it.
    mutating func sample(_ name: String, _ arguments: [Value], at: Int, close: Int) {
        guard let types = Self.samplingArguments[name] else { return }
        guard name == "textureOffset", arguments.count == 4, case .parenthesized(let bias) = arguments[2].shape,
              tokens[arguments[2].lo].text == "metal_bias", !bias.isEmpty else {
            for (argument, type) in zip(arguments.dropFirst(2), types) { convert(argument, to: type) }
            return
        }
        let (texture, position, offset) = (arguments[0], arguments[1], arguments[3])
        convert(bias, to: .scalar(.float))
        convert(offset, to: .vector(.int, 2))
        rewrite(at, close, [.text("textureOffset("), .copy(texture.lo, texture.hi), .text(", "), .copy(position.lo, position.hi), .text(", "),
                            .copy(offset.lo, offset.hi), .text(", "), .copy(bias.lo, bias.hi), .text(")")])
    }

    /// Metal's `select(a, b, c)` (translated to `mix`) of integers, which GLSL 3.30's `mix` does
    /// not take: `(c ? b : a)` for a scalar, through floats for a vector. Nil where it is
    /// GLSL's own `mix` (floats, or a condition that is no bool).
    mutating func select(_ arguments: [Value], at: Int, close: Int) -> ValueType? {
        guard let a = arguments[0].type, let b = arguments[1].type, let c = arguments[2].type, c.scalar == .bool,
              let sa = a.scalar, let sb = b.scalar, let wa = a.width, let wb = b.width, let wc = c.width else { return nil }
        let element = sa.common(with: sb)
        guard element != .float else { return nil }
        let width = max(wa, wb, wc)
        let result = ValueType.of(element, count: width)
        convert(arguments[0], to: result)
        convert(arguments[1], to: result)
        let (no, yes, test) = (arguments[0], arguments[1], arguments[2])
        if width == 1 {
            rewrite(at, close, [.text("("), .copy(test.lo, test.hi), .text(" ? "), .copy(yes.lo, yes.hi), .text(" : "), .copy(no.lo, no.hi), .text(")")])
        } else {
            if wc == 1 { convert(test, to: .vector(.bool, width)) }
            let floats = result.with(.float)
            rewrite(at, close, [.text("\(result.glsl)(mix(\(floats.glsl)("), .copy(no.lo, no.hi), .text("), \(floats.glsl)("), .copy(yes.lo, yes.hi),
                                .text("), "), .copy(test.lo, test.hi), .text("))")])
        }
        return result
    }

    /// The return type of a call of one of the file's functions, its arguments converted to the
    /// parameters of the overload it calls (when that is clear).
    mutating func callFunction(_ overloads: [Function], _ arguments: [Value]) -> ValueType? {
        let candidates = overloads.filter { $0.parameters.count == arguments.count }
        var chosen: Function?
        if candidates.count == 1 {
            chosen = candidates[0]
        } else if let exact = candidates.first(where: { zip($0.parameters, arguments).allSatisfy { $0 == $1.type } }) {
            chosen = exact
        } else {
            let shaped = candidates.filter { zip($0.parameters, arguments).allSatisfy { $0?.width != nil && $0?.width == $1.type?.width } }
            if shaped.count == 1 { chosen = shaped[0] }
        }
        guard let function = chosen else {
            let returns = Set(candidates.map { $0.returns?.glsl ?? "?" })
            return returns.count == 1 ? candidates.first?.returns : nil
        }
        for (k, argument) in arguments.enumerated() where !function.writes[k] {
            if let parameter = function.parameters[k] { convert(argument, to: parameter) }
        }
        return function.returns
    }

    /// The type a built-in returns, its arguments converted as its GLSL overloads need.
    mutating func callBuiltin(_ builtin: Builtin, _ name: String, _ arguments: [Value]) -> ValueType? {
        guard let first = arguments.first else { return nil }
        switch builtin {
        case .floats(let positions):
            return componentWise(name, arguments, floats: true, scalarAt: positions)
        case .numbers(let positions):
            return componentWise(name, arguments, floats: false, scalarAt: positions)
        case .floatResult:
            return componentWise(name, arguments, floats: true, scalarAt: .none).map { _ in .scalar(.float) }
        case .fixed(let type):
            return type
        case .firstArgument:
            return first.type
        case .boolsLikeFirst:
            return first.type?.width.map { .of(.bool, count: $0) }
        case .bool:
            return .scalar(.bool)
        case .bits(let scalar):
            return first.type?.width.map { .of(scalar, count: $0) }
        }
    }

    /// A component-wise built-in: the result as wide as its widest argument, of floats
    /// (`floats`) or of the arguments' common element type; each argument converted to that
    /// element type, and a scalar to the result's vector where GLSL takes none (`scalarAt`).
    mutating func componentWise(_ name: String, _ arguments: [Value], floats: Bool, scalarAt: ScalarPositions) -> ValueType? {
        var widths: [Int] = []
        var scalars: [Scalar] = []
        for argument in arguments {
            guard let width = argument.type?.width, let scalar = argument.type?.scalar else { return nil }
            widths.append(width)
            scalars.append(scalar)
        }
        let width = widths.max() ?? 1
        if name == "mix", arguments.count == 3, scalars[2] == .bool {
            // Metal's select(a, b, c), translated to mix(a, b, c).
            let result = ValueType.of(scalars[0].common(with: scalars[1]), count: width)
            convert(arguments[0], to: result)
            convert(arguments[1], to: result)
            if widths[2] == 1 && width > 1 { convert(arguments[2], to: .vector(.bool, width)) }
            return result
        }
        var element: Scalar = floats ? .float : scalars.dropFirst().reduce(scalars[0]) { $0.common(with: $1) }
        if element == .bool { element = .int }
        let result = ValueType.of(element, count: width)
        for (k, argument) in arguments.enumerated() {
            let mayStayScalar: Bool
            switch scalarAt {
            case .none: mayStayScalar = false
            case .one(let position): mayStayScalar = k == position
            case let .both(a, b): mayStayScalar = (k == a || k == b) && a < widths.count && b < widths.count && widths[a] == 1 && widths[b] == 1
            }
            if widths[k] == 1 && width > 1 && !mayStayScalar {
                convert(argument, to: result)
            } else {
                convert(argument, to: .of(element, count: widths[k]))
            }
        }
        return result
    }

    mutating func parsePostfix(_ primary: Value) -> Value {
        var value = primary
        while !atEnd {
            switch peek() {
            case "[":
                p += 1
                let subscriptValue = operand(parseExpression())
                let close = accept("]") ?? (subscriptValue.isEmpty ? index(-1) : subscriptValue.hi)
                var type: ValueType?
                switch value.type {
                case .array(let element, _)?: type = element
                case .vector(let scalar, _)?: type = .scalar(scalar)
                case .matrix(_, let rows)?: type = .vector(.float, rows)
                case let .dataView(element, name)?:
                    guard !subscriptValue.isEmpty, let read = MetalTranslator.dataRead(element, name) else { break }
                    var pieces: [Piece] = []
                    for (k, text) in read.pieces.enumerated() {
                        if k > 0 { pieces.append(.copy(subscriptValue.lo, subscriptValue.hi)) }
                        pieces.append(.text(text))
                    }
                    rewrite(value.lo, close, pieces)
                    type = .scalar(read.type)
                default: break
                }
                value = Value(type: type, lo: value.lo, hi: close, shape: .primary)
            case ".":
                value = operand(value)
                p += 1
                guard isName() else { return value }
                let member = peek()
                let at = take()
                if peek() == "(" {
                    // arr.length()
                    let (_, close) = parseArguments()
                    value = Value(type: member == "length" ? .scalar(.int) : nil, lo: value.lo, hi: close, shape: .primary)
                    continue
                }
                var type: ValueType?
                switch value.type {
                case .vector(let scalar, _)?, .scalar(let scalar)?:
                    if member.count <= 4, member.allSatisfy({ "xyzwrgbastpq".contains($0) }) { type = .of(scalar, count: member.count) }
                case .named(let name)?:
                    type = structs[name]?.first { $0.name == member }?.type
                default:
                    break
                }
                value = Value(type: type, lo: value.lo, hi: at, shape: .primary)
            case "++", "--":
                let at = take()
                value = Value(type: value.type, lo: value.lo, hi: at, shape: .other)
            default:
                return value
            }
        }
        return value
    }

    // MARK: - Conversions

    /// Converts `value` to `target` as Metal does implicitly: a scalar to another scalar type
    /// (`2` → `2.0`, `i` → `float(i)`), a scalar to a vector (`vec2(x)`), a vector to another
    /// element type. Anything else, or a type not known, is left.
    mutating func convert(_ value: Value, to target: ValueType) {
        guard !value.isEmpty, let from = value.type, from != target else { return }
        switch (from, target) {
        case let (.scalar(a), .scalar(b)):
            convertScalar(value, from: a, to: b)
        case (.scalar, .vector):
            wrap(value, target.glsl + "(", ")")
        case let (.vector(a, n), .vector(b, m)) where n == m && a != b:
            wrap(value, target.glsl + "(", ")")
        default:
            break
        }
    }

    mutating func convertScalar(_ value: Value, from: Scalar, to: Scalar) {
        switch value.shape {
        case .parenthesized(let inner):
            if inner.type == value.type {
                convert(inner, to: .scalar(to))
                return
            }
        case let .choice(yes, no):
            convert(yes, to: .scalar(to))
            convert(no, to: .scalar(to))
            return
        case .literal:
            if let literal = Self.literal(tokens[value.lo].text, as: to) {
                replace(value.lo, with: literal)
                return
            }
        case .negated(let inner):
            if to != .uint && to != .bool {
                convert(inner, to: .scalar(to))
                return
            }
        default:
            break
        }
        wrap(value, to.rawValue + "(", ")")
    }

    /// The number `text` written as a literal of type `scalar` (`2` → `2.0`, `2` → `2u`), or nil
    /// where a constructor must convert it.
    static func literal(_ text: String, as scalar: Scalar) -> String? {
        let lower = text.lowercased()
        let isHex = lower.hasPrefix("0x")
        let isUnsigned = lower.hasSuffix("u")
        let isFloat = !isHex && (lower.contains(".") || lower.contains("e"))
        switch scalar {
        case .float:
            guard !isFloat, !isHex else { return nil }
            return (isUnsigned ? String(text.dropLast()) : text) + ".0"
        case .uint:
            return isFloat || isUnsigned ? nil : text + "u"
        case .int:
            return isUnsigned ? String(text.dropLast()) : nil
        case .bool:
            return nil
        }
    }
}
