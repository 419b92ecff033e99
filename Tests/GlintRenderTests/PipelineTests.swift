import Foundation
import GlintTestSupport
import Testing
@testable import GlintCore
@testable import GlintRender
@preconcurrency import CEpoxy

/// The effect pipeline: SwiftUI's three effect kinds, typed arguments, offscreen passes, errors.
@Suite("Effect pipeline", .serialized, .removesTemporaryFiles)
struct PipelineTests {
    static let size = Size(width: 160, height: 90)

    /// A folder of extra effect files for these tests, removed when the test ends; built-in
    /// shaders stay available.
    static func shaderFolder(_ files: [String: String]) throws -> String {
        let dir = try TemporaryFiles.folder("glint-pipeline")
        for (name, text) in files { try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8) }
        return dir
    }

    static let testShaders = [
        "mirror.frag": """
        // Test layer effect: mirrors the layer left to right.
        vec4 layerEffect(vec2 position) { return layerSample(vec2(glint_viewSize.x - position.x, position.y)); }
        """,
        "shift.frag": """
        // Test distortion effect: shows the layer 20 points to the right (moves it left).
        uniform float shift;
        vec2 distortionEffect(vec2 position) { return position + vec2(shift, 0.0); }
        """,
        "invert.frag": """
        // Test colour effect after another pass: inverts the colour it is given.
        vec4 colorEffect(vec2 position, vec4 color) { return vec4(color.a - color.rgb, color.a); }
        """,
        "arguments.frag": """
        // Test colour effect: paints each typed argument in its own band of columns.
        uniform float f; uniform vec2 f2; uniform vec3 f3; uniform vec4 f4; uniform vec4 tint;
        uniform float weights[4]; uniform int weights_count; uniform vec4 colors[3]; uniform int colors_count;
        uniform sampler2D picture; uniform vec2 picture_size;
        vec4 colorEffect(vec2 position, vec4 color) {
            int band = int(position.x / 20.0);
            if (band == 0) return vec4(f, f2.x, f2.y, 1.0);
            if (band == 1) return vec4(f3, 1.0);
            if (band == 2) return f4;
            if (band == 3) return tint;
            if (band == 4) return vec4(weights[0] + weights[1], weights[2] + weights[3], float(weights_count) / 4.0, 1.0);
            if (band == 5) { vec4 last = colors[colors_count - 1]; return vec4(colors[1].rg, float(colors_count) / 3.0 * last.a, 1.0); }
            if (band == 6) return texture(picture, vec2(0.75, 0.25)) + vec4(0.0, 0.0, picture_size.x / 4.0, 0.0);
            return color;
        }
        """,
        "channels.frag": """
        // Test colour effect: an image's red, how far its green and blue are from it, and its alpha.
        uniform sampler2D picture;
        vec4 colorEffect(vec2 position, vec4 color) {
            vec4 t = texture(picture, position / glint_viewSize);
            return vec4(t.r, abs(t.r - t.g) + abs(t.r - t.b), t.a, 1.0);
        }
        """,
        "broken.frag": """
        // Test: fails to compile on line 4.
        vec4 colorEffect(vec2 position, vec4 color) {
            vec3 c = color.rgb;
            return vec4(c, undefinedThing);
        }
        """,
    ]

    @discardableResult
    func withPipeline<T>(_ body: (Renderer, ShaderSources) throws -> T) throws -> T {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let sources = ShaderSources(overrideDirectory: try Self.shaderFolder(Self.testShaders))
        return try body(try Renderer(sources: sources), sources)
    }

    func draw(_ renderer: Renderer, _ passes: [ShaderEffect], size: Size = size, scale: Double = 1) throws -> [UInt8] {
        let px = ChainFrames.pixelSize(of: size, scale: scale)
        let target = try RenderTarget(pixelWidth: px.width, pixelHeight: px.height)
        try renderer.render(passes, size: size, into: target.framebuffer)
        try GL.checkError("test render")
        return target.readPixels()
    }

    func harmonic() -> HarmonicEffect {
        let h = HarmonicEffect()
        h.handle(PointerEvent(.down, .zero, at: 0))
        h.advance(by: 1.1)
        h.updatePass(viewSize: Self.size)
        return h
    }

    func pixel(_ rgba: [UInt8], _ x: Int, _ y: Int, width: Int = 160) -> [UInt8] {
        Array(rgba[(y * width + x) * 4..<(y * width + x) * 4 + 4])
    }

    @Test("a layerEffect sees the whole layer below: mirroring flips the picture left to right")
    func layerEffectMirrors() throws {
        try withPipeline { renderer, _ in
            let content = harmonic()
            let plain = try draw(renderer, [content.pass])
            let mirror = ShaderEffect(function: "mirror", kind: .layer(maxSampleOffset: Self.size), arguments: [:])
            let mirrored = try draw(renderer, [content.pass, mirror])
            var expected = plain
            for y in 0..<90 { for x in 0..<160 { for c in 0..<4 { expected[(y * 160 + x) * 4 + c] = plain[(y * 160 + 159 - x) * 4 + c] } } }
            let d = ImageDifference(mirrored, expected)
            #expect(d.maximum <= 1, "mirrored differs by up to \(d.maximum)")
            #expect(ImageDifference(mirrored, plain).meanPerChannel[0] > 5, "the picture really changed")
        }
    }

    @Test("a disabled layer pass costs nothing: the content goes straight to the target")
    func disabledPassIsSkipped() throws {
        try withPipeline { renderer, _ in
            let content = harmonic()
            let plain = try draw(renderer, [content.pass])
            let mirror = ShaderEffect(function: "mirror", kind: .layer(maxSampleOffset: .zero), arguments: [:])
            mirror.isEnabled = false
            #expect(try draw(renderer, [content.pass, mirror]) == plain)
        }
    }

    @Test("a distortionEffect returns where to sample; beyond the view is the backdrop")
    func distortion() throws {
        try withPipeline { renderer, _ in
            let content = harmonic()
            let plain = try draw(renderer, [content.pass])
            let shift = ShaderEffect(function: "shift", kind: .distortion(maxSampleOffset: Size(width: 20, height: 0)), arguments: ["shift": .float(20)])
            let shifted = try draw(renderer, [content.pass, shift])
            for (x, y) in [(0, 45), (70, 20), (120, 60)] {
                #expect(pixel(shifted, x, y) == pixel(plain, x + 20, y), "pixel \(x),\(y) shows what was 20 points to its right")
            }
            let b = renderer.backdrop
            let backdrop = [UInt8((b.red * 255).rounded()), UInt8((b.green * 255).rounded()), UInt8((b.blue * 255).rounded()), 255]
            #expect(pixel(shifted, 150, 45) == backdrop, "past the right edge the view is transparent")
        }
    }

    @Test("a colorEffect after another pass receives that pass's colour")
    func colorEffectChains() throws {
        try withPipeline { renderer, _ in
            let content = harmonic()
            let plain = try draw(renderer, [content.pass])
            let invert = ShaderEffect(function: "invert", kind: .color, arguments: [:])
            let inverted = try draw(renderer, [content.pass, invert])
            for (x, y) in [(10, 10), (80, 45), (150, 80)] {
                let p = pixel(plain, x, y), q = pixel(inverted, x, y)
                for c in 0..<3 { #expect(abs(Int(q[c]) - (255 - Int(p[c]))) <= 1) }
            }
        }
    }

    @Test("every typed argument reaches its uniform; an undeclared one is skipped")
    func typedArguments() throws {
        try withPipeline { renderer, _ in
            let picture = Image(width: 4, height: 4, pixels: (0..<16).flatMap { i -> [UInt8] in
                // Top-right quadrant red, the rest green: v = 0 is the image's top row.
                let (x, y) = (i % 4, i / 4)
                return x >= 2 && y < 2 ? [255, 0, 0, 255] : [0, 255, 0, 255]
            })
            let effect = ShaderEffect(function: "arguments", kind: .color, arguments: [
                "f": .float(0.2), "f2": .float2(0.4, 0.6), "f3": .float3(0.1, 0.3, 0.5), "f4": .float4(0.9, 0.8, 0.7, 1),
                "tint": .color(Color(red: 1, green: 0.5, blue: 0, alpha: 1)),
                "weights": .floatArray([0.1, 0.2, 0.3, 0.1, 99]),  // one more than declared: cut to 4
                "colors": .colorArray([.black, Color(red: 0, green: 1, blue: 0), .white]),
                "picture": .image(picture),
                "notInTheShader": .float3(1, 2, 3),
            ])
            let out = try draw(renderer, [effect])
            func near(_ p: [UInt8], _ e: [Double]) -> Bool { zip(p, e).allSatisfy { abs(Double($0) - $1 * 255) <= 1.5 } }
            #expect(near(pixel(out, 10, 45), [0.2, 0.4, 0.6, 1]))
            #expect(near(pixel(out, 30, 45), [0.1, 0.3, 0.5, 1]))
            #expect(near(pixel(out, 50, 45), [0.9, 0.8, 0.7, 1]))
            #expect(near(pixel(out, 70, 45), [1, 0.5, 0, 1]))
            #expect(near(pixel(out, 90, 45), [0.3, 0.4, 1, 1]), "4 of 5 weights uploaded, count 4")
            #expect(near(pixel(out, 110, 45), [0, 1, 1, 1]), "colors[1] green, count 3")
            #expect(near(pixel(out, 130, 45), [1, 0, 1, 1]), "image sampled at its top-right, size 4")
            #expect(near(pixel(out, 150, 45), [0, 0, 0, 1]), "the first pass gets the view's black fill")
        }
    }

    @Test("an opaque grey image is uploaded as one channel and reads (c, c, c, 1), as its RGBA pixels; one with colour or transparency stays RGBA")
    func greyImageOneChannel() throws {
        try withPipeline { renderer, _ in
            let size = Size(width: 4, height: 4)
            let greys: [UInt8] = [0, 17, 64, 255, 3, 128, 200, 90, 45, 46, 47, 250, 1, 99, 180, 7]
            let grey = Image(width: 4, height: 4, pixels: greys.flatMap { [$0, $0, $0, 255] })
            // Each pixel centre of a 4x4 view is a texel centre of the 4x4 image: its own value, unfiltered.
            let out = try draw(renderer, [ShaderEffect(function: "channels", kind: .color, arguments: ["picture": .image(grey)])], size: size)
            for (i, c) in greys.enumerated() {
                #expect(Array(out[i * 4..<i * 4 + 4]) == [c, 0, 255, 255], "pixel \(i): \(Array(out[i * 4..<i * 4 + 4]))")
            }
            func format(_ image: Image) throws -> GLint {
                let texture = try #require(renderer.imageTextures[image.identity]).texture
                var format: GLint = 0
                epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
                epoxy_glGetTexLevelParameteriv(GLenum(GL_TEXTURE_2D), 0, GLenum(GL_TEXTURE_INTERNAL_FORMAT), &format)
                return format
            }
            #expect(try format(grey) == GL_R8)
            var tinted = grey.pixels
            tinted[5 * 4 + 2] = 129  // one pixel's blue off its red
            var seeThrough = grey.pixels
            seeThrough[9 * 4 + 3] = 254
            for pixels in [tinted, seeThrough] {
                let image = Image(width: 4, height: 4, pixels: pixels)
                let drawn = try draw(renderer, [ShaderEffect(function: "channels", kind: .color, arguments: ["picture": .image(image)])], size: size)
                #expect(try format(image) == GL_RGBA8)
                #expect(drawn != out, "the odd pixel shows")
            }
        }
    }

    @Test("a shader that fails to compile names its file, line and the driver's message")
    func compileError() throws {
        try withPipeline { renderer, sources in
            let broken = ShaderEffect(function: "broken", kind: .color, arguments: [:])
            do {
                try renderer.prepare(broken)
                Issue.record("a broken shader compiled")
            } catch let error as RenderError {
                guard case let .shader(file, line, stage, log) = error else {
                    Issue.record("wrong error \(error)")
                    return
                }
                #expect(file == sources.overrideDirectory! + "/broken.frag")
                #expect(line == 4)
                #expect(stage == "fragment shader")
                #expect(log.contains("undefinedThing"))
                #expect(error.description.hasPrefix(file + ":4: fragment shader error: "))
                #expect(!error.description.contains("\n"), "one line")
            } catch {
                Issue.record("unexpected error \(error)")
            }
        }
    }

    @Test("an edited effect file in the --shaders folder is recompiled; a broken edit keeps the last good one")
    func liveReload() throws {
        let dir = try Self.shaderFolder(["flat.frag": "// Test: one flat colour.\n// Test.\nvec4 colorEffect(vec2 p, vec4 c) { return vec4(1.0, 0.0, 0.0, 1.0); }\n"])
        let path = dir + "/flat.frag"
        func edit(_ text: String, secondsLater: Double) throws {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(secondsLater)], ofItemAtPath: path)
        }
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let renderer = try Renderer(sources: ShaderSources(overrideDirectory: dir))
        let flat = ShaderEffect(function: "flat", kind: .color, arguments: [:])
        #expect(pixel(try draw(renderer, [flat]), 5, 5) == [255, 0, 0, 255])
        #expect(renderer.reloadChangedShaders().reloaded.isEmpty, "nothing changed yet")

        try edit("// Test: one flat colour.\n// Test.\nvec4 colorEffect(vec2 p, vec4 c) { return vec4(0.0, 0.0, 1.0, 1.0); }\n", secondsLater: 10)
        let first = renderer.reloadChangedShaders()
        #expect(first.reloaded == [path] && first.errors.isEmpty)
        #expect(pixel(try draw(renderer, [flat]), 5, 5) == [0, 0, 255, 255], "the edit shows")

        try edit("// Test.\n// Test.\nvec4 colorEffect(vec2 p, vec4 c) { return vec4(0.0, 1.0, 0.0, oops); }\n", secondsLater: 20)
        let second = renderer.reloadChangedShaders()
        #expect(second.reloaded.isEmpty && second.errors.count == 1)
        #expect(second.errors.first?.description.hasPrefix(path + ":3: fragment shader error") == true, "\(second.errors)")
        #expect(pixel(try draw(renderer, [flat]), 5, 5) == [0, 0, 255, 255], "the last good version keeps running")
    }

    @Test("a file an effect includes is watched with it: editing it recompiles the effect; a new include is watched from then on")
    func liveReloadOfIncludes() throws {
        let dir = try Self.shaderFolder([
            "common.glsl": "vec4 shade() { return vec4(1.0, 0.0, 0.0, 1.0); }\n",
            "more.glsl": "vec4 shadeMore() { return vec4(0.0, 1.0, 0.0, 1.0); }\n",
            "tint.glsl": "#include \"common.glsl\"\nvec4 tint(vec2 position, vec4 color) { return shade(); }\n",
        ])
        func edit(_ file: String, _ text: String, secondsLater: Double) throws {
            try text.write(toFile: dir + "/" + file, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(secondsLater)], ofItemAtPath: dir + "/" + file)
        }
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let renderer = try Renderer(sources: ShaderSources(overrideDirectory: nil))
        let tint = ShaderEffect(function: "tint", kind: .color, positional: [])
        tint.library = dir + "/tint.glsl"
        #expect(pixel(try draw(renderer, [tint]), 5, 5) == [255, 0, 0, 255])
        #expect(renderer.reloadChangedShaders().reloaded.isEmpty, "nothing changed yet")

        try edit("common.glsl", "vec4 shade() { return vec4(0.0, 0.0, 1.0, 1.0); }\n", secondsLater: 10)
        let first = renderer.reloadChangedShaders()
        #expect(first.reloaded == [dir + "/tint.glsl"] && first.errors.isEmpty, "\(first)")
        #expect(pixel(try draw(renderer, [tint]), 5, 5) == [0, 0, 255, 255], "the included file's edit shows")

        try edit("tint.glsl", "#include \"more.glsl\"\nvec4 tint(vec2 position, vec4 color) { return shadeMore(); }\n", secondsLater: 20)
        #expect(renderer.reloadChangedShaders().errors.isEmpty)
        #expect(pixel(try draw(renderer, [tint]), 5, 5) == [0, 255, 0, 255])
        try edit("more.glsl", "vec4 shadeMore() { return vec4(1.0, 1.0, 1.0, 1.0); }\n", secondsLater: 30)
        #expect(renderer.reloadChangedShaders().reloaded == [dir + "/tint.glsl"], "the newly included file is watched")
        #expect(pixel(try draw(renderer, [tint]), 5, 5) == [255, 255, 255, 255])
    }

    @Test("a missing shader file is named")
    func missingShader() throws {
        try withPipeline { renderer, _ in
            #expect(throws: RenderError.self) { try renderer.prepare(ShaderEffect(function: "nope", kind: .color, arguments: [:])) }
        }
    }

    @Test("driver logs from Mesa and NVIDIA are both understood")
    func logFormats() {
        let mesa = Program.locate("0:12(5): error: `foo' undeclared\n0:13(1): error: bar")
        #expect(mesa.string == 0 && mesa.line == 12 && mesa.message == "`foo' undeclared")
        let nvidia = Program.locate("2(7) : error C1008: undefined variable \"x\"")
        #expect(nvidia.string == 2 && nvidia.line == 7 && nvidia.message == "C1008: undefined variable \"x\"")
    }
}
