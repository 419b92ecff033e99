import Foundation
import Glint
import GlintCore
import GlintRender

/// The controls of Glint's effects, as a view: a row per parameter the effects declare (its
/// name, its value, a `Slider` over its range; a `Toggle` for a toggle, an `XYPad` for a point,
/// a slider per component for a vector, a swatch and a slider per channel for a colour), then a
/// Reset button (every parameter back to its
/// default) and, when an effect draws itself in stages, a Replay button. The `glint` window's
/// controls panel, made of the library's views:
///
/// ```swift
/// HStack(spacing: 0) {
///     EffectView(harmonic)
///     EffectControls(effects: [harmonic]).frame(width: 248)
/// }
/// ```
///
/// Rows are named as `--param` names them: the parameter's name for one effect, `wave.strength`
/// or `blur#2.radius` in a chain (`EffectInstanceNames`). A value shows as `ControlsPanel.format`
/// writes it: whole numbers plain, others with as many decimals as the range needs; a slider
/// sets the effect's parameter at once, snapped as the row shows it (whole-number parameters to
/// whole numbers). The rows scroll (`ScrollView`) when taller than the space offered, on the
/// panel's dark background; sizes and colours are `ControlsPanel.Style`'s, the sliders and
/// buttons the library's own, tinted to match. `ControlsDock` docks it beside an effect.
public struct EffectControls: View {
    /// The effects whose parameters the rows set, in drawing order.
    public let effects: [any Effect]

    /// Controls for `effects` (a chain, in drawing order).
    public init(effects: [any Effect]) {
        self.effects = effects
    }

    /// A primitive view has no body.
    public var body: Never { fatalError("EffectControls has no body") }

    /// Makes the rows from a model kept by the view's identity, made again only when the effects
    /// change: a steady frame allocates nothing.
    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        let model = graph.kept(slot: EffectControlsModel.slot, make: { EffectControlsModel(effects: view.effects) },
                               isCurrent: { $0.shows(view.effects) })
        graph.makeChild(EffectControlsContent(model: model))
    }
}

/// What `EffectControls` shows for one list of effects: the panel's model (names, title, sizes,
/// Reset and Replay) and a binding per row, made once.
final class EffectControlsModel {
    /// The store slot it is kept in.
    static let slot = 5

    /// One parameter's row (`ControlsPanel.Slider`).
    struct Row {
        let id: Int
        let name: String
        /// What the row and a colour's swatch are found by in the laid-out tree (made once).
        let identifier: String
        let swatchIdentifier: String
        let parameter: EffectParameter
        let control: ControlsPanel.Control
        /// Which component a slider sets.
        let component: Int
        /// The component a slider sets; a pad's x.
        let value: Binding<Double>
        /// A pad's y (for other rows, the same as `value`).
        let y: Binding<Double>
        /// A switch's value.
        let isOn: Binding<Bool>
        /// The effect, for the swatch's colour.
        let effect: any Effect
    }

    let panel: ControlsPanel
    let rows: [Row]
    let hasReplay: Bool
    let reset: () -> Void
    let replay: () -> Void

    init(effects: [any Effect]) {
        let panel = ControlsPanel(effects: effects)
        self.panel = panel
        rows = panel.sliders.enumerated().map { index, slider in
            let effect = effects[slider.effectIndex]
            let value = Binding(location: ParameterLocation(effect, slider.parameter, component: slider.component))
            return Row(id: index, name: slider.name, identifier: slider.identifier, swatchIdentifier: slider.swatchIdentifier,
                       parameter: slider.parameter, control: slider.control, component: slider.component, value: value,
                       y: slider.control == .pad ? Binding(location: ParameterLocation(effect, slider.parameter, component: 1)) : value,
                       isOn: Binding(location: ToggleLocation(effect, slider.parameter)), effect: effect)
        }
        hasReplay = panel.buttons.contains(.replay)
        reset = { panel.perform(.reset) }
        replay = { panel.perform(.replay) }
    }

    /// Whether it was made for `effects` (the same objects, in the same order).
    func shows(_ effects: [any Effect]) -> Bool {
        guard effects.count == panel.effects.count else { return false }
        var i = 0
        while i < effects.count {  // an index loop: no iterator allocation in debug builds
            if effects[i] !== panel.effects[i] { return false }
            i += 1
        }
        return true
    }
}

/// An effect's parameter as a slider's value: read from the effect, written to it snapped as
/// the row shows it (`ControlsPanel.snap`), so a slider sets exactly 3.3, not 3.3000000000000003.
/// One component of a parameter of several (a point's y, a colour's green).
final class ParameterLocation: BindingLocation<Double> {
    let effect: any Effect
    let parameter: EffectParameter
    let component: Int

