#if EntryMacro
/// Writes a key of your own for `EnvironmentValues` and the property that reads and sets it, as
/// SwiftUI's `@Entry`:
///
/// ```swift
/// extension EnvironmentValues {
///     @Entry var accent: Color = .blue
///     @Entry var count = 0
///     @Entry var title: String?   // nil until a view above sets it
/// }
/// // .environment(\.accent, .orange) above, @Environment(\.accent) var accent below.
/// ```
///
/// The macro adds a private `EnvironmentKey` type, `__Key_accent`, whose `defaultValue` is the
/// initial value (computed each time it is read where the type is written, as SwiftUI's), and
/// gives the property `get { self[__Key_accent.self] }` and a matching `set`. On anything other
/// than a `var` with an initial value (or an optional `var`) it says why, at compile time.
///
/// A macro is a compiler plugin built from swift-syntax (minutes of building), so `@Entry` is
/// there only for a package that asks for Glint's `EntryMacro` trait:
/// `.package(url: …, traits: ["EntryMacro"])`. Without it, write the key as SwiftUI allowed before
/// `@Entry`: a type conforming to `EnvironmentKey` and a property reading `self[Key.self]`.
@attached(accessor)
@attached(peer, names: prefixed(__Key_))
public macro Entry() = #externalMacro(module: "GlintMacros", type: "EntryMacro")
#endif
