// The typed pass (`MetalTranslator.TypedPass`): declarations, functions, structs and statements.

extension MetalTranslator.TypedPass {
    // MARK: - Declarations

    /// A declaration, function or struct at file scope.
    mutating func parseExternal() {
        switch peek() {
        case ";":
            p += 1
            return
        case "struct":
            parseStruct()
            return
        case "precision":
            skipStatement()
            return
        case "layout":
            p += 1
            if peek() == "(" { skipBalanced() }
            return
        default:
            break
        }
        while Self.qualifiers.contains(peek()) { p += 1 }
        guard let (type, isAuto, at) = parseType() else {
            skipStatement()
            return
        }
        if isName(), peek(1) == "(", !startsInitialiser(2) {
            parseFunction(returning: type)
            return
        }
        parseDeclarators(type, isAuto: isAuto, typeAt: at)
    }

    /// Whether the token `k` ahead, just inside a declaration's `(`, begins a value rather than
    /// a parameter: `constant float2 shift(0.5, 0.25);` is a variable, `half4 f(float2 p)` and
    /// `half4 f()` a function.
    func startsInitialiser(_ k: Int) -> Bool {
        guard p + k < significant.count else { return false }
        let token = tokens[significant[p + k]]
        switch token.kind {
        case .number: return true
        case .identifier:
            let word = token.text
            if word == "true" || word == "false" { return true }
            if typeNamed(word) != nil || word == "void" || Self.qualifiers.contains(word) { return false }
            return !isName(k + 1)  // `shift(x)`, `shift(x * 2)`; not `f(Unknown p)`
        default:
            return ["-", "+", "(", "!", "~"].contains(token.text)
        }
    }

    /// Skips a balanced `( … )`, `[ … ]` or `{ … }` starting here.
    mutating func skipBalanced() {
        var depth = 0
        repeat {
            let t = peek()
            if t == "(" || t == "[" || t == "{" { depth += 1 } else if t == ")" || t == "]" || t == "}" { depth -= 1 }
            p += 1
        } while depth > 0 && !atEnd
    }

    /// `struct Name { fields } declarators;`
    mutating func parseStruct() {
        p += 1
        guard isName() else {
            skipStatement()
            return
        }
        let name = peek()
        p += 1
        guard accept("{") != nil else {
            skipStatement()
            return
        }
        var fields: [(name: String, type: ValueType)] = []
        structs[name] = []  // the name is a type from here on
        while !atEnd && peek() != "}" {
            let start = p
            defer { if p == start { p += 1 } }
            while Self.qualifiers.contains(peek()) { p += 1 }
            guard let (type, _, _) = parseType(), let fieldType = type else {
                skipStatement()
                continue
            }
            while isName() {
                let field = peek()
                p += 1
                var declared = fieldType
                if peek() == "[" {
                    p += 1
                    declared = .array(fieldType, Int(peek()))
                    while !atEnd && peek() != "]" { p += 1 }
                    accept("]")
                }
                fields.append((field, declared))
                if accept(",") == nil { break }
            }
            endStatement()
        }
        accept("}")
        structs[name] = fields
        if isName() {
            parseDeclarators(.named(name), isAuto: false, typeAt: index())
        } else {
            accept(";")
        }
    }

    /// `TYPE name(parameters) { body }` or a prototype ending in `;`.
    mutating func parseFunction(returning type: ValueType?) {
        let name = peek()
        p += 2
        var parameters: [(name: String?, type: ValueType?)] = []
        var writes: [Bool] = []
        while !atEnd && peek() != ")" && peek() != "{" {
            var written = false
            while Self.qualifiers.contains(peek()) {
                if peek() == "out" || peek() == "inout" { written = true }
                p += 1
            }
            if peek() == "void" && peek(1) == ")" {
                p += 1
                break
            }
            var parameterType = parseType()?.type
            var parameterName: String?
            if isName() {
                parameterName = peek()
                p += 1
            }
            if peek() == "[" {
                p += 1
                if let element = parameterType { parameterType = .array(element, Int(peek())) }
                while !atEnd && peek() != "]" { p += 1 }
                accept("]")
            }
            while !atEnd && peek() != "," && peek() != ")" && peek() != "{" { p += 1 }
            parameters.append((parameterName, parameterType))
            writes.append(written)
            if accept(",") == nil { break }
        }
        accept(")")
        functions[name, default: []].append(Function(parameters: parameters.map(\.type), writes: writes, returns: type))
        guard peek() == "{" else {
            accept(";")
            return
        }
        scopes.append([:])
        for parameter in parameters {
            if let parameterName = parameter.name { declare(parameterName, parameter.type) }
        }
        returnType = type
        parseBlock()
        returnType = nil
        scopes.removeLast()
    }

    /// Names declared after a type, each with its array size and initialiser, up to the `;`.
    mutating func parseDeclarators(_ type: ValueType?, isAuto: Bool, typeAt: Int) {
        while isName() {
            let name = peek()
            p += 1
            var declared = type
            if peek() == "[" {
                p += 1
                var size: Int?
                if peek() != "]" {
                    size = Int(peek())
                    _ = parseExpression()
                }
                accept("]")
                declared = type.map { .array($0, size) }
            }
            if peek() == "(" && !isAuto {
                // C++ direct initialisation: half4 res(0.0); → vec4 res = vec4(0.0);
                let open = index()
                let (arguments, close) = parseArguments()
                if let declared, !arguments.isEmpty {
                    replace(open, with: " = \(declared.glsl)(")
                    convertFields(declared, arguments)
                }
                _ = close
            } else if peek() == "{" {
                // C++ brace initialisation: float2 p{1, 2}; → vec2 p = vec2(1.0, 2.0);
                parseBraces(declared, prefix: " = ")
            } else if accept("=") != nil {
                if peek() == "{" {
                    parseBraces(declared)
                } else {
                    let value = operand(parseAssignment())
                    if isAuto {
                        if let inferred = value.type, inferred != .void, !inferred.isView {
                            replace(typeAt, with: inferred.glsl)
                            declared = inferred
                        }
                    } else if let declared {
                        convert(value, to: declared)
                    }
                }
            }
            declare(name, declared)
            if accept(",") == nil { break }
        }
        endStatement()
    }

