// A transition in a window: a click anywhere fades a white square in, inside withAnimation; the
// next click fades it out; each fade takes 4 s, and each click is said on standard output. An
// orange bar, turned and scaled, says "spun" when a click lands on it as drawn.
//
//   swift run --package-path Examples transition-demo
import Foundation
import Glint

struct TransitionDemo: View {
    @State private var shown = false

    var body: some View {
        ZStack {
            Color.black
            if shown {
                Color.white.frame(width: 160, height: 100).transition(.opacity)
            }
            // A bar laid out 60x20 at (30, 90), drawn turned upright and twice as big: 40x120 at
            // (40, 40). A press lands where it is drawn.
            Color.orange.frame(width: 60, height: 20)
                .onTapGesture { FileHandle.standardOutput.write(Data("spun\n".utf8)) }
                .rotationEffect(.degrees(90))
                .scaleEffect(2)
                .position(x: 60, y: 100)
        }
        .onTapGesture {
            withAnimation(.linear(duration: 4)) { shown.toggle() }
            FileHandle.standardOutput.write(Data("shown \(shown)\n".utf8))
        }
    }
}

do {
    try Window("Transition", size: CGSize(width: 320, height: 200)) { TransitionDemo() }.run()
} catch {
    FileHandle.standardError.write(Data("transition-demo: \(error)\n".utf8))
    exit(1)
}
