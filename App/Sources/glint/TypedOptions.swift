import ArgumentParser
import GlintCore
import GlintRender

/// Number options parsed once, as the command line reads them, into their types: each option's
/// `transform` is one of these, and its default is a typed value read from where the default is
/// declared (`TearConfiguration()`, a parameter's declaration). A value that is not one is refused
/// with `Parse`'s one line ("bad scale '100': expected pixels per point between 0.25 and 8, like 2"),
/// which `main` prints instead of the argument parser's own wrapping of it.
enum TypedOption {
    /// The refusal of the last value that did not parse, for `main` to print as it is.
    nonisolated(unsafe) static var failure: InputError?

    /// A transform that parses with `parse`, keeping its refusal.
    static func parsed<Value>(_ parse: @escaping @Sendable (String) throws(InputError) -> Value) -> @Sendable (String) throws -> Value {
        { text in
            do throws(InputError) {
                return try parse(text)
            } catch {
                failure = error
                throw error
            }
        }
    }

    /// A number for `option` within `range` (`unit` after it in the message).
    static func number(_ option: String, in range: ClosedRange<Double>, unit: String = "") -> @Sendable (String) throws -> Double {
        parsed { text throws(InputError) in try Parse.number(text, for: option, in: range, unit: unit) }
    }

    /// Seconds on the timeline (`--time`, `--quit-after`).
    static let time = parsed { text throws(InputError) in try Parse.time(text) }

    /// Pixels per point (`--scale`).
    static let scale = parsed { text throws(InputError) in try Parse.scale(text) }

    /// A macro for the effects' shaders (`-D NAME[=VALUE]`): a name that is not a GLSL identifier is refused.
    static let define = parsed { text throws(InputError) -> ShaderSources.Define in
        do throws(RenderError) {
            return try ShaderSources.Define(parsing: text)
        } catch {
            if case .arguments(let why) = error { throw InputError(why) }
            throw InputError(error.description)
        }
    }
}
