import Foundation
import GlintTestSupport
import Testing
@testable import GlintCore
@testable import GlintRender

/// Effects and images made afresh every frame, as a declarative API makes them, must draw with
/// their own uniforms and pixels: caches are keyed by what cannot alias, never by an object's
/// address (which a new object reuses once the old one is gone).
@Suite("Caches that cannot alias", .serialized, .removesTemporaryFiles)
struct CacheKeyTests {
    static let shaders = [
        "pick.frag": """
        // Test colour effect: the left half shows `tint`, the right half the image `picture`.
        uniform vec4 tint; uniform sampler2D picture;
        vec4 colorEffect(vec2 position, vec4 color) {
            return position.x < glint_viewSize.x * 0.5 ? tint : texture(picture, vec2(0.5));
        }
        """,
    ]

    /// One pixel of `rgba` (a w-wide frame) as 0…255 channels.
    static func pixel(_ rgba: [UInt8], width: Int, x: Int, y: Int) -> [Int] {
        let i = (y * width + x) * 4
        return [Int(rgba[i]), Int(rgba[i + 1]), Int(rgba[i + 2]), Int(rgba[i + 3])]
    }

    @Test("200 frames of fresh effects and fresh images each draw their own uniforms and pixels")
    func freshEveryFrame() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let sources = ShaderSources(overrideDirectory: try PipelineTests.shaderFolder(Self.shaders))
        let renderer = try Renderer(sources: sources)
        let size = Size(width: 8, height: 4)
        let target = try RenderTarget(pixelWidth: 8, pixelHeight: 4)
        var wrong: [String] = []
        for frame in 0..<200 {
            // Frame by frame: a new tint and a new image of a new colour, and the arguments in
            // one order or the other, so two layouts of the same program alternate.
            let tint = UInt8(frame % 200 + 20)
            let shade = UInt8(255 - frame % 200)
            let image = Image(width: 2, height: 2, pixels: [UInt8](repeating: 0, count: 16).enumerated().map { $0.offset % 4 == 3 ? 255 : ($0.offset % 4 == 1 ? shade : 0) })
            let tintColor = Color(red: Float(tint) / 255, green: 0, blue: 0)
            let effect = frame % 2 == 0
                ? ShaderEffect(function: "pick", kind: .color, arguments: ["tint": .color(tintColor), "picture": .image(image)])
                : ShaderEffect(function: "pick", kind: .color, arguments: ["picture": .image(image), "tint": .color(tintColor)])
            try renderer.render([effect], size: size, into: target.framebuffer)
            let rgba = target.readPixels()
            let left = Self.pixel(rgba, width: 8, x: 1, y: 2)
            let right = Self.pixel(rgba, width: 8, x: 6, y: 2)
            if left != [Int(tint), 0, 0, 255] || right != [0, Int(shade), 0, 255] {
                wrong.append("frame \(frame): left \(left) (want \(tint),0,0), right \(right) (want 0,\(shade),0)")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) of 200 frames drew the wrong uniforms or image: \(wrong.prefix(5))")
        // Images no frame uses any more are let go of, not kept for ever.
        #expect(renderer.imageTextureCount <= Renderer.textureLifetime + 2, "textures held: \(renderer.imageTextureCount)")
    }

    @Test("one file used as two kinds of effect is two programs")
    func programKeyedByKind() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let sources = ShaderSources(overrideDirectory: try PipelineTests.shaderFolder([
            "both.frag": """
            // Test: a file with a colour and a distortion function; which runs depends on the kind.
            vec4 colorEffect(vec2 position, vec4 color) { return vec4(0.0, 0.0, 1.0, 1.0); }
            vec2 distortionEffect(vec2 position) { return position; }
            """,
            "red.frag": """
            // Test: solid red content.
            vec4 colorEffect(vec2 position, vec4 color) { return vec4(1.0, 0.0, 0.0, 1.0); }
            """,
        ]))
        let renderer = try Renderer(sources: sources)
        let size = Size(width: 4, height: 4)
        let target = try RenderTarget(pixelWidth: 4, pixelHeight: 4)
        let red = ShaderEffect(function: "red", kind: .color, arguments: [:])
        // As a colour effect first: blue.
        try renderer.render([ShaderEffect(function: "both", kind: .color, arguments: [:])], size: size, into: target.framebuffer)
        #expect(Self.pixel(target.readPixels(), width: 4, x: 1, y: 1) == [0, 0, 255, 255])
        // Then as a distortion over red: red shows through, not the colour effect's blue.
        try renderer.render([red, ShaderEffect(function: "both", kind: .distortion(maxSampleOffset: .zero), arguments: [:])],
                            size: size, into: target.framebuffer)
        #expect(Self.pixel(target.readPixels(), width: 4, x: 1, y: 1) == [255, 0, 0, 255])
    }

    @Test("two libraries defining one function name are two programs: each draws its own (the key's library part)")
    func programKeyedByLibrary() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let red = try PipelineTests.shaderFolder(["paint.glsl": "// Test: red.\nvec4 paint(vec2 p, vec4 c) { return vec4(1.0, 0.0, 0.0, 1.0); }\n"])
        let green = try PipelineTests.shaderFolder(["paint.glsl": "// Test: green.\nvec4 paint(vec2 p, vec4 c) { return vec4(0.0, 1.0, 0.0, 1.0); }\n"])
        let renderer = try Renderer()
        let target = try RenderTarget(pixelWidth: 4, pixelHeight: 4)
        for (library, want) in [(red, [255, 0, 0, 255]), (green, [0, 255, 0, 255]), (red, [255, 0, 0, 255])] {
            let graph = FrameGraph(viewRect: Rect(size: Size(width: 4, height: 4)), scale: 1,
                                   content: EffectPass(function: "paint", library: library, kind: .color, arguments: []))
            try renderer.render(graph, into: target.framebuffer)
            #expect(Self.pixel(target.readPixels(), width: 4, x: 1, y: 1) == want, "\(library)")
        }
    }

    @Test("one function called by position and by name is two programs: each draws its own (the key's argument-layout part)")
    func programKeyedByLayout() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let folder = try PipelineTests.shaderFolder([
            "both.frag": """
            // Test: the positional function returns its argument; the named one its uniform, halved.
            uniform vec4 shade;
            vec4 both(vec2 p, vec4 c, vec4 tint) { return tint; }
            vec4 colorEffect(vec2 p, vec4 c) { return vec4(shade.rgb * 0.5, 1.0); }
            """,
        ])
        let renderer = try Renderer(sources: ShaderSources(overrideDirectory: folder))
        let target = try RenderTarget(pixelWidth: 4, pixelHeight: 4)
        let size = Size(width: 4, height: 4)
        let positional = ShaderEffect(function: "both", kind: .color, positional: [.float4(0, 0, 1, 1)])
        let named = ShaderEffect(function: "both", kind: .color, arguments: ["shade": .float4(1, 1, 1, 1)])
        for (effect, want) in [(positional, [0, 0, 255, 255]), (named, [128, 128, 128, 255]), (positional, [0, 0, 255, 255])] {
            try renderer.render([effect], size: size, into: target.framebuffer)
            let got = Self.pixel(target.readPixels(), width: 4, x: 1, y: 1)
            #expect(zip(got, want).allSatisfy { abs($0 - $1) <= 1 }, "\(got), want \(want)")
        }
    }
}
