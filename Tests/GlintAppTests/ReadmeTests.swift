// The commands of the README and of every page in docs/, run as a reader would run them from a
// fresh clone, and their samples checked against what those commands print and write. The
// commands are read from the pages themselves, so a command added or edited there (or a page
// added to docs/) is covered without touching this file. The links between the pages are checked
// too.
import Foundation
import GlintRender
import GlintTestSupport
import Testing

/// What a page (the README, or one in docs/) asks a reader to run, and what it says comes out.
struct Readme {
    /// Where in the page a command stands, which decides what is expected of it.
    enum Place: String {
        /// A line of a ```sh block: it succeeds.
        case shBlock = "```sh block"
        /// A `$ ` line of a ```console block: the status its `# exit N` names (0 without one), and
        /// exactly the lines below it as its output.
        case consoleBlock = "```console block"
        /// A complete command in the text (a code span that writes `--output`), a picture's caption
        /// among them: it succeeds.
        case text = "the text"
    }

    /// One command as the page writes it, and what the page says it does.
    struct Command: CustomStringConvertible {
        /// The page, relative to the repository's root (`README.md`, `docs/cli.md`).
        var file: String
        /// Its line in the page, 1-based.
        var line: Int
        var place: Place
        /// As written in the page, comment and all.
        var text: String
        /// The status a ```console entry names; 0 elsewhere.
        var expectedStatus: Int32 = 0
        /// The output a ```console entry shows, one line each; nil elsewhere.
        var expectedOutput: String?

        var description: String { "\(file):\(line) (\(place.rawValue)): \(text)" }

        /// The command without a trailing `# comment` (a `#` outside quotes, after a space).
        var withoutComment: String {
            var quote: Character?
            var previous: Character = " "
            for (offset, c) in text.enumerated() {
                if let q = quote {
                    if c == q { quote = nil }
                } else if c == "'" || c == "\"" {
                    quote = c
                } else if c == "#" && previous.isWhitespace {
                    return String(text.prefix(offset)).trimmingCharacters(in: .whitespaces)
                }
                previous = c
            }
            return text.trimmingCharacters(in: .whitespaces)
        }

        /// Its words, split at spaces (enough to tell which command it is).
        var words: [Substring] { withoutComment.split(separator: " ") }
    }

    /// A ```json block and the file (named just before it) that it shows.
    struct JSONSample {
        /// The line of the block's opening fence.
        var line: Int
        /// The file, relative to the clone's root.
        var file: String
        /// The JSON the page shows.
        var text: String
    }

    /// A command to run, or a sample to check against what an earlier command wrote.
    enum Item {
        case command(Command)
        case json(JSONSample)
    }

    /// The page, relative to the repository's root.
    let file: String
    /// Everything to run or check, in the page's order (a sample follows the command that writes
    /// its file).
    var items: [Item] = []
    /// Lines of ```sh blocks this test does not run: `scripts/…`, which install packages, build, and
    /// run every test or the window, and `swift build` and `swift test`, which build and run the tests.
    var notRun: [(line: Int, text: String)] = []
    /// Lines this test does not know how to run or check, with why.
    var unknown: [(line: Int, text: String)] = []

    /// Commands of ```sh blocks that this test leaves to the reader: they build Glint or run these tests.
    static let notRunPrefixes = ["scripts/", "swift build", "swift test"]

    /// How the Examples package's demos are run in the pages: by `swift run`, from a clone's root.
    static let cardDemo = "swift run --package-path Examples card-demo"
    static let seedViews = "swift run --package-path Examples seed-views"
    static let effectsSheet = "swift run --package-path Examples effects-sheet"

    /// The Examples demo `text` runs, if it runs one.
    static func demo(_ text: String) -> String? {
        [cardDemo, seedViews, effectsSheet].first { text.hasPrefix($0) }
    }

    /// Whether `text` is a command this test runs: `glint …`, or an Examples demo.
    static func isRunnable(_ text: String) -> Bool {
        text.hasPrefix("glint ") || text == "glint" || demo(text) != nil
    }

