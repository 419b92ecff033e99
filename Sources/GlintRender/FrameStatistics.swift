import Foundation

/// Where one measured pass drew.
public enum PassTarget: Sendable, Equatable, CustomStringConvertible {
    /// What the frame is drawn into: the window, or the image being rendered.
    case frame
    /// An offscreen layer of the frame (an effect's input, a group's layer, a reduced blur's).
    case layer
    /// Buffer `n` (from 0) of a shader of another tool: Shadertoy's Buffer A is 0.
    case buffer(Int)
    /// The picture of a shader of another tool, which a later pass shows.
    case picture

    public var description: String {
        switch self {
        case .frame: "frame"
        case .layer: "layer"
        case .buffer(let n): "buffer \(n)"
        case .picture: "picture"
        }
    }
}

/// One pass of a frame as measured: what it drew, where, with which program, and how long the
/// GPU took from the end of the pass before it to its own end (so a clear or a state change
/// before a draw counts in the draw's pass, and the passes add up to the frame).
public struct PassStatistics: Sendable, Equatable {
    /// What kind of work the pass is.
    public enum Kind: String, Sendable, Equatable {
        /// A view's content (a shader fill, an image).
        case content
        /// An effect pass (`colorEffect`, `layerEffect`, `distortionEffect`, or one half of a
        /// separable one).
        case effect
        /// A pass of a Shadertoy, ISF or glslViewer shader.
        case tool
        /// The interpolation of a blur drawn at reduced resolution.
        case resample
        /// The frame's backdrop (a clear).
        case backdrop
        /// Shapes and controls, one batched draw.
        case shapes
        /// Text, one batched draw.
        case text
        /// An offscreen layer opened (a clear) or clipped.
        case layer
        /// What is below a layer copied for it to read.
        case copy
    }

    public var kind: Kind
    /// The pass's name: the effect's function, a tool pass's own name ("Buffer A", "Image").
    public var name: String
    /// The pixels it drew: its rect's width and height.
    public var width: Int
    public var height: Int
    public var target: PassTarget
    /// The program it drew with (the shader's function or file); empty for a clear or a copy.
    public var program: String
    /// The GPU's time for it, in seconds.
    public var seconds: Double

    public init(kind: Kind, name: String, width: Int, height: Int, target: PassTarget, program: String, seconds: Double) {
        self.kind = kind
        self.name = name
        self.width = width
        self.height = height
        self.target = target
        self.program = program
        self.seconds = seconds
    }
}

/// Where a frame's GPU time went, pass by pass: what `ViewRenderer.measuresPasses` (and
/// `glint bench --passes`, the window's P key) reports. Measured only while asked for.
public struct FrameStatistics: Sendable, Equatable {
    /// How the times were taken.
    public enum Clock: String, Sendable, Equatable {
        /// GL timer queries (`GL_TIMESTAMP` at every pass's end, `GL_TIME_ELAPSED` round the
        /// frame), read a few frames later, so the pipeline is never stalled.
        case timerQueries = "GPU timer queries"
        /// `glFinish` after each pass, timed on the CPU: every pass waits for the one before,
        /// so the frame is slower than unmeasured.
        case finishBrackets = "CPU-side glFinish brackets"
    }

    /// The passes in drawing order.
    public var passes: [PassStatistics]
    /// The frame's own GPU time, measured apart from the passes (one `GL_TIME_ELAPSED` query
    /// round the whole frame; with `finishBrackets` the time from the first pass's start to the
    /// last one's end).
    public var frameSeconds: Double
    public var clock: Clock
    /// Which frame of its renderer's it is, counted from 1 once measuring began: a reader
    /// polling every frame sees when a new one arrived.
    public var frame: Int

    public init(passes: [PassStatistics] = [], frameSeconds: Double = 0, clock: Clock = .timerQueries, frame: Int = 0) {
        self.frame = frame
        self.passes = passes
        self.frameSeconds = frameSeconds
        self.clock = clock
    }

    /// The passes' times added up.
    public var passSeconds: Double {
        var sum = 0.0
        var i = 0
        while i < passes.count {
            sum += passes[i].seconds
            i += 1
        }
        return sum
    }

    /// The table `glint bench --passes` prints: a line a pass (kind and name, size, target,
    /// program, milliseconds, share of the frame), then the passes' sum and the frame's time.
    public var table: String {
        let frame = max(frameSeconds, 1e-12)
        var rows: [[String]] = [["pass", "size", "target", "program", "ms", "share"]]
        for p in passes {
            // "text", not "text text": a pass named after its kind says it once.
            rows.append([p.name == p.kind.rawValue ? p.name : "\(p.kind.rawValue) \(p.name)", "\(p.width)x\(p.height)", p.target.description,
                         p.program.isEmpty ? "-" : p.program, String(format: "%.3f", p.seconds * 1000),
                         String(format: "%.1f %%", 100 * p.seconds / frame)])
        }
        rows.append(["passes", "", "", "", String(format: "%.3f", passSeconds * 1000), String(format: "%.1f %%", 100 * passSeconds / frame)])
        rows.append(["frame", "", "", "", String(format: "%.3f", frameSeconds * 1000), "100.0 %"])
        var widths = [Int](repeating: 0, count: 6)
        for row in rows { for (c, cell) in row.enumerated() { widths[c] = max(widths[c], cell.count) } }
        var lines = ["times by \(clock.rawValue)"]
        for row in rows {
            var line = ""
            for (c, cell) in row.enumerated() {
                // Numbers right-aligned, words left.
                let pad = String(repeating: " ", count: widths[c] - cell.count)
                line += c >= 4 ? pad + cell : cell + pad
                if c < 5 { line += "  " }
            }
            lines.append(line.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression))
        }
        return lines.joined(separator: "\n")
    }
}
