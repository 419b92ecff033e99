// Runs GlintEmbed over the package's top-level Shaders/ and Assets/ folders, which SwiftPM cannot
// treat as resources (they live outside any target), and adds the generated Swift to the target.
import Foundation
import PackagePlugin

@main
struct EmbedResources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        var inputs: [URL] = []
        for folder in ["Shaders", "Assets"] {
            let dir = root.appending(path: folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            for name in names.sorted() where !name.hasPrefix(".") {
                inputs.append(dir.appending(path: name))
            }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) files from Shaders/ and Assets/",
                executable: try context.tool(named: "GlintEmbed").url,
                arguments: [output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
