import Foundation
import Glint
import GlintCore

/// The model of the window's controls panel (`EffectControls` docked by `ControlsDock`): a
/// row per parameter of the effects shown, generated from their descriptors (name, kind, range):
/// a slider for a number or whole number, a switch for a toggle, a 2-D pad for a point, a slider
/// per component for a vector, a swatch and a slider per channel for a colour; a Reset button that puts every parameter back to its default, and a
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
/// No geometry of its own: `EffectControls` and `ControlsDock` lay the panel out, and
/// `layout(in:scrollOffset:)` lays those views out and reads where their rows, sliders and buttons
/// are (the laid-out tree's `frame(identifiedBy:)`, `controls(identifiedBy:)`), so a script can
/// compute where a slider is and press it with `--input`.
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
        /// Height of a toggle's row: its name, and the switch at the right, centred (points).
        public static let toggleRowHeight: Double = 32
        /// Height of a colour's row above its channels' sliders: its name, value and swatch (points).
        public static let swatchRowHeight: Double = 24
        /// The swatch's size (points).
        public static let swatchWidth: Double = 44
        public static let swatchHeight: Double = 20
        /// The library `Toggle`'s switch (points).
        public static let switchWidth: Double = 44
        /// A point's pad under its line of text: its height, and the space below it (points).
        public static let padHeight: Double = 96
        public static let padBottomSpacing: Double = 6
        /// Height of a point's row: a line of text, then the pad (points).
        public static let padRowHeight: Double = trackOffset - sliderHeight / 2 + padHeight + padBottomSpacing
        /// From the title line's top to its text's baseline (points).
        public static let baselineOffset: Double = 13
        /// From a row's top to its slider's centre line (points).
        public static let trackOffset: Double = 27
        /// How far in from each end of a row the knob's centre stops (points): the track.
        public static let thumbRadius: Double = 8
        /// The library `Slider` each row holds: its height, and its knob's diameter (the knob's
        /// centre stays half a knob in from each end of the slider's frame), in points.
        public static let sliderHeight: Double = controls.controlHeight
        public static let knobDiameter: Double = controls.knobDiameter
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
        /// The panel's controls and scroll bar: Glint's standard look, its wheel scrolling a row a
        /// notch, its scroll bar in the panel's colours.
        public static let controls: ControlStyle = {
            var style = ControlStyle.standard
            style.scrollStep = scrollStep
            style.scrollBarWidth = scrollBarWidth
            style.scrollBarInset = scrollBarInset
            style.scrollThumbMinimum = scrollThumbMinimum
            style.scrollBar = Glint.Color(scrollBar)
            style.scrollThumb = Glint.Color(scrollThumb)
            return style
        }()
        /// Thickness of the line between the panel and the effect's view (points).
        public static let borderWidth: Double = 1

        /// Opaque: the panel sits beside the effect, never over it.
        public static let background = GlintCore.Color(red: 0.09, green: 0.09, blue: 0.11)
        public static let border = GlintCore.Color(red: 1, green: 1, blue: 1, alpha: 0.14)
        public static let scrollBar = GlintCore.Color(red: 1, green: 1, blue: 1, alpha: 0.08)
        public static let scrollThumb = GlintCore.Color(red: 1, green: 1, blue: 1, alpha: 0.45)
        public static let title = GlintCore.Color(red: 1, green: 1, blue: 1, alpha: 0.60)
        public static let label = GlintCore.Color(red: 1, green: 1, blue: 1, alpha: 0.88)
        public static let value = GlintCore.Color(red: 1, green: 1, blue: 1, alpha: 1)
        public static let track = GlintCore.Color(red: 1, green: 1, blue: 1, alpha: 0.18)
        /// The part of a track below the thumb (the system accent blue).
        public static let fill = GlintCore.Color(red: 0.04, green: 0.52, blue: 1)
        public static let button = GlintCore.Color(red: 1, green: 1, blue: 1, alpha: 0.12)
        public static let buttonText = GlintCore.Color(red: 1, green: 1, blue: 1, alpha: 0.92)
    }

    /// What a row holds.
    public enum Control: String, Equatable, Sendable {
        /// A slider of one component: a number, a whole number, a vector's component or a colour's channel.
        case slider
        /// A switch: a toggle.
        case toggle
        /// A 2-D pad: a point, x across, y down (as a view's points).
        case pad
        /// A colour's swatch, above its channels' sliders (pressing it does nothing).
        case swatch
    }

    /// One row: a parameter's slider, or for other kinds its switch, pad or swatch (`control`).
    public struct Slider: Equatable {
        /// What the row says: the parameter's name, or `effect.name` in a chain (as `--param`);
        /// a component's or channel's slider adds it: `glow.x`, `tint.r`.
        public let name: String
        /// The parameter as its effect declares it.
        public let parameter: EffectParameter
        /// Which of `effects` it belongs to.
        public let effectIndex: Int
        /// What the row holds.
        public var control: Control = .slider
        /// Which component of the parameter a slider sets (0 for a number).
        public var component = 0

        /// The identifier its row is found by in the laid-out views (`accessibilityIdentifier`).
        public var identifier: String { "glint.controls.row." + name }
        /// The identifier a colour's swatch is found by.
        public var swatchIdentifier: String { "glint.controls.swatch." + name }
    }

    /// The identifiers the panel's views are found by in the laid-out tree.
    public enum Identifier {
        /// The panel (`EffectControls`).
        public static let panel = "glint.controls"
        /// The title's line.
        public static let title = "glint.controls.title"
        /// A button: Reset, Replay.
        public static func button(_ kind: ButtonKind) -> String { kind == .reset ? reset : replay }
        static let reset = "glint.controls.button.reset"
        static let replay = "glint.controls.button.replay"
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
    public typealias Dock = DockLayout.Edge
    /// How a frame is shared between the panel and the effect's view.
    public typealias Placement = DockLayout.Placement

    /// The effects whose parameters the sliders set, in drawing order.
    public let effects: [any Effect]
    /// The line at the top: the effect's title, or the chain's names.
    public let title: String
    /// A row per parameter (per component for a vector, a swatch and a row per channel for a
    /// colour), the effects' in drawing order, each effect's in its descriptor's.
    public let sliders: [Slider]
    /// Replay (when an effect draws in stages), then Reset, right-aligned under the sliders.
    public let buttons: [ButtonKind]
    /// The panel's width when docked at the right, in whole points: `Style.minimumWidth`, or wider
    /// when a row's name and value (at the `Style.characterWidth` bound) or the title would not fit.
    /// (Its height is its views': the dock measures them.)
    public let width: Double

    /// The panel for `effects` (a chain, in drawing order).
    public init(effects: [any Effect]) {
        self.effects = effects
        title = effects.count == 1 ? effects[0].descriptor.title : effects.map(\.descriptor.name).joined(separator: " + ")
        var sliders: [Slider] = []
        let names = EffectInstanceNames.names(of: effects)
        for (index, effect) in effects.enumerated() {
            for p in effect.descriptor.parameters {
                let name = effects.count == 1 ? p.name : "\(names[index]).\(p.name)"
                switch p.kind {
                case .number, .wholeNumber:
                    sliders.append(Slider(name: name, parameter: p, effectIndex: index))
                case .toggle:
                    sliders.append(Slider(name: name, parameter: p, effectIndex: index, control: .toggle))
                case .point:
                    sliders.append(Slider(name: name, parameter: p, effectIndex: index, control: .pad))
                case .vector, .color:
                    if p.kind == .color { sliders.append(Slider(name: name, parameter: p, effectIndex: index, control: .swatch)) }
                    for c in 0..<p.components {
                        sliders.append(Slider(name: "\(name).\(p.componentName(c))", parameter: p, effectIndex: index, component: c))
                    }
                }
            }
        }
        self.sliders = sliders
        let replays = effects.contains { $0.drawingProgress != nil }
        buttons = (replays ? [.replay] : []) + [.reset]
        var chars = title.count + 4
        // Characters a switch or swatch takes, at the `characterWidth` bound.
        let control = Int((Style.switchWidth / Style.characterWidth).rounded(.up))
        for s in sliders {
            let value = Self.widestValue(s.parameter).count
            switch s.control {
            case .slider: chars = max(chars, s.name.count + value + 3)
            case .toggle: chars = max(chars, s.name.count + control + 3)
            case .pad: chars = max(chars, s.name.count + 2 * value + 5)
            case .swatch: chars = max(chars, s.name.count + 9 + control + 4)
            }
        }
        width = max(Style.minimumWidth, (Double(chars) * Style.characterWidth + 2 * Style.padding).rounded(.up))
    }

    /// How a frame of `size` points is shared while the panel shows (`DockLayout`): a column of
    /// `width` at the right for a frame at least as wide as tall, a band at the bottom (the
    /// panel's height, at most `Style.maximumBottomShare` of the frame) for a taller one; either
    /// leaves the effect's view at least `Style.minimumContentSide` points across, and the view
    /// starts at the frame's top-left. As the views lay it out; the last size's answer is kept,
    /// so a host asking every frame lays nothing out in a steady state.
    public func placement(in size: Size) -> Placement {
        if let kept = keptPlacement, kept.size == size { return kept.placement }
        let placement = layout(in: size).placement
        keptPlacement = (size, placement)
        return placement
    }
    private var keptPlacement: (size: Size, placement: Placement)?

    /// The rules the dock shares a frame by (`DockLayout`): the panel's width, and the style's
    /// least side of the view and largest share of a tall frame; the height is the views'.
    public var dock: DockLayout {
        DockLayout(panelWidth: width, minimumContentSide: Style.minimumContentSide,
                   maximumBottomShare: Style.maximumBottomShare, edgeWidth: Style.borderWidth)
    }

    /// Where everything on the panel lies in a frame of `size` points (the window's, or `render`'s
    /// `--size`), its rows scrolled up by `scrollOffset` points (clamped to what there is to
    /// scroll): in points from the frame's top-left. Read from the laid-out views: the
    /// panel (`ControlsDock` docking `EffectControls`) is laid out in `size` and its rows, controls
    /// and buttons found by their identifiers, so a script can compute where a slider is and
    /// press it with `--input`. The thumbs show the effects' values as they are now.
    public func layout(in size: Size, scrollOffset: Double = 0) -> Layout {
        var resolved = ResolvedView()
        let view = ControlsDock(effects: effects) { Glint.Color.clear }
        let container = CGSize(width: size.width, height: size.height)
        resolved.update(view, in: container)
        if scrollOffset != 0 {
            resolved.scroll(identifiedBy: Identifier.panel, to: scrollOffset)
            resolved.update(view, in: container)
        }
        let placement = resolved.dockPlacement
            ?? Placement(dock: .right, frame: Rect(x: size.width, y: 0, width: 0, height: size.height), content: Rect(size: size))
        let scroll = resolved.scroll(identifiedBy: Identifier.panel)
        var rows: [Layout.Slider] = []
        for s in sliders {
            let row = resolved.frame(identifiedBy: s.identifier) ?? .zero
            let hitRect: Rect, track: Rect
            if s.control == .swatch {
                hitRect = resolved.frame(identifiedBy: s.swatchIdentifier) ?? .zero
                track = hitRect
            } else {
                let control = resolved.controls(identifiedBy: s.identifier).first
                hitRect = control?.frame ?? .zero
                track = control?.track ?? .zero
            }
            let effect = effects[s.effectIndex], p = s.parameter
            let values = (0..<p.components).map { effect.setting(p.name, component: $0) ?? p.defaults[$0] }
            rows.append(Layout.Slider(name: s.name, parameter: p, control: s.control, component: s.component,
                                      values: values, row: row, track: track, hitRect: hitRect))
        }
        let buttons = buttons.map { Layout.Button(kind: $0, frame: resolved.frame(identifiedBy: Identifier.button($0)) ?? .zero) }
        let title = resolved.frame(identifiedBy: Identifier.title) ?? .zero
        return Layout(placement: placement, scrollOffset: scroll?.offset ?? 0, maxScrollOffset: scroll?.maxOffset ?? 0,
                      titleBaseline: title.minY + Style.baselineOffset,
                      sliders: rows, buttons: buttons, scrollBar: scroll?.bar ?? .zero, scrollThumb: scroll?.thumb ?? .zero)
    }

    /// Where the panel's parts lie in one frame, scrolled by one offset (`layout(in:scrollOffset:)`),
    /// in points from the frame's top-left.
    public struct Layout {
        /// One row and its control: a parameter's slider, or its switch, pad or swatch.
        public struct Slider {
            /// What the row says (as `--param` names it), and the parameter it sets.
            public let name: String
            public let parameter: EffectParameter
            /// What the row holds, and which component a slider sets.
            public let control: Control
            public let component: Int
            /// Every component's value when laid out (where a pad's knob shows).
            public let values: [Double]
            /// The row: a line of text, then the slider (or the pad); for a switch or swatch, the
            /// name and the control at the right; as tall as its view, inside the padding.
            public let row: Rect
            /// A slider's line the knob's centre travels, low end to high: the row inset by
            /// `Style.thumbRadius` at each end, `Style.trackOffset` below the row's top (no
            /// thickness). A pad's rect its knob's centre stays in. A switch's or swatch's frame.
            public let track: Rect
            /// Where a press takes the control: the library `Slider`'s frame, the track widened
            /// by half a knob at each end, `Style.sliderHeight` tall about the track; the pad; the
            /// switch; the swatch.
            public let hitRect: Rect

            /// The value of the component a slider sets when laid out: where the thumb shows
            /// (a switch's 1 or 0, a pad's x).
            public var value: Double { values[component] }

            /// The thumb's centre, showing `value` (a pad's knob, showing both).
            public var thumbCenter: Point {
                control == .pad ? location(x: values[0], y: values[1]) : location(of: value)
            }

            /// The point on a pad that sets `x` and `y` (clamped to the range): x across, y down.
            public func location(x: Double, y: Double) -> Point {
                let span = parameter.range.upperBound - parameter.range.lowerBound
                func t(_ v: Double) -> Double { span > 0 ? min(max((v - parameter.range.lowerBound) / span, 0), 1) : 0 }
                return Point(x: track.minX + t(x) * track.width, y: track.minY + t(y) * track.height)
            }

            /// The values a press on a pad at `point` sets, snapped as the row shows them.
            public func values(at point: Point) -> (x: Double, y: Double) {
                let range = parameter.range
                func v(_ along: Double, _ from: Double, _ length: Double) -> Double {
                    let t = length > 0 ? min(max((along - from) / length, 0), 1) : 0
                    return ControlsPanel.snap(range.lowerBound + t * (range.upperBound - range.lowerBound), for: parameter)
                }
                return (v(point.x, track.minX, track.width), v(point.y, track.minY, track.height))
            }

            /// The point on the track that sets `value` (clamped to the range).
            public func location(of value: Double) -> Point {
                let span = parameter.range.upperBound - parameter.range.lowerBound
                let t = span > 0 ? min(max((value - parameter.range.lowerBound) / span, 0), 1) : 0
                return Point(x: track.minX + t * track.width, y: track.minY)
            }

            /// The value a press at `x` points sets: clamped to the range and snapped as the row
            /// shows it (`ControlsPanel.snap`).
            public func value(at x: Double) -> Double {
                let t = track.width > 0 ? min(max((x - track.minX) / track.width, 0), 1) : 0
                let range = parameter.range
                return ControlsPanel.snap(range.lowerBound + t * (range.upperBound - range.lowerBound), for: parameter)
            }
        }

        /// A button under the rows.
        public struct Button: Equatable {
            public let kind: ButtonKind
            public let frame: Rect
        }

        /// Where the panel docks, its rect and the effect's view beside it (`placement(in:)`).
        public let placement: Placement
        /// How far the rows are scrolled up: 0 at the top, at most `maxScrollOffset`.
        public let scrollOffset: Double
        /// The furthest the rows scroll: how much taller they are than the panel (0 when they fit).
        public let maxScrollOffset: Double
        /// The title's baseline.
        public let titleBaseline: Double
        /// A row per slider, in the panel's order.
        public let sliders: [Slider]
        /// Replay (when there is one), then Reset, right-aligned under the rows.
        public let buttons: [Button]
        /// The scroll bar at the panel's right edge, and its thumb; `.zero` while the rows fit.
        public let scrollBar: Rect
        public let scrollThumb: Rect

        /// Where the panel docks.
        public var dock: Dock { placement.dock }
        /// The panel's rect.
        public var frame: Rect { placement.frame }

        /// The slider named `name` (`amplitude`, or `blur.radius` in a chain).
        public func slider(named name: String) -> Slider? { sliders.first { $0.name == name } }

        /// The button of `kind`, if the panel has one.
        public func button(_ kind: ButtonKind) -> Button? { buttons.first { $0.kind == kind } }
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

    /// A colour's value as its swatch row shows it: `#ff8800`, with a fourth byte when `alpha`
    /// is given (`#ff880080`); channels 0…1, clamped. Short enough to live inline: no allocation.
    public static func hex(red: Double, green: Double, blue: Double, alpha: Double? = nil) -> String {
        var text = "#"
        func append(_ channel: Double) {
            let byte = Int((min(max(channel.isFinite ? channel : 0, 0), 1) * 255).rounded())
            func digit(_ d: Int) { text.unicodeScalars.append(Unicode.Scalar(UInt8(d < 10 ? 48 + d : 87 + d))) }
            digit(byte / 16)
            digit(byte % 16)
        }
        append(red)
        append(green)
        append(blue)
        if let alpha { append(alpha) }
        return text
    }

    /// A point's value as its pad's row shows it: `0.50, 0.25`.
    public static func format(x: Double, y: Double, for parameter: EffectParameter) -> String {
        format(x, for: parameter) + ", " + format(y, for: parameter)
    }

    /// The longest text a value of `parameter` can show, for sizing.
    static func widestValue(_ parameter: EffectParameter) -> String {
        let a = format(parameter.range.lowerBound, for: parameter)
        let b = format(parameter.range.upperBound, for: parameter)
        return a.count >= b.count ? a : b
    }
}
