import Foundation
import GlintCore

/// The Dark Side of the Moon cover (seed 003) as the article builds it, with its finishing
/// touches: the cover (`DarkSideView`, custom `Shape`s traced with `Path`s, stroked and filled)
/// beside a slider for each of its four parameters (the article's `Params` made `@State`).
///
/// ```swift
/// try Window("Prism", size: CGSize(width: 860, height: 520)) { PrismView() }.run()
/// ```
///
/// Its geometry and default parameters are those of the `prism` shader effect
/// (`PrismGeometry`, `PrismEffect.descriptor`), so the view and `glint --effect prism` draw the
/// same cover.
public struct PrismView: View {
    /// The four fractions, which the sliders change.
    @State private var parameters: PrismGeometry.Parameters
    /// How far the staged drawing has got, 0…1.
    private let progress: Double

    /// The cover drawn `progress` (0…1) of the way through its staged drawing (1: whole; see
    /// `DarkSideView`), starting from `parameters` (the prism effect's defaults unless given).
    public init(progress: Double = 1, parameters: PrismGeometry.Parameters = DarkSideView.defaultParameters) {
        self.progress = progress
        _parameters = State(wrappedValue: parameters)
    }

    public var body: some View {
        HStack(alignment: .top, spacing: 20) {
            DarkSideView(parameters: parameters, progress: progress)
            VStack(alignment: .leading, spacing: 10) {
                Text("Parameters").font(.headline).foregroundStyle(.white)
                // Each slider's range: the prism effect's declared range for its parameter.
                Slider(value: $parameters.lightFraction, in: PrismEffect.lightFraction.range) { label("Light") }
                Slider(value: $parameters.prismFraction, in: PrismEffect.prismFraction.range) { label("Prism") }
                Slider(value: $parameters.dispersionSize, in: PrismEffect.dispersionSize.range) { label("Dispersion") }
                Slider(value: $parameters.rainbowSize, in: PrismEffect.rainbowSize.range) { label("Rainbow") }
            }
            .frame(width: 300)
        }
        .padding()
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .background(Color(white: 0.08))
    }

    /// A slider's label, in a column of its own.
    private func label(_ title: String) -> some View {
        Text(title).foregroundStyle(.white).frame(width: 90, alignment: .leading)
    }
}

/// The cover alone, as the article's `DarkSideView`: a square `GeometryReader` on black with the
/// white beam, the dispersion filled with a white-to-black gradient, six rainbow slices and the
/// prism's outline, each a `Shape` whose `Path` reads `PrismGeometry`.
///
/// The drawing is staged as the `prism` effect stages it (`PrismGeometry.Stage`, a quarter of
/// `progress` each): the outline traced from the prism's top clockwise (`trim`), the beam grown
/// from the left edge (`trim`), then the dispersion and the rainbow swept in from the left.
public struct DarkSideView: View {
    /// The prism effect's default fractions (its parameters', the seed's).
    public static let defaultParameters = PrismGeometry.Parameters(
        lightFraction: PrismEffect.lightFraction.defaultSetting,
        prismFraction: PrismEffect.prismFraction.defaultSetting,
        dispersionSize: PrismEffect.dispersionSize.defaultSetting,
        rainbowSize: PrismEffect.rainbowSize.defaultSetting)

    /// The rainbow's colours, top to bottom (the geometry's, SwiftUI's red … purple).
    private static let colors = PrismGeometry.sliceColors.map { Color($0) }

    let parameters: PrismGeometry.Parameters
    let progress: Double

    /// The cover of `parameters`, drawn `progress` (0…1, clamped) of the way.
    public init(parameters: PrismGeometry.Parameters = DarkSideView.defaultParameters, progress: Double = 1) {
        self.parameters = parameters
        self.progress = progress.isFinite ? min(max(progress, 0), 1) : 1
    }

    public var body: some View {
        GeometryReader { proxy in
            let geometry = PrismGeometry(viewSize: Size(proxy.size), parameters: parameters)
            WhiteLight(geometry: geometry)
                .trim(from: 0, to: PrismGeometry.progress(of: .beam, at: progress))
                .stroke(Color.white, lineWidth: PrismGeometry.lineWidth)
            Dispersion(geometry: geometry)
                .fill(.linearGradient(colors: [.white, .black],
                                      startPoint: UnitPoint(x: PrismGeometry.gradientStart, y: 0.5),
                                      endPoint: UnitPoint(x: PrismGeometry.gradientEnd, y: 0.5)))
                .clipShape(LeftOf(x: geometry.dispersionSweepX(at: progress)))
            ZStack {
                ForEach(0..<PrismGeometry.sliceCount, id: \.self) { index in
                    RainbowSlice(geometry: geometry, index: index).fill(Self.colors[index])
                }
            }
            .clipShape(LeftOf(x: geometry.rainbowSweepX(at: progress)))
            Prism(geometry: geometry)
                .trim(from: 0, to: PrismGeometry.progress(of: .outline, at: progress))
                .stroke(Color.white, lineWidth: PrismGeometry.lineWidth)
        }
        .aspectRatio(1, contentMode: .fit)
        .background {
            Color.black
        }
    }
}

extension CGPoint {
    /// A geometry point as a path's.
    fileprivate init(_ point: Point) { self.init(x: point.x, y: point.y) }
}

/// The prism's outline, from its top clockwise, as the effect traces it.
private struct Prism: Shape {
    let geometry: PrismGeometry
    func path(in rect: CGRect) -> Path {
        Path { path in
            path.move(to: CGPoint(geometry.top))
            path.addLine(to: CGPoint(geometry.bottomRight))
            path.addLine(to: CGPoint(geometry.bottomLeft))
            path.closeSubpath()
        }
    }
}

/// The beam, from the left edge to the prism.
private struct WhiteLight: Shape {
    let geometry: PrismGeometry
    func path(in rect: CGRect) -> Path {
        Path { path in
            path.move(to: CGPoint(geometry.beamStart))
            path.addLine(to: CGPoint(geometry.beamEnd))
        }
    }
}

/// The light spreading inside the prism.
private struct Dispersion: Shape {
    let geometry: PrismGeometry
    func path(in rect: CGRect) -> Path {
        let t = geometry.dispersion
        return Path { path in
            path.move(to: CGPoint(t.a))
            path.addLine(to: CGPoint(t.b))
            path.addLine(to: CGPoint(t.c))
            path.closeSubpath()
        }
    }
}

/// Rainbow slice `index`, from the prism's right side to the view's right edge.
private struct RainbowSlice: Shape {
    let geometry: PrismGeometry
    let index: Int
    func path(in rect: CGRect) -> Path {
        let q = geometry.slice(index)
        return Path { path in
            path.move(to: CGPoint(q.topLeft))
            path.addLine(to: CGPoint(q.topRight))
            path.addLine(to: CGPoint(q.bottomRight))
            path.addLine(to: CGPoint(q.bottomLeft))
            path.closeSubpath()
        }
    }
}

/// What lies left of `x`: the staged drawing's sweep.
private struct LeftOf: Shape {
    let x: Double
    func path(in rect: CGRect) -> Path {
        Path(CGRect(x: rect.minX, y: rect.minY, width: max(0, min(x, rect.maxX) - rect.minX), height: rect.height))
    }
}
