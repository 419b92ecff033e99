import Foundation
import GlintRender
import GlintTestSupport
import GlintCore
import Testing

/// What a new user meets first on the command line: help, the effects listing for scripts, events
/// that look like options, colour names, repeated effects in a chain, and messages that stay one
/// readable line whatever was typed.
@Suite("Command line: help, listings and messages", .serialized, .removesTemporaryFiles)
struct CommandLineTests {
    @Test("'glint help WORD' with a mistyped command fails with one line and a suggestion")
    func helpForAnUnknownCommand() throws {
        let r = try CLI.run(["help", "rendr"])
        #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.isEmpty, "no help is printed for a command that does not exist: \(r.stdout)")
        #expect(r.stderrLines == ["glint: unknown command 'rendr'; did you mean 'render'? (commands: window, render, record, join, plan, effects, audio, bench)"], "\(r.stderr)")
        let known = try CLI.run(["help", "render"])
        #expect(known.status == 0 && known.stdout.contains("--output"), "\(known.stderr)")
    }

    @Test("'glint --help' shows the window's controls and options, since 'glint --effect …' opens the window", arguments: [["--help"], ["-h"], ["help"]])
    func topLevelHelp(arguments: [String]) throws {
        let r = try CLI.run(arguments)
        #expect(r.status == 0, "\(r.stderr)")
        for text in ["USAGE: glint [<window options>]", "WINDOW CONTROLS:", "R brings it back", "Esc or Q quits",
                     "WINDOW OPTIONS:", "--effect <name[,name…]>", "--size <WxH>", "--quit-after <seconds>", "--backdrop <colour>",
                     "--version", "SUBCOMMANDS:", "render", "See 'glint help <subcommand>'"] {
            #expect(r.stdout.contains(text), "'\(text)' missing from:\n\(r.stdout)")
        }
    }

