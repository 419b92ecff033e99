// Live sound from a PulseAudio server, or PipeWire's pulse server: a record stream of mono float32
// at 44.1 kHz (the server converts and mixes down), read on libpulse's own thread into a lock-free
// ring that the frame reads. When the source goes away the samples become silence and the status
// says so; a timer on the same thread tries again every second until a source of that name is back.
import CPulse
import Synchronization

/// Live sound: the microphone or what is playing, captured off the render thread.
///
/// `init` connects and starts recording, or throws `PulseError`; it blocks the caller at most about
/// `timeout` seconds. After that, `samples(endingAt:into:)` and `status` may be called from one
/// other thread (the frame's) without locks or allocation; capture, loss and recovery happen on
/// libpulse's thread. Deinitialising stops capture and that thread.
public final class PulseInput: AudioInput, @unchecked Sendable {
    /// Samples per second asked of the server.
    public static let rate = 44_100.0
    /// How much the server gathers before sending a piece: small, so the newest sample is recent.
    static let fragment = 0.010 // seconds
    /// How often a lost source is looked for again.
    static let retryInterval = 1.0 // seconds

    public let sampleRate = PulseInput.rate
    /// What was asked for.
    public let choice: PulseSourceChoice
    /// The source on the server that capture started on (`glinttest.monitor`); set by `init`.
    public private(set) var sourceName = ""

    private let ring = SampleRing()
    /// `State` as its raw value: written on libpulse's thread, read by the frame.
    private let state = Atomic<Int>(State.starting.rawValue)
    private let settled = Atomic<Int>(0)

    /// How many attempts to record have ended, started or failed (the first, and each retry the
    /// timer makes every `retryInterval` while the source is gone): what a caller waits on to know
    /// a retry has been made, instead of a fixed time.
    public var attemptsSettled: Int { settled.load(ordering: .acquiring) }
    /// The statuses, made once, so reading one copies no text.
    private let statuses: [AudioInputStatus]

    private enum State: Int { case starting, running, sourceGone, serverGone }

    // Everything below belongs to libpulse's thread (or the caller of `init`/`deinit` holding its lock).
    private let server: String?
    private let timeout: Double
    private let loop: PulseMainloop
    private var context: PulseContext?
    private var stream: OpaquePointer?
    /// While `init` waits: why starting failed.
    private var startFailure: PulseError?
    private var isStarting = true
    /// When the current attempt began, nil when none is under way (running, or waiting for the timer).
    private var attemptStarted: Double?
    private var retry: RepeatingTimer?
    private var recordingName = ""

    /// Connects to `server` (nil: the user's: `$PULSE_SERVER`, client.conf, the session's) and
    /// starts recording `choice`. Throws `PulseError`: no server ("no PulseAudio server: …"), no
    /// such source (naming the sources there are), a `mic` whose default is only a sink's monitor,
    /// or no answer within `timeout` seconds.
    public init(_ choice: PulseSourceChoice, server: String? = nil, timeout: Double = PulseSources.defaultTimeout) throws {
        self.choice = choice
        self.server = server
        self.timeout = timeout
        statuses = [.unavailable("starting \(choice.spoken)"), .running,
                    .unavailable("\(choice.spoken) went away"), .unavailable("the PulseAudio server went away")]
        loop = try PulseMainloop()
        var failure: PulseError?
        loop.locked {
            attempt()
            let settled = loop.wait(timeout: timeout) { stream != nil && state.load(ordering: .relaxed) == State.running.rawValue || startFailure != nil }
            if let startFailure {
                failure = startFailure
            } else if !settled {
                failure = PulseError("the PulseAudio server did not answer within \(Int(timeout.rounded(.up))) s")
            } else {
                isStarting = false
                sourceName = recordingName
                retry = loop.repeating(every: Self.retryInterval) { [unowned self] in tick() }
            }
            if failure != nil { stop() }
        }
        if let failure { throw failure }
    }

    deinit {
        loop.locked { stop() }
    }

    public var status: AudioInputStatus {
        statuses[state.load(ordering: .acquiring)]
    }

    public func samples(endingAt time: Double, into buffer: UnsafeMutableBufferPointer<Float>) {
        guard state.load(ordering: .acquiring) == State.running.rawValue else {
            buffer.update(repeating: 0)
            return
        }
        ring.readNewest(into: buffer)
    }

    // MARK: libpulse's thread

    /// Connects if need be, finds the source and starts a stream on it.
    private func attempt() {
        attemptStarted = monotonicSeconds()
        if let context, context.isReady { return resolve(on: context) }
        context?.close()
        context = nil
        do {
            let context = try PulseContext(loop: loop)
            self.context = context
            context.onStateChange = { [unowned self] state in contextChanged(state) }
            guard context.connect(to: server) else { return fail(PulseError("no PulseAudio server: \(context.lastError)"), lost: .serverGone) }
        } catch {
            fail(error as? PulseError ?? PulseError("\(error)"), lost: .serverGone)
        }
    }

