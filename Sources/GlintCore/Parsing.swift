/// A bad value on the command line or in an input script: one line that names the bad token.
public struct InputError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Parsers for the values `glint` takes; each error names the offending token.
public enum Parse {
    /// `1280x720` (points). Both sides positive whole numbers up to 16384.
    public static func size(_ text: String) throws(InputError) -> Size {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
            throw InputError("bad size '\(text)': expected WIDTHxHEIGHT in points, like 1280x720")
        }
        guard (1...16384).contains(w), (1...16384).contains(h) else {
            throw InputError("bad size '\(text)': width and height must be between 1 and 16384")
        }
        return Size(width: Double(w), height: Double(h))
    }

    /// A finite number of seconds, at least 0 and at most a day.
    public static func time(_ text: String) throws(InputError) -> Double {
        guard let t = Double(text), t.isFinite else {
            throw InputError("bad time '\(text)': expected a number of seconds, like 2.5")
        }
        guard t >= 0, t <= 86_400 else {
            throw InputError("bad time '\(text)': must be between 0 and 86400 seconds")
        }
        return t
    }

    /// A scale factor (pixels per point) between 0.25 and 8.
    public static func scale(_ text: String) throws(InputError) -> Double {
        guard let s = Double(text), s.isFinite, s >= 0.25, s <= 8 else {
            throw InputError("bad scale '\(text)': expected pixels per point between 0.25 and 8, like 2")
        }
        return s
    }

    /// A number as the command line writes it (`60`, `0.9`): how option defaults read from a
    /// declaration are shown and parsed back.
    public static func text(_ value: Double) -> String {
        formatNumber(value)
    }

    /// A number for `option`, within `range`.
    public static func number(_ text: String, for option: String, in range: ClosedRange<Double>, unit: String = "") throws(InputError) -> Double {
        let bounds = "\(formatNumber(range.lowerBound))…\(formatNumber(range.upperBound))\(unit.isEmpty ? "" : " " + unit)"
        guard let v = Double(text), v.isFinite else {
            throw InputError("bad \(option) '\(text)': expected a number in \(bounds)")
        }
        guard range.contains(v) else {
            throw InputError("bad \(option) '\(text)': must be in \(bounds)")
        }
        return v
    }

    /// A tear direction: any, vertical or horizontal.
    public static func cutDirection(_ text: String) throws(InputError) -> CutDirection {
        guard let d = CutDirection(rawValue: text.lowercased()) else {
            throw InputError("bad cut direction '\(text)': expected \(CutDirection.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return d
    }

    /// A colour: `#RRGGBB`, `RRGGBB`, `#RGB`, a CSS colour name (`magenta`, `rebeccapurple`), one of
    /// SwiftUI's system colours written as in Swift (`.indigo`, `.mint`: their light-mode values), or
    /// `dark` (Glint's near-black). Names ignore case, spaces, hyphens and underscores.
    public static func color(_ text: String) throws(InputError) -> Color {
        if let named = NamedColors.color(named: text) { return named }
        var hex = Substring(text)
        if hex.hasPrefix("#") { hex = hex.dropFirst() }
        let digits = hex.compactMap { $0.hexDigitValue }
        guard digits.count == hex.count, digits.count == 6 || digits.count == 3 else {
            throw InputError("bad colour '\(text)': expected #RRGGBB, #RGB, a CSS colour name (magenta, orange, …), a SwiftUI colour (.indigo, .mint, …) or dark")
        }
        let channels: [Int] = digits.count == 6
            ? [digits[0] * 16 + digits[1], digits[2] * 16 + digits[3], digits[4] * 16 + digits[5]]
            : [digits[0] * 17, digits[1] * 17, digits[2] * 17]
        return Color(red: Float(channels[0]) / 255, green: Float(channels[1]) / 255, blue: Float(channels[2]) / 255)
    }

    /// The farthest a pointer event may lie from the view's origin, in points: far beyond any view
    /// (at most 16384 points a side), near enough that every computation on it stays finite.
    public static let maxPointerCoordinate = 1_000_000.0 // points

    /// The latest time a pointer event may have, as for `--time`.
    public static let maxEventTime = 86_400.0 // seconds

    /// Pointer events: `TIME PHASE X Y`, separated by `;` or new lines; `#` starts a comment.
    /// Times in seconds (0…86400), positions in points from the top-left (±1000000); times must not
    /// go backwards. A number with a control character in it is refused whole, so a NUL byte
    /// cannot hide the rest of a token (`30<NUL>junk` is not 30).
    public static func events(_ text: String) throws(InputError) -> [PointerEvent] {
        var events: [PointerEvent] = []
        var lineNumber = 0
        // LF, CRLF (one Character in Swift) and a lone CR all end a line.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        for rawLine in lines {
            lineNumber += 1
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            for rawEvent in line.split(separator: ";") {
                let tokens = rawEvent.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," })
                if tokens.isEmpty { continue }
                let whereText = lines.count > 1 ? " on line \(lineNumber)" : ""
                let eventText = tokens.joined(separator: " ")
                guard tokens.count == 4 else {
                    throw InputError("bad event '\(eventText)'\(whereText): expected TIME down|move|up X Y, like '0.5 down 640 360'")
                }
                guard let t = plainNumber(tokens[0]), t.isFinite, t >= 0, t <= maxEventTime else {
                    throw InputError("bad time '\(tokens[0])' in event '\(eventText)'\(whereText): expected seconds from 0 to \(formatNumber(maxEventTime))")
                }
                guard let phase = PointerPhase(rawValue: tokens[1].lowercased()), phase != .cancel else {
                    throw InputError("bad pointer action '\(tokens[1])' in event '\(eventText)'\(whereText): expected down, move or up")
                }
                let limit = formatNumber(maxPointerCoordinate)
                guard let x = plainNumber(tokens[2]), x.isFinite, abs(x) <= maxPointerCoordinate else {
                    throw InputError("bad x '\(tokens[2])' in event '\(eventText)'\(whereText): expected points from the left, -\(limit) to \(limit)")
                }
                guard let y = plainNumber(tokens[3]), y.isFinite, abs(y) <= maxPointerCoordinate else {
                    throw InputError("bad y '\(tokens[3])' in event '\(eventText)'\(whereText): expected points from the top, -\(limit) to \(limit)")
                }
                if let last = events.last, t < last.time {
                    throw InputError("bad time '\(tokens[0])' in event '\(eventText)'\(whereText): events must be in time order (previous was at \(formatNumber(last.time)))")
                }
                events.append(PointerEvent(phase, Point(x: x, y: y), at: t))
            }
        }
        return events
    }

    /// `text` with every line ending in LF: CR LF (Windows) and a lone CR (classic Mac OS) become
    /// LF, so a line of a file is one line however its editor ended it.
    public static func unixLineEndings(_ text: String) -> String {
        guard text.utf8.contains(13) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var afterCR = false
        for byte in text.utf8 {
            if byte == 10 && afterCR { afterCR = false; continue }
            afterCR = byte == 13
            bytes.append(afterCR ? 10 : byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The number `token` spells, or nil when it spells none or holds a control character (the C
    /// library's parser behind `Double(_:)` stops at a NUL and would read `30<NUL>junk` as 30).
    static func plainNumber(_ token: some StringProtocol) -> Double? {
        guard !token.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return nil }
        return Double(String(token))
    }

    /// `name=value` for one of `descriptor`'s parameters, checked against its range; the first
    /// component of a parameter of several.
    public static func parameter(_ text: String, for descriptor: EffectDescriptor) throws(InputError) -> (String, Double) {
        let (name, values) = try parameterValues(text, for: descriptor)
        return (name, values[0])
    }

    /// `name=value` for one of `descriptor`'s parameters of any kind, each component checked
    /// against its range: a number; a whole number; `true` or `false` (`on`, `off`, 1, 0) for a
    /// toggle; `x,y` for a point; numbers separated by commas for a vector; a colour as
    /// `UniformAnnotations.color` reads one.
    public static func parameterValues(_ text: String, for descriptor: EffectDescriptor) throws(InputError) -> (String, [Double]) {
        guard !descriptor.parameters.isEmpty else {
            throw InputError("bad parameter '\(text)': \(descriptor.name) takes no parameters")
        }
        let valid = descriptor.parameters.map(\.usage).joined(separator: "; ")
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else {
            throw InputError("bad parameter '\(text)': expected name=value; \(descriptor.name) takes \(valid)")
        }
        let name = String(parts[0])
        guard let p = descriptor.parameters.first(where: { $0.name == name }) else {
            throw InputError("unknown parameter '\(name)' for \(descriptor.name); it takes \(valid)")
        }
        switch p.kind {
        case .number, .wholeNumber:
            break
        case .toggle:
            switch parts[1].lowercased() {
            case "true", "on", "1": return (name, [1])
            case "false", "off", "0": return (name, [0])
            default: throw InputError("bad value '\(parts[1])' for \(name): expected true or false; \(descriptor.name) takes \(valid)")
            }
        case .color:
            do {
                return (name, try UniformAnnotations.color(String(parts[1]), components: p.components))
            } catch {
                throw InputError("bad value '\(parts[1])' for \(name): \(error.message.drop { $0 != ":" }.dropFirst(2)); \(descriptor.name) takes \(valid)")
            }
        case .point, .vector:
            let texts = parts[1].split(separator: ",", omittingEmptySubsequences: false)
            let numbers = texts.compactMap { plainNumber($0) }.filter(\.isFinite)
            guard numbers.count == texts.count, numbers.count == p.components else {
                throw InputError("bad value '\(parts[1])' for \(name): expected \(p.components) numbers separated by commas; \(descriptor.name) takes \(valid)")
            }
            guard numbers.allSatisfy({ p.range.contains($0) }) else {
                throw InputError("value \(parts[1]) for \(name) is out of range: each must be in \(formatNumber(p.range.lowerBound))…\(formatNumber(p.range.upperBound)); \(descriptor.name) takes \(valid)")
            }
            return (name, numbers)
        }
        guard let v = Double(parts[1]), v.isFinite else {
            throw InputError("bad value '\(parts[1])' for \(name): expected a number; \(descriptor.name) takes \(valid)")
        }
        guard p.range.contains(v) else {
            throw InputError("value \(parts[1]) for \(name) is out of range \(formatNumber(p.range.lowerBound))…\(formatNumber(p.range.upperBound)); \(descriptor.name) takes \(valid)")
        }
        if p.isInteger && v != v.rounded() {
            throw InputError("value \(parts[1]) for \(name) must be a whole number; \(descriptor.name) takes \(valid)")
        }
        return (name, [v])
    }
}

/// Writes a `--state` dump: one JSON object, keys in the order given, numbers as shortest
/// round-trip (never `null`: see `number`).
public enum StateJSON {
    public static func encode(_ entries: [(String, StateValue)]) -> String {
        var out = "{\n"
        for (i, (key, value)) in entries.enumerated() {
            out += "  \"\(key)\": \(encode(value))"
            out += i + 1 < entries.count ? ",\n" : "\n"
        }
        return out + "}\n"
    }

    static func encode(_ value: StateValue) -> String {
        switch value {
        case .bool(let b): return b ? "true" : "false"
        case .number(let d): return number(d)
        case .vector(let v): return "[" + v.map(number).joined(separator: ", ") + "]"
        }
    }

    /// A number as JSON writes it, never `null`: what no input can give any more (inputs past a
    /// float's range are refused where they are read), a value that is not finite, is written
    /// as the nearest finite number, and NaN as 0, so a reader always finds a number.
    static func number(_ d: Double) -> String {
        guard d.isFinite else { return formatNumber(d.isNaN ? 0 : d > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude) }
        return formatNumber(d)
    }
}
