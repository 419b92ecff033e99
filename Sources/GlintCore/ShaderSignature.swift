/// The parameter list of an effect function, read from its GLSL source, as SwiftUI reads a
/// `[[stitchable]]` Metal function: `position` (and `color` or `layer`) come from the pipeline,
/// every further parameter takes the next argument in order.
///
/// ```glsl
/// vec4 dissolve(vec2 position, vec4 color, float t, sampler2D noise) { … }
/// ```
///
/// is applied with `[.float, .image]`; Glint declares one uniform per parameter
/// (`glint_arg0`, `glint_arg1`, …) and generates the `main` that calls the function. The prefix
/// `glint_` is reserved: an effect file may use the prelude's `glint_` names but not declare its own.
public struct ShaderSignature: Equatable, Sendable {
    /// The function's name.
    public let function: String
    /// The file the function came from, as it appears in messages.
    public let file: String
    /// The 1-based line of the function's name.
    public let line: Int
    /// What the function returns.
    public let returnType: GLSLType
    /// Every parameter, in order, including the leading ones the pipeline supplies.
    public let parameters: [Parameter]

    /// One parameter of the function.
    public struct Parameter: Equatable, Sendable {
        /// The parameter's name.
        public let name: String
        /// Its type, without qualifiers or array length.
        public let type: GLSLType
        /// The array length for `float values[8]` or `float[8] values`; nil for a scalar.
        public let arrayLength: Int?
        /// The 1-based line of its name.
        public let line: Int

        /// Creates a parameter; the parser makes these, tests may too.
        public init(name: String, type: GLSLType, arrayLength: Int? = nil, line: Int) {
            self.name = name
            self.type = type
            self.arrayLength = arrayLength
            self.line = line
        }

        /// The type as GLSL spells it, with the array length: `float[32]`.
        public var typeDescription: String {
            arrayLength.map { "\(type)[\($0)]" } ?? type.description
        }
    }

    /// Which of SwiftUI's effect modifiers the function is used for; each fixes the return type
    /// and the leading parameters the pipeline supplies.
    public enum Kind: Equatable, Sendable, CaseIterable {
        /// `colorEffect`: `vec4 NAME(vec2 position, vec4 color, ARGS...)`.
        case color
        /// `distortionEffect`: `vec2 NAME(vec2 position, ARGS...)`.
        case distortion
        /// `layerEffect`: `vec4 NAME(vec2 position, Layer layer, ARGS...)`.
        case layer
        /// A shader as a fill (`Rectangle().fill(shader)`): `vec4 NAME(vec2 position, ARGS...)`.
        case fill

        /// The type the function must return.
        public var returnType: GLSLType {
            self == .distortion ? .vec2 : .vec4
        }

        /// The parameters the pipeline supplies before the arguments, as (type, conventional name).
        public var leadingParameters: [(type: GLSLType, name: String)] {
            switch self {
            case .color: return [(.vec2, "position"), (.vec4, "color")]
            case .distortion: return [(.vec2, "position")]
            case .layer: return [(.vec2, "position"), (.layer, "layer")]
            case .fill: return [(.vec2, "position")]
            }
        }

        var phrase: String {
            switch self {
            case .color: return "a color effect"
            case .distortion: return "a distortion effect"
            case .layer: return "a layer effect"
            case .fill: return "a fill"
            }
        }
    }

    /// The longest array parameter an argument may fill: far past what a GL implementation
    /// gives a shader's uniforms, so the driver says which limit a long one passes, and well
    /// inside a GL count.
    public static let maxArrayLength = 1 << 16

    /// Creates a signature; `parse(source:function:file:)` is the usual way.
    public init(function: String, file: String, line: Int, returnType: GLSLType, parameters: [Parameter]) {
        self.function = function
        self.file = file
        self.line = line
        self.returnType = returnType
        self.parameters = parameters
    }
}

