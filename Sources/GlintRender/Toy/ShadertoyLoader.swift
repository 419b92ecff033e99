import Foundation
import GlintCore

/// Shadertoy's shaders, as the site runs them: `mainImage(out vec4 fragColor, in vec2
/// fragCoord)` with its uniforms (`iResolution`, `iTime`, `iMouse`, …), Buffers A–D drawn in
/// that order before the Image, a Common tab before each, channels reading buffers, images and
/// the keyboard. Three ways in:
/// - one file defining `mainImage` (the Image tab alone);
/// - the JSON the site exports a shader as (`renderpass` entries of type common, buffer and
///   image, with `inputs`, `outputs` and `sampler`s), images found beside it by file name;
/// - a folder of the tabs as files: `Image.glsl`, `Buffer A.glsl` … `Buffer D.glsl`,
///   `Common.glsl`.
/// In files, a line `#iChannel0 "Buffer A"` binds a channel (`self`, `keyboard`, a buffer or an
/// image file's path), optionally followed by words: `nearest`/`linear`/`mipmap`,
/// `clamp`/`repeat`, `noflip`.
enum ShadertoyLoader {
    /// The site's ids of the buffers' outputs, A to D.
    static let bufferIDs = ["4dXGR8", "XsXGR8", "4sXGR8", "XdfGR8"]
    static let bufferNames = ["Buffer A", "Buffer B", "Buffer C", "Buffer D"]
    /// Source-string numbers: the header, the tab's own file, the generated `main`.
    static let headerString = 1
    static let passString = 2
    static let mainString = 3

    /// One tab before it becomes a pass.
    struct Tab {
        var name: String
        /// The file its code is from (the JSON for an export).
        var file: String
        /// The code as written (an export's code), or nil to read `file`.
        var code: String?
        /// The line of `file` its code starts at (an export's code: 1).
        var target: Int?
        var channels: [(index: Int, source: Source, filter: ToyChannel.Filter, wrap: ToyChannel.Wrap, flipsY: Bool)]
    }

    enum Source {
        case buffer(Int), image(String), keyboard, sound
    }
    /// What a channel directive may call the sound input (`#iChannel0 "audio"`).
    static let soundNames: Set<String> = ["audio", "sound", "music", "mic"]

    static func load(_ path: String) throws(RenderError) -> ToyProgram {
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        let tabs: [Tab]
        let common: (file: String, code: String?)?
        if isFolder.boolValue {
            (tabs, common) = try folderTabs(path)
        } else if path.lowercased().hasSuffix(".json") {
            (tabs, common) = try exportTabs(path)
        } else {
            var tab = Tab(name: "Image", file: path, code: nil, target: nil, channels: [])
            tab.channels = try directives(in: ToyLoader.readText(path, for: "the shader"), file: path, folder: (path as NSString).deletingLastPathComponent, own: nil)
            tabs = [tab]
            common = nil
        }
        return try program(named: ToyLoader.displayName(path), tabs: tabs, common: common)
    }

    // MARK: Folders

    static func folderTabs(_ folder: String) throws(RenderError) -> ([Tab], (file: String, code: String?)?) {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        func find(_ name: String) -> String? {
            let wanted = [name, name.replacingOccurrences(of: " ", with: ""), name.replacingOccurrences(of: " ", with: "_")].map { $0.lowercased() }
            return entries.sorted().first { entry in
                let stem = (entry as NSString).deletingPathExtension.lowercased()
                let ext = (entry as NSString).pathExtension.lowercased()
                return wanted.contains(stem) && ["glsl", "frag", "fs", "txt"].contains(ext)
            }.map { (folder as NSString).appendingPathComponent($0) }
        }
        guard let image = find("Image") else {
            throw .arguments("cannot read the effect file '\(folder)': it is a folder with no Image.glsl; a folder is read as a Shadertoy shader's tabs: Image.glsl, and Buffer A.glsl … Buffer D.glsl and Common.glsl if it has them")
        }
        var tabs: [Tab] = []
        for (b, name) in bufferNames.enumerated() {
            guard let file = find(name) else { continue }
            var tab = Tab(name: name, file: file, code: nil, target: b, channels: [])
            tab.channels = try directives(in: ToyLoader.readText(file, for: name), file: file, folder: folder, own: b)
            tabs.append(tab)
        }
        var imageTab = Tab(name: "Image", file: image, code: nil, target: nil, channels: [])
        imageTab.channels = try directives(in: ToyLoader.readText(image, for: "the Image tab"), file: image, folder: folder, own: nil)
        tabs.append(imageTab)
        return (tabs, find("Common").map { ($0, nil) })
    }

