// A transition through a grid of circles, `size` points apart, that grow from nothing (progress 0) until they have taken the whole content (progress 1).
// Glint's effect collection, written for Glint from the effect's maths.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

constant float circleTransitionEdge = 1.0;  // points over which a circle's edge fades (anti-aliasing)

[[ stitchable ]] half4 circleTransition(float2 position, half4 color, float progress, float size) {
    float cell = max(size, 1.0);
    float2 centre = (floor(position / cell) + 0.5) * cell;
    // The hole's radius, from one edge width below nothing to the distance of the cell's corners.
    float radius = mix(-circleTransitionEdge, cell * M_SQRT1_2_F, saturate(progress));
    float kept = saturate((length(position - centre) - radius) / circleTransitionEdge);
    return color * half(kept);
}
