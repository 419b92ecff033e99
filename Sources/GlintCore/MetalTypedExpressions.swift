// The typed pass (`MetalTranslator.TypedPass`): expressions, operators and the conversions
// Metal makes in them.

extension MetalTranslator.TypedPass {
    // MARK: - Expressions

    /// An expression with commas.
    mutating func parseExpression() -> Value {
        var value = parseAssignment()
        while peek() == "," {
            p += 1
            let next = parseAssignment()
            value = Value(type: next.type, lo: value.lo, hi: next.isEmpty ? value.hi : next.hi)
        }
        return value
    }

    static let assignments: Set<String> = ["=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="]

    mutating func parseAssignment() -> Value {
        defer { depth -= 1 }
        guard enter() else { return nothing }
        let target = parseConditional()
        guard Self.assignments.contains(peek()) else { return target }
        let op = peek()
        p += 1
        let value = operand(parseAssignment())
        let whole = Value(type: target.type, lo: target.lo, hi: value.isEmpty ? target.hi : value.hi)
        guard let type = target.type, let valueType = value.type, !value.isEmpty else { return whole }
        switch op {
        case "=":
            convert(value, to: type)
        case "+=", "-=", "*=", "/=", "%=":
            if case .matrix = type, valueType.isScalar {
                convert(value, to: .scalar(.float))
                break
            }
            guard let to = type.scalar, let from = valueType.scalar, to != from else { break }
            if to == .float {
                convert(value, to: valueType.with(.float))
            } else if from == .float, to.isInteger {
                // C: i *= 0.5 is i = int(i * 0.5), in float.
                guard isPure(target) else { break }
                let floats = type.with(.float)
                rewrite(target.lo, value.hi, [.copy(target.lo, target.hi), .text(" = \(type.glsl)(\(floats.glsl)("), .copy(target.lo, target.hi),
                                              .text(") \(op.dropLast()) ("), .copy(value.lo, value.hi), .text("))")])
            } else if to.isInteger, from.isInteger || from == .bool {
                convert(value, to: valueType.with(to))
            }
        case "&=", "|=", "^=":
            if let to = type.scalar, let from = valueType.scalar, to.isInteger, from.isInteger, to != from {
                convert(value, to: valueType.with(to))
            }
        default:
            break
        }
        return whole
    }

    /// Whether writing the expression twice evaluates nothing twice (no call, increment or
    /// assignment in it).
    func isPure(_ value: Value) -> Bool {
        guard !value.isEmpty else { return false }
        return !tokens[value.lo...value.hi].contains { $0.text == "(" || $0.text == "++" || $0.text == "--" || Self.assignments.contains($0.text) }
    }

    /// The `no` arm of `?:`, one level deeper: `a ? b : c ? d : e` nests.
    mutating func parseNestedConditional() -> Value {
        defer { depth -= 1 }
        guard enter() else { return nothing }
        return parseConditional()
    }

    mutating func parseConditional() -> Value {
        let test = parseBinary(1)
        guard peek() == "?" else { return test }
        p += 1
        var yes = operand(parseAssignment())
        accept(":")
        var no = operand(parseNestedConditional())
        var common: ValueType?
        if let a = yes.type, let b = no.type {
            if a == b {
                common = a
            } else if let sa = a.scalar, let sb = b.scalar, let wa = a.width, let wb = b.width, wa == wb || wa == 1 || wb == 1 {
                common = .of(sa.common(with: sb), count: max(wa, wb))
            }
        }
        let end = no.isEmpty ? index(-1) : no.hi
        if case .vector(.bool, let n)? = test.type {
            // Metal selects per element: mix(no, yes, test).
            let test = operand(test)
            guard let arms = common, let scalar = arms.scalar, arms.width == 1 || arms.width == n, !yes.isEmpty, !no.isEmpty else {
                return Value(type: nil, lo: test.lo, hi: end)
            }
            let vector = ValueType.vector(scalar, n)
            convert(yes, to: vector)
            convert(no, to: vector)
            let floats = vector.with(.float)
            switch scalar {
            case .float:
                rewrite(test.lo, no.hi, [.text("mix("), .copy(no.lo, no.hi), .text(", "), .copy(yes.lo, yes.hi), .text(", "), .copy(test.lo, test.hi), .text(")")])
            case .int, .uint:
                rewrite(test.lo, no.hi, [.text("\(vector.glsl)(mix(\(floats.glsl)("), .copy(no.lo, no.hi), .text("), \(floats.glsl)("),
                                         .copy(yes.lo, yes.hi), .text("), "), .copy(test.lo, test.hi), .text("))")])
            case .bool:
                return Value(type: nil, lo: test.lo, hi: end)
            }
            return Value(type: vector, lo: test.lo, hi: end, shape: .primary)
        }
        condition(test, bare: false)
        if let common {
            convert(yes, to: common)
            convert(no, to: common)
            yes.type = common
            no.type = common
        }
        return Value(type: common, lo: test.lo, hi: end, shape: .choice(yes: yes, no: no))
    }

