/// Translates a SwiftUI Metal shader file, as written for `[[ stitchable ]]` functions, into the
/// GLSL 3.30 the pipeline compiles: the Metal Shading Language subset SwiftUI effects use, line
/// for line, so the driver's messages and `ShaderSignature`'s point at the Metal file's own lines.
///
/// It works in three steps over tokens, not text (comments and strings are never touched, a name
/// is replaced only where it is a whole identifier):
/// 1. `refuseUnsupported` refuses, at its line and column, what GLSL cannot express: output
///    pointers and references (`device float *`), `thread` pointers, pointer variables, pointer
///    arithmetic, dereferencing, `->`, taking an address, `kernel`/`vertex`/`fragment` functions,
///    attributes other than `[[ stitchable ]]` and `[[ visible ]]` (`[[ buffer(0) ]]` …),
///    `threadgroup` memory, atomics, SIMD-group functions, templates, `reinterpret_cast`, and casts
///    of a `.data` argument to a struct, a vector or `half`;
/// 2. the names and forms are translated:
///    - `#include` of Metal's standard headers (`<metal_stdlib>`, `<metal_math>`, …, every
///      `<metal_…>`), `<SwiftUI/SwiftUI_Metal.h>` and `<simd/simd.h>`, `using namespace …;`,
///      attributes, `inline`, `static`, `constexpr` and `constant` (as `const`), `device`/`thread`
///      address spaces, `metal::`, `SwiftUI::`, `precise::` and `fast::`; CRLF and CR-only line
///      endings (as LF);
///    - `sizeof` of a scalar, vector or matrix type (its size in bytes, `sizeof(float3)` 16);
///    - the scalar, vector and matrix types (`half4` → `vec4`, `int2` → `ivec2`, `float3x3` →
///      `mat3`, …), half and float literal suffixes (`1.0h`, `2h`, `0.5f`);
///    - `fmod` (C's sign, as Metal's), `atan2`, `rsqrt`, `saturate`, `select`, `powr`, `fabs`,
///      `fmin`, `fmax`, `fma`, `copysign`, `log10`, `exp10`, `sinpi`, `cospi`, `tanpi`,
///      `fmin3`/`min3`, `fmax3`/`max3`, `length_squared`, `distance_squared`, `as_type<T>` (float,
///      int, uint and their vectors), `static_cast<T>(x)`, and the constants `M_PI_F`, `M_PI_2_F`,
///      `M_PI_4_F`, `M_1_PI_F`, `M_2_PI_F`, `M_E_F`, `M_SQRT2_F`, `M_LN2_F`, `M_LN10_F` and their
///      `_H` twins;
///    - `SwiftUI::Layer layer` with `layer.sample(p)`; `texture2d<half> t` with `t.sample(s, uv)`
///      (the sampler's state is a `// glint: sampler` marker) and its options: an `int2` offset
///      (`textureOffset`), `bias(b)`, `level(l)` (`textureLod`) and `gradient2d(dx, dy)`
///      (`textureGrad`); `t.get_width()`, `t.get_height()` and `t.read(p)`;
///    - `device const float *values, int count` and `device const half4 *colors, int count`
///      (`.floatArray`, `.colorArray`: arrays of `arrayLength`), `device const void *data, int
///      size` (`.data`: `uint data[N]`, read through `((device const float *)data)[i]` and its
///      uchar, char, ushort, short, int and uint twins, or a local such view); `thread T &x`
///      parameters (`inout T x`; `const`: `const T x`);
/// 3. `TypedPass` follows the types and writes the conversions Metal makes implicitly and GLSL
///    does not (numbers in arithmetic and as conditions, scalar broadcasts, vector comparisons and
///    `?:`, C casts, `auto`, brace initialisers, C++ direct initialisation: `half4 res(0.0);`).
///    It recurses once a level of nesting, on a stack of its own, and refuses a file nested
///    deeper than `maxNesting`.
///
/// Anything else passes through for the GLSL compiler to judge; `#include` of a header Glint does
/// not know and sampler declarations it cannot honour are refused with their line and column.
public enum MetalTranslator {
    /// Why a Metal file cannot be translated: where (1-based line and column) and what.
    public struct Failure: Error, Equatable, CustomStringConvertible, Sendable {
        public let line: Int
        public let column: Int
        public let message: String
        public var description: String { "\(line):\(column): \(message)" }