    init(_ effect: any Effect, _ parameter: EffectParameter, component: Int = 0) {
        self.effect = effect
        self.parameter = parameter
        self.component = component
    }

    override var value: Double {
        get { effect.setting(parameter.name, component: component) ?? parameter.defaults[component] }
        set {
            let snapped = ControlsPanel.snap(newValue, for: parameter)
            if snapped != value { effect.setParameter(parameter.name, component: component, to: snapped) }
        }
    }
}

/// A toggle's parameter as a switch's value: on is 1, off 0.
final class ToggleLocation: BindingLocation<Bool> {
    let effect: any Effect
    let parameter: EffectParameter

    init(_ effect: any Effect, _ parameter: EffectParameter) {
        self.effect = effect
        self.parameter = parameter
    }

    override var value: Bool {
        get { (effect.setting(parameter.name) ?? parameter.defaultValue) != 0 }
        set { effect.setParameter(parameter.name, to: newValue ? 1 : 0) }
    }
}

/// The panel's views: title, rule, rows, buttons, padded, scrolling, on the panel's background.
struct EffectControlsContent: View {
    let model: EffectControlsModel
    typealias S = ControlsPanel.Style

    var body: some View {
        ScrollView(.vertical) {
            VStack(alignment: .leading, spacing: 0) {
                Text(verbatim: model.panel.title)
                    .foregroundStyle(Color(S.title))
                    .frame(height: CGFloat(S.titleHeight), alignment: .leading)
                    .accessibilityIdentifier(ControlsPanel.Identifier.title)
                // The rule under the title, in the middle of the space below it.
                Color(S.track)
                    .frame(height: CGFloat(S.borderWidth))
                    .padding(.vertical, CGFloat((S.titleSpacing - S.borderWidth) / 2))
                EffectControlRows(rows: model.rows)
                HStack(spacing: CGFloat(S.buttonSpacing)) {
                    Spacer(minLength: 0)
                    if model.hasReplay {
                        PanelButton(title: ControlsPanel.ButtonKind.replay.title, action: model.replay)
                            .accessibilityIdentifier(ControlsPanel.Identifier.button(.replay))
                    }
                    PanelButton(title: ControlsPanel.ButtonKind.reset.title, action: model.reset)
                        .accessibilityIdentifier(ControlsPanel.Identifier.button(.reset))
                }
                .padding(.top, CGFloat(S.buttonsTopSpacing))
            }
            .padding(CGFloat(S.padding))
            .font(.system(size: CGFloat(S.textSize), weight: .bold))
        }
        .background(Color(S.background))
        .controlStyle(S.controls)
        .accessibilityIdentifier(ControlsPanel.Identifier.panel)
    }
}

/// The rows, each identified by its index (a `ForEach` without the key path and closure it
/// would make every frame).
struct EffectControlRows: View {
    let rows: [EffectControlsModel.Row]

    var body: Never { fatalError("EffectControlRows has no body") }

    static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        var i = 0
        while i < view.rows.count {
            graph.makeChild(EffectControlRow(row: view.rows[i]).accessibilityIdentifier(view.rows[i].identifier), identifiedBy: view.rows[i].id)
            i += 1
        }
    }
}

/// A parameter's row, as `ControlsPanel.layout` lays it out: its name at the left and value at
/// the right over a line of text, then its slider (`ControlsPanel.Style.rowHeight` tall) or pad;
/// or its name, and at the right its switch, or its value and swatch.
struct EffectControlRow: View {
    let row: EffectControlsModel.Row
    typealias S = ControlsPanel.Style

    var body: some View {
        switch row.control {
        case .slider: EffectSliderRow(row: row)
        case .toggle: EffectToggleRow(row: row)
        case .pad: EffectPadRow(row: row)
        case .swatch: EffectSwatchRow(row: row)
        }
    }
}

/// A number's (or one component's) row: name and value, then the slider. A colour's channel is
/// tinted with its channel's colour.
struct EffectSliderRow: View {
    let row: EffectControlsModel.Row
    typealias S = ControlsPanel.Style

    /// The tint of channel `index` of a colour's sliders: the library `ColorPicker`'s.
    static let channelTints = ColorChannels.tints

