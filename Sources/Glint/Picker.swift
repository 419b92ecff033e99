import Foundation
import GlintCore

/// A choice of one value among tagged options, as SwiftUI's `Picker`:
///
/// ```swift
/// @State private var flavor = Flavor.vanilla
/// Picker("Flavor", selection: $flavor) {
///     Text("Vanilla").tag(Flavor.vanilla)
///     Text("Mint").tag(Flavor.mint)
/// }
/// .pickerStyle(.segmented)
/// ```
///
/// Each option is a view with `.tag(_:)` of the selection's type; an option made by `ForEach`
/// without a `.tag` of its own is tagged with its element's id where that is of the selection's
/// type, as in SwiftUI. Styles: `.menu` (the default, as
/// on the desktop: the title and the chosen option on a button; a click opens the options below
/// it, a click on one chooses it), `.segmented` (the options side by side, the chosen one on a
/// plate), `.inline` / `.radioGroup` / `.wheel` (the options in a column, the chosen one marked ✓).
public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View {
    let selection: Binding<SelectionValue>
    let label: Label
    let content: Content

    /// A picker of `selection` among `content`'s tagged options, labelled `label`.
    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.selection = selection
        self.label = label()
        self.content = content()
    }

    public var body: Never { fatalError("Picker has no body") }

    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        let identity = ViewGraph.mix(graph.currentIdentity, 0x91C4_E5)
        let selection = view.selection
        let style = graph.pickerStyle
        let isOpen = graph.store.extra(identity, slot: PickerSlot.open, initial: false)
        let saved = graph.pickerContext
        let env = graph.environment
        var context = PickerContext(style: style, showsSelectedOnly: false, identity: identity,
                                    isSelected: { ($0 as? SelectionValue) == selection.wrappedValue },
                                    select: { tag in
                                        if let value = tag as? SelectionValue { selection.wrappedValue = value }
                                        isOpen.value = false
                                    },
                                    accepts: { $0 is SelectionValue })
        switch style {
        case .segmented:
            graph.pickerContext = context
            graph.makeChild(HStack(spacing: 2) { view.content }
                .padding(2)
                .background(RoundedRectangle(cornerRadius: 7).fill(Color.gray.opacity(0.25))))
        case .inline:
            graph.pickerContext = context
            graph.makeChild(VStack(alignment: .leading, spacing: 4) {
                view.label
                view.content
            })
        case .menu:
            // The button: the label, then the chosen option and a chevron on a plate.
            context.showsSelectedOnly = true
            graph.pickerContext = context
            let toggle = GestureHandler(recognizer: .button({ isOpen.value.toggle() }), identity: identity, isEnabled: env.isEnabled)
            let index = graph.addGesture(toggle)
            graph.withNode(.overlay(.topLeading)) { graph in
                graph.makeChild(HStack(spacing: 8) {
                    view.label
                    _PickerGestureNode(index: index) {
                        HStack(spacing: 6) {
                            view.content
                            Text(verbatim: "▾")
                        }
                        .padding(EdgeInsets(top: 4, leading: 10, bottom: 4, trailing: 8))
                        .background(RoundedRectangle(cornerRadius: 6).fill(Color.gray.opacity(0.3)))
                    }
                })
                // Open: the options in a column below the button, over what follows.
                if isOpen.value {
                    context.showsSelectedOnly = false
                    graph.pickerContext = context
                    let plate = env.colorScheme == .dark ? Color(white: 0.18) : Color(white: 0.97)
                    graph.makeChild(VStack(alignment: .leading, spacing: 0) { view.content }
                        .padding(4)
                        .background(RoundedRectangle(cornerRadius: 6).fill(plate))
                        .overlay(RoundedRectangle(cornerRadius: 6).strokeBorder(Color.gray.opacity(0.6), lineWidth: 1))
                        .frame(width: 180)
                        .fixedSize(horizontal: false, vertical: true)
                        .alignmentGuideBelow()
                        .modifier(_NodeModifier(kind: .floating)))
                }
            }
        }
        graph.pickerContext = saved
    }
}

extension Picker where Label == Text {
    /// A picker titled `title`.
    public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { Text(title) }
    }
}

/// A node taking presses for a handler added already.
struct _PickerGestureNode<Content: View>: View {
    let index: Int
    let content: Content

    init(index: Int, @ViewBuilder content: () -> Content) {
        self.index = index
        self.content = content()
    }

    var body: Never { fatalError("_PickerGestureNode has no body") }

    static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        graph.node(.gesture(view.index), content: view.content)
    }
}

extension View {
    /// Moves an open menu's options below its button: the overlay's top-left is the button's;
    /// this pushes the options down by the button's height (about 30 points).
    fileprivate func alignmentGuideBelow() -> some View { offset(y: 30) }
}

/// How pickers show their options.
enum PickerStyleKind { case menu, segmented, inline }

/// The picker being made: its style, and what its options test and set.
struct PickerContext {
    var style: PickerStyleKind
    /// The menu's button: only the chosen option is shown.
    var showsSelectedOnly: Bool
    var identity: UInt64
    var isSelected: (Any) -> Bool
    var select: (Any) -> Void
    /// Whether a value is of the selection's type: a `ForEach`'s id that is tags its option.
    var accepts: (Any) -> Bool = { _ in false }
}

/// A view whose outermost modifier is `.tag(_:)`: a `ForEach` in a picker leaves its tag be.
protocol _ExplicitlyTagged {}
/// `_TagModifier`, whatever its value's type.
protocol _TagMarker {}
extension _TagModifier: _TagMarker {}
extension ModifiedContent: _ExplicitlyTagged where Modifier: _TagMarker {}

