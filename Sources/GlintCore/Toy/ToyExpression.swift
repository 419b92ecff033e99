import Foundation

/// The arithmetic of ISF's `WIDTH` and `HEIGHT` expressions (`"$WIDTH/2"`,
/// `"floor($HEIGHT*0.25)"`): numbers, `$NAME` variables, `+ - * /`, parentheses, and the
/// functions `floor ceil round abs sqrt min max pow`.
public enum ToyExpression {
    /// The value of `text` with `variables` (named without `$`), or nil when it does not parse
    /// or names an unknown variable or function.
    public static func evaluate(_ text: String, variables: [String: Double]) -> Double? {
        var parser = Parser(characters: Array(text.unicodeScalars), variables: variables)
        guard let value = parser.sum(), parser.atEnd else { return nil }
        return value
    }

    private struct Parser {
        let characters: [Unicode.Scalar]
        let variables: [String: Double]
        var i = 0

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

        mutating func unary() -> Double? {
            if take("-") { return unary().map { -$0 } }
            if take("+") { return unary() }
            return primary()
        }

        mutating func name() -> String {
            var text = ""
            while i < characters.count, characters[i].properties.isAlphabetic || ("0"..."9").contains(characters[i]) || characters[i] == "_" {
                text.unicodeScalars.append(characters[i])
                i += 1
            }
            return text
        }

        mutating func primary() -> Double? {
            skipSpace()
            guard i < characters.count else { return nil }
            if take("(") {
                let value = sum()
                return take(")") ? value : nil
            }
            if take("$") {
                return variables[name()]
            }
            let c = characters[i]
            if ("0"..."9").contains(c) || c == "." {
                var text = ""
                while i < characters.count, ("0"..."9").contains(characters[i]) || characters[i] == "." || characters[i] == "e" {
                    text.unicodeScalars.append(characters[i])
                    i += 1
                }
                return Double(text)
            }
            let function = name()
            guard !function.isEmpty, take("(") else { return variables[function] }
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
