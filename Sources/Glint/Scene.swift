import Foundation
import GlintCore

/// A part of an app's interface with a life of its own, as SwiftUI's `Scene`: on the desktop a
/// window (`WindowGroup`, `Window`), or a scene Glint accepts and does not show (`Settings`).
/// Compose scenes in an `App`'s `body`, as in SwiftUI:
///
/// ```swift
/// @main struct Waves: App {
///     var body: some Scene {
///         WindowGroup { ContentView() }
///             .defaultSize(width: 800, height: 500)
///         Window("About", id: "about") { AboutView() }
///     }
/// }
/// ```
public protocol Scene {
    /// The type of scene this one is made of.
    associatedtype Body: Scene

    /// What this scene is made of.
    @SceneBuilder var body: Body { get }

    /// Adds this scene's windows to `list`. Glint's scenes implement it; a scene of your own is
    /// made of its `body`.
    static func _makeScenes(_ scene: Self, into list: inout SceneList)
}

extension Scene {
    /// A scene of your own is made of its body.
    public static func _makeScenes(_ scene: Self, into list: inout SceneList) {
        Body._makeScenes(scene.body, into: &list)
    }
}

extension Never: Scene {
    /// Never called: no value of `Never` exists.
    public static func _makeScenes(_ scene: Never, into list: inout SceneList) {}
}

/// The windows an app's scenes describe, in the order written: what `App.main()` opens.
public struct SceneList {
    /// One window (or group of windows) of the app.
    struct Entry {
        /// What `openWindow(id:)` names it by.
        var id: String?
        /// The title bar's text; nil: the program's name.
        var title: String?
        /// The size a window opens at (`.defaultSize`); nil: the `Window`'s own.
        var size: CGSize?
        /// `Settings`: accepted, never opened (a Linux desktop has no app menu to open it from).
        var isSettings = false
        /// A `WindowGroup` opens a new window each time it is asked; a `Window` only one.
        var isGroup = true
        /// Opens one window of the scene.
        var open: (Opening) throws -> WindowSession
    }

    /// How a window of a scene opens: its title, its size when given, and whether it writes the
    /// state file (`GLINT_WINDOW_STATE`: the app's first window only, or they would overwrite it).
    struct Opening {
        var title: String
        var size: CGSize?
        var writesState: Bool

        /// `window` as this opening asks.
        func apply<C: View>(to window: inout Window<C>) {
            window.title = title
            if let size { window.size = size }
            if !writesState { window.stateFile = nil }
        }
    }

    var entries: [Entry] = []

    public init() {}

    /// How many windows the scenes describe (`Settings` included).
    public var count: Int { entries.count }

    /// The scenes' ids, nil for those without, in order (for tests and tools).
    public var ids: [String?] { entries.map(\.id) }

    /// The scenes' titles, nil for those titled with the program's name, in order.
    public var titles: [String?] { entries.map(\.title) }

    /// The sizes the scenes' windows open at (`.defaultSize`), nil for their own, in order.
    public var defaultSizes: [CGSize?] { entries.map(\.size) }

    /// Which scenes are `Settings` (accepted, not shown), in order.
    public var areSettings: [Bool] { entries.map(\.isSettings) }

    /// The scenes of `app`'s body, as `main()` reads them at launch.
    public static func of<A: App>(_ app: A) -> SceneList {
        var list = SceneList()
        A.Body._makeScenes(app.body, into: &list)
        return list
    }
}

/// Builds scenes from the statements of an `App`'s or a scene's `body`, as SwiftUI's.
@resultBuilder
public enum SceneBuilder {
    public static func buildExpression<S: Scene>(_ scene: S) -> S { scene }

    public static func buildBlock<S: Scene>(_ scene: S) -> S { scene }

    public static func buildBlock<each S: Scene>(_ scenes: repeat each S) -> TupleScene<repeat each S> {
        TupleScene(repeat each scenes)
    }

    public static func buildOptional<S: Scene>(_ scene: S?) -> OptionalScene<S> { OptionalScene(scene: scene) }

    public static func buildEither<First: Scene, Second: Scene>(first: First) -> ConditionalScene<First, Second> {
        ConditionalScene(storage: .first(first))
    }

    public static func buildEither<First: Scene, Second: Scene>(second: Second) -> ConditionalScene<First, Second> {
        ConditionalScene(storage: .second(second))
    }
}

/// Several scenes written one after another in a `body`.
public struct TupleScene<each S: Scene>: Scene {
    let scenes: (repeat each S)

    init(_ scenes: repeat each S) {
        self.scenes = (repeat each scenes)
    }

    public typealias Body = Never
    public var body: Never { fatalError("TupleScene has no body") }

    public static func _makeScenes(_ scene: Self, into list: inout SceneList) {
        for each in repeat each scene.scenes {
            add(each, to: &list)
        }
    }

    private static func add<T: Scene>(_ scene: T, to list: inout SceneList) {
        T._makeScenes(scene, into: &list)
    }
}

/// A scene written under `if` without `else`: there when the condition held.
public struct OptionalScene<Wrapped: Scene>: Scene {
    let scene: Wrapped?

