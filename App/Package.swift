// swift-tools-version:6.1
import PackageDescription

// The `glint` command: a client of the Glint library (the package one folder up, by path), plus the
// command line. A package of its own so that swift-argument-parser is this package's dependency
// only: a package depending on the Glint library fetches nothing else.
//   swift build -c release --package-path App    # then App/.build/release/glint (scripts/run does both)
let package = Package(
    name: "GlintApp",
    products: [
        .executable(name: "glint", targets: ["glint"]),
    ],
    dependencies: [
        .package(name: "Glint", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // Counts heap allocations for `glint bench` by wrapping glibc's allocator.
        .target(name: "CAllocCounter"),
        // Temporary files that never outlive glint: unnamed (O_TMPFILE) writes, and a signal
        // handler that removes named ones on SIGINT/SIGTERM.
        .target(name: "CFiles"),

        .executableTarget(
            name: "glint",
            dependencies: [
                .product(name: "Glint", package: "Glint"),
                .product(name: "GlintControls", package: "Glint"),
                .product(name: "GlintCore", package: "Glint"),
                .product(name: "GlintRender", package: "Glint"),
                .product(name: "GlintAudio", package: "Glint"),
                .product(name: "CEpoxy", package: "Glint"),
                "CAllocCounter", "CFiles",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
    ]
)
