import Foundation

/// The passes of a shader of another tool (Shadertoy, glslViewer, ISF) as part of a frame graph:
/// the program's passes, each drawing into a named target of the graph (double-buffered and kept
/// from frame to frame: a later pass and a later frame read it by name) or into the picture the
/// pass carrying them shows, with what this frame gives their uniforms. A plain value the effect
/// writes every frame (`ToyEffect.updatePass`); the renderer's pass executor draws it before the
/// pass that shows its picture.
public struct ToolPasses: Equatable, Sendable, CustomStringConvertible {
    /// The passes and the targets they draw into.
    public var program: ToyProgram
    /// Whose targets these are (the effect's serial): kept between frames under this number.
    public var owner: UInt64
    /// Counts the program's reloads: a new one is compiled and its targets made afresh.
    public var revision: Int
    /// Counts restarts: the targets are cleared when it changes.
    public var restarts: Int
    /// The clock, pointer and date this frame's uniforms are made from (at the graph's scale).
    public var clock: ToyClock
    /// The keyboard, the sound and the input values as they are now, and where the renderer says
    /// which frame it drew.
    public var live: ToyLive

    public init(program: ToyProgram, owner: UInt64, revision: Int = 0, restarts: Int = 0, clock: ToyClock, live: ToyLive) {
        self.program = program
        self.owner = owner
        self.revision = revision
        self.restarts = restarts
        self.clock = clock
        self.live = live
    }

    /// One line per pass: its name, the target it draws (by name; "picture" for the graph's),
    /// what each sampler reads.
    public var description: String {
        var lines = ["tool \(program.dialect.rawValue) '\(program.name)' owner \(owner) revision \(revision)"]
        for buffer in program.buffers {
            lines.append("  target '\(buffer.name)' \(buffer.isFloat ? "rgba16f" : "rgba8")\(buffer.isPersistent ? " persistent" : "") size \(buffer.size)")
        }
        for pass in program.passes {
            let target = pass.target.map { "'\(program.buffers[$0].name)'" } ?? "picture"
            let reads = pass.channels.map { channel -> String in
                let source: String
                switch channel.source {
                case .buffer(let b): source = "'\(program.buffers[b].name)'"
                case .image(let image): source = "image \(image.width)x\(image.height)"
                case .keyboard: source = "keyboard"
                case .sound: source = "sound"
                case .soundRow(let row, let width): source = "sound \(row) \(width)"
                }
                return "\(channel.uniform)=\(source) \(channel.filter.rawValue) \(channel.wrap.rawValue)"
            }
            lines.append("  pass '\(pass.name)' -> \(target)\(reads.isEmpty ? "" : " reads " + reads.joined(separator: ", "))")
        }
        return lines.joined(separator: "\n")
    }
}

/// What a `ToyEffect` keeps between frames that the frame's uniforms are made from: the clock,
/// the frame count, the pointer and the start date. `frameValues(scale:)` makes a frame's
/// uniforms from it; a pure value.
public struct ToyClock: Equatable, Sendable {
    /// Seconds since the start.
    public var time: Double = 0
    /// Frames drawn so far (`iFrame` of the next frame).
    public var frame = 0
    public var lastDrawnTime: Double?
    /// The view's size in points.
    public var viewSize = Size(width: 1, height: 1)
    /// The pointer, in points from the view's top-left.
    public var pointer: Point?
    /// Where the pointer was last seen while held (Shadertoy's `iMouse.xy`), and where the last
    /// press began (`iMouse.zw`).
    public var heldLocation: Point?
    public var pressLocation: Point?
    public var isDown = false
    public var clickPending = false
    /// The wall-clock date at time 0, split: the calendar day and its seconds since midnight.
    public var day: (year: Double, month: Double, day: Double, seconds: Double) = (2001, 0, 1, 0)

    public init() {}

    public static func == (a: ToyClock, b: ToyClock) -> Bool {
        a.time == b.time && a.frame == b.frame && a.lastDrawnTime == b.lastDrawnTime && a.viewSize == b.viewSize
            && a.pointer == b.pointer && a.heldLocation == b.heldLocation && a.pressLocation == b.pressLocation
            && a.isDown == b.isDown && a.clickPending == b.clickPending && a.day == b.day
    }

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
}

/// What a `ToyEffect` and the renderer share while it runs: the keyboard, the sound and the input
/// values (written by the effect in place, so frames allocate nothing; each change counted, so the
/// renderer uploads a texture only when it changed), and the renderer's report of the frames it
/// drew (the effect closes each drawn frame: its frame count moves on, "pressed this frame" keys
/// clear).
public final class ToyLive: Equatable, @unchecked Sendable {
    /// Shadertoy's keyboard texture: 256 × 3 bytes, rows as in `ToyChannel.Source.keyboard`.
    public internal(set) var keyboard = [UInt8](repeating: 0, count: ToyEffect.keyCount * 3)
    public internal(set) var keyboardVersion = 0
    /// Shadertoy's sound texture (512 × 2 bytes: the spectrum, then the waveform).
    public internal(set) var sound = [UInt8](repeating: 0, count: ToyEffect.soundWidth * 2)
    public internal(set) var soundVersion = 0
    /// What it hears this frame (`glint_audioLevel`, `glint_audioBands`), nil without a source.
    public internal(set) var hearing: Hearing?
    /// The input values by `program.inputs`, each input's components in order.
    public internal(set) var inputValues: [Double] = []

    /// Frames the renderer drew, and the uniforms and scale of the last one (`--state`).
    public private(set) var framesDrawn = 0
    public private(set) var lastFrame: ToyFrame?
    public private(set) var lastScale: Double = 1

    public init() {}

    /// The renderer drew `frame` at `scale`.
    public func didDraw(_ frame: ToyFrame, scale: Double) {
        framesDrawn += 1
        lastFrame = frame
        lastScale = scale
    }

    public static func == (a: ToyLive, b: ToyLive) -> Bool {
        a === b || (a.keyboard == b.keyboard && a.sound == b.sound && a.hearing == b.hearing && a.inputValues == b.inputValues)
    }
}

extension ToyFrame: Equatable {
    public static func == (a: ToyFrame, b: ToyFrame) -> Bool {
        a.time == b.time && a.timeDelta == b.timeDelta && a.frame == b.frame && a.frameRate == b.frameRate && a.date == b.date
            && a.mouse == b.mouse && a.cursor == b.cursor && a.resolution == b.resolution && a.pixelDensity == b.pixelDensity
    }
}
