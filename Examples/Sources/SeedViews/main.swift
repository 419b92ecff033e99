// Seeds 000, 001, 003 and 004 as Glint's own views (HarmonicView, WaveformView, PrismView and
// .tearable()), shown from a package that depends on Glint.
//
//   swift run seed-views harmonic|waveform|prism|tear            renders VIEW.png (scale 2) to $TMPDIR or /tmp
//   swift run seed-views prism --output x.png                    renders to x.png
//   swift run seed-views harmonic --window [seconds]             shows it in a window
import Foundation
import Glint

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("seed-views: \(message)\n".utf8))
    exit(2)
}

let names = ["harmonic", "waveform", "prism", "tear"]
let usage = "usage: seed-views \(names.joined(separator: "|")) [--output FILE.png] [--window [SECONDS]]"
let given = Array(CommandLine.arguments.dropFirst())
guard let name = given.first, names.contains(name) else { fail(usage) }

let size: CGSize = name == "prism" ? CGSize(width: 860, height: 520) : CGSize(width: 640, height: 400)

/// Seconds into the effects' animation the PNGs show.
let pictureTime = 2.0

/// `model` `seconds` on, as a window would have advanced it (steps of 1/60 s).
func advanced<E: Effect>(_ model: E, by seconds: Double) -> E {
    var timeline = Timeline()
    timeline.advance(to: seconds, applying: [], advance: { model.advance(by: $0) }, handle: { model.handle($0) })
    return model
}

func show<V: View>(_ view: V, _ arguments: [String]) {
    if let i = arguments.firstIndex(of: "--window") {
        let seconds = arguments.count > i + 1 ? Double(arguments[i + 1]) : nil
        do {
            try Window("Glint: \(name)", size: size) { view }.run(quitAfter: seconds)
        } catch {
            FileHandle.standardError.write(Data("seed-views: \(error)\n".utf8))
            exit(1)
        }
        return
    }
    var output = FileManager.default.temporaryDirectory.appendingPathComponent("\(name).png").path
    if let i = arguments.firstIndex(of: "--output") {
        guard arguments.count > i + 1 else { fail("--output needs a file name") }
        output = arguments[i + 1]
    }
    let renderer = ImageRenderer(content: view)
    renderer.proposedSize = size
    renderer.scale = 2
    do {
        let png = try renderer.renderPNG()
        try png.write(to: URL(fileURLWithPath: output))
        print("seed-views: wrote \(output) (\(png.count) bytes)")
    } catch {
        FileHandle.standardError.write(Data("seed-views: \(error)\n".utf8))
        exit(1)
    }
}

let arguments = Array(given.dropFirst())
let inWindow = arguments.contains("--window")
switch name {
// In a window, the views keep models of their own, which the window advances; a picture shows
// a model advanced to pictureTime.
case "harmonic": show(inWindow ? HarmonicView() : HarmonicView(advanced(HarmonicEffect(), by: pictureTime)), arguments)
case "waveform": show(inWindow ? WaveformView() : WaveformView(advanced(WaveformEffect(), by: pictureTime)), arguments)
case "prism": show(PrismView(), arguments)
default: show(TearView(), arguments)
}
