// A view drawn into an offscreen layer shown through a perspective map (rotation3DEffect): each
// point of the composite's rect samples the layer where the inverse map takes it, dividing by
// its weight. Part of the Glint pipeline, not a seed port. Layers are framebuffers, whose rows
// run bottom-up.
vec4 layerProjection(vec2 position, vec4 color, vec4 bounds, sampler2D picture, float opacity,
                     vec3 row0, vec3 row1, vec3 row2, vec2 layerSize) {
    vec3 q = vec3(position, 1.0);
    float w = dot(row2, q);
    if (w <= 0.0) return vec4(0.0);
    vec2 p = vec2(dot(row0, q), dot(row1, q)) / w;
    if (p.x < 0.0 || p.y < 0.0 || p.x > layerSize.x || p.y > layerSize.y) return vec4(0.0);
    vec2 uv = p / layerSize;
    return texture(picture, vec2(uv.x, 1.0 - uv.y)) * opacity;
}
