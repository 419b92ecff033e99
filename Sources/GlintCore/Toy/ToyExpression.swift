import Foundation

/// The arithmetic of ISF's `WIDTH` and `HEIGHT` expressions (`"$WIDTH/2"`,
/// `"floor($HEIGHT*0.25)"`): numbers, `$NAME` variables, `+ - * /`, parentheses, and the
/// functions `floor ceil round abs sqrt min max pow`.
///
/// Parentheses and function calls nest at most `maxDepth` deep: a file's expression never
/// takes the parser's recursion past a small, fixed stack. Signs (`--1`) are counted, not
/// recursed into, so any number of them is fine.
public enum ToyExpression {
    /// How deep parentheses and function calls may nest.
    public static let maxDepth = 64

    /// Why an expression has no value.
    public enum Failure: Error, Equatable, Sendable {
        /// It does not parse, or names an unknown variable or function.
        case malformed
        /// Its parentheses and calls nest deeper than `maxDepth`.
        case tooDeep
    }

    /// The value of `text` with `variables` (named without `$`), or nil when it does not parse,
    /// names an unknown variable or function, or nests deeper than `maxDepth`.
    public static func evaluate(_ text: String, variables: [String: Double]) -> Double? {
        try? value(of: text, variables: variables).get()
    }

    /// The value of `text` with `variables`, or why it has none.
    public static func value(of text: String, variables: [String: Double]) -> Result<Double, Failure> {
        var parser = Parser(characters: Array(text.unicodeScalars), variables: variables)
        let value = parser.sum()
        if parser.isTooDeep { return .failure(.tooDeep) }
        guard let value, parser.atEnd else { return .failure(.malformed) }
        return .success(value)
    }

    private struct Parser {
        let characters: [Unicode.Scalar]
        let variables: [String: Double]
        var i = 0
        /// How many parentheses and calls are open.
        var depth = 0
        /// Set when they nested past `maxDepth`: every level then gives up.
        var isTooDeep = false

        var atEnd: Bool {
            mutating get { skipSpace(); return i == characters.count }
        }

        mutating func skipSpace() {
            while i < characters.count, characters[i] == " " || characters[i] == "\t" { i += 1 }
        }

        mutating func take(_ c: Unicode.Scalar) -> Bool {
            skipSpace()
            guard i < characters.count, characters[i] == c else { return false }
            i += 1
            return true
        }

        /// Opens a level of nesting; false (and `isTooDeep`) past `maxDepth`.
        mutating func enter() -> Bool {
            guard depth < ToyExpression.maxDepth else {
                isTooDeep = true
                return false
            }
            depth += 1
            return true
        }

        mutating func sum() -> Double? {
            guard var value = product() else { return nil }
            while true {
                if take("+") { guard let r = product() else { return nil }; value += r }
                else if take("-") { guard let r = product() else { return nil }; value -= r }
                else { return value }
            }
        }

        mutating func product() -> Double? {
            guard var value = unary() else { return nil }
            while true {
                if take("*") { guard let r = unary() else { return nil }; value *= r }
                else if take("/") { guard let r = unary() else { return nil }; value /= r }
                else { return value }
            }
        }

        /// Any number of signs, then a primary: the signs are counted in a loop.
        mutating func unary() -> Double? {
            var negative = false
            while true {
                if take("-") { negative.toggle() }
                else if !take("+") { break }
            }
            return primary().map { negative ? -$0 : $0 }
        }

        mutating func name() -> String {
            var text = ""
            while i < characters.count, characters[i].properties.isAlphabetic || ("0"..."9").contains(characters[i]) || characters[i] == "_" {
                text.unicodeScalars.append(characters[i])
                i += 1
            }
            return text
        }

        func isDigit(_ k: Int) -> Bool { k < characters.count && ("0"..."9").contains(characters[k]) }

        /// A number: digits with a point, then an exponent (`1e19`, `2.5E-3`, `1e+19`).
        mutating func number() -> Double? {
            var text = ""
            while i < characters.count, isDigit(i) || characters[i] == "." {
                text.unicodeScalars.append(characters[i])
                i += 1
            }
            if i < characters.count, characters[i] == "e" || characters[i] == "E" {
                var k = i + 1
                if k < characters.count, characters[k] == "+" || characters[k] == "-" { k += 1 }
                if isDigit(k) {
                    while i < k { text.unicodeScalars.append(characters[i]); i += 1 }
                    while isDigit(i) { text.unicodeScalars.append(characters[i]); i += 1 }
                }
            }
            return Double(text)
        }

        mutating func primary() -> Double? {
            skipSpace()
            guard i < characters.count else { return nil }
            if take("(") {
                guard enter() else { return nil }
                defer { depth -= 1 }
                let value = sum()
                return take(")") ? value : nil
            }
            if take("$") {
                return variables[name()]
            }
            let c = characters[i]
            if ("0"..."9").contains(c) || c == "." {
                return number()
            }
            let function = name()
            guard !function.isEmpty, take("(") else { return variables[function] }
            guard enter() else { return nil }
            defer { depth -= 1 }
            var arguments: [Double] = []
            repeat {
                guard let a = sum() else { return nil }
                arguments.append(a)
            } while take(",")
            guard take(")") else { return nil }
            switch (function, arguments.count) {
            case ("floor", 1): return arguments[0].rounded(.down)
            case ("ceil", 1): return arguments[0].rounded(.up)
            case ("round", 1): return arguments[0].rounded()
            case ("abs", 1): return abs(arguments[0])
            case ("sqrt", 1): return arguments[0].squareRoot()
            case ("min", 2): return min(arguments[0], arguments[1])
            case ("max", 2): return max(arguments[0], arguments[1])
            case ("pow", 2): return Foundation.pow(arguments[0], arguments[1])
            default: return nil
            }
        }
    }
}
