// A Canvas's colour filters (GraphicsContext.Filter: colorMultiply, brightness, contrast, saturation, grayscale,
// hueRotation, colorInvert) as one colour matrix. Part of the Glint pipeline, not a seed port.
//
// A colour effect: the pixel's colour, un-premultiplied, times the rows `r`, `g`, `b`, `a`, plus `offset`, clamped
// and premultiplied again.
vec4 colorMatrixFilter(vec2 position, vec4 color, vec4 r, vec4 g, vec4 b, vec4 a, vec4 offset) {
    vec4 c = color.a > 0.0 ? vec4(color.rgb / color.a, color.a) : vec4(0.0);
    vec4 m = clamp(vec4(dot(r, c), dot(g, c), dot(b, c), dot(a, c)) + offset, 0.0, 1.0);
    return vec4(m.rgb * m.a, m.a);
}
