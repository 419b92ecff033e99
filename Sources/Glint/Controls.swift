import Foundation
import GlintCore
import GlintRender

/// A control's parts as built-in shapes laid over its frame (`ShapeSource.Kind.placed`): the
/// renderer draws them as it draws any shape. The frame takes the space proposed where it is
/// finite, else the control's ideal size (`NodeKind.idealSize`).
enum ControlParts {
    /// A built-in shape placed in its control's frame, filled (or stroked) with `color`.
    static func add(_ graph: inout ViewGraph, _ shape: ShapeSource.Builtin, x: ShapePlacement.Rule, y: ShapePlacement.Rule,
                    inset: Double = 0, _ color: Color, stroke: StrokeStyle? = nil) {
        graph.addNode(.shape(ShapeLeaf(shape: ShapeSource(kind: .placed(shape, ShapePlacement(x: x, y: y, inset: inset))),
                                       fill: .color(color), fillStyle: FillStyle(), stroke: stroke)))
    }

    /// A knob of `style` at `x`, `y`: the white disc (darker while held) and its rim.
    static func knob(_ graph: inout ViewGraph, x: ShapePlacement.Rule, y: ShapePlacement.Rule, style: ControlStyle,
                     pressed: Bool, dim: Double) {
        let knob = pressed ? style.knob.darkened(by: style.pressedKnobDarkening) : style.knob
        add(&graph, .ellipse, x: x, y: y, knob.dimmed(dim))
        add(&graph, .ellipse, x: x, y: y, inset: style.knobRimWidth / 2, style.knobRim.dimmed(dim),
            stroke: StrokeStyle(lineWidth: CGFloat(style.knobRimWidth)))
    }
}

extension Color {
    /// The colour at `dim` of its opacity, or itself at 1 (a disabled control's parts).
    func dimmed(_ dim: Double) -> Color { dim == 1 ? self : opacity(dim) }
}

/// A value chosen by dragging a knob along a track, as SwiftUI's `Slider`: a press on the
/// track off the knob moves the knob there; a press on the knob grabs it where it is (the value
/// does not jump), and a drag moves it along keeping the offset between the pointer and the
/// knob's centre; with a `step` the value snaps to whole steps from the range's start. The label
/// (if any) sits before the track.
public struct Slider<Label: View>: View {
    let value: Binding<Double>
    let bounds: ClosedRange<Double>
    let step: Double?
    let label: Label
    let onEditingChanged: ((Bool) -> Void)?

    /// A slider of `value` in `bounds`, snapping to `step`, with `label` before it.
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride? = nil,
                                        @ViewBuilder label: () -> Label, onEditingChanged: ((Bool) -> Void)? = nil)
        where V.Stride: BinaryFloatingPoint {
        if let doubles = value as? Binding<Double> {
            self.value = doubles
        } else {
            self.value = Binding(get: { Double(value.wrappedValue) }, set: { value.wrappedValue = V($0) })
        }
        self.bounds = Double(bounds.lowerBound)...Double(bounds.upperBound)
        self.step = step.map { Double($0) }
        self.label = label()
        self.onEditingChanged = onEditingChanged
    }

    public var body: Never { fatalError("Slider has no body") }

    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        let style = graph.environment.controlStyle
        graph.withNode(.stack(axis: .horizontal, alignment: 0.5, spacing: style.labelSpacing)) { graph in
            graph.makeChild(view.label)
            let range = view.bounds.upperBound - view.bounds.lowerBound
            let current = view.value.wrappedValue
            let fraction = range > 0 && current.isFinite ? min(max((current - view.bounds.lowerBound) / range, 0), 1) : 0
            let identity = ViewGraph.mix(graph.currentIdentity, 0x5_11DE)
            let pressed = graph.store.isTracking(identity)
            let enabled = graph.environment.isEnabled
            let index = graph.addGesture(GestureHandler(
                recognizer: .slider(view.value, view.bounds, step: view.step, onEditingChanged: view.onEditingChanged),
                identity: identity, isEnabled: enabled, knob: style.knobDiameter))
            let tint = graph.environment.tint ?? .accentColor
            let dim = enabled ? 1 : style.disabledOpacity
            if enabled { graph.focusOrder.append(identity) }
            graph.withNode(.gesture(index)) { graph in
              graph.withFocusRing(identity, cornerRadius: style.controlHeight / 2) { graph in
                graph.withNode(.idealSize(width: style.idealSliderWidth, height: style.controlHeight, flexibleWidth: true, flexibleHeight: false)) { graph in
                    // The track, the part of it below the value in the tint, the knob at the value.
                    let half = style.trackThickness / 2, inset = style.knobDiameter / 2
                    let corner = ShapeSource.Builtin.roundedRectangle(CGSize(width: half, height: half))
                    ControlParts.add(&graph, corner, x: .whole, y: .centred(length: style.trackThickness), style.track.dimmed(dim))
                    ControlParts.add(&graph, corner, x: .upTo(fraction: fraction, inset: inset), y: .centred(length: style.trackThickness),
                                     tint.dimmed(dim))
                    ControlParts.knob(&graph, x: .at(fraction: fraction, inset: inset, length: style.knobDiameter),
                                      y: .centred(length: style.knobDiameter), style: style, pressed: pressed, dim: dim)
                }
              }
            }
        }
    }
}

