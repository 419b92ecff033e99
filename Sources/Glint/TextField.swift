import Foundation
import GlintCore
import GlintRender

/// A line of editable text, as SwiftUI's `TextField`: a click puts the caret where it lands (a
/// drag selects), typing replaces the selection, ← → Home End move (with Shift they select),
/// Backspace and Delete delete, Control-A selects all, Control-C, X and V copy, cut and paste
/// through the desktop's clipboard, Return runs `.onSubmit`, Tab moves to the next field and Esc
/// leaves the field. While a field has the focus the window's own keys (Space, S, V, Q, …) type.
///
/// ```swift
/// @State private var name = ""
/// TextField("Name", text: $name)
/// ```
///
/// Text longer than the field is cut at its edge (it does not scroll).
public struct TextField<Label: View>: View {
    let text: Binding<String>
    let prompt: String
    let isSecure: Bool

    public var body: Never { fatalError("TextField has no body") }

    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        makeField(text: view.text, prompt: view.prompt, isSecure: view.isSecure, into: &graph)
    }
}

extension TextField where Label == Text {
    /// A field editing `text`, showing `title` in grey while it is empty.
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        self.init(text: text, prompt: String(title), isSecure: false)
    }

    /// A field editing `text`, showing `prompt` (else `title`) in grey while it is empty.
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text?) {
        self.init(text: text, prompt: prompt?.string ?? String(title), isSecure: false)
    }
}

/// A field whose text is shown as dots, as SwiftUI's `SecureField`: it edits as a `TextField`,
/// and never copies or cuts its text to the clipboard.
public struct SecureField<Label: View>: View {
    let text: Binding<String>
    let prompt: String

    public var body: Never { fatalError("SecureField has no body") }

    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        makeField(text: view.text, prompt: view.prompt, isSecure: true, into: &graph)
    }
}

extension SecureField where Label == Text {
    /// A secure field editing `text`, showing `title` in grey while it is empty.
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        self.init(text: text, prompt: String(title))
    }

    /// A secure field editing `text`, showing `prompt` (else `title`) in grey while it is empty.
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text?) {
        self.init(text: text, prompt: prompt?.string ?? String(title))
    }
}

/// How text fields look, as SwiftUI's `TextFieldStyle`: `.roundedBorder` (the default on the
/// desktop, a field with a border) or `.plain` (the text alone).
public protocol TextFieldStyle {
    var _bordered: Bool { get }
}

/// A field in a rounded border, as SwiftUI's `RoundedBorderTextFieldStyle`.
public struct RoundedBorderTextFieldStyle: TextFieldStyle {
    public init() {}
    public var _bordered: Bool { true }
}

/// The text alone, as SwiftUI's `PlainTextFieldStyle`.
public struct PlainTextFieldStyle: TextFieldStyle {
    public init() {}
    public var _bordered: Bool { false }
}

/// The automatic style: a rounded border on the desktop.
public struct DefaultTextFieldStyle: TextFieldStyle {
    public init() {}
    public var _bordered: Bool { true }
}

extension TextFieldStyle where Self == RoundedBorderTextFieldStyle {
    public static var roundedBorder: RoundedBorderTextFieldStyle { RoundedBorderTextFieldStyle() }
}

extension TextFieldStyle where Self == PlainTextFieldStyle {
    public static var plain: PlainTextFieldStyle { PlainTextFieldStyle() }
}

extension TextFieldStyle where Self == DefaultTextFieldStyle {
    public static var automatic: DefaultTextFieldStyle { DefaultTextFieldStyle() }
}

/// Sets the fields' style or submit action for the views inside.
public struct _TextFieldSettingModifier: ViewModifier {
    enum Setting {
        case bordered(Bool)
        case submit(() -> Void)
    }

    let setting: Setting

    public typealias Body = Never

    public static func _makeModifier<C: View>(_ modifier: Self, content: C, into graph: inout ViewGraph) {
        let saved = (graph.textFieldBordered, graph.submitAction)
        switch modifier.setting {
        case .bordered(let bordered): graph.textFieldBordered = bordered
        case .submit(let action): graph.submitAction = action
        }
        graph.makeChild(content)
        (graph.textFieldBordered, graph.submitAction) = saved
    }
}

extension View {
    /// How the text fields inside look.
    public func textFieldStyle<S: TextFieldStyle>(_ style: S) -> ModifiedContent<Self, _TextFieldSettingModifier> {
        modifier(_TextFieldSettingModifier(setting: .bordered(style._bordered)))
    }

    /// Runs `action` when Return is pressed in a text field inside, as SwiftUI's `onSubmit`.
    public func onSubmit(_ action: @escaping () -> Void) -> ModifiedContent<Self, _TextFieldSettingModifier> {
        modifier(_TextFieldSettingModifier(setting: .submit(action)))
    }
}

