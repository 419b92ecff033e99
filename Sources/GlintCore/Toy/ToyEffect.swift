import Foundation

/// A `ToyProgram` as an effect: the clock, frame count, pointer, keyboard and date its passes
/// read, kept as the tools they come from keep them. Its pass shows the picture of its passes
/// (`ToolPasses`, carried by the pass into the frame graph, where the renderer's pass executor
/// draws them), so a shader of another tool sits in an effect chain, under a tear and beside the
/// controls like any other.
///
/// Each frame drawn is closed (the frame number counts up, "pressed this frame" keys and the
/// click flag clear) when the effect next hears from its host (`advance`, an event, a key, the
/// next `updatePass`), from the renderer's report in `ToyLive`.
public final class ToyEffect: Effect {
    public static let descriptor = EffectDescriptor(
        name: "toy", title: "Shader",
        summary: "A Shadertoy, glslViewer or ISF shader file run as its tool runs it.", parameters: [])

    public private(set) var descriptor: EffectDescriptor
    public private(set) var program: ToyProgram
    /// The picture its passes draw, shown by `pass`: its pixels live on the GPU only.
    public let output = Image(externalWidth: 1, height: 1)
    public private(set) var pass: ShaderEffect
    /// Tells one toy effect's GL state from another's, never reused in a process.
    public let serial: UInt64

    /// The clock, frame count, pointer and date.
    public private(set) var clock = ToyClock()
    /// What the effect and the renderer share: keyboard, sound, input values, frames drawn.
    public let live = ToyLive()
    /// The renderer's frames drawn that were closed (`didDraw`).
    private var framesClosed = 0
    /// Counts reloads (`ToolPasses.revision`).
    private var revision = 0

    /// Seconds since the start.
    public var time: Double { clock.time }
    /// Frames drawn so far (`iFrame` of the next frame).
    public var frame: Int { closeDrawnFrames(); return clock.frame }
    /// The view's size in points, from the last `updatePass`.
    public var viewSize: Size { clock.viewSize }

    /// Shadertoy's keyboard texture: 256 × 3 bytes, rows as in `ToyChannel.Source.keyboard`.
    public var keyboard: [UInt8] { live.keyboard }
    public static let keyCount = 256

    /// Shadertoy's sound texture (512 × 2 bytes: the spectrum, then the waveform), from `hear`.
    public var sound: [UInt8] { live.sound }
    public static let soundWidth = 512
    /// What it hears this frame (`glint_audioLevel`, `glint_audioBands`), nil without a source.
    public var hearing: Hearing? { live.hearing }

    /// This frame's sound (`--audio`): the meter's reading and Shadertoy's 512×2 sound texture.
    public func hear(_ hearing: Hearing, sound bytes: UnsafeBufferPointer<UInt8>) {
        live.hearing = hearing
        let n = min(bytes.count, live.sound.count)
        live.sound.withUnsafeMutableBufferPointer { target in
            for i in 0..<n { target[i] = bytes[i] }
        }
        live.soundVersion &+= 1
    }

    /// The input values by `program.inputs`, each input's components in order.
    public var inputValues: [Double] { live.inputValues }
    private var inputOffsets: [Int]

    public var startDate: Date = Date() {
        didSet { splitStartDate() }
    }

    public convenience init() {
        self.init(program: ToyProgram(dialect: .shadertoy, name: "toy", buffers: [], passes: []))
    }

    public init(program: ToyProgram, startDate: Date = Date()) {
        self.program = program
        self.startDate = startDate
        serial = ToySerials.next()
        descriptor = Self.describe(program)
        (inputOffsets, live.inputValues) = Self.defaults(of: program.inputs)
        pass = ShaderEffect(function: "toyImage", kind: .color, isOpaque: program.dialect == .shadertoy,
                            positional: [.boundingRect, .image(output)], names: ["bounds", "image"])
        splitStartDate()
        pass.tool = program.passes.isEmpty ? nil : ToolPasses(program: program, owner: serial, clock: clock, live: live)
    }

    private static func describe(_ program: ToyProgram) -> EffectDescriptor {
        EffectDescriptor(
            name: program.name, title: "\(program.name) (\(program.dialect.title))",
            summary: "Your \(program.dialect.title) shader, run as \(program.dialect.title) runs it.",
            parameters: ToyEffect.parameters(of: program.inputs))
    }

