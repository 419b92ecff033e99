import Foundation
import Glint
import GlintTestSupport
import Testing
import struct GlintCore.Point
import struct GlintCore.PointerEvent

/// SwiftUI's transitions: a view inserted or removed inside `withAnimation` moves from its
/// transition's insertion phase to identity, or from identity to its removal phase and then goes,
/// on the host's clock; drawn through `ImageRenderer` at chosen times, the expected pixels worked
/// out here from the animation's formula.
@Suite("Transitions", .serialized, .removesTemporaryFiles)
struct TransitionTests {
    /// A view that flips `shown` (from `initially`) when it first appears, inside
    /// `withAnimation(animation)`: the change starts at the time of the first frame.
    struct Flipping<Content: View>: View {
        let initially: Bool
        let animation: Animation?
        let content: (Bool) -> Content
        @State private var flipped = false
        var body: some View {
            content(initially != flipped).onAppear {
                withAnimation(animation) { flipped = true }
            }
        }
    }

    /// The date `seconds` after the reference date: `ImageRenderer` draws at that time.
    static func at(_ seconds: Double) -> Date { Date(timeIntervalSinceReferenceDate: seconds) }

    /// Renders `view` at each of `times` (the first frame at the first), returning each picture.
    static func frames<V: View>(_ view: V, at times: [Double]) throws -> [RenderedImage] {
        let renderer = ImageRenderer(content: view)
        return try times.map { t in
            renderer.date = at(t)
            return try renderer.render()
        }
    }

    /// The row of pixels `y` as the colour's channel at each x: which pixels the square covers.
    static func covered(_ image: RenderedImage, y: Int, channel: (RenderedImage, Int, Int) -> UInt8 = { $0.pixel(x: $1, y: $2).alpha })
        -> [Int] {
        (0..<image.width).filter { channel(image, $0, y) > 127 }
    }

    /// Records the phases a transition's body is made in.
    final class PhaseLog { var phases: [TransitionPhase] = [] }

    struct Probe: Transition {
        let log: PhaseLog
        func body(content: Content, phase: TransitionPhase) -> some View {
            log.phases.append(phase)
            return content.opacity(phase.isIdentity ? 1 : 0)
        }
    }

