// A solid colour filling the view: the content of Glint's `Color` view and `Rectangle().fill(color)`.
// Part of the Glint pipeline, not a seed port. `color` arrives premultiplied, as every colour argument does.
// glint: affine (its colour is affine in the position and the colour: a distortion over it may call it where it reads)
vec4 solid(vec2 position, vec4 color) {
    return color;
}
