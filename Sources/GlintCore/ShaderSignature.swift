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