/// A GLSL type an effect function's parameter or result may have.
public enum GLSLType: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// `float`.
    case float
    /// `vec2`.
    case vec2
    /// `vec3`.
    case vec3
    /// `vec4`.
    case vec4
    /// `int`.
    case int
    /// `uint`.
    case uint
    /// `bool`.
    case bool
    /// `sampler2D`.
    case sampler2D
    /// The prelude's `struct Layer`, SwiftUI's `SwiftUI::Layer`.
    case layer
    /// Any other type, as spelled in the source (`mat2`, a user's struct).
    case other(String)

    /// The type named `name` in GLSL source.
    public init(_ name: String) {
        switch name {
        case "float": self = .float
        case "vec2": self = .vec2
        case "vec3": self = .vec3
        case "vec4": self = .vec4
        case "int": self = .int
        case "uint": self = .uint
        case "bool": self = .bool
        case "sampler2D": self = .sampler2D
        case "Layer": self = .layer
        default: self = .other(name)
        }
    }

    /// The type as GLSL spells it.
    public var description: String {
        switch self {
        case .float: return "float"
        case .vec2: return "vec2"
        case .vec3: return "vec3"
        case .vec4: return "vec4"
        case .int: return "int"
        case .uint: return "uint"
        case .bool: return "bool"
        case .sampler2D: return "sampler2D"
        case .layer: return "Layer"
        case .other(let name): return name
        }
    }
}

/// The shape of one of SwiftUI's `Shader.Argument` cases, without its value: enough to match
/// arguments to parameters and to declare uniforms.
public enum ShaderArgumentKind: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// `float`.
    case float
    /// `vec2`.
    case float2
    /// `vec3`.
    case float3
    /// `vec4`.
    case float4
    /// `int`.
    case int
    /// `vec4`, premultiplied RGBA.
    case color
    /// `sampler2D`, on its own texture unit.
    case image
    /// `float NAME[N]` then `int COUNT`, as Metal's `(device const float *values, int count)`; `count` ≤ N.
    case floatArray(count: Int)
    /// `vec4 NAME[N]` then `int COUNT`, premultiplied colours; `count` ≤ N.
    case colorArray(count: Int)
    /// `uint NAME[N]` then `int BYTECOUNT`: the bytes packed little-endian into 32-bit words, which N must hold.
    case data(byteCount: Int)
    /// `vec4`: the view's rect in points, (x, y, width, height).
    case boundingRect

    /// The case as written in Swift: `.floatArray`.
    public var description: String {
        switch self {
        case .float: return ".float"
        case .float2: return ".float2"
        case .float3: return ".float3"
        case .float4: return ".float4"
        case .int: return ".int"
        case .color: return ".color"
        case .image: return ".image"
        case .floatArray: return ".floatArray"
        case .colorArray: return ".colorArray"
        case .data: return ".data"
        case .boundingRect: return ".boundingRect"
        }
    }

    /// The element type of the parameter this argument fills.
    var parameterType: GLSLType {
        switch self {
        case .float: return .float
        case .float2: return .vec2
        case .float3: return .vec3
        case .float4, .color, .boundingRect: return .vec4
        case .int: return .int
        case .image: return .sampler2D
        case .floatArray: return .float
        case .colorArray: return .vec4
        case .data: return .uint
        }
    }

    /// Arrays fill two parameters: the array and its count.
    var isArray: Bool {
        switch self {
        case .floatArray, .colorArray, .data: return true
        default: return false
        }
    }

    /// The parameters this argument expects, for messages: `float`, `float[] then int`.
    var expectation: String {
        isArray ? "\(parameterType)[] then int" : parameterType.description
    }
}

/// Which uniforms one argument sets, and how they are declared.
public struct ArgumentBinding: Equatable, Sendable {
    /// The argument's kind.
    public let kind: ShaderArgumentKind
    /// The uniform holding the value (the array, for array arguments): `glint_arg0`.
    public let uniform: String
    /// The uniform's type (the element type, for arrays).
    public let type: GLSLType
    /// The uniform's array length, equal to the parameter's; nil for a scalar.
    public let arrayLength: Int?
    /// For array arguments, the `int` uniform holding the count (of values, colours or bytes): `glint_arg0_count`.
    public let countUniform: String?
    /// For images, the texture unit to bind the image to; units start at 1 (0 is the pipeline's layer).
    public let textureUnit: Int?

