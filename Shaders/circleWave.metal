// Rings of a colour `spacing` points apart, spreading from a point at `speed` points a second.
// Glint's effect collection, written for Glint from the effect's maths.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]] half4 circleWave(float2 position, half4 color, float4 bounds, float time, half4 tint,
                                  float centerX, float centerY, float speed, float spacing, float width) {
    float2 center = bounds.xy + bounds.zw * float2(centerX, centerY);
    float period = max(spacing, 1.0);
    float phase = (distance(position, center) - time * speed) / period;
    // Points from the middle line of the nearest ring; a one-point soft edge either side.
    float fromRing = abs(fract(phase + 0.5) - 0.5) * period;
    half ring = half(1.0 - smoothstep(width * 0.5 - 0.5, width * 0.5 + 0.5, fromRing));
    return half4(tint.rgb * ring, 1.0h) * color.a;
}
