import ArgumentParser
import CAllocCounter
@preconcurrency import CEpoxy
import Foundation
import Glint
import GlintControls
import class GlintCore.HarmonicEffect
import protocol GlintCore.Effect
import struct GlintRender.Framebuffer

/// `glint bench --api` and `--view NAME`: views written with the Glint library as a user would,
/// rebuilt from scratch every frame (SwiftUI's `body` re-evaluated), laid out, resolved and drawn
/// by the library's `ViewRenderer`. Allocations are counted in two parts: building the view value
/// (what a call like `ShaderLibrary.wave(…)` makes, in the caller's code, as in SwiftUI), and
/// everything Glint does with it (making the tree, layout, state, drawing).
final class APIBench {
    /// The views benched.
    enum Kind: String, CaseIterable, ExpressibleByArgument {
        /// `EffectView(harmonic).distortionEffect(wave…).layerEffect(blur…)` (`--api`).
        case chain
        /// The harmonic shader alone, filling the view: what `ui` is compared with.
        case shader
        /// The harmonic shader behind a `VStack` of three `Text`s and an `Image`.
        case ui
        /// `ui` plus shapes (a stroked circle, a rounded rectangle, a trimmed capsule) and two
        /// sliders bound to state.
        case controls
        /// The harmonic glow with its controls docked beside it: `EffectControls` in a
        /// `ControlsDock`, the library's form of the window's panel.
        case panel
        /// Twenty views animating for ever (`repeatForever` rotation, scale, opacity and offset).
        case motion
        /// A `Canvas` of 500 paths (filled and stroked) redrawn every frame.
        case canvas
        /// The harmonic glow under `.blur(radius: 8)`.
        case blur
        /// The harmonic glow under the built-in blur as a layer effect, radius 8: what `blur` is
        /// compared with.
        case builtinBlur = "builtin-blur"

        var title: String {
            switch self {
            case .chain: return "harmonic,wave,blur as a Glint view rebuilt every frame (--api)"
            case .shader: return "the harmonic shader alone as a Glint view (--view shader)"
            case .ui: return "harmonic behind a VStack of 3 Texts and an Image (--view ui)"
            case .controls: return "--view ui with 3 shapes and 2 sliders bound to @State (--view controls)"
            case .panel: return "harmonic with EffectControls docked beside it in a ControlsDock (--view panel)"
            case .motion: return "20 views animating for ever: rotation, scale, opacity, offset (--view motion)"
            case .canvas: return "a Canvas of 500 paths, filled and stroked, redrawn every frame (--view canvas)"
            case .blur: return "harmonic under .blur(radius: 8) (--view blur)"
            case .builtinBlur: return "harmonic under the built-in blur layer effect, radius 8 (--view builtin-blur)"
            }
        }
    }

    private let kind: Kind
    private let harmonic = HarmonicEffect()
    /// The effects the panel controls, listed once, as an app keeps its chain.
    private lazy var effects: [any Effect] = [harmonic]
    private let renderer: ViewRenderer
    private var resolved = ResolvedView()
    private let size: CGSize
    private let scale: CGFloat
    private let picture: Image
    /// The models the motion and canvas views draw, kept by the app as its models are.
    private let motion = BenchMotionModel()
    private let canvas = BenchCanvasScene()

    init(_ kind: Kind, width: Double, height: Double, scale: Double) throws {
        self.kind = kind
        renderer = try ViewRenderer()
        size = CGSize(width: width, height: height)
        self.scale = CGFloat(scale)
        // A 64x64 picture made once, as an app loads its images once.
        var pixels = [UInt8](repeating: 255, count: 64 * 64 * 4)
        for i in 0..<64 * 64 { pixels[i * 4] = UInt8(i % 64 * 4); pixels[i * 4 + 1] = UInt8(i / 64 * 4) }
        picture = Image(pixels: pixels, width: 64, height: 64)
    }

    /// The view for the bench's kind at `time` seconds, built afresh.
    private func view(time: Double) -> some View {
        ZStack {
            switch kind {
            case .chain:
                EffectView(harmonic)
                    .distortionEffect(ShaderLibrary.wave(.boundingRect, .float(time), .float(12), .float(6)),
                                      maxSampleOffset: CGSize(width: 6, height: 6))
                    .layerEffect(ShaderLibrary.blur(.float(8)), maxSampleOffset: CGSize(width: 8, height: 8))
            case .shader:
                EffectView(harmonic)
            case .ui:
                EffectView(harmonic)
                BenchCaption(picture: picture)
            case .controls:
                EffectView(harmonic)
                BenchPanel(picture: picture, time: time)
            case .panel:
                ControlsDock(effects: effects) { EffectView(harmonic) }
            case .motion:
                Color.black
                BenchMotion(model: motion)
            case .canvas:
                Color.black
                BenchCanvas(scene: canvas.at(time))
            case .blur:
                EffectView(harmonic).blur(radius: 8)
            case .builtinBlur:
                EffectView(harmonic).layerEffect(ShaderLibrary.blur(.float(8)), maxSampleOffset: CGSize(width: 8, height: 8))
            }
        }
    }

    /// Advances the effect by `dt`, builds the view and draws it into `target`, finished. Counts
    /// allocations: returns those of building the view; the caller's count (begun here) holds
    /// Glint's.
    func frame(time: Double, dt: Double, into target: Framebuffer) throws -> UInt64 {
        glint_alloc_counting_begin()
        let view = view(time: time)
        let building = glint_alloc_counting_end()
        glint_alloc_counting_begin()
        harmonic.advance(by: dt)
        resolved.update(view, in: size, scale: scale, time: time)
        try renderer.draw(resolved, into: target)
        epoxy_glFinish()
        return building
    }
}

