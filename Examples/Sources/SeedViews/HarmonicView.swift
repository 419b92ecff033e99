import Foundation
import Glint

/// Seed 000's ContentView, as SwiftUI writes it: a `TimelineView` over a `ZStack` whose back layer is
/// `Color.clear` with the harmonic shader in a `Rectangle` behind it and a drag gesture (minimum distance 0,
/// so a press is a hold), and whose front layer is a `VStack` of a `Spacer`, a `Text` and the microphone
/// `Image`, padded, letting presses through. Holding springs the waves' amplitude and speed up and turns
/// them from white to their palette; letting go springs them back.
struct HarmonicView: View {
    /// This package's own shaders (seed 000's harmonicColorEffect, ported to GLSL, a resource of this
    /// target), as SwiftUI's `ShaderLibrary.bundle(.module)` is a target's compiled Metal.
    static let effects = ShaderLibrary.bundle(.module)

    /// The hold, and the springs it drives (the seed animates the same values with SwiftUI's springs).
    @State private var isHeld = false
    @State private var motion = HarmonicMotion()

    var body: some View {
        TimelineView(.animation) { context in
            let now = context.date.timeIntervalSinceReferenceDate
            let wave = motion.advance(to: now, held: isHeld)
            ZStack {
                Color.clear
                    .background(
                        Rectangle()
                            .colorEffect(Self.effects.harmonicColorEffect(
                                .boundingRect, .float(6), .float(wave.time), .float(wave.amplitude), .float(wave.mix)))
                    )
                    .gesture(
                        DragGesture(minimumDistance: 0)
                            .onChanged { _ in isHeld = true }
                            .onEnded { _ in isHeld = false }
                    )
                VStack {
                    Spacer()
                    Text(isHeld ? "Holding..." : "Hold Anywhere!")
                        .font(.system(size: 22, weight: .semibold))
                        .foregroundStyle(.white)
                    Image("microphone", bundle: .module)
                        .resizable()
                        .frame(width: 48, height: 48)
                }
                .padding()
                .allowsHitTesting(false)
            }
        }
    }
}

/// The seed's animated values: a critically damped spring (response 0.5 s) from rest to held for the
/// amplitude (0.5 → 2) and the speed (1 → 2.5), and the colour mix (0 → 1). The waves' phase integrates the
/// speed, so speeding up never jumps (the seed's timer ran time at the square of its speed: fixed here).
final class HarmonicMotion {
    private var last: Double?
    private var time = 0.0
    private var amplitude = Spring(0.5)
    private var speed = Spring(1)
    private var mix = Spring(0)

    /// The shader's time, amplitude and mix at `now`, springing towards the held or rest values.
    func advance(to now: Double, held: Bool) -> (time: Double, amplitude: Double, mix: Double) {
        let dt = last.map { min(max(now - $0, 0), 0.1) } ?? 0
        last = now
        amplitude.step(towards: held ? 2 : 0.5, dt: dt)
        speed.step(towards: held ? 2.5 : 1, dt: dt)
        mix.step(towards: held ? 1 : 0, dt: dt)
        time += speed.value * dt
        return (time, amplitude.value, mix.value)
    }

    /// A critically damped spring.
    struct Spring {
        var value: Double
        var velocity = 0.0
        static let stiffness = pow(2 * Double.pi / 0.5, 2)

        init(_ value: Double) { self.value = value }

        mutating func step(towards target: Double, dt: Double) {
            let damping = 2 * Self.stiffness.squareRoot()
            velocity += (Self.stiffness * (target - value) - damping * velocity) * dt
            value += velocity * dt
        }
    }
}
