import GlintCore
import Testing

/// `ExpressionDepth`: how deep a shader's expressions nest, read before the driver's compiler
/// (which a deep enough chain crashes) sees them.
@Suite("Expression depth")
struct ExpressionDepthTests {
    static func depth(_ source: String) -> Int { ExpressionDepth.deepest(in: source).depth }

    @Test("an expression is as deep as its tree: operators by precedence, left to right, calls, fields and indexes")
    func trees() {
        // A name or number is 1 deep; the assignment is a level too: s = (a + (b * c)) is 4.
        #expect(Self.depth("float s = a + b * c;") == 4)
        #expect(Self.depth("s = a + b + c + d;") == 5)
        #expect(Self.depth("s = a * b + c * d;") == 4)
        #expect(Self.depth("s = f(g(x));") == 4)
        #expect(Self.depth("s = v.x;") == 3)
        #expect(Self.depth("s = ((((v))));") == 2, "parentheses alone make no level")
        #expect(Self.depth("s = -(-x);") == 4)
        #expect(Self.depth("s = a[i + 1];") == 4)
        #expect(Self.depth("s = c ? a : b;") == 4)
        #expect(Self.depth("for (int i = 0; i < 4; i++) { s += t[i] * 2.0; }") == 4)
    }

    @Test("a long chain is as deep as it is long, whatever the operators, and it is found at its line and source string")
    func chains() {
        let sum = "float s = " + (0..<5000).map { "p.x * \($0 % 7).0" }.joined(separator: " + ") + ";"
        let deepest = ExpressionDepth.deepest(in: "#version 330 core\n#line 1 2\nvoid f() {\n  float a = 1.0;\n  \(sum)\n}\n")
        #expect(deepest.depth >= 5000 && deepest.depth < 5010 && deepest.line == 3 && deepest.string == 2, "\(deepest)")
        let swizzles = "vec2 s = p" + String(repeating: ".yx", count: 3000) + ";"
        #expect(Self.depth(swizzles) >= 3000)
        let nested = "float s = " + String(repeating: "abs(", count: 3000) + "x" + String(repeating: ")", count: 3000) + ";"
        #expect(Self.depth(nested) >= 3000)
        // The scan itself walks 100,000 parentheses without recursing.
        let deep = "float s = " + String(repeating: "-(", count: 100_000) + "x" + String(repeating: ")", count: 100_000) + ";"
        #expect(Self.depth(deep) >= 100_000)
    }

    @Test("comments, directives and a lone operand are not operators; a shader of the usual kind is shallow")
    func ordinary() {
        let shader = """
            #version 330 core
            // a + b + c + d + e + f
            /* g + h + i */
            uniform float time;
            vec4 colorEffect(vec2 position, vec4 color) {
                float ring = 0.5 + 0.5 * sin(length(position - vec2(3.0, 4.0)) * 0.15 - time * 4.0);
                return vec4(mix(vec3(0.1, 0.3, 0.8), vec3(1.0, 0.5, 0.2), 0.5) * ring, 1.0);
            }
            """
        let deepest = ExpressionDepth.deepest(in: shader)
        #expect(deepest.depth < 12 && deepest.line == 6, "\(deepest)")
    }

    @Test("a macro counts as what it expands to: a chain hidden in macros, and one doubled by a function-like macro, are as deep as their expansion")
    func macros() {
        let ten = "#define A (x+x+x+x+x+x+x+x+x+x)\n#define B A+A+A+A+A+A+A+A+A+A\n#define C B+B+B+B+B+B+B+B+B+B\n#define D C+C+C+C+C+C+C+C+C+C\n"
        #expect(Self.depth(ten + "float s = D;") >= 9999, "10,000 terms in four macros")
        #expect(Self.depth(ten + "float s = B;") < 200)
        let doubling = "#define TWICE(v) (v + v)\nfloat s = " + String(repeating: "TWICE(", count: 20) + "x" + String(repeating: ")", count: 20) + ";"
        #expect(Self.depth(doubling) >= 1 << 19, "2^20 terms once expanded")
        #expect(Self.depth("#define PI 3.14159\n#define SAT(x) clamp(x, 0.0, 1.0)\nfloat s = SAT(PI * r);") < 8)
        // A macro naming itself, or two naming each other, expand once, as the preprocessor does.
        #expect(Self.depth("#define X (X + 1)\n#define Y Z + Z\n#define Z Y + Y\nfloat s = X + Y;") < 20)
    }
}
