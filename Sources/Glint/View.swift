import Foundation
import GlintCore

/// A piece of what Glint draws, as SwiftUI's `View`: a value describing content, layout and
/// modifiers, rebuilt freely every frame.
///
/// Compose your own views from Glint's with `body`, as in SwiftUI:
///
/// ```swift
/// struct Counter: View {
///     @State private var count = 0
///     var body: some View {
///         VStack(spacing: 12) {
///             Text("Pressed \(count) times").font(.system(size: 24, weight: .bold))
///             Button("Press") { count += 1 }
///         }
///         .padding()
///         .background(Rectangle().fill(ShaderLibrary.gradient(.boundingRect)))
///     }
/// }
/// ```
///
/// Every frame a host (`Window`, `ImageRenderer`) evaluates the view's `body`, lays the result
/// out with SwiftUI's rules (a parent proposes a size, the child chooses its own, the parent
/// places it) and draws it. `@State` survives from one evaluation to the next by the view's
/// place in the tree (its structural identity, or `.id(_:)`).
///
/// Glint's primitives (`Color`, `Text`, shapes, stacks, …) have no body (`Never`).
public protocol View {
    /// The type of view this one is made of.
    associatedtype Body: View

    /// What this view is made of.
    @ViewBuilder var body: Body { get }

    /// Adds this view's nodes to `graph`. Glint's primitives and modifiers implement it; a view
    /// of your own is made of its `body`, its `@State` bound first.
    static func _makeView(_ view: Self, into graph: inout ViewGraph)
}

extension View {
    /// Binds the view's state to its identity, then makes its body.
    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        var bound = view
        guard graph.bindDynamicProperties(of: &bound) else { return }  // a missing model: left out
        graph.animateData(of: &bound)
        guard graph.animationScope.dataMoving else { return graph.makeChild(bound.body) }
        // Its body made from the moving data, without the animation (see `dataMoving`).
        let outer = graph.animationScope.transaction
        graph.animationScope.transaction.animation = nil
        graph.makeChild(bound.body)
        graph.animationScope.transaction = outer
    }
}

extension Never: View {
    /// A primitive view has no body.
    public typealias Body = Never

    /// Never called: a primitive view has no body.
    public var body: Never { fatalError("Never has no body") }

    /// Never called: no value of `Never` exists.
    public static func _makeView(_ view: Never, into graph: inout ViewGraph) {}
}

/// Something that changes a view, as SwiftUI's `ViewModifier`: write `body(content:)` to make a
/// modifier of your own and apply it with `.modifier(_:)`. Glint's own modifiers (padding,
/// frames, effects, gestures, …) add nodes instead.
public protocol ViewModifier {
    /// The view this modifier makes.
    associatedtype Body: View

    /// The stand-in for the view modified, inside `body(content:)`.
    typealias Content = _ViewModifier_Content<Self>

    /// The modified view: `content` with whatever this modifier adds.
    @ViewBuilder func body(content: Content) -> Body

    /// Adds `content` with this modifier applied to `graph`.
    static func _makeModifier<C: View>(_ modifier: Self, content: C, into graph: inout ViewGraph)
}

extension ViewModifier {
    /// Binds the modifier's state, then makes its body with `content` standing in.
    public static func _makeModifier<C: View>(_ modifier: Self, content: C, into graph: inout ViewGraph) {
        var bound = modifier
        guard graph.bindDynamicProperties(of: &bound) else { return }  // a missing model: left out
        graph.animateData(of: &bound)
        guard graph.animationScope.dataMoving else {
            let body = bound.body(content: _ViewModifier_Content(make: { graph in graph.makeChild(content) }))
            return graph.makeChild(body)
        }
        // Its body made from the moving data, without the animation (see `dataMoving`); the
        // content it modifies keeps the transaction around it.
        let outer = graph.animationScope.transaction
        let body = bound.body(content: _ViewModifier_Content(make: { graph in
            let inner = graph.animationScope.transaction
            graph.animationScope.transaction = outer
            graph.makeChild(content)
            graph.animationScope.transaction = inner
        }))
        graph.animationScope.transaction.animation = nil
        graph.makeChild(body)
        graph.animationScope.transaction = outer
    }
}

extension ViewModifier where Body == Never {
    /// Glint's own modifiers make nodes, not a body.
    public func body(content: Content) -> Never { fatalError("\(Self.self) has no body") }
}

/// The view a custom `ViewModifier` modifies, as it appears inside `body(content:)`.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    let make: (inout ViewGraph) -> Void

    /// Made by Glint's nodes.
    public var body: Never { fatalError("modifier content has no body") }

    /// Makes the view modified, where the modifier's body puts it.
    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        view.make(&graph)
    }
}

/// A view with a modifier applied, as SwiftUI's `ModifiedContent`. A chain of modifiers nests
/// these generically, so building it allocates nothing.
public struct ModifiedContent<Content: View, Modifier: ViewModifier>: View {
    /// The view modified.
    public var content: Content
    /// The change applied to it.
    public var modifier: Modifier

    /// `content` changed by `modifier`.
    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }

    /// A modified view is made by its modifier, not through a body.
    public var body: Never { fatalError("ModifiedContent has no body") }

    /// Lets the modifier make the content.
    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        Modifier._makeModifier(view.modifier, content: view.content, into: &graph)
    }
}