        public init(line: Int, column: Int, message: String) {
            self.line = line
            self.column = column
            self.message = message
        }
    }

    /// The length of the array a pointer parameter becomes: the most values a `.floatArray` or
    /// colours a `.colorArray` argument may carry to a translated function.
    public static let arrayLength = 64

    /// How deep parentheses, calls, operators, blocks and initialisers may nest in a translated
    /// file: far beyond what anyone writes, and shallow enough that the typed pass, which
    /// recurses once a level, fits a secondary thread's 512 KB stack.
    public static let maxNesting = 256

    /// Whether `path` names a Metal file.
    public static func isMetal(_ path: String) -> Bool { path.hasSuffix(".metal") }

    /// The name of the first `[[ stitchable ]]` function of `source`, if any.
    public static func stitchableFunction(in source: String) -> String? {
        let words = tokenize(normalizedLineEndings(source)).filter { !$0.isBlank }
        guard let at = words.firstIndex(where: { $0.text == "stitchable" }) else { return nil }
        var k = at
        while k + 1 < words.count, !(words[k].text == "]" && words[k + 1].text == "]") { k += 1 }
        // ]] TYPE NAME (
        guard k + 4 < words.count, words[k + 2].kind == .identifier, words[k + 3].kind == .identifier, words[k + 4].text == "(" else { return nil }
        return words[k + 3].text
    }

    /// The GLSL for the Metal `source`, with the helpers it calls (`metal_fmod`, …) on its first
    /// line that is not a directive.
    public static func translate(_ source: String) throws(Failure) -> String {
        var helpers: Set<String> = []
        let text = try translate(source, helpers: &helpers)
        return insertHelpers(helpers, into: text)
    }

