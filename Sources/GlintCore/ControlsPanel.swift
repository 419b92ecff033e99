/// The window's controls: a panel docked at the view's top-right (below the HUD's lines) with a slider per parameter of
/// the effects shown, generated from their descriptors (name, range, whole-number flag), a Reset
/// button that puts every parameter back to its default, and a Replay button for effects that
/// draw themselves in stages.
///
/// Pure state, no drawing: the overlay draws what `layout` says, in points, at the target's pixel
/// scale. As a `PointerResponder` it comes before the tear and the effect: a press on the panel
/// is the panel's (a press on a slider by the view's edge never starts a tear), a press anywhere
/// else goes on to them. Hidden, it takes no press, lays nothing out and draws nothing.
///
/// In a chain (`harmonic,wave,blur`) it shows the sliders of every effect, in drawing order, each
/// named as `--param` names it there: `wave.strength`.
public final class ControlsPanel: PointerResponder {
    /// Sizes in points and colours of the panel; the renderer scales the sizes to pixels.
    public enum Style {
        /// Size of every text on the panel (points).
        public static let textSize: Double = 12
        /// An upper bound on the advance of one character at `textSize` in the overlay's fonts
        /// (DejaVu Sans Bold averages 0.6 em): the panel is laid out without a font, and a test
        /// checks every built-in effect's rows fit with the real one.
        public static let characterWidth: Double = 0.66 * textSize
        /// Space between the panel and the view's right edge (points).
        public static let margin: Double = 8
        /// From the view's top to the panel's: below the window's two HUD lines (points).
        public static let top: Double = 48
        /// Space inside the panel around its content (points).
        public static let padding: Double = 12
        /// The panel's width when its texts are short (points).
        public static let minimumWidth: Double = 248
        /// Corner radius of the panel (points).
        public static let cornerRadius: Double = 10
        /// Height of the title line, and the space under it (points).
        public static let titleHeight: Double = 18
        public static let titleSpacing: Double = 10
        /// Height of one slider's row: a line of text, then the track (points).
        public static let rowHeight: Double = 40
        /// From a row's top to its text's baseline, and to its track's centre line (points).
        public static let baselineOffset: Double = 13
        public static let trackOffset: Double = 27
        /// Thickness of a track, and the thumb's radius (points).
        public static let trackHeight: Double = 4
        public static let thumbRadius: Double = 8
        /// How far above and below its track a press still takes a slider (points).
        public static let hitSlop: Double = 12
        /// The buttons: size, space between them and above them (points).
        public static let buttonWidth: Double = 76
        public static let buttonHeight: Double = 24
        public static let buttonSpacing: Double = 8
        public static let buttonsTopSpacing: Double = 6

        public static let background = Color(red: 0.07, green: 0.07, blue: 0.09, alpha: 0.78)
        public static let border = Color(red: 1, green: 1, blue: 1, alpha: 0.10)
        public static let title = Color(red: 1, green: 1, blue: 1, alpha: 0.60)
        public static let label = Color(red: 1, green: 1, blue: 1, alpha: 0.88)
        public static let value = Color(red: 1, green: 1, blue: 1, alpha: 1)
        public static let track = Color(red: 1, green: 1, blue: 1, alpha: 0.18)
        /// The part of a track below the thumb (the system accent blue).
        public static let fill = Color(red: 0.04, green: 0.52, blue: 1)
        public static let thumb = Color(red: 0.97, green: 0.97, blue: 0.98)
        public static let thumbShadow = Color(red: 0, green: 0, blue: 0, alpha: 0.45)
        public static let button = Color(red: 1, green: 1, blue: 1, alpha: 0.12)
        public static let buttonPressed = Color(red: 1, green: 1, blue: 1, alpha: 0.28)
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
        /// The value shown, read from the effect (`parameterValue`).
        public internal(set) var value: Double
        /// `value` as the row shows it: whole numbers for whole-number parameters, otherwise as many
        /// decimals as the range needs (`0.55`, `1.5`, `8`). Formatted only when the value changes.
        public internal(set) var valueText: String
        /// The track, in points from the view's top-left.
        public internal(set) var track: Rect = .zero
        /// Where a press takes this slider: the track, widened by the thumb and `hitSlop`.
        public internal(set) var hitRect: Rect = .zero
        /// The text's baseline, in points from the view's top.
        public internal(set) var baseline: Double = 0

        /// How far along the track the value lies, 0…1.
        public var fraction: Double {
            let span = parameter.range.upperBound - parameter.range.lowerBound
            return span > 0 ? min(max((value - parameter.range.lowerBound) / span, 0), 1) : 0
        }

        /// The thumb's centre, in points.
        public var thumbCenter: Point {
            Point(x: track.minX + fraction * track.width, y: track.minY + track.height / 2)
        }

