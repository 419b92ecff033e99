// Examples' transition-demo: a transition in the window, seen mid-flight and at rest.

import Foundation
import GlintTestSupport
import Testing

@Suite("A transition in the window (Examples' transition-demo)", .serialized, .removesTemporaryFiles)
struct TransitionWindowTests {
    /// `transition-demo`, built beside card-demo.
    static func demo() throws -> String {
        let path = URL(fileURLWithPath: try examplesBinary()).deletingLastPathComponent().appendingPathComponent("transition-demo").path
        try require(FileManager.default.isExecutableFile(atPath: path), "no transition-demo at \(path): run 'swift build --package-path Examples'")
        return path
    }

    @Test("a click fades the square in over 4 s of the window's time: part-way just after, whole once 4 s have passed; the next click fades it out, still drawn part-way, then gone",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func fadesInAndOut() throws {
        let demo = try Self.demo()
        try requireTools()
        let x = try XServer.start()
        defer { x.stop() }
        let folder = try TemporaryFiles.folder("glint-transition-window")
        let stateFile = folder + "/state.json"
        let app = try Child.launch(demo, [], environment: x.environment.merging(["GLINT_WINDOW_STATE": stateFile]) { $1 }, in: folder)
        defer { app.stop() }
        let state = WindowState(path: stateFile, app: app)
        let window = try findWindow(x, app, name: "^Transition$")
        try state.started()
        /// The square's centre (the window's), 0 black to 1 white.
        func grey(_ name: String) throws -> Double {
            try screenshot(x, to: folder + "/\(name).png", app: app).pixel(window.midX, window.midY).g
        }
        func click(saying line: String) throws -> Double {
            try x.run("xdotool", ["mousemove", "\(window.midX)", "\(window.midY)", "click", "1"])
            #expect(app.waitForStdout(containing: line + "\n", seconds: 20), "the demo said '\(line)': \(app.stderrSummary())")
            return WindowState.number(try state.afterInput(), "window.time")
        }
        /// Waits for a frame more than the fade's 4 s after `time` on the window's clock.
        func waitForRest(after time: Double) throws {
            try state.wait("the fade's end") { WindowState.number($0, "window.time") > time + 4.1 }
            try state.frames(2)
        }
        #expect(try grey("before") < 0.02, "nothing shown before the click")

        let inserted = try click(saying: "shown true")
        let rising = try grey("fading-in")
        #expect(rising > 0.01 && rising < 0.99, "part-way in just after the click: \(rising)")
        try waitForRest(after: inserted)
        #expect(try grey("shown") > 0.99, "whole at rest")

        let removed = try click(saying: "shown false")
        let falling = try grey("fading-out")
        #expect(falling > 0.01 && falling < 0.99, "the removed square still drawn, part-way out: \(falling)")
        try waitForRest(after: removed)
        #expect(try grey("gone") < 0.02, "gone at rest")
    }

    @Test("a click lands on a rotated and scaled view where it is drawn: on the bar turned upright (outside its unturned frame) it is the bar's; inside its unturned frame but beside the drawn bar it goes to the view behind",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func hitsThroughTransforms() throws {
        let demo = try Self.demo()
        try requireTools()
        let x = try XServer.start()
        defer { x.stop() }
        let folder = try TemporaryFiles.folder("glint-transform-window")
        let stateFile = folder + "/state.json"
        let app = try Child.launch(demo, [], environment: x.environment.merging(["GLINT_WINDOW_STATE": stateFile]) { $1 }, in: folder)
        defer { app.stop() }
        let state = WindowState(path: stateFile, app: app)
        let window = try findWindow(x, app, name: "^Transition$")
        try state.started()
        // The bar is drawn over x 40…80, y 40…160 of the window; laid out over x 30…90, y 90…110.
        try x.run("xdotool", ["mousemove", "\(window.x + 60)", "\(window.y + 55)", "click", "1"])
        #expect(app.waitForStdout(containing: "spun\n", seconds: 20), "the drawn bar took the click: \(app.stderrSummary())")
        try state.afterInput()
        try x.run("xdotool", ["mousemove", "\(window.x + 86)", "\(window.y + 100)", "click", "1"])
        #expect(app.waitForStdout(containing: "shown true\n", seconds: 20), "beside the drawn bar the click reached the view behind")
        #expect(app.stdout(waitingUpTo: 0).components(separatedBy: "spun").count == 2, "spun once only: \(app.stdout(waitingUpTo: 0))")
    }
}
