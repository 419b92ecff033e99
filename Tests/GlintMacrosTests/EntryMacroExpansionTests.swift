import GlintMacros
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// What `@Entry` expands to, and the one diagnostic it gives where it cannot apply.
@Suite("@Entry's expansion")
struct EntryMacroExpansionTests {
    static let macros: [String: MacroSpec] = ["Entry": MacroSpec(type: EntryMacro.self)]

    /// Expands `source` and checks it against `expanded` and `diagnostics`, as Swift Testing issues.
    static func check(_ source: String, _ expanded: String, diagnostics: [DiagnosticSpec] = [],
                      sourceLocation: SourceLocation = #_sourceLocation) {
        assertMacroExpansion(source, expandedSource: expanded, diagnostics: diagnostics, macroSpecs: macros) { failure in
            Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
        }
    }

    @Test("a typed entry: a key whose default is computed from the initializer, and get/set through it")
    func typed() {
        Self.check("""
            extension EnvironmentValues {
                @Entry var accent: Color = .blue
            }
            """, """
            extension EnvironmentValues {
                var accent: Color {
                    get {
                        self[__Key_accent.self]
                    }
                    set {
                        self[__Key_accent.self] = newValue
                    }
                }

                private struct __Key_accent: EnvironmentKey {
                    static var defaultValue: Color {
                        .blue
                    }
                }
            }
            """)
    }

    @Test("an inferred entry keeps its initializer in a static let; an optional with none defaults to nil")
    func inferredAndOptional() {
        Self.check("""
            extension EnvironmentValues {
                @Entry var count = 0
            }
            """, """
            extension EnvironmentValues {
                var count {
                    get {
                        self[__Key_count.self]
                    }
                    set {
                        self[__Key_count.self] = newValue
                    }
                }

                private struct __Key_count: EnvironmentKey {
                    static let defaultValue = 0
                }
            }
            """)
        Self.check("""
            extension EnvironmentValues {
                @Entry var title: String?
            }
            """, """
            extension EnvironmentValues {
                var title: String? {
                    get {
                        self[__Key_title.self]
                    }
                    set {
                        self[__Key_title.self] = newValue
                    }
                }

                private struct __Key_title: EnvironmentKey {
                    static var defaultValue: String? {
                        nil
                    }
                }
            }
            """)
    }

    @Test("a let, or a var with neither a value nor an optional type, gets one diagnostic at the attribute")
    func misuse() {
        let usage = "@Entry goes on a 'var' with an initial value (var name: Type = value), or an optional 'var name: Type?'"
        Self.check("""
            extension EnvironmentValues {
                @Entry let count = 0
            }
            """, """
            extension EnvironmentValues {
                let count = 0
            }
            """, diagnostics: [DiagnosticSpec(message: usage, line: 2, column: 5)])
        Self.check("""
            extension EnvironmentValues {
                @Entry var count: Int
            }
            """, """
            extension EnvironmentValues {
                var count: Int
            }
            """, diagnostics: [DiagnosticSpec(message: "@Entry needs a default value for 'count': \(usage)", line: 2, column: 5)])
    }
}