extension Slider where Label == EmptyView {
    /// A slider with no label.
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride? = nil,
                                        onEditingChanged: ((Bool) -> Void)? = nil) where V.Stride: BinaryFloatingPoint {
        self.init(value: value, in: bounds, step: step, label: { EmptyView() }, onEditingChanged: onEditingChanged)
    }
}

/// A control that runs an action when pressed and released on it, as SwiftUI's `Button`:
/// the label on a rounded plate of the accent colour, darker while held.
public struct Button<Label: View>: View {
    let action: () -> Void
    let label: Label
    let role: ButtonRole?

    /// A button showing `label` that runs `action`.
    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.init(role: nil, action: action, label: label)
    }

    /// A button with a role (a destructive one's label is red) showing `label` that runs `action`.
    public init(role: ButtonRole?, action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action
        self.label = label()
        self.role = role
    }

    public var body: Never { fatalError("Button has no body") }

    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        let enabled = graph.environment.isEnabled
        let style = graph.environment.controlStyle
        let label = view.label
        if case .primitive(let primitive) = graph.buttonStyle {
            // The style takes the presses itself and calls trigger().
            let action = enabled ? view.action : {}
            graph.withNode(.opacity(enabled ? 1 : style.disabledOpacity)) { graph in
                graph.makePrimitiveButton(primitive, role: view.role, action: action, label: { $0.makeChild(label) })
            }
            return
        }
        let identity = ViewGraph.mix(graph.currentIdentity, 0xB077_0)
        let pressed = graph.store.isTracking(identity)
        // An item of an open `Menu` closes it once it has run.
        var action = view.action
        if let dismiss = graph.menuDismiss {
            let run = view.action
            action = { run(); dismiss() }
        }
        var tint = graph.environment.tint ?? .accentColor
        if view.role == .destructive { tint = .red }
        let index = graph.addGesture(GestureHandler(recognizer: .button(action), identity: identity, isEnabled: enabled))
        if enabled { graph.focusOrder.append(identity) }
        graph.withNode(.gesture(index)) { graph in
          graph.withFocusRing(identity, cornerRadius: style.buttonCornerRadius) { graph in
            graph.withNode(.opacity(enabled ? 1 : style.disabledOpacity)) { graph in
                switch graph.buttonStyle {
                case .custom(let custom):
                    graph.makeCustomButton(custom, isPressed: pressed, role: view.role, label: { $0.makeChild(label) })
                case .builtIn(let kind):
                    makeBuiltIn(kind, label: label, tint: tint, pressed: pressed, style: style, into: &graph)
                case .primitive:
                    break
                }
            }
          }
        }
    }

    /// SwiftUI's built-in looks: a label in the tint colour (borderless, the automatic style),
    /// as it is (plain), on a light plate of the tint (bordered), white on the tint (prominent).
    private static func makeBuiltIn(_ kind: BuiltInButtonStyle, label: Label, tint: Color, pressed: Bool, style: ControlStyle,
                                    into graph: inout ViewGraph) {
        switch kind {
        case .borderless, .plain:
            graph.withNode(.opacity(pressed ? style.pressedLabelOpacity : 1)) { graph in
                let saved = graph.environment
                if kind == .borderless { graph.environment.foregroundStyle = .color(tint) }
                graph.makeChild(label)
                graph.environment = saved
            }
        case .bordered, .borderedProminent:
            let prominent = kind == .borderedProminent
            var plate = prominent ? tint : tint.opacity(style.borderedPlateOpacity)
            if pressed { plate = prominent ? plate.darkened(by: style.pressedButtonDarkening) : tint.opacity(2 * style.borderedPlateOpacity) }
            graph.withNode(.background(.center)) { graph in
                graph.withNode(.group) { graph in
                    graph.withNode(.padding(style.buttonPadding)) { graph in
                        let saved = graph.environment
                        graph.environment.foregroundStyle = .color(prominent ? .white : tint)
                        graph.makeChild(label)
                        graph.environment = saved
                    }
                }
                graph.withNode(.group) { graph in
                    graph.addNode(.shape(ShapeLeaf(shape: ShapeSource(RoundedRectangle(cornerRadius: style.buttonCornerRadius)),
                                                   fill: .color(plate), fillStyle: FillStyle())))
                }
            }
        }
    }
}

