// Apple's ripple sample (WWDC24 "Create custom visual effects with SwiftUI"), written here from
// its described behaviour in SwiftUI's own API: a tap sets the ripple's origin and bumps a
// counter; the counter triggers a keyframe animator that drives the elapsed time from 0 to the
// ripple's duration, and that time feeds a `layerEffect` of the Metal `Ripple` function
// (Ripple.metal, this target's resource). What differs from the sample is only what Linux has
// no UIKit for: the sample's pressing gesture (a UIKit gesture recognizer) is a spatial tap
// here, and the photo asset is this package's card picture.
import Glint

struct ContentView: View {
    @State var counter: Int = 0
    @State var origin: CGPoint = .zero

    var body: some View {
        VStack {
            Spacer()
            Image("card")
                .resizable()
                .aspectRatio(contentMode: .fit)
                .clipShape(RoundedRectangle(cornerRadius: 24))
                .onTapGesture { location in
                    origin = location
                    counter += 1
                }
                .modifier(RippleEffect(at: origin, trigger: counter))
            Spacer()
        }
        .padding()
    }
}

/// Plays a ripple from `origin` each time `trigger` changes.
struct RippleEffect<T: Equatable>: ViewModifier {
    var origin: CGPoint
    var trigger: T

    init(at origin: CGPoint, trigger: T) {
        self.origin = origin
        self.trigger = trigger
    }

    func body(content: Content) -> some View {
        let origin = origin
        let duration = duration

        content.keyframeAnimator(initialValue: 0, trigger: trigger) { view, elapsedTime in
            view.modifier(RippleModifier(origin: origin, elapsedTime: elapsedTime, duration: duration))
        } keyframes: { _ in
            MoveKeyframe(0)
            LinearKeyframe(duration, duration: duration)
        }
    }

    var duration: TimeInterval { 3 }
}

/// The ripple `elapsedTime` seconds after it began at `origin`.
struct RippleModifier: ViewModifier {
    var origin: CGPoint
    var elapsedTime: TimeInterval
    var duration: TimeInterval

    var amplitude: Double = 12
    var frequency: Double = 15
    var decay: Double = 8
    var speed: Double = 1200

    func body(content: Content) -> some View {
        let shader = ShaderLibrary.Ripple(
            .float2(origin),
            .float(elapsedTime),
            .float(amplitude),
            .float(frequency),
            .float(decay),
            .float(speed)
        )
        let maxSampleOffset = maxSampleOffset
        let elapsedTime = elapsedTime
        let duration = duration

        content.visualEffect { view, _ in
            view.layerEffect(shader, maxSampleOffset: maxSampleOffset, isEnabled: 0 < elapsedTime && elapsedTime < duration)
        }
    }

    var maxSampleOffset: CGSize {
        CGSize(width: amplitude, height: amplitude)
    }
}
