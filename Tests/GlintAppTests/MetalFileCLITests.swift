import Foundation
import GlintCore
import GlintRender
import GlintTestSupport
import Testing

/// `glint render --effect FILE.metal` with Metal as people's files hold it, through the release
/// binary: C++ initialisation, Windows and old-Mac line endings, and a file nested too deep to
/// translate, which is one line naming the file and line, never a crash.
@Suite("Metal files as written, on the command line", .removesTemporaryFiles)
struct MetalFileCLITests {
    /// A colour effect: orange left of the middle, blue right of it, made with `half4 res(0.0);`.
    static let halves = """
        #include <metal_stdlib>
        #include <metal_math>
        #include <SwiftUI/SwiftUI_Metal.h>
        using namespace metal;

        // Orange left of the middle, blue right of it.
        [[ stitchable ]] half4 halves
        (float2 position, half4 color, float2 size) {
            half4 res(0.0);
            float2 middle{size.x / 2, 0};
            res.rgb = position.x < middle.x ? half3(1.0, 0.5, 0.0) : half3(0.0, 0.0, 1.0);
            res.a = 1.0;
            return res;
        }
        """

    /// The pixel at (`x`, `y`) of the PNG at `path`.
    func pixel(_ path: String, _ x: Int, _ y: Int) throws -> [UInt8] {
        let image = try PNG.read(path)
        let at = (y * image.width + x) * 4
        return Array(image.rgba[at..<at + 4])
    }

    @Test("a .metal file with C++ initialisation and a declaration over two lines renders, with LF, CRLF and CR-only line endings alike")
    func lineEndingsAndInitialisation() throws {
        let dir = try CLI.temporaryFolder()
        for (name, ending) in [("lf", "\n"), ("crlf", "\r\n"), ("cr", "\r")] {
            try Data(Self.halves.replacingOccurrences(of: "\n", with: ending).utf8).write(to: URL(fileURLWithPath: dir + "/\(name).metal"))
            let r = try CLI.run(["render", "--effect", "\(name).metal", "--size", "40x20", "-o", "\(name).png"], in: dir)
            #expect(r.reason == .exit && r.status == 0, "\(name): \(r.stderr)")
            guard r.status == 0 else { continue }
            #expect(try pixel(dir + "/\(name).png", 5, 10) == [255, 128, 0, 255], "\(name): orange on the left")
            #expect(try pixel(dir + "/\(name).png", 35, 10) == [0, 0, 255, 255], "\(name): blue on the right")
        }
    }

    @Test("--shaders finds a function in any file of the folder, as a folder library does, declared over two lines as some write it")
    func shaderFolderAnyFile() throws {
        let dir = try CLI.temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/shaders", withIntermediateDirectories: true)
        // The built-in gradient, replaced by a function in a file of another name.
        try "#include <metal_stdlib>\nusing namespace metal;\n\n// Solid green.\n[[ stitchable ]] half4 gradient\n(float2 position, half4 color, float4 bounds)\n{\n    return half4(0.0h, 1.0h, 0.0h, 1.0h);\n}\n"
            .write(toFile: dir + "/shaders/Effects.metal", atomically: true, encoding: .utf8)
        let r = try CLI.run(["render", "--shaders", "shaders", "--effect", "gradient", "--size", "40x20", "-o", "g.png"], in: dir)
        #expect(r.reason == .exit && r.status == 0, "\(r.stderr)")
        guard r.status == 0 else { return }
        for (x, y) in [(2, 2), (37, 17)] {
            #expect(try pixel(dir + "/g.png", x, y) == [0, 255, 0, 255], "the folder's gradient, not Glint's, at (\(x), \(y))")
        }
    }

    @Test("a .metal file nested 7,000 parentheses deep (14 KB) is one line naming the file and line, not a crash; so is one whose CR-only lines hold the deep line")
    func deepNestingIsOneLine() throws {
        let dir = try CLI.temporaryFolder()
        let deep = String(repeating: "(", count: 7_000) + "1.0" + String(repeating: ")", count: 7_000)
        let metal = "#include <metal_stdlib>\nusing namespace metal;\n\n[[ stitchable ]] half4 deep(float2 position, half4 color) {\n    float x = \(deep);\n    return half4(x);\n}\n"
        for (name, ending) in [("deep", "\n"), ("deepcr", "\r")] {
            try Data(metal.replacingOccurrences(of: "\n", with: ending).utf8).write(to: URL(fileURLWithPath: dir + "/\(name).metal"))
            let r = try CLI.run(["render", "--effect", "\(name).metal", "-o", "\(name).png"], in: dir)
            #expect(r.reason == .exit && r.status != 0, "\(name): ended by \(r.reason) \(r.status)")
            #expect(r.stderrLines.count == 1 && r.stderr.hasPrefix("glint: \(name).metal:5:") && r.stderr.contains("nests deeper than \(MetalTranslator.maxNesting) levels"),
                    "\(name): \(r.stderr.prefix(600))")
            #expect(!FileManager.default.fileExists(atPath: dir + "/\(name).png"))
        }
    }
}
