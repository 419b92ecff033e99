import Foundation
import Glint
import GlintCore
import GlintRender
import GlintTestSupport
import Testing

/// Drawing a glslViewer or ISF file as the window and `glint render` show it: the effect in the
/// app's view, one frame every 1/60 s from t = 0, each drawn; the test shaders write the values
/// they read as bytes (a value v shown as v/255), so pixels say what the shader saw.
enum ToyDialectFrames {
    struct Frame {
        var width: Int
        var height: Int
        var rgba: [UInt8]

        /// The pixel at (x, y) from the top-left.
        func pixel(_ x: Int, _ y: Int) -> [Int] {
            let i = (y * width + x) * 4
            return rgba[i..<i + 4].map { Int($0) }
        }
    }

    /// A file of `text` named `name` in a fresh folder (with `others` beside it).
    static func file(_ name: String, _ text: String, others: [String: String] = [:]) throws -> String {
        let folder = try TemporaryFiles.folder("toy-dialect")
        for (other, content) in others {
            try Data(content.utf8).write(to: URL(fileURLWithPath: folder + "/" + other))
        }
        let path = folder + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Loads `path` as its dialect (told from the file, as `glint` does) with `textures`.
    static func load(_ path: String, textures: [(name: String?, path: String)] = []) throws -> ToyProgram {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        guard let dialect = ToyLoader.dialect(of: path, text: text) else { throw RenderError.arguments("\(path): no dialect") }
        return try ToyLoader.load(path, dialect: dialect,
                                  options: ToyLoadOptions(textures: textures.map { ToyLoadOptions.Texture(name: $0.name, path: $0.path) }))
    }

    /// The message `load` refuses `path` with.
    static func refusal(_ path: String, textures: [(name: String?, path: String)] = []) -> String? {
        do {
            _ = try load(path, textures: textures)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Draws `frames` frames of `effect` at t = 0, 1/60 s, … in a view of `size` points at
    /// `scale`, applying `events` at their times; the last frame's pixels.
    static func draw(_ effect: ToyEffect, size: Size, scale: Double = 1, frames: Int, events: [PointerEvent] = []) throws -> Frame {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let driver = FrameDriver(backdrop: .clear)
        let view = ChainFrames.AppLike(effects: [effect], tear: nil, showsForeground: false, showsControls: false, hud: nil)
        let cgSize = CGSize(width: size.width, height: size.height)
        let renderer = try ViewRenderer()
        let pixels = ChainFrames.pixelSize(of: size, scale: scale)
        let target = try RenderTarget(pixelWidth: pixels.width, pixelHeight: pixels.height)
        var next = 0
        for k in 0..<frames {
            driver.update(view, in: cgSize, scale: CGFloat(scale))
            next += driver.advance(to: Double(k) * Timeline.maxStep, applying: events[next...])
            driver.update(view, in: cgSize, scale: CGFloat(scale))
            try renderer.draw(driver.resolved, into: target.framebuffer)
        }
        if let error = driver.resolved.errors.first { throw error }
        return Frame(width: pixels.width, height: pixels.height, rgba: target.readPixels())
    }

    /// A fixed start date, so `u_date` and `DATE` are known: 2024-03-05, 01:02:03 local time.
    static let startDate: Date = {
        var parts = DateComponents()
        (parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second) = (2024, 3, 5, 1, 2, 3)
        return Calendar.current.date(from: parts)!
    }()
}

@Suite("glslViewer shaders", .serialized, .removesTemporaryFiles)
struct GlslViewerDialectTests {
    typealias F = ToyDialectFrames

    /// A file that shows what it reads in the pixel's bytes.
    static func probe(_ body: String, declarations: String = "") throws -> String {
        try F.file("probe.frag", """
            #ifdef GL_ES
            precision mediump float;
            #endif
            uniform vec2 u_resolution;
            uniform float u_time;
            uniform float u_delta;
            uniform int u_frame;
            uniform vec4 u_date;
            uniform vec2 u_mouse;
            uniform float u_pixelDensity;
            \(declarations)
            void main() {
                \(body)
            }
            """)
    }

    @Test("-I and -D travel with each load as values: loads with different defines on several threads at once each get their own, and a reload reads with the same")
    func loadOptionsAreValues() throws {
        let path = try Self.probe("gl_FragColor = vec4(QUALITY / 255.0);")
        let lock = NSLock()
        nonisolated(unsafe) var results: [Int: String] = [:]
        DispatchQueue.concurrentPerform(iterations: 16) { i in
            let options = ToyLoadOptions(defines: [ShaderDefine("QUALITY", "\(i).0")])
            let source = (try? ToyLoader.load(path, dialect: .glslViewer, options: options))?.passes.last?.source ?? ""
            lock.withLock { results[i] = source }
        }
        for i in 0..<16 {
            let source = lock.withLock { results[i] } ?? ""
            #expect(source.contains("#define QUALITY \(i).0\n"), "load \(i) got: \(source.prefix(200))")
        }
        let program = try ToyLoader.load(path, dialect: .glslViewer, options: ToyLoadOptions(defines: [ShaderDefine("QUALITY", "7.0")]))
        let again = try #require(try ToyLoader.reload(program))
        #expect(again.options == program.options)
        #expect(again.passes.last?.source.contains("#define QUALITY 7.0\n") == true)
    }

    @Test("u_resolution is the picture's size in pixels, u_pixelDensity the scale, at scale 1 and 2")
    func resolution() throws {
        let path = try Self.probe("gl_FragColor = vec4(u_resolution / 255.0, u_pixelDensity / 255.0, 1.0);")
        for scale in [1.0, 2.0] {
            let frame = try F.draw(ToyEffect(program: F.load(path)), size: Size(width: 40, height: 30), scale: scale, frames: 1)
            #expect(frame.pixel(3, 3) == [Int(40 * scale), Int(30 * scale), Int(scale), 255], "scale \(scale)")
        }
    }

    @Test("u_time, u_frame and u_delta count the frames drawn, 1/60 s apart; u_date's month counts from 0")
    func clock() throws {
        let path = try Self.probe("""
            if (gl_FragCoord.x < u_resolution.x * 0.5) gl_FragColor = vec4(u_time * 60.0 / 255.0, float(u_frame) / 255.0, u_delta * 3600.0 / 255.0, 1.0);
            else gl_FragColor = vec4(u_date.xyz - vec3(2000.0, 0.0, 0.0), 255.0) / 255.0;
            """)
        let effect = ToyEffect(program: try F.load(path), startDate: F.startDate)
        let frame = try F.draw(effect, size: Size(width: 40, height: 30), frames: 10)
        // The tenth frame: t = 9/60 s, frame 9, a step of 1/60 s; 5 March 2024 is (2024, 2, 5).
        #expect(frame.pixel(4, 4) == [9, 9, 60, 255])
        #expect(frame.pixel(30, 4) == [24, 2, 5, 255])
    }

    @Test("u_mouse is the cursor in pixels from the bottom-left, pressed or not")
    func mouse() throws {
        let path = try Self.probe("gl_FragColor = vec4(u_mouse / 255.0, 0.0, 1.0);")
        let events = [PointerEvent(.down, Point(x: 10, y: 5), at: 0.02),
                      PointerEvent(.move, Point(x: 20, y: 8), at: 0.03),
                      PointerEvent(.up, Point(x: 20, y: 8), at: 0.04)]
        for scale in [1.0, 2.0] {
            let held = try F.draw(ToyEffect(program: F.load(path)), size: Size(width: 40, height: 30), scale: scale, frames: 3, events: Array(events[..<2]))
            #expect(held.pixel(0, 0) == [Int(20 * scale), Int((30 - 8) * scale), 0, 255], "held, scale \(scale)")
            let released = try F.draw(ToyEffect(program: F.load(path)), size: Size(width: 40, height: 30), scale: scale, frames: 4, events: events)
            #expect(released.pixel(0, 0) == [Int(20 * scale), Int((30 - 8) * scale), 0, 255], "released, scale \(scale)")
            // A move with no button held: the frame driver tells the shader where the cursor is.
            let hovering = [PointerEvent(.move, Point(x: 12, y: 6), at: 0.02)]
            let moved = try F.draw(ToyEffect(program: F.load(path)), size: Size(width: 40, height: 30), scale: scale, frames: 3, events: hovering)
            #expect(moved.pixel(0, 0) == [Int(12 * scale), Int((30 - 6) * scale), 0, 255], "moved without a press, scale \(scale)")
        }
    }

    @Test("a DOUBLE_BUFFER_0 pass reads its own last frame: after N frames it holds exactly N")
    func doubleBufferFeedback() throws {
        let path = try F.file("count.frag", """
            uniform sampler2D u_doubleBuffer0;
            uniform vec2 u_resolution;
            varying vec2 v_texcoord;

            void main() {
            #if defined(DOUBLE_BUFFER_0)
                gl_FragColor = texture2D(u_doubleBuffer0, v_texcoord) + vec4(1.0, 2.0, 0.0, 0.0);
            #else
                gl_FragColor = vec4(texture2D(u_doubleBuffer0, v_texcoord).rg / 255.0, 0.0, 1.0);
            #endif
            }
            """)
        let program = try F.load(path)
        #expect(program.passes.map(\.name) == ["DOUBLE_BUFFER_0", "main"])
        #expect(program.hasFeedback)
        let frame = try F.draw(ToyEffect(program: program), size: Size(width: 16, height: 8), frames: 12)
        #expect(frame.pixel(5, 5) == [12, 24, 0, 255])
    }

    @Test("BUFFER_0 is drawn before the main pass, at the size its sampler's comment gives, and read by it")
    func buffer() throws {
        let path = try F.file("two.frag", """
            uniform sampler2D u_buffer0; // 4x2
            uniform sampler2D u_buffer1;
            uniform vec2 u_resolution;
            varying vec2 v_texcoord;

            void main() {
            #ifdef BUFFER_0
                gl_FragColor = vec4(u_resolution / 255.0, floor(gl_FragCoord.x) / 255.0, 1.0);
            #elif defined( BUFFER_1 )
                gl_FragColor = vec4(0.0, 0.0, 0.0, 1.0) + texture2D(u_buffer0, vec2(0.875, 0.5)).bgra;
            #else
                gl_FragColor = vec4(texture2D(u_buffer1, v_texcoord).rgb, 1.0);
            #endif
            }
            """)
        let program = try F.load(path)
        #expect(program.passes.map(\.name) == ["BUFFER_0", "BUFFER_1", "main"])
        #expect(program.buffers.map(\.size) == [.expressions(width: "4", height: "2"), .view])
        #expect(!program.hasFeedback)
        let frame = try F.draw(ToyEffect(program: program), size: Size(width: 20, height: 10), frames: 1)
        // Buffer 0 is 4x2 pixels; its texel at x = 0.875 is column 3's centre; buffer 1 swaps red and blue.
        #expect(frame.pixel(10, 5) == [3, 2, 4, 255])
    }

    @Test("the frame graph carries every pass of the shader: each buffer's pass by its target's name, then the picture's, under the pass that shows it; it prints them and compares as a value")
    func passesInTheFrameGraph() throws {
        let path = try F.file("graph.frag", """
            uniform sampler2D u_buffer0;
            uniform sampler2D u_doubleBuffer0;
            void main() {
            #ifdef BUFFER_0
                gl_FragColor = vec4(0.5);
            #elif defined( DOUBLE_BUFFER_0 )
                gl_FragColor = texture2D(u_doubleBuffer0, vec2(0.5)) + vec4(1.0 / 255.0);
            #else
                gl_FragColor = texture2D(u_buffer0, vec2(0.5));
            #endif
            }
            """)
        let effect = ToyEffect(program: try F.load(path))
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let driver = FrameDriver(backdrop: .clear)
        let view = ChainFrames.AppLike(effects: [effect], tear: nil, showsForeground: false, showsControls: false, hud: nil)
        driver.update(view, in: CGSize(width: 20, height: 10), scale: 1)
        let graph = try #require(driver.resolved.graphs.first { $0.content.tool != nil || $0.effects.contains { $0.tool != nil } })
        let text = graph.description
        let lines = text.split(separator: "\n").map(String.init)
        let passes = lines.filter { $0.hasPrefix("  pass ") }
        #expect(passes.count == 3, "\(text)")
        #expect(passes.first?.hasPrefix("  pass 'BUFFER_0' -> 'BUFFER_0'") == true, "\(text)")
        #expect(passes.contains { $0.hasPrefix("  pass 'DOUBLE_BUFFER_0' -> 'DOUBLE_BUFFER_0' reads") && $0.contains("u_doubleBuffer0='DOUBLE_BUFFER_0'") }, "\(text)")
        #expect(passes.last?.hasPrefix("  pass 'main' -> picture reads u_buffer0='BUFFER_0'") == true, "\(text)")
        #expect(lines.contains { $0.hasPrefix("  target 'DOUBLE_BUFFER_0' ") && $0.contains("persistent") }, "\(text)")
        #expect(graph == graph)
        var other = graph
        if other.content.tool != nil { other.content.tool?.clock.time += 1 } else { other.effects[0].tool?.clock.time += 1 }
        #expect(other != graph)
    }

    @Test("a glslViewer file edited while it runs is loaded again by the view renderer: its new picture shows; an edit that does not compile is reported and the last good one keeps running")
    func liveReload() throws {
        let path = try F.file("live.frag", "void main() { gl_FragColor = vec4(0.2, 0.4, 0.6, 1.0); }")
        let effect = ToyEffect(program: try F.load(path))
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let driver = FrameDriver(backdrop: .clear)
        let view = ChainFrames.AppLike(effects: [effect], tear: nil, showsForeground: false, showsControls: false, hud: nil)
        let renderer = try ViewRenderer()
        let target = try RenderTarget(pixelWidth: 8, pixelHeight: 8)
        func frame() throws -> [Int] {
            driver.update(view, in: CGSize(width: 8, height: 8), scale: 1)
            try renderer.draw(driver.resolved, into: target.framebuffer)
            return Array(target.readPixels()[0..<4]).map { Int($0) }
        }
        let first = try frame()
        #expect(first == [51, 102, 153, 255])
        // A later modification time than the first, whatever the file system's clock resolution.
        func write(_ text: String, at seconds: Double) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: seconds)], ofItemAtPath: path)
        }
        try write("void main() { gl_FragColor = vec4(0.6, 0.4, 0.2, 1.0); }", at: 10)
        let reload = renderer.reloadChangedShaders()
        #expect(reload.errors.isEmpty && reload.reloaded == [path], "\(reload)")
        let edited = try frame()
        #expect(edited == [153, 102, 51, 255])
        try write("void main() { gl_FragColor = vec4(oops); }", at: 20)
        let broken = renderer.reloadChangedShaders()
        #expect(broken.errors.count == 1 && broken.errors.first?.description.contains("live.frag") == true, "\(broken)")
        let kept = try frame()
        #expect(kept == [153, 102, 51, 255])
        #expect(renderer.reloadChangedShaders().errors.isEmpty, "a failed reload waits for the next change")
    }

    @Test("textures from the command line: u_tex0 in order, u_NAME by name, each with its Resolution, shown the right way up")
    func textures() throws {
        let folder = try TemporaryFiles.folder("toy-textures")
        // 2x2: top row red, green; bottom row blue, white.
        let pixels: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]
        try PNG.write(folder + "/four.png", width: 2, height: 2, rgba: pixels)
        let path = try F.file("tex.frag", """
            uniform sampler2D u_tex0;
            uniform vec2 u_tex0Resolution;
            uniform sampler2D u_noise;
            uniform vec2 u_noiseResolution;
            uniform vec2 u_resolution;
            void main() {
                vec2 st = gl_FragCoord.xy / u_resolution;
                if (st.x < 0.5) gl_FragColor = texture2D(u_tex0, vec2(0.25, st.y < 0.5 ? 0.25 : 0.75));
                else gl_FragColor = vec4((u_tex0Resolution + u_noiseResolution * 10.0) / 255.0, texture2D(u_noise, vec2(0.75, 0.75)).g, 1.0);
            }
            """)
        let program = try F.load(path, textures: [(nil, folder + "/four.png"), ("noise", folder + "/four.png")])
        let frame = try F.draw(ToyEffect(program: program), size: Size(width: 20, height: 10), frames: 1)
        #expect(frame.pixel(2, 1) == [255, 0, 0, 255], "the image's top-left at the picture's top-left")
        #expect(frame.pixel(2, 8) == [0, 0, 255, 255], "its bottom-left at the bottom")
        #expect(frame.pixel(15, 5) == [22, 22, 255, 255], "both sizes, and u_noise's top-right is green")
    }

    @Test("a file for GLSL 3.30 (#version, its own out vec4, in vec2 v_texcoord) runs too, its passes by #define")
    func ownOutput() throws {
        let path = try F.file("modern.frag", """
            #version 330
            uniform sampler2D u_buffer0;
            in vec2 v_texcoord;
            out vec4 fragColor;
            void main(void) {
            #if defined(BUFFER_0)
                fragColor = vec4(0.0, 0.6, 0.0, 1.0);
            #else
                fragColor = vec4(v_texcoord.x, texture(u_buffer0, v_texcoord).g, 0.0, 1.0);
            #endif
            }
            """)
        #expect(ToyLoader.dialect(of: path, text: try String(contentsOfFile: path, encoding: .utf8)) == .glslViewer)
        let frame = try F.draw(ToyEffect(program: F.load(path)), size: Size(width: 10, height: 4), frames: 1)
        // Pixel 5's centre is at x = 5.5 of 10: v_texcoord.x = 0.55.
        #expect(frame.pixel(5, 1) == [140, 153, 0, 255])
    }

    @Test("a compile error names the user's file and line, with the pass's define and the header before it")
    func errorLines() throws {
        let path = try F.file("broken.frag", """
            #version 120
            // a comment
            uniform float u_time;
            void main() {
            #ifdef DOUBLE_BUFFER_0
                gl_FragColor = vec4(0.0);
            #else
                gl_FragColor = vec4(nothing, 1.0);
            #endif
            }
            """)
        let program = try F.load(path)
        do {
            _ = try F.draw(ToyEffect(program: program), size: Size(width: 8, height: 8), frames: 1)
            Issue.record("an undeclared name compiles")
        } catch {
            #expect("\(error)".contains("broken.frag:8:"), "\(error)")
        }
    }

    @Test("an include beside the file is spliced in; buffers must be numbered from 0")
    func includesAndNumbering() throws {
        let path = try F.file("main.frag", """
            #include "shade.glsl"
            void main() { gl_FragColor = shade(); }
            """, others: ["shade.glsl": "vec4 shade() { return vec4(0.2, 0.4, 0.6, 1.0); }\n"])
        let frame = try F.draw(ToyEffect(program: F.load(path)), size: Size(width: 8, height: 8), frames: 1)
        #expect(frame.pixel(1, 1) == [51, 102, 153, 255])
        let gap = try F.file("gap.frag", """
            uniform sampler2D u_buffer1;
            void main() {
            #if defined(BUFFER_1)
                gl_FragColor = vec4(1.0);
            #endif
            }
            """)
        let message = F.refusal(gap)
        #expect(message?.contains("BUFFER_1 but no BUFFER_0") == true, "\(message ?? "loaded")")
    }
}

