import Foundation
import Glint

/// Seed 003's Dark Side of the Moon cover, as the article builds it: a square `GeometryReader` of custom
/// `Shape`s traced with `Path`s — the white beam and the prism stroked, the dispersion filled with a
/// linear gradient, six rainbow slices filled by a `ForEach` — over black, with a slider for each of the
/// four parameters (the article's finishing touch: `Params` made `@State`). The drawing is staged: the
/// prism's outline is traced first (`trim`), then the beam, then the dispersion and the rainbow.
struct PrismView: View {
    @State private var params = Params()
    /// Seconds into the staged drawing; nil draws it whole.
    var stage: Double?

    var body: some View {
        HStack(alignment: .top, spacing: 20) {
            DarkSideView(params: params, progress: stage.map { min($0 / 3, 1) } ?? 1)
            VStack(alignment: .leading, spacing: 10) {
                Text("Parameters").font(.headline).foregroundStyle(.white)
                Slider(value: $params.lightFraction, in: 0.2...0.8) { Text("Light").foregroundStyle(.white).frame(width: 90, alignment: .leading) }
                Slider(value: $params.prismFraction, in: 0.2...0.8) { Text("Prism").foregroundStyle(.white).frame(width: 90, alignment: .leading) }
                Slider(value: $params.dispersionSize, in: 0.05...0.4) { Text("Dispersion").foregroundStyle(.white).frame(width: 90, alignment: .leading) }
                Slider(value: $params.rainbowSize, in: 0.05...0.4) { Text("Rainbow").foregroundStyle(.white).frame(width: 90, alignment: .leading) }
            }
            .frame(width: 300)
        }
        .padding()
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .background(Color(white: 0.08))
    }
}

/// The article's four fractions.
struct Params {
    var lightFraction = 0.55
    var prismFraction = 0.4
    var dispersionSize = 0.2
    var rainbowSize = 0.15
}

/// The cover, drawn `progress` (0…1) of the way.
struct DarkSideView: View {
    private static let colors: [Color] = [.red, .orange, .yellow, .green, .blue, .purple]
    let params: Params
    var progress: Double = 1

    var body: some View {
        GeometryReader { proxy in
            let prism = PrismPoints(proxy.size)
            let outline = min(progress * 3, 1), beam = min(max(progress * 3 - 1, 0), 1), rainbow = min(max(progress * 3 - 2, 0), 1)
            WhiteLight(prism: prism, params: params)
                .trim(from: 0, to: beam)
                .stroke(Color.white, lineWidth: 2)
            Dispersion(prism: prism, params: params)
                .fill(.linearGradient(colors: [.white, .black],
                                      startPoint: UnitPoint(x: 0.45, y: 0.5),
                                      endPoint: UnitPoint(x: 0.55, y: 0.5)))
                .opacity(rainbow)
            ForEach(0..<Self.colors.count, id: \.self) { index in
                RainbowSlice(prism: prism, params: params, index: index, colorCount: Self.colors.count)
                    .fill(Self.colors[index % Self.colors.count])
                    .opacity(rainbow)
            }
            Prism(prism: prism)
                .trim(from: 0, to: outline)
                .stroke(Color.white, lineWidth: 2)
        }
        .aspectRatio(1, contentMode: .fit)
        .background {
            Color.black
        }
    }
}

/// The prism's corners: an equilateral triangle a third of the width wide, centred.
private struct PrismPoints {
    let bottomLeft, bottomRight, top: CGPoint

    init(_ size: CGSize) {
        let side = size.width / 3
        let height = side * sin(Double.pi / 3)
        let bottomY = (size.height + height) / 2
        bottomLeft = CGPoint(x: side, y: bottomY)
        bottomRight = CGPoint(x: 2 * side, y: bottomY)
        top = CGPoint(x: size.width / 2, y: bottomY - height)
    }
}

/// The point `fraction` of the way from `start` to `end`.
private func point(atFraction fraction: Double, start: CGPoint, end: CGPoint) -> CGPoint {
    CGPoint(x: (end.x - start.x) * fraction + start.x, y: (end.y - start.y) * fraction + start.y)
}

private struct Prism: Shape {
    let prism: PrismPoints
    func path(in rect: CGRect) -> Path {
        Path { path in
            path.move(to: prism.bottomLeft)
            path.addLine(to: prism.bottomRight)
            path.addLine(to: prism.top)
            path.closeSubpath()
        }
    }
}

private struct WhiteLight: Shape {
    let prism: PrismPoints
    let params: Params
    func path(in rect: CGRect) -> Path {
        Path { path in
            path.move(to: CGPoint(x: .zero, y: rect.height * params.lightFraction))
            path.addLine(to: point(atFraction: params.prismFraction, start: prism.top, end: prism.bottomLeft))
        }
    }
}

private struct Dispersion: Shape {
    let prism: PrismPoints
    let params: Params
    func path(in rect: CGRect) -> Path {
        Path { path in
            path.move(to: point(atFraction: params.prismFraction, start: prism.top, end: prism.bottomLeft))
            path.addLine(to: point(atFraction: params.prismFraction - params.dispersionSize / 2, start: prism.top, end: prism.bottomRight))
            path.addLine(to: point(atFraction: params.prismFraction + params.dispersionSize / 2, start: prism.top, end: prism.bottomRight))
            path.closeSubpath()
        }
    }
}

private struct RainbowSlice: Shape {
    let prism: PrismPoints
    let params: Params
    let index: Int
    let colorCount: Int
    func path(in rect: CGRect) -> Path {
        Path { path in
            let leftStep = params.dispersionSize / Double(colorCount)
            let topLeftFraction = params.prismFraction - params.dispersionSize / 2 + Double(index) * leftStep
            let rightStep = params.rainbowSize / Double(colorCount)
            let topRightFraction = params.lightFraction - params.rainbowSize / 2 + Double(index) * rightStep
            path.move(to: point(atFraction: topLeftFraction, start: prism.top, end: prism.bottomRight))
            path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY * topRightFraction))
            path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY * (topRightFraction + rightStep)))
            path.addLine(to: point(atFraction: topLeftFraction + leftStep, start: prism.top, end: prism.bottomRight))
            path.closeSubpath()
        }
    }
}
