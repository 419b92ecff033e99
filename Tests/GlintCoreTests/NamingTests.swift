import Testing
@testable import GlintCore

/// Colour names, effect instance names and echoed text: the small vocabulary the command line speaks.
@Suite("Names and echoed text")
struct NamingTests {
    private func rgb(_ c: Color) -> [Int] {
        [c.red, c.green, c.blue].map { Int(($0 * 255).rounded()) }
    }

    @Test("CSS names give CSS's colours; SwiftUI's, written with a dot, give its light-mode colours; case and separators ignored")
    func colourNames() throws {
        #expect(rgb(try Parse.color("magenta")) == [255, 0, 255])
        #expect(rgb(try Parse.color("purple")) == [128, 0, 128])
        #expect(rgb(try Parse.color("orange")) == [255, 165, 0])
        #expect(rgb(try Parse.color("Rebecca Purple")) == [102, 51, 153])
        #expect(rgb(try Parse.color("dark-orange")) == [255, 140, 0])
        #expect(rgb(try Parse.color(".indigo")) == [88, 86, 214])
        #expect(rgb(try Parse.color(".mint")) == [0, 199, 190])
        #expect(rgb(try Parse.color(".red")) == [255, 59, 48])
        #expect(rgb(try Parse.color("dark")) == [18, 18, 23])
        #expect(rgb(try Parse.color("#0a0B0c")) == [10, 11, 12])
        #expect(NamedColors.css.count == 148)
        for bad in ["mint", ".magenta", "notacolour", "#12345", ""] {
            #expect(throws: InputError.self, "'\(bad)' is no colour") { try Parse.color(bad) }
        }
    }

    @Test("a chain's instances: the first keeps its name, later ones of the same effect get #2, #3")
    func instanceNames() {
        #expect(EffectInstanceNames.names(ofDescriptors: ["harmonic", "blur", "wave", "blur", "blur"])
                == ["harmonic", "blur", "wave", "blur#2", "blur#3"])
        #expect(EffectInstanceNames.names(ofDescriptors: ["harmonic"]) == ["harmonic"])
        let chain: [any Effect] = [HarmonicEffect(), DeclaredEffect(.blur), DeclaredEffect(.blur)]
        // The controls panel's rows carry the same names (ControlsPanelTests, in GlintTests).
        let keys = EffectInstanceNames.stateSnapshot(of: chain, tear: nil).map(\.0)
        #expect(keys.contains("blur.radius") && keys.contains("blur#2.radius"), "\(keys)")
        #expect(Set(keys).count == keys.count, "every --state key once: \(keys)")
    }

    @Test("a word over 240 characters is cut to 80 with its length; quotes and shorter words stay")
    func clipping() {
        let long = String(repeating: "x", count: 1000)
        #expect(MessageText.clipped("unknown effect '\(long)'; valid effects: a, b")
                == "unknown effect '\(String(repeating: "x", count: 80))…' (1000 characters); valid effects: a, b")
        let short = "bad size '12x': expected WIDTHxHEIGHT"
        #expect(MessageText.clipped(short) == short)
        let fits = String(repeating: "y", count: 240)
        #expect(MessageText.clipped(fits + " " + fits) == fits + " " + fits)
    }

    @Test("events refuse numbers with control characters, coordinates past ±1000000 points and times past a day")
    func eventLimits() throws {
        #expect(try Parse.events("0 down 1000000 -1000000").first?.location == Point(x: 1_000_000, y: -1_000_000))
        for (bad, expected) in [("30\u{0}junk down 5 5", "bad time '30\u{0}junk'"), ("0 down 1 1\n1 up 2\u{0}2 2", "bad x '2\u{0}2' in event '1 up 2\u{0}2 2' on line 2"),
                                ("0 down 1000000.5 1", "bad x"), ("0 down 1 1e300", "bad y"), ("90000 down 1 1", "bad time")] {
            do {
                _ = try Parse.events(bad)
                Issue.record("'\(bad)' was accepted")
            } catch {
                #expect(error.message.contains(expected), "\(error.message)")
            }
        }
    }
}