    /// Creates a binding; `ShaderSignature.bind` is the usual way.
    public init(kind: ShaderArgumentKind, uniform: String, type: GLSLType, arrayLength: Int? = nil,
                countUniform: String? = nil, textureUnit: Int? = nil) {
        self.kind = kind
        self.uniform = uniform
        self.type = type
        self.arrayLength = arrayLength
        self.countUniform = countUniform
        self.textureUnit = textureUnit
    }

    /// `.data` bytes as the `uint` words its uniform holds: four bytes to a word, little-endian,
    /// the last word padded with zeros.
    public static func packedWords(_ bytes: [UInt8]) -> [UInt32] {
        stride(from: 0, to: bytes.count, by: 4).map { start in
            var word: UInt32 = 0
            for i in start..<min(start + 4, bytes.count) {
                word |= UInt32(bytes[i]) << (8 * UInt32(i - start))
            }
            return word
        }
    }

    /// How many words `byteCount` bytes pack into.
    public static func wordCount(byteCount: Int) -> Int { (byteCount + 3) / 4 }
}

/// Why an effect function cannot be used as asked: one line, without a trailing period.
/// Parse and kind errors start with `file:line:`; argument errors with the function's name.
public struct ShaderSignatureError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file, where the error is in the source.
    public let file: String?
    /// The 1-based line, where the error is in the source.
    public let line: Int?
    /// The whole message.
    public let message: String

    /// The whole message.
    public var description: String { message }

    init(file: String, line: Int?, _ text: String) {
        self.file = file
        self.line = line
        message = line.map { "\(file):\($0): \(text)" } ?? "\(file): \(text)"
    }

    init(function: String, _ text: String) {
        file = nil
        line = nil
        message = "\(function): \(text)"
    }
}

// MARK: - Parsing

extension ShaderSignature {
    /// Reads the definition of `function` from GLSL `source`. Comments, preprocessor lines and
    /// prototypes are skipped; `in`, `const` and precision qualifiers are ignored; `out` and
    /// `inout` parameters are errors. `file` names the source in messages (`function.frag` if nil).
    public static func parse(source: String, function: String, file: String? = nil) throws(ShaderSignatureError) -> ShaderSignature {
        let file = file ?? "\(function).frag"
        let scan = Scan(source)
        try scan.checkReserved(file: file)

        let found = scan.functions.filter { $0.name == function }
        let definitions = found.filter(\.isDefinition)
        guard let definition = definitions.first else {
            if let prototype = found.first {
                throw ShaderSignatureError(file: file, line: prototype.line, "'\(function)' is declared but never defined")
            }
            let defined = scan.definedNames
            let others = defined.isEmpty ? "the file defines no functions" : "the file defines \(defined.joined(separator: ", "))"
            let guess = closest(to: function, in: defined).map { "did you mean '\($0)'? " } ?? ""
            throw ShaderSignatureError(file: file, line: nil, "no function '\(function)' is defined; \(guess)\(others)")
        }
        guard definitions.count == 1 else {
            let lines = definitions.map { String($0.line) }.joined(separator: ", ")
            throw ShaderSignatureError(file: file, line: definitions[1].line,
                                       "'\(function)' is defined \(definitions.count) times (lines \(lines)); an effect function cannot be overloaded")
        }
        return try scan.signature(of: definition, file: file)
    }

    /// The names of all functions the source defines (not just declares), in order, each once.
    public static func definedFunctions(in source: String) -> [String] {
        Scan(source).definedNames
    }

    /// A defined name within two edits of `name`, for "did you mean".
    public static func closest(to name: String, in names: [String]) -> String? {
        let maxEdits = 2
        return names
            .map { ($0, editDistance(Array(name), Array($0))) }
            .filter { $0.1 <= maxEdits }
            .min { $0.1 < $1.1 }?.0
    }

    /// Levenshtein distance, one row at a time.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var row = Array(0...b.count)
        for i in a.indices {
            var diagonal = row[0]
            row[0] = i + 1
            for j in b.indices {
                let above = row[j + 1]
                row[j + 1] = min(above + 1, row[j] + 1, diagonal + (a[i] == b[j] ? 0 : 1))
                diagonal = above
            }
        }
        return row[b.count]
    }
}

