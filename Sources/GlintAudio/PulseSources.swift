// Which live sound to capture, as `--audio` names it, and the sources a server offers.

/// A live sound source: the microphone or what is playing, the server's default or a named one.
public enum PulseSourceChoice: Equatable, Sendable {
    /// `mic`: the server's default source (nil), or `mic:NAME`: the source NAME.
    case microphone(String?)
    /// `playing`: the default sink's monitor, what the speakers play (nil), or `playing:NAME`: the
    /// monitor of the sink NAME, or the source NAME.
    case playing(String?)

    /// `mic`, `mic:NAME`, `playing` or `playing:NAME`; nil for any other word (a file's path).
    /// Throws for `mic:` or `playing:` with no name.
    public static func parse(_ argument: String) throws -> PulseSourceChoice? {
        for (word, make) in [("mic", PulseSourceChoice.microphone), ("playing", PulseSourceChoice.playing)] {
            if argument == word { return make(nil) }
            if argument.hasPrefix(word + ":") {
                let name = String(argument.dropFirst(word.count + 1))
                guard !name.isEmpty else { throw PulseError("'\(argument)' names no source: write \(word) for the default or \(word):NAME (see 'glint audio')") }
                return make(name)
            }
        }
        return nil
    }

    /// What it is, for a line on the screen: "the microphone", "what is playing on NAME".
    public var spoken: String {
        switch self {
        case .microphone(nil): "the microphone"
        case .microphone(let name?): "the microphone \(name)"
        case .playing(nil): "what is playing"
        case .playing(let name?): "what is playing on \(name)"
        }
    }

    /// Finds the source to record on `context`: its name, or why there is none (`nil` answer
    /// and a reason). Answers on the loop's thread.
    func resolve(on context: PulseContext, _ done: @escaping (Result<String, PulseError>) -> Void) {
        func noSuch(_ what: String) {
            context.sources { sources in
                let names = sources.map { $0.isEmpty ? "none" : $0.map(\.name).joined(separator: ", ") } ?? "unknown"
                done(.failure(PulseError("\(what) (sources: \(names); see 'glint audio')")))
            }
        }
        switch self {
        case .microphone(nil):
            context.serverInfo { info in
                guard let name = info?.defaultSource else { return noSuch("no microphone: the PulseAudio server has no default source") }
                context.source(named: name) { source in
                    guard let source else { return noSuch("no microphone: the default source '\(name)' is gone") }
                    if let sink = source.monitorOfSink {
                        // A server with no input falls back to a monitor; hearing the speakers is not a microphone.
                        return done(.failure(PulseError("no microphone: the default source '\(name)' is what is playing on \(sink) (that is 'playing'; name a microphone with mic:NAME, see 'glint audio')")))
                    }
                    done(.success(name))
                }
            }
        case .microphone(let name?):
            context.source(named: name) { source in
                guard source != nil else { return noSuch("no audio source named '\(name)'") }
                done(.success(name))
            }
        case .playing(nil):
            context.serverInfo { info in
                guard let sink = info?.defaultSink else { return noSuch("nothing plays: the PulseAudio server has no default sink") }
                context.monitor(ofSink: sink) { monitor in
                    guard let monitor else { return noSuch("nothing plays: the default sink '\(sink)' is gone") }
                    done(.success(monitor))
                }
            }
        case .playing(let name?):
            context.monitor(ofSink: name) { monitor in
                if let monitor { return done(.success(monitor)) }
                context.source(named: name) { source in
                    guard source != nil else { return noSuch("no sink or source named '\(name)'") }
                    done(.success(name))
                }
            }
        }
    }
}

/// A source on the server, as `glint audio` lists it.
public struct PulseSource: Equatable, Sendable {
    /// Its name on the server, for `mic:NAME` or `playing:NAME`.
    public var name: String
    /// The server's description ("Built-in Audio Analog Stereo").
    public var description: String
    /// The sink whose sound it is, for a monitor (what is playing on that sink); nil for an input.
    public var monitoredSink: String?
    /// Whether it is a sink's monitor: what is playing, not a microphone.
    public var isMonitor: Bool { monitoredSink != nil }
    /// Whether it is the server's default source: what `mic` records (when it is not a monitor).
    public var isDefault: Bool
    /// Whether it is the default sink's monitor: what `playing` records.
    public var isDefaultSinkMonitor: Bool

    public init(name: String, description: String, monitoredSink: String?, isDefault: Bool, isDefaultSinkMonitor: Bool) {
        self.name = name
        self.description = description
        self.monitoredSink = monitoredSink
        self.isDefault = isDefault
        self.isDefaultSinkMonitor = isDefaultSinkMonitor
    }
}

/// The sources a PulseAudio server (or PipeWire's pulse server) offers.
public enum PulseSources {
    /// Seconds any wait on the server lasts at most.
    public static let defaultTimeout = 5.0

    /// The sources of `server` (nil: the user's: `$PULSE_SERVER`, client.conf, the session's),
    /// in the server's order. Throws `PulseError` when there is no server ("no PulseAudio server:
    /// Connection refused") or it does not answer within `timeout` seconds. Blocks the caller.
    public static func list(server: String? = nil, timeout: Double = defaultTimeout) throws -> [PulseSource] {
        let session = try PulseSession(server: server, timeout: timeout)
        let info: PulseServerInfo? = try session.answer { context, done in context.serverInfo(done) }
        let defaultMonitor: String?? = try info?.defaultSink.map { sink in
            try session.answer { context, done in context.monitor(ofSink: sink, done) }
        }
        guard let sources: [PulseSourceInfo] = try session.answer({ context, done in context.sources(done) }) else {
            throw PulseError("the PulseAudio server did not list its sources: \(session.loop.locked { session.context.lastError })")
        }
        return sources.map { source in
            PulseSource(name: source.name, description: source.description, monitoredSink: source.monitorOfSink,
                        isDefault: source.name == info?.defaultSource, isDefaultSinkMonitor: source.name == defaultMonitor ?? nil)
        }
    }
}
