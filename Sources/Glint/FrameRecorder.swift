@preconcurrency import CEpoxy
import Foundation
import GlintCore
import GlintRender
#if canImport(Glibc)
import Glibc
#endif

/// Where a `FrameRecorder`'s frames go: a video encoder taking RGBA8 frames, rows bottom-up as
/// OpenGL reads them. The library's own is `FFmpegVideo`; the `glint` command hands in its
/// `VideoEncoder` (the formats and the care with files of `glint record`).
public protocol VideoSink: AnyObject {
    /// Frames handed over so far.
    var framesAppended: Int { get }
    /// Lets `fill` write the next frame's pixels into a buffer of the frame's size, then encodes it.
    func withNextFrame(_ fill: (UnsafeMutableRawBufferPointer) throws -> Void) throws
    /// Ends the video and names its file; throws one line, leaving no file, when encoding failed.
    func finish() throws
}

/// Saving what a view drew: a frame to PNG, or frames to a video, frame-exact from the timeline.
///
/// Any package can record a view it draws (into a window's framebuffer or a headless target):
///
/// ```swift
/// let recorder = try FrameRecorder(path: "waves.mp4", pixelWidth: 960, pixelHeight: 600)
/// // each frame, after drawing into `framebuffer`, its context current:
/// if recorder.wants(time) { try recorder.record(framebuffer, at: time) }
/// // at the end:
/// try recorder.finish()
/// ```
///
/// The `Window`'s S and V keys and the `glint` window's are made of it. While a window records,
/// its timeline moves exactly one frame (1/60 s times the speed) per frame drawn
/// (`Playback.fixedFrames`), so the video, played at 60 fps, drops and repeats no frame.
public final class FrameRecorder {
    /// The video's frame rate: one frame per `Playback.frameStep`.
    public static let fps = 60.0
    /// The file the video goes to.
    public let path: String
    /// The frame's size in pixels; a view that changes size should end the recording.
    public let pixelWidth: Int
    public let pixelHeight: Int
    private let sink: any VideoSink
    /// The timeline time of the last frame recorded; nil before the first.
    private var lastTime: Double?

    /// Records to `sink`, or with none to an H.264 `.mp4` at `path` through ffmpeg (`FFmpegVideo`).
    /// Throws one line (ffmpeg missing, the file there already, the folder not writable).
    public init(path: String, pixelWidth: Int, pixelHeight: Int, sink: (any VideoSink)? = nil) throws {
        self.path = path
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.sink = try sink ?? FFmpegVideo(path: path, pixelWidth: pixelWidth, pixelHeight: pixelHeight, fps: Self.fps)
    }

    /// Frames recorded so far.
    public var frames: Int { sink.framesAppended }

    /// Whether the frame at timeline time `time` is one to record: the timeline moved since the
    /// last one (or went back, restarted). A paused timeline adds no frames.
    public func wants(_ time: Double) -> Bool {
        lastTime != time
    }

    /// Reads back the frame just drawn in `region` (of a framebuffer whose context is current,
    /// `pixelWidth` by `pixelHeight` from its origin) and hands it to the encoder: no copy, no allocation.
    public func record(_ region: Framebuffer, at time: Double) throws {
        lastTime = time
        let width = GLsizei(pixelWidth), height = GLsizei(pixelHeight)
        try sink.withNextFrame { buffer in
            epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), region.id)
            epoxy_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
            epoxy_glReadPixels(GLint(region.originX), GLint(region.originY), width, height, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE),
                               buffer.baseAddress)
        }
    }

    /// Ends the video and names its file; throws one line, leaving no file, when it failed.
    public func finish() throws {
        try sink.finish()
    }

    /// The pixels of `region` (a part of a framebuffer, from its origin), RGBA8 rows top-down, as
    /// `PNG.write(width:height:rgba:to:)` takes them.
    public static func readPixels(_ region: Framebuffer) -> [UInt8] {
        let rowBytes = region.pixelWidth * 4
        var pixels = [UInt8](repeating: 0, count: rowBytes * region.pixelHeight)
        guard rowBytes > 0, region.pixelHeight > 0 else { return pixels }
        pixels.withUnsafeMutableBytes { buffer in
            epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), region.id)
            epoxy_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
            epoxy_glReadPixels(GLint(region.originX), GLint(region.originY), GLsizei(region.pixelWidth), GLsizei(region.pixelHeight),
                               GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), buffer.baseAddress)
            // GL's rows run bottom-up.
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

    /// Saves `region` as a PNG at the first of `base.png`, `base-2.png`, … that names no file
    /// (never over a file), trying `attempts` names; returns the path written.
    public static func savePNG(_ region: Framebuffer, named base: String, attempts: Int = 1000) throws -> String {
        let rgba = readPixels(region)
        for n in 1...max(attempts, 1) {
            let path = n == 1 ? "\(base).png" : "\(base)-\(n).png"
            let fd = PathBytes.withCString(path) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) }
            if fd < 0 {
                if errno == EEXIST { continue }
                throw InputError("cannot write the frame '\(path)': \(BoundedFile.describe(errno))")
            }
            do {
                try PNG.write(width: region.pixelWidth, height: region.pixelHeight, rgba: rgba, to: fd)
                close(fd)
            } catch {
                close(fd)
                PathBytes.withCString(path) { _ = unlink($0) }
                throw error
            }
            return path
        }
        throw InputError("cannot write the frame: \(base).png and the next \(attempts - 1) names are all taken")
    }

    /// The first of `base.EXT`, `base-2.EXT`, … that names no file, or nil when `attempts` are all taken.
    public static func freePath(_ base: String, extension ext: String = "mp4", attempts: Int = 1000) -> String? {
        for n in 1...max(attempts, 1) {
            let path = n == 1 ? "\(base).\(ext)" : "\(base)-\(n).\(ext)"
            if !PathBytes.exists(path) { return path }
        }
        return nil
    }
}

