import Foundation
import GlintTestSupport
import Testing

/// The Glint package as a dependency: a package that depends on the Glint library fetches nothing
/// but swift-syntax (for the `@Entry` macro's plugin). The `glint` command's swift-argument-parser
/// belongs to the App/ package, never the root.
@Suite("Package (the library's dependencies)", .removesTemporaryFiles)
struct PackageTests {
    /// The clone this test file belongs to.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// `swift package dump-package` of the package at `path`: its manifest as SwiftPM reads it, as
    /// JSON. Offline (it reads the manifest only, resolving nothing), with a scratch folder of its
    /// own so it never waits on the .build that `swift test` is using.
    static func manifest(_ path: String) throws -> [String: Any] {
        let scratch = try TemporaryFiles.folder("glint-dump-package")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--package-path", path, "--scratch-path", scratch, "dump-package"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "swift package dump-package --package-path \(path) failed: \(errors)")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("the root package (the Glint library) declares no package dependency but swift-syntax")
    func rootHasNoDependencies() throws {
        let manifest = try Self.manifest(Self.root)
        let dependencies = try #require(manifest["dependencies"] as? [Any], "no 'dependencies' in the dumped manifest")
        let others = dependencies.filter { !String(describing: $0).contains("swift-syntax") }
        #expect(dependencies.count <= 1 && others.isEmpty, """
            Package.swift declares package dependencies besides swift-syntax, which every package depending on \
            the Glint library would fetch: \(dependencies). A dependency of the glint command belongs in App/Package.swift.
            """)
        // swift-syntax builds only for a package that asks for `@Entry`: the library's one dependency
        // on the macro's plugin is under the EntryMacro trait, and no default trait turns it on.
        let targets = try #require(manifest["targets"] as? [[String: Any]])
        let glint = try #require(targets.first { $0["name"] as? String == "Glint" }, "no Glint target")
        let macroUse = String(describing: glint["dependencies"] ?? [])
        #expect(macroUse.contains("GlintMacros") && macroUse.contains("EntryMacro"),
                "the Glint target's dependency on GlintMacros is not under the EntryMacro trait: \(macroUse)")
        let traits = (manifest["traits"] as? [[String: Any]]) ?? []
        #expect(!traits.contains { $0["name"] as? String == "default" },
                "Package.swift declares default traits, which every package depending on Glint builds: \(traits)")
        // Its products are libraries only: the command is the App/ package's.
        let products = try #require(manifest["products"] as? [[String: Any]])
        let nonLibraries = products.filter { ($0["type"] as? [String: Any])?["library"] == nil }.compactMap { $0["name"] as? String }
        #expect(nonLibraries.isEmpty, "the root package vends \(nonLibraries), which are not libraries")
        #expect(products.compactMap { $0["name"] as? String }.contains("Glint"))
    }

    @Test("the App package holds the glint command, with swift-argument-parser and Glint by path")
    func appHasTheCommand() throws {
        let manifest = try Self.manifest(Self.root + "/App")
        let dependencies = try #require(manifest["dependencies"] as? [Any])
        let text = String(describing: dependencies)
        #expect(text.contains("swift-argument-parser"), "App/Package.swift no longer depends on swift-argument-parser: \(text)")
        #expect(text.contains("fileSystem"), "App/Package.swift no longer depends on the Glint package by path: \(text)")
        let products = try #require(manifest["products"] as? [[String: Any]])
        let glint = products.first { $0["name"] as? String == "glint" }
        #expect((glint?["type"] as? [String: Any])?["executable"] != nil, "App/Package.swift has no glint executable product")
    }

    /// The App/ package's glint asks for no trait, as most users' packages: its release build (which
    /// scripts/test makes first) compiled nothing of swift-syntax, the `@Entry` macro's minutes.
    @Test("a package without the EntryMacro trait (the glint command's) builds nothing of swift-syntax")
    func appBuildsNoSwiftSyntax() throws {
        let release = Self.root + "/App/.build/release"
        // Only what scripts/test built can be read: a clone whose App/ was never built has nothing to check.
        guard let folders = try? FileManager.default.contentsOfDirectory(atPath: release) else { return }
        #expect(try Self.objects(in: release + "/Glint.build") > 0, "\(release)/Glint.build holds no object: the test reads the wrong folder")
        // SwiftPM plans every module of the graph (their folders exist, with maps but no objects); what was compiled has objects.
        let compiled = try folders.filter { ($0.hasPrefix("SwiftSyntax") || $0.hasPrefix("GlintMacros")) && $0.hasSuffix(".build") }
            .filter { try Self.objects(in: release + "/" + $0) > 0 }
        #expect(compiled.isEmpty, "the glint command's release build compiled \(compiled.sorted()): Glint builds the macro without the trait")
    }

    /// How many object files (`.o`) the folder holds.
    static func objects(in folder: String) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".o") }.count
    }

    /// Examples/ depends on the Glint package by path, as a user's package would: what SwiftPM
    /// resolved for it (scripts/test builds it first) holds nothing fetched from elsewhere but swift-syntax.
    @Test("Examples' resolved dependencies (a user's package) hold no swift-argument-parser")
    func examplesFetchNothing() throws {
        let resolved = Self.root + "/Examples/Package.resolved"
        // SwiftPM writes no Package.resolved for a package with nothing to pin.
        guard let data = FileManager.default.contents(atPath: resolved) else { return }
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(resolved) is not JSON")
        let pins = (json["pins"] as? [[String: Any]]) ?? []
        let identities = pins.compactMap { $0["identity"] as? String }
        #expect(!identities.contains("swift-argument-parser"), "\(resolved) pins swift-argument-parser: the Glint library pulls it in")
        #expect(identities.allSatisfy { $0 == "swift-syntax" }, "\(resolved) pins \(identities): a package depending on Glint fetches them")
    }
}
