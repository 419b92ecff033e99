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
        // The translator's types, by their short names in the files of the pass's extensions.
        typealias ValueType = MetalTranslator.ValueType
        typealias Scalar = MetalTranslator.Scalar
        typealias Builtin = MetalTranslator.Builtin
        typealias ScalarPositions = MetalTranslator.ScalarPositions
        typealias Token = MetalTranslator.Token
        typealias Failure = MetalTranslator.Failure

        /// The tokens, with operators of several characters merged (`+=`, `<<`, `&&`).
        let tokens: [Token]
        /// The indices of the tokens that are neither space, comments nor directives.
        let significant: [Int]
        /// Where the parser is, in `significant`.
        var p = 0

        // The edits, applied when rendering: by token index, each with its order of recording
        // (an expression's edits are recorded before those of any expression containing it).
        var order = 0
        var before: [Int: [(order: Int, text: String)]] = [:]
        var after: [Int: [(order: Int, text: String)]] = [:]
        var replaced: [Int: [(order: Int, text: String)]] = [:]
        var rewritten: [Int: [(order: Int, end: Int, pieces: [Piece])]] = [:]

        // What the file declares.
        var scopes: [[String: ValueType]] = [[:]]
        var functions: [String: [Function]] = [:]
        var structs: [String: [(name: String, type: ValueType)]] = [:]
        var returnType: ValueType?

        /// The first construct that cannot be translated.
        var failure: Failure?
        /// How many levels the parser is inside (`enter()`), at most `MetalTranslator.maxNesting`.
        var depth = 0

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
        mutating func enter() -> Bool {
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
        var nothing: Value { Value(type: nil, lo: tokens.count, hi: tokens.count - 1) }

        // MARK: - Tokens

        /// The operators of two and three characters.
        static let pairs: Set<String> = ["++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
                                                 "<=", ">=", "==", "!=", "&&", "||", "^^", "<<", ">>", "->"]
        static let triples: Set<String> = ["<<=", ">>="]

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

        var atEnd: Bool { p >= significant.count }

        /// The text of the significant token `k` ahead ("" past the end).
        func peek(_ k: Int = 0) -> String {
            p + k < significant.count && p + k >= 0 ? tokens[significant[p + k]].text : ""
        }

        /// Whether the significant token `k` ahead is a name.
        func isName(_ k: Int = 0) -> Bool {
            p + k < significant.count && tokens[significant[p + k]].kind == .identifier
        }

        /// The token index of the significant token `k` ahead (the end of the tokens past the last).
        func index(_ k: Int = 0) -> Int {
            guard p + k >= 0 else { return 0 }
            return p + k < significant.count ? significant[p + k] : tokens.count
        }

        /// Takes the next significant token, returning its token index.
        mutating func take() -> Int {
            let i = index()
            p += 1
            return i
        }

        /// Takes `text` if it is next; returns its token index.
        @discardableResult
        mutating func accept(_ text: String) -> Int? {
            guard peek() == text else { return nil }
            return take()
        }

        /// Skips to the end of a statement or declaration that cannot be followed: past the next `;`
        /// (or a `}` closing a block opened in it), stopping before a `}` it did not open (a stray
        /// `)` or `]` is skipped with the rest).
        mutating func skipStatement() {
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
        mutating func endStatement() {
            if accept(";") == nil { skipStatement() }
        }

        // MARK: - Edits

        mutating func nextOrder() -> Int {
            order += 1
            return order
        }

        /// Writes `prefix` before and `suffix` after `value`.
        mutating func wrap(_ value: Value, _ prefix: String, _ suffix: String) {
            guard !value.isEmpty else { return }
            let o = nextOrder()
            if !prefix.isEmpty { before[value.lo, default: []].append((o, prefix)) }
            if !suffix.isEmpty { after[value.hi, default: []].append((o, suffix)) }
        }

        /// Writes `text` instead of the token at `index`.
        mutating func replace(_ index: Int, with text: String) {
            replaced[index, default: []].append((nextOrder(), text))
        }

        /// Writes `pieces` instead of the tokens `lo...hi`, followed by the newlines they held.
        mutating func rewrite(_ lo: Int, _ hi: Int, _ pieces: [Piece]) {
            guard lo <= hi else { return }
            rewritten[lo, default: []].append((nextOrder(), hi, pieces))
        }

        /// The tokens `lo...hi` with the edits recorded up to `limit`; `flat`: on one line, comments
        /// and newlines as spaces (for a copy).
        func render(_ lo: Int, _ hi: Int, limit: Int, flat: Bool) -> String {
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

        static let qualifiers: Set<String> = ["const", "uniform", "in", "out", "inout", "flat", "smooth", "noperspective",
                                                      "centroid", "highp", "mediump", "lowp", "invariant", "precise"]

        /// The type a name spells, if it is one (`auto` is not).
        func typeNamed(_ name: String) -> ValueType? {
            if let type = ValueType(glsl: name) { return type }
            return structs[name] != nil ? .named(name) : nil
        }

        func lookUp(_ name: String) -> ValueType? {
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

        mutating func declare(_ name: String, _ type: ValueType?) {
            scopes[scopes.count - 1][name] = type
        }

        /// Takes a type (`vec2`, a struct's name, `float[3]`, `auto`) if one is next. `isAuto` is set
        /// for `auto`, whose type the initialiser gives.
        mutating func parseType() -> (type: ValueType?, isAuto: Bool, at: Int)? {
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
        func isDeclarationStart() -> Bool {
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
    }
}
