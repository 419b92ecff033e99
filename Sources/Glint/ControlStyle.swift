import Foundation
import GlintCore

/// How Glint's controls look and measure, as a theme: `Slider`, `Toggle`, `XYPad`, `Button`
/// and `ScrollView`'s bar read it from the environment (`controlStyle(_:)`), never from a panel of
/// the app. The defaults (`standard`) are Glint's one look, readable over any shader: a dark
/// translucent track, the accent colour (`.tint`, blue by default) for what is on, a white knob.
///
/// ```swift
/// var style = ControlStyle.standard
/// style.knobDiameter = 16
/// Slider(value: $radius, in: 0...64).controlStyle(style)
/// ```
///
/// Sizes are in points.
public struct ControlStyle: Hashable, Sendable {
    /// A slider's and a toggle's height: the knob travels along its middle.
    public var controlHeight: Double = 24
    /// A slider's width when nothing is proposed.
    public var idealSliderWidth: Double = 200
    /// The track's thickness.
    public var trackThickness: Double = 6
    /// The knob's diameter. A slider's knob stops half a knob in from each end of its frame.
    public var knobDiameter: Double = 20
    /// A toggle's switch width.
    public var switchWidth: Double = 44
    /// A pad's side when nothing is proposed, its corner radius and its cross-hairs' thickness.
    public var idealPadSide: Double = 120
    public var padCornerRadius: Double = 6
    public var padLineWidth: Double = 1
    /// Space between a control's label and the control.
    public var labelSpacing: Double = 12
    /// The track behind the value, a toggle's switch when off, the pad.
    public var track = Color(white: 0.35, opacity: 0.75)
    /// The knob, and the factor it darkens by while held.
    public var knob = Color(white: 0.98)
    public var pressedKnobDarkening: Double = 0.88
    /// The knob's rim and its line width.
    public var knobRim = Color(white: 0, opacity: 0.35)
    public var knobRimWidth: Double = 1
    /// A control that does not respond is drawn at this opacity.
    public var disabledOpacity: Double = 0.45
    /// A button's corner radius, the padding around its label, and how much darker it is while held.
    public var buttonCornerRadius: Double = 7
    public var buttonPadding = EdgeInsets(top: 6, leading: 14, bottom: 6, trailing: 14)
    public var pressedButtonDarkening: Double = 0.75
    /// How opaque a borderless or plain button's label is while pressed.
    public var pressedLabelOpacity: Double = 0.5
    /// How opaque a bordered button's plate of its tint is (twice that while pressed).
    public var borderedPlateOpacity: Double = 0.18
    /// How far one notch of the mouse wheel scrolls a `ScrollView`.
    public var scrollStep: Double = 40
    /// A scroll view's bar: its width, its inset from the scroll view's edges, the shortest its
    /// thumb gets, and how far left of the bar a press still takes it (the bar is thin).
    public var scrollBarWidth: Double = 4
    public var scrollBarInset: Double = 3
    public var scrollThumbMinimum: Double = 24
    public var scrollBarHitMargin: Double = 2
    /// The scroll bar's track and thumb.
    public var scrollBar = Color(GlintCore.Color(red: 1, green: 1, blue: 1, alpha: 0.08))
    public var scrollThumb = Color(GlintCore.Color(red: 1, green: 1, blue: 1, alpha: 0.45))

    /// Glint's look.
    public init() {}

    /// Glint's look: every control's default.
    public static let standard = ControlStyle()
}

extension View {
    /// The look and metrics of the controls in this view (`Slider`, `Toggle`, `XYPad`, `Button`,
    /// `ScrollView`'s bar).
    public func controlStyle(_ style: ControlStyle) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier(.controlStyle(style)))
    }
}
