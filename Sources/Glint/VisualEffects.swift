import Foundation
import GlintCore
import Synchronization

/// SwiftUI's visual modifiers that the renderer draws with its layers and passes: `blur`,
/// `shadow`, the colour adjustments (`brightness`, `contrast`, `saturation`, `grayscale`,
/// `hueRotation`, `colorInvert`, `colorMultiply`), `blendMode` and `mask`. Each adds one node
/// holding plain values (no shader object, no array), so a view rebuilt every frame allocates
/// nothing for them; how each is drawn is in `ResolvedView+Filters.swift`.
extension View {
    /// The view blurred by a Gaussian of `radius` points, as SwiftUI's `blur(radius:opaque:)`.
    ///
    /// Glint's blur is its built-in separable one (`Shaders/blur.frag`): σ = `radius` / 2, taps
    /// out to `radius` points each side, normalised, `radius` clamped to 0…64 points. The blur
    /// spreads up to `radius` past the view's edges, fading into what is behind; with `opaque`
    /// it stays inside the view, the view's edge pixels standing in for what lies beyond, so
    /// an opaque view stays opaque to its edges. The radius animates.
    public func blur(radius: CGFloat, opaque: Bool = false) -> ModifiedContent<Self, _NodeModifier> {
        modifier(_NodeModifier(kind: .filter(.blur(radius: FilterSpec.points(radius, "blur radius"), opaque: opaque))))
    }

    /// A shadow under the view, as SwiftUI's `shadow(color:radius:x:y:)`: the view's alpha in
    /// `color`, blurred by `radius` points (Glint's Gaussian, as `blur(radius:)`), moved `x`, `y`
    /// points, drawn under the view. Shapes, images, text and shaders all cast one.
    ///
    /// As in SwiftUI, each part of a container (each shape, text, image or shader in a stack, a
    /// background and what is over it) casts its own shadow, drawn just under that part: a
    /// later part's shadow falls over the parts before it. After `compositingGroup()` the view
    /// is one picture and casts one shadow. A sharp shadow (`radius` 0) of text alone is the
    /// text drawn again, offset, in the shadow's colour. Radius and offset animate.
    public func shadow(color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0)
        -> ModifiedContent<Self, _NodeModifier> {
        modifier(_NodeModifier(kind: .filter(.shadow(ShadowSpec(
            color: color, radius: FilterSpec.points(radius, "shadow radius"),
            x: FilterSpec.offset(x, "shadow x"), y: FilterSpec.offset(y, "shadow y"))))))
    }

    /// The view brighter by `amount` (added to each of red, green and blue: −1 black … 1 white),
    /// as SwiftUI's `brightness(_:)`.
    public func brightness(_ amount: Double) -> ModifiedContent<Self, _NodeModifier> {
        colorAdjustment(.brightness, amount)
    }

    /// The view's contrast scaled by `amount` around mid-grey (each channel c becomes
    /// (c − 0.5)·amount + 0.5; 0 is flat grey, 1 unchanged), as SwiftUI's `contrast(_:)`.
    public func contrast(_ amount: Double) -> ModifiedContent<Self, _NodeModifier> {
        colorAdjustment(.contrast, amount)
    }

    /// The view's colour saturation scaled by `amount` (0 grey, 1 unchanged, above 1 more
    /// vivid), as SwiftUI's `saturation(_:)`: each pixel mixed with its Rec. 709 luma
    /// (0.2126 r + 0.7152 g + 0.0722 b).
    public func saturation(_ amount: Double) -> ModifiedContent<Self, _NodeModifier> {
        colorAdjustment(.saturation, amount)
    }

    /// The view's colour taken away by `amount` (0 unchanged, 1 grey), as SwiftUI's
    /// `grayscale(_:)`: `saturation(1 − amount)`.
    public func grayscale(_ amount: Double) -> ModifiedContent<Self, _NodeModifier> {
        colorAdjustment(.saturation, 1 - amount)
    }

    /// The view's hues turned by `angle`, as SwiftUI's `hueRotation(_:)`: the hue-rotation
    /// matrix of SVG's `feColorMatrix` (about the grey axis, luma kept, weights 0.213, 0.715,
    /// 0.072).
    public func hueRotation(_ angle: Angle) -> ModifiedContent<Self, _NodeModifier> {
        colorAdjustment(.hueRotation, angle.radians)
    }

    /// The view's colours inverted (each channel c becomes 1 − c; alpha kept), as SwiftUI's
    /// `colorInvert()`.
    public func colorInvert() -> ModifiedContent<Self, _NodeModifier> {
        colorAdjustment(.invert, 1)
    }

