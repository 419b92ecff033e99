import ArgumentParser
@preconcurrency import CEpoxy
import Foundation
import GlintCore
import GlintRender

/// `glint render`: one frame headless to a PNG, and what render, record and bench share to draw headless.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render one frame headless (no display needed) to a PNG.",
        discussion: """
        Simulates from t = 0 to --time in steps of 1/60 s, applying the pointer events at their \
        times, and writes the last frame. Events: 'TIME down|move|up X Y' separated by ';' or new \
        lines, in seconds and points from the top-left; --input @FILE reads them from a file.
        """
    )

    @OptionGroup var effectOptions: EffectOptions
    @OptionGroup(title: "Tear") var tearOptions: TearOptions

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The view's size in points (default 1280x720, or the --image's size).", valueName: "WxH"))
    var size: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Pixels per point (2 renders a HiDPI frame; default: 1).", valueName: "factor"),
            transform: TypedOption.scale)
    var scale: Double = 1

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Seconds to simulate before the frame is taken (default: 0).", valueName: "seconds"),
            transform: TypedOption.time)
    var time: Double = 0

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Pointer events, or @FILE to read them from a file.", valueName: "events"))
    var input: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Key presses for a Shadertoy shader's keyboard channel: TIME down|up KEY, separated by ';' (KEY: a letter, a digit, space, left, up, … or a code 0–255).", valueName: "events"))
    var keys: String?

    @Option(name: [.short, .long], help: ArgumentHelp("The PNG to write: a name ending in .png (or with no extension), or - for standard output.", valueName: "file.png"))
    var output: String

    @Option(name: .long, help: ArgumentHelp("Also write the shader's values for that frame as JSON (- for standard output).", valueName: "file.json"))
    var state: String?

    @Option(name: .long, help: ArgumentHelp("How hard the PNG is compressed: fast (the default: several times faster, files a few per cent larger) or small (the smallest files, slower).", valueName: "fast|small"))
    var pngCompression: PNGCompression = .fast

    @OptionGroup(title: "Frames of a clip and sweeps") var clip: RenderClipOptions

    @Flag(name: .long, help: "Print where the time to the PNG went, one line per phase on stderr: process start, arguments, context, shader compile, first draw, encode.")
    var timings = false

    /// The only format `render` writes.
    static let imageExtension = "png"

    /// The image's file, or standard output for `-`.
    func imageFile(write: @escaping (Int32) throws -> Void = { _ in }) -> OutputFile {
        OutputFile(output, what: "the image", allowingStandardOutput: true, write: write)
    }

    /// The state's file, or standard output for `-`.
    func stateFile(_ path: String, json: @escaping () -> Data = { Data() }) -> OutputFile {
        OutputFile(path, what: "the state", allowingStandardOutput: true) { try OutputFiles.writeAll(json(), to: $0) }
    }

    /// Refuses an `--output` whose extension names a format glint cannot write (x.gif, x.jpg):
    /// it would get a PNG under that name. A name with no extension is taken as it is (a FIFO,
    /// a device, a file the user names as they like), and so is an existing FIFO or device.
    static func checkImageName(_ path: String, destination: OutputFiles.Destination) throws {
        guard case .replace = destination else { return }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return }
        let ext = name[name.index(after: dot)...]
        guard !ext.isEmpty, ext.lowercased() != imageExtension else { return }
        if VideoFormat.byExtension[ext.lowercased()] != nil {
            throw AppError("cannot write the image '\(path)': render draws one frame as a PNG; to record a .\(ext) clip use glint record --output \(name) --duration SECONDS", exitCode: 2)
        }
        let stem = name[..<dot]
        let suggestion = stem.lowercased().hasSuffix("." + imageExtension) ? String(stem) : "\(stem).\(imageExtension)"
        throw AppError("cannot write the image '\(path)': glint writes PNG only, not .\(ext); name it \(suggestion)", exitCode: 2)
    }

    func run() throws {
        if timings && (clip.frame != nil || clip.sweep != nil) {
            throw InputError("--timings times one frame drawn at --time; it does not go with --frame or --sweep")
        }
        if try clip.run(self) { return }  // --frame N, --sweep (RenderClipOptions.swift)
        if output == OutputFile.standardOutputName && state == OutputFile.standardOutputName {
            throw AppError("--output - and --state - cannot both go to standard output; send one of them to a file", exitCode: 2)
        }
        // Everything the user typed is checked before any GL work starts.
        let image = try effectOptions.contentImage()
        let viewSize = try size.map { try Parse.size($0) } ?? image.map { Size(width: Double($0.width), height: Double($0.height)) }
            ?? Size(width: 1280, height: 720)
        let scaleFactor = scale
        let duration = time
        let events = try readEvents(input)
        let setup = try HeadlessSetup(effectOptions, tearOptions, viewSize: viewSize, image: image)
        try Self.checkImageName(output, destination: OutputFiles.check(imageFile()))
        if let state { try OutputFiles.check(stateFile(state)) }
        if timings { StartupTimings.begin() }  // printed once the PNG is written; a failure prints only its line

        let (context, host) = try setup.start()
        // A frame's pixels from its moment alone, whatever was drawn before it (record's frames are render's,
        // a farm's chunks join byte for byte): arguments are uniforms, never compiled in as they come to rest.
        host.renderer.renderer.compilesArgumentsAtRest = false
        // The one timeline: from t = 0 in steps of 1/60 s, each event applied at its own time to
        // the view as laid out for this frame.
        host.update(scale: scaleFactor)
        let pixels = RenderCommand.pixelSize(of: viewSize, scale: scaleFactor)
        let target = try RenderTarget(pixelWidth: pixels.width, pixelHeight: pixels.height)
        let keyEvents = try keys.map { try ToyKeys.events($0) } ?? []
        let frameCount = Int((duration / GlintCore.Timeline.maxStep).rounded(.up))
        let simulation = ProgressLine("drawing the \(frameCount) frames before \(Parse.text(duration)) s")
        let applied = try host.runToolFrames(until: duration, events: events[...], keys: keyEvents, into: target.framebuffer,
                                             progress: { simulation?.show(Double($0) / Double(max(frameCount, 1))) })
        simulation?.finish()
        host.advance(to: duration, applying: events[applied...])
        let progress = ProgressLine("rendering \(pixels.width)x\(pixels.height) pixels")
        host.renderer.renderer.onProgress = progress.map { line in { line.show($0) } }
        defer { progress?.finish() }
        try host.draw(into: target.framebuffer)
        try GL.checkError("rendering \(host.content.state.name)")
        progress?.finish()
        if timings {
            epoxy_glFinish()  // the draw done, not only queued: what is left is the read-back and the PNG
            StartupTimings.mark("first draw")
        }
        for error in host.errors { Console.warn("\(error)") }
        let json = Data(StateJSON.encode(host.content.state.stateSnapshot()).utf8)
        try OutputFiles.commit([imageFile { try PNG.write(framebuffer: target.framebuffer, to: $0, compression: pngCompression) }]
            + (state.map { [stateFile($0) { json }] } ?? []))
        StartupTimings.mark("encode")
        StartupTimings.finish()
        withExtendedLifetime(context) {}
    }
}

