// A SwiftUI-style card with chained effects, from a package that depends on Glint.
//
//   swift run card-demo                      renders card-demo.png in the temporary folder (no display needed)
//   swift run card-demo --output x.png       renders to x.png
//   swift run card-demo --window [seconds]   shows the same view in a window; hold the button to tint it
import Foundation
import Glint

/// The folder of this file: the card image and this package's own shader live beside it.
let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

/// This package's own colour effect (tint.glsl), called like a SwiftUI `ShaderLibrary` function.
let effects = ShaderLibrary(url: here.appendingPathComponent("tint.glsl"))

/// The card at `time` seconds: the image, waving, slightly blurred, and tinted by `warmth`.
func card(time: Double, warmth: Double) -> some View {
    Image(here.appendingPathComponent("card.png").path)
        .distortionEffect(
            ShaderLibrary.default.wave(.boundingRect, .float(time), .float(10), .float(8)),
            maxSampleOffset: CGSize(width: 8, height: 8)
        )
        .layerEffect(ShaderLibrary.default.blur(.float(1.5)), maxSampleOffset: CGSize(width: 2, height: 2))
        .colorEffect(effects.tint(.color(.orange), .float(warmth)))
        .frame(width: 320, height: 200)
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("card-demo: \(message)\n".utf8))
    exit(1)
}

var arguments = Array(CommandLine.arguments.dropFirst())
if let i = arguments.firstIndex(of: "--window") {
    let seconds = arguments.count > i + 1 ? Double(arguments[i + 1]) : nil
    do {
        try Window("Glint card demo", size: CGSize(width: 480, height: 320)) { context in
            card(time: context.time, warmth: context.isPressed ? 0.5 : 0.1)
        }.run(quitAfter: seconds)
    } catch {
        fail("\(error)")
    }
} else {
    // Unless told where, the picture goes to the temporary folder ($TMPDIR, or /tmp), never into
    // the folder the demo is run from (a clone of Glint, say).
    var output = FileManager.default.temporaryDirectory.appendingPathComponent("card-demo.png").path
    if let i = arguments.firstIndex(of: "--output") {
        guard arguments.count > i + 1 else { fail("--output needs a file name") }
        output = arguments[i + 1]
    }
    let renderer = ImageRenderer(content: card(time: 0.4, warmth: 0.25))
    renderer.scale = 2
    do {
        let png = try renderer.renderPNG()
        try png.write(to: URL(fileURLWithPath: output))
        print("card-demo: wrote \(output) (\(png.count) bytes)")
    } catch {
        fail("\(error)")
    }
}
