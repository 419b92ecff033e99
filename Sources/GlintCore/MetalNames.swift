extension MetalTranslator {
    // MARK: - Names

    /// Types, functions and keywords with another GLSL name.
    static let renamed: [String: String] = {
        var map: [String: String] = [
            "half": "float", "constexpr": "const", "constant": "const",
            "ushort": "uint", "short": "int", "uchar": "uint", "char": "int",
            "fmod": "metal_fmod", "saturate": "metal_saturate", "atan2": "atan", "rsqrt": "inversesqrt",
            "select": "mix", "powr": "pow", "fabs": "abs", "fmin": "min", "fmax": "max",
            "fma": "metal_fma", "copysign": "metal_copysign", "log10": "metal_log10", "exp10": "metal_exp10",
            "sinpi": "metal_sinpi", "cospi": "metal_cospi", "tanpi": "metal_tanpi", "fmin3": "metal_fmin3",
            "fmax3": "metal_fmax3", "min3": "metal_fmin3", "max3": "metal_fmax3",
            "length_squared": "metal_length_squared", "distance_squared": "metal_distance_squared",
        ]
        for n in 2...4 {
            map["float\(n)"] = "vec\(n)"
            map["half\(n)"] = "vec\(n)"
            map["int\(n)"] = "ivec\(n)"
            map["short\(n)"] = "ivec\(n)"
            map["uint\(n)"] = "uvec\(n)"
            map["ushort\(n)"] = "uvec\(n)"
            map["bool\(n)"] = "bvec\(n)"
            map["float\(n)x\(n)"] = "mat\(n)"
            map["half\(n)x\(n)"] = "mat\(n)"
        }
        return map
    }()

    /// Metal's math constants, as GLSL literals.
    static let constants: [String: String] = {
        let values: [String: Double] = [
            "M_PI": .pi, "M_PI_2": .pi / 2, "M_PI_4": .pi / 4, "M_1_PI": 1 / .pi, "M_2_PI": 2 / .pi,
            "M_2_SQRTPI": 2 / Double.pi.squareRoot(), "M_E": 2.718281828459045, "M_LOG2E": 1.4426950408889634,
            "M_LOG10E": 0.4342944819032518, "M_LN2": 0.6931471805599453, "M_LN10": 2.302585092994046,
            "M_SQRT2": 2.0.squareRoot(), "M_SQRT1_2": 0.5.squareRoot(),
        ]
        var map: [String: String] = [:]
        for (name, value) in values {
            let literal = "\(Float(value))"
            map[name + "_F"] = literal
            map[name + "_H"] = literal
        }
        return map
    }()

    /// Whether `name` is a type a pointer parameter may point to (after translation).
    static func isTypeName(_ name: String) -> Bool {
        ["float", "int", "uint", "bool"].contains(name) || name.hasPrefix("vec") || name.hasPrefix("ivec") || name.hasPrefix("uvec")
    }

    /// `1.0h` → `1.0`, `2h` → `2.0`, `0.5f` → `0.5`; other numbers as they are.
    static func floatLiteral(_ number: String) -> String {
        guard let last = number.last, "hHfF".contains(last), !number.hasPrefix("0x"), !number.hasPrefix("0X") else { return number }
        let body = String(number.dropLast())
        return body.contains(".") || body.contains("e") || body.contains("E") ? body : body + ".0"
    }

    // MARK: - Helpers

    /// The helpers the translation calls, on the first line that is not a preprocessor line
    /// (one line, so the file's own lines keep their numbers); before the first line, followed by
    /// `#line 1`, when an `#include` comes before any such line (what it splices in may call them).
    /// Where a Metal file included others (`used` holds `typedAgainMarker`), `text` is the whole
    /// spliced in, and the typed pass runs over it first: an includer's uses of what its includes
    /// declare are converted there, which its own translation could not tell.
    public static func insertHelpers(_ used: Set<String>, into text: String) -> String {
        let text = used.contains(typedAgainMarker) ? TypedPass.convert(text) : text
        var code = ""
        let floats = ["float", "vec2", "vec3", "vec4"]
        if used.contains("fmod") {
            // C's fmod: the sign of x, unlike GLSL's mod.
            for t in ["float", "vec2", "vec3", "vec4"] {
                code += "\(t) metal_fmod(\(t) x, \(t) y) { return x - y * trunc(x / y); } "
            }
            for t in ["vec2", "vec3", "vec4"] {
                code += "\(t) metal_fmod(\(t) x, float y) { return x - y * trunc(x / y); } "
            }
        }
        if used.contains("saturate") {
            for t in ["float", "vec2", "vec3", "vec4"] {
                code += "\(t) metal_saturate(\(t) x) { return clamp(x, 0.0, 1.0); } "
            }
        }
        if used.contains("as_type") {
            // as_type<T>(x): the bits of x as T.
            for n in 1...4 {
                let f = n == 1 ? "float" : "vec\(n)", i = n == 1 ? "int" : "ivec\(n)", u = n == 1 ? "uint" : "uvec\(n)", suffix = n == 1 ? "" : "\(n)"
                code += "\(f) metal_as_float\(suffix)(\(u) x) { return uintBitsToFloat(x); } \(f) metal_as_float\(suffix)(\(i) x) { return intBitsToFloat(x); } "
                code += "\(f) metal_as_float\(suffix)(\(f) x) { return x; } "
                code += "\(u) metal_as_uint\(suffix)(\(f) x) { return floatBitsToUint(x); } \(u) metal_as_uint\(suffix)(\(i) x) { return \(u)(x); } "
                code += "\(u) metal_as_uint\(suffix)(\(u) x) { return x; } "
                code += "\(i) metal_as_int\(suffix)(\(f) x) { return floatBitsToInt(x); } \(i) metal_as_int\(suffix)(\(u) x) { return \(i)(x); } "
                code += "\(i) metal_as_int\(suffix)(\(i) x) { return x; } "
            }
        }
        let unary: [(String, String)] = [
            ("log10", "log(x) * 0.4342945"), ("exp10", "exp2(x * 3.3219280)"),
            ("sinpi", "sin(x * \(Float.pi))"), ("cospi", "cos(x * \(Float.pi))"), ("tanpi", "tan(x * \(Float.pi))"),
        ]
        for (name, body) in unary where used.contains(name) {
            for t in floats { code += "\(t) metal_\(name)(\(t) x) { return \(body); } " }
        }
        if used.contains("fma") {
            for t in floats { code += "\(t) metal_fma(\(t) a, \(t) b, \(t) c) { return a * b + c; } " }
        }
        if used.contains("copysign") {
            code += "float metal_copysign(float x, float y) { return y < 0.0 ? -abs(x) : abs(x); } "
            for t in floats.dropFirst() { code += "\(t) metal_copysign(\(t) x, \(t) y) { return mix(abs(x), -abs(x), lessThan(y, \(t)(0.0))); } " }
        }
        for (name, function) in [("fmin3", "min"), ("fmax3", "max")] where used.contains(name) {
            for t in floats { code += "\(t) metal_\(name)(\(t) a, \(t) b, \(t) c) { return \(function)(\(function)(a, b), c); } " }
        }
        if used.contains("length_squared") {
            for t in floats { code += "float metal_length_squared(\(t) x) { return dot(x, x); } " }
        }
        if used.contains("distance_squared") {
            for t in floats { code += "float metal_distance_squared(\(t) a, \(t) b) { return dot(a - b, a - b); } " }
        }
        if used.contains("read") {
            code += "vec4 metal_read(sampler2D t, uvec2 p) { return texelFetch(t, ivec2(p), 0); } "
            code += "vec4 metal_read(sampler2D t, ivec2 p) { return texelFetch(t, p, 0); } "
        }
        guard !code.isEmpty else { return text }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let at = lines.firstIndex { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") } ?? 0
        if lines[..<at].contains(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("#include") }) {
            return code + "\n#line 1\n" + text
        }
        lines[at] = code + lines[at]
        return lines.joined(separator: "\n")
    }
}
