// Expands a separable pass drawn at reduced resolution (a wide blur) back to full resolution.
// Part of the Glint pipeline, not a seed port: see `Renderer.drawReduced`.
#version 330 core

// The reduced result: texel i (from the top-left) holds the pass's exact output at full-resolution
// pixel factor·i, so its centre i + ½ stands for that pixel's centre factor·i + ½.
uniform int glint_factor;
uniform sampler2D glint_source;
// The layer pixel (from the top-left) under this target's pixel (0, 0).
uniform vec2 glint_offset;
uniform vec2 glint_targetSize;

out vec4 glint_fragColor;
// The reduced result at `p` (its texels, from the top-left; texel centres at i + ½) interpolated by
// the Catmull-Rom cubic through the 4x4 texels around it. Unlike bilinear interpolation, whose error
// grows with the square of the step (up to 1/255 over a wide blur's slopes), the cubic reproduces
// every quadratic exactly: it neither blurs further nor flattens peaks. The 16 texels are
// read in 9 bilinear fetches: the middle two weights of each axis are merged into one fetch between
// their texels (both weights are positive and sum to at least 1).
vec4 catmullRom(vec2 p, vec2 size) {
    vec2 centre = floor(p - 0.5) + 0.5;  // the texel centre at or left of / above p
    vec2 f = p - centre;
    vec2 w0 = f * (-0.5 + f * (1.0 - 0.5 * f));
    vec2 w1 = 1.0 + f * f * (-2.5 + 1.5 * f);
    vec2 w2 = f * (0.5 + f * (2.0 - 1.5 * f));
    vec2 w3 = f * f * (-0.5 + 0.5 * f);
    vec2 w12 = w1 + w2;
    vec2 t0 = centre - 1.0;
    vec2 t3 = centre + 2.0;
    vec2 t12 = centre + w2 / w12;
    // To texture coordinates: rows counted from the bottom.
    t0 = vec2(t0.x, size.y - t0.y) / size;
    t3 = vec2(t3.x, size.y - t3.y) / size;
    t12 = vec2(t12.x, size.y - t12.y) / size;
    vec4 sum = vec4(0.0);
    sum += (w0.x * w0.y) * texture(glint_source, vec2(t0.x, t0.y));
    sum += (w12.x * w0.y) * texture(glint_source, vec2(t12.x, t0.y));
    sum += (w3.x * w0.y) * texture(glint_source, vec2(t3.x, t0.y));
    sum += (w0.x * w12.y) * texture(glint_source, vec2(t0.x, t12.y));
    sum += (w12.x * w12.y) * texture(glint_source, vec2(t12.x, t12.y));
    sum += (w3.x * w12.y) * texture(glint_source, vec2(t3.x, t12.y));
    sum += (w0.x * w3.y) * texture(glint_source, vec2(t0.x, t3.y));
    sum += (w12.x * w3.y) * texture(glint_source, vec2(t12.x, t3.y));
    sum += (w3.x * w3.y) * texture(glint_source, vec2(t3.x, t3.y));
    return sum;
}

void main() {
    // This pixel's centre from the top-left, in the layer, then in reduced texels.
    vec2 pixel = vec2(gl_FragCoord.x, glint_targetSize.y - gl_FragCoord.y) + glint_offset;
    vec2 reduced = (pixel - 0.5) / float(glint_factor) + 0.5;
    glint_fragColor = catmullRom(reduced, vec2(textureSize(glint_source, 0)));
}
