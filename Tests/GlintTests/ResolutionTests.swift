import Foundation
import Glint
import Testing
import class GlintCore.EffectResponder
import class GlintCore.WaveformEffect
import enum GlintCore.ShaderArgument
import struct GlintCore.EffectPass
import struct GlintCore.FrameGraph
import struct GlintCore.Rect
import struct GlintCore.Size

/// A view turns into the frame graph the renderer draws: content, passes in declaration order,
/// the view's rect in its container, and who takes the pointer. No GL needed.
@Suite("Views resolved into frame graphs")
struct ResolutionTests {
    func resolve<V: View>(_ view: V, in size: CGSize = CGSize(width: 200, height: 100), scale: CGFloat = 1) -> ResolvedView {
        var resolved = ResolvedView()
        resolved.update(view, in: size, scale: scale)
        return resolved
    }

    static let a = ShaderLibrary.default.a(.float(1))
    static let b = ShaderLibrary.b(.float(2))
    static let c = ShaderLibrary.default.c(.float(3))

    @Test("a shader fill is the content and effects follow in the order they were declared, each with its kind")
    func modifierOrder() {
        let view = Rectangle().fill(ShaderLibrary.default.gradient(.boundingRect))
            .colorEffect(Self.a)
            .layerEffect(Self.b, maxSampleOffset: CGSize(width: 3, height: 4))
            .distortionEffect(Self.c, maxSampleOffset: CGSize(width: 5, height: 6))
        let graph = resolve(view).graph
        #expect(graph.content.function == "gradient")
        #expect(graph.content.kind == .fill)
        #expect(graph.content.library == nil)
        #expect(graph.content.isPositional)
        #expect(graph.content.arguments == [.boundingRect])
        #expect(graph.effects.map(\.function) == ["a", "b", "c"])
        #expect(graph.effects.map(\.kind) == [.color, .layer(maxSampleOffset: Size(width: 3, height: 4)),
                                              .distortion(maxSampleOffset: Size(width: 5, height: 6))])
        #expect(graph.effects.map(\.arguments) == [[.float(1)], [.float(2)], [.float(3)]])
        #expect(graph.effects.allSatisfy { $0.isPositional && $0.isEnabled && !$0.isOpaque })
        #expect(graph.viewRect == Rect(x: 0, y: 0, width: 200, height: 100))

        let reversed = resolve(Color.red.distortionEffect(Self.c, maxSampleOffset: .zero).colorEffect(Self.a)).graph
        #expect(reversed.effects.map(\.function) == ["c", "a"])
    }

    @Test("a disabled effect stays in the graph, switched off, so the renderer skips it")
    func disabled() {
        let graph = resolve(Color.blue.colorEffect(Self.a, isEnabled: false).layerEffect(Self.b, maxSampleOffset: .zero)).graph
        #expect(graph.effects.map(\.isEnabled) == [false, true])
    }

    @Test("a frame smaller than its container is centred in it, on whole pixels; a nil side fills")
    func frameCentring() {
        #expect(resolve(Color.red.frame(width: 50, height: 20)).graph.viewRect == Rect(x: 75, y: 40, width: 50, height: 20))
        #expect(resolve(Color.red.frame(width: 50)).graph.viewRect == Rect(x: 75, y: 0, width: 50, height: 100))
        // 51 points to share: half a point is a whole pixel at scale 2, rounded at scale 1.
        let odd = Color.red.frame(width: 150, height: 100)
        #expect(resolve(odd, in: CGSize(width: 201, height: 100), scale: 1).graph.viewRect.minX == 26)
        #expect(resolve(odd, in: CGSize(width: 201, height: 100), scale: 2).graph.viewRect.minX == 25.5)
        // A larger frame overflows evenly on both sides.
        #expect(resolve(Color.red.frame(width: 300, height: 100)).graph.viewRect == Rect(x: -50, y: 0, width: 300, height: 100))
        // Frames nest: the innermost is the view's rect, centred in the one around it.
        let nested = Color.red.frame(width: 20, height: 10).frame(width: 100, height: 50)
        #expect(resolve(nested).graph.viewRect == Rect(x: 90, y: 45, width: 20, height: 10))
        // Effects before or after the frame all apply to the framed view.
        let framed = resolve(Color.red.colorEffect(Self.a).frame(width: 10, height: 10).colorEffect(Self.b)).graph
        #expect(framed.effects.map(\.function) == ["a", "b"])
        #expect(framed.viewRect.size == Size(width: 10, height: 10))
    }

    @Test("a tear goes on top of every effect whatever the modifier order, and takes the pointer first")
    func tearOnTop() {
        let tear = TearController()
        let effect = WaveformEffect()
        let resolved = resolve(EffectView(effect).tearable(tear).colorEffect(Self.a))
        #expect(resolved.graph.content.function == effect.pass.function)
        #expect(resolved.graph.effects.map(\.function) == ["a", TearController.shaderFunction])
        #expect(resolved.graph.effects.last?.kind == tear.pass.kind)
        #expect(resolved.graph.effects.last?.isEnabled == false, "no tear shows yet")
        #expect(resolved.tears.count == 1 && resolved.tears[0] === tear)
        #expect(resolved.effects.count == 1 && resolved.effects[0] === effect)
        #expect(resolved.responders.count == 2)
        #expect(resolved.responders[0] === tear)
        #expect((resolved.responders[1] as? EffectResponder)?.effects.first === effect)
    }

    @Test("an EffectView writes its effect's arguments for the view's size and keeps its responder across frames")
    func effectView() {
        let effect = WaveformEffect()
        var resolved = ResolvedView()
        resolved.update(EffectView(effect).frame(width: 120, height: 80), in: CGSize(width: 200, height: 100))
        let first = resolved.responders[0]
        resolved.update(EffectView(effect).frame(width: 120, height: 80), in: CGSize(width: 200, height: 100))
        #expect(resolved.responders[0] === first)
        #expect(resolved.graph.content.arguments == effect.pass.argumentValues)
        resolved.update(Color.red, in: CGSize(width: 200, height: 100))
        #expect(resolved.responders.isEmpty && resolved.effects.isEmpty)
    }

    @Test("colours fill with the solid function, opaque only when fully opaque")
    func colours() {
        let red = resolve(Color.red).graph.content
        #expect(red.function == "solid" && red.kind == .fill && red.isOpaque)
        let expected: ShaderArgument = .color(.init(red: 1, green: Float(59.0 / 255), blue: Float(48.0 / 255)))
        #expect(red.arguments == [expected])
        #expect(!resolve(Color.red.opacity(0.5)).graph.content.isOpaque)
        #expect(!resolve(Rectangle().fill(Color.clear)).graph.content.isOpaque)
        #expect(resolve(Rectangle()).graph.content.arguments == [.color(.black)])
    }

    @Test("an image is the image function as a colour effect of the bounding rect and the pixels")
    func image() {
        let image = Image(pixels: [255, 0, 0, 128], width: 1, height: 1)
        let content = resolve(image).graph.content
        #expect(content.function == "image" && content.kind == .color && content.library == nil)
        #expect(content.arguments.count == 2 && content.arguments[0] == .boundingRect)
        guard case .image(let pixels)? = content.arguments.last else { Issue.record("no image argument"); return }
        #expect(pixels.pixels == [128, 0, 0, 128], "stored premultiplied")
    }

    @Test("an image that cannot be read shows a placeholder and is reported, in the content or as an argument")
    func missingImage() {
        let missing = Image("no-such-card.png")
        let asContent = resolve(missing)
        #expect(asContent.errors.map(\.description) == ["cannot read image 'no-such-card.png': no such file or not readable"])
        #expect(asContent.graph.content.function == "image")
        // What shows instead is the checkerboard the README describes: magenta and black squares.
        guard case .image(let placeholder)? = asContent.graph.content.arguments.last else { Issue.record("no placeholder image"); return }
        let colours = Set(stride(from: 0, to: placeholder.pixels.count, by: 4).map { Array(placeholder.pixels[$0..<$0 + 4]) })
        #expect(colours == [[255, 0, 255, 255], [0, 0, 0, 255]], "the placeholder's colours: \(colours)")
        let asArgument = resolve(Rectangle().fill(ShaderLibrary.picture(.image(missing))))
        #expect(asArgument.errors.count == 1)
        #expect(resolve(Rectangle().fill(ShaderLibrary.picture(.float(1)))).errors.isEmpty)
        let short = Image(pixels: [1, 2, 3], width: 1, height: 1)
        #expect(resolve(short).errors.map(\.description) == ["an image of 1x1 pixels needs 4 bytes of RGBA, not 3"])
    }

    @Test("a library from a URL is named by its path; the default library by nil")
    func libraries() {
        let library = ShaderLibrary(url: URL(fileURLWithPath: "/tmp/effects.glsl"))
        let graph = resolve(Color.red.colorEffect(library.tint(.float(1))).colorEffect(ShaderLibrary.default.a())).graph
        #expect(graph.effects.map(\.library) == ["/tmp/effects.glsl", nil])
        #expect(library.tint.name == "tint" && library.tint.library == library)
        #expect(ShaderLibrary.wave.library == ShaderLibrary.default)
    }

    @Test("every Shader.Argument becomes the renderer's value of the same kind")
    func arguments() {
        let arguments: [Shader.Argument] = [
            .float(0.5), .float2(1.0, 2.0), .float2(CGPoint(x: 3, y: 4)), .float2(CGSize(width: 5, height: 6)),
            .float3(Float(7), 8, 9), .float4(1.0, 2, 3, 4), .color(.white), .floatArray([1, 2]),
            .colorArray([.black, .clear]), .data(Data([1, 2, 3])), .boundingRect,
        ]
        let expected: [ShaderArgument] = [
            .float(0.5), .float2(1, 2), .float2(3, 4), .float2(5, 6), .float3(7, 8, 9), .float4(1, 2, 3, 4),
            .color(.white), .floatArray([1, 2]), .colorArray([.black, .clear]), .data([1, 2, 3]), .boundingRect,
        ]
        let graph = resolve(Rectangle().fill(Shader(function: ShaderLibrary.all, arguments: arguments))).graph
        #expect(graph.content.arguments == expected)
    }

    @Test("a frame of the same shape rewrites the graph in place; a shorter chain drops the passes it no longer has")
    func inPlace() {
        var resolved = ResolvedView()
        for frame in 0..<3 {
            resolved.update(Color.red.colorEffect(ShaderLibrary.a(.float(Float(frame)))).colorEffect(Self.b), in: CGSize(width: 10, height: 10))
            #expect(resolved.graph.effects.map(\.arguments) == [[.float(Float(frame))], [.float(2)]])
        }
        let capacity = resolved.graph.effects.capacity
        resolved.update(Color.red.colorEffect(Self.c), in: CGSize(width: 10, height: 10))
        #expect(resolved.graph.effects.map(\.function) == ["c"])
        #expect(resolved.graph.effects.capacity == capacity)
    }

    @Test("the size a view asks for: an image's pixels, a frame's sides, none for colours and shapes")
    func idealSize() {
        let image = Image(pixels: [UInt8](repeating: 255, count: 3 * 2 * 4), width: 3, height: 2)
        #expect(ImageRenderer(content: image).effectiveSize == CGSize(width: 3, height: 2))
        #expect(ImageRenderer(content: image.frame(width: 10)).effectiveSize == CGSize(width: 10, height: 2))
        #expect(ImageRenderer(content: Color.red.frame(width: 10, height: 20).colorEffect(Self.a)).effectiveSize == CGSize(width: 10, height: 20))
        #expect(ImageRenderer(content: Color.red.frame(width: 10)).effectiveSize == ImageRenderer<Color>.defaultSize)
        #expect(ImageRenderer(content: Rectangle()).effectiveSize == CGSize(width: 256, height: 256))
    }
}
