// A solid colour filling the view: the content of Glint's `Color` view and `Rectangle().fill(color)`.
// Part of the Glint pipeline, not a seed port. `color` arrives premultiplied, as every colour argument does.
vec4 solid(vec2 position, vec4 color) {
    return color;
}
