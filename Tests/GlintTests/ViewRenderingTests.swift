import Foundation
import Glint
import Testing

/// Views drawn headless by `ImageRenderer`: text, shapes, clips, groups and visual effects, as a
/// user sees them in the pixels.
@Suite("Views drawn")
struct ViewRenderingTests {
    func render<V: View>(_ view: V, size: CGSize? = nil, scale: CGFloat = 1) throws -> RenderedImage {
        let renderer = ImageRenderer(content: view)
        renderer.proposedSize = size
        renderer.scale = scale
        return try renderer.render()
    }

    @Test("text is crisp at scale 2: an H's stems are solid columns of full coverage, and the picture is the measured size")
    func crispText() throws {
        let view = Text("H").font(.system(size: 40)).foregroundStyle(.white)
        let one = try render(view), two = try render(view, scale: 2)
        // Hinted at each size, the 2x line is within a pixel of twice the 1x one.
        #expect(abs(two.width - one.width * 2) <= 2 && abs(two.height - one.height * 2) <= 2, "\(one.width)x\(one.height) → \(two.width)x\(two.height)")
        var longest = 0
        for x in 0..<two.width {
            var run = 0
            for y in 0..<two.height {
                run = two.pixel(x: x, y: y).alpha == 255 ? run + 1 : 0
                longest = max(longest, run)
            }
        }
        #expect(longest >= 50, "a stem of an H 40 points tall at 2x: \(longest) solid pixels")
        let inked = (0..<two.height).flatMap { y in (0..<two.width).map { two.pixel(x: $0, y: y).alpha } }.filter { $0 > 0 }
        let partial = inked.filter { $0 < 255 }.count
        #expect(partial < inked.count / 3, "mostly solid, anti-aliased only at edges: \(partial) of \(inked.count)")
    }

    @Test("a filled circle: solid inside, nothing at the corners, partial coverage on its edge")
    func circle() throws {
        let image = try render(Circle().fill(Color.red), size: CGSize(width: 100, height: 100))
        #expect(image.pixel(x: 50, y: 50) == (255, 59, 48, 255))
        #expect(image.pixel(x: 2, y: 2).alpha == 0)
        let edge = image.pixel(x: 50, y: 0).alpha
        #expect(edge > 0 && edge < 255, "the top edge pixel is partly covered: \(edge)")
        let ring = try render(Circle().stroke(Color.white, lineWidth: 10), size: CGSize(width: 100, height: 100))
        #expect(ring.pixel(x: 50, y: 50).alpha == 0 && ring.pixel(x: 50, y: 2).alpha == 255)
    }

    @Test("clipShape keeps a view inside the shape; a shape filled with a gradient shows the gradient inside it")
    func clipAndShaderFill() throws {
        let clipped = try render(Color.blue.clipShape(Circle()), size: CGSize(width: 100, height: 100))
        #expect(clipped.pixel(x: 50, y: 50).alpha == 255 && clipped.pixel(x: 3, y: 3).alpha == 0)
        let edge = clipped.pixel(x: 85, y: 85).alpha
        #expect(edge > 0 && edge < 255, "the clip's edge is anti-aliased: \(edge)")
        let gradient = Circle().fill(LinearGradient(colors: [.red, .blue], startPoint: .leading, endPoint: .trailing))
        let filled = try render(gradient, size: CGSize(width: 100, height: 100))
        let left = filled.pixel(x: 10, y: 50), right = filled.pixel(x: 90, y: 50)
        #expect(left.red > 180 && left.blue < 80, "\(left)")
        #expect(right.blue > 180 && right.red < 80, "\(right)")
        #expect(filled.pixel(x: 3, y: 3).alpha == 0)
    }

    @Test("opacity fades each part on its own; after compositingGroup the group fades as one picture")
    func groups() throws {
        func stack() -> some View {
            ZStack { Color.red.frame(width: 60, height: 60); Color.blue.frame(width: 30, height: 30) }
        }
        let each = try render(stack().opacity(0.5), size: CGSize(width: 60, height: 60))
        let group = try render(stack().compositingGroup().opacity(0.5), size: CGSize(width: 60, height: 60))
        let e = each.pixel(x: 30, y: 30), g = group.pixel(x: 30, y: 30)
        #expect(e.red > 40, "red shows through the faded blue: \(e)")
        #expect(g.red < 5 && g.blue > 100 && g.alpha > 120 && g.alpha < 135, "the group fades as one: \(g)")
    }

    @Test("visualEffect sees the view's size: an effect made from proxy.size")
    func visualEffect() throws {
        let view = Color.red.frame(width: 100, height: 50).visualEffect { content, proxy in
            content.colorEffect(ShaderLibrary.fade(.float(proxy.size.height / proxy.size.width)))
        }
        let image = try render(view)
        let a = Int(image.pixel(x: 50, y: 25).alpha)
        #expect(abs(a - 128) <= 1, "faded by 50/100: \(a)")
    }

    @Test("an effect over a stack draws the stack into a layer first: the distortion moves every part")
    func effectOverStack() throws {
        let stack = VStack(spacing: 0) { Color.red; Color.blue }.frame(width: 80, height: 80)
        let plain = try render(stack)
        let moved = try render(stack.distortionEffect(ShaderLibrary.wave(.boundingRect, .float(0.3), .float(10), .float(8)),
                                                      maxSampleOffset: CGSize(width: 8, height: 8)))
        #expect(plain.width == moved.width && plain.pixels != moved.pixels)
        #expect(moved.pixel(x: 40, y: 10).red > 200 && moved.pixel(x: 40, y: 70).blue > 200, "still red above, blue below")
    }
}