/// A text field of the frame: what keys and clicks edit.
struct TextFieldHandler {
    let identity: UInt64
    let text: Binding<String>
    let isSecure: Bool
    let font: FontSpec
    let onSubmit: (() -> Void)?
    /// The space between the field's left edge and its text, in points.
    let inset: Double
}

/// The desktop's clipboard, or one in memory (headless): what text fields copy to and paste from.
public final class Clipboard: @unchecked Sendable {
    private let reader: () -> String?
    private let writer: (String) -> Void

    /// A clipboard read and written by two functions (the window's: GLFW's clipboard).
    public init(read: @escaping () -> String?, write: @escaping (String) -> Void) {
        reader = read
        writer = write
    }

    /// A clipboard in memory.
    public convenience init() {
        final class Storage: @unchecked Sendable { var text: String? }
        let storage = Storage()
        self.init(read: { storage.text }, write: { storage.text = $0 })
    }

    /// The text on the clipboard, if any.
    public var string: String? {
        get { reader() }
        set { writer(newValue ?? "") }
    }
}

/// The text editing state of a field, kept by its identity.
enum TextFieldSlot {
    static let slot = 11
    /// SwiftUI's padding inside a rounded-border field.
    static let padding = EdgeInsets(top: 4, leading: 7, bottom: 4, trailing: 7)
    static let cornerRadius = 5.0
}

extension TextField {
    /// Makes a text or secure field editing `text`.
    static func makeField(text: Binding<String>, prompt: String, isSecure: Bool, into graph: inout ViewGraph) {
        let identity = ViewGraph.mix(graph.currentIdentity, 0x7E47_F1E1D)
        let env = graph.environment
        let font = (env.font ?? .body).spec
        let box = graph.store.extra(identity, slot: TextFieldSlot.slot, initial: TextEditing(text: text.wrappedValue))
        box.value.sync(text.wrappedValue)
        let focused = graph.store.focusedField == identity && env.isEnabled
        let bordered = graph.textFieldBordered
        let inset = bordered ? Double(TextFieldSlot.padding.leading) : 0
        graph.textFields.append(TextFieldHandler(identity: identity, text: text, isSecure: isSecure, font: font,
                                                 onSubmit: graph.submitAction, inset: inset))
        if env.isEnabled { graph.focusOrder.append(identity) }
        let tint = env.tint ?? .accentColor
        let editing = box.value
        var parts = (before: "", selected: "", after: "")
        if isSecure {
            let range = editing.selection
            parts = (String(repeating: "•", count: range.lowerBound), String(repeating: "•", count: range.count),
                     String(repeating: "•", count: editing.count - range.upperBound))
        } else {
            let p = editing.parts
            parts = (String(p.before), String(p.selected), String(p.after))
        }
        let lineHeight = SharedText.engine?.measure("Ag", font: font, maxWidth: nil, options: TextLayoutOptions(), scale: 1).height ?? 17
        let showsCaret = focused && editing.selection.isEmpty
        let row = HStack(spacing: 0) {
            if editing.count == 0 {
                if showsCaret { tint.frame(width: 1.5, height: lineHeight) }
                Text(verbatim: prompt).foregroundStyle(Color.gray).fixedSize()
            } else {
                Text(verbatim: parts.before).fixedSize()
                if showsCaret { tint.frame(width: 1.5, height: lineHeight) }
                if !parts.selected.isEmpty {
                    Text(verbatim: parts.selected).fixedSize()
                        .background(Rectangle().fill(tint.opacity(focused ? 0.35 : 0.15)))
                }
                Text(verbatim: parts.after).fixedSize()
            }
            Spacer(minLength: 0)
        }
        .frame(height: lineHeight)
        .lineLimit(1)
        let index = graph.addGesture(GestureHandler(recognizer: .textField(identity), identity: identity, isEnabled: env.isEnabled))
        graph.withNode(.gesture(index)) { graph in
            graph.withNode(.opacity(env.isEnabled ? 1 : env.controlStyle.disabledOpacity)) { graph in
                if bordered {
                    let border = focused ? tint : Color.gray.opacity(0.6)
                    graph.makeChild(row
                        .padding(TextFieldSlot.padding)
                        .clipped()
                        .background(RoundedRectangle(cornerRadius: TextFieldSlot.cornerRadius)
                            .strokeBorder(border, lineWidth: focused ? 2 : 1)))
                } else {
                    graph.makeChild(row.clipped())
                }
            }
        }
    }
}

extension SecureField {
    static func makeField(text: Binding<String>, prompt: String, isSecure: Bool, into graph: inout ViewGraph) {
        TextField<Text>.makeField(text: text, prompt: prompt, isSecure: isSecure, into: &graph)
    }
}
