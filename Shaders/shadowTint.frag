// A shadow's colour: the view's alpha in `tint` (premultiplied), which `.shadow(color:radius:x:y:)` then blurs and moves.
// Part of the Glint pipeline, not a seed port.
// glint: affine (its colour is affine in the position and the colour: a distortion over it may call it where it reads)
vec4 shadowTint(vec2 position, vec4 color, vec4 tint) {
    return tint * color.a;
}
