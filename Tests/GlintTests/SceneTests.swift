import Glint
import Testing

/// An app as SwiftUI's are written: a window group, a window by id, settings, an `if`.
struct ThreeScenes: App {
    var showsTools = true

    var body: some Scene {
        WindowGroup("Main") { Text("main") }
            .defaultSize(width: 640, height: 400)
        Window("About", id: "about") { Text("about") }
        if showsTools {
            WindowGroup(id: "tools") { Text("tools") }
                .defaultSize(CGSize(width: 300, height: 200))
                .defaultSize(width: 900, height: 900)
        }
        Settings { Text("settings") }
    }
}

@Suite("An App's scenes: WindowGroup, Window, Settings, .defaultSize, @SceneBuilder")
struct SceneTests {
    @Test("the body's scenes in the order written, with their ids, titles and sizes; the innermost .defaultSize wins")
    func scenesInOrder() {
        let scenes = SceneList.of(ThreeScenes())
        #expect(scenes.count == 4)
        #expect(scenes.ids == [nil, "about", "tools", nil])
        #expect(scenes.titles == ["Main", "About", nil, "Settings"])
        #expect(scenes.defaultSizes == [CGSize(width: 640, height: 400), nil, CGSize(width: 300, height: 200), nil])
        #expect(scenes.areSettings == [false, false, false, true])
    }

    @Test("a scene under a false if is not there")
    func optionalScene() {
        var app = ThreeScenes()
        app.showsTools = false
        #expect(SceneList.of(app).ids == [nil, "about", nil])
    }
}