        /// The point on the track that sets `value` (for tests and scripted input).
        public func location(of value: Double) -> Point {
            let span = parameter.range.upperBound - parameter.range.lowerBound
            let t = span > 0 ? min(max((value - parameter.range.lowerBound) / span, 0), 1) : 0
            return Point(x: track.minX + t * track.width, y: track.minY + track.height / 2)
        }

        /// The smallest step a drag makes: 1 for whole numbers, else one unit of the last decimal shown.
        public var step: Double {
            if parameter.isInteger { return 1 }
            var s = 1.0
            for _ in 0..<ControlsPanel.decimals(for: parameter) { s /= 10 }
            return s
        }
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

    public struct Button: Equatable {
        public let kind: ButtonKind
        /// In points from the view's top-left.
        public internal(set) var frame: Rect = .zero
        /// Whether it is pressed with the pointer still over it (drawn lighter).
        public internal(set) var isHighlighted = false
    }

    /// The effects whose parameters the sliders set, in drawing order.
    public let effects: [any Effect]
    /// The line at the top: the effect's title, or the chain's names.
    public let title: String
    public private(set) var sliders: [Slider]
    /// Replay (when an effect draws in stages), then Reset, right-aligned under the sliders.
    public private(set) var buttons: [Button]
    /// The panel's rect, in points from the view's top-left; laid out for `layoutSize`.
    public private(set) var frame: Rect = .zero
    /// The view size the rects were laid out for.
    public private(set) var layoutSize: Size = .zero
    /// The title's baseline, in points from the view's top.
    public private(set) var titleBaseline: Double = 0
    /// Whether the panel shows. Hidden, it takes no press and costs nothing.
    public var isVisible: Bool {
        didSet { if !isVisible { endPress() } }
    }
    private enum Target: Equatable {
        case slider(Int, grabOffset: Double)
        case button(Int)
        case background
    }
    private var pressed: Target?

    /// A panel for `effects` (the scene's chain), hidden until `isVisible` is set.
    public init(effects: [any Effect], isVisible: Bool = false) {
        self.effects = effects
        self.isVisible = isVisible
        title = effects.count == 1 ? effects[0].descriptor.title : effects.map(\.descriptor.name).joined(separator: " + ")
        var sliders: [Slider] = []
        let names = EffectInstanceNames.names(of: effects)
        for (index, effect) in effects.enumerated() {
            for p in effect.descriptor.parameters {
                let value = effect.parameterValue(p.name) ?? p.defaultValue
                sliders.append(Slider(name: effects.count == 1 ? p.name : "\(names[index]).\(p.name)",
                                      parameter: p, effectIndex: index, value: value, valueText: Self.format(value, for: p)))
            }
        }
        self.sliders = sliders
        let replays = effects.contains { $0.drawingProgress != nil }
        buttons = (replays ? [Button(kind: .replay)] : []) + [Button(kind: .reset)]
    }

    /// The panel's width in points: `Style.minimumWidth`, or wider when a row's name and value
    /// (at the `Style.characterWidth` bound) or the title would not fit.
    public var width: Double {
        var chars = title.count + 4
        for s in sliders { chars = max(chars, s.name.count + Self.widestValue(s.parameter).count + 3) }
        return max(Style.minimumWidth, Double(chars) * Style.characterWidth + 2 * Style.padding)
    }

    /// The panel's height in points.
    public var height: Double {
        Style.padding + Style.titleHeight + Style.titleSpacing + Double(sliders.count) * Style.rowHeight
            + Style.buttonsTopSpacing + Style.buttonHeight + Style.padding
    }

    // MARK: - Each frame

    /// Reads the effects' values and lays the panel out for a view of `viewSize` points, when
    /// either changed; does nothing while hidden. Call once a frame before drawing.
    public func update(viewSize: Size) {
        guard isVisible else { return }
        if viewSize != layoutSize { layOut(viewSize) }
        var i = 0
        while i < sliders.count {  // an index loop: no iterator allocation in debug builds
            let s = sliders[i]
            if let v = effects[s.effectIndex].parameterValue(s.parameter.name), v != s.value { show(v, at: i) }
            i += 1
        }
    }

    private func layOut(_ viewSize: Size) {
        layoutSize = viewSize
        let w = width
        frame = Rect(x: viewSize.width - Style.margin - w, y: Style.top, width: w, height: height)
        let left = frame.minX + Style.padding
        let right = frame.maxX - Style.padding
        titleBaseline = frame.minY + Style.padding + Style.baselineOffset
        var top = frame.minY + Style.padding + Style.titleHeight + Style.titleSpacing
        for i in sliders.indices {
            let r = Style.thumbRadius
            let track = Rect(x: left + r, y: top + Style.trackOffset - Style.trackHeight / 2,
                             width: max(right - left - 2 * r, 1), height: Style.trackHeight)
            sliders[i].track = track
            sliders[i].baseline = top + Style.baselineOffset
            sliders[i].hitRect = Rect(x: track.minX - r, y: track.minY - Style.hitSlop,
                                      width: track.width + 2 * r, height: track.height + 2 * Style.hitSlop)
            top += Style.rowHeight
        }
        var x = right
        for i in buttons.indices.reversed() {
            buttons[i].frame = Rect(x: x - Style.buttonWidth, y: top + Style.buttonsTopSpacing, width: Style.buttonWidth, height: Style.buttonHeight)
            x -= Style.buttonWidth + Style.buttonSpacing
        }
    }

