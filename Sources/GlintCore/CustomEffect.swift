/// Effects from files of your own: `glint --effect my.frag`, a `colorEffect` fed a small set of
/// uniforms, for shader work without writing Swift, as in glslViewer or Shadertoy; and
/// `glint --effect ripple.metal`, a SwiftUI Metal function whose parameters are given what their
/// names say. Both are `DeclaredEffect`s; this is what their declarations share.
///
/// | uniform | type | meaning |
/// | --- | --- | --- |
/// | `time` | `float` | seconds since the start |
/// | `pointer` | `vec2` | the pointer's last position, points from the top-left |
/// | `isPressed` | `float` | 1 while the button is down, else 0 |
/// | `hold` | `float` | springs 0 → 1 while pressed and back on release (0.3 s, no bounce) |
/// | `bounds` | `vec4` | the view's rect in points: (0, 0, width, height) |
///
/// plus the pipeline's own (`glint_viewSize`, `glint_scale`, …). Undeclared uniforms are skipped.
///
/// A uniform of its own with a `// glint:` annotation (`uniform float speed; // glint: 0 4 1`,
/// read by `ShaderMarkers`, given its meaning by `UniformAnnotations`) is a parameter: `--param speed=2`, a control on the panel, `--state`.
public enum CustomEffect {
    /// What `glint effects --json` and the window say of a file of the user's.
    public static let summary = "Your own effect file: glint --effect path/to/file.frag or file.metal."

    /// The uniforms every custom `.frag` is given, which an annotation may not declare again.
    static let frameArguments: [EffectDeclaration.Argument] = [.time, .pointer, .isPressed, .hold, .bounds]

    /// The effect of a `.frag` file named `fileName` defining `colorEffect`; `function` is the
    /// file's name without `.frag`, which the renderer finds through its `ShaderSources` (the
    /// app points them at the file's folder). `source`, the file's text, is read for annotated
    /// uniforms, each a parameter after the frame's uniforms; `path` names the file in errors.
    public static func fragment(function: String, fileName: String, source: String = "", path: String? = nil) throws(InputError) -> DeclaredEffect {
        let file = path ?? fileName
        let annotated = try ShaderMarkers(parsing: source).uniforms(file: file)
        for a in annotated {
            if frameArguments.contains(where: { $0.name == a.parameter.name }) || a.parameter.name.hasPrefix("glint_") {
                throw InputError("\(file):\(a.line): uniform '\(a.parameter.name)' is set by glint every frame and cannot be annotated; name your own uniform otherwise")
            }
        }
        var declaration = EffectDeclaration(function, kind: .color, title: fileName, summary: summary,
                                            arguments: frameArguments + annotated.map { .number($0.parameter) }, isModifier: false)
        declaration.setsUniforms = true
        return DeclaredEffect(declaration, name: fileName)
    }
}

extension CustomEffect {
    /// What a `.metal` parameter of a number type is without a `// glint:` annotation, by its
    /// Metal type: a number or vector 0…1 starting at 0.5, or, for `half4` (what SwiftUI's
    /// `Shader.Argument.color` fills), a colour starting white. The annotation's words, as a GLSL
    /// uniform's (`UniformAnnotations`), so both read through one declaration path.
    public static let metalDefaults: [String: (glsl: String, annotation: String)] = [
        "float": ("float", "0 1 0.5"), "half": ("float", "0 1 0.5"),
        "float2": ("vec2", "0 1 0.5"), "half2": ("vec2", "0 1 0.5"),
        "float3": ("vec3", "0 1 0.5"), "half3": ("vec3", "0 1 0.5"),
        "float4": ("vec4", "0 1 0.5"), "half4": ("vec4", "color"),
    ]