/// Three lines of text and a picture, bottom-centred.
private struct BenchCaption: View {
    let picture: Image
    var body: some View {
        VStack(spacing: 6) {
            Spacer()
            Text("Hold Anywhere!").font(.system(size: 28, weight: .bold))
            Text("Glint draws SwiftUI's views on Linux")
            Text("text, shapes and controls, batched").font(.footnote)
            picture.resizable().frame(width: 48, height: 48)
        }
        .foregroundStyle(.white)
        .padding()
    }
}

/// The caption, shapes, and two sliders bound to state.
private struct BenchPanel: View {
    let picture: Image
    let time: Double
    @State private var level = 0.4
    @State private var speed = 0.7

    var body: some View {
        VStack(spacing: 12) {
            HStack(spacing: 16) {
                Circle().stroke(Color.white, lineWidth: 3).frame(width: 60, height: 60)
                RoundedRectangle(cornerRadius: 12).fill(Color.orange).frame(width: 90, height: 60)
                Capsule().trim(from: 0, to: 0.5 + 0.5 * sin(time)).stroke(Color.yellow, lineWidth: 4).frame(width: 120, height: 40)
            }
            Slider(value: $level, in: 0...1) { Text("Level") }
            Slider(value: $speed, in: 0...2) { Text("Speed") }
            BenchCaption(picture: picture)
        }
        .foregroundStyle(.white)
        .padding(40)
    }
}

/// Whether the motion bench's shapes have appeared: the app's model (an `@Observable` class in
/// SwiftUI), which their `onAppear` sets.
private final class BenchMotionModel {
    var on = false
}

/// Twenty shapes, each animating for ever once it has appeared: turning, growing, fading, moving.
/// (Rows and tiles written out, not made by `ForEach`: a `ForEach`'s content closure is the
/// caller's, and allocates its captures every frame, as it would in SwiftUI. The `onAppear`
/// closure captures only the model, a class reference, which Swift passes as the closure's
/// context as it is; written `@State private var on` with `.onAppear { on = true }`, the closure
/// captures the state's value and storage, boxed on the heap each time `body` runs: a frame's one
/// allocation, see docs/performance.md.)
private struct BenchMotion: View {
    let model: BenchMotionModel

    var body: some View {
        VStack(spacing: 8) {
            BenchMotionRow(row: 0, on: model.on)
            BenchMotionRow(row: 1, on: model.on)
            BenchMotionRow(row: 2, on: model.on)
            BenchMotionRow(row: 3, on: model.on)
        }
        .onAppear { model.on = true }
    }
}

private struct BenchMotionRow: View {
    let row: Int
    let on: Bool

    var body: some View {
        HStack(spacing: 8) {
            BenchMotionTile(index: row * 5, on: on)
            BenchMotionTile(index: row * 5 + 1, on: on)
            BenchMotionTile(index: row * 5 + 2, on: on)
            BenchMotionTile(index: row * 5 + 3, on: on)
            BenchMotionTile(index: row * 5 + 4, on: on)
        }
    }
}

private struct BenchMotionTile: View {
    let index: Int
    let on: Bool

    var body: some View {
        RoundedRectangle(cornerRadius: 8)
            .fill(Color(hue: Double(index) / 20, saturation: 0.8, brightness: 0.9))
            .frame(width: 60, height: 60)
            .rotationEffect(.degrees(on ? 180 : 0))
            .scaleEffect(on ? 0.6 : 1)
            .opacity(on ? 0.4 : 1)
            .offset(x: on ? 10 : -10)
            .animation(.easeInOut(duration: 0.5 + Double(index % 5) * 0.1).repeatForever(autoreverses: true), value: on)
    }
}

/// 500 small paths, made once (as an app keeps its paths), drawn moving with time: triangles
/// filled and circles stroked. The app's model of what its canvas shows, its time set by the
/// app's clock.
private final class BenchCanvasScene {
    private(set) var time = 0.0
    let paths: [Path] = (0..<500).map { i in
        var path = Path()
        if i % 2 == 0 {
            path.move(to: CGPoint(x: 0, y: 0))
            path.addLine(to: CGPoint(x: 16, y: 4))
            path.addLine(to: CGPoint(x: 6, y: 18))
            path.closeSubpath()
        } else {
            path.addEllipse(in: CGRect(x: 0, y: 0, width: 14, height: 14))
        }
        return path
    }
    let colors: [Color] = (0..<500).map { Color(hue: Double($0) / 500, saturation: 0.7, brightness: 1) }

    /// The scene at `time`.
    func at(_ time: Double) -> BenchCanvasScene {
        self.time = time
        return self
    }

    func draw(in context: inout GraphicsContext, size: CGSize) {
        for i in 0..<500 {
            let x = Double(i % 25) / 25 * size.width + 8 * sin(time + Double(i))
            let y = Double(i / 25) / 20 * size.height + 8 * cos(time + Double(i))
            var placed = context
            placed.translateBy(x: x, y: y)
            if i % 2 == 0 {
                placed.fill(paths[i], with: .color(colors[i]))
            } else {
                placed.stroke(paths[i], with: .color(.white), lineWidth: 2)
            }
        }
    }
}

/// A Canvas of the scene, redrawn every frame. (Its closure captures only the scene, a class
/// reference, which Swift passes as the closure's context as it is; one that captures a value,
/// the time, boxes it on the heap each time `body` runs: a frame's one allocation, in SwiftUI too
/// where a `TimelineView` runs its content every frame. See docs/performance.md.)
private struct BenchCanvas: View {
    let scene: BenchCanvasScene

    var body: some View {
        Canvas { context, size in scene.draw(in: &context, size: size) }
    }
}
