extension MetalTranslator {
    // MARK: - Line endings

    /// `source` with CRLF and CR-only line endings made LF, so a file saved on Windows or by an
    /// old Mac editor reads as the same lines (and its errors name the same lines).
    static func normalizedLineEndings(_ source: String) -> String {
        guard source.utf8.contains(13) else { return source }
        var scalars = String.UnicodeScalarView()
        var afterCR = false
        for scalar in source.unicodeScalars {
            if scalar == "\r" {
                scalars.append("\n")
                afterCR = true
                continue
            }
            if !(scalar == "\n" && afterCR) { scalars.append(scalar) }
            afterCR = false
        }
        return String(scalars)
    }

    // MARK: - Names GLSL keeps for itself

    /// Names a Metal file may give its variables, parameters, fields and functions that GLSL 3.30
    /// reserves as keywords (`input`, `out`, `filter`, `smooth`, …) or has built-in functions of
    /// that Metal does not (`texture`, `mod`, …, and the translation calls them): each is written
    /// with a `_` after it (`input_`), everywhere it is used.
    static let glslReserved: Set<String> = [
        // Keywords, and words reserved for later, that Metal leaves free.
        "input", "output", "in", "out", "inout", "uniform", "varying", "attribute", "layout", "centroid", "flat", "smooth",
        "noperspective", "invariant", "precision", "lowp", "mediump", "highp", "superp", "subroutine", "patch", "sample",
        "buffer", "shared", "coherent", "readonly", "writeonly", "common", "partition", "active", "filter", "resource",
        "packed", "fixed", "external", "interface", "noinline", "cast", "row_major", "discard",
        "hvec2", "hvec3", "hvec4", "fvec2", "fvec3", "fvec4", "dvec2", "dvec3", "dvec4",
        // GLSL's own functions, which a function or variable of that name would hide or redefine.
        "texture", "textureLod", "textureOffset", "textureLodOffset", "textureGrad", "textureGradOffset", "textureProj",
        "textureProjLod", "textureProjOffset", "texelFetch", "texelFetchOffset", "textureSize", "mod", "inversesqrt",
        "roundEven", "lessThan", "lessThanEqual", "greaterThan", "greaterThanEqual", "equal", "notEqual",
        "floatBitsToInt", "floatBitsToUint", "intBitsToFloat", "uintBitsToFloat", "outerProduct", "matrixCompMult",
        "dFdx", "dFdy", "main", "layerSample",
    ]

    /// The GLSL name of the Metal name `name`: itself, or with a `_` after it where GLSL keeps it.
    static func glslName(_ name: String) -> String {
        glslReserved.contains(name) ? name + "_" : name
    }

    // MARK: - Includes

    /// What the preprocessor line `directive` includes (`<metal_stdlib>`, `"Common.metal"`), or nil
    /// where it is no `#include`. A comment after it is not part of it.
    static func includeTarget(_ directive: String) -> String? {
        let body = directive.dropFirst().drop { $0 == " " || $0 == "\t" }
        guard body.hasPrefix("include") else { return nil }
        let rest = body.dropFirst("include".count)
        guard rest.first.map({ $0 == " " || $0 == "\t" || $0 == "<" || $0 == "\"" }) ?? true else { return nil }  // #included, …
        let target = rest.drop { $0 == " " || $0 == "\t" }
        switch target.first {
        case "<":
            guard let close = target.firstIndex(of: ">") else { return String(target) }
            return String(target[...close])
        case "\"":
            guard let close = target.dropFirst().firstIndex(of: "\"") else { return String(target) }
            return String(target[...close])
        default:
            return String(target.prefix { $0 != " " && $0 != "\t" })
        }
    }

    /// Whether `target` (`<metal_math>`) is a header whose declarations the translation provides
    /// or refuses where used: Metal's standard library (every `<metal_…>` header), SwiftUI's, and
    /// `<simd/simd.h>`.
    static func isKnownHeader(_ target: String) -> Bool {
        if ["<SwiftUI/SwiftUI_Metal.h>", "<SwiftUI/SwiftUI.h>", "<simd/simd.h>"].contains(target) { return true }
        guard target.hasPrefix("<metal_"), target.hasSuffix(">") else { return false }
        return target.dropFirst().dropLast().allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }

    // MARK: - sizeof

    /// The size in bytes Metal gives each scalar, vector and matrix type: a 3-element vector
    /// takes the room of 4 (a `packed_` one does not), a matrix is its columns.
    static let byteSizes: [String: Int] = {
        let scalars: [(String, Int)] = [
            ("bool", 1), ("char", 1), ("uchar", 1), ("short", 2), ("ushort", 2), ("half", 2), ("bfloat", 2),
            ("int", 4), ("uint", 4), ("float", 4), ("long", 8), ("ulong", 8),
        ]
        var sizes: [String: Int] = [
            "int8_t": 1, "uint8_t": 1, "int16_t": 2, "uint16_t": 2, "int32_t": 4, "uint32_t": 4, "int64_t": 8, "uint64_t": 8,
            "size_t": 8, "ptrdiff_t": 8,
        ]
        for (name, size) in scalars {
            sizes[name] = size
            for n in 2...4 {
                sizes["\(name)\(n)"] = size * (n == 3 ? 4 : n)
                sizes["packed_\(name)\(n)"] = size * n
            }
        }
        for (name, size) in [("half", 2), ("float", 4)] {
            for columns in 2...4 {
                for rows in 2...4 { sizes["\(name)\(columns)x\(rows)"] = columns * size * (rows == 3 ? 4 : rows) }
            }
        }
        return sizes
    }()

