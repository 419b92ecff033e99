/// How deep the expressions of a GLSL source nest, measured before the driver's compiler sees
/// them: Mesa's compiler walks an expression's tree recursively, so a long enough chain of
/// operators (`a + b + c + …`, 12,500 terms on an 8 MiB stack; `v.yx.yx…`) overflows its stack
/// and takes the process down, where a program can only stop it beforehand (`Program.compile`).
///
/// The depth of an expression is that of its tree, the way a compiler parses it: `a + b * c` is
/// 2 deep, `a + b + c + d` 3 (left to right), `f(g(x))` 2, `v.x` 1 more than `v`. It is read in one
/// pass with an operator stack per parenthesis, no recursion, so the check itself cannot
/// overflow. A macro is counted as what it expands to: every operator of its body (and of the
/// macros that body names) added to the statement that uses it, times how often a function-like
/// macro repeats its argument (`#define TWICE(x) (x + x)`), so a macro cannot hide a chain.
public enum ExpressionDepth {
    /// The deepest statement of a source: its depth, and the line and source string it starts
    /// on, as `#line` directives number them (what a driver's message would say).
    public struct Deepest: Equatable, Sendable {
        public var depth = 0
        public var line = 1
        public var string = 0
    }

    /// The deepest statement of `source`, a GLSL shader as it is handed to the driver.
    public static func deepest(in source: String) -> Deepest {
        var scanner = Scanner(Array(source.utf8))
        scanner.run()
        return scanner.deepest
    }

    /// Depths are counted up to this, so no sum or product can overflow.
    static let cap = 1 << 40

    static func add(_ a: Int, _ b: Int) -> Int { min(cap, a + b) }
    static func multiply(_ a: Int, _ b: Int) -> Int { a == 0 || b == 0 ? 0 : (a > cap / b ? cap : min(cap, a * b)) }

    /// A `#define`: its body's operators and the names it uses, and for a function-like macro
    /// how often its most used parameter appears.
    struct Macro {
        var operators = 0
        var names: [String] = []
        var repeats = 1
        var isFunction = false
    }

    /// A binary or prefix operator waiting on the operator stack.
    struct Pending {
        var precedence: Int
        var isRightToLeft: Bool
        var isPrefix: Bool
    }

    /// What a parenthesis or bracket holds, and what closing it makes.
    struct Frame {
        enum Kind { case statement, group, call, macroCall(String), index }
        var kind: Kind
        var operands: [Int] = []
        var operators: [Pending] = []
        /// The deepest argument (a call's, a macro's) or part separated by commas so far.
        var widest = 0
        /// Operators macros used in it add, beyond its tree.
        var expanded = 0
        /// Whether the last token ended an operand (so `-` next is binary, `(` a call).
        var afterOperand = false
    }

    struct Scanner {
        let text: [UInt8]
        var at = 0
        var line = 1
        var string = 0
        var deepest = Deepest()
        var frames = [Frame(kind: .statement)]
        var statementLine = 1
        var statementString = 0
        var macros: [String: Macro] = [:]
        var weights: [String: Int] = [:]

        init(_ text: [UInt8]) { self.text = text }

