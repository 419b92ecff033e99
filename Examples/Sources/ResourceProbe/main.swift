// Shader and image resources the SwiftUI way, from a package that ships them as resources of
// this target (Shaders/ copied whole, badge.png processed), as an app would. The tests
// (Tests/GlintTests/ShaderResourceTests.swift) run it and look at what it draws and prints.
//
//   resource-probe draw FOLDER   writes one PNG for each way of reaching a resource into FOLDER
//   resource-probe errors        prints one line for each resource missing or misspelled: what
//                                drawing throws, and what compile(as:) throws before drawing
//                                (run in a folder holding a file `badge` that is not a PNG)
import Foundation
import Glint

/// The size every shader is drawn at, in points (and pixels: scale 1).
let shaderSize = CGSize(width: 40, height: 20)

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("resource-probe: \(message)\n".utf8))
    exit(1)
}

/// `view` drawn at `size`, or at its own size (an image's pixels) when nil.
func render<V: View>(_ view: V, size: CGSize? = shaderSize) throws(RenderError) -> RenderedImage {
    let renderer = ImageRenderer(content: view)
    renderer.proposedSize = size
    return try renderer.render()
}

/// Prints `label: ok`, or `label: ` and what `body` threw.
func report(_ label: String, _ body: () throws -> Void) {
    do {
        try body()
        print("\(label): ok")
    } catch {
        print("\(label): \(error)")
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "draw":
    guard arguments.count == 2 else { fail("usage: resource-probe draw FOLDER") }
    let folder = arguments[1]
    func write<V: View>(_ name: String, _ view: V, size: CGSize? = shaderSize) {
        do {
            try render(view, size: size).pngData().write(to: URL(fileURLWithPath: folder + "/\(name).png"))
            print("wrote \(name).png")
        } catch {
            fail("\(name): \(error)")
        }
    }
    // The target's own Metal, through its bundle and through the default library (the app's first).
    write("bundle-rings", Rectangle().colorEffect(ShaderLibrary.bundle(.module).rings(.float(10))))
    write("default-rings", Rectangle().colorEffect(ShaderLibrary.default.rings(.float(10))))
    write("default-bands", Rectangle().colorEffect(ShaderLibrary.bands(.float(10))))
    // The same function named as SwiftUI's ShaderFunction(library:name:) names it.
    write("function-bands", Rectangle().colorEffect(ShaderFunction(library: .default, name: "bands")(.float(10))))
    // `gradient` is both the app's and Glint's: the default library's is the app's, said once on stderr.
    write("default-gradient", Rectangle().colorEffect(ShaderLibrary.default.gradient(.boundingRect)))
    write("default-gradient-again", Rectangle().colorEffect(ShaderLibrary.gradient(.boundingRect)))
    write("builtin-gradient", Rectangle().colorEffect(ShaderLibrary.builtIn.gradient(.boundingRect)))
    // A built-in the app does not define: Glint's, second.
    write("default-checkerboard", Rectangle().colorEffect(ShaderLibrary.default.checkerboard(.color(.blue), .float(5))))
    // The target's image, through its bundle and by name alone (the app's resources).
    write("bundle-badge", Image("badge", bundle: .module), size: nil)
    write("app-badge", Image("badge"), size: nil)

case "errors":
    report("missing image") { _ = try render(Image("nope", bundle: .module)) }
    // A file named `badge` in the folder it runs in is what Image("badge") means, even when it is
    // not a PNG: the app's badge.png is only for a name with nothing at its path.
    report("image by path") { _ = try render(Image("badge"), size: nil) }
    report("app typo") { _ = try render(Rectangle().colorEffect(ShaderLibrary.default.bnads(.float(10)))) }
    report("built-in typo") { _ = try render(Rectangle().colorEffect(ShaderLibrary.default.gradeint(.boundingRect))) }
    report("bundle typo") { _ = try render(Rectangle().colorEffect(ShaderLibrary.bundle(.module).rngs(.float(10)))) }
    report("compile rings") { try ShaderLibrary.bundle(.module).rings(.float(10)).compileNow(as: .colorEffect) }
    // Arguments that do not fit: compile(as:) throws, before any frame, what drawing throws.
    let wrong = ShaderLibrary.bundle(.module).rings(.float2(1, 2))
    report("compile wrong") { try wrong.compileNow(as: .colorEffect) }
    do {
        try await wrong.compile(as: .colorEffect)
        print("compile wrong async: ok")
    } catch {
        print("compile wrong async: \(error)")
    }
    report("draw wrong") { _ = try render(Rectangle().colorEffect(wrong)) }

default:
    fail("usage: resource-probe draw FOLDER | errors")
}
