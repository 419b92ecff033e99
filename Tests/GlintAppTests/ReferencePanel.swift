import GlintCore

/// The window's controls panel as `glint` laid it out and drove it by hand before the panel
/// became library views (`EffectControls` docked by `ControlsDock`): the reference the window
/// tests click and look at. Its placement is `ControlsPanel.placement(in:)`'s; its rows, buttons
/// and scroll bar are where the old panel put them, from `ControlsPanel.Style`'s sizes and the
/// old panel's row geometry below.
final class ReferencePanel {
    /// Sizes in points and colours of the panel; the renderer scales the sizes to pixels.
    enum Style {
        /// Size of every text on the panel (points).
        static let textSize: Double = 12
        /// An upper bound on the advance of one character at `textSize` in the overlay's fonts
        /// (DejaVu Sans Bold averages 0.6 em): the panel is laid out without a font, and a test
        /// checks every built-in effect's rows fit with the real one.
        static let characterWidth: Double = 0.66 * textSize
        /// Space inside the panel around its content (points).
        static let padding: Double = 12
        /// The panel's width when its texts are short (points).
        static let minimumWidth: Double = 248
        /// The least the docked panel leaves the effect's view across the side it docks on, unless
        /// the frame itself is smaller (points): at 640x400 the view keeps 392x400.
        static let minimumContentSide: Double = 160
        /// The largest share of a portrait frame's height the panel docked below takes; its rows
        /// scroll past that.
        static let maximumBottomShare: Double = 0.5
        /// Corner radius of the buttons (points).
        static let cornerRadius: Double = 6
        /// Height of the title line, and the space under it (points).
        static let titleHeight: Double = 18
        static let titleSpacing: Double = 10
        /// Height of one slider's row: a line of text, then the track (points).
        static let rowHeight: Double = 40
        /// From a row's top to its text's baseline, and to its track's centre line (points).
        static let baselineOffset: Double = 13
        static let trackOffset: Double = 27
        /// Thickness of a track, and the thumb's radius (points).
        static let trackHeight: Double = 4
        static let thumbRadius: Double = 8
        /// How far above and below its track a press still takes a slider (points).
        static let hitSlop: Double = 12
        /// The buttons: size, space between them and above them (points).
        static let buttonWidth: Double = 76
        static let buttonHeight: Double = 24
        static let buttonSpacing: Double = 8
        static let buttonsTopSpacing: Double = 6
        /// How far one notch of the mouse wheel scrolls the rows (points): one row.
        static let scrollStep: Double = rowHeight
        /// The scroll bar shown while the rows are taller than the panel: its width, its inset
        /// from the panel's edges, and the shortest its thumb gets (points).
        static let scrollBarWidth: Double = 4
        static let scrollBarInset: Double = 3
        static let scrollThumbMinimum: Double = 24
        /// Thickness of the line between the panel and the effect's view (points).
        static let borderWidth: Double = 1

        /// Opaque: the panel sits beside the effect, never over it.
        static let background = Color(red: 0.09, green: 0.09, blue: 0.11)
        static let border = Color(red: 1, green: 1, blue: 1, alpha: 0.14)
        static let scrollBar = Color(red: 1, green: 1, blue: 1, alpha: 0.08)
        static let scrollThumb = Color(red: 1, green: 1, blue: 1, alpha: 0.45)
        static let title = Color(red: 1, green: 1, blue: 1, alpha: 0.60)
        static let label = Color(red: 1, green: 1, blue: 1, alpha: 0.88)
        static let value = Color(red: 1, green: 1, blue: 1, alpha: 1)
        static let track = Color(red: 1, green: 1, blue: 1, alpha: 0.18)
        /// The part of a track below the thumb (the system accent blue).
        static let fill = Color(red: 0.04, green: 0.52, blue: 1)
        static let thumb = Color(red: 0.97, green: 0.97, blue: 0.98)
        static let thumbShadow = Color(red: 0, green: 0, blue: 0, alpha: 0.45)
        static let button = Color(red: 1, green: 1, blue: 1, alpha: 0.12)
        static let buttonPressed = Color(red: 1, green: 1, blue: 1, alpha: 0.28)
        static let buttonText = Color(red: 1, green: 1, blue: 1, alpha: 0.92)
    }

