// SwiftUI's `MeshGradient` with Bézier points: a grid of `grid.x` by `grid.y` vertices, row by row from the
// top-left, each ten numbers (fractions of the view's rect): its position, then its leading, top, trailing and
// bottom control points. Part of the Glint pipeline, not a seed port.
//
// Each cell of four neighbouring vertices is a Coons patch bounded by four cubic Béziers: the top edge runs from
// the top-left vertex through its trailing control point and the top-right vertex's leading one; the left edge
// from the top-left vertex through its bottom control point and the bottom-left vertex's top one; and so on.
// S(u, v) = (1 − v) top(u) + v bottom(u) + (1 − u) left(v) + u right(v) − the bilinear blend of the corners.
// A position is found in the first patch holding it (S inverted by Newton's method, from the straight-edged
// patch's answer, inside the bounding box of the patch's bicubic control points); outside every patch it shows
// `background`. Colours are blended over (u, v) as `meshGradient` blends them.

#include "meshGradient.frag"

#define MESH_POINT(k, n) vec2(points[10 * (k) + 2 * (n)], points[10 * (k) + 2 * (n) + 1])

vec2 meshBezier(vec2 a, vec2 b, vec2 c, vec2 d, float t) {
    float s = 1.0 - t;
    return s * s * s * a + 3.0 * s * s * t * b + 3.0 * s * t * t * c + t * t * t * d;
}

vec2 meshBezierSlope(vec2 a, vec2 b, vec2 c, vec2 d, float t) {
    float s = 1.0 - t;
    return 3.0 * (s * s * (b - a) + 2.0 * s * t * (c - b) + t * t * (d - c));
}

// One interior control point of the bicubic patch equal to the Coons patch (as PDF turns a type 6 shading into
// type 7): p11 from the corner c = p00, the edge points next to it e1, e2 (p10, p01), the corners along its edges
// f1, f2 (p30, p03), the points next to those on the far edges g1, g2 (p31, p13) and the opposite corner o (p33).
vec2 meshInterior(vec2 c, vec2 e1, vec2 e2, vec2 f1, vec2 f2, vec2 g1, vec2 g2, vec2 o) {
    return (-4.0 * c + 6.0 * (e1 + e2) - 2.0 * (f1 + f2) + 3.0 * (g1 + g2) - o) / 9.0;
}

vec4 meshGradientBezier(vec2 position, vec4 bounds, vec2 grid, float points[640], int points_count,
                        vec4 colors[64], int colors_count, float smoothly, vec4 background, float space) {
    int w = int(grid.x), h = int(grid.y);
    if (w < 2 || h < 2 || w * h > 64 || points_count < 10 * w * h || colors_count < w * h) return background;
    vec2 p = position / max(bounds.zw, vec2(1e-6));
    int cells = w - 1;
    for (int k = 0; k < 49; k++) {
        if (k >= cells * (h - 1)) break;
        int i = k - (k / cells) * cells, j = k / cells;
        int tl = j * w + i, tr = tl + 1, bl = tl + w, br = bl + 1;
        // Edges: top a0..a3 (u), bottom b0..b3 (u), left l0..l3 (v), right r0..r3 (v).
        vec2 a0 = MESH_POINT(tl, 0), a1 = MESH_POINT(tl, 3), a2 = MESH_POINT(tr, 1), a3 = MESH_POINT(tr, 0);
        vec2 b0 = MESH_POINT(bl, 0), b1 = MESH_POINT(bl, 3), b2 = MESH_POINT(br, 1), b3 = MESH_POINT(br, 0);
        vec2 l1 = MESH_POINT(tl, 4), l2 = MESH_POINT(bl, 2);
        vec2 r1 = MESH_POINT(tr, 4), r2 = MESH_POINT(br, 2);
        // The patch lies inside the box of its sixteen bicubic control points.
        vec2 q11 = meshInterior(a0, a1, l1, a3, b0, r1, b1, b3);
        vec2 q12 = meshInterior(b0, l2, b1, a0, b3, r2, a1, a3);
        vec2 q21 = meshInterior(a3, r1, a2, b3, a0, b2, l1, b0);
        vec2 q22 = meshInterior(b3, r2, b2, a3, b0, a2, l2, a0);
        vec2 lo = min(min(min(min(a0, a1), min(a2, a3)), min(min(b0, b1), min(b2, b3))),
                      min(min(min(l1, l2), min(r1, r2)), min(min(q11, q21), min(q12, q22))));
        vec2 hi = max(max(max(max(a0, a1), max(a2, a3)), max(max(b0, b1), max(b2, b3))),
                      max(max(max(l1, l2), max(r1, r2)), max(max(q11, q21), max(q12, q22))));
        const float e = 1e-4;
        if (any(lessThan(p, lo - e)) || any(greaterThan(p, hi + e))) continue;
        for (int start = 0; start < 2; start++) {
            vec2 uv = start == 0 ? meshInverse(p, a0, a3, b3, b0) : vec2(0.5);
            if (!(abs(uv.x) < 2.0 && abs(uv.y) < 2.0)) uv = vec2(0.5);
            vec2 miss = vec2(1.0);
            for (int n = 0; n < 16; n++) {
                float u = uv.x, v = uv.y;
                vec2 top = meshBezier(a0, a1, a2, a3, u), bottom = meshBezier(b0, b1, b2, b3, u);
                vec2 left = meshBezier(a0, l1, l2, b0, v), right = meshBezier(a3, r1, r2, b3, v);
                vec2 corners = (1.0 - u) * (1.0 - v) * a0 + u * (1.0 - v) * a3 + (1.0 - u) * v * b0 + u * v * b3;
                vec2 s = (1.0 - v) * top + v * bottom + (1.0 - u) * left + u * right - corners;
                miss = s - p;
                if (dot(miss, miss) < 1e-12) break;
                vec2 su = (1.0 - v) * meshBezierSlope(a0, a1, a2, a3, u) + v * meshBezierSlope(b0, b1, b2, b3, u)
                    - left + right - ((1.0 - v) * (a3 - a0) + v * (b3 - b0));
                vec2 sv = bottom - top + (1.0 - u) * meshBezierSlope(a0, l1, l2, b0, v) + u * meshBezierSlope(a3, r1, r2, b3, v)
                    - ((1.0 - u) * (b0 - a0) + u * (b3 - a3));
                float det = su.x * sv.y - su.y * sv.x;
                if (abs(det) < 1e-12) break;
                uv -= vec2(sv.y * miss.x - sv.x * miss.y, su.x * miss.y - su.y * miss.x) / det;
                uv = clamp(uv, vec2(-0.5), vec2(1.5));
            }
            if (dot(miss, miss) > 1e-8) continue;
            if (uv.x < -e || uv.x > 1.0 + e || uv.y < -e || uv.y > 1.0 + e) continue;
            return meshColor(clamp(uv, 0.0, 1.0), i, j, w, h, colors, smoothly, space);
        }
    }
    return background;
}
