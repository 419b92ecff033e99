import ArgumentParser
import Foundation
import GlintCore
import GlintRender

/// `glint render --frame N` (a frame of a clip, as `record` draws it) and `--sweep`.
struct RenderClipOptions: ParsableArguments {
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Draw frame N (from 0) of the clip --fps and --from define, exactly as glint record draws it (at --from + N/--fps; a shader whose buffers feed back draws the frames before it first). Instead of --time.", valueName: "N"))
    var frame: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("With --frame: the clip's frames per second (default: 60).", valueName: "rate"),
            transform: TypedOption.number("frame rate", in: 1...RecordCommand.highestFPS, unit: "frames per second"))
    var fps: Double = 60

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("With --frame: where on the timeline the clip starts, in seconds (default: 0).", valueName: "seconds"),
            transform: TypedOption.time)
    var from: Double = 0

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Render every combination of parameter values into the folder --output names (a name ending in /, made if missing; or FILE.png for FILE.LABEL.png), each named by its values (harmonic.amplitude=0.2_harmonic.speed=1.png), plus contact-sheet.png with labels. SPEC: NAME=VALUES items separated by ',' or ';', NAME as --param takes it; VALUES a value, a list v1,v2,… or a range FIRST..LAST:STEP; @FILE reads SPEC from a file, an item a line. Example: 'harmonic.amplitude=0.2..0.8:0.2,harmonic.speed=1,2'.", valueName: "spec|@file"))
    var sweep: String?

    @Flag(name: .long, help: "Go ahead with a sweep of more than 10000 combinations.")
    var yes = false

    /// Runs `render` when it asks for a frame of a clip or a sweep; false when it asks for neither.
    func run(_ render: RenderCommand) throws -> Bool {
        if let sweep {
            try Sweep.render(render, spec: sweep, yes: yes)
            return true
        }
        guard let frame else {
            if arguments.contains(where: { $0 == "--fps" || $0 == "--from" || $0.hasPrefix("--fps=") || $0.hasPrefix("--from=") }) {
                throw InputError("--fps and --from go with --frame N (a frame of a clip); for a time use --time SECONDS")
            }
            return false
        }
        guard let n = FrameSelection.wholeNumber(Substring(frame)), n < RecordCommand.maxFrames else {
            throw InputError("bad --frame '\(Console.escaped(frame))': expected a frame number from 0 to \(RecordCommand.maxFrames - 1), like 59")
        }
        if arguments.contains(where: { $0 == "--time" || $0.hasPrefix("--time=") }) {
            throw InputError("use either --time or --frame, not both: frame N is at --from + N/--fps")
        }
        let duration = Double(n + 1) / fps
        guard duration <= RecordCommand.longestClip else {
            throw InputError("bad --frame '\(frame)': at \(fmt(fps)) frames per second it is past a day")
        }
        if render.output == OutputFile.standardOutputName && render.state == OutputFile.standardOutputName {
            throw AppError("--output - and --state - cannot both go to standard output; send one of them to a file", exitCode: 2)
        }
        try RenderCommand.checkImageName(render.output, destination: OutputFiles.check(render.imageFile()))
        if let state = render.state { try OutputFiles.check(render.stateFile(state)) }
        var record = try RecordCommand.parse(["--duration", fmt(duration), "-o", "still.mp4"])
        record.effectOptions = render.effectOptions
        record.tearOptions = render.tearOptions
        record.size = render.size
        record.scale = render.scale
        record.input = render.input
        record.keys = render.keys
        record.fps = fps
        record.from = from
        record.duration = duration
        record.frames = "\(n)..\(n)"
        record.output = render.output
        RecordCommand.still = Still(render: render)
        defer { RecordCommand.still = nil }
        try record.run()
        return true
    }
}

/// Where `render --frame` writes the frame `record`'s loop drew: render's PNG and --state.
struct Still {
    let render: RenderCommand

    func write(_ host: AppHost, _ framebuffer: Framebuffer) throws {
        let json = Data(StateJSON.encode(host.content.state.stateSnapshot()).utf8)
        let compression = render.pngCompression
        try OutputFiles.commit([render.imageFile { try PNG.write(framebuffer: framebuffer, to: $0, compression: compression) }]
            + (render.state.map { [render.stateFile($0) { json }] } ?? []))
    }
}

extension RecordCommand {
    /// Set while `render --frame` runs `record` for its one frame.
    nonisolated(unsafe) static var still: Still?
}
