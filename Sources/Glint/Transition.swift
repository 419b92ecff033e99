import Foundation
import GlintCore

/// Where a view is in its transition, as SwiftUI's `TransitionPhase`: about to appear, shown,
/// or gone. A transition's `body(content:phase:)` is made in each; the animation of the change
/// that inserted or removed the view moves what it draws from one to the next.
public enum TransitionPhase: Hashable, Sendable {
    /// Inserted: the phase the view animates from.
    case willAppear
    /// Shown, as it is when no transition runs.
    case identity
    /// Removed: the phase the view animates to before it goes.
    case didDisappear

    /// Whether the view is shown as it is (`.identity`).
    public var isIdentity: Bool { self == .identity }

    /// −1 for `.willAppear`, 0 for `.identity`, 1 for `.didDisappear`: a number to scale an
    /// effect by (a shader's progress).
    public var value: Double {
        switch self {
        case .willAppear: return -1
        case .identity: return 0
        case .didDisappear: return 1
        }
    }
}

/// What a transition does, as SwiftUI's `TransitionProperties`.
public struct TransitionProperties: Sendable {
    /// Whether the transition moves the view (false for a fade).
    public var hasMotion: Bool

    /// Properties with `hasMotion`.
    public init(hasMotion: Bool = true) {
        self.hasMotion = hasMotion
    }
}

/// How a view enters and leaves, as SwiftUI's `Transition`: `body(content:phase:)` changes the
/// view for each phase, and what it changes (opacity, offsets, scale, shader arguments) moves by
/// the animation of the change that inserted or removed the view:
///
/// ```swift
/// struct Spark: Transition {
///     func body(content: Content, phase: TransitionPhase) -> some View {
///         content.layerEffect(ShaderLibrary.spark(.float(abs(phase.value))), maxSampleOffset: .zero)
///     }
/// }
/// ```
public protocol Transition {
    /// The view a transition makes.
    associatedtype Body: View

    /// The stand-in for the view inserted or removed.
    typealias Content = PlaceholderContentView<Self>

    /// `content` as it shows in `phase`.
    @ViewBuilder func body(content: Content, phase: TransitionPhase) -> Body

    /// What the transition does.
    static var properties: TransitionProperties { get }

    /// Makes the transition over the content standing in (Glint's: composite transitions apply
    /// their parts here).
    static func _makeTransition(_ transition: Self, phase: TransitionPhase, into graph: inout ViewGraph)
}

extension Transition {
    /// A transition moves the view unless it says otherwise.
    public static var properties: TransitionProperties { TransitionProperties() }

    /// Makes `body(content:phase:)`.
    public static func _makeTransition(_ transition: Self, phase: TransitionPhase, into graph: inout ViewGraph) {
        graph.makeChild(transition.body(content: PlaceholderContentView(), phase: phase))
    }

    /// This transition and `other` at once (`other` applied over this one).
    public func combined<T: Transition>(with other: T) -> _CombinedTransition {
        _CombinedTransition(first: AnyTransition(self), second: AnyTransition(other))
    }
}

// MARK: - The built-in transitions

/// Fades the view in and out (`.opacity`).
public struct OpacityTransition: Transition {
    /// A fade.
    public init() {}
    /// The content, transparent unless shown.
    public func body(content: Content, phase: TransitionPhase) -> some View {
        content.opacity(phase.isIdentity ? 1 : 0)
    }
    /// A fade does not move the view.
    public static var properties: TransitionProperties { TransitionProperties(hasMotion: false) }
}

/// Leaves the view as it is (`.identity`).
public struct IdentityTransition: Transition {
    /// No transition.
    public init() {}
    /// The content as it is.
    public func body(content: Content, phase: TransitionPhase) -> some View { content }
    /// Nothing moves.
    public static var properties: TransitionProperties { TransitionProperties(hasMotion: false) }
}

/// Scales the view from and to `scale` about `anchor` (`.scale`, `.scale(_:anchor:)`).
public struct ScaleTransition: Transition {
    /// The scale the view has while not shown.
    public var scale: Double
    /// The fixed point of the scale.
    public var anchor: UnitPoint

    /// Scaling from and to `scale` about `anchor`.
    public init(_ scale: Double, anchor: UnitPoint = .center) {
        self.scale = scale.isFinite ? scale : 0
        self.anchor = anchor
    }

