import Foundation
import GlintCore

/// A `ToyProgram` translated into what the pass executor draws, with no GL of its own: per pass
/// the target it draws (a named buffer of the graph, or the picture), what each sampler reads,
/// and the role of each uniform it declares (the dialect's names: `iTime`, `u_resolution`,
/// `RENDERSIZE`, an input's name…); per frame the value of each role, the size of each buffer.
struct ToyRunner {
    /// What a sampler reads.
    enum Source: Equatable {
        /// `soundRow(n)`: the n-th distinct ISF audio row of the program (`soundRows`).
        case buffer(Int), image(Int), keyboard, sound, soundRow(Int)
    }

    /// What a uniform is given.
    enum Role {
        case time, timeDelta, frame, frameRate, date, mouse, cursor, resolution, pixelDensity, sampleRate, passIndex(Int)
        case channelTime, channelResolution, audioLevel, audioBands
        /// The size in pixels of channel `n` of the pass.
        case sourceSize(Int)
        /// Component `offset` onward of the effect's input values.
        case input(offset: Int)
    }

    /// One pass as drawn: its file (for the watchdog's message), its target, its samplers.
    struct Pass {
        var file: String
        /// The buffer it draws into; nil for the picture.
        var target: Int?
        /// Per channel: what it reads.
        var sources: [Source]
        /// Per Shadertoy channel number 0–3: the position in `sources` of the channel with that
        /// number, or -1.
        var numbered: [Int]
    }

    let program: ToyProgram
    let passes: [Pass]
    /// The images the channels read, in the order `Source.image` numbers them.
    let images: [Image]
    /// ISF's audio inputs: each distinct row and width.
    let soundRows: [(row: ToyChannel.SoundRow, width: Int)]
    /// The buffers some channel reads with mipmaps: their levels are made after each draw.
    let mipmappedBuffers: [Bool]
    /// ISF's `DATE` counts months from 1 (VVISF's), the others' from 0.
    let monthBase: Double
    /// ISF's `TIMEDELTA` is 0 for a frame at time 0 (VVISF's); the others' is a frame's step.
    let isDeltaZeroAtStart: Bool

    init(_ program: ToyProgram) {
        self.program = program
        monthBase = program.dialect == .isf ? 1 : 0
        isDeltaZeroAtStart = program.dialect == .isf
        var images: [Image] = []
        var rows: [(row: ToyChannel.SoundRow, width: Int)] = []
        var mipmapped = Array(repeating: false, count: program.buffers.count)
        var passes: [Pass] = []
        for pass in program.passes {
            var sources: [Source] = []
            for channel in pass.channels {
                switch channel.source {
                case .buffer(let b):
                    sources.append(.buffer(b))
                    if channel.filter == .mipmap { mipmapped[b] = true }
                case .image(let image):
                    images.append(image)
                    sources.append(.image(images.count - 1))
                case .keyboard: sources.append(.keyboard)
                case .sound: sources.append(.sound)
                case .soundRow(let row, let width):
                    if let n = rows.firstIndex(where: { $0.row == row && $0.width == width }) {
                        sources.append(.soundRow(n))
                    } else {
                        rows.append((row, width))
                        sources.append(.soundRow(rows.count - 1))
                    }
                }
            }
            passes.append(Pass(file: pass.files[ShadertoyLoader.passString] ?? pass.name, target: pass.target, sources: sources,
                               numbered: (0..<4).map { n in pass.channels.firstIndex { $0.index == n } ?? -1 }))
        }
        self.passes = passes
        self.images = images
        soundRows = rows
        mipmappedBuffers = mipmapped
    }

    /// Whether any pass reads the keyboard, Shadertoy's sound.
    var readsKeyboard: Bool { passes.contains { $0.sources.contains(.keyboard) } }
    var readsSound: Bool { passes.contains { $0.sources.contains(.sound) } }

    /// The file a pass's program is linked for, in messages.
    static func linkFile(_ pass: ToyPass) -> String {
        pass.files.sorted { $0.key < $1.key }.first { !$0.value.isEmpty }?.value ?? pass.name
    }

    /// The uniform names each role answers to, across the dialects.
    private static let names: [String: Role] = [
        "iTime": .time, "iGlobalTime": .time, "u_time": .time, "TIME": .time,
        "iTimeDelta": .timeDelta, "u_delta": .timeDelta, "TIMEDELTA": .timeDelta,
        "iFrame": .frame, "u_frame": .frame, "FRAMEINDEX": .frame,
        "iFrameRate": .frameRate,
        "iDate": .date, "u_date": .date, "DATE": .date,
        "iMouse": .mouse, "u_mouse": .cursor,
        "iResolution": .resolution, "u_resolution": .resolution, "RENDERSIZE": .resolution,
        "glint_resolution": .resolution,  // the loaders' own name for the pass's size
        "u_pixelDensity": .pixelDensity, "iSampleRate": .sampleRate,
        "iChannelTime": .channelTime, "iChannelResolution": .channelResolution,
        "glint_audioLevel": .audioLevel, "glint_audioBands": .audioBands,
    ]

