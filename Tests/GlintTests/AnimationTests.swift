import Foundation
import Glint
import GlintTestSupport
import Testing
import struct GlintCore.Point
import struct GlintCore.PointerEvent

/// SwiftUI's animations on views: `withAnimation` and `.animation(_:value:)` moving opacity,
/// offsets, frames and shader arguments on the host's clock, drawn through `ImageRenderer` at
/// chosen times (and laid out through `ResolvedView` where only positions matter), with the
/// expected values worked out here.
@Suite("Animation on views", .serialized, .removesTemporaryFiles)
struct AnimationViewTests {
    /// A view that turns `on` when it first appears, inside `withAnimation(animation)`, and
    /// records when its completion ran.
    final class Log { var completions: [Double] = []; var now = 0.0 }

    struct Appearing<Content: View>: View {
        let animation: Animation?
        let log: Log
        var criteria = AnimationCompletionCriteria.logicallyComplete
        let content: (Bool) -> Content
        @State private var on = false
        var body: some View {
            content(on).onAppear {
                let log = self.log
                withAnimation(animation, completionCriteria: criteria) { on = true } completion: {
                    log.completions.append(log.now)
                }
            }
        }
    }

    /// The date `seconds` after the reference date: `ImageRenderer` draws at that time.
    static func at(_ seconds: Double) -> Date { Date(timeIntervalSinceReferenceDate: seconds) }

    @Test("withAnimation(.linear(duration: 1)) moves an opacity: a quarter at 0.25 s, half at 0.5 s, whole after; the completion runs once, at 1 s")
    func opacityMidFlight() throws {
        let log = Log()
        let view = Appearing(animation: .linear(duration: 1), log: log) { on in
            Color.white.opacity(on ? 1 : 0).frame(width: 8, height: 8)
        }
        let renderer = ImageRenderer(content: view)
        renderer.backdrop = .black
        var grey: [Int] = []
        for t in [100.0, 100.25, 100.5, 100.75, 100.999, 101.0, 101.5, 103] {
            log.now = t
            renderer.date = Self.at(t)
            grey.append(Int(try renderer.render().pixel(x: 4, y: 4).red))
        }
        let expected = [0, 64, 128, 191, 255, 255, 255, 255]
        #expect(zip(grey, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(grey)")
        #expect(log.completions == [101.0], "once, in the frame the animation ended")
    }

    @Test("an animated shader float argument draws the intermediate picture")
    func shaderArgument() throws {
        let folder = URL(fileURLWithPath: try TemporaryFiles.folder("glint-animation"))
        // Test colour effect: grey of the level given.
        try "vec4 level(vec2 position, vec4 color, float amount) { return vec4(vec3(amount), 1.0); }"
            .write(to: folder.appendingPathComponent("level.frag"), atomically: true, encoding: .utf8)
        let library = ShaderLibrary(url: folder)
        let log = Log()
        let view = Appearing(animation: .easeInOut(duration: 2), log: log) { on in
            Rectangle().colorEffect(library.level(.float(on ? 1 : 0))).frame(width: 4, height: 4)
        }
        let renderer = ImageRenderer(content: view)
        // easeInOut is the Bézier (0.42, 0, 0.58, 1): at half its time it is half way, and at a
        // quarter of it, where the curve's y is worked out here by bisection on its parameter.
        func bezier(_ x: Double) -> Double {
            func b(_ s: Double, _ p1: Double, _ p2: Double) -> Double { 3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s }
            var (lo, hi) = (0.0, 1.0)
            for _ in 0..<100 { let mid = (lo + hi) / 2; if b(mid, 0.42, 0.58) < x { lo = mid } else { hi = mid } }
            return b(lo, 0, 1)
        }
        var levels: [Double] = []
        for t in [10.0, 10.5, 11.0, 13.0] {
            renderer.date = Self.at(t)
            levels.append(Double(try renderer.render().pixel(x: 2, y: 2).red))
        }
        let expected = [0, bezier(0.25) * 255, 127.5, 255]
        #expect(zip(levels, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(levels) against \(expected)")
        #expect(levels[1] > 5 && levels[1] < 120, "mid-flight, not at either end")
    }

