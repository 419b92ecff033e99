// A material's tint over what is behind it, blurred: `tint` (premultiplied) over `color`.
// Part of the Glint pipeline, not a seed port (`.background(.ultraThinMaterial)` …).
// glint: affine (its colour is affine in the position and the colour: a distortion over it may call it where it reads)
vec4 materialTint(vec2 position, vec4 color, vec4 tint) {
    return tint + color * (1.0 - tint.a);
}
