import Foundation

/// glslViewer's shaders, as glslViewer runs a fragment shader with no model: one file whose
/// `main()` writes `gl_FragColor`, declaring the uniforms it reads (`u_time`, `u_delta`,
/// `u_frame`, `u_date`, `u_resolution`, `u_mouse`, `u_pixelDensity`); the images given on the
/// command line as `u_tex0`, `u_tex1` … or `u_NAME`, each with its size in `u_…Resolution`.
///
/// Passes live in the same file behind `#if defined(BUFFER_0)` (or `#ifdef`): glslViewer counts
/// the `BUFFER_N` and `DOUBLE_BUFFER_N` it finds on `#if`/`#elif`/`#ifdef` lines and compiles the
/// file once per pass with that pass's `#define`. `BUFFER_N` draws `u_buffer0…` (cleared each
/// frame) in order, then `DOUBLE_BUFFER_N` draws `u_doubleBuffer0…` (kept: read by itself as the
/// last frame), then the main pass draws the picture. A buffer's size follows its sampler's
/// declaration when a comment gives one: `uniform sampler2D u_buffer0; // 256x256`, or `// 0.5`
/// of the view.
///
/// The file is GLSL 1.10 as glslViewer compiles it on the desktop, made GLSL 3.30 by a header:
/// `gl_FragColor`, `texture2D` and `varying` mean what they meant, and `v_texcoord` (0…1 across
/// the picture) and `v_position` (−1…1) hold what glslViewer's vertex shader passes. A file with
/// a `#version` line of its own (dropped: every pass is 3.30) may write its own `out vec4`.
enum GlslViewerLoader {
    /// Source-string numbers: the header, the user's file, the generated `main`.
    static let headerString = 1
    package static let passString = 2
    static let mainString = 3
    /// What `GLSLVIEWER` is defined as (glslViewer defines its version, 3.x.y as "3xy").
    static let version = "300"
    /// The most samplers one pass may read (images and buffers): OpenGL 3.3 promises 16 units.
    static let maxSamplers = 16

    /// The varyings glslViewer's vertex shader writes, and how the generated `main` computes each
    /// from the fragment's position (`glint_resolution` is the pass's size in pixels).
    static let varyings: [(name: String, type: String, value: String)] = [
        ("v_texcoord", "vec2", "gl_FragCoord.xy / glint_resolution"),
        ("v_position", "vec4", "vec4(gl_FragCoord.xy / glint_resolution * 2.0 - 1.0, 0.0, 1.0)"),
    ]

    /// The sampler that gets the sound (`--audio`): Shadertoy's 512×2 texture, spectrum and waveform.
    static let soundUniform = "u_tex"

