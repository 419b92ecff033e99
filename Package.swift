// swift-tools-version:6.1
import CompilerPluginSupport
import PackageDescription

// The tests' own code (reference pictures computed pixel by pixel, image comparisons, checksums) is
// compiled optimised even in a debug build: unoptimised, it was a third of the suite's CPU time on two
// cores. The library stays a debug build with testability, as `@testable import` needs; these flags are
// on test targets only, which a package depending on Glint never builds.
let optimised: [SwiftSetting] = [.unsafeFlags(["-O"])]

let package = Package(
    name: "Glint",
    products: [
        .library(name: "GlintCore", targets: ["GlintCore"]),
        .library(name: "GlintRender", targets: ["GlintRender"]),
        // The SwiftUI-style API: shaders, views, effect modifiers, ImageRenderer, the window.
        .library(name: "Glint", targets: ["Glint"]),
        // The glint window's heads-up display, controls panel and dock, made of Glint's views.
        .library(name: "GlintControls", targets: ["GlintControls"]),
        // libepoxy's GL functions, for a client that issues GL calls of its own (the glint command's
        // bench finishes each frame with glFinish).
        .library(name: "CEpoxy", targets: ["CEpoxy"]),
        // Sound that drives effects: audio files and live capture (the microphone, what is playing).
        .library(name: "GlintAudio", targets: ["GlintAudio"]),
    ],
    // `@Entry` is a macro, and a macro is a compiler plugin built from swift-syntax: a long build
    // (minutes in debug, about ten in release on two cores) that a package pays only when it asks
    // for the macro with this trait (`.package(url: …, traits: ["EntryMacro"])`; `swift build
    // --traits EntryMacro` here). Without it Glint builds nothing of swift-syntax.
    traits: [
        .trait(name: "EntryMacro", description: "SwiftUI's @Entry macro for custom EnvironmentValues keys (builds swift-syntax)"),
    ],
    // swift-syntax only, for the `@Entry` macro's plugin: a package that depends on Glint fetches
    // nothing else, and builds it only with the EntryMacro trait. The `glint` command, which needs
    // swift-argument-parser, is a package of its own in App/ (Tests/GlintAppTests/PackageTests.swift checks this).
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
    ],
    targets: [
        // C libraries, found through pkg-config; each has a shim header and a module map.
        .systemLibrary(name: "CGLFW", pkgConfig: "glfw3", providers: [.apt(["libglfw3-dev"])]),
        .systemLibrary(name: "CEpoxy", pkgConfig: "epoxy", providers: [.apt(["libepoxy-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev", "libdeflate-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CSndfile", pkgConfig: "sndfile", providers: [.apt(["libsndfile1-dev"])]),
        .systemLibrary(name: "CFFTW", pkgConfig: "fftw3f", providers: [.apt(["libfftw3-dev"])]),
        // libpulse.pc asks for -D_REENTRANT and -pthread, which SwiftPM refuses with a warning on every build: the
        // module map links libpulse itself, and its headers are on the default path.
        .systemLibrary(name: "CPulse", providers: [.apt(["libpulse-dev"])]),

        // Pure Swift: pointer events, gestures, springs, the clock, effect descriptions. No GL, no GLFW.
        .target(name: "GlintCore"),

        // Everything that touches OpenGL: programs, targets, the effect chain, EGL headless, PNG, text.
        .target(
            name: "GlintRender",
            dependencies: ["GlintCore", "CEpoxy", "CPNG", "CJPEG", "CFreeType"],
            plugins: ["EmbedResources"]
        ),

        // The library users import: SwiftUI's shader-effect model (Shader, ShaderLibrary, views and
        // their effect modifiers, ImageRenderer) and a GLFW window any package can open.
        .target(name: "Glint", dependencies: [
            "GlintCore", "GlintRender", "CGLFW", "CEpoxy",
            .target(name: "GlintMacros", condition: .when(traits: ["EntryMacro"])),
        ]),

        // The compiler plugin behind Glint's macros (`@Entry`), built from swift-syntax; it runs in
        // the compiler, never in an app, and is built only with the EntryMacro trait.
        .macro(
            name: "GlintMacros",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]
        ),

        // The glint app's UI as library views any package can use: `HeadsUpDisplay`, `EffectControls`
        // and `ControlsDock`. Made of Glint's public views; reaches Glint's view graph through
        // `package` declarations only, as any view of the library would.
        .target(name: "GlintControls", dependencies: ["Glint", "GlintCore", "GlintRender"]),

        // Sound: what an audio input is, where it comes from (files through libsndfile, live capture
        // through libpulse), the level meter and Shadertoy's sound texture (FFTW). No GL.
        .target(name: "GlintAudio", dependencies: ["GlintCore", "CSndfile", "CFFTW", "CPulse"]),

        // Build tool: turns the top-level Shaders/ and Assets/ into Swift source, so the binary runs from anywhere.
        .executableTarget(name: "GlintEmbed"),
        .plugin(name: "EmbedResources", capability: .buildTool(), dependencies: ["GlintEmbed"]),

        // Test helpers every test target shares: temporary files removed when each test ends, notes
        // of measurements printed on request.
        .target(name: "GlintTestSupport", dependencies: ["GlintCore"], path: "Tests/GlintTestSupport", swiftSettings: optimised),
        .testTarget(name: "GlintCoreTests", dependencies: ["GlintCore", "GlintTestSupport"], swiftSettings: optimised),
        .testTarget(name: "GlintAudioTests", dependencies: ["GlintAudio", "GlintCore", "GlintTestSupport"], swiftSettings: optimised),
        // Golden images live beside their tests and are read by path, not bundled.
        .testTarget(name: "GlintRenderTests", dependencies: ["Glint", "GlintControls", "GlintCore", "GlintRender", "GlintTestSupport"], exclude: ["Goldens"], swiftSettings: optimised),
        .testTarget(name: "GlintAppTests", dependencies: ["GlintControls", "GlintCore", "GlintRender", "GlintAudio", "GlintTestSupport"], swiftSettings: optimised),
        // The SwiftUI-style API: views resolved into frame graphs, and ImageRenderer drawing them headless.
        // Its Metal ports (MetalPorts/) are read by path, not bundled.
        // What the `@Entry` macro expands to, and its diagnostics, checked without a compiler run.
        .testTarget(name: "GlintMacrosTests", dependencies: [
            "GlintMacros", .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
            .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
        ]),
        .testTarget(name: "GlintTests", dependencies: ["Glint", "GlintControls", "GlintCore", "GlintRender", "GlintTestSupport"], exclude: ["MetalPorts"], swiftSettings: optimised),
    ]
)
