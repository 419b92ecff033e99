import Foundation
import Glint
import Testing
import struct GlintCore.Point
import struct GlintCore.PointerEvent

/// `.rotationEffect`, `.scaleEffect` and `.zIndex`: drawn through `ImageRenderer` with the
/// corners worked out here, hit through their transforms, and animated.
@Suite("Transforms", .serialized)
struct TransformTests {
    /// Whether the pixel at a point (in an 80 × 80 picture at scale 1) is the red of `Color.red`.
    static func isRed(_ image: RenderedImage, _ x: Double, _ y: Double) -> Bool {
        let p = image.pixel(x: Int(x), y: Int(y))
        return p.red > 200 && p.green < 100 && p.alpha > 200
    }

    static func isClear(_ image: RenderedImage, _ x: Double, _ y: Double) -> Bool {
        image.pixel(x: Int(x), y: Int(y)).alpha < 30
    }

    @Test("a rectangle turned about its centre has its corners where the rotation puts them", arguments: [30.0, -120.0])
    func rotatedCorners(degrees: Double) throws {
        let view = Color.red.frame(width: 40, height: 20).rotationEffect(.degrees(degrees)).frame(width: 80, height: 80)
        let image = try ImageRenderer(content: view).render()
        let (c, s) = (cos(degrees * .pi / 180), sin(degrees * .pi / 180))
        for (hx, hy) in [(20.0, 10.0), (-20, 10), (20, -10), (-20, -10)] {
            // The corner, turned clockwise on screen (y down) about the centre (40, 40).
            let x = 40 + c * hx - s * hy, y = 40 + s * hx + c * hy
            let length = (x - 40) * (x - 40) + (y - 40) * (y - 40)
            let (ux, uy) = ((x - 40) / length.squareRoot(), (y - 40) / length.squareRoot())
            #expect(Self.isRed(image, x - 5 * ux, y - 5 * uy), "just inside the corner at (\(x), \(y))")
            #expect(Self.isClear(image, x + 5 * ux, y + 5 * uy), "just outside the corner at (\(x), \(y))")
        }
    }

