import Foundation
import GlintCore

/// How toggles look, as SwiftUI's `ToggleStyle`: `.switch` (the default), `.button` (a plate that
/// is the tint while on) or `.checkbox` (a box ticked while on, before the label).
public protocol ToggleStyle {
    var _kind: _ToggleStyleKind { get }
}

/// Glint's name for a toggle style's look.
public struct _ToggleStyleKind: Equatable {
    enum Kind { case `switch`, button, checkbox }
    let kind: Kind
}

public struct SwitchToggleStyle: ToggleStyle { public init() {}; public var _kind: _ToggleStyleKind { .init(kind: .switch) } }
public struct ButtonToggleStyle: ToggleStyle { public init() {}; public var _kind: _ToggleStyleKind { .init(kind: .button) } }
public struct CheckboxToggleStyle: ToggleStyle { public init() {}; public var _kind: _ToggleStyleKind { .init(kind: .checkbox) } }
public struct DefaultToggleStyle: ToggleStyle { public init() {}; public var _kind: _ToggleStyleKind { .init(kind: .switch) } }
extension ToggleStyle where Self == SwitchToggleStyle { public static var `switch`: SwitchToggleStyle { .init() } }
extension ToggleStyle where Self == ButtonToggleStyle { public static var button: ButtonToggleStyle { .init() } }
extension ToggleStyle where Self == CheckboxToggleStyle { public static var checkbox: CheckboxToggleStyle { .init() } }
extension ToggleStyle where Self == DefaultToggleStyle { public static var automatic: DefaultToggleStyle { .init() } }

/// Sets the style of the toggles inside.
public struct _ToggleStyleModifier: ViewModifier {
    let kind: _ToggleStyleKind.Kind
    public typealias Body = Never

    public static func _makeModifier<C: View>(_ modifier: Self, content: C, into graph: inout ViewGraph) {
        let saved = graph.toggleStyle
        graph.toggleStyle = modifier.kind
        graph.makeChild(content)
        graph.toggleStyle = saved
    }
}

extension View {
    /// How the toggles inside look: `.switch`, `.button`, `.checkbox`.
    public func toggleStyle<S: ToggleStyle>(_ style: S) -> ModifiedContent<Self, _ToggleStyleModifier> {
        modifier(_ToggleStyleModifier(kind: style._kind.kind))
    }
}

extension Toggle {
    /// A toggle drawn as a button or a checkbox (the switch is drawn by `Toggle` itself); the
    /// press is taken by the gesture node `index` the caller made.
    static func makeStyled(_ kind: _ToggleStyleKind.Kind, label: Label, isOn: Bool, tint: Color, style: ControlStyle,
                           into graph: inout ViewGraph) {
        switch kind {
        case .button:
            graph.makeChild(label
                .foregroundStyle(isOn ? Color.white : tint)
                .padding(style.buttonPadding)
                .background(RoundedRectangle(cornerRadius: style.buttonCornerRadius)
                    .fill(isOn ? tint : tint.opacity(style.borderedPlateOpacity))))
        case .checkbox:
            let side = style.controlHeight * 0.75
            graph.makeChild(HStack(spacing: style.labelSpacing / 2) {
                ZStack {
                    RoundedRectangle(cornerRadius: side / 5).fill(isOn ? tint : Color.clear)
                    RoundedRectangle(cornerRadius: side / 5).strokeBorder(isOn ? tint : Color.gray, lineWidth: 1.5)
                    if isOn { Text(verbatim: "✓").font(.system(size: side * 0.8, weight: .bold)).foregroundStyle(Color.white) }
                }
                .frame(width: side, height: side)
                label
            })
        case .switch:
            break
        }
    }
}