extension Button where Label == Text {
    /// A button titled `title` that runs `action`.
    public init<S: StringProtocol>(_ title: S, action: @escaping () -> Void) {
        self.init(action: action) { Text(title) }
    }

    /// A button titled `title`, with a role, that runs `action`.
    public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping () -> Void) {
        self.init(role: role, action: action) { Text(title) }
    }
}

/// A switch between on and off, as SwiftUI's `Toggle`: the label, then the switch; a press
/// released on it flips the value.
public struct Toggle<Label: View>: View {
    let isOn: Binding<Bool>
    let label: Label

    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        self.label = label()
    }

    public var body: Never { fatalError("Toggle has no body") }

    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        let identity = ViewGraph.mix(graph.currentIdentity, 0x7066_1E)
        let style = graph.environment.controlStyle
        let enabled = graph.environment.isEnabled
        let index = graph.addGesture(GestureHandler(recognizer: .toggle(view.isOn), identity: identity, isEnabled: enabled))
        let isOn = view.isOn.wrappedValue
        let tint = graph.environment.tint ?? .green
        let dim = enabled ? 1 : style.disabledOpacity
        if enabled { graph.focusOrder.append(identity) }
        if graph.toggleStyle != .switch {
            let kind = graph.toggleStyle
            let plain = graph.environment.tint ?? .accentColor
            graph.withNode(.gesture(index)) { graph in
                graph.withFocusRing(identity, cornerRadius: style.buttonCornerRadius) { graph in
                    graph.withNode(.opacity(dim)) { graph in
                        makeStyled(kind, label: view.label, isOn: isOn, tint: plain, style: style, into: &graph)
                    }
                }
            }
            return
        }
        graph.withNode(.gesture(index)) { graph in
          graph.withFocusRing(identity, cornerRadius: style.controlHeight / 2) { graph in
            graph.withNode(.stack(axis: .horizontal, alignment: 0.5, spacing: style.labelSpacing)) { graph in
                graph.makeChild(view.label)
                let w = style.switchWidth, h = style.controlHeight, knob = style.knobDiameter
                graph.withNode(.idealSize(width: w, height: h, flexibleWidth: false, flexibleHeight: false)) { graph in
                    // The switch in the tint when on, the knob at the end it is switched to.
                    ControlParts.add(&graph, .roundedRectangle(CGSize(width: h / 2, height: h / 2)), x: .whole, y: .whole,
                                     (isOn ? tint : style.track).dimmed(dim))
                    let pad = (h - knob) / 2
                    ControlParts.add(&graph, .ellipse, x: .fixed(origin: isOn ? w - pad - knob : pad, length: knob),
                                     y: .fixed(origin: pad, length: knob), style.knob.dimmed(dim))
                }
            }
          }
        }
    }
}

extension Toggle where Label == Text {
    /// A toggle titled `title`.
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(title) }
    }
}