    /// Whether `code` declares `uniform sampler2D NAME;`.
    static func declaresSampler(_ name: String, in code: String) -> Bool {
        code.split(separator: "\n").contains { line in
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ";" })
            return words.count >= 3 && words[0] == "uniform" && words[1] == "sampler2D" && words[2] == Substring(name)
        }
    }

    static func load(_ path: String, options: ToyLoadOptions, files toyFiles: ToyFiles) throws(RenderError) -> ToyProgram {
        let textures = options.textures
        _ = try toyFiles.readText(path, for: "the shader")
        var expander = IncludeExpander(reader: toyFiles.reader)
        expander.searchPaths = options.includePaths
        var files: [Int: String] = [headerString: "Glint's glslViewer header", mainString: "Glint's glslViewer main"]
        let expanded = try ToyLoader.expand(path, stringNumber: passString, files: &files, expander: &expander)
        let ownsOutput = declaresOutput(expanded)
        let code = inputsAsGlobals(ToyLoader.blankVersion(expanded))
        let bufferCount = try passCount("BUFFER", in: code, file: path)
        let doubleCount = try passCount("DOUBLE_BUFFER", in: code, file: path)

        // The images, each read once: `u_tex0…` in order, `u_NAME` by name.
        var images: [(uniform: String, image: Image)] = []
        var unnamed = 0
        for texture in textures {
            let uniform: String
            if let name = texture.name {
                uniform = name.hasPrefix("u_") ? name : "u_" + name
            } else {
                uniform = "u_tex\(unnamed)"
                unnamed += 1
            }
            if images.contains(where: { $0.uniform == uniform }) {
                throw .arguments("--texture gives \(uniform) twice; give each texture once (unnamed ones are u_tex0, u_tex1, … in order)")
            }
            images.append((uniform, try toyFiles.loadImage(texture.path, "--texture \(uniform)", flipsY: true)))
        }
        if images.count + bufferCount + doubleCount > maxSamplers {
            throw .shader(file: path, line: nil, stage: "glslViewer",
                          log: "\(images.count) textures, \(bufferCount) buffers and \(doubleCount) double buffers are more than the \(maxSamplers) samplers a pass may read")
        }

        var buffers: [ToyBuffer] = []
        for b in 0..<bufferCount {
            buffers.append(ToyBuffer(name: "BUFFER_\(b)", isFloat: true, isPersistent: false, size: try bufferSize(of: "u_buffer\(b)", in: code, files: files)))
        }
        for b in 0..<doubleCount {
            buffers.append(ToyBuffer(name: "DOUBLE_BUFFER_\(b)", isFloat: true, isPersistent: true, size: try bufferSize(of: "u_doubleBuffer\(b)", in: code, files: files)))
        }
        let declared = varyings.filter { declaresVarying($0.name, in: expanded) }
        let readsSound = declaresSampler(soundUniform, in: code) && !images.contains { $0.uniform == soundUniform }
        func pass(_ define: String?, target: Int?) -> ToyPass {
            var channels = images.map {
                ToyChannel(uniform: $0.uniform, source: .image($0.image), filter: .linear, wrap: .repeat, flipsY: true,
                           resolutionUniform: $0.uniform + "Resolution")
            }
            for b in 0..<bufferCount where b != target {  // a buffer does not read itself
                channels.append(ToyChannel(uniform: "u_buffer\(b)", source: .buffer(b), filter: .linear, wrap: .repeat))
            }
            for b in 0..<doubleCount {
                channels.append(ToyChannel(uniform: "u_doubleBuffer\(b)", source: .buffer(bufferCount + b), filter: .linear, wrap: .repeat))
            }
            if readsSound {  // `--audio`'s 512×2 sound texture, as Shadertoy's sound input
                channels.append(ToyChannel(uniform: soundUniform, source: .sound, filter: .linear, wrap: .clamp,
                                           resolutionUniform: soundUniform + "Resolution"))
            }
            let source = "#version 330 core\n#line 1 \(headerString)\n\(header(define: define, ownsOutput: ownsOutput))\n#line 1 \(passString)\n\(code)\n#line 1 \(mainString)\n\(main(setting: declared))\n"
            return ToyPass(name: define ?? "main", source: source, files: files, target: target, channels: channels)
        }
        var passes: [ToyPass] = []
        for b in 0..<bufferCount { passes.append(pass("BUFFER_\(b)", target: b)) }
        for b in 0..<doubleCount { passes.append(pass("DOUBLE_BUFFER_\(b)", target: bufferCount + b)) }
        passes.append(pass(nil, target: nil))
        // Uniforms declared with a `// glint:` annotation become inputs (controls, --param, --state).
        let inputs = try ToyLoader.annotatedInputs(in: expanded, file: path)
        return ToyProgram(dialect: .glslViewer, name: ToyLoader.displayName(path), buffers: buffers, passes: passes, inputs: inputs)
    }

    /// What every pass starts with: glslViewer's defines, the pass's own, and GLSL 1.10's names
    /// for what GLSL 3.30 calls otherwise. The user's `main` is renamed, so the generated one can
    /// fill the varyings first.
    /// A file that declares its own `out vec4` (GLSL 1.30 and later) keeps it: the only output,
    /// it is the picture.
    static func header(define: String?, ownsOutput: Bool) -> String {
        """
        #define GLSLVIEWER \(version)
        #define MODEL_VERTEX_TEXCOORD v_texcoord
        \(define.map { "#define \($0)\n" } ?? "")\(ownsOutput ? "" : "out vec4 glint_toyColor;\n#define gl_FragColor glint_toyColor\n")uniform vec2 glint_resolution;
        #define texture2D texture
        #define texture2DProj textureProj
        #define texture2DLod textureLod
        #define textureCube texture
        #define varying
        #define main glint_userMain
        """
    }

    /// The generated `main`: the varyings the file declares, then the file's `main`.
    static func main(setting declared: [(name: String, type: String, value: String)]) -> String {
        let assignments = declared.map { "    \($0.name) = \($0.value);\n" }.joined()
        return "#undef main\nvoid main() {\n\(assignments)    glint_userMain();\n}"
    }

    /// Whether the code declares the varying `name` (`varying vec2 v_texcoord;`, or `in` in
    /// GLSL 1.30 and later).
    static func declaresVarying(_ name: String, in code: String) -> Bool {
        code.split(separator: "\n").contains { line in
            let words = line.split { !($0.isLetter || $0.isNumber || $0 == "_") }
            return (words.first == "varying" || words.first == "in") && words.dropFirst(2).first.map { $0 == name } == true
        }
    }

    /// Whether the code, under a `#version` line, declares an output of its own
    /// (`out vec4 fragColor;`), as glslViewer files for GLSL 1.30 and later do.
    static func declaresOutput(_ code: String) -> Bool {
        var versioned = false
        for line in code.split(separator: "\n") {
            let words = line.split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "#") }
            if words.first == "#version" { versioned = true }
            if versioned, words.count >= 3, words[0] == "out", words[1] == "vec4" { return true }
        }
        return false
    }

    /// `in vec2 v_texcoord;` made a global the generated `main` fills (no vertex shader of
    /// Glint's writes it): the `in` blanked, the line and columns kept.
    static func inputsAsGlobals(_ code: String) -> String {
        guard code.contains("in ") else { return code }
        return code.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let words = line.split { !($0.isLetter || $0.isNumber || $0 == "_") }
            guard words.first == "in", words.count >= 3, varyings.contains(where: { $0.name == words[2] }),
                  let keyword = line.range(of: "in") else { return String(line) }
            return line.replacingCharacters(in: keyword, with: "  ")
        }.joined(separator: "\n")
    }

    /// How many passes named `PREFIX_N` the code has, counted as glslViewer counts them: the
    /// different N named on `#if`, `#elif` and `#ifdef` lines. They must be 0, 1, … with none
    /// missing: glslViewer draws N passes numbered from 0 whatever numbers the file uses.
    static func passCount(_ prefix: String, in code: String, file: String) throws(RenderError) -> Int {
        var found: Set<Int> = []
        for line in code.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("#if") || trimmed.hasPrefix("#elif") else { continue }
            for word in trimmed.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }) {
                guard word.hasPrefix(prefix + "_"), let n = Int(word.dropFirst(prefix.count + 1)), n >= 0 else { continue }
                found.insert(n)
            }
        }
        if let missing = (0..<found.count).first(where: { !found.contains($0) }) {
            throw .shader(file: file, line: nil, stage: "glslViewer",
                          log: "the file has \(found.sorted().map { "\(prefix)_\($0)" }.joined(separator: ", ")) but no \(prefix)_\(missing): glslViewer numbers its passes 0, 1, 2 … with none missing")
        }
        return found.count
    }

    /// The file and line (from 1) that line `index` (from 0) of `code` came from: `code` is the
    /// user's file (source string `passString`) with its includes spliced in, each after a
    /// `#line` directive naming its number in `files`.
    static func origin(ofLine index: Int, in code: String, files: [Int: String]) -> (file: String, line: Int) {
        var string = passString
        var line = 1
        for (k, row) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if k == index { break }
            let words = row.split(separator: " ")
            if words.count == 3, words[0] == "#line", let next = Int(words[1]), let n = Int(words[2]) {
                string = n
                line = next - IncludeExpander.lineBase(n)
            } else {
                line += 1
            }
        }
        return (files[string] ?? files[passString] ?? "", line)
    }

    /// A buffer's size from the comment after its sampler's declaration, as glslViewer reads it:
    /// `uniform sampler2D u_buffer0; // 512x256` (pixels) or `// 0.5` (of the view); the view's
    /// size without one.
    /// A size out of range (a side past `ToySize.maxSide` pixels, a scale that is not a positive
    /// number a 1-pixel picture can be drawn at) is one line naming the file, the line and the size.
    static func bufferSize(of uniform: String, in code: String, files: [Int: String]) throws(RenderError) -> ToySize {
        for (n, line) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let words = line.split { $0 == " " || $0 == "\t" }
            guard words.count >= 4, words[0] == "uniform", words[1] == "sampler2D", words[2] == uniform + ";" || (words[2] == uniform && words[3] == ";") else { continue }
            guard let comment = line.range(of: "//") else { continue }
            let size = line[comment.upperBound...].trimmingCharacters(in: .whitespaces)
            let word = size.split(separator: " ").first.map(String.init) ?? ""
            func refuse(_ why: String) -> RenderError {
                let place = origin(ofLine: n, in: code, files: files)
                return .shader(file: place.file, line: place.line, stage: "glslViewer", log: "\(uniform)'s size '\(word.count > 40 ? word.prefix(37) + "…" : word)' \(why)")
            }
            let parts = word.split(separator: "x", omittingEmptySubsequences: false)
            if parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) {
                guard let w = Int(parts[0]), let h = Int(parts[1]), (1...ToySize.maxSide).contains(w), (1...ToySize.maxSide).contains(h) else {
                    throw refuse("is past what a buffer can be: each side is 1 to \(ToySize.maxSide) pixels")
                }
                return .expressions(width: String(w), height: String(h))
            }
            if let scale = Double(word) {
                guard scale.isFinite, scale > 0, scale <= Double(ToySize.maxSide) else {
                    throw refuse("is not a scale of the view a buffer can have: more than 0, at most \(ToySize.maxSide)")
                }
                return .expressions(width: "$WIDTH*\(word)", height: "$HEIGHT*\(word)")
            }
        }
        return .view
    }
}