extension View {
    /// This view changed by `modifier`.
    public func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent<Self, M> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

// MARK: - Building views from statements

/// Builds views from the statements of a closure, as SwiftUI's `ViewBuilder`: several views in
/// a row, `if`, `if`/`else`, `switch`, optionals, and `for`-free lists (`ForEach`).
@resultBuilder
public enum ViewBuilder {
    /// No statements: nothing.
    public static func buildBlock() -> EmptyView { EmptyView() }

    /// One view: itself.
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

    /// Several views: each, in order.
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<repeat each Content> {
        TupleView((repeat each content))
    }

    /// Expressions are views.
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }

    /// `if` without `else`: the view or nothing.
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }

    /// The `if` branch of `if`/`else`.
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
        -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .trueContent(first))
    }

    /// The `else` branch of `if`/`else`.
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
        -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .falseContent(second))
    }

    /// `if #available` and the like: the view as it is.
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// Several views in a row, as a `ViewBuilder` makes them: each a child of the container around.
/// (SwiftUI spells it `TupleView<(A, B)>`; Glint's generic parameters are the views themselves.)
public struct TupleView<each Content: View>: View {
    /// The views.
    public var value: (repeat each Content)

    /// Views in a tuple.
    public init(_ value: (repeat each Content)) { self.value = value }

    /// Made of its children.
    public var body: Never { fatalError("TupleView has no body") }

    /// Makes each view in order, each at its own structural position.
    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        for child in repeat each view.value {
            graph.makeChild(child)
        }
    }
}

/// One of two views, as `if`/`else` in a `ViewBuilder` chooses: each branch has its own
/// identity, so switching branches starts the new one's state afresh.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }

    let storage: Storage

    /// Made of the chosen branch.
    public var body: Never { fatalError("_ConditionalContent has no body") }

    /// Makes the branch chosen, at the branch's own position.
    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        switch view.storage {
        case .trueContent(let content): graph.makeChild(content, position: 0)
        case .falseContent(let content): graph.makeChild(content, position: 1)
        }
    }
}

extension Optional: View where Wrapped: View {
    /// Made of the view, if any.
    public var body: Never { fatalError("Optional has no body") }

    /// Makes the view when there is one; nothing otherwise.
    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        if let view { graph.makeChild(view, position: 0) }
    }
}

/// Nothing: a view that takes no space and draws nothing, as SwiftUI's `EmptyView`.
public struct EmptyView: View {
    /// Nothing.
    public init() {}

    /// Nothing.
    public var body: Never { fatalError("EmptyView has no body") }

    /// Adds no node.
    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {}
}

/// Views side by side in their container, without a container of their own, as SwiftUI's
/// `Group`: modifiers on a group apply to each view in it.
public struct Group<Content: View>: View {
    let content: Content

    /// The views `content` builds.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    /// Made of its content.
    public var body: Never { fatalError("Group has no body") }

    /// Makes the content in place.
    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        graph.makeChild(view.content)
    }
}

/// Any view, its type erased, as SwiftUI's `AnyView`: a view whose type changes gets a new
/// identity (its state starts afresh).
public struct AnyView: View {
    private let make: (inout ViewGraph) -> Void
    private let type: ObjectIdentifier

    /// `view`, its type erased.
    public init<V: View>(_ view: V) {
        make = { graph in graph.makeChild(view) }
        type = ObjectIdentifier(V.self)
    }

    /// `view` if it is a view, else nil.
    public init?(erasing view: Any) {
        guard let view = view as? any View else { return nil }
        self.init(view)
    }

    /// Made of the view erased.
    public var body: Never { fatalError("AnyView has no body") }

    /// Makes the erased view, its identity told apart by its type.
    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        graph.withIdentity(discriminator: UInt64(UInt(bitPattern: view.type.hashValue))) { graph in view.make(&graph) }
    }
}

/// A view for each element of a collection, as SwiftUI's `ForEach`: each keeps its identity
/// (and state) by its element's id, wherever it moves in the collection.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    /// The elements.
    public var data: Data
    /// The view of one element.
    public var content: (Data.Element) -> Content
    private let id: KeyPath<Data.Element, ID>

    /// A view for each element, identified by `id`.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.id = id
        self.content = content
    }

    /// Made of its elements' views.
    public var body: Never { fatalError("ForEach has no body") }

    /// Makes each element's view at a position made from its id.
    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        var index = view.data.startIndex
        // In a picker, an option without a `.tag` of its own is tagged by its id, as in SwiftUI.
        var tagsByID = false
        if let picker = graph.pickerContext, let first = view.data.first { tagsByID = picker.accepts(first[keyPath: view.id]) }
        while index != view.data.endIndex {
            let element = view.data[index]
            let content = view.content(element)
            if tagsByID, !(content is any _ExplicitlyTagged) {
                graph.makeChild(content.tag(element[keyPath: view.id]), identifiedBy: element[keyPath: view.id])
            } else {
                graph.makeChild(content, identifiedBy: element[keyPath: view.id])
            }
            index = view.data.index(after: index)
        }
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// A view for each number of a constant range, identified by the number.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}

extension ForEach where ID == Data.Element.ID, Data.Element: Identifiable {
    /// A view for each element, identified by its `id`.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

extension View {
    /// The view with an explicit identity, as SwiftUI's `.id(_:)`: a new value makes it a new
    /// view, its state (and its children's) starting afresh.
    public func id<ID: Hashable>(_ id: ID) -> some View {
        IDView(content: self, id: id)
    }
}

/// `.id(_:)`.
struct IDView<Content: View, ID: Hashable>: View {
    let content: Content
    let id: ID
    var body: Never { fatalError("IDView has no body") }
    static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        graph.makeChild(view.content, identifiedBy: view.id)
    }
}
