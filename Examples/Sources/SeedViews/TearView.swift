import Foundation
import Glint

/// Seed 004's tear, as its package structures it: a `ViewModifier` whose body lays the content out in a
/// `GeometryReader` and tears it with the tear layer effect driven by a drag from the view's edge. Glint's
/// `TearController` is the seed's gesture state machine (edge start, direction lock, projection, the 90 %
/// break, recovery); `tearable` attaches its drag and its layer effect in one.
struct TearModifier: ViewModifier {
    @State private var tear = TearController()
    var onTorn: () -> Void = {}

    func body(content: Content) -> some View {
        GeometryReader { proxy in
            content
                .frame(width: proxy.size.width, height: proxy.size.height)
                .tearable(tear)
        }
    }
}

extension View {
    /// Lets a drag in from the edge tear this view.
    func tearable() -> some View { modifier(TearModifier()) }
}

/// A card to tear: a gradient with a title, a counter button and a caption.
struct TearView: View {
    @State private var presses = 0

    var body: some View {
        VStack(spacing: 16) {
            Text("Tear me").font(.system(size: 40, weight: .bold)).foregroundStyle(.white)
            Text("Drag in from any edge and keep going.\nLet go early and it heals.")
                .multilineTextAlignment(.center)
                .foregroundStyle(.white)
            Button("Pressed \(presses) times") { presses += 1 }
        }
        .padding(32)
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .background(Rectangle().colorEffect(ShaderLibrary.gradient(.boundingRect)))
        .tearable()
    }
}