    static let precedence: [String: Int] = [
        "||": 1, "^^": 2, "&&": 3, "|": 4, "^": 5, "&": 6, "==": 7, "!=": 7,
        "<": 8, ">": 8, "<=": 8, ">=": 8, "<<": 9, ">>": 9, "+": 10, "-": 10, "*": 11, "/": 11, "%": 11,
    ]

    mutating func parseBinary(_ minimum: Int) -> Value {
        var left = parseUnary()
        while let level = Self.precedence[peek()], level >= minimum {
            let at = take()
            let right = parseBinary(level + 1)
            left = combine(tokens[at].text, left, right, at: at)
        }
        return left
    }

    /// The value of `left op right`, with its operands converted as Metal converts them.
    mutating func combine(_ op: String, _ leftValue: Value, _ rightValue: Value, at: Int) -> Value {
        let hi = rightValue.isEmpty ? at : rightValue.hi
        if op == "&&" || op == "||" || op == "^^" {
            condition(leftValue, bare: false)
            condition(rightValue, bare: false)
            return Value(type: .scalar(.bool), lo: leftValue.lo, hi: hi)
        }
        let left = operand(leftValue), right = operand(rightValue)
        var result = Value(type: nil, lo: left.lo, hi: hi)
        guard let a = left.type, let b = right.type, !right.isEmpty else { return result }
        switch op {
        case "<<", ">>":
            result.type = a
        case "==", "!=", "<", ">", "<=", ">=":
            return compare(op, left, right, at: at)
        case "&", "|", "^":
            guard let sa = a.scalar, let sb = b.scalar, sa.isInteger, sb.isInteger else { break }
            result.type = arithmetic(left, right)
        default:
            result.type = arithmetic(left, right)
        }
        return result
    }

    /// The type of `left` op `right` for `+ - * / %` (and bitwise operators), converting the
    /// operands: scalars to their common type, a scalar to a vector's element type.
    mutating func arithmetic(_ left: Value, _ right: Value) -> ValueType? {
        guard let a = left.type, let b = right.type else { return nil }
        switch (a, b) {
        case let (.scalar(sa), .scalar(sb)):
            let common = sa.common(with: sb) == .bool ? .int : sa.common(with: sb)
            convert(left, to: .scalar(common))
            convert(right, to: .scalar(common))
            return .scalar(common)
        case let (.vector(s, _), .scalar):
            convert(right, to: .scalar(s))
            return a
        case let (.scalar, .vector(s, _)):
            convert(left, to: .scalar(s))
            return b
        case let (.vector(sa, na), .vector(sb, nb)):
            return sa == sb && na == nb ? a : nil
        case (.matrix, .matrix):
            return a == b ? a : nil
        case let (.matrix(_, rows), .vector(.float, _)):
            return .vector(.float, rows)
        case let (.vector(.float, _), .matrix(columns, _)):
            return .vector(.float, columns)
        case (.matrix, .scalar):
            convert(right, to: .scalar(.float))
            return a
        case (.scalar, .matrix):
            convert(left, to: .scalar(.float))
            return b
        default:
            return nil
        }
    }

