// `.blendMode(_:)`: the view's colour blended with a copy of what was drawn below it, by SwiftUI's blend modes.
// Part of the Glint pipeline, not a seed port. Formulas: W3C Compositing and Blending Level 1, in stored sRGB values.
//
// `backdrop` is the target below, copied where the view lies at the same pixel coordinates (so gl_FragCoord finds
// it). The pass returns the composite itself, which the pipeline writes without blending (the pass is marked opaque):
// for the separable and non-separable modes the W3C's co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs) with
// αo = αs + αb − αs·αb; for the Porter-Duff modes their own; plusLighter is Porter-Duff's plus, min(1, s + d) on
// premultiplied values. `mode` is BlendMode's raw value; 21 … 27 are the Porter-Duff modes only a Canvas's
// GraphicsContext has (clear, copy, sourceIn, sourceOut, destinationIn, destinationAtop, xor), the bounded ones acting
// only where the drawing reaches (its alpha above 0), as Core Graphics bounds them by the drawn shape.
// glint: constant mode

float blendLuma(vec3 c) {
    return dot(c, vec3(0.3, 0.59, 0.11));
}

vec3 blendClipColor(vec3 c) {
    float l = blendLuma(c);
    float n = min(c.r, min(c.g, c.b));
    float x = max(c.r, max(c.g, c.b));
    if (n < 0.0) {
        c = l + (c - l) * l / (l - n);
    }
    if (x > 1.0) {
        c = l + (c - l) * (1.0 - l) / (x - l);
    }
    return c;
}

vec3 blendSetLuma(vec3 c, float l) {
    return blendClipColor(c + (l - blendLuma(c)));
}

float blendSaturationOf(vec3 c) {
    return max(c.r, max(c.g, c.b)) - min(c.r, min(c.g, c.b));
}

vec3 blendSetSaturation(vec3 c, float s) {
    float n = min(c.r, min(c.g, c.b));
    float range = max(c.r, max(c.g, c.b)) - n;
    return range > 0.0 ? (c - n) * s / range : vec3(0.0);
}

vec3 blendHardLight(vec3 b, vec3 s) {
    vec3 multiplied = b * 2.0 * s;
    vec3 t = 2.0 * s - 1.0;
    vec3 screened = b + t - b * t;
    return mix(screened, multiplied, step(s, vec3(0.5)));
}

vec3 blendSoftLight(vec3 b, vec3 s) {
    vec3 d = mix(sqrt(b), ((16.0 * b - 12.0) * b + 4.0) * b, step(b, vec3(0.25)));
    vec3 dark = b - (1.0 - 2.0 * s) * b * (1.0 - b);
    vec3 light = b + (2.0 * s - 1.0) * (d - b);
    return mix(light, dark, step(s, vec3(0.5)));
}

vec3 blendColorDodge(vec3 b, vec3 s) {
    vec3 r = min(vec3(1.0), b / max(1.0 - s, vec3(1.0e-6)));
    r = mix(r, vec3(1.0), step(1.0, s));
    return mix(r, vec3(0.0), step(b, vec3(0.0)));
}

vec3 blendColorBurn(vec3 b, vec3 s) {
    vec3 r = 1.0 - min(vec3(1.0), (1.0 - b) / max(s, vec3(1.0e-6)));
    r = mix(r, vec3(0.0), step(s, vec3(0.0)));
    return mix(r, vec3(1.0), step(1.0, b));
}

// B(Cb, Cs) of the separable and non-separable modes.
vec3 blendOf(int mode, vec3 b, vec3 s) {
    if (mode == 1) return b * s;                                  // multiply
    if (mode == 2) return b + s - b * s;                          // screen
    if (mode == 3) return blendHardLight(s, b);                  // overlay: hard light with the roles swapped
    if (mode == 4) return min(b, s);                              // darken
    if (mode == 5) return max(b, s);                              // lighten
    if (mode == 6) return blendColorDodge(b, s);                 // colorDodge
    if (mode == 7) return blendColorBurn(b, s);                  // colorBurn
    if (mode == 8) return blendSoftLight(b, s);                  // softLight
    if (mode == 9) return blendHardLight(b, s);                  // hardLight
    if (mode == 10) return abs(b - s);                            // difference
    if (mode == 11) return b + s - 2.0 * b * s;                   // exclusion
    if (mode == 12) return blendSetLuma(blendSetSaturation(s, blendSaturationOf(b)), blendLuma(b));  // hue
    if (mode == 13) return blendSetLuma(blendSetSaturation(b, blendSaturationOf(s)), blendLuma(b));  // saturation
    if (mode == 14) return blendSetLuma(s, blendLuma(b));       // color
    if (mode == 15) return blendSetLuma(b, blendLuma(s));       // luminosity
    if (mode == 19) return max(vec3(0.0), b + s - 1.0);           // plusDarker
    return s;                                                     // normal
}

vec4 blendMode(vec2 position, vec4 color, sampler2D backdrop, float mode) {
    vec4 below = texelFetch(backdrop, ivec2(gl_FragCoord.xy), 0);
    int m = int(mode + 0.5);
    float as = color.a;
    float ab = below.a;
    if (m == 16) return vec4(color.rgb * ab + below.rgb * (1.0 - as), ab);               // sourceAtop
    if (m == 17) return color * (1.0 - ab) + below;                                      // destinationOver
    if (m == 18) return below * (1.0 - as);                                              // destinationOut
    if (m == 20) return min(vec4(1.0), color + below);                                   // plusLighter
    if (m == 27) return color * (1.0 - ab) + below * (1.0 - as);                         // xor
    if (m >= 21) {
        if (as <= 0.0) return below;
        if (m == 21) return vec4(0.0);                                                   // clear
        if (m == 22) return color;                                                       // copy
        if (m == 23) return color * ab;                                                  // sourceIn
        if (m == 24) return color * (1.0 - ab);                                          // sourceOut
        if (m == 25) return below * as;                                                  // destinationIn
        return below * as + color * (1.0 - ab);                                          // destinationAtop
    }
    vec3 cs = as > 0.0 ? color.rgb / as : vec3(0.0);
    vec3 cb = ab > 0.0 ? below.rgb / ab : vec3(0.0);
    vec3 mixed = color.rgb * (1.0 - ab) + below.rgb * (1.0 - as) + as * ab * clamp(blendOf(m, cb, cs), 0.0, 1.0);
    return vec4(mixed, as + ab - as * ab);
}
