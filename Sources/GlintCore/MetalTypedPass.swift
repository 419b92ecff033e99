extension MetalTranslator {
    /// The second half of the translation: one pass over the translated GLSL tokens that follows
    /// the type of every declaration and expression (globals, parameters, block-scoped locals,
    /// struct fields, the return types of the file's functions and of GLSL's built-ins) and writes
    /// the conversions Metal makes implicitly and GLSL 3.30 does not:
    /// - an `int` or `uint` with a `float`, and an `int` with a `uint`, in arithmetic,
    ///   comparisons, assignments, initialisers, returns and arguments (`x * 2` → `x * 2.0`,
    ///   `u % 2` → `u % 2u`, `int k = f;` → `int k = int(f);`, `i *= 0.5` → `i = int(float(i) * (0.5))`);
    /// - a number as a condition (`if`, `while`, `for`, `!`, `&&`, `||`, `?:`) → `(x != 0)`;
    /// - a scalar where GLSL wants a vector: `float2 v = 1.0;`, `pow(v, 2.0)`, `mix(v4, f, f)`,
    ///   `min(f, v2)`, `step(v3, f)`, `smoothstep(v3, v3, f)`, `clamp(f, v3, v3)`;
    /// - comparisons of vectors (`lessThan(a, b)`, `equal(a, b)` where a bool vector is used),
    ///   `!` of a bool vector (`not`), and `c ? a : b` with a bool-vector condition (`mix(b, a, c)`);
    /// - C casts (`(float)i` → `float(i)`), `auto`, brace initialisers (`float3 c[2] = {…}` →
    ///   `vec3[2](…)`), C++ direct and brace initialisation (`half4 res(0.0);` → `vec4 res =
    ///   vec4(0.0);`, `float2 p{1, 2};`, `float2{1, 2}`) and indexed `.data` views
    ///   (`MetalTranslator.dataRead`);
    /// - the arguments of texture sampling (an offset `1` → `ivec2(1)`, a level `2` → `2.0`).
    ///
    /// It recurses once for each level the code nests, and stops with a failure past
    /// `MetalTranslator.maxNesting` levels; `typed(_:)` runs it on a stack of its own.
    ///
    /// Text is inserted on the same line only: a rewrite that moves an expression (`mix(b, a, c)`)
    /// writes it where it began and keeps the newlines it spanned. Where a type cannot be known the
    /// code is left as written, for the GL compiler to judge.
    struct TypedPass {
        /// The tokens, with operators of several characters merged (`+=`, `<<`, `&&`).
        private let tokens: [Token]
        /// The indices of the tokens that are neither space, comments nor directives.
        private let significant: [Int]
        /// Where the parser is, in `significant`.
        private var p = 0

        // The edits, applied when rendering: by token index, each with its order of recording
        // (an expression's edits are recorded before those of any expression containing it).
        private var order = 0
        private var before: [Int: [(order: Int, text: String)]] = [:]
        private var after: [Int: [(order: Int, text: String)]] = [:]
        private var replaced: [Int: [(order: Int, text: String)]] = [:]
        private var rewritten: [Int: [(order: Int, end: Int, pieces: [Piece])]] = [:]

        // What the file declares.
        private var scopes: [[String: ValueType]] = [[:]]
        private var functions: [String: [Function]] = [:]
        private var structs: [String: [(name: String, type: ValueType)]] = [:]
        private var returnType: ValueType?

        /// The first construct that cannot be translated.
        private(set) var failure: Failure?
        /// How many levels the parser is inside (`enter()`), at most `MetalTranslator.maxNesting`.
        private var depth = 0

        /// A piece of a rewritten range: text, or another range of tokens rendered with the edits
        /// recorded inside it so far (on one line).
        enum Piece {
            case text(String)
            case copy(Int, Int)
        }

        /// A function the file declares.
        struct Function {
            var parameters: [ValueType?]
            /// Whether each parameter is `out` or `inout` (an argument there is never converted).
            var writes: [Bool]
            var returns: ValueType?
        }

        /// An expression parsed: its type where known, its first and last token, and its shape
        /// where a conversion reaches inside it.
        struct Value {
            var type: ValueType?
            var lo: Int
            var hi: Int
            var shape: Shape = .other

            /// Whether nothing was there (a missing operand).
            var isEmpty: Bool { hi < lo }

            /// Whether appending `!= 0` needs no parentheses round it.
            var isPrimary: Bool {
                switch shape {
                case .primary, .literal, .parenthesized: return true
                default: return false
                }
            }
        }

        /// What a conversion of a value may reach inside.
        indirect enum Shape {
            /// A number, one token.
            case literal
            /// A name, call, constructor, index, member or anything in parentheses.
            case primary
            /// `(inner)`.
            case parenthesized(Value)
            /// `-literal`.
            case negated(Value)
            /// `c ? yes : no` with a scalar condition: a conversion converts both arms.
            case choice(yes: Value, no: Value)
            /// A comparison of vectors, Metal's bool vector: `a == b` and `a != b` are GLSL's bool
            /// too, so which is meant is known where it is used (`operand`, `condition`). `at` is
            /// the operator's token.
            case comparison(op: String, left: Value, right: Value, at: Int)
            /// Anything else (a binary or unary operation, an assignment).
            case other
        }

        /// Prepares a pass over `tokens` (as `MetalTranslator.tokenize` makes them).
        init(_ tokens: [Token]) {
            let merged = Self.mergeOperators(tokens)
            self.tokens = merged
            significant = merged.indices.filter { !merged[$0].isBlank && merged[$0].kind != .directive }
        }

        /// Parses the whole file, then renders it with the conversions written in.
        mutating func run() -> String {
            while p < significant.count {
                let start = p
                parseExternal()
                if p == start { p += 1 }
            }
            return render(0, tokens.count - 1, limit: Int.max, flat: false)
        }

        /// The GLSL `text` with the conversions written in, or `text` as it is when something in it
        /// cannot be translated (for the text of a file and what it includes, each already
        /// translated on its own: this pass adds what the includes declare).
        static func convert(_ text: String) -> String {
            let (converted, failure) = typed(MetalTranslator.tokenize(text))
            return failure == nil ? converted : text
        }

        /// A pass over `tokens` run on a stack of its own (`MetalTranslator.onLargeStack`): the text
        /// with the conversions written in, and the first construct that cannot be translated.
        static func typed(_ tokens: [Token]) -> (text: String, failure: Failure?) {
            MetalTranslator.onLargeStack {
                var pass = TypedPass(tokens)
                let text = pass.run()
                return (text, pass.failure)
            }
        }

        // MARK: - Nesting

        /// Enters one more level of nesting (a parenthesis, call, operator, block or initialiser).
        /// Past `MetalTranslator.maxNesting` levels the failure is recorded where it happens and the
        /// parse ends: every caller then meets the end of the tokens and returns. Each `enter()` is
        /// paired with `depth -= 1` on the way out, whatever it returned.
        private mutating func enter() -> Bool {
            depth += 1
            guard depth > MetalTranslator.maxNesting else { return true }
            if failure == nil {
                let token = tokens[min(index(), tokens.count - 1)]
                failure = Failure(line: token.line, column: token.column,
                                  message: "the code here nests deeper than \(MetalTranslator.maxNesting) levels (parentheses, calls, operators, blocks or braces inside one another): split it into smaller expressions or functions")
            }
            p = significant.count
            return false
        }

        /// What a parse that could not go deeper returns: no value.
        private var nothing: Value { Value(type: nil, lo: tokens.count, hi: tokens.count - 1) }

        // MARK: - Tokens

        /// The operators of two and three characters.
        private static let pairs: Set<String> = ["++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
                                                 "<=", ">=", "==", "!=", "&&", "||", "^^", "<<", ">>", "->"]
        private static let triples: Set<String> = ["<<=", ">>="]

        /// `tokens` with adjacent punctuation that spells an operator merged into one token.
        static func mergeOperators(_ tokens: [Token]) -> [Token] {
            var merged: [Token] = []
            merged.reserveCapacity(tokens.count)
            func isMark(_ k: Int) -> Bool { k < tokens.count && tokens[k].kind == .punctuation && tokens[k].text.utf8.count == 1 }
            var i = 0
            while i < tokens.count {
                let token = tokens[i]
                if isMark(i), isMark(i + 1) {
                    let two = token.text + tokens[i + 1].text
                    if isMark(i + 2), triples.contains(two + tokens[i + 2].text) {
                        merged.append(token.with(two + tokens[i + 2].text))
                        i += 3
                        continue
                    }
                    if pairs.contains(two) {
                        merged.append(token.with(two))
                        i += 2
                        continue
                    }
                }
                merged.append(token)
                i += 1
            }
            return merged
        }

        private var atEnd: Bool { p >= significant.count }

        /// The text of the significant token `k` ahead ("" past the end).
        private func peek(_ k: Int = 0) -> String {
            p + k < significant.count && p + k >= 0 ? tokens[significant[p + k]].text : ""
        }

        /// Whether the significant token `k` ahead is a name.
        private func isName(_ k: Int = 0) -> Bool {
            p + k < significant.count && tokens[significant[p + k]].kind == .identifier
        }

        /// The token index of the significant token `k` ahead (the end of the tokens past the last).
        private func index(_ k: Int = 0) -> Int {
            guard p + k >= 0 else { return 0 }
            return p + k < significant.count ? significant[p + k] : tokens.count
        }

        /// Takes the next significant token, returning its token index.
        private mutating func take() -> Int {
            let i = index()
            p += 1
            return i
        }

        /// Takes `text` if it is next; returns its token index.
        @discardableResult
        private mutating func accept(_ text: String) -> Int? {
            guard peek() == text else { return nil }
            return take()
        }

        /// Skips to the end of a statement or declaration that cannot be followed: past the next `;`
        /// (or a `}` closing a block opened in it), stopping before a `}` it did not open (a stray
        /// `)` or `]` is skipped with the rest).
        private mutating func skipStatement() {
            var depth = 0
            while !atEnd {
                let t = peek()
                if t == "(" || t == "[" || t == "{" {
                    depth += 1
                } else if t == ")" || t == "]" || t == "}" {
                    if depth == 0 {
                        if t == "}" { return }
                        p += 1
                        continue
                    }
                    depth -= 1
                    if depth == 0 && t == "}" {
                        p += 1
                        accept(";")
                        return
                    }
                } else if t == ";" && depth == 0 {
                    p += 1
                    return
                }
                p += 1
            }
        }

        /// Expects a `;`, or skips what stands before one.
        private mutating func endStatement() {
            if accept(";") == nil { skipStatement() }
        }

        // MARK: - Edits

        private mutating func nextOrder() -> Int {
            order += 1
            return order
        }

        /// Writes `prefix` before and `suffix` after `value`.
        private mutating func wrap(_ value: Value, _ prefix: String, _ suffix: String) {
            guard !value.isEmpty else { return }
            let o = nextOrder()
            if !prefix.isEmpty { before[value.lo, default: []].append((o, prefix)) }
            if !suffix.isEmpty { after[value.hi, default: []].append((o, suffix)) }
        }

        /// Writes `text` instead of the token at `index`.
        private mutating func replace(_ index: Int, with text: String) {
            replaced[index, default: []].append((nextOrder(), text))
        }

        /// Writes `pieces` instead of the tokens `lo...hi`, followed by the newlines they held.
        private mutating func rewrite(_ lo: Int, _ hi: Int, _ pieces: [Piece]) {
            guard lo <= hi else { return }
            rewritten[lo, default: []].append((nextOrder(), hi, pieces))
        }

        /// The tokens `lo...hi` with the edits recorded up to `limit`; `flat`: on one line, comments
        /// and newlines as spaces (for a copy).
        private func render(_ lo: Int, _ hi: Int, limit: Int, flat: Bool) -> String {
            var out = ""
            var i = lo
            func prefixes(_ index: Int, above: Int) -> String {
                (before[index] ?? []).filter { $0.order > above && $0.order <= limit }.reversed().map(\.text).joined()
            }
            func suffixes(_ index: Int, above: Int) -> String {
                (after[index] ?? []).filter { $0.order > above && $0.order <= limit }.map(\.text).joined()
            }
            while i <= hi {
                if let range = rewritten[i]?.last(where: { $0.order <= limit && $0.end <= hi }) {
                    out += prefixes(i, above: range.order)
                    for piece in range.pieces {
                        switch piece {
                        case .text(let text): out += text
                        case let .copy(a, b): out += render(a, b, limit: range.order, flat: true)
                        }
                    }
                    if !flat {
                        let newlines = tokens[i...range.end].reduce(0) { $0 + $1.text.filter { $0 == "\n" }.count }
                        out += String(repeating: "\n", count: newlines)
                    }
                    out += suffixes(range.end, above: range.order)
                    i = range.end + 1
                    continue
                }
                out += prefixes(i, above: 0)
                let token = tokens[i]
                if let text = replaced[i]?.last(where: { $0.order <= limit })?.text {
                    out += text
                } else if flat && token.isBlank && (token.kind == .comment || token.text.contains("\n")) {
                    out += " "
                } else {
                    out += token.text
                }
                out += suffixes(i, above: 0)
                i += 1
            }
            return out
        }

        // MARK: - Names and types

        private static let qualifiers: Set<String> = ["const", "uniform", "in", "out", "inout", "flat", "smooth", "noperspective",
                                                      "centroid", "highp", "mediump", "lowp", "invariant", "precise"]

        /// The type a name spells, if it is one (`auto` is not).
        private func typeNamed(_ name: String) -> ValueType? {
            if let type = ValueType(glsl: name) { return type }
            return structs[name] != nil ? .named(name) : nil
        }

        private func lookUp(_ name: String) -> ValueType? {
            for scope in scopes.reversed() {
                if let type = scope[name] { return type }
            }
            if name.hasPrefix(MetalTranslator.viewPrefix) {
                let rest = name.dropFirst(MetalTranslator.viewPrefix.count)
                if let underscore = rest.firstIndex(of: "_") {
                    return .dataView(element: String(rest[..<underscore]), name: String(rest[rest.index(after: underscore)...]))
                }
            }
            return nil
        }

        private mutating func declare(_ name: String, _ type: ValueType?) {
            scopes[scopes.count - 1][name] = type
        }

        /// Takes a type (`vec2`, a struct's name, `float[3]`, `auto`) if one is next. `isAuto` is set
        /// for `auto`, whose type the initialiser gives.
        private mutating func parseType() -> (type: ValueType?, isAuto: Bool, at: Int)? {
            let at = index()
            if peek() == "auto" {
                p += 1
                return (nil, true, at)
            }
            guard let type = typeNamed(peek()) else { return nil }
            p += 1
            if peek() == "[" {
                p += 1
                let size = peek() == "]" ? nil : Int(peek())
                while !atEnd && peek() != "]" { p += 1 }
                accept("]")
                return (.array(type, size), false, at)
            }
            return (type, false, at)
        }

        /// Whether a declaration starts here: qualifiers, or a type followed by a name.
        private func isDeclarationStart() -> Bool {
            var k = 0
            while Self.qualifiers.contains(peek(k)) { k += 1 }
            if k > 0 { return true }
            guard peek() == "auto" || typeNamed(peek()) != nil else { return false }
            if isName(1) { return true }
            guard peek(1) == "[" else { return false }
            var j = 2
            while p + j < significant.count, peek(j) != "]" { j += 1 }
            return isName(j + 1)
        }

        // MARK: - Declarations

        /// A declaration, function or struct at file scope.
        private mutating func parseExternal() {
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
        private func startsInitialiser(_ k: Int) -> Bool {
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
        private mutating func skipBalanced() {
            var depth = 0
            repeat {
                let t = peek()
                if t == "(" || t == "[" || t == "{" { depth += 1 } else if t == ")" || t == "]" || t == "}" { depth -= 1 }
                p += 1
            } while depth > 0 && !atEnd
        }

        /// `struct Name { fields } declarators;`
        private mutating func parseStruct() {
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
        private mutating func parseFunction(returning type: ValueType?) {
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
        private mutating func parseDeclarators(_ type: ValueType?, isAuto: Bool, typeAt: Int) {
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
        private mutating func convertFields(_ type: ValueType, _ arguments: [Value]) {
            if case .named(let structName) = type, let fields = structs[structName], fields.count == arguments.count {
                for (field, argument) in zip(fields, arguments) { convert(argument, to: field.type) }
            }
        }

        /// `{ a, b, … }` initialising a `type`: an array, vector, matrix, scalar or struct
        /// constructor (`vec3[2](…)`, `vec2(…)`), each element converted to its type, `prefix`
        /// before it (` = ` for `T x{…}`). `named`: the type is written already (`T{…}`), so the
        /// braces become parentheses. Empty braces are zero for a vector, matrix or scalar.
        private mutating func parseBraces(_ type: ValueType?, prefix: String = "", named: Bool = false) {
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

        private mutating func parseBlock() {
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
        private mutating func parseParenthesizedCondition() {
            guard accept("(") != nil else { return }
            condition(parseExpression(), bare: true)
            if accept(")") == nil { skipStatement() }
        }

        private mutating func parseStatement() {
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
        private mutating func parseDeclaration() {
            while Self.qualifiers.contains(peek()) { p += 1 }
            guard let (type, isAuto, at) = parseType() else {
                skipStatement()
                return
            }
            parseDeclarators(type, isAuto: isAuto, typeAt: at)
        }

        // MARK: - Expressions

        /// An expression with commas.
        private mutating func parseExpression() -> Value {
            var value = parseAssignment()
            while peek() == "," {
                p += 1
                let next = parseAssignment()
                value = Value(type: next.type, lo: value.lo, hi: next.isEmpty ? value.hi : next.hi)
            }
            return value
        }

        private static let assignments: Set<String> = ["=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="]

        private mutating func parseAssignment() -> Value {
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
        private func isPure(_ value: Value) -> Bool {
            guard !value.isEmpty else { return false }
            return !tokens[value.lo...value.hi].contains { $0.text == "(" || $0.text == "++" || $0.text == "--" || Self.assignments.contains($0.text) }
        }

        /// The `no` arm of `?:`, one level deeper: `a ? b : c ? d : e` nests.
        private mutating func parseNestedConditional() -> Value {
            defer { depth -= 1 }
            guard enter() else { return nothing }
            return parseConditional()
        }

        private mutating func parseConditional() -> Value {
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

        private static let precedence: [String: Int] = [
            "||": 1, "^^": 2, "&&": 3, "|": 4, "^": 5, "&": 6, "==": 7, "!=": 7,
            "<": 8, ">": 8, "<=": 8, ">=": 8, "<<": 9, ">>": 9, "+": 10, "-": 10, "*": 11, "/": 11, "%": 11,
        ]

        private mutating func parseBinary(_ minimum: Int) -> Value {
            var left = parseUnary()
            while let level = Self.precedence[peek()], level >= minimum {
                let at = take()
                let right = parseBinary(level + 1)
                left = combine(tokens[at].text, left, right, at: at)
            }
            return left
        }

        /// The value of `left op right`, with its operands converted as Metal converts them.
        private mutating func combine(_ op: String, _ leftValue: Value, _ rightValue: Value, at: Int) -> Value {
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
        private mutating func arithmetic(_ left: Value, _ right: Value) -> ValueType? {
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
        private mutating func compare(_ op: String, _ left: Value, _ right: Value, at: Int) -> Value {
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
        private mutating func operand(_ value: Value) -> Value {
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
        private mutating func condition(_ value: Value, bare: Bool) {
            guard !value.isEmpty, case .scalar(let scalar)? = value.type, scalar != .bool else { return }
            let open = (bare ? "" : "(") + (value.isPrimary ? "" : "(")
            wrap(value, open, (value.isPrimary ? "" : ")") + " != \(scalar.zero)" + (bare ? "" : ")"))
        }

        private mutating func refuse(_ value: Value, _ message: String) {
            guard failure == nil, value.lo < tokens.count else { return }
            let token = tokens[value.lo]
            failure = Failure(line: token.line, column: token.column, message: message)
        }

        /// The operand of a prefix operator, one level deeper: `- - x` and `!!b` nest.
        private mutating func parseNestedUnary() -> Value {
            defer { depth -= 1 }
            guard enter() else { return nothing }
            return parseUnary()
        }

        private mutating func parseUnary() -> Value {
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
        private func startsOperand(_ k: Int) -> Bool {
            guard p + k < significant.count else { return false }
            let token = tokens[significant[p + k]]
            return token.kind == .identifier || token.kind == .number || ["(", "-", "+", "!", "~"].contains(token.text)
        }

        private func isLiteral(_ value: Value) -> Bool {
            if case .literal = value.shape { return true } else { return false }
        }

        /// The type of a number as written: `2` int, `2u` uint, `2.0`, `.5`, `1e3` float.
        static func literalType(_ text: String) -> Scalar {
            let lower = text.lowercased()
            if lower.hasPrefix("0x") { return lower.hasSuffix("u") ? .uint : .int }
            if lower.contains(".") || lower.contains("e") { return .float }
            return lower.hasSuffix("u") ? .uint : .int
        }

        private mutating func parsePrimary() -> Value {
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

        /// `( arguments )`, each used as a value; returns them and the `)`'s token index.
        private mutating func parseArguments() -> ([Value], Int) {
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
        private mutating func parseCall(_ name: String, at: Int) -> Value {
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
        private static let samplingArguments: [String: [ValueType]] = [
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
        private mutating func sample(_ name: String, _ arguments: [Value], at: Int, close: Int) {
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
        private mutating func select(_ arguments: [Value], at: Int, close: Int) -> ValueType? {
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
        private mutating func callFunction(_ overloads: [Function], _ arguments: [Value]) -> ValueType? {
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
        private mutating func callBuiltin(_ builtin: Builtin, _ name: String, _ arguments: [Value]) -> ValueType? {
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
        private mutating func componentWise(_ name: String, _ arguments: [Value], floats: Bool, scalarAt: ScalarPositions) -> ValueType? {
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

        private mutating func parsePostfix(_ primary: Value) -> Value {
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
        private mutating func convert(_ value: Value, to target: ValueType) {
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

        private mutating func convertScalar(_ value: Value, from: Scalar, to: Scalar) {
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
}
