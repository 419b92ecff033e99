import Foundation
import GlintCore
import GlintRender

/// What the built-in demos draw over their effect (an effect's `foreground`: seed 000's caption
/// and microphone), laid out as the seed's `VStack { Spacer(); Text(…); Image(…) }.padding()`:
/// the caption, on a translucent dark pill so it reads over a glow turned white, above the
/// image, at the bottom centre. It lets presses through to the effect behind it.
struct EffectForegroundView: View {
    /// The caption and image's layout and look, in points.
    enum Layout {
        /// The caption's font size.
        static let labelSize: CGFloat = 26
        /// The image's height (its width keeps its aspect).
        static let imageSize: CGFloat = 72
        /// Space under the image.
        static let bottomPadding: CGFloat = 36
        /// Space between the caption's line and the image.
        static let spacing: CGFloat = 14
        /// Space between the caption and its pill's straight edges, across and down; the pill's
        /// round ends lie beyond the horizontal space.
        static let platePadding = CGSize(width: 8, height: 5)
        /// The pill: black, translucent enough to let the effect show, dark enough that white
        /// text over a white glow keeps a contrast of over 100 levels of 255.
        static let plate = Color(white: 0, opacity: 0.55)
        /// The caption's colour.
        static let labelColor = Color(white: 1, opacity: 0.92)
        /// Its one-point shadow.
        static let shadow = Color(white: 0, opacity: 0.6)
        /// The caption's font: the seed's semibold system face.
        static let font = Font.system(size: labelSize, weight: .semibold)

        /// The pill's height: the caption's line and its padding above and below (its ends are
        /// half circles of this diameter). Measured once from the font.
        static let pillHeight: CGFloat = {
            let line = SharedText.engine?.measure("Hg", font: font.spec, maxWidth: nil, options: TextLayoutOptions(), scale: 1).height
            return CGFloat(line ?? Double(labelSize) * 1.2) + 2 * platePadding.height
        }()
    }

    let foreground: Foreground

    var body: some View {
        // The spacing is from the caption's line to the image; its pill reaches into it.
        VStack(spacing: Layout.spacing - Layout.platePadding.height) {
            Spacer()
            if let label = foreground.label {
                Text(label)
                    .font(Layout.font)
                    .foregroundStyle(Layout.labelColor)
                    .shadow(color: Layout.shadow, radius: 0, x: 1, y: 1)
                    .padding(.vertical, Layout.platePadding.height)
                    .padding(.horizontal, Layout.platePadding.width + Layout.pillHeight / 2)
                    .background(Capsule().fill(Layout.plate))
            }
            if let name = foreground.imageName {
                let image = Image(builtIn: name)
                image
                    .resizable()
                    .interpolation(.high)
                    .frame(width: Layout.imageSize * CGFloat(image.width) / CGFloat(max(image.height, 1)), height: Layout.imageSize)
            }
        }
        .padding(.bottom, Layout.bottomPadding)
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .allowsHitTesting(false)
    }
}
