// `.mask(alignment:_:)`: the view's colour times the mask's alpha at the same place; the mask is a layer over the view's rect.
// Part of the Glint pipeline, not a seed port. Layers are framebuffers, whose rows run bottom-up, so the view's top is at v = 1.
vec4 maskAlpha(vec2 position, vec4 color, vec4 bounds, sampler2D mask) {
    vec2 uv = position / bounds.zw;
    return color * texture(mask, vec2(uv.x, 1.0 - uv.y)).a;
}