@Suite("ISF shaders", .serialized, .removesTemporaryFiles)
struct ISFDialectTests {
    typealias F = ToyDialectFrames

    static let inputsFile = """
        /*{
            "ISFVSN": "2",
            "INPUTS": [
                {"NAME": "level", "TYPE": "float", "DEFAULT": 0.6, "MIN": 0.0, "MAX": 1.0},
                {"NAME": "count", "TYPE": "long", "DEFAULT": 2, "VALUES": [1, 2, 7], "LABELS": ["one", "two", "seven"]},
                {"NAME": "on", "TYPE": "bool", "DEFAULT": true},
                {"NAME": "spot", "TYPE": "point2D", "DEFAULT": [3, 4], "MIN": [0, 0], "MAX": [100, 100]},
                {"NAME": "tint", "TYPE": "color", "DEFAULT": [0.2, 0.4, 0.6, 1.0]}
            ]
        }*/
        void main() {
            if (isf_FragNormCoord.x < 0.5) gl_FragColor = vec4(level, float(count) / 255.0, on ? 1.0 : 0.0, 1.0);
            else gl_FragColor = vec4(spot / 255.0, tint.b, 1.0);
        }
        """

    @Test("INPUTS become uniforms and parameters: float, long, bool, point2D, color, with their defaults and ranges")
    func inputs() throws {
        let program = try F.load(try F.file("inputs.fs", Self.inputsFile))
        #expect(program.dialect == .isf)
        #expect(program.inputs.map(\.name) == ["level", "count", "on", "spot", "tint"])
        #expect(program.inputs.map(\.kind) == [.float, .int, .bool, .point, .color])
        #expect(program.inputs[1].range == 1...7)
        #expect(program.inputs[1].label == "1 one, 2 two, 7 seven")
        let effect = ToyEffect(program: program)
        let before = try F.draw(effect, size: Size(width: 20, height: 10), frames: 1)
        #expect(before.pixel(2, 5) == [153, 2, 255, 255])
        #expect(before.pixel(15, 5) == [3, 4, 153, 255])
        effect.setParameter("level", to: 0.2)
        effect.setParameter("count", to: 7)
        effect.setParameter("on", to: 0)
        effect.setParameter("spot", component: 1, to: 9)  // a point2D is one parameter of two components
        let after = try F.draw(effect, size: Size(width: 20, height: 10), frames: 1)
        #expect(after.pixel(2, 5) == [51, 7, 0, 255])
        #expect(after.pixel(15, 5) == [3, 9, 153, 255])
    }

