import Foundation
import GlintCore

/// How large controls are drawn, as SwiftUI's `ControlSize`: the control style's sizes scaled
/// (mini 0.7, small 0.85, regular 1, large 1.2, extraLarge 1.4), text left as the font says.
public enum ControlSize: CaseIterable, Hashable, Sendable {
    case mini, small, regular, large, extraLarge

    /// The factor the control style's sizes are scaled by.
    var scale: Double {
        switch self {
        case .mini: 0.7
        case .small: 0.85
        case .regular: 1
        case .large: 1.2
        case .extraLarge: 1.4
        }
    }
}

extension ControlStyle {
    /// This style with its sizes scaled by `factor` (colours and opacities as they are).
    func scaled(by factor: Double) -> ControlStyle {
        var s = self
        s.controlHeight *= factor
        s.idealSliderWidth *= factor
        s.trackThickness *= factor
        s.knobDiameter *= factor
        s.switchWidth *= factor
        s.idealPadSide *= factor
        s.buttonCornerRadius *= factor
        let p = s.buttonPadding
        s.buttonPadding = EdgeInsets(top: p.top * factor, leading: p.leading * factor, bottom: p.bottom * factor, trailing: p.trailing * factor)
        return s
    }
}

/// `.controlSize`: the control style inside scaled from the regular size.
public struct _ControlSizeModifier: ViewModifier {
    let size: ControlSize
    public typealias Body = Never

    public static func _makeModifier<C: View>(_ modifier: Self, content: C, into graph: inout ViewGraph) {
        let saved = (graph.environment.controlStyle, graph.controlSize)
        // Scaled from the regular size, so nested sizes do not compound.
        let regular = graph.environment.controlStyle.scaled(by: 1 / graph.controlSize.scale)
        graph.environment.controlStyle = regular.scaled(by: modifier.size.scale)
        graph.controlSize = modifier.size
        graph.makeChild(content)
        (graph.environment.controlStyle, graph.controlSize) = saved
    }
}

extension View {
    /// How large the controls inside are, as SwiftUI's `.controlSize(_:)`.
    public func controlSize(_ size: ControlSize) -> ModifiedContent<Self, _ControlSizeModifier> {
        modifier(_ControlSizeModifier(size: size))
    }
}