    /// Converts the arguments of a struct's constructor to its fields' types.
    mutating func convertFields(_ type: ValueType, _ arguments: [Value]) {
        if case .named(let structName) = type, let fields = structs[structName], fields.count == arguments.count {
            for (field, argument) in zip(fields, arguments) { convert(argument, to: field.type) }
        }
    }

    /// `{ a, b, … }` initialising a `type`: an array, vector, matrix, scalar or struct
    /// constructor (`vec3[2](…)`, `vec2(…)`), each element converted to its type, `prefix`
    /// before it (` = ` for `T x{…}`). `named`: the type is written already (`T{…}`), so the
    /// braces become parentheses. Empty braces are zero for a vector, matrix or scalar.
    mutating func parseBraces(_ type: ValueType?, prefix: String = "", named: Bool = false) {
        defer { depth -= 1 }
        guard enter() else { return }
        let open = take()
        var count = 0
        func element(_ k: Int) -> ValueType? {
            switch type {
            case .array(let element, _)?: return element
            case .vector(let scalar, _)?: return .scalar(scalar)
            case .named(let name)?: return structs[name].flatMap { k < $0.count ? $0[k].type : nil }
            default: return nil
            }
        }
        while !atEnd && peek() != "}" {
            if peek() == "{" {
                parseBraces(element(count))
            } else {
                let value = operand(parseAssignment())
                if let elementType = element(count) { convert(value, to: elementType) }
            }
            count += 1
            guard let comma = accept(",") else { break }
            if peek() == "}" { replace(comma, with: "") }
        }
        guard let close = accept("}"), let type else { return }
        var constructor: String
        switch type {
        case .array(let element, _): constructor = element.glsl + "[\(count)]("
        case .vector, .matrix, .named, .scalar: constructor = type.glsl + "("
        default: return
        }
        if named { constructor = "(" }
        if count == 0 {
            switch type {
            case .vector, .matrix, .scalar:
                constructor += "0"
            default:
                refuse(Value(type: nil, lo: open, hi: close), "`{}` for a `\(type.glsl)` cannot be translated: GLSL needs a value for each field or element; write them out, as \(type.glsl)(…)")
                return
            }
        }
        replace(open, with: prefix + constructor)
        replace(close, with: ")")
    }

    // MARK: - Statements

    mutating func parseBlock() {
        guard accept("{") != nil else { return }
        scopes.append([:])
        while !atEnd && peek() != "}" {
            let start = p
            parseStatement()
            if p == start { p += 1 }
        }
        accept("}")
        scopes.removeLast()
    }

    /// `( condition )`, converted to a bool.
    mutating func parseParenthesizedCondition() {
        guard accept("(") != nil else { return }
        condition(parseExpression(), bare: true)
        if accept(")") == nil { skipStatement() }
    }

    mutating func parseStatement() {
        defer { depth -= 1 }
        guard enter() else { return }
        switch peek() {
        case "{":
            parseBlock()
        case ";":
            p += 1
        case "if":
            p += 1
            parseParenthesizedCondition()
            parseStatement()
            if accept("else") != nil { parseStatement() }
        case "while":
            p += 1
            parseParenthesizedCondition()
            parseStatement()
        case "do":
            p += 1
            parseStatement()
            if accept("while") != nil {
                parseParenthesizedCondition()
                endStatement()
            }
        case "for":
            p += 1
            guard accept("(") != nil else { return }
            scopes.append([:])
            if accept(";") == nil {
                if isDeclarationStart() {
                    parseDeclaration()
                } else {
                    _ = parseExpression()
                    endStatement()
                }
            }
            if peek() != ";" { condition(parseExpression(), bare: true) }
            accept(";")
            if peek() != ")" { _ = operand(parseExpression()) }
            accept(")")
            parseStatement()
            scopes.removeLast()
        case "switch":
            p += 1
            guard accept("(") != nil else { return }
            let selector = operand(parseExpression())
            accept(")")
            guard accept("{") != nil else { return }
            scopes.append([:])
            while !atEnd && peek() != "}" {
                if accept("case") != nil {
                    let label = parseConditional()
                    if let type = selector.type, type.isScalar { convert(label, to: type) }
                    accept(":")
                } else if accept("default") != nil {
                    accept(":")
                } else {
                    let start = p
                    parseStatement()
                    if p == start { p += 1 }
                }
            }
            accept("}")
            scopes.removeLast()
        case "return":
            p += 1
            if peek() != ";" {
                let value = operand(parseExpression())
                if let returnType { convert(value, to: returnType) }
            }
            endStatement()
        case "break", "continue", "discard":
            p += 1
            endStatement()
        case "struct":
            parseStruct()
        default:
            if isDeclarationStart() {
                parseDeclaration()
            } else {
                _ = operand(parseExpression())
                endStatement()
            }
        }
    }

    /// A local declaration: qualifiers, a type, declarators, `;`.
    mutating func parseDeclaration() {
        while Self.qualifiers.contains(peek()) { p += 1 }
        guard let (type, isAuto, at) = parseType() else {
            skipStatement()
            return
        }
        parseDeclarators(type, isAuto: isAuto, typeAt: at)
    }
}
