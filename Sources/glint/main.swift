// The `glint` command. Every failure ends here as one line on stderr and a non-zero exit.
import ArgumentParser
import Foundation
import GlintCore
import GlintRender

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

// The arguments as the bytes given: a path that is not UTF-8 names the file it names (RawPath).
let arguments = Array(RawPath.arguments.dropFirst())

// No command takes a bare word first, so one that names no command is a mistyped command, not an
// argument to the default `window`.
if let first = arguments.first, !first.hasPrefix("-") {
    let commands = GlintCommand.configuration.subcommands.compactMap { $0.configuration.commandName }
    if !(commands + ["help"]).contains(first) {
        let closest = commands.map { (name: $0, distance: editDistance(first, $0)) }.min { $0.distance < $1.distance }
        let suggestion = closest.flatMap { $0.distance <= 2 ? "; did you mean '\($0.name)'?" : nil } ?? ""
        Console.fail("unknown command '\(first)'\(suggestion) (commands: \(commands.joined(separator: ", ")))", code: 2)
    }
}

do {
    var command = try GlintCommand.parseAsRoot(arguments)
    try command.run()
} catch let error as AppError {
    Console.fail(error.description, code: error.exitCode)
} catch let error as InputError {
    Console.fail(error.message, code: 2)
} catch let error as RenderError {
    Console.fail(error.description, code: 1)
} catch {
    let code = GlintCommand.exitCode(for: error)
    if code == .success || error is CleanExit {
        GlintCommand.exit(withError: error)  // --help, --version: printed as usual
    }
    // Parser errors: keep the first line, which names the bad option or value.
    let message = GlintCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "bad arguments"
    Console.fail("\(message) (see 'glint --help')", code: 2)
}