    /// The content scaled unless shown.
    public func body(content: Content, phase: TransitionPhase) -> some View {
        content.scaleEffect(phase.isIdentity ? 1 : CGFloat(scale), anchor: anchor)
    }
}

/// Moves the view in from and out to `edge`, by its own size (`.move(edge:)`).
public struct MoveTransition: Transition {
    /// The side the view comes from and goes to.
    public var edge: Edge

    /// Moving from and to `edge`.
    public init(edge: Edge) {
        self.edge = edge
    }

    /// The content moved off beyond `edge` unless shown.
    public func body(content: Content, phase: TransitionPhase) -> some View {
        content.modifier(_NodeModifier(kind: .sizedOffset(x: phase.isIdentity ? 0 : edge.direction.x,
                                                          y: phase.isIdentity ? 0 : edge.direction.y)))
    }
}

/// Moves the view in from the leading edge and out to the trailing edge, by its own width (`.slide`).
public struct SlideTransition: Transition {
    /// A slide.
    public init() {}

    /// The content moved off to the left before it shows, to the right after.
    public func body(content: Content, phase: TransitionPhase) -> some View {
        let x: Double = phase == .willAppear ? -1 : phase == .didDisappear ? 1 : 0
        return content.modifier(_NodeModifier(kind: .sizedOffset(x: x, y: 0)))
    }
}

/// Moves the view in from and out to `offset` away (`.offset(_:)`).
public struct OffsetTransition: Transition {
    /// How far from where it is laid out the view is while not shown.
    public var offset: CGSize

    /// Moving from and to `offset`.
    public init(_ offset: CGSize) {
        self.offset = offset
    }

    /// The content moved by `offset` unless shown.
    public func body(content: Content, phase: TransitionPhase) -> some View {
        content.offset(phase.isIdentity ? .zero : offset)
    }
}

/// Moves the view in from `edge` and out to the opposite edge, fading as it goes (`.push(from:)`).
public struct PushTransition: Transition {
    /// The side the view comes from.
    public var edge: Edge

    /// Pushing in from `edge`.
    public init(edge: Edge) {
        self.edge = edge
    }

    /// The content faded and moved off beyond `edge` before it shows, beyond the opposite edge after.
    public func body(content: Content, phase: TransitionPhase) -> some View {
        let side = phase == .didDisappear ? edge.opposite : edge
        return content
            .opacity(phase.isIdentity ? 1 : 0)
            .modifier(_NodeModifier(kind: .sizedOffset(x: phase.isIdentity ? 0 : side.direction.x,
                                                       y: phase.isIdentity ? 0 : side.direction.y)))
    }
}

/// Fades, blurs and scales the view, as SwiftUI's `BlurReplaceTransition`: while not shown it is
/// transparent, blurred by `BlurReplaceTransition.radius` points and scaled by
/// `BlurReplaceTransition.scale` (SwiftUI does not publish its numbers; these are Glint's).
public struct BlurReplaceTransition: Transition {
    /// How the view scales, as SwiftUI's configurations of `.blurReplace`.
    public struct Configuration: Hashable, Sendable {
        let removalGrows: Bool
        /// Growing as it appears, shrinking as it goes.
        public static let downUp = Configuration(removalGrows: false)
        /// Growing as it appears and as it goes.
        public static let upUp = Configuration(removalGrows: true)
    }

    /// The scale of the view while not shown (growing: the inverse).
    static let scale = 0.8
    /// The blur radius of the view while not shown, in points.
    static let radius = 8.0
    /// How it scales.
    public var configuration: Configuration

    /// A blur replace scaling by `configuration`.
    public init(configuration: Configuration = .downUp) {
        self.configuration = configuration
    }

    /// The content faded, blurred and scaled unless shown.
    public func body(content: Content, phase: TransitionPhase) -> some View {
        let grows = phase == .didDisappear && configuration.removalGrows
        let scale = phase.isIdentity ? 1 : (grows ? 1 / Self.scale : Self.scale)
        return content.blur(radius: phase.isIdentity ? 0 : CGFloat(Self.radius)).opacity(phase.isIdentity ? 1 : 0).scaleEffect(CGFloat(scale))
    }
}

