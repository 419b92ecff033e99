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
