/// Controls for any shader: a uniform declared on a line of its own with a `// glint:` comment
/// after it becomes a parameter (`--param`, a control on the panel, a `--state` entry), whose
/// value the uniform receives every frame.
///
/// ```glsl
/// uniform float speed;   // glint: 0 4 1                 number in 0…4, default 1: a slider
/// uniform int   count;   // glint: 1 12 6                whole number: a slider in whole steps
/// uniform bool  invert;  // glint: false                 (or true, or toggle): a switch
/// uniform vec2  center;  // glint: 0 1 0.5,0.5           each axis in 0…1: a 2-D pad
/// uniform vec3  tint;    // glint: color #ff8800         a colour (vec4: with alpha): swatch and RGB(A) sliders
/// uniform vec4  glow;    // glint: 0 1 0.1,0.2,0.3,1     each component in 0…1: four sliders
/// ```
///
/// A number type takes `MIN MAX [DEFAULT]`; a missing default is MIN, and one number stands for
/// every component of a vector's. A colour's default is `#RRGGBB`, `#RRGGBBAA` (vec4), a CSS or
/// SwiftUI colour name, or channels 0…1 `r,g,b[,a]`; it is white when missing. A colour reaches
/// the shader as written, not premultiplied. Uniforms without the comment are left alone.
public enum UniformAnnotations {
    /// One annotated uniform.
    public struct Declaration: Equatable, Sendable {
        /// The parameter it declares, named as the uniform.
        public var parameter: EffectParameter
        /// The GLSL type as declared: `float`, `int`, `bool`, `vec2`, `vec3` or `vec4`.
        public var type: String
        /// The line it is on, from 1.
        public var line: Int
    }

    /// The GLSL types an annotation may follow.
    public static let types = ["float", "int", "bool", "vec2", "vec3", "vec4"]

