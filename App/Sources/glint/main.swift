// The `glint` command. Every failure ends here as one line on stderr and a non-zero exit.
import ArgumentParser
import Foundation
import GlintCore
import GlintRender

StartupTimings.mainStarted = StartupTimings.now()  // `--timings`: the end of the process's start

/// Edits (insertions, deletions, substitutions) that turn `a` into `b`.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    guard !a.isEmpty else { return b.count }
    var row = Array(0...b.count) // distances from a's first i - 1 characters to each prefix of b
    for i in 1...a.count {
        var previous = row[0]
        row[0] = i
        for j in stride(from: 1, through: b.count, by: 1) {
            let substitution = previous + (a[i - 1] == b[j - 1] ? 0 : 1)
            previous = row[j]
            row[j] = min(substitution, row[j] + 1, row[j - 1] + 1)
        }
    }
    return row[b.count]
}

/// `glint --help`: the overview, the window's controls and options (what `glint` alone opens),
/// then the subcommands. ArgumentParser's root help would list only the subcommands.
func topLevelHelp() -> String {
    /// The blocks of a help text, split at blank lines.
    func blocks(_ text: String) -> [String] {
        text.components(separatedBy: "\n\n").map { $0.trimmingCharacters(in: .newlines) }.filter { !$0.isEmpty }
    }
    let root = blocks(GlintCommand.helpMessage())
    let window = blocks(WindowCommand.helpMessage())
    let overview = root.first { $0.hasPrefix("OVERVIEW:") } ?? ""
    let controls = window.first { !$0.hasPrefix("OVERVIEW:") && !$0.hasPrefix("USAGE:") && !$0.hasSuffix(":") && !$0.contains(":\n ") } ?? ""
    let options = window.filter { $0.contains(":\n ") || $0.hasSuffix(":") }
    let subcommands = root.drop { !$0.hasPrefix("SUBCOMMANDS:") }
    return ([overview,
             "USAGE: glint [<window options>]       opens the window (the same as 'glint window')\n       glint <subcommand> [<options>]",
             controls.replacingOccurrences(of: "Controls:", with: "WINDOW CONTROLS:")]
            + options.map { block in
                guard block.hasPrefix("OPTIONS:") else { return block }
                let version = block.contains("--version") ? "" : "\n  --version               Show the version."
                return "WINDOW " + block + version
            }
            + subcommands).joined(separator: "\n\n") + "\n"
}

let commandNames = GlintCommand.configuration.subcommands.compactMap { $0.configuration.commandName }

/// One line for a word that names no command, with the nearest command when one is close.
func unknownCommand(_ word: String) -> Never {
    let closest = commandNames.map { (name: $0, distance: editDistance(word, $0)) }.min { $0.distance < $1.distance }
    let suggestion = closest.flatMap { $0.distance <= 2 ? "; did you mean '\($0.name)'?" : nil } ?? ""
    Console.fail("unknown command '\(word)'\(suggestion) (commands: \(commandNames.joined(separator: ", ")))", code: 2)
}

// The arguments as the bytes given: a path that is not UTF-8 names the file it names (RawPath).
// `-DNAME=VALUE` and `-IDIR` are also taken as one word, as cc and glslViewer write them.
let arguments = RawPath.arguments.dropFirst().flatMap { word in
    (word.hasPrefix("-D") || word.hasPrefix("-I")) && word.count > 2 ? [String(word.prefix(2)), String(word.dropFirst(2))] : [word]
}

// No command takes a bare word first, so one that names no command is a mistyped command, not an
// argument to the default `window`; `glint help WORD` likewise.
if let first = arguments.first, !first.hasPrefix("-") {
    if first == "help", arguments.count > 1, !arguments[1].hasPrefix("-"), !commandNames.contains(arguments[1]) {
        unknownCommand(arguments[1])
    }
    if !(commandNames + ["help"]).contains(first) { unknownCommand(first) }
}
if arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"] {
    print(topLevelHelp(), terminator: "")
    exit(0)
}

do {
    var command = try GlintCommand.parseAsRoot(arguments)
    try command.run()
} catch let error as AppError {
    Console.fail(error.description, code: error.exitCode)
} catch let error as InputError {
    Console.fail(error.message, code: 2)
} catch let error as RenderError {
    // What an effect includes is the user's input, as the effect file is: a missing, unreadable
    // or cyclic include exits as bad input does.
    if case .shader(_, _, "include", _) = error { Console.fail(error.description, code: 2) }
    Console.fail(error.description, code: 1)
} catch {
    let code = GlintCommand.exitCode(for: error)
    if code == .success || error is CleanExit {
        GlintCommand.exit(withError: error)  // --help, --version: printed as usual
    }
    // A number option that is not one: its own line, as every other bad value gets.
    if let refusal = TypedOption.failure { Console.fail(refusal.message, code: 2) }
    // Parser errors: keep the first line, which names the bad option or value.
    let message = GlintCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "bad arguments"
    Console.fail("\(message) (see 'glint --help')", code: 2)
}