    /// The GLSL for the Metal `source` without the helpers it calls, which are added to `helpers`
    /// (for a file spliced into another by `#include`, whose helpers the including file holds).
    /// `#include "file"` lines pass through for the caller to expand.
    public static func translate(_ source: String, helpers used: inout Set<String>) throws(Failure) -> String {
        let tokens = tokenize(normalizedLineEndings(source))
        let (_, dataArguments) = try refuseUnsupported(tokens)
        // The words (tokens that are neither space, comments nor directives), and where each token's is.
        var words: [Token] = []
        var wordAt = [Int](repeating: -1, count: tokens.count)
        var tokenOf: [Int] = []
        for (j, token) in tokens.enumerated() where !token.isBlank && token.kind != .directive {
            wordAt[j] = words.count
            words.append(token)
            tokenOf.append(j)
        }
        let structs = Set(words.indices.dropLast().filter { words[$0].text == "struct" && words[$0 + 1].kind == .identifier }.map { words[$0 + 1].text })
        // Locals that alias a `.data` argument's cast (`device const float *f = (device const float *)data;`).
        var views: [String: String] = [:]
        var braces = 0
        var parentheses = 0
        var layers: Set<String> = []
        var textures: Set<String> = []
        var helpers: Set<String> = []
        var out: [Token] = []
        out.reserveCapacity(tokens.count)
        // The function each token is in (nil outside any), and which textures each function reads
        // with each sampler name: `t.sample(s, …)`, found before the samplers' declarations are met.
        var functionAt = [String?](repeating: nil, count: tokens.count)
        var readers: [String: [String: [String]]] = [:]  // function → sampler → textures
        do {
            var depth = 0
            var candidate: String?
            var current: String?
            for j in tokens.indices {
                let t = tokens[j]
                if t.kind == .identifier && depth == 0 && text(next(j + 1)) == "(" { candidate = t.text }
                if t.text == "{" {
                    if depth == 0 { current = candidate }
                    depth += 1
                } else if t.text == "}" {
                    depth = max(0, depth - 1)
                    if depth == 0 { current = nil }
                }
                functionAt[j] = current
                guard t.text == "sample", j >= 2, tokens[j - 1].text == ".", let function = current else { continue }
                let open = next(j + 1)
                guard text(open) == "(" else { continue }
                let argument = next(open + 1)
                guard argument < tokens.count, tokens[argument].kind == .identifier else { continue }
                let texture = tokens[j - 2].text
                if !(readers[function]?[tokens[argument].text]?.contains(texture) ?? false) {
                    readers[function, default: [:]][tokens[argument].text, default: []].append(texture)
                }
            }
        }
        var samplerOf: [String: String] = [:]
        // Tokens a `t.sample(…)` writes otherwise, by index ("": left out).
        var sampleEdits: [Int: String] = [:]
        var i = 0

        /// The index of the next token that is not space or a comment, from `j`.
        func next(_ j: Int) -> Int {
            var k = j
            while k < tokens.count, tokens[k].isBlank { k += 1 }
            return k
        }
        func text(_ j: Int) -> String { j < tokens.count ? tokens[j].text : "" }
        /// The last token written that is not space or a comment.
        func previousWritten() -> String? { out.last { !$0.isBlank }?.text }
        /// The newlines among the tokens `a...b`, to keep the lines where they were.
        func newlines(_ a: Int, _ b: Int) -> String {
            String(repeating: "\n", count: tokens[a...min(b, tokens.count - 1)].reduce(0) { $0 + $1.text.filter { $0 == "\n" }.count })
        }
        /// The name a `.data` view is written as for the typed pass (`glint_view_float_data`).
        func view(_ element: String, _ name: String) -> String { viewPrefix + "\(element)_\(glslName(name))" }

        while i < tokens.count {
            let token = tokens[i]
            if let edit = sampleEdits[i] {
                if !edit.isEmpty { out.append(token.with(edit)) }
                i += 1
                continue
            }
            switch token.kind {
            case .directive:
                if let target = includeTarget(token.text) {
                    if isKnownHeader(target) {
                        i += 1
                        continue  // what it declares, the translation provides (or refuses where it is used)
                    }
                    guard target.hasPrefix("\"") else {
                        throw Failure(line: token.line, column: token.column, message: "#include \(target) is not a header Glint knows (it knows Metal's own, as <metal_stdlib>, and SwiftUI's): include your own files as \"file.metal\"")
                    }
                }
                out.append(token)
                i += 1
            case .identifier:
                let name = token.text
                // using namespace metal;
                if name == "using" {
                    var k = i
                    while k < tokens.count, tokens[k].text != ";" { k += 1 }
                    let kept = newlines(i, k)  // a `;` lines away: its lines stay
                    if !kept.isEmpty { out.append(token.with(kept, kind: .space)) }
                    i = k + 1
                    continue
                }
                // metal::, SwiftUI::, precise::, fast::
                if ["metal", "SwiftUI", "precise", "fast"].contains(name), text(next(i + 1)) == "::" {
                    let kept = newlines(i, next(i + 1))
                    if !kept.isEmpty { out.append(token.with(kept, kind: .space)) }
                    i = next(i + 1) + 1
                    continue
                }
                // Pointer and reference parameters, and locals viewing a `.data` argument (the
                // rest is refused by refuseUnsupported).
                if wordAt[i] >= 0, ["device", "thread", "constant", "const"].contains(name) || isMetalType(name, structs: structs),
                   !["device", "thread", "constant", "const"].contains(wordAt[i] > 0 ? words[wordAt[i] - 1].text : ""),
                   let pointer = pointerDeclaration(words, at: wordAt[i]), let nameWord = pointer.name,
                   !pointer.space.isEmpty || pointer.marker == "&" || pointer.isConst {
                    let end = tokenOf[nameWord]
                    let variable = words[nameWord].text
                    let type = renamed[pointer.type] ?? pointer.type
                    let isParameter = braces == 0 && parentheses > 0
                    if pointer.marker == "&" && isParameter {
                        // thread float2 &p → inout vec2 p; const float &x → const float x.
                        out.append(token.with("\(pointer.isConst ? "const" : "inout") \(type) \(glslName(variable))" + newlines(i, end)))
                        i = end + 1
                        continue
                    }
                    if pointer.marker == "*" && isParameter {
                        // device const float *values → const float values[N]; device const void *data → const uint data[N].
                        out.append(token.with("const \(type == "void" ? "uint" : type) \(glslName(variable))[\(arrayLength)]" + newlines(i, end)))
                        i = end + 1
                        continue
                    }
                    if pointer.marker == "*", braces > 0, nameWord + 2 < words.count, words[nameWord + 1].text == "=",
                       let cast = try dataCast(words, at: nameWord + 2, data: dataArguments), cast.end + 1 < words.count, words[cast.end + 1].text == ";" {
                        views[variable] = view(cast.element, cast.name)
                        let semicolon = tokenOf[cast.end + 1]
                        out.append(token.with(newlines(i, semicolon), kind: .space))
                        i = semicolon + 1
                        continue
                    }
                }
                if let alias = views[name] {
                    out.append(token.with(alias))
                    i += 1
                    continue
                }
                if name == "reinterpret_cast" || name == "static_cast", wordAt[i] >= 0 {
                    if let cast = try dataCast(words, at: wordAt[i], data: dataArguments) {
                        out.append(token.with(view(cast.element, cast.name) + newlines(i, tokenOf[cast.end])))
                        i = tokenOf[cast.end] + 1
                        continue
                    }
                    // static_cast<float>(x) → float(x)
                    let w = wordAt[i]
                    if w + 3 < words.count, words[w + 1].text == "<", words[w + 3].text == ">" {
                        out.append(token.with((renamed[words[w + 2].text] ?? words[w + 2].text) + newlines(i, tokenOf[w + 3])))
                        i = tokenOf[w + 3] + 1
                        continue
                    }
                }
                if name == "sizeof" {
                    // sizeof(float4) → 16
                    let size = try sizeofValue(tokens, at: i)
                    out.append(token.with("\(size.bytes)" + newlines(i, size.end), kind: .number))
                    i = size.end + 1
                    continue
                }
                if name == "as_type", wordAt[i] >= 0 {
                    // as_type<float>(bits) → metal_as_float(bits)
                    let w = wordAt[i]
                    if w + 3 < words.count, words[w + 1].text == "<", words[w + 3].text == ">" {
                        out.append(token.with("metal_as_" + words[w + 2].text + newlines(i, tokenOf[w + 3])))
                        helpers.insert("as_type")
                        i = tokenOf[w + 3] + 1
                        continue
                    }
                }
                if ["inline", "static", "device", "thread", "threadgroup"].contains(name) {
                    // The space after it goes too, but not a newline: `inline` on a line of its own.
                    let kept = newlines(i, next(i + 1) - 1)
                    if !kept.isEmpty { out.append(token.with(kept, kind: .space)) }
                    i = next(i + 1)
                    continue
                }
                if name == "sampler" {
                    // constexpr sampler s(address::repeat, filter::nearest); → a marker the renderer reads.
                    let nameIndex = next(i + 1)
                    guard nameIndex < tokens.count, tokens[nameIndex].kind == .identifier else {
                        throw Failure(line: token.line, column: token.column, message: "a sampler must be declared as `constexpr sampler s(…);`")
                    }
                    let samplerName = tokens[nameIndex].text
                    var k = next(nameIndex + 1)
                    var arguments: [Token] = []
                    if text(k) == "(" {
                        k += 1
                        while k < tokens.count, tokens[k].text != ")" {
                            if !tokens[k].isBlank { arguments.append(tokens[k]) }
                            k += 1
                        }
                        k = next(k + 1)
                    }
                    guard text(k) == ";" else {
                        // `sampler s` in a parameter list: SwiftUI cannot pass one.
                        throw Failure(line: token.line, column: token.column, message: "a sampler cannot be an argument: declare it where it is used, as `constexpr sampler \(samplerName)(filter::linear);`")
                    }
                    let state = try samplerState(arguments, at: token)
                    // The `const` that `constexpr` became goes with the declaration.
                    while let last = out.last, last.isBlank || last.text == "const" {
                        if last.text == "const" { out.removeLast(); break }
                        out.removeLast()
                    }
                    let newlines = tokens[i...min(k, tokens.count - 1)].reduce(0) { $0 + $1.text.filter { $0 == "\n" }.count }
                    // Declared in a function: the textures it reads there; at file scope: in every function.
                    let scope: [(function: String, textures: [String])] = functionAt[i].map { f in [(f, readers[f]?[samplerName] ?? [])] }
                        ?? readers.sorted { $0.key < $1.key }.map { ($0.key, $0.value[samplerName] ?? []) }
                    var marker = ""
                    for (function, textures) in scope {
                        for texture in textures {
                            let key = glslName(function) + "." + glslName(texture)
                            if let other = samplerOf[key], other != state {
                                throw Failure(line: token.line, column: token.column, message: "texture '\(texture)' of '\(function)' is read with two samplers; Glint gives each texture one")
                            }
                            samplerOf[key] = state
                            marker += "// glint: sampler \(key) \(state) "
                        }
                    }
                    out.append(token.with(marker + String(repeating: "\n", count: newlines), kind: .comment))
                    i = k + 1
                    continue
                }
                // texture2d<half> t
                if name == "texture2d" {
                    var k = next(i + 1)
                    if text(k) == "<" {
                        while k < tokens.count, tokens[k].text != ">" { k += 1 }
                        k += 1
                    }
                    out.append(token.with("sampler2D"))
                    let n = next(k)
                    if n < tokens.count, tokens[n].kind == .identifier { textures.insert(tokens[n].text) }
                    i = k
                    continue
                }
                if name == "Layer" {
                    out.append(token)
                    let n = next(i + 1)
                    if n < tokens.count, tokens[n].kind == .identifier { layers.insert(tokens[n].text) }
                    i += 1
                    continue
                }
                // layer.sample(p) → layerSample(layer, p); t.sample(s, uv) → texture(t, uv); t.get_width() …
                if text(i + 1) == ".", i + 2 < tokens.count, layers.contains(name) || textures.contains(name) {
                    let method = text(i + 2)
                    let open = next(i + 3)
                    if text(open) == "(" {
                        if layers.contains(name) && method == "sample" {
                            out.append(token.with("layerSample(\(glslName(name)), "))
                            i = open + 1
                            continue
                        }
                        if textures.contains(name) {
                            switch method {
                            case "sample":
                                // Drop the sampler argument: t.sample(s, uv) → texture(t, uv); options
                                // and an offset choose the function: t.sample(s, uv, level(2)) → textureLod(t, uv, 2).
                                let call = try sampleCall(tokens, texture: name, open: open, at: token)
                                out.append(token.with("\(call.function)(\(glslName(name)),"))
                                sampleEdits.merge(call.edits) { $1 }
                                i = call.resume
                                continue
                            case "get_width", "get_height":
                                let close = next(open + 1)
                                guard text(close) == ")" else { break }
                                out.append(token.with("textureSize(\(glslName(name)), 0).\(method == "get_width" ? "x" : "y")"))
                                i = close + 1
                                continue
                            case "read":
                                out.append(token.with("metal_read(\(glslName(name)), "))
                                helpers.insert("read")
                                i = open + 1
                                continue
                            default:
                                break
                            }
                        }
                    }
                }
                if let replacement = renamed[name] {
                    out.append(token.with(replacement))
                    if replacement.hasPrefix("metal_") { helpers.insert(String(replacement.dropFirst(6))) }
                    i += 1
                    continue
                }
                if let value = constants[name] {
                    out.append(token.with(value))
                    i += 1
                    continue
                }
                // A name GLSL reserves or gives a built-in (`input`, `texture`): renamed.
                let spelled = glslName(name)
                out.append(spelled == name ? token : token.with(spelled))
                i += 1
            case .number:
                out.append(token.with(floatLiteral(token.text)))
                i += 1
            case .punctuation:
                switch token.text {
                case "{":
                    if braces == 0 { parentheses = 0 }
                    braces += 1
                case "}":
                    braces = max(0, braces - 1)
                    if braces == 0 { views = [:] }
                case "(": parentheses += 1
                case ")": parentheses = max(0, parentheses - 1)
                default: break
                }
                // A `.data` argument read through a cast: ((device const float *)data)[i].
                if token.text == "(", wordAt[i] >= 0, let cast = try dataCast(words, at: wordAt[i], data: dataArguments) {
                    parentheses -= 1
                    out.append(token.with(view(cast.element, cast.name) + newlines(i, tokenOf[cast.end]), kind: .identifier))
                    i = tokenOf[cast.end] + 1
                    continue
                }
                // Attributes: [[ stitchable ]], [[ visible ]].
                if token.text == "[", text(i + 1) == "[" {
                    var k = i + 2
                    while k + 1 < tokens.count, !(tokens[k].text == "]" && tokens[k + 1].text == "]") { k += 1 }
                    // Keep the newlines inside, so lines stay where they were.
                    let newlines = tokens[i..<min(k + 2, tokens.count)].reduce(0) { $0 + $1.text.filter { $0 == "\n" }.count }
                    if newlines > 0 { out.append(token.with(String(repeating: "\n", count: newlines), kind: .space)) }
                    i = k + 2
                    continue
                }
                // A pointer parameter: `const float *values` → `const float values[N]`.
                if token.text == "*", let before = previousWritten(), isTypeName(before) {
                    let n = next(i + 1)
                    if n < tokens.count, tokens[n].kind == .identifier {
                        out.append(tokens[n].with("\(glslName(tokens[n].text))[\(arrayLength)]"))
                        i = n + 1
                        continue
                    }
                }
                out.append(token)
                i += 1
            case .space, .comment:
                out.append(token)
                i += 1
            }
        }
        // `constexpr` and `constant` became `const`: `constant const` collapses to one, a
        // `constexpr` function's goes, and a `const` local in a function body goes (Metal allows
        // any initializer; GLSL 3.30 only a constant one, and the value is the same either way).
        var translated: [Token] = []
        translated.reserveCapacity(out.count)
        var lastWord = ""
        var depth = 0
        var k = 0
        while k < out.count {
            let token = out[k]
            k += 1
            if token.kind == .punctuation {
                if token.text == "{" { depth += 1 } else if token.text == "}" { depth = max(0, depth - 1) }
            }
            if token.kind == .identifier || token.kind == .number {
                if token.text == "const" && (lastWord == "const" || depth > 0 || isConstexprFunction(out[k...], structs: structs)) {
                    if k < out.count, out[k].kind == .space, !out[k].text.contains("\n") { k += 1 }
                    continue
                }
                lastWord = token.text
            } else if !token.isBlank {
                lastWord = ""
            }
            translated.append(token)
        }
        // The typed pass, on the translated tokens (each at its Metal line and column).
        let (text, failure) = TypedPass.typed(retokenized(translated))
        if let failure { throw failure }
        used.formUnion(helpers)
        if tokens.contains(where: { $0.kind == .directive && $0.text.contains("include") && $0.text.contains("\"") }) {
            // What the included files declare is known once they are spliced in: insertHelpers
            // runs the typed pass again over the whole.
            used.insert(typedAgainMarker)
        }
        return text
    }

