// SwiftUI's `MeshGradient`: a grid of `grid.x` by `grid.y` points (fractions of the view's rect, row by row
// from the top-left) with a colour each. Part of the Glint pipeline, not a seed port.
//
// Each cell of four neighbouring points is a bilinear patch; a position is found in the first patch holding it
// (the bilinear map inverted), and outside every patch it shows `background`. The colour at (u, v) in the patch
// is the bilinear blend of its corners, or with `smoothly` 1 a bicubic Catmull-Rom blend of the grid's colours
// (each vertex's tangent half the difference of its neighbours; the edge vertices repeated past the edges),
// so colours flow on smoothly from patch to patch. Both give each vertex exactly its colour.
// Colours arrive premultiplied and blend so (`space` 0, Gradient.ColorSpace.device); with `space` 1 (.perceptual)
// they blend in Oklab (Björn Ottosson's matrices, as gradientFill.frag's), each colour's Oklab weighted by its alpha.

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

// sRGB (encoded) to Oklab, and back (clamped to sRGB).
vec3 meshOklab(vec3 c) {
    vec3 l = mix(c / 12.92, pow((c + 0.055) / 1.055, vec3(2.4)), step(0.04045, c));
    vec3 lms = vec3(0.4122214708 * l.r + 0.5363325363 * l.g + 0.0514459929 * l.b,
                    0.2119034982 * l.r + 0.6806995451 * l.g + 0.1073969566 * l.b,
                    0.0883024619 * l.r + 0.2817188376 * l.g + 0.6299787005 * l.b);
    lms = sign(lms) * pow(abs(lms), vec3(1.0 / 3.0));
    return vec3(0.2104542553 * lms.x + 0.7936177850 * lms.y - 0.0040720468 * lms.z,
                1.9779984951 * lms.x - 2.4285922050 * lms.y + 0.4505937099 * lms.z,
                0.0259040371 * lms.x + 0.7827717662 * lms.y - 0.8086757660 * lms.z);
}

vec3 meshFromOklab(vec3 lab) {
    vec3 lms = vec3(lab.x + 0.3963377774 * lab.y + 0.2158037573 * lab.z,
                    lab.x - 0.1055613458 * lab.y - 0.0638541728 * lab.z,
                    lab.x - 0.0894841775 * lab.y - 1.2914855480 * lab.z);
    lms = lms * lms * lms;
    vec3 l = vec3(4.0767416621 * lms.x - 3.3077115913 * lms.y + 0.2309699292 * lms.z,
                  -1.2684380046 * lms.x + 2.6097574011 * lms.y - 0.3413193965 * lms.z,
                  -0.0041960863 * lms.x - 0.7034186147 * lms.y + 1.7076147010 * lms.z);
    l = clamp(l, 0.0, 1.0);
    return mix(l * 12.92, 1.055 * pow(l, vec3(1.0 / 2.4)) - 0.055, step(0.0031308, l));
}

// A premultiplied colour as it is blended in `space`: as it is, or its Oklab times its alpha.
vec4 meshIn(vec4 c, float space) {
    if (space < 0.5) return c;
    return vec4(c.a > 0.0 ? meshOklab(c.rgb / c.a) * c.a : vec3(0.0), c.a);
}

// A blend made in `space` as a premultiplied colour.
vec4 meshOut(vec4 c, float space) {
    if (space > 0.5) {
        float a = clamp(c.a, 0.0, 1.0);
        c = vec4(a > 0.0 ? meshFromOklab(c.rgb / c.a) * a : vec3(0.0), a);
    }
    c = clamp(c, 0.0, 1.0);
    return vec4(min(c.rgb, vec3(c.a)), c.a);
}

// Catmull-Rom weights at t for the points before, at, after and two after.
vec4 meshWeights(float t) {
    float t2 = t * t, t3 = t2 * t;
    return 0.5 * vec4(-t3 + 2.0 * t2 - t, 3.0 * t3 - 5.0 * t2 + 2.0, -3.0 * t3 + 4.0 * t2 + t, t3 - t2);
}

// The colour at (u, v) in the patch whose top-left vertex is column i, row j of a grid w by h: the bilinear blend
// of its corners, or with `smoothly` 1 the bicubic Catmull-Rom blend of the grid's colours.
vec4 meshColor(vec2 uv, int i, int j, int w, int h, vec4 colors[64], float smoothly, float space) {
    int top = j * w + i;
    if (smoothly < 0.5) {
        return meshOut(mix(mix(meshIn(colors[top], space), meshIn(colors[top + 1], space), uv.x),
                           mix(meshIn(colors[top + w], space), meshIn(colors[top + w + 1], space), uv.x), uv.y), space);
    }
    vec4 wu = meshWeights(uv.x), wv = meshWeights(uv.y);
    vec4 c = vec4(0.0);
    for (int b = 0; b < 4; b++) {
        int row = clamp(j - 1 + b, 0, h - 1);
        vec4 line = vec4(0.0);
        for (int a = 0; a < 4; a++) {
            int column = clamp(i - 1 + a, 0, w - 1);
            line += wu[a] * meshIn(colors[row * w + column], space);
        }
        c += wv[b] * line;
    }
    return meshOut(c, space);
}

vec4 meshGradient(vec2 position, vec4 bounds, vec2 grid, float points[128], int points_count,
                  vec4 colors[64], int colors_count, float smoothly, vec4 background, float space) {
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
        return meshColor(clamp(uv, 0.0, 1.0), i, j, w, h, colors, smoothly, space);
    }
    return background;
}
