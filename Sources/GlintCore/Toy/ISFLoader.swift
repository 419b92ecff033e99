import Foundation

/// Interactive Shader Format (ISF) files, as VVISF (the format's reference host) runs them: a
/// fragment shader opening with a `/*{ … }*/` JSON comment that declares its `INPUTS` (uniforms
/// of type float, long, bool, event, color, point2D, image, audio, audioFFT), `IMPORTED` images
/// and `PASSES`.
///
/// Every pass compiles the same code; `PASSINDEX` tells them apart. A pass with a `TARGET` draws
/// a buffer of that name (8-bit, or half float with `FLOAT`; the picture's size, or `WIDTH` and
/// `HEIGHT` expressions of `$WIDTH`, `$HEIGHT` and the inputs), cleared each frame unless
/// `PERSISTENT`; the last pass draws the picture (and its target, if it names one). A
/// non-persistent target read before its pass has drawn it this frame reads nothing, as in
/// VVISF, which empties them after each frame.
///
/// The uniforms are VVISF's: `TIME`, `TIMEDELTA` (0 at time 0), `FRAMEINDEX`, `DATE` (months
/// 1–12), `RENDERSIZE` (the pass's size), `PASSINDEX`, and `isf_FragNormCoord`; images are read
/// with `IMG_NORM_PIXEL`, `IMG_PIXEL`, `IMG_THIS_PIXEL`, `IMG_THIS_NORM_PIXEL` and `IMG_SIZE`,
/// each image's size also in `_NAME_imgSize`. Image inputs take the files given with
/// `--texture NAME=FILE` (or unnamed, in order). `audio` and `audioFFT` inputs are images of
/// `--audio`'s sound as VVISF makes them: one row (the sound is mono), `MAX` columns (at most,
/// and without `MAX` all of, the 512 of Shadertoy's sound texture, averaged down to `MAX`),
/// the value in red, green and blue: `audio` the waveform, each texel a sample centred on 0.5;
/// `audioFFT` the spectrum, each texel a band's magnitude 0…1 (Web Audio's decibel scale).
/// Without `--audio` they hold silence (0.5, and 0).
enum ISFLoader {
    /// Source-string numbers: the header, the user's file, the pass that shows a last pass's
    /// target.
    static let headerString = 1
    package static let passString = 2
    static let copyString = 3
    /// The most samplers one pass may read: OpenGL 3.3 promises 16 units.
    static let maxSamplers = 16
    /// Names the header declares, which an input or target cannot take.
    static let reserved: Set<String> = ["PASSINDEX", "RENDERSIZE", "TIME", "TIMEDELTA", "DATE", "FRAMEINDEX",
                                        "isf_FragNormCoord", "vv_FragNormCoord", "main"]
    static let inputTypes = ["float", "long", "bool", "event", "color", "point2D", "image", "audio", "audioFFT"]

    /// One `PASSES` entry.
    struct Pass {
        var target: String?
        var isPersistent: Bool
        var isFloat: Bool
        var width: String?
        var height: String?
    }

