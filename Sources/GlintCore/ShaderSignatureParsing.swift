// How a shader file's declarations are read: the tokens of its text and the scan for its functions and uniforms.


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
