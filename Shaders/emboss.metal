// Relief lit from the top-left: the brightness of the neighbour `offset` points down-right less the one up-left, times `strength`, added to each point.
// Glint's effect collection, written for Glint from the effect's maths.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]] half4 emboss(float2 position, SwiftUI::Layer layer, float strength, float offset) {
    // Along the diagonal, `offset` points each way.
    float2 diagonal = float2(offset * M_SQRT1_2_F);
    half4 center = layer.sample(position);
    half4 before = layer.sample(position - diagonal);
    half4 after = layer.sample(position + diagonal);
    // Rec. 709 luma of the premultiplied difference.
    half relief = dot(after.rgb - before.rgb, half3(0.2126h, 0.7152h, 0.0722h)) * half(strength);
    return half4(clamp(center.rgb + relief, half3(0.0h), half3(center.a)), center.a);
}