    /// One parameter's slider.
    struct Slider: Equatable {
        /// What the row says: the parameter's name, or `effect.name` in a chain (as `--param`).
        let name: String
        /// The parameter as its effect declares it.
        let parameter: EffectParameter
        /// Which of `effects` it belongs to.
        let effectIndex: Int
        /// The value shown, read from the effect (`parameterValue`).
        internal(set) var value: Double
        /// `value` as the row shows it: whole numbers for whole-number parameters, otherwise as many
        /// decimals as the range needs (`0.55`, `1.5`, `8`). Formatted only when the value changes.
        internal(set) var valueText: String
        /// The track, in points from the view's top-left.
        internal(set) var track: Rect = .zero
        /// Where a press takes this slider: the track, widened by the thumb and `hitSlop`.
        internal(set) var hitRect: Rect = .zero
        /// The text's baseline, in points from the view's top.
        internal(set) var baseline: Double = 0

        /// How far along the track the value lies, 0…1.
        var fraction: Double {
            let span = parameter.range.upperBound - parameter.range.lowerBound
            return span > 0 ? min(max((value - parameter.range.lowerBound) / span, 0), 1) : 0
        }

        /// The thumb's centre, in points.
        var thumbCenter: Point {
            Point(x: track.minX + fraction * track.width, y: track.minY + track.height / 2)
        }

        /// The point on the track that sets `value` (for tests and scripted input).
        func location(of value: Double) -> Point {
            let span = parameter.range.upperBound - parameter.range.lowerBound
            let t = span > 0 ? min(max((value - parameter.range.lowerBound) / span, 0), 1) : 0
            return Point(x: track.minX + t * track.width, y: track.minY + track.height / 2)
        }

        /// The smallest step a drag makes: 1 for whole numbers, else one unit of the last decimal shown.
        var step: Double {
            if parameter.isInteger { return 1 }
            var s = 1.0
            for _ in 0..<ControlsPanel.decimals(for: parameter) { s /= 10 }
            return s
        }
    }

    /// A button under the sliders.
    enum ButtonKind: String, Equatable, Sendable {
        /// Starts the staged drawings again (only for effects that have one).
        case replay
        /// Puts every parameter back to its default.
        case reset

        /// The button's text.
        var title: String { self == .replay ? "Replay" : "Reset" }
    }

    struct Button: Equatable {
        let kind: ButtonKind
        /// In points from the view's top-left.
        internal(set) var frame: Rect = .zero
        /// Whether it is pressed with the pointer still over it (drawn lighter).
        internal(set) var isHighlighted = false
    }

    /// Where the panel docks: beside the effect's view on the right, or below it.
    enum Dock: String, Equatable, Sendable {
        /// A column at the frame's right edge, full height: frames at least as wide as tall.
        case right
        /// A band along the frame's bottom, full width: frames taller than wide.
        case bottom
    }

    /// How a frame is shared between the panel and the effect's view.
    struct Placement: Equatable, Sendable {
        var dock: Dock
        /// The panel's rect, in points from the frame's top-left.
        var frame: Rect
        /// The effect's view: the rest of the frame, from its top-left corner.
        var content: Rect
    }

    /// The effects whose parameters the sliders set, in drawing order.
    let effects: [any Effect]
    /// The line at the top: the effect's title, or the chain's names.
    let title: String
    private(set) var sliders: [Slider]
    /// Replay (when an effect draws in stages), then Reset, right-aligned under the sliders.
    private(set) var buttons: [Button]
    /// The panel's width when docked at the right, in whole points: `Style.minimumWidth`, or wider
    /// when a row's name and value (at the `Style.characterWidth` bound) or the title would not fit.
    let width: Double
    /// The height of everything on the panel, title to buttons, in points: when the panel is
    /// shorter, its rows scroll.
    let height: Double
    /// The panel's rect, in points from the frame's top-left; laid out for `layoutSize`.
    private(set) var frame: Rect = .zero
    /// Where the panel docks in the frame it was laid out for.
    private(set) var dock: Dock = .right
    /// The frame size (the window's, or `render`'s `--size`) the rects were laid out for.
    private(set) var layoutSize: Size = .zero
    /// The title's baseline, in points from the frame's top.
    private(set) var titleBaseline: Double = 0
    /// How far the rows are scrolled up, in points: 0 at the top, at most `maxScrollOffset`.
    private(set) var scrollOffset: Double = 0
    /// The scroll bar's track at the panel's inner right edge, and its thumb; `.zero` while
    /// everything fits and there is nothing to scroll.
    private(set) var scrollBar: Rect = .zero
    private(set) var scrollThumb: Rect = .zero
    /// Whether the panel shows. Hidden, it takes no press and costs nothing.
    var isVisible: Bool {
        didSet { if !isVisible { endPress() } }
    }
    private enum Target: Equatable {
        case slider(Int, grabOffset: Double)
        case button(Int)
        /// A drag on the background moves the rows with the pointer.
        case background(startY: Double, startOffset: Double)
        /// A drag on the scroll bar moves its thumb with the pointer.
        case scrollBar(grabOffset: Double)
    }
    private var pressed: Target?

