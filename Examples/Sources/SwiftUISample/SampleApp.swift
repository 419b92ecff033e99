// A SwiftUI app as written for SwiftUI, built on Glint: only `import Glint` differs.
//
//   swift run swiftui-sample      opens its window (Esc closes it)
import Glint

@main
struct SampleApp: App {
    var body: some Scene {
        WindowGroup("SwiftUI sample") {
            ContentView()
        }
        .defaultSize(width: 480, height: 320)
    }
}

struct ContentView: View {
    @State private var count = 0

    var body: some View {
        VStack(spacing: 16) {
            Text("Pressed \(count) times")
                .font(.system(size: 24, weight: .bold))
                .foregroundStyle(.white)
            Button("Press") {
                count += 1
                // Said on standard output at once (print waits for a full buffer in a pipe).
                FileHandle.standardOutput.write(Data("count \(count)\n".utf8))
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
    }
}
