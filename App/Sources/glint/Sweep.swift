import Foundation
import Glint
import GlintCore
import enum GlintRender.PNG

/// `--sweep`: every combination of parameter values, each drawn by its own `glint render` (or
/// `record`) with `--param NAME=VALUE`, named by its values, and a contact sheet of them.
///
/// Grammar: `NAME=VALUES` items separated by `,` or `;`; VALUES is a value, a list `v1,v2,…`
/// (a word without `=` after a comma is one more value of the parameter before it), or a range
/// `FIRST..LAST:STEP` (`FIRST..LAST` steps by 1). `@FILE` reads the spec from a file (new lines
/// separate items, `#` starts a comment). NAME is what --param takes: amplitude, harmonic.speed.
enum Sweep {
    struct Parameter { var name: String; var values: [String] }

    /// The most combinations without --yes, and at all.
    static let confirmAbove = 10_000
    static let most = 1_000_000

    /// The spec parsed, or one line naming the bad part.
    static func parse(_ spec: String) throws -> [Parameter] {
        var text = spec
        if spec.hasPrefix("@") {
            let path = String(spec.dropFirst())
            let data = try InputFiles.read(path, as: "the sweep file '\(path)'", limit: InputFiles.eventsLimit)
            guard let read = String(validating: data, as: UTF8.self) else { throw InputError("cannot read the sweep file '\(path)': not UTF-8 text") }
            text = read.split(separator: "\n", omittingEmptySubsequences: false)
                .map { line in line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? "" }
                .joined(separator: ";")
        }
        var parameters: [Parameter] = []
        for item in text.split(separator: ";") {
            for word in item.split(separator: ",", omittingEmptySubsequences: false) {
                let word = word.trimmingCharacters(in: .whitespaces)
                if let equals = word.firstIndex(of: "=") {
                    let name = word[..<equals].trimmingCharacters(in: .whitespaces)
                    guard !name.isEmpty else { throw InputError("bad --sweep '\(Console.escaped(spec))': '\(word)' has no parameter name before '='") }
                    guard !parameters.contains(where: { $0.name == name }) else {
                        throw InputError("bad --sweep '\(Console.escaped(spec))': '\(name)' is given twice")
                    }
                    parameters.append(Parameter(name: name, values: try values(String(word[word.index(after: equals)...]), spec: spec)))
                } else if !word.isEmpty {
                    guard !parameters.isEmpty else {
                        throw InputError("bad --sweep '\(Console.escaped(spec))': expected NAME=VALUES first, like harmonic.amplitude=0.2..0.8:0.2")
                    }
                    parameters[parameters.count - 1].values += try values(word, spec: spec)
                }
            }
        }
        guard !parameters.isEmpty else { throw InputError("bad --sweep '\(Console.escaped(spec))': no NAME=VALUES in it") }
        return parameters
    }

    /// One value or a range's values, written without float noise (0.6, not 0.6000000000000001).
    static func values(_ text: String, spec: String) throws -> [String] {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard text.contains("..") else {
            guard !text.isEmpty else { throw InputError("bad --sweep '\(Console.escaped(spec))': a parameter has an empty value") }
            return [text]
        }
        let bounds = text.components(separatedBy: "..")
        let tail = bounds.count == 2 ? bounds[1].split(separator: ":", omittingEmptySubsequences: false).map(String.init) : []
        guard bounds.count == 2, (1...2).contains(tail.count), let first = Double(bounds[0]), let last = Double(tail[0]),
              let step = tail.count == 2 ? Double(tail[1]) : 1, first.isFinite, last.isFinite, step.isFinite else {
            throw InputError("bad --sweep range '\(Console.escaped(text))': expected FIRST..LAST:STEP, like 0.2..0.8:0.2")
        }
        guard step > 0, last >= first else {
            throw InputError("bad --sweep range '\(text)': expected FIRST at most LAST and a STEP above 0")
        }
        let count = ((last - first) / step + 1e-9).rounded(.down) + 1
        guard count <= Double(most) else { throw InputError("bad --sweep range '\(text)': it makes \(fmt(count)) values; at most \(most)") }
        return (0..<Int(count)).map { number(first + Double($0) * step) }
    }

    /// A value as --param takes it: at most 10 significant digits.
    static func number(_ v: Double) -> String {
        let rounded = Double(String(format: "%.10g", v)) ?? v
        return fmt(rounded == 0 ? 0 : rounded)
    }

