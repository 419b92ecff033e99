import Foundation
import Testing
import GlintCore

/// The parameter tables of `docs/effects.md` say what the declarations say.
@Suite("Effects page agrees with the declarations")
struct EffectDocsTests {
    static let page: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("docs/effects.md"), encoding: .utf8)) ?? ""
    }()

    /// A number as the page writes it: `0.5`, `−0.15` (a minus sign).
    static func shown(_ x: Double) -> String {
        let text = x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
        return text.replacingOccurrences(of: "-", with: "−")
    }

    /// The section of the page whose heading names `effect`, to the next heading of its level.
    static func section(naming effect: String) -> Substring? {
        let parts = page.components(separatedBy: "\n## ")
        return parts.first { $0.prefix { $0 != "\n" }.lowercased().contains(effect.lowercased()) }.map { Substring($0) }
    }

    @Test("each built-in effect's every number parameter is in docs/effects.md with its default (and its range, in the seeds' tables)")
    func tablesMatchDeclarations() throws {
        #expect(!Self.page.isEmpty, "docs/effects.md is read")
        var checked = 0
        for entry in EffectRegistry.all where !entry.descriptor.parameters.isEmpty {
            let name = entry.descriptor.name
            let lines = Self.page.split(separator: "\n")
            if let row = lines.first(where: { $0.hasPrefix("| `\(name)` |") || $0.contains("| `\(name)`<br>") }) {
                // A row of a table of declared effects: "`speed` 24, `grain` 1".
                for p in entry.descriptor.parameters {
                    #expect(row.contains("`\(p.name)` \(Self.shown(p.defaultValue))"), "\(name).\(p.name): the page's row lacks its default \(p.defaultValue)")
                    checked += 1
                }
            } else {
                // A seed's own section with a table: "| `amplitude` | 0.5 | 0 … 4 | … |".
                let section = try #require(Self.section(naming: name), "docs/effects.md has a section for \(name)")
                for p in entry.descriptor.parameters {
                    let range = "\(Self.shown(p.range.lowerBound)) … \(Self.shown(p.range.upperBound))" + (p.kind == .wholeNumber ? ", whole" : "")
                    #expect(section.contains("| `\(p.name)` | \(Self.shown(p.defaultValue)) | \(range) |"),
                            "\(name).\(p.name): the page's table lacks default \(p.defaultValue), range \(range)")
                    checked += 1
                }
            }
        }
        #expect(checked >= 50, "\(checked) parameters checked")
    }
}
