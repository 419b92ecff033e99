// The picture a Shadertoy, glslViewer or ISF shader drew this frame (its `ToyRunner`'s target,
// rows from the bottom as GL draws them,
// straight alpha), shown as the view's content.
// Part of the Glint pipeline, not a seed port.
vec4 toyImage(vec2 position, vec4 color, vec4 bounds, sampler2D picture) {
    vec2 uv = position / bounds.zw;
    vec4 c = texture(picture, vec2(uv.x, 1.0 - uv.y));
    return vec4(c.rgb * c.a, c.a);  // the tools write straight alpha; the pipeline's colours are premultiplied
}
