// SwiftUISample/'s swiftui-sample: a SwiftUI app as written (`@main struct …: App`), in the window.

import Foundation
import GlintTestSupport
import Testing

@Suite("A SwiftUI app as written (SwiftUISample/)", .serialized, .removesTemporaryFiles)
struct SwiftUISampleTests {
    /// `swiftui-sample`, built in Examples' build folder beside card-demo (scripts/test).
    static func sample() throws -> String {
        let path = URL(fileURLWithPath: try examplesBinary()).deletingLastPathComponent().appendingPathComponent("swiftui-sample").path
        try require(FileManager.default.isExecutableFile(atPath: path), "no swiftui-sample at \(path): run 'swift build --package-path SwiftUISample --scratch-path Examples/.build'")
        return path
    }

    @Test("the @main App opens its WindowGroup at its .defaultSize under its title; a NavigationStack link (a Label with a symbol) shows its shader view, a drag bends it through @GestureState and letting go springs it back, and the back button returns; its button, text field (typing S does not save a frame), segmented picker and stepper act; openWindow(id:) opens the About window and its dismiss closes it; Escape closes the last window and the app exits 0",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func drivesItsWindows() throws {
        let sample = try Self.sample()
        try requireTools()
        let x = try XServer.start()
        defer { x.stop() }
        let folder = try TemporaryFiles.folder("glint-swiftui-sample")
        let stateFile = folder + "/state.json"
        let app = try Child.launch(sample, [], environment: x.environment.merging(["GLINT_WINDOW_STATE": stateFile]) { $1 },
                                   in: folder)
        defer { app.stop() }
        let state = WindowState(path: stateFile, app: app)
        // WindowGroup("SwiftUI sample") { … }.defaultSize(width: 480, height: 360)
        let window = try findWindow(x, app, name: "^SwiftUI sample$")
        #expect(window.width == 480 && window.height == 360, "\(window)")
        try state.started()
        func click(_ px: Int, _ py: Int) throws {
            try x.run("xdotool", ["mousemove", "\(window.x + px)", "\(window.y + py)", "click", "1"])
        }
        func expectLine(_ line: String) {
            #expect(app.waitForStdout(containing: line + "\n", seconds: 20), "the sample said '\(line)': \(app.stdout(waitingUpTo: 0)) \(app.stderrSummary())")
        }
        // Where the views are, in the window's points: the navigation bar (44 points), then the
        // list's "Effects" section (three links with their symbols) and its "Settings" section.
        try click(100, 111)      // the "Water" link
        expectLine("showing water")
        try state.frames(2)
        // A drag on the shader bends it through its @GestureState, which goes back when released.
        try x.run("xdotool", ["mousemove", "\(window.x + 200)", "\(window.y + 200)", "mousedown", "1"])
        try state.frames(1)
        try state.drag(x, through: [(window.x + 240, window.y + 200), (window.x + 280, window.y + 200)])
        expectLine("bending")
        try x.run("xdotool", ["mouseup", "1"])
        expectLine("released")
        try click(85, 22)        // the back button, "‹ SwiftUI sample"
        try state.frames(2)
        try click(372, 210)      // the prominent "Press" button, on the list again
        expectLine("count 1")
        // The text field clicked and typed into at once, the keys and the click handed to the app
        // in one batch of events (it is stopped while xdotool sends them): the keys reach the
        // field the click focused, as they arrived after it.
        kill(app.pid, SIGSTOP)
        let sent = Result { () throws -> Void in
            _ = try x.run("xdotool", ["mousemove", "\(window.x + 240)", "\(window.y + 248)", "click", "1", "type", "--delay", "20", "Ada s"])
            _ = try x.run("xdotool", ["key", "Return"])
        }
        kill(app.pid, SIGCONT)
        try sent.get()
        expectLine("submitted Ada s")
        try click(240, 286)      // the segmented picker's middle segment
        expectLine("favourite water")
        try click(452, 322)      // the stepper's +
        expectLine("speed 2")
        try click(442, 210)      // "About": openWindow(id: "about")
        expectLine("about shown")
        let about = try findWindow(x, app, name: "^About$")
        #expect(about.width == 300 && about.height == 160, "Window(\"About\", id:).defaultSize(width: 300, height: 160): \(about)")
        try x.run("xdotool", ["mousemove", "\(about.x + 150)", "\(about.y + 96)", "click", "1"])   // its "Close": dismiss()
        expectLine("about closed")
        try state.frames(2)
        let left = try Child.run(try tool("xdotool"), ["search", "--name", "^About$"], environment: x.environment, timeout: 5)
        #expect(left.stdout.isEmpty, "dismiss closed the About window")
        // S typed into the field saved no frame.
        let saved = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }
        #expect(saved.isEmpty, "typing S into the field saved \(saved)")
        try click(400, 300)      // the window's empty part: focused, no field
        try x.run("xdotool", ["key", "Escape"])
        let exit = app.waitForExit(seconds: 10)
        #expect(exit == .exited(0), "Escape closes the app's last window and it exits 0; got \(exit). stderr: \(app.stderrSummary())")
    }

    @Test("--color-scheme light draws the app light (white behind its list, where dark is black); a scheme that is not one ends the app with one line and status 2",
          .enabled(if: !skipWindowTests, "GLINT_SKIP_WINDOW_TESTS=1"), .timeLimit(.minutes(1)))
    func colorScheme() throws {
        let sample = try Self.sample()
        try requireTools()
        let x = try XServer.start()
        defer { x.stop() }
        let folder = try TemporaryFiles.folder("glint-swiftui-scheme")
        let wrong = try Child.launch(sample, ["--color-scheme", "purple"], environment: x.environment, in: folder)
        #expect(wrong.waitForExit(seconds: 20) == .exited(2))
        #expect(wrong.stderrSummary().contains("--color-scheme purple is not a colour scheme: say light or dark"), "\(wrong.stderrSummary())")
        for scheme in ["light", "dark"] {
            let stateFile = folder + "/state-\(scheme).json"
            let app = try Child.launch(sample, ["--color-scheme", scheme], environment: x.environment.merging(["GLINT_WINDOW_STATE": stateFile]) { $1 },
                                       in: folder)
            defer { app.stop() }
            let window = try findWindow(x, app, name: "^SwiftUI sample$")
            try WindowState(path: stateFile, app: app).started(frames: 3)
            let shot = try screenshot(x, to: folder + "/\(scheme).png", app: app)
            // The bottom-right corner of the window: the list's background, nothing drawn on it.
            let p = shot.pixel(window.x + window.width - 6, window.y + window.height - 6)
            if scheme == "light" {
                #expect(min(p.r, p.g, p.b) > 0.9, "light: \(p)")
            } else {
                #expect(max(p.r, p.g, p.b) < 0.1, "dark: \(p)")
            }
            app.stop()
        }
    }
}