/// A GLSL token: an identifier, a number, or one punctuation character.
struct Token: Equatable {
    enum Kind { case identifier, number, symbol }
    let kind: Kind
    let text: String
    let line: Int
}

/// The tokens of a GLSL source with comments and preprocessor lines removed, and the
/// functions declared at file scope.
struct Scan {
    /// A function found at file scope: its name token index, the parenthesised parameter range.
    struct Function {
        let name: String
        let line: Int
        let nameIndex: Int
        let openParen: Int
        let closeParen: Int
        let isDefinition: Bool
    }

    let tokens: [Token]
    let functions: [Function]
    /// `#define NAME 8` and `const int NAME = 8;` at file scope, for array lengths.
    let constants: [String: Int]

    static let ignoredQualifiers: Set<String> = ["in", "const", "highp", "mediump", "lowp"]
    static let outputQualifiers: Set<String> = ["out", "inout"]
    /// Names the generated code declares; the prelude's own `glint_` names may be used, not declared.
    static let reservedPrefix = "glint_"
    /// Keywords after which an identifier is used, not declared.
    static let expressionKeywords: Set<String> = ["return", "else", "do", "case"]

    init(_ source: String) {
        let (code, defines) = Scan.stripCommentsAndPreprocessor(source)
        tokens = Scan.tokenize(code)
        functions = Scan.findFunctions(tokens)
        constants = defines.merging(Scan.findIntConstants(tokens)) { _, const in const }
    }

    var definedNames: [String] {
        var seen = Set<String>()
        return functions.filter { $0.isDefinition && seen.insert($0.name).inserted }.map(\.name)
    }

