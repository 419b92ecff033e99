/// The model of the window's controls panel (`EffectControls` docked by `ControlsDock`): a
/// slider per parameter of the effects shown, generated from their descriptors (name, range,
/// whole-number flag), a Reset button that puts every parameter back to its default, and a
/// Replay button for effects that draw themselves in stages; the panel's sizes and colours; how
/// a value shows and snaps.
///
/// The panel never covers what it controls: it docks beside the effect's view, taking a column
/// of the frame (the window, or `render`'s `--size`) at the right edge, full height, when the
/// frame is at least as wide as it is tall, and a band along the bottom, full width, when it is
/// taller than wide. The effect's view gets the rest (`placement(in:)`), whose top-left is the
/// frame's, so the effect's points are the frame's. The view keeps at least
/// `Style.minimumContentSide` points; when the rows are taller than the panel they scroll.
///
/// Pure values, no drawing and no pointer: the library's views draw the panel and take its presses.
///
/// In a chain (`harmonic,wave,blur`) it shows the sliders of every effect, in drawing order, each
/// named as `--param` names it there: `wave.strength`.
public final class ControlsPanel {
    /// Sizes in points and colours of the panel; the renderer scales the sizes to pixels.
    public enum Style {
        /// Size of every text on the panel (points).
        public static let textSize: Double = 12
        /// An upper bound on the advance of one character at `textSize` in the panel's bold font
        /// (DejaVu Sans Bold averages 0.6 em): the panel is sized without a font, and a test
        /// checks every built-in effect's rows fit with the real one.
        public static let characterWidth: Double = 0.66 * textSize
        /// Space inside the panel around its content (points).
        public static let padding: Double = 12
        /// The panel's width when its texts are short (points).
        public static let minimumWidth: Double = 248
        /// The least the docked panel leaves the effect's view across the side it docks on, unless
        /// the frame itself is smaller (points): at 640x400 the view keeps 392x400.
        public static let minimumContentSide: Double = 160
        /// The largest share of a portrait frame's height the panel docked below takes; its rows
        /// scroll past that.
        public static let maximumBottomShare: Double = 0.5
        /// Height of the title line, and the space under it (points).
        public static let titleHeight: Double = 18
        public static let titleSpacing: Double = 10
        /// Height of one slider's row: a line of text, then the slider (points).
        public static let rowHeight: Double = 40
        /// From a row's top to its slider's centre line (points).
        public static let trackOffset: Double = 27
        /// How far in from each end of a row the thumb's centre stops: its radius (points).
        public static let thumbRadius: Double = 8
        /// The buttons: size, space between them and above them (points).
        public static let buttonWidth: Double = 76
        public static let buttonHeight: Double = 24
        public static let buttonSpacing: Double = 8
        public static let buttonsTopSpacing: Double = 6
        /// How far one notch of the mouse wheel scrolls the rows (points): one row.
        public static let scrollStep: Double = rowHeight
        /// The scroll bar shown while the rows are taller than the panel: its width, its inset
        /// from the panel's edges, and the shortest its thumb gets (points).
        public static let scrollBarWidth: Double = 4
        public static let scrollBarInset: Double = 3
        public static let scrollThumbMinimum: Double = 24
        /// Thickness of the line between the panel and the effect's view (points).
        public static let borderWidth: Double = 1

        /// Opaque: the panel sits beside the effect, never over it.
        public static let background = Color(red: 0.09, green: 0.09, blue: 0.11)
        public static let border = Color(red: 1, green: 1, blue: 1, alpha: 0.14)
        public static let scrollBar = Color(red: 1, green: 1, blue: 1, alpha: 0.08)
        public static let scrollThumb = Color(red: 1, green: 1, blue: 1, alpha: 0.45)
        public static let title = Color(red: 1, green: 1, blue: 1, alpha: 0.60)
        public static let label = Color(red: 1, green: 1, blue: 1, alpha: 0.88)
        public static let value = Color(red: 1, green: 1, blue: 1, alpha: 1)
        public static let track = Color(red: 1, green: 1, blue: 1, alpha: 0.18)
        /// The part of a track below the thumb (the system accent blue).
        public static let fill = Color(red: 0.04, green: 0.52, blue: 1)
        public static let button = Color(red: 1, green: 1, blue: 1, alpha: 0.12)
        public static let buttonText = Color(red: 1, green: 1, blue: 1, alpha: 0.92)
    }

    /// One parameter's slider.
    public struct Slider: Equatable {
        /// What the row says: the parameter's name, or `effect.name` in a chain (as `--param`).
        public let name: String
        /// The parameter as its effect declares it.
        public let parameter: EffectParameter
        /// Which of `effects` it belongs to.
        public let effectIndex: Int
    }

    /// A button under the sliders.
    public enum ButtonKind: String, Equatable, Sendable {
        /// Starts the staged drawings again (only for effects that have one).
        case replay
        /// Puts every parameter back to its default.
        case reset

        /// The button's text.
        public var title: String { self == .replay ? "Replay" : "Reset" }
    }

    /// Where the panel docks: beside the effect's view on the right, or below it.
    public enum Dock: String, Equatable, Sendable {
        /// A column at the frame's right edge, full height: frames at least as wide as tall.
        case right
        /// A band along the frame's bottom, full width: frames taller than wide.
        case bottom
    }

    /// How a frame is shared between the panel and the effect's view.
    public struct Placement: Equatable, Sendable {
        public var dock: Dock
        /// The panel's rect, in points from the frame's top-left.
        public var frame: Rect
        /// The effect's view: the rest of the frame, from its top-left corner.
        public var content: Rect
    }