    /// Reads the page `file` (relative to the repository's root), whose text is `text`.
    init(_ text: String, file: String = "README.md") {
        self.file = file
        let lines = text.components(separatedBy: "\n")
        var fence: String?           // the open block's info string
        var blockStart = 0
        var block: [String] = []
        var pending = ""              // an sh line continued with a backslash
        var pendingLine = 0
        for (index, line) in lines.enumerated() {
            let number = index + 1
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                if let info = fence {
                    finish(block: block, info: info, startLine: blockStart, lines: lines)
                    fence = nil
                } else {
                    fence = String(line.trimmingCharacters(in: .whitespaces).dropFirst(3)).trimmingCharacters(in: .whitespaces)
                    blockStart = number
                    block = []
                }
                continue
            }
            if let info = fence {
                guard info == "sh" else { block.append(line); continue }
                // Shell lines: join continuations, keep commands.
                var piece = line
                let continued = piece.hasSuffix("\\")
                if continued { piece.removeLast() }
                if pending.isEmpty { pendingLine = number }
                pending = pending.isEmpty ? piece : pending.trimmingCharacters(in: .whitespaces) + " " + piece.trimmingCharacters(in: .whitespaces)
                if continued { continue }
                let command = pending.trimmingCharacters(in: .whitespaces)
                pending = ""
                if command.isEmpty || command.hasPrefix("#") { continue }
                if Self.isRunnable(command) {
                    items.append(.command(Command(file: file, line: pendingLine, place: .shBlock, text: command)))
                } else if Self.notRunPrefixes.contains(where: { command.hasPrefix($0) }) {
                    notRun.append((pendingLine, command))
                } else {
                    unknown.append((pendingLine, "'\(command)' in a ```sh block is not a command this test can run (glint …, \(Self.cardDemo) …; scripts/…, swift build and swift test are left to the reader); a command a reader cannot run here belongs in a ```text block"))
                }
                continue
            }
            // The text: code spans that are whole commands writing a file.
            for span in Self.codeSpans(in: line) where Self.isRunnable(span) && span.contains("--output ") {
                items.append(.command(Command(file: file, line: number, place: .text, text: span)))
            }
        }
    }

    /// The code spans (`…`) of one line of text.
    static func codeSpans(in line: String) -> [String] {
        let parts = line.components(separatedBy: "`")
        return stride(from: 1, to: parts.count - 1, by: 2).map { parts[$0] }
    }

    /// Takes what a closed block holds: ```console entries, or a ```json sample.
    private mutating func finish(block: [String], info: String, startLine: Int, lines: [String]) {
        switch info {
        case "console":
            for (offset, line) in block.enumerated() {
                guard line.hasPrefix("$ ") else {
                    guard case .command(var last)? = items.last, last.place == .consoleBlock, last.expectedOutput != nil else {
                        unknown.append((startLine + 1 + offset, "'\(line)' in a ```console block comes before any '$ ' command"))
                        continue
                    }
                    last.expectedOutput! += line + "\n"
                    items[items.count - 1] = .command(last)
                    continue
                }
                let text = String(line.dropFirst(2))
                guard Self.isRunnable(text) || text.hasPrefix("env ") else {
                    unknown.append((startLine + 1 + offset, "'\(text)' is not a command this test can run (glint …, env … glint …, \(Self.cardDemo) …)"))
                    continue
                }
                var command = Command(file: file, line: startLine + 1 + offset, place: .consoleBlock, text: text, expectedOutput: "")
                if let match = text.firstMatch(of: /#\s*exit\s+(\d+)\s*$/), let status = Int32(match.1) {
                    command.expectedStatus = status
                }
                items.append(.command(command))
            }
        case "json":
            // The file it shows is the last *.json named in the paragraph just before the block.
            var paragraph: [String] = []
            var i = startLine - 2
            while i >= 0, lines[i].trimmingCharacters(in: .whitespaces).isEmpty { i -= 1 }
            while i >= 0, !lines[i].trimmingCharacters(in: .whitespaces).isEmpty {
                paragraph.insert(lines[i], at: 0)
                i -= 1
            }
            let names = paragraph.joined(separator: " ").matches(of: /[\w.\/-]+\.json\b/).map { String($0.0) }
            if let file = names.last {
                items.append(.json(JSONSample(line: startLine, file: file, text: block.joined(separator: "\n"))))
            } else {
                unknown.append((startLine, "a ```json block, but the paragraph before it names no .json file that a command writes"))
            }
        default:
            break
        }
    }
}

