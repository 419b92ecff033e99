import Foundation

/// Every `// glint:` marker of a shader file, read once into typed values: the one place that
/// knows how they are spelled. Pure text in, values out; what a marker means for a program (a
/// sampler object, a specialised version, a reduced-resolution pass) is the renderer's.
///
/// - `// glint: sampler [FUNCTION.]NAME wrap=S,T filter=MIN,MAG mip=M`: the sampler state of an
///   image parameter (a Metal file's `constexpr sampler`).
/// - `// glint: constant NAME, NAME…`: parameters or uniforms compiled in as constants.
/// - `// glint: separable[, sigma = F * NAME (LO…HI)]`: a separable kernel, with its σ.
/// - `uniform float speed; // glint: 0 4 1` and the like: a uniform's range or control
///   (`uniforms(in:file:)`, read by `UniformAnnotations`).
public struct ShaderMarkers: Equatable, Sendable {
    /// One `// glint: sampler` marker.
    public struct Sampler: Equatable, Sendable {
        /// The function it is for (`FUNCTION.` before the name); nil: every function.
        public var function: String?
        /// The image parameter it applies to.
        public var name: String
        public var wrap: [String] = ["clamp_to_edge", "clamp_to_edge"]
        public var filter: [String] = ["linear", "linear"]
        public var mip = "none"
    }

    /// One `// glint: constant` line: its number (from 1) and the names it lists.
    public struct Constants: Equatable, Sendable {
        public var line: Int
        public var names: [String]
    }

    /// A separable kernel's σ in points: `factor` times the argument `name`, clamped to `range`.
    public struct Sigma: Equatable, Sendable {
        public var factor: Double
        public var name: String
        public var range: ClosedRange<Double>
    }

    public static let samplerMarker = "// glint: sampler "
    public static let constantMarker = "// glint: constant"
    public static let separableMarker = "// glint: separable"

    public var samplers: [Sampler] = []
    public var constants: [Constants] = []
    /// Whether the file declares a separable kernel, and its σ if it says.
    public var isSeparable = false
    public var sigma: Sigma?

    /// Reads every marker of `text`.
    public init(parsing text: String) {
        if text.contains(Self.samplerMarker) { samplers = Self.samplers(in: text) }
        if text.contains(Self.constantMarker) { constants = Self.constants(in: text) }
        isSeparable = text.contains(Self.separableMarker)
        if isSeparable { sigma = Self.sigma(in: text) }
    }

    /// The sampler markers for `function`'s parameters (those naming it, and those naming none).
    public func samplers(for function: String) -> [Sampler] {
        samplers.filter { $0.function == nil || $0.function == function }
    }

    private static func samplers(in text: String) -> [Sampler] {
        var found: [Sampler] = []
        for piece in text.components(separatedBy: samplerMarker).dropFirst() {
            let words = piece.prefix { $0 != "\n" }.split(separator: " ")
            guard let qualified = words.first else { continue }
            let parts = qualified.split(separator: ".", maxSplits: 1)
            var sampler = Sampler(function: parts.count == 2 ? String(parts[0]) : nil, name: String(parts.last!))
            for word in words.dropFirst() {
                let parts = word.split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else { continue }
                if parts[0] == "mip" { sampler.mip = String(parts[1]) }
                let values = parts[1].split(separator: ",").map(String.init)
                guard values.count == 2 else { continue }
                if parts[0] == "wrap" { sampler.wrap = values }
                if parts[0] == "filter" { sampler.filter = values }
            }
            found.append(sampler)
        }
        return found
    }

    private static func constants(in text: String) -> [Constants] {
        var found: [Constants] = []
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            guard let marker = line.range(of: constantMarker) else { continue }
            let names = line[marker.upperBound...].split { $0 == "," || $0 == " " || $0 == "\t" }.map(String.init)
            found.append(Constants(line: lineNumber, names: names))
        }
        return found
    }

    /// Reads `// glint: separable, sigma = F * NAME (LO…HI)` (the range optional) on the first
    /// line marked separable.
    private static func sigma(in source: String) -> Sigma? {
        guard let line = source.split(separator: "\n").first(where: { $0.contains(separableMarker) }),
              let equals = line.range(of: "sigma") else { return nil }
        let rest = line[equals.upperBound...].drop { $0 == " " || $0 == "=" }
        let parts = rest.split(separator: "*", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let factor = Double(parts[0]), factor > 0 else { return nil }
        let nameAndRange = parts[1].split(separator: " ", maxSplits: 1)
        let name = String(nameAndRange[0])
        guard !name.isEmpty else { return nil }
        var range = 0.0...Double.greatestFiniteMagnitude
        if nameAndRange.count == 2 {
            let bounds = nameAndRange[1].trimmingCharacters(in: CharacterSet(charactersIn: "() ")).components(separatedBy: "…")
            if bounds.count == 2, let lo = Double(bounds[0]), let hi = Double(bounds[1]), lo <= hi { range = lo...hi }
        }
        return Sigma(factor: factor, name: name, range: range)
    }

    /// The uniforms `text` declares with a range or a control (`uniform float speed; // glint: 0 4 1`,
    /// `color`, `toggle`): what `UniformAnnotations` reads, for `file`'s messages.
    public static func uniforms(in text: String, file: String) throws(InputError) -> [UniformAnnotations.Declaration] {
        try UniformAnnotations.parse(text, file: file)
    }

    // MARK: Declarations rewritten for a specialised version

    /// Whether `text` has a line declaring `uniform float NAME;`.
    public static func declaresFloatUniform(_ name: String, in text: String) -> Bool {
        text.split(separator: "\n").contains { uniformDeclaration(name, in: $0) != nil }
    }

    /// The range of `uniform float NAME;` in `line`, if the line declares it (outside a comment).
    public static func uniformDeclaration(_ name: String, in line: Substring) -> Range<Substring.Index>? {
        let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line
        let words = code.split { $0 == " " || $0 == "\t" }
        guard words.count >= 3, words[0] == "uniform", words[1] == "float",
              words[2] == "\(name);" || (words[2] == Substring(name) && words.count >= 4 && words[3].hasPrefix(";")) else { return nil }
        guard let start = code.range(of: "uniform"), let end = code.range(of: ";", range: start.upperBound..<code.endIndex) else { return nil }
        return start.lowerBound..<end.upperBound
    }

    /// `text` with every `uniform float NAME;` declaration made `const float NAME = VALUE;`.
    public static func makeConstant(_ name: String, _ value: Float, in text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for i in lines.indices {
            let line = Substring(lines[i])
            guard let range = uniformDeclaration(name, in: line) else { continue }
            lines[i] = String(line[..<range.lowerBound]) + "const float \(name) = \(literal(value));" + String(line[range.upperBound...])
        }
        return lines.joined(separator: "\n")
    }

    /// A GLSL float literal that reads back as exactly `value` (Swift prints the shortest such).
    public static func literal(_ value: Float) -> String {
        let text = value.description
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }
}
