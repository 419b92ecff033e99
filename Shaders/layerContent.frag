// A view drawn into an offscreen layer (a stack under an effect, a clipped or grouped view),
// shown as content: the layer's pixels over the view's rect, times `opacity`.
// Part of the Glint pipeline, not a seed port. Layers are framebuffers, whose rows run bottom-up,
// so the view's top is at v = 1.
vec4 layerContent(vec2 position, vec4 color, vec4 bounds, sampler2D picture, float opacity) {
    vec2 uv = position / bounds.zw;
    return texture(picture, vec2(uv.x, 1.0 - uv.y)) * opacity;
}