/// A clone of the repository to run the pages' commands in, and how to run them there.
final class ReadmeWorkspace {
    /// The repository this test file belongs to.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The clone: the files git tracks, as they are in the working tree (without git, every file
    /// but dot-folders such as .build).
    let clone: String
    /// Holds `glint` for `PATH`, as `scripts/install` would.
    let bin: String
    /// `TMPDIR` for the commands, so what they leave there goes with the test.
    let temporary: String
    /// An Xvfb for the window commands, when X is available.
    let x: XServer?

    /// Frames `bench` draws here: enough to run every step, few enough for a quick test.
    static let benchFrames = "3"
    /// Seconds a window command stays open (`--quit-after`).
    static let windowSeconds = "2"
    /// The longest one command may take, in seconds.
    static let timeout = 120.0

    /// A fresh clone in a temporary folder, removed when the test ends; window commands go to `x`.
    init(x: XServer?) throws {
        let root = try TemporaryFiles.folder("glint-readme")
        clone = root + "/Glint"
        bin = root + "/bin"
        temporary = root + "/tmp"
        self.x = x
        for folder in [clone, bin, temporary] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        if let tracked = Self.trackedFiles() {
            for path in tracked {
                let to = clone + "/" + path
                try FileManager.default.createDirectory(atPath: (to as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try FileManager.default.copyItem(atPath: Self.repository + "/" + path, toPath: to)
            }
        } else {
            try Self.copyAll(from: Self.repository, to: clone)
        }
        try #require(FileManager.default.isExecutableFile(atPath: CLI.binary), "no glint binary at \(CLI.binary): \(CLI.howToBuild)")
        try FileManager.default.createSymbolicLink(atPath: bin + "/glint", withDestinationPath: CLI.binary)
    }

    /// The paths git tracks that are in the working tree, or nil without git or a repository.
    private static func trackedFiles() -> [String]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", repository, "ls-files", "-z"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\0").map(String.init)
            .filter { FileManager.default.fileExists(atPath: repository + "/" + $0) }
    }

    /// Copies every file but dot-files and dot-folders (.git, .build, .swiftpm).
    private static func copyAll(from source: String, to destination: String) throws {
        let fm = FileManager.default
        for name in try fm.contentsOfDirectory(atPath: source) where !name.hasPrefix(".") {
            let from = source + "/" + name, to = destination + "/" + name
            var isFolder: ObjCBool = false
            guard fm.fileExists(atPath: from, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                try fm.createDirectory(atPath: to, withIntermediateDirectories: true)
                try copyAll(from: from, to: to)
            } else {
                try fm.copyItem(atPath: from, toPath: to)
            }
        }
    }

    /// How a command ended and what it printed.
    struct Outcome {
        var status: Int32
        var signalled: Bool
        var stdout: String
        var stderr: String
        /// The shell line that ran.
        var ranAs: String
        /// What a terminal shows of it: its messages come on stderr, other output on stdout.
        var output: String { stdout + stderr }
    }

    /// Whether the command opens a window: `glint` or `glint window` (not `--version`, `--help`,
    /// or the completion script), or the demo with `--window`.
    static func opensWindow(_ command: Readme.Command) -> Bool {
        let words = command.words
        if Readme.demo(command.withoutComment) != nil { return words.contains("--window") }
        guard words.first == "glint" else { return false }
        guard let second = words.dropFirst().first else { return true }
        if second == "window" { return true }
        let notWindow: Set<Substring> = ["--version", "--help", "-h", "--generate-completion-script"]
        return second.hasPrefix("-") && !notWindow.contains(second)
    }

    /// The shell line that runs `command` here, or nil when it cannot run here (a window without X).
    /// Only three things change: the demo runs from the binary scripts/test built (`swift run` would
    /// build all of Glint again in the clone), `bench` draws `benchFrames` frames, and a window
    /// closes after `windowSeconds`; a ```console entry runs exactly as written.
    func shellLine(for command: Readme.Command) throws -> String? {
        var line = command.place == .consoleBlock ? command.text : command.withoutComment
        let window = command.place != .consoleBlock && Self.opensWindow(command)
        if window && x == nil { return nil }
        if let demo = Readme.demo(line) {
            let product = String(demo.split(separator: " ").last!)
            let binary = URL(fileURLWithPath: try examplesBinary()).deletingLastPathComponent().appendingPathComponent(product).path
            line = Self.quoted(binary) + line.dropFirst(demo.count)
            if window {
                line = line.replacing(/--window( [0-9.]+)?/, with: "--window \(Self.windowSeconds)")
            }
        } else if command.place != .consoleBlock && command.words.dropFirst().first == "bench" {
            line = line.contains(/--frames [0-9]+/)
                ? line.replacing(/--frames [0-9]+/, with: "--frames \(Self.benchFrames)")
                : line + " --frames \(Self.benchFrames)"
        } else if window {
            line += " --quit-after \(Self.windowSeconds)"
        }
        return line
    }