    private func contextChanged(_ newState: pa_context_state_t) {
        guard let context else { return }
        if newState == PA_CONTEXT_READY {
            resolve(on: context)
        } else if context.isOver {
            // Kept until the next attempt: this may run inside pa_context_connect, which still uses it.
            let reason = context.lastError
            fail(PulseError(isStarting ? "no PulseAudio server: \(reason)" : "the PulseAudio server went away: \(reason)"), lost: .serverGone)
        }
    }

    private func resolve(on context: PulseContext) {
        choice.resolve(on: context) { [unowned self] result in
            guard self.context === context, stream == nil else { return }
            switch result {
            case .success(let name): record(from: name, on: context)
            case .failure(let error): fail(error, lost: .sourceGone)
            }
        }
    }

    private func record(from name: String, on context: PulseContext) {
        var spec = pa_sample_spec(format: PA_SAMPLE_FLOAT32LE, rate: UInt32(Self.rate), channels: 1)
        var map = pa_channel_map()
        pa_channel_map_init_mono(&map)
        guard let stream = pa_stream_new(context.pointer, "glint", &spec, &map) else {
            return fail(PulseError("cannot record from '\(name)': \(context.lastError)"), lost: .sourceGone)
        }
        self.stream = stream
        recordingName = name
        let me = Unmanaged.passUnretained(self).toOpaque()
        pa_stream_set_state_callback(stream, { stream, userdata in
            Unmanaged<PulseInput>.fromOpaque(userdata!).takeUnretainedValue().streamChanged(stream!)
        }, me)
        pa_stream_set_read_callback(stream, { stream, _, userdata in
            Unmanaged<PulseInput>.fromOpaque(userdata!).takeUnretainedValue().read(stream!)
        }, me)
        let unset = UInt32.max // "the server's choice"
        var attributes = pa_buffer_attr(maxlength: unset, tlength: unset, prebuf: unset, minreq: unset,
                                        fragsize: UInt32(pa_usec_to_bytes(pa_usec_t(Self.fragment * 1e6), &spec)))
        // DONT_MOVE: when the source goes, the stream ends instead of moving to another source,
        // so the microphone never silently becomes the speakers' monitor.
        let flags = pa_stream_flags_t(PA_STREAM_ADJUST_LATENCY.rawValue | PA_STREAM_DONT_MOVE.rawValue)
        if pa_stream_connect_record(stream, name, &attributes, flags) != 0 {
            fail(PulseError("cannot record from '\(name)': \(context.lastError)"), lost: .sourceGone)
        }
    }

    private func streamChanged(_ stream: OpaquePointer) {
        guard stream == self.stream else { return }
        switch pa_stream_get_state(stream) {
        case PA_STREAM_READY:
            attemptStarted = nil
            state.store(State.running.rawValue, ordering: .releasing)
            settled.add(1, ordering: .releasing)
            loop.signal()
        case PA_STREAM_FAILED, PA_STREAM_TERMINATED:
            let reason = context.map { $0.lastError } ?? "gone"
            fail(PulseError("cannot record from '\(recordingName)': \(reason)"), lost: context?.isOver == false ? .sourceGone : .serverGone)
        default:
            break
        }
    }

    /// Moves what the server sent into the ring; a hole becomes silence.
    private func read(_ stream: OpaquePointer) {
        while true {
            var data: UnsafeRawPointer?
            var bytes = 0
            guard pa_stream_peek(stream, &data, &bytes) == 0, bytes > 0 else { return }
            ring.write(data, count: bytes / MemoryLayout<Float>.size)
            pa_stream_drop(stream)
        }
    }

    /// Starting: remembers why for `init`. Running: the samples become silence, the status says
    /// what went, and the timer tries again.
    private func fail(_ error: PulseError, lost: State) {
        closeStream()
        attemptStarted = nil
        defer { settled.add(1, ordering: .releasing) }
        if isStarting {
            if startFailure == nil { startFailure = error }
            loop.signal()
            return
        }
        if state.load(ordering: .relaxed) == State.running.rawValue {
            ring.write(nil, count: SampleRing.readable)
        }
        state.store(lost.rawValue, ordering: .releasing)
    }

    /// Every second: a lost source is looked for again; an attempt the server never answered is dropped.
    private func tick() {
        if let started = attemptStarted {
            guard monotonicSeconds() - started > timeout else { return }
            context?.close()
            context = nil
            fail(PulseError("the PulseAudio server did not answer"), lost: .serverGone)
        }
        if stream == nil { attempt() }
    }

    private func closeStream() {
        guard let stream else { return }
        self.stream = nil
        pa_stream_set_state_callback(stream, nil, nil)
        pa_stream_set_read_callback(stream, nil, nil)
        pa_stream_disconnect(stream)
        pa_stream_unref(stream)
    }

    /// Ends everything on the server's side, with the loop's lock held; the loop stops when it is released.
    private func stop() {
        retry?.cancel()
        retry = nil
        closeStream()
        context?.close()
        context = nil
    }
}
