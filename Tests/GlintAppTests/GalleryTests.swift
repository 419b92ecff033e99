import Foundation
import GlintCore
import GlintRender
import GlintTestSupport
import Testing

/// The README's gallery of the effect collection: one picture for every effect, each what
/// `glint render` draws with the arguments `docs/gallery/arguments.txt` lists (`scripts/gallery`).
@Suite("The effect collection's gallery", .removesTemporaryFiles)
struct GalleryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// Each listed effect's name and the arguments it is drawn with.
    static func entries() throws -> [(name: String, arguments: [String])] {
        let text = try String(contentsOfFile: root + "/docs/gallery/arguments.txt", encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let parts = line.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
            let extra = parts.count > 1 ? String(parts[1]) : ""
            var arguments: [String] = []
            for option in ["--input ", "--param "] where extra.hasPrefix(option) {
                arguments = [String(option.dropLast()), String(extra.dropFirst(option.count))]
            }
            return (String(parts[0]), arguments)
        }
    }

    @Test("the gallery lists every effect of the collection once, and has its picture")
    func everyEffect() throws {
        let names = try Self.entries().map(\.name)
        #expect(names == EffectDeclaration.collection.map(\.function))
        for name in names {
            #expect(FileManager.default.fileExists(atPath: Self.root + "/docs/gallery/\(name).png"), "no picture of \(name)")
        }
    }

    @Test("each picture is what glint render draws today with its listed arguments")
    func picturesAreCurrent() throws {
        let folder = try CLI.temporaryFolder()
        for entry in try Self.entries() {
            let r = try CLI.run(["render", "--effect", entry.name, "--size", "320x200", "--time", "1.5", "--output", "x.png"] + entry.arguments, in: folder)
            #expect(r.status == 0, "\(entry.name): \(r.stderr)")
            let fresh = try PNG.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/x.png"))))
            let committed = try PNG.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.root + "/docs/gallery/\(entry.name).png"))))
            var differing = 0
            for i in 0..<min(fresh.rgba.count, committed.rgba.count) where abs(Int(fresh.rgba[i]) - Int(committed.rgba[i])) > 2 { differing += 1 }
            #expect(fresh.width == committed.width && fresh.height == committed.height && differing == 0,
                    "\(entry.name): \(differing) channels differ from docs/gallery/\(entry.name).png by more than 2 levels; run scripts/gallery \(entry.name)")
        }
    }
}
