import ArgumentParser
import Foundation
import GlintAudio

/// `glint audio`: the live sources `--audio mic:NAME` and `--audio playing:NAME` can name, from the
/// PulseAudio server (or PipeWire's pulse server) the user's session has.
struct AudioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audio",
        abstract: "List the sound sources: microphones, and what is playing on each output.",
        discussion: "--audio mic hears the default source, --audio playing what the default output plays; name another with mic:NAME or playing:NAME.")

    @Flag(name: .long, help: "Print the list as JSON, for scripts.")
    var json = false

    struct Entry: Encodable {
        var name: String
        var description: String
        /// The sink whose sound it is (a monitor: what is playing), or nil for an input.
        var monitorOf: String?
        /// The server's default source: what `--audio mic` hears.
        var isDefault: Bool
        /// The default sink's monitor: what `--audio playing` hears.
        var isDefaultSinkMonitor: Bool

        enum CodingKeys: String, CodingKey { case name, description, monitorOf, isDefault, isDefaultSinkMonitor }

        /// As synthesised, except that an input's `monitorOf` is written as null rather than left out.
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(description, forKey: .description)
            try container.encode(monitorOf, forKey: .monitorOf)
            try container.encode(isDefault, forKey: .isDefault)
            try container.encode(isDefaultSinkMonitor, forKey: .isDefaultSinkMonitor)
        }
    }

    func run() throws {
        let sources: [PulseSource]
        do { sources = try PulseSources.list() } catch let error as PulseError { throw AppError(error.description) }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let entries = sources.map { Entry(name: $0.name, description: $0.description, monitorOf: $0.monitoredSink,
                                              isDefault: $0.isDefault, isDefaultSinkMonitor: $0.isDefaultSinkMonitor) }
            print(String(decoding: try encoder.encode(entries), as: UTF8.self))
            return
        }
        guard !sources.isEmpty else { return print("no sound sources on the PulseAudio server") }
        let width = sources.map(\.name.count).max() ?? 0
        for source in sources {
            let what = source.monitoredSink.map { "what is playing on \($0)" } ?? source.description
            var uses: [String] = []
            if source.isDefault && !source.isMonitor { uses.append("default: --audio mic") }
            if source.isDefaultSinkMonitor { uses.append("default: --audio playing") }
            let pad = String(repeating: " ", count: width - source.name.count + 2)
            print("\(source.name)\(pad)\(what)\(uses.isEmpty ? "" : " (\(uses.joined(separator: ", ")))")")
        }
    }
}
