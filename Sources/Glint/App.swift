import Foundation
import GlintCore

/// A program with windows, as SwiftUI's `App`: mark it `@main` and describe its scenes in `body`.
///
/// ```swift
/// import Glint
///
/// @main struct Counter: App {
///     var body: some Scene {
///         WindowGroup { ContentView() }
///     }
/// }
/// ```
///
/// `main()` opens the first window scene (`WindowGroup` or `Window`; `Settings` is not shown),
/// runs every open window in one loop and returns when the last one closes; `openWindow(id:)`
/// opens the others. Each window is the library's `Window`, with its keys (Esc closes it, S
/// saves a PNG, V records a video, Space pauses, …). The `body` is read once, at launch. A window
/// that cannot open (no display) or a shader that does not compile ends the program with one
/// line on standard error and exit status 1.
public protocol App {
    /// The type of the app's scenes.
    associatedtype Body: Scene

    /// The app's scenes.
    @SceneBuilder var body: Body { get }

    /// Makes the app, as `main()` does at launch.
    init()
}

extension App {
    /// Opens the app's first window and runs until the last window closes.
    public static func main() {
        let name = CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "app"
        // `--color-scheme light|dark` on the command line: the process's scheme, as GLINT_COLOR_SCHEME.
        switch AppArguments.colorScheme(in: CommandLine.arguments) {
        case .failure(let complaint):
            FileHandle.standardError.write(Data("\(name): \(complaint)\n".utf8))
            exit(2)
        case .success(let scheme?):
            setenv("GLINT_COLOR_SCHEME", scheme, 1)
        case .success(nil):
            break
        }
        let runner = AppRunner(scenes: SceneList.of(Self()), name: name)
        do {
            try runner.run()
        } catch {
            FileHandle.standardError.write(Data("\(name): \(error)\n".utf8))
            exit(1)
        }
    }
}

/// What an app's command line may say to Glint itself.
enum AppArguments {
    struct Complaint: Error, CustomStringConvertible { let description: String }

    /// The scheme `--color-scheme light|dark` (or `--color-scheme=…`) names, nil where none is
    /// given, or why the value is not one.
    static func colorScheme(in arguments: [String]) -> Result<String?, Complaint> {
        var i = 1
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            var value: String?
            if argument == "--color-scheme" {
                guard i < arguments.count else { return .failure(Complaint(description: "--color-scheme needs a value: light or dark")) }
                value = arguments[i]
            } else if argument.hasPrefix("--color-scheme=") {
                value = String(argument.dropFirst("--color-scheme=".count))
            }
            guard let value else { continue }
            switch value.lowercased() {
            case "light", "dark": return .success(value.lowercased())
            default: return .failure(Complaint(description: "--color-scheme \(value) is not a colour scheme: say light or dark"))
            }
        }
        return .success(nil)
    }
}

/// The windows of a running `App`: one frame loop stepping each open window in turn.
final class AppRunner {
    private let scenes: [SceneList.Entry]
    /// The program's name: the title of scenes without one, and the start of error lines.
    private let name: String
    /// The open windows and the scene each came from.
    private var open: [(scene: Int, session: WindowSession)] = []
    /// Scenes asked for by `openWindow(id:)` during a frame, opened after it.
    private var requested: [Int] = []
    /// Whether a window was opened yet (the first writes the state file).
    private var openedAny = false

    init(scenes: SceneList, name: String) {
        self.scenes = scenes.entries
        self.name = name
    }

    /// Opens the first window scene and steps every open window until none is left.
    func run() throws {
        guard let first = scenes.firstIndex(where: { !$0.isSettings }) else {
            throw RenderError.image("the app has no window to open: its body has no WindowGroup or Window scene")
        }
        try openScene(first)
        defer {
            for each in open { each.session.finish() }
        }
        while !open.isEmpty {
            GlintWindow.pollEvents()
            var drew = false
            var i = 0
            while i < open.count {  // index loops: no iterator allocation in debug builds
                let session = open[i].session
                if session.window.isClosing {
                    session.finish()
                    open.remove(at: i)
                    continue
                }
                if try session.drawFrame() { drew = true }
                i += 1
            }
            while !requested.isEmpty {
                try openScene(requested.removeFirst())
            }
            // Every window minimised: sleep until something happens.
            if !drew && !open.isEmpty { GlintWindow.waitEvents(timeout: 0.1) }
        }
    }

    /// Opens the scene named `id`: a `WindowGroup` another window each time, a `Window` its one
    /// window if it is not open. An id no scene has is said on standard error.
    func openWindow(id: String) {
        guard let index = scenes.firstIndex(where: { $0.id == id && !$0.isSettings }) else {
            let known = scenes.compactMap(\.id)
            let hint = known.isEmpty ? "the app's scenes have no ids" : "the app's scene ids: \(known.joined(separator: ", "))"
            say("openWindow(id: \"\(id)\"): no scene has that id (\(hint))")
            return
        }
        if !scenes[index].isGroup, open.contains(where: { $0.scene == index }) || requested.contains(index) { return }
        requested.append(index)
    }

    /// A line on standard error, once per text: `name: …`.
    private func say(_ line: String) {
        guard said.insert(line).inserted else { return }
        FileHandle.standardError.write(Data("\(name): \(line)\n".utf8))
    }
    private var said: Set<String> = []

    private func openScene(_ index: Int) throws {
        let scene = scenes[index]
        var size = scene.size
        if let asked = size, !(asked.width.isFinite && asked.height.isFinite && asked.width >= 1 && asked.height >= 1
                              && asked.width <= GlintWindow.maximumSide && asked.height <= GlintWindow.maximumSide) {
            say(".defaultSize(width: \(asked.width), height: \(asked.height)) is not a window size (each side 1 to \(Int(GlintWindow.maximumSide)) points); the window opens at its own size")
            size = nil
        }
        let session = try scene.open(SceneList.Opening(title: scene.title ?? name, size: size, writesState: !openedAny))
        openedAny = true
        // `@Environment(\.openWindow)` opens the app's scenes by id.
        session.host.driver.environment.openWindow = OpenWindowAction { [weak self] id, value in
            guard let self else { return }
            if let id, value == nil {
                self.openWindow(id: id)
            } else {
                self.say("openWindow(value:) opens nothing: Glint's scenes are opened by id (openWindow(id:))")
            }
        }
        open.append((index, session))
    }
}