    @Test("a PERSISTENT pass keeps its target: after N frames it holds exactly N; TIME, FRAMEINDEX, TIMEDELTA (0 at first), DATE (months from 1)")
    func persistent() throws {
        let path = try F.file("count.fs", """
            /*{ "PASSES": [ { "TARGET": "total", "PERSISTENT": true, "FLOAT": true }, {} ] }*/
            void main() {
                if (PASSINDEX == 0) {
                    gl_FragColor = IMG_THIS_PIXEL(total) + vec4(1.0, 0.0, TIMEDELTA == 0.0 ? 5.0 : 0.0, 0.0);
                } else {
                    vec4 t = IMG_NORM_PIXEL(total, isf_FragNormCoord);
                    gl_FragColor = vec4(t.r / 255.0, (TIME * 60.0 + float(FRAMEINDEX)) / 255.0, (t.b + DATE.y * 10.0 + DATE.z) / 255.0, 1.0);
                }
            }
            """)
        let program = try F.load(path)
        #expect(program.buffers == [ToyBuffer(name: "total", isFloat: true, isPersistent: true, size: .view)])
        let frame = try F.draw(ToyEffect(program: program, startDate: F.startDate), size: Size(width: 12, height: 6), frames: 9)
        // Nine frames: 9 in total, t = 8/60 s and frame 8, the 5 the first frame added, March the 5th.
        #expect(frame.pixel(6, 3) == [9, 16, 40, 255])
    }

