// An infrared camera's colours: each point's brightness mapped from `cold` through `warm` to `hot`.
// Glint's effect collection, written for Glint from the effect's maths.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]] half4 infrared(float2 position, half4 color, half4 cold, half4 warm, half4 hot) {
    // Rec. 709 luma of the colour without its alpha.
    half3 straight = color.rgb / max(color.a, 0.001h);
    half heat = saturate(dot(straight, half3(0.2126h, 0.7152h, 0.0722h)));
    half4 tone = heat < 0.5h ? mix(cold, warm, half4(heat * 2.0h)) : mix(warm, hot, half4(heat * 2.0h - 1.0h));
    return tone * color.a;
}
