import Foundation
import Glint
import GlintCore
import GlintRender

/// The window's heads-up display, as a view: small text at the top-left of the view it covers
/// (the effect's name and frame rate, a second line such as a shader error, and the help: the
/// keys), on one translucent dark plate, and a larger notice centred over the view on a darker
/// plate of its own ("Press R to bring the view back"), and a short confirmation of what a key
/// did ("Paused", "Saved glint-harmonic-0003.517s.png") centred at the bottom on the notice's
/// plate. The plates keep white text readable over a glow turned white. Lay it over what it
/// describes:
///
/// ```swift
/// ZStack {
///     EffectView(effect)
///     HeadsUpDisplay(top: "Harmonic glow  60 fps", second: nil,
///                    help: "C: controls  H: hide help  Esc: quit", notice: nil)
/// }
/// ```
///
/// The help wraps to the view's width, breaking only between its items, which are separated by
/// two or more spaces ("C: controls  H: help"); an item too wide for a line has a line of its
/// own. A nil part takes no room; with nothing to show it draws nothing. It takes no press:
/// presses go through to what is below. Sizes, colours and spacing are the `glint` window's
/// (`Style`): 13-point text 10 points in from the corner, lines 1.3 font heights apart, each
/// text with a one-point shadow.
public struct HeadsUpDisplay: View {
    /// The top line.
    public var top: String?
    /// The line below it.
    public var second: String?
    /// The help below those: items separated by two or more spaces.
    public var help: String?
    /// A larger line centred over the view, on its own plate.
    public var notice: String?
    /// A line centred at the bottom on a plate like the notice's; wraps at spaces to fit the view.
    public var confirmation: String?

    /// A display of the parts given; nil parts take no room.
    public init(top: String? = nil, second: String? = nil, help: String? = nil, notice: String? = nil, confirmation: String? = nil) {
        self.top = top
        self.second = second
        self.help = help
        self.notice = notice
        self.confirmation = confirmation
    }

    /// The display's sizes (points) and colours.
    public enum Style {
        /// Size of the HUD's lines.
        public static let textSize: Double = 13
        /// From the view's top-left corner to the first line's text.
        public static let padding: Double = 10
        /// Line spacing of the HUD, as a multiple of its font's height.
        public static let lineSpacing: Double = 1.3
        /// Size of the notice centred over the view.
        public static let noticeSize: Double = 18
        /// Space between a text and the edge of its plate, across and down.
        public static let platePadding = Size(width: 8, height: 5)
        public static let noticePadding = Size(width: 18, height: 12)
        /// Corner radius of the lines' and the notice's plates.
        public static let plateRadius: Double = 6
        /// The plates: black, translucent enough to let the effect show, dark enough that white
        /// text over a white glow keeps a contrast of over 100 levels of 255.
        public static let plate = GlintCore.Color(red: 0, green: 0, blue: 0, alpha: 0.55)
        public static let noticePlate = GlintCore.Color(red: 0, green: 0, blue: 0, alpha: 0.65)
        /// The one-point shadow under every text.
        public static let shadow = GlintCore.Color(red: 0, green: 0, blue: 0, alpha: 0.6)
        public static let textColor = GlintCore.Color(red: 1, green: 1, blue: 1, alpha: 0.88)
        public static let noticeColor = GlintCore.Color(red: 1, green: 1, blue: 1, alpha: 1)
        /// The most of a view's height the top-left lines should cover: a host offers a shorter
        /// help where the whole one would reach further down (`fits(top:second:help:in:)`).
        public static let maximumCover: Double = 1.0 / 3
    }

    /// Whether the top-left lines (`top`, `second`, `help`, wrapped as the display wraps them)
    /// end within `Style.maximumCover` of the height of a view of `size` points, plate included:
    /// a host that can say less (the `glint` window: a short help) asks before it chooses. Measures
    /// text, so ask when the size or the lines change, not every frame.
    public static func fits(top: String?, second: String?, help: String?, in size: Size) -> Bool {
        guard let engine = SharedText.engine else { return true }
        let font = Font.system(size: CGFloat(L.textSize), weight: .bold).spec
        // The text's width: the view's, less the plate's inset and padding on either side.
        let width = max(size.width - 2 * L.padding, 1)
        var height = 0.0
        var lines = 0
        for (text, breaks) in [(top, TextLayoutOptions.LineBreaks.atSpaces), (second, .atSpaces), (help, .betweenItems)] {
            guard let text else { continue }
            let options = TextLayoutOptions(lineSpacing: lineGap, lineBreaks: breaks)
            height += engine.measure(text, font: font, maxWidth: width, options: options, scale: 1).height
            lines += 1
        }
        guard lines > 0 else { return true }
        let bottom = L.padding + height + Double(lines - 1) * lineGap + L.platePadding.height
        return bottom <= size.height * L.maximumCover
    }

