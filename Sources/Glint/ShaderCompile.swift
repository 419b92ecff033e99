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
    /// It draws one pixel of a rectangle with the effect, as `ImageRenderer` draws a view: the
    /// pass that view writes, compiled by the same renderer in a headless context of its own (made
    /// and released within the call), so what it throws is what drawing throws, and the driver
    /// has compiled the program for drawing (llvmpipe keeps it: the first frame that draws the
    /// shader then takes about a third as long). A context current on the thread before (a
    /// window's) is current again after. It compiles afresh each time, so an edited file is
    /// read again.
    public func compileNow(as type: UsageType) throws(RenderError) {
        switch type.kind {
        case .color: try Self.drawOnePixel(Rectangle().colorEffect(self))
        case .layer: try Self.drawOnePixel(Rectangle().layerEffect(self, maxSampleOffset: .zero))
        case .distortion: try Self.drawOnePixel(Rectangle().distortionEffect(self, maxSampleOffset: .zero))
        case .fill: try Self.drawOnePixel(Rectangle().fill(self))
        }
    }

    /// Draws `view` one point square at scale 1, headless.
    private static func drawOnePixel<V: View>(_ view: V) throws(RenderError) {
        let renderer = ImageRenderer(content: view)
        renderer.proposedSize = CGSize(width: 1, height: 1)
        _ = try renderer.render()
    }
}
