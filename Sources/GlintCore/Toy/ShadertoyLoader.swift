import Foundation

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
package enum ShadertoyLoader {
    /// The site's ids of the buffers' outputs, A to D.
    static let bufferIDs = ["4dXGR8", "XsXGR8", "4sXGR8", "XdfGR8"]
    static let bufferNames = ["Buffer A", "Buffer B", "Buffer C", "Buffer D"]
    /// Source-string numbers: the header, the tab's own file, the generated `main`.
    static let headerString = 1
    package static let passString = 2
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

    static func load(_ path: String, includePaths: [String] = [], files: ToyFiles) throws(RenderError) -> ToyProgram {
        let tabs: [Tab]
        let common: (file: String, code: String?)?
        if files.isFolder(path) {
            (tabs, common) = try folderTabs(path, files: files)
        } else if path.lowercased().hasSuffix(".json") {
            (tabs, common) = try exportTabs(path, files: files)
        } else {
            var tab = Tab(name: "Image", file: path, code: nil, target: nil, channels: [])
            tab.channels = try directives(in: files.readText(path, for: "the shader"), file: path, folder: (path as NSString).deletingLastPathComponent, own: nil)
            tabs = [tab]
            common = nil
        }
        return try program(named: ToyLoader.displayName(path), tabs: tabs, common: common, includePaths: includePaths, files: files)
    }

    // MARK: Folders

    static func folderTabs(_ folder: String, files: ToyFiles) throws(RenderError) -> ([Tab], (file: String, code: String?)?) {
        let entries = files.entries(folder) ?? []
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
            tab.channels = try directives(in: files.readText(file, for: name), file: file, folder: folder, own: b)
            tabs.append(tab)
        }
        var imageTab = Tab(name: "Image", file: image, code: nil, target: nil, channels: [])
        imageTab.channels = try directives(in: files.readText(image, for: "the Image tab"), file: image, folder: folder, own: nil)
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

    static func exportTabs(_ path: String, files: ToyFiles) throws(RenderError) -> ([Tab], (file: String, code: String?)?) {
        let text = try files.readText(path, for: "the Shadertoy export")
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
        guard let list = shader?["renderpass"] as? [Any], !list.isEmpty else {
            throw refuse("not a Shadertoy export: no \"renderpass\" list (export a shader from shadertoy.com as JSON, or give its Image tab as a .glsl file)")
        }
        var passes: [[String: Any]] = []
        for (p, item) in list.enumerated() {
            guard let pass = item as? [String: Any] else {
                throw refuse("renderpass \(p + 1) is \(ExportField.describe(item)), not an object with \"type\", \"code\", \"inputs\" and \"outputs\"")
            }
            passes.append(pass)
        }
        let folder = (path as NSString).deletingLastPathComponent
        // Which buffer each pass draws, and so which buffers the export has.
        var drawn: Set<Int> = []
        var targets: [Int?] = []
        for (p, pass) in passes.enumerated() {
            let fields = ExportField(pass: pass, number: p + 1, file: path)
            let type = try fields.string("type")?.lowercased() ?? ""
            guard type == "buffer" else { targets.append(nil); continue }
            let name = try fields.string("name") ?? type
            let outputs = try fields.objects("outputs")
            let id = try outputs.first.map { output throws(RenderError) in try fields.id(output["id"], field: "outputs' \"id\"") } ?? nil
            guard let b = id.flatMap(bufferIndex) ?? bufferNames.firstIndex(of: name) else {
                throw refuse("renderpass \(p + 1) (\(name)) is a buffer whose output \(id.map { "(id \($0)) " } ?? "")is not Buffer A to D (ids \(bufferIDs.joined(separator: ", ")) or \(bufferNumbers.lowerBound)–\(bufferNumbers.upperBound))")
            }
            targets.append(b)
            drawn.insert(b)
        }
        var tabs: [Tab] = []
        var common: (file: String, code: String?)?
        var image: Tab?
        for (p, pass) in passes.enumerated() {
            let fields = ExportField(pass: pass, number: p + 1, file: path)
            let type = try fields.string("type")?.lowercased() ?? ""
            let name = try fields.string("name") ?? type
            guard let code = try fields.string("code") else { throw refuse("renderpass \(p + 1) (\(name)) has no \"code\"") }
            switch type {
            case "common":
                common = (path + " (Common)", unixLines(code))
                continue
            case "buffer", "image":
                break
            case "sound":
                throw refuse("renderpass \(p + 1) is a Sound tab: Glint draws pictures; take the Sound tab out of the export")
            default:
                throw refuse("renderpass \(p + 1) (\(name)) is of type '\(type)': Glint runs common, buffer and image passes (a cubemap pass is not supported)")
            }
            let target = targets[p]
            let tabName = target.map { bufferNames[$0] } ?? "Image"
            var tab = Tab(name: tabName, file: path + " (\(tabName))", code: unixLines(code), target: target, channels: [])
            let inputs = try fields.objects("inputs", owner: tabName)
            for (i, input) in inputs.enumerated() {
                let place = "\(tabName)'s input \(i + 1)"
                let channel = try fields.channel(input["channel"], place: place)
                let what = "\(tabName)'s iChannel\(channel)"
                guard let kindValue = input["ctype"] ?? input["type"] else {
                    throw refuse("\(what) has no \"type\": Glint's channels are buffers, textures, the keyboard and sound (music, mic)")
                }
                guard let kind = (kindValue as? String)?.lowercased() else {
                    throw refuse("\(what)'s \"type\" is \(ExportField.describe(kindValue)), not a name like \"buffer\" or \"texture\"")
                }
                let sampler: [String: Any]
                switch input["sampler"] {
                case nil, is NSNull: sampler = [:]
                case let object as [String: Any]: sampler = object
                case let other?: throw refuse("\(what)'s \"sampler\" is \(ExportField.describe(other)), not an object like {\"filter\": \"linear\", \"wrap\": \"clamp\"}")
                }
                func setting(_ key: String, _ choices: [String], default value: String) throws(RenderError) -> String {
                    guard let given = sampler[key] else { return value }
                    guard let word = (given as? String)?.lowercased(), choices.contains(word) else {
                        throw refuse("\(what)'s sampler \"\(key)\" is \(ExportField.describe(given)): it is one of \(choices.joined(separator: ", "))")
                    }
                    return word
                }
                let filter = ToyChannel.Filter(rawValue: try setting("filter", ["nearest", "linear", "mipmap"], default: "linear"))!
                let wrap = ToyChannel.Wrap(rawValue: try setting("wrap", ["clamp", "repeat"], default: "clamp"))!
                let flips: Bool
                switch sampler["vflip"] {
                case nil: flips = true
                case let flag as NSNumber where ExportField.isFlag(flag): flips = flag.boolValue
                case let word as String where ["true", "false"].contains(word.lowercased()): flips = word.lowercased() == "true"
                case let other?: throw refuse("\(what)'s sampler \"vflip\" is \(ExportField.describe(other)): it is true or false")
                }
                let source: Source
                switch kind {
                case "buffer":
                    guard let id = try fields.id(input["id"], field: "\(what)'s \"id\""), let b = bufferIndex(id) else {
                        throw refuse("\(what) reads a buffer the export does not have (id \(ExportField.describe(input["id"] ?? NSNull())); Buffer A to D are \(bufferIDs.joined(separator: ", ")) or \(bufferNumbers.lowerBound)–\(bufferNumbers.upperBound))")
                    }
                    guard drawn.contains(b) else {
                        throw refuse("\(what) reads \(bufferNames[b]), which the export has no tab for")
                    }
                    source = .buffer(b)
                case "keyboard":
                    source = .keyboard
                case "music", "musicstream", "mic":
                    source = .sound  // what --audio gives (a file, the microphone, what is playing)
                case "texture":
                    let file = input["src"] ?? input["filepath"]
                    guard let src = file as? String, !src.isEmpty else {
                        throw refuse("\(what) is a texture with no file: its \"filepath\" (or \"src\") names the image, found beside the export by its name")
                    }
                    source = .image(locateMedia(src, beside: folder, exists: files.reader.exists))
                default:
                    throw refuse("\(what) is a \(kind.isEmpty ? "channel of no type" : kind): Glint's channels are buffers, textures, the keyboard and sound (music, mic)")
                }
                tab.channels.append((channel, source, filter, wrap, flips))
            }
            if type == "image" {
                guard image == nil else { throw refuse("renderpass \(p + 1) is a second image pass: an export has one Image tab") }
                image = tab
            } else {
                tabs.append(tab)
            }
        }
        guard let image else { throw refuse("the export has no image renderpass") }
        tabs.sort { ($0.target ?? 0) < ($1.target ?? 0) }
        return (tabs + [image], common)
    }

    /// An export's code with its Windows ("\r\n") and old Mac ("\r") line endings made "\n", as
    /// the files' are when they are read: Swift counts "\r\n" as one character, not a "\n".
    static func unixLines(_ code: String) -> String {
        guard code.utf8.contains(13) else { return code }
        return code.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }

    /// The API's numbers for Buffers A to D' outputs (the site's string ids are `bufferIDs`).
    static let bufferNumbers = 257...260

    /// The buffer (0 for A … 3 for D) an id names: the site's string id or the API's number.
    static func bufferIndex(_ id: String) -> Int? {
        if let b = bufferIDs.firstIndex(of: id) { return b }
        if let n = Int(id), bufferNumbers.contains(n) { return n - bufferNumbers.lowerBound }
        return nil
    }

    /// The fields of one `renderpass` entry, read as the shapes the site and its API write them,
    /// each of another shape refused with one line naming the pass and the field.
    struct ExportField {
        let pass: [String: Any]
        let number: Int
        let file: String

        func refuse(_ why: String) -> RenderError { .shader(file: file, line: nil, stage: "Shadertoy export", log: why) }

        /// A string field, nil when it is absent.
        func string(_ key: String) throws(RenderError) -> String? {
            guard let value = pass[key], !(value is NSNull) else { return nil }
            guard let text = value as? String else { throw refuse("renderpass \(number)'s \"\(key)\" is \(Self.describe(value)), not a string") }
            return text
        }

        /// A list of objects (`inputs`, `outputs`), empty when it is absent.
        func objects(_ key: String, owner: String? = nil) throws(RenderError) -> [[String: Any]] {
            guard let value = pass[key], !(value is NSNull) else { return [] }
            let who = owner ?? (pass["name"] as? String).map { "renderpass \(number) (\($0))" } ?? "renderpass \(number)"
            guard let list = value as? [Any] else {
                throw refuse("\(who)'s \"\(key)\" is \(Self.describe(value)), not a list of objects like [{\"id\": 257, \"type\": \"buffer\", \"channel\": 0}]")
            }
            var objects: [[String: Any]] = []
            for (i, item) in list.enumerated() {
                guard let object = item as? [String: Any] else {
                    throw refuse("\(who)'s \"\(key)\" holds \(Self.describe(item)) at \(i + 1), not an object like {\"id\": 257, \"type\": \"buffer\", \"channel\": 0}")
                }
                objects.append(object)
            }
            return objects
        }

        /// An input or output id: a string (the site's), or a whole number (the API's); nil when absent.
        func id(_ value: Any?, field: String) throws(RenderError) -> String? {
            guard let value, !(value is NSNull) else { return nil }
            if let text = value as? String { return text }
            if let n = value as? NSNumber, !Self.isFlag(value), let whole = Int(exactly: n.doubleValue) { return String(whole) }
            throw refuse("renderpass \(number): \(field) is \(Self.describe(value)), not an id like 257 or \"4dXGR8\"")
        }

        /// A channel number, 0 to 3, as a number or a string of one.
        func channel(_ value: Any?, place: String) throws(RenderError) -> Int {
            var n: Int?
            if let number = value as? NSNumber, !Self.isFlag(number) { n = Int(exactly: number.doubleValue) }
            if let text = value as? String { n = Int(text.trimmingCharacters(in: .whitespaces)) }
            guard let n, (0...3).contains(n) else {
                throw refuse("\(place)'s \"channel\" is \(value.map(Self.describe) ?? "missing"): channels are 0 to 3")
            }
            return n
        }

        /// Whether a JSON value is `true` or `false` (JSONSerialization gives them as NSNumbers,
        /// and `1 is Bool` holds for a number too: the boolean's type tells them apart).
        static func isFlag(_ value: Any) -> Bool {
            guard let number = value as? NSNumber else { return false }
            return String(cString: number.objCType) == "c"
        }

        /// A JSON value as the file wrote it, shortened, for messages.
        static func describe(_ value: Any) -> String {
            let text: String
            switch value {
            case is NSNull: text = "null"
            case let string as String: text = "\"\(string)\""
            case let number as NSNumber: text = isFlag(number) ? (number.boolValue ? "true" : "false") : "\(number)"
            default:
                if JSONSerialization.isValidJSONObject(value), let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]),
                   let json = String(data: data, encoding: .utf8) {
                    text = json
                } else {
                    text = "\(value)"
                }
            }
            return text.count > 60 ? text.prefix(57) + "…" : text
        }
    }

    /// Where the export's `/media/a/….png` is on this machine: beside the JSON by its file name,
    /// or under the JSON's folder by its path.
    static func locateMedia(_ src: String, beside folder: String, exists: (String) -> Bool = PathBytes.exists) -> String {
        let name = (src as NSString).lastPathComponent
        let candidates = [(folder as NSString).appendingPathComponent(name),
                          (folder as NSString).appendingPathComponent(String(src.drop { $0 == "/" }))]
        return candidates.first(where: exists) ?? candidates[0]
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

    static func program(named name: String, tabs: [Tab], common: (file: String, code: String?)?, includePaths: [String] = [], files toyFiles: ToyFiles) throws(RenderError) -> ToyProgram {
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
            var expander = IncludeExpander(reader: toyFiles.reader)
            expander.searchPaths = includePaths
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
                commonText = "#line \(IncludeExpander.lineBase(number) + 1) \(number)\n" + commonCode + "\n"
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
                        let image = try toyFiles.loadImage(file, "\(tab.name)'s iChannel\(channel.index)", flipsY: channel.flipsY)
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