    @Test("a target of WIDTH and HEIGHT expressions has that size: RENDERSIZE in its pass, IMG_SIZE and _NAME_imgSize after")
    func expressionSize() throws {
        let path = try F.file("small.fs", """
            /*{
                "INPUTS": [ {"NAME": "rows", "TYPE": "float", "DEFAULT": 3} ],
                "PASSES": [ { "TARGET": "small", "WIDTH": "floor($WIDTH / 4)", "HEIGHT": "$rows" }, {} ]
            }*/
            void main() {
                if (PASSINDEX == 0) gl_FragColor = vec4(RENDERSIZE / 255.0, 0.0, 1.0);
                else gl_FragColor = vec4(IMG_PIXEL(small, vec2(0.5)).rg, (IMG_SIZE(small).x + _small_imgSize.y) / 255.0, 1.0);
            }
            """)
        let frame = try F.draw(ToyEffect(program: F.load(path)), size: Size(width: 30, height: 10), frames: 1)
        #expect(frame.pixel(15, 5) == [7, 3, 10, 255])
    }

    @Test("a target read before its non-persistent pass drew it this frame is empty; the last pass's target is shown and kept")
    func targetsInOrder() throws {
        let path = try F.file("order.fs", """
            /*{ "PASSES": [ {}, { "TARGET": "later" }, { "TARGET": "shown", "PERSISTENT": true } ] }*/
            void main() {
                if (PASSINDEX == 0) gl_FragColor = vec4(0.0);
                else if (PASSINDEX == 1) gl_FragColor = vec4(0.6, 0.6, 0.6, 1.0) + IMG_THIS_PIXEL(later);
                else gl_FragColor = vec4(IMG_THIS_PIXEL(later).r, IMG_THIS_PIXEL(shown).g + 10.0 / 255.0, 0.0, 1.0);
            }
            """)
        let program = try F.load(path)
        #expect(program.passes.count == 4, "three passes and the one showing the last target")
        let frame = try F.draw(ToyEffect(program: program), size: Size(width: 8, height: 8), frames: 3)
        // Pass 1 reads 'later' before it is drawn: nothing, so 0.6; the picture gains 10 a frame.
        #expect(frame.pixel(4, 4) == [153, 30, 0, 255])
    }

