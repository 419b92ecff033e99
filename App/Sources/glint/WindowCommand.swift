import ArgumentParser
import Foundation
import GlintCore
import GlintRender

struct WindowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "window",
        abstract: "Open the interactive window (the default).",
        discussion: """
        Controls: click and hold anywhere to animate; drag in from an edge to tear the view (past \
        90 % it breaks, R brings it back); \(GlintCommand.effectKeys) or Tab switch effects; C shows or hides the \
        controls beside the effect (a slider per parameter, Reset, and Replay for staged drawings); Space pauses and \
        resumes time, . steps a paused one by one frame (1/60 s), Backspace restarts it at 0, [ and ] halve and double \
        its speed (1/16 to 16 times); S saves the frame as glint-<effect>-<time>.png in the current folder, V starts and stops \
        recording a video of it (.mp4, 60 frames per second of the timeline); F11 \
        toggles fullscreen; H hides the help; Esc or Q quits. Needs a display: without one use 'glint render'.
        """
    )

    @OptionGroup var effectOptions: EffectOptions
    @OptionGroup(title: "Tear") var tearOptions: TearOptions

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The window's size in points (default 960x600, or the --image's size).", valueName: "WxH"))
    var size: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Quit after this many seconds (for demos and tests).", valueName: "seconds"),
            transform: TypedOption.time)
    var quitAfter: Double?

    @Option(name: .long, help: ArgumentHelp("Rewrite this JSON file after every frame with that frame's state: window.frame (frames drawn), window.time, window.pressed, … then the values the shaders received, as render's --state.", valueName: "file.json"))
    var state: String?

    @Flag(name: .long, help: "Print where the time to the first frame went, one line per phase on stderr: process start, arguments, context, shader compile, first frame.")
    var timings = false

    func run() throws {
        // Checked first: a state file that cannot be written opens no window.
        let stateFile = try state.map { try WindowStateFile(path: $0) }
        let image = try effectOptions.contentImage()
        let viewSize = try size.map { try Parse.size($0) } ?? image.map { Size(width: Double($0.width), height: Double($0.height)) } ?? Size(width: 960, height: 600)
        let options = effectOptions
        // Made again by Backspace, which restarts the chain as it was at launch.
        let makeEffects = { try options.makeEffects(image: image) }
        let sources = try effectOptions.makeSources()
        let quit = quitAfter
        let tear = try tearOptions.makeTear(over: try makeEffects())
        let backdrop = try tearOptions.backdropColor()
        if timings { StartupTimings.begin() }
        let app = try WindowApp(makeEffects: makeEffects, tear: tear, backdrop: backdrop, size: viewSize, sources: sources, showsForeground: !effectOptions.noOverlay,
                                showsControls: effectOptions.controls,
                                frameTimeout: effectOptions.frameTimeout(standard: WindowApp.defaultFrameTimeout), quitAfter: quit,
                                audio: try effectOptions.makeAudio(), stateFile: stateFile)
        try app.run()
    }
}