    /// Every combination, the first parameter's values varying slowest; refused (one line) above
    /// `confirmAbove` without `yes`.
    static func points(_ parameters: [Parameter], yes: Bool) throws -> [[(String, String)]] {
        let total = parameters.reduce(1.0) { $0 * Double($1.values.count) }
        if total > Double(most) { throw InputError("the sweep makes \(fmt(total)) combinations; at most \(most)") }
        if total > Double(confirmAbove) && !yes {
            throw InputError("the sweep makes \(fmt(total)) combinations, more than \(confirmAbove): add --yes to draw them all")
        }
        var points: [[(String, String)]] = [[]]
        for p in parameters {
            points = points.flatMap { point in p.values.map { point + [(p.name, $0)] } }
        }
        return points
    }

    /// A point's name in file names: `harmonic.amplitude=0.2_harmonic.speed=1`.
    static func label(_ point: [(String, String)]) -> String {
        point.map { "\($0.0)=\($0.1)" }.joined(separator: "_").replacingOccurrences(of: "/", with: "-")
    }

    /// Where a point's file goes: in the folder `output` names (it ends in / or is a folder), as
    /// `LABEL.ext`; else beside `output` as `STEM.LABEL.EXT`.
    static func path(_ output: String, label: String, defaultExtension: String) -> String {
        if isFolder(output) { return (output.hasSuffix("/") ? output : output + "/") + label + "." + defaultExtension }
        let ext = VideoFormat.fileExtension(of: output)
        let stem = ext.map { String(output.dropLast($0.count + 1)) } ?? output
        return "\(stem).\(label).\(ext ?? defaultExtension)"
    }

    /// Whether `output` names a folder (an existing one, or a name ending in /).
    static func isFolder(_ output: String) -> Bool {
        output.hasSuffix("/") || (RawPath.stat(output).map { $0.st_mode & S_IFMT == S_IFDIR } ?? false)
    }

    /// The contact sheet's path: `FOLDER/contact-sheet.png`, or `STEM.contact-sheet.png`.
    static func sheetPath(_ output: String) -> String { path(output, label: "contact-sheet", defaultExtension: "png").replacingOccurrences(of: ".contact-sheet.mp4", with: ".contact-sheet.png")
        .replacingOccurrences(of: ".contact-sheet.webm", with: ".contact-sheet.png").replacingOccurrences(of: ".contact-sheet.mov", with: ".contact-sheet.png")
        .replacingOccurrences(of: ".contact-sheet.gif", with: ".contact-sheet.png")
    }

    /// The command's words without `--sweep X`, `--yes` and the output, to which each point adds its own.
    static func baseArguments(_ words: [String]) -> [String] {
        var kept: [String] = []
        var skip = false
        for word in words {
            if skip { skip = false; continue }
            if ["--sweep", "-o", "--output"].contains(word) { skip = true; continue }
            if word == "--yes" || word.hasPrefix("--sweep=") || word.hasPrefix("--output=") || (word.hasPrefix("-o") && word.count > 2 && !word.hasPrefix("--")) { continue }
            kept.append(word)
        }
        return kept
    }

    /// The jobs of a sweep: each point's full argument list (after the binary) and its output.
    static func jobs(command: String, words: [String], spec: String, output: String, yes: Bool) throws -> [(arguments: [String], output: String, label: String)] {
        let points = try points(parse(spec), yes: yes)
        let base = baseArguments(words)
        let ext = command == "render" ? "png" : "mp4"
        return points.map { point in
            let label = label(point)
            let file = path(output, label: label, defaultExtension: ext)
            return ([command] + base + point.flatMap { ["--param", "\($0.0)=\($0.1)"] } + ["-o", file], file, label)
        }
    }

    /// `render --sweep`: runs every point (this binary, one process each), then the contact sheet.
    static func render(_ command: RenderCommand, spec: String, yes: Bool) throws {
        try check(spec, command.effectOptions, yes: yes)
        try run(command: "render", output: command.output, spec: spec, yes: yes)
    }

    /// Every value of every parameter set as --param would set it: a bad name or value is one
    /// line before anything is drawn.
    static func check(_ spec: String, _ options: EffectOptions, yes: Bool) throws {
        _ = try points(parse(spec), yes: yes)  // too many: refused before anything else
        let image = try options.contentImage()
        for parameter in try parse(spec) {
            for value in parameter.values {
                var point = options
                point.params.append("\(parameter.name)=\(value)")
                _ = try point.makeEffects(image: image)
            }
        }
    }

    static func record(_ command: RecordCommand, spec: String) throws {
        if command.frames != nil || command.chunkOf != nil { throw InputError("use --sweep or --frames/--chunk-of, not both: plan a sweep's points with glint plan") }
        try check(spec, command.effectOptions, yes: command.yes)
        try run(command: "record", output: command.output, spec: spec, yes: command.yes)
    }

