import Foundation
import Synchronization

/// The text of a `Text` written as a literal, as SwiftUI's `LocalizedStringKey`: what makes
/// `Text("\(value, specifier: "%.2f")")` and `Text("\(date, format: .dateTime.hour())")` work.
/// Glint has no string tables, so the key is the text itself.
public struct LocalizedStringKey: Equatable, Sendable, ExpressibleByStringInterpolation {
    let text: String

    public init(_ value: String) { text = value }
    public init(stringLiteral value: String) { text = value }
    public init(stringInterpolation: StringInterpolation) { text = stringInterpolation.text }

    /// The pieces of an interpolated literal, with SwiftUI's `specifier:` and `format:`.
    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""

        public init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + 8 * interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) { text += literal }

        public mutating func appendInterpolation(_ string: String) { text += string }

        public mutating func appendInterpolation<T>(_ value: T) { text += String(describing: value) }

        /// A number through a printf-style format, as SwiftUI's `specifier:` ("%.2f", "%d", "%05.1f").
        /// A format that is not one conversion fitting the value is written as the value is, and
        /// said once on standard error.
        public mutating func appendInterpolation<T: BinaryFloatingPoint & CVarArg>(_ value: T, specifier: String) {
            text += NumberSpecifier.format(Double(value), specifier)
        }

        public mutating func appendInterpolation<T: BinaryInteger & CVarArg>(_ value: T, specifier: String) {
            text += NumberSpecifier.format(value, specifier)
        }

        /// A value through a format style, as `Text("\(x, format: .number.precision(.fractionLength(2)))")`.
        public mutating func appendInterpolation<F: FormatStyle>(_ value: F.FormatInput, format: F) where F.FormatOutput == String {
            text += format.format(value)
        }

        /// Another text's string, as SwiftUI interpolates a `Text` into a `Text`.
        public mutating func appendInterpolation(_ other: Text) { text += other.string }
    }
}

/// printf-style formats of one number, checked before `String(format:)` sees them: a format
/// that does not fit would read the wrong argument (or crash), so it is refused instead.
enum NumberSpecifier {
    enum Kind { case floating, integer }

    /// The conversion of `specifier` when it is exactly one `%[flags][width][.precision][length]conv`
    /// (with any literal text and `%%` around it); nil otherwise.
    static func kind(of specifier: String) -> Kind? {
        let chars = Array(specifier.utf8)
        var found: Kind?
        var i = 0
        while i < chars.count {
            guard chars[i] == UInt8(ascii: "%") else { i += 1; continue }
            i += 1
            guard i < chars.count else { return nil }
            if chars[i] == UInt8(ascii: "%") { i += 1; continue }
            guard found == nil else { return nil }  // a second conversion would read a missing argument
            while i < chars.count, "-+ #0'".utf8.contains(chars[i]) { i += 1 }
            while i < chars.count, chars[i] >= UInt8(ascii: "0"), chars[i] <= UInt8(ascii: "9") { i += 1 }
            if i < chars.count, chars[i] == UInt8(ascii: ".") {
                i += 1
                while i < chars.count, chars[i] >= UInt8(ascii: "0"), chars[i] <= UInt8(ascii: "9") { i += 1 }
            }
            var long = 0
            while i < chars.count, chars[i] == UInt8(ascii: "l") { long += 1; i += 1 }
            guard i < chars.count, long <= 2 else { return nil }
            switch chars[i] {
            case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "g"), UInt8(ascii: "G"),
                 UInt8(ascii: "a"), UInt8(ascii: "A"):
                guard long == 0 else { return nil }
                found = .floating
            case UInt8(ascii: "d"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "o"):
                found = .integer
            default:
                return nil
            }
            i += 1
        }
        return found
    }

    static func format(_ value: Double, _ specifier: String) -> String {
        switch kind(of: specifier) {
        case .floating: return String(format: specifier, value)
        case .integer where value.isFinite && abs(value) < 9e18:
            return String(format: integerSpecifier(specifier), Int64(value.rounded(.towardZero)))
        default: return refused(specifier, String(describing: value))
        }
    }

    static func format<T: BinaryInteger>(_ value: T, _ specifier: String) -> String {
        switch kind(of: specifier) {
        case .integer:
            guard let wide = Int64(exactly: value) else { return refused(specifier, String(describing: value)) }
            return String(format: integerSpecifier(specifier), wide)
        case .floating: return String(format: specifier, Double(value))
        case nil: return refused(specifier, String(describing: value))
        }
    }

    /// The integer conversion widened to 64 bits (`%d` → `%lld`), as the argument is an `Int64`.
    static func integerSpecifier(_ specifier: String) -> String {
        var out = ""
        var inConversion = false
        for c in specifier {
            if inConversion, "diuxXo".contains(c) {
                out += "ll"
                inConversion = false
            } else if inConversion, c == "l" {
                continue
            } else if c == "%" {
                inConversion.toggle()
            }
            out.append(c)
        }
        return out
    }

    private static let warned = Mutex<Set<String>>([])

    static func refused(_ specifier: String, _ plain: String) -> String {
        let first = warned.withLock { $0.insert(specifier).inserted }
        if first {
            FileHandle.standardError.write(Data("glint: Text specifier '\(specifier)' is not one number format (like %.2f or %d); the value is shown as it is\n".utf8))
        }
        return plain
    }
}

extension Text {
    /// A literal's text, with SwiftUI's interpolations (`specifier:`, `format:`): the form a
    /// string literal takes, as in SwiftUI.
    public init(_ key: LocalizedStringKey) { self.init(verbatim: key.text) }
}
