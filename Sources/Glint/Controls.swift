import Foundation
import GlintCore
import GlintRender

/// Glint's controls share one look, readable over any shader: a dark translucent track, the
/// accent colour (`.tint`, blue by default) for what is on, a white knob.
enum ControlStyle {
    /// A slider's or toggle's height, in points.
    static let height = 24.0
    /// A slider's width when nothing is proposed.
    static let idealSliderWidth = 200.0
    /// The track's thickness.
    static let trackThickness = 6.0
    /// The knob's diameter.
    static let knob = 20.0
    /// A toggle's switch size.
    static let switchWidth = 44.0
    /// A pad's side when nothing is proposed, its corner radius and its cross-hairs' thickness.
    static let idealPadSide = 120.0
    static let padRadius = 6.0
    static let padLine = 1.0
    /// The track behind the value.
    static let track = Color(white: 0.35, opacity: 0.75)
    /// The knob.
    static let knobColor = Color(white: 0.98)
    /// The knob's rim, and how it is drawn.
    static let knobRim = Color(white: 0, opacity: 0.35)
    static let rimStroke = StrokeStyle(lineWidth: 1)
    /// A control that does not respond is drawn at this opacity.
    static let disabledOpacity = 0.45
    /// A button's corner radius and padding.
    static let buttonRadius = 7.0
    static let buttonPadding = EdgeInsets(top: 6, leading: 14, bottom: 6, trailing: 14)
    /// How much darker a held button is.
    static let pressedDarkening = 0.75
}

/// A control drawn by Glint from its rect: a slider's track and knob, a toggle's switch.
struct ControlLeaf {
    enum Kind {
        case slider(fraction: Double)
        case toggle(isOn: Bool)
        /// Where the knob is across and down, 0…1 each.
        case pad(x: Double, y: Double)
    }
    var kind: Kind
    var tint: Color
    var isEnabled: Bool
    var isPressed: Bool
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
        graph.withNode(.stack(axis: .horizontal, alignment: 0.5, spacing: 12)) { graph in
            graph.makeChild(view.label)
            let range = view.bounds.upperBound - view.bounds.lowerBound
            let current = view.value.wrappedValue
            let fraction = range > 0 && current.isFinite ? min(max((current - view.bounds.lowerBound) / range, 0), 1) : 0
            let identity = ViewGraph.mix(graph.currentIdentity, 0x5_11DE)
            let pressed = graph.store.isTracking(identity)
            let index = graph.addGesture(GestureHandler(
                recognizer: .slider(view.value, view.bounds, step: view.step, onEditingChanged: view.onEditingChanged),
                identity: identity, isEnabled: graph.environment.isEnabled))
            graph.withNode(.gesture(index)) { graph in
                graph.addNode(.control(ControlLeaf(kind: .slider(fraction: fraction), tint: graph.environment.tint ?? .accentColor,
                                                   isEnabled: graph.environment.isEnabled, isPressed: pressed)))
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

    /// A button showing `label` that runs `action`.
    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action
        self.label = label()
    }

    public var body: Never { fatalError("Button has no body") }

    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        let identity = ViewGraph.mix(graph.currentIdentity, 0xB077_0)
        let pressed = graph.store.isTracking(identity)
        let enabled = graph.environment.isEnabled
        var plate = graph.environment.tint ?? .accentColor
        if pressed { plate = plate.darkened(by: ControlStyle.pressedDarkening) }
        let index = graph.addGesture(GestureHandler(recognizer: .button(view.action), identity: identity, isEnabled: enabled))
        graph.withNode(.gesture(index)) { graph in
            graph.withNode(.opacity(enabled ? 1 : ControlStyle.disabledOpacity)) { graph in
                graph.withNode(.background(.center)) { graph in
                    graph.withNode(.group) { graph in
                        graph.withNode(.padding(ControlStyle.buttonPadding)) { graph in
                            let saved = graph.environment
                            graph.environment.foregroundStyle = .color(.white)
                            graph.makeChild(view.label)
                            graph.environment = saved
                        }
                    }
                    graph.withNode(.group) { graph in
                        graph.addNode(.shape(ShapeLeaf(shape: ShapeSource(RoundedRectangle(cornerRadius: ControlStyle.buttonRadius)),
                                                       fill: .color(plate), fillStyle: FillStyle())))
                    }
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
        let index = graph.addGesture(GestureHandler(recognizer: .toggle(view.isOn), identity: identity, isEnabled: graph.environment.isEnabled))
        graph.withNode(.gesture(index)) { graph in
            graph.withNode(.stack(axis: .horizontal, alignment: 0.5, spacing: 12)) { graph in
                graph.makeChild(view.label)
                graph.addNode(.control(ControlLeaf(kind: .toggle(isOn: view.isOn.wrappedValue), tint: graph.environment.tint ?? .green,
                                                   isEnabled: graph.environment.isEnabled, isPressed: graph.store.isTracking(identity))))
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
        let index = graph.addGesture(GestureHandler(recognizer: .pad(x: view.x, y: view.y, view.xBounds, view.yBounds),
                                                    identity: identity, isEnabled: graph.environment.isEnabled))
        graph.withNode(.gesture(index)) { graph in
            graph.addNode(.control(ControlLeaf(kind: .pad(x: fraction(view.x.wrappedValue, view.xBounds), y: fraction(view.y.wrappedValue, view.yBounds)),
                                               tint: graph.environment.tint ?? .accentColor,
                                               isEnabled: graph.environment.isEnabled, isPressed: graph.store.isTracking(identity))))
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
final class ColorChannels {
    /// The store slot it is kept in.
    static let slot = 7
    /// The channels' tints: red, green, blue, and grey for opacity.
    static let tints = [Color(red: 0.95, green: 0.26, blue: 0.26), Color(red: 0.2, green: 0.8, blue: 0.35),
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
