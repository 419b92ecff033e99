import Testing
@testable import GlintCore

/// `// glint:` annotations after a shader's uniforms (`UniformAnnotations`): what each kind of
/// uniform declares, what is left alone, and the one line a bad annotation gets.
@Suite("Uniform annotations")
struct UniformAnnotationsTests {
    static let knobs = """
        // Knobs: every kind of annotated uniform.
        uniform float speed;      // glint: 0 4 1
        uniform int   count;      // glint: 1 12 6
        uniform bool  invert;     // glint: false
        uniform bool  flip;       // glint: toggle
        uniform vec2  center;     // glint: 0 1 0.5,0.25
        uniform vec3  tint;       // glint: color #ff8800
        uniform vec4  glow;       // glint: 0 1 0.1,0.2,0.3,1
        uniform vec4  shade;      // glint: color #00000080
        uniform highp float plain; // glint: -1 1
        uniform float untouched;
        // glint: separable
        vec4 colorEffect(vec2 position, vec4 color) { return color; }
        """

    @Test("each annotated uniform is a parameter of its kind, range and defaults, in order; others are left alone")
    func kinds() throws {
        let found = try ShaderMarkers(parsing: Self.knobs).uniforms(file: "knobs.frag")
        #expect(found.map(\.parameter.name) == ["speed", "count", "invert", "flip", "center", "tint", "glow", "shade", "plain"])
        #expect(found.map(\.line) == [2, 3, 4, 5, 6, 7, 8, 9, 10])
        #expect(found.map(\.type) == ["float", "int", "bool", "bool", "vec2", "vec3", "vec4", "vec4", "float"])
        let p = Dictionary(uniqueKeysWithValues: found.map { ($0.parameter.name, $0.parameter) })
        #expect(p["speed"] == EffectParameter("speed", "uniform float speed", default: 1, range: 0...4))
        #expect(p["count"]?.kind == .wholeNumber && p["count"]?.range == 1...12 && p["count"]?.defaults == [6])
        #expect(p["invert"]?.kind == .toggle && p["invert"]?.defaults == [0])
        #expect(p["flip"]?.kind == .toggle && p["flip"]?.defaults == [0])
        #expect(p["center"]?.kind == .point && p["center"]?.range == 0...1 && p["center"]?.defaults == [0.5, 0.25])
        #expect(p["tint"]?.kind == .color && p["tint"]?.defaults == [1, 136.0 / 255, 0])
        #expect(p["glow"]?.kind == .vector && p["glow"]?.defaults == [0.1, 0.2, 0.3, 1])
        #expect(p["shade"]?.kind == .color && p["shade"]?.defaults == [0, 0, 0, 128.0 / 255])
        #expect(p["plain"]?.defaults == [-1], "a missing default is the range's low end")
    }

    @Test("one number stands for every component's default; a colour without one is white; true switches a toggle on")
    func shorthands() throws {
        let found = try ShaderMarkers(parsing: """
            uniform vec3 v; // glint: -2 2 1
            uniform vec4 c; // glint: color
            uniform bool on; // glint: true
            uniform vec3 named; // glint: color orange
            uniform vec3 channels; // glint: color 0.5,0.25,1
            """).uniforms(file: "s.frag")
        #expect(found.map(\.parameter.defaults) == [[1, 1, 1], [1, 1, 1, 1], [1], [1, 165.0 / 255, 0], [0.5, 0.25, 1]])
    }

    @Test("a malformed annotation is one line naming file:line, the uniform and what is valid",
          arguments: [
              ("uniform float speed; // glint: 0 four 1", "expected MIN MAX [DEFAULT] for a float"),
              ("uniform float speed; // glint: 4 0", "MIN 4 must be below MAX 0"),
              ("uniform float speed; // glint: 0 4 9", "default '9' is outside 0…4"),
              ("uniform int count; // glint: 1 12 6.5", "an int takes whole numbers"),
              ("uniform bool invert; // glint: maybe", "expected true, false or toggle"),
              ("uniform vec2 center; // glint: 0 1 0.5,0.5,0.5", "one number or 2 numbers separated by commas"),
              ("uniform vec3 tint; // glint: color #zzzzzz", "bad colour '#zzzzzz'"),
              ("uniform mat3 m; // glint: 0 1", "a uniform of type mat3 takes no annotation"),
              ("uniform float a, b; // glint: 0 1", "must follow one uniform declaration"),
              ("uniform float a[4]; // glint: 0 1", "not an array"),
              ("float speed = 1.0; // glint: 0 4 1", "must follow one uniform declaration"),
              ("uniform int n; // glint: 0 3e9 3e9", "3e9 is beyond what an int holds (-2147483648…2147483647)"),
              ("uniform int n; // glint: -1e19 0", "-1e19 is beyond what an int holds"),
              ("uniform float a; // glint: 0 1e300 1e300", "1e300 is beyond what a float holds (±3.4e38)"),
              ("uniform vec2 a; // glint: 0 1 0.5,1e39", "0.5,1e39 is beyond what a float holds"),
          ])
    func malformed(line: String, expected: String) {
        do {
            _ = try ShaderMarkers(parsing: "// a shader\n\(line)\n").uniforms(file: "dir/my.frag")
            Issue.record("'\(line)' was accepted")
        } catch {
            #expect(error.message.hasPrefix("dir/my.frag:2: "), "names the file and line: \(error.message)")
            #expect(error.message.contains(expected), "\(error.message)")
            #expect(!error.message.contains("\n"), "one line: \(error.message)")
        }
    }