/// A `ViewModifier` as a transition: `active` while not shown, `identity` while shown
/// (`.modifier(active:identity:)`).
public struct _ModifierTransition<Modifier: ViewModifier>: Transition {
    let active: Modifier
    let identity: Modifier

    /// The content with the modifier of its phase.
    public func body(content: Content, phase: TransitionPhase) -> some View {
        content.modifier(phase.isIdentity ? identity : active)
    }
}

/// One transition for insertion, another for removal (`.asymmetric(insertion:removal:)`). Both
/// are always applied, each at `.identity` outside its own phase, so the view's parts keep their
/// places from one phase to the next.
public struct _AsymmetricTransition: Transition {
    let insertion: AnyTransition
    let removal: AnyTransition

    /// Not called: the parts are applied in turn.
    public func body(content: Content, phase: TransitionPhase) -> some View { content }

    /// The insertion over the content, the removal over that.
    public static func _makeTransition(_ transition: Self, phase: TransitionPhase, into graph: inout ViewGraph) {
        graph.makeTransition(transition.removal, phase: phase == .didDisappear ? .didDisappear : .identity,
                             over: transition.insertion, phase: phase == .willAppear ? .willAppear : .identity)
    }
}

/// Two transitions at once (`.combined(with:)`).
public struct _CombinedTransition: Transition {
    let first: AnyTransition
    let second: AnyTransition

    /// Not called: the parts are applied in turn.
    public func body(content: Content, phase: TransitionPhase) -> some View { content }

    /// The first over the content, the second over that.
    public static func _makeTransition(_ transition: Self, phase: TransitionPhase, into graph: inout ViewGraph) {
        graph.makeTransition(transition.second, phase: phase, over: transition.first, phase: phase)
    }
}

extension Edge {
    /// Where the edge lies from the centre, in the view's sizes.
    var direction: (x: Double, y: Double) {
        switch self {
        case .top: return (0, -1)
        case .leading: return (-1, 0)
        case .bottom: return (0, 1)
        case .trailing: return (1, 0)
        }
    }

    /// The edge across the view.
    var opposite: Edge {
        switch self {
        case .top: return .bottom
        case .leading: return .trailing
        case .bottom: return .top
        case .trailing: return .leading
        }
    }
}

extension Transition where Self == OpacityTransition {
    /// Fades the view in and out.
    public static var opacity: OpacityTransition { OpacityTransition() }
}

extension Transition where Self == IdentityTransition {
    /// No transition: the view appears and goes at once.
    public static var identity: IdentityTransition { IdentityTransition() }
}

extension Transition where Self == ScaleTransition {
    /// Scales the view up from nothing and down to nothing, about its centre.
    public static var scale: ScaleTransition { ScaleTransition(0) }
    /// Scales the view from and to `scale` about `anchor`.
    public static func scale(_ scale: Double, anchor: UnitPoint = .center) -> ScaleTransition { ScaleTransition(scale, anchor: anchor) }
}

extension Transition where Self == MoveTransition {
    /// Moves the view in from and out to `edge`.
    public static func move(edge: Edge) -> MoveTransition { MoveTransition(edge: edge) }
}

extension Transition where Self == SlideTransition {
    /// Moves the view in from the leading edge and out to the trailing edge.
    public static var slide: SlideTransition { SlideTransition() }
}

extension Transition where Self == OffsetTransition {
    /// Moves the view in from and out to `offset` away.
    public static func offset(_ offset: CGSize) -> OffsetTransition { OffsetTransition(offset) }
    /// Moves the view in from and out to (`x`, `y`) away.
    public static func offset(x: CGFloat = 0, y: CGFloat = 0) -> OffsetTransition { OffsetTransition(CGSize(width: x, height: y)) }
}

extension Transition where Self == PushTransition {
    /// Pushes the view in from `edge`, out to the opposite edge, fading.
    public static func push(from edge: Edge) -> PushTransition { PushTransition(edge: edge) }
}

extension Transition where Self == BlurReplaceTransition {
    /// Fades, blurs and scales the view (see `BlurReplaceTransition`).
    public static var blurReplace: BlurReplaceTransition { BlurReplaceTransition() }
    /// Fades and scales the view as `configuration` says.
    public static func blurReplace(_ configuration: BlurReplaceTransition.Configuration = .downUp) -> BlurReplaceTransition {
        BlurReplaceTransition(configuration: configuration)
    }
}

