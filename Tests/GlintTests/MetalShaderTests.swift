import Foundation
import Glint
import GlintTestSupport
import Testing

/// SwiftUI's Metal shader files, as written, drawn through `ShaderLibrary(url:)`.
@Suite("Metal shaders as written", .removesTemporaryFiles)
struct MetalShaderTests {
    static let effects = """
    #include <metal_stdlib>
    #include <SwiftUI/SwiftUI_Metal.h>
    using namespace metal;

    constant half3 warm = half3(1.0h, 0.5h, 0.0h);

    // Vertical bands `width` points wide: warm, then black.
    [[ stitchable ]] half4 stripes(float2 position, half4 color, float width) {
        const float phase = fmod(position.x, width) / width;
        return half4(warm * (phase < 0.5 ? 1.0h : 0.0h), 1.0h);
    }

    // Blocks of `size` points, each showing the layer at its first pixel.
    [[ stitchable ]] half4 pixellate(float2 position, SwiftUI::Layer layer, float size) {
        float2 cell = floor(position / size) * size + 0.5;
        return layer.sample(cell);
    }

    // Colours from an array, one per 10-point column.
    [[ stitchable ]] half4 columns(float2 position, half4 color, device const half4 *colors, int count) {
        int i = int(position.x / 10.0) % count;
        return colors[i];
    }
    """

    func render<V: View>(_ view: V) throws -> RenderedImage {
        let renderer = ImageRenderer(content: view)
        renderer.proposedSize = CGSize(width: 40, height: 20)
        return try renderer.render()
    }

    @Test("a colour effect, a layer effect and an array argument from one .metal file draw as SwiftUI draws them")
    func drawn() throws {
        let folder = try TemporaryFiles.folder("glint-metal")
        let file = URL(fileURLWithPath: folder + "/Effects.metal")
        try Self.effects.write(to: file, atomically: true, encoding: .utf8)
        let library = ShaderLibrary(url: file)

        let stripes = try render(Rectangle().colorEffect(library.stripes(.float(10))))
        #expect(stripes.pixel(x: 2, y: 10) == (255, 128, 0, 255) && stripes.pixel(x: 7, y: 10) == (0, 0, 0, 255))
        #expect(stripes.pixel(x: 12, y: 10) == (255, 128, 0, 255), "fmod repeats every 10 points")

        let blocks = try render(Rectangle().colorEffect(library.stripes(.float(16))).layerEffect(library.pixellate(.float(8)), maxSampleOffset: .zero))
        // 16-point stripes in 8-point blocks, each the colour at its first pixel: warm, black, warm.
        #expect(blocks.pixel(x: 2, y: 2) == (255, 128, 0, 255) && blocks.pixel(x: 7, y: 7) == (255, 128, 0, 255))
        #expect(blocks.pixel(x: 10, y: 2) == (0, 0, 0, 255) && blocks.pixel(x: 15, y: 7) == (0, 0, 0, 255))
        #expect(blocks.pixel(x: 18, y: 2) == (255, 128, 0, 255))

        let columns = try render(Rectangle().colorEffect(library.columns(.colorArray([.red, .blue]))))
        #expect(columns.pixel(x: 5, y: 5).red > 200 && columns.pixel(x: 15, y: 5).blue > 200 && columns.pixel(x: 25, y: 5).red > 200)
    }