    @Test("image inputs take --texture files by name or in order, and IMPORTED images are read beside the file")
    func images() throws {
        let folder = try TemporaryFiles.folder("isf-images")
        try PNG.write(folder + "/a.png", width: 1, height: 2, rgba: [10, 20, 30, 255, 100, 110, 120, 255])  // top, bottom
        try PNG.write(folder + "/b.png", width: 2, height: 1, rgba: [40, 50, 60, 255, 40, 50, 60, 255])
        let path = folder + "/filter.fs"
        try Data("""
            /*{
                "INPUTS": [ {"NAME": "inputImage", "TYPE": "image"}, {"NAME": "other", "TYPE": "image"} ],
                "IMPORTED": { "logo": { "PATH": "b.png" } }
            }*/
            void main() {
                gl_FragColor = IMG_THIS_NORM_PIXEL(inputImage) + vec4(IMG_NORM_PIXEL(other, vec2(0.5)).r, IMG_SIZE(logo) / 255.0, 0.0);
            }
            """.utf8).write(to: URL(fileURLWithPath: path))
        let program = try F.load(path, textures: [("other", folder + "/b.png"), (nil, folder + "/a.png")])
        let frame = try F.draw(ToyEffect(program: program), size: Size(width: 4, height: 4), frames: 1)
        #expect(frame.pixel(1, 0) == [50, 22, 31, 255], "the image's top row at the top")
        #expect(frame.pixel(1, 3) == [140, 112, 121, 255], "its bottom row at the bottom")
        let missing = F.refusal(path, textures: [(nil, folder + "/a.png")])
        #expect(missing?.hasSuffix("filter.fs: the image input 'other' needs a picture: --texture other=FILE (PNG or JPEG)") == true, "\(missing ?? "loaded")")
    }

