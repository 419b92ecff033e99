// Seeds 000, 003 and 004 written with Glint's SwiftUI views, from a package that depends on Glint.
//
//   swift run seed-views harmonic|prism|tear                     renders VIEW.png (scale 2) to $TMPDIR or /tmp
//   swift run seed-views prism --output x.png [--held]           renders to x.png (--held: harmonic while held)
//   swift run seed-views harmonic --window [seconds]             shows it in a window
import Foundation
import Glint

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("seed-views: \(message)\n".utf8))
    exit(2)
}

let usage = "usage: seed-views harmonic|prism|tear [--output FILE.png] [--window [SECONDS]]"
let given = Array(CommandLine.arguments.dropFirst())
guard let name = given.first, ["harmonic", "prism", "tear"].contains(name) else { fail(usage) }

let size: CGSize = name == "prism" ? CGSize(width: 860, height: 520) : CGSize(width: 640, height: 400)

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
    renderer.date = Date(timeIntervalSinceReferenceDate: 2)
    do {
        let png = try renderer.renderPNG()
        try png.write(to: URL(fileURLWithPath: output))
        print("seed-views: wrote \(output) (\(png.count) bytes)")
    } catch {
        FileHandle.standardError.write(Data("seed-views: \(error)\n".utf8))
        exit(1)
    }
}

switch name {
case "harmonic": show(HarmonicView(), Array(given.dropFirst()))
case "prism": show(PrismView(), Array(given.dropFirst()))
default: show(TearView(), Array(given.dropFirst()))
}
