// A clock wipe: a hand sweeping clockwise from twelve o'clock round the view's centre takes the content away, all of it at progress 1.
// Glint's effect collection, written for Glint from the effect's maths.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

constant float radialTransitionEdge = 1.0;  // points across which the hand's edge fades (anti-aliasing)

[[ stitchable ]] half4 radialTransition(float2 position, half4 color, float4 bounds, float progress) {
    if (progress <= 0.0) {
        return color;
    }
    if (progress >= 1.0) {
        return half4(0.0h);
    }
    float2 offset = position - (bounds.xy + 0.5 * bounds.zw);
    float from = length(offset);
    // How far round from twelve o'clock, clockwise on screen (y is down), as a fraction of a turn.
    float turn = from > 0.0 ? atan2(offset.x, -offset.y) / (2.0 * M_PI_F) : 0.0;
    turn = turn < 0.0 ? turn + 1.0 : turn;
    // Points along this position's circle from the hand: negative behind it, where the content is gone.
    float ahead = (turn - progress) * 2.0 * M_PI_F * from;
    return color * half(saturate(ahead / radialTransitionEdge + 0.5));
}