    static func load(_ path: String, options: ToyLoadOptions, files toyFiles: ToyFiles) throws(RenderError) -> ToyProgram {
        let textures = options.textures
        let text = try toyFiles.readText(path, for: "the shader")
        func refuse(_ why: String, line: Int? = nil) -> RenderError { .shader(file: path, line: line, stage: "ISF", log: why) }
        let (top, headerEnd) = try header(of: text, file: path)
        // MIN to MAX, taken in either order (files swap them) and widened to the defaults, as
        // hosts let such files load.
        func range(_ low: Double, _ high: Double, _ name: String, covering values: [Double], integer: Bool = false) throws(RenderError) -> ClosedRange<Double> {
            let all = [low, high] + values
            guard all.allSatisfy(\.isFinite) else { throw refuse("input '\(name)' has a MIN, MAX or DEFAULT that is not a finite number") }
            // A `long` is a GLSL int: 32 bits.
            if integer, let wide = all.first(where: { $0.rounded() < Double(Int32.min) || $0.rounded() > Double(Int32.max) }) {
                throw refuse("input '\(name)' is a long, and \(fmt(wide)) is past what a GLSL int holds (\(Int32.min) to \(Int32.max))")
            }
            return all.min()!...all.max()!
        }

        // INPUTS: values become ToyInputs, images samplers.
        var inputs: [ToyInput] = []
        var imageInputs: [String] = []
        var sounds: [(name: String, row: ToyChannel.SoundRow, width: Int)] = []
        var names: Set<String> = []
        func claim(_ name: String, as what: String) throws(RenderError) {
            guard isIdentifier(name) else { throw refuse("\(what) '\(name)' is not a GLSL name (letters, digits and _, not starting with a digit)") }
            guard !reserved.contains(name), !name.hasPrefix("glint_"), !name.hasPrefix("gl_") else {
                throw refuse("\(what) '\(name)' takes a name ISF or Glint already uses; rename it")
            }
            guard names.insert(name).inserted else { throw refuse("\(what) '\(name)': the file already has an input, image or target of that name") }
        }
        guard top["INPUTS"] == nil || top["INPUTS"] is [Any] else { throw refuse("\"INPUTS\" must be a list of inputs: [{\"NAME\": \"level\", \"TYPE\": \"float\"}, …]") }
        for (i, item) in (top["INPUTS"] as? [Any] ?? []).enumerated() {
            guard let entry = item as? [String: Any], let name = entry["NAME"] as? String else {
                throw refuse("input \(i + 1) has no \"NAME\"")
            }
            guard let type = entry["TYPE"] as? String else {
                throw refuse("input '\(name)' has no \"TYPE\": one of \(inputTypes.joined(separator: ", "))")
            }
            try claim(name, as: "input")
            let label = entry["LABEL"] as? String
            switch type {
            case "float":
                let low = number(entry["MIN"]), high = number(entry["MAX"])
                let value = number(entry["DEFAULT"]) ?? low ?? 0
                inputs.append(ToyInput(name: name, kind: .float, defaults: [value], range: try range(low ?? min(0, value), high ?? max(1, value), name, covering: [value]), label: label))
            case "long":
                let values = (entry["VALUES"] as? [Any])?.compactMap(number) ?? []
                let value = number(entry["DEFAULT"]) ?? values.first ?? number(entry["MIN"]) ?? 0
                let low = values.min() ?? number(entry["MIN"]) ?? min(0, value)
                let high = values.max() ?? number(entry["MAX"]) ?? max(1, value)
                var summary = label
                if let labels = entry["LABELS"] as? [Any], !values.isEmpty {
                    let choices = zip(values, labels).map { "\(fmt($0)) \($1)" }.joined(separator: ", ")
                    summary = (label.map { $0 + ": " } ?? "") + choices
                }
                inputs.append(ToyInput(name: name, kind: .int, defaults: [value.rounded()], range: try range(low, high, name, covering: [value] + values, integer: true), label: summary))
            case "bool", "event":
                inputs.append(ToyInput(name: name, kind: .bool, defaults: [flag(entry["DEFAULT"]) ? 1 : 0], range: 0...1, label: label))
            case "color":
                var value = (entry["DEFAULT"] as? [Any])?.compactMap(number) ?? [0, 0, 0, 1]
                if value.count == 3 { value.append(1) }
                guard value.count == 4 else { throw refuse("input '\(name)': a colour's \"DEFAULT\" is [r, g, b, a]") }
                let low = (entry["MIN"] as? [Any])?.compactMap(number).min() ?? min(0, value.min()!)
                let high = (entry["MAX"] as? [Any])?.compactMap(number).max() ?? max(1, value.max()!)
                inputs.append(ToyInput(name: name, kind: .color, defaults: value, range: try range(low, high, name, covering: value), label: label))
            case "point2D":
                let value = (entry["DEFAULT"] as? [Any])?.compactMap(number) ?? [0, 0]
                guard value.count == 2 else { throw refuse("input '\(name)': a point's \"DEFAULT\" is [x, y]") }
                // Without MIN and MAX, twice the default's reach: hosts offer the picture's size.
                let low = (entry["MIN"] as? [Any])?.compactMap(number).min() ?? min(0, value.min()!)
                let high = (entry["MAX"] as? [Any])?.compactMap(number).max() ?? max(1, 2 * value.max()!)
                inputs.append(ToyInput(name: name, kind: .point, defaults: value, range: try range(low, high, name, covering: value), label: label))
            case "image":
                imageInputs.append(name)
            case "audio", "audioFFT":
                // `--audio`'s sound, as VVISF hands it over: one row, `MAX` columns (at most the
                // 512 the sound texture has, all of them without MAX).
                var width = ToyEffect.soundWidth
                if let given = entry["MAX"] {
                    guard let count = number(given), count.isFinite, count.rounded() >= 1 else {
                        throw refuse("input '\(name)': an \(type) input's \"MAX\" is how many \(type == "audio" ? "samples" : "bands") it gets, 1 or more; \(ShadertoyLoader.ExportField.describe(given)) is not")
                    }
                    width = Int(min(count.rounded(), Double(ToyEffect.soundWidth)))
                }
                sounds.append((name, type == "audio" ? .waveform : .spectrum, width))
            default:
                throw refuse("input '\(name)' is of type '\(type)': Glint's ISF inputs are \(inputTypes.joined(separator: ", "))")
            }
        }

        // The image inputs' files, from --texture.
        var images: [(name: String, image: Image)] = []
        var given: [String: String] = [:]
        var unnamed: [String] = []
        for texture in textures {
            if let name = texture.name {
                guard imageInputs.contains(name) else {
                    throw .arguments("--texture \(name)=…: \(path) has no image input '\(name)'\(imageInputs.isEmpty ? "" : " (its image inputs: \(imageInputs.joined(separator: ", ")))")")
                }
                guard given[name] == nil else { throw .arguments("--texture gives the image input '\(name)' twice") }
                given[name] = texture.path
            } else {
                unnamed.append(texture.path)
            }
        }
        for name in imageInputs where given[name] == nil && !unnamed.isEmpty {
            given[name] = unnamed.removeFirst()
        }
        if !unnamed.isEmpty {
            throw .arguments("--texture \(unnamed[0]): \(path) has no image input left to take it (its image inputs: \(imageInputs.isEmpty ? "none" : imageInputs.joined(separator: ", ")))")
        }
        for name in imageInputs {
            guard let file = given[name] else {
                throw .arguments("\(path): the image input '\(name)' needs a picture: --texture \(name)=FILE (PNG or JPEG)")
            }
            images.append((name, try toyFiles.loadImage(file, "the image input '\(name)'", flipsY: true)))
        }

        // IMPORTED: images beside the file, by name.
        let folder = (path as NSString).deletingLastPathComponent
        var imported: [(name: String, path: String)] = []
        if let dictionary = top["IMPORTED"] as? [String: Any] {
            for name in dictionary.keys.sorted() {
                guard let file = (dictionary[name] as? [String: Any])?["PATH"] as? String else { throw refuse("IMPORTED '\(name)' has no \"PATH\"") }
                imported.append((name, file))
            }
        } else if let list = top["IMPORTED"] as? [Any] {  // ISF 1's form: [{"NAME": …, "PATH": …}]
            for item in list {
                guard let entry = item as? [String: Any], let name = entry["NAME"] as? String, let file = entry["PATH"] as? String else {
                    throw refuse("an IMPORTED entry needs a \"NAME\" and a \"PATH\"")
                }
                imported.append((name, file))
            }
        }
        for (name, file) in imported {
            try claim(name, as: "IMPORTED image")
            let full = file.hasPrefix("/") ? file : (folder.isEmpty ? file : (folder as NSString).appendingPathComponent(file))
            images.append((name, try toyFiles.loadImage(full, "the IMPORTED image '\(name)'", flipsY: true)))
        }

        // PASSES, and the buffers their targets name.
        guard top["PASSES"] == nil || top["PASSES"] is [Any] else { throw refuse("\"PASSES\" must be a list of passes: [{\"TARGET\": \"buffer\"}, {}]") }
        var passes: [Pass] = []
        for (p, item) in (top["PASSES"] as? [Any] ?? []).enumerated() {
            guard let entry = item as? [String: Any] else { throw refuse("pass \(p + 1) is not an object: {\"TARGET\": \"buffer\", \"PERSISTENT\": true}") }
            var target: String?
            if let value = entry["TARGET"] {
                guard let name = value as? String else { throw refuse("pass \(p + 1)'s \"TARGET\" is not a name") }
                target = name.isEmpty ? nil : name
            }
            passes.append(Pass(target: target, isPersistent: flag(entry["PERSISTENT"]), isFloat: flag(entry["FLOAT"]),
                               width: expression(entry["WIDTH"]), height: expression(entry["HEIGHT"])))
        }
        if passes.isEmpty { passes = [Pass(target: nil, isPersistent: false, isFloat: false)] }
        // ISF 1 declared persistent buffers apart: a list of names, or names with their sizes.
        var persistentNames: [String: [String: Any]] = [:]
        if let list = top["PERSISTENT_BUFFERS"] as? [Any] {
            for case let name as String in list { persistentNames[name] = [:] }
        } else if let dictionary = top["PERSISTENT_BUFFERS"] as? [String: Any] {
            for (name, value) in dictionary { persistentNames[name] = value as? [String: Any] ?? [:] }
        }
        var buffers: [ToyBuffer] = []
        var bufferIndex: [String: Int] = [:]
        var variables = ["WIDTH": 1.0, "HEIGHT": 1.0]
        for input in inputs { variables[input.name] = input.defaults[0] }
        func addBuffer(_ name: String, isPersistent: Bool, isFloat: Bool, width: String?, height: String?, what: String) throws(RenderError) {
            for (key, text) in [("WIDTH", width), ("HEIGHT", height)] {
                guard let text else { continue }
                let shown = text.count > 60 ? text.prefix(57) + "…" : text
                switch ToyExpression.value(of: text, variables: variables) {
                case .failure(.tooDeep):
                    throw refuse("\(what)'s \(key) \"\(shown)\" nests parentheses or calls deeper than \(ToyExpression.maxDepth) levels")
                case .failure(.malformed):
                    throw refuse("\(what)'s \(key) \"\(shown)\" is not an expression Glint can work out: numbers, $WIDTH, $HEIGHT, $input names, + - * / ( ), floor ceil round abs sqrt min max pow")
                case .success(let value):
                    // Worked out for a 1-pixel picture: what is past the limit there is past it everywhere.
                    guard value.isFinite, value <= Double(ToySize.maxSide) else {
                        throw refuse("\(what)'s \(key) \"\(shown)\" is \(fmt(value)) pixels (for a 1x1 picture, inputs at their defaults): a buffer is at most \(ToySize.maxSide) pixels a side")
                    }
                }
            }
            if let b = bufferIndex[name] {
                buffers[b].isPersistent = buffers[b].isPersistent || isPersistent
                buffers[b].isFloat = buffers[b].isFloat || isFloat
                if buffers[b].size == .view, width != nil || height != nil { buffers[b].size = .expressions(width: width, height: height) }
                return
            }
            try claim(name, as: "TARGET")
            bufferIndex[name] = buffers.count
            buffers.append(ToyBuffer(name: name, isFloat: isFloat, isPersistent: isPersistent,
                                     size: width == nil && height == nil ? .view : .expressions(width: width, height: height)))
        }
        for (p, pass) in passes.enumerated() {
            guard let target = pass.target else { continue }
            let old = persistentNames[target]
            try addBuffer(target, isPersistent: pass.isPersistent || old != nil, isFloat: pass.isFloat || flag(old?["FLOAT"]),
                          width: pass.width ?? expression(old?["WIDTH"]), height: pass.height ?? expression(old?["HEIGHT"]), what: "pass \(p + 1)")
        }
        for name in persistentNames.keys.sorted() where bufferIndex[name] == nil {
            let old = persistentNames[name]!
            try addBuffer(name, isPersistent: true, isFloat: flag(old["FLOAT"]), width: expression(old["WIDTH"]), height: expression(old["HEIGHT"]),
                          what: "PERSISTENT_BUFFERS '\(name)'")
        }
        if images.count + sounds.count + buffers.count > maxSamplers {
            throw refuse("\(images.count + sounds.count) images and \(buffers.count) pass targets are more than the \(maxSamplers) samplers a pass may read")
        }

        // The code: the header comment blanked (lines kept), includes spliced in.
        let known = images.map(\.name) + sounds.map(\.name) + buffers.map(\.name)
        try checkImageNames(in: blankHeader(text, end: headerEnd), known: known, file: path)
        var expander = IncludeExpander(reader: toyFiles.reader)
        expander.searchPaths = options.includePaths
        var files: [Int: String] = [headerString: "Glint's ISF header", copyString: "Glint's ISF output"]
        let expanded = try ToyLoader.expand(path, stringNumber: passString, files: &files, expander: &expander)
        guard let expandedEnd = expanded.range(of: "*/")?.upperBound else { throw refuse("the file changed while it was read") }
        let code = ToyLoader.blankVersion(blankHeader(expanded, end: expandedEnd))
        let source = "#version 330 core\n#line 1 \(headerString)\n\(header(inputs: inputs, images: known))\n#line 1 \(passString)\n\(code)\n"

        // Each pass reads every image; a target it reads is as last drawn, except a
        // non-persistent one not yet drawn this frame, which is empty (VVISF empties them after
        // each frame).
        let empty = Image(width: 1, height: 1, pixels: [0, 0, 0, 0], label: "an ISF target not drawn yet this frame")
        let lastTarget = passes[passes.count - 1].target.flatMap { bufferIndex[$0] }
        var toyPasses: [ToyPass] = []
        for (p, pass) in passes.enumerated() {
            var channels = images.map {
                ToyChannel(uniform: $0.name, source: .image($0.image), filter: .linear, wrap: .clamp, flipsY: true, resolutionUniform: "_\($0.name)_imgSize")
            }
            for sound in sounds {
                channels.append(ToyChannel(uniform: sound.name, source: .soundRow(sound.row, width: sound.width), filter: .linear, wrap: .clamp,
                                           resolutionUniform: "_\(sound.name)_imgSize"))
            }
            for (b, buffer) in buffers.enumerated() {
                let drawn = buffer.isPersistent || passes[..<p].contains { $0.target == buffer.name }
                channels.append(ToyChannel(uniform: buffer.name, source: drawn ? .buffer(b) : .image(empty), filter: .linear, wrap: .clamp,
                                           resolutionUniform: "_\(buffer.name)_imgSize"))
            }
            let isLast = p == passes.count - 1
            toyPasses.append(ToyPass(name: "pass \(p + 1)\(pass.target.map { " (\($0))" } ?? "")", source: source, files: files,
                                     target: isLast && lastTarget == nil ? nil : pass.target.flatMap { bufferIndex[$0] }, channels: channels))
        }
        if let lastTarget {
            // The last pass draws its target and the picture: the picture is the target, shown.
            let copy = """
            #version 330 core
            #line 1 \(copyString)
            out vec4 glint_toyColor;
            uniform vec2 glint_resolution;
            uniform sampler2D glint_target;
            void main() {
                glint_toyColor = texture(glint_target, gl_FragCoord.xy / glint_resolution);
            }
            """
            toyPasses.append(ToyPass(name: "the picture", source: copy, files: [copyString: "Glint's ISF output"], target: nil,
                                     channels: [ToyChannel(uniform: "glint_target", source: .buffer(lastTarget), filter: .linear, wrap: .clamp)]))
        }
        return ToyProgram(dialect: .isf, name: ToyLoader.displayName(path), buffers: buffers, passes: toyPasses, inputs: inputs)
    }

