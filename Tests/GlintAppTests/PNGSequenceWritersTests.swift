import Foundation
import GlintTestSupport
import Testing

/// A PNG sequence encoded on two writer threads while the next frames are drawn: the same files
/// as one thread writes, each under its own frame's number, and a failure still one line.
@Suite("PNG sequences on two writer threads", .serialized, .removesTemporaryFiles)
struct PNGSequenceWritersTests {
    /// 30 frames of a moving effect: the ring of buffers goes round many times.
    static let record = ["record", "--effect", "harmonic", "--size", "48x32", "--duration", "0.5", "--fps", "60"]

    static func files(in folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
        }
        return files
    }

    @Test("two writer threads write the files one writes, byte for byte, each frame under its own number")
    func sameFilesAsOneWriter() throws {
        let dir = try TemporaryFiles.folder("sequence")
        var written: [Int: [String: Data]] = [:]
        for writers in [1, 2] {
            try FileManager.default.createDirectory(atPath: dir + "/w\(writers)", withIntermediateDirectories: true)
            let r = try CLI.run(Self.record + ["-o", "w\(writers)/%03d.png"], in: dir, environment: ["GLINT_PNG_WRITERS": "\(writers)"])
            OutputTests.expectSuccess(r)
            written[writers] = try Self.files(in: dir + "/w\(writers)")
        }
        let one = written[1] ?? [:], two = written[2] ?? [:]
        #expect(Set(two.keys) == Set((0..<30).map { String(format: "%03d.png", $0) }), "\(two.keys.sorted())")
        #expect(one == two, "the same names and bytes: \(one.keys.filter { one[$0] != two[$0] }.sorted())")
        #expect(Set(two.values).count == 30, "every frame differs, so a frame under another's number would show")
    }

    @Test("a frame that cannot be written (a folder in its place) is one line and a failing exit with two writers, never a hang")
    func failureIsOneLine() throws {
        let dir = try TemporaryFiles.folder("sequence")
        try FileManager.default.createDirectory(atPath: dir + "/frames/007.png", withIntermediateDirectories: true)
        let r = try CLI.run(Self.record + ["-o", "frames/%03d.png"], in: dir, environment: ["GLINT_PNG_WRITERS": "2"])
        #expect(r.reason == .exit && r.status != 0, "\(r.stderr)")
        #expect(r.stderrLines.count == 1 && r.stderr.contains("007.png") && r.stderr.contains("folder"), "\(r.stderr)")
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: dir + "/frames/007.png", isDirectory: &isFolder) && isFolder.boolValue,
                "the user's folder is left as it was")
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: dir + "/frames"))
        #expect(Set((0..<7).map { String(format: "%03d.png", $0) }).isSubset(of: names), "the frames before it are written: \(names.sorted())")
    }
}