    var body: some View {
        VStack(spacing: 0) {
            HStack(spacing: 0) {
                // One line each, at their own widths (the panel is made wide enough for both).
                Text(verbatim: row.name).foregroundStyle(Color(S.label)).fixedSize()
                Spacer(minLength: 0)
                Text(verbatim: ControlsPanel.format(row.value.wrappedValue, for: row.parameter)).foregroundStyle(Color(S.value)).fixedSize()
            }
            // The label line ends where the slider's centre line is `trackOffset` below the row's top.
            .frame(height: CGFloat(S.trackOffset - S.sliderHeight / 2))
            // The knob's centre travels along `ControlsPanel`'s track (the row inset by the thumb's
            // radius), so the panel's public layout says where each value is.
            Slider(value: row.value, in: row.parameter.range, step: row.parameter.isInteger ? 1 : nil)
                .tint(row.parameter.kind == .color ? Self.channelTints[row.component] : Color(S.fill))
                .padding(.horizontal, CGFloat(S.thumbRadius - S.knobDiameter / 2))
        }
        .frame(height: CGFloat(S.rowHeight), alignment: .top)
    }
}

/// A toggle's row: its name, and the library `Toggle`'s switch at the right.
struct EffectToggleRow: View {
    let row: EffectControlsModel.Row
    typealias S = ControlsPanel.Style

    var body: some View {
        HStack(spacing: 0) {
            Text(verbatim: row.name).foregroundStyle(Color(S.label)).fixedSize()
            Spacer(minLength: 0)
            Toggle(isOn: row.isOn) { EmptyView() }.tint(Color(S.fill))
        }
        .frame(height: CGFloat(S.toggleRowHeight))
    }
}

/// A point's row: its name and value (`x, y`), then the library `XYPad` across the row.
struct EffectPadRow: View {
    let row: EffectControlsModel.Row
    typealias S = ControlsPanel.Style

    var body: some View {
        VStack(spacing: 0) {
            HStack(spacing: 0) {
                Text(verbatim: row.name).foregroundStyle(Color(S.label)).fixedSize()
                Spacer(minLength: 0)
                Text(verbatim: ControlsPanel.format(x: row.value.wrappedValue, y: row.y.wrappedValue, for: row.parameter))
                    .foregroundStyle(Color(S.value)).fixedSize()
            }
            .frame(height: CGFloat(S.trackOffset - S.sliderHeight / 2))
            XYPad(x: row.value, y: row.y, in: row.parameter.range, row.parameter.range)
                .tint(Color(S.fill))
                .frame(height: CGFloat(S.padHeight))
        }
        .frame(height: CGFloat(S.padRowHeight), alignment: .top)
    }
}

/// A colour's row above its channels' sliders: its name, its value (`#ff8800`) and a swatch of it.
struct EffectSwatchRow: View {
    let row: EffectControlsModel.Row
    typealias S = ControlsPanel.Style
    /// The swatch's corner radius and the space between the value and the swatch (points).
    static let swatchRadius = 4.0
    static let swatchSpacing = 8.0

    var body: some View {
        let p = row.parameter
        func channel(_ c: Int) -> Double { row.effect.setting(p.name, component: c) ?? p.defaults[c] }
        let alpha = p.components == 4 ? channel(3) : nil
        return HStack(spacing: 0) {
            Text(verbatim: row.name).foregroundStyle(Color(S.label)).fixedSize()
            Spacer(minLength: 0)
            Text(verbatim: ControlsPanel.hex(red: channel(0), green: channel(1), blue: channel(2), alpha: alpha))
                .foregroundStyle(Color(S.value)).fixedSize()
                .padding(.trailing, CGFloat(Self.swatchSpacing))
            RoundedRectangle(cornerRadius: CGFloat(Self.swatchRadius))
                .fill(Color(red: channel(0), green: channel(1), blue: channel(2), opacity: alpha ?? 1))
                .frame(width: CGFloat(S.swatchWidth), height: CGFloat(S.swatchHeight))
                .accessibilityIdentifier(row.swatchIdentifier)
        }
        .frame(height: CGFloat(S.swatchRowHeight))
    }
}

/// Reset or Replay: a library `Button` the panel's size, on its translucent plate.
struct PanelButton: View {
    let title: String
    let action: () -> Void
    typealias S = ControlsPanel.Style

    var body: some View {
        let padding = S.controls.buttonPadding
        Button(action: action) {
            Text(verbatim: title)
                .foregroundStyle(Color(S.buttonText))
                .frame(width: CGFloat(S.buttonWidth) - padding.leading - padding.trailing,
                       height: CGFloat(S.buttonHeight) - padding.top - padding.bottom)
        }
        .buttonStyle(.borderedProminent)
        .tint(Color(S.button))
    }
}