    @Test("'glint effects --json' lists every effect with its parameters and image parameters, as the text listing does")
    func effectsJSON() throws {
        let r = try CLI.run(["effects", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let effects = try #require(object?["effects"] as? [[String: Any]], "\(r.stdout)")
        let names = effects.compactMap { $0["name"] as? String }
        // The seeds' effects, then the collection; the first nine have number keys in the window.
        #expect(Array(names.prefix(8)) == ["harmonic", "waveform", "gradient", "dissolve", "blur", "wave", "prism", "checkerboard"])
        #expect(names == EffectRegistry.names && Set(names).count == names.count)
        #expect(effects.map { $0["key"] as? Int } == names.indices.map { $0 < 9 ? $0 + 1 : nil })
        let harmonic = try #require(effects.first)
        let parameters = try #require(harmonic["parameters"] as? [[String: Any]])
        let waves = try #require(parameters.first { $0["name"] as? String == "wavesCount" })
        #expect(waves["defaultValue"] as? Double == 6 && waves["minimum"] as? Double == 1 && waves["maximum"] as? Double == 32)
        #expect(waves["isInteger"] as? Bool == true)
        let dissolve = try #require(effects.first { $0["name"] as? String == "dissolve" })
        let images = try #require(dissolve["images"] as? [[String: Any]])
        #expect(images.count == 1 && images[0]["name"] as? String == "noise" && (images[0]["defaultAsset"] as? String)?.hasSuffix(".png") == true, "\(images)")
        #expect(dissolve["isModifier"] as? Bool == true && harmonic["isModifier"] as? Bool == false)
        // Every effect the text listing names is in the JSON, with its parameters.
        let text = try CLI.run(["effects"])
        for entry in effects {
            let name = try #require(entry["name"] as? String)
            #expect(text.stdout.contains("\(name) ("), "\(name) is in the JSON but not in 'glint effects'")
            for p in entry["parameters"] as? [[String: Any]] ?? [] {
                #expect(text.stdout.contains("    \(p["name"] as? String ?? "?")"), "\(name).\(p["name"] ?? "?") missing from the text listing")
            }
        }
    }

    @Test("an event whose time is written '-0' is an event, not an option")
    func eventThatLooksLikeAnOption() throws {
        let dir = try CLI.temporaryFolder()
        let r = try CLI.run(["render", "--input", "-0 down 100 50", "--time", "0.1", "--size", "200x100", "--output", "x.png", "--state", "s.json"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let state = String(decoding: FileManager.default.contents(atPath: dir + "/s.json") ?? Data(), as: UTF8.self)
        #expect(state.contains("\"isInteracting\": true"), "the press at -0 s reached the effect: \(state)")
    }

    @Test("bad events: a NUL byte in an input file, coordinates beyond ±1000000 points, times past a day", arguments: [
        ("30\u{0}junk down 5 5", "bad time '30\\u{0}junk' in event '30\\u{0}junk down 5 5'"),
        ("0 down 3.5e38 1", "bad x '3.5e38' in event '0 down 3.5e38 1': expected points from the left, -1000000 to 1000000"),
        ("0 down 1 -1000001", "bad y '-1000001'"),
        ("86401 down 1 1", "bad time '86401' in event '86401 down 1 1': expected seconds from 0 to 86400"),
    ])
    func badEventsInAFile(text: String, expected: String) throws {
        let dir = try CLI.temporaryFolder()
        try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/events.txt"))
        let r = try CLI.run(["render", "--input", "@events.txt", "--size", "32x18", "--output", "x.png"], in: dir)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderrLines.count == 1 && r.stderr.contains(expected), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
    }

    @Test("a huge token is echoed cut, with its length, so the message stays one readable line")
    func hugeTokenIsCut() throws {
        // The kernel takes at most 128 KiB in one argument; a file holds more.
        let token = String(repeating: "a", count: 100_000)
        let r = try CLI.run(["render", "--effect", token, "--output", "/tmp/never-written.png"])
        #expect(r.status == 2)
        #expect(r.stderrLines.count == 1, "\(r.stderr.prefix(300))")
        #expect(r.stderr.count < 600, "a \(r.stderr.count)-character message")
        #expect(r.stderr.contains("unknown effect 'aaaa") && r.stderr.contains("…' (100000 characters)"), "\(r.stderr.prefix(600))")

        let dir = try CLI.temporaryFolder()
        try Data(("0 down " + String(repeating: "9", count: 1_000_000) + " 1").utf8).write(to: URL(fileURLWithPath: dir + "/events.txt"))
        let file = try CLI.run(["render", "--input", "@events.txt", "--output", "x.png"], in: dir)
        #expect(file.status == 2)
        #expect(file.stderrLines.count == 1 && file.stderr.count < 800, "a \(file.stderr.count)-character message")
        #expect(file.stderr.contains("bad x '9999") && file.stderr.contains("(1000000 characters)"), "\(file.stderr.prefix(800))")
    }

    @Test("a tiny --frame-timeout is reported as given, not as 0 s")
    func tinyFrameTimeout() throws {
        let dir = try CLI.temporaryFolder()
        try Data("vec4 colorEffect(vec2 position, vec4 color) { return vec4(1.0, 0.0, 0.0, 1.0); }\n".utf8)
            .write(to: URL(fileURLWithPath: dir + "/red.frag"))
        let r = try CLI.run(["render", "--effect", "red.frag", "--frame-timeout", "1e-9", "--size", "640x360", "--output", "x.png"], in: dir)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("longer than 1e-09 s"), "\(r.stderr)")
        #expect(!r.stderr.contains("longer than 0 s"), "\(r.stderr)")
    }

    @Test("CSS and SwiftUI colour names are accepted for --backdrop; an unknown name lists the kinds that are")
    func colourNames() throws {
        let dir = try CLI.temporaryFolder()
        // A tear opened from the left edge shows the backdrop in its wedge.
        let tear = ["--input", "0.1 down 1 45; 0.2 move 40 45; 0.3 move 120 45", "--time", "0.35", "--size", "160x90"]
        for (name, rgb) in [("magenta", [255, 0, 255]), ("purple", [128, 0, 128]), ("orange", [255, 165, 0]), (".indigo", [88, 86, 214])] {
            let r = try CLI.run(["render", "--backdrop", name] + tear + ["--output", "x.png"], in: dir)
            #expect(r.status == 0, "\(name): \(r.stderr)")
            let image = try PNG.read(dir + "/x.png")
            var found = false
            for i in stride(from: 0, to: image.rgba.count, by: 4) where Array(image.rgba[i..<i + 3]) == rgb.map(UInt8.init) { found = true; break }
            #expect(found, "no \(name) pixel \(rgb) in the tear's wedge")
        }
        let bad = try CLI.run(["render", "--backdrop", "notacolour", "--output", "x.png"], in: dir)
        #expect(bad.status == 2)
        #expect(bad.stderrLines == ["glint: bad colour 'notacolour': expected #RRGGBB, #RGB, a CSS colour name (magenta, orange, …), a SwiftUI colour (.indigo, .mint, …) or dark"], "\(bad.stderr)")
    }

    @Test("a chain that repeats an effect names each instance: blur, blur#2, … in --param and --state")
    func repeatedEffects() throws {
        let dir = try CLI.temporaryFolder()
        let r = try CLI.run(["render", "--effect", "blur,blur,blur", "--param", "blur#2.radius=3", "--param", "blur#3.radius=1",
                             "--size", "64x36", "--output", "x.png", "--state", "s.json"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let state = String(decoding: FileManager.default.contents(atPath: dir + "/s.json") ?? Data(), as: UTF8.self)
        #expect(state.contains("\"blur.radius\": 8") && state.contains("\"blur#2.radius\": 3") && state.contains("\"blur#3.radius\": 1"), "\(state)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(state.utf8)) as? [String: Any])
        let keys = state.split(separator: "\n").compactMap { line -> String? in
            guard let open = line.firstIndex(of: "\""), let close = line[line.index(after: open)...].firstIndex(of: "\"") else { return nil }
            return String(line[line.index(after: open)..<close])
        }
        #expect(keys.count == Set(keys).count && keys.count == object.count, "every key once: \(keys)")

        for (arguments, expected) in [
            (["--param", "blur#4.radius=1"], "there is no blur#4 in the effects shown (harmonic, blur, blur#2, blur#3)"),
            (["--param", "radius=1"], "blur and blur#2 and blur#3 all take 'radius'; say which, like blur#3.radius=…"),
        ] {
            let bad = try CLI.run(["render", "--effect", "blur,blur,blur"] + arguments + ["--size", "64x36", "--output", "y.png"], in: dir)
            #expect(bad.status == 2 && bad.stderrLines.count == 1 && bad.stderr.contains(expected), "\(bad.stderr)")
        }
    }

    @Test("bench --dump-shader - is refused: standard output carries bench's table")
    func dumpShaderToStandardOutput() throws {
        let dir = try CLI.temporaryFolder()
        let r = try CLI.run(["bench", "--frames", "1", "--size", "32x18", "--dump-shader", "-"], in: dir)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderrLines == ["glint: cannot write the shader dump to standard output: bench prints its results there; name a file, like --dump-shader shader.frag"], "\(r.stderr)")
        #expect((try FileManager.default.contentsOfDirectory(atPath: dir)).isEmpty, "no file named '-'")
    }
}
