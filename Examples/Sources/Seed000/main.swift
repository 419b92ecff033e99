// Seed 000's ContentView as written, in a window, one frame of it drawn headless, or its frames
// compared with Glint's HarmonicView under the same presses.
//
//   seed000 --window [SECONDS]                          hold anywhere to swell the waves
//   seed000 --output FILE.png [--time T] [--hold A,B]   the frame at T s (2 unless given), the pointer held from A to B s
//   seed000 --compare                                   the shader and the frames against HarmonicView's, in numbers
import Foundation
import Glint
import GlintCore
import GlintRender

let size = CGSize(width: 640, height: 400)
let usage = "usage: seed000 --window [SECONDS] | --output FILE.png [--time T] [--hold A,B] | --compare"

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("seed000: \(message)\n".utf8))
    exit(2)
}

let arguments = Array(CommandLine.arguments.dropFirst())

func value(after flag: String) -> String? {
    guard let i = arguments.firstIndex(of: flag) else { return nil }
    guard arguments.count > i + 1 else { fail("\(flag) needs a value; \(usage)") }
    return arguments[i + 1]
}

/// A press at the view's centre from `from` to `to` seconds.
func hold(from: Double, to: Double) -> [PointerEvent] {
    let centre = GlintCore.Point(x: Double(size.width) / 2, y: Double(size.height) / 2)
    return [PointerEvent(.down, centre, at: from), PointerEvent(.up, centre, at: to)]
}

/// Draws views headless at scale 1.
final class Drawer {
    let context: HeadlessContext
    let renderer: ViewRenderer
    let target: RenderTarget

    init() throws {
        context = try HeadlessContext()
        renderer = try ViewRenderer()
        target = try RenderTarget(pixelWidth: Int(size.width), pixelHeight: Int(size.height))
    }

    func draw(_ view: ResolvedView) throws -> [UInt8] {
        try renderer.draw(view, into: target.framebuffer)
        return target.readPixels()
    }
}

/// `view` run frame by frame at 60 frames a second with `events`, drawn at each of `times`.
func frames<V: View>(of view: V, events: [PointerEvent], at times: [Double], drawer: Drawer) throws -> [[UInt8]] {
    let driver = FrameDriver(startDate: Date())
    driver.update(view, in: size)
    var drawn: [[UInt8]] = []
    var next = 0
    var frame = 0
    for time in times {
        while driver.time < time - 1e-9 {
            frame += 1
            let t = min(Double(frame) / 60, time)
            next += driver.advance(to: t, applying: events[next...])
            driver.update(view, in: size)
        }
        drawn.append(try drawer.draw(driver.resolved))
    }
    return drawn
}

/// The mean difference of the colour channels (0 … 255) of rows `rows`, and the share of their
/// pixels where a channel differs by more than 8.
func difference(_ a: [UInt8], _ b: [UInt8], rows: Range<Int>) -> (mean: Double, over8: Double) {
    let width = Int(size.width)
    var (sum, over, count) = (0, 0, 0)
    for y in rows {
        for x in 0..<width {
            let i = (y * width + x) * 4
            var worst = 0
            for c in 0..<3 {
                let d = abs(Int(a[i + c]) - Int(b[i + c]))
                sum += d
                worst = max(worst, d)
            }
            if worst > 8 { over += 1 }
            count += 1
        }
    }
    return (Double(sum) / Double(3 * count), Double(over) / Double(count))
}

func format(_ x: Double) -> String { String(format: "%.2f", x) }

do {
    if let i = arguments.firstIndex(of: "--window") {
        let seconds = arguments.count > i + 1 ? Double(arguments[i + 1]) : nil
        try Window("Seed 000", size: size) { ContentView() }.run(quitAfter: seconds)
    } else if let output = value(after: "--output") {
        guard let time = Double(value(after: "--time") ?? "2"), time.isFinite, time >= 0 else { fail("--time takes a number of seconds") }
        var events: [PointerEvent] = []
        if let span = value(after: "--hold") {
            let ends = span.split(separator: ",").compactMap { Double($0) }
            guard ends.count == 2, ends[0] <= ends[1] else { fail("--hold takes A,B: seconds the press begins and ends") }
            events = hold(from: ends[0], to: ends[1])
        }
        let pixels = try frames(of: ContentView(), events: events, at: [time], drawer: Drawer())[0]
        let png = try PNG.encode(width: Int(size.width), height: Int(size.height), rgba: pixels)
        try Data(png).write(to: URL(fileURLWithPath: output))
        print("seed000: wrote \(output) at \(time) s")
    } else if arguments.first == "--compare" {
        // 1. The shader as written against Glint's built-in harmonic, with the same arguments.
        for (time, amplitude, mix) in [(2.0, 0.5, 0.0), (2.7, 2.0, 1.0), (1.3, 1.2, 0.5)] {
            func drawn(_ shader: Shader) throws(RenderError) -> [UInt8] {
                let renderer = ImageRenderer(content: Rectangle().colorEffect(shader).frame(width: size.width, height: size.height))
                let image = try renderer.render()
                return image.pixels
            }
            let arguments: [Shader.Argument] = [.boundingRect, .float(6), .float(time), .float(amplitude), .float(mix)]
            let seed = try drawn(Shader(function: ShaderLibrary.default.harmonicColorEffect, arguments: arguments))
            let glint = try drawn(Shader(function: ShaderLibrary.builtIn.harmonic, arguments: arguments))
            let d = difference(seed, glint, rows: 0..<Int(size.height))
            print("shader at time \(time), amplitude \(amplitude), mixCoeff \(mix): mean difference \(format(d.mean)) of 255, \(format(100 * d.over8)) % of pixels over 8")
        }
        // 2. Frames under the same presses, the glow above the caption compared.
        let drawer = try Drawer()
        let events = hold(from: 1.0, to: 2.0)
        let times = [0.5, 1.15, 1.5, 2.15, 3.0]
        let seed = try frames(of: ContentView(), events: events, at: times, drawer: drawer)
        let glow = 0..<Int(size.height) - 160
        for (label, rest, held) in [("speeds 1 and 2", 1.0, 2.0), ("speeds 0.96 and 1.92", 0.96, 1.92)] {
            let model = HarmonicEffect()
            model.setParameter(HarmonicEffect.speed, to: rest)
            model.setParameter(HarmonicEffect.heldSpeed, to: held)
            let glint = try frames(of: HarmonicView(model), events: events, at: times, drawer: drawer)
            for (k, time) in times.enumerated() {
                let d = difference(seed[k], glint[k], rows: glow)
                print("frame at \(time) s (held 1 to 2 s), HarmonicView at \(label): mean difference \(format(d.mean)) of 255, \(format(100 * d.over8)) % of pixels over 8")
            }
        }
    } else {
        fail(usage)
    }
} catch {
    fail("\(error)")
}
