// The sinebow: red, green and blue are sin² of one phase a third of a turn apart, in bands that flow and bend with time.
// Glint's effect collection, written for Glint from the effect's maths.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// How fast the bands' bend travels down the view, radians a second.
constant float sinebowBendRate = 1.0;

[[ stitchable ]] half4 sinebow(float2 position, half4 color, float4 bounds, float time,
                               float speed, float bands, float bend) {
    float2 uv = (position - bounds.xy) / max(bounds.zw, float2(1.0));
    float phase = uv.x * bands + bend * sin(2.0 * M_PI_F * uv.y - time * sinebowBendRate) - time * speed;
    // sin² of phases a third apart: the three always add up to 1.5, so every hue is as bright.
    float3 wave = sin(M_PI_F * (phase + float3(0.0, 1.0 / 3.0, 2.0 / 3.0)));
    return half4(half3(wave * wave), 1.0h) * color.a;
}
