import Foundation
import GlintCore

extension View {
    /// This view in a frame of `width` × `height` points, centred in the space around it, as
    /// SwiftUI's `frame(width:height:)`. A nil side takes the space offered. The view's shaders
    /// see positions in the frame's own space, (0, 0) at its top-left; what lies outside it
    /// shows the backdrop. The frame's origin is rounded to a whole pixel.
    ///
    /// Glint draws one rect per view: effects applied outside a frame see the innermost
    /// frame's rect, not the outer one.
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil) -> ModifiedContent<Self, FrameModifier> {
        modifier(FrameModifier(width: width.map(Double.init), height: height.map(Double.init)))
    }

    /// Applies `shader` to every pixel of the view, as SwiftUI's `colorEffect`: the function
    /// `vec4 f(vec2 position, vec4 color, ARGS…)` gets each pixel's position (points) and its
    /// premultiplied colour, and returns the new colour. A disabled effect is skipped and
    /// costs nothing.
    public func colorEffect(_ shader: Shader, isEnabled: Bool = true) -> ModifiedContent<Self, ShaderEffectModifier> {
        modifier(ShaderEffectModifier(shader: shader, kind: .color, isEnabled: isEnabled))
    }

    /// Applies `shader` to the view drawn as a layer, as SwiftUI's `layerEffect`: the function
    /// `vec4 f(vec2 position, Layer layer, ARGS…)` may sample the layer (`layerSample(layer, p)`)
    /// up to `maxSampleOffset` points from `position`; beyond the view the layer is
    /// transparent. A disabled effect is skipped and costs nothing.
    public func layerEffect(_ shader: Shader, maxSampleOffset: CGSize, isEnabled: Bool = true)
        -> ModifiedContent<Self, ShaderEffectModifier> {
        modifier(ShaderEffectModifier(shader: shader, kind: .layer(maxSampleOffset: Size(maxSampleOffset)), isEnabled: isEnabled))
    }

    /// Moves the view's pixels, as SwiftUI's `distortionEffect`: the function
    /// `vec2 f(vec2 position, ARGS…)` returns where in the view each position shows, at most
    /// `maxSampleOffset` points away; the view may so move up to that far past its edges. A
    /// disabled effect is skipped and costs nothing.
    public func distortionEffect(_ shader: Shader, maxSampleOffset: CGSize, isEnabled: Bool = true)
        -> ModifiedContent<Self, ShaderEffectModifier> {
        modifier(ShaderEffectModifier(shader: shader, kind: .distortion(maxSampleOffset: Size(maxSampleOffset)), isEnabled: isEnabled))
    }

    /// Lets `tear` tear this view (seed 004): a drag from its edge opens a cut, and past a
    /// threshold the view breaks and falls. The tear is drawn over the view and every effect on
    /// it, whatever the order of the modifiers, and takes a press before anything below it.
    /// The host that shows the view advances the tear and routes the pointer to it.
    public func tearable(_ tear: TearController) -> ModifiedContent<Self, TearModifier> {
        modifier(TearModifier(tear: tear))
    }
}

/// `frame(width:height:)`: a fixed size, centred in the space offered.
public struct FrameModifier: ViewModifier, Sendable, Equatable {
    /// The width in points, or nil for the space offered.
    public var width: Double?
    /// The height in points, or nil for the space offered.
    public var height: Double?

    /// Resolves the content in the frame's rect.
    public static func _resolve<Content: View>(_ modifier: Self, content: Content, into resolved: inout ResolvedView) {
        let outer = resolved.rect
        resolved.rect = resolved.centred(width: modifier.width, height: modifier.height)
        Content._resolve(content, into: &resolved)
        resolved.rect = outer
    }

    /// The frame's sides, the content's where a side is nil.
    public static func _idealSize<Content: View>(_ modifier: Self, content: Content) -> CGSize? {
        let inner = Content._idealSize(content)
        guard let width = modifier.width ?? inner.map({ Double($0.width) }),
              let height = modifier.height ?? inner.map({ Double($0.height) }) else { return nil }
        return CGSize(width: width, height: height)
    }
}

/// `colorEffect`, `layerEffect` and `distortionEffect`: a shader pass over the content.
public struct ShaderEffectModifier: ViewModifier {
    /// The shader.
    public var shader: Shader
    /// Which of the three effects, with its `maxSampleOffset`.
    public var kind: ShaderEffect.Kind
    /// Whether the pass is drawn.
    public var isEnabled: Bool

    /// Resolves the content, then adds the pass after the ones already on it.
    public static func _resolve<Content: View>(_ modifier: Self, content: Content, into resolved: inout ResolvedView) {
        Content._resolve(content, into: &resolved)
        resolved.appendEffect(modifier.shader, kind: modifier.kind, isEnabled: modifier.isEnabled)
    }
}

/// `tearable(_:)`: a tear over the view.
public struct TearModifier: ViewModifier {
    /// The tear.
    public let tear: TearController

    /// Resolves the content and notes the tear; its pass is added after every effect.
    public static func _resolve<Content: View>(_ modifier: Self, content: Content, into resolved: inout ResolvedView) {
        Content._resolve(content, into: &resolved)
        resolved.addTear(modifier.tear)
    }
}

extension Size {
    init(_ size: CGSize) {
        self.init(width: Double(size.width), height: Double(size.height))
    }
}