    /// Whether the tokens after a file-scope `const` declare a `constexpr` function (`const float
    /// sq(float x)`), whose `const` GLSL does not take, rather than a constant initialised the C++
    /// way (`const vec2 shift(0.5, 0.25)`, `const float k(scale)`).
    static func isConstexprFunction(_ after: ArraySlice<Token>, structs: Set<String>) -> Bool {
        let words = Array(after.lazy.filter { !$0.isBlank }.prefix(5))
        guard words.count >= 4, words[2].text == "(" else { return false }
        let first = words[3]
        switch first.kind {
        case .number:
            return false
        case .identifier:
            if ["true", "false"].contains(first.text) { return false }
            if ValueType(glsl: first.text) != nil || structs.contains(first.text) || ["void", "const", "in", "out", "inout"].contains(first.text) { return true }
            return words.count == 5 && words[4].kind == .identifier  // `f(Unknown p)`, not `k(scale)`
        default:
            return !["-", "+", "(", "!", "~"].contains(first.text)
        }
    }

    /// How the translation names a `.data` argument read through a cast, for the typed pass:
    /// `glint_view_float_data` (the element type, then the argument's name).
    static let viewPrefix = "glint_view_"

    /// What `translate(_:helpers:)` adds to the helpers of a file that includes another: the
    /// typed pass is run again over the spliced text by `insertHelpers`.
    static let typedAgainMarker = "#include: typed again"

