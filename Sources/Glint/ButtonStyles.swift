import Foundation
import GlintCore

/// What a button is for, as SwiftUI's `ButtonRole`: a destructive button's label is red.
public struct ButtonRole: Equatable, Sendable {
    enum Kind { case cancel, destructive }
    let kind: Kind

    /// A button that undoes or dismisses.
    public static let cancel = ButtonRole(kind: .cancel)
    /// A button that deletes or discards.
    public static let destructive = ButtonRole(kind: .destructive)
}

/// What a `ButtonStyle` is given to draw a button, as SwiftUI's `ButtonStyleConfiguration`.
public struct ButtonStyleConfiguration {
    /// The button's label, as a view to place in the style's body.
    public struct Label: View {
        public typealias Body = Never
        public var body: Never { fatalError("ButtonStyleConfiguration.Label has no body") }

        public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
            graph.makeButtonLabel()
        }
    }

    /// The button's label.
    public let label = Label()
    /// Whether the button is held down now.
    public let isPressed: Bool
    /// The button's role, if it has one.
    public let role: ButtonRole?
}

/// How a button looks, as SwiftUI's `ButtonStyle`: Glint tracks the press (the action runs when a
/// press ends inside), the style draws the label for `configuration.isPressed`.
///
/// ```swift
/// struct Pill: ButtonStyle {
///     func makeBody(configuration: Configuration) -> some View {
///         configuration.label
///             .padding(8)
///             .background(Capsule().fill(configuration.isPressed ? Color.gray : .blue))
///     }
/// }
/// Button("Go") { go() }.buttonStyle(Pill())
/// ```
///
/// A style of your own costs an allocation per button per frame (its label is passed as a
/// closure); the built-in styles cost none.
public protocol ButtonStyle {
    associatedtype Body: View
    typealias Configuration = ButtonStyleConfiguration
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// What a `PrimitiveButtonStyle` is given, as SwiftUI's: the label, the role, and `trigger()`
/// to run the action when the style decides the button was used.
public struct PrimitiveButtonStyleConfiguration {
    public typealias Label = ButtonStyleConfiguration.Label
    public let label = Label()
    public let role: ButtonRole?
    let action: () -> Void

    /// Runs the button's action.
    public func trigger() { action() }
}

/// A button style that decides itself when the button is used (with gestures of its own), as
/// SwiftUI's `PrimitiveButtonStyle`.
public protocol PrimitiveButtonStyle {
    associatedtype Body: View
    typealias Configuration = PrimitiveButtonStyleConfiguration
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// SwiftUI's built-in looks, drawn by Glint with no allocation.
enum BuiltInButtonStyle: Equatable {
    /// The label in the tint colour, dimmed while pressed (SwiftUI's automatic style on iOS).
    case borderless
    /// The label as it is, dimmed while pressed.
    case plain
    /// The label in the tint colour on a light plate of it.
    case bordered
    /// A white label on a plate of the tint colour.
    case borderedProminent
}

/// The style `.buttonStyle` chose for the buttons inside.
enum ButtonStyleChoice {
    case builtIn(BuiltInButtonStyle)
    case custom(any ButtonStyle)
    case primitive(any PrimitiveButtonStyle)
}

/// SwiftUI's automatic button style: on the desktop as on iOS, the label in the tint colour.
public struct DefaultButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { configuration.label }
}

/// The label as it is, dimmed while pressed, as SwiftUI's `PlainButtonStyle`.
public struct PlainButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { configuration.label }
}

/// The label in the tint colour with no plate, as SwiftUI's `BorderlessButtonStyle`.
public struct BorderlessButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { configuration.label }
}

/// The label in the tint colour on a light plate of it, as SwiftUI's `BorderedButtonStyle`.
public struct BorderedButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { configuration.label }
}

/// A white label on a plate of the tint colour, as SwiftUI's `BorderedProminentButtonStyle`.
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { configuration.label }
}

extension PrimitiveButtonStyle where Self == DefaultButtonStyle {
    /// The automatic style: the label in the tint colour.
    public static var automatic: DefaultButtonStyle { DefaultButtonStyle() }
}

extension PrimitiveButtonStyle where Self == PlainButtonStyle {
    /// The label as it is.
    public static var plain: PlainButtonStyle { PlainButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderlessButtonStyle {
    /// The label in the tint colour, with no plate.
    public static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
    /// The label in the tint colour on a light plate.
    public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    /// A white label on a plate of the tint colour.
    public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}

/// Sets the style of the buttons inside (`.buttonStyle`).
public struct _ButtonStyleModifier: ViewModifier {
    let choice: ButtonStyleChoice

    public typealias Body = Never

    public static func _makeModifier<C: View>(_ modifier: Self, content: C, into graph: inout ViewGraph) {
        let saved = graph.buttonStyle
        graph.buttonStyle = modifier.choice
        graph.makeChild(content)
        graph.buttonStyle = saved
    }
}

extension View {
    /// How the buttons inside look: `.automatic`, `.plain`, `.borderless`, `.bordered`,
    /// `.borderedProminent`, or a `PrimitiveButtonStyle` of your own.
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> ModifiedContent<Self, _ButtonStyleModifier> {
        let builtIn: BuiltInButtonStyle? = switch style {
        case is DefaultButtonStyle, is BorderlessButtonStyle: .borderless
        case is PlainButtonStyle: .plain
        case is BorderedButtonStyle: .bordered
        case is BorderedProminentButtonStyle: .borderedProminent
        default: nil
        }
        return modifier(_ButtonStyleModifier(choice: builtIn.map { .builtIn($0) } ?? .primitive(style)))
    }

    /// How the buttons inside look, drawn by a `ButtonStyle` of your own.
    public func buttonStyle<S: ButtonStyle>(_ style: S) -> ModifiedContent<Self, _ButtonStyleModifier> {
        modifier(_ButtonStyleModifier(choice: .custom(style)))
    }
}

extension ViewGraph {
    /// Makes the label of the button whose style is being made (`configuration.label`).
    mutating func makeButtonLabel() {
        guard let make = buttonLabel else { return }
        // The label's own buttons (a button in a label) set their own label while they are made.
        buttonLabel = nil
        make(&self)
        buttonLabel = make
    }

    /// Makes `style`'s body for a button whose label `label` makes.
    mutating func makeCustomButton<S: ButtonStyle>(_ style: S, isPressed: Bool, role: ButtonRole?, label: @escaping (inout ViewGraph) -> Void) {
        let saved = (buttonLabel, buttonStyle)
        buttonLabel = label
        // Buttons inside the style's body are drawn in the automatic style, as SwiftUI's.
        buttonStyle = .builtIn(.borderless)
        makeChild(style.makeBody(configuration: ButtonStyleConfiguration(isPressed: isPressed, role: role)))
        (buttonLabel, buttonStyle) = saved
    }

    /// Makes `style`'s body for a button with `action`.
    mutating func makePrimitiveButton<S: PrimitiveButtonStyle>(_ style: S, role: ButtonRole?, action: @escaping () -> Void,
                                                               label: @escaping (inout ViewGraph) -> Void) {
        let saved = (buttonLabel, buttonStyle)
        buttonLabel = label
        buttonStyle = .builtIn(.borderless)
        makeChild(style.makeBody(configuration: PrimitiveButtonStyleConfiguration(role: role, action: action)))
        (buttonLabel, buttonStyle) = saved
    }
}
