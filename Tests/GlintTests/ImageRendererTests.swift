import Foundation
import Glint
import GlintTestSupport
import Testing
import enum GlintRender.PNG

/// Views drawn headless through the public API (`ImageRenderer`, EGL on Mesa), checked pixel by
/// pixel against values worked out here from the shaders' formulas.
@Suite("ImageRenderer", .serialized, .removesTemporaryFiles)
struct ImageRendererTests {
    /// A temporary folder holding `files` (name → GLSL), removed when the test ends; a shader
    /// library of it.
    static func library(_ files: [String: String]) throws -> (folder: URL, library: ShaderLibrary) {
        let folder = URL(fileURLWithPath: try TemporaryFiles.folder("glint-api"))
        for (name, text) in files {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return (folder, ShaderLibrary(url: folder))
    }

    /// Whether two channel values are within `tolerance` of each other.
    static func near(_ a: UInt8, _ b: Double, _ tolerance: Double = 1) -> Bool { abs(Double(a) - b) <= tolerance }

    /// SwiftUI's user-space check (seed 002): red grows with x / width and green with y / height,
    /// in points, at any scale.
    @Test("the gradient shows user space at scale 1 and 2: red = x/width, green = y/height at every pixel", arguments: [1.0, 2.0])
    func gradient(scale: Double) throws {
        let renderer = ImageRenderer(content: Rectangle().colorEffect(ShaderLibrary.default.gradient(.boundingRect)).frame(width: 64, height: 48))
        renderer.scale = CGFloat(scale)
        let image = try renderer.render()
        #expect(image.width == Int(64 * scale) && image.height == Int(48 * scale))
        var wrong = 0
        for py in 0..<image.height {
            for px in 0..<image.width {
                // The pixel's centre, in points.
                let x = (Double(px) + 0.5) / scale
                let y = (Double(py) + 0.5) / scale
                let p = image.pixel(x: px, y: py)
                if !(Self.near(p.red, x / 64 * 255) && Self.near(p.green, y / 48 * 255) && p.blue == 0 && p.alpha == 255) { wrong += 1 }
            }
        }
        #expect(wrong == 0, "\(wrong) of \(image.width * image.height) pixels off the gradient")
    }

    @Test("colour, fill and layer effects from a ShaderLibrary(url:), a folder or one GLSL file")
    func customLibrary() throws {
        let (folder, library) = try Self.library([
            // Test colour effect: the negative of what is below, keeping its alpha.
            "invert.frag": "vec4 invert(vec2 position, vec4 color) { return vec4(color.a - color.rgb, color.a); }",
            // Test file of two fills: vertical stripes `width` points wide, and a solid colour.
            "fills.glsl": """
                vec4 stripes(vec2 position, float width) {
                    return mod(floor(position.x / width), 2.0) == 0.0 ? vec4(1.0) : vec4(0.0, 0.0, 0.0, 1.0);
                }
                vec4 plain(vec2 position, vec4 color) { return color; }
                """,
            // Test layer effect: shows the layer `dx` points to its right.
            "shift.frag": "vec4 shift(vec2 position, Layer layer, float dx) { return layerSample(layer, position + vec2(dx, 0.0)); }",
        ])
        let inverted = try ImageRenderer(content: Color.red.colorEffect(library.invert()).frame(width: 4, height: 4)).render()
        let p = inverted.pixel(x: 2, y: 2)
        #expect([p.red, p.green, p.blue, p.alpha] == [0, 255 - 59, 255 - 48, 255])

        let file = ShaderLibrary(url: folder.appendingPathComponent("fills.glsl"))
        let stripes = try ImageRenderer(content: Rectangle().fill(file.stripes(.float(3))).frame(width: 12, height: 2)).render()
        let row = (0..<12).map { stripes.pixel(x: $0, y: 1).red }
        #expect(row == [255, 255, 255, 0, 0, 0, 255, 255, 255, 0, 0, 0])
        let plain = try ImageRenderer(content: Rectangle().fill(file.plain(.color(.green))).frame(width: 2, height: 2)).render()
        #expect(plain.pixel(x: 0, y: 0) == (52, 199, 89, 255))

        let shifted = try ImageRenderer(content: Rectangle().colorEffect(ShaderLibrary.gradient(.boundingRect))
            .layerEffect(library.shift(.float(10)), maxSampleOffset: CGSize(width: 10, height: 0))
            .frame(width: 100, height: 10)).render()
        #expect(Self.near(shifted.pixel(x: 20, y: 5).red, 30.5 / 100 * 255))
        #expect(shifted.pixel(x: 95, y: 5).alpha == 0, "beyond the view the layer is transparent")
    }

    @Test("every Shader.Argument reaches its shader's parameter")
    func everyArgument() throws {
        let (_, library) = try Self.library([
            // Test fills, each showing its argument as a colour (channels in 0…255 are divided by 255).
            "f1.frag": "vec4 f1(vec2 position, float x) { return vec4(x, 0.0, 0.0, 1.0); }",
            "f2.frag": "vec4 f2(vec2 position, vec2 v) { return vec4(v / 255.0, 0.0, 1.0); }",
            "f3.frag": "vec4 f3(vec2 position, vec3 v) { return vec4(v / 255.0, 1.0); }",
            "f4.frag": "vec4 f4(vec2 position, vec4 v) { return v / 255.0; }",
            "pass.frag": "vec4 pass(vec2 position, vec4 c) { return c; }",
            "picture.frag": "vec4 picture(vec2 position, vec4 bounds, sampler2D image) { return texture(image, position / bounds.zw); }",
            "floats.frag": "vec4 floats(vec2 position, float v[4], int n) { return vec4(v[1], v[2], float(n) / 255.0, 1.0); }",
            "colors.frag": "vec4 colors(vec2 position, vec4 c[3], int n) { return n == 2 ? c[1] : vec4(0.0); }",
            "bytes.frag": """
                vec4 bytes(vec2 position, uint b[2], int n) {
                    return vec4(float(b[0] & 255u), float((b[0] >> 8u) & 255u), float(b[1] & 255u), float(n)) / 255.0;
                }
                """,
        ])
        func draw(_ shader: Shader, width: CGFloat = 2, height: CGFloat = 2) throws -> RenderedImage {
            try ImageRenderer(content: Rectangle().fill(shader).frame(width: width, height: height)).render()
        }
        func rgba(_ image: RenderedImage, _ x: Int = 0, _ y: Int = 0) -> [UInt8] {
            let p = image.pixel(x: x, y: y)
            return [p.red, p.green, p.blue, p.alpha]
        }
        #expect(Self.near(try draw(library.f1(.float(0.25))).pixel(x: 0, y: 0).red, 63.75))
        #expect(rgba(try draw(library.f2(.float2(10.0, 20.0)))) == [10, 20, 0, 255])
        #expect(rgba(try draw(library.f2(.float2(CGPoint(x: 30, y: 40))))) == [30, 40, 0, 255])
        #expect(rgba(try draw(library.f2(.float2(CGSize(width: 50, height: 60))))) == [50, 60, 0, 255])
        #expect(rgba(try draw(library.f3(.float3(Float(1), 2, 3)))) == [1, 2, 3, 255])
        #expect(rgba(try draw(library.f4(.float4(4.0, 5, 6, 255)))) == [4, 5, 6, 255])
        #expect(rgba(try draw(library.f4(.boundingRect), width: 40, height: 30)) == [0, 0, 40, 30])
        let half = rgba(try draw(library.pass(.color(Color(red: 1, green: 0.5, blue: 0, opacity: 0.5)))))
        #expect(Self.near(half[0], 127.5) && Self.near(half[1], 63.75) && half[2] == 0 && Self.near(half[3], 127.5), "premultiplied: \(half)")
        let quad: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]
        let picture = try draw(library.picture(.boundingRect, .image(Image(pixels: quad, width: 2, height: 2))))
        #expect([rgba(picture, 0, 0), rgba(picture, 1, 0), rgba(picture, 0, 1), rgba(picture, 1, 1)]
            == [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [255, 255, 255, 255]], "top row first")
        let floats = rgba(try draw(library.floats(.floatArray([0, 0.5, 1]))))
        #expect(Self.near(floats[0], 127.5) && floats[1] == 255 && floats[2] == 3)
        #expect(rgba(try draw(library.colors(.colorArray([.red, .blue])))) == [0, 122, 255, 255])
        #expect(rgba(try draw(library.bytes(.data(Data([7, 9, 0, 0, 11]))))) == [7, 9, 11, 5])
    }

    @Test("what cannot be drawn is thrown with a one-line message, never a crash")
    func errors() throws {
        let (_, library) = try Self.library([
            // Test fill taking one float.
            "one.frag": "vec4 one(vec2 position, float amount) { return vec4(amount); }",
            // Test fill that does not compile.
            "broken.frag": "vec4 broken(vec2 position) {\n    return vec4(undefinedName);\n}",
        ])
        func message<V: View>(_ view: V) -> String? {
            do {
                _ = try ImageRenderer(content: view.frame(width: 4, height: 4)).render()
                return nil
            } catch {
                return error.description
            }
        }
        let wrongType = try #require(message(Rectangle().fill(library.one(.float2(1.0, 2.0)))))
        #expect(wrongType.contains("one") && wrongType.contains("amount") && wrongType.contains("float") && wrongType.contains("vec2"), "\(wrongType)")
        #expect(!wrongType.contains("\n"))
        let tooFew = try #require(message(Rectangle().fill(ShaderLibrary.gradient(.boundingRect))))
        #expect(tooFew.contains("gradient"), "a colour function used as a fill: \(tooFew)")
        let broken = try #require(message(Rectangle().fill(library.broken())))
        #expect(broken.contains("broken.frag:2"), "\(broken)")
        let missing = try #require(message(Rectangle().fill(library.nowhere())))
        #expect(missing.contains("nowhere"), "\(missing)")
        let noImage = try #require(message(Image("no-such-card.png")))
        #expect(noImage == "cannot read image 'no-such-card.png': no such file or not readable")
        #expect(ImageRenderer(content: Image("no-such-card.png")).pngData == nil)
        #expect(throws: RenderError.self, "an image of no pixels") {
            try ImageRenderer(content: Color.red.frame(width: 0, height: 0)).render()
        }
    }

    @Test("a library's file that is not a regular file, or is too large, is refused naming it: never read, never waited on",
          .timeLimit(.minutes(1)))
    func libraryFilesThatAreNotFiles() throws {
        let (folder, library) = try Self.library(["big.frag": String(repeating: "// padding\n", count: 110_000) + "vec4 big(vec2 position) { return vec4(1.0); }\n"])
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        #expect(mkfifo(path("fifo.frag"), 0o644) == 0)
        try FileManager.default.createDirectory(atPath: path("folder.frag"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: path("loop.frag"), withDestinationPath: "loop.frag")
        try FileManager.default.createSymbolicLink(atPath: path("zero.frag"), withDestinationPath: "/dev/zero")
        func message(_ shader: Shader) -> String? {
            do {
                _ = try ImageRenderer(content: Rectangle().fill(shader).frame(width: 4, height: 4)).render()
                return nil
            } catch {
                return error.description
            }
        }
        let expected: [(Shader, String, String)] = [
            (library.fifo(), "fifo.frag", "a FIFO"), (library.folder(), "folder.frag", "a folder"),
            (library.loop(), "loop.frag", "a symbolic link loop"), (library.zero(), "zero.frag", "a character device"),
            (library.big(), "big.frag", "over the 1 MiB"),
        ]
        for (shader, name, what) in expected {
            let line = message(shader)
            #expect(line?.contains(name) == true && line?.contains(what) == true && line?.contains("\n") == false,
                    "\(name): \(line ?? "drawn")")
        }
        // A library that is itself a FIFO.
        let fifoLibrary = ShaderLibrary(url: URL(fileURLWithPath: path("fifo.frag")))
        let line = message(fifoLibrary.anything())
        #expect(line?.contains("fifo.frag") == true && line?.contains("a FIFO") == true, "\(line ?? "drawn")")
    }

    @Test("fresh shaders and fresh images every frame, for 200 frames, each drawn right")
    func freshEveryFrame() throws {
        let (_, library) = try Self.library([
            // Test colour effect: keeps red and green, sets blue to `blue`.
            "setBlue.frag": "vec4 setBlue(vec2 position, vec4 color, float blue) { return vec4(color.rg, blue, 1.0); }",
        ])
        func frame(_ i: Int) -> some View {
            Image(pixels: [UInt8(i), UInt8(255 - i), 0, 255], width: 1, height: 1).resizable()
                .colorEffect(library.setBlue(.float(Float((i * 7) % 256) / 255)))
                .frame(width: 4, height: 4)
        }
        let renderer = ImageRenderer(content: frame(0))
        var wrong: [Int] = []
        for i in 0..<200 {
            renderer.content = frame(i)
            let p = try renderer.render().pixel(x: 1, y: 2)
            if !(p.red == UInt8(i) && p.green == UInt8(255 - i) && Self.near(p.blue, Double((i * 7) % 256)) && p.alpha == 255) {
                wrong.append(i)
            }
        }
        #expect(wrong.isEmpty, "frames drawn wrong: \(wrong)")
    }

    @Test("a view smaller than the image is drawn centred, the backdrop around it, positions in its own space")
    func centred() throws {
        let renderer = ImageRenderer(content: Rectangle().colorEffect(ShaderLibrary.gradient(.boundingRect)).frame(width: 20, height: 10))
        renderer.proposedSize = CGSize(width: 40, height: 30)
        renderer.backdrop = .blue
        let image = try renderer.render()
        #expect(image.width == 40 && image.height == 30)
        var wrong = 0
        for y in 0..<30 {
            for x in 0..<40 {
                let p = image.pixel(x: x, y: y)
                let inside = (10..<30).contains(x) && (10..<20).contains(y)
                if inside {
                    let red = (Double(x - 10) + 0.5) / 20 * 255
                    let green = (Double(y - 10) + 0.5) / 10 * 255
                    if !(Self.near(p.red, red) && Self.near(p.green, green) && p.blue == 0) { wrong += 1 }
                } else if !(p.red == 0 && p.green == 122 && p.blue == 255 && p.alpha == 255) {
                    wrong += 1
                }
            }
        }
        #expect(wrong == 0, "\(wrong) pixels wrong")
        renderer.backdrop = .clear
        #expect(try renderer.render().pixel(x: 2, y: 2).alpha == 0, "transparent around the view by default")
    }

    @Test("the PNG holds the pixels drawn, with straight alpha")
    func png() throws {
        let renderer = ImageRenderer(content: Color(red: 1, green: 0, blue: 0, opacity: 0.5).frame(width: 3, height: 2))
        let data = try renderer.renderPNG()
        let decoded = try PNG.decode([UInt8](data))
        #expect(decoded.width == 3 && decoded.height == 2)
        #expect(Self.near(decoded.rgba[0], 255) && decoded.rgba[1] == 0 && Self.near(decoded.rgba[3], 127.5))
        #expect(renderer.pngData == data)
    }
}
