// An image stretched over the view: the content of `glint render --image FILE.png`.
// Part of the Glint pipeline, not a seed port. Images are stored top row first, so uv (0, 0) is the top-left.
vec4 image(vec2 position, vec4 color, vec4 bounds, sampler2D picture) {
    return texture(picture, position / bounds.zw);
}
