// A thin layer over libpulse's asynchronous API: its threaded main loop, a context (the connection to
// a server) and the few questions Glint asks it. Everything libpulse calls back runs on the main
// loop's own thread with the loop's lock held; a caller on another thread takes the lock, asks, and
// waits on the loop's condition with a deadline, so no wait on the server is ever unbounded.
import CPulse
import Glibc

/// Why live sound could not start: one line for the user.
public struct PulseError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The line, e.g. "no PulseAudio server: Connection refused".
    public let description: String
    init(_ description: String) { self.description = description }
}

/// Seconds since an arbitrary start, from the monotonic clock.
func monotonicSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// A boxed Swift closure passed through libpulse's `void *userdata`.
private final class Callback<T> {
    let body: (T) -> Void
    init(_ body: @escaping (T) -> Void) { self.body = body }
}

/// libpulse's threaded main loop: one thread that runs every callback.
final class PulseMainloop {
    let pointer: OpaquePointer
    var api: UnsafeMutablePointer<pa_mainloop_api> { pa_threaded_mainloop_get_api(pointer) }

    init() throws {
        guard let loop = pa_threaded_mainloop_new() else { throw PulseError("cannot start libpulse's main loop") }
        guard pa_threaded_mainloop_start(loop) == 0 else {
            pa_threaded_mainloop_free(loop)
            throw PulseError("cannot start libpulse's main loop thread")
        }
        pointer = loop
    }

    /// Stops the thread (waits for a callback in progress) and frees the loop. Call without the lock.
    deinit {
        pa_threaded_mainloop_stop(pointer)
        pa_threaded_mainloop_free(pointer)
    }

    /// Runs `body` holding the loop's lock: the loop's thread runs no callback meanwhile.
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        pa_threaded_mainloop_lock(pointer)
        defer { pa_threaded_mainloop_unlock(pointer) }
        return try body()
    }

    /// Wakes a `wait` (from a callback).
    func signal() { pa_threaded_mainloop_signal(pointer, 0) }

    /// With the lock held, on a thread other than the loop's: waits until `done()` or until
    /// `timeout` seconds have passed; whether `done()` came true. Callbacks that change what `done`
    /// reads call `signal()`; a timer on the loop wakes the wait at the deadline.
    func wait(timeout: Double, until done: () -> Bool) -> Bool {
        let deadline = monotonicSeconds() + timeout
        var tv = timeval()
        pa_gettimeofday(&tv)
        pa_timeval_add(&tv, pa_usec_t(max(timeout, 0) * 1e6) + 1000)
        let timer = api.pointee.time_new(api, &tv, { _, _, _, userdata in
            pa_threaded_mainloop_signal(OpaquePointer(userdata), 0)
        }, UnsafeMutableRawPointer(pointer))
        defer { if let timer { api.pointee.time_free(timer) } }
        while !done() {
            if monotonicSeconds() >= deadline { return false }
            pa_threaded_mainloop_wait(pointer)
        }
        return true
    }

    /// A timer on the loop calling `tick` every `interval` seconds until the returned handle is
    /// freed with `cancel`. Create and cancel with the lock held.
    func repeating(every interval: Double, _ tick: @escaping () -> Void) -> RepeatingTimer {
        RepeatingTimer(loop: self, interval: interval, tick: tick)
    }
}

/// A timer on a PulseMainloop, re-armed after each tick.
final class RepeatingTimer {
    private let api: UnsafeMutablePointer<pa_mainloop_api>
    private let interval: Double
    private let tick: () -> Void
    private var event: OpaquePointer?

