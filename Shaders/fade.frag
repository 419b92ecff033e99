// `.opacity` on a view drawn by a shader: its colour scaled by `amount` (premultiplied, so every channel).
// Part of the Glint pipeline, not a seed port.
vec4 fade(vec2 position, vec4 color, float amount) {
    return color * amount;
}
