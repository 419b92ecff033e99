// A SwiftUI app as written for SwiftUI, built on Glint: only `import Glint` differs.
//
//   swift run --package-path SwiftUISample      opens its window (Esc closes it; --color-scheme light)
//
// It says what the user did on standard output, a line each, for the tests that drive it.
import Glint

@main
struct SampleApp: App {
    var body: some Scene {
        WindowGroup("SwiftUI sample") {
            ContentView()
                .environment(\.accent, .orange)
        }
        .defaultSize(width: 480, height: 360)

        Window("About", id: "about") {
            AboutView()
        }
        .defaultSize(width: 300, height: 160)
    }
}

extension EnvironmentValues {
    /// A value of this app's own in the environment: `@Entry` writes its key.
    @Entry var accent: Color = .blue
}

enum Effect: String, CaseIterable, Hashable {
    case sinebow, water, gradient

    var symbol: String {
        switch self {
        case .sinebow: "sparkles"
        case .water: "drop.fill"
        case .gradient: "paintbrush"
        }
    }
}

/// The app's menu: a list of the shader views, then its settings.
struct ContentView: View {
    @Environment(\.colorScheme) private var colorScheme
    @Environment(\.accent) private var accent
    @Environment(\.openWindow) private var openWindow
    @State private var count = 0
    @State private var name = ""
    @State private var effect = Effect.sinebow
    @State private var speed = 1

    var body: some View {
        NavigationStack {
            List {
                Section("Effects") {
                    ForEach(Effect.allCases, id: \.self) { effect in
                        NavigationLink(value: effect) {
                            Label(effect.rawValue.capitalized, systemImage: effect.symbol)
                        }
                    }
                }
                Section("Settings") {
                    HStack {
                        Text("Pressed \(count) times")
                            .foregroundStyle(accent)
                        Spacer()
                        Button("Press") {
                            count += 1
                            say("count \(count)")
                        }
                        .buttonStyle(.borderedProminent)
                        Button("About") { openWindow(id: "about") }
                    }
                    TextField("Your name", text: $name)
                        .onSubmit { say("submitted \(name)") }
                    Picker("Favourite", selection: $effect) {
                        ForEach(Effect.allCases, id: \.self) { effect in
                            Text(effect.rawValue.capitalized).tag(effect)
                        }
                    }
                    .pickerStyle(.segmented)
                    Stepper("Speed \(speed)", value: $speed, in: 1...4)
                    Text(colorScheme == .dark ? "Dark" : "Light")
                        .foregroundStyle(.secondary)
                }
            }
            .navigationTitle("SwiftUI sample")
            .navigationDestination(for: Effect.self) { effect in
                EffectView(effect: effect, speed: Double(speed))
                    .onAppear { say("showing \(effect.rawValue)") }
            }
        }
        .onChange(of: effect) { say("favourite \(effect.rawValue)") }
        .onChange(of: speed) { say("speed \(speed)") }
    }
}

/// One shader, full size, moving with time; drag to bend it (it springs back when let go).
struct EffectView: View {
    let effect: Effect
    let speed: Double
    @GestureState private var drag = CGSize.zero

    var bend: Double { min(max(drag.width / 100, -2), 2) }

    var body: some View {
        TimelineView(.animation) { context in
            let time = context.date.timeIntervalSinceReferenceDate.truncatingRemainder(dividingBy: 1000)
            shader(time: time)
                .gesture(DragGesture(minimumDistance: 0).updating($drag) { value, state, _ in
                    state = value.translation
                })
        }
        .navigationTitle(effect.rawValue.capitalized)
        .onChange(of: drag == .zero) { _, released in say(released ? "released" : "bending") }
    }

    @ViewBuilder
    func shader(time: Double) -> some View {
        switch effect {
        case .sinebow:
            Rectangle().colorEffect(ShaderLibrary.sinebow(.boundingRect, .float(time), .float(speed * 0.2), .float(3), .float(bend)))
        case .water:
            Rectangle().colorEffect(ShaderLibrary.gradient(.boundingRect))
                .distortionEffect(ShaderLibrary.water(.float(time), .float(speed), .float(4 + bend * 2), .float(1)),
                                  maxSampleOffset: CGSize(width: 12, height: 12))
        case .gradient:
            Rectangle().colorEffect(ShaderLibrary.gradient(.boundingRect))
        }
    }
}

struct AboutView: View {
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        VStack(spacing: 12) {
            Text("Glint's SwiftUI sample")
            Button("Close") {
                say("about closed")
                dismiss()
            }
        }
        .onAppear { say("about shown") }
    }
}

/// Says `line` on standard output at once (print waits for a full buffer in a pipe).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