    /// Replaces comments with spaces (keeping new lines, so lines keep their numbers) and
    /// blanks preprocessor lines and `#if 0` blocks, collecting `#define NAME integer`. Other
    /// conditionals are not evaluated: the code in all their branches is read.
    static func stripCommentsAndPreprocessor(_ source: String) -> (String, [String: Int]) {
        let chars = Array(source.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < chars.count {
            if chars[i] == "/", i + 1 < chars.count, chars[i + 1] == "/" {
                while i < chars.count, chars[i] != "\n" { i += 1 }
            } else if chars[i] == "/", i + 1 < chars.count, chars[i + 1] == "*" {
                out.append(" ")
                i += 2
                while i < chars.count, !(chars[i] == "*" && i + 1 < chars.count && chars[i + 1] == "/") {
                    if chars[i] == "\n" { out.append("\n") }
                    i += 1
                }
                i += 2
            } else {
                out.append(chars[i])
                i += 1
            }
        }
        var defines: [String: Int] = [:]
        var lines = String(out).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var continued = false
        // Inside `#if 0`, how many conditionals deep; other conditionals keep all their branches.
        var disabledDepth = 0
        for index in lines.indices {
            let trimmed = lines[index].drop { $0 == " " || $0 == "\t" }
            let isDirective = !continued && trimmed.hasPrefix("#")
            if isDirective {
                let words = trimmed.dropFirst().split(whereSeparator: { $0 == " " || $0 == "\t" })
                let directive = words.first.map(String.init) ?? ""
                if disabledDepth > 0 {
                    if directive.hasPrefix("if") { disabledDepth += 1 }
                    if directive == "endif" || (disabledDepth == 1 && (directive == "else" || directive == "elif")) { disabledDepth -= 1 }
                } else if directive == "if", words.count == 2, words[1] == "0" {
                    disabledDepth = 1
                } else if directive == "define", words.count == 3, let value = Int(words[2]) {
                    defines[String(words[1])] = value
                }
            }
            guard continued || isDirective || disabledDepth > 0 else { continue }
            continued = lines[index].hasSuffix("\\")
            lines[index] = ""
        }
        return (lines.joined(separator: "\n"), defines)
    }

    static func tokenize(_ code: String) -> [Token] {
        let chars = Array(code.unicodeScalars)
        var tokens: [Token] = []
        var line = 1
        var i = 0
        func isIdentifierStart(_ c: Unicode.Scalar) -> Bool { c == "_" || c.properties.isAlphabetic && c.isASCII }
        func isIdentifierPart(_ c: Unicode.Scalar) -> Bool { isIdentifierStart(c) || ("0"..."9").contains(c) }
        while i < chars.count {
            let c = chars[i]
            if c == "\n" {
                line += 1
                i += 1
            } else if c == " " || c == "\t" || c == "\r" {
                i += 1
            } else if isIdentifierStart(c) {
                let start = i
                while i < chars.count, isIdentifierPart(chars[i]) { i += 1 }
                tokens.append(Token(kind: .identifier, text: String(String.UnicodeScalarView(chars[start..<i])), line: line))
            } else if ("0"..."9").contains(c) || (c == "." && i + 1 < chars.count && ("0"..."9").contains(chars[i + 1])) {
                let start = i
                while i < chars.count, isIdentifierPart(chars[i]) || chars[i] == "."
                        || ((chars[i] == "+" || chars[i] == "-") && (chars[i - 1] == "e" || chars[i - 1] == "E")) {
                    i += 1
                }
                tokens.append(Token(kind: .number, text: String(String.UnicodeScalarView(chars[start..<i])), line: line))
            } else {
                tokens.append(Token(kind: .symbol, text: String(c), line: line))
                i += 1
            }
        }
        return tokens
    }

    /// Functions at file scope: `TYPE NAME ( … )` followed by `{` (a definition) or `;` (a prototype).
    static func findFunctions(_ tokens: [Token]) -> [Function] {
        var functions: [Function] = []
        var depth = 0
        var i = 0
        while i < tokens.count {
            let token = tokens[i]
            if token.text == "{" { depth += 1 } else if token.text == "}" { depth = max(0, depth - 1) }
            guard depth == 0, token.kind == .identifier, i > 0, i + 1 < tokens.count, tokens[i + 1].text == "(",
                  tokens[i - 1].kind == .identifier || tokens[i - 1].text == "]",
                  let close = matchingParen(tokens, from: i + 1) else {
                i += 1
                continue
            }
            let next = close + 1 < tokens.count ? tokens[close + 1].text : ""
            if next == "{" || next == ";" {
                functions.append(Function(name: token.text, line: token.line, nameIndex: i, openParen: i + 1,
                                          closeParen: close, isDefinition: next == "{"))
            }
            i = close + 1
        }
        return functions
    }

    static func matchingParen(_ tokens: [Token], from open: Int) -> Int? {
        var depth = 0
        for j in open..<tokens.count {
            if tokens[j].text == "(" { depth += 1 }
            if tokens[j].text == ")" {
                depth -= 1
                if depth == 0 { return j }
            }
        }
        return nil
    }

    /// `const int NAME = 8;` (or `uint`) at file scope.
    static func findIntConstants(_ tokens: [Token]) -> [String: Int] {
        var constants: [String: Int] = [:]
        var depth = 0
        for i in tokens.indices {
            if tokens[i].text == "{" { depth += 1 } else if tokens[i].text == "}" { depth -= 1 }
            guard depth == 0, tokens[i].text == "const", i + 5 < tokens.count,
                  ["int", "uint"].contains(tokens[i + 1].text), tokens[i + 2].kind == .identifier,
                  tokens[i + 3].text == "=", tokens[i + 5].text == ";",
                  let value = integerLiteral(tokens[i + 4].text) else { continue }
            constants[tokens[i + 2].text] = value
        }
        return constants
    }

    static func integerLiteral(_ text: String) -> Int? {
        var digits = Substring(text)
        if digits.hasSuffix("u") || digits.hasSuffix("U") { digits = digits.dropLast() }
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") { return Int(digits.dropFirst(2), radix: 16) }
        return Int(digits)
    }

    /// Rejects a `glint_` declaration or a `main`, which would clash with the generated code.
    func checkReserved(file: String) throws(ShaderSignatureError) {
        for (i, token) in tokens.enumerated() where token.kind == .identifier && token.text.hasPrefix(Scan.reservedPrefix) {
            guard i > 0, tokens[i - 1].kind == .identifier, !Scan.expressionKeywords.contains(tokens[i - 1].text) else { continue }
            throw ShaderSignatureError(file: file, line: token.line,
                                       "'\(token.text)' is declared here, but names starting with \(Scan.reservedPrefix) are reserved for Glint's pipeline")
        }
        if let main = functions.first(where: { $0.name == "main" && $0.isDefinition }) {
            throw ShaderSignatureError(file: file, line: main.line,
                                       "the file defines main, but Glint generates main to call the effect function; remove it")
        }
    }

    func signature(of function: Function, file: String) throws(ShaderSignatureError) -> ShaderSignature {
        // The return type is the identifier before the name, skipping a `[N]`.
        var r = function.nameIndex - 1
        var returnsArray = false
        if tokens[r].text == "]" {
            returnsArray = true
            while r > 0, tokens[r].text != "[" { r -= 1 }
            r -= 1
        }
        let returnName = tokens[max(r, 0)].text
        let returnType: GLSLType = returnsArray ? .other(returnName + "[]") : GLSLType(returnName)

        // Split the parameter list on top-level commas.
        var groups: [[Token]] = [[]]
        var nesting = 0
        for token in tokens[(function.openParen + 1)..<function.closeParen] {
            if token.text == "(" || token.text == "[" { nesting += 1 }
            if token.text == ")" || token.text == "]" { nesting -= 1 }
            if token.text == ",", nesting == 0 { groups.append([]) } else { groups[groups.count - 1].append(token) }
        }
        if groups == [[]] || groups.map({ $0.map(\.text) }) == [["void"]] { groups = [] }

        var parameters: [ShaderSignature.Parameter] = []
        for (index, group) in groups.enumerated() {
            parameters.append(try parameter(group, number: index + 1, function: function, file: file))
        }
        return ShaderSignature(function: function.name, file: file, line: function.line, returnType: returnType, parameters: parameters)
    }

    func parameter(_ group: [Token], number: Int, function: Function, file: String) throws(ShaderSignatureError) -> ShaderSignature.Parameter {
        var rest = group[...]
        while let first = rest.first, Scan.ignoredQualifiers.contains(first.text) || Scan.outputQualifiers.contains(first.text) {
            if Scan.outputQualifiers.contains(first.text) {
                let name = group.last(where: { $0.kind == .identifier })?.text ?? "?"
                throw ShaderSignatureError(file: file, line: first.line,
                                           "parameter \(number) '\(name)' of '\(function.name)' is '\(first.text)', but effect parameters can only be inputs")
            }
            rest = rest.dropFirst()
        }
        let fallbackLine = group.first?.line ?? function.line
        func malformed(_ why: String) -> ShaderSignatureError {
            ShaderSignatureError(file: file, line: fallbackLine, "parameter \(number) of '\(function.name)' \(why)")
        }
        guard let typeToken = rest.first, typeToken.kind == .identifier else { throw malformed("has no type") }
        rest = rest.dropFirst()

        var length: Int? = nil
        func arrayLength(_ tokens: inout ArraySlice<Token>) throws(ShaderSignatureError) -> Int? {
            guard tokens.first?.text == "[" else { return nil }
            guard let close = tokens.firstIndex(where: { $0.text == "]" }) else { throw malformed("has an unclosed '['") }
            let inside = tokens[(tokens.startIndex + 1)..<close]
            tokens = tokens[(close + 1)...]
            let text = inside.map(\.text).joined(separator: " ")
            guard inside.count == 1, let value = Scan.integerLiteral(text) ?? constants[text], value > 0 else {
                throw malformed("has array length '\(text)'; it must be a positive integer or a const int")
            }
            guard value <= ShaderSignature.maxArrayLength else {
                throw malformed("has array length \(text), more than the \(ShaderSignature.maxArrayLength) an argument may carry")
            }
            return value
        }
        length = try arrayLength(&rest)
        guard let nameToken = rest.first, nameToken.kind == .identifier else { throw malformed("has no name") }
        rest = rest.dropFirst()
        if let second = try arrayLength(&rest) {
            if length != nil { throw malformed("'\(nameToken.text)' is an array of arrays, which GLSL 3.30 does not have") }
            length = second
        }
        if let extra = rest.first { throw malformed("'\(nameToken.text)' has unexpected '\(extra.text)'") }
        return ShaderSignature.Parameter(name: nameToken.text, type: GLSLType(typeToken.text), arrayLength: length, line: nameToken.line)
    }
}

// MARK: - Kinds and arguments

extension ShaderSignature {
    /// Checks the return type and leading parameters required for `kind`.
    public func validate(as kind: Kind) throws(ShaderSignatureError) {
        let usedAs = "'\(function)' is used as \(kind.phrase), so"
        guard returnType == kind.returnType else {
            throw ShaderSignatureError(file: file, line: line, "\(usedAs) it must return \(kind.returnType) (it returns \(returnType))")
        }
        let ordinals = ["first", "second"]
        for (index, expected) in kind.leadingParameters.enumerated() {
            let wanted = "\(usedAs) its \(ordinals[index]) parameter must be '\(expected.type) \(expected.name)'"
            guard index < parameters.count else {
                let has = parameters.isEmpty ? "it has none" : "it has only \(parameters.count)"
                throw ShaderSignatureError(file: file, line: line, "\(wanted) (\(has))")
            }
            let actual = parameters[index]
            guard actual.type == expected.type, actual.arrayLength == nil else {
                throw ShaderSignatureError(file: file, line: actual.line, "\(wanted) (it is '\(actual.typeDescription) \(actual.name)')")
            }
        }
    }

