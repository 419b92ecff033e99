// A view drawn into an offscreen layer shown through a 2-D transform (rotationEffect, scaleEffect):
// each point of the composite's rect samples the layer where the inverse transform takes it.
// Part of the Glint pipeline, not a seed port. Layers are framebuffers, whose rows run bottom-up.
vec4 layerTransform(vec2 position, vec4 color, vec4 bounds, sampler2D picture, float opacity,
                    vec4 inverse, vec2 translation, vec2 layerSize) {
    vec2 p = mat2(inverse.xy, inverse.zw) * position + translation;
    if (p.x < 0.0 || p.y < 0.0 || p.x > layerSize.x || p.y > layerSize.y) return vec4(0.0);
    vec2 uv = p / layerSize;
    return texture(picture, vec2(uv.x, 1.0 - uv.y)) * opacity;
}
