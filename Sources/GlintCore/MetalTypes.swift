extension MetalTranslator {
    /// A scalar type of GLSL 3.30, which every vector is made of.
    enum Scalar: String, Equatable, Sendable {
        case bool, int, uint, float

        /// The type C's usual arithmetic conversions give `self` and `other` together: float over
        /// unsigned over signed (a bool with a number counting as int).
        func common(with other: Scalar) -> Scalar {
            if self == other { return self }
            if self == .float || other == .float { return .float }
            if self == .uint || other == .uint { return .uint }
            return .int
        }

        /// The prefix of its vector types: `vec`, `ivec`, `uvec`, `bvec`.
        var vectorPrefix: String {
            switch self {
            case .float: return "vec"
            case .int: return "ivec"
            case .uint: return "uvec"
            case .bool: return "bvec"
            }
        }

        /// Zero written as a literal of this type, for `(x != 0)`.
        var zero: String {
            switch self {
            case .float: return "0.0"
            case .uint: return "0u"
            case .int: return "0"
            case .bool: return "false"
            }
        }

        /// Whether it is `int` or `uint`.
        var isInteger: Bool { self == .int || self == .uint }
    }

    /// The type of a GLSL value, as the typed pass (`TypedPass`) follows it.
    indirect enum ValueType: Equatable, Sendable {
        /// `float`, `int`, `uint`, `bool`.
        case scalar(Scalar)
        /// `vec2` … `bvec4`: the element type and 2, 3 or 4 elements.
        case vector(Scalar, Int)
        /// `mat2` … `mat4x3`: columns and rows of floats.
        case matrix(columns: Int, rows: Int)
        /// An array of a type, with its length where the source gives it.
        case array(ValueType, Int?)
        /// A struct, `sampler2D`, `Layer` or another type known by name only.
        case named(String)
        /// What a `void` function returns.
        case void
        /// A `.data` argument (`name`) read through a cast to `device const element *`: only
        /// indexing it translates (`MetalTranslator.dataRead`).
        case dataView(element: String, name: String)

        /// The type GLSL spells `name`, or nil for a name that is no type the pass knows (a
        /// struct's name is told apart by the caller).
        init?(glsl name: String) {
            switch name {
            case "float": self = .scalar(.float)
            case "int": self = .scalar(.int)
            case "uint": self = .scalar(.uint)
            case "bool": self = .scalar(.bool)
            case "void": self = .void
            case "sampler2D", "Layer": self = .named(name)
            default:
                for scalar in [Scalar.float, .int, .uint, .bool] {
                    let prefix = scalar.vectorPrefix
                    if name.count == prefix.count + 1, name.hasPrefix(prefix), let n = Int(name.dropFirst(prefix.count)), (2...4).contains(n) {
                        self = .vector(scalar, n)
                        return
                    }
                }
                if name.hasPrefix("mat") {
                    let shape = name.dropFirst(3).split(separator: "x").compactMap { Int($0) }
                    if shape.count == 1, (2...4).contains(shape[0]) {
                        self = .matrix(columns: shape[0], rows: shape[0])
                        return
                    }
                    if shape.count == 2, (2...4).contains(shape[0]), (2...4).contains(shape[1]) {
                        self = .matrix(columns: shape[0], rows: shape[1])
                        return
                    }
                }
                return nil
            }
        }

        /// A scalar, or a vector of `count` elements (`count` 1: the scalar).
        static func of(_ scalar: Scalar, count: Int) -> ValueType {
            count > 1 ? .vector(scalar, count) : .scalar(scalar)
        }

        /// How GLSL spells it (an array as its element type followed by `[N]`).
        var glsl: String {
            switch self {
            case .scalar(let s): return s.rawValue
            case let .vector(s, n): return "\(s.vectorPrefix)\(n)"
            case let .matrix(c, r): return c == r ? "mat\(c)" : "mat\(c)x\(r)"
            case let .array(element, n): return element.glsl + "[\(n.map(String.init) ?? "")]"
            case .named(let name): return name
            case .void: return "void"
            case let .dataView(element, name): return "(device const \(element) *)\(name)"
            }
        }

        /// The element type of a scalar or vector.
        var scalar: Scalar? {
            switch self {
            case .scalar(let s), .vector(let s, _): return s
            default: return nil
            }
        }

        /// How many elements a scalar (1) or vector has; nil for anything else.
        var width: Int? {
            switch self {
            case .scalar: return 1
            case .vector(_, let n): return n
            default: return nil
            }
        }

        /// The same shape with another element type.
        func with(_ scalar: Scalar) -> ValueType {
            switch self {
            case .vector(_, let n): return .vector(scalar, n)
            case .scalar: return .scalar(scalar)
            default: return self
            }
        }

        /// Whether it is a scalar of any kind.
        var isScalar: Bool {
            if case .scalar = self { return true } else { return false }
        }

        /// Whether it is a `.data` view.
        var isView: Bool {
            if case .dataView = self { return true } else { return false }
        }
    }

    // MARK: - Built-in functions

    /// How the typed pass treats a call to one of GLSL's built-in functions (or a helper of the
    /// translation's).
    enum Builtin: Sendable {
        /// Component-wise on floats only: every argument converts to float (`sin(1)`), scalars
        /// broadcast to the widest argument where GLSL has no overload taking them; the result is
        /// the widest argument's shape. `scalarAt` names the arguments GLSL lets stay scalar.
        case floats(scalarAt: ScalarPositions)
        /// Component-wise on floats or integers (`min`, `abs`): the arguments' common element type.
        case numbers(scalarAt: ScalarPositions)
        /// Float arguments (as `.floats`) and a float result: `length`, `distance`, `dot`.
        case floatResult
        /// A fixed result type, the arguments as they are.
        case fixed(ValueType)
        /// The result has the first argument's type.
        case firstArgument
        /// A bool vector as wide as the first argument (`lessThan`, `not`, `isnan`).
        case boolsLikeFirst
        /// A bool (`all`, `any`).
        case bool
        /// Reinterpreted bits, as wide as the first argument: `floatBitsToUint` and the like.
        case bits(Scalar)
    }

    /// Which arguments of a component-wise built-in may be a scalar when the result is a vector.
    enum ScalarPositions: Equatable, Sendable {
        /// None: `pow(v, vec2(2.0))`.
        case none
        /// This one alone: `min(v, 0.5)`, `mix(a, b, 0.5)`, `step(0.5, v)`, `mod(v, 2.0)`.
        case one(Int)
        /// These two, if both are: `clamp(v, 0.0, 1.0)`, `smoothstep(0.0, 1.0, v)`.
        case both(Int, Int)
    }

    /// GLSL's built-in functions (and the translation's helpers) the typed pass follows, by name.
    static let builtins: [String: Builtin] = {
        var table: [String: Builtin] = [:]
        for name in ["sin", "cos", "tan", "asin", "acos", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh",
                     "exp", "exp2", "log", "log2", "sqrt", "inversesqrt", "floor", "ceil", "trunc", "round", "roundEven",
                     "fract", "pow", "radians", "degrees", "normalize", "reflect", "faceforward", "dFdx", "dFdy", "fwidth",
                     "atan", "metal_saturate", "metal_fma", "metal_copysign", "metal_log10", "metal_exp10",
                     "metal_sinpi", "metal_cospi", "metal_tanpi", "metal_fmin3", "metal_fmax3"] {
            table[name] = .floats(scalarAt: .none)
        }
        table["mod"] = .floats(scalarAt: .one(1))
        table["metal_fmod"] = .floats(scalarAt: .one(1))
        table["refract"] = .floats(scalarAt: .one(2))
        table["mix"] = .floats(scalarAt: .one(2))
        table["step"] = .floats(scalarAt: .one(0))
        table["smoothstep"] = .floats(scalarAt: .both(0, 1))
        table["min"] = .numbers(scalarAt: .one(1))
        table["max"] = .numbers(scalarAt: .one(1))
        table["clamp"] = .numbers(scalarAt: .both(1, 2))
        table["abs"] = .numbers(scalarAt: .none)
        table["sign"] = .numbers(scalarAt: .none)
        for name in ["length", "distance", "dot", "metal_length_squared", "metal_distance_squared"] { table[name] = .floatResult }
        table["cross"] = .fixed(.vector(.float, 3))
        table["determinant"] = .fixed(.scalar(.float))
        for name in ["texture", "texelFetch", "textureLod", "textureOffset", "textureLodOffset", "textureGrad", "textureGradOffset", "layerSample", "metal_read"] { table[name] = .fixed(.vector(.float, 4)) }
        table["textureSize"] = .fixed(.vector(.int, 2))
        for name in ["transpose", "inverse", "matrixCompMult"] { table[name] = .firstArgument }
        for name in ["lessThan", "lessThanEqual", "greaterThan", "greaterThanEqual", "equal", "notEqual", "not", "isnan", "isinf"] {
            table[name] = .boolsLikeFirst
        }
        table["all"] = .bool
        table["any"] = .bool
        table["floatBitsToInt"] = .bits(.int)
        table["floatBitsToUint"] = .bits(.uint)
        table["intBitsToFloat"] = .bits(.float)
        table["uintBitsToFloat"] = .bits(.float)
        for (scalar, name) in [(Scalar.float, "float"), (.int, "int"), (.uint, "uint")] {
            table["metal_as_\(name)"] = .fixed(.scalar(scalar))
            for n in 2...4 { table["metal_as_\(name)\(n)"] = .fixed(.vector(scalar, n)) }
        }
        return table
    }()
}
