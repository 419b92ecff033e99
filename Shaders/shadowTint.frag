// A shadow's colour: the view's alpha in `tint` (premultiplied), which `.shadow(color:radius:x:y:)` then blurs and moves.
// Part of the Glint pipeline, not a seed port.
vec4 shadowTint(vec2 position, vec4 color, vec4 tint) {
    return tint * color.a;
}
