// A diagonal band of a highlight colour sweeping across the content from the top-left every `duration` seconds.
// Glint's effect collection, written for Glint from the effect's maths.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]] half4 shimmer(float2 position, half4 color, float4 bounds, float time, half4 highlight,
                               float duration, float width, float strength) {
    float2 local = position - bounds.xy;
    // 0 at the top-left corner, 1 at the bottom-right, the same along each 45° line.
    float across = (local.x + local.y) / max(bounds.z + bounds.w, 1.0);
    float progress = fract(time / max(duration, 0.01));
    // The band's middle travels from a band's width before the view to one after it.
    float middle = mix(-width, 1.0 + width, progress);
    float glow = (1.0 - smoothstep(0.0, max(width, 0.001), abs(across - middle))) * strength;
    return mix(color, highlight * color.a, half4(half(glow)));
}
