// `glint audio` against a PulseAudio server the test starts, and with none.
import Foundation
import GlintTestSupport
import Testing

@Suite(.removesTemporaryFiles, .enabled(if: PulseServer.unavailableReason == nil, "\(PulseServer.unavailableReason ?? "")"))
struct AudioCommandTests {
    @Test func listsTheSourcesWithTheDefaultsMarked() throws {
        let server = try PulseServer(script: ["load-module module-remap-source master=glinttest.monitor source_name=glintmic",
                                              "set-default-source glintmic"])
        let result = try CLI.run(["audio"], environment: server.environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") } == [
            "glinttest.monitor what is playing on glinttest (default: --audio playing)",
            "glintmic Remapped Monitor of Null Output (default: --audio mic)",
        ], "\(result.stdout)")
    }

    @Test func listsTheSourcesAsJSON() throws {
        let server = try PulseServer(script: ["load-module module-remap-source master=glinttest.monitor source_name=glintmic",
                                              "set-default-source glintmic"])
        let result = try CLI.run(["audio", "--json"], environment: server.environment)
        #expect(result.status == 0, "\(result.stderr)")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(entries.map { $0["name"] as? String } == ["glinttest.monitor", "glintmic"])
        #expect(entries.map { $0["monitorOf"] as? String } == ["glinttest", nil])
        #expect(entries.map { $0["monitorOf"] is NSNull } == [false, true])
        #expect(entries.map { $0["isDefault"] as? Bool } == [false, true])
        #expect(entries.map { $0["isDefaultSinkMonitor"] as? Bool } == [true, false])
    }

    @Test func noServerIsOneLine() throws {
        let folder = try CLI.temporaryFolder()
        let result = try CLI.run(["audio"], environment: ["PULSE_SERVER": "unix:\(folder)/native", "HOME": folder,
                                                          "PULSE_RUNTIME_PATH": folder, "XDG_RUNTIME_DIR": folder])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines == ["glint: no PulseAudio server: Connection refused"], "\(result.stderr)")
    }
}
