@preconcurrency import CEpoxy
import Foundation

/// Measures the GPU time of every pass of a frame (`FrameStatistics`), without stalling the
/// pipeline: a `GL_TIMESTAMP` query at the frame's start and at every pass's end, a
/// `GL_TIME_ELAPSED` query round the whole frame, all read `ring` − 1 frames later, when the GPU
/// has long finished them. Query objects and the arrays of each frame's passes are made once
/// and reused, so a steady frame allocates nothing here.
///
/// Each timestamp is followed by a `glFlush`: on a tiling rasteriser such as llvmpipe, work
/// into one target is held back and run as one scene when the target changes, and a
/// timestamp inside a scene says when that scene ended; flushed, each pass is a scene of its
/// own. That costs a tile load a pass, which only a measured frame pays.
///
/// Where the driver has no timer queries (a timestamp counter of 0 bits), or when asked
/// (`clock: .finishBrackets`), each pass is finished with `glFinish` and timed on the CPU.
public final class PassTimer {
    /// What the passes of one frame were, and the queries that time them.
    private struct Slot {
        var timestamps: [GLuint] = []
        var elapsed: GLuint = 0
        var entries: [PassStatistics] = []
        var count = 0
        var pending = false
        var frame = 0
    }

    public let clock: FrameStatistics.Clock
    /// Frames in flight before a frame's results are read.
    static let ring = 4
    private var slots: [Slot]
    private var current = 0
    private var depth = 0
    private var frames = 0
    private var cpuTimes: [Double] = []
    private var cpuStart = 0.0
    /// The last frame whose times were read.
    public var latest: FrameStatistics? { published ? shown : nil }
    /// Two frames' statistics swapped on publishing, so each keeps its arrays' capacity.
    private var scratch = FrameStatistics()
    private var shown = FrameStatistics()
    private var published = false
    private let context: GLContext

    /// Needs a current context. With `clock` nil, timer queries where the driver has them.
    public init(clock: FrameStatistics.Clock? = nil) throws(RenderError) {
        context = try GLContext.requireCurrent(for: "the pass timer")
        var bits: GLint = 0
        epoxy_glGetQueryiv(GLenum(GL_TIMESTAMP), GLenum(GL_QUERY_COUNTER_BITS), &bits)
        self.clock = bits > 0 ? (clock ?? .timerQueries) : .finishBrackets
        slots = [Slot](repeating: Slot(), count: Self.ring)
        if self.clock == .timerQueries {
            for s in 0..<Self.ring { epoxy_glGenQueries(1, &slots[s].elapsed) }
        }
        cpuTimes.reserveCapacity(64)
    }

    deinit {
        context.perform {
            for var slot in slots where clock == .timerQueries {
                epoxy_glDeleteQueries(1, &slot.elapsed)
                if !slot.timestamps.isEmpty { epoxy_glDeleteQueries(GLsizei(slot.timestamps.count), &slot.timestamps) }
            }
        }
    }

    /// Starts a frame (a nested start, as a view tree's renderer drawing a graph, is part of
    /// the frame already begun).
    public func beginFrame() {
        depth += 1
        guard depth == 1 else { return }
        frames += 1
        if clock == .finishBrackets {
            scratch.frame = frames
            epoxy_glFinish()
            cpuStart = Watchdog.now()
            cpuTimes.removeAll(keepingCapacity: true)
            scratch.passes.removeAll(keepingCapacity: true)
            return
        }
        current = (current + 1) % Self.ring
        // The slot's last frame was `ring` frames ago; read it (waiting only if the GPU is that far behind).
        if slots[current].pending { read(current) }
        slots[current].count = 0
        slots[current].pending = true
        slots[current].frame = frames
        epoxy_glBeginQuery(GLenum(GL_TIME_ELAPSED), slots[current].elapsed)
        stamp()
    }