    @Test("a header that is not JSON, an unknown image name, a bad input: one line naming the file and the line")
    func errors() throws {
        let bad = try F.file("bad.fs", """
            /*{
                "INPUTS": [
                    {"NAME": "level" "TYPE": "float"}
                ]
            }*/
            void main() { gl_FragColor = vec4(1.0); }
            """)
        let json = F.refusal(bad) ?? "loaded"
        #expect(json.contains("bad.fs:3: ISF error: the JSON header is not valid JSON"), "\(json)")
        #expect(!json.contains("\n"))
        let unknown = try F.file("unknown.fs", """
            /*{ "PASSES": [ { "TARGET": "blurred" }, {} ] }*/
            void main() {
                gl_FragColor = IMG_THIS_PIXEL(blured);
            }
            """)
        let image = F.refusal(unknown) ?? "loaded"
        #expect(image.contains("unknown.fs:3: ISF error: IMG_THIS_PIXEL reads 'blured'") && image.contains("blurred"), "\(image)")
        let type = try F.file("type.fs", """
            /*{ "INPUTS": [ {"NAME": "x", "TYPE": "vec3"} ] }*/
            void main() { gl_FragColor = vec4(1.0); }
            """)
        #expect(F.refusal(type)?.contains("input 'x' is of type 'vec3'") == true)
        let open = try F.file("open.fs", "/*{ \"INPUTS\": []\nvoid main() {}\n")
        #expect(F.refusal(open)?.contains("never ends") == true)
        let size = try F.file("size.fs", """
            /*{ "PASSES": [ { "TARGET": "a", "WIDTH": "$WIDHT / 2" }, {} ] }*/
            void main() { gl_FragColor = vec4(1.0); }
            """)
        #expect(F.refusal(size)?.contains("pass 1's WIDTH \"$WIDHT / 2\" is not an expression") == true)
    }
}