    /// Matches SwiftUI-style arguments to the parameters after the leading ones, in order, and
    /// names the uniforms that carry them. `maxTextureUnits` is the driver's count of units for a
    /// fragment shader; unit 0 holds the pipeline's layer, so images get units 1, 2, ….
    public func bind(_ arguments: [ShaderArgumentKind], kind: Kind, maxTextureUnits: Int) throws(ShaderSignatureError) -> [ArgumentBinding] {
        try validate(as: kind)
        let first = kind.leadingParameters.count
        var p = first
        var nextUnit = 1
        var bindings: [ArgumentBinding] = []
        func fail(_ text: String) -> ShaderSignatureError { ShaderSignatureError(function: function, text) }
        func countMismatch() -> ShaderSignatureError {
            fail("\(arguments.count) argument\(arguments.count == 1 ? "" : "s") given, but '\(function)' takes \(argumentSummary(kind: kind))")
        }

        for (a, argument) in arguments.enumerated() {
            let uniform = "glint_arg\(a)"
            guard p < parameters.count else { throw countMismatch() }
            let parameter = parameters[p]
            func mismatch() -> ShaderSignatureError {
                fail("argument \(a + 1) is \(argument) (\(argument.expectation)), but parameter \(p + 1) '\(parameter.name)' is \(parameter.typeDescription)")
            }
            guard parameter.type == argument.parameterType, (parameter.arrayLength != nil) == argument.isArray else { throw mismatch() }

            guard argument.isArray, let length = parameter.arrayLength else {
                var unit: Int? = nil
                if argument == .image {
                    unit = nextUnit
                    nextUnit += 1
                }
                bindings.append(ArgumentBinding(kind: argument, uniform: uniform, type: parameter.type, textureUnit: unit))
                p += 1
                continue
            }

            switch argument {
            case .floatArray(let count), .colorArray(let count):
                guard count >= 0 else { throw fail("argument \(a + 1) is \(argument) of \(count) values; a count cannot be negative") }
                guard count <= length else {
                    throw fail("\(argument) of \(count) values is longer than parameter '\(parameter.name)' (\(parameter.typeDescription))")
                }
            case .data(let byteCount):
                guard byteCount >= 0 else { throw fail("argument \(a + 1) is .data of \(byteCount) bytes; a byte count cannot be negative") }
                let words = ArgumentBinding.wordCount(byteCount: byteCount)
                guard words <= length else {
                    throw fail(".data of \(byteCount) bytes needs \(words) words, more than parameter '\(parameter.name)' (\(parameter.typeDescription)) holds")
                }
            default:
                break
            }
            guard p + 1 < parameters.count else {
                throw fail("argument \(a + 1) is \(argument) (\(argument.expectation)), but parameter \(p + 1) '\(parameter.name)' is not followed by an int for its count")
            }
            let countParameter = parameters[p + 1]
            guard countParameter.type == .int, countParameter.arrayLength == nil else {
                throw fail("argument \(a + 1) is \(argument) (\(argument.expectation)), but parameter \(p + 2) '\(countParameter.name)' is \(countParameter.typeDescription)")
            }
            bindings.append(ArgumentBinding(kind: argument, uniform: uniform, type: parameter.type, arrayLength: length,
                                            countUniform: uniform + "_count"))
            p += 2
        }
        guard p == parameters.count else { throw countMismatch() }

        let images = bindings.filter { $0.kind == .image }.count
        let free = max(0, maxTextureUnits - 1)
        guard images <= free else {
            throw fail("\(images) image\(images == 1 ? "" : "s"), but only \(free) texture unit\(free == 1 ? " is" : "s are") free")
        }
        return bindings
    }