/// Two values chosen together by pressing or dragging a knob on a pad: x across, y down (as a
/// view's points), each in its own range. A press anywhere on the pad moves the knob there; a
/// drag follows the pointer, clamped to the pad (the knob's centre stays half a knob in from
/// every edge). Drawn as the `Slider` is: a dark translucent pad, cross-hairs of the accent
/// colour (`.tint`) through a white knob. It fills what it is offered (120 points a side when
/// nothing is).
///
/// ```swift
/// XYPad(x: $center.x, y: $center.y, in: 0...1, 0...1).frame(height: 96)
/// ```
public struct XYPad: View {
    let x: Binding<Double>
    let y: Binding<Double>
    let xBounds: ClosedRange<Double>
    let yBounds: ClosedRange<Double>

    /// A pad setting `x` in `xBounds` across and `y` in `yBounds` down.
    public init(x: Binding<Double>, y: Binding<Double>, in xBounds: ClosedRange<Double> = 0...1, _ yBounds: ClosedRange<Double> = 0...1) {
        self.x = x
        self.y = y
        self.xBounds = xBounds
        self.yBounds = yBounds
    }

    public var body: Never { fatalError("XYPad has no body") }

    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        func fraction(_ v: Double, _ bounds: ClosedRange<Double>) -> Double {
            let span = bounds.upperBound - bounds.lowerBound
            return span > 0 && v.isFinite ? min(max((v - bounds.lowerBound) / span, 0), 1) : 0
        }
        let identity = ViewGraph.mix(graph.currentIdentity, 0x9AD_2D)
        let style = graph.environment.controlStyle
        let enabled = graph.environment.isEnabled
        let index = graph.addGesture(GestureHandler(recognizer: .pad(x: view.x, y: view.y, view.xBounds, view.yBounds),
                                                    identity: identity, isEnabled: enabled, knob: style.knobDiameter))
        let fx = fraction(view.x.wrappedValue, view.xBounds), fy = fraction(view.y.wrappedValue, view.yBounds)
        let tint = graph.environment.tint ?? .accentColor
        let dim = enabled ? 1 : style.disabledOpacity
        let pressed = graph.store.isTracking(identity)
        graph.withNode(.gesture(index)) { graph in
            let side = style.idealPadSide
            graph.withNode(.idealSize(width: side, height: side, flexibleWidth: true, flexibleHeight: true)) { graph in
                // The pad, cross-hairs of the tint through the knob, the knob at the value.
                let radius = style.padCornerRadius, line = style.padLineWidth, inset = style.knobDiameter / 2
                ControlParts.add(&graph, .roundedRectangle(CGSize(width: radius, height: radius)), x: .whole, y: .whole, style.track.dimmed(dim))
                ControlParts.add(&graph, .rectangle, x: .whole, y: .at(fraction: fy, inset: inset, length: line), tint.dimmed(dim))
                ControlParts.add(&graph, .rectangle, x: .at(fraction: fx, inset: inset, length: line), y: .whole, tint.dimmed(dim))
                ControlParts.knob(&graph, x: .at(fraction: fx, inset: inset, length: style.knobDiameter),
                                  y: .at(fraction: fy, inset: inset, length: style.knobDiameter), style: style, pressed: pressed, dim: dim)
            }
        }
    }
}

/// A colour chosen with a slider per channel, as SwiftUI's `ColorPicker` (whose system panel
/// Glint has none of): the label and a swatch of the colour, then red, green and blue sliders
/// (and opacity, with `supportsOpacity`), each tinted its channel's colour. Made of the library's
/// `Slider`, `Text` and `RoundedRectangle`; the channels' bindings are made once for the view's
/// place in the tree, so a steady frame allocates nothing.
///
/// ```swift
/// ColorPicker("Tint", selection: $tint, supportsOpacity: false)
/// ```
public struct ColorPicker<Label: View>: View {
    let selection: Binding<Color>
    let supportsOpacity: Bool
    let label: Label

    /// A picker of `selection`, with an opacity slider when `supportsOpacity`, showing `label`.
    public init(selection: Binding<Color>, supportsOpacity: Bool = true, @ViewBuilder label: () -> Label) {
        self.selection = selection
        self.supportsOpacity = supportsOpacity
        self.label = label()
    }