    /// A comparison: scalars converted to their common type (a bool); with a vector, Metal's
    /// bool vector: `lessThan(a, b)` and the like, `a == b` left for its use to decide.
    mutating func compare(_ op: String, _ left: Value, _ right: Value, at: Int) -> Value {
        guard let a = left.type, let b = right.type, let sa = a.scalar, let sb = b.scalar, let wa = a.width, let wb = b.width,
              wa == wb || wa == 1 || wb == 1 else {
            return Value(type: nil, lo: left.lo, hi: right.hi)
        }
        let common = sa.common(with: sb)
        let width = max(wa, wb)
        if width == 1 {
            convert(left, to: .scalar(common))
            convert(right, to: .scalar(common))
            return Value(type: .scalar(.bool), lo: left.lo, hi: right.hi)
        }
        let vector = ValueType.vector(common, width)
        convert(left, to: vector)
        convert(right, to: vector)
        let pending = Value(type: .vector(.bool, width), lo: left.lo, hi: right.hi, shape: .comparison(op: op, left: left, right: right, at: at))
        return op == "==" || op == "!=" ? pending : operand(pending)
    }

    /// `value` used as a value: a comparison of vectors becomes the bool vector Metal means
    /// (`lessThan(a, b)`, `equal(a, b)`); a `.data` view not indexed is refused.
    mutating func operand(_ value: Value) -> Value {
        if case .dataView(let element, let name)? = value.type {
            refuse(value, "a cast of the .data argument '\(name)' to `device const \(element) *` can only be indexed, as ((device const \(element) *)\(name))[i]")
            return Value(type: nil, lo: value.lo, hi: value.hi)
        }
        guard case let .comparison(op, left, right, at) = value.shape else { return value }
        let function: String
        switch op {
        case "==": function = "equal"
        case "!=": function = "notEqual"
        case "<": function = "lessThan"
        case ">": function = "greaterThan"
        case "<=": function = "lessThanEqual"
        default: function = "greaterThanEqual"
        }
        let o = nextOrder()
        before[left.lo, default: []].append((o, function + "("))
        after[right.hi, default: []].append((o, ")"))
        replace(at, with: ",")
        if at > 0, tokens[at - 1].kind == .space, !tokens[at - 1].text.contains("\n") { replace(at - 1, with: "") }
        return Value(type: value.type, lo: value.lo, hi: value.hi, shape: .primary)
    }

    /// `value` used as a condition: a number becomes `(value != 0)` (`bare`: inside an `if`'s or
    /// a loop's own parentheses, where a name needs none of its own).
    mutating func condition(_ value: Value, bare: Bool) {
        guard !value.isEmpty, case .scalar(let scalar)? = value.type, scalar != .bool else { return }
        let open = (bare ? "" : "(") + (value.isPrimary ? "" : "(")
        wrap(value, open, (value.isPrimary ? "" : ")") + " != \(scalar.zero)" + (bare ? "" : ")"))
    }

    mutating func refuse(_ value: Value, _ message: String) {
        guard failure == nil, value.lo < tokens.count else { return }
        let token = tokens[value.lo]
        failure = Failure(line: token.line, column: token.column, message: message)
    }

    /// The operand of a prefix operator, one level deeper: `- - x` and `!!b` nest.
    mutating func parseNestedUnary() -> Value {
        defer { depth -= 1 }
        guard enter() else { return nothing }
        return parseUnary()
    }

