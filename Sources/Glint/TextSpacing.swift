import Foundation

extension View {
    /// Adds `kerning` points after each character of the text in the view (negative draws them
    /// closer), as SwiftUI's `kerning(_:)`. Rounded to whole pixels where drawn.
    public func kerning(_ kerning: CGFloat) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier(.tracking(kerning.isFinite ? kerning : 0)))
    }

    /// Adds `tracking` points between the characters of the text in the view, as SwiftUI's
    /// `tracking(_:)`. Glint draws no ligatures, so tracking and kerning look the same.
    public func tracking(_ tracking: CGFloat) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier(.tracking(tracking.isFinite ? tracking : 0)))
    }

    /// Draws every digit of the text in the view as wide as the widest one, as SwiftUI's
    /// `monospacedDigit()`, so a counting number keeps its width. (DejaVu, the system face,
    /// already draws its digits one width; other faces named by `GLINT_FONT` may not.)
    public func monospacedDigit() -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier(.monospacedDigits(true)))
    }
}

extension Font {
    /// This font with every digit as wide as the widest, as SwiftUI's `Font.monospacedDigit()`.
    public func monospacedDigit() -> Font {
        var font = self
        font.monospacedDigits = true
        return font
    }
}
