// The pages the docs tests read (the README and docs/*.md), their links, and how close a picture they make
// must be to the committed one.
import Foundation
import GlintRender
import GlintTestSupport
import Testing

/// How close a picture a command of the pages writes must be to the one committed in docs/: llvmpipe on
/// another machine may round a few pixels differently, but a changed picture is caught.
enum PictureTolerance {
    /// The largest mean difference per channel, in 1/255.
    static let meanDifference = 0.5
    /// A channel further off than this (in 1/255) makes a pixel count as different.
    static let pixelDifference = 16
    /// The largest share of pixels that may differ.
    static let differentShare = 0.001

    /// Nil when `made` matches `committed` within the tolerance, else what is wrong.
    static func mismatch(_ made: String, _ committed: String) -> String? {
        guard let a = try? PNG.read(made) else { return "it is not a PNG" }
        guard let b = try? PNG.read(committed) else { return "the committed file is not a PNG" }
        guard a.width == b.width && a.height == b.height else {
            return "\(a.width)x\(a.height) pixels, the committed picture \(b.width)x\(b.height)"
        }
        var sum = 0, different = 0
        for pixel in stride(from: 0, to: a.rgba.count, by: 4) {
            var worst = 0
            for channel in 0..<4 {
                let d = abs(Int(a.rgba[pixel + channel]) - Int(b.rgba[pixel + channel]))
                sum += d
                worst = max(worst, d)
            }
            if worst > pixelDifference { different += 1 }
        }
        let mean = Double(sum) / Double(a.rgba.count)
        let share = Double(different) / Double(a.width * a.height)
        guard mean > meanDifference || share > differentShare else { return nil }
        return String(format: "mean difference %.2f/255 (at most %.1f), %.2f%% of pixels off by more than %d/255 (at most %.1f%%)",
                      mean, meanDifference, share * 100, pixelDifference, differentShare * 100)
    }
}

/// The pages a reader meets: the README and every page in docs/, with where their links go.
enum DocsPages {
    /// Each page's path relative to the repository's root and its text: `README.md` first, then
    /// `docs/*.md` in order of name.
    static let all: [(file: String, text: String)] = {
        let root = ReadmeWorkspace.repository
        let docs = ((try? FileManager.default.contentsOfDirectory(atPath: root + "/docs")) ?? [])
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return (["README.md"] + docs).map { file in
            (file, (try? String(contentsOfFile: root + "/" + file, encoding: .utf8)) ?? "")
        }
    }()

    /// The anchors GitHub gives a page's headings: lower case, letters, digits, `-` and `_` kept,
    /// spaces made `-`, the rest dropped; a repeated one gets `-1`, `-2` ….
    static func anchors(of text: String) -> Set<String> {
        var anchors: Set<String> = []
        var inFence = false
        for line in text.components(separatedBy: "\n") {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle(); continue }
            guard !inFence, let match = line.firstMatch(of: /^#{1,6} (.*)$/) else { continue }
            let heading = String(match.1).trimmingCharacters(in: .whitespaces).lowercased()
            let slug = String(heading.compactMap { c -> Character? in
                if c == " " { return "-" }
                return c.isLetter || c.isNumber || c == "-" || c == "_" ? c : nil
            })
            var anchor = slug
            var n = 1
            while anchors.contains(anchor) { anchor = "\(slug)-\(n)"; n += 1 }
            anchors.insert(anchor)
        }
        return anchors
    }

    /// One link of a page: its line and where it points, as written.
    struct Link { var line: Int; var target: String }

    /// The links of a page's text (`[…](target)`, `<img src="target">`), outside code blocks.
    static func links(in text: String) -> [Link] {
        var links: [Link] = []
        var inFence = false
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle(); continue }
            guard !inFence else { continue }
            for match in line.matches(of: /\]\(([^)\s]+)\)/) { links.append(Link(line: index + 1, target: String(match.1))) }
            for match in line.matches(of: /src="([^"]+)"/) { links.append(Link(line: index + 1, target: String(match.1))) }
        }
        return links
    }

    /// Nil when `link` of the page `file` leads to a file or folder of the repository (and, with
    /// `#anchor`, to a heading of that page), else what is wrong.
    static func problem(with link: Link, in file: String) -> String? {
        let target = link.target
        if target.firstMatch(of: /^[a-z]+:/) != nil { return nil }   // https:, mailto:: not this test's
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0]), anchor = parts.count > 1 ? String(parts[1]) : nil
        let root = URL(fileURLWithPath: ReadmeWorkspace.repository).standardizedFileURL.path
        let page = root + "/" + file
        let resolved = path.isEmpty ? page
            : URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: page).deletingLastPathComponent()).standardizedFileURL.path
        guard resolved.hasPrefix(root + "/") else { return "'\(target)' leads out of the repository, where a clone has nothing" }
        guard FileManager.default.fileExists(atPath: resolved) else {
            return "'\(target)': there is no \(String(resolved.dropFirst(root.count + 1)))"
        }
        guard let anchor, resolved.hasSuffix(".md") else { return nil }
        let text = (try? String(contentsOfFile: resolved, encoding: .utf8)) ?? ""
        guard anchors(of: text).contains(anchor) else {
            return "'\(target)': \(String(resolved.dropFirst(root.count + 1))) has no heading whose anchor is '#\(anchor)'"
        }
        return nil
    }
}
