// A SwiftUI app as written for SwiftUI, built on Glint: only `import Glint` differs.
//
//   swift run swiftui-sample      opens its window (Esc closes it)
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

/// A key of this app's own in the environment.
struct AccentKey: EnvironmentKey {
    static let defaultValue = Color.blue
}

extension EnvironmentValues {
    var accent: Color {
        get { self[AccentKey.self] }
        set { self[AccentKey.self] = newValue }
    }
}

enum Effect: String, CaseIterable, Hashable {
    case ripple, glow, tear
}

struct ContentView: View {
    @Environment(\.colorScheme) private var colorScheme
    @Environment(\.accent) private var accent
    @Environment(\.openWindow) private var openWindow
    @State private var count = 0
    @State private var name = ""
    @State private var effect = Effect.ripple
    @State private var speed = 1

    var body: some View {
        VStack(alignment: .leading, spacing: 14) {
            Text("Pressed \(count) times")
                .font(.system(size: 24, weight: .bold))
                .foregroundStyle(accent)
            HStack {
                Button("Press") {
                    count += 1
                    say("count \(count)")
                }
                .buttonStyle(.borderedProminent)
                Button("About") { openWindow(id: "about") }
            }
            TextField("Your name", text: $name)
                .onSubmit { say("submitted \(name)") }
                .frame(width: 220)
            Picker("Effect", selection: $effect) {
                ForEach(Effect.allCases, id: \.self) { effect in
                    Text(effect.rawValue.capitalized).tag(effect)
                }
            }
            .pickerStyle(.segmented)
            .frame(width: 260)
            Stepper("Speed \(speed)", value: $speed, in: 1...4)
                .frame(width: 260)
            Text(colorScheme == .dark ? "Dark" : "Light")
                .foregroundStyle(.secondary)
        }
        .padding(24)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .onChange(of: effect) { say("effect \(effect.rawValue)") }
        .onChange(of: speed) { say("speed \(speed)") }
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