    /// `text` quoted for bash.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs `line` with bash in the clone, `glint` first on `PATH`; DISPLAY only for a window.
    func run(_ line: String, window: Bool) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", line]
        process.currentDirectoryURL = URL(fileURLWithPath: clone)
        var environment = window ? x!.environment : ProcessInfo.processInfo.environment
        if !window {
            environment.removeValue(forKey: "DISPLAY")
            environment.removeValue(forKey: "WAYLAND_DISPLAY")
        }
        environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["TMPDIR"] = temporary
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let out = TemporaryFiles.file("glint-readme-stdout", extension: "txt")
        let err = TemporaryFiles.file("glint-readme-stderr", extension: "txt")
        for path in [out, err] { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        let outHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
        let errHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
        defer { try? outHandle.close(); try? errHandle.close() }
        process.standardOutput = outHandle
        process.standardError = errHandle
        let exited = ExitSignal()
        process.terminationHandler = { _ in exited.set() }
        try process.run()
        exited.wait(until: Date().addingTimeInterval(Self.timeout))
        if process.isRunning {
            // SIGKILL: the test's threads block SIGTERM, and a child inherits that mask.
            kill(process.processIdentifier, SIGKILL)
            Issue.record("'\(line)' did not finish within \(Self.timeout) s")
        }
        process.waitUntilExit()
        let stdout = String(decoding: FileManager.default.contents(atPath: out) ?? Data(), as: UTF8.self)
        let stderr = String(decoding: FileManager.default.contents(atPath: err) ?? Data(), as: UTF8.self)
        return Outcome(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
                       stdout: stdout, stderr: stderr, ranAs: line)
    }

    /// The files under the clone's docs/ with what tells a rewrite apart (inode, size, time).
    func docsState() -> [String: String] {
        var state: [String: String] = [:]
        let docs = clone + "/docs"
        guard let walker = FileManager.default.enumerator(atPath: docs) else { return state }
        while let relative = walker.nextObject() as? String {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: docs + "/" + relative),
                  attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            state["docs/" + relative] = "\(attributes[.systemFileNumber] ?? 0) \(attributes[.size] ?? 0) \(attributes[.modificationDate] ?? Date.distantPast)"
        }
        return state
    }
}

/// The README and the docs pages as a reader meets them: their commands run, their samples true,
/// their links leading somewhere.
@Suite("README and docs", .serialized, .removesTemporaryFiles)
struct ReadmeTests {
    /// The README's text.
    static let readme = DocsPages.all.first { $0.file == "README.md" }?.text ?? ""

    @Test("the commands of the README and of every docs page are all ones this test knows how to run, and there are some")
    func commandsAreKnown() {
        #expect(!Self.readme.isEmpty, "no README.md at \(ReadmeWorkspace.repository)")
        var commands = 0
        for page in DocsPages.all {
            let parsed = Readme(page.text, file: page.file)
            commands += parsed.items.filter { if case .command = $0 { true } else { false } }.count
            for (line, text) in parsed.unknown {
                Issue.record("\(page.file):\(line): \(text)")
            }
        }
        #expect(commands > 20, "the README and docs/ should have commands to run; found \(commands)")
    }

    @Test("every link of the README and the docs pages leads to a file of the repository and, with an anchor, to a heading; the README links every docs page")
    func linksLead() {
        var count = 0
        for page in DocsPages.all {
            for link in DocsPages.links(in: page.text) {
                count += 1
                if let problem = DocsPages.problem(with: link, in: page.file) {
                    Issue.record("\(page.file):\(link.line): \(problem)")
                }
            }
        }
        #expect(count > 50, "the pages should link each other and their pictures; found \(count) links")
        let linked = Set(DocsPages.links(in: Self.readme).map { $0.target.split(separator: "#").first.map(String.init) ?? "" })
        for page in DocsPages.all where page.file.hasPrefix("docs/") && !linked.contains(page.file) {
            Issue.record("README.md links no \(page.file): a page a reader cannot find")
        }
    }

