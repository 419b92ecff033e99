// The app's own `gradient`, named like Glint's built-in one: ShaderLibrary.default.gradient is
// this one (solid green, and a note on stderr that it hides Glint's), ShaderLibrary.builtIn.gradient
// is Glint's.
vec4 gradient(vec2 position, vec4 color, vec4 bounds) {
    return vec4(0.0, 1.0, 0.0, 1.0);
}
