/// Keys as Shadertoy's keyboard texture numbers them: the browser's key codes (`KeyboardEvent.keyCode`),
/// 65 for A. The window turns GLFW's keys into them; `glint render --keys` names them.
public enum ToyKeys {
    /// Keys by name, for `--keys` and messages.
    public static let named: [String: Int] = [
        "backspace": 8, "tab": 9, "enter": 13, "return": 13, "shift": 16, "ctrl": 17, "control": 17, "alt": 18,
        "pause": 19, "capslock": 20, "esc": 27, "escape": 27, "space": 32, "pageup": 33, "pagedown": 34,
        "end": 35, "home": 36, "left": 37, "up": 38, "right": 39, "down": 40, "insert": 45, "delete": 46,
    ]

    /// The code of a key named as `--keys` takes it: a letter or digit (`a`, `W`, `7`), a name
    /// from `named` (`space`, `left`), or a code from 0 to 255; nil for anything else.
    public static func code(named name: some StringProtocol) -> Int? {
        let lower = name.lowercased()
        if lower.count == 1, let c = lower.unicodeScalars.first {
            if ("a"..."z").contains(c) { return Int(c.value) - 32 }
            if ("0"..."9").contains(c) { return Int(c.value) }
        }
        if let code = named[lower] { return code }
        if let n = Int(lower), (0...255).contains(n) { return n }
        return nil
    }

    /// The browser's code for a GLFW key (`GLFW_KEY_*`), or nil for keys Shadertoy has no code for.
    public static func browserCode(glfwKey key: Int) -> Int? {
        switch key {
        case 32, 48...57, 65...90: return key  // space, digits and letters share their codes
        case 39: return 222  // apostrophe
        case 44: return 188
        case 45: return 189
        case 46: return 190
        case 47: return 191
        case 59: return 186
        case 61: return 187
        case 91: return 219
        case 92: return 220
        case 93: return 221
        case 96: return 192
        case 256: return 27  // escape
        case 257, 335: return 13  // enter, keypad enter
        case 258: return 9
        case 259: return 8
        case 260: return 45
        case 261: return 46
        case 262: return 39  // right
        case 263: return 37  // left
        case 264: return 40  // down
        case 265: return 38  // up
        case 266: return 33
        case 267: return 34
        case 268: return 36
        case 269: return 35
        case 280: return 20
        case 284: return 19
        case 290...301: return 112 + key - 290  // F1–F12
        case 320...329: return 96 + key - 320  // keypad digits
        case 340, 344: return 16  // shift
        case 341, 345: return 17  // control
        case 342, 346: return 18  // alt
        default: return nil
        }
    }

    /// A key going down or up at a time, for headless runs.
    public struct Event: Equatable, Sendable {
        public var time: Double
        public var code: Int
        public var isDown: Bool
        public init(time: Double, code: Int, isDown: Bool) {
            self.time = time
            self.code = code
            self.isDown = isDown
        }
    }

    /// `TIME down|up KEY` events separated by `;` or new lines, in time order (`--keys`).
    public static func events(_ text: String) throws(InputError) -> [Event] {
        var events: [Event] = []
        for raw in text.split(whereSeparator: { $0 == ";" || $0 == "\n" }) {
            let tokens = raw.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if tokens.isEmpty { continue }
            let text = tokens.joined(separator: " ")
            guard tokens.count == 3 else {
                throw InputError("bad key event '\(text)': expected TIME down|up KEY, like '0.5 down space' or '1 up a'")
            }
            guard let t = Parse.plainNumber(tokens[0]), t.isFinite, t >= 0, t <= Parse.maxEventTime else {
                throw InputError("bad time '\(tokens[0])' in key event '\(text)': expected seconds from 0 to \(formatNumber(Parse.maxEventTime))")
            }
            let action = tokens[1].lowercased()
            guard action == "down" || action == "up" else {
                throw InputError("bad key action '\(tokens[1])' in key event '\(text)': expected down or up")
            }
            guard let code = code(named: tokens[2]) else {
                throw InputError("bad key '\(tokens[2])' in key event '\(text)': expected a letter, a digit, a code 0…255 or one of \(named.keys.sorted().joined(separator: ", "))")
            }
            if let last = events.last, t < last.time {
                throw InputError("bad time '\(tokens[0])' in key event '\(text)': key events must be in time order (previous was at \(formatNumber(last.time)))")
            }
            events.append(Event(time: t, code: code, isDown: action == "down"))
        }
        return events
    }
}
