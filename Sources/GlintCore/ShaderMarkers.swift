import Foundation

/// Every `// glint:` marker of a shader file, read once into typed values: the one place that
/// knows how they are spelled. Pure text in, values out; what a marker means for a program (a
/// sampler object, a specialised version, a reduced-resolution pass, a control) belongs to its
/// reader (the renderer, `UniformAnnotations`, `CustomEffect`).
///
/// A marker is a line comment whose text starts `glint:` (spaces after `//` allowed):
/// - `// glint: sampler [FUNCTION.]NAME wrap=S,T filter=MIN,MAG mip=M`: the sampler state of an
///   image parameter (a Metal file's `constexpr sampler`); one line may hold several.
/// - `// glint: constant NAME, NAME…`: parameters or uniforms compiled in as constants.
/// - `// glint: separable[, sigma = F * NAME (LO…HI)]`: a separable kernel, with its σ; a bound
///   may name one of the pipeline's defines (`PipelineDefines`).
/// - `// glint: affine`: the function's colour is an affine function of the position (a constant,
///   a linear gradient), so a layer of its picture, read with bilinear filtering anywhere, shows
///   what the function returns there: a distortion over it may call it instead of reading a layer.
/// - `uniform float speed; // glint: 0 4 1` and the like, after code on its line: a uniform's
///   (or a Metal parameter's) range or control, kept as written in `annotations`, which
///   `UniformAnnotations` gives their meaning.
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

    /// A control's annotation after a declaration (`uniform float speed; // glint: 0 4 1`): its
    /// line (from 1), the code before the comment and the words after `glint:`, both trimmed.
    public struct Annotation: Equatable, Sendable {
        public var line: Int
        public var code: String
        public var text: String
    }

    /// What a line comment starts with to be a marker (after `//` and any spaces).
    public static let prefix = "glint:"
    public static let samplerMarker = "// glint: sampler "
    public static let constantMarker = "// glint: constant"
    public static let separableMarker = "// glint: separable"
    public static let affineMarker = "// glint: affine"

    public var samplers: [Sampler] = []
    public var constants: [Constants] = []
    /// Whether the file declares a separable kernel, and its σ if it says (on its first such line).
    public var isSeparable = false
    public var sigma: Sigma?
    /// Whether the file declares its function affine in the position (`// glint: affine`).
    public var isAffine = false
    /// The controls' annotations, in order.
    public var annotations: [Annotation] = []

    /// Reads every marker of `text`. Lines end at LF, CRLF or CR.
    public init(parsing text: String) {
        guard text.contains(Self.prefix) else { return }
        var number = 0
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            number += 1
            guard let comment = line.range(of: "//") else { continue }
            let remark = line[comment.upperBound...].drop { $0 == " " || $0 == "\t" }
            guard remark.hasPrefix(Self.prefix) else { continue }
            let body = remark.dropFirst(Self.prefix.count).trimmingSpaces
            let code = line[..<comment.lowerBound].trimmingSpaces
            switch Self.keyword(of: body) {
            case "sampler":
                // The Metal translation writes a function's samplers on one line, each a marker.
                for piece in String(body.dropFirst("sampler".count)).components(separatedBy: Self.samplerMarker) {
                    if let sampler = Self.sampler(piece) { samplers.append(sampler) }
                }
            case "constant":
                let names = body.dropFirst("constant".count).split { $0 == "," || $0 == " " || $0 == "\t" }.map(String.init)
                constants.append(Constants(line: number, names: names))
            case "separable":
                if !isSeparable { sigma = Self.sigma(body) }
                isSeparable = true
            case "affine":
                isAffine = true
            default:
                // A marker of a line of its own that is none of these is not glint's.
                if !code.isEmpty { annotations.append(Annotation(line: number, code: String(code), text: String(body))) }
            }
        }
    }

    /// The sampler markers for `function`'s parameters (those naming it, and those naming none).
    public func samplers(for function: String) -> [Sampler] {
        samplers.filter { $0.function == nil || $0.function == function }
    }

    /// The annotation on line `line`, if any.
    public func annotation(onLine line: Int) -> Annotation? {
        annotations.first { $0.line == line }
    }

    /// `sampler`, `constant`, `separable` or `affine` when `body` (the words after `glint:`) is that marker.
    private static func keyword(of body: Substring) -> String? {
        for word in ["sampler", "constant", "separable", "affine"] where body.hasPrefix(word) {
            let rest = body.dropFirst(word.count)
            if rest.isEmpty || rest.first == " " || rest.first == "\t" || rest.first == "," { return word }
        }
        return nil
    }

    /// One sampler marker's words after `sampler `.
    private static func sampler(_ piece: String) -> Sampler? {
        let words = piece.split(separator: " ")
        guard let qualified = words.first else { return nil }
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
        return sampler
    }

    /// Reads `separable, sigma = F * NAME (LO…HI)` (the range optional).
    private static func sigma(_ line: Substring) -> Sigma? {
        guard let equals = line.range(of: "sigma") else { return nil }
        let rest = line[equals.upperBound...].drop { $0 == " " || $0 == "=" }
        let parts = rest.split(separator: "*", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let factor = Double(parts[0]), factor > 0 else { return nil }
        let nameAndRange = parts[1].split(separator: " ", maxSplits: 1)
        guard let first = nameAndRange.first else { return nil }
        let name = String(first)
        var range = 0.0...Double.greatestFiniteMagnitude
        if nameAndRange.count == 2 {
            let bounds = nameAndRange[1].trimmingCharacters(in: CharacterSet(charactersIn: "() ")).components(separatedBy: "…")
            // A bound is a number or one of the pipeline's defines (`0…GLINT_BLUR_MAX_RADIUS`).
            func bound(_ text: String) -> Double? { Double(text) ?? PipelineDefines.value(named: Substring(text)) }
            if bounds.count == 2, let lo = bound(bounds[0]), let hi = bound(bounds[1]), lo <= hi { range = lo...hi }
        }
        return Sigma(factor: factor, name: name, range: range)
    }

    /// The uniforms whose annotations this file declares, as `UniformAnnotations` reads them, for
    /// `file`'s messages.
    public func uniforms(file: String) throws(InputError) -> [UniformAnnotations.Declaration] {
        try UniformAnnotations.declarations(annotations, file: file)
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