    public typealias Body = Never
    public var body: Never { fatalError("OptionalScene has no body") }

    public static func _makeScenes(_ scene: Self, into list: inout SceneList) {
        if let wrapped = scene.scene { Wrapped._makeScenes(wrapped, into: &list) }
    }
}

/// One of two scenes, from `if`/`else`.
public struct ConditionalScene<First: Scene, Second: Scene>: Scene {
    enum Storage {
        case first(First)
        case second(Second)
    }

    let storage: Storage

    public typealias Body = Never
    public var body: Never { fatalError("ConditionalScene has no body") }

    public static func _makeScenes(_ scene: Self, into list: inout SceneList) {
        switch scene.storage {
        case .first(let first): First._makeScenes(first, into: &list)
        case .second(let second): Second._makeScenes(second, into: &list)
        }
    }
}

/// Windows showing the same view, as SwiftUI's `WindowGroup`: the app opens one at launch when it
/// is the first scene, and `openWindow(id:)` opens another each time.
public struct WindowGroup<Content: View>: Scene {
    let title: String?
    let id: String?
    let content: () -> Content

    /// A group of windows titled with the program's name.
    public init(@ViewBuilder content: @escaping () -> Content) {
        self.init(nil, id: nil, content: content)
    }

    /// A group of windows with `id`, for `openWindow(id:)`.
    public init(id: String, @ViewBuilder content: @escaping () -> Content) {
        self.init(nil, id: id, content: content)
    }

    /// A group of windows titled `title`.
    public init(_ title: String, @ViewBuilder content: @escaping () -> Content) {
        self.init(Optional(title), id: nil, content: content)
    }

    /// A group of windows titled `title`, with `id` for `openWindow(id:)`.
    public init(_ title: String, id: String, @ViewBuilder content: @escaping () -> Content) {
        self.init(Optional(title), id: id, content: content)
    }

    private init(_ title: String?, id: String?, content: @escaping () -> Content) {
        self.title = title
        self.id = id
        self.content = content
    }

    public typealias Body = Never
    public var body: Never { fatalError("WindowGroup has no body") }

    public static func _makeScenes(_ scene: Self, into list: inout SceneList) {
        let content = scene.content
        list.entries.append(SceneList.Entry(id: scene.id, title: scene.title, size: nil, isGroup: true) { opening in
            var window = Window(content: content)
            opening.apply(to: &window)
            return try window.open()
        })
    }
}

/// `Window` is also a scene, as SwiftUI's `Window(_:id:content:)`: one window, opened at launch when
/// it is the app's first scene and by `openWindow(id:)` otherwise.
extension Window: Scene {
    public typealias Body = Never
    public var body: Never { fatalError("Window has no body") }

    public static func _makeScenes(_ scene: Self, into list: inout SceneList) {
        list.entries.append(SceneList.Entry(id: scene.id, title: scene.title, size: nil, isGroup: false) { opening in
            var window = scene
            opening.apply(to: &window)
            return try window.open()
        })
    }
}

/// An app's settings, as SwiftUI's `Settings` scene: accepted so an app compiles as written, and
/// not shown (a Linux desktop has no app menu to open it from; put settings in a window).
public struct Settings<Content: View>: Scene {
    let content: () -> Content

    public init(@ViewBuilder content: @escaping () -> Content) {
        self.content = content
    }

    public typealias Body = Never
    public var body: Never { fatalError("Settings has no body") }

    public static func _makeScenes(_ scene: Self, into list: inout SceneList) {
        let content = scene.content
        list.entries.append(SceneList.Entry(id: nil, title: "Settings", size: nil, isSettings: true, isGroup: false) { opening in
            var window = Window(content: content)
            opening.apply(to: &window)
            return try window.open()
        })
    }
}

/// A scene whose windows open at a size of their own (`.defaultSize`).
public struct _DefaultSizeScene<Content: Scene>: Scene {
    let content: Content
    let size: CGSize

    public typealias Body = Never
    public var body: Never { fatalError("_DefaultSizeScene has no body") }

    public static func _makeScenes(_ scene: Self, into list: inout SceneList) {
        let first = list.entries.count
        Content._makeScenes(scene.content, into: &list)
        // The innermost size wins, as SwiftUI's modifiers nearest the scene do.
        for i in first..<list.entries.count where list.entries[i].size == nil {
            list.entries[i].size = scene.size
        }
    }
}

extension Scene {
    /// The size the scene's windows open at, in points, as SwiftUI's `.defaultSize(width:height:)`.
    /// A side that is not a number above 0 is ignored and said once on standard error.
    public func defaultSize(width: CGFloat, height: CGFloat) -> _DefaultSizeScene<Self> {
        defaultSize(CGSize(width: width, height: height))
    }

    /// The size the scene's windows open at, in points, as SwiftUI's `.defaultSize(_:)`.
    public func defaultSize(_ size: CGSize) -> _DefaultSizeScene<Self> {
        _DefaultSizeScene(content: self, size: size)
    }
}
