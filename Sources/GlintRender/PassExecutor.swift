@preconcurrency import CEpoxy
import Foundation

/// What every pass of a frame graph is drawn with, whoever made the pass (an effect, the
/// resampling pass, a pass of a Shadertoy, ISF or glslViewer shader): the watchdog's chunked
/// drawing and the setting of a uniform by its GL type. One place, so the chunk formula and the
/// watchdog's checks are written once.
enum PassExecutor {
    /// Draws the bound program over the box (`left`, `bottom`: GL's window coordinates) in
    /// scissored chunks, each finished before the next, so the watchdog gets control between them
    /// and a large frame can report progress (`onChunk`, with the pixels done so far).
    ///
    /// A draw on a software rasteriser cannot be interrupted once issued, so the chunks start
    /// small (`Watchdog.firstChunkPixels`) and grow at most fourfold each, towards what the
    /// program draws in `Watchdog.chunkSeconds`; the size learnt is kept in the program for the
    /// next frame, so a cheap shader soon draws its frame in one or two chunks. Returns the
    /// seconds since `frameStart` (on `clock`) when the frame ran past `limit` (the drawing then
    /// stopped after the chunk in flight), nil when it was drawn whole.
    ///
    /// A pass whose program is known to draw the whole box in one chunk is not finished on its
    /// own: it joins the frame's batch of unfinished work (`batch`) as long as the seconds its
    /// programs' speeds predict for it stay within one chunk's time (`Watchdog.chunkSeconds`),
    /// so a frame of fast passes runs without a stall between them, as a program of its own
    /// would. The batch is finished and timed at the end of the frame (`DrawBatch.finish`); a
    /// batch slower than predicted has every pass of the next frame measured, and every
    /// `Watchdog.remeasureEvery`-th draw of a program is measured anyway.
    static func drawInChunks(_ program: Program, left: Int, bottom: Int, width: Int, height: Int,
                             frameStart: Double, limit: Double?, clock: () -> Double, batch: inout DrawBatch,
                             onChunk: (Int) -> Void = { _ in }) -> Double? {
        let pixels = width * height
        if !batch.measuresAll, let rate = program.pixelsPerSecond, program.chunkPixels >= pixels,
           program.unmeasuredDraws < Watchdog.remeasureEvery {
            let predicted = Double(pixels) / rate
            if batch.predicted + predicted <= Watchdog.chunkSeconds {
                if batch.predicted == 0 { batch.started = clock() }
                epoxy_glEnable(GLenum(GL_SCISSOR_TEST))
                epoxy_glScissor(GLint(left), GLint(bottom), GLsizei(width), GLsizei(height))
                epoxy_glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
                epoxy_glDisable(GLenum(GL_SCISSOR_TEST))
                batch.predicted += predicted
                program.unmeasuredDraws += 1
                onChunk(pixels)
                return nil
            }
        }
        // What is still in flight is finished first, so the chunks below time their own work.
        batch.finish(clock: clock)
        var done = 0
        epoxy_glEnable(GLenum(GL_SCISSOR_TEST))
        defer { epoxy_glDisable(GLenum(GL_SCISSOR_TEST)) }
        var y = 0
        while y < height {
            let rows = min(height - y, max(1, program.chunkPixels / width))
            var x = 0
            while x < width {
                let columns = min(width - x, max(1, program.chunkPixels / rows))
                epoxy_glScissor(GLint(left + x), GLint(bottom + y), GLsizei(columns), GLsizei(rows))
                let start = clock()
                epoxy_glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
                epoxy_glFinish()
                let end = clock()
                program.learnChunk(pixels: columns * rows, seconds: end - start)
                done += columns * rows
                if let limit, end - frameStart > limit { return end - frameStart }
                onChunk(done)
                x += columns
            }
            y += rows
        }
        return nil
    }

    /// Sets a uniform of GL type `type` from as many of the values as it has components.
    static func set(_ location: GLint, _ type: GLenum, _ x: Double, _ y: Double = 0, _ z: Double = 0, _ w: Double = 0) {
        switch Int32(type) {
        case GL_FLOAT: epoxy_glUniform1f(location, Float(x))
        case GL_FLOAT_VEC2: epoxy_glUniform2f(location, Float(x), Float(y))
        case GL_FLOAT_VEC3: epoxy_glUniform3f(location, Float(x), Float(y), Float(z))
        case GL_FLOAT_VEC4: epoxy_glUniform4f(location, Float(x), Float(y), Float(z), Float(w))
        case GL_INT, GL_BOOL: epoxy_glUniform1i(location, ToyRunner.int(x))
        case GL_INT_VEC2, GL_BOOL_VEC2: epoxy_glUniform2i(location, ToyRunner.int(x), ToyRunner.int(y))
        case GL_INT_VEC3, GL_BOOL_VEC3: epoxy_glUniform3i(location, ToyRunner.int(x), ToyRunner.int(y), ToyRunner.int(z))
        case GL_INT_VEC4, GL_BOOL_VEC4: epoxy_glUniform4i(location, ToyRunner.int(x), ToyRunner.int(y), ToyRunner.int(z), ToyRunner.int(w))
        default: break
        }
    }
}

/// The draws issued since the last finish (`PassExecutor.drawInChunks`): what their programs'
/// speeds predict they take, and when the first was issued.
struct DrawBatch {
    var predicted = 0.0
    var started = 0.0
    /// Set when the last batch took longer than predicted: every pass is measured until a frame
    /// has been drawn so.
    var measuresAll = false

    /// Finishes what was issued and checks its time against the prediction.
    mutating func finish(clock: () -> Double) {
        guard predicted > 0 else { return }
        epoxy_glFinish()
        let took = clock() - started
        // Far slower than predicted (a busy machine's jitter is not): a program's cost changed.
        if took > Watchdog.chunkSeconds + 4 * predicted { measuresAll = true }
        predicted = 0
    }

    /// The frame's end: finishes the batch; a frame drawn with nothing batched ends a
    /// measuring of every pass.
    mutating func endFrame(clock: () -> Double) {
        if predicted > 0 { finish(clock: clock) } else { measuresAll = false }
    }
}

/// The watchdog's numbers: how long a frame may take, and how frames are cut into chunks.
public enum Watchdog {
    /// The frame size a `frameTimeout` is for; a larger frame is allowed proportionally longer.
    public static let referencePixels = 1920 * 1080
    /// Frames larger than this are drawn in chunks whatever their program, to show progress.
    public static let largeFramePixels = 4096 * 4096
    /// The first chunk of a program not yet measured: small enough that even a shader at
    /// llvmpipe's loop limit finishes it in well under a second.
    static let firstChunkPixels = 32 * 32
    /// The largest chunk.
    static let maxChunkPixels = 4096 * 1024
    /// What a chunk should take once the program's speed is known, in seconds.
    static let chunkSeconds = 0.05
    /// A program drawn whole without a finish is measured again after this many such draws.
    static let remeasureEvery = 30

    /// The limit for a frame of `pixels` pixels when a reference frame may take `seconds`.
    public static func limit(_ seconds: Double, pixels: Int) -> Double {
        seconds * max(1, Double(pixels) / Double(referencePixels))
    }

    /// Monotonic seconds.
    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }
}