extension Transition where Self == _AsymmetricTransition {
    /// `insertion` as the view appears, `removal` as it goes.
    public static func asymmetric<I: Transition, R: Transition>(insertion: I, removal: R) -> _AsymmetricTransition {
        _AsymmetricTransition(insertion: AnyTransition(insertion), removal: AnyTransition(removal))
    }
}

// MARK: - AnyTransition

/// A transition of any type, as SwiftUI's `AnyTransition`: what `.transition(_:)` takes, with
/// the built-in transitions as static members.
public struct AnyTransition {
    let base: any Transition
    /// The transition's own animation (`.animation(_:)`), used in place of the change's.
    var animation: Animation? = nil

    /// `transition`, its type erased.
    public init<T: Transition>(_ transition: T) {
        base = transition
    }

    /// This transition run by `animation`, as SwiftUI's `AnyTransition.animation(_:)`: the
    /// insertion or removal animates by it, even when the change that made it was not animated.
    public func animation(_ animation: Animation?) -> AnyTransition {
        var copy = self
        copy.animation = animation
        return copy
    }

    /// Fades the view in and out.
    public static var opacity: AnyTransition { AnyTransition(OpacityTransition()) }
    /// No transition.
    public static var identity: AnyTransition { AnyTransition(IdentityTransition()) }
    /// Scales the view up from nothing and down to nothing, about its centre.
    public static var scale: AnyTransition { AnyTransition(ScaleTransition(0)) }
    /// Moves the view in from the leading edge and out to the trailing edge.
    public static var slide: AnyTransition { AnyTransition(SlideTransition()) }

    /// Scales the view from and to `scale` about `anchor`.
    public static func scale(scale: CGFloat, anchor: UnitPoint = .center) -> AnyTransition {
        AnyTransition(ScaleTransition(Double(scale), anchor: anchor))
    }

    /// Moves the view in from and out to `edge`, by its own size.
    public static func move(edge: Edge) -> AnyTransition { AnyTransition(MoveTransition(edge: edge)) }

    /// Moves the view in from and out to `offset` away.
    public static func offset(_ offset: CGSize) -> AnyTransition { AnyTransition(OffsetTransition(offset)) }

    /// Moves the view in from and out to (`x`, `y`) away.
    public static func offset(x: CGFloat = 0, y: CGFloat = 0) -> AnyTransition {
        AnyTransition(OffsetTransition(CGSize(width: x, height: y)))
    }

    /// Pushes the view in from `edge` and out to the opposite edge, fading.
    public static func push(from edge: Edge) -> AnyTransition { AnyTransition(PushTransition(edge: edge)) }

    /// `insertion` as the view appears, `removal` as it goes.
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
        AnyTransition(_AsymmetricTransition(insertion: insertion, removal: removal))
    }

    /// `active` applied while the view is not shown, `identity` while it is; what the modifier
    /// changes moves between them.
    public static func modifier<E: ViewModifier>(active: E, identity: E) -> AnyTransition {
        AnyTransition(_ModifierTransition(active: active, identity: identity))
    }

    /// This transition and `other` at once (`other` applied over this one).
    public func combined(with other: AnyTransition) -> AnyTransition {
        AnyTransition(_CombinedTransition(first: self, second: other))
    }

    /// Makes the transition in `phase` over the content standing in.
    func make(phase: TransitionPhase, into graph: inout ViewGraph) {
        func open<T: Transition>(_ transition: T) {
            T._makeTransition(transition, phase: phase, into: &graph)
        }
        open(base)
    }
}

extension View {
    /// How the view enters when inserted and leaves when removed inside an animated change, as
    /// SwiftUI's `transition(_:)`. A removed view is drawn (but takes no presses) until its
    /// removal ends. Without an animation the view appears and goes at once.
    public func transition(_ transition: AnyTransition) -> ModifiedContent<Self, _TransitionModifier> {
        modifier(_TransitionModifier(transition: transition))
    }

    /// `transition(_:)` with a `Transition` of your own (or a built-in one by its type).
    public func transition<T: Transition>(_ transition: T) -> ModifiedContent<Self, _TransitionModifier> {
        modifier(_TransitionModifier(transition: AnyTransition(transition)))
    }
}
