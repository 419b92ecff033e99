// swift-tools-version:6.1
import PackageDescription

// A package outside Glint that uses it as a user would: by path here; by URL in yours, e.g.
//   .package(url: "https://example.com/glint.git", branch: "main")
let package = Package(
    name: "GlintExamples",
    dependencies: [
        // The EntryMacro trait brings SwiftUI's `@Entry` (a macro, built from swift-syntax); SwiftUISample,
        // which uses it, shares this package's build folder, so both ask for the same.
        .package(name: "Glint", path: "..", traits: ["EntryMacro"]),
    ],
    targets: [
        .executableTarget(
            name: "card-demo",
            dependencies: [.product(name: "Glint", package: "Glint")],
            path: "Sources/CardDemo",
            exclude: ["card.png", "tint.glsl"]
        ),
        .executableTarget(
            name: "seed-views",
            dependencies: [.product(name: "Glint", package: "Glint")],
            path: "Sources/SeedViews"
        ),
        // Probes of the library where a library can fail its program (contexts, sizes, runaway shaders).
        .executableTarget(
            name: "library-probe",
            dependencies: [.product(name: "Glint", package: "Glint"), .product(name: "GlintCore", package: "Glint"),
                           .product(name: "GlintRender", package: "Glint")],
            path: "Sources/LibraryProbe"
        ),
        // A shader file of any kind (EffectFile) in a Window: live reload, a Shadertoy's keyboard, S and V.
        .executableTarget(
            name: "toy-window",
            dependencies: [.product(name: "Glint", package: "Glint"), .product(name: "GlintAudio", package: "Glint")],
            path: "Sources/ToyWindow"
        ),
        // SwiftUI's visual modifiers and styles in one picture (the README's).
        .executableTarget(
            name: "effects-sheet",
            dependencies: [.product(name: "Glint", package: "Glint")],
            path: "Sources/EffectsSheet"
        ),
        // A transition in a window: a click fades a square in or out (`.transition(.opacity)`).
        .executableTarget(
            name: "transition-demo",
            dependencies: [.product(name: "Glint", package: "Glint")],
            path: "Sources/TransitionDemo"
        ),
        // Shader and image resources the SwiftUI way: its Metal and GLSL files through
        // ShaderLibrary.bundle(.module) and ShaderLibrary.default, its PNG through Image(_:bundle:).
        .executableTarget(
            name: "resource-probe",
            dependencies: [.product(name: "Glint", package: "Glint")],
            path: "Sources/ResourceProbe",
            resources: [.copy("Shaders"), .process("badge.png")]
        ),
        // Apple's ripple sample (WWDC24): a tap, a keyframeAnimator and a Metal layerEffect, as written
        // but for its UIKit gesture.
        .executableTarget(
            name: "ripple",
            dependencies: [.product(name: "Glint", package: "Glint"), .product(name: "GlintCore", package: "Glint"),
                           .product(name: "GlintRender", package: "Glint")],
            path: "Sources/Ripple",
            resources: [.copy("Ripple.metal"), .process("card.png")]
        ),
        // Seed 000's ContentView as written (withAnimation springs, a periodic TimelineView, a
        // DragGesture), its haptics left out; --compare measures it against HarmonicView.
        .executableTarget(
            name: "seed000",
            dependencies: [.product(name: "Glint", package: "Glint"), .product(name: "GlintCore", package: "Glint"),
                           .product(name: "GlintRender", package: "Glint")],
            path: "Sources/Seed000",
            resources: [.copy("Harmonic.metal"), .process("My-meme-orange-microphone.png")]
        ),
    ]
)
