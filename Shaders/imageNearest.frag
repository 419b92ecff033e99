// `Image(…).interpolation(.none)`: the image stretched over the view, each pixel the nearest texel.
// Part of the Glint pipeline, not a seed port. Images are stored top row first.
vec4 imageNearest(vec2 position, vec4 color, vec4 bounds, sampler2D picture) {
    ivec2 size = textureSize(picture, 0);
    ivec2 texel = ivec2(floor(position / bounds.zw * vec2(size)));
    return texelFetch(picture, clamp(texel, ivec2(0), size - 1), 0);
}
