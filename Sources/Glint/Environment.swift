import Foundation
import GlintCore
import Synchronization

/// A key for a value of your own in the environment, as SwiftUI's `EnvironmentKey`: its type
/// names the value, `defaultValue` is what views read where no view above set one.
///
/// ```swift
/// private struct Accent: EnvironmentKey {
///     static let defaultValue = Color.blue
/// }
/// extension EnvironmentValues {
///     var accent: Color {
///         get { self[Accent.self] }
///         set { self[Accent.self] = newValue }
///     }
/// }
/// // .environment(\.accent, .orange) above, @Environment(\.accent) var accent below.
/// ```
///
/// `@Entry var accent: Color = .blue` in an `extension EnvironmentValues` writes the same for you.
public protocol EnvironmentKey {
    /// The type of the value.
    associatedtype Value
    /// The value where no view above set one.
    static var defaultValue: Value { get }
}

/// What views inherit from those around them, as SwiftUI's `EnvironmentValues`: the font, the
/// foreground style, text alignment and limits, the accent colour, the colour scheme, the
/// display's scale, and values of your own (`EnvironmentKey`). A view reads it with
/// `@Environment(\.key)`; `.environment(\.key, value)` changes it for the views inside.
public struct EnvironmentValues {
    /// The font of text (`.font`).
    public var font: Font? = nil
    /// How text and shapes are painted (`.foregroundStyle`).
    var foregroundStyle: ShapeStyleValue? = nil
    /// How the lines of multi-line text line up (`.multilineTextAlignment`).
    public var multilineTextAlignment: TextAlignment = .leading
    /// The most lines text shows (`.lineLimit`).
    public var lineLimit: Int? = nil
    /// Extra space between lines (`.lineSpacing`).
    public var lineSpacing: CGFloat = 0
    /// Points added after each character of text (`.kerning`, `.tracking`).
    var tracking: CGFloat = 0
    /// Whether digits in text share one width (`.monospacedDigit`).
    var monospacedDigits = false
    /// The accent colour of controls (`.tint`).
    public var tint: Color? = nil
    /// Whether controls respond (`.disabled`).
    public var isEnabled = true
    /// How controls look and measure (`.controlStyle`).
    public var controlStyle = ControlStyle.standard
    /// The shadow under text (`.shadow`).
    var shadow: TextShadow? = nil
    /// Light or dark: how `Color.primary`, `.secondary` and the background resolve, and the
    /// colour of text with no foreground style. `GLINT_COLOR_SCHEME` (`light` or `dark`) sets it
    /// for the process; otherwise light, as SwiftUI's `ImageRenderer` draws (a `Window` is dark).
    public var colorScheme: ColorScheme = ColorScheme.processDefault ?? .light
    /// Pixels per point where the view is drawn: `ImageRenderer.scale`, a window's content scale.
    public var displayScale: CGFloat = 1
    /// Which way text and stacks run. Glint lays out left to right whatever this says.
    public var layoutDirection: LayoutDirection = .leftToRight
    /// Closes the window or scene the view is in; does nothing where its host set no action.
    public package(set) var dismiss = DismissAction(nil)
    /// Opens a window of the app by its scene's id or value; does nothing where its host set no
    /// action.
    public package(set) var openWindow = OpenWindowAction(nil)

    /// Values of keys of your own, by key type. A dictionary, copied on write: setting one with
    /// `.environment` copies it for the views inside (an allocation each time the view is made),
    /// where the built-in keys above are plain fields and cost nothing.
    private var custom: [ObjectIdentifier: Any] = [:]
    /// Objects given with `.environment(object)`, by their type. Copied on write as `custom`.
    private var objects: [ObjectIdentifier: AnyObject] = [:]

    /// The defaults: what a view reads where no view above changed anything.
    public init() {}