    mutating func parseUnary() -> Value {
        let t = peek()
        switch t {
        case "-", "+", "~":
            let at = take()
            let inner = operand(parseNestedUnary())
            let shape: Shape = t == "-" && isLiteral(inner) ? .negated(inner) : .other
            return Value(type: inner.type, lo: at, hi: inner.isEmpty ? at : inner.hi, shape: shape)
        case "!":
            let at = take()
            let inner = parseNestedUnary()
            if case .vector(.bool, _)? = inner.type {
                let vector = operand(inner)
                replace(at, with: "not(")
                wrap(vector, "", ")")
                return Value(type: inner.type, lo: at, hi: vector.hi, shape: .primary)
            }
            condition(inner, bare: false)
            return Value(type: .scalar(.bool), lo: at, hi: inner.isEmpty ? at : inner.hi)
        case "++", "--":
            let at = take()
            let inner = operand(parseNestedUnary())
            return Value(type: inner.type, lo: at, hi: inner.isEmpty ? at : inner.hi)
        case "(":
            // A C cast: (float)x → float(x).
            if let type = typeNamed(peek(1)), peek(2) == ")", startsOperand(3) {
                let open = take()
                p += 1
                let close = take()
                let inner = operand(parseNestedUnary())
                guard !inner.isEmpty else { return Value(type: type, lo: open, hi: close) }
                replace(open, with: "")
                replace(close, with: "(")
                wrap(inner, "", ")")
                return Value(type: type, lo: open, hi: inner.hi, shape: .primary)
            }
        default:
            break
        }
        return parsePostfix(parsePrimary())
    }

    /// Whether the token `k` ahead can begin an operand (what follows a C cast).
    func startsOperand(_ k: Int) -> Bool {
        guard p + k < significant.count else { return false }
        let token = tokens[significant[p + k]]
        return token.kind == .identifier || token.kind == .number || ["(", "-", "+", "!", "~"].contains(token.text)
    }

    func isLiteral(_ value: Value) -> Bool {
        if case .literal = value.shape { return true } else { return false }
    }

    /// The type of a number as written: `2` int, `2u` uint, `2.0`, `.5`, `1e3` float.
    static func literalType(_ text: String) -> Scalar {
        let lower = text.lowercased()
        if lower.hasPrefix("0x") { return lower.hasSuffix("u") ? .uint : .int }
        if lower.contains(".") || lower.contains("e") { return .float }
        return lower.hasSuffix("u") ? .uint : .int
    }

    mutating func parsePrimary() -> Value {
        guard !atEnd else { return Value(type: nil, lo: tokens.count, hi: tokens.count - 1) }
        let at = index()
        let token = tokens[at]
        switch token.kind {
        case .number:
            p += 1
            return Value(type: .scalar(Self.literalType(token.text)), lo: at, hi: at, shape: .literal)
        case .identifier:
            let name = token.text
            if name == "true" || name == "false" {
                p += 1
                return Value(type: .scalar(.bool), lo: at, hi: at, shape: .primary)
            }
            if peek(1) == "(" {
                p += 1
                return parseCall(name, at: at)
            }
            if let type = typeNamed(name), peek(1) == "{" {
                // float2{1, 2} → vec2(1.0, 2.0)
                p += 1
                let open = index()
                parseBraces(type, named: true)
                return Value(type: type, lo: at, hi: max(open, index(-1)), shape: .primary)
            }
            if let element = typeNamed(name), peek(1) == "[" {
                // float[3](1.0, 2.0, 3.0)
                p += 2
                let size = Int(peek())
                while !atEnd && peek() != "]" { p += 1 }
                accept("]")
                guard peek() == "(" else { return Value(type: nil, lo: at, hi: index(-1)) }
                let (arguments, close) = parseArguments()
                for argument in arguments { convert(argument, to: element) }
                return Value(type: .array(element, size ?? arguments.count), lo: at, hi: close, shape: .primary)
            }
            p += 1
            return Value(type: lookUp(name), lo: at, hi: at, shape: .primary)
        default:
            if token.text == "(" {
                p += 1
                let inner = parseExpression()
                let close = accept(")") ?? (inner.isEmpty ? at : inner.hi)
                if case .comparison = inner.shape {
                    // (a == b): still Metal's bool vector or GLSL's bool, as it is used.
                    return Value(type: inner.type, lo: at, hi: close, shape: inner.shape)
                }
                return Value(type: inner.type, lo: at, hi: close, shape: .parenthesized(inner))
            }
            if [";", ")", "]", "}", ",", ":", "?", "{"].contains(token.text) {
                return Value(type: nil, lo: at, hi: at - 1)
            }
            p += 1
            return Value(type: nil, lo: at, hi: at)
        }
    }
}