    /// The role of the uniform `name` of pass `index`, or nil for one the pass is not given.
    func role(of name: String, pass index: Int) -> Role? {
        let pass = program.passes[index]
        if name == "PASSINDEX" { return .passIndex(index) }
        if let role = Self.names[name] { return role }
        if let c = pass.channels.firstIndex(where: { $0.resolutionUniform == name }) { return .sourceSize(c) }
        var offset = 0
        for input in program.inputs {
            if input.name == name { return .input(offset: offset) }
            offset += input.defaults.count
        }
        return nil
    }

    /// A buffer's size for a picture of `width` × `height` pixels, with the inputs at `values`
    /// (ISF's `WIDTH` and `HEIGHT` expressions).
    func bufferSize(_ b: Int, width: Int, height: Int, inputs values: [Double]) -> (Int, Int) {
        guard case .expressions(let w, let h) = program.buffers[b].size else { return (width, height) }
        var variables = ["WIDTH": Double(width), "HEIGHT": Double(height)]
        var offset = 0
        for input in program.inputs {
            variables[input.name] = offset < values.count ? values[offset] : input.defaults[0]
            offset += input.defaults.count
        }
        func evaluate(_ text: String?, _ fallback: Int) -> Int {
            guard let text, let value = ToyExpression.evaluate(text, variables: variables) else { return fallback }
            return ToySize.side(value) ?? fallback
        }
        return (evaluate(w, width), evaluate(h, height))
    }

    /// Row `row` of the effect's sound (Shadertoy's 512×2 texture: the spectrum, then the
    /// waveform) averaged down to `width` columns into `bytes`, as VVISF averages the samples
    /// (or bands) each column covers; with no sound (`sound` nil) silence: 128 (a wave at rest)
    /// and 0 (an empty spectrum). Allocates nothing.
    static func fillSoundRow(_ row: ToyChannel.SoundRow, width: Int, from sound: [UInt8]?, into bytes: inout [UInt8]) {
        let n = ToyEffect.soundWidth
        let start = row == .spectrum ? 0 : n
        guard let sound, sound.count >= 2 * n else {
            var c = 0
            while c < width { bytes[c] = row == .spectrum ? 0 : 128; c += 1 }
            return
        }
        var c = 0
        while c < width {
            let low = c * n / width
            let high = max(low + 1, (c + 1) * n / width)
            var sum = 0
            var k = low
            while k < high { sum += Int(sound[start + k]); k += 1 }
            bytes[c] = UInt8((sum + (high - low) / 2) / (high - low))
            c += 1
        }
    }

    /// The values of `role` for a frame: up to four components (`frame`, the live inputs, the
    /// size of the target drawn and of the pass's sources given).
    func values(of role: Role, pass: Pass, frame: ToyFrame, live: ToyLive, target: (Int, Int),
                sourceSize: (Source) -> (Double, Double)) -> (Double, Double, Double, Double) {
        switch role {
        case .time: return (frame.time, 0, 0, 0)
        case .timeDelta: return (isDeltaZeroAtStart && frame.time <= 0 ? 0 : frame.timeDelta, 0, 0, 0)
        case .frame: return (Double(frame.frame), 0, 0, 0)
        case .frameRate: return (frame.frameRate, 0, 0, 0)
        case .date: return (frame.date.0, frame.date.1 + monthBase, frame.date.2, frame.date.3)
        case .mouse: return frame.mouse
        case .cursor: return (frame.cursor.0, frame.cursor.1, 0, 0)
        case .resolution: return (Double(target.0), Double(target.1), 1, 0)
        case .pixelDensity: return (frame.pixelDensity, 0, 0, 0)
        case .sampleRate: return (44_100, 0, 0, 0)
        case .passIndex(let i): return (Double(i), 0, 0, 0)
        case .channelTime: return (frame.time, 0, 0, 0)
        case .channelResolution: return (0, 0, 0, 0)  // per element: `channelResolution(_:pass:)`
        case .audioLevel: return (live.hearing?.level ?? 0, 0, 0, 0)
        case .audioBands:
            let h = live.hearing
            return (h?.bass ?? 0, h?.mid ?? 0, h?.treble ?? 0, 0)
        case .sourceSize(let c):
            let s = sourceSize(pass.sources[c])
            return (s.0, s.1, 0, 0)
        case .input(let offset):
            let values = live.inputValues
            let n = values.count
            return (offset < n ? values[offset] : 0, offset + 1 < n ? values[offset + 1] : 0,
                    offset + 2 < n ? values[offset + 2] : 0, offset + 3 < n ? values[offset + 3] : 0)
        }
    }

    /// `x` rounded as a GLSL `int`: held to its 32 bits (NaN is 0), never a trap, whatever a
    /// slider, `--param` or file gave.
    static func int(_ x: Double) -> Int32 {
        guard !x.isNaN else { return 0 }
        return Int32(min(max(x.rounded(), Double(Int32.min)), Double(Int32.max)))
    }
}