    @Test("a colour change moves through linear light: half way is the sRGB encoding of the mean of the decoded channels")
    func colourInLinearLight() throws {
        let log = Log()
        let view = Appearing(animation: .linear(duration: 1), log: log) { on in
            (on ? Color(red: 0, green: 0, blue: 1) : Color(red: 1, green: 0.2, blue: 0)).frame(width: 4, height: 4)
        }
        let renderer = ImageRenderer(content: view)
        renderer.date = Self.at(20)
        _ = try renderer.render()
        renderer.date = Self.at(20.5)
        let p = try renderer.render().pixel(x: 2, y: 2)
        func decode(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        func encode(_ c: Double) -> Double { c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055 }
        let expected = [(1.0, 0.0), (0.2, 0.0), (0.0, 1.0)].map { encode((decode($0.0) + decode($0.1)) / 2) * 255 }
        let got = [Double(p.red), Double(p.green), Double(p.blue)]
        #expect(zip(got, expected).allSatisfy { abs($0 - $1) <= 1.5 }, "\(got) against \(expected)")
        #expect(got[0] > 150, "lighter than the encoded numbers' mean (127.5)")
    }

    @Test("a spring's completion: .logicallyComplete after its duration, .removed once settled; repeatForever never completes")
    func completionCriteria() {
        let spring = Spring(duration: 0.5, bounce: 0)
        let size = CGSize(width: 100, height: 10)
        func run(_ animation: Animation, _ criteria: AnimationCompletionCriteria, times: [Double]) -> [Double] {
            let log = Log()
            let view = Appearing(animation: animation, log: log, criteria: criteria) { on in Self.square(at: on ? 50 : 0) }
            var resolved = ResolvedView()
            for t in times {
                log.now = t
                resolved.update(view, in: size, time: t)
            }
            return log.completions
        }
        let settling = spring.settlingDuration
        #expect(settling > 0.6 && settling < 1, "\(settling)")
        let times = [0, 0.25, 0.49, 0.5, settling - 0.01, settling, 2]
        #expect(run(.spring(spring), .logicallyComplete, times: times) == [0.5])
        #expect(run(.spring(spring), .removed, times: times) == [settling])
        #expect(run(.linear(duration: 1).repeatForever(autoreverses: true), .removed, times: [0, 1, 10, 100]) == [])

        let log = Log()
        let pulsing = Appearing(animation: .linear(duration: 1).repeatForever(autoreverses: true), log: log) { on in
            Self.square(at: on ? 40 : 0)
        }
        var resolved = ResolvedView()
        var shown: [Double] = []
        for t in [0, 0.25, 1.25, 2.5, 7.75] {
            resolved.update(pulsing, in: size, time: t)
            shown.append(resolved.graph.viewRect.minX)
        }
        #expect(shown == [0, 10, 30, 20, 10], "there and back: \(shown)")
    }

    /// A red square 10 points wide in a 100-point row, at `x`.
    static func square(at x: CGFloat) -> some View {
        Color.red.frame(width: 10, height: 10).offset(x: x).frame(width: 100, height: 10, alignment: .leading)
    }

    @Test("a spring offset is where the closed form puts it; a frame's size moves too")
    func springOffset() {
        let log = Log()
        let view = Appearing(animation: .spring(duration: 0.5, bounce: 0), log: log) { on in Self.square(at: on ? 50 : 0) }
        var resolved = ResolvedView()
        let size = CGSize(width: 100, height: 10)
        resolved.update(view, in: size, time: 0)
        #expect(resolved.graph.viewRect.minX == 0)
        let w = 4 * Double.pi  // 2π / 0.5 s, critically damped
        for t in [0.05, 0.1, 0.3] {
            resolved.update(view, in: size, time: t)
            let expected = 50 * (1 - (1 + w * t) * exp(-w * t))
            #expect(abs(resolved.graph.viewRect.minX - expected) < 0.51, "t \(t): \(resolved.graph.viewRect.minX) against \(expected)")
        }
        let grow = Appearing(animation: .linear(duration: 1), log: log) { on in
            Color.red.frame(width: on ? 60 : 20, height: 10).frame(width: 100, height: 10, alignment: .leading)
        }
        var growing = ResolvedView()
        growing.update(grow, in: size, time: 5)
        growing.update(grow, in: size, time: 5.25)
        #expect(growing.graph.viewRect.width == 30)
    }

    @Test(".animation(_:value:) animates the changes where its value changed; .transaction can take the animation away")
    func animationModifier() {
        final class Model { var x: CGFloat = 0 }
        let model = Model()
        var resolved = ResolvedView()
        let size = CGSize(width: 100, height: 10)
        let animated = { Self.square(at: model.x).animation(.linear(duration: 1), value: model.x) }
        resolved.update(animated(), in: size, time: 0)
        model.x = 40
        resolved.update(animated(), in: size, time: 1)
        resolved.update(animated(), in: size, time: 1.5)
        #expect(resolved.graph.viewRect.minX == 20, "half way, half a second after the frame that saw the change")
        resolved.update(animated(), in: size, time: 2)
        #expect(resolved.graph.viewRect.minX == 40)

        let bare = { Self.square(at: model.x).transaction { $0.animation = nil }.animation(.linear(duration: 1), value: model.x) }
        var plain = ResolvedView()
        plain.update(bare(), in: size, time: 0)
        model.x = 0
        plain.update(bare(), in: size, time: 1)
        plain.update(bare(), in: size, time: 1.5)
        #expect(plain.graph.viewRect.minX == 0, "no animation inside .transaction { $0.animation = nil }")
    }

    /// The square, moved to 80 and back by taps, each inside `withAnimation(.spring(duration: 0.5))`.
    struct Toggler: View {
        @State private var on = false
        var body: some View {
            AnimationViewTests.square(at: on ? 80 : 0).onTapGesture {
                withAnimation(.spring(duration: 0.5, bounce: 0)) { on.toggle() }
            }
        }
    }

    /// The square moved to 80 by a tap, under `.animation(.linear(duration: 1), value:)`; the tap
    /// changes it inside `withTransaction(\.disablesAnimations, true)` when `disables`.
    struct Implicit: View {
        let disables: Bool
        @State private var on = false
        var body: some View {
            AnimationViewTests.square(at: on ? 80 : 0)
                .animation(.linear(duration: 1), value: on)
                .onTapGesture {
                    if disables { withTransaction(\.disablesAnimations, true) { on = true } } else { on = true }
                }
        }
    }

    @Test("withTransaction(\\.disablesAnimations, true) keeps .animation(_:value:) from animating the change", arguments: [false, true])
    func disablesAnimations(disables: Bool) {
        let size = CGSize(width: 100, height: 10)
        var resolved = ResolvedView()
        resolved.update(Implicit(disables: disables), in: size, time: 0)
        resolved.handle(PointerEvent(.down, Point(x: 50, y: 5), at: 0.1))
        resolved.handle(PointerEvent(.up, Point(x: 50, y: 5), at: 0.1))
        resolved.update(Implicit(disables: disables), in: size, time: 0.2)
        resolved.update(Implicit(disables: disables), in: size, time: 0.7)
        #expect(resolved.graph.viewRect.minX == (disables ? 80 : 40))
    }

    @Test("a change interrupted by another spring keeps moving as it was, from where it was, from the tap's time")
    func interruptedOnViews() {
        let size = CGSize(width: 100, height: 10)
        var resolved = ResolvedView()
        func tap(at time: Double) {
            resolved.handle(PointerEvent(.down, Point(x: 50, y: 5), at: time))
            resolved.handle(PointerEvent(.up, Point(x: 50, y: 5), at: time))
        }
        resolved.update(Toggler(), in: size, time: 0)
        tap(at: 0.05)
        resolved.update(Toggler(), in: size, time: 1.0 / 15)
        let w = 4 * Double.pi
        let t = 1.0 / 15 - 0.05
        #expect(abs(resolved.graph.viewRect.minX - 80 * (1 - (1 + w * t) * exp(-w * t))) < 0.51, "moving since the tap, not the frame")
        resolved.update(Toggler(), in: size, time: 0.15)
        let there = resolved.graph.viewRect.minX
        tap(at: 0.15)
        resolved.update(Toggler(), in: size, time: 0.15)
        #expect(resolved.graph.viewRect.minX == there, "no jump when the target turns back")
        resolved.update(Toggler(), in: size, time: 0.17)
        #expect(resolved.graph.viewRect.minX > there, "still moving right for a moment")
        resolved.update(Toggler(), in: size, time: 3)
        #expect(resolved.graph.viewRect.minX == 0)
    }
}

/// Views and modifiers of your own that are `Animatable`, as SwiftUI's `Animatable` views and
/// `AnimatableModifier`s: their `animatableData` moves, so what their body makes of it does.
@Suite("Animatable views and modifiers")
struct AnimatableViewTests {
    /// Pads its content by `inset` on the leading side (padding itself does not animate).
    struct Inset: ViewModifier, Animatable {
        var inset: Double
        var animatableData: Double {
            get { inset }
            set { inset = newValue }
        }
        func body(content: Content) -> some View { content.padding(.leading, CGFloat(inset)) }
    }