    @Test("every command of the README and the docs pages runs as written from a clone; error samples, --state samples and pictures match",
          .timeLimit(.minutes(10)))
    func commandsRun() throws {
        var x: XServer?
        if !skipWindowTests, (try? requireTools()) != nil { x = try? XServer.start() }
        defer { x?.stop() }
        var skipped: [String] = []
        var notRun: [String] = []
        for page in DocsPages.all {
            let readme = Readme(page.text, file: page.file)
            guard !readme.items.isEmpty else { continue }
            // A fresh clone for each page: what one page's commands leave does not feed another's.
            let workspace = try ReadmeWorkspace(x: x)
            var docs = workspace.docsState()
            notRun += readme.notRun.map { "\(page.file):\($0.line): \($0.text)" }

            for item in readme.items {
                switch item {
                case .command(let command):
                    guard let line = try workspace.shellLine(for: command) else {
                        skipped.append(command.description)
                        continue
                    }
                    let window = command.place != .consoleBlock && ReadmeWorkspace.opensWindow(command)
                    let r = try workspace.run(line, window: window)
                    let ran = line == command.withoutComment || line == command.text ? "" : " (run as '\(r.ranAs)')"
                    note("\(command)\(ran): exit \(r.status)")
                    #expect(!r.signalled, "\(command)\(ran) was killed by signal \(r.status): \(r.output)")
                    let statusAsExpected = r.status == command.expectedStatus
                    #expect(statusAsExpected, "\(command)\(ran) exited \(r.status), \(page.file) expects \(command.expectedStatus): \(r.output)")
                    if let expected = command.expectedOutput {
                        let printedAsShown = r.output == expected
                        #expect(printedAsShown, "\(command) printed\n\(r.output)but \(page.file) shows\n\(expected)")
                    } else if !window && statusAsExpected {
                        // `glint record`, `join` and a sweep end with their one summary line (frames, size, time;
                        // --verbose's split): nothing else.
                        let summaries = ["glint: recorded ", "glint: time: ", "glint: heap: ", "glint: joined ", "glint: swept ", "glint: time to the first frame: "]
                        let printed = r.stderr.split(separator: "\n").filter { line in !summaries.contains { line.hasPrefix($0) } }.joined()
                        #expect(printed.isEmpty, "\(command)\(ran) succeeded but printed on stderr: \(r.stderr)")
                    }
                    // Pictures it wrote into docs/ are the ones the pages show: compare them with the committed ones.
                    let now = workspace.docsState()
                    for (path, state) in now.sorted(by: { $0.key < $1.key }) where docs[path] != state {
                        let committed = ReadmeWorkspace.repository + "/" + path
                        guard FileManager.default.fileExists(atPath: committed) else {
                            Issue.record("\(command) wrote \(path), which the repository does not have")
                            continue
                        }
                        note("    wrote \(path), compared with the committed one")
                        if let problem = PictureTolerance.mismatch(workspace.clone + "/" + path, committed) {
                            Issue.record("\(command) wrote \(path) unlike the committed picture: \(problem)")
                        }
                    }
                    docs = now
                case .json(let sample):
                    let path = workspace.clone + "/" + sample.file
                    guard let written = FileManager.default.contents(atPath: path) else {
                        Issue.record("\(page.file):\(sample.line): no command of \(page.file) before this sample wrote \(sample.file)")
                        continue
                    }
                    let shown = try? JSONSerialization.jsonObject(with: Data(sample.text.utf8)) as? NSDictionary
                    let made = try? JSONSerialization.jsonObject(with: written) as? NSDictionary
                    note("\(page.file):\(sample.line): the sample of \(sample.file)")
                    #expect(shown != nil, "\(page.file):\(sample.line): the sample is not a JSON object")
                    let same = shown == made
                    #expect(same, "\(page.file):\(sample.line): \(sample.file) is\n\(String(decoding: written, as: UTF8.self))\nbut \(page.file) shows\n\(sample.text)")
                }
            }
        }
        note("commands not run: \(skipped.isEmpty ? "" : "\(skipped) (no X for a window); ")\(notRun)")
    }
}