    /// The `#iChannelN "source" [words]` lines of a tab's file.
    static func directives(in text: String, file: String, folder: String, own: Int?) throws(RenderError) -> [(index: Int, source: Source, filter: ToyChannel.Filter, wrap: ToyChannel.Wrap, flipsY: Bool)] {
        var found: [(index: Int, source: Source, filter: ToyChannel.Filter, wrap: ToyChannel.Wrap, flipsY: Bool)] = []
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("#iChannel") else { continue }
            func refuse(_ why: String) -> RenderError { .shader(file: file, line: n + 1, stage: "channel", log: why) }
            let rest = trimmed.dropFirst("#iChannel".count)
            guard let digit = rest.first, let index = digit.wholeNumberValue, (0...3).contains(index) else {
                throw refuse("a channel directive names iChannel0 to iChannel3: #iChannel0 \"Buffer A\"")
            }
            let after = rest.dropFirst().trimmingCharacters(in: .whitespaces)
            guard after.hasPrefix("\""), let close = after.dropFirst().firstIndex(of: "\"") else {
                throw refuse("#iChannel\(index) takes its source in quotes: \"Buffer A\", \"self\", \"keyboard\", \"audio\" or an image file")
            }
            let name = String(after[after.index(after: after.startIndex)..<close])
            let words = after[after.index(after: close)...].split(separator: " ").map { $0.lowercased() }
            var filter = ToyChannel.Filter.linear
            var wrap = ToyChannel.Wrap.clamp
            var flipsY = true
            for word in words {
                switch word {
                case "nearest": filter = .nearest
                case "linear": filter = .linear
                case "mipmap": filter = .mipmap
                case "clamp": wrap = .clamp
                case "repeat": wrap = .repeat
                case "noflip": flipsY = false
                case "flip": flipsY = true
                default: throw refuse("unknown channel setting '\(word)': nearest, linear, mipmap, clamp, repeat, flip or noflip")
                }
            }
            let source: Source
            if name.lowercased() == "self" {
                guard let own else { throw refuse("\"self\" is for a buffer reading itself; the Image tab has no buffer of its own") }
                source = .buffer(own)
            } else if name.lowercased() == "keyboard" {
                source = .keyboard
            } else if soundNames.contains(name.lowercased()) {
                source = .sound
            } else if let b = bufferNames.firstIndex(where: { $0.lowercased() == name.lowercased() || $0.replacingOccurrences(of: " ", with: "").lowercased() == name.lowercased() }) {
                source = .buffer(b)
            } else if name.lowercased().hasPrefix("buffer") {
                throw refuse("no buffer '\(name)': Shadertoy has Buffer A to Buffer D")
            } else {
                source = .image(name.hasPrefix("/") ? name : (folder as NSString).appendingPathComponent(name))
            }
            found.append((index, source, filter, wrap, flipsY))
        }
        return found
    }

    // MARK: Exports

    static func exportTabs(_ path: String) throws(RenderError) -> ([Tab], (file: String, code: String?)?) {
        let text = try ToyLoader.readText(path, for: "the Shadertoy export")
        func refuse(_ why: String) -> RenderError { .shader(file: path, line: nil, stage: "Shadertoy export", log: why) }
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: Data(text.utf8))
        } catch {
            throw refuse("not JSON: \((error as NSError).userInfo["NSDebugDescription"] as? String ?? "it does not parse")")
        }
        var shader: [String: Any]?
        if let array = json as? [Any], let first = array.first as? [String: Any] { shader = first }
        if let object = json as? [String: Any] { shader = (object["Shader"] as? [String: Any]) ?? object }
        guard let passes = shader?["renderpass"] as? [[String: Any]], !passes.isEmpty else {
            throw refuse("not a Shadertoy export: no \"renderpass\" list (export a shader from shadertoy.com as JSON, or give its Image tab as a .glsl file)")
        }
        let folder = (path as NSString).deletingLastPathComponent
        // Which buffer each output id is: the site's fixed ids first, others in order.
        var bufferOf: [String: Int] = [:]
        for (b, id) in bufferIDs.enumerated() { bufferOf[id] = b }
        var tabs: [Tab] = []
        var common: (file: String, code: String?)?
        var image: Tab?
        for (p, pass) in passes.enumerated() {
            let type = (pass["type"] as? String ?? "").lowercased()
            let name = pass["name"] as? String ?? type
            guard let code = pass["code"] as? String else { throw refuse("renderpass \(p + 1) (\(name)) has no \"code\"") }
            switch type {
            case "common":
                common = (path + " (Common)", code)
                continue
            case "buffer", "image":
                break
            case "sound":
                throw refuse("renderpass \(p + 1) is a Sound tab: Glint draws pictures; take the Sound tab out of the export")
            default:
                throw refuse("renderpass \(p + 1) (\(name)) is of type '\(type)': Glint runs common, buffer and image passes (a cubemap pass is not supported)")
            }
            var target: Int?
            if type == "buffer" {
                let outputs = pass["outputs"] as? [[String: Any]] ?? []
                guard let id = outputs.first.flatMap({ Self.id($0["id"]) }), let b = bufferOf[id] ?? bufferNames.firstIndex(of: name) else {
                    throw refuse("renderpass \(p + 1) (\(name)) is a buffer whose output is not Buffer A to D")
                }
                target = b
            }
            var tab = Tab(name: type == "image" ? "Image" : bufferNames[target!], file: path + " (\(type == "image" ? "Image" : bufferNames[target!]))", code: code, target: target, channels: [])
            for input in pass["inputs"] as? [[String: Any]] ?? [] {
                let channel = (input["channel"] as? Int) ?? Int(input["channel"] as? String ?? "") ?? -1
                guard (0...3).contains(channel) else { throw refuse("\(tab.name) has an input on channel \(channel): channels are 0 to 3") }
                let kind = ((input["ctype"] ?? input["type"]) as? String ?? "").lowercased()
                let sampler = input["sampler"] as? [String: Any] ?? [:]
                let filter = ToyChannel.Filter(rawValue: (sampler["filter"] as? String ?? "linear").lowercased()) ?? .linear
                let wrap = ToyChannel.Wrap(rawValue: (sampler["wrap"] as? String ?? "clamp").lowercased()) ?? .clamp
                let flips = "\(sampler["vflip"] ?? "true")".lowercased() != "false"
                let source: Source
                switch kind {
                case "buffer":
                    guard let id = Self.id(input["id"]), let b = bufferOf[id] else {
                        throw refuse("\(tab.name)'s iChannel\(channel) reads a buffer the export does not have (id \(Self.id(input["id"]) ?? "none"))")
                    }
                    guard passes.contains(where: { ($0["outputs"] as? [[String: Any]])?.first.flatMap { Self.id($0["id"]) } == id }) else {
                        throw refuse("\(tab.name)'s iChannel\(channel) reads \(bufferNames[b]), which the export has no tab for")
                    }
                    source = .buffer(b)
                case "keyboard":
                    source = .keyboard
                case "music", "musicstream", "mic":
                    source = .sound  // what --audio gives (a file, the microphone, what is playing)
                case "texture":
                    let src = (input["src"] ?? input["filepath"]) as? String ?? ""
                    source = .image(locateMedia(src, beside: folder))
                default:
                    throw refuse("\(tab.name)'s iChannel\(channel) is a \(kind.isEmpty ? "channel of no type" : kind): Glint's channels are buffers, textures and the keyboard")
                }
                tab.channels.append((channel, source, filter, wrap, flips))
            }
            if type == "image" { image = tab } else { tabs.append(tab) }
        }
        guard let image else { throw refuse("the export has no image renderpass") }
        tabs.sort { ($0.target ?? 0) < ($1.target ?? 0) }
        return (tabs + [image], common)
    }

    /// An input or output id: a string, or a number in newer exports.
    static func id(_ value: Any?) -> String? {
        if let s = value as? String { return s }
        if let n = value as? Int { return String(n) }
        return nil
    }

    /// Where the export's `/media/a/….png` is on this machine: beside the JSON by its file name,
    /// or under the JSON's folder by its path.
    static func locateMedia(_ src: String, beside folder: String) -> String {
        let name = (src as NSString).lastPathComponent
        let candidates = [(folder as NSString).appendingPathComponent(name),
                          (folder as NSString).appendingPathComponent(String(src.drop { $0 == "/" }))]
        return candidates.first { FileManager.default.fileExists(atPath: $0) } ?? candidates[0]
    }

    // MARK: Programs

    static let header = """
    uniform vec3 iResolution;
    uniform float iTime;
    uniform float iTimeDelta;
    uniform int iFrame;
    uniform float iFrameRate;
    uniform float iChannelTime[4];
    uniform vec3 iChannelResolution[4];
    uniform vec4 iMouse;
    uniform vec4 iDate;
    uniform float iSampleRate;
    uniform sampler2D iChannel0;
    uniform sampler2D iChannel1;
    uniform sampler2D iChannel2;
    uniform sampler2D iChannel3;
    out vec4 glint_toyColor;
    #define HW_PERFORMANCE 1
    """

    static func program(named name: String, tabs: [Tab], common: (file: String, code: String?)?) throws(RenderError) -> ToyProgram {
        var buffers: [ToyBuffer] = []
        var bufferIndex: [Int: Int] = [:]  // Buffer A–D → the program's buffer
        for tab in tabs {
            if let t = tab.target, bufferIndex[t] == nil {
                bufferIndex[t] = buffers.count
                buffers.append(ToyBuffer(name: bufferNames[t]))
            }
        }
        // A channel may read a buffer no tab draws (a folder's Image reading a Buffer B it lacks).
        for tab in tabs {
            for channel in tab.channels {
                if case .buffer(let b) = channel.source, bufferIndex[b] == nil {
                    throw .shader(file: tab.file, line: nil, stage: "channel",
                                  log: "iChannel\(channel.index) reads \(bufferNames[b]), but there is no \(bufferNames[b]) tab")
                }
            }
        }
        var passes: [ToyPass] = []
        var images: [String: Image] = [:]
        // Uniforms the tabs declare with a `// glint:` annotation become inputs (controls, --param).
        var inputs: [ToyInput] = []
        for tab in tabs {
            var expander = ShaderSources.IncludeExpander()
            expander.searchPaths = ToyLoader.includePaths
            var files: [Int: String] = [headerString: "Glint's Shadertoy header", mainString: "Glint's Shadertoy main"]
            var commonText = ""
            var commonCode = ""
            // A tab's code as exported, or its file with its includes spliced in; channel lines blanked.
            func source(_ text: String?, file: String, number: Int) throws(RenderError) -> String {
                var code = text ?? ""
                if text == nil { code = try expander.expand(file, stringNumber: number, depth: 0) }
                return ToyLoader.blankLines(code) { $0.trimmingCharacters(in: .whitespaces).hasPrefix("#iChannel") }
            }
            if let common {
                let number = expander.reserveNumber(for: common.file)
                files[number] = common.file
                commonCode = try source(common.code, file: common.file, number: number)
                commonText = "#line \(ShaderSources.IncludeExpander.lineBase(number) + 1) \(number)\n" + commonCode + "\n"
            }
            files[passString] = tab.file
            var code = try source(tab.code, file: tab.file, number: passString)
            for (n, f) in expander.files { files[n] = f }
            code = presetOutput(code)
            let commonInputs = try common.map { c throws(RenderError) in try ToyLoader.annotatedInputs(in: c.code ?? commonCode, file: c.file) } ?? []
            for input in try commonInputs + ToyLoader.annotatedInputs(in: code, file: tab.file) where !inputs.contains(where: { $0.name == input.name }) {
                inputs.append(input)
            }
            let main = """
            void main() {
                glint_toyColor = vec4(0.0, 0.0, 0.0, 1.0);
                mainImage(glint_toyColor, gl_FragCoord.xy);\(tab.target == nil ? "\n    glint_toyColor.a = 1.0;" : "")
            }
            """
            let source = "#version 330 core\n#line 1 \(headerString)\n\(header)\n\(commonText)#line 1 \(passString)\n\(code)\n#line 1 \(mainString)\n\(main)\n"
            var channels: [ToyChannel] = []
            for channel in tab.channels {
                let source: ToyChannel.Source
                switch channel.source {
                case .buffer(let b): source = .buffer(bufferIndex[b]!)
                case .keyboard: source = .keyboard
                case .sound: source = .sound
                case .image(let file):
                    let key = file + (channel.flipsY ? "" : " (unflipped)")
                    if let image = images[key] {
                        source = .image(image)
                    } else {
                        let image = try ToyLoader.loadImage(file, for: "\(tab.name)'s iChannel\(channel.index)", flipsY: channel.flipsY)
                        images[key] = image
                        source = .image(image)
                    }
                }
                channels.append(ToyChannel(uniform: "iChannel\(channel.index)", source: source, filter: channel.filter, wrap: channel.wrap,
                                           flipsY: channel.flipsY, index: channel.index))
            }
            passes.append(ToyPass(name: tab.name, source: source, files: files, target: tab.target.map { bufferIndex[$0]! }, channels: channels))
        }
        return ToyProgram(dialect: .shadertoy, name: name, buffers: buffers, passes: passes, inputs: inputs)
    }

    /// `mainImage`'s `out vec4` made `inout`, so the colour it starts from is the (0, 0, 0, 1)
    /// Shadertoy presets (an `out` parameter starts undefined in GLSL). Nothing else changes and
    /// no line moves.
    static func presetOutput(_ code: String) -> String {
        guard let name = code.range(of: "mainImage"), let open = code[name.upperBound...].firstIndex(of: "("),
              code[name.upperBound..<open].allSatisfy(\.isWhitespace),
              let out = code[open...].range(of: "out"), code[open..<out.lowerBound].allSatisfy({ $0 == "(" || $0.isWhitespace }) else {
            return code
        }
        return code.replacingCharacters(in: out, with: "inout")
    }
}
