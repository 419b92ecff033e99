// `.opacity` on a view drawn by a shader: its colour scaled by `amount` (premultiplied, so every channel).
// Part of the Glint pipeline, not a seed port.
// glint: affine (its colour is affine in the position and the colour: a distortion over it may call it where it reads)
vec4 fade(vec2 position, vec4 color, float amount) {
    return color * amount;
}
