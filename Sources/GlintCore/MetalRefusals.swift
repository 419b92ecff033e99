extension MetalTranslator {
    // MARK: - What cannot be translated

    /// The attributes a translated function may carry; any other is refused.
    static let knownAttributes: Set<String> = ["stitchable", "visible"]

    /// Attributes that bind a resource to a slot, refused with their own message.
    static let boundResourceAttributes: Set<String> = ["buffer", "texture", "sampler", "threadgroup", "color", "raster_order_group", "function_constant"]

    /// SIMD-group, quad-group and threadgroup functions, which need a compute kernel.
    static func isGroupFunction(_ name: String) -> Bool {
        let exact: Set<String> = ["simd_sum", "simd_product", "simd_max", "simd_min", "simd_and", "simd_or", "simd_xor", "simd_ballot",
                                  "simd_all", "simd_any", "simd_is_first", "simd_active_threads_mask", "simdgroup_barrier",
                                  "threadgroup_barrier"]
        return exact.contains(name) || name.hasPrefix("simd_shuffle") || name.hasPrefix("simd_broadcast")
            || name.hasPrefix("simd_prefix") || name.hasPrefix("quad_")
    }

    /// The element types a `.data` argument may be read as, by their Metal names, and what the
    /// translation calls each (`MetalTranslator.dataRead`).
    static let dataElements: [String: String] = [
        "uchar": "uchar", "uint8_t": "uchar", "char": "char", "int8_t": "char",
        "ushort": "ushort", "uint16_t": "ushort", "short": "short", "int16_t": "short",
        "uint": "uint", "uint32_t": "uint", "int": "int", "int32_t": "int", "float": "float",
    ]

    /// The GLSL that reads element `i` of a `.data` argument `name` (its `uint` words, four bytes
    /// each, little-endian) viewed as `element`: the pieces between which the index is written
    /// (twice for the bytes and halves of a word), and the type read.
    static func dataRead(_ element: String, _ name: String) -> (pieces: [String], type: Scalar)? {
        switch element {
        case "uint": return (["\(name)[", "]"], .uint)
        case "int": return (["int(\(name)[", "])"], .int)
        case "float": return (["uintBitsToFloat(\(name)[", "])"], .float)
        case "uchar": return (["((\(name)[int(", ") >> 2] >> (8 * (int(", ") & 3))) & 255u)"], .uint)
        case "char": return (["(int(\(name)[int(", ") >> 2] << (24 - 8 * (int(", ") & 3))) >> 24)"], .int)
        case "ushort": return (["((\(name)[int(", ") >> 1] >> (16 * (int(", ") & 1))) & 65535u)"], .uint)
        case "short": return (["(int(\(name)[int(", ") >> 1] << (16 - 16 * (int(", ") & 1))) >> 16)"], .int)
        default: return nil
        }
    }

    /// A pointer or reference in Metal's words: `device const float *values`, `thread float2 &p`.
    struct PointerDeclaration {
        /// `device`, `thread`, `constant`, or "" where none is written.
        var space: String
        var isConst: Bool
        /// The pointee's Metal type as written (`float`, `half4`, `void`).
        var type: String
        /// `*` or `&`.
        var marker: String
        /// The declared name's index among the words (nil where no name follows).
        var name: Int?
        /// The type as written with its address space, for messages: `device float *`.
        var spelled: String { [space, isConst ? "const" : "", type, marker].filter { !$0.isEmpty }.joined(separator: " ") }
    }

    /// The pointer or reference declared from `words[k]` (an address space, `const` or a type), if
    /// one is: `[const] [space] [const] TYPE [const] (* | &) [NAME]`.
    static func pointerDeclaration(_ words: [Token], at k: Int) -> PointerDeclaration? {
        var j = k
        var space = ""
        var isConst = false
        if words[j].text == "const" {
            isConst = true
            j += 1
        }
        if j < words.count, ["device", "thread", "constant"].contains(words[j].text) {
            space = words[j].text
            j += 1
        }
        if j < words.count, words[j].text == "const" {
            isConst = true
            j += 1
        }
        guard j < words.count, words[j].kind == .identifier else { return nil }
        var type = words[j].text
        j += 1
        while j + 1 < words.count, words[j].text == "::", words[j + 1].kind == .identifier {
            type = words[j + 1].text
            j += 2
        }
        if j < words.count, words[j].text == "<" {
            // texture2d<half>: not a pointer anyone writes, but skip its arguments.
            while j < words.count, words[j].text != ">" { j += 1 }
            j += 1
        }
        if j < words.count, words[j].text == "const" {
            isConst = true
            j += 1
        }
        guard j < words.count, words[j].text == "*" || words[j].text == "&" else { return nil }
        let marker = words[j].text
        let name = j + 1 < words.count && words[j + 1].kind == .identifier ? j + 1 : nil
        return PointerDeclaration(space: space, isConst: isConst, type: type, marker: marker, name: name)
    }

    /// A cast of a `.data` argument, from `words[k]`: `(device const T *)name` or
    /// `reinterpret_cast<device const T *>(name)` (`static_cast` too). Returns the element it is
    /// read as, the argument's name and the index of the cast's last word; throws for a cast that
    /// cannot be translated (to a struct, a vector, `half`, of something other than a `.data`
    /// argument). Nil where no pointer cast starts at `k`.
    static func dataCast(_ words: [Token], at k: Int, data: Set<String>) throws(Failure) -> (element: String, name: String, end: Int)? {
        let start = words[k]
        var j = k + 1
        var functional = false
        if start.text == "reinterpret_cast" || start.text == "static_cast" {
            guard j < words.count, words[j].text == "<" else { return nil }
            functional = true
            j += 1
        } else if start.text != "(" {
            return nil
        }
        guard j < words.count, let pointer = pointerDeclaration(words, at: j), pointer.marker == "*", pointer.name == nil else { return nil }
        // After the `*`: `)` then the name, or `>` `(` name `)`.
        var m = j
        while m < words.count, words[m].text != "*" { m += 1 }
        m += 1
        let closer = functional ? ">" : ")"
        guard m < words.count, words[m].text == closer else { return nil }
        m += 1
        if functional {
            guard m < words.count, words[m].text == "(" else { return nil }
            m += 1
        }
        guard m < words.count, words[m].kind == .identifier else { return nil }
        let name = words[m].text
        if functional {
            guard m + 1 < words.count, words[m + 1].text == ")" else { return nil }
            m += 1
        }
        let cast = "(\(pointer.spelled))\(name)"
        func refuse(_ why: String) -> Failure { Failure(line: start.line, column: start.column, message: why) }
        guard data.contains(name) else {
            throw refuse("the pointer cast `\(cast)` is not supported: Glint has no pointers; only a `device const void *` (.data) argument may be read through a cast")
        }
        guard pointer.isConst || pointer.space == "constant" else {
            throw refuse("`\(pointer.spelled)` output buffers are not supported: Glint shaders are pure functions")
        }
        if let element = dataElements[pointer.type] {
            return (element, name, m)
        }
        if pointer.type == "half" {
            throw refuse("`\(cast)` is not supported: a .data argument cannot be read as half; read it as `device const ushort *` or store floats")
        }
        if ValueType(glsl: renamed[pointer.type] ?? pointer.type) != nil {
            throw refuse("`\(cast)` is not supported: a .data argument is read one scalar at a time; read `device const float *` (or uint, uchar) and build the \(pointer.type)")
        }
        throw refuse("`\(cast)` cannot be translated: a .data argument cannot be read as a struct in GLSL; read its words as `device const float *` (or uint, uchar) and index them")
    }

    /// Whether `name` is a Metal type a pointer or reference may point to: a scalar, vector or
    /// matrix type, or a struct the file declares.
    static func isMetalType(_ name: String, structs: Set<String>) -> Bool {
        ValueType(glsl: renamed[name] ?? name) != nil || structs.contains(name) || ["half", "uchar", "char", "ushort", "short"].contains(name)
    }

    /// Throws at the first construct of the Metal `tokens` that GLSL cannot express, with its line
    /// and column and what to write instead; returns the names of the file's pointer parameters
    /// (`device const float *values`) and, among them, its `.data` arguments (`device const void *`).
    static func refuseUnsupported(_ tokens: [Token]) throws(Failure) -> (pointers: Set<String>, data: Set<String>) {
        let words = tokens.filter { !$0.isBlank && $0.kind != .directive }
        var braces = 0
        var parentheses = 0
        var pointers: Set<String> = []
        var data: Set<String> = []
        var structs: Set<String> = []
        func refuse(_ token: Token, _ why: String) -> Failure { Failure(line: token.line, column: token.column, message: why) }
        func text(_ k: Int) -> String { k >= 0 && k < words.count ? words[k].text : "" }
        /// Whether the word `k` ends an operand (so a `*` or `&` after it is binary).
        func endsOperand(_ k: Int) -> Bool {
            guard k >= 0 && k < words.count else { return false }
            let word = words[k]
            return (word.kind == .identifier && word.text != "return") || word.kind == .number || word.text == ")" || word.text == "]"
        }
        var k = 0
        while k < words.count {
            let word = words[k]
            defer { k += 1 }
            switch word.text {
            case "{": braces += 1
            case "}": braces = max(0, braces - 1)
            case "(": parentheses += 1
            case ")": parentheses = max(0, parentheses - 1)
            default: break
            }
            if word.kind == .punctuation {
                if word.text == "[", text(k + 1) == "[" {
                    var inner: [String] = []
                    var j = k + 2
                    while j + 1 < words.count, !(words[j].text == "]" && words[j + 1].text == "]") {
                        inner.append(words[j].text)
                        j += 1
                    }
                    let name = inner.first ?? ""
                    let spelled = "[[ \(inner.joined()) ]]"
                    if boundResourceAttributes.contains(name) {
                        throw refuse(word, "`\(spelled)` is not supported: bound resources belong to kernel, vertex and fragment functions; SwiftUI passes a [[ stitchable ]] function's arguments by position, so drop the attribute")
                    }
                    if !knownAttributes.contains(name) {
                        throw refuse(word, "`\(spelled)` is not supported: Glint runs [[ stitchable ]] functions (and [[ visible ]] ones), whose parameters take no attributes")
                    }
                    k = j + 1
                    continue
                }
                if word.text == "-", text(k + 1) == ">", words[k + 1].line == word.line, words[k + 1].column == word.column + 1 {
                    throw refuse(word, "`->` is not supported: Glint has no pointers; pass the value and use `.`")
                }
                if word.text == "&", !endsOperand(k - 1), text(k + 1) != "&", k > 0, text(k - 1) != "&" {
                    throw refuse(word, "taking an address (`&\(text(k + 1))`) is not supported: Glint has no pointers; pass the value, or take a `thread T &` reference parameter")
                }
                if word.text == "*", !endsOperand(k - 1), k + 1 < words.count, pointers.contains(words[k + 1].text) {
                    throw refuse(word, "dereferencing `\(words[k + 1].text)` (`*\(words[k + 1].text)`) is not supported: index it, as \(words[k + 1].text)[0]")
                }
                if word.text == "(", let cast = try dataCast(words, at: k, data: data) {
                    parentheses -= 1  // its `)` is skipped with it
                    k = cast.end
                    continue
                }
                continue
            }
            guard word.kind == .identifier else { continue }
            let name = word.text
            switch name {
            case "kernel", "vertex", "fragment", "visible_function_table", "intersection", "mesh", "object":
                if braces == 0 && parentheses == 0 && k + 1 < words.count && words[k + 1].kind == .identifier {
                    throw refuse(word, "`\(name)` functions are not supported: Glint runs SwiftUI's [[ stitchable ]] functions (colorEffect, layerEffect, distortionEffect)")
                }
            case "threadgroup", "threadgroup_imageblock":
                throw refuse(word, "`\(name)` memory is not supported: Glint shaders draw each pixel on its own, with nothing shared")
            case "template", "typename":
                throw refuse(word, "templates are not supported: write the function once for each type")
            case "reinterpret_cast", "static_cast":
                if let cast = try dataCast(words, at: k, data: data) {
                    k = cast.end
                    continue
                }
                if name == "reinterpret_cast" {
                    throw refuse(word, "`reinterpret_cast` is not supported: use as_type<T>(x) for the bits of a value, or a constructor, as float(x)")
                }
            case "as_type":
                if text(k + 1) == "<" {
                    let target = text(k + 2)
                    let known = ["float", "int", "uint"].flatMap { [$0, $0 + "2", $0 + "3", $0 + "4"] }
                    if !known.contains(target) || text(k + 3) != ">" {
                        throw refuse(word, "`as_type<\(target)>` is not supported: Glint reinterprets bits as float, int and uint (and their vectors) only")
                    }
                }
            default:
                if name.hasPrefix("atomic") {
                    throw refuse(word, "atomics (`\(name)`) are not supported: Glint shaders are pure functions, with nothing shared between pixels")
                }
                if isGroupFunction(name) {
                    throw refuse(word, "`\(name)` is not supported: SIMD-group and threadgroup functions need a compute kernel; Glint draws each pixel on its own")
                }
            }
            // Pointers and references: `device const float *values`, `thread float2 &p`, `const float &x`.
            let spaces = ["device", "thread", "constant"]
            let startsDeclaration = spaces.contains(name)
                || ((name == "const" || isMetalType(name, structs: structs)) && !(spaces + ["const"]).contains(text(k - 1)))
            if startsDeclaration, let pointer = pointerDeclaration(words, at: k),
               !pointer.space.isEmpty || isMetalType(pointer.type, structs: structs) || pointer.type == "void" {
                let isParameter = braces == 0 && parentheses > 0
                let nameText = pointer.name.map { words[$0].text } ?? ""
                if pointer.marker == "&" {
                    if pointer.space == "device" && !pointer.isConst {
                        throw refuse(word, "`\(pointer.spelled)` output references are not supported: Glint shaders are pure functions")
                    }
                    if !isParameter {
                        throw refuse(word, "references (`\(pointer.spelled)\(nameText)`) are supported as parameters only: use a local copy")
                    }
                    k = pointer.name ?? k
                    continue
                }
                if pointer.space == "device" && !pointer.isConst {
                    throw refuse(word, "`\(pointer.spelled)` output buffers are not supported: Glint shaders are pure functions")
                }
                if pointer.space == "thread" && !pointer.isConst {
                    throw refuse(word, "`\(pointer.spelled)` pointers are not supported: Glint shaders are pure functions; return the value, or take a `thread \(pointer.type) &` reference")
                }
                if isParameter {
                    pointers.insert(nameText)
                    if pointer.type == "void" { data.insert(nameText) }
                    k = pointer.name ?? k
                    continue
                }
                if braces > 0, let nameIndex = pointer.name, text(nameIndex + 1) == "=", nameIndex + 2 < words.count,
                   let cast = try dataCast(words, at: nameIndex + 2, data: data), text(cast.end + 1) == ";" {
                    k = cast.end
                    continue  // device const float *f = (device const float *)data;
                }
                if braces > 0 {
                    throw refuse(word, "pointer variables (`\(pointer.spelled)\(nameText)`) are not supported: index the array parameter itself")
                }
                throw refuse(word, "pointers at file scope (`\(pointer.spelled)\(nameText)`) are not supported: declare a `constant` array")
            }
            if name == "struct", k + 1 < words.count, words[k + 1].kind == .identifier { structs.insert(words[k + 1].text) }
            // Pointer arithmetic on a pointer parameter: values + 1, values++.
            if pointers.contains(name), ["+", "-", "+=", "-="].contains(text(k + 1)) {
                throw refuse(word, "pointer arithmetic on `\(name)` is not supported: index it, as \(name)[i]")
            }
        }
        return (pointers, data)
    }
}