        mutating func run() {
            var lineStart = true
            while at < text.count {
                let c = text[at]
                if c == UInt8(ascii: "\n") { line += 1; at += 1; lineStart = true; continue }
                if c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\r") { at += 1; continue }
                if c == UInt8(ascii: "#") && lineStart { directive(); continue }
                lineStart = false
                if c == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "/") {
                    while at < text.count && text[at] != UInt8(ascii: "\n") { at += 1 }
                    continue
                }
                if c == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "*") {
                    at += 2
                    while at < text.count && !(text[at] == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/")) {
                        if text[at] == UInt8(ascii: "\n") { line += 1 }
                        at += 1
                    }
                    at = min(text.count, at + 2)
                    continue
                }
                if isIdentifierStart(c) { identifier(); continue }
                if isDigit(c) || (c == UInt8(ascii: ".") && peek(1).map(isDigit) == true) { number(); continue }
                punctuation()
            }
            endStatement()
        }

        func peek(_ offset: Int) -> UInt8? { at + offset < text.count ? text[at + offset] : nil }
        func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
        func isIdentifierStart(_ c: UInt8) -> Bool { (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z") || c == UInt8(ascii: "_") }
        func isIdentifier(_ c: UInt8) -> Bool { isIdentifierStart(c) || isDigit(c) }

        // MARK: Directives

        /// A preprocessor line, continued by `\`: `#line` renumbers, `#define` records a macro.
        mutating func directive() {
            var bytes: [UInt8] = []
            at += 1
            var lines = 0
            while at < text.count && text[at] != UInt8(ascii: "\n") {
                if text[at] == UInt8(ascii: "\\") && peek(1) == UInt8(ascii: "\n") { at += 2; lines += 1; bytes.append(UInt8(ascii: " ")); continue }
                bytes.append(text[at])
                at += 1
            }
            let words = String(decoding: bytes, as: UTF8.self)
            let trimmed = words.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("line") {
                let parts = trimmed.dropFirst(4).split { $0 == " " || $0 == "\t" || $0 == "\r" }
                if let number = parts.first.flatMap({ Int($0) }), number >= 0 {
                    line = number - 1 - lines
                    string = parts.count > 1 ? Int(parts[1]) ?? string : string
                }
            } else if trimmed.hasPrefix("define") {
                define(Array(trimmed.dropFirst(6).utf8))
            }
            line += lines
        }

        /// `NAME body` or `NAME(a, b) body`.
        mutating func define(_ bytes: [UInt8]) {
            var i = 0
            while i < bytes.count && (bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t")) { i += 1 }
            let nameStart = i
            while i < bytes.count && isIdentifier(bytes[i]) { i += 1 }
            guard i > nameStart else { return }
            let name = String(decoding: bytes[nameStart..<i], as: UTF8.self)
            var macro = Macro()
            var parameters: [String] = []
            if i < bytes.count && bytes[i] == UInt8(ascii: "(") {
                macro.isFunction = true
                guard let close = bytes[i...].firstIndex(of: UInt8(ascii: ")")) else { return }
                parameters = String(decoding: bytes[(i + 1)..<close], as: UTF8.self).split(separator: ",").map { $0.filter { !$0.isWhitespace } }
                i = close + 1
            }
            var uses: [String: Int] = [:]
            var j = i
            while j < bytes.count {
                let c = bytes[j]
                if isIdentifierStart(c) {
                    let start = j
                    while j < bytes.count && isIdentifier(bytes[j]) { j += 1 }
                    let word = String(decoding: bytes[start..<j], as: UTF8.self)
                    if parameters.contains(word) { uses[word, default: 0] += 1 } else { macro.names.append(word) }
                    continue
                }
                if isDigit(c) {
                    while j < bytes.count && (isIdentifier(bytes[j]) || bytes[j] == UInt8(ascii: ".")) { j += 1 }
                    continue
                }
                if Self.operatorCharacters.contains(c) { macro.operators += 1 }
                j += 1
            }
            macro.repeats = max(1, uses.values.max() ?? 1)
            macros[name] = macro
            weights.removeAll(keepingCapacity: true)
        }

        /// The characters an operator is made of; each counts as one in a macro's body (`+=` as
        /// two: a macro's count may only be too high).
        static let operatorCharacters: Set<UInt8> = Set("+-*/%<>=!&|^~?:.".utf8)

        /// The operators `name` expands to: its body's, and for each time the body names a
        /// macro, that macro's (a macro met again while it is being expanded counts nothing more,
        /// as the preprocessor does not expand it again). Depth first with a stack of its own, so
        /// a long chain of macros cannot overflow this one.
        mutating func weight(of name: String) -> Int {
            if let known = weights[name] { return known }
            var visiting: Set<String> = [name]
            var stack: [(name: String, next: Int, total: Int)] = [(name, 0, macros[name]?.operators ?? 0)]
            while let frame = stack.last {
                let names = macros[frame.name]?.names ?? []
                if frame.next < names.count {
                    stack[stack.count - 1].next += 1
                    let used = names[frame.next]
                    if let known = weights[used] {
                        stack[stack.count - 1].total = ExpressionDepth.add(frame.total, known)
                    } else if let macro = macros[used], visiting.insert(used).inserted {
                        stack.append((used, 0, macro.operators))
                    }
                    continue
                }
                stack.removeLast()
                visiting.remove(frame.name)
                weights[frame.name] = frame.total
                if !stack.isEmpty { stack[stack.count - 1].total = ExpressionDepth.add(stack[stack.count - 1].total, frame.total) }
            }
            return weights[name] ?? 0
        }

        // MARK: Tokens

        mutating func identifier() {
            let start = at
            while at < text.count && isIdentifier(text[at]) { at += 1 }
            guard !macros.isEmpty else { return operand(1) }
            let word = String(decoding: text[start..<at], as: UTF8.self)
            if let macro = macros[word] {
                if macro.isFunction {
                    if nextSignificant() == UInt8(ascii: "(") {
                        operand(1)
                        skipToSignificant()
                        at += 1
                        frames.append(Frame(kind: .macroCall(word)))
                        return
                    }
                } else {
                    operand(1)
                    frames[frames.count - 1].expanded = ExpressionDepth.add(frames[frames.count - 1].expanded, weight(of: word))
                    return
                }
            }
            operand(1)
        }

        mutating func number() {
            while at < text.count {
                let c = text[at]
                let isSign = (c == UInt8(ascii: "+") || c == UInt8(ascii: "-")) && at > 0 && (text[at - 1] | 0x20) == UInt8(ascii: "e")
                guard isIdentifier(c) || c == UInt8(ascii: ".") || isSign else { break }
                at += 1
            }
            operand(1)
        }

        /// The next character that is not a space, without moving.
        func nextSignificant() -> UInt8? {
            var i = at
            while i < text.count, text[i] == UInt8(ascii: " ") || text[i] == UInt8(ascii: "\t") || text[i] == UInt8(ascii: "\r") || text[i] == UInt8(ascii: "\n") { i += 1 }
            return i < text.count ? text[i] : nil
        }

        mutating func skipToSignificant() {
            while at < text.count, text[at] == UInt8(ascii: " ") || text[at] == UInt8(ascii: "\t") || text[at] == UInt8(ascii: "\r") || text[at] == UInt8(ascii: "\n") {
                if text[at] == UInt8(ascii: "\n") { line += 1 }
                at += 1
            }
        }

        /// An operand of `depth`; after another operand it starts a new expression (a type and
        /// a name, `return x`, `if (…) x`).
        mutating func operand(_ depth: Int) {
            if frames.count == 1 && frames[0].operands.isEmpty && frames[0].operators.isEmpty && frames[0].widest == 0 {
                statementLine = line
                statementString = string
            }
            if frames[frames.count - 1].afterOperand { separate() }
            frames[frames.count - 1].operands.append(depth)
            frames[frames.count - 1].afterOperand = true
        }

        mutating func punctuation() {
            let c = text[at]
            let next = peek(1)
            let top = frames.count - 1
            switch c {
            case UInt8(ascii: "("):
                at += 1
                frames.append(Frame(kind: frames[top].afterOperand ? .call : .group))
            case UInt8(ascii: "["):
                at += 1
                frames.append(Frame(kind: .index))
            case UInt8(ascii: ")"), UInt8(ascii: "]"):
                at += 1
                close()
            case UInt8(ascii: ","):
                at += 1
                separate()
            case UInt8(ascii: ";"):
                at += 1
                if frames.count > 1 { separate() } else { endStatement() }
            case UInt8(ascii: "{"), UInt8(ascii: "}"):
                at += 1
                while frames.count > 1 { close() }
                endStatement()
            case UInt8(ascii: "."):
                at += 1
                // A field or swizzle: one more level on the operand before it; its name is not another operand.
                if let last = frames[top].operands.indices.last { frames[top].operands[last] = ExpressionDepth.add(frames[top].operands[last], 1) }
                while at < text.count && (text[at] == UInt8(ascii: " ") || text[at] == UInt8(ascii: "\t")) { at += 1 }
                while at < text.count && isIdentifier(text[at]) { at += 1 }
            default:
                let two = next.map { [c, $0] } ?? [c]
                let (length, precedence, rightToLeft) = Self.binary(two)
                if (c == UInt8(ascii: "+") || c == UInt8(ascii: "-")) && next == c {
                    // ++ or --: after an operand one more level on it, before one a prefix.
                    at += 2
                    if frames[top].afterOperand, let last = frames[top].operands.indices.last {
                        frames[top].operands[last] = ExpressionDepth.add(frames[top].operands[last], 1)
                    } else {
                        frames[top].operators.append(Pending(precedence: Self.prefixPrecedence, isRightToLeft: true, isPrefix: true))
                    }
                } else if !frames[top].afterOperand && (c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: "!") || c == UInt8(ascii: "~")) {
                    at += 1
                    frames[top].operators.append(Pending(precedence: Self.prefixPrecedence, isRightToLeft: true, isPrefix: true))
                } else if length > 0 {
                    at += length
                    reduce(above: precedence, rightToLeft: rightToLeft)
                    frames[frames.count - 1].operators.append(Pending(precedence: precedence, isRightToLeft: rightToLeft, isPrefix: false))
                    frames[frames.count - 1].afterOperand = false
                } else {
                    at += 1  // a character GLSL has no use for here: the driver will say
                }
            }
        }

        static let prefixPrecedence = 14

        /// The binary operator at the start of `bytes`: its length (0 for none), precedence
        /// (higher binds tighter) and whether it groups right to left.
        static func binary(_ bytes: [UInt8]) -> (Int, Int, Bool) {
            let pair = String(decoding: bytes, as: UTF8.self)
            switch pair {
            case "<<", ">>": return (2, 10, false)
            case "<=", ">=": return (2, 9, false)
            case "==", "!=": return (2, 8, false)
            case "&&": return (2, 4, false)
            case "^^": return (2, 3, false)
            case "||": return (2, 2, false)
            case "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=": return (2, 0, true)
            default: break
            }
            switch bytes[0] {
            case UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "%"): return (1, 12, false)
            case UInt8(ascii: "+"), UInt8(ascii: "-"): return (1, 11, false)
            case UInt8(ascii: "<"), UInt8(ascii: ">"): return (1, 9, false)
            case UInt8(ascii: "&"): return (1, 7, false)
            case UInt8(ascii: "^"): return (1, 6, false)
            case UInt8(ascii: "|"): return (1, 5, false)
            case UInt8(ascii: "?"), UInt8(ascii: ":"): return (1, 1, true)
            case UInt8(ascii: "="): return (1, 0, true)
            default: return (0, 0, false)
            }
        }

        /// Applies the waiting operators that bind tighter than one of `precedence`.
        mutating func reduce(above precedence: Int, rightToLeft: Bool) {
            let top = frames.count - 1
            while let last = frames[top].operators.last,
                  last.precedence > precedence || (last.precedence == precedence && !rightToLeft) {
                frames[top].operators.removeLast()
                let right = frames[top].operands.popLast() ?? 0
                if last.isPrefix {
                    frames[top].operands.append(ExpressionDepth.add(right, 1))
                } else {
                    let left = frames[top].operands.popLast() ?? 0
                    frames[top].operands.append(ExpressionDepth.add(max(left, right), 1))
                }
            }
        }

        /// The depth of the innermost frame's current expression, which is then empty again.
        mutating func finish() -> Int {
            reduce(above: -1, rightToLeft: false)
            let top = frames.count - 1
            let depth = frames[top].operands.max() ?? 0
            frames[top].operands.removeAll(keepingCapacity: true)
            frames[top].afterOperand = false
            return depth
        }

        /// A comma, or a new expression after an operand: the one before is done.
        mutating func separate() {
            let depth = finish()
            let top = frames.count - 1
            frames[top].widest = max(frames[top].widest, depth)
        }

        /// `)` or `]`: what the innermost frame held becomes an operand of the one around it.
        mutating func close() {
            guard frames.count > 1 else { return }  // an unmatched one: the driver will say
            separate()
            let inner = frames.removeLast()
            let top = frames.count - 1
            frames[top].expanded = ExpressionDepth.add(frames[top].expanded, inner.expanded)
            switch inner.kind {
            case .group:
                frames[top].operands.append(inner.widest)
            case .call:
                // The function's name is the operand before: the call is one deeper than its deepest argument.
                if let last = frames[top].operands.indices.last { frames[top].operands[last] = ExpressionDepth.add(inner.widest, 1) }
            case .index:
                if let last = frames[top].operands.indices.last {
                    frames[top].operands[last] = ExpressionDepth.add(max(frames[top].operands[last], inner.widest), 1)
                }
            case .macroCall(let name):
                // Spliced in where it stands: its arguments as often as the body repeats them, and the body's operators.
                let arguments = ExpressionDepth.multiply(ExpressionDepth.add(inner.widest, inner.expanded), macros[name]?.repeats ?? 1)
                frames[top].expanded = ExpressionDepth.add(frames[top].expanded, ExpressionDepth.add(arguments, weight(of: name)))
            case .statement:
                break
            }
            frames[top].afterOperand = true
        }

        mutating func endStatement() {
            while frames.count > 1 { close() }
            separate()
            let depth = ExpressionDepth.add(frames[0].widest, frames[0].expanded)
            if depth > deepest.depth { deepest = Deepest(depth: depth, line: statementLine, string: statementString) }
            frames[0] = Frame(kind: .statement)
        }
    }
}
