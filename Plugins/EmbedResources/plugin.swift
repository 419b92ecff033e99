// Runs GlintEmbed over the package's top-level Shaders/ and Assets/ folders, which SwiftPM cannot
// treat as resources (they live outside any target), and adds the generated Swift to the target.
import Foundation
import PackagePlugin

@main
struct EmbedResources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        // Editing a listed file reruns the command. SwiftPM plans plugins again only when the
        // package changes, so a file *added* to these folders is seen once a source file is added
        // or Package.swift is touched (the README says so).
        let folders = ["Shaders", "Assets"].map { root.appending(path: $0) }
        var inputs: [URL] = []
        for dir in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            for name in names.sorted() where !name.hasPrefix(".") {
                inputs.append(dir.appending(path: name))
            }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding Shaders/ and Assets/",
                executable: try context.tool(named: "GlintEmbed").url,
                arguments: [output.path] + folders.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