    /// A square padded by `inset`, as a view.
    struct Padded: View, Animatable {
        var inset: Double
        var animatableData: Double {
            get { inset }
            set { inset = newValue }
        }
        var body: some View { Color.red.frame(width: 10, height: 10).padding(.leading, CGFloat(inset)) }
    }

    struct Moving: View {
        let asView: Bool
        @State private var far = false
        var body: some View {
            Group {
                if asView {
                    Padded(inset: far ? 40 : 0)
                } else {
                    Color.red.frame(width: 10, height: 10).modifier(Inset(inset: far ? 40 : 0))
                }
            }
            .frame(width: 100, height: 10, alignment: .leading)
            .onAppear { withAnimation(.linear(duration: 1)) { far = true } }
        }
    }

    @Test("an Animatable modifier's and view's data are half way after half the time", arguments: [false, true])
    func halfWay(asView: Bool) {
        var resolved = ResolvedView()
        let size = CGSize(width: 100, height: 10)
        resolved.update(Moving(asView: asView), in: size, time: 0)
        resolved.update(Moving(asView: asView), in: size, time: 0.5)
        #expect(resolved.graph.viewRect.minX == 20)
        resolved.update(Moving(asView: asView), in: size, time: 1)
        #expect(resolved.graph.viewRect.minX == 40)
    }
}