    /// The view's colours multiplied by `color`, channel by channel and alpha too, as
    /// SwiftUI's `colorMultiply(_:)`.
    public func colorMultiply(_ color: Color) -> ModifiedContent<Self, _NodeModifier> {
        modifier(_NodeModifier(kind: .filter(.colorMatrix(ColorAdjustment(kind: .multiply, amount: 1, color: color)))))
    }

    /// How the view's colours combine with what is drawn below it, as SwiftUI's
    /// `blendMode(_:)`: below is everything drawn before it in the nearest `compositingGroup()`
    /// (or `drawingGroup()`, a clip, an effect's layer) around it, else the window.
    public func blendMode(_ blendMode: BlendMode) -> ModifiedContent<Self, _NodeModifier> {
        modifier(_NodeModifier(kind: .filter(.blend(blendMode))))
    }

    /// The view shown through `mask`: each pixel's opacity multiplied by the mask's there, as
    /// SwiftUI's `mask(alignment:_:)`. The mask is laid out in the view's frame, sized as it
    /// chooses and placed by `alignment`; where it draws nothing the view is hidden.
    public func mask<Mask: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> Mask) -> ModifiedContent<Self, _MaskModifier<Mask>> {
        modifier(_MaskModifier(mask: mask(), alignment: alignment))
    }

    /// The view shown through `mask`, centred (SwiftUI's older `mask(_:)`).
    public func mask<Mask: View>(_ mask: Mask) -> ModifiedContent<Self, _MaskModifier<Mask>> {
        modifier(_MaskModifier(mask: mask, alignment: .center))
    }

    /// The view clipped to a rounded rectangle of corner radius `radius` points, as SwiftUI's
    /// `cornerRadius(_:antialiased:)` (deprecated there for `clipShape(.rect(cornerRadius:))`,
    /// which is the same).
    public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> ModifiedContent<Self, _NodeModifier> {
        clipShape(RoundedRectangle(cornerRadius: max(0, radius.isFinite ? radius : 0)), style: FillStyle(antialiased: antialiased))
    }

    private func colorAdjustment(_ kind: ColorAdjustment.Kind, _ amount: Double) -> ModifiedContent<Self, _NodeModifier> {
        modifier(_NodeModifier(kind: .filter(.colorMatrix(ColorAdjustment(kind: kind, amount: amount.isFinite ? amount : 0, color: .white)))))
    }
}

/// `.mask`: the content, and the view whose alpha shows it.
public struct _MaskModifier<Mask: View>: ViewModifier {
    let mask: Mask
    let alignment: Alignment

    public typealias Body = Never

    public static func _makeModifier<C: View>(_ modifier: Self, content: C, into graph: inout ViewGraph) {
        graph.withNode(.filter(.mask(modifier.alignment))) { graph in
            graph.node(.group, content: content)
            graph.node(.group, content: modifier.mask)
        }
    }
}

/// How a view's colours combine with what is below it, as SwiftUI's `BlendMode`. The
/// separable and non-separable modes follow the W3C's Compositing and Blending formulas
/// (co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs)), in the stored sRGB values; the
/// Porter-Duff ones (`sourceAtop`, `destinationOver`, `destinationOut`) their own, and
/// `plusLighter` Porter-Duff's plus (min(1, S + D) on premultiplied colours, alpha too);
/// `plusDarker` is B = max(0, Cb + Cs − 1), which is Core Graphics' where both are opaque.
public enum BlendMode: Int, Sendable, Hashable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight,
         difference, exclusion, hue, saturation, color, luminosity, sourceAtop, destinationOver, destinationOut,
         plusDarker, plusLighter
}

/// What a visual modifier's node holds (`NodeKind.filter`).
enum FilterSpec {
    /// `blur(radius:opaque:)`: a pass over the view (or its layer).
    case blur(radius: Double, opaque: Bool)
    /// A colour adjustment: a colour pass.
    case colorMatrix(ColorAdjustment)
    /// `shadow`: the view in a layer, drawn twice (the shadow, then the view).
    case shadow(ShadowSpec)
    /// `blendMode`: the view in a layer, blended with a copy of what is below.
    case blend(BlendMode)
    /// `mask`: two children, the content and the mask, laid out as an overlay.
    case mask(Alignment)
    /// A material (`Materials.swift`): what is below, blurred and tinted, in its one child's shape.
    case material(MaterialSpec)

    /// Whether it is a pass of an effect chain over the view (`emitEffectChain`).
    var isChainPass: Bool {
        switch self {
        case .blur, .colorMatrix: return true
        case .shadow, .blend, .mask, .material: return false
        }
    }

