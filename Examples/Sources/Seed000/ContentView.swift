// Seed 000's ContentView, written here from the seed's description (/work/shared/seeds/000: its view
// tree, its state, its interaction sequence) in SwiftUI's own API: a TimelineView ticking every
// 0.016 / speedMultiplier seconds adds 0.016 · speedMultiplier to the elapsed time on each tick;
// a DragGesture(minimumDistance: 0) on the background springs amplitude 0.5 → 2 and the speed
// 1 → 2 inside withAnimation(.spring(duration: 0.3)) while held, and back when let go; the
// caption and microphone lie over it and let presses through. Its shader, harmonicColorEffect,
// is this target's Harmonic.metal. The only part left out is the haptics (UIKit's feedback
// generator, behind `.sensoryFeedback`), which a Linux desktop has nothing to play on.
import Glint

struct ContentView: View {
    @State private var elapsedTime: Double = 0.0
    @State private var amplitude: Float = 0.5
    @State private var isInteracting: Bool = false
    @State private var speedMultiplier: Double = 1.0

    private let updateInterval: Double = 0.016
    private let wavesCount: Float = 6.0

    var body: some View {
        TimelineView(.periodic(from: .now, by: updateInterval / speedMultiplier)) { context in
            ZStack {
                Color.clear
                    .ignoresSafeArea()
                    .background(
                        Rectangle()
                            .ignoresSafeArea()
                            .colorEffect(
                                ShaderLibrary.default.harmonicColorEffect(
                                    .boundingRect,
                                    .float(wavesCount),
                                    .float(elapsedTime),
                                    .float(amplitude),
                                    .float(isInteracting ? 1.0 : 0.0)
                                )
                            )
                    )
                    .gesture(
                        DragGesture(minimumDistance: 0)
                            .onChanged { _ in
                                guard !isInteracting else { return }
                                withAnimation(.spring(duration: 0.3)) {
                                    isInteracting = true
                                    amplitude = 2.0
                                    speedMultiplier = 2.0
                                }
                            }
                            .onEnded { _ in
                                withAnimation(.spring(duration: 0.3)) {
                                    isInteracting = false
                                    amplitude = 0.5
                                    speedMultiplier = 1.0
                                }
                            }
                    )
                    .onChange(of: context.date) { _, _ in
                        elapsedTime += updateInterval * speedMultiplier
                    }

                VStack {
                    Spacer()
                    Text(isInteracting ? "Holding..." : "Hold Anywhere!")
                        .font(.system(size: 26, weight: .semibold))
                        .foregroundStyle(.white)
                    Image("My-meme-orange-microphone")
                        .resizable()
                        .scaledToFit()
                        .frame(width: 72, height: 72)
                }
                .padding()
                .allowsHitTesting(false)
            }
        }
    }
}
