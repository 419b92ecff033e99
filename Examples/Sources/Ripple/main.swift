// The ripple sample in a window, or one frame of it drawn headless after a tap.
//
//   ripple --window [SECONDS]                        tap the picture to ripple it
//   ripple --tap X,Y --at SECONDS --output FILE.png  the frame SECONDS after a tap at X,Y (points in the picture)
import Foundation
import Glint
import GlintCore
import GlintRender

let size = CGSize(width: 400, height: 720)

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("ripple: \(message)\n".utf8))
    exit(2)
}

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = "usage: ripple --window [SECONDS] | ripple --tap X,Y --at SECONDS --output FILE.png"

func value(after flag: String) -> String? {
    guard let i = arguments.firstIndex(of: flag) else { return nil }
    guard arguments.count > i + 1 else { fail("\(flag) needs a value; \(usage)") }
    return arguments[i + 1]
}

if let i = arguments.firstIndex(of: "--window") {
    let seconds = arguments.count > i + 1 ? Double(arguments[i + 1]) : nil
    do {
        try Window("Ripple", size: size) { ContentView() }.run(quitAfter: seconds)
    } catch {
        fail("\(error)")
    }
    exit(0)
}

guard let tapText = value(after: "--tap"), let output = value(after: "--output") else { fail(usage) }
let parts = tapText.split(separator: ",").compactMap { Double($0) }
guard parts.count == 2 else { fail("--tap takes X,Y in points, not '\(tapText)'") }
guard let seconds = Double(value(after: "--at") ?? "0.3"), seconds.isFinite, seconds >= 0 else { fail("--at takes a number of seconds") }

// The picture fills the window's width less the padding (16 points each side), centred: a tap
// at X,Y in the picture is at X + 16, Y + its top in the window.
do {
    let driver = FrameDriver(startDate: Date(timeIntervalSinceReferenceDate: 0))
    driver.update(ContentView(), in: size)
    let picture = driver.resolved.frames.first { $0.width > 250 && $0.width < size.width && $0.height > 100 && $0.height < size.height / 2 }
    guard let picture else { fail("cannot find the picture in the laid-out view: \(driver.resolved.frames)") }
    let at = GlintCore.Point(x: Double(picture.minX) + parts[0], y: Double(picture.minY) + parts[1])
    let tapTime = 0.1
    let tap = [PointerEvent(.down, at, at: tapTime), PointerEvent(.up, at, at: tapTime)]
    driver.advance(to: tapTime + seconds, applying: tap[...])
    driver.update(ContentView(), in: size)
    let context = try HeadlessContext()
    let renderer = try ViewRenderer()
    let target = try RenderTarget(pixelWidth: Int(size.width), pixelHeight: Int(size.height))
    try renderer.draw(driver.resolved, into: target.framebuffer)
    let png = try PNG.encode(width: Int(size.width), height: Int(size.height), rgba: target.readPixels())
    withExtendedLifetime(context) {}
    try Data(png).write(to: URL(fileURLWithPath: output))
    print("ripple: wrote \(output), \(seconds) s after a tap at \(parts[0]),\(parts[1]) in the picture (\(Int(picture.minX)),\(Int(picture.minY)) in the window)")
} catch {
    fail("\(error)")
}
