import Foundation
import GlintCore

/// `.environment(\.key, value)`: the content made with one value of its environment changed.
/// (A value, not a closure: applying it to a built-in key allocates nothing; a key of your own
/// copies the environment's dictionary of them, see `EnvironmentValues`.)
public struct _EnvironmentKeyWritingModifier<Value>: ViewModifier {
    let keyPath: WritableKeyPath<EnvironmentValues, Value>
    let value: Value

    public typealias Body = Never

    public static func _makeModifier<C: View>(_ modifier: Self, content: C, into graph: inout ViewGraph) {
        let saved = graph.environment
        graph.environment[keyPath: modifier.keyPath] = modifier.value
        graph.makeChild(content)
        graph.environment = saved
    }
}

/// `.environment(object)`: the content made with a model its views read by its type.
public struct _EnvironmentObjectModifier: ViewModifier {
    let object: AnyObject?
    let type: Any.Type

    public typealias Body = Never

    public static func _makeModifier<C: View>(_ modifier: Self, content: C, into graph: inout ViewGraph) {
        let saved = graph.environment
        graph.environment.setObject(modifier.object, as: modifier.type)
        graph.makeChild(content)
        graph.environment = saved
    }
}

/// `.preferredColorScheme(_:)`: the content made in a colour scheme, and the host told.
public struct _PreferredColorSchemeModifier: ViewModifier {
    let colorScheme: ColorScheme?

    public typealias Body = Never

    public static func _makeModifier<C: View>(_ modifier: Self, content: C, into graph: inout ViewGraph) {
        guard let scheme = modifier.colorScheme else {
            graph.makeChild(content)
            return
        }
        graph.preferredColorScheme = scheme
        let saved = graph.environment.colorScheme
        graph.environment.colorScheme = scheme
        graph.makeChild(content)
        graph.environment.colorScheme = saved
    }
}

extension View {
    /// The view with `value` at `keyPath` of its environment, as SwiftUI's
    /// `environment(_:_:)`: the views inside read it with `@Environment(keyPath)`, and Glint's
    /// own views follow the built-in keys (`\.colorScheme`, `\.font`, `\.isEnabled`, …).
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V)
        -> ModifiedContent<Self, _EnvironmentKeyWritingModifier<V>> {
        modifier(_EnvironmentKeyWritingModifier(keyPath: keyPath, value: value))
    }

    /// The view with `object`, an `@Observable` model, in its environment, as SwiftUI's
    /// `environment(_:)`: the views inside read it with `@Environment(Model.self)`. Nil takes a
    /// model of that type given further out away.
    public func environment<T: AnyObject & Observable>(_ object: T?) -> ModifiedContent<Self, _EnvironmentObjectModifier> {
        modifier(_EnvironmentObjectModifier(object: object, type: T.self))
    }

    /// The colour scheme the view is drawn in, as SwiftUI's `preferredColorScheme(_:)`: the
    /// view and what it holds take it (`Color.primary`, text with no style of its own), and a
    /// backdrop that is the scheme's background (a `Window`'s default, or
    /// `ImageRenderer.backdrop = .background`) takes it too. Nil follows the window. (In SwiftUI the whole window takes it; in Glint views
    /// beside this one keep the window's.)
    public func preferredColorScheme(_ colorScheme: ColorScheme?) -> ModifiedContent<Self, _PreferredColorSchemeModifier> {
        modifier(_PreferredColorSchemeModifier(colorScheme: colorScheme))
    }
}