    /// The end of a pass: everything issued since the last pass's end is its work.
    public func mark(_ kind: PassStatistics.Kind, _ name: String, width: Int, height: Int, target: PassTarget, program: String = "") {
        guard depth > 0 else { return }
        let entry = PassStatistics(kind: kind, name: name, width: width, height: height, target: target, program: program, seconds: 0)
        if clock == .finishBrackets {
            epoxy_glFinish()
            cpuTimes.append(Watchdog.now())
            scratch.passes.append(entry)
            return
        }
        let n = slots[current].count
        if n < slots[current].entries.count { slots[current].entries[n] = entry } else { slots[current].entries.append(entry) }
        slots[current].count += 1
        stamp()
    }

    /// Ends the frame; publishes the newest frame whose queries are done.
    public func endFrame() {
        guard depth > 0 else { return }
        depth -= 1
        guard depth == 0 else { return }
        if clock == .finishBrackets {
            epoxy_glFinish()
            var previous = cpuStart
            for i in scratch.passes.indices {
                scratch.passes[i].seconds = cpuTimes[i] - previous
                previous = cpuTimes[i]
            }
            scratch.frameSeconds = Watchdog.now() - cpuStart
            scratch.clock = clock
            publish()
            return
        }
        epoxy_glEndQuery(GLenum(GL_TIME_ELAPSED))
        epoxy_glFlush()
        // Older frames whose last query is done are read now, without waiting.
        var s = (current + 1) % Self.ring
        while s != current {
            if slots[s].pending {
                var available: GLuint = 0
                epoxy_glGetQueryObjectuiv(slots[s].elapsed, GLenum(GL_QUERY_RESULT_AVAILABLE), &available)
                if available != 0 { read(s) }
            }
            s = (s + 1) % Self.ring
        }
    }

    /// Waits for every frame in flight and reads it: `latest` is then the last frame drawn.
    public func finish() {
        guard clock == .timerQueries else { return }
        epoxy_glFinish()
        for k in 1...Self.ring {
            let s = (current + k) % Self.ring
            if slots[s].pending { read(s) }
        }
    }

    /// A timestamp at this point of the frame, flushed (see the type's comment).
    private func stamp() {
        let i = slots[current].count  // timestamp 0 is the frame's start; i the end of pass i
        if i >= slots[current].timestamps.count {
            var query: GLuint = 0
            epoxy_glGenQueries(1, &query)
            slots[current].timestamps.append(query)
        }
        epoxy_glQueryCounter(slots[current].timestamps[i], GLenum(GL_TIMESTAMP))
        epoxy_glFlush()
    }

    /// Reads slot `s`'s queries into `latest`. A frame whose numbers cannot be right (a clock
    /// going back, a frame time far past its timestamps': llvmpipe's first frames) is dropped.
    private func read(_ s: Int) {
        slots[s].pending = false
        var elapsed: GLuint64 = 0
        epoxy_glGetQueryObjectui64v(slots[s].elapsed, GLenum(GL_QUERY_RESULT), &elapsed)
        let count = slots[s].count
        var start: GLuint64 = 0
        epoxy_glGetQueryObjectui64v(slots[s].timestamps[0], GLenum(GL_QUERY_RESULT), &start)
        scratch.passes.removeAll(keepingCapacity: true)
        var previous = start
        for i in 0..<count {
            var t: GLuint64 = 0
            epoxy_glGetQueryObjectui64v(slots[s].timestamps[i + 1], GLenum(GL_QUERY_RESULT), &t)
            guard t >= previous else { return }
            var entry = slots[s].entries[i]
            entry.seconds = Double(t - previous) * 1e-9
            scratch.passes.append(entry)
            previous = t
        }
        let span = Double(previous - start) * 1e-9
        let frame = Double(elapsed) * 1e-9
        guard frame <= 2 * span + 0.1 else { return }
        scratch.frameSeconds = frame
        scratch.clock = clock
        scratch.frame = slots[s].frame
        publish()
    }

    private func publish() {
        swap(&scratch, &shown)
        published = true
    }
}
