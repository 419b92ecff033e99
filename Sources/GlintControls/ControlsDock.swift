import Foundation
import Glint
import GlintCore
import GlintRender

/// Glint's views' colour (GlintCore's `Color` is the renderer's).
typealias Color = Glint.Color

/// A view with the controls of its effects docked beside it, as the `glint` window shows them:
/// `EffectControls` in a column down the right edge (full height) when the space is at least as
/// wide as tall, else in a band along the bottom (at most half the height), the content
/// getting the rest from the top-left, never less than 160 points across —
/// `ControlsPanel.placement(in:)`, the one statement of those numbers. A press on the panel is
/// the panel's (it is in front); anywhere else it goes to the content. Not presented, the panel
/// takes no room, no press and no draw, and the content has the whole space.
///
/// ```swift
/// ControlsDock(effects: [harmonic], isPresented: showsControls) {
///     EffectView(harmonic)
/// }
/// // or
/// EffectView(harmonic).controlsPanel(isPresented: showsControls, effects: [harmonic])
/// ```
///
/// The content keeps its identity (and its state) whether the panel shows or not.
public struct ControlsDock<Content: View>: View {
    /// The effects whose controls show.
    public let effects: [any Effect]
    /// Whether the panel shows.
    public let isPresented: Bool
    let content: Content

    /// `content` with the controls of `effects` docked beside it while `isPresented`.
    public init(effects: [any Effect], isPresented: Bool = true, @ViewBuilder content: () -> Content) {
        self.effects = effects
        self.isPresented = isPresented
        self.content = content()
    }

    /// A primitive view has no body.
    public var body: Never { fatalError("ControlsDock has no body") }

    /// Makes the content, and while presented the panel and its edge line, under a dock node
    /// that places them as `ControlsPanel.placement(in:)` (the panel's `DockLayout`) says.
    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        guard view.isPresented else {
            graph.makeChild(view.content)
            return
        }
        let panel = graph.kept(slot: slot, make: { ControlsPanel(effects: view.effects) }, isCurrent: { same($0.effects, view.effects) })
        graph.withDock(panel.dock) { graph in
            graph.makeChild(view.content)
            graph.makeChild(EffectControls(effects: view.effects))
            graph.makeChild(Color(ControlsPanel.Style.border))
        }
    }

    /// The store slot of the panel model whose placement the dock follows.
    static var slot: Int { 6 }

    private static func same(_ a: [any Effect], _ b: [any Effect]) -> Bool {
        guard a.count == b.count else { return false }
        var i = 0
        while i < a.count {
            if a[i] !== b[i] { return false }
            i += 1
        }
        return true
    }
}

extension View {
    /// This view with the controls of `effects` docked beside it while `isPresented`: a
    /// `ControlsDock` (as SwiftUI's `inspector(isPresented:)` docks an inspector).
    public func controlsPanel(isPresented: Bool, effects: [any Effect]) -> ControlsDock<Self> {
        ControlsDock(effects: effects, isPresented: isPresented) { self }
    }
}
