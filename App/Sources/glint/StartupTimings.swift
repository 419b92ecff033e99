import Foundation

/// `--timings` (`glint render --timings`, `glint --timings`): where the time to the first frame
/// goes, one line per phase on stderr, from clock readings at the phase boundaries only.
///
/// Off (the default) it is one nil check at each boundary, none per frame. Phases, in order:
/// `process start` (exec to `main`, from the kernel's start time, to its 10 ms clock tick),
/// `arguments` (parsing and checking the input), `context` (the GL context, and the window),
/// `shader compile` (the programs compiled and linked), `first draw` (the frame drawn and
/// finished: llvmpipe generates a shader's machine code at its first draw, so that lands here),
/// `encode` (`render`: the read-back, the PNG encoded and written), then `total`.
final class StartupTimings {
    /// The timings being taken: set by `--timings`, nil otherwise.
    nonisolated(unsafe) static var current: StartupTimings?

    /// When `main` began, as the monotonic clock reads it: main.swift sets it first.
    nonisolated(unsafe) static var mainStarted: UInt64 = 0

    private let processStarted: UInt64
    private var last: UInt64
    private var phases: [(String, UInt64)] = []

    /// Starts the timings: `process start` and `arguments` are measured up to now.
    static func begin() {
        let timings = StartupTimings()
        current = timings
        timings.mark("arguments")
    }

    private init() {
        let main = Self.mainStarted
        // The kernel's start time of this process, on the boot clock; the monotonic clock and the
        // boot clock differ by time spent suspended, which a starting process does not see.
        let sinceExec = Self.secondsSinceExec().map { UInt64(max(0, $0) * 1e9) } ?? 0
        let now = Self.now()
        processStarted = sinceExec > now - main ? now - sinceExec : main
        last = main
        phases.append(("process start", main - processStarted))
    }

    /// Ends the phase that ran since the last mark, naming it `phase`. A no-op when off.
    static func mark(_ phase: String) {
        current?.mark(phase)
    }

    private func mark(_ phase: String) {
        let time = Self.now()
        phases.append((phase, time - last))
        last = time
    }

    /// Prints every phase and the total, one line each, and stops the timings.
    static func finish() {
        guard let timings = current else { return }
        current = nil
        let total = timings.last - timings.processStarted
        for (phase, nanos) in timings.phases + [("total", total)] {
            Console.note(String(format: "time to the first frame: %@ %.1f ms", phase, Double(nanos) / 1e6))
        }
    }

    static func now() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }

    /// Seconds since the kernel started this process: /proc/self/stat's start time (field 22, in
    /// clock ticks since boot) against the boot clock. Nil where /proc is not there.
    private static func secondsSinceExec() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // Fields after the command's name (which may hold spaces), from field 3.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        let hertz = Double(sysconf(Int32(_SC_CLK_TCK)))
        var boot = timespec()
        guard hertz > 0, clock_gettime(CLOCK_BOOTTIME, &boot) == 0 else { return nil }
        return Double(boot.tv_sec) + Double(boot.tv_nsec) / 1e9 - ticks / hertz
    }
}
