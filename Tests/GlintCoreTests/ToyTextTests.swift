import Foundation
import Testing
@testable import GlintCore

/// The tools' loaders as pure text work: a Shadertoy folder's tabs held in memory through
/// `ToyFiles.files`, no disk, no image decoding and no GL context; the passes the renderer
/// would be given, their line maps and channels.
@Suite("Toy loaders from text")
struct ToyTextTests {
    static let tabs: [String: String] = [
        "toy/Image.glsl": "#iChannel0 \"Buffer B\"\n#iChannel1 \"noise.png\" nearest repeat\nvoid mainImage(out vec4 c, in vec2 p) { c = texture(iChannel0, p / iResolution.xy) * shade(); }\n",
        "toy/Buffer A.glsl": "#iChannel0 \"self\"\nvoid mainImage(out vec4 c, in vec2 p) { c = texture(iChannel0, p) + 0.01; }\n",
        "toy/BufferB.frag": "#iChannel0 \"Buffer A\" mipmap\n#include \"lib/wave.glsl\"\nvoid mainImage(out vec4 c, in vec2 p) { c = wave(p); }\n",
        "toy/Common.glsl": "float shade() { return 0.5; }\n",
        "toy/lib/wave.glsl": "vec4 wave(vec2 p) { return vec4(sin(p.x)); }\n",
    ]

    /// The in-memory files, each picture asked for recorded and made a 1×1 image labelled with who wanted it.
    static func files(asked: Asked) -> ToyFiles {
        ToyFiles.files(tabs) { path, what, flipsY in
            asked.append("\(path) for \(what)\(flipsY ? "" : " unflipped")")
            return Image(width: 1, height: 1, pixels: [1, 2, 3, 255], identity: .file(path: path, size: 4, modified: 0), label: what)
        }
    }

    final class Asked: @unchecked Sendable {
        private let lock = NSLock()
        private var held: [String] = []
        func append(_ s: String) { lock.withLock { held.append(s) } }
        var all: [String] { lock.withLock { held } }
    }

    @Test("a folder's two buffers and Image become three passes in Shadertoy's order, each reading what its #iChannel lines name, its includes and Common spliced in with their line maps")
    func folderTabs() throws {
        let asked = Asked()
        let program = try ToyLoader.load("toy", dialect: .shadertoy, files: Self.files(asked: asked))
        #expect(program.name == "toy")
        #expect(program.buffers.map(\.name) == ["Buffer A", "Buffer B"])
        #expect(program.passes.map(\.name) == ["Buffer A", "Buffer B", "Image"])
        #expect(program.passes.map(\.target) == [0, 1, nil])
        #expect(program.passes[0].channels.map(\.source) == [.buffer(0)], "Buffer A reads itself")
        #expect(program.passes[1].channels.map(\.source) == [.buffer(0)] && program.passes[1].channels[0].filter == .mipmap)
        let image = program.passes[2].channels
        #expect(image.map(\.uniform) == ["iChannel0", "iChannel1"])
        #expect(image[0].source == .buffer(1) && image[1].filter == .nearest && image[1].wrap == .repeat)
        guard case .image(let picture) = image[1].source else { Issue.record("iChannel1 is not the picture"); return }
        #expect(picture.label == "Image's iChannel1")
        #expect(asked.all == ["toy/noise.png for Image's iChannel1"], "the picture is asked for once, through the files given")
        // Each pass is the user's tab as source string 2, its channel lines blanked so its lines keep their numbers.
        #expect(program.passes[2].files[ShadertoyLoader.passString] == "toy/Image.glsl")
        #expect(program.passes[1].files[ShadertoyLoader.passString] == "toy/BufferB.frag")
        #expect(program.passes[1].files.values.contains("toy/lib/wave.glsl"), "the included file is named in the line map")
        #expect(program.passes[0].source.contains("#line 1 2\n\nvoid mainImage(inout vec4 c, in vec2 p) { c = texture(iChannel0, p) + 0.01; }\n"))
        #expect(program.passes[1].source.contains("vec4 wave(vec2 p) { return vec4(sin(p.x)); }"))
        #expect(program.passes.allSatisfy { $0.source.contains("float shade() { return 0.5; }") }, "Common comes before every tab")
    }

    @Test("a folder with no Image tab is refused with the folder's name, as from the disk")
    func noImage() {
        let files = ToyFiles.files(["bare/Buffer A.glsl": "void mainImage(out vec4 c, in vec2 p) { c = vec4(1.0); }\n"]) { _, _, _ throws(RenderError) in
            throw .image("no pictures here")
        }
        #expect(throws: RenderError.arguments("cannot read the effect file 'bare': it is a folder with no Image.glsl; a folder is read as a Shadertoy shader's tabs: Image.glsl, and Buffer A.glsl … Buffer D.glsl and Common.glsl if it has them")) {
            try ToyLoader.load("bare", dialect: .shadertoy, files: files)
        }
    }
}