    /// The slider named `name` (`amplitude`, or `blur.radius` in a chain).
    public func slider(named name: String) -> Slider? {
        sliders.first { $0.name == name }
    }

    /// The button of `kind`, if the panel has one.
    public func button(_ kind: ButtonKind) -> Button? {
        buttons.first { $0.kind == kind }
    }

    // MARK: - The pointer

    /// Takes a press on the panel: on a slider it sets the value under the pointer (or grabs the
    /// thumb where it was pressed), on a button it arms it, on the background it does nothing.
    /// A press off the panel, or while it is hidden, is left to the tear and the effect.
    public func begin(_ press: PointerEvent, viewSize: Size) -> Bool {
        guard isVisible else { return false }
        if viewSize != layoutSize && viewSize != .zero { layOut(viewSize) }
        let p = press.location
        guard frame.contains(p) else { return false }
        if let i = sliders.firstIndex(where: { $0.hitRect.contains(p) }) {
            // On the thumb, the thumb keeps its place under the pointer; elsewhere it jumps there.
            let thumb = sliders[i].thumbCenter
            let grab = abs(p.x - thumb.x) <= Style.thumbRadius ? thumb.x - p.x : 0
            pressed = .slider(i, grabOffset: grab)
            drag(i, to: p.x + grab)
        } else if let i = buttons.firstIndex(where: { $0.frame.contains(p) }) {
            pressed = .button(i)
            setHighlight(i, true)
        } else {
            pressed = .background
        }
        return true
    }

    /// Follows a press the panel took: a slider's value follows the pointer; a button acts when
    /// released over it. A cancelled press ends with no action (the value stays where it was dragged).
    public func track(_ event: PointerEvent, viewSize: Size) {
        guard let pressed else { return }
        switch pressed {
        case let .slider(i, grab):
            if event.phase != .cancel { drag(i, to: event.location.x + grab) }
        case let .button(i):
            let inside = buttons[i].frame.contains(event.location)
            setHighlight(i, inside && event.phase == .move)
            if event.phase == .up && inside { perform(buttons[i].kind) }
        case .background:
            break
        }
        if event.phase == .up || event.phase == .cancel { self.pressed = nil }
    }

    /// Whether the panel owns a press now.
    public var isPressed: Bool { pressed != nil }

    private func endPress() {
        if case let .button(i) = pressed { setHighlight(i, false) }
        pressed = nil
    }

    private func setHighlight(_ i: Int, _ on: Bool) {
        guard buttons[i].isHighlighted != on else { return }
        buttons[i].isHighlighted = on
    }

    /// Sets slider `i` to the value at `x` points on its track: clamped to the range, snapped to
    /// the slider's step, and sent to the effect.
    private func drag(_ i: Int, to x: Double) {
        let s = sliders[i]
        let t = s.track.width > 0 ? min(max((x - s.track.minX) / s.track.width, 0), 1) : 0
        let value = Self.snap(s.parameter.range.lowerBound + t * (s.parameter.range.upperBound - s.parameter.range.lowerBound), for: s.parameter)
        set(i, to: value)
    }

    /// Sets slider `i`, and its effect's parameter, to `value` (clamped and snapped as a drag
    /// would): what a keyboard or a script would call.
    public func set(_ name: String, to value: Double) {
        guard let i = sliders.firstIndex(where: { $0.name == name }) else { return }
        set(i, to: Self.snap(value, for: sliders[i].parameter))
    }

    private func set(_ i: Int, to value: Double) {
        let s = sliders[i]
        guard value != s.value else { return }
        effects[s.effectIndex].setParameter(s.parameter.name, to: value)
        show(effects[s.effectIndex].parameterValue(s.parameter.name) ?? value, at: i)
    }

    private func show(_ value: Double, at i: Int) {
        sliders[i].value = value
        sliders[i].valueText = Self.format(value, for: sliders[i].parameter)
    }

    /// What a button does: Reset puts every parameter of every effect back to its default;
    /// Replay starts the staged drawings again.
    public func perform(_ kind: ButtonKind) {
        switch kind {
        case .reset:
            for e in effects { e.resetParameters() }
            for i in sliders.indices {
                let s = sliders[i]
                let v = effects[s.effectIndex].parameterValue(s.parameter.name) ?? s.parameter.defaultValue
                if v != s.value { show(v, at: i) }
            }
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