    /// The annotated uniforms of a shader, in order, from its markers' `annotations`
    /// (`ShaderMarkers(parsing:).uniforms(file:)`). A malformed annotation is one line naming
    /// `file:line`, the uniform and what is valid.
    public static func declarations(_ annotations: [ShaderMarkers.Annotation], file: String) throws(InputError) -> [Declaration] {
        var found: [Declaration] = []
        for written in annotations {
            let annotation = written.text, code = Substring(written.code)
            let place = "\(file):\(written.line)"
            let words = code.split { $0 == " " || $0 == "\t" || $0 == ";" }.filter { !["lowp", "mediump", "highp"].contains($0) }
            guard code.hasSuffix(";"), words.count == 3, words[0] == "uniform" else {
                throw InputError("\(place): '// glint: \(annotation)' must follow one uniform declaration on its line, like: uniform float speed; // glint: 0 4 1")
            }
            let type = String(words[1]), name = String(words[2])
            guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), !name.contains(",") else {
                throw InputError("\(place): '// glint: \(annotation)' must follow one uniform declaration on its line (not an array or a list), like: uniform float speed; // glint: 0 4 1")
            }
            if let earlier = found.first(where: { $0.parameter.name == name }) {
                throw InputError("\(place): uniform '\(name)' is annotated twice (first on line \(earlier.line))")
            }
            let parameter: EffectParameter
            do {
                parameter = try Self.parameter(name: name, type: type, annotation: annotation)
            } catch {
                throw InputError("\(place): bad annotation '// glint: \(annotation)' of uniform '\(name)': \(error.message)")
            }
            found.append(Declaration(parameter: parameter, type: type, line: written.line))
        }
        return found
    }

    /// The parameter a uniform `name` of GLSL `type` declares with `annotation` (what follows
    /// `// glint:`); the error says what is wrong and what is valid, without a place.
    public static func parameter(name: String, type: String, annotation: String) throws(InputError) -> EffectParameter {
        let words = annotation.split { $0 == " " || $0 == "\t" }.map(String.init)
        let summary = "uniform \(type) \(name)"
        let isColor = words.first == "color" || words.first == "colour"
        switch type {
        case "bool":
            let valid = "expected true, false or toggle (off) for a bool"
            switch words {
            case ["toggle"], ["false"], ["toggle", "false"]: return .toggle(name, summary, default: false)
            case ["true"], ["toggle", "true"]: return .toggle(name, summary, default: true)
            default: throw InputError(valid)
            }
        case "vec3" where isColor, "vec4" where isColor:
            let count = type == "vec3" ? 3 : 4
            guard words.count <= 2 else { throw InputError("expected color and one default colour, like color #ff8800") }
            let defaults = words.count == 2 ? try color(words[1], components: count) : Array(repeating: 1.0, count: count)
            return EffectParameter(name, summary, kind: .color, defaults: defaults, range: 0...1)
        case "float", "int", "vec2", "vec3", "vec4":
            let count = type == "vec2" ? 2 : type == "vec3" ? 3 : type == "vec4" ? 4 : 1
            let shape = count == 1 ? "MIN MAX [DEFAULT]" : "MIN MAX [DEFAULT,…]"
            let example = count == 1 ? (type == "int" ? "1 12 6" : "0 4 1") : "0 1 " + Array(repeating: "0.5", count: count).joined(separator: ",")
            let colourHint = count >= 3 ? ", or color [#RRGGBB]" : ""
            guard (2...3).contains(words.count), let low = Parse.plainNumber(words[0]), let high = Parse.plainNumber(words[1]),
                  low.isFinite, high.isFinite else {
                throw InputError("expected \(shape) for \(type == "int" ? "an" : "a") \(type), like \(example)\(colourHint)")
            }
            guard low < high else { throw InputError("MIN \(words[0]) must be below MAX \(words[1])") }
            var defaults = Array(repeating: low, count: count)
            if words.count == 3 {
                let parts = words[2].split(separator: ",", omittingEmptySubsequences: false)
                let numbers = parts.compactMap { Parse.plainNumber($0) }.filter(\.isFinite)
                guard numbers.count == parts.count, numbers.count == 1 || numbers.count == count else {
                    throw InputError("default '\(words[2])' must be \(count == 1 ? "a number" : "one number or \(count) numbers separated by commas")")
                }
                defaults = numbers.count == 1 ? Array(repeating: numbers[0], count: count) : numbers
            }
            // What the uniform can hold: a value past it would reach the shader as infinity, or
            // trap when made an int.
            let holds = type == "int" ? Double(Int32.min)...Double(Int32.max) : -Double(Float.greatestFiniteMagnitude)...Double(Float.greatestFiniteMagnitude)
            let written = [(words[0], low), (words[1], high)] + defaults.map { (words.count == 3 ? words[2] : words[0], $0) }
            for (word, value) in written where !holds.contains(value) {
                let bounds = type == "int" ? "\(Int32.min)…\(Int32.max)" : "±3.4e38"
                throw InputError("\(word) is beyond what \(type == "int" ? "an int" : "a float") holds (\(bounds))")
            }
            guard defaults.allSatisfy({ (low...high).contains($0) }) else {
                throw InputError("default '\(words[2])' is outside \(words[0])…\(words[1])")
            }
            if type == "int" {
                guard low == low.rounded(), high == high.rounded(), defaults[0] == defaults[0].rounded() else {
                    throw InputError("an int takes whole numbers, like 1 12 6")
                }
            }
            let kind: EffectParameter.Kind = type == "int" ? .wholeNumber : count == 1 ? .number : count == 2 ? .point : .vector
            return EffectParameter(name, summary, kind: kind, defaults: defaults, range: low...high)
        default:
            throw InputError("a uniform of type \(type) takes no annotation; annotate a \(types.joined(separator: ", "))")
        }
    }

    /// A colour written for a parameter of `components` channels: `#RRGGBB`, `#RRGGBBAA` (with
    /// four), a colour name `Parse.color` knows, or the channels 0…1 separated by commas.
    public static func color(_ text: String, components: Int) throws(InputError) -> [Double] {
        let valid = "expected #RRGGBB\(components == 4 ? ", #RRGGBBAA" : ""), a colour name (orange, .mint) or \(components) channels 0…1 like \(components == 4 ? "1,0.5,0,1" : "1,0.5,0")"
        if text.contains(",") {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            let numbers = parts.compactMap { Parse.plainNumber($0) }.filter { $0.isFinite && (0...1).contains($0) }
            guard numbers.count == parts.count, numbers.count == components else { throw InputError("bad colour '\(text)': \(valid)") }
            return numbers
        }
        let hex = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        if components == 4, hex.count == 8 {
            let digits = hex.compactMap(\.hexDigitValue)
            guard digits.count == 8 else { throw InputError("bad colour '\(text)': \(valid)") }
            return stride(from: 0, to: 8, by: 2).map { Double(digits[$0] * 16 + digits[$0 + 1]) / 255 }
        }
        let c: Color
        do {
            c = try Parse.color(text)
        } catch {
            throw InputError("bad colour '\(text)': \(valid)")
        }
        // Through the byte each channel was written as, so #ff8800 is 1, 0.533…, 0 exactly as 136/255.
        let channels = [c.red, c.green, c.blue].map { Double(($0 * 255).rounded()) / 255 }
        return components == 4 ? channels + [Double(c.alpha)] : channels
    }
}

extension Substring {
    /// Without spaces and tabs at either end.
    var trimmingSpaces: Substring {
        let start = drop { $0 == " " || $0 == "\t" }
        var end = start
        while let last = end.last, last == " " || last == "\t" { end = end.dropLast() }
        return end
    }
}
