// SwiftUI's visual modifiers and styles on Glint, in one picture: gradients, a blur, a shadow, a
// mask, blend modes, colour adjustments, a material, a Canvas, shapes combined and 3-D and affine transforms.
//
//   swift run --package-path Examples effects-sheet --output docs/images/swiftui-effects.png
import Foundation
import Glint

struct Tile<Content: View>: View {
    let title: String
    @ViewBuilder let content: Content

    var body: some View {
        VStack(spacing: 6) {
            content.frame(width: 120, height: 90)
            Text(title).font(.caption).foregroundStyle(.secondary)
        }
    }
}

struct Sheet: View {
    var body: some View {
        VStack(spacing: 18) {
            HStack(spacing: 18) {
                Tile(title: "RadialGradient") {
                    RadialGradient(colors: [.yellow, .orange, .purple], center: .center, startRadius: 4, endRadius: 60)
                        .clipShape(.rect(cornerRadius: 12))
                }
                Tile(title: "AngularGradient") {
                    Circle().fill(AngularGradient(colors: [.red, .yellow, .green, .blue, .purple, .red], center: .center))
                }
                Tile(title: "MeshGradient") {
                    MeshGradient(width: 3, height: 3,
                                 points: [[0, 0], [0.5, 0], [1, 0], [0, 0.5], [0.6, 0.4], [1, 0.5], [0, 1], [0.5, 1], [1, 1]],
                                 colors: [.red, .orange, .yellow, .purple, .pink, .mint, .blue, .teal, .green])
                        .clipShape(.rect(cornerRadius: 12))
                }
                Tile(title: ".blur(radius: 6)") {
                    Text("Glint").font(.system(size: 40, weight: .bold)).foregroundStyle(.blue).blur(radius: 6)
                }
            }
            HStack(spacing: 18) {
                Tile(title: ".shadow(radius: 8)") {
                    RoundedRectangle(cornerRadius: 14).fill(.white).frame(width: 80, height: 56)
                        .shadow(color: .black.opacity(0.5), radius: 8, x: 0, y: 6)
                }
                Tile(title: ".mask") {
                    LinearGradient(colors: [.pink, .blue], startPoint: .leading, endPoint: .trailing)
                        .mask { Text("MASK").font(.system(size: 30, weight: .heavy)) }
                }
                Tile(title: ".blendMode(.multiply)") {
                    ZStack {
                        Circle().fill(.cyan).frame(width: 60).offset(x: -16)
                        Circle().fill(.yellow).frame(width: 60).offset(x: 16).blendMode(.multiply)
                    }
                    .compositingGroup()
                }
                Tile(title: ".hueRotation, .saturation") {
                    HStack(spacing: 4) {
                        Rectangle().fill(.orange)
                        Rectangle().fill(.orange).hueRotation(.degrees(120))
                        Rectangle().fill(.orange).saturation(0.2)
                    }
                }
            }
            HStack(spacing: 18) {
                Tile(title: ".ultraThinMaterial") {
                    ZStack {
                        AngularGradient(colors: [.red, .blue, .green, .red], center: .center)
                        Text("Material").padding(10).background(.ultraThinMaterial, in: .rect(cornerRadius: 8))
                    }
                    .clipShape(.rect(cornerRadius: 12))
                }
                Tile(title: "Canvas") {
                    Canvas { context, size in
                        for i in 0..<12 {
                            var path = Path()
                            path.addEllipse(in: CGRect(x: 10 + Double(i) * 7, y: 10 + Double(i % 4) * 14, width: 30, height: 30))
                            context.stroke(path, with: .color(Color(hue: Double(i) / 12, saturation: 0.8, brightness: 1)), lineWidth: 2)
                        }
                    }
                }
                Tile(title: "Shapes combined") {
                    Circle().symmetricDifference(Rectangle().inset(by: 24)).fill(.indigo)
                }
                Tile(title: "Text styles") {
                    VStack(spacing: 4) {
                        Text("Gradient").font(.title2.bold())
                            .foregroundStyle(LinearGradient(colors: [.orange, .pink], startPoint: .leading, endPoint: .trailing))
                        Text("Red ").foregroundColor(.red) + Text("and ") + Text("blue").foregroundColor(.blue)
                        Text("tracking").tracking(4)
                    }
                }
            }
            HStack(spacing: 18) {
                Tile(title: ".rotation3DEffect") {
                    LinearGradient(colors: [.teal, .blue], startPoint: .top, endPoint: .bottom)
                        .overlay(Text("3D").font(.system(size: 28, weight: .bold)).foregroundStyle(.white))
                        .frame(width: 64, height: 64)
                        .rotation3DEffect(.degrees(30), axis: (x: 0.2, y: 1, z: 0))
                }
                Tile(title: ".transformEffect (shear)") {
                    Rectangle().fill(.orange).frame(width: 60, height: 60)
                        .overlay(Text("shear").foregroundStyle(.black))
                        .transformEffect(CGAffineTransform(a: 1, b: 0, c: -0.4, d: 1, tx: 12, ty: 0))
                }
            }
        }
        .padding(24)
        .background(Color.background)
    }
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, arguments.first == "--output", let output = arguments.last else {
    FileHandle.standardError.write(Data("usage: effects-sheet --output FILE.png\n".utf8))
    exit(2)
}
do {
    let renderer = ImageRenderer(content: Sheet())
    renderer.scale = 2
    try renderer.renderPNG().write(to: URL(fileURLWithPath: output))
    print("effects-sheet: wrote \(output)")
} catch {
    FileHandle.standardError.write(Data("effects-sheet: \(error)\n".utf8))
    exit(1)
}
