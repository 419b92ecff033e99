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
// Colours arrive premultiplied and blend so.
vec4 gradientFill(vec2 position, vec4 bounds, vec4 map, vec2 shift, float kind, float unitSpace, vec4 geometry,
                  vec2 radii, vec4 colors[16], int colors_count, float locations[16], int locations_count) {
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
            else if (t > l0) c = mix(colors[k], colors[k + 1], (t - l0) / max(l1 - l0, 1e-6));
        }
    }
    return c;
}
