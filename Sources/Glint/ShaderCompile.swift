import Foundation
import GlintCore
import GlintRender

extension Shader {
    /// How a shader is used, for `compile(as:)`: as SwiftUI's `Shader.UsageType`.
    public struct UsageType: Hashable, Sendable {
        /// The effect kind the renderer compiles the function as.
        let kind: ShaderEffect.Kind

        /// As `colorEffect(_:isEnabled:)` uses it: `vec4 f(vec2 position, vec4 color, args…)`.
        public static let colorEffect = UsageType(kind: .color)
        /// As `layerEffect(_:maxSampleOffset:isEnabled:)` uses it: `vec4 f(vec2 position, Layer layer, args…)`.
        public static let layerEffect = UsageType(kind: .layer(maxSampleOffset: .zero))
        /// As `distortionEffect(_:maxSampleOffset:isEnabled:)` uses it: `vec2 f(vec2 position, args…)`.
        public static let distortionEffect = UsageType(kind: .distortion(maxSampleOffset: .zero))

        public static func == (a: UsageType, b: UsageType) -> Bool { a.kind.name == b.kind.name }
        public func hash(into hasher: inout Hasher) { hasher.combine(kind.name) }
    }

    /// Compiles the shader's program as `type` uses it, ahead of the first frame that draws it,
    /// as SwiftUI's `compile(as:)`: on a task of its own, so the caller's actor is not held.
    ///
    /// Throws what drawing the shader so would throw, word for word: an image argument that
    /// could not be read, a function its library does not define (with the closest name it
    /// does), a shader that does not compile (the driver's message at the file's line), or
    /// arguments that do not fit the function's parameters.
    public func compile(as type: UsageType) async throws(RenderError) {
        let shader = self
        let result = await Task.detached { () -> Result<Void, RenderError> in
            Result { () throws(RenderError) in try shader.compileNow(as: type) }
        }.value
        try result.get()
    }

    /// Compiles the shader's program as `type` uses it now, on the calling thread: the
    /// synchronous twin of `compile(as:)`, throwing the same errors. (Glint's addition.)
    ///
    /// It compiles in a headless OpenGL context of its own, as `ImageRenderer` makes one, made
    /// and released within the call; a context current on the thread before (a window's) is
    /// current again after. The program is compiled afresh each time, so an edited file is
    /// read again.
    public func compileNow(as type: UsageType) throws(RenderError) {
        var pass = EffectPass(function: function.name, kind: type.kind, arguments: [])
        var errors: [RenderError] = []
        // The pass exactly as a view's effect modifier writes it for drawing.
        ResolvedView.write(self, kind: type.kind, isOpaque: false, isEnabled: true, into: &pass, errors: &errors)
        // Drawing throws the arguments' errors (an image that could not be read) first.
        if let error = errors.first { throw error }
        let previous = GLContext.current
        defer { if let previous, GLContext.current !== previous { previous.makeCurrent() } }
        do {
            let context = try HeadlessContext()
            try withExtendedLifetime(context) { () throws(RenderError) in
                let renderer = try Renderer()
                try renderer.prepare(pass)
            }
        } catch {
            throw ShaderLookup.explained(error, pass: pass)
        }
    }
}
