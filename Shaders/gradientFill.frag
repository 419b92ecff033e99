// SwiftUI's gradients as shape styles (`LinearGradient` with stops, `RadialGradient`, `AngularGradient`,
// `EllipticalGradient`) and a Canvas's gradient shadings. Part of the Glint pipeline, not a seed port.
//
// `position` is first taken into the gradient's own space: (map.xy, map.zw) are the columns of a 2x2 matrix,
// `shift` is added (a Canvas's transform, inverted; the identity for a view). With `unitSpace` 1 the
// geometry's points are fractions of `bounds` (a view's UnitPoints); with 0 they are points.
// kind 0, linear: geometry.xy the start, .zw the end; each point coloured by its projection on that line.
// kind 1, radial: geometry.xy the centre, radii (start, end) in points.
// kind 2, angular: geometry.xy the centre, radii (start, end) angles in radians, clockwise from the
//   trailing side (y down). A span under a whole turn fills the rest with the last colour, then, half way
//   across it, the first; a span over a whole turn draws its last whole turn; no span, one whole turn.
// kind 3, elliptical: in the unit square stretched over `bounds`, geometry.xy the centre, radii the start
//   and end radii as fractions of it.
// `colors` lie at `locations` (ascending, 0...1); before the first, the first colour; past the last, the last.
// Colours arrive premultiplied and blend so (`space` 0, Gradient.ColorSpace.device); with `space` 1
// (.perceptual) they blend in Oklab (Björn Ottosson's matrices), each colour's Oklab weighted by its alpha.

vec3 gradientOklab(vec3 c) {
    vec3 l = mix(c / 12.92, pow((c + 0.055) / 1.055, vec3(2.4)), step(0.04045, c));
    vec3 lms = vec3(0.4122214708 * l.r + 0.5363325363 * l.g + 0.0514459929 * l.b,
                    0.2119034982 * l.r + 0.6806995451 * l.g + 0.1073969566 * l.b,
                    0.0883024619 * l.r + 0.2817188376 * l.g + 0.6299787005 * l.b);
    lms = sign(lms) * pow(abs(lms), vec3(1.0 / 3.0));
    return vec3(0.2104542553 * lms.x + 0.7936177850 * lms.y - 0.0040720468 * lms.z,
                1.9779984951 * lms.x - 2.4285922050 * lms.y + 0.4505937099 * lms.z,
                0.0259040371 * lms.x + 0.7827717662 * lms.y - 0.8086757660 * lms.z);
}

vec3 gradientFromOklab(vec3 lab) {
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

vec4 gradientMix(vec4 a, vec4 b, float f, float space) {
    if (space < 0.5) return mix(a, b, f);
    float alpha = mix(a.a, b.a, f);
    if (alpha <= 0.0) return vec4(0.0);
    vec3 la = a.a > 0.0 ? gradientOklab(a.rgb / a.a) : vec3(0.0);
    vec3 lb = b.a > 0.0 ? gradientOklab(b.rgb / b.a) : vec3(0.0);
    vec3 lab = mix(la * a.a, lb * b.a, f) / alpha;
    return vec4(gradientFromOklab(lab) * alpha, alpha);
}

vec4 gradientFill(vec2 position, vec4 bounds, vec4 map, vec2 shift, float kind, float unitSpace, vec4 geometry,
                  vec2 radii, float space, vec4 colors[16], int colors_count, float locations[16], int locations_count) {
    vec2 p = map.xy * position.x + map.zw * position.y + shift;
    vec2 size = unitSpace > 0.5 ? bounds.zw : vec2(1.0);
    float t = 0.0;
    if (kind < 0.5) {
        vec2 a = geometry.xy * size;
        vec2 d = geometry.zw * size - a;
        t = dot(p - a, d) / max(dot(d, d), 1e-6);
    } else if (kind < 1.5) {
        float r = length(p - geometry.xy * size);
        float span = radii.y - radii.x;
        t = abs(span) < 1e-6 ? step(radii.y, r) : (r - radii.x) / span;
    } else if (kind < 2.5) {
        const float TAU = 6.283185307179586;
        vec2 d = p - geometry.xy * size;
        float angle = atan(d.y, d.x);
        float span = radii.y - radii.x;
        if (span <= 0.0 || span >= TAU) {
            float from = span <= 0.0 ? radii.x : radii.y - TAU;
            t = mod(angle - from, TAU) / TAU;
        } else {
            float along = mod(angle - radii.x, TAU);
            t = along <= span ? along / span : (along < span + 0.5 * (TAU - span) ? 1.0 : 0.0);
        }
    } else {
        vec2 u = p / max(bounds.zw, vec2(1e-6));
        float r = length(u - geometry.xy);
        float span = radii.y - radii.x;
        t = abs(span) < 1e-6 ? step(radii.y, r) : (r - radii.x) / span;
    }
    int n = min(min(colors_count, locations_count), 16);
    vec4 c = colors[0];
    // A constant-bound loop keeps llvmpipe's code unmasked; each stop past `t` takes over.
    for (int k = 0; k < 15; k++) {
        if (k + 1 < n) {
            float l0 = locations[k];
            float l1 = locations[k + 1];
            if (t >= l1) c = colors[k + 1];
            else if (t > l0) c = gradientMix(colors[k], colors[k + 1], (t - l0) / max(l1 - l0, 1e-6), space);
        }
    }
    return c;
}
