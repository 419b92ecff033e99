// Live capture against a real PulseAudio server each test starts for itself: a tone played into a
// null sink reaches `playing` through the sink's monitor and `mic` through a source remapped from
// it; a source that goes away turns into silence and a status line, and comes back.
import Foundation
import GlintAudio
import GlintTestSupport
import Testing

/// The level of `samples` in dBFS (RMS; -inf for silence).
private func dBFS(_ samples: [Float]) -> Double {
    let meanSquare = samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(samples.count)
    return 10 * log10(meanSquare)
}

/// How many times `samples` cross zero going up.
private func upCrossings(_ samples: [Float]) -> Int {
    zip(samples, samples.dropFirst()).filter { $0 <= 0 && $1 > 0 }.count
}

/// The newest `count` samples of `input`.
private func newest(_ input: PulseInput, _ count: Int = 4410) -> [Float] {
    var buffer = [Float](repeating: .nan, count: count)
    buffer.withUnsafeMutableBufferPointer { input.samples(endingAt: 0, into: $0) }
    return buffer
}

/// Polls `condition` every 20 ms for at most `seconds`; whether it came true.
private func eventually(within seconds: Double = 5, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}

/// A 440 Hz tone's last 0.1 s heard by `input`: waits until it arrives (a tenth of a second whole).
private func hearsTone(_ input: PulseInput, level: Double, sourceLocation: SourceLocation = #_sourceLocation) {
    let arrived = eventually { dBFS(Array(newest(input).prefix(441))) > level - 6 }
    #expect(arrived, "no tone reached \(input.sourceName) within 5 s (level \(dBFS(newest(input))) dBFS)", sourceLocation: sourceLocation)
    usleep(150_000) // a whole window of the tone
    let heard = newest(input)
    #expect(abs(dBFS(heard) - level) < 1, "heard \(dBFS(heard)) dBFS of a \(level) dBFS tone", sourceLocation: sourceLocation)
    #expect((40...48).contains(upCrossings(heard)), "0.1 s of 440 Hz crosses zero 44 times, heard \(upCrossings(heard))", sourceLocation: sourceLocation)
}

@Suite(.removesTemporaryFiles, .enabled(if: PulseServer.unavailableReason == nil, "\(PulseServer.unavailableReason ?? "")"))
struct PulseTests {
    /// A server with a microphone of its own: `glintmic` hears what is played into the sink, and is
    /// the default source.
    static func serverWithMicrophone() throws -> PulseServer {
        try PulseServer(script: ["load-module module-remap-source master=glinttest.monitor source_name=glintmic",
                                 "set-default-source glintmic"])
    }

    @Test func theMicrophoneHearsATone() throws {
        let server = try Self.serverWithMicrophone()
        let player = try server.play(try PulseServer.toneWAV(frequency: 440, dBFS: -20, seconds: 30))
        defer { player.terminate() }
        let input = try PulseInput(.microphone(nil), server: server.address)
        #expect(input.sourceName == "glintmic")
        #expect(input.sampleRate == 44_100)
        #expect(input.status == .running)
        hearsTone(input, level: -20)
    }

    @Test func playingHearsWhatIsPlayedIntoTheDefaultSink() throws {
        let server = try Self.serverWithMicrophone()
        let player = try server.play(try PulseServer.toneWAV(frequency: 440, dBFS: -6, seconds: 30))
        defer { player.terminate() }
        let input = try PulseInput(.playing(nil), server: server.address)
        #expect(input.sourceName == "glinttest.monitor")
        hearsTone(input, level: -6)
        // A sink's name means its monitor; a source's name, that source.
        #expect(try PulseInput(.playing("glinttest"), server: server.address).sourceName == "glinttest.monitor")
        #expect(try PulseInput(.playing("glintmic"), server: server.address).sourceName == "glintmic")
        #expect(try PulseInput(.microphone("glinttest.monitor"), server: server.address).sourceName == "glinttest.monitor")
    }

    @Test func aMicrophoneThatGoesAwayFallsSilentAndComesBack() throws {
        let server = try PulseServer()
        let module = try server.load("module-remap-source", "master=glinttest.monitor", "source_name=glintmic")
        #expect(try server.pactl(["set-default-source", "glintmic"]).status == 0)
        let player = try server.play(try PulseServer.toneWAV(frequency: 440, dBFS: -20, seconds: 30))
        defer { player.terminate() }
        let input = try PulseInput(.microphone(nil), server: server.address)
        hearsTone(input, level: -20)

        #expect(try server.pactl(["unload-module", module]).status == 0)
        #expect(eventually { input.status == .unavailable("the microphone went away") }, "status: \(input.status)")
        #expect(newest(input).allSatisfy { $0 == 0 }, "the samples of a microphone that went away are silence")
        // Still gone a retry later: the monitor the server now falls back to is not a microphone.
        let lost = input.attemptsSettled
        #expect(eventually { input.attemptsSettled > lost }, "a retry within 5 s")
        #expect(input.status == .unavailable("the microphone went away"))
        #expect(newest(input).allSatisfy { $0 == 0 })

        _ = try server.load("module-remap-source", "master=glinttest.monitor", "source_name=glintmic")
        #expect(eventually { input.status == .running }, "status after the microphone came back: \(input.status)")
        hearsTone(input, level: -20)
    }