    @Test("TransitionPhase: −1, 0, 1; only .identity is identity; a body is made in .willAppear then .identity on an animated insertion, .didDisappear on removal, only .identity without animation")
    func phases() throws {
        #expect([TransitionPhase.willAppear, .identity, .didDisappear].map(\.value) == [-1, 0, 1])
        #expect([TransitionPhase.willAppear, .identity, .didDisappear].map(\.isIdentity) == [false, true, false])

        func run(initially: Bool, animation: Animation?) throws -> [[TransitionPhase]] {
            let log = PhaseLog()
            let view = Flipping(initially: initially, animation: animation) { shown in
                ZStack { if shown { Color.white.transition(Probe(log: log)) } }.frame(width: 4, height: 4)
            }
            let renderer = ImageRenderer(content: view)
            renderer.proposedSize = CGSize(width: 4, height: 4)  // (measuring would make the body too)
            var seen: [[TransitionPhase]] = []
            for t in [0.0, 0.5, 2] {
                log.phases.removeAll()
                renderer.date = Self.at(t)
                _ = try renderer.render()
                seen.append(log.phases)
            }
            return seen
        }
        #expect(try run(initially: false, animation: .linear(duration: 1)) == [[], [.willAppear, .identity], [.identity]])
        let removal = try run(initially: true, animation: .linear(duration: 1))
        #expect(removal == [[.identity], [.didDisappear], []],
                "the removed view is made again while its removal runs, and not after: \(removal)")
        #expect(try run(initially: false, animation: nil) == [[], [.identity], [.identity]])
        let bare = try run(initially: true, animation: nil)
        #expect(bare == [[.identity], [], []], "\(bare)")
    }

    @Test("an opacity insertion by .linear(duration: 1): a quarter opaque at 0.25 s, half at 0.5 s, whole at 1 s; without an animation whole at once")
    func opacityInsertion() throws {
        func alphas(_ animation: Animation?) throws -> [Int] {
            let view = Flipping(initially: false, animation: animation) { shown in
                ZStack { if shown { Color.white.transition(.opacity) } }.frame(width: 8, height: 8)
            }
            return try Self.frames(view, at: [10, 10.25, 10.5, 11, 12]).map { Int($0.pixel(x: 4, y: 4).alpha) }
        }
        let linear = try alphas(.linear(duration: 1))
        let expected = [0, 0.25, 0.5, 1, 1].map { Int(($0 * 255).rounded()) }
        #expect(zip(linear, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(linear) against \(expected)")
        #expect(try alphas(nil) == [0, 255, 255, 255, 255], "no transition runs without an animation")
    }

    @Test("a transition's own animation (.opacity.animation(.linear(duration: 1))) runs its insertion and its removal even when the change is not animated, and in place of the change's animation")
    func ownAnimation() throws {
        func alphas(_ animation: Animation?, initially: Bool) throws -> [Int] {
            let view = Flipping(initially: initially, animation: animation) { shown in
                ZStack { if shown { Color.white.transition(.opacity.animation(.linear(duration: 1))) } }.frame(width: 8, height: 8)
            }
            return try Self.frames(view, at: [10, 10.25, 10.5, 11, 12]).map { Int($0.pixel(x: 4, y: 4).alpha) }
        }
        let rising = [0, 0.25, 0.5, 1, 1].map { Int(($0 * 255).rounded()) }
        for (animation, name) in [(nil, "no animation"), (Animation.linear(duration: 4), "a 4 s change")] {
            let inserted = try alphas(animation, initially: false)
            #expect(zip(inserted, rising).allSatisfy { abs($0 - $1) <= 1 }, "inserted under \(name): \(inserted) against \(rising)")
            let removed = try alphas(animation, initially: true)
            let falling = rising.map { 255 - $0 }
            #expect(zip(removed, falling).allSatisfy { abs($0 - $1) <= 1 }, "removed under \(name): \(removed) against \(falling)")
        }
    }

    @Test("a ForEach row removed with .move(edge: .top) moves up by its height's fraction where it was, takes no room (the row after it slides over it at once), takes no presses, and goes at the end")
    func moveRemoval() throws {
        final class Taps { var count = 0 }
        let taps = Taps()
        struct Rows: View {
            let taps: Taps
            @State private var rows = [0, 1, 2]
            var body: some View {
                HStack(spacing: 0) {
                    ForEach(rows, id: \.self) { row in
                        [Color.red, Color.green, Color.blue][row].frame(width: 10, height: 20)
                            .onTapGesture { taps.count += 1 }
                            .transition(.move(edge: .top))
                    }
                }
                .frame(width: 30, height: 20, alignment: .leading)
                .onAppear { withAnimation(.linear(duration: 1)) { _ = rows.remove(at: 1) } }
            }
        }
        let images = try Self.frames(Rows(taps: taps), at: [0, 0.25, 0.5, 1, 2])
        let green = { (image: RenderedImage, x: Int, y: Int) in image.pixel(x: x, y: y).green }
        let blue = { (image: RenderedImage, x: Int, y: Int) in image.pixel(x: x, y: y).blue }
        // The green row's column (x 10 to 19, seen at 11, which blue does not reach by 0.5 s):
        // covered from the top down to 20·(1 − t); the blue row slides from x 20 to 10, over it.
        for (image, t) in zip(images[1...2], [0.25, 0.5]) {
            let bottom = Int((20 * (1 - t)).rounded())
            let column = (0..<20).filter { green(image, 11, $0) > 127 }
            #expect(column == Array(0..<bottom), "t \(t): \(column)")
            let left = 20 - 10 * t
            let blueColumns = Self.covered(image, y: 2, channel: blue)
            #expect(abs(Double(blueColumns.first ?? -1) - left) <= 0.5 && blueColumns.last == Int(left.rounded(.up)) + 9,
                    "the blue row slides over green's place at once: \(blueColumns) at t \(t)")
        }
        #expect(Self.covered(images[3], y: 10, channel: green) == [], "gone once its removal ends")
        #expect(Self.covered(images[3], y: 10, channel: blue) == Array(10..<20), "the blue row takes its place")

        // Mid-removal, a press on what shows of the green row reaches nothing.
        var resolved = ResolvedView()
        let size = CGSize(width: 30, height: 20)
        resolved.update(Rows(taps: taps), in: size, time: 0)
        resolved.update(Rows(taps: taps), in: size, time: 0.25)
        resolved.handle(PointerEvent(.down, Point(x: 15, y: 2), at: 0.25))
        resolved.handle(PointerEvent(.up, Point(x: 15, y: 2), at: 0.25))
        resolved.update(Rows(taps: taps), in: size, time: 0.3)
        #expect(taps.count == 0)
        resolved.handle(PointerEvent(.down, Point(x: 5, y: 2), at: 0.3))
        resolved.handle(PointerEvent(.up, Point(x: 5, y: 2), at: 0.3))
        resolved.update(Rows(taps: taps), in: size, time: 0.35)
        #expect(taps.count == 1, "the red row still takes presses")
    }

    @Test(".asymmetric(insertion: .opacity, removal: .move(edge: .trailing)): inserted it fades in where it is; removed it moves out opaque")
    func asymmetric() throws {
        let transition = AnyTransition.asymmetric(insertion: .opacity, removal: .move(edge: .trailing))
        func view(_ initially: Bool) -> some View {
            Flipping(initially: initially, animation: .linear(duration: 1)) { shown in
                ZStack { if shown { Color.white.frame(width: 20, height: 10).transition(transition) } }
                    .frame(width: 40, height: 10, alignment: .leading)
            }
        }
        let inserted = try Self.frames(view(false), at: [0, 0.5])[1]
        #expect(abs(Int(inserted.pixel(x: 10, y: 5).alpha) - 128) <= 1, "half faded in at 0.5 s")
        #expect(Self.covered(inserted, y: 5, channel: { $0.pixel(x: $1, y: $2).alpha > 0 ? UInt8(255) : 0 }) == Array(0..<20), "not moved")

        let removed = try Self.frames(view(true), at: [0, 0.25])[1]
        let shift = Int((20 * 0.25).rounded())
        #expect(Self.covered(removed, y: 5) == Array(shift..<(20 + shift)), "moved a quarter of its width right")
        #expect(removed.pixel(x: 10, y: 5).alpha == 255, "not faded")
    }

    @Test(".opacity.combined(with: .offset(x: 20)): half way in, half opaque and 10 points from its place")
    func combined() throws {
        let view = Flipping(initially: false, animation: .linear(duration: 1)) { shown in
            ZStack { if shown { Color.white.frame(width: 10, height: 10).transition(.opacity.combined(with: .offset(x: 20))) } }
                .frame(width: 40, height: 10, alignment: .leading)
        }
        let image = try Self.frames(view, at: [0, 0.5])[1]
        let drawn = (0..<40).filter { image.pixel(x: $0, y: 5).alpha > 0 }
        #expect(drawn == Array(10..<20), "\(drawn)")
        #expect(abs(Int(image.pixel(x: 15, y: 5).alpha) - 128) <= 1)
    }

    @Test("a removal under .animation(_:value:) on the container fades by that animation; withAnimation's completion waits for a removal to end")
    func removalByAnimationModifierAndCompletion() throws {
        final class Model { var shown = true }
        let model = Model()
        let faded = { ZStack { if model.shown { Color.white.transition(.opacity) } }
            .frame(width: 4, height: 4).animation(.linear(duration: 1), value: model.shown) }
        let renderer = ImageRenderer(content: faded())
        var alphas: [Int] = []
        for (t, shown) in [(0.0, true), (1.0, false), (1.25, false), (1.5, false), (2.0, false)] {
            model.shown = shown
            renderer.content = faded()
            renderer.date = Self.at(t)
            alphas.append(Int(try renderer.render().pixel(x: 2, y: 2).alpha))
        }
        // The change is seen by the frame at 1 s: from then, 1 − elapsed.
        let expected = [1, 1, 0.75, 0.5, 0].map { Int(($0 * 255).rounded()) }
        #expect(zip(alphas, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(alphas) against \(expected)")

        final class Log { var now = 0.0; var completions: [Double] = [] }
        let log = Log()
        struct Removing: View {
            let log: Log
            @State private var shown = true
            var body: some View {
                ZStack { if shown { Color.white.transition(.move(edge: .bottom)) } }
                    .frame(width: 4, height: 4)
                    .onAppear {
                        withAnimation(.linear(duration: 2)) { shown = false } completion: { log.completions.append(log.now) }
                    }
            }
        }
        var resolved = ResolvedView()
        for t in [0, 1, 1.99, 2, 3] {
            log.now = t
            resolved.update(Removing(log: log), in: CGSize(width: 4, height: 4), time: t)
        }
        #expect(log.completions == [2], "once, in the frame the removal ended")
    }

    @Test(".push(from: .trailing) comes in from the right fading in; .scale(scale: 0.5, anchor: .topLeading) grows from the top-left corner")
    func pushAndScale() throws {
        func inserted(_ transition: AnyTransition) throws -> RenderedImage {
            let view = Flipping(initially: false, animation: .linear(duration: 1)) { shown in
                ZStack { if shown { Color.white.frame(width: 20, height: 20).transition(transition) } }
                    .frame(width: 40, height: 20, alignment: .leading)
            }
            return try Self.frames(view, at: [0, 0.5])[1]
        }
        // Half way: moved half its width from the right, half opaque.
        let pushed = try inserted(.push(from: .trailing))
        let drawn = (0..<40).filter { pushed.pixel(x: $0, y: 10).alpha > 0 }
        #expect(drawn == Array(10..<30), "\(drawn)")
        #expect(abs(Int(pushed.pixel(x: 20, y: 10).alpha) - 128) <= 1)
        // Half way from 0.5 to 1: 0.75 of its size, from its top-left corner.
        let scaled = try inserted(.scale(scale: 0.5, anchor: .topLeading))
        let side = Int(20 * 0.75)
        #expect(Self.covered(scaled, y: 1) == Array(0..<side), "\(Self.covered(scaled, y: 1))")
        #expect((0..<20).filter { scaled.pixel(x: 1, y: $0).alpha > 127 } == Array(0..<side))
    }

    @Test("if/else switched inside withAnimation: the old branch fades out under the new one fading in, both half way at 0.5 s")
    func branchesCrossFade() throws {
        let view = Flipping(initially: true, animation: .linear(duration: 1)) { first in
            ZStack {
                if first { Color(red: 1, green: 0, blue: 0).transition(.opacity) } else { Color(red: 0, green: 0, blue: 1).transition(.opacity) }
            }
            .frame(width: 4, height: 4)
        }
        let p = try Self.frames(view, at: [0, 0.5])[1].pixel(x: 2, y: 2)
        // Blue at half over red at half (premultiplied): red 0.5 · (1 − 0.5), blue 0.5, alpha 0.5 + 0.5 · 0.5.
        let expected = [0.25, 0.5, 0.75].map { $0 * 255 }
        let got = [Double(p.red), Double(p.blue), Double(p.alpha)]
        #expect(zip(got, expected).allSatisfy { abs($0 - $1) <= 1.5 }, "\(got) against \(expected)")
    }

    /// A transition of its own: a colour effect whose argument is how far the view is from shown.
    struct Dimming: Transition {
        let library: ShaderLibrary
        func body(content: Content, phase: TransitionPhase) -> some View {
            content.colorEffect(library.level(.float(Float(1 - abs(phase.value)))))
        }
    }

    @Test("a Transition of its own as a shader: the argument from phase.value moves from 0 at .willAppear to 1 at .identity")
    func customShaderTransition() throws {
        let folder = URL(fileURLWithPath: try TemporaryFiles.folder("glint-transition"))
        // Grey of the level given.
        try "vec4 level(vec2 position, vec4 color, float amount) { return vec4(vec3(amount), 1.0); }"
            .write(to: folder.appendingPathComponent("level.frag"), atomically: true, encoding: .utf8)
        let library = ShaderLibrary(url: folder)
        let view = Flipping(initially: false, animation: .easeInOut(duration: 2)) { shown in
            ZStack { if shown { Color.white.transition(Dimming(library: library)) } }.frame(width: 4, height: 4)
        }
        // easeInOut is the Bézier (0.42, 0, 0.58, 1): its y at a quarter of its time, by bisection.
        func bezier(_ x: Double) -> Double {
            func b(_ s: Double, _ p1: Double, _ p2: Double) -> Double { 3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s }
            var (lo, hi) = (0.0, 1.0)
            for _ in 0..<100 { let mid = (lo + hi) / 2; if b(mid, 0.42, 0.58) < x { lo = mid } else { hi = mid } }
            return b(lo, 0, 1)
        }
        let levels = try Self.frames(view, at: [5, 5.5, 6, 8]).map { Double($0.pixel(x: 2, y: 2).red) }
        let expected = [0, bezier(0.25) * 255, 127.5, 255]
        #expect(abs(levels[1] - expected[1]) <= 1 && abs(levels[2] - expected[2]) <= 1 && levels[3] == 255,
                "\(levels) against \(expected)")
        #expect(levels[0] == 0, "nothing shown before the insertion")
    }
}
