// The `glint` command. Every failure ends here as one line on stderr and a non-zero exit.
import ArgumentParser
import Foundation
import GlintCore
import GlintRender

do {
    var command = try GlintCommand.parseAsRoot()
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