enum PickerSlot {
    static let open = 12
}

/// How pickers look, as SwiftUI's `PickerStyle`.
public protocol PickerStyle {
    var _kind: _PickerStyleKind { get }
}

/// Glint's name for a picker style's look.
public struct _PickerStyleKind {
    let kind: PickerStyleKind
}

public struct MenuPickerStyle: PickerStyle { public init() {}; public var _kind: _PickerStyleKind { .init(kind: .menu) } }
public struct SegmentedPickerStyle: PickerStyle { public init() {}; public var _kind: _PickerStyleKind { .init(kind: .segmented) } }
public struct InlinePickerStyle: PickerStyle { public init() {}; public var _kind: _PickerStyleKind { .init(kind: .inline) } }
public struct RadioGroupPickerStyle: PickerStyle { public init() {}; public var _kind: _PickerStyleKind { .init(kind: .inline) } }
public struct WheelPickerStyle: PickerStyle { public init() {}; public var _kind: _PickerStyleKind { .init(kind: .inline) } }
public struct PalettePickerStyle: PickerStyle { public init() {}; public var _kind: _PickerStyleKind { .init(kind: .segmented) } }
public struct DefaultPickerStyle: PickerStyle { public init() {}; public var _kind: _PickerStyleKind { .init(kind: .menu) } }

extension PickerStyle where Self == MenuPickerStyle { public static var menu: MenuPickerStyle { .init() } }
extension PickerStyle where Self == SegmentedPickerStyle { public static var segmented: SegmentedPickerStyle { .init() } }
extension PickerStyle where Self == InlinePickerStyle { public static var inline: InlinePickerStyle { .init() } }
extension PickerStyle where Self == RadioGroupPickerStyle { public static var radioGroup: RadioGroupPickerStyle { .init() } }
extension PickerStyle where Self == WheelPickerStyle { public static var wheel: WheelPickerStyle { .init() } }
extension PickerStyle where Self == PalettePickerStyle { public static var palette: PalettePickerStyle { .init() } }
extension PickerStyle where Self == DefaultPickerStyle { public static var automatic: DefaultPickerStyle { .init() } }

/// Sets the style of pickers inside, or tags a picker's option.
public struct _PickerStyleModifier: ViewModifier {
    let kind: PickerStyleKind
    public typealias Body = Never

    public static func _makeModifier<C: View>(_ modifier: Self, content: C, into graph: inout ViewGraph) {
        let saved = graph.pickerStyle
        graph.pickerStyle = modifier.kind
        graph.makeChild(content)
        graph.pickerStyle = saved
    }
}

/// A picker option's value (`.tag`): inside a picker, the option; elsewhere, nothing.
public struct _TagModifier<V: Hashable>: ViewModifier {
    let tag: V
    public typealias Body = Never

    public static func _makeModifier<C: View>(_ modifier: Self, content: C, into graph: inout ViewGraph) {
        guard let picker = graph.pickerContext else {
            // A row of a `List` with a selection, a tab of a `TabView`, or nothing.
            TagView._makeView(TagView(content: content, tag: modifier.tag), into: &graph)
            return
        }
        let selected = picker.isSelected(modifier.tag)
        if picker.showsSelectedOnly {
            if selected { withoutPicker(&graph) { $0.makeChild(content) } }
            return
        }
        let tag = modifier.tag
        let select = picker.select
        let identity = ViewGraph.mix(graph.currentIdentity, UInt64(truncatingIfNeeded: tag.hashValue) ^ 0x7A6)
        let index = graph.addGesture(GestureHandler(recognizer: .button({ select(tag) }), identity: identity, isEnabled: graph.environment.isEnabled))
        let tint = graph.environment.tint ?? .accentColor
        withoutPicker(&graph) { graph in
            graph.withNode(.gesture(index)) { graph in
                switch picker.style {
                case .segmented:
                    // Segments share the picker's width equally, as SwiftUI's do.
                    graph.makeChild(content
                        .padding(EdgeInsets(top: 4, leading: 12, bottom: 4, trailing: 12))
                        .frame(maxWidth: .infinity)
                        .background(RoundedRectangle(cornerRadius: 5).fill(selected ? Color.gray.opacity(0.7) : Color.clear)))
                case .inline, .menu:
                    graph.makeChild(HStack(spacing: 6) {
                        Text(verbatim: selected ? "✓" : " ").foregroundStyle(tint).frame(width: 14)
                        content
                        Spacer(minLength: 0)
                    }
                    .padding(EdgeInsets(top: 3, leading: 4, bottom: 3, trailing: 8)))
                }
            }
        }
    }

    private static func withoutPicker(_ graph: inout ViewGraph, _ body: (inout ViewGraph) -> Void) {
        let saved = graph.pickerContext
        graph.pickerContext = nil
        body(&graph)
        graph.pickerContext = saved
    }
}

extension View {
    /// How the pickers inside show their options: `.menu`, `.segmented`, `.inline`, …
    public func pickerStyle<S: PickerStyle>(_ style: S) -> ModifiedContent<Self, _PickerStyleModifier> {
        modifier(_PickerStyleModifier(kind: style._kind.kind))
    }

    /// The value this view stands for, as SwiftUI's `.tag(_:)`: a picker's option; as a row of a
    /// `List` with a selection, a click on it selects `tag`; as a tab of a `TabView`, the tab's value.
    public func tag<V: Hashable>(_ tag: V) -> ModifiedContent<Self, _TagModifier<V>> {
        modifier(_TagModifier(tag: tag))
    }
}
