// SwiftUI's `LinearGradient`: `colors` evenly spaced from `start` to `end` (fractions of the view's
// rect), each point coloured by its projection on that line, clamped at the ends.
// Part of the Glint pipeline, not a seed port. Colours arrive premultiplied and blend so.
vec4 linearGradient(vec2 position, vec4 bounds, vec2 start, vec2 end, vec4 colors[16], int colors_count) {
    vec2 a = start * bounds.zw;
    vec2 d = end * bounds.zw - a;
    float len2 = max(dot(d, d), 1e-6);
    float t = clamp(dot(position - a, d) / len2, 0.0, 1.0);
    if (colors_count <= 1) return colors[0];
    float x = t * float(colors_count - 1);
    int i = min(int(floor(x)), colors_count - 2);
    // Selecting by a constant-bound loop keeps llvmpipe's code unmasked.
    vec4 c0 = colors[0];
    vec4 c1 = colors[1];
    for (int k = 0; k < 15; k++) {
        if (k == i) { c0 = colors[k]; c1 = colors[k + 1]; }
    }
    return mix(c0, c1, x - float(i));
}