    public var body: Never { fatalError("ColorPicker has no body") }

    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        let box = graph.store.extra(graph.currentIdentity, slot: ColorChannels.slot, initial: ColorChannels(view.selection))
        box.value.selection = view.selection
        graph.makeChild(ColorPickerContent(label: view.label, channels: box.value, supportsOpacity: view.supportsOpacity))
    }
}

extension ColorPicker where Label == Text {
    /// A picker titled `title`.
    public init<S: StringProtocol>(_ title: S, selection: Binding<Color>, supportsOpacity: Bool = true) {
        self.init(selection: selection, supportsOpacity: supportsOpacity) { Text(title) }
    }
}

/// A `ColorPicker`'s selection and a binding per channel of it, kept by the picker's identity.
package final class ColorChannels {
    /// The store slot it is kept in.
    static let slot = 7
    /// The channels' tints: red, green, blue, and grey for opacity.
    package static let tints = [Color(red: 0.95, green: 0.26, blue: 0.26), Color(red: 0.2, green: 0.8, blue: 0.35),
                        Color(red: 0.2, green: 0.5, blue: 1), Color(white: 0.85)]
    /// The swatch's size and corner radius (points).
    static let swatch = CGSize(width: 44, height: 20)
    static let swatchRadius = 4.0

    /// The binding of this frame's picker.
    var selection: Binding<Color>
    /// Red, green, blue, opacity.
    private(set) var channels: [Binding<Double>] = []

    init(_ selection: Binding<Color>) {
        self.selection = selection
        channels = (0..<4).map { Binding(location: ColorChannelLocation(self, $0)) }
    }
}

/// One channel of a `ColorPicker`'s selection, 0…1.
final class ColorChannelLocation: BindingLocation<Double> {
    unowned let owner: ColorChannels
    let index: Int

    init(_ owner: ColorChannels, _ index: Int) {
        self.owner = owner
        self.index = index
    }

    override var value: Double {
        get {
            let c = owner.selection.wrappedValue.resolved
            return Double(index == 0 ? c.red : index == 1 ? c.green : index == 2 ? c.blue : c.alpha)
        }
        set {
            let c = owner.selection.wrappedValue.resolved
            var (r, g, b, a) = (Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha))
            switch index {
            case 0: r = newValue
            case 1: g = newValue
            case 2: b = newValue
            default: a = newValue
            }
            owner.selection.wrappedValue = Color(red: r, green: g, blue: b, opacity: a)
        }
    }
}

/// A `ColorPicker`'s views: the label and swatch, then a slider per channel.
struct ColorPickerContent<Label: View>: View {
    let label: Label
    let channels: ColorChannels
    let supportsOpacity: Bool

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            HStack(spacing: 8) {
                label
                Spacer(minLength: 0)
                RoundedRectangle(cornerRadius: CGFloat(ColorChannels.swatchRadius))
                    .fill(channels.selection.wrappedValue)
                    .frame(width: ColorChannels.swatch.width, height: ColorChannels.swatch.height)
            }
            Slider(value: channels.channels[0]).tint(ColorChannels.tints[0])
            Slider(value: channels.channels[1]).tint(ColorChannels.tints[1])
            Slider(value: channels.channels[2]).tint(ColorChannels.tints[2])
            if supportsOpacity { Slider(value: channels.channels[3]).tint(ColorChannels.tints[3]) }
        }
    }
}

extension Color {
    /// The colour with its channels scaled by `factor` (< 1 darker).
    func darkened(by factor: Double) -> Color {
        Color(red: Double(resolved.red) * factor, green: Double(resolved.green) * factor,
              blue: Double(resolved.blue) * factor, opacity: Double(resolved.alpha))
    }
}

extension ViewStore {
    /// Whether the gesture of view `identity` is following a press now.
    func isTracking(_ identity: UInt64) -> Bool {
        guard hasExtra(identity, slot: GestureRouter.progressSlot) else { return false }
        let box: StateBox<GestureProgress> = extra(identity, slot: GestureRouter.progressSlot, initial: GestureProgress())
        return box.value.isTracking
    }
}
