// Probes the Glint library from outside it, as a user's program would, where a library can fail
// a program: two kinds of OpenGL context in one process, sizes that are not numbers, a shader that
// never finishes. Each probe prints what it saw and exits 0 when the library behaved; the tests
// (Tests/GlintAppTests, "Examples package") run them under a virtual X server.
//
//   library-probe image-then-window   an ImageRenderer alive while a Window opens, used again after
//   library-probe image-in-window     an ImageRenderer drawing inside a window's frame
//   library-probe not-a-number        NaN and infinite sizes and scales, a huge maxSampleOffset
//   library-probe runaway FOLDER      a shader of FOLDER that loops for ever, under the watchdog
//   library-probe press-owner-goes    a window whose dragged view is switched away by a key (S) while
//                                     the button is held: what its DragGesture and the one shown
//                                     instead hear, one line each (Esc quits)
//   library-probe tear-owner-goes     the same with a tearable view, its TearController kept by the
//                                     view around it: the tear's phase at each switch, its ends
//   library-probe frame-driver OUT    docs/library.md's "Using the lower-level modules" example as written:
//                                     the glow pressed at 0.5 s, drawn at 1.5 s at scale 2 into OUT
import Foundation
import Glint
import GlintCore
import GlintRender

/// A small picture: a gradient through the library's own shader, 64x40 points.
func picture() -> ImageRenderer<some View> {
    ImageRenderer(content: Rectangle().colorEffect(ShaderLibrary.gradient(.boundingRect)).frame(width: 64, height: 40))
}

/// Writes `line` to stdout at once (the test reads it while the window runs), and not the same
/// line twice in a row: a drag's onChanged calls of one press make one line.
final class Journal {
    private var last = ""
    func write(_ line: String) {
        guard line != last else { return }
        last = line
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}

/// A's drag and B's drag fill the window, one at a time; S switches which, even mid-press.
struct PressOwnerProbe: View {
    let journal: Journal
    @State private var showsA = true

    func drag(_ name: String) -> some Gesture {
        func point(_ p: CGPoint) -> String { "\(Int(p.x.rounded())),\(Int(p.y.rounded()))" }
        return DragGesture()
            .onChanged { value in journal.write("\(name) changed from \(point(value.startLocation))") }
            .onEnded { value in
                journal.write("\(name) ended from \(point(value.startLocation)) by \(point(CGPoint(x: value.translation.width, y: value.translation.height)))")
            }
    }

    var body: some View {
        ZStack {
            if showsA {
                Color.blue.gesture(drag("A"))
            } else {
                Color.green.gesture(drag("B"))
            }
        }
        .onKeyPress("s") {
            showsA.toggle()
            journal.write(showsA ? "showing A" : "showing B")
            return .handled
        }
    }
}

/// A tearable view and a plain one, one at a time; S switches which, even mid-tear. The tear's
/// controller is the outer view's, so it outlives the tearable view.
struct TearOwnerProbe: View {
    let journal: Journal
    @State private var tear = TearController()
    @State private var showsTear = true
    @State private var ends = 0