/// What `render` and `bench` both set up. Making one checks every effect and tear option; only
/// `start()` touches GL, so bad input is refused before any context exists.
struct HeadlessSetup {
    let effects: [any Effect]
    let tear: TearController?
    let backdrop: Color
    let sources: ShaderSources
    let showsForeground: Bool
    let viewSize: Size
    let frameTimeout: Double?
    /// Whether the frame shows the controls panel (`--controls`).
    let showsControls: Bool
    /// The sound source (`--audio`), if any.
    let audio: AudioFeed?

    /// The watchdog's default limit headless, in seconds.
    static let defaultFrameTimeout = 5.0

    init(_ effectOptions: EffectOptions, _ tearOptions: TearOptions, viewSize: Size, image: Image? = nil) throws {
        effects = try effectOptions.makeEffects(image: image)
        sources = try effectOptions.makeSources()
        audio = try effectOptions.makeAudio()
        tear = try tearOptions.makeTear(over: effects)
        backdrop = try tearOptions.backdropColor()
        showsForeground = !effectOptions.noOverlay
        frameTimeout = effectOptions.frameTimeout(standard: Self.defaultFrameTimeout)
        showsControls = effectOptions.controls ?? false
        self.viewSize = viewSize
    }

    /// A headless context, and the library's offscreen host drawing the app's view in it.
    func start() throws -> (HeadlessContext, AppHost) {
        let context = try HeadlessContext()
        StartupTimings.mark("context")
        let state = AppState(effects: effects, tear: tear, showsForeground: showsForeground, showsControls: showsControls, audio: audio)
        let host = try state.offscreenHost(size: viewSize, backdrop: backdrop, sources: sources, frameTimeout: frameTimeout)
        StartupTimings.mark("shader compile")
        return (context, host)
    }
}

extension RenderCommand {
    /// The framebuffer size for a view of `viewSize` points at `scale`.
    static func pixelSize(of viewSize: Size, scale: Double) -> (width: Int, height: Int) {
        (max(1, Int((viewSize.width * scale).rounded())), max(1, Int((viewSize.height * scale).rounded())))
    }
}

/// Parses `--input`: inline events, or `@FILE`.
func readEvents(_ input: String?) throws -> [PointerEvent] {
    guard let input else { return [] }
    if input.hasPrefix("@") {
        let path = String(input.dropFirst())
        let data = try InputFiles.read(path, as: "the input file '\(path)'", limit: InputFiles.eventsLimit)
        guard let text = String(validating: data, as: UTF8.self) else {
            throw InputError("cannot read the input file '\(path)': not UTF-8 text")
        }
        do {
            return try Parse.events(text)
        } catch {
            throw InputError("\(path): \(error.message)")
        }
    }
    return try Parse.events(input)
}

extension PNGCompression: @retroactive ExpressibleByArgument {}
