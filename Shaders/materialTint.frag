// A material's tint over what is behind it, blurred: `tint` (premultiplied) over `color`.
// Part of the Glint pipeline, not a seed port (`.background(.ultraThinMaterial)` …).
vec4 materialTint(vec2 position, vec4 color, vec4 tint) {
    return tint + color * (1.0 - tint.a);
}
