import Foundation
import protocol Glint.VideoSink
import class Glint.FrameRecorder

/// The window's V key: the library's `FrameRecorder` (frame-exact from the timeline, read back
/// without a copy) writing through glint's own `VideoEncoder`, the one `glint record` uses (its
/// hidden temporary beside the file, removed should a signal end glint).
final class WindowVideo: VideoSink {
    private let encoder: VideoEncoder

    /// Starts ffmpeg on a `pixelWidth`x`pixelHeight` video at `path`. Throws one line (ffmpeg
    /// missing, the folder not writable).
    init(path: String, pixelWidth: Int, pixelHeight: Int) throws {
        encoder = try VideoEncoder(path: path, pixelWidth: pixelWidth, pixelHeight: pixelHeight, fps: FrameRecorder.fps)
    }

    var framesAppended: Int { encoder.framesAppended }

    func withNextFrame(_ fill: (UnsafeMutableRawBufferPointer) throws -> Void) throws {
        try encoder.withNextFrame(fill)
    }

    func finish() throws {
        _ = try encoder.finish()
    }
}