    private static func run(command: String, output: String, spec: String, yes: Bool) throws {
        let words = Array(arguments.dropFirst())  // after the command's name
        let jobs = try jobs(command: command, words: words, spec: spec, output: output, yes: yes)
        if output.hasSuffix("/"), RawPath.stat(output) == nil { try RecordCommand.makeFolders(for: output + "x") }
        // The first point checks every argument before anything is drawn: a bad name is one line.
        let binary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var stills: [(path: String, label: String)] = []
        for (index, job) in jobs.enumerated() {
            try runChild(binary, job.arguments)
            var still = job.output
            if command == "record" {
                // The contact sheet shows each clip's first frame, drawn as render draws it.
                still = NSTemporaryDirectory() + "glint-sweep-\(getpid())-\(index).png"
                let time = job.arguments.firstIndex(of: "--from").map { job.arguments[$0 + 1] } ?? "0"
                let renderWords = stillArguments(job.arguments.dropLast(2)) + ["--time", time, "-o", still]
                try runChild(binary, renderWords)
            }
            stills.append((still, job.label))
        }
        defer { if command == "record" { for s in stills { unlink(s.path) } } }
        let sheet = sheetPath(output)
        try ContactSheet.write(stills, to: sheet)
        Console.note("swept \(jobs.count) combination\(jobs.count == 1 ? "" : "s"); contact sheet: \(sheet)")
    }

    /// A record point's arguments as render takes them: record's own options dropped.
    static func stillArguments(_ words: ArraySlice<String>) -> [String] {
        let valued: Set<String> = ["--duration", "--fps", "--from", "--supersample", "--shutter", "--subframes", "--audio"]
        var kept = ["render"]
        var skip = false
        for word in words.dropFirst() {
            if skip { skip = false; continue }
            if valued.contains(word) { skip = word != "--audio"; if word == "--audio" { kept.append(word) }; continue }
            if word == "--verbose" { continue }
            kept.append(word)
        }
        return kept
    }

    /// Runs glint with `words`; its failure's last line is this one's.
    static func runChild(_ binary: String, _ words: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = words
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let lines = said.split(separator: "\n").map { $0.hasPrefix("glint: ") ? String($0.dropFirst(7)) : String($0) }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw AppError(lines.last ?? "glint \(words.first ?? "") failed", exitCode: process.terminationStatus == 2 ? 2 : 1)
        }
        for line in lines { Console.note(line) }
    }
}

/// A PNG of every point's picture with its label under it, laid out by Glint's own views and
/// drawn by its `ImageRenderer`.
enum ContactSheet {
    /// The widest a picture is shown, in points.
    static let cell = 240.0

    static func write(_ stills: [(path: String, label: String)], to path: String) throws {
        var images: [(Glint.Image, String)] = []
        var aspect = 9.0 / 16
        for (file, label) in stills {
            let data = try InputFiles.read(file, as: "the picture '\(file)'", limit: InputFiles.imageLimit)
            let png = try PNGImage(data)
            aspect = Double(png.height) / Double(max(png.width, 1))
            images.append((Glint.Image(pixels: png.rgba, width: png.width, height: png.height), label))
        }
        let columns = max(1, Int(Double(images.count).squareRoot().rounded(.up)))
        let rows = stride(from: 0, to: images.count, by: columns).map { Array(images[$0..<min($0 + columns, images.count)]) }
        let height = cell * aspect
        let view = VStack(alignment: .leading, spacing: 8) {
            ForEach(0..<rows.count) { r in
                HStack(alignment: .top, spacing: 8) {
                    ForEach(0..<rows[r].count) { c in
                        VStack(spacing: 4) {
                            rows[r][c].0.resizable().frame(width: cell, height: height)
                            Text(rows[r][c].1).font(.system(size: 11)).foregroundColor(.white).frame(width: cell)
                        }
                    }
                }
            }
        }.padding(8).background(Glint.Color(red: 0.1, green: 0.1, blue: 0.1))
        let renderer = ImageRenderer(content: view)
        let png: Data
        do { png = try renderer.renderPNG() } catch { throw AppError("cannot draw the contact sheet: \(error)") }
        try OutputFiles.commit([OutputFile(path, what: "the contact sheet") { try OutputFiles.writeAll(png, to: $0) }])
    }
}

/// A PNG file decoded, straight alpha, rows from the top.
struct PNGImage {
    var width: Int, height: Int, rgba: [UInt8]
    init(_ bytes: [UInt8]) throws {
        let decoded = try PNG.decode(bytes)
        width = decoded.width; height = decoded.height; rgba = decoded.rgba
    }
}
