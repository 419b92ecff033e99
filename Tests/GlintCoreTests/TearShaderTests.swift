import Foundation
import Testing
@testable import GlintCore

/// The Swift reference of `Shaders/tear.frag` (`TearUniforms.samplePosition(for:)`), and the
/// shader file's contract with the controller.
@Suite("Tear: what the shader shows")
struct TearShaderTests {
    static let view = Size(width: 400, height: 800)

    /// A vertical tear from the top edge at x = 200 to halfway down, opening 30 points at the
    /// edge, smooth-edged so the geometry is exact.
    static let vertical = TearUniforms(
        tearStart: Point(x: 200, y: 0), tearEnd: Point(x: 200, y: 400), tearProgress: 0.5,
        maxGap: 30, edgeRoughness: 0, viewSize: view
    )

    @Test("with next to no progress the layer passes through untouched")
    func passThrough() {
        var u = Self.vertical
        u.tearProgress = 0
        for p in [Point(x: 200, y: 10), Point(x: 0, y: 0), Point(x: 399, y: 799)] {
            let s = u.samplePosition(for: p)
            #expect(s?.position == p && s?.opacity == 1)
        }
    }

    @Test("the opening shows the backdrop, widest at the edge and closed at the finger")
    func wedge() {
        let u = Self.vertical
        // Half the opening at y is 15·(1 − y/400).
        #expect(u.samplePosition(for: Point(x: 200, y: 10)) == nil)
        #expect(u.samplePosition(for: Point(x: 214, y: 1)) == nil, "near the edge the opening is nearly 30 wide")
        #expect(u.samplePosition(for: Point(x: 214, y: 300)) != nil, "three quarters down it is 7.5 wide")
        #expect(u.samplePosition(for: Point(x: 203, y: 300)) == nil)
        #expect(u.samplePosition(for: Point(x: 200.5, y: 399)) != nil, "at the finger it has closed")
    }

    @Test("outside the opening the two halves are pushed apart")
    func halvesSeparate() {
        let u = Self.vertical
        // At y = 100 half the opening is 11.25: each side shows what was 11.25 points nearer the cut.
        let right = u.samplePosition(for: Point(x: 250, y: 100))
        #expect(right?.position == Point(x: 238.75, y: 100))
        let left = u.samplePosition(for: Point(x: 150, y: 100))
        #expect(left?.position == Point(x: 161.25, y: 100))
        // Beyond the finger the view is whole.
        #expect(u.samplePosition(for: Point(x: 250, y: 500))?.position == Point(x: 250, y: 500))
    }

    @Test("a slanted tear's halves slide along the edge it came in through: no backdrop between them and the view's edges")
    func halvesStayOnTheEdges() {
        // Oblique tears in from each edge, slight to steep (the steepest nearly along its edge).
        let view = Self.view
        let cases: [(start: Point, along: Point)] = [
            (Point(x: 0, y: 300), Point(x: 0.995, y: 0.0995)), (Point(x: 0, y: 300), Point(x: 0.6, y: 0.8)),
            (Point(x: 0, y: 300), Point(x: 0.2, y: -0.98)), (Point(x: 400, y: 500), Point(x: -0.96, y: -0.28)),
            (Point(x: 150, y: 0), Point(x: 0.28, y: 0.96)), (Point(x: 250, y: 800), Point(x: -0.8, y: -0.6)),
        ]
        for (start, direction) in cases {
            let along = direction * (1 / direction.length)
            let u = TearUniforms(tearStart: start, tearEnd: start + along * 200, tearProgress: 0.5,
                                 maxGap: 30, edgeRoughness: 0, viewSize: view)
            let across = Point(x: -along.y, y: along.x)
            // Every point of the view's border well away from the opening shows the view.
            var border: [Point] = []
            for x in stride(from: 0.25, to: view.width, by: 0.5) { border += [Point(x: x, y: 0.25), Point(x: x, y: view.height - 0.25)] }
            for y in stride(from: 0.25, to: view.height, by: 0.5) { border += [Point(x: 0.25, y: y), Point(x: view.width - 0.25, y: y)] }
            for p in border where abs((p - start).dot(across)) > 15 + 1 {
                #expect(u.samplePosition(for: p) != nil, "tear from \(start) along \(along): the backdrop shows at \(p)")
            }
            // The halves still part by the opening across the cut (where the cut is not nearly along
            // the edge): just outside it, each shows the view at the line itself.
            let slant = abs(across.dot(u.edgeTangent))
            if slant >= TearUniforms.minimumSlide {
                let mid = start + along * 50
                let halfGap = 15 * (1 - 50 / 200.0)
                for side in [-1.0, 1.0] {
                    let s = u.samplePosition(for: mid + across * (side * (halfGap + 0.01)))?.position
                    #expect(s.map { abs(($0 - start).dot(across)) < 0.02 } == true, "tear along \(along), side \(side): \(String(describing: s))")
                }
            }
        }
    }

