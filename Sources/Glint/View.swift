import Foundation
import GlintCore

/// A piece of what Glint draws, as SwiftUI's `View`: a value describing the content and the
/// modifiers over it, rebuilt freely every frame.
///
/// Compose your own views from Glint's with `body`:
///
/// ```swift
/// struct Card: View {
///     var time: Double
///     var body: some View {
///         Image("card.png")
///             .frame(width: 300, height: 200)
///             .distortionEffect(ShaderLibrary.wave(.boundingRect, .float(time), .float(12), .float(6)),
///                               maxSampleOffset: CGSize(width: 6, height: 6))
///     }
/// }
/// ```
///
/// The primitives (`Color`, `Image`, `Rectangle`, `EffectView`) have no body (`Never`). A view
/// holds one primitive: Glint has no stacks yet.
public protocol View {
    /// The type of view this one is made of.
    associatedtype Body: View

    /// What this view is made of.
    var body: Body { get }

    /// Writes this view's passes into `resolved`. Glint's primitives and modifiers implement
    /// it; a view of your own is drawn through its `body`.
    static func _resolve(_ view: Self, into resolved: inout ResolvedView)

    /// The size this view asks for when nothing proposes one, in points, if it has one.
    static func _idealSize(_ view: Self) -> CGSize?
}

extension View {
    /// Resolves the body.
    public static func _resolve(_ view: Self, into resolved: inout ResolvedView) {
        Body._resolve(view.body, into: &resolved)
    }

    /// The body's size.
    public static func _idealSize(_ view: Self) -> CGSize? {
        Body._idealSize(view.body)
    }
}

extension Never: View {
    /// A primitive view has no body.
    public typealias Body = Never

    /// Never called: a primitive view has no body.
    public var body: Never { fatalError("Never has no body") }
}

/// Something that changes a view: an effect, a frame, a tear. Glint's modifiers conform; they
/// are applied with the view methods of the same names (`colorEffect`, `frame`, …).
public protocol ViewModifier {
    /// Resolves `content` with this modifier applied, into `resolved`.
    static func _resolve<Content: View>(_ modifier: Self, content: Content, into resolved: inout ResolvedView)

    /// The size `content` with this modifier applied asks for, if any.
    static func _idealSize<Content: View>(_ modifier: Self, content: Content) -> CGSize?
}

extension ViewModifier {
    /// The content's size: most modifiers do not change it.
    public static func _idealSize<Content: View>(_ modifier: Self, content: Content) -> CGSize? {
        Content._idealSize(content)
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

    /// A modified view is drawn by its modifier, not through a body.
    public var body: Never { fatalError("ModifiedContent has no body") }

    /// Lets the modifier resolve the content.
    public static func _resolve(_ view: Self, into resolved: inout ResolvedView) {
        Modifier._resolve(view.modifier, content: view.content, into: &resolved)
    }

    /// The modifier's size for the content.
    public static func _idealSize(_ view: Self) -> CGSize? {
        Modifier._idealSize(view.modifier, content: view.content)
    }
}

extension View {
    /// This view changed by `modifier`.
    public func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent<Self, M> {
        ModifiedContent(content: self, modifier: modifier)
    }
}
