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

    /// Reads back the frame just drawn in `region` (of the window's framebuffer, its context
    /// current: the effect's view, `pixelWidth` by `pixelHeight` from its origin) and hands it to
    /// the encoder, rows bottom-up as the encoder takes them: no copy, no allocation.
    func record(_ region: Framebuffer, at time: Double) throws {
        lastTime = time
        let width = GLsizei(pixelWidth), height = GLsizei(pixelHeight)
        try encoder.withNextFrame { buffer in
            epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), region.id)
            epoxy_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
            epoxy_glReadPixels(GLint(region.originX), GLint(region.originY), width, height, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE),
                               buffer.baseAddress)
        }
    }

    /// The pixels of `region` (a part of a framebuffer, from its origin), RGBA8 rows top-down,
    /// as `PNG.write(width:height:rgba:to:)` takes them: what S saves.
    static func readPixels(_ region: Framebuffer) -> [UInt8] {
        let rowBytes = region.pixelWidth * 4
        var pixels = [UInt8](repeating: 0, count: rowBytes * region.pixelHeight)
        guard rowBytes > 0, region.pixelHeight > 0 else { return pixels }
        pixels.withUnsafeMutableBytes { buffer in
            epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), region.id)
            epoxy_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
            epoxy_glReadPixels(GLint(region.originX), GLint(region.originY), GLsizei(region.pixelWidth), GLsizei(region.pixelHeight),
                               GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), buffer.baseAddress)
        }
        // GL's rows run bottom-up.
        pixels.withUnsafeMutableBytes { buffer in
            let spare = UnsafeMutableRawPointer.allocate(byteCount: rowBytes, alignment: 16)
            defer { spare.deallocate() }
            var top = 0, bottom = region.pixelHeight - 1
            while top < bottom {
                let upper = buffer.baseAddress! + top * rowBytes, lower = buffer.baseAddress! + bottom * rowBytes
                spare.copyMemory(from: upper, byteCount: rowBytes)
                upper.copyMemory(from: lower, byteCount: rowBytes)
                lower.copyMemory(from: spare, byteCount: rowBytes)
                top += 1
                bottom -= 1
            }
        }
        return pixels
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
