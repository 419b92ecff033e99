// A transition through a grid of diamonds, `size` points apart, that open in a sweep from the top-left corner (progress 0) until they have taken the whole content (progress 1).
// Glint's effect collection, written for Glint from the effect's maths.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

constant float diamondTransitionEdge = 1.0;   // points over which a diamond's edge fades (anti-aliasing)
constant float diamondTransitionSweep = 0.5;  // the share of the transition the sweep takes to cross the view

[[ stitchable ]] half4 diamondTransition(float2 position, half4 color, float4 bounds, float progress, float size) {
    float cell = max(size, 1.0);
    float2 centre = (floor(position / cell) + 0.5) * cell;
    // A cell's diamond starts to open when the sweep reaches it, and takes the rest of the transition to open fully.
    float2 across = saturate((centre - bounds.xy) / bounds.zw);
    float start = diamondTransitionSweep * 0.5 * (across.x + across.y);
    float opening = saturate((progress - start) / (1.0 - diamondTransitionSweep));
    // The diamond's half-diagonal, from one edge width below nothing to the distance (along the axes) of the cell's corners.
    float radius = mix(-diamondTransitionEdge, cell, opening);
    float2 away = abs(position - centre);
    float kept = saturate((away.x + away.y - radius) / diamondTransitionEdge);
    return color * half(kept);
}
