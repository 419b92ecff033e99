import Foundation
@testable import Glint
import struct GlintCore.EffectPass
import GlintRender
import GlintTestSupport
import Testing

/// Shader and image resources the SwiftUI way: `ShaderLibrary.bundle(_:)`, `Image(_:bundle:)`,
/// the default library (the app's own shaders first, then Glint's), `Shader.compile(as:)` and
/// "did you mean" for a misspelled function.
@Suite("Shader resources the SwiftUI way", .removesTemporaryFiles)
struct ShaderResourceTests {
    /// A Metal colour effect: rings round the top-left corner, `spacing` points apart, orange then black.
    static let rings = """
        #include <metal_stdlib>
        #include <SwiftUI/SwiftUI_Metal.h>
        using namespace metal;

        [[ stitchable ]] half4 rings(float2 position, half4 color, float spacing) {
            float d = length(position);
            return fmod(d, spacing) < spacing * 0.5 ? half4(1.0h, 0.5h, 0.0h, 1.0h) : half4(0.0h, 0.0h, 0.0h, 1.0h);
        }
        """

    /// A GLSL colour effect: horizontal bands `height` points tall, teal then white.
    static let bands = """
        // Test: teal and white bands.
        vec4 bands(vec2 position, vec4 color, float height) {
            return mod(position.y, height) < height * 0.5 ? vec4(0.0, 0.5, 0.5, 1.0) : vec4(1.0);
        }
        """

