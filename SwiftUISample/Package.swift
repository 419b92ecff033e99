// swift-tools-version:6.1
import PackageDescription

// A SwiftUI app as written for SwiftUI (`@main struct …: App`, `import Glint` alone), in a
// package of its own beside Examples/, depending on Glint as a user's app would: by path here;
// by URL in yours.
let package = Package(
    name: "SwiftUISample",
    dependencies: [
        // The EntryMacro trait brings SwiftUI's `@Entry` (a macro: Glint then builds swift-syntax).
        .package(name: "Glint", path: "..", traits: ["EntryMacro"]),
    ],
    targets: [
        .executableTarget(
            name: "swiftui-sample",
            dependencies: [.product(name: "Glint", package: "Glint")],
            path: "Sources/SwiftUISample"
        ),
    ]
)
