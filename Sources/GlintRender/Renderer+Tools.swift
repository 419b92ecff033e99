@preconcurrency import CEpoxy
import Foundation
import GlintCore

/// The passes of shaders of other tools in a frame graph (`EffectPass.tool`): drawn by the pass
/// executor before the graph's own passes, each into its named target, the last into the picture
/// that the pass carrying them shows as its image argument.
extension Renderer {
    /// The targets of `tool`'s owner, made (its passes compiled) on first use and again when its
    /// program was reloaded.
    func toolTargets(for tool: ToolPasses) throws(RenderError) -> ToolTargets {
        if let made = tools[tool.owner], made.revision == tool.revision { return made }
        let made = try ToolTargets(tool.program, revision: tool.revision, vertex: vertexText)
        tools[tool.owner] = made
        return made
    }

    /// Draws the tool passes of every enabled pass of `graph` that has them.
    func drawTools(of graph: FrameGraph) throws(RenderError) {
        if let tool = graph.content.tool { try draw(tool, scale: graph.scale) }
        var i = 0
        while i < graph.effects.count {  // index loops: no iterator allocation in debug builds
            if graph.effects[i].isEnabled, let tool = graph.effects[i].tool { try draw(tool, scale: graph.scale) }
            i += 1
        }
    }

    /// Draws one frame of `tool` at `scale` pixels per point: each pass a full-screen triangle
    /// into its target with no blending, in chunks under the watchdog (`frameTimeout`, for the
    /// picture's size) when it is on. A frame past its limit stops the passes (they draw nothing
    /// more, their picture stays, until they are loaded again) and throws `RenderError.tooSlow`
    /// naming the pass's file. Reports the frame drawn to the effect (`ToyLive.didDraw`).
    func draw(_ tool: ToolPasses, scale: Double) throws(RenderError) {
        let targets = try toolTargets(for: tool)
        targets.lastUsed = frameNumber
        guard !targets.isStopped else { return }
        let frame = tool.clock.frameValues(scale: scale)
        let width = Int(frame.resolution.0)
        let height = Int(frame.resolution.1)
        try targets.prepareFrame(tool, width: width, height: height)
        epoxy_glDisable(GLenum(GL_BLEND))
        epoxy_glDisable(GLenum(GL_SCISSOR_TEST))
        epoxy_glBindVertexArray(vertexArray)
        let limit = frameTimeout.map { Watchdog.limit($0, pixels: width * height) }
        let frameStart = clock()
        var p = 0
        while p < targets.programs.count {
            let target = targets.bindTarget(of: p, recorder: recorder)
            targets.bindPass(p, frame, live: tool.live, target: target)
            let program = targets.programs[p]
            recorder?.recordDraw(program, scissor: nil)
            if limit != nil {
                if let seconds = PassExecutor.drawInChunks(program, left: 0, bottom: 0, width: target.pixelWidth, height: target.pixelHeight,
                                                           frameStart: frameStart, limit: limit, clock: clock,
                                                           batch: &drawBatch) {
                    targets.isStopped = true
                    epoxy_glBindVertexArray(0)
                    epoxy_glUseProgram(0)
                    throw .tooSlow(file: targets.runner.passes[p].file, seconds: seconds, limit: limit!, setting: frameTimeoutSetting)
                }
            } else {
                epoxy_glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
            }
            targets.finishPass(p, recorder: recorder)
            if let passTimer {
                let pass = targets.runner.passes[p]
                passTimer.mark(.tool, program.name, width: target.pixelWidth, height: target.pixelHeight,
                               target: pass.target.map { .buffer($0) } ?? .picture, program: program.fileName)
            }
            p += 1
        }
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
        epoxy_glBindVertexArray(0)
        epoxy_glUseProgram(0)
        tool.live.didDraw(frame, scale: scale)
    }

    /// The picture of the tool passes `pass` carries, for its image argument; nil for a pass
    /// without, or an image that is not the picture's (one with pixels of its own).
    func toolPicture(_ pass: EffectPass, _ image: Image) -> GLuint? {
        guard let tool = pass.tool, image.pixels.isEmpty, let targets = tools[tool.owner] else { return nil }
        return targets.output.texture
    }

    /// Loads again every tool program whose files changed since it was loaded (as its tool
    /// would), compiling it before it replaces the running one: a program that no longer loads
    /// or compiles keeps running as it was, and its error is returned. Returns the programs
    /// reloaded by owner, for their effects to show (`Effect.reload`).
    public func reloadChangedTools() -> (reloaded: [(owner: UInt64, program: ToyProgram)], errors: [RenderError]) {
        guard tools.contains(where: { $0.value.filesChanged }) else { return ([], []) }
        var reloaded: [(owner: UInt64, program: ToyProgram)] = []
        var errors: [RenderError] = []
        for (owner, targets) in tools where targets.filesChanged {
            do throws(RenderError) {
                guard let program = try ToyLoader.reload(targets.runner.program) else { continue }
                tools[owner] = try ToolTargets(program, revision: targets.revision + 1, vertex: vertexText)
                reloaded.append((owner, program))
            } catch {
                targets.acknowledgeChanges()
                errors.append(error)
            }
        }
        return (reloaded, errors)
    }

    /// Releases the targets of tool passes no frame drew for `textureLifetime` frames.
    func evictTools() {
        guard !tools.isEmpty, frameNumber % Self.textureLifetime == 0 else { return }
        while let stale = tools.first(where: { frameNumber - $0.value.lastUsed > Self.textureLifetime }) {
            tools.removeValue(forKey: stale.key)
        }
    }
}