    /// `tokens` with those whose text the translation made of several tokens
    /// (`layerSample(layer, `) split, each at the position of the token it replaced.
    static func retokenized(_ tokens: [Token]) -> [Token] {
        var result: [Token] = []
        result.reserveCapacity(tokens.count)
        for token in tokens {
            guard !token.isBlank, token.kind != .directive else {
                result.append(token)
                continue
            }
            let parts = tokenize(token.text)
            if parts.count == 1 {
                result.append(parts[0].kind == token.kind ? token : token.with(token.text, kind: parts[0].kind))
                continue
            }
            for part in parts {
                result.append(Token(kind: part.kind, text: part.text, line: token.line + part.line - 1,
                                    column: part.line == 1 ? token.column + part.column - 1 : part.column))
            }
        }
        return result
    }

    /// The marker text of a Metal sampler's arguments (`address::repeat, filter::nearest`):
    /// `wrap=S,T filter=MIN,MAG`, each `repeat`, `mirrored_repeat`, `clamp_to_edge` or
    /// `clamp_to_zero`, and `linear` or `nearest`.
    static func samplerState(_ arguments: [Token], at declaration: Token) throws(Failure) -> String {
        var wrap = ("clamp_to_edge", "clamp_to_edge")
        var filter = ("nearest", "nearest")  // Metal's default
        var mip = "none"
        var k = 0
        while k < arguments.count {
            if arguments[k].text == "," { k += 1; continue }
            guard k + 2 < arguments.count, arguments[k + 1].text == "::" else {
                throw Failure(line: arguments[k].line, column: arguments[k].column, message: "a sampler argument is written `key::value`, as address::repeat")
            }
            let key = arguments[k].text, value = arguments[k + 2].text, where_ = arguments[k]
            func refuse(_ why: String) -> Failure { Failure(line: where_.line, column: where_.column, message: why) }
            switch key {
            case "address", "s_address", "t_address", "r_address":
                let mode: String
                switch value {
                case "repeat", "mirrored_repeat", "clamp_to_edge", "clamp_to_zero": mode = value
                case "clamp_to_border": mode = "clamp_to_zero"
                default: throw refuse("address::\(value) is not an address mode Glint knows (repeat, mirrored_repeat, clamp_to_edge, clamp_to_zero)")
                }
                if key != "t_address" { wrap.0 = mode }
                if key != "s_address" { wrap.1 = mode }
            case "filter", "min_filter", "mag_filter":
                guard value == "linear" || value == "nearest" else { throw refuse("filter::\(value) is not a filter (linear, nearest)") }
                if key != "mag_filter" { filter.0 = value }
                if key != "min_filter" { filter.1 = value }
            case "coord":
                guard value == "normalized" else { throw refuse("coord::\(value) is not supported: sample with normalized coordinates") }
            case "mip_filter":
                guard ["none", "nearest", "linear"].contains(value) else { throw refuse("mip_filter::\(value) is not a mipmap filter (none, nearest, linear)") }
                mip = value
            case "max_anisotropy", "border_color", "lod_clamp":
                break  // nothing Glint sets
            default:
                throw refuse("'\(key)' is not a sampler setting Glint knows (address, filter, coord)")
            }
            k += 3
        }
        return "wrap=\(wrap.0),\(wrap.1) filter=\(filter.0),\(filter.1)" + (mip == "none" ? "" : " mip=\(mip)")
    }
}
