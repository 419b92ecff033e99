import Foundation
import GlintCore

/// Views pushed on a root view, as SwiftUI's `NavigationStack`: the top one is shown under a
/// bar with its `navigationTitle` and, once something is pushed, a back button ("‹" and the
/// title of the view under it, or "‹ Back") that pops it; Escape pops too. A
/// `NavigationLink(value:)` pushes its value, shown by the `navigationDestination(for:)` for its
/// type declared in the stack; a `NavigationLink(destination:)` pushes its view.
///
/// The path lives in the stack's view state (kept by its identity, as `@State` is), or in the
/// binding passed as `path:`, which pushing and popping change and which may be changed from
/// outside (setting it to `[]` returns to the root). The views under the top one are made
/// every frame (their state lives on) but neither laid out nor drawn.
///
/// ```swift
/// NavigationStack {
///     List(effects) { effect in NavigationLink(effect.name, value: effect) }
///         .navigationTitle("Effects")
///         .navigationDestination(for: Effect.self) { effect in EffectView(effect) }
/// }
/// ```
public struct NavigationStack<Data, Root: View>: View {
    let root: Root
    let path: NavigationPathAccess?

    /// A stack whose path it keeps itself.
    public init(@ViewBuilder root: () -> Root) where Data == NavigationPath {
        self.root = root()
        path = nil
    }

    /// A stack whose path is `path`: values of any `Hashable` types.
    public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root) where Data == NavigationPath {
        self.root = root()
        self.path = NavigationPathAccess(
            count: { path.wrappedValue.elements.count }, element: { path.wrappedValue.elements[$0] },
            append: { path.wrappedValue.elements.append($0) }, removeLast: { path.wrappedValue.removeLast() })
    }

    /// A stack whose path is `path`: values of one type.
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection, Data.Element: Hashable {
        self.root = root()
        self.path = NavigationPathAccess(
            count: { path.wrappedValue.count },
            element: { AnyHashable(path.wrappedValue[path.wrappedValue.index(path.wrappedValue.startIndex, offsetBy: $0)]) },
            append: { value in if let value = value.base as? Data.Element { path.wrappedValue.append(value) } },
            removeLast: { if !path.wrappedValue.isEmpty { path.wrappedValue.removeLast() } })
    }

    /// A primitive view has no body.
    public var body: Never { fatalError("NavigationStack has no body") }

    /// The stack's node: a level for the root and each view pushed, then the bar.
    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        let state = graph.store.extra(graph.currentIdentity, slot: NavigationState.slot, initial: NavigationState())
        state.value.beginFrame(path: view.path)
        if !state.value.entries.isEmpty {
            // Escape pops, unless a view inside handles it first (theirs come later: in front).
            graph.keyHandlers.append(KeyHandler(key: .escape, action: { state.value.pop(); return .handled }))
        }
        graph.withNode(.container(.navigation(state))) { graph in
            // The keys bound by a level under the top one go: it is not shown.
            var keys = graph.keyHandlers.count
            graph.withNode(.container(.navigationLevel(0))) { graph in graph.makeChild(view.root) }
            var level = 0
            while level < state.value.entries.count {
                graph.keyHandlers.removeLast(graph.keyHandlers.count - keys)
                let entry = state.value.entries[level]
                level += 1
                keys = graph.keyHandlers.count
                graph.withNode(.container(.navigationLevel(level))) { graph in
                    graph.makeChild(NavigationLevelContent(entry: entry, state: state), identifiedBy: level)
                }
            }
            state.value.levels = level + 1
            graph.withNode(.container(.navigationBar)) { graph in graph.makeChild(NavigationBar(state: state)) }
        }
    }
}

/// A path of values of any `Hashable` types, as SwiftUI's `NavigationPath`.
public struct NavigationPath: Equatable {
    var elements: [AnyHashable] = []

    /// An empty path.
    public init() {}

    /// A path of `elements`, the first pushed first.
    public init<S: Sequence>(_ elements: S) where S.Element: Hashable {
        self.elements = elements.map { AnyHashable($0) }
    }

    /// How many values are pushed.
    public var count: Int { elements.count }
    /// Whether nothing is pushed.
    public var isEmpty: Bool { elements.isEmpty }

    /// Pushes `value`.
    public mutating func append<V: Hashable>(_ value: V) { elements.append(AnyHashable(value)) }

    /// Pops `k` values (as many as there are at most).
    public mutating func removeLast(_ k: Int = 1) { elements.removeLast(min(max(k, 0), elements.count)) }
}

