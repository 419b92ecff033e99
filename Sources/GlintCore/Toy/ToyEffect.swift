import Foundation

/// A `ToyProgram` as an effect: the clock, frame count, pointer, keyboard and date its passes
/// read, kept as the tools they come from keep them. Its pass shows the picture the renderer's
/// `ToyRunner` drew for this frame (the `output` image), so a shader of another tool sits in an
/// effect chain, under a tear and beside the controls like any other.
///
/// What it hands the runner each frame is a `ToyFrame`; `didDraw()` closes the frame (the frame
/// number counts up, "pressed this frame" keys and the click flag clear).
public final class ToyEffect: Effect {
    public static let descriptor = EffectDescriptor(
        name: "toy", title: "Shader",
        summary: "A Shadertoy, glslViewer or ISF shader file run as its tool runs it.", parameters: [])

    public private(set) var descriptor: EffectDescriptor
    public private(set) var program: ToyProgram
    /// The picture the runner draws, shown by `pass`: its pixels live on the GPU only.
    public let output = Image(externalWidth: 1, height: 1)
    public private(set) var pass: ShaderEffect
    /// Tells one toy effect's GL state from another's, never reused in a process.
    public let serial: UInt64

    /// Seconds since the start.
    public private(set) var time: Double = 0
    /// Frames drawn so far (`iFrame` of the next frame).
    public private(set) var frame = 0
    private var lastDrawnTime: Double?
    /// The view's size in points, from the last `updatePass`.
    public private(set) var viewSize = Size(width: 1, height: 1)

    // The pointer, in points from the view's top-left.
    private var pointer: Point?
    /// Where the pointer was last seen while held (Shadertoy's `iMouse.xy`), and where the last
    /// press began (`iMouse.zw`).
    private var heldLocation: Point?
    private var pressLocation: Point?
    private var isDown = false
    private var clickPending = false

    /// Shadertoy's keyboard texture: 256 × 3 bytes, rows as in `ToyChannel.Source.keyboard`.
    public private(set) var keyboard = [UInt8](repeating: 0, count: ToyEffect.keyCount * 3)
    public static let keyCount = 256
    /// Whether `keyboard` changed since the runner last uploaded it.
    public var keyboardChanged = true

    /// Shadertoy's sound texture (512 × 2 bytes: the spectrum, then the waveform), from `hear`.
    public private(set) var sound = [UInt8](repeating: 0, count: ToyEffect.soundWidth * 2)
    public static let soundWidth = 512
    /// Whether `sound` changed since the runner last uploaded it.
    public var soundChanged = true
    /// What it hears this frame (`glint_audioLevel`, `glint_audioBands`), nil without a source.
    public private(set) var hearing: Hearing?

    /// This frame's sound (`--audio`): the meter's reading and Shadertoy's 512×2 sound texture.
    public func hear(_ hearing: Hearing, sound bytes: UnsafeBufferPointer<UInt8>) {
        self.hearing = hearing
        let n = min(bytes.count, sound.count)
        sound.withUnsafeMutableBufferPointer { target in
            for i in 0..<n { target[i] = bytes[i] }
        }
        soundChanged = true
    }

    /// The input values by `program.inputs`, each input's components in order.
    public private(set) var inputValues: [Double]
    private var inputOffsets: [Int]

