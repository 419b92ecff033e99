import Foundation
import GlintCore
import GlintRender

/// Views in a column, as SwiftUI's `VStack`: each offered its share of the height (the least
/// flexible first), aligned across by `alignment`, `spacing` points apart (8 when nil).
public struct VStack<Content: View>: View {
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content

    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    public var body: Never { fatalError("VStack has no body") }

    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        graph.node(.stack(axis: .vertical, alignment: view.alignment.fraction, spacing: view.spacing.map(Double.init)),
                   content: view.content)
    }
}

/// Views in a row, as SwiftUI's `HStack`.
public struct HStack<Content: View>: View {
    let alignment: VerticalAlignment
    let spacing: CGFloat?
    let content: Content

    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    public var body: Never { fatalError("HStack has no body") }

    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        graph.node(.stack(axis: .horizontal, alignment: view.alignment.fraction, spacing: view.spacing.map(Double.init)),
                   content: view.content)
    }
}

/// Views over each other, the later in front, as SwiftUI's `ZStack`: each offered the whole
/// space and aligned by `alignment`; the stack is as large as the largest.
public struct ZStack<Content: View>: View {
    let alignment: Alignment
    let content: Content

    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    public var body: Never { fatalError("ZStack has no body") }

    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        graph.node(.zstack(view.alignment), content: view.content)
    }
}

/// Space that grows along its stack, as SwiftUI's `Spacer`: at least `minLength` points
/// (8 when nil).
public struct Spacer: View {
    let minLength: CGFloat?

    public init(minLength: CGFloat? = nil) { self.minLength = minLength }

    public var body: Never { fatalError("Spacer has no body") }

    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        graph.addNode(.spacer(minLength: view.minLength.map(Double.init)))
    }
}

/// A view whose content is made from its size and place, as SwiftUI's `GeometryReader`: it
/// takes all the space offered and lays its content at its top-left.
public struct GeometryReader<Content: View>: View {
    let content: (GeometryProxy) -> Content

    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {
        self.content = content
    }

    public var body: Never { fatalError("GeometryReader has no body") }

    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        let index = graph.defer(GeometryContent(content: view.content))
        graph.addNode(.geometry(index))
    }
}

/// A `GeometryReader`'s closure, kept until layout knows the size.
struct GeometryContent<Content: View>: DeferredContent {
    let content: (GeometryProxy) -> Content

    func make(_ proxy: GeometryProxy, into graph: inout ViewGraph) {
        graph.makeChild(content(proxy))
    }
}

extension ViewGraph {
    /// Keeps `content` (with the identity and environment of the view being made) for layout
    /// to make once its size is known; returns its index.
    mutating func `defer`(_ content: any DeferredContent) -> Int {
        deferred.append(content)
        deferredScopes.append(DeferredScope(identity: currentIdentity, environment: environment))
        return deferred.count - 1
    }

    /// Makes deferred content `index` for `proxy` as the children of node `node`.
    mutating func makeDeferred(_ index: Int, proxy: GeometryProxy, under node: Int) {
        let scope = deferredScopes[index]
        let saved = (current, environment)
        current = node
        environment = scope.environment
        withScope(identity: scope.identity) { graph in
            graph.deferred[index].make(proxy, into: &graph)
        }
        (current, environment) = saved
    }
}

/// Where deferred content was found: its identity and environment.
struct DeferredScope {
    var identity: UInt64
    var environment: EnvironmentValues
}