    /// The effect of a SwiftUI Metal file `source` (at `path`, for messages and as the library
    /// the renderer reads): its first `[[ stitchable ]]` function, a colour effect drawn as the
    /// content, or a layer or distortion effect over what is below. Each parameter after
    /// `position` (and `color` or `layer`) is given what its name says
    /// (`EffectDeclaration.Argument(role:)`), or, when it is a `float`, `half` or one of their
    /// vectors, is a parameter of its own: `--param`, a control on the panel, `--state`, its range
    /// and default from a `// glint:` comment on its line, or `metalDefaults`.
    public static func metal(source: String, path: String) throws(InputError) -> DeclaredEffect {
        let glsl: String
        do {
            glsl = try MetalTranslator.translate(source)
        } catch {
            throw InputError("\(path):\(error.line):\(error.column): \(error.message)")
        }
        guard let function = MetalTranslator.stitchableFunction(in: source) else {
            throw InputError("the effect file '\(path)' defines no [[ stitchable ]] function; glint runs the first: [[ stitchable ]] half4 name(float2 position, half4 color, float time)")
        }
        let signature: ShaderSignature
        do {
            signature = try ShaderSignature.parse(source: glsl, function: function, file: path)
        } catch {
            throw InputError(error.description)
        }
        let parameters = signature.parameters
        let kind: EffectDeclaration.Kind
        let leading: Int
        if signature.returnType == .vec2, parameters.first?.type == .vec2 {
            (kind, leading) = (.distortion, 1)
        } else if parameters.count >= 2, parameters[0].type == .vec2, parameters[1].type == .layer {
            (kind, leading) = (.layer, 2)
        } else if parameters.count >= 2, parameters[0].type == .vec2, parameters[1].type == .vec4 {
            (kind, leading) = (.color, 2)
        } else {
            throw InputError("\(path): '\(function)' is not an effect glint can run: half4 \(function)(float2 position, half4 color, …), half4 \(function)(float2 position, SwiftUI::Layer layer, …) or float2 \(function)(float2 position, …)")
        }
        let written = metalParameters(of: function, in: source)
        var arguments: [EffectDeclaration.Argument] = []
        for parameter in parameters.dropFirst(leading) {
            let metal = written.first { $0.name == parameter.name }
            let place = "\(path):\(metal?.line ?? parameter.line)"
            if let role = EffectDeclaration.Argument(role: parameter.name) {
                if let annotation = metal?.annotation {
                    throw InputError("\(place): parameter '\(parameter.name)' is given \(role.name == parameter.name ? "" : "the \(role.name) ")by glint every frame and cannot be annotated ('// glint: \(annotation)'); name your own parameter otherwise")
                }
                arguments.append(role)
                continue
            }
            guard let type = metal?.type, let standard = metalDefaults[type], parameter.arrayLength == nil else {
                let spelled = metal?.type ?? parameter.typeDescription
                throw InputError("\(place): parameter '\(parameter.name)' (\(spelled)) of '\(function)' has no value on the command line; glint gives parameters named \(EffectDeclaration.Argument.roleNames), and a control to any other float, half or vector of them (float2…4, half2…4)")
            }
            if let other = written.first(where: { $0.line == metal?.line && $0.name != parameter.name && $0.annotation != nil }), metal?.annotation != nil {
                throw InputError("\(place): '// glint: \(metal?.annotation ?? "")' follows two parameters ('\(other.name)' and '\(parameter.name)'); put each annotated parameter on a line of its own")
            }
            var declared: EffectParameter
            do {
                declared = try UniformAnnotations.parameter(name: parameter.name, type: standard.glsl, annotation: metal?.annotation ?? standard.annotation)
            } catch {
                throw InputError("\(place): bad annotation '// glint: \(metal?.annotation ?? "")' of parameter '\(parameter.name)' (\(type)): \(error.message)")
            }
            if declared.kind == .wholeNumber || declared.kind == .toggle {
                throw InputError("\(place): parameter '\(parameter.name)' is a \(type), not a whole number or a switch; annotate it MIN MAX [DEFAULT]")
            }
            declared.summary = "\(type) \(parameter.name)"
            arguments.append(.number(declared))
        }
        return DeclaredEffect(EffectDeclaration(function, kind: kind, title: fileName(path), summary: summary, arguments: arguments,
                                                isModifier: kind != .color, library: path), name: fileName(path))
    }

    /// The last component of `path`.
    static func fileName(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }

    /// The parameters of the Metal function `function` in `source` as written: each one's name,
    /// the Metal type word before it (`half4`; nil where that is not a plain type name: a
    /// reference, a pointer, a template), the line of its name, and what follows `// glint:` in
    /// a comment on that line.
    static func metalParameters(of function: String, in source: String) -> [(name: String, type: String?, line: Int, annotation: String?)] {
        let tokens = MetalTranslator.tokenize(source)
        let markers = ShaderMarkers(parsing: source)
        let words = tokens.filter { !$0.isBlank && $0.kind != .directive }
        // `]] TYPE function (`, after `stitchable`.
        guard let stitchable = words.firstIndex(where: { $0.text == "stitchable" }),
              let open = words[stitchable...].indices.first(where: { $0 > 0 && words[$0].text == "(" && words[$0 - 1].text == function }) else { return [] }
        var found: [(name: String, type: String?, line: Int, annotation: String?)] = []
        var depth = 0
        var start = open + 1
        var k = open + 1
        while k < words.count {
            let text = words[k].text
            if text == "(" || text == "<" || text == "[" { depth += 1 }
            if (text == ")" || text == ">" || text == "]") && depth > 0 {
                depth -= 1
            } else if (text == "," && depth == 0) || text == ")" {
                // One parameter, words[start..<k]: its name is the last word outside brackets
                // (an attribute `[[ … ]]` may follow it), its type the word before.
                var nesting = 0
                var name: Int?
                for j in start..<k {
                    if words[j].text == "[" || words[j].text == "<" { nesting += 1 }
                    if words[j].text == "]" || words[j].text == ">" { nesting -= 1 }
                    if nesting == 0, words[j].kind == .identifier { name = j }
                }
                if let name, name > start {
                    let before = words[name - 1]
                    found.append((words[name].text, before.kind == .identifier ? before.text : nil, words[name].line, markers.annotation(onLine: words[name].line)?.text))
                }
                if text == ")" { break }
                start = k + 1
            }
            k += 1
        }
        return found
    }
}
