// Every hue in turn along a direction, the gradient sliding along it `speed` cycles a second.
// Glint's effect collection, written for Glint from the effect's maths.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]] half4 animatedGradientFill(float2 position, half4 color, float4 bounds, float time,
                                            float speed, float angle, float repeats) {
    float theta = angle * M_PI_F / 180.0;
    float2 direction = float2(cos(theta), sin(theta));
    // The view's extent along the direction, so one cycle spans it from corner to corner.
    float extent = max(abs(bounds.z * direction.x) + abs(bounds.w * direction.y), 1.0);
    float along = dot(position - (bounds.xy + bounds.zw * 0.5), direction) / extent + 0.5;
    float hue = fract(along * repeats - time * speed);
    // Full saturation and value: each channel a clamped triangle of the hue, a third apart.
    float3 rgb = saturate(abs(fract(hue + float3(0.0, 2.0 / 3.0, 1.0 / 3.0)) * 6.0 - 3.0) - 1.0);
    return half4(half3(rgb), 1.0h) * color.a;
}