    @Test("transformEffect maps the view through a CGAffineTransform in its own points (a translation, a shear), drawn and hit where it is drawn")
    func transformEffect() throws {
        // A 20x40 red rect at (10, 10), sheared: x' = x + y/2 in its own points, then moved 4 down.
        var tapped: [CGPoint] = []
        let shear = CGAffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 4)
        let view = Color.red.frame(width: 20, height: 40)
            .onTapGesture { tapped.append($0) }
            .transformEffect(shear)
            .padding(10)
            .frame(width: 80, height: 80, alignment: .topLeading)
        let image = try ImageRenderer(content: view).render()
        // Own point (x, y) is drawn at (10 + x + y/2, 10 + y + 4).
        for (x, y) in [(2.0, 2.0), (18, 2), (2, 38), (18, 38), (10, 20)] {
            #expect(Self.isRed(image, 10 + x + y / 2, 14 + y), "own point (\(x), \(y)) drawn")
        }
        #expect(Self.isClear(image, 12, 50), "left of the sheared bottom: the unsheared rect's place is empty")
        #expect(Self.isClear(image, 12, 11), "above the moved top")
        var resolved = ResolvedView()
        resolved.update(view, in: CGSize(width: 80, height: 80))
        resolved.handle(PointerEvent(.down, Point(x: 10 + 5 + 15, y: 14 + 30), at: 0))
        resolved.handle(PointerEvent(.up, Point(x: 10 + 5 + 15, y: 14 + 30), at: 0.05))
        #expect(tapped == [CGPoint(x: 5, y: 30)], "the press lands on own point (5, 30)")
        resolved.handle(PointerEvent(.down, Point(x: 12, y: 50), at: 1))
        resolved.handle(PointerEvent(.up, Point(x: 12, y: 50), at: 1.05))
        #expect(tapped.count == 1, "beside the drawn rect nothing is hit")
    }

    @Test("rotation3DEffect about the y axis: the square's corners where the turn and the perspective put them (the nearer edge taller), and a press lands where it is drawn")
    func rotation3D() throws {
        var tapped: [CGPoint] = []
        let view = Color.red.frame(width: 40, height: 40)
            .onTapGesture { tapped.append($0) }
            .rotation3DEffect(.degrees(60), axis: (x: 0, y: 1, z: 0))
            .frame(width: 100, height: 100)
        let image = try ImageRenderer(content: view).render()
        // About y: a point (u, v) from the centre turns to (cos·u, v, −sin·u); the eye is 40 points
        // (the longer side) in front, so it is drawn at the centre + (cos·u, v) / (1 + sin·u / 40).
        let (c, s) = (cos(Double.pi / 3), sin(Double.pi / 3))
        func drawn(_ u: Double, _ v: Double) -> (Double, Double) {
            let w = 1 + s * u / 40
            return (50 + c * u / w, 50 + v / w)
        }
        for (u, v) in [(17.0, 17.0), (-17, 17), (17, -17), (-17, -17), (0, 0)] {
            let (x, y) = drawn(u, v)
            #expect(Self.isRed(image, x, y), "own point (\(u), \(v)) drawn at (\(x), \(y))")
        }
        for (u, v) in [(24.0, 0.0), (-24, 0), (15, 24), (-15, -24)] {
            let (x, y) = drawn(u, v)
            #expect(Self.isClear(image, x, y), "own point (\(u), \(v)), outside the square, clear at (\(x), \(y))")
        }
        let (near, far) = (drawn(-20, 20).1 - drawn(-20, -20).1, drawn(20, 20).1 - drawn(20, -20).1)
        #expect(near > 2 * far, "the edge turned towards the eye is taller: \(near) against \(far)")
        var resolved = ResolvedView()
        resolved.update(view, in: CGSize(width: 100, height: 100))
        let (px, py) = drawn(-10, 15)
        resolved.handle(PointerEvent(.down, Point(x: px, y: py), at: 0))
        resolved.handle(PointerEvent(.up, Point(x: px, y: py), at: 0.05))
        #expect(tapped.count == 1 && abs(tapped[0].x - 10) < 0.01 && abs(tapped[0].y - 35) < 0.01, "own point (10, 35) of the 40-point square: \(tapped)")
    }

    @Test("a rotation inside a scale is drawn whole: a 40x10 bar turned upright and doubled covers 20x80 about its centre, not only its laid-out rect")
    func nestedTransforms() throws {
        let view = Color.red.frame(width: 40, height: 10).rotationEffect(.degrees(90)).scaleEffect(2).frame(width: 80, height: 100)
        let image = try ImageRenderer(content: view).render()
        // Centre (40, 50): drawn over x 30…50, y 10…90.
        for y in [14.0, 30, 50, 70, 86] { #expect(Self.isRed(image, 40, y), "the bar at (40, \(y))") }
        #expect(Self.isClear(image, 40, 6) && Self.isClear(image, 40, 94) && Self.isClear(image, 26, 50) && Self.isClear(image, 54, 50))
    }

    @Test("scaleEffect(2, anchor: .topLeading) grows a square from its top-left corner")
    func scaleAboutAnchor() throws {
        let view = Color.red.frame(width: 20, height: 20).scaleEffect(2, anchor: .topLeading)
            .frame(width: 80, height: 80, alignment: .topLeading).offset(x: 10, y: 10)
        let image = try ImageRenderer(content: view).render()
        #expect(Self.isRed(image, 11, 11) && Self.isRed(image, 48, 48))
        #expect(Self.isClear(image, 52, 30) && Self.isClear(image, 30, 52) && Self.isClear(image, 8, 8))
        let squeezed = Color.red.frame(width: 40, height: 40).scaleEffect(CGSize(width: 0.5, height: 1)).frame(width: 80, height: 80)
        let thin = try ImageRenderer(content: squeezed).render()
        #expect(Self.isRed(thin, 31, 21) && Self.isRed(thin, 48, 58) && Self.isClear(thin, 25, 40) && Self.isClear(thin, 55, 40))
    }

    @Test("zIndex draws a view over the siblings after it")
    func zIndexOrder() throws {
        let raised = ZStack { Color.red.zIndex(1); Color.blue }.frame(width: 8, height: 8)
        #expect(Self.isRed(try ImageRenderer(content: raised).render(), 4, 4))
        let plain = ZStack { Color.red; Color.blue }.frame(width: 8, height: 8)
        #expect(!Self.isRed(try ImageRenderer(content: plain).render(), 4, 4))
    }

    @Test("a press lands on a turned view where it is drawn, not where it was laid out")
    func hitThroughRotation() {
        final class Taps { var count = 0 }
        let taps = Taps()
        let view = Color.red.frame(width: 60, height: 10).onTapGesture { taps.count += 1 }
            .rotationEffect(.degrees(90)).frame(width: 80, height: 80)
        var resolved = ResolvedView()
        resolved.update(view, in: CGSize(width: 80, height: 80))
        func tap(_ x: Double, _ y: Double) {
            resolved.handle(PointerEvent(.down, Point(x: x, y: y), at: 0))
            resolved.handle(PointerEvent(.up, Point(x: x, y: y), at: 0))
        }
        tap(15, 40)
        #expect(taps.count == 0, "where the bar was laid out, across")
        tap(40, 15)
        #expect(taps.count == 1, "where it is drawn, upright")

        final class Drags { var locations: [CGPoint] = [] }
        let drags = Drags()
        let dragged = Color.red.frame(width: 60, height: 10)
            .gesture(DragGesture(minimumDistance: 0).onChanged { drags.locations.append($0.location) })
            .rotationEffect(.degrees(90)).frame(width: 80, height: 80)
        var other = ResolvedView()
        other.update(dragged, in: CGSize(width: 80, height: 80))
        other.handle(PointerEvent(.down, Point(x: 40, y: 15), at: 0))
        other.handle(PointerEvent(.move, Point(x: 40, y: 25), at: 0.1))
        // Turned back by 90° about the centre (40, 40), (40, 15) is (15, 40): 5 points into the bar
        // laid out at (10, 35); 10 points further down the screen is 10 points further along it.
        let expected = [CGPoint(x: 5, y: 5), CGPoint(x: 15, y: 5)]
        #expect(drags.locations.count == 2 && zip(drags.locations, expected).allSatisfy { abs($0.x - $1.x) < 1e-9 && abs($0.y - $1.y) < 1e-9 },
                "\(drags.locations)")
    }

    /// A bar turned to 45° when it appears, linearly over a second.
    struct Turning: View {
        @State private var turned = false
        var body: some View {
            Color.red.frame(width: 60, height: 10).rotationEffect(.degrees(turned ? 90 : 0)).frame(width: 80, height: 80)
                .onAppear { withAnimation(.linear(duration: 1)) { turned = true } }
        }
    }

    @Test("an animated rotation is half way after half its time")
    func animatedRotation() throws {
        let renderer = ImageRenderer(content: Turning())
        renderer.date = Date(timeIntervalSinceReferenceDate: 50)
        let start = try renderer.render()
        #expect(Self.isRed(start, 62, 40) && Self.isClear(start, 56, 56))
        renderer.date = Date(timeIntervalSinceReferenceDate: 50.5)
        let half = try renderer.render()
        #expect(Self.isRed(half, 56, 56) && Self.isClear(half, 62, 40) && Self.isClear(half, 40, 62), "at 45°")
    }
}

