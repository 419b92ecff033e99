import Foundation
import GlintCore
import GlintRender

extension ViewHost {
    /// What the window's keys and its reloading did, told to `onEvent` (a client says it on
    /// screen) or, without one, said on standard error (`describe(_:)`).
    public enum Event {
        /// Space: time paused (true) or playing again.
        case paused(Bool)
        /// `.`: a paused timeline stepped 1/60 s (false: it was not paused, nothing moved).
        case stepped(Bool)
        /// `[` or `]`: the timeline's speed now.
        case speed(Double)
        /// Backspace: time and the view's state back to 0.
        case restarted
        /// F11: fullscreen now (true) or windowed.
        case fullscreen(Bool)
        /// S: the frame saved as a PNG at `path`, of its pixel size.
        case saved(path: String, pixelWidth: Int, pixelHeight: Int)
        /// S: the frame could not be saved, and why.
        case notSaved(String)
        /// V: a video started at `path`, of its pixel size.
        case recording(path: String, pixelWidth: Int, pixelHeight: Int)
        /// V: no video started: every name tried after `base` is taken.
        case noFreeName(base: String, attempts: Int)
        /// V: no video started, and why (ffmpeg missing, say).
        case notRecording(String)
        /// The video ended and was saved: its frames, and why it ended when not by V.
        case videoSaved(path: String, frames: Int, reason: String?)
        /// The video ended unsaved (the encoder failed, the disk is full), and why.
        case recordingFailed(String)
        /// A shader file changed and was compiled again.
        case reloaded(String)
        /// A changed shader file does not compile: its last good version stays on screen.
        case shaderError(RenderError)
        /// What could not be drawn, once each (an image that cannot be read, a shader the
        /// watchdog stopped: `RenderError.tooSlow`).
        case problem(RenderError)
    }

    /// Names tried for a saved frame or video before giving up: `name.png`, `name-2.png`, …
    public static let captureAttempts = 1000

    /// The line a window without `onEvent` says on standard error for `event`, or nil.
    public static func describe(_ event: Event) -> String? {
        switch event {
        case .paused, .stepped, .speed, .fullscreen: return nil
        case .restarted: return "restarted at 0 s"
        case .saved(let path, let width, let height): return "saved \(path) (\(width)x\(height) pixels)"
        case .recording(let path, let width, let height):
            return "recording \(path) (\(width)x\(height) pixels, \(Int(FrameRecorder.fps)) fps)"
        case .noFreeName(let base, _): return "warning: cannot record: \(base).mp4 and the next names are all taken"
        case .notSaved(let why), .notRecording(let why), .recordingFailed(let why): return "warning: \(why)"
        case .videoSaved(let path, let frames, let reason):
            let seconds = String(format: "%.2f", Double(frames) / FrameRecorder.fps)
            return "saved \(path) (\(frames) frames, \(seconds) s)\(reason.map { " (\($0))" } ?? "")"
        case .reloaded(let path): return "reloaded \(path)"
        case .shaderError(let error): return "shader error, showing the last good version: \(error)"
        case .problem(let error): return error.description
        }
    }

    func tell(_ event: Event) {
        if let onEvent { return onEvent(event) }
        if let line = Self.describe(event) { say(line) }
    }

    // MARK: S and V

    /// S and V: the frame just drawn saved as a PNG, and handed to the recording.
    func capture(_ framebuffer: Framebuffer, at time: Double) {
        if savesFrame {
            savesFrame = false
            do {
                let path = try FrameRecorder.savePNG(framebuffer, named: captureBase, attempts: Self.captureAttempts)
                tell(.saved(path: path, pixelWidth: framebuffer.pixelWidth, pixelHeight: framebuffer.pixelHeight))
            } catch {
                tell(.notSaved("\(error)"))
            }
        }
        guard let recording, recording.wants(time) else { return }
        do {
            try recording.record(framebuffer, at: time)
        } catch {
            self.recording = nil
            playback.fixedFrames = false
            tell(.recordingFailed("\(error)"))
        }
    }

    /// The timeline time as a file name: `glint-0003.517s`.
    private var captureBase: String {
        "\(captureName)-\(String(format: "%08.3f", driver.time))s"
    }

    func startRecording(_ framebuffer: Framebuffer) {
        let base = captureBase
        guard let path = FrameRecorder.freePath(base, attempts: Self.captureAttempts) else {
            return tell(.noFreeName(base: base, attempts: Self.captureAttempts))
        }
        do {
            let sink = try makeVideoSink?(path, framebuffer.pixelWidth, framebuffer.pixelHeight)
            recording = try FrameRecorder(path: path, pixelWidth: framebuffer.pixelWidth, pixelHeight: framebuffer.pixelHeight, sink: sink)
            playback.fixedFrames = true
            tell(.recording(path: path, pixelWidth: framebuffer.pixelWidth, pixelHeight: framebuffer.pixelHeight))
        } catch {
            tell(.notRecording("\(error)"))
        }
    }

    /// Ends the recording, if one runs, and saves the video (quitting while recording keeps it).
    func stopRecording(because reason: String? = nil) {
        guard let recording else { return }
        self.recording = nil
        playback.fixedFrames = false
        do {
            try recording.finish()
            tell(.videoSaved(path: recording.path, frames: recording.frames, reason: reason))
        } catch {
            tell(.recordingFailed("\(error)"))
        }
    }

    // MARK: Reloading and problems

    /// Recompiles changed shader files (your own GLSL and Metal, and the files of a Shadertoy,
    /// glslViewer or ISF shader); a broken one keeps its last good version on screen, its error said.
    func reloadShaders() {
        let (reloaded, errors) = renderer.reloadChangedShaders()
        guard !reloaded.isEmpty || !errors.isEmpty else { return }
        for path in reloaded { tell(.reloaded(path)) }
        for error in errors { tell(.shaderError(error)) }
    }

    /// Says each problem once (each time the watchdog stops a shader, though: an edit may make
    /// it slow again).
    func report(_ errors: [RenderError]) {
        for error in errors {
            if case .tooSlow = error {
                tell(.problem(error))
            } else if reported.insert(error.description).inserted {
                tell(.problem(error))
            }
        }
    }

    // MARK: The state file

    /// The frame on screen as the state file's values: frames shown, the timeline's time, the
    /// wall clock's, whether the button is held, time paused, its speed, the client's window
    /// values, a video recording, then the client's others.
    func stateValues(clock: Double) -> [(String, StateValue)] {
        var values: [(String, StateValue)] = [
            ("window.frame", .number(Double(framesShown))),
            ("window.time", .number(driver.time)),
            ("window.clock", .number(clock)),
            ("window.pressed", .bool(driver.context.isPressed)),
            ("window.paused", .bool(playback.isPaused)),
            ("window.speed", .number(playback.speed)),
        ]
        if let windowStateValues { values += windowStateValues() }
        values.append(("window.recording", .bool(recording != nil)))
        if let stateValues { values += stateValues() }
        return values
    }
}