    typealias L = Style

    public var body: some View {
        ZStack(alignment: .topLeading) {
            if top != nil || second != nil || help != nil {
                VStack(alignment: .leading, spacing: CGFloat(Self.lineGap)) {
                    if let top { ShadowedText(string: top, size: L.textSize, color: L.textColor, lineBreaks: .atSpaces) }
                    if let second { ShadowedText(string: second, size: L.textSize, color: L.textColor, lineBreaks: .atSpaces) }
                    if let help { ShadowedText(string: help, size: L.textSize, color: L.textColor, lineBreaks: .betweenItems) }
                }
                .padding(Self.insets(L.platePadding))
                .background(RoundedRectangle(cornerRadius: CGFloat(L.plateRadius)).fill(Color(L.plate)))
                // The text sits `padding` in from the corner; its plate reaches out around it.
                .padding(EdgeInsets(top: CGFloat(L.padding - L.platePadding.height), leading: CGFloat(L.padding - L.platePadding.width),
                                    bottom: 0, trailing: CGFloat(L.padding - L.platePadding.width)))
            }
            if let notice {
                ShadowedText(string: notice, size: L.noticeSize, color: L.noticeColor, lineBreaks: .atSpaces)
                    .padding(Self.insets(L.noticePadding))
                    .background(RoundedRectangle(cornerRadius: CGFloat(L.plateRadius)).fill(Color(L.noticePlate)))
                    .frame(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity)
            }
            if let confirmation {
                ShadowedText(string: confirmation, size: L.textSize, color: L.noticeColor, lineBreaks: .atSpaces)
                    .padding(Self.insets(L.platePadding))
                    .background(RoundedRectangle(cornerRadius: CGFloat(L.plateRadius)).fill(Color(L.noticePlate)))
                    .padding(CGFloat(L.padding))
                    .frame(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity, alignment: .bottom)
            }
        }
        // The space offered, even when a line is wider: that line runs past the right edge.
        .frame(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity, alignment: .topLeading)
        .allowsHitTesting(false)
    }

    /// The space between two lines: 0.3 of the font's line height, so baselines are 1.3 line
    /// heights apart (`Style.lineSpacing`).
    static let lineGap: Double = {
        let font = Font.system(size: CGFloat(L.textSize), weight: .bold).spec
        let height = SharedText.engine?.measure("A", font: font, maxWidth: nil, options: TextLayoutOptions(), scale: 1).height
        return (height ?? L.textSize * 1.2) * (L.lineSpacing - 1)
    }()

    static func insets(_ size: Size) -> EdgeInsets {
        EdgeInsets(top: CGFloat(size.height), leading: CGFloat(size.width), bottom: CGFloat(size.height), trailing: CGFloat(size.width))
    }
}

/// Bold text with a black shadow one point below and right of it: one text node for the
/// shadow, one for the text, both breaking lines as `lineBreaks` says.
struct ShadowedText: View {
    let string: String
    let size: Double
    let color: GlintCore.Color
    let lineBreaks: TextLayoutOptions.LineBreaks

    var body: Never { fatalError("ShadowedText has no body") }

    static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        let font = Font.system(size: CGFloat(view.size), weight: .bold)
        graph.withZStack(.topLeading) { graph in
            graph.withOffset(x: 1, y: 1) { graph in
                graph.addText(view.string, font: font, color: Color(HeadsUpDisplay.Style.shadow), lineSpacing: HeadsUpDisplay.lineGap,
                              lineBreaks: view.lineBreaks)
            }
            graph.addText(view.string, font: font, color: Color(view.color), lineSpacing: HeadsUpDisplay.lineGap, lineBreaks: view.lineBreaks)
        }
    }
}