    /// The byte size of `sizeof(TYPE)` starting at the token `at` (`sizeof`), and the index of
    /// its `)`; refused for anything but a scalar, vector or matrix type.
    static func sizeofValue(_ tokens: [Token], at: Int) throws(Failure) -> (bytes: Int, end: Int) {
        let start = tokens[at]
        var k = at + 1
        while k < tokens.count, tokens[k].isBlank { k += 1 }
        var spelled = "sizeof"
        var inner: [String] = []
        var end = k
        if k < tokens.count, tokens[k].text == "(" {
            var depth = 0
            end = k
            while end < tokens.count {
                let t = tokens[end].text
                if t == "(" { depth += 1 } else if t == ")" { depth -= 1 }
                if depth == 0 { break }
                if end > k, !tokens[end].isBlank { inner.append(t) }
                end += 1
            }
            spelled += "(" + inner.joined() + ")"
        } else if k < tokens.count {
            spelled += " " + tokens[k].text
        }
        if inner.count == 3, inner[0] == "metal", inner[1] == "::" { inner.removeFirst(2) }
        guard end < tokens.count, inner.count == 1, let bytes = byteSizes[inner[0]] else {
            throw Failure(line: start.line, column: start.column, message: "`\(spelled)` is not supported: Glint knows the sizes of Metal's scalar, vector and matrix types (sizeof(float4) is 16); write this size as a number")
        }
        return (bytes, end)
    }

    // MARK: - Sampling

    /// How `t.sample(s, coord, …)` is written in GLSL.
    struct SampleCall {
        /// `texture`, `textureOffset`, `textureLod`, `textureLodOffset`, `textureGrad` or `textureGradOffset`.
        var function: String
        /// The token after the sampler and its comma, where the translation goes on.
        var resume: Int
        /// Tokens written otherwise, by index: an option's name and parentheses left out
        /// (`level(2)` → `2`), or `bias` renamed `metal_bias` where an offset follows it, for the
        /// typed pass to move it after the offset, where GLSL's `textureOffset` takes it.
        var edits: [Int: String]
    }

    /// The options a texture's `sample` takes between the position and the offset.
    static let sampleOptions: Set<String> = ["bias", "level", "gradient2d", "min_lod_clamp"]

    /// The GLSL for `texture.sample(s, coord [, bias(b) | level(l) | gradient2d(dx, dy)] [, offset])`,
    /// its `(` at `open`: an `int2` offset (an `int` broadcast) is `textureOffset`'s, never a bias.
    /// What GLSL 3.30 cannot say (`min_lod_clamp`), or Metal does not take, is refused at its token.
    static func sampleCall(_ tokens: [Token], texture: String, open: Int, at token: Token) throws(Failure) -> SampleCall {
        var arguments: [(start: Int, end: Int)] = []
        var depth = 0
        var start = open + 1
        var k = open + 1
        while k < tokens.count {
            let t = tokens[k].text
            if t == "(" || t == "[" || t == "{" {
                depth += 1
            } else if t == ")" || t == "]" || t == "}" {
                if depth == 0 { break }
                depth -= 1
            } else if t == "," && depth == 0 {
                arguments.append((start, k))
                start = k + 1
            }
            k += 1
        }
        arguments.append((start, k))
        func significant(_ range: (start: Int, end: Int)) -> [Int] { (range.start..<range.end).filter { !tokens[$0].isBlank } }
        guard k < tokens.count, arguments.count >= 2, !significant(arguments[1]).isEmpty else {
            throw Failure(line: token.line, column: token.column, message: "\(texture).sample takes a sampler and a position")
        }
        var option: (name: String, word: Int, open: Int, close: Int)?
        var offset: Int?
        for argument in arguments.dropFirst(2) {
            let words = significant(argument)
            guard let first = words.first else {
                throw Failure(line: token.line, column: token.column, message: "\(texture).sample has an empty argument")
            }
            let word = tokens[first]
            func refuse(_ why: String) -> Failure { Failure(line: word.line, column: word.column, message: why) }
            guard word.kind == .identifier, sampleOptions.contains(word.text), words.count >= 3, tokens[words[1]].text == "(",
                  tokens[words[words.count - 1]].text == ")" else {
                if offset != nil { throw refuse("\(texture).sample takes one offset, its last argument") }
                offset = first
                continue
            }
            if word.text == "min_lod_clamp" {
                throw refuse("`min_lod_clamp` is not supported: GLSL 3.30 cannot clamp the level of one sample; leave it out, or choose the level with level(…)")
            }
            if offset != nil {
                throw refuse("the offset of \(texture).sample comes last, after \(word.text)(…)")
            }
            if option != nil {
                throw refuse("\(texture).sample takes one of bias(…), level(…) and gradient2d(…)")
            }
            option = (word.text, first, words[1], words[words.count - 1])
        }
        var edits: [Int: String] = [:]
        if let option {
            if option.name == "bias" && offset != nil {
                edits[option.word] = "metal_bias"
            } else {
                edits[option.word] = ""
                edits[option.open] = ""
                edits[option.close] = ""
            }
        }
        let base: String
        switch option?.name {
        case "level"?: base = "textureLod"
        case "gradient2d"?: base = "textureGrad"
        default: base = "texture"
        }
        return SampleCall(function: base + (offset == nil ? "" : "Offset"), resume: arguments[0].end + 1, edits: edits)
    }
}
