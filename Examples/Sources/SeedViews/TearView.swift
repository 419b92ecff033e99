import Foundation
import Glint

/// A card to tear (seed 004): a gradient with a title, a counter button and a caption, made
/// tearable by Glint's `tearable()` (its `TearModifier`: a `GeometryReader` laying the card out,
/// the seed's drag from the edge and its layer effect).
struct TearView: View {
    @State private var presses = 0

    var body: some View {
        VStack(spacing: 16) {
            Text("Tear me").font(.system(size: 40, weight: .bold)).foregroundStyle(.white)
            Text("Drag in from any edge and keep going.\nLet go early and it heals.")
                .multilineTextAlignment(.center)
                .foregroundStyle(.white)
            Button("Pressed \(presses) times") { presses += 1 }
                .buttonStyle(.borderedProminent)
        }
        .padding(32)
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .background(Rectangle().colorEffect(ShaderLibrary.gradient(.boundingRect)))
        .tearable()
    }
}
