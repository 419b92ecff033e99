import SwiftCompilerPlugin
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Entry`, as SwiftUI's: on `var name: Type = value` (or `var name = value`, or an optional
/// `var name: Type?` with no value) in an extension of `EnvironmentValues`, it writes a private key
/// type `__Key_name` whose default is the value, and turns the property into
/// `get { self[__Key_name.self] } set { self[__Key_name.self] = newValue }`.
public struct EntryMacro: AccessorMacro, PeerMacro {
    /// What `@Entry` is on, once checked: the property's name, its type as written (nil where the
    /// initializer gives it) and its default value.
    struct Entry {
        var name: String
        var type: TypeSyntax?
        var value: ExprSyntax
    }

    /// Why `@Entry` cannot apply, said once, at the attribute.
    struct Misuse: Error, CustomStringConvertible {
        var description: String
    }

    /// The property `@Entry` is on, or why it cannot be one: a single `var` with a name, no
    /// accessors of its own, and an initial value (or an optional type, which defaults to nil).
    static func entry(_ declaration: some SyntaxProtocol) -> Result<Entry, Misuse> {
        let usage = "@Entry goes on a 'var' with an initial value (var name: Type = value), or an optional 'var name: Type?'"
        guard let variable = declaration.as(VariableDeclSyntax.self),
              variable.bindingSpecifier.tokenKind == .keyword(.var)
        else { return .failure(Misuse(description: usage)) }
        guard variable.bindings.count == 1, let binding = variable.bindings.first,
              let identifier = binding.pattern.as(IdentifierPatternSyntax.self)
        else { return .failure(Misuse(description: "@Entry goes on one property at a time: \(usage)")) }
        if binding.accessorBlock != nil {
            return .failure(Misuse(description: "@Entry writes the property's get and set itself: \(usage), with no accessors"))
        }
        let name = identifier.identifier.trimmedDescription
        let type = binding.typeAnnotation?.type.trimmed
        if let value = binding.initializer?.value.trimmed {
            return .success(Entry(name: name, type: type, value: value))
        }
        if let type, isOptional(type) {
            return .success(Entry(name: name, type: type, value: "nil"))
        }
        return .failure(Misuse(description: "@Entry needs a default value for '\(name)': \(usage)"))
    }

    /// Whether `type` is written as an optional: `T?`, `T!` or `Optional<T>`.
    static func isOptional(_ type: TypeSyntax) -> Bool {
        if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return true }
        if let named = type.as(IdentifierTypeSyntax.self) { return named.name.text == "Optional" }
        if let member = type.as(MemberTypeSyntax.self) { return member.name.text == "Optional" }
        return false
    }

    /// The key type beside the property. With the type written, its default is computed each time
    /// it is read, as SwiftUI's is (no shared stored value, so any type will do); with the type left
    /// to the initializer, a `static let` holds it.
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        // The one diagnostic for a misuse is thrown here; the accessor role stays quiet.
        let entry = try entry(declaration).get()
        let key = "__Key_\(entry.name)"
        let defaultValue: DeclSyntax
        if let type = entry.type {
            defaultValue = "static var defaultValue: \(type) { \(entry.value) }"
        } else {
            defaultValue = "static let defaultValue = \(entry.value)"
        }
        return [
            """
            private struct \(raw: key): EnvironmentKey {
                \(defaultValue)
            }
            """,
        ]
    }

    /// The property's get and set, through the key type.
    public static func expansion(
        of node: AttributeSyntax,
        providingAccessorsOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        guard case .success(let entry) = entry(declaration) else { return [] }
        let key = "__Key_\(entry.name)"
        return [
            "get { self[\(raw: key).self] }",
            "set { self[\(raw: key).self] = newValue }",
        ]
    }
}

@main
struct GlintMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [EntryMacro.self]
}