    /// Its numbers that animate, and them set back.
    var animatable: AnimatableVector4? {
        switch self {
        case .blur(let radius, _): return AnimatableVector4(radius)
        case .colorMatrix(let a):
            if a.kind == .multiply {
                let c = a.color.resolved
                return AnimatableVector4(Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha))
            }
            return AnimatableVector4(a.amount)
        case .shadow(let s): return AnimatableVector4(s.radius, s.x, s.y)
        case .blend, .mask, .material: return nil
        }
    }

    /// This spec with its animated numbers at `v`.
    func with(_ v: AnimatableVector4) -> FilterSpec {
        switch self {
        case .blur(_, let opaque): return .blur(radius: max(0, v.x), opaque: opaque)
        case .colorMatrix(var a):
            if a.kind == .multiply {
                a.color = Color(red: v.x, green: v.y, blue: v.z, opacity: min(max(v.w, 0), 1))
            } else {
                a.amount = v.x
            }
            return .colorMatrix(a)
        case .shadow(var s):
            (s.radius, s.x, s.y) = (max(0, v.x), v.y, v.z)
            return .shadow(s)
        case .blend, .mask, .material: return self
        }
    }

    /// A radius in points: 0 for a negative or non-finite one, said once on standard error.
    static func points(_ value: CGFloat, _ name: String) -> Double {
        let x = Double(value)
        if x >= 0 && x.isFinite { return x }
        ArgumentWarnings.once(name, "glint: invalid \(name) \(x): it must be a finite number of points, at least 0; 0 is used\n")
        return 0
    }

    /// An offset in points: 0 for a non-finite one, said once on standard error.
    static func offset(_ value: CGFloat, _ name: String) -> Double {
        let x = Double(value)
        if x.isFinite { return x }
        ArgumentWarnings.once(name, "glint: invalid \(name) \(x): it must be a finite number of points; 0 is used\n")
        return 0
    }
}

/// A colour adjustment: an affine map of each pixel's red, green and blue, and a factor on
/// its alpha.
struct ColorAdjustment {
    enum Kind { case brightness, contrast, saturation, hueRotation, invert, multiply }
    var kind: Kind
    /// The amount (for `hueRotation`, radians).
    var amount: Double
    /// For `multiply`, the colour.
    var color: Color

    /// The map's rows: channel i becomes dot(row i's xyz, rgb) + row i's w (straight colour,
    /// sRGB values), and the alpha is multiplied by `alpha`.
    var rows: (red: SIMD4<Float>, green: SIMD4<Float>, blue: SIMD4<Float>, alpha: Float) {
        let a = Float(amount)
        switch kind {
        case .brightness:
            return (SIMD4(1, 0, 0, a), SIMD4(0, 1, 0, a), SIMD4(0, 0, 1, a), 1)
        case .contrast:
            let o = 0.5 * (1 - a)
            return (SIMD4(a, 0, 0, o), SIMD4(0, a, 0, o), SIMD4(0, 0, a, o), 1)
        case .saturation:
            // Rec. 709 luma, mixed back in by 1 − amount.
            let (lr, lg, lb): (Float, Float, Float) = (0.2126, 0.7152, 0.0722)
            let k = 1 - a
            return (SIMD4(lr * k + a, lg * k, lb * k, 0), SIMD4(lr * k, lg * k + a, lb * k, 0),
                    SIMD4(lr * k, lg * k, lb * k + a, 0), 1)
        case .hueRotation:
            let (c, s) = (Float(cos(amount)), Float(sin(amount)))
            return (SIMD4(0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928, 0),
                    SIMD4(0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283, 0),
                    SIMD4(0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072, 0), 1)
        case .invert:
            return (SIMD4(-1, 0, 0, 1), SIMD4(0, -1, 0, 1), SIMD4(0, 0, -1, 1), 1)
        case .multiply:
            let m = color.resolved
            return (SIMD4(m.red, 0, 0, 0), SIMD4(0, m.green, 0, 0), SIMD4(0, 0, m.blue, 0), m.alpha)
        }
    }
}

/// A shadow's colour, blur and offset, in points.
struct ShadowSpec {
    var color: Color
    var radius: Double
    var x: Double
    var y: Double
}

/// Messages about bad arguments, each said once a process.
enum ArgumentWarnings {
    private static let said = Mutex<Set<String>>([])

    static func once(_ key: String, _ message: String) {
        if said.withLock({ $0.insert(key).inserted }) {
            FileHandle.standardError.write(Data(message.utf8))
        }
    }
}