/// A path binding, its element type erased.
struct NavigationPathAccess {
    var count: () -> Int
    var element: (Int) -> AnyHashable
    var append: (AnyHashable) -> Void
    var removeLast: () -> Void
}

/// What is pushed: a value (shown by its type's destination) or a view.
enum NavigationEntry {
    case value(AnyHashable)
    case view(AnyView)
}

/// A `NavigationStack`'s path, and what its views declared this frame.
struct NavigationState {
    /// The store slot it is kept in.
    static let slot = 21
    /// What is pushed, the first first.
    var entries: [NavigationEntry] = []
    /// The path binding of this frame, if any.
    var path: NavigationPathAccess?
    /// The destinations declared this frame (`navigationDestination(for:)`): for a value's type,
    /// what makes its view.
    var destinations: [(type: ObjectIdentifier, make: (AnyHashable, inout ViewGraph) -> Void)] = []
    /// Each level's title this frame (`navigationTitle`), the root's first.
    var titles: [String?] = []
    /// Each level's toolbar items this frame.
    var toolbars: [[AnyView]] = []
    /// The levels whose back button is hidden this frame.
    var backHidden: [Bool] = []
    /// How many levels were made this frame.
    var levels = 1
    /// The value types already reported as having no destination.
    var reported: Set<ObjectIdentifier> = []

    /// Starts a frame: forgets what was declared, and follows the path binding where it changed.
    mutating func beginFrame(path: NavigationPathAccess?) {
        destinations.removeAll(keepingCapacity: true)
        for k in titles.indices { titles[k] = nil }
        for k in toolbars.indices { toolbars[k].removeAll(keepingCapacity: true) }
        for k in backHidden.indices { backHidden[k] = false }
        self.path = path
        guard let path else { return }
        // The values pushed here agree with the binding, or the binding wins (views pushed go).
        let count = path.count()
        var k = 0, agrees = true
        for entry in entries {
            guard case .value(let value) = entry else { continue }
            if k >= count || path.element(k) != value { agrees = false; break }
            k += 1
        }
        if agrees && k == count { return }
        entries.removeAll(keepingCapacity: true)
        for n in 0..<count { entries.append(.value(path.element(n))) }
    }

    /// Pushes `value` (onto the path binding too, if any).
    mutating func push(_ value: AnyHashable) {
        entries.append(.value(value))
        path?.append(value)
    }

    /// Pushes a view.
    mutating func push(_ view: AnyView) {
        entries.append(.view(view))
    }

    /// Pops the top view.
    mutating func pop() {
        guard let last = entries.popLast() else { return }
        if case .value = last { path?.removeLast() }
    }

    /// Sets level `level`'s title.
    mutating func setTitle(_ title: String, level: Int) {
        while titles.count <= level { titles.append(nil) }
        titles[level] = title
    }

    /// Adds an item to level `level`'s toolbar.
    mutating func addToolbarItem(_ item: AnyView, level: Int) {
        while toolbars.count <= level { toolbars.append([]) }
        toolbars[level].append(item)
    }

    /// Hides level `level`'s back button.
    mutating func hideBackButton(level: Int) {
        while backHidden.count <= level { backHidden.append(false) }
        backHidden[level] = true
    }

    /// Whether level `level`'s back button is hidden.
    func hidesBackButton(_ level: Int) -> Bool { level < backHidden.count && backHidden[level] }

    /// Level `level`'s title, if it has one.
    func title(_ level: Int) -> String? { level < titles.count ? titles[level] : nil }

    /// Whether the bar shows: once something is pushed, or when the top level has a title or items.
    var showsBar: Bool {
        let top = levels - 1
        return top > 0 || title(top) != nil || (top < toolbars.count && !toolbars[top].isEmpty)
    }
}

/// A pushed level's view: a view pushed, or the destination of a value.
struct NavigationLevelContent: View {
    let entry: NavigationEntry
    let state: StateBox<NavigationState>
    var body: Never { fatalError("NavigationLevelContent has no body") }

    static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        switch view.entry {
        case .view(let pushed):
            graph.makeChild(pushed)
        case .value(let value):
            let type = ObjectIdentifier(Swift.type(of: value.base))
            var k = view.state.value.destinations.count - 1
            while k >= 0 {
                if view.state.value.destinations[k].type == type {
                    view.state.value.destinations[k].make(value, &graph)
                    return
                }
                k -= 1
            }
            if view.state.value.reported.insert(type).inserted {
                FileHandle.standardError.write(Data("glint: a NavigationLink pushed a value of type \(Swift.type(of: value.base)), but no navigationDestination(for: \(Swift.type(of: value.base)).self) is declared in its NavigationStack\n".utf8))
            }
        }
    }
}