    var body: some View {
        tear.onCompleted = { broke in
            ends += 1
            journal.write("tear \(broke ? "broke" : "closed") (\(ends))")
        }
        return ZStack {
            if showsTear {
                Color.blue.tearable(tear)
            } else {
                Color.green
            }
        }
        .onKeyPress("s") {
            showsTear.toggle()
            journal.write("showing \(showsTear ? "the tearable view" : "the plain view"): tear \(tear.state.phase)\(tear.state.ownsPointer ? ", held" : "")")
            return .handled
        }
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("library-probe: \(message)\n".utf8))
    exit(1)
}

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "image-then-window":
    let renderer = picture()
    do {
        let before = try renderer.render()
        try Window("library-probe", size: CGSize(width: 200, height: 120)) {
            Rectangle().colorEffect(ShaderLibrary.gradient(.boundingRect))
        }.run(quitAfter: 0.5)
        let after = try renderer.render()
        guard before.pixels == after.pixels else { fail("the image drawn after the window differs from the one before") }
        print("ok: \(before.width)x\(before.height) drawn before the window opened and the same after it closed")
    } catch {
        fail("\(error)")
    }

case "image-in-window":
    let renderer = picture()
    var drawn: RenderedImage?
    var problem: String?
    do {
        try Window("library-probe", size: CGSize(width: 200, height: 120)) { context in
            if drawn == nil && problem == nil {
                do { drawn = try renderer.render() } catch { problem = "\(error)" }
            }
            return ZStack {
                Color.red
                if let drawn { drawn.image }
            }
        }.run(quitAfter: 0.5)
    } catch {
        fail("the window failed after an image was drawn in its frame: \(error)")
    }
    if let problem { fail("the image could not be drawn in the window's frame: \(problem)") }
    guard let drawn else { fail("no frame drew the image") }
    let corner = drawn.pixel(x: drawn.width - 1, y: drawn.height - 1)
    print("ok: \(drawn.width)x\(drawn.height) drawn in the window's frame, its bottom-right pixel \(corner.red),\(corner.green),\(corner.blue)")

case "not-a-number":
    func attempt(_ what: String, _ body: () throws -> Void) {
        do {
            try body()
            print("\(what): drawn")
        } catch {
            print("\(what): \(error)")
        }
    }
    attempt("scale nan") { let r = picture(); r.scale = .nan; _ = try r.render() }
    attempt("scale infinity") { let r = picture(); r.scale = .infinity; _ = try r.render() }
    attempt("proposedSize nan") { let r = picture(); r.proposedSize = CGSize(width: CGFloat.nan, height: 10); _ = try r.render() }
    attempt("proposedSize infinity") { let r = picture(); r.proposedSize = CGSize(width: CGFloat.infinity, height: 10); _ = try r.render() }
    attempt("frame width nan") { _ = try ImageRenderer(content: Color.red.frame(width: CGFloat.nan, height: 10)).render() }
    attempt("frame width 1e300") { _ = try ImageRenderer(content: Color.red.frame(width: CGFloat(1e300), height: 10)).render() }
    attempt("frameTimeout nan") { let r = picture(); r.frameTimeout = .nan; _ = try r.render() }
    attempt("unknown symbol, twice") {
        for _ in 0..<2 { _ = try ImageRenderer(content: Image(systemName: "no.such.symbol")).render() }
    }
    let start = Date()
    attempt("maxSampleOffset 100000") {
        let view = Rectangle().colorEffect(ShaderLibrary.gradient(.boundingRect))
            .layerEffect(ShaderLibrary.blur(.float(4)), maxSampleOffset: CGSize(width: 100_000, height: 100_000))
            .frame(width: 64, height: 40)
        _ = try ImageRenderer(content: view).render()
    }
    attempt("maxSampleOffset infinity") {
        let view = Rectangle().colorEffect(ShaderLibrary.gradient(.boundingRect))
            .distortionEffect(ShaderLibrary.wave(.boundingRect, .float(0), .float(12), .float(6)), maxSampleOffset: CGSize(width: CGFloat.infinity, height: .nan))
            .frame(width: 64, height: 40)
        _ = try ImageRenderer(content: view).render()
    }
    print(String(format: "maxSampleOffset renders took %.2f s", Date().timeIntervalSince(start)))

case "runaway":
    guard arguments.count == 2 else { fail("usage: library-probe runaway FOLDER") }
    let library = ShaderLibrary(url: URL(fileURLWithPath: arguments.last!))
    let renderer = ImageRenderer(content: Rectangle().colorEffect(library.forever(.float(1))).frame(width: 320, height: 200))
    renderer.frameTimeout = 0.5
    let start = Date()
    do {
        _ = try renderer.render()
        fail("the runaway shader was drawn")
    } catch {
        print(String(format: "stopped after %.1f s: %@", Date().timeIntervalSince(start), "\(error)"))
    }

case "press-owner-goes":
    // "Glint" in the title: the window tests find their windows by it.
    let journal = Journal()
    do {
        try Window("Glint library-probe", size: CGSize(width: 240, height: 160)) { PressOwnerProbe(journal: journal) }.run(quitAfter: 60)
    } catch {
        fail("\(error)")
    }
    journal.write("closed")

case "tear-owner-goes":
    let journal = Journal()
    do {
        try Window("Glint library-probe", size: CGSize(width: 240, height: 160)) { TearOwnerProbe(journal: journal) }.run(quitAfter: 60)
    } catch {
        fail("\(error)")
    }
    journal.write("closed")

case "frame-driver":
    guard arguments.count == 2, let out = arguments.last else { fail("usage: library-probe frame-driver OUT.png") }
    do {
        // docs/library.md's example, word for word but for the file's name.
        let context = try HeadlessContext()                       // EGL, no display
        let glow = EffectChainView([HarmonicEffect()])
        let driver = FrameDriver(startDate: Date(timeIntervalSinceReferenceDate: 0))
        let renderer = try ViewRenderer()
        let size = CGSize(width: 640, height: 360)
        driver.update(glow, in: size, scale: 2)                   // laid out, so the press meets the view
        driver.advance(to: 1.5, applying: [PointerEvent(.down, Point(x: 320, y: 180), at: 0.5)][...])
        driver.update(glow, in: size, scale: 2)
        let target = try RenderTarget(pixelWidth: 1280, pixelHeight: 720)
        try renderer.draw(driver.resolved, into: target.framebuffer)
        try PNG.write(out, width: 1280, height: 720, rgba: target.readPixels())
        withExtendedLifetime(context) {}
        print("ok: wrote \(out)")
    } catch {
        fail("\(error)")
    }

default:
    FileHandle.standardError.write(Data("library-probe: usage: library-probe image-then-window | image-in-window | not-a-number | runaway FOLDER | press-owner-goes | tear-owner-goes | frame-driver OUT.png\n".utf8))
    exit(2)
}
