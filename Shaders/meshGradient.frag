// SwiftUI's `MeshGradient`: a grid of `grid.x` by `grid.y` points (fractions of the view's rect, row by row
// from the top-left) with a colour each. Part of the Glint pipeline, not a seed port.
//
// Each cell of four neighbouring points is a bilinear patch; a position is found in the first patch holding it
// (the bilinear map inverted), and outside every patch it shows `background`. The colour at (u, v) in the patch
// is the bilinear blend of its corners, or with `smoothly` 1 a bicubic Catmull-Rom blend of the grid's colours
// (each vertex's tangent half the difference of its neighbours; the edge vertices repeated past the edges),
// so colours flow on smoothly from patch to patch. Both give each vertex exactly its colour.
// Colours arrive premultiplied and blend so.

float meshCross(vec2 a, vec2 b) {
    return a.x * b.y - a.y * b.x;
}

// (u, v) with p = a + u (b - a) + v (d - a) + u v (a - b + c - d): a, b the patch's top corners, d, c its bottom.
vec2 meshInverse(vec2 p, vec2 a, vec2 b, vec2 c, vec2 d) {
    vec2 e = b - a, f = d - a, g = a - b + c - d, h = p - a;
    float k2 = meshCross(g, f);
    float k1 = meshCross(e, f) + meshCross(h, g);
    float k0 = meshCross(h, e);
    float v;
    if (abs(k2) < 1e-7) {
        if (abs(k1) < 1e-12) return vec2(-1.0);
        v = -k0 / k1;
    } else {
        float w = k1 * k1 - 4.0 * k0 * k2;
        if (w < 0.0) return vec2(-1.0);
        w = sqrt(w);
        v = (-k1 - w) / (2.0 * k2);
        if (v < -1e-4 || v > 1.0 + 1e-4) v = (-k1 + w) / (2.0 * k2);
    }
    vec2 along = e + g * v;
    float u = abs(along.x) > abs(along.y) ? (h.x - f.x * v) / along.x : (h.y - f.y * v) / along.y;
    return vec2(u, v);
}

// Catmull-Rom weights at t for the points before, at, after and two after.
vec4 meshWeights(float t) {
    float t2 = t * t, t3 = t2 * t;
    return 0.5 * vec4(-t3 + 2.0 * t2 - t, 3.0 * t3 - 5.0 * t2 + 2.0, -3.0 * t3 + 4.0 * t2 + t, t3 - t2);
}

// The colour at (u, v) in the patch whose top-left vertex is column i, row j of a grid w by h: the bilinear blend
// of its corners, or with `smoothly` 1 the bicubic Catmull-Rom blend of the grid's colours.
vec4 meshColor(vec2 uv, int i, int j, int w, int h, vec4 colors[64], float smoothly) {
    int top = j * w + i;
    if (smoothly < 0.5) {
        return mix(mix(colors[top], colors[top + 1], uv.x), mix(colors[top + w], colors[top + w + 1], uv.x), uv.y);
    }
    vec4 wu = meshWeights(uv.x), wv = meshWeights(uv.y);
    vec4 c = vec4(0.0);
    for (int b = 0; b < 4; b++) {
        int row = clamp(j - 1 + b, 0, h - 1);
        vec4 line = vec4(0.0);
        for (int a = 0; a < 4; a++) {
            int column = clamp(i - 1 + a, 0, w - 1);
            line += wu[a] * colors[row * w + column];
        }
        c += wv[b] * line;
    }
    c = clamp(c, 0.0, 1.0);
    return vec4(min(c.rgb, vec3(c.a)), c.a);
}

vec4 meshGradient(vec2 position, vec4 bounds, vec2 grid, float points[128], int points_count,
                  vec4 colors[64], int colors_count, float smoothly, vec4 background) {
    int w = int(grid.x), h = int(grid.y);
    if (w < 2 || h < 2 || w * h > 64 || points_count < 2 * w * h || colors_count < w * h) return background;
    vec2 p = position / max(bounds.zw, vec2(1e-6));
    int cells = w - 1;
    for (int k = 0; k < 49; k++) {
        if (k >= cells * (h - 1)) break;
        int i = k - (k / cells) * cells, j = k / cells;
        int top = j * w + i;
        int bottom = top + w;
        vec2 uv = meshInverse(p, vec2(points[2 * top], points[2 * top + 1]), vec2(points[2 * top + 2], points[2 * top + 3]),
                              vec2(points[2 * bottom + 2], points[2 * bottom + 3]), vec2(points[2 * bottom], points[2 * bottom + 1]));
        const float e = 1e-4;
        if (uv.x < -e || uv.x > 1.0 + e || uv.y < -e || uv.y > 1.0 + e) continue;
        return meshColor(clamp(uv, 0.0, 1.0), i, j, w, h, colors, smoothly);
    }
    return background;
}