/// A custom `Shape` with `animatableData`, as SwiftUI's `Animatable` shapes.
@Suite("Animatable shapes", .serialized)
struct AnimatableShapeTests {
    /// A bar filling `fraction` of its rect from the left.
    struct Bar: Shape {
        var fraction: Double
        var animatableData: Double {
            get { fraction }
            set { fraction = newValue }
        }
        func path(in rect: CGRect) -> Path {
            var path = Path()
            path.addRect(CGRect(x: 0, y: 0, width: rect.width * fraction, height: rect.height))
            return path
        }
    }

    struct Growing: View {
        @State private var full = false
        var body: some View {
            Bar(fraction: full ? 1 : 0.2).fill(Color.red).frame(width: 100, height: 10)
                .onAppear { withAnimation(.linear(duration: 2)) { full = true } }
        }
    }

    @Test("a shape's animatableData moves: a bar from 20 % to 100 % is at 60 % half way")
    func barHalfWay() throws {
        let renderer = ImageRenderer(content: Growing())
        renderer.date = Date(timeIntervalSinceReferenceDate: 30)
        let start = try renderer.render()
        #expect(TransformTests.isRed(start, 18, 5) && TransformTests.isClear(start, 22, 5))
        renderer.date = Date(timeIntervalSinceReferenceDate: 31)
        let half = try renderer.render()
        #expect(TransformTests.isRed(half, 58, 5) && TransformTests.isClear(half, 62, 5), "the bar ends at 60 points")
    }
}