/// The library's video encoder: ffmpeg (on `PATH`) making an H.264 `.mp4` from raw frames sent
/// through a socket (so an encoder that dies makes an error, never a SIGPIPE). It writes a
/// hidden file beside `path` and links it to `path` when done, so it never replaces a file and
/// a failed video leaves nothing.
public final class FFmpegVideo: VideoSink {
    public private(set) var framesAppended = 0
    private let path: String
    private let temporary: String
    private let process = Process()
    private var socket: Int32 = -1
    private var frame: UnsafeMutableRawBufferPointer
    private var failure: String?

    /// Starts ffmpeg on a `pixelWidth`x`pixelHeight` video at `path`, played at `fps`.
    public init(path: String, pixelWidth: Int, pixelHeight: Int, fps: Double) throws {
        guard pixelWidth > 0, pixelHeight > 0 else { throw InputError("cannot record '\(path)': the view has no pixels") }
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        temporary = (folder.isEmpty ? "" : folder + "/") + ".\(name).glint-\(getpid()).tmp"
        let pad = pixelWidth % 2 != 0 || pixelHeight % 2 != 0 ? ",pad=ceil(iw/2)*2:ceil(ih/2)*2" : ""
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-hide_banner", "-nostdin", "-loglevel", "error",
                             "-f", "rawvideo", "-pix_fmt", "rgba", "-video_size", "\(pixelWidth)x\(pixelHeight)",
                             "-framerate", "\(Int(fps))", "-i", "pipe:0",
                             "-vf", "vflip" + pad, "-c:v", "libx264", "-preset", "medium", "-crf", "18",
                             "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-f", "mp4", "-y", temporary]
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0 else {
            throw InputError("cannot start ffmpeg: \(BoundedFile.describe(errno))")
        }
        process.standardInput = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        frame = UnsafeMutableRawBufferPointer.allocate(byteCount: pixelWidth * pixelHeight * 4, alignment: 16)
        do {
            try process.run()
        } catch {
            close(ends[0])
            frame.deallocate()
            throw InputError("recording needs ffmpeg on PATH: \(error.localizedDescription)")
        }
        socket = ends[0]
        _ = fcntl(socket, F_SETFD, FD_CLOEXEC)
    }

    deinit {
        if socket >= 0 { close(socket) }
        frame.deallocate()
    }

    public func withNextFrame(_ fill: (UnsafeMutableRawBufferPointer) throws -> Void) throws {
        if let failure { throw InputError(failure) }
        try fill(frame)
        var sent = 0
        while sent < frame.count {
            let n = send(socket, frame.baseAddress! + sent, frame.count - sent, Int32(MSG_NOSIGNAL))
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                failure = "cannot write the video '\(path)': ffmpeg stopped"
                throw InputError(failure!)
            }
            sent += n
        }
        framesAppended += 1
    }

    public func finish() throws {
        if socket >= 0 {
            close(socket)
            socket = -1
        }
        process.waitUntilExit()
        defer { PathBytes.withCString(temporary) { _ = unlink($0) } }
        guard failure == nil, process.terminationStatus == 0 else {
            throw InputError(failure ?? "cannot write the video '\(path)': ffmpeg failed (exit \(process.terminationStatus))")
        }
        // link, not rename: a file that appeared at `path` meanwhile is kept, and this one refused.
        let linked = PathBytes.withCString(temporary) { from in PathBytes.withCString(path) { link(from, $0) } }
        guard linked == 0 else { throw InputError("cannot write the video '\(path)': \(BoundedFile.describe(errno))") }
    }
}
