import ArgumentParser
import Foundation
import GlintCore

struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Print the independent jobs of a render for a scheduler (a render farm, Ray, Slurm, a shell loop): one command line a line, or JSON.",
        discussion: """
        glint plan record <record options> --chunks M -o OUT: M 'glint record … --chunk-of I/M' jobs, \
        then the 'glint join OUT …' that puts their chunks together. Chunk I of M of out/clip.mp4 goes \
        to out/clip.chunks/clip.000I-of-000M.mp4 (a PNG sequence out/f%05d.png to \
        out/f.chunks/f.000I-of-000M/f%05d.png); record makes those folders. Without --date, the jobs \
        get the date now, so every chunk of a shader that reads the date draws the same clip.
        glint plan render --sweep SPEC <render options> -o DIR/: one 'glint render' a combination.
        glint plan gallery FOLDER <render options> [-o DIR/]: one 'glint render' a shader file in \
        FOLDER (.frag, .metal, .glsl, .fs, .json, Shadertoy folders), to DIR/NAME.png (default gallery/).
        Lines are shell-quoted. --json prints {"jobs":[{"argv":[…],"output":"…"},…],"join":{"argv":[…]}} \
        (join only for record). --glint PATH names the binary the jobs run (default: glint).
        """
    )

    @Argument(parsing: .captureForPassthrough, help: ArgumentHelp("record|render|gallery, then its arguments.", valueName: "kind"))
    var words: [String] = []

    func run() throws {
        var rest = words
        func take(_ name: String) throws -> String? {
            guard let i = rest.firstIndex(of: name) else { return nil }
            guard i + 1 < rest.count else { throw InputError("\(name) needs a value") }
            let value = rest[i + 1]
            rest.removeSubrange(i...(i + 1))
            return value
        }
        func flag(_ name: String) -> Bool {
            guard let i = rest.firstIndex(of: name) else { return false }
            rest.remove(at: i)
            return true
        }
        let json = flag("--json")
        let binary = try take("--glint") ?? "glint"
        guard let kind = rest.first else { throw InputError("glint plan needs what to plan: record, render or gallery") }
        rest.removeFirst()
        var jobs: [(argv: [String], output: String)] = []
        var join: [String]?
        switch kind {
        case "record":
            guard let chunkText = try take("--chunks") else { throw InputError("glint plan record needs --chunks M: how many chunks to split the clip into") }
            let output = try outputOption(&rest, kind: kind)
            if rest.contains(where: { ["--frames", "--chunk-of", "--sweep"].contains($0) }) {
                throw InputError("glint plan record picks each chunk's frames itself: leave out --frames, --chunk-of and --sweep")
            }
            // Every argument is checked as record checks it, before anything is printed.
            let record = try RecordCommand.parse(rest + ["-o", output])
            _ = try VideoFormat(path: output)
            let total = Int((record.duration * record.fps).rounded())
            guard let m = FrameSelection.wholeNumber(Substring(chunkText)), m >= 1 else {
                throw InputError("bad --chunks '\(Console.escaped(chunkText))': expected a whole number of chunks, like 8")
            }
            guard m <= total else { throw InputError("bad --chunks '\(chunkText)': the clip has \(total) frame\(total == 1 ? "" : "s"), too few for \(m) chunks") }
            if !rest.contains(where: { $0 == "--date" || $0.hasPrefix("--date=") }) {
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: "en_US_POSIX")
                formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
                rest += ["--date", formatter.string(from: Date())]
            }
            var chunks: [String] = []
            for i in 1...m {
                let chunk = ChunkRecord.chunkPath(for: output, index: i, of: m)
                chunks.append(chunk)
                jobs.append(([binary, "record"] + rest + ["--chunk-of", "\(i)/\(m)", "-o", chunk], chunk))
            }
            join = [binary, "join", output] + chunks
        case "render":
            guard let spec = try take("--sweep") else { throw InputError("glint plan render needs --sweep SPEC: the combinations to render") }
            let output = try outputOption(&rest, kind: kind)
            _ = try RenderCommand.parse(rest + ["-o", "x.png"])
            let yes = rest.contains("--yes")
            for job in try Sweep.jobs(command: "render", words: rest, spec: spec, output: output, yes: yes) {
                jobs.append(([binary] + job.arguments, job.output))
            }
        case "gallery":
            guard let folder = rest.first, !folder.hasPrefix("-") else { throw InputError("glint plan gallery needs a folder of shader files") }
            rest.removeFirst()
            var output = try outputOption(&rest, kind: kind, required: false) ?? "gallery/"
            if !output.hasSuffix("/") { output += "/" }
            _ = try RenderCommand.parse(rest + ["-o", "x.png"])
            for file in try Self.shaderFiles(in: folder) {
                let name = String(file.split(separator: "/").last ?? Substring(file))
                let stem = name.contains(".") ? String(name[..<name.lastIndex(of: ".")!]) : name
                let png = output + stem + ".png"
                jobs.append(([binary, "render", "--effect", file] + rest + ["-o", png], png))
            }
            if jobs.isEmpty { throw InputError("the folder '\(folder)' holds no shader files (.frag, .metal, .glsl, .fs, .json, Shadertoy folders)") }
        default:
            throw InputError("glint plan plans record, render or gallery, not '\(Console.escaped(kind))'")
        }
        if json {
            var object: [String: Any] = ["jobs": jobs.map { ["argv": $0.argv, "output": $0.output] as [String: Any] }]
            if let join { object["join"] = ["argv": join] }
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
            print(String(decoding: data, as: UTF8.self))
        } else {
            for job in jobs { print(Self.shellLine(job.argv)) }
            if let join { print(Self.shellLine(join)) }
        }
    }

    /// Takes `-o X` / `--output X` out of `rest`.
    private func outputOption(_ rest: inout [String], kind: String, required: Bool = true) throws -> String? {
        for name in ["-o", "--output"] {
            if let i = rest.firstIndex(of: name) {
                guard i + 1 < rest.count else { throw InputError("\(name) needs a value") }
                let value = rest[i + 1]
                rest.removeSubrange(i...(i + 1))
                return value
            }
        }
        if required { throw InputError("glint plan \(kind) needs -o OUTPUT") }
        return nil
    }

    private func outputOption(_ rest: inout [String], kind: String) throws -> String {
        try outputOption(&rest, kind: kind, required: true)!
    }

    /// The shader files of a folder, sorted: files an --effect takes and Shadertoy folders.
    static func shaderFiles(in folder: String) throws -> [String] {
        guard let info = RawPath.stat(folder), info.st_mode & S_IFMT == S_IFDIR else {
            throw InputError("bad gallery folder '\(Console.escaped(folder))': no such folder")
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        return names.sorted().filter { !$0.hasPrefix(".") }.map { base + $0 }.filter { path in
            let lower = path.lowercased()
            if [".frag", ".metal", ".fs", ".json"].contains(where: { lower.hasSuffix($0) }) { return true }
            if lower.hasSuffix(".glsl") { return EffectOptions.isToy(path) }
            if let info = RawPath.stat(path), info.st_mode & S_IFMT == S_IFDIR { return EffectOptions.isToy(path) }
            return false
        }
    }

    /// A command line a POSIX shell reads back as `argv`.
    static func shellLine(_ argv: [String]) -> String {
        argv.map { word in
            let safe = !word.isEmpty && word.unicodeScalars.allSatisfy {
                ($0.isASCII && (CharacterSet.alphanumerics.contains($0))) || "-_./=:,@%+".unicodeScalars.contains($0)
            }
            return safe ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }.joined(separator: " ")
    }
}
