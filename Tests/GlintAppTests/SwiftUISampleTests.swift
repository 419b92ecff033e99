// Examples' swiftui-sample: a SwiftUI app as written (`@main struct …: App`), in the window.

import Foundation
import GlintTestSupport
import Testing

@Suite("A SwiftUI app as written (Examples' swiftui-sample)", .serialized, .removesTemporaryFiles)
struct SwiftUISampleTests {
    /// `swiftui-sample`, built beside card-demo.
    static func sample() throws -> String {
        let path = URL(fileURLWithPath: try examplesBinary()).deletingLastPathComponent().appendingPathComponent("swiftui-sample").path
        try require(FileManager.default.isExecutableFile(atPath: path), "no swiftui-sample at \(path): run 'swift build --package-path Examples'")
        return path
    }

    @Test("the @main App opens its WindowGroup titled and sized as its scene says; a click on its Button runs the action; Escape closes the last window and the app exits 0",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func opensItsWindow() throws {
        let sample = try Self.sample()
        try requireTools()
        let x = try XServer.start()
        defer { x.stop() }
        let stateFile = try TemporaryFiles.folder("glint-swiftui-sample") + "/state.json"
        let app = try Child.launch(sample, [], environment: x.environment.merging(["GLINT_WINDOW_STATE": stateFile]) { $1 })
        defer { app.stop() }
        let state = WindowState(path: stateFile, app: app)
        // WindowGroup("SwiftUI sample") { … }.defaultSize(width: 480, height: 320)
        let window = try findWindow(x, app, name: "^SwiftUI sample$")
        #expect(window.width == 480 && window.height == 320, "\(window)")
        try state.started()
        // The VStack of a 24-point title, 16 points of spacing and the button is centred: the
        // button's middle is about 22 points below the window's.
        try x.run("xdotool", ["mousemove", "\(window.midX)", "\(window.midY + 22)", "click", "1"])
        #expect(app.waitForStdout(containing: "count 1\n", seconds: 20), "the button's action ran: \(app.stderrSummary())")
        try x.run("xdotool", ["key", "Escape"])
        let exit = app.waitForExit(seconds: 10)
        #expect(exit == .exited(0), "Escape closes the app's only window and it exits 0; got \(exit). stderr: \(app.stderrSummary())")
    }
}
