import ArgumentParser
@preconcurrency import CEpoxy
import CAllocCounter
import Foundation
import GlintCore
import GlintRender

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Render frames offscreen with no vsync; print time and heap allocations per frame."
    )

    @OptionGroup var effectOptions: EffectOptions
    @OptionGroup(title: "Tear") var tearOptions: TearOptions

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The view's size in points.", valueName: "WxH"))
    var size: String = "1920x1080"

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Pixels per point (default: 1).", valueName: "factor"), transform: TypedOption.scale)
    var scale: Double = 1

    @Option(name: .long, parsing: .unconditional, help: "How many frames to render.")
    var frames: Int = 300

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Pointer events during the run (as for render).", valueName: "events"))
    var input: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        "Simulate this many seconds, then draw every frame at that moment (the clock stands still): a staged drawing part way, like --effect prism --time 1.5. Without it the clock runs 1/60 s a frame, starting once any staged drawing has finished.",
        valueName: "seconds"), transform: TypedOption.time)
    var time: Double?

    @Option(name: .long, help: ArgumentHelp(
        "After the run, write the GL work of one more frame like the last to FILE (every clear and draw: targets, sources as compiled, uniforms, images), for bench/bare.c to do alone (see scripts/bench). Not with --api or --view.",
        valueName: "FILE"))
    var dumpShader: String?

    @Flag(name: .long, help: "Draw every program in its general version, its compile-time constants (// glint: constant) fed as uniforms: to measure what specialising gains.")
    var noSpecialize = false

    @Flag(name: .long, help: "Draw every pass as a layer of its own, colour effects unfused (as GLINT_NO_FUSE does): to measure what fusing gains.")
    var noFuse = false

    @Flag(name: .long, help: "Time every pass of the frame on the GPU (timer queries; glFinish brackets where the driver has none) and print a table: each pass's name, size, target, program, milliseconds and share of the frame, averaged over the steady frames. Measuring adds a flush a pass.")
    var passes = false

    @Option(name: .long, help: ArgumentHelp("With --passes: how passes are timed: query (GPU timer queries, the default where the driver has them) or finish (glFinish after each pass, timed on the CPU).", valueName: "clock"))
    var passClock: PassClockOption?

    @Flag(name: .long, help: "Bench the chain harmonic,wave,blur written as a Glint view and rebuilt every frame through the public API (ignores --effect).")
    var api = false

    @Option(name: .long, help: ArgumentHelp(
        "Bench a view written with the Glint library and rebuilt every frame: chain (as --api), shader (the harmonic shader alone), ui (harmonic behind a VStack of texts and an image), controls (ui with shapes and sliders). Ignores --effect.",
        valueName: "name"))
    var view: APIBench.Kind?

    /// Frames not measured while programs compile, textures upload and caches fill.
    static let warmUpFrames = 30

    /// The longest a staged drawing is waited for before the frames start (prism's longest
    /// `drawDuration` is 30 s).
    static let longestDrawing = 60.0  // seconds

    func run() throws {
        let viewSize = try Parse.size(size)
        let scaleFactor = scale
        guard (1...100_000).contains(frames) else {
            throw InputError("bad frame count '\(frames)': must be between 1 and 100000")
        }
        let events = try readEvents(input)
        let stillTime = time
        if let dumpShader {
            // Standard output carries bench's own table; a dump mixed into it could not be compiled.
            guard dumpShader != OutputFile.standardOutputName else {
                throw InputError("cannot write the shader dump to standard output: bench prints its results there; name a file, like --dump-shader shader.frag")
            }
            try Console.checkWritable(dumpShader, what: "the shader dump")
        }
        let (context, app) = try HeadlessSetup(effectOptions, tearOptions, viewSize: viewSize, image: effectOptions.contentImage()).start()
        let pixels = RenderCommand.pixelSize(of: viewSize, scale: scaleFactor)
        let target = try RenderTarget(pixelWidth: pixels.width, pixelHeight: pixels.height)
        app.renderer.renderer.specializes = !noSpecialize
        if noFuse { app.renderer.renderer.fuses = false }
        app.warmsUpTear = true
        let state = app.content.state
        // Laid out once before the run, so the first events meet the view where it is drawn.
        app.update(scale: scaleFactor)

        var milliseconds = [Double](repeating: 0, count: frames)
        var cpuMilliseconds = [Double](repeating: 0, count: frames)
        var allocations = [UInt64](repeating: 0, count: frames)
        var driverAllocations = [UInt64](repeating: 0, count: frames)
        var viewAllocations = [UInt64](repeating: 0, count: frames)
        var nextEvent = 0
        var layerPassFrames = 0
        var compileFrames = Set<Int>()
        compileFrames.reserveCapacity(frames)
        // Where the frames start: at --time, where they stay; otherwise once every staged drawing
        // is finished, so a plain bench measures the finished picture.
        var clockStart = 0.0
        if let stillTime {
            nextEvent += app.advance(to: stillTime, applying: events[...])
            clockStart = stillTime
        } else {
            var steps = 0
            while state.effects.contains(where: { ($0.drawingProgress ?? 1) < 1 }) && clockStart < Self.longestDrawing {
                steps += 1
                clockStart = Double(steps) * Timeline.maxStep
                nextEvent += app.advance(to: clockStart, applying: events[nextEvent...])
            }
        }
        let viewKind = view ?? (api ? .chain : nil)
        if viewKind != nil && dumpShader != nil {
            throw InputError("--dump-shader records an effect chain's frame; it cannot be used with --api or --view")
        }
        let apiBench = try viewKind.map { try APIBench($0, width: viewSize.width, height: viewSize.height, scale: scaleFactor) }
        if passes && viewKind != nil {
            throw InputError("--passes times an effect chain's frame; it cannot be used with --api or --view")
        }
        if passClock != nil && !passes { throw InputError("--pass-clock is for --passes; add --passes") }
        let warmFrames = min(Self.warmUpFrames, frames / 2)
        var passTable = PassTable()
        if passes {
            app.renderer.passClock = passClock?.clock
            app.renderer.measuresPasses = true
        }
        for frame in 0..<frames {
            let start = DispatchTime.now().uptimeNanoseconds
            let cpuStart = Self.processCPUNanoseconds()
            if let apiBench {
                viewAllocations[frame] = try apiBench.frame(time: Double(frame + 1) * Timeline.maxStep, dt: Timeline.maxStep, into: target.framebuffer)
            } else {
                glint_alloc_counting_begin()
                // The same timeline as `render` and the window: events at their exact times.
                if stillTime == nil {
                    nextEvent += app.advance(to: clockStart + Double(frame + 1) * Timeline.maxStep, applying: events[nextEvent...])
                }
                let compiled = app.renderer.renderer.restCompiles
                try app.draw(into: target.framebuffer)
                if state.tear?.isShowing == true { layerPassFrames += 1 }
                epoxy_glFinish()
                if app.renderer.renderer.restCompiles != compiled && frame >= warmFrames { compileFrames.insert(frame) }
            }
            allocations[frame] = glint_alloc_counting_end()
            driverAllocations[frame] = glint_alloc_counting_driver()
            // The table's own sums, outside what is counted: the frames' allocations are the renderer's.
            if passes && frame >= warmFrames, let statistics = app.renderer.frameStatistics { passTable.add(statistics) }
            milliseconds[frame] = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            cpuMilliseconds[frame] = Double(Self.processCPUNanoseconds() - cpuStart) / 1e6
        }

        let warm = min(Self.warmUpFrames, frames / 2)
        let steady = Array(milliseconds[warm...]).sorted()
        let mean = steady.reduce(0, +) / Double(steady.count)
        let median = steady[steady.count / 2]
        let p95 = steady[min(steady.count - 1, Int(Double(steady.count) * 0.95))]
        let cpu = Array(cpuMilliseconds[warm...]).sorted()
        let cpuMean = cpu.reduce(0, +) / Double(cpu.count)
        let steadyFrames = Double(frames - warm)
        // Frames that compiled a version with arguments that came to rest compiled in: an event, as a
        // new effect is, left out of the steady state's allocations (and said).
        let counts = (warm..<frames).filter { !compileFrames.contains($0) }
        let countedFrames = Double(max(counts.count, 1))
        let driver = counts.map { driverAllocations[$0] }.reduce(0, +)
        let own = counts.map { allocations[$0] - driverAllocations[$0] }.reduce(0, +)
        let worstOwn = counts.map { allocations[$0] - driverAllocations[$0] }.max() ?? 0
        let counted = glint_alloc_counter_active() != 0
        let layerFrames = layerPassFrames

        print("effect      \(viewKind?.title ?? state.name), \(viewSize) points at scale \(fmt(scaleFactor)) = \(pixels.width)x\(pixels.height) pixels")
        print("renderer    \(context.description)")
        print("frames      \(frames) (first \(warm) not counted: warm-up); \(layerFrames) with the tear's offscreen layer pass")
        if let stillTime {
            print("clock       stands still at \(fmt(stillTime)) s\(drawingText(state))")
        } else if clockStart > 0 {
            print(String(format: "clock       runs from %.2f s, after the staged drawing", clockStart))
        }
        print(String(format: "time        %.3f ms/frame mean, %.3f median, %.3f p95 (%.1f frames/s)", mean, median, p95, 1000 / mean))
        print(String(format: "cpu         %.3f ms/frame mean, %.3f median, %.3f p95 (every thread of the process: the driver's rasterisers too)",
                     cpuMean, cpu[cpu.count / 2], cpu[min(cpu.count - 1, Int(Double(cpu.count) * 0.95))]))
        if counted {
            print(String(format: "heap        %.2f allocations/frame by Glint in steady state (worst frame %llu); the GL driver's own: %.2f/frame",
                         Double(own) / countedFrames, worstOwn, Double(driver) / countedFrames))
            if !compileFrames.isEmpty {
                print("            \(compileFrames.count) frame\(compileFrames.count == 1 ? "" : "s") left out: compiling arguments that came to rest (--no-specialize: none)")
            }
            if viewKind != nil {
                print(String(format: "view        %.2f allocations/frame building the view value (the shader calls' argument arrays, in the caller's code)",
                             Double(viewAllocations[warm...].reduce(0, +)) / steadyFrames))
            }
        } else {
            print("heap        not counted (the allocator wrapper is not active)")
        }
        if passes {
            app.renderer.finishFrameStatistics()
            if let statistics = app.renderer.frameStatistics { passTable.add(statistics) }
            print(passTable.text(allocationsNote: counted ? String(format: "%.2f", Double(own) / steadyFrames) : nil))
        }
        if let audio = state.audio {
            // The sound's share of a frame, on its own: the meter, the bands and Shadertoy's sound
            // texture (one 2048-point FFT each) brought on by 1/60 s a frame, as the window does.
            var micros: [Double] = []
            micros.reserveCapacity(frames)
            var soundAllocations: UInt64 = 0
            for frame in 0..<frames {
                let start = DispatchTime.now().uptimeNanoseconds
                if frame >= warm { glint_alloc_counting_begin() }
                _ = audio.update(at: Double(frame + 1) * Timeline.maxStep)
                if frame >= warm { soundAllocations += glint_alloc_counting_end() - glint_alloc_counting_driver() }
                micros.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3)
            }
            let sorted = Array(micros[warm...]).sorted()
            print(String(format: "audio       %.1f µs/frame mean, %.1f median (meter, bands and sound texture from %@)%@", sorted.reduce(0, +) / Double(sorted.count),
                         sorted[sorted.count / 2], audio.name,
                         counted ? String(format: "; %.2f allocations/frame", Double(soundAllocations) / steadyFrames) : ""))
        }
        if let dumpShader {
            // One more frame like the last, recorded: every clear and draw, for bench/bare.c.
            let recorder = PassRecorder()
            app.renderer.renderer.recorder = recorder
            try app.draw(into: target.framebuffer)
            app.renderer.renderer.recorder = nil
            epoxy_glFinish()
            try Console.write(recorder.data(), to: dumpShader, what: "the shader dump")
        }
        withExtendedLifetime(context) {}
    }

    /// ", the drawing at N %" for a scene with a staged drawing.
    func drawingText(_ state: AppState) -> String {
        guard let progress = state.effects.compactMap(\.drawingProgress).first else { return "" }
        return ", the drawing at \(fmt((progress * 1000).rounded() / 10)) %"
    }

    /// CPU time used so far by every thread of this process. On a shared machine it moves far less
    /// with other work than wall time does, so `scripts/bench` compares it too.
    static func processCPUNanoseconds() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }
}