    /// "3 after position (frequency, strength, time)": what the function takes, for count errors.
    /// An array and the `int` after it are one argument, shown as `weights+count`.
    func argumentSummary(kind: Kind) -> String {
        let leading = kind.leadingParameters.map(\.name)
        var names: [String] = []
        var i = leading.count
        while i < parameters.count {
            if parameters[i].arrayLength != nil, i + 1 < parameters.count, parameters[i + 1].type == .int, parameters[i + 1].arrayLength == nil {
                names.append("\(parameters[i].name)+\(parameters[i + 1].name)")
                i += 2
            } else {
                names.append(parameters[i].name)
                i += 1
            }
        }
        let after = leading.joined(separator: " and ")
        return names.isEmpty ? "none after \(after)" : "\(names.count) after \(after) (\(names.joined(separator: ", ")))"
    }

    /// The GLSL the pipeline appends after the effect file: one uniform per argument (two for
    /// arrays) and the `main` that calls the function for `kind`. The prelude must come first.
    public func mainSource(kind: Kind, bindings: [ArgumentBinding]) -> String {
        var lines = ["// Generated by Glint: the arguments of '\(function)' and the main that calls it as \(kind.phrase)."]
        var arguments: [String] = []
        for binding in bindings {
            let array = binding.arrayLength.map { "[\($0)]" } ?? ""
            lines.append("uniform \(binding.type) \(binding.uniform)\(array);")
            arguments.append(binding.uniform)
            if let count = binding.countUniform {
                lines.append("uniform int \(count);")
                arguments.append(count)
            }
        }
        lines.append("void main() {")
        switch kind {
        case .color:
            lines.append("    vec4 glint_color = glint_hasLayer != 0 ? glint_layerColor() : glint_baseColor;")
            lines.append("    glint_fragColor = \(call(["glint_position()", "glint_color"] + arguments));")
        case .layer:
            lines.append("    glint_fragColor = \(call(["glint_position()", "glint_layerInfo"] + arguments));")
        case .distortion:
            lines.append("    glint_fragColor = layerSample(\(call(["glint_position()"] + arguments)));")
        case .fill:
            lines.append("    glint_fragColor = \(call(["glint_position()"] + arguments));")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private func call(_ arguments: [String]) -> String {
        "\(function)(\(arguments.joined(separator: ", ")))"
    }
}

extension ShaderArgumentKind {
    /// The kind without its size: what a compiled program's uniforms depend on.
    public var layoutTag: String {
        switch self {
        case .float: return "float"
        case .float2: return "float2"
        case .float3: return "float3"
        case .float4: return "float4"
        case .int: return "int"
        case .color: return "color"
        case .image: return "image"
        case .floatArray: return "floatArray"
        case .colorArray: return "colorArray"
        case .data: return "data"
        case .boundingRect: return "boundingRect"
        }
    }
}
