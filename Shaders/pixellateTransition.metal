// A transition that breaks the content into blocks growing to `size` points (to progress 0.5), then fades them out (gone at progress 1).
// Glint's effect collection, written for Glint from the effect's maths.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

constant float pixellateTransitionTurn = 0.5;  // the progress at which the blocks have their full size and start to fade

[[ stitchable ]] half4 pixellateTransition(float2 position, SwiftUI::Layer layer, float4 bounds, float progress, float size) {
    float side = size * saturate(progress / pixellateTransitionTurn);  // points
    half opacity = half(saturate((1.0 - progress) / (1.0 - pixellateTransitionTurn)));
    if (side < 1.0) {
        return layer.sample(position) * opacity;  // blocks under a point: the content as it is
    }
    // Each block shows the content at its centre; a block cut by the view's edge, at the nearest point inside.
    float2 centre = (floor((position - bounds.xy) / side) + 0.5) * side + bounds.xy;
    centre = clamp(centre, bounds.xy + 0.5, bounds.xy + bounds.zw - 0.5);
    return layer.sample(centre) * opacity;
}
