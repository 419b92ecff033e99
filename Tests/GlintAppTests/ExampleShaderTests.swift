import Foundation
import GlintRender
import GlintTestSupport
import Testing

/// The example shaders of other tools in `Examples/shaders/` (Shadertoy, glslViewer, ISF) run
/// unchanged and draw what their goldens show: each drawn by the release binary with the arguments
/// `Examples/shaders/arguments.txt` gives it, compared with `Examples/shaders/goldens/NAME.png`.
/// `GLINT_UPDATE_GOLDENS=1` writes the goldens instead (then look at them).
@Suite("Example shaders of other tools", .serialized, .removesTemporaryFiles)
struct ExampleShaderTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/shaders").path

    /// Each example: its name, its path and the arguments it is drawn with.
    static func entries() throws -> [(name: String, path: String, arguments: [String])] {
        let text = try String(contentsOfFile: folder + "/arguments.txt", encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { line in
            let fields = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            return (fields[0], fields[1], Array(fields.dropFirst(2)))
        }
    }

    @Test("every example folder of a dialect has an entry and a golden")
    func everyExample() throws {
        let entries = try Self.entries()
        for dialect in ["shadertoy", "glslviewer", "isf"] {
            let dir = Self.folder + "/" + dialect
            // Each shader (a folder of tabs, or a file with a main function; not the files they include).
            for name in (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
            where (try? String(contentsOfFile: dir + "/" + name, encoding: .utf8)).map({ $0.contains("main") }) ?? true {
                #expect(entries.contains { $0.path == "\(dialect)/\(name)" }, "Examples/shaders/\(dialect)/\(name) has no line in arguments.txt")
            }
        }
        for entry in entries {
            #expect(FileManager.default.fileExists(atPath: Self.folder + "/goldens/\(entry.name).png"), "no golden for \(entry.name)")
        }
    }

    @Test("each example draws its golden")
    func goldens() throws {
        let out = try CLI.temporaryFolder()
        let update = ProcessInfo.processInfo.environment["GLINT_UPDATE_GOLDENS"] == "1"
        for entry in try Self.entries() {
            let golden = Self.folder + "/goldens/\(entry.name).png"
            let r = try CLI.run(["render", "--effect", Self.folder + "/" + entry.path, "--output", update ? golden : out + "/x.png"] + entry.arguments,
                                in: Self.folder)
            #expect(r.status == 0, "\(entry.name): \(r.stderr)")
            guard !update else { continue }
            let fresh = try PNG.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: out + "/x.png"))))
            let committed = try PNG.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: golden))))
            var differing = 0
            for i in 0..<min(fresh.rgba.count, committed.rgba.count) where abs(Int(fresh.rgba[i]) - Int(committed.rgba[i])) > 2 { differing += 1 }
            #expect(fresh.width == committed.width && fresh.height == committed.height && differing == 0,
                    "\(entry.name): \(differing) channels differ from goldens/\(entry.name).png by more than 2 levels")
        }
    }
}
