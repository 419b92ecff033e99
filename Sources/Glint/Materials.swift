import Foundation
import GlintCore

/// A translucent background that blurs what is behind it, as SwiftUI's `Material`:
/// `.background(.ultraThinMaterial)`, `.background(.regularMaterial, in: .rect(cornerRadius: 12))`.
///
/// Glint's materials are what is drawn below the view, copied, blurred (kept inside the view's
/// shape, its edge pixels standing in beyond) and tinted: white in the light colour scheme, a
/// dark grey in the dark one, more blurred and more tinted from `ultraThinMaterial` to
/// `ultraThickMaterial`. Used as a shape's `fill` or a foreground style, a material is its tint
/// alone (nothing is blurred).
public struct Material: Sendable, Hashable {
    /// 0 (ultra-thin) … 4 (ultra-thick).
    let thickness: Int

    /// The blur, in points (`blur(radius:)`'s).
    var radius: Double { Self.radii[min(max(thickness, 0), Self.radii.count - 1)] }
    /// How much of the tint covers the blurred backdrop.
    var tintOpacity: Double { Self.opacities[min(max(thickness, 0), Self.opacities.count - 1)] }

    /// The radii and tint opacities from ultra-thin to ultra-thick.
    static let radii = [8.0, 12, 16, 20, 24]
    static let opacities = [0.25, 0.4, 0.55, 0.7, 0.82]

    /// The tint over the blur in `scheme`.
    func tint(_ scheme: ColorScheme) -> Color {
        scheme == .dark ? Color(white: 0.12, opacity: tintOpacity) : Color(white: 1, opacity: tintOpacity)
    }
}

extension Material: ShapeStyle {
    /// As a fill: the light scheme's tint (see `Material`).
    public var _shapeStyleValue: ShapeStyleValue { .color(tint(.light)) }
}

extension ShapeStyle where Self == Material {
    /// The most see-through material, as SwiftUI's `.ultraThinMaterial`.
    public static var ultraThinMaterial: Material { Material(thickness: 0) }
    /// A thin material, as SwiftUI's `.thinMaterial`.
    public static var thinMaterial: Material { Material(thickness: 1) }
    /// The middle material, as SwiftUI's `.regularMaterial`.
    public static var regularMaterial: Material { Material(thickness: 2) }
    /// A thick material, as SwiftUI's `.thickMaterial`.
    public static var thickMaterial: Material { Material(thickness: 3) }
    /// The least see-through material, as SwiftUI's `.ultraThickMaterial`.
    public static var ultraThickMaterial: Material { Material(thickness: 4) }
    /// A toolbar's material, as SwiftUI's `.bar` (Glint's regular material).
    public static var bar: Material { Material(thickness: 2) }
}

extension View {
    /// `material` behind the view, filling its frame, as SwiftUI's `background(_:ignoresSafeAreaEdges:)`
    /// with a material (the desktop has no safe areas: `edges` changes nothing).
    public func background(_ material: Material, ignoresSafeAreaEdges edges: Edge.Set = .all)
        -> ModifiedContent<Self, _LayeredModifier<_MaterialView<Rectangle>>> {
        background(_MaterialView(material: material, shape: Rectangle(), fillStyle: FillStyle()))
    }

    /// `material` behind the view in `shape`, as SwiftUI's `background(_:in:fillStyle:)` with a material.
    public func background<T: Shape>(_ material: Material, in shape: T, fillStyle: FillStyle = FillStyle())
        -> ModifiedContent<Self, _LayeredModifier<_MaterialView<T>>> {
        background(_MaterialView(material: material, shape: shape, fillStyle: fillStyle))
    }
}

/// A material in a shape: what is below, blurred and tinted, inside the shape
/// (`ResolvedView.emitMaterial`).
public struct _MaterialView<S: Shape>: View {
    let material: Material
    let shape: S
    let fillStyle: FillStyle

    public var body: Never { fatalError("a material has no body") }

    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        let spec = MaterialSpec(radius: view.material.radius, tint: view.material.tint(graph.environment.colorScheme))
        graph.withNode(.filter(.material(spec))) { graph in
            graph.addNode(.shape(ShapeLeaf(shape: ShapeSource(view.shape), fill: .color(.white), fillStyle: view.fillStyle)))
        }
    }
}

/// A material as drawn: its blur, in points, and its tint.
struct MaterialSpec {
    var radius: Double
    var tint: Color
}