    @Test("#include \"Common.metal\" and #include \"common.glsl\": shared helpers spliced in once (#pragma once), errors at the included file's own line, a file including itself refused naming the cycle")
    func includes() throws {
        let folder = try TemporaryFiles.folder("glint-metal")
        func write(_ name: String, _ text: String) throws {
            try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        }
        try write("Common.metal", """
        #pragma once
        #include <metal_stdlib>
        using namespace metal;

        // Warm where the position's column, modulo `width`, is in its first half.
        half band(float x, float width) { return fmod(x, width) < width * 0.5 ? 1.0h : 0.0h; }
        """)
        try write("warmth.metal", """
        #include "Common.metal"
        #include "Common.metal"

        [[ stitchable ]] half4 warmth(float2 position, half4 color, float width) {
            return half4(band(position.x, width), 0.5h * band(position.x, width), 0.0h, 1.0h);
        }
        """)
        try write("common.glsl", "// Test helper.\nfloat stripe(float x) { return step(10.0, x); }\n")
        try write("halves.glsl", "#include \"common.glsl\"\nvec4 halves(vec2 position, vec4 color) { return vec4(stripe(position.x), 0.0, 0.0, 1.0); }\n")
        let library = ShaderLibrary(url: URL(fileURLWithPath: folder))

        let warm = try render(Rectangle().colorEffect(library.warmth(.float(10))))
        #expect(warm.pixel(x: 2, y: 5) == (255, 128, 0, 255) && warm.pixel(x: 7, y: 5) == (0, 0, 0, 255))
        let halves = try render(Rectangle().colorEffect(library.halves()))
        #expect(halves.pixel(x: 5, y: 5) == (0, 0, 0, 255) && halves.pixel(x: 15, y: 5) == (255, 0, 0, 255))

        // An error in the included file is named at its own line; the includer's line after the include too.
        try write("Broken.metal", "#pragma once\n\nhalf broken(float x) { return x * missingName; }\n")
        try write("user.metal", "#include \"Broken.metal\"\n[[ stitchable ]] half4 user(float2 p, half4 c) { return half4(broken(p.x)); }\n")
        #expect {
            _ = try render(Rectangle().colorEffect(library.user()))
        } throws: { error in
            "\(error)".contains("Broken.metal:3:") && "\(error)".contains("missingName")
        }
        try write("loop.glsl", "#include \"loop.glsl\"\nvec4 loop(vec2 p, vec4 c) { return c; }\n")
        #expect {
            _ = try render(Rectangle().colorEffect(library.loop()))
        } throws: { error in
            "\(error)".contains("loop.glsl:1: include error: \(folder)/loop.glsl includes \(folder)/loop.glsl: an include cycle")
        }
        try write("lost.glsl", "\n#include \"nowhere.glsl\"\nvec4 lost(vec2 p, vec4 c) { return c; }\n")
        #expect {
            _ = try render(Rectangle().colorEffect(library.lost()))
        } throws: { error in
            "\(error)".contains("lost.glsl:2") && "\(error)".contains("cannot find 'nowhere.glsl': looked for \(folder)/nowhere.glsl")
        }
    }

    @Test("a constexpr sampler's address and filter are real sampler state for its texture: repeat and nearest, or the default clamp")
    func samplers() throws {
        let folder = try TemporaryFiles.folder("glint-metal")
        try """
        #include <metal_stdlib>
        using namespace metal;

        [[ stitchable ]] half4 tiles(float2 position, half4 color, texture2d<half> image) {
            constexpr sampler s(address::repeat, filter::nearest);
            return image.sample(s, position / 10.0);
        }

        [[ stitchable ]] half4 stretched(float2 position, half4 color, texture2d<half> image) {
            constexpr sampler s(filter::linear);
            return image.sample(s, position / 10.0);
        }
        """.write(toFile: folder + "/Tiles.metal", atomically: true, encoding: .utf8)
        let library = ShaderLibrary(url: URL(fileURLWithPath: folder + "/Tiles.metal"))
        // 2 x 2: red, green on top; blue, white below.
        let image = Image(pixels: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255], width: 2, height: 2)
        let tiles = try render(Rectangle().colorEffect(library.tiles(.image(image))))
        #expect(tiles.pixel(x: 2, y: 2) == (255, 0, 0, 255) && tiles.pixel(x: 7, y: 2) == (0, 255, 0, 255), "nearest: no blending")
        #expect(tiles.pixel(x: 12, y: 2) == (255, 0, 0, 255) && tiles.pixel(x: 17, y: 17) == (255, 255, 255, 255), "repeat: the image again past 10 points")
        let stretched = try render(Rectangle().colorEffect(library.stretched(.image(image))))
        #expect(stretched.pixel(x: 15, y: 2) == (0, 255, 0, 255), "clamped to the edge (Metal's default address), past 10 points")
        let blend = stretched.pixel(x: 5, y: 2)
        #expect(blend.red > 40 && blend.green > 40, "linear: red and green blend in the middle: \(blend)")
    }

    @Test("a folder library finds a function whatever file defines it, refuses one defined twice naming both files; ShaderLibrary(data:) and .bundle work as SwiftUI's")
    func librariesAsSwiftUIs() throws {
        let folder = try TemporaryFiles.folder("glint-metal")
        try FileManager.default.createDirectory(atPath: folder + "/More", withIntermediateDirectories: true)
        try Self.effects.write(toFile: folder + "/More/Effects.metal", atomically: true, encoding: .utf8)
        let library = ShaderLibrary(url: URL(fileURLWithPath: folder))
        // stripes is defined in More/Effects.metal, not in a file named after it.
        let stripes = try render(Rectangle().colorEffect(library.stripes(.float(10))))
        #expect(stripes.pixel(x: 2, y: 10) == (255, 128, 0, 255))

        try "vec4 stripes(vec2 position, vec4 color, float width) { return color; }\n".write(toFile: folder + "/Copy.glsl", atomically: true, encoding: .utf8)
        #expect {
            _ = try render(Rectangle().colorEffect(library.stripes(.float(10))))
        } throws: { error in
            "\(error)".contains("defines 'stripes' in both \(folder)/Copy.glsl and \(folder)/More/Effects.metal: rename one")
        }

        // Source held in memory, as SwiftUI's ShaderLibrary(data:) holds a compiled library.
        let inMemory = ShaderLibrary(data: Data(Self.effects.utf8))
        #expect(try render(Rectangle().colorEffect(inMemory.stripes(.float(10)))).pixels == stripes.pixels)
        // A bundle's resources (here a folder standing in for a resource bundle).
        let bundled = try TemporaryFiles.folder("glint-metal-bundle")
        try Self.effects.write(toFile: bundled + "/Shaders.metal", atomically: true, encoding: .utf8)
        let bundle = try #require(Bundle(path: bundled))
        #expect(try render(Rectangle().colorEffect(ShaderLibrary.bundle(bundle).stripes(.float(10)))).pixels == stripes.pixels)
    }

    @Test("a Metal error is one line at the Metal file's own line")
    func errorsPointAtTheMetalFile() throws {
        let folder = try TemporaryFiles.folder("glint-metal")
        let file = URL(fileURLWithPath: folder + "/Broken.metal")
        try "#include <metal_stdlib>\nusing namespace metal;\n\n[[ stitchable ]] half4 broken(float2 p, half4 c) {\n    return half4(missing, 1.0h);\n}\n"
            .write(to: file, atomically: true, encoding: .utf8)
        #expect {
            _ = try render(Rectangle().colorEffect(ShaderLibrary(url: file).broken()))
        } throws: { error in
            let text = "\(error)"
            return text.contains("Broken.metal:5:") && text.contains("missing") && !text.contains("\n")
        }
    }

    // MARK: - Ports as a SwiftUI project holds them

    /// Metal files as a SwiftUI project holds them (`MetalPorts/Ports`: a `Common.metal` every file
    /// includes, files of several stitchable functions and helpers), and files with mistakes
    /// (`MetalPorts/Errors`), read by path beside this file.
    static let ports = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("MetalPorts/Ports")
    static let mistakes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("MetalPorts/Errors")

    /// Common.metal's `ink`, as 8-bit RGB.
    static let ink = [0.2, 0.4, 0.6]

    /// Expects the pixel at (`x`, `y`) to be the opaque colour `rgb` (0…1 each), within `tolerance`
    /// of 255.
    func expectPixel(_ image: RenderedImage, _ x: Int, _ y: Int, _ rgb: [Double], tolerance: Int = 2, _ what: String,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        let p = image.pixel(x: x, y: y)
        let got = [Int(p.red), Int(p.green), Int(p.blue), Int(p.alpha)]
        let wanted = rgb.map { Int(($0 * 255).rounded()) } + [255]
        #expect(zip(got, wanted).allSatisfy { abs($0 - $1) <= tolerance }, "\(what) at (\(x), \(y)): \(got), the CPU says \(wanted)", sourceLocation: sourceLocation)
    }

    @Test("Metal ports in a SwiftUI project's shape (a Common.metal every file includes, files of several stitchable functions and helpers, Metal's implicit conversions, half literals, ?: on vectors, .data) load unchanged and draw what the same maths on the CPU gives")
    func portsDrawWhatTheCPUComputes() throws {
        let library = ShaderLibrary(url: Self.ports)
        func centre(_ k: Int) -> Double { Double(k) + 0.5 }
        func band(_ x: Double, _ width: Double) -> Bool { Int((x / width).rounded(.down)) % 2 == 1 }
        let white = [1.0, 1.0, 1.0]

        // Bands.metal: bands, checks and levels, over Common.metal's band, luma and quantise.
        let bands = try render(Rectangle().colorEffect(library.bands(.float(10))))
        for x in [2, 7, 12, 17, 25, 33, 38] {
            expectPixel(bands, x, 10, band(centre(x), 10) ? white : Self.ink, "bands")
        }
        let checks = try render(Color(red: 1, green: 0, blue: 0).colorEffect(library.checks(.float(8))))
        for (x, y) in [(2, 2), (10, 2), (10, 10), (18, 13), (33, 3)] {
            let odd = (Int(centre(x) / 8) + Int(centre(y) / 8)) & 1 == 1
            expectPixel(checks, x, y, odd ? [1, 0, 0] : Self.ink, "checks")
        }
        let levels = try render(Rectangle().colorEffect(library.bands(.float(10))).layerEffect(library.levels(.float(4)), maxSampleOffset: .zero))
        func quantised(_ rgb: [Double]) -> Double {
            let luma = rgb[0] * 0.2126 + rgb[1] * 0.7152 + rgb[2] * 0.0722
            return min((luma * 4).rounded(.down), 3) / 3
        }
        for x in [3, 14, 26] {
            let grey = quantised(band(centre(x), 10) ? white : Self.ink)
            expectPixel(levels, x, 5, [grey, grey, grey], "levels")
        }

        // Masks.metal: a fold by ?: on bool vectors, and a mirror as a distortion.
        let fold = try render(Rectangle().colorEffect(library.fold(.boundingRect)))
        for (x, y) in [(3, 4), (30, 4), (6, 16), (37, 12), (19, 9)] {
            let uv = [centre(x) / 40, centre(y) / 20]
            let folded = uv.map { $0 < 0.5 ? $0 : 1 - $0 }
            expectPixel(fold, x, y, [folded[0] * 2, folded[1] * 2, uv.allSatisfy { $0 < 0.5 } ? 1 : 0.25], "fold")
        }
        let mirrored = try render(Rectangle().colorEffect(library.bands(.float(10))).distortionEffect(library.mirror(.float(40)), maxSampleOffset: .zero))
        for x in [4, 15, 24, 35] {
            let shown = centre(x) < 20 ? centre(x) : 40 - centre(x)
            expectPixel(mirrored, x, 10, band(shown, 10) ? white : Self.ink, "mirror")
        }

        // Bars.metal: a .data argument's bytes, and its words as floats.
        let heights: [UInt8] = [5, 12, 0, 20]
        let bars = try render(Color(red: 1, green: 0, blue: 0).colorEffect(library.bars(.data(Data(heights)), .boundingRect)))
        for (x, y) in [(5, 17), (5, 10), (15, 10), (15, 5), (25, 19), (35, 0)] {
            let height = Double(heights[Int(centre(x) / 10)])
            expectPixel(bars, x, y, 20 - centre(y) < height ? Self.ink : [1, 0, 0], "bars")
        }
        let floats: [Float] = [0.2, 0.6]
        let greys = try render(Rectangle().colorEffect(library.greys(.data(Data(floats.flatMap { withUnsafeBytes(of: $0.bitPattern.littleEndian, Array.init) })))))
        for (x, value) in [(5, 0.2), (15, 0.6), (35, 0.6)] {
            expectPixel(greys, x, 10, [value, value, value], "greys")
        }

        // Waves.metal: a loop over uints, a float converted to an int, a switch.
        let time = 0.3
        let waves = try render(Rectangle().colorEffect(library.waveLevels(.float(time))))
        var checked = 0
        for x in stride(from: 1, to: 40, by: 3) {
            var sum = 0.0
            for i in 0..<4 {
                let k = Double(1 << i)
                sum += sin(centre(x) * k * 2 * .pi / 40 + time) / k
            }
            let v = 0.5 + 0.25 * sum
            guard abs(v * 4 - (v * 4).rounded()) > 0.01 else { continue }  // too near a step to tell
            let level = Int(v * 4)
            let expected: [Double] = level < 3 ? [[1, 0, 0], [0, 1, 0], [0, 0, 1]][level] : [v, v, v]
            expectPixel(waves, x, 3, expected, "waves, v = \(v)")
            checked += 1
        }
        #expect(checked >= 10)

        // Glow.metal: size, time and pointer, as the command line passes them.
        let glow = try render(Rectangle().colorEffect(library.glow(.float2(40, 20), .float(0.1), .float2(10, 10))))
        for (x, y) in [(10, 10), (14, 12), (25, 5), (38, 18)] {
            let d = hypot(centre(x) - 10, centre(y) - 10) / hypot(40, 20)
            let g = min(max(1 - d * 4, 0), 1) * (0.75 + 0.25 * sin(0.1 * 2 * .pi))
            expectPixel(glow, x, y, zip(Self.ink, [1, 0.8, 0.4]).map { $0 + ($1 - $0) * g }, "glow")
        }
    }

    @Test("an error inside an included Metal file is named at that file's own line")
    func errorInAnIncludedPort() {
        #expect {
            _ = try render(Rectangle().colorEffect(ShaderLibrary(url: Self.mistakes).usesShared()))
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix(Self.mistakes.path + "/Shared.metal:6: fragment shader error: ") && text.contains("undefinedScale") && !text.contains("\n")
        }
    }

    @Test("a GL message of several lines is shown whole: each error at its Metal line, a call's candidates kept, a hint on the generated GLSL")
    func severalLinesShownWhole() throws {
        var message = ""
        do {
            _ = try render(Rectangle().colorEffect(ShaderLibrary(url: Self.mistakes).several()))
        } catch {
            message = "\(error)"
        }
        let lines = message.split(separator: "\n").map(String.init)
        let file = Self.mistakes.path + "/Several.metal"
        #expect(lines.count == 3, "\(message)")
        #expect(lines.first?.hasPrefix(file + ":10: fragment shader error: ") == true && lines.first?.contains("level(vec2)") == true, "\(message)")
        #expect(lines.first?.contains("Metal converts between number types") == true, "the hint: \(message)")
        #expect(lines.dropFirst().first?.trimmingCharacters(in: .whitespaces) == "float level(int)", "the candidate: \(message)")
        #expect(lines.last?.hasPrefix(file + ":11: fragment shader error: ") == true && lines.last?.contains("notDeclared") == true, "\(message)")
    }

    @Test("a Metal file using a construct GLSL cannot express is refused at its line and column, naming it")
    func unsupportedConstructRefused() {
        #expect {
            _ = try render(Rectangle().colorEffect(ShaderLibrary(url: Self.mistakes).output()))
        } throws: { error in
            "\(error)" == Self.mistakes.path + "/Output.metal:7: Metal error: column 31: `device float *` output buffers are not supported: Glint shaders are pure functions"
        }
    }
}