    // MARK: The header comment

    /// The JSON object of the file's opening comment, and where the comment ends; one line
    /// naming the file and what is wrong when it is not a JSON object.
    static func header(of text: String, file: String) throws(RenderError) -> ([String: Any], String.Index) {
        func refuse(_ why: String, line: Int? = nil) -> RenderError { .shader(file: file, line: line, stage: "ISF", log: why) }
        guard let open = text.range(of: "/*"), text[..<open.lowerBound].allSatisfy(\.isWhitespace) else {
            throw refuse("an ISF file opens with its JSON header in a comment: /*{ \"INPUTS\": [] }*/")
        }
        guard let close = text[open.upperBound...].range(of: "*/") else {
            throw refuse("the JSON header's comment never ends: no */ after /*", line: line(of: open.lowerBound, in: text))
        }
        let body = text[open.upperBound..<close.lowerBound]
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: Data(body.utf8))
        } catch {
            let said = (error as NSError).userInfo["NSDebugDescription"] as? String ?? "it does not parse"
            // "Invalid value around character 41.": the line of that character in the file.
            var place: Int?
            if let mark = said.range(of: "character "), let n = Int(said[mark.upperBound...].prefix { $0.isNumber }) {
                let utf8 = body.utf8
                let offset = min(n, utf8.count)
                let at = utf8.index(utf8.startIndex, offsetBy: offset)
                place = line(of: at, in: text)
            }
            let reason = said.replacingOccurrences(of: #" around character \d+"#, with: "", options: .regularExpression)
                .trimmingCharacters(in: CharacterSet(charactersIn: ". "))
            throw refuse("the JSON header is not valid JSON: \(reason.prefix(1).lowercased() + reason.dropFirst())", line: place ?? line(of: open.lowerBound, in: text))
        }
        guard let object = json as? [String: Any] else {
            throw refuse("the JSON header is not an object: it is {\"INPUTS\": […], \"PASSES\": […]}", line: line(of: open.lowerBound, in: text))
        }
        return (object, close.upperBound)
    }

    /// The 1-based line of `index` in `text`.
    static func line(of index: String.Index, in text: String) -> Int {
        text[..<index].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    }

    /// `text` with everything before `end` (the header comment) made spaces, its lines kept.
    static func blankHeader(_ text: String, end: String.Index) -> String {
        String(text[..<end].map { $0 == "\n" ? "\n" : " " }) + text[end...]
    }

    // MARK: Checks

    /// Refuses an `IMG_…` call whose image is none of the file's (a misspelt target): one line at
    /// its line, naming the images there are.
    static func checkImageNames(in code: String, known: [String], file: String) throws(RenderError) {
        let functions = ["IMG_NORM_PIXEL", "IMG_THIS_NORM_PIXEL", "IMG_THIS_PIXEL", "IMG_PIXEL", "IMG_SIZE"]
        for (n, line) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where line.contains("IMG_") {
            let before = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
            var rest = before[...]
            while let found = rest.range(of: "IMG_") {
                let after = rest[found.lowerBound...]
                let word = after.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                rest = after[word.endIndex...]
                guard functions.contains(String(word)) else { continue }
                let arguments = rest.drop { $0 == " " || $0 == "\t" }
                guard arguments.first == "(" else { continue }
                let name = arguments.dropFirst().drop { $0 == " " || $0 == "\t" }.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                guard !name.isEmpty, !known.contains(String(name)) else { continue }
                let list = known.isEmpty ? "it has none (image INPUTS, IMPORTED images and pass TARGETs)" : "its images are \(known.joined(separator: ", "))"
                throw .shader(file: file, line: n + 1, stage: "ISF", log: "\(word) reads '\(name)', which is no image, IMPORTED image or pass TARGET of this file: \(list)")
            }
        }
    }

    // MARK: The generated header

    static func header(inputs: [ToyInput], images: [String]) -> String {
        var lines = [
            "out vec4 glint_toyColor;",
            "#define gl_FragColor glint_toyColor",
            "#define texture2D texture",
            "#define varying",
            "uniform int PASSINDEX;",
            "uniform vec2 RENDERSIZE;",
            "uniform float TIME;",
            "uniform float TIMEDELTA;",
            "uniform vec4 DATE;",
            "uniform int FRAMEINDEX;",
            "#define isf_FragNormCoord (gl_FragCoord.xy / RENDERSIZE)",
            "#define vv_FragNormCoord isf_FragNormCoord",
        ]
        for input in inputs {
            let type: String
            switch input.kind {
            case .float: type = "float"
            case .int: type = "int"
            case .bool: type = "bool"
            case .point: type = "vec2"
            case .color: type = "vec4"
            case .vector: type = "vec\(input.defaults.count)"
            }
            lines.append("uniform \(type) \(input.name);")
        }
        for name in images {
            lines.append("uniform sampler2D \(name);")
            lines.append("uniform vec2 _\(name)_imgSize;")
            lines.append("const vec4 _\(name)_imgRect = vec4(0.0, 0.0, 1.0, 1.0);")
            lines.append("const bool _\(name)_flip = false;")
        }
        lines += [
            "vec4 IMG_NORM_PIXEL(sampler2D image, vec2 coord) { return texture(image, coord); }",
            "vec4 IMG_NORM_PIXEL(sampler2D image, vec2 coord, float bias) { return texture(image, coord, bias); }",
            "vec2 IMG_SIZE(sampler2D image) { return vec2(textureSize(image, 0)); }",
            "vec4 IMG_PIXEL(sampler2D image, vec2 coord) { return texture(image, coord / IMG_SIZE(image)); }",
            "vec4 IMG_PIXEL(sampler2D image, vec2 coord, float bias) { return texture(image, coord / IMG_SIZE(image), bias); }",
            "vec4 IMG_THIS_PIXEL(sampler2D image) { return IMG_PIXEL(image, gl_FragCoord.xy); }",
            "vec4 IMG_THIS_NORM_PIXEL(sampler2D image) { return texture(image, isf_FragNormCoord); }",
        ]
        return lines.joined(separator: "\n")
    }

    // MARK: JSON values

    /// A number as JSON writes it, or as a string of one.
    static func number(_ value: Any?) -> Double? {
        if let n = value as? NSNumber { return n.doubleValue }
        if let s = value as? String { return Double(s.trimmingCharacters(in: .whitespaces)) }
        return nil
    }

    /// ISF's flags: true, a positive number, or "true"/"YES".
    static func flag(_ value: Any?) -> Bool {
        if let b = value as? Bool { return b }
        if let n = number(value) { return n > 0 }
        if let s = value as? String { return ["true", "yes"].contains(s.lowercased()) }
        return false
    }

    /// A `WIDTH`/`HEIGHT`: an expression, or a number.
    static func expression(_ value: Any?) -> String? {
        if let s = value as? String { return s.isEmpty ? nil : s }
        if let n = number(value) { return fmt(n) }
        return nil
    }

    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
    }

    /// A number without a trailing ".0".
    static func fmt(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
    }
}