    /// Where each input's components start in `inputValues`, and the values at their defaults.
    private static func defaults(of inputs: [ToyInput]) -> ([Int], [Double]) {
        var offsets: [Int] = []
        var values: [Double] = []
        for input in inputs {
            offsets.append(values.count)
            values += input.defaults
        }
        return (offsets, values)
    }

    /// Shows `program` from now on (the files were edited), keeping the clock, the frame count,
    /// the pointer, the keyboard and the value of every input the new program still has.
    public func reload(_ program: ToyProgram) {
        var kept: [String: [Double]] = [:]
        for (i, input) in self.program.inputs.enumerated() {
            kept[input.name] = Array(live.inputValues[inputOffsets[i]..<inputOffsets[i] + input.defaults.count])
        }
        self.program = program
        revision += 1
        descriptor = Self.describe(program)
        (inputOffsets, live.inputValues) = Self.defaults(of: program.inputs)
        for p in descriptor.parameters {
            guard let values = kept[p.name], values.count == p.components else { continue }
            for (c, value) in values.enumerated() {
                setParameter(p.name, component: c, to: min(max(value, p.range.lowerBound), p.range.upperBound))
            }
        }
        pass.tool = program.passes.isEmpty ? nil : ToolPasses(program: program, owner: serial, revision: revision, restarts: restarts, clock: clock, live: live)
    }

    /// The inputs as the descriptor's parameters, each of its kind (a toggle, a point, a colour).
    static func parameters(of inputs: [ToyInput]) -> [EffectParameter] {
        inputs.map(\.parameter)
    }