    @Test func aServerThatStopsLeavesSilenceAndALine() throws {
        let server = try Self.serverWithMicrophone()
        let input = try PulseInput(.playing(nil), server: server.address)
        server.stop()
        #expect(eventually { input.status == .unavailable("the PulseAudio server went away") }, "status: \(input.status)")
        #expect(newest(input).allSatisfy { $0 == 0 })
        // A retry finds no server, and nothing breaks.
        let lost = input.attemptsSettled
        #expect(eventually { input.attemptsSettled > lost }, "a retry within 5 s")
        #expect(input.status == .unavailable("the PulseAudio server went away"))
    }

    @Test func noServerIsOneClearError() throws {
        let folder = try TemporaryFiles.folder("glint-no-pulse")
        #expect { try PulseInput(.microphone(nil), server: "unix:\(folder)/native") } throws: { error in
            "\(error)".hasPrefix("no PulseAudio server: ")
        }
        #expect { try PulseSources.list(server: "unix:\(folder)/native") } throws: { error in
            "\(error)" == "no PulseAudio server: Connection refused"
        }
    }

    @Test func aServerThatNeverAnswersTimesOut() throws {
        // A socket that accepts and then says nothing, as a hung server would.
        let folder = try TemporaryFiles.folder("glint-mute-pulse")
        let path = folder + "/native"
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.utf8.enumerated() { raw[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0 && listen(listener, 4) == 0)
        #expect { try PulseInput(.microphone(nil), server: "unix:\(path)", timeout: 1) } throws: { error in
            "\(error)" == "the PulseAudio server did not answer within 1 s"
        }
        #expect { try PulseSources.list(server: "unix:\(path)", timeout: 1) } throws: { error in
            "\(error)" == "the PulseAudio server did not answer within 1 s"
        }
    }

    @Test func noSuchSourceNamesTheSourcesThereAre() throws {
        let server = try Self.serverWithMicrophone()
        #expect { try PulseInput(.microphone("nothere"), server: server.address) } throws: { error in
            "\(error)" == "no audio source named 'nothere' (sources: glinttest.monitor, glintmic; see 'glint audio')"
        }
        #expect { try PulseInput(.playing("nothere"), server: server.address) } throws: { error in
            "\(error)" == "no sink or source named 'nothere' (sources: glinttest.monitor, glintmic; see 'glint audio')"
        }
    }

    @Test func aServerWithOnlyASinkHasNoMicrophone() throws {
        let server = try PulseServer()
        #expect { try PulseInput(.microphone(nil), server: server.address) } throws: { error in
            "\(error)".hasPrefix("no microphone: the default source 'glinttest.monitor' is what is playing on glinttest")
        }
    }

    @Test func theListNamesDefaultsAndMonitors() throws {
        let server = try Self.serverWithMicrophone()
        let sources = try PulseSources.list(server: server.address)
        #expect(sources.map(\.name) == ["glinttest.monitor", "glintmic"])
        let monitor = try #require(sources.first { $0.name == "glinttest.monitor" })
        #expect(monitor.monitoredSink == "glinttest" && monitor.isMonitor && !monitor.isDefault && monitor.isDefaultSinkMonitor)
        let microphone = try #require(sources.first { $0.name == "glintmic" })
        #expect(microphone.monitoredSink == nil && !microphone.isMonitor && microphone.isDefault && !microphone.isDefaultSinkMonitor)
    }

    @Test func argumentsNameLiveSources() throws {
        #expect(try PulseSourceChoice.parse("mic") == .microphone(nil))
        #expect(try PulseSourceChoice.parse("mic:alsa_input.usb") == .microphone("alsa_input.usb"))
        #expect(try PulseSourceChoice.parse("playing") == .playing(nil))
        #expect(try PulseSourceChoice.parse("playing:hdmi") == .playing("hdmi"))
        #expect(try PulseSourceChoice.parse("speech.wav") == nil)
        #expect(try PulseSourceChoice.parse("microphone.wav") == nil)
        #expect(throws: PulseError.self) { try PulseSourceChoice.parse("mic:") }
    }
}
