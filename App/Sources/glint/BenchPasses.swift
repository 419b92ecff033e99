import ArgumentParser
import Foundation
import GlintRender

/// `glint bench --pass-clock`: how passes are timed.
enum PassClockOption: String, ExpressibleByArgument, CaseIterable {
    case query
    case finish

    var clock: FrameStatistics.Clock { self == .query ? .timerQueries : .finishBrackets }
}

/// What `glint bench --passes` prints: every pass's time averaged over the frames measured,
/// each frame counted once (the renderer publishes a frame's times a few frames after it).
struct PassTable {
    private var sum = FrameStatistics()
    private var frames = 0
    private var lastFrame = 0
    /// Frames whose passes differed from the first's (a chain that changed while benched).
    private var differing = 0

    mutating func add(_ statistics: FrameStatistics) {
        guard statistics.frame > lastFrame else { return }
        lastFrame = statistics.frame
        if frames == 0 {
            sum = statistics
            frames = 1
            return
        }
        guard statistics.passes.count == sum.passes.count,
              zip(statistics.passes, sum.passes).allSatisfy({ $0.name == $1.name && $0.kind == $1.kind }) else {
            differing += 1
            return
        }
        for i in sum.passes.indices { sum.passes[i].seconds += statistics.passes[i].seconds }
        sum.frameSeconds += statistics.frameSeconds
        frames += 1
    }

    /// The table of mean times, with how they were taken and what measuring allocated.
    func text(allocationsNote: String?) -> String {
        guard frames > 0 else { return "passes      no frame's times came back from the driver" }
        var mean = sum
        for i in mean.passes.indices { mean.passes[i].seconds /= Double(frames) }
        mean.frameSeconds /= Double(frames)
        var lines = ["passes      mean of \(frames) frames, \(mean.passes.count) passes a frame, times by \(mean.clock.rawValue)"
            + (mean.clock == .timerQueries ? "" : " (the driver has no timer queries, or --pass-clock finish asked for these)")]
        if differing > 0 { lines.append("            \(differing) frames drew other passes and are not in the table") }
        if let allocationsNote {
            lines.append("            heap while measuring: \(allocationsNote) allocations/frame by Glint (0 without --passes)")
        }
        lines.append(contentsOf: mean.table.split(separator: "\n").dropFirst().map { "  " + $0 })
        return lines.joined(separator: "\n")
    }
}