    private func splitStartDate() {
        let parts = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: startDate)
        let seconds = Double((parts.hour ?? 0) * 3600 + (parts.minute ?? 0) * 60 + (parts.second ?? 0)) + Double(parts.nanosecond ?? 0) / 1e9
        clock.day = (Double(parts.year ?? 2001), Double((parts.month ?? 1) - 1), Double(parts.day ?? 1), seconds)
    }

    // MARK: Effect

    /// Where component `component` of the input `name` is in `inputValues`.
    private func index(of name: String, component: Int) -> Int? {
        guard let i = program.inputs.firstIndex(where: { $0.name == name }), component >= 0,
              component < program.inputs[i].defaults.count else { return nil }
        return inputOffsets[i] + component
    }

    public func setParameter(_ name: String, component: Int, to value: Double) {
        if let k = index(of: name, component: component) { live.inputValues[k] = value }
    }

    public func setting(_ name: String, component: Int) -> Double? {
        index(of: name, component: component).map { live.inputValues[$0] }
    }

    public func handle(_ event: PointerEvent) {
        closeDrawnFrames()
        clock.pointer = event.location
        switch event.phase {
        case .down:
            clock.isDown = true
            clock.pressLocation = event.location
            clock.heldLocation = event.location
            clock.clickPending = true
        case .up, .cancel:
            clock.isDown = false
        case .move:
            if clock.isDown { clock.heldLocation = event.location }
        }
    }

    /// Where the cursor is, pressed or not (glslViewer's `u_mouse` follows it): the window
    /// reports moves without a press here.
    public func hover(at location: Point) {
        closeDrawnFrames()
        clock.pointer = location
    }

    public func advance(by dt: Double) {
        closeDrawnFrames()
        clock.time += dt
    }

    /// Puts this frame's clock, pointer and program into the pass's `ToolPasses`.
    public func updatePass(viewSize: Size) {
        closeDrawnFrames()
        clock.viewSize = viewSize
        pass.tool?.clock = clock
        pass.tool?.restarts = restarts
    }

    /// A key went down (`isDown`) or up, by the browser's key code (65 is A).
    public func key(_ code: Int, isDown down: Bool) {
        closeDrawnFrames()
        guard code >= 0, code < Self.keyCount else { return }
        let held = live.keyboard[code] != 0
        if down && !held {
            live.keyboard[Self.keyCount + code] = 255
            live.keyboard[2 * Self.keyCount + code] = live.keyboard[2 * Self.keyCount + code] == 0 ? 255 : 0
        }
        live.keyboard[code] = down ? 255 : 0
        live.keyboardVersion &+= 1
    }

    /// Whether any pass reads the keyboard: the window then hands it the keys.
    public var readsKeyboard: Bool { program.readsKeyboard }

    /// The program it runs (nil for an empty one, which draws nothing).
    public var toolProgram: ToyProgram? { program.passes.isEmpty ? nil : program }

    /// Starts again at time 0 (what a fresh effect would do), keeping the inputs.
    public func restart() {
        closeDrawnFrames()
        clock.time = 0
        clock.frame = 0
        clock.lastDrawnTime = nil
        restarts += 1
    }
    /// How many times `restart()` was called: the renderer clears the targets when it changes.
    public private(set) var restarts = 0

    /// The uniforms of the frame to draw, for a view drawn at `scale` pixels per point.
    public func frameValues(scale: Double) -> ToyFrame {
        closeDrawnFrames()
        return clock.frameValues(scale: scale)
    }

    /// Closes each frame the renderer drew since the last call.
    private func closeDrawnFrames() {
        while framesClosed < live.framesDrawn {
            framesClosed += 1
            closeFrame()
        }
    }

    /// Closes a frame: drawn (the renderer's report), or counted without drawing (a headless run
    /// of a shader with no buffers kept between frames).
    public func didDraw() {
        closeDrawnFrames()
        closeFrame()
    }

    private func closeFrame() {
        clock.frame += 1
        clock.lastDrawnTime = clock.time
        clock.clickPending = false
        if live.keyboard[Self.keyCount..<2 * Self.keyCount].contains(where: { $0 != 0 }) {
            for k in Self.keyCount..<2 * Self.keyCount { live.keyboard[k] = 0 }
            live.keyboardVersion &+= 1
        }
    }

    /// The uniforms of the last frame drawn (`--state` reports them).
    public var lastFrame: ToyFrame? { live.lastFrame }

    public func stateSnapshot() -> [(String, StateValue)] {
        let f = lastFrame ?? frameValues(scale: lastScale)
        var values: [(String, StateValue)] = []
        switch program.dialect {
        case .shadertoy:
            values = [("iTime", .number(f.time)), ("iFrame", .number(Double(f.frame))), ("iTimeDelta", .number(f.timeDelta)),
                      ("iResolution", .vector([f.resolution.0, f.resolution.1, 1])),
                      ("iMouse", .vector([f.mouse.0, f.mouse.1, f.mouse.2, f.mouse.3]))]
        case .glslViewer:
            values = [("u_time", .number(f.time)), ("u_frame", .number(Double(f.frame))), ("u_delta", .number(f.timeDelta)),
                      ("u_resolution", .vector([f.resolution.0, f.resolution.1])), ("u_mouse", .vector([f.cursor.0, f.cursor.1]))]
        case .isf:
            values = [("TIME", .number(f.time)), ("FRAMEINDEX", .number(Double(f.frame))), ("TIMEDELTA", .number(f.timeDelta)),
                      ("RENDERSIZE", .vector([f.resolution.0, f.resolution.1]))]
        }
        for (i, input) in program.inputs.enumerated() {
            let components = Array(live.inputValues[inputOffsets[i]..<inputOffsets[i] + input.defaults.count])
            values.append((input.name, components.count == 1 ? (input.kind == .bool ? .bool(components[0] != 0) : .number(components[0])) : .vector(components)))
        }
        return values
    }
    /// The scale of the last frame drawn, for `stateSnapshot`.
    public var lastScale: Double { live.lastScale }

    public var foreground: Foreground? { nil }
    public var isInteracting: Bool { clock.isDown }
}

/// The uniforms of one frame of a `ToyProgram`, in the units its tools use: pixels from the
/// bottom-left, seconds.
public struct ToyFrame: Sendable {
    /// `iTimeDelta` on the first frame after a (re)start, and while time stands still.
    public static let firstDelta = 1.0 / 60
    public var time: Double
    public var timeDelta: Double
    public var frame: Int
    public var frameRate: Double
    /// Year, month (0–11), day, seconds since midnight.
    public var date: (Double, Double, Double, Double)
    /// Shadertoy's `iMouse`.
    public var mouse: (Double, Double, Double, Double)
    /// glslViewer's `u_mouse`: the cursor in pixels from the bottom-left.
    public var cursor: (Double, Double)
    /// The picture's size in pixels.
    public var resolution: (Double, Double)
    public var pixelDensity: Double
}

/// The process-wide source of `ToyEffect.serial`s.
enum ToySerials {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var last: UInt64 = 0
    static func next() -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        last += 1
        return last
    }
}