    @Test("rough edges: fibres reach up to edgeRoughness into the opening, never past the cut, differently on each side")
    func roughEdges() {
        var u = Self.vertical
        u.edgeRoughness = 6
        var reach: [Double] = []
        for y in stride(from: 1.0, to: 390, by: 1) {
            let halfGap = 15 * (1 - y / 400)
            // Just outside the smooth opening there is always view; deep inside it never is.
            #expect(u.samplePosition(for: Point(x: 200 + halfGap + 0.01, y: y)) != nil)
            if halfGap > 6 {
                #expect(u.samplePosition(for: Point(x: 200 + halfGap - 6 - 0.01, y: y)) == nil)
            }
            reach.append(TearUniforms.fibre(along: y, side: 1))
        }
        #expect(reach.min()! < 0.3 && reach.max()! > 0.7, "the edge wanders")
        let mirrored = (1..<390).filter { abs(TearUniforms.fibre(along: Double($0), side: 1) - TearUniforms.fibre(along: Double($0), side: -1)) < 0.01 }
        #expect(mirrored.count < 40, "the two torn edges do not match")
    }

    @Test("a falling view is drawn dropped, turned about its centre, and faded")
    func fall() {
        var u = Self.vertical
        u.tearProgress = 0
        u.fallOffset = Point(x: 0, y: 100)
        u.fallOpacity = 0.5
        let s = u.samplePosition(for: Point(x: 200, y: 150))
        #expect(s?.position == Point(x: 200, y: 50) && s?.opacity == 0.5)
        #expect(u.samplePosition(for: Point(x: 200, y: 50)) == nil, "above the dropped view, the backdrop")

        u.fallOffset = .zero
        u.fallRotation = Double.pi / 2
        // Clockwise on screen: what was right of the centre is now below it.
        let turned = u.samplePosition(for: Point(x: 200, y: 410))!.position
        #expect(abs(turned.x - 210) < 1e-9 && abs(turned.y - 400) < 1e-9)

        u.fallOpacity = 0
        #expect(u.samplePosition(for: Point(x: 200, y: 400)) == nil, "a fallen view is gone")
    }

    @Test("the state hands the shader its geometry")
    func uniformsFromState() {
        var s = TearState()
        _ = s.handle(PointerEvent(.down, Point(x: 200, y: 10), at: 0), viewSize: Self.view)
        _ = s.handle(PointerEvent(.move, Point(x: 200, y: 30), at: 0), viewSize: Self.view)
        _ = s.handle(PointerEvent(.move, Point(x: 200, y: 415), at: 0), viewSize: Self.view)
        let u = s.uniforms(viewSize: Self.view)
        #expect(u.tearStart == Point(x: 200, y: 0) && u.tearEnd == Point(x: 200, y: 415))
        #expect(u.tearProgress == 0.5 && u.maxGap == 30 && u.edgeRoughness == 6 && u.viewSize == Self.view)
        #expect(u.samplePosition(for: Point(x: 200, y: 20)) == nil, "the user sees the backdrop in the cut")
    }

    // MARK: The file

    static func shaderSource() throws -> String {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent("Shaders/tear.frag"), encoding: .utf8)
    }

    @Test("tear.frag follows the pipeline's contract: two comment lines, no #version, no main, a layer function named after the file")
    func fileContract() throws {
        let source = try Self.shaderSource()
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0].hasPrefix("// ") && lines[1].hasPrefix("// "))
        #expect(lines[1].contains("seed 004"))
        #expect(!source.contains("#version"))
        #expect(!source.contains("main("))
        #expect(source.contains("vec4 tear(vec2 position, Layer layer, "))
        let ascii = source.unicodeScalars.allSatisfy { $0.isASCII }
        #expect(ascii, "some GLSL compilers reject anything else, even in comments")
    }

    @Test("tear.frag's function takes a parameter of the right type, in order and by name, for every argument the controller sends")
    func parametersDeclared() throws {
        let source = try Self.shaderSource()
        let pass = TearController().pass
        let signature = try ShaderSignature.parse(source: source, function: "tear", file: "tear.frag")
        // After the pipeline's position and layer.
        let parameters = Array(signature.parameters.dropFirst(2))
        #expect(parameters.map(\.name) == pass.argumentNames, "\(parameters.map(\.name))")
        for (parameter, value) in zip(parameters, pass.argumentValues) {
            let type: GLSLType
            switch value {
            case .float: type = .float
            case .float2: type = .vec2
            default: type = .vec4
            }
            #expect(parameter.type == type, "\(parameter.name) is \(parameter.type), the controller sends \(type)")
        }
    }

    @Test("tear.frag and its Swift reference use the same constants")
    func constantsAgree() throws {
        let source = try Self.shaderSource()
        func vec3(_ t: (Double, Double, Double)) -> String { "vec3(\(t.0), \(t.1), \(t.2))" }
        #expect(source.contains("kFibreFrequency = \(vec3(TearUniforms.fibreFrequency))"))
        #expect(source.contains("kFibreWeight = \(vec3(TearUniforms.fibreWeight))"))
        #expect(source.contains("kFibrePhase = \(vec3(TearUniforms.fibrePhase))"))
        #expect(source.contains("kFibreSidePhase = \(vec3(TearUniforms.fibreSidePhase))"))
        #expect(source.contains("kMinProgress = \(TearUniforms.minimumProgress)"))
        #expect(source.contains("kMinLength = \(TearUniforms.minimumLength)"))
        #expect(source.contains("kMinSlide = \(TearUniforms.minimumSlide)"))
    }
}