    /// The effects whose parameters the sliders set, in drawing order.
    public let effects: [any Effect]
    /// The line at the top: the effect's title, or the chain's names.
    public let title: String
    /// A slider per parameter, the effects' in drawing order, each effect's in its descriptor's.
    public let sliders: [Slider]
    /// Replay (when an effect draws in stages), then Reset, right-aligned under the sliders.
    public let buttons: [ButtonKind]
    /// The panel's width when docked at the right, in whole points: `Style.minimumWidth`, or wider
    /// when a row's name and value (at the `Style.characterWidth` bound) or the title would not fit.
    public let width: Double
    /// The height of everything on the panel, title to buttons, in points: when the panel is
    /// shorter, its rows scroll.
    public let height: Double

    /// The panel for `effects` (a chain, in drawing order).
    public init(effects: [any Effect]) {
        self.effects = effects
        title = effects.count == 1 ? effects[0].descriptor.title : effects.map(\.descriptor.name).joined(separator: " + ")
        var sliders: [Slider] = []
        let names = EffectInstanceNames.names(of: effects)
        for (index, effect) in effects.enumerated() {
            for p in effect.descriptor.parameters {
                sliders.append(Slider(name: effects.count == 1 ? p.name : "\(names[index]).\(p.name)", parameter: p, effectIndex: index))
            }
        }
        self.sliders = sliders
        let replays = effects.contains { $0.drawingProgress != nil }
        buttons = (replays ? [.replay] : []) + [.reset]
        var chars = title.count + 4
        for s in sliders { chars = max(chars, s.name.count + Self.widestValue(s.parameter).count + 3) }
        width = max(Style.minimumWidth, (Double(chars) * Style.characterWidth + 2 * Style.padding).rounded(.up))
        height = Style.padding + Style.titleHeight + Style.titleSpacing + Double(sliders.count) * Style.rowHeight
            + Style.buttonsTopSpacing + Style.buttonHeight + Style.padding
    }

    /// How a frame of `size` points is shared while the panel shows: a column of `width` at the
    /// right for a frame at least as wide as tall, a band at the bottom (`height`, at most
    /// `Style.maximumBottomShare` of the frame) for a taller one; either leaves the effect's view
    /// at least `Style.minimumContentSide` points across, and the view starts at the frame's
    /// top-left. Whole points, so view and panel meet on a pixel edge at whole scales.
    public func placement(in size: Size) -> Placement {
        if size.width >= size.height {
            let side = max(0, min(width, (size.width - Style.minimumContentSide).rounded(.down)))
            return Placement(dock: .right,
                             frame: Rect(x: size.width - side, y: 0, width: side, height: size.height),
                             content: Rect(x: 0, y: 0, width: size.width - side, height: size.height))
        }
        let side = max(0, min(height, (size.height * Style.maximumBottomShare).rounded(.down),
                              (size.height - Style.minimumContentSide).rounded(.down)))
        return Placement(dock: .bottom,
                         frame: Rect(x: 0, y: size.height - side, width: size.width, height: side),
                         content: Rect(x: 0, y: 0, width: size.width, height: size.height - side))
    }

    /// What a button does: Reset puts every parameter of every effect back to its default;
    /// Replay starts the staged drawings again.
    public func perform(_ kind: ButtonKind) {
        switch kind {
        case .reset:
            for e in effects { e.resetParameters() }
        case .replay:
            for e in effects where e.drawingProgress != nil { e.replay() }
        }
    }

    // MARK: - Numbers

    /// Decimals a value of `parameter` shows (and a drag snaps to): none for whole numbers and
    /// ranges of 50 or more, one for ranges of 5 or more, else two.
    public static func decimals(for parameter: EffectParameter) -> Int {
        let span = parameter.range.upperBound - parameter.range.lowerBound
        if parameter.isInteger || span >= 50 { return 0 }
        return span >= 5 ? 1 : 2
    }

    /// `value` rounded to the step `parameter`'s slider shows, within its range.
    public static func snap(_ value: Double, for parameter: EffectParameter) -> Double {
        var scale = 1.0
        for _ in 0..<decimals(for: parameter) { scale *= 10 }
        let snapped = (value * scale).rounded() / scale
        return min(max(snapped, parameter.range.lowerBound), parameter.range.upperBound)
    }

    /// `value` as a slider's row shows it: `6`, `1.5`, `0.55`, `-0.15`. Built by appending to a
    /// string short enough to live inline, so a drag formats its values without allocating.
    public static func format(_ value: Double, for parameter: EffectParameter) -> String {
        let decimals = decimals(for: parameter)
        var scale: Int64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int64((abs(value) * Double(scale)).rounded())
        var text = value < 0 && scaled != 0 ? "-" : ""
        text += String(scaled / scale)
        guard decimals > 0 else { return text }
        text += "."
        var unit = scale / 10
        let fraction = scaled % scale
        while unit > 0 {
            text.unicodeScalars.append(Unicode.Scalar(UInt8(ascii: "0") + UInt8(fraction / unit % 10)))
            unit /= 10
        }
        return text
    }

    /// The longest text a value of `parameter` can show, for sizing.
    static func widestValue(_ parameter: EffectParameter) -> String {
        let a = format(parameter.range.lowerBound, for: parameter)
        let b = format(parameter.range.upperBound, for: parameter)
        return a.count >= b.count ? a : b
    }
}