    /// The value for a key of your own: its `defaultValue` until a view above sets it.
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { custom[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { custom[ObjectIdentifier(key)] = newValue }
    }

    /// The object of `type` given with `.environment(object)` above, if any.
    func object(of type: Any.Type) -> AnyObject? {
        objects[ObjectIdentifier(type)]
    }

    /// Gives `object` to the views inside, found by its type (nil takes it away).
    mutating func setObject(_ object: AnyObject?, as type: Any.Type) {
        objects[ObjectIdentifier(type)] = object
    }
}

/// A value from the environment of the view, as SwiftUI's `@Environment`: a key path of
/// `EnvironmentValues` (`@Environment(\.colorScheme) var scheme`), or an `@Observable` model
/// given with `.environment(model)` above (`@Environment(Model.self) var model`).
///
/// The value is the one where the view is made, read in its `body`. A model that no view above
/// gave cannot be made up: the view reading it is left out (drawn as nothing), said once on
/// standard error naming the type (SwiftUI stops the app); declare it optional
/// (`@Environment(Model.self) var model: Model?`) to read nil instead.
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    private let keyPath: KeyPath<EnvironmentValues, Value>?
    /// The model's type, for `@Environment(Model.self)`.
    private let objectType: Any.Type?
    /// What an optional model reads when none was given: nil (as a `Value`); nil for a required one.
    private let absent: Value?
    /// The value where the view was made.
    private var value: Value?

    /// The value at `keyPath` of the view's environment.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        self.keyPath = keyPath
        objectType = nil
        absent = nil
    }

    /// The `@Observable` model of `objectType` given with `.environment(model)` above.
    public init(_ objectType: Value.Type) where Value: AnyObject & Observable {
        keyPath = nil
        self.objectType = objectType
        absent = nil
    }

    /// The `@Observable` model of `objectType` given with `.environment(model)` above, or nil.
    public init<T: AnyObject & Observable>(_ objectType: T.Type) where Value == T? {
        keyPath = nil
        self.objectType = objectType
        absent = .some(nil)
    }

    /// The value where the view was made. Read outside a view's evaluation (a property never
    /// bound to a view), a key path reads its default, as SwiftUI's; a model has none to read,
    /// so that stops the program, as SwiftUI's does.
    public var wrappedValue: Value {
        if let value { return value }
        if let keyPath { return EnvironmentValues()[keyPath: keyPath] }
        if let absent { return absent }
        fatalError("@Environment(\(objectType.map { String(describing: $0) } ?? "?").self) read outside a view's body: there is no model to read")
    }

    /// Connects the property to nothing: it needs the environment (the overload below).
    public static func _bind(at pointer: UnsafeMutableRawPointer, store: ViewStore, key: StateKey) {}

    /// Reads the value from `environment`; false when it is a model no view above gave.
    public static func _bind(at pointer: UnsafeMutableRawPointer, store: ViewStore, key: StateKey,
                             environment: EnvironmentValues) -> Bool {
        let property = pointer.assumingMemoryBound(to: Environment<Value>.self)
        if let keyPath = property.pointee.keyPath {
            property.pointee.value = environment[keyPath: keyPath]
            return true
        }
        guard let type = property.pointee.objectType else { return true }
        if let object = environment.object(of: type), let model = object as? Value {
            property.pointee.value = model
            return true
        }
        if let absent = property.pointee.absent {
            property.pointee.value = absent
            return true
        }
        let name = String(describing: type)
        MissingObjects.report(type, reader: "@Environment(\(name).self)", giver: ".environment(model)", optional: "\(name)?")
        return false
    }
}

/// The model types read from the environment (`@Environment(Model.self)`, `@EnvironmentObject`)
/// that no view gave, each said once.
enum MissingObjects {
    private static let reported = Mutex<Set<ObjectIdentifier>>([])

    /// Says, once for `type`, that `reader` found none and `giver` gives one; `optional` names
    /// the spelling that reads nil instead, if there is one.
    static func report(_ type: Any.Type, reader: String, giver: String, optional: String?) {
        guard reported.withLock({ $0.insert(ObjectIdentifier(type)).inserted }) else { return }
        let name = String(describing: type)
        let instead = optional.map { " (or declare it \($0))" } ?? ""
        FileHandle.standardError.write(Data(("glint: no \(name) in the environment for \(reader): "
            + "give one with \(giver) on a view around it\(instead); the view reading it is left out\n").utf8))
    }
}
