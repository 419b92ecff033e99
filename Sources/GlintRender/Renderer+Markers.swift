import Foundation
import GlintCore

/// What a file's `// glint:` markers (read by `ShaderMarkers`, in GlintCore) mean for a program:
/// its compile-time constants, checked against the function's parameters and the file's
/// uniforms, and the declarations a specialised version rewrites.
extension Renderer {
    /// What `file` declares compile-time constant (`// glint: constant NAME, NAME…`, on one or more
    /// lines): float parameters of its function (positional arguments), float uniforms it declares
    /// (named arguments), or `glint_scale`. A name that is none of these is refused.
    static func constants(in file: (text: String, path: String), markers: ShaderMarkers, positional: Bool, parameterNames: [String],
                          bindings: [ArgumentBinding]) throws(RenderError) -> [Program.Constant] {
        let marker = ShaderMarkers.constantMarker
        var found: [Program.Constant] = []
        for line in markers.constants {
            for name in line.names {
                let constant: Program.Constant
                if name == "glint_scale" {
                    constant = .scale
                } else if positional {
                    guard let i = parameterNames.firstIndex(of: name), i < bindings.count, bindings[i].kind == .float else {
                        throw .arguments("\(file.path):\(line.line): '\(marker) \(name)' names no float parameter of the effect function; a constant must be a float parameter, a float uniform or glint_scale")
                    }
                    constant = .argument(i, uniform: bindings[i].uniform)
                } else {
                    guard ShaderMarkers.declaresFloatUniform(name, in: file.text) else {
                        throw .arguments("\(file.path):\(line.line): '\(marker) \(name)' names no 'uniform float \(name);' of the file; a constant must be a float parameter, a float uniform or glint_scale")
                    }
                    constant = .named(name)
                }
                if !found.contains(constant) { found.append(constant) }
            }
        }
        guard found.count <= Program.maxConstants else {
            throw .arguments("\(file.path): \(found.count) compile-time constants declared; at most \(Program.maxConstants)")
        }
        return found
    }

    /// Rewrites the declarations of `constants` in the effect file and the prelude as constants of `values`.
    static func specialize(_ effect: inout String, _ prelude: inout String, _ constants: [Program.Constant], _ values: Program.ConstantValues) {
        for (i, constant) in constants.enumerated() {
            switch constant {
            case .argument: continue  // in the generated main
            case .named(let name): effect = ShaderMarkers.makeConstant(name, values[i], in: effect)
            case .scale: prelude = ShaderMarkers.makeConstant("glint_scale", values[i], in: prelude)
            }
        }
    }
}