    @Test("a uniform annotated twice is refused, naming the first line")
    func twice() {
        #expect(throws: InputError("s.frag:3: uniform 'a' is annotated twice (first on line 1)")) {
            try ShaderMarkers(parsing: "uniform float a; // glint: 0 1\n\nuniform float a; // glint: 0 2").uniforms(file: "s.frag")
        }
    }

    @Test("--param writes each kind as the listing says, checked against the range")
    func commandLine() throws {
        let d = EffectDescriptor(name: "knobs.frag", title: "", summary: "",
                                 parameters: try ShaderMarkers(parsing: Self.knobs).uniforms(file: "knobs.frag").map(\.parameter))
        #expect(try Parse.parameterValues("speed=2", for: d) == ("speed", [2]))
        #expect(try Parse.parameterValues("invert=true", for: d) == ("invert", [1]))
        #expect(try Parse.parameterValues("invert=off", for: d) == ("invert", [0]))
        #expect(try Parse.parameterValues("center=0.2,0.8", for: d) == ("center", [0.2, 0.8]))
        #expect(try Parse.parameterValues("tint=#ff0000", for: d) == ("tint", [1, 0, 0]))
        #expect(try Parse.parameterValues("shade=#ff000080", for: d) == ("shade", [1, 0, 0, 128.0 / 255]))
        #expect(try Parse.parameterValues("glow=0,0.5,1,1", for: d) == ("glow", [0, 0.5, 1, 1]))
        for (bad, expected) in [("speed=5", "out of range 0…4"), ("count=2.5", "whole number"), ("invert=2", "expected true or false"),
                                ("center=0.2", "expected 2 numbers"), ("center=0.2,2", "each must be in 0…1"),
                                ("tint=nope", "bad value 'nope' for tint: expected #RRGGBB")] {
            #expect(throws: InputError.self, "'\(bad)'") { try Parse.parameterValues(bad, for: d) }
            do { _ = try Parse.parameterValues(bad, for: d) } catch {
                #expect(error.message.contains(expected) && error.message.contains("center (x,y each 0…1, default 0.5,0.25)"), "\(error.message)")
            }
        }
    }

    @Test("a declared effect feeds each parameter as its uniform's type and dumps a toggle as true or false")
    func declaredEffect() throws {
        let effect = try CustomEffect.fragment(function: "knobs", fileName: "knobs.frag", source: Self.knobs)
        effect.setParameter("center", component: 1, to: 0.75)
        effect.setParameter("invert", to: 1)
        effect.setParameter("count", to: 3)
        effect.updatePass(viewSize: Size(width: 100, height: 100))
        let values = Dictionary(uniqueKeysWithValues: zip(effect.pass.argumentNames, effect.pass.argumentValues))
        #expect(values["center"] == .float2(0.5, 0.75))
        #expect(values["tint"] == .float3(1, Float(136.0 / 255), 0))
        #expect(values["glow"] == .float4(0.1, 0.2, 0.3, 1))
        #expect(values["count"] == .int(3), "an int uniform is fed an int")
        let state = Dictionary(uniqueKeysWithValues: effect.stateSnapshot())
        #expect(state["invert"] == .bool(true) && state["flip"] == .bool(false))
        effect.resetParameters()
        #expect(effect.setting("center", component: 1) == 0.25 && effect.setting("count") == 6)
        #expect(effect.setting("center", component: 2) == nil)
    }

    @Test("a uniform glint sets every frame cannot be annotated")
    func reserved() {
        #expect(throws: InputError("k.frag:1: uniform 'time' is set by glint every frame and cannot be annotated; name your own uniform otherwise")) {
            try CustomEffect.fragment(function: "k", fileName: "k.frag", source: "uniform float time; // glint: 0 1")
        }
    }
}