    static let orange: (UInt8, UInt8, UInt8, UInt8) = (255, 128, 0, 255)
    static let black: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 255)

    func render<V: View>(_ view: V, size: CGSize? = CGSize(width: 40, height: 20)) throws(RenderError) -> RenderedImage {
        let renderer = ImageRenderer(content: view)
        renderer.proposedSize = size
        return try renderer.render()
    }

    func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// What drawing `view` throws, as its one line; nil when it draws.
    func drawError<V: View>(_ view: V) -> String? {
        do {
            _ = try render(view)
            return nil
        } catch {
            return error.description
        }
    }

    /// What `compileNow(as:)` throws, as its one line; nil when it compiles.
    func compileError(_ shader: Shader, as type: Shader.UsageType) -> String? {
        do {
            try shader.compileNow(as: type)
            return nil
        } catch {
            return error.description
        }
    }

    /// What `compile(as:)`, awaited, throws; nil when it compiles.
    func asyncCompileError(_ shader: Shader, as type: Shader.UsageType) async -> String? {
        do {
            try await shader.compile(as: type)
            return nil
        } catch {
            return error.description
        }
    }

    // MARK: - Bundles

    @Test("ShaderLibrary.bundle(_:) draws the Metal and GLSL functions a bundle's resources hold, in subfolders too")
    func bundleShaders() throws {
        let folder = try TemporaryFiles.folder("glint-bundle")
        try write(Self.rings, to: folder + "/Shaders/Rings.metal")
        try write(Self.bands, to: folder + "/bands.glsl")
        let bundle = try #require(Bundle(path: folder))
        let library = ShaderLibrary.bundle(bundle)

        let rings = try render(Rectangle().colorEffect(library.rings(.float(10))))
        // (2.5, 2.5) is 3.5 points from the corner: orange; (8.5, 0.5) 8.5: black; (12.5, 0.5) 12.5: orange again.
        #expect(rings.pixel(x: 2, y: 2) == Self.orange && rings.pixel(x: 8, y: 0) == Self.black && rings.pixel(x: 12, y: 0) == Self.orange)
        let bands = try render(Rectangle().colorEffect(library.bands(.float(10))))
        #expect(bands.pixel(x: 5, y: 2) == (0, 128, 128, 255) && bands.pixel(x: 5, y: 7) == (255, 255, 255, 255))
        #expect(ShaderLibrary.bundle(bundle) == library, "a bundle's library is the same value each time it is asked for")
    }

    @Test("Image(name, bundle:) draws name.png from a bundle's resources (with or without .png, in a subfolder too); a missing one reports what a missing file reports")
    func bundleImages() throws {
        let folder = try TemporaryFiles.folder("glint-bundle")
        let red = try ImageRenderer(content: Color(red: 1, green: 0, blue: 0).frame(width: 4, height: 2)).renderPNG()
        let blue = try ImageRenderer(content: Color(red: 0, green: 0, blue: 1).frame(width: 3, height: 5)).renderPNG()
        try red.write(to: URL(fileURLWithPath: folder + "/badge.png"))
        try FileManager.default.createDirectory(atPath: folder + "/Images", withIntermediateDirectories: true)
        try blue.write(to: URL(fileURLWithPath: folder + "/Images/icon.png"))
        let bundle = try #require(Bundle(path: folder))

        for name in ["badge", "badge.png"] {
            let badge = try render(Image(name, bundle: bundle), size: nil)
            #expect(badge.width == 4 && badge.height == 2 && badge.pixel(x: 3, y: 1) == (255, 0, 0, 255), "\(name)")
        }
        let icon = try render(Image("icon", bundle: bundle), size: nil)
        #expect(icon.width == 3 && icon.height == 5 && icon.pixel(x: 1, y: 4) == (0, 0, 255, 255))

        // The same line as an image file that is not there, naming where it was looked for.
        let missing = drawError(Image("nope", bundle: bundle).resizable())
        let missingFile = drawError(Image((bundle.resourceURL ?? bundle.bundleURL).path + "/nope.png").resizable())
        #expect(missing != nil && missing == missingFile, "\(missing ?? "drawn") vs \(missingFile ?? "drawn")")
        #expect(missing?.hasPrefix("cannot read image '") == true && missing?.contains("/nope.png': no such file") == true, "\(missing ?? "drawn")")
        // Without a bundle, the name is a path, as before.
        let byPath = try render(Image(folder + "/badge.png", bundle: nil), size: nil)
        #expect(byPath.width == 4 && byPath.height == 2)
    }

    // MARK: - compile(as:)

    @Test("compile(as:) compiles a shader before any frame, and throws, word for word, what drawing it would throw")
    func compileAhead() async throws {
        let folder = try TemporaryFiles.folder("glint-compile")
        try write(Self.rings, to: folder + "/Rings.metal")
        try write(Self.bands, to: folder + "/bands.glsl")
        try write("// Test: does not compile.\nvec4 broken(vec2 position, vec4 color) {\n    return color * missingValue;\n}\n", to: folder + "/broken.glsl")
        try write("// Test: a layer effect.\nvec4 shift(vec2 position, Layer layer, float by) { return layerSample(layer, position + vec2(by, 0.0)); }\n", to: folder + "/shift.glsl")
        let library = ShaderLibrary(url: URL(fileURLWithPath: folder))

        let good = library.rings(.float(10))
        #expect(compileError(good, as: .colorEffect) == nil)
        #expect(await asyncCompileError(good, as: .colorEffect) == nil)
        #expect(compileError(library.shift(.float(2)), as: .layerEffect) == nil)

        // Each: the shader, how it is compiled, and what drawing it so throws.
        let color = { (shader: Shader) in self.drawError(Rectangle().colorEffect(shader)) }
        let cases: [(String, Shader, Shader.UsageType, (Shader) -> String?)] = [
            ("does not compile", library.broken(), .colorEffect, color),
            ("misspelled", library.rngs(.float(10)), .colorEffect, color),
            ("arguments that do not fit", library.rings(.float2(1, 2)), .colorEffect, color),
            ("too many arguments", library.bands(.float(10), .float(3)), .colorEffect, color),
            ("a colour function as a distortion", library.bands(.float(10)), .distortionEffect,
             { self.drawError(Rectangle().distortionEffect($0, maxSampleOffset: .zero)) }),
            ("a layer function as a colour effect", library.shift(.float(2)), .colorEffect, color),
            ("a colour function as a layer effect", library.bands(.float(10)), .layerEffect,
             { self.drawError(Rectangle().layerEffect($0, maxSampleOffset: .zero)) }),
            ("an image that cannot be read", library.rings(.image(Image(folder + "/gone.png"))), .colorEffect, color),
            ("a built-in misspelled", ShaderLibrary.gradeint(.boundingRect), .colorEffect, color),
        ]
        for (what, shader, type, draw) in cases {
            let compiled = compileError(shader, as: type)
            let drawn = draw(shader)
            note("compile(as:) \(what): \(compiled ?? "compiled")")
            #expect(compiled != nil, "\(what): compile(as:) should throw")
            #expect(compiled == drawn, "\(what): compile(as:) threw '\(compiled ?? "nothing")', drawing '\(drawn ?? "nothing")'")
            #expect(await asyncCompileError(shader, as: type) == compiled, "\(what): the async compile(as:) throws the same")
        }
        #expect(compileError(library.broken(), as: .colorEffect)?.hasPrefix(folder + "/broken.glsl:3: fragment shader error") == true)
    }

    @Test("compile(as:) leaves the thread's OpenGL context as it was: the one current before is current after, and an ImageRenderer draws the same")
    func compileKeepsContext() throws {
        let folder = try TemporaryFiles.folder("glint-compile")
        try write(Self.bands, to: folder + "/bands.glsl")
        let library = ShaderLibrary(url: URL(fileURLWithPath: folder))
        // A context of the caller's own (a window's, say), current on this thread.
        let own = try HeadlessContext()
        try library.bands(.float(4)).compileNow(as: .colorEffect)
        #expect(GLContext.current === own, "the caller's context should be current again after compiling")
        #expect(throws: RenderError.self) { try library.bnads(.float(4)).compileNow(as: .colorEffect) }
        #expect(GLContext.current === own, "and after a compile that throws")

        let renderer = ImageRenderer(content: Rectangle().colorEffect(ShaderLibrary.gradient(.boundingRect)))
        renderer.proposedSize = CGSize(width: 30, height: 20)
        let before = try renderer.render()
        try library.bands(.float(4)).compileNow(as: .colorEffect)
        let after = try renderer.render()
        #expect(before.pixels == after.pixels)
        withExtendedLifetime(own) {}
    }

    // MARK: - Did you mean

    @Test("a function a library does not define is reported with the closest one it does: a folder, a file, the default library")
    func didYouMean() throws {
        let folder = try TemporaryFiles.folder("glint-mean")
        try write(Self.rings, to: folder + "/Shaders/Rings.metal")
        try write(Self.bands, to: folder + "/bands.glsl")
        let library = ShaderLibrary(url: URL(fileURLWithPath: folder))

        let folderTypo = drawError(Rectangle().colorEffect(library.bnads(.float(10))))
        #expect(folderTypo == "shader function 'bnads' not found (looked in \(folder)); did you mean 'bands'?", "\(folderTypo ?? "drawn")")
        let metalTypo = drawError(Rectangle().colorEffect(library.ring(.float(10))))
        #expect(metalTypo?.hasSuffix("did you mean 'rings'?") == true, "a Metal file's functions count: \(metalTypo ?? "drawn")")
        let farOff = drawError(Rectangle().colorEffect(library.sparkle()))
        #expect(farOff == "shader function 'sparkle' not found (looked in \(folder)); it defines bands, rings", "\(farOff ?? "drawn")")

        let file = ShaderLibrary(url: URL(fileURLWithPath: folder + "/bands.glsl"))
        let fileTypo = drawError(Rectangle().colorEffect(file.bnads(.float(10))))
        #expect(fileTypo?.contains("did you mean 'bands'?") == true, "\(fileTypo ?? "drawn")")

        let builtIn = drawError(Rectangle().colorEffect(ShaderLibrary.default.gradeint(.boundingRect)))
        #expect(builtIn?.hasPrefix("shader function 'gradeint' not found (looked in ") == true && builtIn?.hasSuffix("the built-in Shaders/); did you mean 'gradient'?") == true,
                "\(builtIn ?? "drawn")")
        let nowhere = drawError(Rectangle().colorEffect(ShaderLibrary(url: URL(fileURLWithPath: folder + "/nowhere")).bands(.float(1))))
        #expect(nowhere == "shader function 'bands' not found: the shader library \(folder)/nowhere does not exist", "\(nowhere ?? "drawn")")
    }

    // MARK: - One lookup rule

    /// A Metal file whose functions are declared as some write them: the return type on one line,
    /// the `(` on the next.
    static let splitDeclarations = """
        #include <metal_stdlib>
        using namespace metal;

        // Solid green.
        [[ stitchable ]] half4 sheen
        (float2 position, half4 color)
        {
            return half4(0.0h, 1.0h, 0.0h, 1.0h);
        }
        """

    @Test("a folder library finds a function declared as `half4 name` with its `(` on the next line, in any file; a function its search misses is never suggested as itself")
    func splitDeclarationFound() throws {
        let folder = try TemporaryFiles.folder("glint-lookup")
        try write(Self.splitDeclarations, to: folder + "/Effects.metal")
        let library = ShaderLibrary(url: URL(fileURLWithPath: folder))
        let sheen = try render(Rectangle().colorEffect(library.sheen()))
        #expect(sheen.pixel(x: 20, y: 10) == (0, 255, 0, 255))

        // Were the search to miss it, "did you mean" would not name the very function asked for.
        let missed = ShaderLookup.explained(.missingShader(name: "sheen.frag", searched: folder),
                                            pass: EffectPass(function: "sheen", library: folder, kind: .color, arguments: []))
        #expect(!missed.description.contains("did you mean 'sheen'"), "\(missed)")
    }

    @Test("GLINT_SHADERS finds a function in any file of its folder, as a folder library does: the built-in library reads it, watches it, lists it for \"did you mean\", and leaves the name to it over the app's")
    func overrideFolderAnyFile() throws {
        let overrides = try TemporaryFiles.folder("glint-override")
        try write(Self.splitDeclarations, to: overrides + "/Effects.metal")
        try write("// Test: the built-in gradient replaced, in a file of another name.\nvec4 gradient(vec2 position, vec4 color, vec4 bounds) { return vec4(0.0, 0.0, 1.0, 1.0); }\n",
                  to: overrides + "/palette.glsl")
        let sources = ShaderSources(overrideDirectory: overrides)
        #expect(try sources.builtInSource("sheen").path == overrides + "/Effects.metal")
        #expect(try sources.builtInSource("gradient").path == overrides + "/palette.glsl")
        #expect(sources.liveBuiltInFile("gradient") == overrides + "/palette.glsl", "watched for changes")
        #expect(try sources.builtInSource("harmonic").path == "Shaders/harmonic.frag", "a name the folder does not define is Glint's")
        #expect(Set(LibraryNames.overrideFunctions(overrides)).isSuperset(of: ["sheen", "gradient"]))

        // The app's own sheen is left to the override folder's.
        let app = try TemporaryFiles.folder("glint-main")
        try write(Self.splitDeclarations, to: app + "/Shop_mirror.resources/Sheen.metal")
        let index = MainBundleShaders.Index(folders: [app + "/Shop_mirror.resources"], overrideDirectory: overrides, builtIns: Set(LibraryNames.builtInFunctions))
        #expect(index.names == ["sheen"] && index.functions["sheen"] == nil)

        // Two of its files defining one name: refused naming both, as a folder library does.
        try write("// Test: a second gradient.\nvec4 gradient(vec2 position, vec4 color, vec4 bounds) { return color; }\n", to: overrides + "/more.glsl")
        #expect {
            _ = try sources.builtInSource("gradient")
        } throws: { error in
            "\(error)".contains("defines 'gradient' in both \(overrides)/more.glsl and \(overrides)/palette.glsl")
        }
    }

    @Test("a function missing from the app's library, defined in a .metal file of its target that is not among its resources, is reported with that file and the resources: that declares it")
    func undeclaredMetalNamed() throws {
        // A package built by SwiftPM: its executable, and beside it the list of its target's sources.
        let root = try TemporaryFiles.folder("glint-shop")
        let build = root + "/.build/x86_64-unknown-linux-gnu/debug"
        let executable = build + "/App"
        try write("#!/bin/sh\n", to: executable)
        try write(root + "/Sources/App/main.swift\n" + root + "/Sources/App/Views/Card.swift\n" + build + "/App.build/DerivedSources/resource_bundle_accessor.swift\n",
                  to: build + "/App.build/sources")
        try write("// the app\n", to: root + "/Sources/App/main.swift")
        try write("// a view\n", to: root + "/Sources/App/Views/Card.swift")
        try write(Self.splitDeclarations.replacingOccurrences(of: "sheen", with: "sheenTint"), to: root + "/Sources/App/Shaders/Sheen.metal")
        let pass = EffectPass(function: "sheenTint", kind: .color, arguments: [])
        let missing = RenderError.missingShader(name: "sheenTint.frag", searched: "the built-in Shaders/")

        let undeclared = ShaderLookup.explained(missing, pass: pass, executable: executable, resourceFolders: [])
        #expect(undeclared.description == "shader function 'sheenTint' not found (looked in the built-in Shaders/); Sources/App/Shaders/Sheen.metal defines it, but is not among the target's resources (SwiftPM warns it is an unhandled file): declare it in the target in Package.swift, as resources: [.process(\"Shaders\")] (or .copy), for the app's library to hold its functions",
                "\(undeclared)")
        // With resources, but not this file: the same.
        let bundle = build + "/Shop_App.resources"
        try write("not a picture\n", to: bundle + "/badge.png")
        let besideOthers = ShaderLookup.explained(missing, pass: pass, executable: executable, resourceFolders: [bundle])
        #expect(besideOthers.description.hasSuffix("Sources/App/Shaders/Sheen.metal defines it, but is not among the target's resources (SwiftPM warns it is an unhandled file): declare it in the target in Package.swift, as resources: [.process(\"Shaders\")] (or .copy), for the app's library to hold its functions"),
                "\(besideOthers)")
        // A file that does not define it is named too, after the rest of the message.
        let other = ShaderLookup.explained(.missingShader(name: "glow.frag", searched: "the built-in Shaders/"),
                                           pass: EffectPass(function: "glow", kind: .color, arguments: []), executable: executable, resourceFolders: [])
        #expect(other.description == "shader function 'glow' not found (looked in the built-in Shaders/); Sources/App/Shaders/Sheen.metal is in the target but not among its resources (SwiftPM warns of unhandled files): declare it in the target in Package.swift, as resources: [.process(\"Shaders\")] (or .copy), for the app's library to hold its functions",
                "\(other)")
        // Declared (copied into the bundle): nothing more to say.
        try write(Self.splitDeclarations.replacingOccurrences(of: "sheen", with: "sheenTint"), to: bundle + "/Sheen.metal")
        let declared = ShaderLookup.explained(.missingShader(name: "glow.frag", searched: "the built-in Shaders/"),
                                              pass: EffectPass(function: "glow", kind: .color, arguments: []), executable: executable, resourceFolders: [bundle])
        #expect(!declared.description.contains("Sheen.metal"), "\(declared)")
    }

    // MARK: - The default library

    @Test("the default library's own shaders are the executable's own resource bundle beside it, never another target's; the override folder wins; a built-in name is marked hidden")
    func defaultLibraryRule() throws {
        let folder = try TemporaryFiles.folder("glint-main")
        let executable = folder + "/mirror"
        #expect(FileManager.default.createFile(atPath: executable, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755]))
        try write(Self.rings, to: folder + "/Shop_mirror.resources/Shaders/Rings.metal")
        try write(Self.bands, to: folder + "/Shop_mirror.resources/bands.glsl")
        try write("// Test: the app's own gradient.\nvec4 gradient(vec2 p, vec4 c, vec4 b) { return vec4(0.0, 1.0, 0.0, 1.0); }\n", to: folder + "/Shop_mirror.resources/gradient.glsl")
        try write("// Test: defined twice.\nvec4 twice(vec2 p, vec4 c) { return c; }\n", to: folder + "/Shop_mirror.resources/a.glsl")
        try write("// Test: defined twice.\nvec4 twice(vec2 p, vec4 c) { return c; }\n", to: folder + "/Shop_mirror.resources/b.glsl")
        // Another target's and another package's bundles, built into the same folder.
        try write("// Test: another target's.\nvec4 other(vec2 p, vec4 c) { return c; }\n", to: folder + "/Shop_mirror-tools.resources/other.glsl")
        try write("// Test: another package's.\nvec4 blur(vec2 p, vec4 c) { return c; }\n", to: folder + "/Kit_Kit.resources/blur.glsl")

        let folders = MainBundle.resourceFolders(besideExecutable: executable)
        #expect(folders == [folder + "/Shop_mirror.resources"], "\(folders)")
        let overrides = try TemporaryFiles.folder("glint-override")
        try write("// Test: overrides bands.\nvec4 bands(vec2 p, vec4 c, float h) { return c; }\n", to: overrides + "/bands.frag")
        let index = MainBundleShaders.Index(folders: folders, overrideDirectory: overrides, builtIns: Set(LibraryNames.builtInFunctions))

        #expect(index.names == ["bands", "gradient", "rings", "twice"], "\(index.names)")
        #expect(index.functions["rings"]?.library.url?.path == folder + "/Shop_mirror.resources/Shaders/Rings.metal", "a function is drawn from the file defining it")
        #expect(index.functions["twice"]?.library.url?.path == folder + "/Shop_mirror.resources", "two files defining one: the bundle, which names both")
        #expect(index.functions["bands"] == nil, "a file in GLINT_SHADERS overrides the app's")
        #expect(index.functions["gradient"]?.hidesBuiltIn == true && index.functions["rings"]?.hidesBuiltIn == false)
        #expect(index.functions["other"] == nil && index.functions["blur"] == nil, "other bundles beside the executable are not the app's")

        // A function in two files is refused when drawn, naming both.
        let twice = drawError(Rectangle().colorEffect(ShaderFunction(library: try #require(index.functions["twice"]).library, name: "twice")()))
        #expect(twice?.contains("a.glsl and ") == true && twice?.contains("b.glsl: rename one") == true, "\(twice ?? "drawn")")
        // No executable, or one with no bundle: no shaders of the app's.
        #expect(MainBundle.resourceFolders(besideExecutable: nil).isEmpty)
        #expect(MainBundle.resourceFolders(besideExecutable: folder + "/tools").isEmpty)
        #expect(MainBundle.resourceFolders(besideExecutable: folder + "/Kit") == [folder + "/Kit_Kit.resources"], "the Kit package's Kit executable's own")
    }

    @Test("ShaderLibrary.default in the test runner (no bundle of its own) is Glint's built-ins; ShaderLibrary.builtIn is always Glint's")
    func defaultWithoutBundle() throws {
        #expect(ShaderLibrary.default.gradient == ShaderFunction(library: .default, name: "gradient"))
        #expect(ShaderLibrary.builtIn.gradient.library.url == nil && ShaderLibrary.builtIn != ShaderLibrary.default)
        let viaDefault = try render(Rectangle().colorEffect(ShaderLibrary.gradient(.boundingRect)))
        let viaBuiltIn = try render(Rectangle().colorEffect(ShaderLibrary.builtIn.gradient(.boundingRect)))
        #expect(viaDefault.pixels == viaBuiltIn.pixels)
    }

    // MARK: - From a package with resources

    /// `resource-probe` of the Examples package: beside card-demo (GLINT_EXAMPLES_BINARY, as
    /// scripts/test sets it), else in Examples/.build/debug.
    static func resourceProbe() throws -> String {
        let folder: String
        if let demo = ProcessInfo.processInfo.environment["GLINT_EXAMPLES_BINARY"], !demo.isEmpty {
            folder = (demo as NSString).deletingLastPathComponent
        } else {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            folder = root.appendingPathComponent("Examples/.build/debug").path
        }
        let path = folder + "/resource-probe"
        try #require(FileManager.default.isExecutableFile(atPath: path), "no resource-probe at \(path): run scripts/test, or 'swift build --package-path Examples'")
        return path
    }

    /// Runs `tool` with `arguments` and no display; its exit status, stdout and stderr.
    static func run(_ tool: String, _ arguments: [String], in folder: String? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "DISPLAY")
        environment.removeValue(forKey: "GLINT_SHADERS")
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    @Test("a package's executable draws its own Metal, GLSL and PNG resources through bundle(.module), the default library (its own first, then Glint's), ShaderFunction(library: .default, name:) and Image(name)",
          .timeLimit(.minutes(1)))
    func packageResources() throws {
        let probe = try Self.resourceProbe()
        let folder = try TemporaryFiles.folder("glint-resource-probe")
        let result = try Self.run(probe, ["draw", folder])
        try #require(result.status == 0, "resource-probe draw failed: \(result.stderr)")
        func image(_ name: String) throws -> RenderedImage {
            let png = try PNG.read(folder + "/\(name).png")
            return RenderedImage(width: png.width, height: png.height, scale: 1, pixels: png.rgba)
        }
        // Its Metal, through its bundle and through the default library: the same rings.
        let rings = try image("bundle-rings")
        #expect(rings.pixel(x: 2, y: 2) == Self.orange && rings.pixel(x: 8, y: 0) == Self.black && rings.pixel(x: 12, y: 0) == Self.orange)
        #expect(try image("default-rings").pixels == rings.pixels)
        let bands = try image("default-bands")
        #expect(bands.pixel(x: 5, y: 2) == (0, 128, 128, 255) && bands.pixel(x: 5, y: 7) == (255, 255, 255, 255))
        #expect(try image("function-bands").pixels == bands.pixels, "ShaderFunction(library: .default, name:) finds the app's own function")
        // `gradient` is both its own and Glint's: the default library's is its own (solid green), said once on stderr.
        for name in ["default-gradient", "default-gradient-again"] {
            let green = try image(name)
            #expect(green.pixel(x: 0, y: 0) == (0, 255, 0, 255) && green.pixel(x: 39, y: 19) == (0, 255, 0, 255), "\(name)")
        }
        let notes = result.stderr.split(separator: "\n")
        #expect(notes.count == 1 && notes.first?.hasPrefix("glint: ShaderLibrary.default.gradient is the app's own, from ") == true
                && notes.first?.hasSuffix("/Shaders/gradient.glsl, in place of Glint's built-in 'gradient' (ShaderLibrary.builtIn.gradient is Glint's)") == true,
                "\(result.stderr)")
        let glints = try image("builtin-gradient")
        #expect(glints.pixel(x: 0, y: 0).green < 20 && glints.pixel(x: 39, y: 19).red > 240, "Glint's gradient: black to yellow")
        // A built-in it does not define: Glint's, second.
        let checkerboard = try image("default-checkerboard")
        #expect(checkerboard.pixel(x: 2, y: 2) == Self.black && checkerboard.pixel(x: 7, y: 2) == (0, 122, 255, 255))
        // Its PNG through Image(_:bundle:) and through Image(name) alone: 8x8, red then blue.
        for name in ["bundle-badge", "app-badge"] {
            let badge = try image(name)
            #expect(badge.width == 8 && badge.height == 8 && badge.pixel(x: 1, y: 1) == (230, 40, 30, 255) && badge.pixel(x: 6, y: 6) == (20, 60, 220, 255), "\(name)")
        }
    }

    @Test("a package's executable gets one line for a missing image, a misspelled function (did you mean) and arguments that do not fit, the same from compile(as:) as from drawing",
          .timeLimit(.minutes(1)))
    func packageErrors() throws {
        let probe = try Self.resourceProbe()
        let runIn = try TemporaryFiles.folder("glint-resource-probe")
        try write("not a PNG\n", to: runIn + "/badge")
        let result = try Self.run(probe, ["errors"], in: runIn)
        try #require(result.status == 0, "resource-probe errors failed: \(result.stderr)")
        var lines: [String: String] = [:]
        for line in result.stdout.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            lines[String(line[..<colon])] = String(line[line.index(colon, offsetBy: 2)...])
        }
        // The probe finds its resources beside its real path (.build/debug is a link).
        let real = URL(fileURLWithPath: probe).resolvingSymlinksInPath().path
        let resources = try #require(MainBundle.resourceFolders(besideExecutable: real).first)
        #expect(lines["missing image"] == "cannot read image '\(resources)/nope.png': no such file or not readable", "\(result.stdout)")
        #expect(lines["image by path"]?.hasPrefix("cannot read image 'badge': ") == true, "a file at the path is never replaced by the app's: \(result.stdout)")
        #expect(lines["app typo"] == "shader function 'bnads' not found (looked in the app's \(resources), then the built-in Shaders/); did you mean 'bands'?", "\(result.stdout)")
        #expect(lines["built-in typo"]?.hasSuffix("did you mean 'gradient'?") == true, "\(result.stdout)")
        #expect(lines["bundle typo"] == "shader function 'rngs' not found (looked in \(resources)); did you mean 'rings'?", "\(result.stdout)")
        #expect(lines["compile rings"] == "ok", "\(result.stdout)")
        #expect(lines["draw wrong"] == "rings: argument 1 is .float2 (vec2), but parameter 3 'spacing' is float", "\(result.stdout)")
        #expect(lines["compile wrong"] == lines["draw wrong"] && lines["compile wrong async"] == lines["draw wrong"], "\(result.stdout)")
    }
}
