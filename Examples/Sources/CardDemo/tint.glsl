// This package's own colour effect: pulls each pixel towards `tint` by `amount`, keeping its alpha.
// A SwiftUI Metal colour effect `half4 tint(float2 position, half4 color, half4 tint, float amount)`,
// with its types changed to GLSL's. Colours arrive premultiplied, as in SwiftUI.
vec4 tint(vec2 position, vec4 color, vec4 tint, float amount) {
    vec3 toward = tint.rgb * color.a;
    return vec4(mix(color.rgb, toward, amount), color.a);
}
