// P in the real window: each pass's GPU time on the HUD, in place of the help (issue 32's
// per-pass table in the window), under a private Xvfb server like WindowTests.

import Foundation
import GlintTestSupport
import Testing

@Suite("Window: P shows the pass times (Xvfb)", .serialized, .removesTemporaryFiles)
struct WindowPassesTests {
    @Test("P shows each pass's GPU time in place of the help, a line a pass below the frame's; P again brings the help back",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(3)))
    func passTimesOnTheHUD() throws {
        let glint = try glintBinary()
        try requireTools()
        let shots = try screenshotFolder("passes")
        let x = try XServer.start()
        defer { x.stop() }
        // The gradient has no white anywhere, so white pixels are the HUD's text. With the wave over
        // it the frame has several passes (the backdrop, the gradient into a layer, the wave).
        let stateFile = try TemporaryFiles.folder("glint-window-passes") + "/state.json"
        let app = try Child.launch(glint, ["--effect", "gradient,wave", "--size", "800x500", "--quit-after", "170", "--state", stateFile],
                                   environment: x.environment)
        defer { app.stop() }
        let state = WindowState(path: stateFile, app: app)
        let window = try findWindow(x, app)
        try state.started()
        /// The share of white pixels (text) in rows of the window's left half.
        func whiteShare(_ shot: Screenshot, rows: Range<Int>) -> Double {
            var hits = 0
            for yy in rows { for xx in 0..<400 {
                let p = shot.pixel(window.x + xx, window.y + yy)
                if min(p.r, p.g, p.b) > 0.85 { hits += 1 }
            } }
            return Double(hits) / Double(max(400 * rows.count, 1))
        }
        // The help's lines end well above row 90; the pass table's run on below it.
        let below = 90..<200
        let help = try screenshot(x, to: shots + "/help.png", app: app)
        #expect(whiteShare(help, rows: 0..<60) > 0.01, "the help shows at the top-left")
        #expect(whiteShare(help, rows: below) == 0, "nothing below the help")

        try x.run("xdotool", ["key", "p"])
        try state.wait("the pass times on") { WindowState.flag($0, "window.passes") == true }
        // The first times arrive a few frames late (queries are read without waiting) and the HUD
        // refreshes them twice a second: wait for a second of window clock past the key.
        let on = try state.wait("a second of pass times") { _ in true }
        let since = WindowState.number(on, "window.clock")
        try state.wait("a second later") { WindowState.number($0, "window.clock") >= since + 1.2 }
        let passes = try screenshot(x, to: shots + "/passes.png", app: app)
        try? copy(shots + "/passes.png", to: "/tmp/glint-window-passes.png")
        let lines = whiteShare(passes, rows: below)
        note("pass table below the help's rows: \(lines)")
        #expect(lines > 0.01, "P lists the passes, a line each, below where the help ended: \(lines)")

        try x.run("xdotool", ["key", "p"])
        try state.wait("the pass times off") { WindowState.flag($0, "window.passes") == false }
        let back = try state.wait("the next frame") { _ in true }
        let frame = WindowState.number(back, "window.frame")
        try state.wait("a frame drawn after") { WindowState.number($0, "window.frame") >= frame + 2 }
        let restored = try screenshot(x, to: shots + "/restored.png", app: app)
        #expect(whiteShare(restored, rows: below) == 0, "P again: the help is back, nothing below it")

        try x.run("xdotool", ["key", "Escape"])
        #expect(app.waitForExit(seconds: 10) == .exited(0), "stderr: \(app.stderrSummary())")
    }
}
