import Testing
@testable import GlintCore

@Suite("Command-line values")
struct ParsingTests {
    @Test func sizes() throws {
        #expect(try Parse.size("1280x720") == Size(width: 1280, height: 720))
        #expect(try Parse.size("64X32") == Size(width: 64, height: 32))
        for bad in ["1280", "x720", "1280x", "12.5x10", "0x10", "-4x10", "abcxdef", "20000x10", ""] {
            #expect(throws: InputError.self) { try Parse.size(bad) }
            do { _ = try Parse.size(bad) } catch { #expect(error.message.contains("'\(bad)'"), "names the token: \(error.message)") }
        }
    }

    @Test func times() throws {
        #expect(try Parse.time("2.5") == 2.5)
        #expect(try Parse.time("0") == 0)
        for bad in ["-1", "abc", "nan", "inf", "1e9"] {
            do {
                _ = try Parse.time(bad)
                Issue.record("'\(bad)' was accepted")
            } catch {
                #expect(error.message.contains("'\(bad)'"))
            }
        }
    }

    @Test("events parse from ';' and new lines, with comments")
    func events() throws {
        let parsed = try Parse.events("0.5 down 640 360; 1.0 move 650 370\n# held\n1.8 up 650 370 # done")
        #expect(parsed == [
            PointerEvent(.down, Point(x: 640, y: 360), at: 0.5),
            PointerEvent(.move, Point(x: 650, y: 370), at: 1.0),
            PointerEvent(.up, Point(x: 650, y: 370), at: 1.8),
        ])
        #expect(try Parse.events("  ;; ").isEmpty)
    }

    @Test("a bad event names the bad token", arguments: [
        ("0.5 press 1 2", "'press'"),
        ("x down 1 2", "'x'"),
        ("0.5 down one 2", "'one'"),
        ("0.5 down 1 two", "'two'"),
        ("0.5 down 1", "'0.5 down 1'"),
        ("1 down 1 2; 0.5 up 1 2", "'0.5'"),
        ("-1 down 1 2", "'-1'"),
    ])
    func badEvents(text: String, token: String) {
        do {
            _ = try Parse.events(text)
            Issue.record("'\(text)' was accepted")
        } catch {
            #expect(error.message.contains(token), "\(error.message)")
        }
    }

    @Test("the line of a bad event in a file is named")
    func badEventLine() {
        do {
            _ = try Parse.events("0 down 1 1\n0.5 up 1 zz\n")
            Issue.record("accepted")
        } catch {
            #expect(error.message.contains("line 2"))
        }
    }

    @Test("a file saved with Windows (CRLF) or old Mac (CR) line ends reads like one with LF")
    func lineEnds() throws {
        let lf = try Parse.events("0.5 down 1 2\n# held\n1.8 up 1 2\n")
        #expect(lf.count == 2)
        #expect(try Parse.events("0.5 down 1 2\r\n# held\r\n1.8 up 1 2\r\n") == lf)
        #expect(try Parse.events("0.5 down 1 2\r# held\r1.8 up 1 2\r") == lf)
        do {
            _ = try Parse.events("0 down 1 1\r\n0.5 up 1 zz\r\n")
            Issue.record("accepted")
        } catch {
            #expect(error.message.contains("'zz'") && error.message.contains("line 2") && !error.message.contains("\r"), "\(error.message)")
        }
    }

    @Test("parameters are checked by name and range, listing the valid ones")
    func parameters() throws {
        let d = HarmonicEffect.descriptor
        let (name, value) = try Parse.parameter("amplitude=1.25", for: d)
        #expect(name == "amplitude" && value == 1.25)
        for (bad, expected) in [("amp=1", "unknown parameter 'amp'"), ("amplitude=9", "out of range"), ("amplitude=x", "'x'"),
                                ("wavesCount=2.5", "whole number"), ("amplitude", "name=value")] {
            do {
                _ = try Parse.parameter(bad, for: d)
                Issue.record("'\(bad)' was accepted")
            } catch {
                #expect(error.message.contains(expected), "\(error.message)")
                #expect(error.message.contains("wavesCount (default 6, 1…32"), "lists the valid parameters: \(error.message)")
            }
        }
    }

    @Test func stateJSON() {
        let json = StateJSON.encode([("time", .number(2.5)), ("wavesCount", .number(6)), ("isInteracting", .bool(true)), ("viewSize", .vector([1280, 720.5]))])
        #expect(json == "{\n  \"time\": 2.5,\n  \"wavesCount\": 6,\n  \"isInteracting\": true,\n  \"viewSize\": [1280, 720.5]\n}\n")
    }

    @Test("--state writes a number for every number, never null: the nearest finite value past the range, 0 for NaN")
    func stateNeverNull() {
        let text = StateJSON.encode([("a", .number(.infinity)), ("b", .vector([-.infinity, .nan, 0.5])), ("c", .number(2))])
        #expect(!text.contains("null") && !text.contains("inf") && !text.contains("nan"), "\(text)")
        #expect(text.contains("\"a\": 1.7976931348623157e+308") && text.contains("[-1.7976931348623157e+308, 0, 0.5]"), "\(text)")
    }

    @Test("a source's CR LF and lone CR line ends become LF, with the lines as they were")
    func unixLineEndings() {
        #expect(Parse.unixLineEndings("a\r\nb\rc\n\r\nd") == "a\nb\nc\n\nd")
        #expect(Parse.unixLineEndings("plain\n") == "plain\n")
        #expect(Parse.unixLineEndings("é\r") == "é\n")
    }
}
