/// A macro the effects' shaders are compiled with, as a C compiler's `-D` defines one.
public struct ShaderDefine: Sendable, Equatable, CustomStringConvertible {
    /// The macro's name: a GLSL identifier.
    public var name: String
    /// The macro's text; nil defines it as 1, as `cc -D NAME` does, so `#if NAME` and
    /// `#ifdef NAME` both hold.
    public var value: String?

    public init(_ name: String, _ value: String? = nil) {
        self.name = name
        self.value = value
    }

    /// What is wrong with this define, or nil when the GLSL preprocessor takes it.
    public var problem: String? {
        let isIdentifier = name.first.map { $0.isASCII && ($0.isLetter || $0 == "_") } == true
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        guard isIdentifier else {
            return "'\(name)' is not a GLSL identifier (letters, digits and _, not starting with a digit), like -D QUALITY=2"
        }
        if name.hasPrefix("GL_") || name.contains("__") {
            return "GLSL reserves names starting with GL_ and names containing __ for itself"
        }
        if let value, value.contains(where: \.isNewline) || value.hasSuffix("\\") {
            return "the value spans lines (a new line, or a \\ at its end); a define's value is one line"
        }
        return nil
    }

    /// `defines` with each name once, at its first place with its last value, as a C
    /// compiler takes `-D V=1 -D V=2`: GLSL's preprocessor refuses a macro defined twice
    /// with different values.
    public static func lastOfEach(_ defines: [ShaderDefine]) -> [ShaderDefine] {
        var last: [String: ShaderDefine] = [:]
        for define in defines { last[define.name] = define }
        var written: Set<String> = []
        return defines.compactMap { written.insert($0.name).inserted ? last[$0.name] : nil }
    }

    /// The line that defines it: `#define NAME VALUE`.
    public var description: String { "#define \(name) \(value ?? "1")" }
}

extension ShaderDefine {
    /// `text` with `defines` defined after its `#version` line, or at its top when it has none,
    /// followed by a `#line` directive: every line of `text` keeps its number (and source string)
    /// in the driver's messages. A name defined more than once takes its last value, as `cc -D
    /// V=1 -D V=2` does (`lastOfEach`).
    public static func inject(_ defines: [ShaderDefine], into text: String) -> String {
        guard !defines.isEmpty else { return text }
        let block = lastOfEach(defines).map(\.description).joined(separator: "\n")
        var lineStart = text.startIndex
        var number = 1
        while lineStart < text.endIndex {
            let lineEnd = text[lineStart...].firstIndex(of: "\n") ?? text.endIndex
            let line = text[lineStart..<lineEnd].drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("#"), line.dropFirst().drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("version") {
                // The version line must come first: the defines go after it.
                guard lineEnd < text.endIndex else { return text + "\n" + block + "\n" }
                let next = text.index(after: lineEnd)
                return String(text[..<next]) + block + "\n#line \(number + 1)\n" + String(text[next...])
            }
            guard lineEnd < text.endIndex else { break }
            lineStart = text.index(after: lineEnd)
            number += 1
        }
        return block + "\n#line 1\n" + text
    }
}

extension ShaderDefine {
    /// `NAME` or `NAME=VALUE`, as `-D` takes it; refused with one line saying why for a name
    /// that is not a GLSL identifier (or one GLSL reserves) and a value of several lines.
    public init(parsing text: String) throws(RenderError) {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        self.init(String(parts[0]), parts.count > 1 ? String(parts[1]) : nil)
        if let problem { throw .arguments("bad define '\(text)': \(problem)") }
    }
}