    /// The wall-clock date at time 0 (`iDate`, `u_date`, `DATE`), split once: the calendar day
    /// and its seconds since midnight, so frames compute the date without allocating.
    private var day: (year: Double, month: Double, day: Double, seconds: Double) = (2001, 0, 1, 0)
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
        (inputOffsets, inputValues) = Self.defaults(of: program.inputs)
        pass = ShaderEffect(function: "toyImage", kind: .color, isOpaque: program.dialect == .shadertoy,
                            positional: [.boundingRect, .image(output)], names: ["bounds", "image"])
        splitStartDate()
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
            kept[input.name] = Array(inputValues[inputOffsets[i]..<inputOffsets[i] + input.defaults.count])
        }
        self.program = program
        descriptor = Self.describe(program)
        (inputOffsets, inputValues) = Self.defaults(of: program.inputs)
        for p in descriptor.parameters {
            guard let values = kept[p.name], values.count == p.components else { continue }
            for (c, value) in values.enumerated() {
                setParameter(p.name, component: c, to: min(max(value, p.range.lowerBound), p.range.upperBound))
            }
        }
    }

    /// The inputs as the descriptor's parameters, each of its kind (a toggle, a point, a colour).
    static func parameters(of inputs: [ToyInput]) -> [EffectParameter] {
        inputs.map(\.parameter)
    }

    private func splitStartDate() {
        let parts = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: startDate)
        let seconds = Double((parts.hour ?? 0) * 3600 + (parts.minute ?? 0) * 60 + (parts.second ?? 0)) + Double(parts.nanosecond ?? 0) / 1e9
        day = (Double(parts.year ?? 2001), Double((parts.month ?? 1) - 1), Double(parts.day ?? 1), seconds)
    }

    // MARK: Effect

    /// Where component `component` of the input `name` is in `inputValues`.
    private func index(of name: String, component: Int) -> Int? {
        guard let i = program.inputs.firstIndex(where: { $0.name == name }), component >= 0,
              component < program.inputs[i].defaults.count else { return nil }
        return inputOffsets[i] + component
    }

    public func setParameter(_ name: String, to value: Double) {
        setParameter(name, component: 0, to: value)
    }

    public func setParameter(_ name: String, component: Int, to value: Double) {
        if let k = index(of: name, component: component) { inputValues[k] = value }
    }

    public func parameterValue(_ name: String) -> Double? {
        parameterValue(name, component: 0)
    }

    public func parameterValue(_ name: String, component: Int) -> Double? {
        index(of: name, component: component).map { inputValues[$0] }
    }

    public func handle(_ event: PointerEvent) {
        pointer = event.location
        switch event.phase {
        case .down:
            isDown = true
            pressLocation = event.location
            heldLocation = event.location
            clickPending = true
        case .up, .cancel:
            isDown = false
        case .move:
            if isDown { heldLocation = event.location }
        }
    }

    /// Where the cursor is, pressed or not (glslViewer's `u_mouse` follows it): the window
    /// reports moves without a press here.
    public func hover(at location: Point) {
        pointer = location
    }

    public func advance(by dt: Double) {
        time += dt
    }

    public func updatePass(viewSize: Size) {
        self.viewSize = viewSize
    }

    /// A key went down (`isDown`) or up, by the browser's key code (65 is A).
    public func key(_ code: Int, isDown down: Bool) {
        guard code >= 0, code < Self.keyCount else { return }
        let held = keyboard[code] != 0
        if down && !held {
            keyboard[Self.keyCount + code] = 255
            keyboard[2 * Self.keyCount + code] = keyboard[2 * Self.keyCount + code] == 0 ? 255 : 0
        }
        keyboard[code] = down ? 255 : 0
        keyboardChanged = true
    }

    /// Starts again at time 0 (what a fresh effect would do), keeping the inputs.
    public func restart() {
        time = 0
        frame = 0
        lastDrawnTime = nil
        restarts += 1
    }
    /// How many times `restart()` was called: the runner clears the buffers when it changes.
    public private(set) var restarts = 0

    /// The uniforms of the frame to draw, for a view drawn at `scale` pixels per point.
    public func frameValues(scale: Double) -> ToyFrame {
        let width = max(1, (viewSize.width * scale).rounded())
        let height = max(1, (viewSize.height * scale).rounded())
        var delta = lastDrawnTime.map { time - $0 } ?? ToyFrame.firstDelta
        if delta <= 0 { delta = ToyFrame.firstDelta }
        func pixels(_ p: Point) -> (Double, Double) {
            ((p.x * scale).rounded(.down), (height - p.y * scale).rounded(.down))
        }
        var mouse = (0.0, 0.0, 0.0, 0.0)
        var cursor = (0.0, 0.0)
        if let pointer {
            cursor = (pointer.x * scale, height - pointer.y * scale)
        }
        if let press = pressLocation {
            let held = pixels(heldLocation ?? press)
            let start = pixels(press)
            mouse = (held.0, held.1, isDown ? start.0 : -start.0, clickPending ? start.1 : -start.1)
        }
        var seconds = day.seconds + time
        var dayNumber = day.day
        if seconds >= 86_400 {  // a run past midnight: the day moves on (the month is left as it was)
            dayNumber += (seconds / 86_400).rounded(.down)
            seconds = seconds.truncatingRemainder(dividingBy: 86_400)
        }
        return ToyFrame(time: time, timeDelta: delta, frame: frame, frameRate: 1 / delta,
                        date: (day.year, day.month, dayNumber, seconds),
                        mouse: mouse, cursor: cursor, resolution: (width, height), pixelDensity: scale)
    }
    /// Closes the frame drawn with `frameValues`.
    public func didDraw() {
        frame += 1
        lastDrawnTime = time
        clickPending = false
        if keyboard[Self.keyCount..<2 * Self.keyCount].contains(where: { $0 != 0 }) {
            for k in Self.keyCount..<2 * Self.keyCount { keyboard[k] = 0 }
            keyboardChanged = true
        }
    }

    /// The uniforms of the last frame drawn (`--state` reports them).
    public var lastFrame: ToyFrame?

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
            let components = Array(inputValues[inputOffsets[i]..<inputOffsets[i] + input.defaults.count])
            values.append((input.name, components.count == 1 ? (input.kind == .bool ? .bool(components[0] != 0) : .number(components[0])) : .vector(components)))
        }
        return values
    }
    /// The scale of the last frame drawn, for `stateSnapshot`.
    public var lastScale: Double = 1

    public var foreground: Foreground? { nil }
    public var isInteracting: Bool { isDown }
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