    /// A panel for `effects` (the scene's chain), hidden until `isVisible` is set.
    init(effects: [any Effect], isVisible: Bool = false) {
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
    func placement(in size: Size) -> Placement {
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

    /// The furthest the rows scroll: how much taller they are than the panel (0 when they fit).
    var maxScrollOffset: Double { max(0, height - frame.height) }

    // MARK: - Each frame

    /// Reads the effects' values and lays the panel out in a frame of `viewSize` points (the
    /// whole window, panel and effect's view together), when either changed; does nothing while
    /// hidden. Call once a frame before drawing.
    func update(viewSize: Size) {
        guard isVisible else { return }
        layOut(in: viewSize)
        var i = 0
        while i < sliders.count {  // an index loop: no iterator allocation in debug builds
            let s = sliders[i]
            if let v = effects[s.effectIndex].parameterValue(s.parameter.name), v != s.value { show(v, at: i) }
            i += 1
        }
    }

    /// Lays the panel out in a frame of `size` points if it is shown and was laid out for
    /// another size (a scene calls it before handing the panel any event).
    func layOut(in size: Size) {
        guard isVisible, size != layoutSize else { return }
        layoutSize = size
        let placement = placement(in: size)
        dock = placement.dock
        frame = placement.frame
        layOutRows()
    }

    /// Places the title, rows, buttons and scroll bar in `frame`, the rows moved up by
    /// `scrollOffset` (clamped first: a taller panel scrolls less).
    private func layOutRows() {
        scrollOffset = min(max(scrollOffset, 0), maxScrollOffset)
        let left = frame.minX + Style.padding
        let right = frame.maxX - Style.padding
        let origin = frame.minY - scrollOffset
        titleBaseline = origin + Style.padding + Style.baselineOffset
        var top = origin + Style.padding + Style.titleHeight + Style.titleSpacing
        var i = 0
        while i < sliders.count {
            let r = Style.thumbRadius
            let track = Rect(x: left + r, y: top + Style.trackOffset - Style.trackHeight / 2,
                             width: max(right - left - 2 * r, 1), height: Style.trackHeight)
            sliders[i].track = track
            sliders[i].baseline = top + Style.baselineOffset
            sliders[i].hitRect = Rect(x: track.minX - r, y: track.minY - Style.hitSlop,
                                      width: track.width + 2 * r, height: track.height + 2 * Style.hitSlop)
            top += Style.rowHeight
            i += 1
        }
        var x = right
        i = buttons.count - 1
        while i >= 0 {
            buttons[i].frame = Rect(x: x - Style.buttonWidth, y: top + Style.buttonsTopSpacing, width: Style.buttonWidth, height: Style.buttonHeight)
            x -= Style.buttonWidth + Style.buttonSpacing
            i -= 1
        }
        let span = maxScrollOffset
        guard span > 0 else {
            scrollBar = .zero
            scrollThumb = .zero
            return
        }
        let inset = Style.scrollBarInset
        scrollBar = Rect(x: frame.maxX - inset - Style.scrollBarWidth, y: frame.minY + inset,
                         width: Style.scrollBarWidth, height: max(frame.height - 2 * inset, 0))
        let length = min(scrollBar.height, max(Style.scrollThumbMinimum, scrollBar.height * frame.height / height))
        scrollThumb = Rect(x: scrollBar.minX, y: scrollBar.minY + (scrollBar.height - length) * scrollOffset / span,
                           width: scrollBar.width, height: length)
    }

    /// Scrolls the rows so that they are `offset` points up from the top (clamped to
    /// 0…`maxScrollOffset`).
    func scroll(to offset: Double) {
        let clamped = min(max(offset, 0), maxScrollOffset)
        guard clamped != scrollOffset else { return }
        scrollOffset = clamped
        layOutRows()
    }

    /// Takes a turn of the mouse wheel over the panel: a notch away from the user scrolls up
    /// towards the title by `Style.scrollStep`. Returns whether the panel took it (shown, and
    /// the pointer over it); a wheel elsewhere is not the panel's.
    @discardableResult
    func scroll(_ event: ScrollEvent) -> Bool {
        guard isVisible, frame.contains(event.location) else { return false }
        scroll(to: scrollOffset - event.dy * Style.scrollStep)
        return true
    }

    /// The slider named `name` (`amplitude`, or `blur.radius` in a chain).
    func slider(named name: String) -> Slider? {
        sliders.first { $0.name == name }
    }

    /// The button of `kind`, if the panel has one.
    func button(_ kind: ButtonKind) -> Button? {
        buttons.first { $0.kind == kind }
    }

    // MARK: - The pointer

    /// Takes a press on the panel: on a slider it sets the value under the pointer (or grabs the
    /// thumb where it was pressed), on a button it arms it, on the scroll bar or the background
    /// it starts a scroll. A press off the panel, or while it is hidden, is left to the tear and
    /// the effect. `viewSize` is the frame to lay out in if the panel has not been laid out yet.
    func begin(_ press: PointerEvent, viewSize: Size) -> Bool {
        guard isVisible else { return false }
        if layoutSize == .zero && viewSize != .zero { layOut(in: viewSize) }
        let p = press.location
        guard frame.contains(p) else { return false }
        if scrollBar != .zero && p.x > frame.maxX - Style.padding {
            // On the thumb it keeps its place under the pointer; elsewhere on the bar it centres there.
            let onThumb = p.y >= scrollThumb.minY && p.y <= scrollThumb.maxY
            let grab = onThumb ? scrollThumb.minY - p.y : -scrollThumb.height / 2
            pressed = .scrollBar(grabOffset: grab)
            moveScrollThumb(to: p.y + grab)
        } else if let i = sliders.firstIndex(where: { $0.hitRect.contains(p) }) {
            // On the thumb, the thumb keeps its place under the pointer; elsewhere it jumps there.
            let thumb = sliders[i].thumbCenter
            let grab = abs(p.x - thumb.x) <= Style.thumbRadius ? thumb.x - p.x : 0
            pressed = .slider(i, grabOffset: grab)
            drag(i, to: p.x + grab)
        } else if let i = buttons.firstIndex(where: { $0.frame.contains(p) }) {
            pressed = .button(i)
            setHighlight(i, true)
        } else {
            pressed = .background(startY: p.y, startOffset: scrollOffset)
        }
        return true
    }

    /// Follows a press the panel took: a slider's value follows the pointer; a button acts when
    /// released over it; the rows follow a drag on the background, the thumb one on the scroll
    /// bar. A cancelled press ends with no action (the value stays where it was dragged).
    func track(_ event: PointerEvent, viewSize: Size) {
        guard let pressed else { return }
        switch pressed {
        case let .slider(i, grab):
            if event.phase != .cancel { drag(i, to: event.location.x + grab) }
        case let .button(i):
            let inside = buttons[i].frame.contains(event.location)
            setHighlight(i, inside && event.phase == .move)
            if event.phase == .up && inside { perform(buttons[i].kind) }
        case let .background(startY, startOffset):
            if event.phase != .cancel { scroll(to: startOffset - (event.location.y - startY)) }
        case let .scrollBar(grab):
            if event.phase != .cancel { moveScrollThumb(to: event.location.y + grab) }
        }
        if event.phase == .up || event.phase == .cancel { self.pressed = nil }
    }

    /// Scrolls so that the scroll bar's thumb starts at `y` points.
    private func moveScrollThumb(to y: Double) {
        let travel = scrollBar.height - scrollThumb.height
        guard travel > 0 else { return }
        scroll(to: (y - scrollBar.minY) / travel * maxScrollOffset)
    }

    /// Whether the panel owns a press now.
    var isPressed: Bool { pressed != nil }

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
    func set(_ name: String, to value: Double) {
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
    func perform(_ kind: ButtonKind) {
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
    static func decimals(for parameter: EffectParameter) -> Int {
        let span = parameter.range.upperBound - parameter.range.lowerBound
        if parameter.isInteger || span >= 50 { return 0 }
        return span >= 5 ? 1 : 2
    }

    /// `value` rounded to the step `parameter`'s slider shows, within its range.
    static func snap(_ value: Double, for parameter: EffectParameter) -> Double {
        var scale = 1.0
        for _ in 0..<decimals(for: parameter) { scale *= 10 }
        let snapped = (value * scale).rounded() / scale
        return min(max(snapped, parameter.range.lowerBound), parameter.range.upperBound)
    }

    /// `value` as a slider's row shows it: `6`, `1.5`, `0.55`, `-0.15`. Built by appending to a
    /// string short enough to live inline, so a drag formats its values without allocating.
    static func format(_ value: Double, for parameter: EffectParameter) -> String {
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
