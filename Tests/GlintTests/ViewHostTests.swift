import Foundation
@testable import Glint
import struct GlintCore.Rect
import struct GlintCore.Size
import GlintRender
import Testing

/// A video sink keeping each frame's bytes (RGBA8 rows, bottom-up as OpenGL reads them).
private final class KeptFrames: VideoSink {
    let byteCount: Int
    var frames: [[UInt8]] = []
    init(byteCount: Int) { self.byteCount = byteCount }
    var framesAppended: Int { frames.count }
    func withNextFrame(_ fill: (UnsafeMutableRawBufferPointer) throws -> Void) throws {
        var bytes = [UInt8](repeating: 0, count: byteCount)
        try bytes.withUnsafeMutableBytes { try fill($0) }
        frames.append(bytes)
    }
    func finish() throws {}
}

/// The hooks a client's window sets on the library's one host (the `glint` app's window is such a
/// client): drawn headless, a frame built by hand, no window.
@Suite("ViewHost's hooks")
struct ViewHostTests {
    /// Pixels (RGBA8) whose red and blue are as asked, counted.
    private func count(_ bytes: [UInt8], red: Bool) -> Int {
        stride(from: 0, to: bytes.count, by: 4).filter { red ? bytes[$0] > 200 && bytes[$0 + 2] < 60 : bytes[$0] < 60 && bytes[$0 + 2] > 200 }.count
    }

    @Test("V records the capture region alone, its overlay left out, while the window shows the overlay")
    func recordingLeavesTheOverlayOut() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let host = try ViewHost(backdrop: .black)
        var sink: KeptFrames?
        var said: [String] = []
        host.makeVideoSink = { _, width, height in
            let kept = KeptFrames(byteCount: width * height * 4)
            sink = kept
            return kept
        }
        // The left half of a 40x10 window is what S and V take; the blue overlay covers all of it.
        host.captureRegion = { _ in Rect(x: 0, y: 0, width: 20, height: 10) }
        host.leavesOverlayOutOfCaptures = true
        host.onEvent = { event in
            if case .recording(_, let width, let height) = event { said.append("recording \(width)x\(height)") }
        }
        let target = try RenderTarget(pixelWidth: 40, pixelHeight: 10)
        var frame = GlintWindow.Frame(time: 0, viewSize: Size(width: 40, height: 10), framebuffer: target.framebuffer)
        host.startRecording(host.captured(frame).pixels)
        try host.draw(&frame) { context in
            ZStack(alignment: .topLeading) {
                Color.red
                if !context.isCapture { Color.blue }
            }
        }
        #expect(said == ["recording 20x10"], "V records the region's pixels: \(said)")
        let recorded = try #require(sink?.frames.first, "the frame was recorded")
        #expect(recorded.count == 20 * 10 * 4)
        #expect(count(recorded, red: true) == 200, "the recorded frame is the view without its overlay: all red")
        let screen = target.readPixels()
        #expect(count(screen, red: false) == 400, "the window shows the overlay: all blue")
    }

    @Test("without leaving an overlay out, the frame captured is the one on screen")
    func captureIsTheScreenWithoutTheHook() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let host = try ViewHost(backdrop: .black)
        var sink: KeptFrames?
        host.makeVideoSink = { _, width, height in
            let kept = KeptFrames(byteCount: width * height * 4)
            sink = kept
            return kept
        }
        host.onEvent = { _ in }
        let target = try RenderTarget(pixelWidth: 40, pixelHeight: 10)
        var frame = GlintWindow.Frame(time: 0, viewSize: Size(width: 40, height: 10), framebuffer: target.framebuffer)
        host.startRecording(host.captured(frame).pixels)
        var builds = 0
        try host.draw(&frame) { context in
            builds += context.isCapture ? 100 : 1
            return ZStack {
                Color.red
                if !context.isCapture { Color.blue }
            }
        }
        let recorded = try #require(sink?.frames.first)
        #expect(recorded.count == 40 * 10 * 4, "the whole window")
        #expect(count(recorded, red: false) == 400, "what is on screen, overlay and all")
        // The tear's warm-up builds it once more before the first frame.
        #expect(builds == 2, "built for the screen only, never as a capture: \(builds)")
    }

    @Test("the client's values sit in the state file among the window's")
    func clientStateValues() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let host = try ViewHost(backdrop: .black)
        host.windowStateValues = { [("window.controls", .bool(true))] }
        host.stateValues = { [("amplitude", .number(2))] }
        let keys = host.stateValues(clock: 0).map(\.0)
        #expect(keys == ["window.frame", "window.time", "window.clock", "window.pressed", "window.paused", "window.speed",
                         "window.controls", "window.recording", "amplitude"])
    }
}
