@preconcurrency import CEpoxy
import Foundation
import GlintRender

/// The window's V key: a video of the view (without the HUD), frame-exact from the timeline.
///
/// While it records, the window's `Playback` moves the timeline exactly one frame (1/60 s times
/// the speed) per drawn frame, whatever the wall clock did, and each frame that moved the
/// timeline is read back and handed to the `VideoEncoder`, which plays them at 60 fps. So no
/// frame is ever dropped or repeated: a window that draws fewer than 60 frames a second plays
/// slower than real time while it records, and the video is smooth. A paused timeline adds no
/// frames (a step adds one).
final class WindowRecording {
    /// The video's frame rate: one frame per `Playback.frameStep`.
    static let fps = 60.0
    /// The file it goes to: `glint-harmonic-0003.517s.mp4`.
    let path: String
    /// The frame's size in pixels; a window that changes size ends the recording.
    let pixelWidth: Int
    let pixelHeight: Int
    private let encoder: VideoEncoder
    /// The timeline time of the last frame recorded; nil before the first.
    private var lastTime: Double?

    /// Starts ffmpeg on a `pixelWidth`x`pixelHeight` video at `path`. Throws one line (ffmpeg
    /// missing, the folder not writable).
    init(path: String, pixelWidth: Int, pixelHeight: Int) throws {
        self.path = path
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        encoder = try VideoEncoder(path: path, pixelWidth: pixelWidth, pixelHeight: pixelHeight, fps: Self.fps)
    }

    /// Frames handed to the encoder so far.
    var frames: Int { encoder.framesAppended }

    /// Whether the frame at timeline time `time` is one to record: the timeline moved since the
    /// last one (or went back, restarted).
    func wants(_ time: Double) -> Bool {
        lastTime != time
    }

    /// Reads back the frame just drawn in `framebuffer` (the window's, its context current) and
    /// hands it to the encoder, rows bottom-up as the encoder takes them: no copy, no allocation.
    func record(_ framebuffer: Framebuffer, at time: Double) throws {
        lastTime = time
        let width = GLsizei(pixelWidth), height = GLsizei(pixelHeight)
        try encoder.withNextFrame { buffer in
            epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), framebuffer.id)
            epoxy_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
            epoxy_glReadPixels(0, 0, width, height, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), buffer.baseAddress)
        }
    }

    /// Lets ffmpeg finish the file and names it; throws one line, leaving no file, when it failed.
    func finish() throws {
        try encoder.finish()
    }

    /// The first of `base.mp4`, `base-2.mp4`, … that names no file, or nil when `attempts` are all taken.
    static func freePath(_ base: String, attempts: Int) -> String? {
        for n in 1...attempts {
            let path = n == 1 ? "\(base).mp4" : "\(base)-\(n).mp4"
            if RawPath.lstat(path) == nil { return path }
        }
        return nil
    }
}