    fileprivate init(loop: PulseMainloop, interval: Double, tick: @escaping () -> Void) {
        api = loop.api
        self.interval = interval
        self.tick = tick
        var tv = Self.time(after: interval)
        event = api.pointee.time_new(api, &tv, { _, event, _, userdata in
            let timer = Unmanaged<RepeatingTimer>.fromOpaque(userdata!).takeUnretainedValue()
            var next = RepeatingTimer.time(after: timer.interval)
            timer.api.pointee.time_restart(event, &next)
            timer.tick()
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    private static func time(after seconds: Double) -> timeval {
        var tv = timeval()
        pa_gettimeofday(&tv)
        pa_timeval_add(&tv, pa_usec_t(seconds * 1e6))
        return tv
    }

    /// Stops the ticks. With the loop's lock held (or from a callback).
    func cancel() {
        if let event { api.pointee.time_free(event) }
        event = nil
    }
}

/// What a server says about itself: its default sink and source.
struct PulseServerInfo {
    var defaultSink: String?
    var defaultSource: String?
}

/// A source as the server describes it.
struct PulseSourceInfo {
    var name: String
    var description: String
    /// The sink it is the monitor of, nil for an input (a microphone, a line in, a remapped source).
    var monitorOfSink: String?
}

/// One connection to a server. Every method is called on the loop's thread or with its lock held;
/// every answer arrives on the loop's thread.
final class PulseContext {
    let pointer: OpaquePointer
    private unowned let loop: PulseMainloop
    /// Called on every change of the connection's state.
    var onStateChange: ((pa_context_state_t) -> Void)?

    init(loop: PulseMainloop, name: String = "glint") throws {
        guard let context = pa_context_new(loop.api, name) else { throw PulseError("cannot make a libpulse context") }
        pointer = context
        self.loop = loop
        pa_context_set_state_callback(context, { _, userdata in
            let context = Unmanaged<PulseContext>.fromOpaque(userdata!).takeUnretainedValue()
            context.loop.signal()
            context.onStateChange?(context.state)
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    private var closed = false

    /// Disconnects and lets go of the context, with the loop's lock held (or from a callback); the
    /// context is not used after.
    func close() {
        guard !closed else { return }
        closed = true
        onStateChange = nil
        pa_context_set_state_callback(pointer, nil, nil)
        pa_context_disconnect(pointer)
        pa_context_unref(pointer)
    }

    deinit { close() }

    var state: pa_context_state_t { pa_context_get_state(pointer) }
    var isReady: Bool { state == PA_CONTEXT_READY }
    /// Failed or closed: it will never be ready.
    var isOver: Bool { state == PA_CONTEXT_FAILED || state == PA_CONTEXT_TERMINATED }
    /// libpulse's words for the last error on this connection.
    var lastError: String { String(cString: pa_strerror(pa_context_errno(pointer))) }

    /// Starts connecting to `server` (nil: libpulse's default, `$PULSE_SERVER`, client.conf, the
    /// user's session); never starts a server. Whether the attempt began.
    func connect(to server: String?) -> Bool {
        pa_context_connect(pointer, server, PA_CONTEXT_NOAUTOSPAWN, nil) == 0
    }

    /// Asks for the default sink and source; `done` gets nil if the server did not answer.
    func serverInfo(_ done: @escaping (PulseServerInfo?) -> Void) {
        let box = Unmanaged.passRetained(Callback(done)).toOpaque()
        let operation = pa_context_get_server_info(pointer, { _, info, userdata in
            let callback = Unmanaged<Callback<PulseServerInfo?>>.fromOpaque(userdata!).takeRetainedValue()
            callback.body(info.map { PulseServerInfo(defaultSink: $0.pointee.default_sink_name.map { String(cString: $0) },
                                                     defaultSource: $0.pointee.default_source_name.map { String(cString: $0) }) })
        }, box)
        finish(operation, box: box, type: PulseServerInfo?.self, failure: nil, done: done)
    }

    /// Asks for every source; `done` gets nil if the server did not answer.
    func sources(_ done: @escaping ([PulseSourceInfo]?) -> Void) {
        final class Gathering {
            var sources: [PulseSourceInfo] = []
            let done: ([PulseSourceInfo]?) -> Void
            init(_ done: @escaping ([PulseSourceInfo]?) -> Void) { self.done = done }
        }
        let gathering = Unmanaged.passRetained(Gathering(done)).toOpaque()
        let operation = pa_context_get_source_info_list(pointer, { _, info, eol, userdata in
            let gathering = Unmanaged<Gathering>.fromOpaque(userdata!)
            if eol != 0 {
                let g = gathering.takeRetainedValue()
                g.done(eol > 0 ? g.sources : nil)
            } else if let info {
                gathering.takeUnretainedValue().sources.append(PulseSourceInfo(info.pointee))
            }
        }, gathering)
        if let operation { pa_operation_unref(operation) } else {
            Unmanaged<Gathering>.fromOpaque(gathering).release()
            done(nil)
        }
    }

    /// Asks for the source named `name`; `done` gets nil if there is none.
    func source(named name: String, _ done: @escaping (PulseSourceInfo?) -> Void) {
        final class Finding {
            var found: PulseSourceInfo?
            let done: (PulseSourceInfo?) -> Void
            init(_ done: @escaping (PulseSourceInfo?) -> Void) { self.done = done }
        }
        let finding = Unmanaged.passRetained(Finding(done)).toOpaque()
        let operation = pa_context_get_source_info_by_name(pointer, name, { _, info, eol, userdata in
            let finding = Unmanaged<Finding>.fromOpaque(userdata!)
            if eol != 0 {
                let f = finding.takeRetainedValue()
                f.done(eol > 0 ? f.found : nil)
            } else if let info {
                finding.takeUnretainedValue().found = PulseSourceInfo(info.pointee)
            }
        }, finding)
        if let operation { pa_operation_unref(operation) } else {
            Unmanaged<Finding>.fromOpaque(finding).release()
            done(nil)
        }
    }

    /// Asks for the monitor source of the sink named `name`; `done` gets nil if there is no such sink.
    func monitor(ofSink name: String, _ done: @escaping (String?) -> Void) {
        final class Finding {
            var found: String?
            let done: (String?) -> Void
            init(_ done: @escaping (String?) -> Void) { self.done = done }
        }
        let finding = Unmanaged.passRetained(Finding(done)).toOpaque()
        let operation = pa_context_get_sink_info_by_name(pointer, name, { _, info, eol, userdata in
            let finding = Unmanaged<Finding>.fromOpaque(userdata!)
            if eol != 0 {
                let f = finding.takeRetainedValue()
                f.done(eol > 0 ? f.found : nil)
            } else if let info {
                finding.takeUnretainedValue().found = info.pointee.monitor_source_name.map { String(cString: $0) }
            }
        }, finding)
        if let operation { pa_operation_unref(operation) } else {
            Unmanaged<Finding>.fromOpaque(finding).release()
            done(nil)
        }
    }

    /// Drops libpulse's handle on an operation (its callback still comes); if there was no
    /// operation (the connection is gone), releases the box and answers `failure` at once.
    private func finish<T>(_ operation: OpaquePointer?, box: UnsafeMutableRawPointer, type: T.Type, failure: T, done: (T) -> Void) {
        if let operation { pa_operation_unref(operation); return }
        Unmanaged<Callback<T>>.fromOpaque(box).release()
        done(failure)
    }
}

extension PulseSourceInfo {
    init(_ info: pa_source_info) {
        name = String(cString: info.name)
        description = info.description.map { String(cString: $0) } ?? ""
        monitorOfSink = info.monitor_of_sink == UInt32.max /* PA_INVALID_INDEX */ ? nil : info.monitor_of_sink_name.map { String(cString: $0) } ?? ""
    }
}

/// A connected context on a loop of its own, for asking a server questions from any thread.
final class PulseSession {
    let loop: PulseMainloop
    let context: PulseContext
    let timeout: Double

    /// Connects to `server` (nil: the user's), waiting at most `timeout` seconds.
    init(server: String?, timeout: Double) throws {
        let loop = try PulseMainloop()
        let context = try loop.locked { try PulseContext(loop: loop) }
        self.loop = loop
        self.context = context
        self.timeout = timeout
        try loop.locked {
            guard context.connect(to: server) else { throw PulseError("no PulseAudio server: \(context.lastError)") }
            let settled = loop.wait(timeout: timeout) { context.isReady || context.isOver }
            if context.isOver { throw PulseError("no PulseAudio server: \(context.lastError)") }
            if !settled { throw PulseError("the PulseAudio server did not answer within \(Int(timeout.rounded(.up))) s") }
        }
    }

    deinit {
        // The context goes first, while the loop runs and under its lock; then the loop stops.
        loop.locked { context.close() }
    }

    /// Asks a question (`ask` starts it with the context, its answer is passed to the given
    /// function on the loop's thread) and waits for the answer, at most `timeout` seconds.
    func answer<T>(_ ask: (PulseContext, @escaping (T) -> Void) -> Void) throws -> T {
        try loop.locked {
            var answer: T?
            ask(context) { value in
                answer = value
                self.loop.signal()
            }
            let answered = loop.wait(timeout: timeout) { answer != nil || context.isOver }
            guard answered, let answer else {
                throw PulseError(context.isOver ? "the PulseAudio server went away: \(context.lastError)"
                                                 : "the PulseAudio server did not answer within \(Int(timeout.rounded(.up))) s")
            }
            return answer
        }
    }
}
